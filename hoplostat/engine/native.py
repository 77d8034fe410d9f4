"""The bridge to the optional native playout core (`hoplostat_native`, built from native/ by maturin; docs/native.md).

The core plays the Remastered mode it mirrors (the mode says so: `Mode.core_arenas`, `Mode.core_rulings`) exactly
as this Python engine plays it (the Python engine is the specification): the same random stream, the same options
in the same order, the same choices of the random, greedy and lookahead players, the same result and narration.
This module decides whether a game can go to the
core (`unsupported`), converts what crosses (numpy generators, the catalog's chips, the result) and picks the
engine (`engine_choice`: `--engine auto|native|python`, or HOPLOSTAT_ENGINE).

Nothing here imports the core at import time: `available()` does, once.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Any

import numpy as np

ENGINE_ENV = "HOPLOSTAT_ENGINE"
"""`auto` (default: the native core when it is installed and can play the game), `native` (an error when it
cannot) or `python` (always this engine). The CLI's `--engine` sets it for the process and its workers."""
ENGINES = ("auto", "native", "python")
PROTOCOL = 1
"""The bridge protocol this module speaks; a core built from other sources says another and is not used."""

_MODULE: Any = None
_WHY_NOT: str | None = None


def _load() -> Any:
    global _MODULE, _WHY_NOT
    if _MODULE is None and _WHY_NOT is None:
        try:
            import hoplostat_native as mod
        except ImportError:
            _WHY_NOT = "the native core is not installed (no Rust toolchain at install; docs/native.md)"
        else:
            got = getattr(mod, "PROTOCOL", None)
            if got != PROTOCOL:
                _WHY_NOT = (f"the installed native core speaks protocol {got}, this hoplostat {PROTOCOL}: rebuild it "
                            "(make, or pip install ./native)")
            else:
                _MODULE = mod
    return _MODULE


def available() -> bool:
    """The native core is installed and matches this package."""
    return _load() is not None


def why_unavailable() -> str | None:
    """Why the core is not used at all (None when it is installed and matches)."""
    _load()
    return _WHY_NOT


def module() -> Any:
    """The core's Python module; RuntimeError when it is not available."""
    mod = _load()
    if mod is None:
        raise RuntimeError(_WHY_NOT)
    return mod


def engine_choice() -> str:
    """The engine asked for (`ENGINE_ENV`), checked."""
    from hoplostat.errors import InputError

    got = os.environ.get(ENGINE_ENV, "auto").strip().lower() or "auto"
    if got not in ENGINES:
        raise InputError(f"{ENGINE_ENV}={got!r}: allowed values are {', '.join(ENGINES)}")
    return got


# --------------------------------------------------------------------------- generators


def _words(x: int) -> list[int]:
    """An integer as numpy's SeedSequence reads it: 32-bit words, least significant first (0 is one word)."""
    if x < 0:
        raise ValueError("seed sequence entropy must be non-negative")
    if x == 0:
        return [0]
    out = []
    while x:
        out.append(x & 0xFFFFFFFF)
        x >>= 32
    return out


def _seq_words(v: Any) -> list[int]:
    """`_coerce_to_uint32_array` of numpy: an int, or a sequence of ints, as words."""
    if v is None:
        return []
    if isinstance(v, (int, np.integer)):
        return _words(int(v))
    out: list[int] = []
    for x in v:
        out.extend(_words(int(x)))
    return out


def export_rng(rng: np.random.Generator) -> tuple:
    """A PCG64 generator made from a SeedSequence as the tuple the core reads; ValueError for any other."""
    bg = rng.bit_generator
    seq = getattr(bg, "seed_seq", None)
    if type(bg) is not np.random.PCG64 or type(seq) is not np.random.SeedSequence:
        raise ValueError("the native core draws from a PCG64 generator made from a SeedSequence")
    st = bg.state
    inner = st["state"]
    return (int(inner["state"]), int(inner["inc"]), bool(st["has_uint32"]), int(st["uinteger"]),
            _seq_words(seq.entropy), _seq_words(seq.spawn_key), int(seq.pool_size), int(seq.n_children_spawned))


def import_rng(rng: np.random.Generator, spec: tuple) -> None:
    """Put a generator where the core left its copy: bit generator state and children spawned."""
    state, inc, has32, uint, _entropy, _key, _pool, spawned = spec
    bg = rng.bit_generator
    bg.state = {"bit_generator": "PCG64", "state": {"state": int(state), "inc": int(inc)},
                "has_uint32": int(has32), "uinteger": int(uint)}
    seq = bg.seed_seq
    assert isinstance(seq, np.random.SeedSequence)  # the core's generators are seeded by seed sequences
    more = int(spawned) - seq.n_children_spawned
    if more < 0:
        raise ValueError("the core's generator spawned fewer children than Python's copy")
    if more:
        seq.spawn(more)  # the count is read-only; spawning advances it (the children are dropped)


# --------------------------------------------------------------------------- what the core plays

CORE_TERMS = ("movement-set", "movement-add", "range-add", "extra-dice", "reduce-damage", "stun", "gain-hp", "heal",
              "damage", "damage-adjacent")
"""Tactic effect terms the core resolves (hoplostat/engine/rules.py's own handlers and modifiers)."""
_SKILLS_MODULE = "hoplostat.rulesets.remastered.skills"


def _skill_supported(sid: str, ruleset: str, core: frozenset[str]) -> bool:
    """The core plays a skill the same as Python when: no rule set implements it (both ignore it, and the result
    says so), Python registered it without hooks (read only by other modes), or it is one of the core's, with
    Python's Remastered handlers."""
    from hoplostat.engine.registry import skill_impl

    impl = skill_impl(sid, ruleset)
    if impl is None or not impl.hooks:
        return True
    if sid not in core or ruleset != "remastered":
        return False
    return all(fn is True or getattr(fn, "__module__", "") == _SKILLS_MODULE for fn in impl.hooks.values())


def _term_supported(term: str, ruleset: str) -> bool:
    from hoplostat.engine.registry import CORE, EFFECTS, effect_impl

    impl = effect_impl(ruleset, "tactic", term)
    if impl is None:
        return True  # resolved by nobody: nothing happens in either engine
    return term in CORE_TERMS and impl is EFFECTS.get((CORE, "tactic", term))


class _Facts:
    """Per catalog: the core's handle and what of the catalog the core cannot play (by faction)."""

    __slots__ = ("catalog", "handle", "chip_ids", "blocked", "missing")

    def __init__(self, catalog: Any) -> None:
        self.catalog = catalog
        self.handle = None
        self.chip_ids: list[str] = []
        self.blocked: dict[str, str | None] = {}
        self.missing: list[tuple[str, ...]] = []
        """Per chip index of the core's catalog: its skills no rule set implements
        (`registry.unimplemented_in_game`)."""


_FACTS: dict[int, _Facts] = {}


def _facts(catalog: Any) -> _Facts:
    got = _FACTS.get(id(catalog))
    if got is None or got.catalog is not catalog:
        if len(_FACTS) > 16:
            _FACTS.clear()
        got = _FACTS[id(catalog)] = _Facts(catalog)
    return got


def _chip_problem(u: Any, core: frozenset[str]) -> str | None:
    if u.ruleset != "remastered":
        return f"{u.id} is a {u.ruleset} chip"
    for ref in u.skills:
        if not _skill_supported(ref.id, u.ruleset, core):
            return f"{u.id} has the skill {ref.id!r}, which the core does not play"
    return None


def _faction_problem(catalog: Any, fid: str, core: frozenset[str]) -> str | None:
    facts = _facts(catalog)
    if fid not in facts.blocked:
        why = None
        for u in catalog.faction_units(fid, include_hero=True):
            why = why or _chip_problem(u, core)
        for t in catalog.faction_tactics(fid):
            for e in t.effects:
                if why is None and not _term_supported(e.term, "remastered"):
                    why = f"the tactic {t.id} has the effect {e.term!r}, which the core does not resolve"
        facts.blocked[fid] = why
    return facts.blocked[fid]


def _shared_problem(catalog: Any, core: frozenset[str]) -> str | None:
    """Chips every game may use: the neutral heroes and the sentinel; the supply's keys."""
    facts = _facts(catalog)
    if "\0shared" not in facts.blocked:
        why = None
        if getattr(catalog, "ruleset", "remastered") != "remastered":
            why = f"the catalog is {catalog.ruleset}'s"
        for u in (*catalog.units_of_kind("neutral-hero"), *catalog.units_of_kind("sentinel")):
            why = why or _chip_problem(u, core)
        if why is None and not {"red", "blue"} <= set(catalog.game.health_chips):
            why = "the health-chip supply has no red or no blue chips"
        facts.blocked["\0shared"] = why
    return facts.blocked["\0shared"]


def _controller_spec(ctrl: Any, rng: np.random.Generator) -> tuple | str:
    """A player as the core reads it, or why the core cannot play it: the player says (`core_player`, on the
    random, greedy, lookahead and search players; it must draw from the game's stream). Only a class that defines
    `core_player` itself is played there: a subclass (a player of its own) changes what the core would mirror."""
    if "core_player" not in vars(type(ctrl)):
        return f"the player {type(ctrl).__name__}"
    return ctrl.core_player(rng)


def core_arenas(mode: str) -> tuple[str, ...]:
    """The arenas the core plays `mode` on, as the mode declares them (`Mode.core_arenas`); () if none."""
    from hoplostat.engine.loop import mode_class

    return tuple(mode_class(mode).core_arenas())


def _catalog_arenas() -> tuple[str, ...]:
    """Every arena some registered mode is played on by the core (its catalog carries them)."""
    from hoplostat.engine.loop import modes

    return tuple(dict.fromkeys(a for m in modes() for a in core_arenas(m)))


def unsupported(catalog: Any, spec: Any, controllers: Any, rng: np.random.Generator, roller: Any) -> str | None:
    """Why the core cannot play this game exactly as the Python engine would (None: it can). `spec` validated."""
    from hoplostat.engine.loop import mode_class
    from hoplostat.engine.rules import PmfRoller
    from hoplostat.engine.rulings import rulings

    arenas = core_arenas(spec.mode)
    if not arenas:
        return f"the core does not play {spec.mode}"
    if spec.arena not in arenas:
        return f"the core does not play the arena {spec.arena}"
    if roller is not None and not (type(roller) is PmfRoller and roller.rng is rng):
        return "the dice are forced (a scenario's roller)"
    if spec.rulings:
        known = rulings()
        for name, _value in spec.rulings:
            r = known.get(name)
            if r is not None and r.ruleset == "remastered" and name not in mode_class(spec.mode).core_rulings:
                return f"the ruling switch {name} is not in the core"
    if len(controllers) != 2:
        return "the core plays one player per seat"
    try:
        export_rng(rng)
    except ValueError as e:
        return str(e)
    for c in controllers:
        got = _controller_spec(c, rng)
        if isinstance(got, str):
            return f"the core does not play {got}"
    core = _core_skills()
    return _shared_problem(catalog, core) or next(
        (p for p in (_faction_problem(catalog, f, core) for f in spec.factions) if p), None)


_CORE_SKILLS: frozenset[str] | None = None


def _core_skills() -> frozenset[str]:
    global _CORE_SKILLS
    if _CORE_SKILLS is None:
        _CORE_SKILLS = frozenset(module().skills())
    return _CORE_SKILLS


# --------------------------------------------------------------------------- playing


def export_catalog(catalog: Any) -> Any:
    """The core's catalog for a Python one (built once per catalog object): its units, tactics, factions, neutral
    heroes, sentinels, health chips and the arenas the core plays."""
    facts = _facts(catalog)
    if facts.handle is None:
        chips = []
        for u in catalog.units.values():
            chips.append((u.id, u.name, u.kind, bool(u.elite), int(u.health), int(u.movement), int(u.range),
                          tuple(int(c) for c in u.attack.counts), [(r.id, r.param) for r in u.skills]))
        tactics = [(t.id, t.name, t.type, [(e.term, None if e.arg is None else str(e.arg)) for e in t.effects])
                   for t in catalog.tactics.values()]
        factions = [(fid, f.hero, [u.id for u in catalog.faction_units(fid)], list(f.tactics))
                    for fid, f in catalog.factions.items() if f.hero]
        arenas = []
        for aid in _catalog_arenas():
            try:
                ar = catalog.arena(aid)
            except Exception:  # a catalog without this arena: the core never plays it there
                continue
            arenas.append((aid, [(h.q, h.r, list(h.tags)) for h in ar.hexes], [list(n) for n in ar.neighbours()]))
        handle = module().Catalog(
            chips, tactics, factions, [u.id for u in catalog.units_of_kind("neutral-hero")],
            [u.id for u in catalog.units_of_kind("sentinel")], list(catalog.game.health_chips.items()), arenas)
        facts.handle = handle
        facts.chip_ids = handle.chip_ids()
        from hoplostat.engine.registry import _missing

        units = catalog.units
        facts.missing = [_missing({(units[c].ruleset, r.id) for r in units[c].skills}) for c in facts.chip_ids]
    return facts.handle


def spec_log_lines(spec: Any) -> list[str]:
    """The narration `engine.loop.new_game` adds after set-up: rulings changed, mode options."""
    out = []
    if spec.rulings:
        out.append("Rulings changed for this game: " + ", ".join(f"{k}={v}" for k, v in spec.rulings))
    if spec.options:
        out.append("Mode options of this game: " + ", ".join(f"{k}={v}" for k, v in spec.options))
    return out


def _game_args(spec: Any, rng: np.random.Generator, controllers: Any) -> tuple:
    rulings = dict(spec.rulings)
    game = (spec.factions[0], spec.factions[1], spec.arena, spec.first, int(spec.max_rounds),
            rulings.get("retaliate-when-defeated") == "no", rulings.get("inspire-stacks") == "no", spec_log_lines(spec))
    return game, export_rng(rng), [_controller_spec(c, rng) for c in controllers]


def _write_back(out: tuple, rng: np.random.Generator, controllers: Any) -> None:
    """Leave the generators and players where the core left its copies (a caller may go on drawing)."""
    game_rng, player_rngs, searched = out[7], out[8], out[9]
    for c, rngs, n in zip(controllers, player_rngs, searched):
        if getattr(c, "core_search_streams", False):  # a lookahead or search player: greedy's and the search's
            if c._search is None and rngs[1] is not None:
                # the search stream the core spawned: the game's seed sequence's child of that index (the last
                # word of its spawn key)
                seq = rng.bit_generator.seed_seq
                assert isinstance(seq, np.random.SeedSequence)  # the game's generator spawned the stream
                child = np.random.SeedSequence(seq.entropy, spawn_key=(*seq.spawn_key, rngs[1][5][-1]),
                                               pool_size=seq.pool_size)
                c._search = np.random.Generator(np.random.PCG64(child))
            assert c.greedy.rng is not None  # the players the core plays have their generators
            import_rng(c.greedy.rng, rngs[0])
            if rngs[1] is not None:
                assert c._search is not None  # set above when it was missing
                import_rng(c._search, rngs[1])
            c.searched += n
        elif rngs and rngs[0] is not None and getattr(c, "rng", None) is not None and c.rng is not rng:
            import_rng(c.rng, rngs[0])
    import_rng(rng, game_rng)


def result_of(catalog: Any, spec: Any, out: tuple) -> Any:
    """The core's tuple as the `GameResult` the Python engine returns (`loop.versus_result`)."""
    from hoplostat.engine.loop import DRAW, LOST, WON, GameResult, TroopResult, UnitSummary

    winner, reason, rounds, first, troops, units, log = out[:7]
    facts = _facts(catalog)
    ids = facts.chip_ids
    outcome = [DRAW, DRAW] if winner is None else [WON if p == winner else LOST for p in range(2)]
    unit_rows = [UnitSummary(ids[c], spec.factions[t], t, entered, deployed, dealt, kills, defeated > 0, defeated,
                             taken, enabled)
                 for c, t, on_track, entered, deployed, dealt, kills, defeated, taken, enabled in units
                 if not on_track or entered]
    missing_of = facts.missing
    missing = tuple(sorted({m for c, *_ in units for m in missing_of[c]}))
    return GameResult(
        mode=spec.mode, ruleset="remastered", arena=spec.arena, factions=tuple(spec.factions), rounds=rounds,
        end_reason=reason, first_player=first,
        troops=[TroopResult(i, spec.factions[i], side, i, outcome[i], dep, dealt, kills, lost, favor, rewards, tdmg,
                            tkills)
                for i, (side, dep, dealt, kills, lost, favor, rewards, tdmg, tkills) in enumerate(troops)],
        units=unit_rows, unimplemented=missing, log=log, engine="native")


def play(catalog: Any, spec: Any, controllers: Any, *, rng: np.random.Generator, log: bool = False) -> Any:
    """One validated game played by the core, as a `GameResult`; the generator and players left where the game
    left them. Call `unsupported` first."""
    handle = export_catalog(catalog)
    out = module().play(handle, [_game_args(spec, rng, controllers)], log=log)[0]
    _write_back(out, rng, controllers)
    return result_of(catalog, spec, out)


def try_play(catalog: Any, spec: Any, controllers: Any, *, rng: np.random.Generator, log: bool, roller: Any) -> Any:
    """The game played by the core when the engine choice and the game allow (None: play it in Python, with the
    reason in `last_fallback`). `--engine native` with a game the core cannot play is an InputError."""
    global last_fallback
    choice = engine_choice()
    _search_needs_the_core(controllers, choice)
    if choice == "python":
        last_fallback = "the Python engine was asked for (--engine python)"
        return None
    why = why_unavailable() if not available() else unsupported(catalog, spec, controllers, rng, roller)
    if why is not None:
        if choice == "native":
            from hoplostat.errors import InputError

            raise InputError(f"--engine native: {why}")
        last_fallback = why
        return None
    last_fallback = None
    return play(catalog, spec, controllers, rng=rng, log=log)


def _search_needs_the_core(controllers: Any, choice: str) -> None:
    """The search player is the core's alone: with `--engine python`, or without the core, an InputError."""
    if not any(getattr(c, "core_only", False) for c in controllers):
        return
    from hoplostat.errors import InputError

    if choice == "python":
        raise InputError("--engine python: the search player (search:N) is played by the native core only")
    if not available():
        raise InputError(f"the search player (search:N) needs the native core: {why_unavailable()}")


last_fallback: str | None = None
"""Why the last game `try_play` declined went to the Python engine (None when the core played it)."""


def play_many(catalog: Any, games: list[tuple[Any, np.random.Generator, Any]]) -> list[Any]:
    """Validated games (spec, generator, players) the core can play (`unsupported` is None for each), in one call
    to the core: their `GameResult`s, in order. The generators and players are not written back (a sweep's are
    made for one game each)."""
    handle = export_catalog(catalog)
    outs = module().play(handle, [_game_args(spec, rng, ctrls) for spec, rng, ctrls in games])
    return [result_of(catalog, spec, out) for (spec, _rng, _ctrls), out in zip(games, outs)]


@contextmanager
def engine_override(choice: str | None):
    """Within the block, `engine_choice()` is `choice` (None: unchanged): a sweep's workers play with the engine
    its config names, whatever their environment."""
    if choice is None:
        yield
        return
    old = os.environ.get(ENGINE_ENV)
    os.environ[ENGINE_ENV] = choice
    try:
        yield
    finally:
        if old is None:
            os.environ.pop(ENGINE_ENV, None)
        else:
            os.environ[ENGINE_ENV] = old


def check_choice(choice: str, *, option: str = "--engine") -> str:
    """`choice` if it names an engine; InputError naming `option` otherwise."""
    from hoplostat.errors import InputError

    got = (choice or "").strip().lower()
    if got not in ENGINES:
        raise InputError(f"{option} {choice!r}: allowed values are {', '.join(ENGINES)}")
    return got


def describe() -> str:
    """One line on the engine this installation plays with (`hoplostat --version`)."""
    if available():
        return "native core: installed (the mode it mirrors is played by it where it can; --engine python to compare)"
    return f"native core: not used ({why_unavailable()}); every game is played by the Python engine"

"""The Mode protocol: what a game mode declares and supplies, what it is given to play, and the one
result type every mode returns. The registry and the game loop that use it are `engine.loop`.

Kept free of the rules and state modules (type hints only), so that the state can hold a bare
`Mode()` when no mode is playing (scenario boards, unit tests) and the rules never test for None.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

import numpy as np

from hoplostat.engine.spec import (  # what to play and what a game gives back, re-exported from here
    BOOL_TEXT,
    COMPETITIVE,
    DRAW,
    LOST,
    ROW_HEAD,
    SEAT_LETTERS,
    UNIT_ROW,
    WON,
    GameResult,
    GameSpec,
    Matchup,
    ModeOption,
    TroopResult,
    UnitSummary,
    per_seat,
    per_side,
    sample_pods,
)
from hoplostat.errors import InputError

__all__ = [
    "BOOL_TEXT",
    "COMPETITIVE",
    "DEFAULT_HEURISTICS",
    "DRAW",
    "GameResult",
    "GameSpec",
    "Heuristics",
    "LOST",
    "Matchup",
    "Mode",
    "ModeOption",
    "ROW_HEAD",
    "SEAT_LETTERS",
    "TroopResult",
    "Turn",
    "UNIT_ROW",
    "UnitSummary",
    "VERSUS_COLUMNS",
    "WON",
    "opponent_ids",
    "per_seat",
    "per_side",
    "sample_pods",
    "side_counts",
    "versus_rows",
]

# The rules and state types, by name only: this module sits below them (the state holds a bare Mode).
Game = Any  # engine.rules.Game
Controller = Any  # engine.rules.Controller
Roller = Any  # engine.rules.Roller
GameState = Any  # engine.state.GameState
UnitState = Any  # engine.state.UnitState

# --------------------------------------------------------------------------- the protocol


@dataclass(frozen=True, slots=True)
class Heuristics:
    """What a mode tells heuristic players about its goals (`policies.greedy` reads it; the rules never do).
    How greedy plays the mode is its own heuristics class (`Mode.greedy`); these are the numbers it and the
    lookahead read. The weights score a game of held stones (a wave mode): standing on a stone, defeating a rival,
    and each expected damage dealt to an opponent that ignores damage (favor only)."""

    stone: float = 8.0
    kill: float = 15.0
    ignored_damage: float = 0.5
    trust: float = 0.0
    """How many standard errors a lookahead player's candidate must beat greedy's own choice by before it
    replaces it (0: the best mean wins). A wave mode's greedy plays a long game a few turns of continuation
    do not see (stones held for future HP, favor saved for the hero): there it is trusted more."""
    wakes: bool = True
    """An inactive primary hero in combat wakes when damaged (the Colosseum's chained hero, SKR-10), so a
    player damages it only to defeat it. False: it wakes by other means (Rise of Rome's champion, ROR-45)."""


DEFAULT_HEURISTICS = Heuristics()


class Turn(NamedTuple):
    """One turn of a round: the troop whose turn it is, the log line that opens it, its named steps.
    (A named tuple: one is made per turn of every game, so it is cheap to build.)"""

    troop: int
    header: str
    steps: Sequence[tuple[str, Callable[[], Any]]]


class Mode:
    """A game mode. Class attributes are its declared facts; an instance is the per-game configuration
    (stateless during play: clones of a state share it). Hooks have no-op defaults."""

    name: ClassVar[str] = ""
    ruleset: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    """One line: what the mode is."""
    arenas: ClassVar[tuple[str, ...]] = ()
    seats: ClassVar[tuple[int, ...]] = (2,)
    """Allowed numbers of player factions (two players (2,); solo or co-op (1, 2))."""
    teams: ClassVar[str] = "each troop alone"
    """How troops form teams, in words (shown by `hoplostat modes`)."""
    opponents: ClassVar[str] = ""
    """Catalog kind of the opponent chosen per game ("titan" for a titan mode), "" when none."""
    first_player_random: ClassVar[bool] = False
    """The rules draw who plays first (sweeps then play both seat orders)."""
    default_max_rounds: ClassVar[int] = 60
    analysis: ClassVar[str] = "versus"
    """The kind of this mode's analysis (`hoplostat.analysis`: how its sweeps are summarised, reported, compared;
    `analysis_class` for a subclass of the kind's): `versus` (win rates between two seats),
    `pods` (free-for-all of three or more: win share per faction against the fair share, per seat
    position), `teams` (two teams of players: team win rates by pairing of teammates), `waves`
    (solo/co-op score against waves of opponents), `boss` (solo/co-op against one opponent)."""
    opponent: ClassVar[tuple[str, str]] = ("titan", "titans")
    """`boss` analysis: what the players face, singular and plural, in the words of the tables and the report
    (("boss", "bosses") for The Lost Cities' board); the games rows' `titan` column holds its id."""
    success: ClassVar[str] = "faction a wins"
    """What `--ci-width` estimates, in words; `is_success(row)` computes it from a games row."""
    tables: ClassVar[tuple[str, ...]] = ("games", "units")
    """Sweep tables the mode writes (`games` first)."""
    columns: ClassVar[dict[str, dict[str, str]]] = {}
    """The mode's own columns of each table it writes, with type names (str, int, bool): `games` after
    `ROW_HEAD`, any other table whole (`units` is `UNIT_ROW` in every mode). `schema(table)` joins them."""
    heuristics: ClassVar[Heuristics] = DEFAULT_HEURISTICS
    """The mode's goals as heuristic players score them (`Heuristics`)."""
    default: ClassVar[bool] = False
    """The mode a command plays or sweeps when none is named (`loop.default_mode`); exactly one mode says so."""
    tunes: ClassVar[str] = ""
    """What `hoplostat tune` changes by playing this mode: "faction", "titan", "immortal" or "" (nothing);
    `loop.tuning_mode(kind)` finds the mode for a kind."""

    core_rulings: ClassVar[tuple[str, ...]] = ()
    """The ruling switches of the mode's rule set (`engine.rulings`) that the native core plays too, on the
    mode's `core_arenas`; a game with another of its rule set's switches set is played by the Python engine."""

    @classmethod
    def title(cls) -> str:
        """The mode's name as prose and figure titles write it (each word of its name capitalised but "of" and
        "the", so that a name such as "siege-of-the-city" reads "Siege of the City"): what shared modules print
        instead of naming a mode."""
        return " ".join(w if w in ("of", "the") else w[:1].upper() + w[1:] for w in cls.name.split("-"))

    @classmethod
    def core_arenas(cls) -> tuple[str, ...]:
        """The arenas on which the native core plays this mode exactly as the Python engine does (docs/native.md;
        `engine.native` asks): none by default. A mode that declares some has a mirror in native/core."""
        return ()

    @classmethod
    def greedy(cls) -> type | None:
        """The greedy player's heuristics for this mode: a subclass of `policies.greedy.GreedyController` kept in
        the mode's rule set (its players module), or None for the core heuristics (`GreedyController` itself).
        A mode that asks a decision the core heuristics do not take declares its class here. The players module
        is imported inside this method, on first use: the rules never import a player at load time (players
        sit above the rules, README "Architecture")."""
        return None
    hidden_camps: ClassVar[bool] = False
    """True where the book keeps a troop's camp face down from the other players (Remastered's two-player set-up,
    step 5: "these units will remain hidden from other players ... until they are deployed"): a searching player's
    continuations then deal every other troop's hidden chips again (`redeal_hidden`), never reading them."""
    options: ClassVar[tuple[ModeOption, ...]] = ()
    """The mode's options (`ModeOption`): `--option NAME=VALUE` on `play` and `sweep`, validated by
    `parse_options`, passed in `GameSpec.options`, recorded in a sweep's manifest, listed by `hoplostat modes`."""
    damage_only_kinds: ClassVar[frozenset[str]] = frozenset()
    """Chip kinds of the mode's pieces that are no units for any game text: attacks may target and damage them,
    but every other effect on them is ignored (`rules.ignores_effects`); none in most modes."""
    hooks_move: ClassVar[bool] = False
    hooks_ignore: ClassVar[bool] = False
    hooks_roll: ClassVar[bool] = False
    """Whether the class overrides `after_move` / `ignores_damage` / `roll_attack` (set by `__init_subclass__`):
    the rules skip a hook a mode does not have, resolved once per mode class rather than once per move,
    damage or roll."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.hooks_move = cls.after_move is not Mode.after_move
        cls.hooks_ignore = cls.ignores_damage is not Mode.ignores_damage
        cls.hooks_roll = cls.roll_attack is not Mode.roll_attack

    # --- options ----------------------------------------------------------------------------------
    @classmethod
    def parse_options(cls, specs: Any) -> tuple[tuple[str, str], ...]:
        """`NAME=VALUE` strings (or pairs) into sorted (name, canonical text) pairs checked against `options`;
        values equal to the default are left out (they change nothing). InputError naming the option and the
        mode for an unknown name, a bad value or a name given twice with different values."""
        import difflib

        known = {o.name: o for o in cls.options}
        out: dict[str, str] = {}
        for spec in specs or ():
            if isinstance(spec, str):
                name, sep, value = spec.partition("=")
                if not sep:
                    raise InputError(f"--option {spec!r}: give NAME=VALUE (hoplostat modes lists the options of "
                                     f"{cls.name})")
            else:
                name, value = spec
                value = value if isinstance(value, str) else ",".join(value) if isinstance(value, (tuple, list)) \
                    else str(value).lower() if isinstance(value, bool) else str(value)
            name = name.strip()
            o = known.get(name)
            if o is None:
                close = difflib.get_close_matches(name, list(known), n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                have = ", ".join(known) if known else "none"
                raise InputError(f"--option {name!r}: {cls.name} has no such option{hint}; its options: {have}")
            v = o.canonical(value, cls.name)
            if name in out and out[name] != v:
                raise InputError(f"--option {name} given twice for {cls.name} ({out[name]}, {v})")
            out[name] = v
        return tuple(sorted((k, v) for k, v in out.items() if v != known[k].default))

    @classmethod
    def option_value(cls, spec_or_options: Any, name: str) -> Any:
        """The typed value of the declared option `name` in a spec (or its options pairs): the spec's, else the
        declared default."""
        decl = next((o for o in cls.options if o.name == name), None)
        if decl is None:
            raise KeyError(f"{cls.name} declares no option {name!r}")
        pairs = spec_or_options.options if isinstance(spec_or_options, GameSpec) else spec_or_options
        text = next((v for k, v in pairs or () if k == name), decl.default)
        return decl.typed(text)

    @classmethod
    def check_options(cls, catalog: Any, options: tuple[tuple[str, str], ...]) -> None:
        """Checks of option values that need the catalog (ids of `ids` options): InputError naming the option
        and the mode. Called by `play` and `sweep` after `parse_options`; none by default."""

    @classmethod
    def check_catalog(cls, catalog: Any) -> None:
        """Checks of the data the mode reads itself (its card tables, `Catalog.cards`): InputError naming the file,
        entry and field. `hoplostat data validate` calls it for every mode of the catalog's rule set; none by
        default."""

    # --- set-up ---------------------------------------------------------------------------------
    @classmethod
    def catalog_of(cls, catalog: Any, options: tuple[tuple[str, str], ...] = ()) -> Any:
        """The catalog this mode's games are played with, given its rule set's (`catalog.load(ruleset=...)`)
        and the game's options (`GameSpec.options`): the same by default; a mode of several boxes' chips adds
        them (a team or battle royale mode of several boxes, or a mode option such as `pool=all`). Sweeps, `play`
        and the stand-in counts all go through it (`sweep.mode_catalog`)."""
        return catalog

    @classmethod
    def own_chips(cls, catalog: Any, factions: Sequence[str]) -> tuple[str, ...]:
        """Catalog chips the mode itself brings to a game or sweep whose troops are `factions` (a solo mode's
        opponent named by its faction, e.g. "rival"), besides the troops' own chips: arena guardians, a rival
        troop, beasts of the arena. The stand-in counts of `play`, `sweep`, `summarize` and `report` include
        them. None by default (titans and immortals are counted from the results)."""
        return ()

    @classmethod
    def validate(cls, catalog: Any, spec: GameSpec) -> GameSpec:
        """Check a spec against the mode's facts; fills the defaults (arena, round cap)."""
        for f in spec.factions:  # a misspelt name first: fixing the count would not fix it
            catalog.faction(f)
        if len(spec.factions) not in cls.seats:
            want = " or ".join(str(n) for n in cls.seats)
            raise InputError(f"{cls.name} needs {want} faction(s), got {len(spec.factions)}")
        if len(set(spec.factions)) != len(spec.factions) and cls.analysis != "versus":
            raise InputError(f"{cls.name}: players choose different factions")
        arena = spec.arena or cls.arenas[0]
        if arena not in cls.arenas:
            raise InputError(f"unknown arena {arena!r} for {cls.name}; allowed: {', '.join(cls.arenas)}")
        if spec.titan and not cls.opponents:
            raise InputError(f"{cls.name} faces no titan (--titan is for modes against one)")
        if cls.opponents and not spec.titan:
            raise InputError(f"{cls.name}: choose the {cls.opponents} to face (--titan)")
        if spec.first is not None and spec.first not in range(len(spec.factions)):
            raise InputError(f"first player {spec.first!r}: must be a seat 0..{len(spec.factions) - 1}")
        max_rounds = cls.default_max_rounds if spec.max_rounds is None else spec.max_rounds
        if max_rounds < 1:
            raise InputError(f"max_rounds must be 1 or more, got {max_rounds}")
        options = cls.parse_options(spec.options)  # an API caller's typo is an error too, not ignored
        return GameSpec(spec.mode, tuple(spec.factions), arena, spec.titan, spec.first, max_rounds, options,
                        spec.rulings)

    @classmethod
    def default_spec(cls, catalog: Any, rng: np.random.Generator) -> GameSpec:
        """The game `hoplostat play MODE --seed S` plays when nothing else is given: the fewest seats the
        mode allows (solo for solo/co-op modes), factions (and the titan) drawn from the catalog by `rng`,
        the first arena."""
        factions = sorted(catalog.factions)
        picks = [factions[int(i)] for i in rng.choice(len(factions), size=min(cls.seats), replace=False)]
        titan = ""
        if cls.opponents:
            ids = sorted(opponent_ids(catalog, cls.opponents))
            titan = ids[int(rng.integers(len(ids)))]
        return GameSpec(cls.name, tuple(picks), cls.arenas[0], titan)

    @classmethod
    def new_game(cls, catalog: Any, spec: GameSpec, controllers: Sequence[Controller], *, rng: np.random.Generator,
                 log: bool = False, roller: Roller | None = None) -> Game:
        """Set up the game of `spec` (already validated) and the `Game` that plays it."""
        raise NotImplementedError

    @staticmethod
    def player_controllers(controllers: Sequence[Controller], n: int, mode: str) -> list[Controller]:
        """One controller per seat; a single controller plays every seat of a co-op game."""
        ctrls = list(controllers)
        if len(ctrls) == 1 and n > 1:
            ctrls = ctrls * n
        if len(ctrls) != n:
            raise InputError(f"{mode}: {n} faction(s) need {n} controller(s), got {len(ctrls)}")
        return ctrls

    @classmethod
    def for_scenario(cls, arena: str, *, bare: bool = False) -> Mode:
        """The mode object a scenario file's plain state is built with (`engine.scenario`); `bare`: single steps on a
        board with no crowd favor and no win conditions (`mode = "none"`, asked of the default mode). Default: a
        plain `Mode()`, which `scenario_state` replaces by the mode object of the mode's own set-up."""
        return Mode()

    @classmethod
    def scenario_catalog(cls, catalog: Any) -> Any:
        """The catalog a scenario of this mode reads its chips from, given the one the command loaded: that one when
        it is of this mode's rule set (with the mode's additions, `catalog_of`), else the rule set's embedded catalog
        (the overlays given were for the other rule set)."""
        if catalog.ruleset != cls.ruleset:
            from hoplostat.catalog import load

            catalog = load(use_env=False, ruleset=cls.ruleset)
        return cls.catalog_of(catalog)

    @classmethod
    def scenario_steps(cls, catalog: Any, arena: str, *, bare: bool = False) -> tuple[str, ...]:
        """The names of a player turn's steps in turn order, which a scenario may play one by one (`bare`: those the
        bare board plays). Default: the names of the first seat's turn (`turn_of`) in a game set up on `arena`."""
        from hoplostat.engine.scenario.seat import set_up

        g = set_up(cls, catalog, arena, (), np.random.default_rng(0))
        return tuple(name for name, _ in g.state.mode.turn_of(g, 0).steps)

    @classmethod
    def scenario_tactics(cls, catalog: Any, faction: str) -> tuple[Any, ...] | None:
        """The tactics a scenario's troop of `faction` has in camp when the file names none (less those it placed or
        discarded), or None to keep what the mode's own set-up gives it (a bag, a drafted hand): None by default."""
        return None

    @classmethod
    def scenario_step_aliases(cls) -> dict[str, str]:
        """Other names a scenario may give a step (alias -> step name); none by default."""
        return {}

    @classmethod
    def scenario_favor_cap(cls, arena: str) -> int:
        """The most crowd favor a scenario's troop may start with on `arena` (the end of its track); no cap by
        default."""
        return 10_000

    @classmethod
    def scenario_state(cls, scen: Any, plain: GameState, rng: np.random.Generator) -> GameState:
        """The state a scenario (`engine.scenario.Scenario`) plays: `plain` (its troops, their units on the board and
        in their zones, supply, round and turn, on a plain `GameState`) seated in this mode's own state. Default:
        a game set up by the mode's own rules (drawing from `rng`) whose player troops' chips leave the game for the
        scenario's (`engine.scenario.seat`); the bare board keeps `plain`. InputError when the position cannot be
        seated (a unit on a hex the mode's set-up holds)."""
        if scen.bare:
            return plain
        from hoplostat.engine.scenario.seat import seat_in, set_up

        g = set_up(cls, scen.catalog, plain.grid.arena.id, [t.faction for t in plain.troops], rng)
        return seat_in(g.state, plain, [t.tactics is not None for t in scen.troops])

    # --- the round ------------------------------------------------------------------------------
    def begin(self, g: Game) -> None:
        """Before the first round (draw the camps, choose forces)."""

    def start_round(self, g: Game) -> None:
        """At the start of every round, after the round counter moved."""

    def round_turns(self, g: Game) -> Iterable[Turn]:
        """The turns of this round in order; consumed lazily (a turn may decide whether the next happens).
        Asked again mid-round (`loop.resume`), it must give the same turns at the same positions up to the
        one in progress: a position whose turn is skipped (an eliminated player) yields None instead."""
        raise NotImplementedError

    def turn_of(self, g: Game, troop: int) -> Turn:
        """A player troop's turn (what a scenario plays step by step)."""
        raise NotImplementedError

    def steps_for(self, g: Game, key: Any, build: Callable[[], Sequence[tuple[str, Callable[[], Any]]]]):
        """A turn's named steps, built once per game and `key` (a troop, a kind of turn): the closures read
        the state when they run, so the same ones serve every round. Cached on the mode object with the
        game they were built for (a clone's game builds its own)."""
        cache = self.__dict__.setdefault("_step_cache", {})
        got = cache.get(key)
        if got is None or got[0] is not g:
            got = cache[key] = (g, build())
        return got[1]

    def redeal_hidden(self, s: Any, rng: np.random.Generator, viewer: int) -> None:
        """In a copy of the game a player searches (`hidden_camps`): deal again, from `rng`, what `viewer` cannot
        see. Default: the face-down units of every other troop's camp and bag (`rules.redeal_hidden`); a rule set
        whose hand mixes units and tactic chips deals both."""
        from hoplostat.engine import rules

        rules.redeal_hidden(s, rng, viewer)

    def objective(self, g: Game, troop: int) -> float:
        """Progress of `troop`'s side toward the mode's goal that Health on the board does not show, in
        Health points (a heuristic player's evaluation reads it, `policies.lookahead.standing`; the rules
        never do). Default 0."""
        return 0.0

    def stones_pay(self, s: GameState, troop: int) -> bool:
        """Whether standing on a stone hex still earns `troop` something (a heuristic player's hex scores read it;
        the rules never do). Default True; a mode whose stones earn crowd favor says False once the favor can
        climb no higher (CF-2: nothing is earned beyond the last reward)."""
        return True

    def interrupt(self, g: Game) -> None:
        """Called when a turn left `end_reason` set; may resolve an interrupt (a wave's end) and clear it.
        The round stops either way."""

    def end(self, g: Game, reason: str, winner: int | None = None) -> None:
        """The game ends now (once): `winner` the troop that won, None for none."""
        s = g.state
        if s.end_reason is not None:
            return
        s.winner = winner
        s.end_reason = reason
        s.say(self.end_text(g, reason, winner))

    def end_text(self, g: Game, reason: str, winner: int | None) -> str:
        """The log line of the game's end."""
        return f"Game over: {reason}"

    # --- hooks the rules call (no-op defaults) --------------------------------------------------
    def ignores_damage(self, g: Game, target: UnitState, amount: int, *, source: UnitState | None,
                       source_troop: int | None, what: str) -> bool:
        return False

    def after_damage(self, g: Game, target: UnitState, removed: int, *, source: UnitState | None,
                     source_troop: int | None) -> None:
        return None

    def after_defeat(self, g: Game, u: UnitState, *, source: UnitState | None, source_troop: int | None) -> None:
        return None

    def after_move(self, g: Game, u: UnitState, src: int, dest: int) -> None:
        return None

    def roll_attack(self, g: Game, attacker: UnitState, pool: Any) -> int:
        """The hits of an attack's roll (`rules.attack`); a mode may change how it is rolled (Rise of Rome's
        reroll reward). Only called when the class overrides it (`hooks_roll`)."""
        return g.roller.hits(pool)

    def deployment_hexes(self, s: GameState, troop: int) -> tuple[int, ...]:
        """Where `troop` may deploy: by default the arena's hexes of its side."""
        return s.grid.tagged(f"deploy-{s.troops[troop].side}")

    def gain_favor(self, g: Game, troop: int, n: int, why: str) -> None:
        """Crowd favor earned (skills and tactics that grant favor call this); none by default."""

    # --- the result -----------------------------------------------------------------------------
    def result(self, g: Game, spec: GameSpec) -> GameResult:
        raise NotImplementedError

    # --- what sweeps need -----------------------------------------------------------------------
    @classmethod
    def matchups(cls, factions: Sequence[str], *, arenas: Sequence[str], titans: Sequence[str],
                 coop: bool, players: int = 0, pods: int = 0, seed: int = 0) -> list[Matchup]:
        """Versus modes: every unordered faction pair, both seat orders (when the first player is drawn),
        every arena. Solo/co-op modes: every faction solo, then every pair (if `coop`), per titan.
        Modes of three or more players sample `pods` groups of `players` factions from `seed`
        (`sample_pods`); the others ignore those three."""
        if cls.analysis == "versus":
            firsts = ("a", "b") if cls.first_player_random else ("a",)
            return [Matchup(cls.name, arena, a, b, first) for arena in arenas
                    for i, a in enumerate(factions) for b in factions[i + 1:] for first in firsts]
        teams = [(f, "") for f in factions] if 1 in cls.seats else []
        if coop and 2 in cls.seats:
            teams += [(a, b) for i, a in enumerate(factions) for b in factions[i + 1:]]
        opp = tuple(titans) if cls.opponents else ("",)
        return [Matchup(cls.name, arena, a, b, "a", t) for t in opp for arena in arenas for a, b in teams]

    @classmethod
    def seat_policies(cls, policies: Sequence[str], n: int) -> list[str]:
        """The policy of each of `n` seats from a sweep's policies: competitive modes one per seat (cycling);
        solo and co-op modes play every seat with the first (the team is one player's strength)."""
        if cls.analysis in COMPETITIVE:
            return [policies[i % len(policies)] for i in range(n)]
        return [policies[0]] * n

    @classmethod
    def spec_of(cls, m: Matchup, max_rounds: int) -> GameSpec:
        first = {"a": 0, "b": 1}[m.first] if cls.first_player_random else None
        return GameSpec(cls.name, m.factions, m.arena, m.titan, first, max_rounds)

    @classmethod
    def rows(cls, res: GameResult, head: dict[str, Any],
             unit_kind: Callable[[str], str | None]) -> dict[str, list[dict]]:
        """A game's sweep rows by table (`games` has exactly one row)."""
        raise NotImplementedError

    @classmethod
    def schema(cls, table: str) -> dict[str, str]:
        """Column -> type name of a sweep table of this mode (explicit, so a chunk of draws reads alike)."""
        if table == "units":
            return UNIT_ROW
        if table == "games":
            return {**ROW_HEAD, **cls.columns["games"]}
        return cls.columns[table]

    @classmethod
    def is_success(cls, row: dict[str, Any]) -> bool:
        return row.get("winner") == "a"

    # --- its analysis ---------------------------------------------------------------------------------
    @classmethod
    def analysis_class(cls) -> type | None:
        """The class of this mode's analysis (`hoplostat.analysis`: what its sweeps' summary, report, comparison and
        robustness say): None (the default) for the standard class of its kind (`analysis`: versus, pods, teams, waves
        or boss), else a subclass kept in the mode's rule set, imported here on first use (crowd favor
        events, a draft, a campaign)."""
        return None

    @classmethod
    def coop_teams(cls) -> bool:
        """Whether a team of several players plays together against the game (solo and co-op modes: a sweep plays
        every co-op pair unless --no-coop)."""
        return cls.analysis not in COMPETITIVE and max(cls.seats) > 1

    @staticmethod
    def unit_rows(head: dict[str, Any], res: GameResult, unit_kind: Callable[[str], str | None],
                  won_by_seat: Callable[[int], bool | None]) -> list[dict]:
        """The `units` table rows of a game (one per player chip that could take part)."""
        return [{"matchup": head["matchup"], "arena": head["arena"], "game": head["game"],
                 "side": SEAT_LETTERS[u.seat], "faction": u.faction, "unit": u.unit_id,
                 "kind": unit_kind(u.unit_id), "deployed": u.deployed, "damage_dealt": u.damage_dealt,
                 "kills": u.kills, "defeated": u.defeated, "won": won_by_seat(u.seat), "damage_taken": u.damage_taken,
                 "tactics_enabled": u.tactics_enabled} for u in res.units]


VERSUS_COLUMNS: dict[str, dict[str, str]] = {
    "games": {"winner": "str", "winner_faction": "str", "rounds": "int", "end_reason": "str",
              **per_side("units_deployed", "damage_dealt", "kills", "units_lost", "crowd_favor")}}
"""The `columns` of a two-player mode whose rows are `versus_rows` (the two-player modes)."""


def side_counts(side: str, t: TroopResult) -> dict[str, int]:
    """The counts every troop result carries as a game row's `<side>_` columns (`per_side`): units deployed,
    damage dealt, kills, units lost and crowd favor."""
    return {f"{side}_units_deployed": t.units_deployed, f"{side}_damage_dealt": t.damage_dealt,
            f"{side}_kills": t.kills, f"{side}_units_lost": t.units_lost, f"{side}_crowd_favor": t.crowd_favor}


def versus_rows(cls: type[Mode], res: GameResult, head: dict[str, Any], unit_kind: Callable[[str], str | None]
                ) -> dict[str, list[dict]]:
    """The sweep rows of a two-player game: the winner's seat and faction, rounds,
    end reason and each side's counts (`per_side` columns), and the units table."""
    winner = None if res.winner is None else "ab"[res.winner]
    row = {**head, "winner": winner, "winner_faction": res.winner_faction, "rounds": res.rounds,
           "end_reason": res.end_reason}
    for side, t in zip("ab", res.troops):
        row.update(side_counts(side, t))
    units = cls.unit_rows(head, res, unit_kind, lambda seat: winner == "ab"[seat])
    return {"games": [row], "units": units}


def opponent_ids(catalog: Any, kind: str) -> list[str]:
    """Catalog ids of a kind of opponent (`Mode.opponents`: "titan")."""
    if kind == "titan":
        return list(catalog.titans)
    raise InputError(f"unknown opponent kind {kind!r}")

"""The skills registry: skill id -> handler functions attached to named hook points.

Rules code asks the registry "which units in combat have a working skill with hook X"
and calls the handlers; the turn loop never names a skill. Adding a skill is one
`register(..., ruleset=...)` call in the rule set's skills module (`rulesets.remastered.skills`) (plus its test
and, if a ruling, its row).

Hook signatures (g is `engine.rules.Game`, holder the unit with the skill, param its N):
- attack_dice(g, holder, param, attacker, target) -> Pool | None   extra dice (ENG-3)
- attack_bonus(g, holder, param, attacker, target) -> int          +damage on a hit
- damage_reduction(g, holder, param, attacker, target) -> int      less attack damage taken
- ignore_attack_damage(g, holder, param, attacker, target) -> bool the whole attack's damage ignored
- after_dealt_attack_damage(g, holder, param, attacker, target, hex_) -> None
      (hex_ is where the target stood when dealt damage; called even if it was defeated)
- ability_options(g, holder, param) -> list[tuple];  ability(g, holder, param, args) -> None
- special_options(g, holder, param) -> list[tuple];  special(g, holder, param, args) -> None
- engage_when_dazed / move_when_dazed: marker (any value): the unit may engage / move while dazed
- start_of_turn(g, holder, param) -> None: at the start of the holder's troop's turn
- after_move(g, holder, param, mover) -> None: after any unit's move (not displacement, SKL-6)
- tactic_reach(g, holder, param) -> int: its troop may play tactics on opponents this close to it
- movement_lock: marker: opponents adjacent to the holder cannot move and stop when they arrive
- intercept(g, holder, param, attacker, target) -> bool: holder takes the attack's damage instead
- stationary: marker: the holder cannot move and cannot be displaced (Rise of Rome's Stationed)

Granted skills (skills a unit has from the arena or a game state, not printed on its chip: a mode's
arena die): `grant(s, u, skills, movement=, range_=)` gives the unit a chip made by `with_granted`, the
printed chip plus those skills (and stat changes), one object per grant, so every hook lookup above and the
state's `hooked` caches see them like printed skills; `printed_chip` gives the chip back as printed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from hoplostat.catalog.model import SkillRef, Unit

HOOKS: tuple[str, ...] = (
    "attack_dice",
    "attack_bonus",
    "damage_reduction",
    "ignore_attack_damage",
    "after_dealt_attack_damage",
    "ability_options",
    "ability",
    "special_options",
    "special",
    "engage_when_dazed",
    "move_when_dazed",
    "start_of_turn",
    "after_move",
    "tactic_reach",
    "movement_lock",
    "intercept",
    "stationary",
)


@dataclass(frozen=True)
class SkillImpl:
    id: str
    type: str
    """innate | ability | special, as on the Unit Skills reference."""
    hooks: dict[str, Any] = field(default_factory=dict)
    ruling: str | None = None
    """docs/rulings.md id when our reading is a ruling."""
    attack_scope: str | None = None
    """Whose attacks its attack hooks (ATTACK_HOOKS) can change: "attacker" (its own attacks only, e.g.
    Bloodlust), "target" (attacks on itself only, e.g. Absorb), or None (an aura: any attack in combat).
    The attack pipeline then calls a scoped hook only for that unit (`rules.attack_profile`); a hook that
    returns nothing for other units means the same either way, so a scope is a promise about the hook."""


SKILLS: dict[str, dict[str, SkillImpl]] = {}
"""Rule set -> skill id -> its implementation: a skill id means what its rule set says (the older games'
Retaliate, Whirlwind, Stun, Long Shot, Cover and Parry differ from Remastered's). A chip's skills are
looked up in its own rule set (`Unit.ruleset`)."""
ATTACK_HOOKS = frozenset({"attack_dice", "attack_bonus", "damage_reduction"})
ATTACK_ANY = "_attack_any"
"""Key set in a chip's hook map when it has an aura attack hook (ATTACK_HOOKS without an `attack_scope`):
such units are the auras of the state's `attack_views`."""
ATTACK_SCOPES = (None, "attacker", "target")
AURA_HOOKS = "_aura"
"""Hook map key: (attack_dice, attack_bonus, damage_reduction) hook tuples of the chip's aura skills."""
SCOPED_HOOKS = "_scoped"
"""Hook map key: ((dice, bonus, reduction) as the attacker, (dice, bonus, reduction) as the target) hook
tuples of the chip's scoped attack skills; absent when it has none."""


def register(skill_id: str, type_: str, *, ruleset: str, ruling: str | None = None,
             attack_scope: str | None = None, **hooks: Callable | bool) -> SkillImpl:
    """Implement a skill of `ruleset` on named hook points (HOOKS)."""
    unknown = set(hooks) - set(HOOKS)
    if unknown:
        raise ValueError(f"skill {skill_id!r}: unknown hook(s) {sorted(unknown)}")
    if type_ == "ability" and not {"ability", "ability_options"} <= set(hooks):
        raise ValueError(f"ability {skill_id!r} needs ability and ability_options")
    if type_ == "special" and not {"special", "special_options"} <= set(hooks):
        raise ValueError(f"special {skill_id!r} needs special and special_options")
    if attack_scope not in ATTACK_SCOPES:
        raise ValueError(f"skill {skill_id!r}: attack_scope must be one of {ATTACK_SCOPES}")
    impl = SkillImpl(skill_id, type_, dict(hooks), ruling, attack_scope)
    SKILLS.setdefault(ruleset, {})[skill_id] = impl
    for hook in hooks:
        _HOOK_RULESETS.setdefault(hook, set()).add(ruleset)
    _unit_hooks_clear()
    return impl


_BY_ID: dict[int, tuple[Unit, dict[str, tuple[tuple[str, int | None, Any], ...]]]] = {}


def _unit_hooks(unit: Unit) -> dict[str, tuple[tuple[str, int | None, Any], ...]]:
    """Hooks of a chip, cached by object identity (hashing a Unit is slow; chips are shared, immutable)."""
    got = _BY_ID.get(id(unit))
    if got is not None and got[0] is unit:
        return got[1]
    hooks = _build_hooks(unit)
    _BY_ID[id(unit)] = (unit, hooks)
    return hooks


def _unit_hooks_clear() -> None:
    _BY_ID.clear()


# functools.lru_cache's spelling, which tests use; a function has no such attribute for mypy.
_unit_hooks.cache_clear = _unit_hooks_clear  # type: ignore[attr-defined]


_DISCOVERED = False


PLUGIN_GROUP = "hoplostat.rulesets"
"""Entry-point group of rule-set plug-ins (pyproject.toml `[project.entry-points."hoplostat.rulesets"]`)."""
PLAYER_GROUP = "hoplostat.players"
"""Entry-point group of player (controller) plug-ins: each registers its policies (`register_controller`)."""


_HOOK_RULESETS: dict[str, set[str]] = {}


def rulesets_with(hook: str) -> set[str]:
    """The rule sets that registered a skill on `hook` (every installed rule set discovered first). The same
    set object for every call, kept current by `register`: callers may hold on to it, and a chip can have
    that hook only if its rule set is in it (a cheap test before `unit_hooks` on hot paths)."""
    discover()
    return _HOOK_RULESETS.setdefault(hook, set())


def discover() -> None:
    """Load the installed rule-set plug-ins once (entry points of `PLUGIN_GROUP`): each registers its
    skills, effects and modes when imported. Called before a registry is first read, so no skill is ever
    looked up unregistered; no plug-in at all is an error, never a game with blank skills."""
    global _DISCOVERED
    if _DISCOVERED:
        return
    _DISCOVERED = True
    from importlib.metadata import entry_points

    found = list(entry_points(group=PLUGIN_GROUP))
    if not found:
        raise RuntimeError(f"no rule set is installed (entry points {PLUGIN_GROUP!r}): install hoplostat "
                           "with pip (e.g. `pip install -e .`), which registers its rule sets")
    for ep in sorted(found, key=lambda e: e.name):
        ep.load()
    for ep in sorted(entry_points(group=PLAYER_GROUP), key=lambda e: e.name):
        ep.load()


# --------------------------------------------------------------------------- players

CONTROLLERS: dict[str, Callable[..., Any]] = {}
"""Policy name -> factory(rng=...) of a controller (`policies` registers random and greedy). The engine
asks by name (scenario files name their troops' policies) without importing the players' layer."""


def register_controller(name: str, factory: Callable[..., Any]) -> None:
    CONTROLLERS[name] = factory


def controller_names() -> tuple[str, ...]:
    discover()
    return tuple(CONTROLLERS)


def make_controller(name: str, *, rng: Any) -> Any:
    """A controller by policy name, `name` or `name:ARG` (e.g. `lookahead:64`, a budget); InputError naming
    the known ones."""
    discover()
    base, colon, arg = name.partition(":")
    factory = CONTROLLERS.get(base)
    if factory is None or (colon and not arg):
        from hoplostat.errors import InputError

        raise InputError(f"unknown policy {name!r}; allowed: {', '.join(CONTROLLERS)}")
    return factory(rng=rng, arg=arg) if colon else factory(rng=rng)


def _build_hooks(unit: Unit) -> dict[str, tuple[tuple[str, int | None, Any], ...]]:
    discover()
    out: dict[str, list[tuple[str, int | None, Any]]] = {}
    # attack hooks by scope: None (aura), "attacker", "target" -> hook name -> (skill id, param, handler)
    scoped: dict[str | None, dict[str, list]] = {sc: {h: [] for h in _ATTACK_ORDER} for sc in ATTACK_SCOPES}
    for ref in unit.skills:
        impl = SKILLS.get(unit.ruleset, _NONE).get(ref.id)
        if impl is None:
            continue
        for hook, fn in impl.hooks.items():
            out.setdefault(hook, []).append((ref.id, ref.param, fn))
            if hook in ATTACK_HOOKS:
                scoped[impl.attack_scope][hook].append((ref.id, ref.param, fn))
    hooks: dict[str, Any] = {k: tuple(v) for k, v in out.items()}

    def triple(sc: str | None) -> tuple[tuple, tuple, tuple]:
        dice, bonus, reduction = (tuple(scoped[sc][h]) for h in _ATTACK_ORDER)
        return dice, bonus, reduction

    if any(scoped[None].values()):
        hooks[ATTACK_ANY] = True
        hooks[AURA_HOOKS] = triple(None)
    if any(scoped["attacker"].values()) or any(scoped["target"].values()):
        hooks[SCOPED_HOOKS] = (triple("attacker"), triple("target"))
    return hooks


_ATTACK_ORDER = ("attack_dice", "attack_bonus", "damage_reduction")


def hook_map(unit: Unit) -> dict[str, tuple[tuple[str, int | None, Any], ...]]:
    """All hooks of a chip: hook name -> (skill id, param, handler) tuples; empty for a plain chip."""
    got = _BY_ID.get(id(unit))
    if got is not None and got[0] is unit:
        return got[1]
    return _unit_hooks(unit)


def unit_hooks(unit: Unit, hook: str) -> tuple[tuple[str, int | None, Any], ...]:
    """(skill id, param, handler) of this chip's registered skills for a hook, in chip order."""
    got = _BY_ID.get(id(unit))
    if got is not None and got[0] is unit:
        return got[1].get(hook, ())
    return _unit_hooks(unit).get(hook, ())


_NONE: dict[str, SkillImpl] = {}


# --------------------------------------------------------------------------- granted skills

_GRANTED: dict[tuple[int, tuple[SkillRef, ...], int, int], tuple[Unit, Unit]] = {}
"""(id of the printed chip, granted skills, Movement change, Range change) -> (printed chip, the chip played)."""
_PRINTED: dict[int, Unit] = {}
"""id of a chip made by `with_granted` -> its printed chip."""


def printed_chip(unit: Unit) -> Unit:
    """The chip as printed: `unit` itself unless `with_granted` made it."""
    return _PRINTED.get(id(unit), unit)


def with_granted(unit: Unit, skills: Sequence[SkillRef | str] = (), *, movement: int = 0, range_: int = 0) -> Unit:
    """The chip a unit plays with while the arena or a game state grants it skills its chip does not print
    (Pandora's Wake's arena die: Absorb, Retaliate, Blasphemous; +1 Range, +2 Movement): the
    printed chip's stats and skills, then the granted skills it does not already have (a skill twice adds
    nothing, R-ENG-4), Movement and Range changed by `movement` and `range_`. Every hook lookup
    (`hook_map`, `unit_hooks`, the state's `hooked` views) reads a unit's chip, so a granted skill works
    exactly like a printed one. One chip object per (printed chip, grant), so the caches keyed by chip
    identity stay valid. Nothing granted: the printed chip itself."""
    base = printed_chip(unit)
    refs = tuple(SkillRef(r) if isinstance(r, str) else r for r in skills)
    refs = tuple(r for i, r in enumerate(refs) if not base.has_skill(r.id) and all(q.id != r.id for q in refs[:i]))
    if not refs and not movement and not range_:
        return base
    key = (id(base), refs, movement, range_)
    got = _GRANTED.get(key)
    if got is not None and got[0] is base:
        return got[1]
    chip = replace(base, skills=base.skills + refs, movement=max(0, base.movement + movement),
                   range=max(0, base.range + range_))
    _GRANTED[key] = (base, chip)
    _PRINTED[id(chip)] = base
    return chip


def grant(s: Any, u: Any, skills: Sequence[SkillRef | str] = (), *, movement: int = 0, range_: int = 0,
          printed: Unit | None = None) -> bool:
    """Give unit `u` of state `s` exactly these granted skills and stat changes on top of its printed chip
    (`printed`, default the chip under its current grant; a chip swap such as a Wretch's level passes the
    new chip): sets `u.unit` (`with_granted`) and, when the chip changed, bumps `s.combat_version` so the
    state's per-hook views of the units in combat are rebuilt. () with no change takes every grant away.
    Returns whether the chip changed."""
    chip = with_granted(printed if printed is not None else printed_chip(u.unit), skills, movement=movement,
                        range_=range_)
    if chip is u.unit:
        return False
    u.unit = chip
    s.combat_version += 1
    return True


def skill_impl(skill_id: str, ruleset: str) -> SkillImpl | None:
    """The implementation of a skill id in a rule set, or None."""
    discover()
    return SKILLS.get(ruleset, _NONE).get(skill_id)


def is_implemented(skill_id: str, ruleset: str) -> bool:
    return skill_impl(skill_id, ruleset) is not None


def unimplemented_in_game(s: Any) -> tuple[str, ...]:
    """Skill ids on the chips of a game (`GameState.units`) that the engine does not implement, sorted."""
    return _missing({(u.unit.ruleset, r.id) for u in s.units for r in u.unit.skills})


def unimplemented_skills(catalog: Any) -> tuple[str, ...]:
    """Skill ids on chips of the catalog (or defined in it) that the engine does not implement.

    The engine never ignores a skill silently: modes report these ids and tests pin the list.
    """
    ruleset = getattr(catalog, "ruleset", "remastered")
    ids: set[tuple[str, str]] = {(ruleset, sid) for sid in getattr(catalog, "skills", {}) or {}}
    for u in catalog.units.values():
        ids.update((u.ruleset, r.id) for r in u.skills)
    return _missing(ids)


def _missing(ids: set[tuple[str, str]]) -> tuple[str, ...]:
    """Sorted skill ids of (rule set, skill id) pairs that their rule set does not implement."""
    discover()
    return tuple(sorted({i for rs, i in ids if i not in SKILLS.get(rs, _NONE)}))


# --------------------------------------------------------------------------- effects

EFFECT_CONTEXTS = ("tactic", "trigger", "titan", "shard")
"""Where an effect term is resolved: a tactic played (`rules.place_tactic`), an immortal's dice trigger,
a titan's effects table, a defeated titan shard."""
CORE = "*"
"""Rule set key of effects every rule set shares (the engine's own: a tactic's heal, damage, ...)."""


@dataclass(frozen=True)
class EffectImpl:
    term: str
    context: str
    ruleset: str
    fn: Callable[..., Any] | None
    """The handler; None for a term the rules read as a modifier (a tactic's range-add, movement-set)."""


EFFECTS: dict[tuple[str, str, str], EffectImpl] = {}


def register_effect(term: str, context: str, fn: Callable[..., Any] | None = None, *,
                    ruleset: str = CORE) -> EffectImpl:
    """Make `term` resolvable in `context` for `ruleset` (`CORE`: every rule set, unless one registers its
    own). Handler signatures per context: tactic `fn(g, troop, target, arg, tactic)`; trigger
    `fn(g, mode, immortal, target, arg, rival_controller)`; titan `fn(g, titan, arg)`; shard
    `fn(g, shard, arg)`. `fn=None`: a modifier term the derived stats read (nothing happens on resolve)."""
    if context not in EFFECT_CONTEXTS:
        raise ValueError(f"effect {term!r}: unknown context {context!r}; contexts: {', '.join(EFFECT_CONTEXTS)}")
    impl = EffectImpl(term, context, ruleset, fn)
    EFFECTS[(ruleset, context, term)] = impl
    return impl


def effect(term: str, context: str, *, ruleset: str = CORE):
    """Decorator form of `register_effect`."""
    def deco(fn):
        register_effect(term, context, fn, ruleset=ruleset)
        return fn
    return deco


def effect_impl(ruleset: str, context: str, term: str) -> EffectImpl | None:
    """The rule set's own handler of a term, else the core one, else None (unimplemented)."""
    got = EFFECTS.get((ruleset, context, term))
    if got is None:
        discover()
        got = EFFECTS.get((ruleset, context, term)) or EFFECTS.get((CORE, context, term))
    return got


def unimplemented_effects(catalog: Any, ruleset: str) -> tuple[str, ...]:
    """`context:term` of every effect on the catalog's tactics, immortal triggers, titan tables and shard
    rules that no handler resolves for `ruleset`, sorted (reported like unimplemented skills)."""
    discover()
    used: set[tuple[str, str]] = set()
    for t in getattr(catalog, "tactics", {}).values():
        used.update(("tactic", e.term) for e in t.effects)
    for im in getattr(catalog, "immortals", {}).values():
        used.update(("trigger", e.term) for trig in im.triggers for e in trig.effects)
    for ti in getattr(catalog, "titans", {}).values():
        used.update(("titan", e.term) for row in ti.effects for tier in row.tiers for e in tier.effects)
        used.update(("shard", e.term) for e in ti.shards.on_defeat)
        used.update(("tactic", e.term) for e in ti.shards.holder)
    return tuple(sorted(f"{c}:{t}" for c, t in used if effect_impl(ruleset, c, t) is None))

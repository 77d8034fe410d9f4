"""Game state: plain mutable `__slots__` dataclasses, changed only through `engine.rules`.

A `UnitState` exists for every chip a troop owns (in the bag, the camp, combat or
the discard); `GameState.units[uid]` is that chip, `GameState.board[hex]` the uid
standing on a hex (or -1). Rules functions keep the two in step.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Self

from typing_extensions import TypeVar

from hoplostat.catalog.model import Tactic, Unit
from hoplostat.engine.hexgrid import HexGrid, occupied_or_blocked
from hoplostat.engine.mode import Mode
from hoplostat.engine.registry import ATTACK_ANY, AURA_HOOKS, SCOPED_HOOKS, hook_map

_EMPTY: list = []
_ALL, _TROOP, _OPP, _AURAS, _SCOPED = "\0all", "\0troop", "\0opp", "\0auras", "\0scoped"
_TROOP_KEY = tuple(_TROOP + str(t) for t in range(8))
_OPP_KEY = tuple(_OPP + str(t) for t in range(8))
"""`hooked_cache` keys of the usual troop indices, built once (`_TROOP + str(troop)` is hot)."""

# Where a chip is.
BAG, CAMP, COMBAT, DISCARD, TRACK = "bag", "camp", "combat", "discard", "track"
SIDES = ("red", "blue")


@dataclass(slots=True)
class PlacedTactic:
    """A tactic on a unit: the chip and the troop that played it (DEF-2: it goes back to that troop's discard).
    Never changed once placed, so clones of a state share it."""

    tactic: Tactic
    owner: int
    turn: int
    stuns: bool = field(init=False, default=False)
    """The tactic fatigues its unit (a "stun" effect, SKL-7); computed once."""

    def __post_init__(self) -> None:
        self.stuns = any(e.term == "stun" for e in self.tactic.effects)


@dataclass(slots=True)
class UnitState:
    uid: int
    unit: Unit
    troop: int
    zone: str = BAG
    hex: int = -1
    hp: int = 0
    active: bool = True
    """False for an inactive hero (UNIT-7, UNIT-8)."""
    is_primary_hero: bool = False
    deployed_turn: int = -1
    """Global turn number of deployment; dazed while it equals `GameState.turn` (DEP-4)."""
    moved_turn: int = -1
    engaged_turn: int = -1
    abilities_used: dict[str, int] = field(default_factory=dict)
    """skill id -> turn number it was last used (SKL-2: once per turn)."""
    tactics: list[PlacedTactic] = field(default_factory=list)
    parry_turn: int = -1
    """Round in which Parry was last used (data/remastered/skills.toml: once per round)."""
    impelled_turn: int = -1
    """Turn in which an Impel lets this unit attack a second time."""
    hp_gained: int = 0
    """HP gained (not healed) since deployment: HP never exceeds Health + this (UNIT-4)."""
    # Per-unit statistics (GameResult.units): accumulated by the rules functions.
    entered: bool = False
    """Ever in combat (deployed, chained on its hero hex, or placed as a sentinel)."""
    times_deployed: int = 0
    damage_dealt: int = 0
    """HP removed from opponents by this unit (attacks, Specials, Abilities, Innates)."""
    kills: int = 0
    times_defeated: int = 0
    damage_taken: int = 0
    """HP removed from this unit (what it held for its troop before it fell or survived)."""
    tactics_enabled: int = 0
    """Tactics its troop placed on an opposing unit that only this unit's reach (Tactical) made a target."""

    @property
    def elite(self) -> bool:
        return self.unit.elite

    @property
    def name(self) -> str:
        return self.unit.name

    def in_combat(self) -> bool:
        return self.zone == COMBAT


@dataclass(slots=True)
class TroopState:
    """One troop. Its `side` names its deployment hexes; its `health` names the health-chip supply it draws
    from (default: its side's colour); its team is `GameState.team_of`. Three separate facts, so that
    several troops can pool one supply (a free-for-all), teammates share one, or a third party has its own."""

    index: int
    side: str
    faction: str
    tactics_camp: list[Tactic] = field(default_factory=list)
    tactics_discard: list[Tactic] = field(default_factory=list)
    favor: int = 0
    """Bead position on the crowd favor track (capped at the last reward)."""
    favor_total: int = 0
    """All crowd favor earned, including what the capped track could not show."""
    rewards: int = 0
    primary_hero: int = -1
    deployed: int = 0
    damage_dealt: int = 0
    kills: int = 0
    units_lost: int = 0
    tactic_damage: int = 0
    """Part of damage_dealt done by this troop's tactics (no unit is its source)."""
    tactic_kills: int = 0
    # Colosseum crowd favor (CF-4..CF-6; engine/colosseum.py): five tracks of five spaces.
    track: int = -1
    """The track the bead is on (-1: below the tracks)."""
    tracks_done: list[bool] = field(default_factory=lambda: [False] * 5)
    track_chips: list[int] = field(default_factory=lambda: [-1] * 4)
    """Owner (troop index) of the support chip above each non-gold track; -1 when none (SKR-4)."""
    outer_open: bool = False
    """The "activate your hero" reward opened every outer deployment hex to this troop (ARN-4)."""
    foothold_moves: bool = False
    """The "move or flip a foothold each turn" reward (CF-6)."""
    health: str = ""
    """Key of the health-chip supply this troop's units draw from and return to; "" = its side."""

    @property
    def supply_key(self) -> str:
        return self.health or self.side


T = TypeVar("T", bound=TroopState, covariant=True, default=TroopState)
"""A state's troop type: a rule set that keeps more per troop (`rulesets.classic.state.ClassicTroop`, ...) plays
a `GameState[ItsTroop]`, so `s.troops[i]` is its troop type."""


@dataclass(slots=True)
class GameState(Generic[T]):
    grid: HexGrid
    units: list[UnitState]
    troops: list[T]
    board: list[int]
    supply: dict[str, int]
    supply_start: dict[str, int]
    order: list[int]
    combat: list[int] = field(default_factory=list)
    """uids in combat, in order of arrival (kept by rules.deploy / rules.defeat)."""
    round: int = 0
    turn: int = 0
    active: int = -1
    turn_index: int = -1
    """Where in the round play is: the index of the current turn among the mode's `round_turns` (-1 before
    the first turn of a round). With `step_index`, what `engine.loop.resume` continues a clone from."""
    step_index: int = 0
    """Index of the current step within the current turn (the number of its steps already done)."""
    max_rounds: int = 0
    """The round cap the game is played to (set by `engine.loop.run`; 0 before)."""
    winner: int | None = None
    end_reason: str | None = None
    log: list[str] | None = None
    mode: Any = field(default_factory=Mode)
    """The mode object (`engine.mode.Mode`): the rules call its hooks (`after_defeat`, `after_damage`,
    `ignores_damage`, `after_move`); a bare `Mode()` when no mode plays (a board in a test)."""
    support_unit: Unit | None = None
    """The catalog's sentinel stat line (all sentinels share one; Remastered, "Sentinels")."""
    footholds: dict[int, int] = field(default_factory=dict)
    """Colosseum footholds: hex -> troop whose foothold it is (SUP-2, SUP-3)."""
    muted: list[bool] = field(default_factory=list)
    """Per hex, plus one trailing False for hex -1: an inner deployment hex without a foothold, where
    units cannot attack and their skills are ignored (ARN-5). Kept by `refresh_muted`."""
    mute_exempt: list[bool] = field(default_factory=list)
    """Per troop: its units are not restricted by muted hexes (a titan's rivals, ASC-3). Checked only
    where a hex is muted, so it costs nothing elsewhere."""
    move_src: int = -1
    """The hex the last move started from (`rules._after_move`), for triggered skills that need the move's path
    (a Cover skill, ORI-61); -1 before any move."""
    combat_version: int = 0
    """Bumped whenever `combat` changes (`enter_combat`, `leave_combat`): keys the `hooked` cache."""
    hooked_cache: dict[str, Any] = field(default_factory=dict)
    """Views of `combat` (`hooked`): hook name or troop key -> its units (a list of `UnitState`); two private
    keys hold the attack auras (a list of tuples) and the scoped attack hooks (uid -> hooks)."""
    hooked_version: int = -1
    rulings: dict[str, str] = field(default_factory=dict)
    """Ruling switches this game changed from their defaults (`engine.rulings`); empty for the rulings as written."""

    def __post_init__(self) -> None:
        if not self.muted:
            self.refresh_muted()
        if not self.mute_exempt:
            self.mute_exempt = [False] * len(self.troops)

    def enter_combat(self, u: UnitState) -> None:
        self.combat.append(u.uid)
        self._view_change(u, True)

    def leave_combat(self, u: UnitState) -> None:
        if u.uid in self.combat:
            self.combat.remove(u.uid)
            self._view_change(u, False)

    def _view_change(self, u: UnitState, entered: bool) -> None:
        """Bump `combat_version` for one unit entering (appended: arrival order) or leaving combat, and, when
        the views were current, bring them up to date for that unit alone: the lists it belongs in are
        replaced by new ones with it added or removed (never changed in place, since callers may keep and
        be iterating the old ones), the lazily built opponents' views dropped. The result equals a full
        `_rebuild_views` (same units, same order); views that were stale are left to that rebuild."""
        current = self.hooked_version == self.combat_version
        self.combat_version += 1
        if not current:
            return
        cache = self.hooked_cache
        for k in [k for k in cache if k.startswith(_OPP)]:
            del cache[k]
        # On leaving, the views were built with the unit's chip as it is now (a chip swap bumps
        # `combat_version`), so they hold it exactly where `hook_map` of that chip says.
        hm = hook_map(u.unit)
        keys = (_ALL, _TROOP_KEY[u.troop] if 0 <= u.troop < 8 else _TROOP + str(u.troop), *hm)
        if entered:
            for k in keys:
                got = cache.get(k)
                cache[k] = [u] if got is None else [*got, u]
            if ATTACK_ANY in hm:
                cache[_AURAS] = [*cache[_AURAS], (u, *hm[AURA_HOOKS])]
            if SCOPED_HOOKS in hm:
                cache[_SCOPED] = {**cache[_SCOPED], u.uid: hm[SCOPED_HOOKS]}
        else:
            for k in keys:
                got = cache.get(k)
                if got is not None:
                    cache[k] = [x for x in got if x is not u]
            if ATTACK_ANY in hm:
                cache[_AURAS] = [a for a in cache[_AURAS] if a[0] is not u]
            if SCOPED_HOOKS in hm:
                cache[_SCOPED] = {x: v for x, v in cache[_SCOPED].items() if x != u.uid}
        self.hooked_version = self.combat_version

    def hooked(self, hook: str) -> list[UnitState]:
        """Units in combat (arrival order) whose chip has a registered skill on `hook` (working or not).
        Cached until `combat` changes; the returned list is never mutated, so callers may keep it.
        Code that swaps the chip of a unit in combat (tests) must bump `combat_version`."""
        if self.hooked_version != self.combat_version:
            self._rebuild_views()
        return self.hooked_cache.get(hook, _EMPTY)

    def _rebuild_views(self) -> None:
        """Per-version views of `combat`: units by hook name, by troop, and opponents of each troop."""
        us = self.units
        cache: dict[str, Any] = {}
        by_troop: dict[int, list[UnitState]] = {t.index: [] for t in self.troops}
        everyone = [us[i] for i in self.combat]
        # Attack auras (rules.attack_profile): (unit, dice hooks, bonus hooks, reduction hooks), arrival order;
        # scoped attack hooks (a unit's own attacks, attacks on it) by uid.
        auras = []
        scoped: dict[int, tuple] = {}
        for u in everyone:
            by_troop.setdefault(u.troop, []).append(u)
            hm = hook_map(u.unit)
            if not hm:
                continue
            for hook in hm:
                got = cache.get(hook)
                if got is None:
                    cache[hook] = [u]
                else:
                    got.append(u)
            if ATTACK_ANY in hm:
                auras.append((u, *hm[AURA_HOOKS]))
            own = hm.get(SCOPED_HOOKS)
            if own is not None:
                scoped[u.uid] = own
        cache[_ALL] = everyone
        cache[_AURAS] = auras
        cache[_SCOPED] = scoped
        for t, mine in by_troop.items():
            cache[_TROOP_KEY[t] if 0 <= t < 8 else _TROOP + str(t)] = mine
        # opponents of a troop: built when first asked (`opponents_of`), not for every troop on every change
        self.hooked_cache = cache
        self.hooked_version = self.combat_version

    def refresh_muted(self) -> None:
        """ARN-5: inner hexes mute their units unless a foothold is there (Remastered, "Footholds")."""
        fh = self.footholds
        muted = [False] * (self.grid.n + 1)
        for h in self.grid.inner_hexes:
            if h not in fh:
                muted[h] = True
        self.muted = muted

    # --- queries -------------------------------------------------------------------

    def say(self, text: str) -> None:
        if self.log is not None:
            self.log.append(text)

    def side_of(self, troop: int) -> str:
        return self.troops[troop].side

    def supply_of(self, troop: int) -> str:
        """The health-chip supply key of a troop (`TroopState.health`, by default its side)."""
        t = self.troops[troop]
        return t.health or t.side

    has_teams = False
    """Troops form teams beyond themselves (`TeamGameState`); a class fact, so `rules.same_team` is one test
    in the modes without teams."""

    def team_of(self, troop: int) -> int:
        """Each troop is its own team unless the state says otherwise (`TeamGameState.teams`)."""
        return troop

    def in_combat(self, troop: int | None = None) -> list[UnitState]:
        """Units on the board (arrival order), all troops or one troop. Cached per `combat` change:
        do not mutate the returned list."""
        if self.hooked_version != self.combat_version:
            self._rebuild_views()
        if troop is None:
            return self.hooked_cache[_ALL]
        key = _TROOP_KEY[troop] if 0 <= troop < 8 else _TROOP + str(troop)
        return self.hooked_cache.get(key, _EMPTY)

    def attack_views(self) -> tuple[list[tuple], dict[int, tuple]]:
        """The attack views of the units in combat, cached as `in_combat` (`rules.attack_profile`, asked for
        every attack option): the auras, (unit, attack_dice, attack_bonus, damage_reduction hook tuples) of the
        units with any aura attack hook in arrival order, and the scoped hooks, uid -> (hooks as the attacker,
        hooks as the target) of the units with scoped attack skills (`registry.SCOPED_HOOKS`)."""
        if self.hooked_version != self.combat_version:
            self._rebuild_views()
        cache = self.hooked_cache
        return cache[_AURAS], cache[_SCOPED]

    def opponents_of(self, troop: int) -> list[UnitState]:
        """Units in combat of every other troop (cached as `in_combat`; do not mutate)."""
        if self.hooked_version != self.combat_version:
            self._rebuild_views()
        key = _OPP_KEY[troop] if 0 <= troop < 8 else _OPP + str(troop)
        got = self.hooked_cache.get(key)
        if got is None:
            got = self.hooked_cache[key] = [u for u in self.hooked_cache[_ALL] if u.troop != troop]
        return got

    def zone(self, troop: int, zone: str) -> list[UnitState]:
        return [u for u in self.units if u.troop == troop and u.zone == zone]

    def occupant(self, hex_: int) -> UnitState | None:
        u = self.board[hex_]
        return None if u < 0 else self.units[u]

    def is_dazed(self, u: UnitState) -> bool:
        """Deployed this turn (DEP-4, SKL-8)."""
        return u.deployed_turn == self.turn

    def is_fatigued(self, u: UnitState) -> bool:
        """A Stun-like tactic is on the unit (SKL-7)."""
        for pt in u.tactics:
            if pt.stuns:
                return True
        return False

    def skills_work(self, u: UnitState) -> bool:
        """Skills work unless fatigued, an inactive hero, or on an inner hex without a foothold
        (SKL-1, SKL-7, UNIT-7, ARN-5)."""
        return u.active and not (self.muted[u.hex] and not self.mute_exempt[u.troop]) \
            and not (u.tactics and self.is_fatigued(u))

    def is_muted(self, u: UnitState) -> bool:
        """On a Colosseum inner deployment hex without a foothold: cannot attack, skills ignored (ARN-5)."""
        return self.muted[u.hex] and not self.mute_exempt[u.troop]

    def blocked_for_move(self, troop: int | None = None) -> list[bool]:
        """Blocked hexes for a unit of `troop`: units, static blocks and pedestals (MOV-2, ARN-6), and
        footholds of other troops (SUP-3). `troop=None` leaves footholds out."""
        b = occupied_or_blocked(self.board, self.grid.move_block)  # hot: every movement decision
        if troop is not None and self.footholds:
            for h, t in self.footholds.items():
                if t != troop:
                    b[h] = True
        return b

    def can_occupy(self, troop: int, h: int, *, sentinel: bool = False) -> bool:
        """A unit of `troop` may stand on hex h (ignoring who stands there now): pedestals only for
        sentinels (ARN-6), never another troop's foothold (SUP-3), never a statically blocked hex."""
        if self.grid.pedestal[h]:
            return sentinel
        if self.grid.move_block[h]:
            return False
        return self.footholds.get(h, troop) == troop

    _clone_reset: ClassVar[dict[str, Any]] = {"hooked_cache": None, "hooked_version": -1}
    """Caches a clone starts without (rebuilt on first use): field -> value (None: a new empty dict)."""

    def clone(self) -> Self:
        """An independent copy for lookahead (`rules.Game.clone`): the units, troops and every list, dict and
        set of the state are copied; catalog chips, tactics, placed tactics, the grid and the mode object
        are shared (never changed in play); the state's caches start empty. A subclass field holding other
        objects is deep-copied, its references to units and troops mapped to their copies."""
        cls = type(self)
        memo: dict[int, Any] = {}
        units = [_copy_slots(u, memo) for u in self.units]
        troops = [_copy_slots(t, memo) for t in self.troops]
        new = object.__new__(cls)
        reset = cls._clone_reset
        for name in _slot_names(cls):
            if name == "units":
                v: Any = units
            elif name == "troops":
                v = troops
            elif name in reset:
                v = reset[name]
                v = {} if v is None else v
            else:
                v = _copy_value(getattr(self, name), memo)
            object.__setattr__(new, name, v)
        return new

@dataclass(slots=True)
class TeamGameState(GameState[T]):
    """A GameState whose troops form teams (solo/co-op modes against rivals): allies are every unit of the
    same team, across troops (UNIT-11, R-ENG-25)."""

    teams: list[int] = field(default_factory=list)
    """Team of each troop: 0 players, 1 rivals."""
    players: list[int] = field(default_factory=list)
    """Indices of the player-controlled troops."""
    opp_views: dict[int, list[UnitState]] = field(default_factory=dict)
    opp_version: int = -1
    has_teams = True
    _clone_reset: ClassVar[dict[str, Any]] = {**GameState._clone_reset, "opp_views": None, "opp_version": -1}

    def team_of(self, troop: int) -> int:
        return self.teams[troop]

    def opponents_of(self, troop: int) -> list[UnitState]:
        """Units in combat of the other team (cached per change of `combat`; do not mutate)."""
        if self.opp_version != self.combat_version:
            self.opp_views = {}
            self.opp_version = self.combat_version
        got = self.opp_views.get(troop)
        if got is None:  # built when first asked, per troop
            teams = self.teams
            team = teams[troop]
            got = self.opp_views[troop] = [u for u in self.in_combat() if teams[u.troop] != team]
        return got


# --------------------------------------------------------------------------- cloning

_ATOMIC = frozenset({int, str, bool, float, type(None)})
_SHARED = frozenset({Unit, Tactic, HexGrid, PlacedTactic})
_SLOTS: dict[type, tuple[str, ...]] = {}


def _slot_names(cls: type) -> tuple[str, ...]:
    got = _SLOTS.get(cls)
    if got is None:
        names: list[str] = []
        for k in reversed(cls.__mro__):
            for name in getattr(k, "__slots__", ()):
                if name not in names and not name.startswith("__"):
                    names.append(name)
        got = _SLOTS[cls] = tuple(names)
    return got


_COPIERS: dict[type, Any] = {}


def _copy_slots(obj: Any, memo: dict[int, Any]) -> Any:
    """A copy of a unit's or a troop's state, recorded in `memo` (so that deep-copied fields elsewhere refer
    to the copy): its containers (the fields with a default factory) by `_copy_value`, every other field
    (a number, a string, a catalog chip) as it is. One straight-line function per class, written once."""
    fn = _COPIERS.get(type(obj))
    if fn is None:
        fn = _COPIERS[type(obj)] = _copier(type(obj))
    return fn(obj, memo)


def _copier(cls: type) -> Any:
    from dataclasses import MISSING, fields

    containers = {f.name for f in fields(cls) if f.default_factory is not MISSING}
    lines = ["def copy_(o, memo):", "    n = new(cls)"]
    for name in _slot_names(cls):
        value = f"cv(o.{name}, memo)" if name in containers else f"o.{name}"
        lines.append(f"    n.{name} = {value}")
    lines += ["    memo[id(o)] = n", "    return n"]
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls, "cv": _copy_value}
    exec("\n".join(lines), scope)
    return scope["copy_"]


def _copy_value(v: Any, memo: dict[int, Any]) -> Any:
    """Immutable values and shared catalog objects as they are; a list, dict or set of plain values (the
    state's are homogeneous: its first item tells) copied shallowly; anything else deep-copied with `memo`."""
    t = type(v)
    if t in _ATOMIC or t in _SHARED:
        return v
    if t is list:
        if not v:
            return []
        first = type(v[0])
        if first in _ATOMIC or first in _SHARED:
            return v.copy()
    elif t is dict:
        if not v:
            return {}
        k, x = next(iter(v.items()))
        if type(k) in _ATOMIC and type(x) in _ATOMIC:
            return v.copy()
    elif t is set:
        if not v or type(next(iter(v))) in _ATOMIC:
            return v.copy()
    elif isinstance(v, Mode):
        return v
    return copy.deepcopy(v, memo)

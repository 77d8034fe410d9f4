"""Origins' turn (ORI-9): its phases (start, Deploy, Move with the movement phase's Abilities and the pick-ups,
Attack with Trident's Call, the Abilities and each unit's attack), the attack phase's options and the chips
carried on the board (a Tribute, the Spear). `OriginsTurn` is the base of the mode class `mode.Origins`."""

from __future__ import annotations

from hoplostat.catalog.model import Catalog
from hoplostat.dice import Pool
from hoplostat.engine import rules
from hoplostat.engine.loop import Mode
from hoplostat.engine.registry import unit_hooks
from hoplostat.engine.rules import Game
from hoplostat.engine.state import CAMP, DISCARD, UnitState
from hoplostat.engine.steps import each_once, end_temporary_tactics, movement_step
from hoplostat.rulesets.classic import turn as phase
from hoplostat.rulesets.lost_cities.skills import MOVE_ABILITIES as LOST_CITIES_MOVE_ABILITIES
from hoplostat.rulesets.origins import combat
from hoplostat.rulesets.origins.base import (
    ATLANTIS,
    EL_DORADO,
    XANADU,
    XANADU_POINTS,
    OriginsState,
    OriginsTroop,
    is_gladiator,
)
from hoplostat.rulesets.origins.skills import MOVE_PHASE
from hoplostat.rulesets.origins.tactics import tactic_options
from hoplostat.rulesets.rise_of_rome.skills import lift_flips

MOVEMENT_PHASE_ABILITIES = MOVE_PHASE | LOST_CITIES_MOVE_ABILITIES
"""Abilities used in the movement phase (R-ORI-8): Origins' own, and a foreign chip's by its own box's text
(R-ORI-19): The Lost Cities uses Pull and Hurl in its movement phase ("Phase 3: Movement", TLC-34). Every other
Ability, Origins' or foreign (The Lost Cities' Fury Aura), is one of the attack phase."""
TRIDENT_SPEAR = Pool.of(green=1, blue=1, yellow=1)
"""ORI-88: Trident Spear's dice."""


class OriginsTurn(Mode):
    """The turn of an Origins game, for the mode class (`mode.Origins`, which sets the catalog and the round cap)."""

    catalog: Catalog | None
    cap: int
    """The round cap of one challenge."""

    def played_catalog(self) -> Catalog:
        """The catalog of the game this mode plays (a mode made without one, for a bare board, plays none)."""
        assert self.catalog is not None
        return self.catalog

    # --- the phases -----------------------------------------------------------------------------
    def start(self, g: Game[OriginsState], troop: int) -> None:
        """Single-turn tactics this house played end (ORI-15); Xanadu: each of its units on an arena hex scores
        1 arena point, six or more win at once (ORI-33, ORI-36)."""
        s = g.state
        end_temporary_tactics(g, troop)
        if s.arena_id == XANADU:
            t: OriginsTroop = s.troops[troop]
            n = sum(1 for u in s.in_combat(troop) if "arena" in s.grid.tags[u.hex])
            if n:
                t.points += n
                s.say(f"{t.faction} ({t.side}) scores {n} arena point(s), {t.points} in all")
                if t.points >= XANADU_POINTS:
                    self.end(g, f"{t.faction} reached {t.points} arena points", troop)

    def deploy(self, g: Game[OriginsState], troop: int) -> None:
        """Origins, "Phase 1": one gladiator, one tactic, or one of each (ORI-9); the gladiator first, so that its
        Tactical Range counts at once (ORI-14, as R-ROR-2)."""
        self.deploy_gladiator(g, troop)
        if g.state.end_reason is None:
            self.deploy_tactic(g, troop)

    def deploy_gladiator(self, g: Game[OriginsState], troop: int) -> None:
        s = g.state
        if any(u.deployed_turn == s.turn for u in s.units if u.troop == troop):
            return  # already deployed this turn (a resumed step)
        opts = self.gladiator_options(s, troop)
        if opts:
            choice = g.ask(troop, "deploy", opts, optional=True, step=True)
            if choice is not None:
                self.place(g, *choice)

    def deploy_tactic(self, g: Game, troop: int) -> None:
        s = g.state
        topts = tactic_options(s, troop)
        if topts:
            choice = g.ask(troop, "tactic", topts, optional=True, step=True)
            if choice is not None:
                i, uid = choice
                rules.place_tactic(g, troop, s.troops[troop].tactics_camp[i], s.units[uid])

    def gladiator_options(self, s: OriginsState, troop: int) -> list[tuple[int, int]]:
        """ORI-11, ORI-25: a gladiator brought to this challenge onto a free deployment hex of its house; no
        second Special Gladiator in a challenge."""
        t: OriginsTroop = s.troops[troop]
        hexes = [h for h in self.deployment_hexes(s, troop) if s.board[h] < 0]
        left = s.supply[s.supply_of(troop)]
        units = [u for u in s.units if u.troop == troop and u.zone == CAMP
                 and not (t.special_deployed and u.unit.kind == "special-gladiator")]
        return [(u.uid, h) for u in units if u.unit.health <= left for h in hexes]

    def place(self, g: Game[OriginsState], uid: int, h: int) -> None:
        """ORI-11; ORI-47: in Atlantis the first gladiator a house deploys is its Leader, with double Health
        (the extra health chips are gained on deployment)."""
        s = g.state
        u = s.units[uid]
        t: OriginsTroop = s.troops[u.troop]
        rules.deploy(g, u, h)
        if u.unit.kind == "special-gladiator":
            t.special_deployed = True
        if s.arena_id == ATLANTIS and t.leader < 0:
            t.leader = uid
            rules.gain_hp(g, u, u.unit.health)
            s.say(f"{u.name} is the Leader of {t.faction}, with {u.hp} health")

    def deployment_hexes(self, s, troop: int) -> tuple[int, ...]:
        """ORI-2, ORI-34, ORI-48: the house's deployment hexes of this arena (El Dorado's brown ones are the
        blue side's, R-ORI-3)."""
        return s.grid.tagged(f"deploy-{s.troops[troop].side}")

    def move(self, g: Game[OriginsState], troop: int) -> None:
        """ORI-17: the movement phase's Abilities first (R-ORI-8), then each unit once up to its Move Range;
        at its end the Tribute and Spear pick-ups (ORI-40, ORI-49)."""
        self.move_abilities(g, troop)
        if g.state.end_reason is None:
            self.move_units(g, troop)

    def move_abilities(self, g: Game[OriginsState], troop: int) -> None:
        each_once(g, troop, "ability", lambda: self.move_ability_options(g, troop),
                  lambda choice: self._use_ability(g, troop, choice))

    def move_ability_options(self, g: Game, troop: int) -> list[tuple]:
        """The Abilities of the movement phase (`MOVEMENT_PHASE_ABILITIES`) the troop's units can use now."""
        return [o for o in rules.ability_options(g, troop,
                                                 usable=phase.gives_reach) if o[1] in MOVEMENT_PHASE_ABILITIES]

    def move_units(self, g: Game[OriginsState], troop: int) -> None:
        movement_step(g, troop)
        if g.state.end_reason is None:
            self.pick_ups(g, troop)

    def _use_ability(self, g: Game[OriginsState], troop: int, choice: tuple) -> None:
        rules.use_ability(g, troop, choice)
        self.sync(g)

    def pick_ups(self, g: Game[OriginsState], troop: int) -> None:
        """ORI-40 (El Dorado): a gladiator of the house standing on its own Tribute may pick it up; ORI-49
        (Atlantis): one standing on the Spear may take it. A holder already on the opposing arena hex wins at
        once (ORI-44, R-ORI-11)."""
        s = g.state
        t: OriginsTroop = s.troops[troop]
        if s.arena_id == EL_DORADO and t.tribute_holder < 0 and t.tribute_hex >= 0:
            u = s.occupant(t.tribute_hex)
            if u is not None and u.troop == troop and is_gladiator(u):
                if g.ask(troop, "tribute", [u.uid], optional=True) is not None:
                    t.tribute_holder = u.uid
                    s.say(f"{u.name} ({t.side}) picks up the {t.side} Tribute (Elevated while it holds it)")
                    self.check_delivery(g)
        elif s.arena_id == ATLANTIS and s.spear_holder < 0 and s.spear_hex >= 0:
            u = s.occupant(s.spear_hex)
            if u is not None and u.troop == troop and is_gladiator(u):
                if g.ask(troop, "spear", [u.uid], optional=True) is not None:
                    s.spear_holder = u.uid
                    s.say(f"{u.name} ({t.side}) takes the Spear: Elevated, Trident's Call and Trident Spear")

    def attack(self, g: Game[OriginsState], troop: int) -> None:
        """ORI-18..ORI-21: the flips this house's Stuns made end (ORI-84), Trident's Call (an Ability of the
        attack phase, R-ORI-10), then each eligible unit one attack: Basic (within Attack Range, ORI-18) or
        Alternate, the Tribute holder's drop (ORI-42), the Spear holder's Trident Spear (ORI-88)."""
        self.attack_abilities_step(g, troop)
        if g.state.end_reason is None:
            self.engage_step(g, troop)

    def attack_abilities_step(self, g: Game[OriginsState], troop: int) -> None:
        lift_flips(g, troop)
        each_once(g, troop, "ability", lambda: self.attack_abilities(g, troop),
                  lambda choice: self.use_attack_ability(g, troop, choice))

    def engage_step(self, g: Game[OriginsState], troop: int) -> None:
        each_once(g, troop, "engage", lambda: self.engage_options(g, troop), lambda c: self.engage(g, troop, c))

    def finish(self, g: Game[OriginsState], troop: int) -> None:
        """The end of the turn: after the round's last turn, a challenge that reached its round cap is drawn."""
        s = g.state
        if troop == s.order[-1] and s.round - s.challenge_round0 >= self.cap:
            self.end(g, f"round cap ({self.cap}) of the challenge reached")

    # --- attack phase options ---------------------------------------------------------------------
    def attack_abilities(self, g: Game[OriginsState], troop: int) -> list[tuple]:
        """The Abilities of the attack phase: the chips' (none in the stand-in pool) and Trident's Call (ORI-87):
        the Spear thrown onto a free hex up to 3 away, a Sea Monster summoned there."""
        s = g.state
        opts = [o for o in rules.ability_options(g, troop, usable=phase.gives_reach)
                if o[1] not in MOVEMENT_PHASE_ABILITIES]
        h = s.spear_holder
        if s.arena_id == ATLANTIS and h >= 0 and s.monsters_left:
            u = s.units[h]
            if u.troop == troop and phase.gives_reach(s, u) and u.abilities_used.get("trident-call") != s.turn:
                opts.extend((h, "trident-call", (x,)) for x in s.grid.within(u.hex, 3)
                            if x != u.hex and s.board[x] < 0 and not s.grid.move_block[x])
        return opts

    def use_attack_ability(self, g: Game[OriginsState], troop: int, choice: tuple) -> None:
        if choice[1] != "trident-call":
            self._use_ability(g, troop, choice)
            return
        s = g.state
        uid, _sid, (h,) = choice
        u = s.units[uid]
        u.abilities_used["trident-call"] = s.turn
        # R-ORI-10: the Spear lies on the hex beneath the Sea Monster; nobody holds it (a Sea Monster is no
        # gladiator, so it never picks it up).
        s.spear_holder, s.spear_hex = -1, h
        k = int(g.rng.integers(len(s.monsters_left)))  # "flip to see which Sea Monster is used"
        chip = self.played_catalog().unit(s.monsters_left.pop(k))
        m = UnitState(len(s.units), chip, troop, zone=CAMP)
        s.units.append(m)
        s.say(f"{u.name} ({s.side_of(troop)}) uses Trident's Call: the Spear flies to hex {h}")
        if s.supply[s.supply_of(troop)] >= chip.health:
            rules.deploy(g, m, h)
        else:
            m.zone = DISCARD

    def engage_options(self, g: Game[OriginsState], troop: int) -> list[tuple]:
        """Every unit that may attack: Basic Attacks on the opponents it may target (`combat.basic_targets`),
        its Alternate Attacks (chip specials), the Tribute drop and Trident Spear. A unit's second attack (a Rise
        of Rome Impel, ORI-53) is a Basic Attack only ("gains another Basic Attack", ROR-94), or a Basic or an
        Alternate Attack after a Consuming Impel (ROR-92)."""
        s = g.state
        t: OriginsTroop = s.troops[troop]
        opts: list[tuple] = []
        for u in s.in_combat(troop):
            if not rules.can_engage(s, u):
                continue
            opts.extend(("attack", u.uid, o.uid) for o in combat.basic_targets(s, u))
            if u.engaged_turn == s.turn and t.granted_any != (s.turn, u.uid):
                continue
            for sid, param, fn in unit_hooks(u.unit, "special_options"):
                opts.extend(("special", u.uid, sid, args) for args in fn(g, u, param))
            if t.tribute_holder == u.uid:
                opts.extend(("special", u.uid, "drop-tribute", (h,)) for h in s.grid.neighbours[u.hex]
                            if not s.grid.move_block[h])
            if s.spear_holder == u.uid:
                opts.extend(("special", u.uid, "trident-spear", (o.uid,)) for o in combat.alt_targets(s, u, 3))
        return opts

    def engage(self, g: Game[OriginsState], troop: int, choice: tuple) -> None:
        s = g.state
        u = s.units[choice[1]]
        if u.engaged_turn == s.turn:
            u.impelled_turn = -1  # its second attack: the Impel's one more attack is spent (ROR-94, ROR-92)
        u.engaged_turn = s.turn
        if choice[0] == "attack":
            combat.basic_attack(g, u, s.units[choice[2]])
            return
        sid, args = choice[2], choice[3]
        if sid == "drop-tribute":
            t: OriginsTroop = s.troops[troop]
            t.tribute_holder, t.tribute_hex = -1, args[0]
            s.say(f"{u.name} ({t.side}) drops the {t.side} Tribute on hex {args[0]} instead of attacking")
            return
        if sid == "trident-spear":
            target = s.units[args[0]]
            where = target.hex
            hits = combat.roll(g, u, TRIDENT_SPEAR)
            s.say(f"{u.name} ({s.side_of(troop)}) throws the Trident Spear at {target.name}: {hits} hit(s)")
            combat.alt_damage(g, u, target, hits, "Trident Spear")
            if s.spear_holder == u.uid:  # R-ORI-10: the Spear lies beneath the target, held by nobody
                s.spear_holder, s.spear_hex = -1, where
            return
        for sid2, param, fn in unit_hooks(u.unit, "special"):
            if sid2 == sid:
                fn(g, u, param, args)
                break
        self.sync(g)

    # --- carried chips and the objectives -----------------------------------------------------------
    def sync(self, g: Game[OriginsState]) -> None:
        """The carried chips follow their holders (a Tribute or the Spear lies on its holder's hex), and a
        Tribute holder on the opposing arena hex wins (ORI-44)."""
        s = g.state
        if s.arena_id == EL_DORADO:
            for t in s.troops:
                if t.tribute_holder >= 0:
                    t.tribute_hex = s.units[t.tribute_holder].hex
            self.check_delivery(g)
        elif s.arena_id == ATLANTIS and s.spear_holder >= 0:
            s.spear_hex = s.units[s.spear_holder].hex

    def check_delivery(self, g: Game[OriginsState]) -> None:
        """ORI-44: the Tribute holder on the opposing arena hex wins the challenge at once."""
        s = g.state
        for t in s.troops:
            if t.tribute_holder >= 0:
                u = s.units[t.tribute_holder]
                other = "blue" if t.side == "red" else "red"
                if u.hex in s.grid.tagged(f"arena-{other}"):
                    self.end(g, f"{t.faction} delivered its Tribute", t.index)
                    return

    def after_move(self, g: Game[OriginsState], u: UnitState, src: int, dest: int) -> None:
        self.sync(g)

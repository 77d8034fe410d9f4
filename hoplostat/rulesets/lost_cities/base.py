"""What every Lost Cities module shares: the rule set's name, the arena dice, the stun marker and the crowd
favor levels (the values the book leaves out are stand-ins, each a ruling in docs/rulings.md)."""

from __future__ import annotations

from hoplostat.catalog.model import Effect, FrozenMap, Tactic

RULESET = "lost-cities"
POOL = "red"
"""The supply key of the one pool of 100 health chips every player's unit draws from (data/lost-cities/game.toml)."""
ARENA_POOL = "arena"
ARENA_CHIPS = 150
"""The arena's beasts, criminals and bosses take their health chips from a supply of their own, never short
(ruling R-TLC-18: the book sets no limit, and a boss that waited for the players to lose health chips would stall
the board game)."""
HAND = 5
"""Prep area circles per player (TLC-11)."""
ARENA_TROOP = 2
"""Index of the arena's troop (beasts and criminals) in a player-against-player game."""

STUN_MARK = Tactic("tlc-stunned", "stunned", "marker", (Effect("stun"),),
                   "Hit by a Stun (the Alternate Attack): no move, no attack, no abilities for 1 turn.", None,
                   FrozenMap({}))
"""The marker of a unit a Stun (the Alternate Attack) hit (TLC-87): it fatigues the unit (no move, no attack,
skills off) and is no tactic chip, so it goes to no discard. Lifted at the end of the stunned unit's player's
next turn (ruling R-TLC-7)."""

SNARE_MARK = Tactic("tlc-snared", "snared", "marker", (), "Snared by a boss: cannot move for 1 turn.", None,
                    FrozenMap({}))
"""The marker of a unit a boss's Snared reached (TLC-84): the unit cannot move (`is_snared`), whatever its Move
Range, so an Adrenaline played on it later does not free it (ruling R-TLC-23); it changes no stat. Lifted at the
end of its player's next turn (`bosses.lift_snares`)."""

LEVELS = (4, 8, 12, 16)
"""Total crowd favor at which a player reaches meter levels 1..4 (TLC-48: the book gives no numbers; a
stand-in, ruling R-TLC-3: two kills, or four turns on one stone, for each level)."""

# --------------------------------------------------------------------------- the arena dice (TLC-4)
# The book names the dice and what they decide, never their faces: every face table is a stand-in (ruling
# R-TLC-5; data/README.md, "The Lost Cities"). Faces are numbered 1..6; a test forces them through a roller
# with an `arena_faces` dict (die -> list of faces), as `FixedRoller` forces hits.

BASIC = "basic d6"
BEAST_MOVE = "Beast Move d6"
BEAST_ATTACK = "Beast Attack d6"
CRIMINAL_MOVE = "Criminal Move d6"
CRIMINAL_ATTACK = "Criminal Attack d6"
TAUNT = "Taunt d6"

FACES: dict[str, tuple[str, ...]] = {
    BASIC: ("1", "2", "3", "4", "5", "6"),
    BEAST_MOVE: ("1", "2", "3", "4", "5", "6"),  # a direction through the Die Legend
    BEAST_ATTACK: ("base", "base", "base", "base", "skill", "none"),
    CRIMINAL_MOVE: ("advance", "advance", "advance", "advance", "stay", "stay"),
    CRIMINAL_ATTACK: ("base", "base", "base", "base", "skill", "none"),
    TAUNT: ("T", "T", "-", "-", "-", "-"),
}


def roll_face(g, die: str) -> int:
    """One roll of an arena die: its face number 1..6 (forced ones first, see above)."""
    forced = getattr(g.roller, "arena_faces", None)
    if forced:
        got = forced.get(die)
        if got:
            return int(got.pop(0))
    return int(g.rng.integers(1, 7))


def roll(g, die: str) -> str:
    """One roll of an arena die: the symbol on its face (`FACES`)."""
    return FACES[die][roll_face(g, die) - 1]


# --------------------------------------------------------------------------- engagement (TLC-33, TLC-54)

def is_beast(u) -> bool:
    """A beast, or a beast boss (their engagement locks; criminals' do not, TLC-58)."""
    k = u.unit.kind
    return k == "beast" or (k == "boss" and "beast" in u.unit.classes)


def is_arena_unit(u) -> bool:
    return u.unit.kind in ("beast", "criminal", "boss")


def is_snared(u) -> bool:
    """TLC-84 (ruling R-TLC-23): a boss's Snared holds the unit: it cannot move, in the movement phase or by its
    own skill (Reposition); a displacement (Pull, Hurl) is no move of its own and still carries it."""
    return any(pt.tactic is SNARE_MARK for pt in u.tactics)


def locks(s, b) -> bool:
    """A beast (a beast boss too) that locks the player units next to it in place (TLC-33, TLC-54). In a mode
    whose stunned beasts lock nobody (`stunned_beasts_lock` False: Rise of Rome's 2 x 2, ROR-103 "Stunned beasts
    cannot lock players in place", ruling R-ROR-49), a stunned one does not."""
    return is_beast(b) and (s.mode.stunned_beasts_lock or not (b.tactics and s.is_fatigued(b)))


def is_engaged(s, u) -> bool:
    """TLC-33, TLC-54: a player unit next to a beast, or a beast next to a player unit, is engaged: neither
    moves away until a kill is made (a unit displaced by Pull or Hurl is free again: the lock is only
    adjacency); only a beast that `locks` engages."""
    row = s.grid.dist[u.hex]
    if is_arena_unit(u):
        return locks(s, u) and any(row[o.hex] == 1 for o in s.in_combat() if not is_arena_unit(o))
    return any(row[o.hex] == 1 and locks(s, o) for o in s.in_combat())

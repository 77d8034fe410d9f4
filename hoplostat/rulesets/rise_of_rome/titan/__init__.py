"""Rise of Rome against a titan (mode `rise-of-rome-titan`): solo, or two players in co-op against two titans
in a row (rulebooks/rise-of-rome.txt, "Titans" to "Titan 2-Player Co-op Rules"; ROR-54..ROR-85).

Set-up (ROR-56..ROR-59, ROR-83): the active titan on the titan hex with its Health, a pillar on each of the
four pedestals; each player's inactive champion on one of the two red champion hexes; solo a bag of six
random gladiators and one chosen tactic (a hand of four), co-op three gladiators and a tactic each (a hand of
two); one CF gladiator on the center of the meter and the players' own four F/A chips on the other four
circles; against Oceanus a face-down pile of another city's gladiators.

Round (ROR-81, ROR-85): the player's turn (co-op: player 1, player 2), each the phase turn of
`rulesets.classic` as in the player-against-player game, then the titan's turn (ROR-74): roll the titan
dice; the titan goes back to the titan hex (cards that say so, ROR-67); its movement row, then every
summoned unit moves (ROR-75); its special row (summoned units move at once, ROR-78); its attack row, then
every summoned unit attacks.

The win (ROR-60, ROR-61, ROR-82): the titan falls, which it cannot while a pillar stands (ruling R-ROR-14);
a champion's defeat loses the game. Co-op: the first titan's fall resets everything but the champions'
Health and the second titan comes; both must fall.

Mode options (`--option`): `second-titan` (co-op: the second titan, else drawn), `city=origins` (ORI-53: each
player's city keeps its champion and plays a custom build of 14 Origins chips, ten gladiators and four tactics,
dealt by `origins_builds`; ruling R-ORI-21).

Every open choice the book leaves to "the player" for the titan's side (equal targets, equal routes; ROR-63,
ROR-80) is asked of player 1's controller as the decision "titan-choice" (options: uids or hexes).

The package: `state` (the game state, the pillars and shards), `cities` (the custom Origins cities), `moves`
(the titan side's d6, tie-breaks and routes), `actions` (the titan's turn and its card's rows), `summoned` (the
summoned units), `players`, `setup` and `mode` (the mode class, registered on import). Their names are re-exported
here.
"""

from hoplostat.rulesets.rise_of_rome.titan.actions import (
    ACTIONS,
    _basic_attack,
    _call_forth,
    _greater_call_forth,
    _move_d6,
    _move_toward,
    _quake,
    _tidal_wave,
    _trident_storm,
    _trident_stun,
    go_home,
    inner_clockwise,
    rows_met,
    summon,
    titan_range,
    titan_turn,
)
from hoplostat.rulesets.rise_of_rome.titan.cities import (
    ORIGINS,
    ORIGINS_BUILDS,
    origins_builds,
    origins_chip_id,
    origins_city_catalog,
)
from hoplostat.rulesets.rise_of_rome.titan.mode import RiseOfRomeTitan, result_of
from hoplostat.rulesets.rise_of_rome.titan.moves import choose, d6, move_toward, route_from, step
from hoplostat.rulesets.rise_of_rome.titan.players import TitanPlayer, _TitanSide
from hoplostat.rulesets.rise_of_rome.titan.setup import choose_tactic, lay_out, next_titan, setup
from hoplostat.rulesets.rise_of_rome.titan.state import (
    CLOCKWISE,
    COOP_GLADIATORS,
    COOP_HAND,
    FREE,
    NEXT_TITAN,
    PILE,
    PILLAR,
    SOLO_GLADIATORS,
    SOLO_HAND,
    STANDS,
    TITAN_CHIPS,
    TITAN_SUPPLY,
    TitanState,
    active_shards,
    can_act,
    card,
    free_shard,
    is_pillar,
    meter_troop,
    out_of_chips,
    pass_shard,
    pillars_standing,
    shard_holders,
    summoned,
    titan_tactic_allowed,
)
from hoplostat.rulesets.rise_of_rome.titan.summoned import shard_bound_attack, shard_bound_move, shard_bound_target

__all__ = [
    "SOLO_GLADIATORS", "SOLO_HAND", "COOP_GLADIATORS", "COOP_HAND", "PILE", "TITAN_SUPPLY", "TITAN_CHIPS",
    "CLOCKWISE", "STANDS", "FREE", "PILLAR", "TitanState", "meter_troop", "card", "is_pillar", "summoned",
    "shard_holders", "active_shards", "pillars_standing", "can_act", "NEXT_TITAN", "titan_tactic_allowed",
    "out_of_chips", "free_shard", "pass_shard", "ORIGINS", "ORIGINS_BUILDS", "origins_chip_id", "origins_builds",
    "origins_city_catalog", "d6", "step", "choose", "route_from", "move_toward", "shard_bound_target",
    "shard_bound_move", "shard_bound_attack", "rows_met", "titan_turn", "go_home", "_move_d6", "_move_toward",
    "inner_clockwise", "summon", "_call_forth", "_greater_call_forth", "titan_range", "_basic_attack",
    "_tidal_wave", "_quake", "_trident_stun", "_trident_storm", "ACTIONS", "_TitanSide", "TitanPlayer",
    "choose_tactic", "setup", "lay_out", "next_titan", "RiseOfRomeTitan", "result_of",
]

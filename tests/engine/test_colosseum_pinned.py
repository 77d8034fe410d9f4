"""The Colosseum, pinned: the behaviour the mutation run of `rulesets/remastered/colosseum.py` found unpinned
(docs/testing.md, "The Remastered modes"): who stands on a hex for footholds (SUP-2, CF-6) and pedestals (ARN-6,
SUP-4), a sentinel's Health in the supply (R-ENG-16), the hero's activation and its narration (SKR-10), favor
from a tactic and from no gain (SKR-9, CF-4), the narration of a lost track (CF-4), the rewards' reach (CF-6)
and the support chip being mandatory (SUP-1).

Positions are Colosseum Skirmish states built by `col_game` of `test_colosseum.py` (troop 0 red, troop 1
blue; uid 0 is the first chip placed, a red one).
"""

from __future__ import annotations

import pytest
from enginekit import CENTER, PEDESTALS, Scripted, mk_tactic, mk_unit, prefer
from test_colosseum import PLAIN, col_game

from hoplostat.engine import rules
from hoplostat.engine.hexgrid import HexGrid
from hoplostat.engine.state import CAMP, TRACK
from hoplostat.rulesets.remastered import colosseum
from hoplostat.rulesets.remastered.colosseum import FOOTHOLD, GOLD, HERO, HP, SUPPORT


@pytest.fixture(scope="module")
def cgrid(cat):
    return HexGrid.of(cat.arena("colosseum"))


# --------------------------------------------------------------------------- hexes (SUP-2, ARN-6, SUP-4)


def test_a_foothold_never_goes_under_an_opposing_unit_uid_0_included_SUP_2(cat, cgrid):
    """SUP-2: "hexes with opposing units" are excluded for the opponent, whatever the unit's number: blue
    may not put a foothold under red's first chip (uid 0), red may."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    assert s.board[PLAIN] == 0
    assert PLAIN not in colosseum.foothold_hexes(s, 1) and 70 in colosseum.foothold_hexes(s, 1)
    assert PLAIN in colosseum.foothold_hexes(s, 0) and 70 not in colosseum.foothold_hexes(s, 0)


def test_a_foothold_never_moves_under_an_opposing_unit_uid_0_included_CF_6(cat, cgrid):
    """CF-6: a foothold is not moved onto "an opponent's hex": blue's foothold next to red's first chip (uid 0)
    is not offered that hex; it is offered every other eligible neighbour."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    s.troops[1].foothold_moves = True
    f = next(h for h in cgrid.neighbours[PLAIN] if s.board[h] < 0 and not cgrid.move_block[h] and h != CENTER)
    rules.place_foothold(g, 1, f)
    moves = {o[2] for o in colosseum.foothold_options(s, 1) if o[0] == "move"}
    assert PLAIN not in moves
    assert moves == {h for h in cgrid.neighbours[f] if h != PLAIN and h != CENTER and not cgrid.move_block[h]}


def test_foothold_moves_skip_only_the_excluded_neighbours_CF_6(cat, cgrid):
    """CF-6: a pedestal or an opponent next to the foothold rules out that hex only: every other neighbour is
    offered (a foothold next to pedestal 0, and one next to an opponent)."""
    ped = PEDESTALS[0]
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    s.troops[0].foothold_moves = True
    nb = [h for h in cgrid.neighbours[ped] if not cgrid.move_block[h]]
    f = nb[0]
    rules.place_foothold(g, 0, f)
    want = {h for h in cgrid.neighbours[f] if not cgrid.move_block[h] and h != CENTER and s.board[h] < 0}
    assert ped in cgrid.neighbours[f] and len(want) >= 2
    assert {o[2] for o in colosseum.foothold_options(s, 0) if o[0] == "move"} == want
    # an opponent next to a foothold: its hex is left out, the hexes after it in the list are not
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    s.troops[0].foothold_moves = True
    f = next(h for h in cgrid.neighbours[70] if s.board[h] < 0 and not cgrid.move_block[h]
             and cgrid.neighbours[h].index(70) < len(cgrid.neighbours[h]) - 1
             and all(not cgrid.move_block[x] for x in cgrid.neighbours[h][cgrid.neighbours[h].index(70) + 1:]))
    rules.place_foothold(g, 0, f)
    moves = {o[2] for o in colosseum.foothold_options(s, 0) if o[0] == "move"}
    after = cgrid.neighbours[f][cgrid.neighbours[f].index(70) + 1:]
    assert 70 not in moves and set(h for h in after if h != CENTER) <= moves


def test_a_pedestal_with_a_sentinel_is_not_available_uid_0_included_ARN_6(cat, cgrid):
    """ARN-6 / SUP-4: a pedestal holding a sentinel is not available, whatever the sentinel's number (here
    uid 0); the other three are."""
    sent = cat.unit("sentinel")
    g = col_game(cat, cgrid, [(sent, 0, PEDESTALS[0]), (mk_unit("b"), 1, 70)])
    s = g.state
    assert colosseum.free_pedestals(s) == list(PEDESTALS[1:])


def test_a_sentinel_needs_exactly_its_health_in_the_supply_R_ENG_16(cat, cgrid):
    """R-ENG-16: a sentinel needs its full Health in the supply: exactly that much is enough, one less is not."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    s.supply["red"] = s.support_unit.health
    assert colosseum.can_place_sentinel(s, 0)
    s.supply["red"] -= 1
    assert not colosseum.can_place_sentinel(s, 0)


# --------------------------------------------------------------------------- the hero's activation (SKR-10)


def test_an_activated_hero_in_combat_is_dazed_and_the_log_says_so_SKR_10(cat, cgrid):
    """SKR-10: the chained hero dealt damage flips and is dazed this turn; the log says both."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("hero", kind="hero", health=9), 1, 44)])
    s = g.state
    hero = s.units[1]
    hero.active = False
    rules.damage(g, hero, 1, source=s.units[0])
    assert hero.active and s.is_dazed(hero)
    assert "hero (blue) is flipped to its active side (dazed this turn)" in s.log


def test_a_hero_activated_in_its_camp_is_just_flipped_CF_6(cat, cgrid):
    """CF-6 "activate your hero": a primary hero in the camp flips (it can be deployed later); nothing dazes it
    and the log says it is flipped, no more."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)], camp=[(mk_unit("hero", kind="hero"), 0)])
    s = g.state
    hero = s.units[2]
    hero.active = False
    s.troops[0].primary_hero = 2
    colosseum.claim_reward(g, 0, HERO)
    assert hero.active and hero.zone == CAMP
    assert "hero (red) is flipped to its active side" in s.log
    assert not any("dazed" in line for line in s.log if line.startswith("hero (red) is flipped"))


# --------------------------------------------------------------------------- crowd favor (SKR-9, CF-4, CF-5)


def test_favor_from_a_tactic_says_a_tactic_removed_the_hp_SKR_9(cat, cgrid):
    """SKR-9: a tactic's damage earns favor; the log names its source as a tactic."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b", health=4), 1, 70)])
    s = g.state
    g.controllers = [Scripted({"track": prefer(HP)}), Scripted()]
    tac = mk_tactic("burn", "instant", "damage 2")
    s.troops[0].tactics_camp.append(tac)
    rules.place_tactic(g, 0, tac, s.units[1])
    assert s.troops[0].favor == 2
    assert any("earns 2 crowd favor (a tactic removed 2 HP)" in line for line in s.log), s.log


def test_no_gain_no_track_choice_CF_4(cat, cgrid):
    """CF-4: "each gain" moves the bead: a gain of 0 asks for no track and keeps the progress on the current one."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    red = Scripted({"track": lambda o: FOOTHOLD})
    g.controllers = [red, Scripted()]
    t = s.troops[0]
    t.track, t.favor = HP, 3
    colosseum.gain_favor(g, 0, 0, "nothing")
    assert not red.asked and (t.track, t.favor, t.favor_total) == (HP, 3, 0)


def test_leaving_a_track_with_progress_is_narrated_and_only_then_CF_4(cat, cgrid):
    """CF-4: progress on an abandoned track is lost, which the log says (track "gain this support chip", index
    0, included); the first gain leaves no track, and a completed track is not "left"."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    picks = [SUPPORT, HP, HP, HERO]
    g.controllers = [Scripted({"track": lambda o: picks.pop(0), "support": lambda o: o[0], "reward-hp": lambda o: o[0]}),
                     Scripted({"support": lambda o: o[0]})]
    colosseum.gain_favor(g, 0, 2, "first")
    assert not any("leaves the track" in line for line in s.log)
    colosseum.gain_favor(g, 0, 1, "switch")
    assert 'a (red) leaves the track "gain this support chip", losing 2 progress' in s.log, s.log
    colosseum.gain_favor(g, 0, 4, "complete")  # HP: 1 + 4 -> the reward
    assert s.troops[0].tracks_done[HP]
    n = len(s.log)
    colosseum.gain_favor(g, 0, 1, "after")  # a new track after the completed one: nothing lost
    assert not any("leaves the track" in line for line in s.log[n:])
    assert s.troops[0].track == HERO


# --------------------------------------------------------------------------- rewards (CF-6, SUP-1)


def test_add_3_hp_is_offered_only_for_the_troops_own_units_CF_6(cat, cgrid):
    """CF-6: "add 3 HP to a unit": a unit of the troop in combat; an opponent's is not offered."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70), (mk_unit("c"), 0, 71)])
    s = g.state
    red = Scripted({"reward-hp": lambda o: o[-1]})
    g.controllers = [red, Scripted()]
    colosseum.claim_reward(g, 0, HP)
    (opts,) = [o for d, o in red.asked if d == "reward-hp"]
    assert sorted(opts) == [0, 2] and s.units[2].hp == s.units[2].unit.health + colosseum.REWARD_HP


def test_only_the_gold_reward_gives_the_hero_above_it_CF_6(cat, cgrid):
    """CF-6: "gain the hero above the track" is the gold reward's: the support chip reward leaves the neutral
    hero on its track."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)], camp=[(mk_unit("rostam", kind="neutral-hero"), 0)])
    s = g.state
    s.units[2].zone = TRACK
    g.controllers = [Scripted({"support": lambda o: o[0]}), Scripted()]
    colosseum.claim_reward(g, 0, SUPPORT)
    assert s.units[2].zone == TRACK
    colosseum.claim_reward(g, 0, GOLD)
    assert s.units[2].zone == CAMP and s.units[2].active
    assert "a (red) gains the hero rostam, active, into its camp" in s.log


def test_gain_this_support_chip_is_the_reaching_troops_whatever_the_mode_says_CF_6(cat, cgrid):
    """CF-6 "gain this support chip": the troop that reached it places it, even where the mode put another
    troop's chip above that track."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    s.troops[0].track_chips[SUPPORT] = 1
    red, blue = Scripted({"support": lambda o: o[0]}), Scripted({"support": lambda o: o[0]})
    g.controllers = [red, blue]
    colosseum.claim_reward(g, 0, SUPPORT)
    assert [d for d, _ in red.asked] == ["support"] and not blue.asked
    assert s.troops[0].track_chips[SUPPORT] == -1


def test_a_support_chip_may_go_under_an_own_unit_SUP_2(cat, cgrid):
    """SUP-2: only hexes with opposing units are excluded: the placing troop is offered its own unit's hex."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    red = Scripted({"support": lambda o: ("foothold", PLAIN)})
    g.controllers = [red, Scripted()]
    colosseum.place_support_chip(g, 0)
    (opts,) = [o for d, o in red.asked if d == "support"]
    assert ("foothold", PLAIN) in opts and ("foothold", 70) not in opts
    assert s.footholds == {PLAIN: 0}


def test_the_support_chip_must_be_placed_SUP_1(cat, cgrid):
    """SUP-1: the support chip is placed at once: a controller that passes on every optional decision still
    places it."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    g.controllers = [Scripted(), Scripted()]
    colosseum.place_support_chip(g, 0)
    assert s.footholds or any(u.unit.kind == "sentinel" for u in s.in_combat(0))


def test_a_support_chip_with_nowhere_to_go_is_said_so(cat, cgrid):
    """No foothold hex and no sentinel (no free pedestal): the chip is not placed, and the log says so."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    for h in range(cgrid.n):
        if not cgrid.move_block[h] and h != CENTER:
            s.footholds[h] = 1
    s.support_unit = None
    colosseum.place_support_chip(g, 0)
    assert "a has nowhere to place its support chip" in s.log


def test_flipping_a_foothold_names_its_hex_CF_6(cat, cgrid):
    """CF-6 "flip a foothold": the log names the foothold's hex, then the sentinel's pedestal."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    s.troops[0].foothold_moves = True
    rules.place_foothold(g, 0, 29)
    g.controllers = [Scripted({"foothold": lambda o: ("flip", 29, PEDESTALS[1])}), Scripted()]
    colosseum.foothold_step(g, 0)
    assert "a flips its foothold on hex 29 to its sentinel side" in s.log
    assert s.units[s.board[PEDESTALS[1]]].unit.kind == "sentinel"

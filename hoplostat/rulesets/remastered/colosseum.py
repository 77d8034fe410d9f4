"""The Colosseum arena (Remastered, "The Colosseum", "Crowd Favor in the Colosseum", "Support Chips").

Arena rules shared by every mode played there; a mode composes them into its turn:
- `deployment_hexes`: outer hexes of the troop's side (all outer hexes after the "activate
  your hero" reward), the inner hexes and the center hex, minus hexes with an opposing
  foothold (ARN-3, ARN-4, ARN-5, DEP-6).
- `center_damage`: a unit on the center hex at the start of its troop's turn is dealt 1 damage (ARN-3).
- `gain_favor` / `claim_reward`: five tracks of five spaces, the bead's track chosen at every
  gain, progress lost on switching, the gold track last, one reward per track (CF-4..CF-6);
  the support chip above a track goes to the troop named by the mode (`TroopState.track_chips`).
- `place_support_chip`: foothold or sentinel by the placing troop's choice (SUP-1..SUP-4).
- `foothold_step`: the "move or flip a foothold each turn" reward (CF-6).
- `activate_hero`: an inactive hero flips to its active side and is dazed that turn (SKR-10).

Inner hexes muting their units (ARN-5) is `GameState.muted` (kept by the foothold rules
functions); pedestals and opposing footholds blocking movement is `GameState.blocked_for_move`.
Decisions asked of the controllers (option shapes):
- "track":    track index 0..4 (mandatory; the current track means continuing it)
- "support":  ("foothold", hex) | ("sentinel", pedestal hex) (mandatory)
- "reward-hp": uid of a unit of the troop in combat (optional: "you may")
- "foothold": ("move", from hex, to hex) | ("flip", from hex, pedestal hex) (optional)
"""

from __future__ import annotations

from hoplostat.engine import rules
from hoplostat.engine.rules import Game
from hoplostat.engine.state import COMBAT, TRACK, GameState, UnitState
from hoplostat.engine.steps import center_hex_damage

SUPPORT, HP, HERO, FOOTHOLD, GOLD = range(5)
TRACK_NAMES = ("gain this support chip", "add 3 HP to a unit", "activate your hero", "move or flip a foothold",
               "gain this hero")
TRACK_LENGTH = 5
"""Remastered, "Crowd Favor in the Colosseum": the reward is on the fifth space of each track (CF-4)."""
REWARD_HP = 3


# --------------------------------------------------------------------------- hexes


def deployment_hexes(s: GameState, troop: int) -> tuple[int, ...]:
    """Hexes `troop` may deploy onto (free or not): its side's two outer hexes, or every outer hex once
    opened (ARN-4); every inner hex (ARN-5) and the center hex (ARN-3); never a hex holding an
    opposing foothold (DEP-6)."""
    g = s.grid
    t = s.troops[troop]
    outer = g.tagged("outer-red") + g.tagged("outer-blue") if t.outer_open else g.tagged(f"outer-{t.side}")
    hexes = outer + g.tagged("inner") + g.tagged("center")
    if s.footholds:
        fh = s.footholds
        return tuple(h for h in hexes if fh.get(h, troop) == troop)
    return hexes


def foothold_hexes(s: GameState, troop: int) -> list[int]:
    """SUP-2: a foothold goes on any hex that is not a pedestal, not the center hex, not occupied by an
    opposing unit and holds no other foothold."""
    g = s.grid
    center = g.tagged("center")
    board, units, fh = s.board, s.units, s.footholds
    out = []
    for h in range(g.n):
        if g.move_block[h] or h in center or h in fh:
            continue
        o = board[h]
        if o >= 0 and units[o].troop != troop:
            continue
        out.append(h)
    return out


def free_pedestals(s: GameState) -> list[int]:
    """Pedestals without a sentinel on them (ARN-6, SUP-4)."""
    return [h for h in s.grid.tagged("pedestal") if s.board[h] < 0]


def can_place_sentinel(s: GameState, troop: int) -> bool:
    """A sentinel needs the catalog's sentinel, a free pedestal and its full Health in the supply (R-ENG-16)."""
    un = s.support_unit
    return un is not None and s.supply[s.supply_of(troop)] >= un.health and bool(free_pedestals(s))


# --------------------------------------------------------------------------- arena steps


def center_damage(g: Game, troop: int) -> None:
    """ARN-3: a unit of `troop` on the center hex at the start of its turn is dealt 1 damage (no
    troop's damage: it earns no crowd favor, SKR-9)."""
    center_hex_damage(g, troop, "center hex")


def activate_hero(g: Game, u: UnitState) -> None:
    """SKR-10 / CF-6: flip the hero to its active side; it is dazed the turn it is activated (R-ENG-17)."""
    s = g.state
    if u.active:
        return
    u.active = True
    if u.zone == COMBAT:
        u.deployed_turn = s.turn
    s.say(f"{u.name} ({s.side_of(u.troop)}) is flipped to its active side"
          + (" (dazed this turn)" if u.zone == COMBAT else ""))


def after_damage(g: Game, target: UnitState, removed: int, *, source: UnitState | None,
                 source_troop: int | None) -> None:
    """After damage resolves: an inactive hero dealt any damage activates (SKR-10); the troop whose
    unit or tactic made an opponent lose HP earns that much crowd favor (SKR-9)."""
    if not target.active and target.zone == COMBAT:
        activate_hero(g, target)
    if removed and source_troop is not None and source_troop != target.troop:
        why = ""
        if g.state.log is not None:
            why = f"{source.name if source is not None else 'a tactic'} removed {removed} HP"
        gain_favor(g, source_troop, removed, why)


# --------------------------------------------------------------------------- crowd favor


def open_tracks(s: GameState, troop: int) -> list[int]:
    """Tracks the bead may go on: not completed (CF-5); gold only after the four others."""
    done = s.troops[troop].tracks_done
    out = [k for k in range(GOLD) if not done[k]]
    if not out and not done[GOLD]:
        out = [GOLD]
    return out


def gain_favor(g: Game, troop: int, n: int, why: str) -> None:
    """CF-4, CF-5: each gain continues the current track or starts another (progress on the abandoned
    track is lost); the bead moves n spaces; on the fifth space the reward is claimed and the excess
    from this source is lost. After the gold reward, favor does nothing."""
    s = g.state
    t = s.troops[troop]
    if n <= 0:
        return
    options = open_tracks(s, troop)
    if not options:
        return
    t.favor_total += n
    k = g.ask(troop, "track", options, optional=False)
    if k != t.track:
        if t.track >= 0 and t.favor and not t.tracks_done[t.track]:
            s.say(f"{t.faction} ({t.side}) leaves the track \"{TRACK_NAMES[t.track]}\", losing {t.favor} progress")
        t.track = k
        t.favor = 0
    t.favor = min(TRACK_LENGTH, t.favor + n)
    if s.log is not None:
        s.say(f"{t.faction} ({t.side}) earns {n} crowd favor ({why}), bead on space {t.favor} of \"{TRACK_NAMES[k]}\"")
    if t.favor == TRACK_LENGTH:
        claim_reward(g, troop, k)


def claim_reward(g: Game, troop: int, k: int) -> None:
    """CF-6 rewards; then the support chip above the track goes to its troop (SKR-11: in the two-player mode
    the opponent's chips above three tracks go back to the opponent, who places them)."""
    s = g.state
    t = s.troops[troop]
    t.tracks_done[k] = True
    t.rewards += 1
    s.say(f"{t.faction} ({t.side}) reaches the reward \"{TRACK_NAMES[k]}\"")
    if k == HP:
        opts = [u.uid for u in s.in_combat(troop)]
        uid = g.ask(troop, "reward-hp", opts, optional=True)
        if uid is not None:
            rules.gain_hp(g, s.units[uid], REWARD_HP)
    elif k == HERO:
        t.outer_open = True
        s.say(f"{t.faction} ({t.side}) may now deploy on every outer deployment hex")
        if t.primary_hero >= 0:
            activate_hero(g, s.units[t.primary_hero])
    elif k == FOOTHOLD:
        t.foothold_moves = True
    elif k == GOLD:
        for u in s.zone(troop, TRACK):
            rules.return_to_camp(g, u, active=True)
            s.say(f"{t.faction} ({t.side}) gains the hero {u.name}, active, into its camp")
    if k < GOLD:
        # "Gain this support chip": the chip goes to the troop that reached it, whatever the mode says.
        owner = troop if k == SUPPORT else t.track_chips[k]
        t.track_chips[k] = -1
        if owner >= 0:
            place_support_chip(g, owner)


def place_support_chip(g: Game, troop: int) -> None:
    """SUP-1: placed at once, foothold or sentinel by the placing troop's choice; not a deployment.
    SUP-4: a sentinel needs an available pedestal, otherwise the chip must be a foothold."""
    s = g.state
    opts: list[tuple] = [("foothold", h) for h in foothold_hexes(s, troop)]
    if can_place_sentinel(s, troop):
        opts += [("sentinel", h) for h in free_pedestals(s)]
    choice = g.ask(troop, "support", opts, optional=False)
    if choice is None:
        s.say(f"{s.troops[troop].faction} has nowhere to place its support chip")
        return
    if choice[0] == "sentinel":
        rules.place_sentinel(g, troop, choice[1])
    else:
        rules.place_foothold(g, troop, choice[1])


def foothold_options(s: GameState, troop: int) -> list[tuple]:
    """CF-6: flip a foothold of this troop to a sentinel (placed on an available pedestal, R-ENG-18) or
    move it to an adjacent hex that is not a pedestal, the center hex, an opponent's hex or another
    foothold."""
    # Footholds of the troop's team: in a co-op titan game the players' footholds are shared (ASC-12), so the
    # partner's are "controlled" too; elsewhere a team is one troop (`rules.same_team`).
    mine = [h for h, t in s.footholds.items() if rules.same_team(s, t, troop)]
    if not mine:
        return []
    g = s.grid
    center = g.tagged("center")
    board, units, fh = s.board, s.units, s.footholds
    out: list[tuple] = []
    for f in mine:
        for h in g.neighbours[f]:
            if g.move_block[h] or h in center or h in fh:
                continue
            o = board[h]
            if o >= 0 and units[o].troop != troop:
                continue
            out.append(("move", f, h))
    if can_place_sentinel(s, troop):
        peds = free_pedestals(s)
        out += [("flip", f, p) for f in mine for p in peds]
    return out


def foothold_step(g: Game, troop: int) -> None:
    """CF-6: in the Tactic Placement step, in addition to a tactic, move or flip one foothold (optional)."""
    s = g.state
    if not s.troops[troop].foothold_moves:
        return
    choice = g.ask(troop, "foothold", foothold_options(s, troop), optional=True)
    if choice is None:
        return
    if choice[0] == "move":
        rules.move_foothold(g, choice[1], choice[2])
    else:
        rules.remove_foothold(g, choice[1])
        s.say(f"{s.troops[troop].faction} flips its foothold on hex {choice[1]} to its sentinel side")
        rules.place_sentinel(g, troop, choice[2])

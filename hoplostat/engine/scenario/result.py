"""What a scenario reports: the resulting state as plain data (`hoplostat scenario --json` prints it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hoplostat.engine.scenario.model import Scenario
from hoplostat.engine.state import BAG, CAMP, COMBAT, DISCARD, TRACK, TroopState, UnitState


def state_dict(scen: Scenario, b: Any, played: Sequence[str]) -> dict[str, Any]:
    """The state after the scenario's steps as plain data (`play._Built` is `b`): units placed or brought into play,
    troops, supply, rolls and log. Troops the mode adds to the scenario's two (a rival, a titan) go by faction."""
    s = b.game.state
    refs = b.refs
    labels = list(b.labels) + [t.faction for t in s.troops[len(b.labels):]]
    arena = s.grid.arena

    def tac_list(u: UnitState) -> list[dict[str, Any]]:
        return [{"id": pt.tactic.id, "name": pt.tactic.name, "by": labels[pt.owner]} for pt in u.tactics]

    shown = list(b.placed) + [u.uid for u in s.units if u.uid not in b.placed and u.deployed_turn >= 0]
    units = []
    for uid in shown:
        u = s.units[uid]
        h = arena.hexes[u.hex] if u.hex >= 0 else None
        units.append({
            "ref": refs[uid], "id": u.unit.id, "name": u.name, "troop": labels[u.troop], "zone": u.zone,
            "hex": u.hex if u.hex >= 0 else None, "q": h.q if h else None, "r": h.r if h else None,
            "hp": u.hp, "health": u.unit.health, "dazed": u.zone == COMBAT and s.is_dazed(u),
            "fatigued": u.zone == COMBAT and s.is_fatigued(u), "active": u.active, "primary_hero": u.is_primary_hero,
            "tactics": tac_list(u),
        })
    troops = []
    for t in s.troops:
        def ids(zone: str, t: TroopState = t) -> list[str]:
            return [refs[u.uid] for u in s.units if u.troop == t.index and u.zone == zone]

        troops.append({
            "name": labels[t.index], "faction": t.faction, "side": t.side, "favor": t.favor,
            "favor_total": t.favor_total, "rewards": t.rewards, "in_combat": ids(COMBAT), "camp": ids(CAMP),
            "bag": ids(BAG), "discard": ids(DISCARD), "track": ids(TRACK),
            "tactics_camp": [x.id for x in t.tactics_camp], "tactics_discard": [x.id for x in t.tactics_discard],
            "damage_dealt": t.damage_dealt, "kills": t.kills, "units_lost": t.units_lost,
        })
    return {
        "scenario": scen.title, "file": scen.path, "source": scen.source, "arena": scen.arena, "mode": scen.mode,
        "steps": list(played), "round": s.round, "turn": s.turn, "active": labels[s.active] if s.active >= 0 else None,
        "winner": None if s.winner is None else labels[s.winner],
        "winner_faction": None if s.winner is None else s.troops[s.winner].faction,
        "end_reason": s.end_reason,
        "units": units, "troops": troops, "supply": dict(s.supply),
        "rolls": list(b.roller.record), "log": list(s.log or ()),
    }

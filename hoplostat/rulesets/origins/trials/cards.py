"""The Solo Trials' cards as data (`data/origins/trials.toml`, `[[challenger]]` and `[[trial]]`): parsed and checked
here from the catalog's card tables (`Catalog.cards`, merged with `--data` overlays like chips). The book gives the
Trials' structure (ORI-54..ORI-56) but not their cards: every card of the embedded data is a stand-in, built by the
method of data/README.md ("The Solo Trials"); a user who owns the real cards writes them in an overlay.

A bad card is one `InputError` naming the file, the card and the field.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from hoplostat.catalog.model import Catalog
from hoplostat.errors import InputError
from hoplostat.rulesets.origins.base import ARENAS, CHIP_COLOURS

TRIALS = 20
"""Origins, "The Solo Trials": "The Trials are a set of 20 challenges" (ORI-54)."""
CHALLENGERS_PER_ARENA = 4
"""ORI-54: "face 4 different challengers within each" arena."""
DIE_COLOURS = ("yellow", "blue", "green", "black")
"""The four attack dice colours of Origins (ORI-19); a challenger's roll uses four of them."""
CONDITIONS = ("always", "player-on-objective", "player-outnumbers", "player-near", "champion-hurt")
"""When a challenger's directive holds (`challenger.condition_holds`)."""
STANCES = ("rush", "guard", "hunt", "counter")
"""What a directive makes the challenger's team do (`challenger.goals`)."""
RULE_TERMS = ("house-first", "challenger-health", "round-cap")
"""A trial card's rule changes: `house-first` (the house takes the first turn), `challenger-health N` (each
challenger unit enters with N more health), `round-cap N` (the trial must be won within N rounds)."""
STANDARD_DRAFT = 6
"""ORI-55: "Draft 6 Units/Tactics to be used against your challenger"."""


@dataclass(frozen=True, slots=True)
class Directive:
    """One line of a challenger's directives: when `condition` holds, the team takes `stance`."""

    condition: str
    stance: str

    def __str__(self) -> str:
        return f"{self.condition}: {self.stance}"


@dataclass(frozen=True, slots=True)
class Challenger:
    """A challenger of one arena: its name, its champion (a catalog unit of kind `champion`, or none) and its
    directives in priority order (the first whose condition holds decides)."""

    id: str
    name: str
    arena: str
    champion: str
    directives: tuple[Directive, ...]
    stand_in: bool


@dataclass(frozen=True, slots=True)
class DraftRule:
    """How a trial card alters the standard solo draft (ORI-55): how many chips, at most how many tactics and
    Special Gladiators, which colours may be drafted (empty: all) and which chips not."""

    size: int = STANDARD_DRAFT
    max_tactics: int = STANDARD_DRAFT
    max_specials: int = STANDARD_DRAFT
    colours: tuple[str, ...] = ()
    banned: tuple[str, ...] = ()

    def words(self) -> str:
        parts = [f"draft {self.size}"]
        if self.max_tactics < self.size:
            parts.append(f"at most {self.max_tactics} tactic(s)")
        if self.max_specials < self.size:
            parts.append("no Special Gladiator" if self.max_specials == 0
                         else f"at most {self.max_specials} Special Gladiator(s)")
        if self.colours:
            parts.append("only " + "/".join(self.colours))
        if self.banned:
            parts.append("not " + ", ".join(self.banned))
        return "; ".join(parts)


@dataclass(frozen=True, slots=True)
class Trial:
    """One Trial card: its number (1..20), arena, challenger, the challenger's team (pool gladiators; its champion
    comes with the challenger), the challenger's four dice (skill, movement, attack, attack), the draft change
    and the rule changes."""

    id: str
    number: int
    arena: str
    challenger: Challenger
    team: tuple[str, ...]
    dice: tuple[str, str, str, str]
    draft: DraftRule
    rules: tuple[tuple[str, int], ...]
    stand_in: bool

    def rule(self, term: str, default: int | None = None) -> int | None:
        """The value of a rule change (1 for a flag), or `default` when the card has none."""
        return next((v for t, v in self.rules if t == term), default)

    @property
    def chips(self) -> tuple[str, ...]:
        """The challenger's chips: its champion (if any) then its team."""
        return ((self.challenger.champion,) if self.challenger.champion else ()) + self.team


def _err(card, fld: str, msg: str) -> InputError:
    where = f" (line {card.line})" if card.line else ""
    return InputError(f"{card.file}: {card.table} {card.id!r}: field {fld!r}: {msg}{where}")


def _provenance(card) -> bool:
    """True when the card carries a stand-in value (every embedded card does)."""
    prov = card.data.get("provenance", "stand-in")
    if isinstance(prov, str):
        if prov not in ("stand-in", "rulebook", "public"):
            raise _err(card, "provenance", f"{prov!r}: rulebook, public or stand-in")
        return prov == "stand-in"
    if isinstance(prov, dict):
        return any(v == "stand-in" for v in prov.values())
    raise _err(card, "provenance", "a string or a table")


def _str(card, fld: str, *, default: str | None = None) -> str:
    v = card.data.get(fld, default)
    if not isinstance(v, str) or (default is None and not v):
        raise _err(card, fld, "missing or not a string" if v is None else f"{v!r} is not a string")
    return v


def _int(card, table: dict, fld: str, lo: int, hi: int, default: int | None = None, *, name: str | None = None) -> int:
    v = table.get(fld, default)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise _err(card, name or fld, f"{v!r}: a whole number from {lo} to {hi}")
    return v


def _challenger(card, catalog: Catalog) -> Challenger:
    arena = _str(card, "arena")
    if arena not in ARENAS:
        raise _err(card, "arena", f"{arena!r}: one of {', '.join(ARENAS)}")
    champion = _str(card, "champion", default="")
    if champion:
        u = catalog.units.get(champion)
        if u is None or u.kind != "champion":
            raise _err(card, "champion",
                       f"{champion!r} is no champion of the catalog ([[unit]] with kind = \"champion\")")
    raw = card.data.get("directives")
    if not isinstance(raw, list) or not raw or not all(isinstance(x, str) for x in raw):
        raise _err(card, "directives", "a non-empty list of \"CONDITION: STANCE\" strings")
    directives = []
    for text in raw:
        cond, sep, stance = (x.strip() for x in text.partition(":"))
        if not sep or cond not in CONDITIONS or stance not in STANCES:
            raise _err(card, "directives", f"{text!r}: write \"CONDITION: STANCE\", a condition of "
                       f"{', '.join(CONDITIONS)} and a stance of {', '.join(STANCES)}")
        directives.append(Directive(cond, stance))
    if directives[-1].condition != "always":
        raise _err(card, "directives", "the last directive must be \"always: STANCE\" (what the team does otherwise)")
    return Challenger(card.id, _str(card, "name"), arena, champion, tuple(directives), _provenance(card))


def _draft(card, pool: set[str]) -> DraftRule:
    raw = card.data.get("draft", {})
    if not isinstance(raw, dict):
        raise _err(card, "draft", "a table such as { size = 6, max_tactics = 2 }")
    unknown = set(raw) - {"size", "max_tactics", "max_specials", "colours", "banned"}
    if unknown:
        raise _err(card, "draft",
                   f"unknown key {sorted(unknown)[0]!r} (size, max_tactics, max_specials, colours, banned)")
    size = _int(card, raw, "size", 1, 8, STANDARD_DRAFT, name="draft.size")
    colours = raw.get("colours", [])
    if not isinstance(colours, list) or not all(c in CHIP_COLOURS for c in colours):
        raise _err(card, "draft.colours", f"{colours!r}: a list of {', '.join(CHIP_COLOURS)}")
    banned = raw.get("banned", [])
    if not isinstance(banned, list) or not all(isinstance(c, str) and c in pool for c in banned):
        raise _err(card, "draft.banned", f"{banned!r}: a list of pool chip ids")
    return DraftRule(size, _int(card, raw, "max_tactics", 0, 8, size, name="draft.max_tactics"),
                     _int(card, raw, "max_specials", 0, 8, size, name="draft.max_specials"), tuple(colours),
                     tuple(banned))


def _rules(card) -> tuple[tuple[str, int], ...]:
    raw = card.data.get("rules", [])
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise _err(card, "rules", "a list of strings such as \"round-cap 20\"")
    out = []
    for text in raw:
        parts = text.split()
        term = parts[0] if parts else ""
        if term not in RULE_TERMS:
            raise _err(card, "rules", f"{text!r}: a rule change of {', '.join(RULE_TERMS)}")
        if term == "house-first":
            if len(parts) != 1:
                raise _err(card, "rules", f"{text!r}: house-first takes no number")
            out.append((term, 1))
            continue
        if len(parts) != 2 or not parts[1].isdigit() or int(parts[1]) < 1:
            raise _err(card, "rules", f"{text!r}: {term} takes a whole number of 1 or more")
        out.append((term, int(parts[1])))
    return tuple(out)


def _trial(card, catalog: Catalog, challengers: dict[str, Challenger], pool: set[str]) -> Trial:
    number = _int(card, dict(card.data), "number", 1, TRIALS)
    arena = _str(card, "arena")
    if arena not in ARENAS:
        raise _err(card, "arena", f"{arena!r}: one of {', '.join(ARENAS)}")
    cid = _str(card, "challenger")
    ch = challengers.get(cid)
    if ch is None:
        raise _err(card, "challenger", f"unknown challenger {cid!r} (challengers: {', '.join(sorted(challengers))})")
    if ch.arena != arena:
        raise _err(card, "challenger", f"{cid!r} is a challenger of {ch.arena}, not {arena}")
    team = card.data.get("team")
    if not isinstance(team, list) or not team or not all(isinstance(c, str) for c in team):
        raise _err(card, "team", "a non-empty list of pool gladiator ids")
    for c in team:
        u = catalog.units.get(c)
        if u is None or c not in pool:
            raise _err(card, "team", f"{c!r} is no gladiator of the Origins pool")
    if len(set(team)) != len(team):
        raise _err(card, "team", "a chip named twice")
    dice = _str(card, "dice").split("+")
    if len(dice) != 4 or not all(d in DIE_COLOURS for d in dice):
        raise _err(card, "dice", f"{card.data.get('dice')!r}: four colours of {', '.join(DIE_COLOURS)} joined by + "
                   "(skill, movement, attack, attack)")
    draft = _draft(card, pool)
    free = [c for c in pool if c not in team]
    if len(free) < draft.size:
        raise _err(card, "team", f"leaves {len(free)} pool chips for a draft of {draft.size}")
    return Trial(card.id, number, arena, ch, tuple(team), tuple(dice), draft, _rules(card),  # type: ignore[arg-type]
                 _provenance(card))


def trials(catalog: Catalog) -> tuple[Trial, ...]:
    """The catalog's twenty Trial cards in number order (parsed once per catalog). InputError naming the file, card
    and field for a bad card, and when the numbers are not 1..20 once each."""
    return _trials(catalog)


@functools.lru_cache(maxsize=8)
def _trials(catalog: Catalog) -> tuple[Trial, ...]:
    cards = catalog.cards
    pool = {u.id for u in catalog.units.values() if u.kind in ("gladiator", "special-gladiator")} | set(catalog.tactics)
    gladiators = {u.id for u in catalog.units.values() if u.kind in ("gladiator", "special-gladiator")}
    challengers = {cid: _challenger(c, catalog) for cid, c in cards.get("challenger", {}).items()}
    got = [_trial(c, catalog, challengers, pool) for c in cards.get("trial", {}).values()]
    for t in got:
        bad = [c for c in t.team if c not in gladiators]
        if bad:
            raise InputError(f"trial {t.id!r}: field 'team': {bad[0]!r} is a tactic; a challenger's team is gladiators")
    numbers = sorted(t.number for t in got)
    if numbers != list(range(1, TRIALS + 1)):
        missing = sorted(set(range(1, TRIALS + 1)) - set(numbers))
        twice = sorted({n for n in numbers if numbers.count(n) > 1})
        what = (f"number {twice[0]} is on two cards" if twice else
                f"no card has number {missing[0]}" if missing else "numbers outside 1..20")
        raise InputError(f"Solo Trials cards ([[trial]] in data/origins/trials.toml and overlays): {TRIALS} cards "
                         f"numbered 1 to {TRIALS} are needed (ORI-54); {what}")
    return tuple(sorted(got, key=lambda t: t.number))


def trial(catalog: Catalog, number: int) -> Trial:
    """Trial card `number` (1..20); InputError for another number."""
    if not 1 <= number <= TRIALS:
        raise InputError(f"--option trial={number}: the Solo Trials are numbered 1 to {TRIALS} "
                         "(0: drawn from the seed)")
    return trials(catalog)[number - 1]


def card_ids(catalog: Catalog) -> list[str]:
    """Ids of every trial and challenger card (for the stand-in counts)."""
    return [*catalog.cards.get("trial", {}), *catalog.cards.get("challenger", {})]

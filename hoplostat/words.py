"""Words of the human output shared by the library's sentences and the commands: counts with their noun
(`plural`), the article of a noun (`article`) and a verdict in words (`VERDICT_WORDS`). Nothing here is
in any JSON output, whose values stay the short ones ("within", "stronger", ...)."""

from __future__ import annotations

from typing import overload

VERDICT_WORDS = {"stronger": "stronger than average", "weaker": "weaker than average",
                 "easier": "easier than average", "harder": "harder than average",
                 "within": "not distinguishable from average"}
"""A verdict (`stats.field_differences`, `stats.pod_win_shares`, `robustness.subject_verdicts`) as every
command and the report print it. Factions are stronger or weaker than an average faction (in a pod: than
the fair share); a titan or an immortal, whose rate is the players' success against it, is easier or
harder than an average one; "within" (the 95% interval of the difference holds 0) reads as not
distinguishable from average."""


@overload
def verdict_words(verdict: str) -> str: ...
@overload
def verdict_words(verdict: None) -> None: ...
def verdict_words(verdict: str | None) -> str | None:
    """`VERDICT_WORDS` of a verdict (None stays None; an unknown one as given)."""
    return None if verdict is None else VERDICT_WORDS.get(verdict, verdict)


def plural(n: int, noun: str, many: str | None = None) -> str:
    """`1 matchup`, `3 matchups`, `2 factions`; `many` for an irregular plural (`plural(2, "hero", "heroes")`)."""
    return f"{n:,} {noun if n == 1 else many or noun + 's'}"


def article(noun: str) -> str:
    """`a duel`, `an arena`: the noun with its indefinite article (by its first letter)."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


__all__ = ["VERDICT_WORDS", "article", "plural", "verdict_words"]

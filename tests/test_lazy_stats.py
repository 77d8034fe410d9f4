"""Statistics of a huge sweep without holding its rows: `summarize` and `report` read the tables lazily
(`sweep.scan_tables`) and aggregate with polars' streaming engine. A synthetic sweep of ten million games
(2.2 GB as an eager frame) is summarised within a memory budget of 1 GiB of peak resident memory (measured
in a fresh process), and its counts are right."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

N = 10_000_000
BUDGET_MB = 1024
FACTIONS = ("amazons", "atlanteans", "kunlun", "lamosians", "new-argonauts", "parthians", "plutos-refugees",
            "vesuvians")
PAIRS = [(a, b) for i, a in enumerate(FACTIONS) for b in FACTIONS[i + 1:]]


def _synthetic(out: Path) -> None:
    """Ten million Skirmish-like games rows, generated and written by polars' streaming engine."""
    (out / "games").mkdir(parents=True)
    h = (pl.col("game") * 2654435761) % (2**32)
    pair = (h % len(PAIRS)).cast(pl.Int64)
    u = ((h // 112) % 100).cast(pl.Int64)
    fa = pair.replace_strict({i: a for i, (a, _) in enumerate(PAIRS)}, return_dtype=pl.String)
    fb = pair.replace_strict({i: b for i, (_, b) in enumerate(PAIRS)}, return_dtype=pl.String)
    arena = pl.when((h // 28) % 2 == 0).then(pl.lit("pozzuoli")).otherwise(pl.lit("colosseum"))
    lf = pl.LazyFrame().select(pl.int_range(N, dtype=pl.Int64).alias("game")).with_columns(
        fa.alias("faction_a"), fb.alias("faction_b"), arena.alias("arena"),
        pl.when((h // 56) % 2 == 0).then(pl.lit("a")).otherwise(pl.lit("b")).alias("first"),
        pl.when(u < 5).then(pl.lit(None, dtype=pl.String)).when(u < 55).then(pl.lit("a")).otherwise(pl.lit("b"))
        .alias("winner"),
        (5 + h % 35).cast(pl.Int64).alias("rounds"),
        *[(h % (7 + k)).cast(pl.Int64).alias(f"{s}_{c}") for k, (s, c) in enumerate(
            (s, c) for s in "ab" for c in ("units_deployed", "damage_dealt", "kills", "units_lost", "crowd_favor"))],
    ).with_columns(
        pl.format("skirmish/{}/{}/{}/{}", "arena", "faction_a", "faction_b", "first").alias("matchup"),
        pl.lit("skirmish").alias("mode"), pl.lit("greedy").alias("policy_a"), pl.lit("greedy").alias("policy_b"),
        pl.lit(0, dtype=pl.Int64).alias("seed"), pl.col("game").alias("game_seed"),
        pl.lit(None, dtype=pl.String).alias("winner_faction"), pl.lit("primary hero defeated").alias("end_reason"),
    )
    lf.sink_parquet(out / "games" / "0000-000000.parquet")
    (out / "manifest.json").write_text(json.dumps({
        "config": {"mode": "skirmish", "factions": list(FACTIONS), "arenas": ["pozzuoli", "colosseum"], "games": N,
                   "seed": 0, "policies": ["greedy", "greedy"], "max_rounds": 60, "chunk": N, "data": []},
        "status": "complete", "catalog_hash": ""}))


MEASURE = """
import resource, subprocess, sys
r = subprocess.run(sys.argv[1:], capture_output=True, text=True)
sys.stderr.write(r.stderr)
print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
sys.stdout.write(r.stdout)
"""


def _peak(*argv: str) -> tuple[int, float, str]:
    """(exit status, peak resident MB, stdout) of a command in a fresh process."""
    r = subprocess.run([sys.executable, "-c", MEASURE, *argv], capture_output=True, text=True, timeout=900)
    head, _, rest = r.stdout.partition("\n")
    code, kb = head.split()
    return int(code), int(kb) / 1024, rest


@pytest.fixture(scope="module")
def big(tmp_path_factory):
    out = tmp_path_factory.mktemp("big") / "sweep"
    _synthetic(out)
    return out


def test_summarize_ten_million_games_within_the_memory_budget(big):
    hoplostat = str(Path(sys.executable).with_name("hoplostat"))
    code, peak, out = _peak(hoplostat, "summarize", str(big), "--json")
    assert code == 0, out
    assert peak < BUDGET_MB, f"summarize peaked at {peak:.0f} MB (budget {BUDGET_MB} MB)"
    d = json.loads(out)
    assert d["games"] == N
    rates = {r["faction"]: r for r in d["win_rates"]}
    assert sum(r["games"] for r in rates.values()) == 2 * N
    assert all(r["wins"] + r["losses"] + r["draws"] == r["games"] for r in rates.values())
    # the draw rate is what the generator made: 5 of every 100 values of its hash
    draws = sum(r["draws"] for r in rates.values()) / 2
    assert draws == pytest.approx(0.05 * N, rel=0.01)


def test_report_ten_million_games_within_the_memory_budget(big, tmp_path):
    hoplostat = str(Path(sys.executable).with_name("hoplostat"))
    code, peak, out = _peak(hoplostat, "report", str(big), "--out", str(tmp_path / "rep"))
    assert code == 0, out
    assert peak < BUDGET_MB, f"report peaked at {peak:.0f} MB (budget {BUDGET_MB} MB)"
    assert f"{N:,}" in (tmp_path / "rep" / "index.html").read_text()

"""Compact storage of sweep results: every row kept, safe at any interruption, and read lazily."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import polars as pl
import pytest
from clihelp import run_cli, run_json
from polars.testing import assert_frame_equal

from hoplostat import store
from hoplostat import sweep as sw

SMALL = ["sweep", "skirmish", "-f", "kunlun", "-f", "amazons", "-a", "pozzuoli", "--seed", "8", "--games", "6",
         "--chunk", "2"]


@pytest.fixture(scope="module")
def loose(tmp_path_factory):
    from hoplostat.cli import main

    out = tmp_path_factory.mktemp("store") / "loose"
    try:
        main([*SMALL, "--no-compact", "--out", str(out)])
    except SystemExit as exc:
        assert exc.code in (0, None)
    return out


def _tables(out: Path) -> dict:
    return sw.load_tables(out)[1]


def _same(a: dict, b: dict) -> None:
    assert set(a) == set(b)
    for k in a:
        assert_frame_equal(a[k], b[k])


def test_compact_merges_every_chunk_keeps_every_row_and_is_idempotent(loose, tmp_path, capsys):
    out = tmp_path / "c"
    shutil.copytree(loose, out)
    before = _tables(out)
    n_chunks = len(list((out / "games").glob("*.parquet")))
    d = run_json(capsys, "compact", str(out))
    assert d["chunks_merged"] == n_chunks == d["chunks"] and d["parts"] == 1
    for table in before:
        assert [p.name for p in (out / table).glob("*.parquet")] == ["part-0001.parquet"]
    _same(_tables(out), before)
    again = run_json(capsys, "compact", str(out))
    assert again["chunks_merged"] == 0 and again["parts"] == 1
    _same(_tables(out), before)


def test_an_interrupted_compaction_loses_nothing_and_counts_nothing_twice(loose, tmp_path):
    before = _tables(loose)
    # killed after writing the part files, before the index: the orphan parts (never indexed) are ignored
    a = tmp_path / "a"
    shutil.copytree(loose, a)
    store.compact(a)
    b = tmp_path / "b"
    shutil.copytree(loose, b)
    for folder in store.table_dirs(loose):
        shutil.copy(a / folder.name / "part-0001.parquet", b / folder.name / "part-0001.parquet")
    _same(_tables(b), before)
    assert store.compact(b)["chunks"] == len(list((loose / "games").glob("*.parquet")))
    _same(_tables(b), before)
    # killed after the index, before the loose files were deleted: the loose copies are ignored, then removed
    c = tmp_path / "c"
    shutil.copytree(loose, c)
    store.compact(c)
    for folder in store.table_dirs(loose):
        for p in folder.glob("*.parquet"):
            shutil.copy(p, c / folder.name / p.name)
    _same(_tables(c), before)
    store.compact(c)
    assert [p.name for p in (c / "games").glob("*.parquet")] == ["part-0001.parquet"]
    _same(_tables(c), before)


def test_resume_and_growth_read_a_compacted_directory(loose, tmp_path, capsys):
    out = tmp_path / "g"
    shutil.copytree(loose, out)
    store.compact(out)
    code, text, err = run_cli(capsys, *SMALL, "--out", str(out), "--resume")
    assert code == 0, err and "0 chunks kept" not in text
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["games_played"] == 12
    _same(_tables(out), _tables(loose))
    code, _, err = run_cli(capsys, *[a if a != "6" else "9" for a in SMALL], "--out", str(out), "--resume")
    assert code == 0, err
    fresh = tmp_path / "fresh"
    code, _, err = run_cli(capsys, *[a if a != "6" else "9" for a in SMALL], "--out", str(fresh))
    assert code == 0, err
    _same(_tables(out), _tables(fresh))
    assert store.read_index(out)["parts"] == ["part-0001.parquet", "part-0002.parquet"]


def test_lazy_tables_equal_the_eager_ones(loose, tmp_path):
    out = tmp_path / "l"
    shutil.copytree(loose, out)
    store.compact(out)
    _, lazy = sw.scan_tables(out)
    assert all(isinstance(v, pl.LazyFrame) for v in lazy.values())
    eager = _tables(out)
    for k, lf in lazy.items():
        assert_frame_equal(lf.collect().sort("matchup", "game"), eager[k])


def test_compact_refuses_a_directory_that_is_not_a_sweep(tmp_path, capsys):
    code, _, err = run_cli(capsys, "compact", str(tmp_path))
    assert code == 2 and err.startswith("error:") and "not a sweep result directory" in err


def _games_of(out: Path, loose: Path, m: int) -> list[int]:
    """The game indices `out` counts for matchup index `m` (named as in the loose sweep's chunk files)."""
    key = pl.read_parquet(loose / "games" / store.chunk_name(m, 0))["matchup"][0]
    games = store.scan_table(out, "games").collect()
    return sorted(games.filter(pl.col("matchup") == key)["game"].to_list())


def test_set_aside_moves_loose_chunks_past_a_stop_and_deletes_nothing(loose, tmp_path):
    """A --ci-width stop before game 2 of matchup 0: its loose chunks from game 2 on move, every table's file,
    into unused/ (kept, not counted); the chunks before the stop and the other matchups stay."""
    out = tmp_path / "s"
    shutil.copytree(loose, out)
    starts = store.chunk_starts(out)
    assert sorted(starts[0]) == [0, 2, 4]
    assert store.set_aside(out, 0, 2, starts[0]) == 2
    assert sorted(store.chunk_starts(out)[0]) == [0] and sorted(store.chunk_starts(out)[1]) == [0, 2, 4]
    for folder in store.table_dirs(loose):
        for g0 in (2, 4):
            name = store.chunk_name(0, g0)
            assert not (out / folder.name / name).exists()
            assert (out / store.UNUSED / folder.name / name).exists() == (loose / folder.name / name).exists()
    assert _games_of(out, loose, 0) == [0, 1] and _games_of(out, loose, 1) == list(range(6))
    assert not (out / store.INDEX).exists()  # nothing compacted: no index to write


def test_set_aside_lists_compacted_chunks_once_and_revive_counts_them_again(loose, tmp_path):
    """In a compacted directory a chunk past a stop stays in its part, listed as unused in the index (counted
    once however often it is set aside); `revive` (a resume deciding its stops afresh) counts it again."""
    out = tmp_path / "c"
    shutil.copytree(loose, out)
    store.compact(out)
    assert store.set_aside(out, 0, 4, [0, 2, 4]) == 1
    assert store.set_aside(out, 0, 2, [0, 2, 4]) == 1  # game 4's chunk was set aside already
    assert sorted(store.read_index(out)["unused"]) == [store.chunk_name(0, 2), store.chunk_name(0, 4)]
    assert sorted(store.chunk_starts(out)[0]) == [0]
    assert _games_of(out, loose, 0) == [0, 1] and _games_of(out, loose, 1) == list(range(6))
    assert not (out / store.UNUSED).exists()
    store.revive(out)
    assert store.read_index(out)["unused"] == [] and sorted(store.chunk_starts(out)[0]) == [0, 2, 4]
    _same(_tables(out), _tables(loose))


def test_only_chunk_files_count_as_chunks(loose, tmp_path):
    """A chunk file is `<matchup>-<first game>.parquet`, both numbers; part files, temporary files and anything
    else in a table folder are not chunks and are not counted as finished."""
    assert store.is_chunk(store.chunk_name(3, 120)) and store.chunk_name(3, 120) == "0003-000120.parquet"
    for name in ("part-0001.parquet", "0003-000120.json", "0003000120.parquet", "3-x.parquet",
                 ".0003-000120.parquet.41.tmp", "0003-000120.parquet.bak"):
        assert not store.is_chunk(name), name
    out = tmp_path / "o"
    shutil.copytree(loose, out)
    shutil.copy(out / "games" / store.chunk_name(0, 0), out / "games" / "part-0001.parquet")
    assert {m: sorted(g) for m, g in store.chunk_starts(out).items()} == {0: [0, 2, 4], 1: [0, 2, 4]}


def test_a_damaged_compaction_index_is_an_error_naming_it(loose, tmp_path):
    """Without its index a compacted directory's rows cannot be told apart: a damaged one is an input error
    naming the file and the place; an index written before chunks could be set aside reads with none unused."""
    from hoplostat.errors import InputError

    out = tmp_path / "d"
    shutil.copytree(loose, out)
    store.compact(out)
    good = json.loads((out / store.INDEX).read_text())
    (out / store.INDEX).write_text('{"parts": ["part-0001.parquet"],\n "chunks": {')
    with pytest.raises(InputError) as err:
        store.read_index(out)
    assert str(err.value).startswith(f"{out / store.INDEX}: damaged compaction index (") and "line 2" in str(err.value)
    del good["unused"]
    (out / store.INDEX).write_text(json.dumps(good))
    assert store.read_index(out) == {**good, "unused": []}
    _same(_tables(out), _tables(loose))


def _damage(path: Path) -> None:
    raw = path.read_bytes()
    path.write_bytes(raw[: len(raw) // 3])


def test_a_damaged_part_leaves_the_index_and_its_chunks_are_played_again(loose, tmp_path):
    """A part file that no longer reads (any table's) is moved, with the same part of every table, into
    unused/damaged/ (kept, not read) and dropped from the index, so its chunks count as unfinished; the parts
    that read stay. Asked again, nothing more is dropped."""
    out = tmp_path / "p"
    shutil.copytree(loose, out)
    first = sorted(store.chunk_name(m, g) for m, g in ((0, 0), (0, 2), (1, 0)))
    for folder in store.table_dirs(loose):
        for name in first:
            (out / folder.name / name).rename(out / folder.name / f"x{name}")
    store.compact(out)  # part-0001: the other three chunks
    for folder in store.table_dirs(loose):
        for name in first:
            (out / folder.name / f"x{name}").rename(out / folder.name / name)
    store.compact(out)  # part-0002: these three
    _damage(out / "units" / "part-0002.parquet")
    assert store.drop_damaged_parts(out) == ["part-0002.parquet"]
    idx = store.read_index(out)
    assert idx["parts"] == ["part-0001.parquet"] and not set(first) & set(idx["chunks"]) and len(idx["chunks"]) == 3
    assert {m: sorted(g) for m, g in store.chunk_starts(out).items()} == {0: [4], 1: [2, 4]}
    for folder in store.table_dirs(loose):
        assert (out / folder.name / "part-0001.parquet").exists()
        assert not (out / folder.name / "part-0002.parquet").exists()
        assert (out / store.UNUSED / "damaged" / folder.name / "part-0002.parquet").exists()
    assert store.drop_damaged_parts(out) == [] and store.read_index(out) == idx


def test_read_finished_gives_a_chunks_games_or_none_when_any_of_its_files_is_damaged(loose, tmp_path):
    """A finished chunk's games rows, loose or compacted (without the part's chunk column); None, to be played
    again, when it is missing or any of its table files does not read."""
    name = store.chunk_name(1, 2)
    want = pl.read_parquet(loose / "games" / name)
    assert want.height == 2
    out = tmp_path / "r"
    shutil.copytree(loose, out)
    assert_frame_equal(store.read_finished(out, name), want)
    assert store.read_finished(out, store.chunk_name(1, 6)) is None
    _damage(out / "units" / name)
    assert store.read_finished(out, name) is None
    comp = tmp_path / "c"
    shutil.copytree(loose, comp)
    store.compact(comp)
    idx = store.read_index(comp)
    assert_frame_equal(store.read_finished(comp, name, idx), want)
    assert_frame_equal(store.read_finished(comp, name), want)
    _damage(comp / "units" / "part-0001.parquet")
    assert store.read_finished(comp, name, idx) is None


def test_write_chunk_writes_every_table_of_a_chunk_under_its_name(loose, tmp_path):
    """`write_chunk` puts each table's frame at `<table>/<chunk>` under the root it is given (a results
    directory or its unused/), creating the folders; nothing else is left there."""
    name = store.chunk_name(0, 4)
    frames = {d.name: pl.read_parquet(d / name) for d in store.table_dirs(loose)}
    assert "games" in frames and len(frames) > 1
    root = tmp_path / "w" / store.UNUSED
    store.write_chunk(root, frames, name)
    for table, frame in frames.items():
        assert [p.name for p in (root / table).iterdir()] == [name]
        assert_frame_equal(pl.read_parquet(root / table / name), frame)


def test_a_chunk_without_rows_of_a_table_is_finished_and_two_parts_are_read_apart(loose, tmp_path):
    """A chunk whose games had no rows of some table writes no file there (`sweep._run`): it is still
    finished. A resume reads chunks of several parts in one process: each from its own part."""
    out = tmp_path / "n"
    shutil.copytree(loose, out)
    name = store.chunk_name(0, 2)
    (out / "units" / name).unlink()
    assert_frame_equal(store.read_finished(out, name), pl.read_parquet(loose / "games" / name))
    store._PART_CACHE.clear()  # as in a fresh process: the parts other tests read have the same rows
    comp = tmp_path / "two"
    shutil.copytree(loose, comp)
    later = [store.chunk_name(1, g) for g in (2, 4)]
    for folder in store.table_dirs(loose):
        for n in later:
            (comp / folder.name / n).rename(comp / folder.name / f"x{n}")
    store.compact(comp)
    for folder in store.table_dirs(loose):
        for n in later:
            (comp / folder.name / f"x{n}").rename(comp / folder.name / n)
    store.compact(comp)
    idx = store.read_index(comp)
    assert idx["chunks"][store.chunk_name(0, 0)] == "part-0001.parquet" and idx["chunks"][later[0]] == "part-0002.parquet"
    for n in (store.chunk_name(0, 0), later[0], store.chunk_name(1, 0), later[1]):
        assert_frame_equal(store.read_finished(comp, n, idx), pl.read_parquet(loose / "games" / n))


def test_a_damaged_part_is_found_past_a_table_folder_without_that_part(loose, tmp_path):
    """A table none of whose chunks had rows has no part file: the damaged part of a later table is still found."""
    out = tmp_path / "e"
    shutil.copytree(loose, out)
    store.compact(out)
    (out / "aaa_empty").mkdir()
    _damage(out / "units" / "part-0001.parquet")
    assert store.drop_damaged_parts(out) == ["part-0001.parquet"]
    assert store.read_index(out)["chunks"] == {}


def test_write_chunk_writes_the_games_file_last(loose, tmp_path, monkeypatch):
    """The games file marks a chunk as finished: a write that fails (or is killed) on another table's file
    leaves no games file, so the chunk is played again; the folders of a new root are created, and a second
    chunk goes next to the first."""
    name = store.chunk_name(0, 4)
    frames = {d.name: pl.read_parquet(d / name) for d in sorted(store.table_dirs(loose), key=lambda d: d.name != "games")}
    assert next(iter(frames)) == "games"
    real = store.write_atomic

    def failing(frame, path):
        if path.parent.name != "games":
            raise OSError("disk full")
        real(frame, path)

    monkeypatch.setattr(store, "write_atomic", failing)
    with pytest.raises(OSError):
        store.write_chunk(tmp_path / "f", frames, name)
    assert not (tmp_path / "f" / "games" / name).exists() and store.read_finished(tmp_path / "f", name) is None
    monkeypatch.setattr(store, "write_atomic", real)
    root = tmp_path / "new" / store.UNUSED
    store.write_chunk(root, {"games": frames["games"]}, name)
    store.write_chunk(root, frames, store.chunk_name(0, 2))
    store.write_chunk(root, frames, store.chunk_name(0, 0))
    assert sorted(p.name for p in (root / "games").iterdir()) == [store.chunk_name(0, g) for g in (0, 2, 4)]
    assert sorted(p.name for p in (root / "units").iterdir()) == [store.chunk_name(0, g) for g in (0, 2)]


def test_a_part_damaged_again_after_its_replay_is_dropped_again(loose, tmp_path):
    """After a damaged part is dropped, its chunks are played and compacted again (into a new part); if that
    part is damaged too, it is dropped as well."""
    out = tmp_path / "twice"
    shutil.copytree(loose, out)
    store.compact(out)
    _damage(out / "games" / "part-0001.parquet")
    assert store.drop_damaged_parts(out) == ["part-0001.parquet"]
    for folder in store.table_dirs(loose):
        for p in folder.glob("*.parquet"):
            shutil.copy(p, out / folder.name / p.name)
    store.compact(out)
    _same(_tables(out), _tables(loose))
    part = store.read_index(out)["parts"][0]
    _damage(out / "units" / part)
    assert store.drop_damaged_parts(out) == [part]
    assert store.read_index(out)["parts"] == [] and store.chunk_starts(out) == {}


def test_a_part_compacted_after_a_dropped_one_takes_a_new_name_and_overwrites_nothing(loose, tmp_path):
    """Three parts, the middle one damaged and dropped: the part its replayed chunks are compacted into is
    numbered past every part the directory has used (part-0004), so the part still in use (part-0003) and the
    damaged copy kept in unused/damaged/ stay as they were, and every row reads."""
    out = tmp_path / "middle"
    shutil.copytree(loose, out)
    chunks = sorted(p.name for p in (loose / "games").glob("*.parquet"))
    groups = [chunks[0:2], chunks[2:4], chunks[4:]]
    assert all(groups)
    folders = [f.name for f in store.table_dirs(loose)]
    for name in chunks:  # hide every chunk, then compact one group at a time
        for f in folders:
            if (out / f / name).exists():
                (out / f / name).rename(out / f / f"x{name}")
    for group in groups:
        for name in group:
            for f in folders:
                if (out / f / f"x{name}").exists():
                    (out / f / f"x{name}").rename(out / f / name)
        store.compact(out)
    assert store.read_index(out)["parts"] == [f"part-000{i}.parquet" for i in (1, 2, 3)]
    third = {f: (out / f / "part-0003.parquet").read_bytes() for f in folders if (out / f / "part-0003.parquet").exists()}
    _damage(out / "games" / "part-0002.parquet")
    kept = (out / "games" / "part-0002.parquet").read_bytes()
    assert store.drop_damaged_parts(out) == ["part-0002.parquet"]
    for name in groups[1]:  # the dropped part's chunks, played again
        for f in folders:
            if (loose / f / name).exists():
                shutil.copy(loose / f / name, out / f / name)
    assert store.compact(out)["part"] == "part-0004.parquet"
    assert store.read_index(out)["parts"] == ["part-0001.parquet", "part-0003.parquet", "part-0004.parquet"]
    assert {f: (out / f / "part-0003.parquet").read_bytes() for f in third} == third
    assert (out / store.UNUSED / "damaged" / "games" / "part-0002.parquet").read_bytes() == kept
    _same(_tables(out), _tables(loose))

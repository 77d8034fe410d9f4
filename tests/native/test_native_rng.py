"""The native core's random stream against numpy's (native/core/src/rng.rs): the same values from the same
generator for every method the engine draws with, over every range it uses and well beyond."""

from __future__ import annotations

import numpy as np
import pytest

from hoplostat.engine import native

pytestmark = pytest.mark.skipif(not native.available(), reason="the native core is not built (docs/native.md)")


def _draw(rng: np.random.Generator, op: str, a: int, b: int) -> list[float]:
    if op == "random":
        return [rng.random()]
    if op == "integers":
        return [float(rng.integers(a))]
    if op == "range":
        return [float(rng.integers(a, b))]
    if op == "permutation":
        return [float(x) for x in rng.permutation(a)]
    if op in ("choice", "choice+"):
        return [float(x) for x in rng.choice(a, size=b, replace=op == "choice+")]
    if op == "spawn":
        return [rng.spawn(1)[0].random()]
    if op == "seeded":
        return [np.random.default_rng(a).random()]
    raise AssertionError(op)


def _same_stream(rng: np.random.Generator, ops: list[tuple[str, int, int]]) -> None:
    values, after = native.module().rng_draws(native.export_rng(rng), ops)
    want = [v for op in ops for v in _draw(rng, *op)]
    assert values == want
    assert after == native.export_rng(rng)


@pytest.mark.parametrize("seed", [0, 1, 12345, 2**63 - 1, 2**100 + 7])
def test_random_and_small_integers_match_numpy_draw_for_draw(seed):
    """Interleaved 32-bit and 64-bit draws: numpy's buffered half of a 64-bit output must be kept alike."""
    rng = np.random.default_rng(seed)
    ops = []
    for k in range(3000):
        ops.append(("random", 0, 0))
        ops.append(("integers", 1 + k % 40, 0))
        ops.append(("integers", 1 + (k * 7919) % 1000, 0))
    _same_stream(rng, ops)


def test_every_small_range_and_the_large_ones_match_numpy():
    rng = np.random.default_rng(np.random.SeedSequence(99, spawn_key=(3, 2**40)))
    ops = [("integers", n, 0) for n in range(1, 300) for _ in range(20)]
    ops += [("integers", n, 0) for n in (2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**40, 2**62 + 3)]
    ops += [("range", 0, 2**63)] * 500 + [("range", 5, 17)] * 100
    _same_stream(rng, ops)


def test_permutation_and_choice_match_numpy():
    rng = np.random.default_rng(7)
    ops = []
    for n in range(1, 40):
        ops.append(("permutation", n, 0))
        ops.append(("choice+", n, 2))
        if n >= 2:
            ops.append(("choice", n, 2))
        ops.append(("choice", n, n))
    ops += [("choice", 20000, 500), ("permutation", 3000, 0)]
    _same_stream(rng, ops)


def test_spawned_children_and_fresh_seeds_match_numpy():
    """`spawn` (the lookahead's own streams) and `default_rng(int)` (its continuations' dice)."""
    rng = np.random.default_rng(np.random.SeedSequence(2024, spawn_key=(5,)))
    ops = [("spawn", 0, 0), ("random", 0, 0), ("spawn", 0, 0)] * 20
    ops += [("seeded", s, 0) for s in (0, 1, 2**32, 2**62 + 11, 9_000_000_000_000_000_000)]
    _same_stream(rng, ops)


def test_a_million_draws_stay_in_step():
    rng = np.random.default_rng(31337)
    ops = [("random", 0, 0), ("integers", 6, 0), ("integers", 3, 0), ("integers", 1_000_003, 0)] * 250_000
    _same_stream(rng, ops)


def test_the_exported_generator_comes_back_where_the_core_left_it():
    rng = np.random.default_rng(5)
    twin = np.random.default_rng(5)
    _values, after = native.module().rng_draws(native.export_rng(rng), [("integers", 7, 0), ("spawn", 0, 0)] * 3)
    native.import_rng(rng, after)
    for _ in range(3):
        twin.integers(7)
        twin.spawn(1)
    assert rng.random() == twin.random()
    assert rng.spawn(1)[0].random() == twin.spawn(1)[0].random()


def test_a_generator_the_core_cannot_reproduce_is_refused():
    with pytest.raises(ValueError, match="PCG64"):
        native.export_rng(np.random.Generator(np.random.MT19937(1)))

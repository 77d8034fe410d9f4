"""The bridge to the optional native playout core (`hoplostat_native`, built from native/ by maturin; docs/native.md).

The core plays Remastered Skirmish exactly as this Python engine plays it (the Python engine is the
specification): the same random stream, the same options in the same order, the same choices of the random,
greedy and lookahead players, the same result and narration. This module decides whether a game can go to the
core (`unsupported`), converts what crosses (numpy generators, the catalog's chips, the result) and picks the
engine (`engine_choice`: `--engine auto|native|python`, or HOPLOSTAT_ENGINE).

Nothing here imports the core at import time: `available()` does, once.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

ENGINE_ENV = "HOPLOSTAT_ENGINE"
"""`auto` (default: the native core when it is installed and can play the game), `native` (an error when it
cannot) or `python` (always this engine). The CLI's `--engine` sets it for the process and its workers."""
ENGINES = ("auto", "native", "python")
PROTOCOL = 1
"""The bridge protocol this module speaks; a core built from other sources says another and is not used."""

_MODULE: Any = None
_WHY_NOT: str | None = None


def _load() -> Any:
    global _MODULE, _WHY_NOT
    if _MODULE is None and _WHY_NOT is None:
        try:
            import hoplostat_native as mod
        except ImportError:
            _WHY_NOT = "the native core is not installed (no Rust toolchain at install; docs/native.md)"
        else:
            got = getattr(mod, "PROTOCOL", None)
            if got != PROTOCOL:
                _WHY_NOT = (f"the installed native core speaks protocol {got}, this hoplostat {PROTOCOL}: rebuild it "
                            "(make, or pip install ./native)")
            else:
                _MODULE = mod
    return _MODULE


def available() -> bool:
    """The native core is installed and matches this package."""
    return _load() is not None


def why_unavailable() -> str | None:
    """Why the core is not used at all (None when it is installed and matches)."""
    _load()
    return _WHY_NOT


def module() -> Any:
    """The core's Python module; RuntimeError when it is not available."""
    mod = _load()
    if mod is None:
        raise RuntimeError(_WHY_NOT)
    return mod


def engine_choice() -> str:
    """The engine asked for (`ENGINE_ENV`), checked."""
    from hoplostat.errors import InputError

    got = os.environ.get(ENGINE_ENV, "auto").strip().lower() or "auto"
    if got not in ENGINES:
        raise InputError(f"{ENGINE_ENV}={got!r}: allowed values are {', '.join(ENGINES)}")
    return got


# --------------------------------------------------------------------------- generators


def _words(x: int) -> list[int]:
    """An integer as numpy's SeedSequence reads it: 32-bit words, least significant first (0 is one word)."""
    if x < 0:
        raise ValueError("seed sequence entropy must be non-negative")
    if x == 0:
        return [0]
    out = []
    while x:
        out.append(x & 0xFFFFFFFF)
        x >>= 32
    return out


def _seq_words(v: Any) -> list[int]:
    """`_coerce_to_uint32_array` of numpy: an int, or a sequence of ints, as words."""
    if v is None:
        return []
    if isinstance(v, (int, np.integer)):
        return _words(int(v))
    out: list[int] = []
    for x in v:
        out.extend(_words(int(x)))
    return out


def export_rng(rng: np.random.Generator) -> tuple:
    """A PCG64 generator made from a SeedSequence as the tuple the core reads; ValueError for any other."""
    bg = rng.bit_generator
    seq = getattr(bg, "seed_seq", None)
    if type(bg) is not np.random.PCG64 or type(seq) is not np.random.SeedSequence:
        raise ValueError("the native core draws from a PCG64 generator made from a SeedSequence")
    st = bg.state
    inner = st["state"]
    return (int(inner["state"]), int(inner["inc"]), bool(st["has_uint32"]), int(st["uinteger"]),
            _seq_words(seq.entropy), _seq_words(seq.spawn_key), int(seq.pool_size), int(seq.n_children_spawned))


def import_rng(rng: np.random.Generator, spec: tuple) -> None:
    """Put a generator where the core left its copy: bit generator state and children spawned."""
    state, inc, has32, uint, _entropy, _key, _pool, spawned = spec
    bg = rng.bit_generator
    bg.state = {"bit_generator": "PCG64", "state": {"state": int(state), "inc": int(inc)},
                "has_uint32": int(has32), "uinteger": int(uint)}
    more = int(spawned) - bg.seed_seq.n_children_spawned
    if more < 0:
        raise ValueError("the core's generator spawned fewer children than Python's copy")
    if more:
        bg.seed_seq.spawn(more)  # the count is read-only; spawning advances it (the children are dropped)

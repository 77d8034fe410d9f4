"""Executors for sweeps: submit a task, wait for whichever finishes first, with no barrier between waves.

A sweep keeps a bounded number of chunks in flight and consumes them as they complete (`sweep._run`);
what it writes and decides never depends on the order they complete in. One small interface, four
implementations chosen by the active backend (`sweep.backend`):

- `Inline`: no parallelism (one job, no backend): each task runs when submitted, in submission order.
- `Futures`: loky's reusable process pool (joblib's own), `concurrent.futures` semantics.
- `DaskFutures`: the Dask client of `sweep.backend("dask")`: tasks go to the cluster's workers.
- `JoblibUnordered`: any other joblib backend (Ray): tasks are handed to joblib in batches and yielded as
  they complete (a batch is a barrier of its own; a sweep says so in its manifest).

Tests inject their own executor (e.g. one that completes tasks in a shuffled order) through `run(...,
executor=...)` in `hoplostat.sweep`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol


class Executor(Protocol):
    """Submit tasks and wait for some of them."""

    slots: int
    """How many tasks to keep in flight (a few per worker)."""
    name: str

    def submit(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Start `fn(*args)`; returns a handle."""

    def wait_any(self, pending: set) -> Iterable:
        """Block until at least one handle of `pending` is done; the done ones."""

    def result(self, handle: Any) -> Any:
        """The value of a done handle (re-raises the task's exception)."""

    def close(self) -> None: ...


class _Done:
    __slots__ = ("value", "error")

    def __init__(self, fn: Callable[..., Any], args: tuple) -> None:
        self.value = self.error = None
        try:
            self.value = fn(*args)
        except BaseException as exc:  # raised again by `result`, as a pool would
            self.error = exc


class Inline:
    """One job in this process: a task runs when submitted; `wait_any` gives back every pending handle."""

    name = "inline"
    slots = 1

    def submit(self, fn: Callable[..., Any], *args: Any) -> _Done:
        return _Done(fn, args)

    def wait_any(self, pending: set) -> Iterable:
        return list(pending)

    def result(self, handle: _Done) -> Any:
        if handle.error is not None:
            raise handle.error
        return handle.value

    def close(self) -> None:
        return None


class Futures:
    """A `concurrent.futures` pool: joblib's reusable loky process executor."""

    name = "loky"

    def __init__(self, jobs: int, *, per_worker: int = 3) -> None:
        # joblib's own loky pool (shared with joblib's Parallel, so the two never fight over the reusable
        # executor). Workers leave Ctrl-C to the process that started them: it stops the sweep, keeps what
        # finished and says how to resume; a traceback per worker would bury that line.
        import signal
        import threading

        from joblib.executor import get_memmapping_executor

        main = threading.current_thread() is threading.main_thread()
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None  # workers starting now inherit it
        try:
            self.pool = get_memmapping_executor(jobs, initializer=ignore_sigint)
            # loky starts its worker processes at the first submit: submit now, while SIGINT is ignored, so
            # every worker inherits that from its first instruction (a worker still importing numpy when
            # Ctrl-C comes would otherwise print a traceback before the initializer ran).
            self.pool.submit(int)
        finally:
            if main:
                signal.signal(signal.SIGINT, previous)
        self.slots = max(1, jobs * per_worker)

    def submit(self, fn: Callable[..., Any], *args: Any) -> Any:
        return self.pool.submit(fn, *args)

    def wait_any(self, pending: set) -> Iterable:
        from concurrent.futures import FIRST_COMPLETED, wait

        done, _ = wait(pending, return_when=FIRST_COMPLETED)
        return done

    def result(self, handle: Any) -> Any:
        return handle.result()

    def close(self) -> None:
        return None  # reusable: joblib's next call gets the same warm workers


class DaskFutures:
    """The Dask client of the active `sweep.backend("dask")`: a few tasks per worker thread in flight."""

    name = "dask"

    def __init__(self, *, per_worker: int = 3) -> None:
        from distributed import get_client

        self.client = get_client()
        workers = sum(self.client.nthreads().values()) or 1
        self.slots = max(1, workers * per_worker)

    def submit(self, fn: Callable[..., Any], *args: Any) -> Any:
        return self.client.submit(fn, *args, pure=False)

    def wait_any(self, pending: set) -> Iterable:
        from distributed import wait

        done, _ = wait(list(pending), return_when="FIRST_COMPLETED")
        return done

    def result(self, handle: Any) -> Any:
        return handle.result()

    def close(self) -> None:
        return None


class JoblibUnordered:
    """Any other joblib backend (Ray): the pending tasks of each call to `wait_any` run as one joblib call whose
    results come back as they complete; a task submitted later waits for the next call."""

    name = "joblib"

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self.slots = max(1, 4 * jobs)
        self._queued: dict[int, tuple] = {}
        self._done: dict[int, Any] = {}
        self._next = 0

    def submit(self, fn: Callable[..., Any], *args: Any) -> int:
        h = self._next
        self._next += 1
        self._queued[h] = (fn, args)
        return h

    def wait_any(self, pending: set) -> Iterable:
        ready = [h for h in pending if h in self._done]
        if ready:
            return ready
        from joblib import Parallel, delayed

        todo = [h for h in pending if h in self._queued]
        tasks = [(h, *self._queued.pop(h)) for h in todo]
        for h, value in Parallel(n_jobs=self.jobs, return_as="generator_unordered")(
                delayed(_tagged)(h, fn, args) for h, fn, args in tasks):
            self._done[h] = value
        return [h for h in pending if h in self._done]

    def result(self, handle: int) -> Any:
        return self._done.pop(handle)

    def close(self) -> None:
        return None


def ignore_sigint() -> None:
    """Worker initializer: SIGINT ignored (the parent handles Ctrl-C), and the worker exits when its parent dies
    (`exit_with_parent`)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    exit_with_parent()


PARENT_POLL = 0.5
"""Seconds between a worker's checks that the process that started it is alive."""
_watching: list[int] = []


def exit_with_parent(every: float = PARENT_POLL) -> None:
    """In a worker process: end it when the process that started it dies. A sweep killed with SIGKILL cannot
    stop its pool, and loky's workers (and, through the pipes they hold, its resource trackers) then lived on
    for good, each holding a core. A daemon thread polls `os.getppid()`: a dead parent's children are handed
    to another process (init or a subreaper), so the parent pid changes. Linux's PR_SET_PDEATHSIG is not used:
    it fires when the *thread* that started the worker ends, and loky starts workers from its manager thread
    too, so a worker could be killed under a live pool. Once per process."""
    import os
    import threading
    import time

    if _watching:
        return
    parent = os.getppid()
    _watching.append(parent)

    def watch() -> None:
        while True:
            time.sleep(every)
            if os.getppid() != parent:
                os._exit(1)  # no clean-up: the results it could return have nowhere to go

    threading.Thread(target=watch, name="hoplostat-exit-with-parent", daemon=True).start()


def _tagged(h: int, fn: Callable[..., Any], args: tuple) -> tuple[int, Any]:
    return h, fn(*args)


def for_backend(name: str | None, jobs: int) -> Executor:
    """The executor of the active backend (`None`: none active)."""
    if name == "dask":
        return DaskFutures()
    if name is not None:
        return JoblibUnordered(jobs)
    if jobs == 1:
        return Inline()
    return Futures(jobs)

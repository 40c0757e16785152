"""How CPython's cyclic garbage collector runs during a check.

A check builds millions of small objects that live until its end (summaries, abstract values,
effects, memo tables) and makes few reference cycles. Left at its defaults, the collector walks
the survivors again and again while they accumulate: on the standard library (168 modules) it was
three quarters of decoding the cached summaries, half of the project pass and about 40% of a run
after one file changed. Nothing here changes what is computed, only when the collector looks.

    with long_lived():   # a whole check: objects made before are not walked again, fewer young collections
        ...
    with paused():       # code that makes no reference cycles (decoding cached data)
        ...
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator

#: allocations between two young collections inside :func:`long_lived` (CPython's default: 700)
YOUNG_THRESHOLD = 20_000

_depth = 0


@contextmanager
def long_lived() -> Iterator[None]:
    """Within: the objects that exist on entry (the interpreter's, the modules', the caller's) are
    left out of every collection (``gc.freeze``), and young collections run every
    :data:`YOUNG_THRESHOLD` allocations. The collector still runs, so garbage cycles are still
    freed. On exit the thresholds are restored and the frozen objects are walked again. Nested
    uses keep the outer one's settings."""
    global _depth
    _depth += 1
    if _depth > 1:
        try:
            yield
        finally:
            _depth -= 1
        return
    thresholds = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(max(YOUNG_THRESHOLD, thresholds[0]), *thresholds[1:])
    try:
        yield
    finally:
        _depth -= 1
        gc.set_threshold(*thresholds)
        gc.unfreeze()


def tune_worker() -> None:
    """In a worker process (for its whole life): what it inherited or imported is left out of
    every collection, and young collections are rarer (see :func:`long_lived`)."""
    gc.freeze()
    threshold, *older = gc.get_threshold()
    gc.set_threshold(max(YOUNG_THRESHOLD, threshold), *older)


@contextmanager
def paused() -> Iterator[None]:
    """Within: no collection at all. Only for code that makes no reference cycles, so that
    nothing waits for a collection to be freed (decoding data into immutable values)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()

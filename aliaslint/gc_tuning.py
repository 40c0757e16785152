"""How CPython's cyclic garbage collector runs during a check.

A check builds millions of small objects that live until its end (summaries, abstract values,
effects, memo tables) and makes few reference cycles. Left at its defaults, the collector walks
the survivors again and again while they accumulate: on the standard library (168 modules) it was
three quarters of decoding the cached summaries, half of the project pass and about 40% of a run
after one file changed. Nothing here changes what is computed, only when the collector looks.

    with long_lived():   # a whole check: objects made before are not walked again, fewer young collections
        ...
        settle()         # what is alive now is not walked again, and no collection until the end
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
#: whether :func:`settle` turned the collector off (it is turned on again when the block ends)
_settled = False


@contextmanager
def long_lived() -> Iterator[None]:
    """Within: the objects that exist on entry (the interpreter's, the modules', the caller's) are
    left out of every collection (``gc.freeze``), and young collections run every
    :data:`YOUNG_THRESHOLD` allocations. The collector still runs, so garbage cycles are still
    freed. On exit the thresholds are restored, and the objects frozen on entry and those made
    within (the summaries, the project's facts) join the oldest generation without being walked:
    the first young collection after the block walked everything made while :func:`settle` had
    the collector off, 0.6 s at the end of a cold run on std168, for the few cycles among them
    (a later full collection frees those). Nested uses keep the outer one's settings."""
    global _depth, _settled
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
        if _settled:
            _settled = False
            gc.enable()
        gc.set_threshold(*thresholds)
        gc.freeze()  # the young generations too: they move to the oldest with the rest
        gc.unfreeze()


def tune_worker() -> None:
    """In a worker process (for its whole life): what it inherited or imported is left out of
    every collection, and young collections are rarer (see :func:`long_lived`)."""
    gc.freeze()
    threshold, *older = gc.get_threshold()
    gc.set_threshold(max(YOUNG_THRESHOLD, threshold), *older)


def settle() -> None:
    """Within :func:`long_lived`, once the summaries are built (before the project pass): the
    objects alive now are left out of every later collection too, and the collector is off until
    the block ends. The project pass and the rules keep almost all they make until the end and make
    almost no reference cycles (about 1,500 objects on the standard library's 168 modules, against
    a fifth of the pass spent in young collections). Without the freeze, the first full collection
    of the pass walked every summary: a quarter of the pass on the standard library copied twice,
    later or never on smaller projects, so the pass grew faster than the project."""
    global _settled
    if _depth == 0 or _settled:
        return
    gc.freeze()
    _settled = gc.isenabled()
    gc.disable()


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

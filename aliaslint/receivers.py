"""Phase 1, last step: a method named like a builtin container's (``clear``, ``update``, ``pop``)
on an object of unknown class is taken for the container's, unless the code calls the same
object by methods no builtin has.

``self._screen.clear(); self._screen.refresh()`` (ansible-navigator 26.10.0's curses form: a
curses window) and ``progress.update(task); progress.advance(task)`` are not a list's and a
dict's: ``refresh`` and ``advance`` say the object is of another class, whose ``clear`` or
``update`` the analysis knows nothing of. The evidence is the receiver's text: the same
expression, in the same function, or for ``self.<attr>`` in any method of the same class.
"""
from __future__ import annotations

import bisect
import collections
import re

from aliaslint.summary import ModuleSummary

#: every public method of the builtin containers and of the scalars that sit beside them: a
#: receiver called only by these may be a builtin, one called by another name is not
#: (``" ".join(parts)`` and ``line.strip()`` are a string's; a name rebound from a list to a
#: string keeps its guesses)
BUILTIN_METHOD_NAMES = frozenset(
    name
    for kind in (list, dict, set, frozenset, tuple, str, bytes, bytearray, int, float,
                 collections.deque, collections.OrderedDict, collections.defaultdict,
                 collections.Counter)
    for name in dir(kind)
    if not name.startswith("_")
)


#: ``receiver.method(`` in source text: the receiver a dotted name (``self.http_client``)
_METHOD_CALL = re.compile(r"(?<![\w.])([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*\.\s*([A-Za-z_]\w*)\s*\(")


def foreign_receivers(source: str, only_self: bool = False) -> frozenset[str]:
    """The receivers (``client``, ``self.http_client``) that ``source``, a function's or a class's
    text, calls by a method no builtin has (``client.post(...)``). Phase 1 asks this before it
    reads ``receiver.get(key)`` as a mapping's lookup: the result of an HTTP client's ``get(url)``
    is no item of the client (python-glanceclient 4.13.0's ``resp, body =
    self.http_client.get(url)``, then ``body.pop("self")``, read as a change of the client the
    constructor was given: five A's of issue 8's blind forty-sixth set). ``only_self``: ``self``
    and its attributes, for a class's text (its methods share them: ``self.model(...)`` in one
    method makes ``self.get(namespace, name)`` in another the class's own ``get``)."""
    return ForeignCalls(source).between(0, len(source), only_self)


class ForeignCalls:
    """The calls of ``source`` by a method no builtin has, found in one pass, for the receivers
    of any part of it (:func:`foreign_receivers` of each function's and class's text scanned a
    module three times over: a tenth of a second for every 50,000 lines)."""

    def __init__(self, source: str) -> None:
        found = [(m.start(), m.group(1)) for m in _METHOD_CALL.finditer(source)
                 if m.group(2) not in BUILTIN_METHOD_NAMES]
        self._starts = [start for start, _ in found]
        self._receivers = [receiver for _, receiver in found]

    def between(self, start: int, end: int, only_self: bool = False) -> frozenset[str]:
        """The receivers called so in ``source[start:end]`` (:func:`foreign_receivers`)."""
        first, last = bisect.bisect_left(self._starts, start), bisect.bisect_left(self._starts, end)
        return frozenset(r for r in self._receivers[first:last]
                         if not only_self or r == "self" or r.startswith("self."))


def drop_foreign_container_guesses(summary: ModuleSummary, foreign: dict[str, frozenset[str]]) -> None:
    """Take out of ``summary``'s functions the mutations and stores that a builtin-container guess
    made (:attr:`~aliaslint.summary.CallSite.builtin_guess`) on a receiver also called by a
    method no builtin has: ``foreign`` maps each function to those receivers (the analyser's
    :class:`ForeignCalls`, the same evidence that keeps its ``get`` from being a lookup). The
    calls stay, as calls of an unknown method."""
    for q, fn in summary.functions.items():
        if not foreign.get(q):
            continue
        dropped = {call.id: call.site for call in fn.calls
                   if call.builtin_guess and "".join(call.text.rpartition(".")[0].split()) in foreign[q]}
        if not dropped:
            continue
        sites = set(dropped.values())
        fn.mutations = [m for m in fn.mutations if m.call_id not in dropped]
        fn.stores = [s for s in fn.stores if not (s.site in sites and s.op in ("append", "add", "insert"))]

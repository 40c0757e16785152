"""Hash-consing of the project pass's abstract values: one object per distinct value it keeps.

    table = ValueTable()
    table.value(v: Value) -> Value      # the one object equal to ``v`` (its origins shared too)

The project pass keeps values in its memo tables (call results, attribute types, field values),
in the return values of every function and, through the second round's read traces
(:mod:`aliaslint.reads`), the values each analysis read. It builds them afresh every time it
computes them (:meth:`~aliaslint.dataflow.ValueFlow.resolve` and
:meth:`~aliaslint.dataflow.ValueFlow.instantiate` make new frozensets and new origins), so equal
values were kept as separate objects: on dagster (809 files, 11,389 functions) the return values
and traces at the end of the first round held 509,000 frozensets of which 21,000 were distinct,
and 516,000 :class:`~aliaslint.values.Opaque` origins of which 5,000 were distinct (660 MB of the
pass's 700). Putting a value through the table before it is kept makes every equal value, and
every equal part of one (the frozensets inside a :class:`~aliaslint.values.Fresh`'s fields, its
class and the source of a copy), one object.

Equal values are interchangeable for the analysis: it compares values with ``==`` and hashes
them, and its results do not depend on the order a set yields its elements in (the hash seed
changes that order from run to run). The one comparison by identity, of the return values the
second round's traces recorded, is kept apart: see :meth:`ValueTable.stored`.
"""
from __future__ import annotations

from typing import Any

from aliaslint.values import Fresh, Value, replace


class ValueTable:
    """The canonical object of every value put through it (kept alive until it is dropped:
    one per project pass)."""

    __slots__ = ("table",)

    def __init__(self) -> None:
        #: value or origin -> the one object kept for it
        self.table: dict[Any, Any] = {}

    def __len__(self) -> int:
        return len(self.table)

    def value(self, value: Value) -> Value:
        """The object kept for the abstract value ``value`` (a frozenset of origins): ``value``
        itself the first time, with its origins replaced by the ones kept for them."""
        got = self.table.get(value)
        if got is not None:
            return got
        origins = [self.origin(o) for o in value]
        if any(a is not b for a, b in zip(origins, value)):
            # the same elements (equal ones), so an equal set
            value = frozenset(origins)
        self.table[value] = value
        return value

    def origin(self, o):
        """The object kept for one origin (its nested values kept first)."""
        got = self.table.get(o)
        if got is not None:
            return got
        if type(o) is Fresh and (o.fields or o.cls or o.copy_of):
            fields = tuple([(k, self.value(v)) for k, v in o.fields])
            cls = self.value(o.cls) if o.cls else o.cls
            copy_of = self.value(o.copy_of) if o.copy_of else o.copy_of
            if cls is not o.cls or copy_of is not o.copy_of or any(
                    a[1] is not b[1] for a, b in zip(fields, o.fields)):
                o = Fresh(o.site, o.loops, o.kind, cls, fields, copy_of, o.call, o.copy, o.shared_source, o.how,
                          o.container, o.each)
        self.table[o] = o
        return o

    def kept(self, obj):
        """The object kept for ``obj``, a frozen value whose own values were kept already (a call
        target: :meth:`aliaslint.callgraph.CallResolution.targets`)."""
        return self.table.setdefault(obj, obj)

    def effects(self, effects: dict) -> dict:
        """A function's effects (key -> :class:`~aliaslint.effects.Effect`, in their order) with
        the parts that repeat from effect to effect kept once: the roots the value, the key and
        the path depend on, the path, the chain of call sites and the callees (a callee's effect
        passed up to every caller keeps its path and its dependencies)."""
        out = {}
        for e in effects.values():
            e = replace(e, path=self.kept(e.path), chain=self.kept(e.chain), callees=self.kept(e.callees),
                        value_deps=self.value(e.value_deps), key_deps=self.value(e.key_deps),
                        path_deps=self.value(e.path_deps))
            out[self.kept(e.key())] = e
        return out

    def stored(self, value: Value) -> Value:
        """``value`` (kept) as a new set object, for a store the second round tells apart by
        identity: a function's return value is stored anew only when it changed, and the traces
        compare it by identity (:mod:`aliaslint.reads`). A value that changes back to an equal one
        must stay a new object there, as it was before the table shared values."""
        return frozenset(list(self.value(value)))

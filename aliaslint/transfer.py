"""How a summary crosses from a worker process to the main one when it is not cached.

    pack(summary: ModuleSummary) -> Packed                                   # in the worker
    unpack(packed: Packed, path: str, interner: codec.Interner) -> ModuleSummary | None   # main

A cached summary is encoded for the cache anyway (:mod:`aliaslint.codec`, data only), and those
bytes are what the worker sends. Without a cache (``--no-cache``), that encoding and its decoding
were a sixth of a cold run's processor time; ``pickle`` does the same in half of it. The pipe
joins two processes of this run (``multiprocessing`` pickles whatever crosses it anyway), nothing
packed here is ever stored, and nothing is read back from the checked tree, so the rule that
keeps ``pickle`` away from the cache folder (a shipped cache could run code) is not at stake.
Still, the main process's unpickler builds nothing but the codec's classes (:data:`codec.TYPES`,
:data:`codec.ENUMS`) and the plain containers.

Plain pickling would give every summary its own copies of the strings, abstract values and access
paths that summaries share, where the codec's decoder merges them through the run's
:class:`codec.Interner`: about twice the summaries' memory. So the worker's pickler sends each
dataclass of the codec as a call of :func:`_rebuilt` with its fields, and the main process merges
those fields (strings through ``sys.intern``; ints, tuples, frozensets and the values of
:data:`codec.INTERNED` through the interner, by the decoder's rules) as it builds the value: the
same sharing as a summary read from the cache.
"""
from __future__ import annotations

import io
import pickle
import sys
from dataclasses import dataclass
from typing import Any

from aliaslint import codec, gc_tuning

__all__ = ["Packed", "pack", "unpack"]

#: the dataclasses the pickler hands over as ``_rebuilt(tag, *fields)``, with their fields
_REBUILT = {cls: (cls.__name__, codec._FIELDS[cls]) for cls in codec.TYPES.values()}
_BY_TAG = {tag: cls for cls, (tag, _) in _REBUILT.items()}
_CONTAINERS = frozenset({tuple, frozenset, list, dict, set})
intern = sys.intern
#: what the main process's unpickler may name: the codec's classes and :func:`_rebuilt`
_ALLOWED = {(cls.__module__, cls.__qualname__): cls for cls in (*codec.TYPES.values(), *codec.ENUMS.values())}


@dataclass(frozen=True)
class Packed:
    """A pickled :class:`~aliaslint.summary.ModuleSummary`, as a worker sends it."""

    data: bytes


class _Pickler(pickle.Pickler):
    def reducer_override(self, obj: Any) -> Any:
        # called for instances of classes, never for str, int, tuple, frozenset and the other
        # builtins (pickle's own fast paths); its memo still sends a value met twice once
        rebuilt = _REBUILT.get(type(obj))
        if rebuilt is None:
            return NotImplemented
        return _rebuilt, (rebuilt[0], *map(obj.__getattribute__, rebuilt[1]))


def pack(summary) -> Packed:
    """``summary`` pickled for the main process (:func:`unpack`)."""
    out = io.BytesIO()
    _Pickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(summary)
    return Packed(out.getvalue())


def _rebuilt(tag: str, *fields: Any) -> Any:
    """What the pickler names for a dataclass (by reference: this function); the main process's
    unpickler calls its own :meth:`_Unpickler.rebuilt` in its place."""
    raise pickle.UnpicklingError("a summary's value outside unpack()")


class _Unpickler(pickle.Unpickler):
    def __init__(self, file, builder: _Builder) -> None:
        super().__init__(file)
        self.builder = builder

    def find_class(self, module: str, name: str) -> Any:
        if module == __name__ and name == "_rebuilt":
            return self.builder.rebuilt
        cls = _ALLOWED.get((module, name))
        if cls is None:
            raise pickle.UnpicklingError(f"{module}.{name} is not a summary's class")
        return cls


class _Builder:
    """Builds one summary's dataclasses for :class:`_Unpickler`, merging their values."""

    def __init__(self, interner: codec.Interner) -> None:
        self.interner = interner
        #: id of a tuple or frozenset pickle built -> (it, its merged value): pickle builds a
        #: container met twice in a summary once, and so is it merged once
        self.done: dict[int, tuple[Any, Any]] = {}

    def rebuilt(self, tag: str, *fields: Any) -> Any:
        """The dataclass value ``tag(*fields)``, built through its own ``__init__`` with its
        fields merged (:meth:`merged`); a value of :data:`codec.INTERNED` is then merged itself.
        Pickle builds a value's parts first, so dataclasses among them are merged already.

        A value of :data:`codec.INTERNED` equal to one built before (three in four on std168:
        97,000 of 126,000) is that one, found by its class and fields as they came (equal fields
        make equal values, as ``==`` on the built values would say), without merging them and
        building it again."""
        cls = _BY_TAG[tag]
        interned = cls in codec.INTERNED
        if interned:
            key = (cls, fields)
            got = self.interner.by_fields.get(key)
            if got is not None:
                return got
        ints, merged = self.interner.table.setdefault, self.merged
        value = cls(*[intern(x) if (kind := type(x)) is str else ints(x, x) if kind is int
                      else merged(x, kind) if kind in _CONTAINERS else x for x in fields])
        if interned:
            value = self.interner.by_fields[key] = self.interner.merge(value)
        return value

    def merged(self, value: Any, kind: type) -> Any:
        """The container ``value`` (``kind`` is its exact type, one of :data:`_CONTAINERS`):
        a tuple, list or dict rebuilt with its strings, ints and containers merged; a set or
        frozenset as it is (its elements of :data:`codec.INTERNED` are merged already). A tuple
        or frozenset is then merged itself, when its elements allow it
        (:meth:`codec.Interner.merge`)."""
        if kind is frozenset or kind is set:
            # kept as pickle built it, from the worker's elements in the worker's order, as the
            # codec's decoder does: built again from its own order, a set may iterate in another
            # order (colliding hashes), and the project pass's choices follow that order
            if kind is set:
                return value
            done = self.done.get(id(value))
            if done is None:
                done = self.done[id(value)] = (value, self.interner.merge(value))
            return done[1]
        immutable = kind is tuple
        if immutable:
            done = self.done.get(id(value))
            if done is not None:
                return done[1]
        ints, merged = self.interner.table.setdefault, self.merged
        if kind is dict:
            return {intern(k) if type(k) is str else k: intern(x) if (t := type(x)) is str else ints(x, x)
                    if t is int else merged(x, t) if t in _CONTAINERS else x for k, x in value.items()}
        got = kind([intern(x) if (k := type(x)) is str else ints(x, x) if k is int
                    else merged(x, k) if k in _CONTAINERS else x for x in value])
        if not immutable:
            return got
        got = self.interner.merge(got)
        self.done[id(value)] = (value, got)
        return got


def unpack(packed: Packed, path: str, interner: codec.Interner | None = None):
    """The summary in ``packed`` with its shared values merged through ``interner`` (see the
    module's docstring; a new one without) and its ``path`` set to ``path``, or ``None`` when it
    cannot be read back (a bug of ours)."""
    from aliaslint.summary import ModuleSummary

    # like the codec's decoding: no reference cycles are made, the collector would only walk the result
    with gc_tuning.paused():
        try:
            got = _Unpickler(io.BytesIO(packed.data), _Builder(interner if interner is not None else codec.Interner())).load()
        except (pickle.UnpicklingError, ValueError, TypeError, KeyError, IndexError, EOFError, AttributeError):
            return None
    if not isinstance(got, ModuleSummary):
        return None
    got.path = path
    return got

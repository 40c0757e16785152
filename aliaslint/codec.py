"""A data-only encoding of summaries: JSON text that decodes to a fixed set of plain types.

The summary cache lives inside the checked project, and a repository (or a pull request) can ship
one, so reading an entry must never run code. ``pickle`` would run whatever the file names; this
codec builds nothing but ``None``, ``bool``, ``int``, ``float``, ``str``, ``tuple``, ``list``,
``dict``, ``set``, ``frozenset``, the two enums of :mod:`aliaslint.diagnostics` and the
dataclasses listed in :data:`TYPES`, each called with exactly its declared fields. Anything else
in the text is a :class:`DecodeError`.

Shape of the text (compact JSON):

- a string, number, ``true``/``false`` or ``null`` stands for itself;
- every JSON array is tagged by its first element: ``["t", ...]`` a tuple, ``["l", ...]`` a list,
  ``["f", ...]`` a frozenset, ``["s", ...]`` a set, ``["d", k1, v1, k2, v2, ...]`` a dict,
  ``["<Type>", field1, field2, ...]`` a dataclass of :data:`TYPES` (fields in declaration order),
  ``["e<Enum>", value]`` an enum member, ``["^", n]`` the *n*-th shared value again.

Sharing: summaries repeat the same frozen values many times (one access path in every effect that
goes through it). Each frozenset and frozen dataclass is numbered in the order its encoding *ends*
(post-order), and a repeat of the same Python object is written as ``["^", n]``; the decoder numbers
the values it builds in the same order. This keeps entries about as small as pickle's.

Interning: summaries of different modules (and the same module read twice) repeat the same
strings, abstract values and access paths; decoding them into separate objects is most of the
project pass's memory. :func:`loads` given an :class:`Interner` returns one object per distinct
value across every text it decodes with it: strings through ``sys.intern``, and equal ints (line
numbers), frozensets, tuples and frozen values (:data:`INTERNED`) through the interner's table. Only values whose
scalars are ``str``, ``int`` or ``None`` (exact types, as the typed fields of the dataclasses
are) are merged, so ``1`` and ``True`` (equal in Python) are never taken for each other.
"""
from __future__ import annotations

import dataclasses
import enum
import json
import sys
import types
import typing
from typing import Any, Callable

from aliaslint import gc_tuning
from aliaslint.diagnostics import (
    Applicability,
    Confidence,
    Diagnostic,
    Edit,
    Fix,
    FixRequest,
    Location,
    RelatedLocation,
)
from aliaslint.summary import (
    Candidate,
    CallSite,
    ClassInfo,
    FunctionSummary,
    ModuleSummary,
    Mutation,
    Store,
)
from aliaslint.values import CopyMark, Fresh, Opaque, Ref, Root, Site

#: every dataclass the codec may build, by tag; adding a type here is the only way to widen it
TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        Root, Site, CopyMark, Ref, Fresh, Opaque,
        CallSite, Mutation, Store, FunctionSummary, ClassInfo, Candidate, ModuleSummary,
        Location, RelatedLocation, Edit, FixRequest, Fix, Diagnostic,
    )
}
ENUMS: dict[str, type[enum.Enum]] = {"Confidence": Confidence, "Applicability": Applicability}

_FIELDS: dict[type, tuple[str, ...]] = {
    cls: tuple(f.name for f in dataclasses.fields(cls)) for cls in TYPES.values()
}
_FROZEN = {cls for cls in TYPES.values() if cls.__dataclass_params__.frozen}  # type: ignore[attr-defined]

#: the frozen dataclasses worth interning (they repeat); call sites, mutations, stores and sites
#: are almost all distinct, and hashing them would cost more than sharing saves
INTERNED = frozenset({Root, Ref, Fresh, Opaque, CopyMark})

#: the origins an abstract value (a bare ``frozenset`` field) may hold
_ORIGINS = (Ref, Fresh, Opaque)
_ORIGIN_TYPES = frozenset(_ORIGINS)

#: every type a decoded value can have: a value's exact type says whether it fits a plain class
#: (no decoded value is of a subclass the codec does not know)
_DECODED_TYPES = (type(None), bool, int, float, str, tuple, list, frozenset, set, dict,
                  *TYPES.values(), *ENUMS.values())


def _kinds(hint: Any) -> frozenset[type] | None:
    """The decoded types that fit ``hint`` when fitting is a matter of the type alone (a plain
    class, ``None``, a union of them), else ``None``. Same answers as ``isinstance`` on decoded
    values, except that ``bool`` and ``int`` are told apart (a Site's line is no ``True``)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return frozenset(_DECODED_TYPES)
    if hint is type(None):
        return frozenset({type(None)})
    if origin in (typing.Union, types.UnionType):
        parts = [_kinds(a) for a in args]
        return None if any(p is None for p in parts) else frozenset().union(*parts)  # type: ignore[arg-type]
    if hint is bool or hint is int:
        return frozenset({hint})
    if hint is frozenset or hint is dict:  # their contents are checked too
        return None
    if isinstance(hint, type) and origin is None:
        return frozenset(t for t in _DECODED_TYPES if issubclass(t, hint))
    return None


def _checker(hint: Any) -> Callable[[Any], bool]:
    """A shallow test that a decoded value fits the field annotation ``hint``.

    Shallow is enough: every dataclass inside was checked when it was built, and shared values
    when they were first decoded, so one pass over the text checks everything once. The tests of
    a container's elements look at their types in C (``kinds.issuperset(map(type, v))``), not
    one Python call per element.
    """
    kinds = _kinds(hint)
    if kinds is not None:
        return lambda v: type(v) in kinds
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        simple = frozenset().union(*(k for k in map(_kinds, args) if k is not None))
        others = [_checker(a) for a in args if _kinds(a) is None]
        return lambda v: type(v) in simple or any(c(v) for c in others)
    if hint is frozenset:  # an abstract value: a set of origins
        return lambda v: type(v) is frozenset and _ORIGIN_TYPES.issuperset(map(type, v))
    if hint is dict:  # free-form data (a candidate's): string keys
        return lambda v: type(v) is dict and _STR.issuperset(map(type, v))
    if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
        parts = [_checker(a) for a in args]
        return lambda v: type(v) is tuple and len(v) == len(parts) and all(c(x) for c, x in zip(parts, v))
    if origin in (tuple, list, set, frozenset):
        return _each(origin, args[0])
    if origin is dict:
        key_kinds, value_kinds = _kinds(args[0]), _kinds(args[1])
        check_key, check_value = _checker(args[0]), _checker(args[1])
        if key_kinds is not None and value_kinds is not None:
            return lambda v: type(v) is dict and key_kinds.issuperset(map(type, v)) \
                and value_kinds.issuperset(map(type, v.values()))
        return lambda v: type(v) is dict and all(check_key(k) and check_value(x) for k, x in v.items())
    raise TypeError(f"the codec cannot check fields of type {hint!r}")


def _each(container: type, hint: Any) -> Callable[[Any], bool]:
    """A ``container`` (exactly) whose every element fits ``hint``."""
    kinds = _kinds(hint)
    if kinds is not None:
        return lambda v: type(v) is container and kinds.issuperset(map(type, v))
    each = _checker(hint)
    return lambda v: type(v) is container and all(each(x) for x in v)


_STR = frozenset({str})
_ANY_KIND = frozenset(_DECODED_TYPES)
#: per dataclass: every field's test (for the message), the types each field may have (all of
#: them for a field with a test of its contents), and those tests of contents by field index
_CHECKS: dict[type, tuple[Callable[[Any], bool], ...]] = {}
_FIELD_KINDS: dict[type, tuple[frozenset[type], ...]] = {}
_CONTENT_CHECKS: dict[type, tuple[tuple[int, Callable[[Any], bool]], ...]] = {}
for _cls in TYPES.values():
    _all_hints = typing.get_type_hints(_cls)  # once per class: each call evaluates every annotation
    _hints = [_all_hints[name] for name in _FIELDS[_cls]]
    _CHECKS[_cls] = tuple(map(_checker, _hints))
    _FIELD_KINDS[_cls] = tuple(_kinds(h) or _ANY_KIND for h in _hints)
    _CONTENT_CHECKS[_cls] = tuple((i, _checker(h)) for i, h in enumerate(_hints) if _kinds(h) is None)

#: nesting past which a text is refused (a hostile entry must not exhaust the stack)
MAX_DEPTH = 400


class DecodeError(ValueError):
    """The text is not an encoding this codec produced (damaged, foreign or hostile)."""


class Interner:
    """One object per distinct immutable value decoded with it (see the module's docstring).

    Use one per check: it keeps every value it has seen alive until it is dropped. Equal values
    are interchangeable for the analysis (it compares them with ``==`` and hashes them, never by
    identity), so interning changes memory, not results.
    """

    __slots__ = ("table", "containers", "by_fields")

    def __init__(self) -> None:
        #: value -> the one object kept for it
        self.table: dict[Any, Any] = {}
        #: ids of the tuples and frozensets in ``table`` (a container holding only these, exact
        #: scalars and dataclass values can be merged with an equal one)
        self.containers: set[int] = set()
        #: ``(class of INTERNED, its fields as sent)`` -> the object kept for that value
        #: (:mod:`aliaslint.transfer`: a value met again is found before it is built)
        self.by_fields: dict[tuple, Any] = {}

    def __len__(self) -> int:
        return len(self.table)

    def merge(self, value: Any) -> Any:
        """The object kept for ``value`` (a value of :data:`INTERNED`, a tuple or a frozenset
        built from values already merged), by the decoder's rules: a tuple or frozenset is merged
        only when its elements allow it (see :data:`_EXACT`). For values built outside a decoder
        (:mod:`aliaslint.transfer`), whose fields come from this run's own analysis."""
        if type(value) in INTERNED:
            return self.table.setdefault(value, value)
        kinds = set(map(type, value))
        if not _EXACT.issuperset(kinds):
            if not _EXACT_OR_CONTAINER.issuperset(kinds) or not self.containers.issuperset(
                    [id(x) for x in value if type(x) in _CONTAINERS]):
                return value
        got = self.table.get(value)
        if got is None:
            got = self.table.setdefault(value, value)
            self.containers.add(id(got))
        return got


def dumps(obj: Any) -> str:
    """Encode ``obj`` (built from the types above) as compact JSON text.

    Raises ``TypeError`` for a value of any other type: the codec must never store what it could
    not give back exactly.
    """
    return json.dumps(_Encoder().encode(obj), separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def loads(text: str | bytes, interner: Interner | None = None) -> Any:
    """Decode a text made by :func:`dumps`.

    With ``interner``, strings, frozensets, tuples and the values of :data:`INTERNED` equal to
    ones decoded before with the same interner are those objects (without, only within this
    text). Raises :class:`DecodeError` when the text is not valid JSON, names a type or tag outside the
    codec's list, gives a dataclass the wrong number of fields, refers to a shared value that does
    not exist yet, or nests deeper than :data:`MAX_DEPTH`.
    """
    # decoding makes no reference cycles: the collector would only walk the growing result
    # again and again (three quarters of the time, with many summaries alive)
    with gc_tuning.paused():
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise DecodeError(f"not JSON: {exc}") from None
        return _decode(data, interner if interner is not None else Interner())


def _decode(data: Any, interner: Interner) -> Any:
    try:
        return _decoder(interner)(data, 0)
    except RecursionError:
        raise DecodeError("nested too deeply") from None
    except (TypeError, ValueError, KeyError, IndexError) as exc:
        if isinstance(exc, DecodeError):
            raise
        raise DecodeError(f"malformed value: {exc}") from None


#: scalars written as themselves (exact types: a str enum is an enum)
_PLAIN = frozenset({str, int, float, bool, type(None)})


class _Encoder:
    def __init__(self) -> None:
        self.shared: dict[int, int] = {}
        self.keep: list[Any] = []  # keeps encoded objects alive, so their ids stay unique
        self.count = 0

    def _number(self, obj: Any) -> None:
        self.shared[id(obj)] = self.count
        self.keep.append(obj)
        self.count += 1

    def encode(self, obj: Any) -> Any:
        # the common cases by exact type first (a dict lookup, no chain of isinstance tests);
        # anything else takes the general path below
        kind = type(obj)
        if kind in _PLAIN:
            return obj
        if kind is tuple:
            return ["t", *[x if type(x) in _PLAIN else self.encode(x) for x in obj]]
        ref = self.shared.get(id(obj))
        if ref is not None:
            return ["^", ref]
        if kind is frozenset:
            out = ["f", *[x if type(x) in _PLAIN else self.encode(x) for x in obj]]
            self._number(obj)
            return out
        names = _FIELDS.get(kind)
        if names is not None:
            out = [kind.__name__, *[x if type(x) in _PLAIN else self.encode(x) for x in map(obj.__getattribute__, names)]]
            if kind in _FROZEN:
                self._number(obj)
            return out
        return self._encode_other(obj)

    def _encode_other(self, obj: Any) -> Any:
        if isinstance(obj, enum.Enum):  # before str: Applicability is a str enum
            name = type(obj).__name__
            if ENUMS.get(name) is not type(obj):
                raise TypeError(f"cannot encode enum {type(obj).__qualname__}")
            return ["e" + name, obj.value]
        if obj is None or isinstance(obj, (bool, str)):
            return obj
        if isinstance(obj, (int, float)):
            return obj
        ref = self.shared.get(id(obj))
        if ref is not None:
            return ["^", ref]
        if isinstance(obj, tuple):
            return ["t", *(self.encode(x) for x in obj)]
        if isinstance(obj, list):
            return ["l", *(self.encode(x) for x in obj)]
        if isinstance(obj, frozenset):
            out = ["f", *(self.encode(x) for x in obj)]
            self._number(obj)
            return out
        if isinstance(obj, set):
            return ["s", *(self.encode(x) for x in obj)]
        if isinstance(obj, dict):
            out = ["d"]
            for k, v in obj.items():
                out.append(self.encode(k))
                out.append(self.encode(v))
            return out
        cls = type(obj)
        names = _FIELDS.get(cls)
        if names is None or TYPES.get(cls.__name__) is not cls:
            raise TypeError(f"cannot encode {cls.__qualname__}")
        out = [cls.__name__, *(self.encode(getattr(obj, n)) for n in names)]
        if cls in _FROZEN:
            self._number(obj)
        return out


#: JSON values the decoder must look into (an object is refused there); the rest stand for themselves
_NESTED = frozenset({list, dict})
#: the tags of the containers besides tuples and frozensets (handled first)
_CONTAINER_TAGS = frozenset({"l", "d", "s"})
#: element types that let an interned tuple or frozenset hold an element as it is: scalars whose
#: equality is their identity's type (not ``bool`` or ``float``, equal to ints; not the enums,
#: equal to ints and strings) and the frozen dataclasses (their fields are checked to exact types)
_EXACT = frozenset({str, int, type(None), *_FROZEN})
_CONTAINERS = frozenset({tuple, frozenset})
_EXACT_OR_CONTAINER = _EXACT | _CONTAINERS


def _decoder(interner: Interner) -> Callable[[Any, int], Any]:
    """A decoding function for one text, with the shared values numbered so far.

    One function with the common tags inline (tuples, frozensets, references; then a dict of
    the others): the decoder runs once per JSON array of every cache hit, and the calls between
    small methods were most of its time. Scalars in an array are taken as they are, but for
    strings and ints, interned (an int is looked up only as an exact int: never as ``True``).
    """
    shared: list[Any] = []
    append = shared.append
    empty_tuple = ["t"]
    nested, types_get, fields, frozen = _NESTED, TYPES.get, _FIELDS, _FROZEN
    field_kinds, content_checks, contains = _FIELD_KINDS, _CONTENT_CHECKS, frozenset.__contains__
    intern, interned, exact, containers, either = sys.intern, INTERNED, _EXACT, _CONTAINERS, _EXACT_OR_CONTAINER
    table_get, table_set, container_ids = interner.table.get, interner.table.setdefault, interner.containers

    def one(value: Any) -> Any:
        """The interned object equal to the tuple or frozenset ``value``, when its elements
        allow it (see :data:`_EXACT`; nested containers must be interned ones), else ``value``."""
        kinds = set(map(type, value))
        if not exact.issuperset(kinds):
            if not either.issuperset(kinds) or not container_ids.issuperset(
                    [id(x) for x in value if type(x) in containers]):
                return value
        got = table_get(value)
        if got is None:
            got = table_set(value, value)
            container_ids.add(id(got))
        return got

    def decode(data: Any, depth: int) -> Any:
        if data == empty_tuple:  # a third of all arrays (fields left at their default)
            return ()
        if type(data) is not list:
            if type(data) is dict:
                raise DecodeError("a JSON object is not part of the format")
            return data
        if depth > MAX_DEPTH:
            raise DecodeError("nested too deeply")
        if not data or type(data[0]) is not str:
            raise DecodeError("an array without a tag")
        tag = data[0]
        depth += 1
        if tag == "^":
            if len(data) != 2 or type(data[1]) is not int or not 0 <= data[1] < len(shared):
                raise DecodeError("a reference to a value not decoded yet")
            return shared[data[1]]
        if tag == "t":
            return one(tuple([decode(x, depth) if type(x) in nested else intern(x) if type(x) is str
                              else table_set(x, x) if type(x) is int else x for x in data[1:]]))
        if tag == "f":
            out = one(frozenset([decode(x, depth) if type(x) in nested else intern(x) if type(x) is str
                                 else table_set(x, x) if type(x) is int else x for x in data[1:]]))
            append(out)
            return out
        cls = types_get(tag)
        if cls is not None:
            names = fields[cls]
            if len(data) - 1 != len(names):
                raise DecodeError(f"{tag} takes {len(names)} fields, got {len(data) - 1}")
            items = [decode(x, depth) if type(x) in nested else intern(x) if type(x) is str
                     else table_set(x, x) if type(x) is int else x for x in data[1:]]
            # the fields' types in one pass in C, then the tests that look inside values
            ok = all(map(contains, field_kinds[cls], map(type, items)))
            if ok:
                for i, check in content_checks[cls]:
                    if not check(items[i]):
                        ok = False
                        break
            if not ok:
                name = next(n for n, check, value in zip(names, _CHECKS[cls], items) if not check(value))
                raise DecodeError(f"{tag}.{name} has a value of the wrong type")
            out = cls(*items)  # fields in declaration order: the dataclass's own ``__init__``
            if cls in interned:  # its fields have exact types (checked above): safe to merge
                out = table_set(out, out)
            if cls in frozen:
                append(out)
            return out
        if tag not in _CONTAINER_TAGS and not (tag[:1] == "e" and tag[1:] in ENUMS):
            raise DecodeError(f"unknown tag {tag[:40]!r}")
        items = [decode(x, depth) if type(x) in nested else intern(x) if type(x) is str
                 else table_set(x, x) if type(x) is int else x for x in data[1:]]
        if tag == "l":
            return items
        if tag == "d":
            if len(items) % 2:
                raise DecodeError("a dict with an odd number of items")
            return dict(zip(items[::2], items[1::2]))
        if tag == "s":
            return set(items)
        if len(items) != 1:
            raise DecodeError(f"enum {tag[1:]} takes one value")
        return ENUMS[tag[1:]](items[0])

    return decode

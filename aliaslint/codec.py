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
"""
from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from typing import Any, Callable

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

#: the origins an abstract value (a bare ``frozenset`` field) may hold
_ORIGINS = (Ref, Fresh, Opaque)


def _checker(hint: Any) -> Callable[[Any], bool]:
    """A shallow test that a decoded value fits the field annotation ``hint``.

    Shallow is enough: every dataclass inside was checked when it was built, and shared values
    when they were first decoded, so one pass over the text checks everything once.
    """
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return lambda v: True
    if hint is type(None):
        return lambda v: v is None
    if origin in (typing.Union, types.UnionType):
        alternatives = [_checker(a) for a in args]
        return lambda v: any(c(v) for c in alternatives)
    if hint is bool:
        return lambda v: type(v) is bool
    if hint is int:
        return lambda v: type(v) is int
    if hint is frozenset:  # an abstract value: a set of origins
        return lambda v: type(v) is frozenset and all(isinstance(o, _ORIGINS) for o in v)
    if hint is dict:  # free-form data (a candidate's): string keys
        return lambda v: type(v) is dict and all(type(k) is str for k in v)
    if isinstance(hint, type) and origin is None:
        return lambda v: isinstance(v, hint)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            each = _checker(args[0])
            return lambda v: type(v) is tuple and all(each(x) for x in v)
        parts = [_checker(a) for a in args]
        return lambda v: type(v) is tuple and len(v) == len(parts) and all(c(x) for c, x in zip(parts, v))
    if origin in (list, set, frozenset):
        each = _checker(args[0])
        return lambda v: type(v) is origin and all(each(x) for x in v)
    if origin is dict:
        check_key, check_value = _checker(args[0]), _checker(args[1])
        return lambda v: type(v) is dict and all(check_key(k) and check_value(x) for k, x in v.items())
    raise TypeError(f"the codec cannot check fields of type {hint!r}")


_CHECKS: dict[type, tuple[Callable[[Any], bool], ...]] = {}
for _cls in TYPES.values():
    _hints = typing.get_type_hints(_cls)
    _CHECKS[_cls] = tuple(_checker(_hints[name]) for name in _FIELDS[_cls])

#: nesting past which a text is refused (a hostile entry must not exhaust the stack)
MAX_DEPTH = 400


class DecodeError(ValueError):
    """The text is not an encoding this codec produced (damaged, foreign or hostile)."""


def dumps(obj: Any) -> str:
    """Encode ``obj`` (built from the types above) as compact JSON text.

    Raises ``TypeError`` for a value of any other type: the codec must never store what it could
    not give back exactly.
    """
    return json.dumps(_Encoder().encode(obj), separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def loads(text: str | bytes) -> Any:
    """Decode a text made by :func:`dumps`.

    Raises :class:`DecodeError` when the text is not valid JSON, names a type or tag outside the
    codec's list, gives a dataclass the wrong number of fields, refers to a shared value that does
    not exist yet, or nests deeper than :data:`MAX_DEPTH`.
    """
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise DecodeError(f"not JSON: {exc}") from None
    try:
        return _Decoder().decode(data, 0)
    except RecursionError:
        raise DecodeError("nested too deeply") from None
    except (TypeError, ValueError, KeyError, IndexError) as exc:
        if isinstance(exc, DecodeError):
            raise
        raise DecodeError(f"malformed value: {exc}") from None


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


class _Decoder:
    def __init__(self) -> None:
        self.shared: list[Any] = []

    def decode(self, data: Any, depth: int) -> Any:
        if not isinstance(data, list):
            if isinstance(data, dict):
                raise DecodeError("a JSON object is not part of the format")
            return data
        if depth > MAX_DEPTH:
            raise DecodeError("nested too deeply")
        if not data or not isinstance(data[0], str):
            raise DecodeError("an array without a tag")
        tag, items = data[0], data[1:]
        d = depth + 1
        if tag == "^":
            if len(items) != 1 or type(items[0]) is not int or not 0 <= items[0] < len(self.shared):
                raise DecodeError("a reference to a value not decoded yet")
            return self.shared[items[0]]
        if tag == "t":
            return tuple(self.decode(x, d) for x in items)
        if tag == "l":
            return [self.decode(x, d) for x in items]
        if tag == "f":
            out = frozenset(self.decode(x, d) for x in items)
            self.shared.append(out)
            return out
        if tag == "s":
            return {self.decode(x, d) for x in items}
        if tag == "d":
            if len(items) % 2:
                raise DecodeError("a dict with an odd number of items")
            values = [self.decode(x, d) for x in items]
            return dict(zip(values[::2], values[1::2]))
        if tag.startswith("e") and tag[1:] in ENUMS:
            if len(items) != 1:
                raise DecodeError(f"enum {tag[1:]} takes one value")
            return ENUMS[tag[1:]](items[0])
        cls = TYPES.get(tag)
        if cls is None:
            raise DecodeError(f"unknown tag {tag[:40]!r}")
        names = _FIELDS[cls]
        if len(items) != len(names):
            raise DecodeError(f"{tag} takes {len(names)} fields, got {len(items)}")
        values = [self.decode(x, d) for x in items]
        for name, check, value in zip(names, _CHECKS[cls], values):
            if not check(value):
                raise DecodeError(f"{tag}.{name} has a value of the wrong type")
        out = cls(**dict(zip(names, values)))
        if cls in _FROZEN:
            self.shared.append(out)
        return out

"""The alias model's abstract values: access paths, references, fresh objects, opaque data.

An abstract value is a ``frozenset`` of *origins*; the empty set means "unknown" (and unknown
values never produce findings: doubt means silence).

- :class:`Ref` is an alias of an *access path*: a :class:`Root` (a parameter, a module-level
  global, or the result of call number *k* in the same function) plus selectors
  (``.attr``, ``["key"]``, ``[*]``). ``loops`` names the loops of the current function whose
  iteration (or loop-varying key) produced a ``[*]``: such a value differs on every iteration.
- :class:`Fresh` is an object allocated in the current function (literal, comprehension,
  constructor call, deep or shallow copy) with the values of its known fields. A shallow copy
  keeps ``copy_of``: fields it does not override still alias the source's.
- :class:`Opaque` is anything else (numbers, strings, unknown results) together with the
  loops it varies with and the roots it was computed from, which is what the key / value
  dependency tests of AL001 and AL003 need.

Paths are bounded (:data:`MAX_PATH`): deeper selectors are summarised by one ``[*]``, so every
fixpoint over them terminates.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Union

from aliaslint import models as library_models

MAX_PATH = 10
ANY = "[*]"
#: an object's attributes as a mapping: a shallow copy's is its own (``copied = copy.copy(obj);
#: copied.__dict__[k] = v`` sets an attribute of the copy only), so it reads as the copy itself
#: (datamodel-code-generator 0.97.0's ``model_copy()`` then ``copied.__dict__[KEY] = ...``: six
#: A's of issue 8's twentieth unseen set)
OWN_ATTRIBUTES = ".__dict__"
#: how a copy made only to be unpacked into a call's arguments is spelled (``f(*xs[1:])``)
UNPACKED_COPY = "*x[:]"
#: how a slice that picks some of the elements is spelled (``tokens[2:]``, ``args[:n]``): a
#: selection to hand on, not a copy made to leave the original unchanged (``x[:]``)
SELECTION_COPY = "x[i:j]"
#: how a mapping's view made a list is spelled (``list(conf.items())[0]``, ``list(d.values())``):
#: the entries taken out to index them, or to walk them while the mapping changes
VIEW_COPY = "list(x.items())"


class _HashOnce:
    """A slot, outside the dataclass fields (the codec, the transfer's pickler, ``fields()``,
    ``==``, ``repr`` and ``replace`` never see it), where :func:`_hash_once` keeps the hash."""

    __slots__ = ("_hash",)


def _hash_once(cls: type) -> type:
    """Give the frozen dataclass ``cls`` the hash its generated ``__hash__`` computes (the same
    value: ``hash`` of the tuple of its hashed fields), computed once per object and kept.

    The generated one is Python code that hashes a new tuple of the fields on every call, and
    the fields' own hashes again. On the standard library's 168 top-level modules the project
    pass hashed 470,000 roots and 239,000 sites (and 190,000 refs, which hash their root): the
    roots and sites are few and long-lived (those of the summaries), hashed a hundred times
    each. Kept: a hash costs 0.05 us instead of 0.18 (``timeit``), the pass 2.32 s instead of
    2.44 with refs, opaque and fresh values left as they are (min of 5, process time): those
    are mostly made by the pass and hashed about twice each, and the first hash, which finds
    no kept value (an ``AttributeError`` caught), costs 0.8 us against 0.2.
    The values are the same, so every set and dict holds and iterates them as before."""
    names = [f.name for f in dataclasses.fields(cls) if (f.compare if f.hash is None else f.hash)]
    source = ("def __hash__(self):\n"
              "    try:\n"
              "        return self._hash\n"
              "    except AttributeError:\n"
              f"        h = hash(({''.join(f'self.{n}, ' for n in names)}))\n"
              "        _set_(self, '_hash', h)\n"
              "        return h\n")
    namespace: dict[str, Any] = {"_set_": object.__setattr__}
    exec(source, namespace)  # noqa: S102 (the source is built from the class's own field names)
    cls.__hash__ = namespace["__hash__"]  # type: ignore[method-assign]
    return cls


@_hash_once
@dataclass(frozen=True, order=True, slots=True)
class Root(_HashOnce):
    """``kind`` is ``param`` (``index`` is its position), ``global`` (``name`` is the
    qualified name, ``pkg.mod.NAME``) or ``call`` (``index`` is the call's id)."""

    kind: str
    name: str = ""
    index: int = -1


@_hash_once
@dataclass(frozen=True, order=True, slots=True)
class Site(_HashOnce):
    """A place in a module: ``module`` is the dotted module name."""

    module: str
    line: int
    column: int
    end_line: int = 0
    end_column: int = 0

    def encloses(self, other: "Site") -> bool:
        """Whether the text of ``other`` lies inside this site's (in the same module)."""
        return self.module == other.module and (self.line, self.column) <= (other.line, other.column) \
            and (other.end_line, other.end_column) <= (self.end_line, self.end_column)


@_hash_once
@dataclass(frozen=True, slots=True)
class CopyMark(_HashOnce):
    """Set on a :class:`Ref` reached *through* a shallow copy made at ``site``.

    ``depth`` is the length of the source path when the copy was made: a mutation of the
    Ref's object at a path longer than ``depth`` reaches the original (AL002).
    """

    site: Site
    depth: int
    how: str


@dataclass(frozen=True, slots=True)
class Ref:
    root: Root
    path: tuple[str, ...] = ()
    loops: frozenset[int] = frozenset()
    copy: CopyMark | None = None
    #: set when the value was stored into a (deep) copy of its own root and read back (AL008)
    realias: Site | None = None


@dataclass(frozen=True, slots=True)
class Fresh:
    site: Site
    loops: frozenset[int] = frozenset()
    kind: str = "literal"  # literal | instance | deepcopy | copy
    cls: frozenset | None = None  # the constructor callee's value, for instances
    fields: tuple[tuple[str, frozenset], ...] = ()
    copy_of: frozenset | None = None
    #: the call id whose result this object is (instances of project classes)
    call: int = -1
    #: set when this object was reached through a shallow copy (it belongs to the original)
    copy: CopyMark | None = None
    #: for ``kind == "copy"``: the source was a parameter's or a global's (shared) object
    shared_source: bool = False
    #: for ``kind == "copy"``: how the copy was spelled (``dict()``, ``x.copy()``), for messages
    how: str = ""
    #: "list", "dict", "set", "tuple" for literals and comprehensions
    container: str = ""
    #: seen from a caller, it stands for an object made on each iteration of a loop of the
    #: callee (``for eid, fs in groups.items(): jobs.append(SimpleNamespace(futures=fs))``):
    #: the elements a caller's loop walks are others on every round (lithops 3.8.0's
    #: ``executors_data``, an A of issue 8's eleventh set)
    each: bool = False


#: methods whose result depends only on their receiver and arguments (a string's transforms): a
#: library call of one is no source of new values, as ``uuid4()`` or ``f.readline()`` are
DETERMINISTIC_METHODS = frozenset({
    "replace", "lower", "upper", "strip", "lstrip", "rstrip", "split", "rsplit", "splitlines", "join",
    "format", "encode", "decode", "title", "capitalize", "casefold", "removeprefix", "removesuffix",
    "zfill", "partition", "rpartition", "ljust", "rjust", "center", "expandtabs", "swapcase",
    "translate", "format_map",
})

def constant_name(name: str) -> bool:
    """``name`` is spelled as a constant (PEP 8: ``USER_AGENT``, ``_DEFAULT_PORT``): a module-level
    name bound once, the same value for every reader."""
    return name.lstrip("_")[:1].isalpha() and name.upper() == name


#: the standard library's functions whose result depends on their arguments alone, as called
#: by their module's name: a value computed with them from the object itself is a normalisation
#: (ciscoconfparse 1.9.52's ``linespec[idx] = re.sub(r"\s+", escaped_space, tmp)``, each element
#: made space-tolerant again the same way: an A of issue 8's blind forty-ninth set)
DETERMINISTIC_FUNCTIONS = frozenset({
    "re.sub", "re.subn", "re.escape", "os.path.join", "os.path.basename", "os.path.dirname",
    "os.path.normpath", "posixpath.join", "shlex.quote", "shlex.split", "json.dumps",
    "urllib.parse.quote", "urllib.parse.unquote", "urllib.parse.urlencode", "textwrap.dedent",
    "textwrap.indent",
})


@dataclass(frozen=True, slots=True)
class Opaque:
    loops: frozenset[int] = frozenset()
    deps: frozenset[Root] = frozenset()
    mutable: str | None = None  # "list" when known to be a list (for +=)


Origin = Union[Ref, Fresh, Opaque]
Value = frozenset
UNKNOWN: Value = frozenset()


def replace(obj: Any, /, **changes: Any) -> Any:
    """``dataclasses.replace(obj, **changes)``: the same new object, made by a function generated
    once per class that calls the constructor with every field (the given ones changed).

    ``dataclasses.replace`` walks ``fields(obj)`` and builds a keyword dict on every call: on the
    standard library's 168 top-level modules the project pass made 137,000 copies with it, 14% of
    the pass's processor time in a sampling profile (0.47 of 3.3 s). Measured per call with
    ``timeit``: a :class:`Ref` 1.19 -> 0.58 us, a :class:`Fresh` 2.36 -> 1.13 us, an
    :class:`~aliaslint.effects.Effect` 4.28 -> 2.42 us (what is left is the frozen constructor).
    Classes whose construction does more than store the fields (a ``__post_init__``, a field
    left out of ``__init__``, an ``InitVar``) take ``dataclasses.replace`` itself, and so does
    anything that is not a dataclass (it raises as ``dataclasses.replace`` does)."""
    cls = type(obj)
    rep = _REPLACERS.get(cls)
    if rep is None:
        rep = _REPLACERS[cls] = _replacer(cls)
    return rep(obj, **changes)


#: class -> its generated replacer (:func:`replace`)
_REPLACERS: dict[type, Callable[..., Any]] = {}


def _replacer(cls: type) -> Callable[..., Any]:
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__"):
        return dataclasses.replace
    fields = dataclasses.fields(cls)  # without the InitVar and ClassVar pseudo-fields
    if len(fields) != len(cls.__dataclass_fields__) or not all(f.init for f in fields):  # type: ignore[attr-defined]
        return dataclasses.replace
    names = [f.name for f in fields]
    # keyword-only parameters named after the fields, the object and the marker named apart
    source = (f"def replace(_obj_, /, *, {', '.join(f'{n}=_MISSING_' for n in names)}):\n"
              f"    return _CLS_({', '.join(f'_obj_.{n} if {n} is _MISSING_ else {n}' for n in names)})\n")
    namespace: dict[str, Any] = {"_MISSING_": _MISSING, "_CLS_": cls}
    exec(source, namespace)  # noqa: S102 (the source is built from the class's own field names)
    return namespace["replace"]


_MISSING = object()


def extend_path(path: tuple[str, ...], selectors: Iterable[str]) -> tuple[str, ...]:
    out = path + tuple(selectors)
    if len(out) > MAX_PATH:
        out = out[: MAX_PATH - 1] + (ANY,)
    return out


def param_variance(index: int) -> int:
    """The pseudo-loop id, in a :class:`Ref`'s or an :class:`Opaque`'s ``loops``, of "selected by
    a key computed from parameter ``index``": negative, so no real loop (ids count from 0) is ever
    it. A callee returning ``resources[logical_id]`` with ``logical_id`` computed from its
    argument hands its caller another element whenever that argument varies (aws-sam-cli's
    ``_get_relevant_cfn_resource``, jupyterhub's lookups by the loop's name); phase 2 replaces
    the mark by the loops the argument varies with (:func:`marked_params`)."""
    return -index - 1


def marked_params(loops: frozenset[int]) -> list[int]:
    """The parameter indices :func:`param_variance` marks in ``loops``."""
    return [-loop - 1 for loop in loops if loop < 0]


def place(index: int) -> str:
    """The selector of a tuple's ``index``-th element, as unpacking reads it (``a, b = f()``).

    Only tuples built in the project keep their places, and only call results keep the selector
    until phase 2 resolves them; anywhere else it reads as :data:`ANY` (see :func:`as_any`).
    """
    return f"#{index}"


def own_attribute(root: "Root", path: tuple[str, ...]) -> bool:
    """``root`` followed by ``path`` is an attribute of a method's own object, or a part of one
    (``self.base_config``, ``self.sub_add_kwargs["skip"]``): the instance's, not its caller's."""
    return root.kind == "param" and root.index == 0 and root.name == "self" and path[:1] != () \
        and path[0].startswith(".")


def is_place(selector: str) -> bool:
    return selector.startswith("#")


def attr(name: str) -> str:
    return "." + name


def key(k: object) -> str:
    return f"[{k!r}]"


def key_name(selector: str) -> str | None:
    """The string key a selector names (``"['watchers']"`` -> ``watchers``), or ``None`` for an
    attribute, a place or a key not known."""
    if selector.startswith("['") or selector.startswith('["'):
        return selector[2:-2]
    return None


def operand(text: str) -> str:
    """``text`` as one operand: parenthesised when it holds a comma or a space outside brackets
    and quotes (``fs, pending`` -> ``(fs, pending)``, ``a or b`` -> ``(a or b)``), so that a
    selector or a call around it reads as meant."""
    depth, quote = 0, ""
    for ch in text:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif depth == 0 and ch in ", ":
            return f"({text})"
    return text


def format_path(base: str, path: tuple[str, ...]) -> str:
    """``worker`` + ``(".template", "['x']", "[*]")`` -> ``worker.template["x"][*]``; a base
    that is no single operand is parenthesised (``(fs, pending)[*]``)."""
    out = operand(base) if path else base
    for sel in path:
        if (name := key_name(sel)) is not None:
            out += '["' + name + '"]'
        else:
            out += sel
    return out


def text_element(root: "Root", path: tuple[str, ...]) -> bool:
    """Whether ``root`` followed by ``path`` reaches below the top level of a module-level object
    the models say holds only strings (kind ``text``: ``os.environ["HOME"]``, ``environ.get(k)``
    after ``from os import environ``)."""
    if root.kind != "global":
        return False
    dotted = root.name
    for sel in path:
        if library_models.holds_text(dotted):
            return True
        if not sel.startswith("."):
            return False
        dotted += sel
    return False


def holds(value: Value, test, depth: int = 0) -> bool:
    """Whether an object of ``value`` passes ``test``, or a new object of ``value`` holds one that
    does, three levels down (past that, yes when there is anything)."""
    if depth > 3:
        return bool(value)
    return any(test(o) or isinstance(o, Fresh) and any(holds(v, test, depth + 1) for _, v in o.fields)
               for o in value)


def loops_of(value: Value) -> frozenset[int]:
    """Loops that the *contents* of ``value`` vary with (allocation in a loop is not variation)."""
    out: set[int] = set()
    for o in value:
        if isinstance(o, (Ref, Opaque)):
            out |= o.loops
        elif isinstance(o, Fresh):
            for _, v in o.fields:
                out |= loops_of(v)
            if o.copy_of:
                out |= loops_of(o.copy_of)
    return frozenset(out)


def deps_of(value: Value, _depth: int = 0) -> frozenset[Root]:
    """Roots (parameters, globals, call results) that ``value`` was computed from."""
    out: set[Root] = set()
    for o in value:
        if isinstance(o, Ref):
            out.add(o.root)
        elif isinstance(o, Opaque):
            out |= o.deps
        elif isinstance(o, Fresh) and _depth < 4:
            for _, v in o.fields:
                out |= deps_of(v, _depth + 1)
            if o.copy_of:
                out |= deps_of(o.copy_of, _depth + 1)
    return frozenset(out)


def strip_loops(value: Value, loops: frozenset[int] = frozenset()) -> Value:
    """Replace loop tags (meaningful only inside one function) by ``loops``."""
    out = set()
    for o in value:
        if isinstance(o, Ref):
            out.add(replace(o, loops=loops))
        elif isinstance(o, Opaque):
            out.add(replace(o, loops=loops))
        elif isinstance(o, Fresh):
            out.add(
                replace(
                    o,
                    loops=loops,
                    fields=tuple((k, strip_loops(v, loops)) for k, v in o.fields),
                    copy_of=strip_loops(o.copy_of, loops) if o.copy_of is not None else None,
                )
            )
    return frozenset(out)

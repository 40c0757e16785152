"""Early cutoff: the project pass is not run again when no summary changed.

The project pass and the project rules (phases 2 and 3) read nothing but the modules' summaries,
the settings, the model files, aliaslint's own code and, for at most a few receivers, what astroid
infers from the files it parses. An edit that leaves every summary equal (a changed string or
number, a comment at the end of a line, a renamed local that nothing records) cannot change
their result. After each project pass, :func:`save` stores its result (the project rules'
diagnostics and the calls not followed) with what it was computed from:

- a *context*: the format, aliaslint's version and code, the settings that decide the analysis
  and the model files' content (:func:`context`);
- each file's *state*: its display path, module name and the key of its summary in the summary
  cache (the summary itself stays in that cache), or why it has none;
- the files astroid parsed, with the SHA-256 of their content.

:func:`load` gives that result back when the context is the same, the files are the same ones in
the same order, every file whose summary key differs has a new summary *equal* to the old one
(read back from the summary cache and compared field by field, dict orders included), and every
file astroid parsed still has the same content. Anything else, or an entry that is damaged, is a
miss. Entries are stored like the replayed runs (:mod:`aliaslint.replay`): data only
(:mod:`aliaslint.codec`), compressed, with a format, a key, sizes, a checksum and a signature in
a JSON header, written atomically.

**Lines moved.** An edit that adds or removes lines (a statement added to a body) moves every
site below it, so the summary changes although nothing else in it does. A changed file's summary
still counts as the same when renumbering its lines gives the old one: the lines its sites and
locations use, old and new, are paired in order (a strictly increasing map, :func:`line_map`),
and the old summary with its lines mapped must equal the new one exactly. The project pass only
compares and orders sites (it does no arithmetic on lines, and reads the files through astroid
only, which is checked apart), so its result on the new summaries is the old result with the
same lines mapped (:func:`shift`).

This is the file-level part of issue 9's incremental project pass: the per-component cache
(recompute only the strongly connected components whose inputs changed) is not built yet.
"""
from __future__ import annotations

import dataclasses
import enum
import hashlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from aliaslint import __version__

FORMAT = "aliaslint-project/6"  # 3: bodies compressed (aliaslint.cache.entry_bytes); 4: Effect.adds_when_absent; 5: Effect.selector; 6: Effect.extends_entry

#: a file's part of a project pass: ``(display, module, summary key)``, the key empty when the
#: file has no summary (it could not be read or parsed)
State = tuple[str, str, str]


def context(settings, models_folder: str) -> str:
    """Hash of what decides the project pass besides the summaries (see the module docstring)."""
    from aliaslint import replay

    h = hashlib.sha256()
    for part in (FORMAT, __version__, replay.code_fingerprint(), replay.settings_text(settings), models_folder):
        h.update(part.encode("utf-8", "surrogatepass") + b"\0")
    return h.hexdigest()


def file_digest(path: str) -> str:
    """SHA-256 of a file's bytes, or ``""`` when it cannot be read as a regular file."""
    from aliaslint.cache import MAX_ENTRY_BYTES, _read_regular_file

    raw = _read_regular_file(Path(path), MAX_ENTRY_BYTES)
    return "" if raw is None else hashlib.sha256(raw).hexdigest()


def _read(folder: Path, name: str, ctx: str):
    """The entry in slot ``name`` made under context ``ctx``, checked: ``(states, parsed, local,
    diagnostics, unresolved)``, or ``None``."""
    from aliaslint.cache import read_lists
    from aliaslint.diagnostics import Diagnostic

    got = read_lists(folder / "projects" / name, FORMAT, ctx, 5)
    if got is None:
        return None
    states, parsed, local, diagnostics, unresolved = got
    if not all(_is_state(s) for s in states) or not all(_is_pair(p) for p in parsed) \
            or len(local) != len(states) \
            or not all(isinstance(own, list) and all(isinstance(d, Diagnostic) for d in own) for own in local) \
            or not all(isinstance(d, Diagnostic) for d in diagnostics) or not all(_is_unresolved(u) for u in unresolved):
        return None
    return got


def peek(folder: Path, name: str, ctx: str, states: Sequence[State]):
    """The pass stored in slot ``name`` (checked and decoded, for :func:`load`) when it was made
    under context ``ctx`` over the same files (names and modules, in order) as ``states``, else
    ``None``: with one, reading the summaries that did not change can wait."""
    got = _read(folder, name, ctx)
    if got is None or [s[:2] for s in got[0]] != [tuple(s[:2]) for s in states]:
        return None
    return got


def load(stored, states: Sequence[State], same_summary: Callable[[str, str, str], "LineMap | None"]):
    """``(local, diagnostics, unresolved)`` of the project pass ``stored`` (what :func:`peek`
    gave) if it was made from summaries equal to the current ones (up to moved lines), else
    ``None``; locations in files whose lines moved are moved too.

    ``states`` are the current files' states. ``same_summary(display, old key, new key)`` gives
    the line map that turns the summary stored under the old key into the current one, or
    ``None`` when there is none (it is asked only for files whose key changed). ``local`` holds
    each file's own diagnostics (those of its summary; valid for the files whose key did not
    change), ``diagnostics`` the project rules', ``unresolved`` ``(location, text)`` pairs."""
    old_states, parsed, local, diagnostics, unresolved = stored
    if len(old_states) != len(states):
        return None
    moved: dict[str, LineMap] = {}
    for (display, module, old_key), (new_display, new_module, new_key) in zip(old_states, states):
        if display != new_display or module != new_module or bool(old_key) != bool(new_key):
            return None
        if old_key != new_key:
            lines = same_summary(display, old_key, new_key)
            if lines is None:
                return None
            if any(a != b for a, b in lines.items()):
                moved[display] = lines
    if any(file_digest(path) != digest or not digest for path, digest in parsed):
        return None  # astroid would parse another text now
    if moved:
        try:
            diagnostics, unresolved = shift((diagnostics, unresolved), {}, moved)
        except KeyError:  # a location on a line no site of the summary is on
            return None
    return local, diagnostics, unresolved


def save(folder: Path, name: str, ctx: str, states: Sequence[State], parsed: Sequence[tuple[str, str]],
         local, diagnostics, unresolved) -> None:
    """Store a project pass's ``diagnostics`` (the project rules') and ``unresolved`` (the calls
    not followed) in slot ``name``, with the context ``ctx``, the files' ``states``, each file's
    own diagnostics (``local``, aligned with ``states``) and the files astroid ``parsed``
    (``(path, SHA-256)``). Errors are ignored (a tree where nothing can be written runs without
    the cache)."""
    from aliaslint import codec
    from aliaslint.cache import entry_bytes, write_entry

    body = codec.dumps(([tuple(s) for s in states], [tuple(p) for p in parsed], [list(own) for own in local],
                        list(diagnostics), list(unresolved))).encode("utf-8", "surrogatepass")
    write_entry(folder, folder / "projects" / name, entry_bytes(FORMAT, ctx, body))


def _is_state(s: Any) -> bool:
    return isinstance(s, tuple) and len(s) == 3 and all(type(x) is str for x in s)


def _is_pair(p: Any) -> bool:
    return isinstance(p, tuple) and len(p) == 2 and all(type(x) is str for x in p)


def _is_unresolved(u: Any) -> bool:
    from aliaslint.diagnostics import Location

    return isinstance(u, tuple) and len(u) == 2 and isinstance(u[0], Location) and type(u[1]) is str


#: old line -> new line of one file, strictly increasing (``0``, "no line", maps to itself)
LineMap = dict[int, int]


def line_map(old: Any, new: Any, module: str, display: str) -> LineMap | None:
    """The map pairing, in order, the lines used by the sites of ``module`` and the locations in
    ``display`` in ``old`` with those in ``new`` (two summaries of one file), or ``None`` when
    they do not use as many lines. Whether it turns ``old`` into ``new`` is for the caller to
    check (:func:`shift`, then :func:`same`)."""
    a, b = _lines(old, module, display), _lines(new, module, display)
    if len(a) != len(b):
        return None
    return {0: 0, **dict(zip(sorted(a), sorted(b)))}


def _lines(obj: Any, module: str, display: str) -> set[int]:
    from aliaslint.diagnostics import Location
    from aliaslint.values import Site

    found: set[int] = set()
    seen: set[int] = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        t = type(x)
        if t is Site:
            if x.module == module:
                found.update((x.line, x.end_line))
        elif t is Location:
            if x.path == display:
                found.update((x.line, x.end_line))
        elif t in _ATOMS or isinstance(x, enum.Enum):
            continue
        elif id(x) in seen:
            continue
        else:
            seen.add(id(x))
            if t is dict:
                stack.extend(x.keys())
                stack.extend(x.values())
            elif t in (list, tuple, set, frozenset):
                stack.extend(x)
            elif dataclasses.is_dataclass(x):
                stack.extend(getattr(x, f.name) for f in dataclasses.fields(x))
    found.discard(0)
    return found


_ATOMS = frozenset({str, int, float, bool, type(None)})


def shift(obj: Any, by_module: dict[str, LineMap], by_display: dict[str, LineMap]) -> Any:
    """``obj`` with the lines of the sites of each module in ``by_module`` and of the locations
    in each file in ``by_display`` mapped; objects without such lines are kept as they are.
    Raises ``KeyError`` for a line the map does not hold."""
    from aliaslint.diagnostics import Location
    from aliaslint.values import Site

    memo: dict[int, Any] = {}

    def walk(x: Any) -> Any:
        t = type(x)
        if t is Site:
            m = by_module.get(x.module)
            return x if m is None else Site(x.module, m[x.line], x.column, m[x.end_line], x.end_column)
        if t is Location:
            m = by_display.get(x.path)
            return x if m is None else Location(x.path, m[x.line], x.column, m[x.end_line], x.end_column)
        if t in _ATOMS or isinstance(x, enum.Enum):
            return x
        got = memo.get(id(x))
        if got is not None:
            return got
        if t is dict:
            out: Any = {walk(k): walk(v) for k, v in x.items()}
        elif t in (list, tuple, set, frozenset):
            out = t(walk(v) for v in x)
        elif dataclasses.is_dataclass(x):
            values = [getattr(x, f.name) for f in dataclasses.fields(x)]
            mapped = [walk(v) for v in values]
            out = x if all(a is b for a, b in zip(values, mapped)) else t(*mapped)
        else:
            raise TypeError(f"cannot map the lines of a {t.__qualname__}")
        memo[id(x)] = out
        return out

    return walk(obj)


def same(a: Any, b: Any) -> bool:
    """``a == b``, and every dict in them has its keys in the same order (the project pass
    iterates over summaries' dicts: equal dicts in another order could give results in another
    order)."""
    if a != b:
        return False
    return _same_order(a, b)


def _same_order(a: Any, b: Any) -> bool:
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same_order(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return all(_same_order(x, y) for x, y in zip(a, b))
    if dataclasses.is_dataclass(a) and not isinstance(a, type):
        return all(_same_order(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))
    return True  # scalars, and frozensets / sets (no order the pass may rely on)

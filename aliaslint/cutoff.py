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
(:mod:`aliaslint.codec`), with a format, a key, a size and a checksum in a JSON header, written
atomically.

This is the file-level part of issue 9's incremental project pass: the per-component cache
(recompute only the strongly connected components whose inputs changed) is not built yet.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from aliaslint import __version__

FORMAT = "aliaslint-project/1"

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


def load(folder: Path, name: str, ctx: str, states: Sequence[State],
         same_summary: Callable[[str, str, str], bool]):
    """``(diagnostics, unresolved)`` of the project pass stored in slot ``name``, if it was made
    under context ``ctx`` from summaries equal to the current ones, else ``None``.

    ``states`` are the current files' states. ``same_summary(display, old key, new key)`` tells
    whether the summary stored under the old key equals the current one (it is asked only for
    files whose key changed)."""
    from aliaslint import codec
    from aliaslint.cache import MAX_ENTRY_BYTES, _read_regular_file
    from aliaslint.diagnostics import Diagnostic

    raw = _read_regular_file(folder / "projects" / name, MAX_ENTRY_BYTES)
    if raw is None:
        return None
    header, _, body = raw.partition(b"\n")
    try:
        meta = json.loads(header)
        if not (
            isinstance(meta, dict)
            and meta.get("format") == FORMAT
            and meta.get("key") == ctx
            and meta.get("size") == len(body)
            and meta.get("sha256") == hashlib.sha256(body).hexdigest()
        ):
            return None
        got = codec.loads(body)
    except (ValueError, UnicodeDecodeError):  # codec.DecodeError is a ValueError
        return None
    if not (isinstance(got, tuple) and len(got) == 4 and all(isinstance(part, list) for part in got)):
        return None
    old_states, parsed, diagnostics, unresolved = got
    if not all(_is_state(s) for s in old_states) or not all(_is_pair(p) for p in parsed) \
            or not all(isinstance(d, Diagnostic) for d in diagnostics) or not all(isinstance(u, str) for u in unresolved):
        return None
    if len(old_states) != len(states):
        return None
    for (display, module, old_key), (new_display, new_module, new_key) in zip(old_states, states):
        if display != new_display or module != new_module or bool(old_key) != bool(new_key):
            return None
        if old_key != new_key and not same_summary(display, old_key, new_key):
            return None
    if any(file_digest(path) != digest or not digest for path, digest in parsed):
        return None  # astroid would parse another text now
    return diagnostics, unresolved


def save(folder: Path, name: str, ctx: str, states: Sequence[State], parsed: Sequence[tuple[str, str]],
         diagnostics, unresolved) -> None:
    """Store a project pass's ``diagnostics`` (the project rules') and ``unresolved`` (the calls
    not followed) in slot ``name``, with the context ``ctx``, the files' ``states`` and the
    files astroid ``parsed`` (``(path, SHA-256)``). Errors are ignored (a tree where nothing can
    be written runs without the cache)."""
    from aliaslint import codec
    from aliaslint.cache import write_entry

    body = codec.dumps(([tuple(s) for s in states], [tuple(p) for p in parsed], list(diagnostics),
                        list(unresolved))).encode("utf-8", "surrogatepass")
    header = json.dumps(
        {"format": FORMAT, "key": ctx, "size": len(body), "sha256": hashlib.sha256(body).hexdigest()},
        separators=(",", ":"),
    ).encode()
    write_entry(folder, folder / "projects" / name, header + b"\n" + body)


def _is_state(s: Any) -> bool:
    return isinstance(s, tuple) and len(s) == 3 and all(type(x) is str for x in s)


def _is_pair(p: Any) -> bool:
    return isinstance(p, tuple) and len(p) == 2 and all(type(x) is str for x in p)


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

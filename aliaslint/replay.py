"""The last run's diagnostics, replayed when nothing that decides them has changed.

A run's diagnostics depend only on the files' contents and names (each file's summary key
covers them, or the reason the file could not be read), the settings, the model files, and the
code of aliaslint, its rules and the libraries that parse and infer. :func:`run_key` hashes all
of it; when the key equals the one stored with the last run, :func:`load` gives back that run's
diagnostics and the three phases are skipped.

One entry per *slot*: the settings and the set of files checked (a run over another folder
keeps its own entry). Entries are stored like summaries (:mod:`aliaslint.cache`): data only
(:mod:`aliaslint.codec`), compressed, with a format, the run key, sizes, a checksum and a
signature in a JSON header, written atomically; anything unexpected is a miss.
"""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import sys
from collections.abc import Sequence
from pathlib import Path

from aliaslint import __version__

FORMAT = "aliaslint-run/4"  # 4: bodies compressed (aliaslint.cache.entry_bytes)
#: Settings fields that cannot change the diagnostics (where the cache is, how many workers)
_NOT_DECIDING = {"jobs", "no_cache", "cache_dir", "config_file", "origins"}


@functools.lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """Hash of everything that runs after reading the files: the whole aliaslint package, its
    rules, the models it ships, and the versions of Python, LibCST and astroid."""
    from importlib import metadata

    import aliaslint
    import aliaslint.rules  # the package only: its rule modules are not imported here

    h = hashlib.sha256()
    folders = [Path(aliaslint.__file__).parent, *(Path(p) for p in aliaslint.rules.__path__)]
    for folder in dict.fromkeys(folders):
        h.update(str(folder).encode("utf-8", "surrogatepass"))  # findings' urls point into the install
        for path in sorted(folder.rglob("*")):
            if path.suffix in (".py", ".toml") and "__pycache__" not in path.parts:
                h.update(str(path.relative_to(folder)).encode())
                h.update(path.read_bytes())
    h.update(sys.version.encode())
    for dist in ("libcst", "astroid"):
        try:
            h.update(f"{dist}={metadata.version(dist)}".encode())
        except metadata.PackageNotFoundError:
            h.update(f"{dist}=?".encode())
    return h.hexdigest()


def settings_text(settings) -> str:
    """The settings that can change the diagnostics, as text to hash."""
    return repr([(f.name, getattr(settings, f.name)) for f in dataclasses.fields(settings)
                 if f.name not in _NOT_DECIDING])


def slot(settings, displays: Sequence[str]) -> str:
    """The entry name for a run with ``settings`` over the files shown as ``displays``."""
    h = hashlib.sha256()
    h.update(settings_text(settings).encode("utf-8", "surrogatepass"))
    for display in sorted(displays):
        h.update(b"\0" + display.encode("utf-8", "surrogatepass"))
    return h.hexdigest()


def with_edits(name: str, edits: bool) -> str:
    """The slot of a run whose fixes carry their line edits (the JSON formats): its own entry, so
    that a run without them (the terminal's) does not replay diagnostics lacking them, nor the
    other way round."""
    return name + ".edits" if edits else name


def run_key(settings, models_folder: str, states: Sequence[tuple[str, str]]) -> str:
    """Hash of what decides a run's diagnostics.

    ``states`` pairs each file's display path with its module name and a hash of its text, or
    with the AL000 message that stopped it being read; ``models_folder`` names the model files'
    content (the summary cache's folder name).
    """
    h = hashlib.sha256()
    for part in (FORMAT, __version__, code_fingerprint(), settings_text(settings), models_folder):
        h.update(part.encode("utf-8", "surrogatepass") + b"\0")
    for display, state in states:
        h.update(display.encode("utf-8", "surrogatepass") + b"\0" + state.encode("utf-8", "surrogatepass") + b"\0")
    return h.hexdigest()


def load(folder: Path, name: str, key: str):
    """``(diagnostics, warnings, unresolved)`` stored in slot ``name`` if they were made under
    ``key``, else ``None``."""
    from aliaslint.cache import read_lists
    from aliaslint.diagnostics import Diagnostic

    got = read_lists(folder / "runs" / name, FORMAT, key, 3)
    if got is None:
        return None
    diagnostics, warnings, unresolved = got
    if not all(isinstance(d, Diagnostic) for d in diagnostics) or not all(isinstance(w, str) for w in warnings) \
            or not all(isinstance(u, str) for u in unresolved):
        return None
    return diagnostics, warnings, unresolved


def save(folder: Path, name: str, key: str, diagnostics, warnings=(), unresolved=()) -> None:
    """Store ``diagnostics``, ``warnings`` (lines for stderr) and ``unresolved`` (the calls not
    followed, for ``-v``) in slot ``name`` under ``key``, atomically; errors are ignored (a tree
    where nothing can be written runs without the cache)."""
    from aliaslint import codec
    from aliaslint.cache import entry_bytes, write_entry

    body = codec.dumps((list(diagnostics), list(warnings), list(unresolved))).encode("utf-8", "surrogatepass")
    write_entry(folder, folder / "runs" / name, entry_bytes(FORMAT, key, body))

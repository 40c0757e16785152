"""The summary cache: one pickled :class:`ModuleSummary` per module, keyed by content hash.

The key covers the source text, the module name and display path (they appear in the
summary), the tool version, the enabled rules and the user model files: anything that changes
what phase 1 would produce. Entries are written atomically (temporary file + rename), so a
crashed or concurrent run never leaves a half-written entry; an unreadable entry is a miss.
"""
from __future__ import annotations

import functools
import hashlib
import os
import pickle
import tempfile
from pathlib import Path

from aliaslint import __version__


#: engine modules that only run after the per-module pass (the project pass, its astroid
#: helper, output): a change to them cannot change a summary, so it keeps the cache valid
NOT_IN_SUMMARIES = {"project.py", "inference.py", "cli.py", "suppression.py", "reporters"}


@functools.lru_cache(maxsize=1)
def engine_fingerprint() -> str:
    """Hash of the code that makes summaries: the engine's per-module pass, the bundled models
    and the rules that take part in it (those with ``visit_`` / ``leave_`` hooks). A changed
    analyzer (an editable install during development, a new release) must not reuse summaries
    the old one wrote; a rule decided in the project pass only does not invalidate them."""
    import inspect

    import aliaslint
    from aliaslint.rules import all_rules

    h = hashlib.sha256()
    folder = Path(aliaslint.__file__).parent
    for path in sorted(folder.rglob("*")):
        if NOT_IN_SUMMARIES & set(path.relative_to(folder).parts):
            continue
        if path.suffix in (".py", ".toml") and "__pycache__" not in path.parts:
            h.update(str(path.relative_to(folder)).encode())
            h.update(path.read_bytes())
    for rule in all_rules():
        if any(name.startswith(("visit_", "leave_")) for name in dir(rule)):
            h.update(rule.code.encode())
            h.update(inspect.getsource(inspect.getmodule(rule)).encode())
    return h.hexdigest()[:16]


def key_for(source: str, module: str, display: str, is_package: bool, rule_codes) -> str:
    h = hashlib.sha256()
    for part in (__version__, engine_fingerprint(), module, display, str(is_package), ",".join(rule_codes), source):
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()


class SummaryCache:
    def __init__(self, settings) -> None:
        models = ",".join(f"{p}:{p.stat().st_mtime_ns}" for p in settings.models if p.exists())
        salt = hashlib.sha256(models.encode()).hexdigest()[:8]
        self.folder = Path(settings.cache_dir) / f"{__version__}-{salt}"

    def get(self, key: str):
        from aliaslint.summary import ModuleSummary

        try:
            with open(self.folder / key[:2] / key, "rb") as f:
                got = pickle.load(f)
        except Exception:  # a damaged or foreign entry is a miss, never a failed run
            return None
        return got if isinstance(got, ModuleSummary) else None

    def put(self, key: str, summary) -> None:
        folder = self.folder / key[:2]
        try:
            folder.mkdir(parents=True, exist_ok=True)
            gitignore = Path(self.folder).parent / ".gitignore"
            if not gitignore.exists():
                gitignore.write_text("# created by aliaslint\n*\n")
            fd, tmp = tempfile.mkstemp(dir=folder)
            with os.fdopen(fd, "wb") as f:
                pickle.dump(summary, f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, folder / key)
        except OSError:
            pass  # a read-only tree: run without the cache

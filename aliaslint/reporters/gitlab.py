"""``gitlab``: a GitLab Code Quality report (a JSON list of issues).

``fingerprint`` is the finding's own (:mod:`aliaslint.fingerprint`, the one baselines and SARIF
use) when the command line computed it, else a hash of code, path and message. GitLab wants them
unique in a report: the n-th repeat of a fingerprint gets it hashed with n.

In a notebook, ``lines`` are the lines of the ``.ipynb`` file where the code is written. Every
string is UTF-8-safe (``_common.escape_name``); the fingerprint is computed from the raw path.
"""
from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from aliaslint.diagnostics import Diagnostic
from aliaslint.reporters._common import file_region, json_safe, sources_or_default
from aliaslint.sources import Sources


def _base(diagnostic: Diagnostic) -> str:
    if diagnostic.fingerprint is not None:
        return diagnostic.fingerprint
    key = "\0".join((diagnostic.code, diagnostic.location.path, diagnostic.message))
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _fingerprint(base: str, occurrence: int) -> str:
    """``base``, or for the ``occurrence``-th repeat a value of its own (stable across runs)."""
    if not occurrence:
        return base
    return hashlib.sha256(f"{base}\0{occurrence}".encode()).hexdigest()[:32]


def render(
    diagnostics: Sequence[Diagnostic],
    *,
    files_checked: int = 0,
    color: bool = False,
    sources: Sources | None = None,
) -> str:
    sources = sources_or_default(sources)
    seen: Counter[str] = Counter()
    issues: list[dict[str, Any]] = []
    for diagnostic in diagnostics:
        location = diagnostic.location
        line, _, end_line, _ = file_region(location, sources)
        key = _base(diagnostic)
        issues.append(
            {
                "description": f"({diagnostic.code}) {diagnostic.message}",
                "check_name": diagnostic.code,
                "fingerprint": _fingerprint(key, seen[key]),
                "severity": "major",
                "location": {
                    "path": location.path,
                    "lines": {"begin": line, "end": end_line},
                },
            }
        )
        seen[key] += 1
    return json.dumps(json_safe(issues), indent=2, ensure_ascii=False) + "\n"

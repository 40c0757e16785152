"""``gitlab``: a GitLab Code Quality report (a JSON list of issues)."""
from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from aliaslint.diagnostics import Diagnostic


def _fingerprint(diagnostic: Diagnostic, occurrence: int) -> str:
    """Stable across runs and line moves; the ``occurrence``-th duplicate gets its own value."""
    key = "\0".join((diagnostic.code, diagnostic.location.path, diagnostic.message))
    if occurrence:
        key += f"\0{occurrence}"
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def render(
    diagnostics: Sequence[Diagnostic], *, files_checked: int = 0, color: bool = False
) -> str:
    seen: Counter[tuple[str, str, str]] = Counter()
    issues: list[dict[str, Any]] = []
    for diagnostic in diagnostics:
        location = diagnostic.location
        key = (diagnostic.code, location.path, diagnostic.message)
        issues.append(
            {
                "description": f"({diagnostic.code}) {diagnostic.message}",
                "check_name": diagnostic.code,
                "fingerprint": _fingerprint(diagnostic, seen[key]),
                "severity": "major",
                "location": {
                    "path": location.path,
                    "lines": {"begin": location.line, "end": location.end_line},
                },
            }
        )
        seen[key] += 1
    return json.dumps(issues, indent=2, ensure_ascii=False) + "\n"

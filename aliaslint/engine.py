"""Runs the three phases over a set of files (STUB: the real body is being written).

Contract used by the CLI:

    check(files: Sequence[files.SourceFile], settings: config.Settings) -> CheckResult

``CheckResult.diagnostics`` is sorted (path, line, column, code) and already filtered by
``select`` / ``ignore`` / ``preview`` and by ``# noqa`` comments. Files that cannot be read or
parsed come back as ``AL000`` diagnostics, never as exceptions. Any other exception escaping
``check`` is an internal error (the CLI exits 2).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from aliaslint.diagnostics import Diagnostic


@dataclass
class CheckResult:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    files_checked: int = 0


def check(files: Sequence, settings) -> CheckResult:  # pragma: no cover - stub
    return CheckResult(files_checked=len(files))

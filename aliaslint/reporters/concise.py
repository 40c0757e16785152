"""``concise``: one ``path:line:col: CODE message`` line per finding, then the summary."""
from __future__ import annotations

from collections.abc import Sequence

from aliaslint.diagnostics import Diagnostic
from aliaslint.reporters._common import FixStatus, fix_summary, header


def render(
    diagnostics: Sequence[Diagnostic], *, files_checked: int = 0, color: bool = False,
    fixes: FixStatus | None = None,
) -> str:
    fixes = fixes or FixStatus()
    lines = [header(diagnostic, color=color, fixable=fixes.marks(diagnostic)) for diagnostic in diagnostics]
    lines += fix_summary(list(diagnostics), fixes, color=color)
    return "".join(line + "\n" for line in lines)

"""``concise``: one ``path:line:col: CODE message`` line per finding, then the summary."""
from __future__ import annotations

from collections.abc import Sequence

from aliaslint.diagnostics import Diagnostic
from aliaslint.reporters._common import FixStatus, fix_summary, header, sources_or_default
from aliaslint.sources import Sources


def render(
    diagnostics: Sequence[Diagnostic],
    *,
    files_checked: int = 0,
    color: bool = False,
    fixes: FixStatus | None = None,
    sources: Sources | None = None,
) -> str:
    fixes = fixes or FixStatus()
    sources = sources_or_default(sources)
    lines = [
        header(diagnostic, color=color, sources=sources, fixable=fixes.marks(diagnostic))
        for diagnostic in diagnostics
    ]
    lines += fix_summary(list(diagnostics), fixes, color=color)
    return "".join(line + "\n" for line in lines)

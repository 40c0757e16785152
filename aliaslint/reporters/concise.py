"""``concise``: one ``path:line:col: CODE message`` line per finding, then the summary."""
from __future__ import annotations

from collections.abc import Sequence

from aliaslint.diagnostics import Diagnostic
from aliaslint.reporters._common import header, summary


def render(
    diagnostics: Sequence[Diagnostic], *, files_checked: int = 0, color: bool = False
) -> str:
    lines = [header(diagnostic, color=color) for diagnostic in diagnostics]
    lines.append(summary(len(diagnostics)))
    return "".join(line + "\n" for line in lines)

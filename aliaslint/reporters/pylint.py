"""``pylint``: pylint's parseable format, ``path:line: [CODE(name), ] message``."""
from __future__ import annotations

from collections.abc import Sequence

from aliaslint.diagnostics import Diagnostic
from aliaslint.reporters._common import one_line


def render(
    diagnostics: Sequence[Diagnostic], *, files_checked: int = 0, color: bool = False
) -> str:
    return "".join(
        f"{one_line(d.location.path)}:{d.location.line}: "
        f"[{d.code}({d.name}), ] {one_line(d.message)}\n"
        for d in diagnostics
    )

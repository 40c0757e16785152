"""``pylint``: pylint's parseable format, ``path:line: [CODE(name), ] message``.

Tools read ``path:line`` to open the file there, so in a notebook the line is the line of the
``.ipynb`` file where the code is written (see ``_common.file_region``).
"""
from __future__ import annotations

from collections.abc import Sequence

from aliaslint.diagnostics import Diagnostic
from aliaslint.reporters._common import file_region, printable, sources_or_default
from aliaslint.sources import Sources


def render(
    diagnostics: Sequence[Diagnostic],
    *,
    files_checked: int = 0,
    color: bool = False,
    sources: Sources | None = None,
) -> str:
    sources = sources_or_default(sources)
    return "".join(
        f"{printable(d.location.path)}:{file_region(d.location, sources)[0]}: "
        f"[{d.code}({d.name}), ] {printable(d.message)}\n"
        for d in diagnostics
    )

"""``github``: GitHub Actions workflow commands, which show as annotations on the pull request.

Escaping follows ``@actions/core`` (``command.ts``): the message data escapes ``%``, CR and LF;
property values also escape ``:`` and ``,``. Other control characters (a terminal escape in a
file name would reach the job's log) and bytes that are not UTF-8 are written as ``\\x1b`` /
``\\xff`` first (``_common.printable``), so a file name cannot start a command of its own.

In a notebook, ``line`` / ``col`` are where the code is written in the ``.ipynb`` file (so the
annotation lands on it) and the message starts with ``nb.ipynb:cell 3:2:5``.

A finding only ``--preview`` shows is a ``::warning`` titled ``aliaslint (AL006, preview)``, its
text marked ``(preview)`` as in the ``concise`` format, so the annotation says which tier it
came from; every other finding is an ``::error``.
"""
from __future__ import annotations

from collections.abc import Sequence

from aliaslint.diagnostics import Diagnostic
from aliaslint.reporters._common import file_region, line_column, printable, sources_or_default
from aliaslint.sources import Sources


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _neutral(text: str) -> str:
    """``text`` with control characters other than CR and LF (escaped by the command syntax)
    spelled out."""
    return "\r".join("\n".join(printable(part) for part in line.split("\n")) for line in text.split("\r"))


def _command(diagnostic: Diagnostic, sources: Sources) -> str:
    location = diagnostic.location
    preview = diagnostic.tier == "preview"
    line, column, end_line, end_column = file_region(location, sources)
    path = _neutral(location.path)
    properties = ",".join(
        f"{key}={escape_property(str(value))}"
        for key, value in (
            ("title", f"aliaslint ({diagnostic.code}{', preview' if preview else ''})"),
            ("file", path),
            ("line", line),
            ("col", column),
            ("endLine", end_line),
            ("endColumn", end_column),
        )
    )
    marker = f"{diagnostic.code} (preview)" if preview else diagnostic.code
    data = f"{path}:{line_column(location, sources)}: {marker} {_neutral(diagnostic.message)}"
    return f"::{'warning' if preview else 'error'} {properties}::{escape_data(data)}"


def render(
    diagnostics: Sequence[Diagnostic],
    *,
    files_checked: int = 0,
    color: bool = False,
    sources: Sources | None = None,
) -> str:
    sources = sources_or_default(sources)
    return "".join(_command(diagnostic, sources) + "\n" for diagnostic in diagnostics)

"""``github``: GitHub Actions workflow commands, which show as annotations on the pull request.

Escaping follows ``@actions/core`` (``command.ts``): the message data escapes ``%``, CR and LF;
property values also escape ``:`` and ``,``.
"""
from __future__ import annotations

from collections.abc import Sequence

from aliaslint.diagnostics import Diagnostic


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _command(diagnostic: Diagnostic) -> str:
    location = diagnostic.location
    properties = ",".join(
        f"{key}={escape_property(str(value))}"
        for key, value in (
            ("title", f"aliaslint ({diagnostic.code})"),
            ("file", location.path),
            ("line", location.line),
            ("col", location.column),
            ("endLine", location.end_line),
            ("endColumn", location.end_column),
        )
    )
    data = (
        f"{location.path}:{location.line}:{location.column}: {diagnostic.code} {diagnostic.message}"
    )
    return f"::error {properties}::{escape_data(data)}"


def render(
    diagnostics: Sequence[Diagnostic], *, files_checked: int = 0, color: bool = False
) -> str:
    return "".join(_command(diagnostic) + "\n" for diagnostic in diagnostics)

"""Small helpers shared by several reporters."""
from __future__ import annotations

from typing import Any

import click

from aliaslint.diagnostics import Diagnostic, Fix, Location


def one_line(text: str) -> str:
    """``text`` with line breaks shown as ``\\r`` / ``\\n``, for one-line-per-item output."""
    return text.replace("\r", "\\r").replace("\n", "\\n")


def position(location: Location) -> str:
    """``path:line:col``."""
    return f"{one_line(location.path)}:{location.line}:{location.column}"


def header(diagnostic: Diagnostic, *, color: bool = False) -> str:
    """``path:line:col: CODE message``, the first line of the human formats."""
    location = diagnostic.location
    path = one_line(location.path)
    code = diagnostic.code
    if color:
        path = click.style(path, bold=True)
        code = click.style(code, fg="red", bold=True)
    return f"{path}:{location.line}:{location.column}: {code} {one_line(diagnostic.message)}"


def notes(diagnostic: Diagnostic, *, color: bool = False) -> list[str]:
    """The lines after a finding's header and excerpt: its related locations, then its fix."""

    def label(name: str) -> str:
        text = f"= {name}:"
        return click.style(text, fg="cyan", bold=True) if color else text

    lines = [
        f"  {label('note')} {position(related.location)}: {one_line(related.message)}"
        for related in diagnostic.related
    ]
    if diagnostic.fix is not None:
        lines.append(f"  {label('help')} {one_line(diagnostic.fix.message)}")
    return lines


def summary(count: int) -> str:
    """The last line of the human formats."""
    if count == 0:
        return "All checks passed!"
    return f"Found {count} error{'' if count == 1 else 's'}."


def _point(line: int, column: int) -> dict[str, int]:
    return {"row": line, "column": column}


def _fix_object(fix: Fix | None) -> dict[str, Any] | None:
    if fix is None:
        return None
    return {
        "message": fix.message,
        "applicability": fix.applicability.value,
        "edits": [
            {
                "content": edit.content,
                "location": _point(edit.location.line, edit.location.column),
                "end_location": _point(edit.location.end_line, edit.location.end_column),
            }
            for edit in fix.edits
        ],
    }


def json_object(diagnostic: Diagnostic) -> dict[str, Any]:
    """One diagnostic as ruff's JSON object, plus ``name``, ``confidence`` and ``related``."""
    location = diagnostic.location
    return {
        "code": diagnostic.code,
        "message": diagnostic.message,
        "filename": location.path,
        "location": _point(location.line, location.column),
        "end_location": _point(location.end_line, location.end_column),
        "fix": _fix_object(diagnostic.fix),
        "url": diagnostic.url,
        "noqa_row": location.line,
        "name": diagnostic.name,
        "confidence": diagnostic.confidence.name.lower(),
        "related": [
            {
                "message": related.message,
                "filename": related.location.path,
                "location": _point(related.location.line, related.location.column),
                "end_location": _point(related.location.end_line, related.location.end_column),
            }
            for related in diagnostic.related
        ],
    }

"""Small helpers shared by several reporters."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import click

from aliaslint.diagnostics import Applicability, Diagnostic, Fix, Location


@dataclass(frozen=True)
class FixStatus:
    """What the human formats say about fixes, as ruff does: ``[*]`` after the code of a
    finding that ``--fix`` would fix (not when fixes were applied), and a summary naming how many
    were fixed, how many ``--fix`` could fix and how many unsafe fixes stay hidden.

    ``unsafe_fixes``: ``--unsafe-fixes`` was given (unsafe fixes count as applicable).
    ``applied``: ``--fix`` ran; ``fixed`` findings were fixed (they are not in the list).
    """

    unsafe_fixes: bool = False
    applied: bool = False
    fixed: int = 0

    def marks(self, diagnostic: Diagnostic) -> bool:
        """Whether ``diagnostic`` gets the ``[*]`` marker."""
        return not self.applied and diagnostic.fix is not None and diagnostic.fix.applies(self.unsafe_fixes)


def one_line(text: str) -> str:
    """``text`` with line breaks shown as ``\\r`` / ``\\n``, for one-line-per-item output."""
    return text.replace("\r", "\\r").replace("\n", "\\n")


def position(location: Location) -> str:
    """``path:line:col``."""
    return f"{one_line(location.path)}:{location.line}:{location.column}"


def header(diagnostic: Diagnostic, *, color: bool = False, fixable: bool = False) -> str:
    """``path:line:col: CODE message``, the first line of the human formats; ``CODE [*] message``
    when ``fixable``."""
    location = diagnostic.location
    path = one_line(location.path)
    code = diagnostic.code
    marker = "[*] " if fixable else ""
    if color:
        path = click.style(path, bold=True)
        code = click.style(code, fg="red", bold=True)
        if fixable:
            marker = "[" + click.style("*", fg="cyan") + "] "
    return f"{path}:{location.line}:{location.column}: {code} {marker}{one_line(diagnostic.message)}"


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


def fix_summary(diagnostics: list[Diagnostic] | tuple[Diagnostic, ...], status: FixStatus,
                *, color: bool = False) -> list[str]:
    """The summary lines with fixes, worded as ruff's: ``Found 3 errors (2 fixed, 1 remaining).``
    then ``[*] 1 fixable with the `--fix` option (2 hidden fixes can be enabled with the
    `--unsafe-fixes` option).`` or ``No fixes available (...)``."""
    remaining = len(diagnostics)
    total = remaining + status.fixed
    if status.fixed:
        lines = [f"Found {total} error{'' if total == 1 else 's'} ({status.fixed} fixed, {remaining} remaining)."]
    else:
        lines = [summary(remaining)]
    fixable = sum(1 for d in diagnostics if d.fix is not None and d.fix.applies(status.unsafe_fixes))
    hidden = 0 if status.unsafe_fixes else sum(
        1 for d in diagnostics
        if d.fix is not None and d.fix.applicability is Applicability.UNSAFE and d.fix.applies(True)
    )
    star = "[" + click.style("*", fg="cyan") + "]" if color else "[*]"
    hint = f" ({hidden} hidden fix{'' if hidden == 1 else 'es'} can be enabled with the `--unsafe-fixes` option)"
    if fixable:
        lines.append(f"{star} {fixable} fixable with the `--fix` option{hint if hidden else ''}.")
    elif hidden:
        lines.append(f"No fixes available{hint}.")
    return lines


def _point(line: int, column: int) -> dict[str, int]:
    return {"row": line, "column": column}


def _fix_object(fix: Fix | None, filename: str) -> dict[str, Any] | None:
    """ruff's ``fix`` object; an edit of another file than the finding's (a copy added in the
    callee) also names its ``filename``, which ruff's edits never need."""
    if fix is None:
        return None
    edits = []
    for edit in fix.edits:
        item: dict[str, Any] = {
            "content": edit.content,
            "location": _point(edit.location.line, edit.location.column),
            "end_location": _point(edit.location.end_line, edit.location.end_column),
        }
        if edit.location.path != filename:
            item["filename"] = edit.location.path
        edits.append(item)
    return {"message": fix.message, "applicability": fix.applicability.value, "edits": edits}


def json_object(diagnostic: Diagnostic) -> dict[str, Any]:
    """One diagnostic as ruff's JSON object, plus ``name``, ``confidence`` and ``related``."""
    location = diagnostic.location
    return {
        "code": diagnostic.code,
        "message": diagnostic.message,
        "filename": location.path,
        "location": _point(location.line, location.column),
        "end_location": _point(location.end_line, location.end_column),
        "fix": _fix_object(diagnostic.fix, location.path),
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

"""``aliaslint check --add-noqa``: write a ``# noqa: CODE`` for every current finding (as ruff's).

Each finding's primary line gets its code: added to the line's ``# noqa: ...`` list when it has
one (codes kept, sorted), else appended as ``  # noqa: AL001`` after any comment already there.
A line whose end is not the end of a logical or blank line (it continues with a backslash, or a
string literal spans it) cannot carry a comment: its directive goes on the line its continuation
ends on, where ruff (and :mod:`aliaslint.suppression`) reads it. Nothing is written
unless the new text tokenizes to the same code as the old one and parses; each file is replaced
atomically (a temporary file in the same folder, then a rename; permissions kept), so a
failure leaves the file as it was. ``AL000`` and ``AL100`` findings get no directive.
"""
from __future__ import annotations

import ast
import io
import tokenize
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from aliaslint.atomic import write_atomic
from aliaslint.diagnostics import Diagnostic
from aliaslint.files import SourceFile, physical_lines
from aliaslint.suppression import comment_lines, scan

__all__ = ["AddNoqaResult", "add_noqa"]

#: findings a ``# noqa`` is never written for: unreadable files, stale directives
_NOT_SUPPRESSIBLE = ("AL000", "AL100")


@dataclass
class AddNoqaResult:
    """``added``: directives written or extended; ``files``: files changed; ``skipped``: one
    ``path:line: reason`` per finding that got no directive."""

    added: int = 0
    files: int = 0
    skipped: list[str] = field(default_factory=list)


def add_noqa(diagnostics: Iterable[Diagnostic], files: Sequence[SourceFile]) -> AddNoqaResult:
    """Write the directives for ``diagnostics`` into ``files`` (matched by ``SourceFile.display``)."""
    result = AddNoqaResult()
    wanted: dict[str, dict[int, set[str]]] = {}
    for diagnostic in diagnostics:
        if diagnostic.code not in _NOT_SUPPRESSIBLE:
            lines = wanted.setdefault(diagnostic.location.path, {})
            lines.setdefault(diagnostic.location.line, set()).add(diagnostic.code)
    by_display = {f.display: f for f in files}
    for display, lines in sorted(wanted.items()):
        source_file = by_display.get(display)
        if source_file is None:
            result.skipped += [f"{display}:{line}: not one of the checked files" for line in sorted(lines)]
            continue
        if source_file.is_notebook:  # its lines are the cells' code, not the JSON file's lines
            result.skipped += [f"{display}:{line}: notebooks are not rewritten" for line in sorted(lines)]
            continue
        _add_to_file(source_file, lines, result)
    return result


def _add_to_file(source_file: SourceFile, lines: dict[int, set[str]], result: AddNoqaResult) -> None:
    display = source_file.display
    try:
        data = Path(source_file.path).read_bytes()
        bom = data.startswith(b"\xef\xbb\xbf")
        text = data[3 if bom else 0:].decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = "not UTF-8" if isinstance(error, UnicodeDecodeError) else (error.strerror or str(error))
        result.skipped += [f"{display}:{line}: cannot rewrite this file ({reason})" for line in sorted(lines)]
        return
    physical = physical_lines(text, keepends=True)
    try:
        ends = _line_ends(text)
        continues = comment_lines(text)
    except (tokenize.TokenError, SyntaxError) as error:
        result.skipped += [f"{display}:{line}: cannot tokenize this file ({error})" for line in sorted(lines)]
        return
    moved: dict[int, set[str]] = {}
    for number, codes in lines.items():  # a continued line's directive goes where it ends
        moved.setdefault(continues.get(number, number), set()).update(codes)
    lines = moved
    directives = scan(text).directives
    added = 0
    for number, codes in sorted(lines.items()):
        if not 1 <= number <= len(physical):
            result.skipped.append(f"{display}:{number}: the file has no such line")
            continue
        if number not in ends:
            result.skipped.append(
                f"{display}:{number}: a comment cannot end this line (it continues with a backslash or "
                f"inside a string); suppress {', '.join(sorted(codes))} by hand"
            )
            continue
        line = physical[number - 1]
        body = line.rstrip("\r\n")
        ending = line[len(body):]
        directive = directives.get(number)
        if directive is not None and directive.codes is None:
            continue  # a blanket noqa already suppresses everything
        if directive is not None and directive.codes_start >= 0:
            merged = sorted({*directive.codes, *codes})
            body = body[:directive.codes_start] + ", ".join(merged) + body[directive.codes_end:]
        else:
            body = body.rstrip() + "  # noqa: " + ", ".join(sorted(codes))
        physical[number - 1] = body + ending
        added += 1
    if not added:
        return
    new_text = "".join(physical)
    if not _same_code(text, new_text):
        result.skipped += [f"{display}:{line}: adding the comment would change the code; nothing written"
                           for line in sorted(lines)]
        return
    write_atomic(source_file.path, (b"\xef\xbb\xbf" if bom else b"") + new_text.encode("utf-8"))
    result.added += added
    result.files += 1


def _line_ends(text: str) -> set[int]:
    """Lines whose end is the end of a logical line or a blank/comment line: a comment may go there."""
    return {
        token.start[0]
        for token in tokenize.generate_tokens(io.StringIO(text).readline)
        if token.type in (tokenize.NEWLINE, tokenize.NL)
    }


def _code_tokens(text: str) -> list[tuple[int, str]]:
    skip = (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE)
    return [(t.type, t.string) for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type not in skip]


def _same_code(old: str, new: str) -> bool:
    """The new text parses and differs from the old one in comments and layout only."""
    try:
        ast.parse(new)
        return _code_tokens(old) == _code_tokens(new)
    except (SyntaxError, ValueError, tokenize.TokenError):
        return False

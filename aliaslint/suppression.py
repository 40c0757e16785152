"""Inline suppression: ``# noqa`` (every code) and ``# noqa: AL001, AL002`` on a diagnostic's line.

The syntax is ruff's: ``noqa`` in any case after a ``#``; codes after a colon (``# noqa: AL001``,
also ``# noqa : AL001``), separated by commas and/or spaces, and free text after the codes is a
comment (``# noqa: AL001 the template is copied upstream``). ``# noqa`` followed by the end of the
comment, a space and text, or another ``#`` is a blanket ``# noqa``. As in ruff, a directive that
cannot be read suppresses nothing and is a warning: ``# noqa:`` followed by no code (``# noqa: not a
bug``), or ``noqa`` glued to other text (``#noqa-ok``). Codes that start with ``AL`` but name no rule
are a warning too; other codes belong to other linters (``# noqa: E501``) and are left alone. Several
``# noqa`` comments on one line add up. Only comments count: ``"# noqa"`` inside a string does not.
``AL000`` (a file that could not be read or parsed) cannot be suppressed. As in ruff, a line that
cannot end with a comment (it continues with a backslash, or into a string that spans lines) is
suppressed by the directive on the line its continuation ends on (:func:`comment_lines`).

:func:`scan` finds a file's directives and warnings; :func:`apply` drops the suppressed diagnostics
and tells which listed codes suppressed nothing (for ``AL100`` unused-noqa).
"""
from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from aliaslint.config import UNREADABLE_CODE
from aliaslint.files import physical_lines
from aliaslint.diagnostics import Diagnostic

__all__ = [
    "NoqaDirective",
    "FileNoqa",
    "Unused",
    "apply",
    "comment_lines",
    "filter_suppressed",
    "noqa_codes",
    "parse_comment",
    "scan",
]

#: a code of ours; any other code in a directive belongs to another linter
OWN_PREFIX = "AL"
_CODE = re.compile(r"[A-Za-z]+[0-9]+")
_NOQA = re.compile(r"#\s*(noqa)", re.IGNORECASE)
_EXAMPLE = "(e.g. `# noqa: AL001, AL002`)"


@dataclass(frozen=True)
class NoqaDirective:
    """The ``# noqa`` comments of one line.

    ``codes`` is ``None`` for a blanket ``# noqa``, else the upper-case codes listed (in order,
    without repeats). ``column`` / ``end_column`` (1-based, characters, end exclusive) span the
    directive text from its ``#`` to its last code; ``codes_start`` / ``codes_end`` (0-based
    offsets in the line) span the code list, so it can be rewritten in place.
    """

    line: int
    column: int
    end_column: int
    codes: tuple[str, ...] | None
    codes_start: int = -1
    codes_end: int = -1

    def suppresses(self, code: str) -> bool:
        return code != UNREADABLE_CODE and (self.codes is None or code in self.codes)


@dataclass
class FileNoqa:
    """The directives of one file by line, and its warnings as ``(line, message)``."""

    directives: dict[int, NoqaDirective] = field(default_factory=dict)
    warnings: list[tuple[int, str]] = field(default_factory=list)
    #: line that cannot end with a comment -> the line whose directive applies to it
    continues: dict[int, int] = field(default_factory=dict)

    def directive_for(self, line: int) -> NoqaDirective | None:
        """The directive that applies to a finding reported on ``line``."""
        directive = self.directives.get(line)
        if directive is None and line in self.continues:
            directive = self.directives.get(self.continues[line])
        return directive


def comment_lines(source: str) -> dict[int, int]:
    """For each line that cannot end with a comment (it continues with a backslash, or inside or
    into a string literal that spans lines), the first line after it that can: the one that ends
    its continuation, where ruff reads (and writes) the ``# noqa`` for it. Lines inside brackets
    end with a newline token and may carry their own comment, so they are not in the result.
    ``tokenize.TokenError`` / ``SyntaxError`` when the file cannot be tokenized."""
    ends = sorted({
        token.start[0]
        for token in tokenize.generate_tokens(io.StringIO(source).readline)
        if token.type in (tokenize.NEWLINE, tokenize.NL)
    })
    result: dict[int, int] = {}
    previous = 0
    for end in ends:
        for line in range(previous + 1, end):
            result[line] = end
        previous = end
    return result


@dataclass(frozen=True)
class _Parsed:
    blanket: bool
    codes: tuple[str, ...]
    start: int  # offset of the first directive's '#'
    end: int  # offset after the last code (or after ``noqa``)
    codes_start: int
    codes_end: int


#: punctuation that ends a blanket ``# noqa`` (flake8 reads ``# noqa, why`` as one)
_ENDS_BLANKET = frozenset(",;.)]!?/")
#: what a rule code looks like (``AL001``, ``F401``, ``PLW0603``)
_CODE_AHEAD = re.compile(r"[A-Za-z]+[0-9]+\b")


def parse_comment(comment: str) -> tuple[_Parsed | None, list[str]]:
    """Read the ``# noqa`` directives of one comment (text from a ``#`` to the end of the line).

    Returns the directive (``None`` when there is none or none can be read) and the problems
    found, each a phrase such as ``"expected a comma-separated list of codes after `noqa:`"``.
    Offsets in the result are relative to ``comment``.
    """
    problems: list[str] = []
    blanket = False
    codes: list[str] = []
    start = end = codes_start = codes_end = -1
    for match in _NOQA.finditer(comment):
        at = match.end(1)
        rest = comment[at:]
        stripped = rest.lstrip()
        # ``# noqa, won't ever fail`` (conan 2.34.0): punctuation other than ``:`` ends a blanket
        # directive, as flake8 reads it, unless a code follows (``# noqa;AL001``, a typo for
        # ``:``); a code glued on (``# noqaAL001``) is a typo too: both reported
        if not rest or rest[0] == "#" or (rest[0].isspace() and not stripped.startswith(":")) \
                or rest[0] in _ENDS_BLANKET and not _CODE_AHEAD.match(rest[1:].lstrip()):
            blanket = True
            start = match.start() if start < 0 else start
            end = max(end, at)
            continue
        if not stripped.startswith(":"):
            problems.append(f"expected `:` followed by a comma-separated list of codes {_EXAMPLE}")
            continue
        position = at + (len(rest) - len(stripped)) + 1
        found, last, first, error = _lex_codes(comment, position)
        if error:
            problems.append(error)
            continue
        if not found:
            problems.append(f"expected a comma-separated list of codes after `noqa:` {_EXAMPLE}")
            continue
        start = match.start() if start < 0 else start
        end = max(end, last)
        if codes_start < 0:
            codes_start, codes_end = first, last
        codes.extend(code for code in found if code not in codes)
    if start < 0:
        return None, problems
    return _Parsed(blanket, tuple(codes), start, end, codes_start, codes_end), problems


def _lex_codes(comment: str, position: int) -> tuple[list[str], int, int, str | None]:
    """Codes from ``position`` on: ``(codes, end offset, start offset, error)``."""
    found: list[str] = []
    first = last = -1
    while position < len(comment):
        while position < len(comment) and (comment[position].isspace() or comment[position] == ","):
            position += 1
        match = _CODE.match(comment, position)
        if match is None:
            break  # free text after the codes: a comment
        following = comment[match.end():match.end() + 1]
        if following and (following.isalnum() or following in "-_"):
            # ``AL001x``, ``F401F841``, ``allow-deferred2-import``: not a code
            if found:
                break
            return [], -1, -1, "expected codes made of letters followed by digits only (e.g. `AL001`)"
        found.append(match.group().upper())
        first = match.start() if first < 0 else first
        last = position = match.end()
        if following and not following.isspace() and following != ",":
            # ``#`` or punctuation ends the list, the rest is a comment (flake8 reads ``# noqa:
            # F401; deprecated`` as ``F401``: python-gitlab 8.6.0, issue 8's blind nineteenth set)
            break
    return found, last, first, None


def _comment_start(line: str) -> int:
    """Index of the first ``#`` outside a string literal on ``line``, or -1.

    Strings are tracked within the line only: a line inside a multi-line string is read as code,
    and a triple-quoted string left open ends the search. Used when a file cannot be tokenized.
    """
    quote = ""
    i = 0
    while i < len(line):
        char = line[i]
        if quote:
            if char == "\\":
                i += 2
                continue
            if line.startswith(quote, i):
                i += len(quote)
                quote = ""
                continue
        elif char == "#":
            return i
        elif char in "'\"":
            quote = char * 3 if line.startswith(char * 3, i) else char
            i += len(quote)
            continue
        i += 1
    return -1


def noqa_codes(line: str) -> frozenset[str] | None:
    """The codes a ``# noqa`` comment on ``line`` suppresses.

    ``None``: no directive that can be read; an empty frozenset: a blanket ``# noqa``
    (everything); otherwise the upper-case codes listed.
    """
    start = _comment_start(line)
    if start < 0:
        return None
    parsed, _ = parse_comment(line[start:])
    if parsed is None:
        return None
    return frozenset() if parsed.blanket else frozenset(parsed.codes)


def _comments(source: str) -> Iterable[tuple[int, int, str]]:
    """``(line, column offset, text)`` of every comment that mentions ``noqa``."""
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.COMMENT and "noqa" in token.string.lower():
                yield token.start[0], token.start[1], token.string
        return
    except (tokenize.TokenError, SyntaxError, ValueError):
        pass
    # a file the tokenizer rejects (it is reported as AL000 anyway, or is valid only to LibCST)
    for number, line in enumerate(physical_lines(source), 1):
        start = _comment_start(line)
        if start >= 0 and "noqa" in line[start:].lower():
            yield number, start, line[start:]


def scan(source: str, known_codes: Iterable[str] = ()) -> FileNoqa:
    """The ``# noqa`` directives of a file and one warning per line that needs one.

    ``known_codes`` are the rule codes that exist; a listed code starting with ``AL`` that is not
    among them is a warning (when ``known_codes`` is empty, no code is checked).
    """
    result = FileNoqa()
    if not re.search("noqa", source, re.IGNORECASE):
        return result
    known = frozenset(known_codes)
    by_line: dict[int, list[str]] = {}
    for line, offset, text in _comments(source):
        parsed, problems = parse_comment(text)
        messages = by_line.setdefault(line, [])
        messages += [f"invalid `# noqa` directive: {problem}" for problem in problems]
        if parsed is None:
            continue
        unknown = [c for c in parsed.codes if known and c.startswith(OWN_PREFIX) and c not in known]
        if unknown:
            messages.append(f"unknown rule code{'s' if len(unknown) > 1 else ''} in `# noqa`: "
                            + ", ".join(unknown) + " (see 'aliaslint rules')")
        previous = result.directives.get(line)
        codes: tuple[str, ...] | None = None if parsed.blanket else parsed.codes
        if previous is not None:  # two comments cannot share a line; keep the wider reading
            codes = None if previous.codes is None or codes is None else tuple(dict.fromkeys(previous.codes + codes))
        result.directives[line] = NoqaDirective(
            line, offset + parsed.start + 1, offset + parsed.end + 1, codes,
            offset + parsed.codes_start if parsed.codes_start >= 0 else -1,
            offset + parsed.codes_end if parsed.codes_start >= 0 else -1,
        )
    result.warnings = [(line, "; ".join(messages)) for line, messages in sorted(by_line.items()) if messages]
    if result.directives:
        try:
            result.continues = comment_lines(source)
        except (tokenize.TokenError, SyntaxError, ValueError):
            pass  # each directive applies to its own line only
    return result


@dataclass(frozen=True)
class Unused:
    """A directive with listed codes that suppressed nothing: ``path`` as diagnostics show it."""

    path: str
    directive: NoqaDirective
    codes: tuple[str, ...]


def apply(
    diagnostics: Iterable[Diagnostic], files: Mapping[str, FileNoqa]
) -> tuple[list[Diagnostic], list[Unused]]:
    """Drop the diagnostics that a ``# noqa`` on their primary line suppresses (or, for a line that
    cannot end with a comment, on the line its continuation ends on: :meth:`FileNoqa.directive_for`).

    ``files`` maps a diagnostic's ``location.path`` to its file's directives. Returns the kept
    diagnostics (in their order) and, for every directive, the listed codes that suppressed
    nothing. Only codes of ours count: a blanket directive, or another linter's code, may be
    doing its job for that linter.
    """
    kept: list[Diagnostic] = []
    used: dict[tuple[str, int], set[str]] = {}
    for diagnostic in diagnostics:
        noqa = files.get(diagnostic.location.path)
        directive = noqa.directive_for(diagnostic.location.line) if noqa else None
        if directive is not None and directive.suppresses(diagnostic.code):
            used.setdefault((diagnostic.location.path, directive.line), set()).add(diagnostic.code)
            continue
        kept.append(diagnostic)
    unused = []
    for path, noqa in files.items():
        for line, directive in sorted(noqa.directives.items()):
            if directive.codes is None:
                continue
            codes = tuple(c for c in directive.codes
                          if c.startswith(OWN_PREFIX) and c not in used.get((path, line), ()))
            if codes:
                unused.append(Unused(path, directive, codes))
    return kept, unused


def filter_suppressed(
    diagnostics: Iterable[Diagnostic], read_line: Callable[[str, int], str]
) -> list[Diagnostic]:
    """The diagnostics that no ``# noqa`` on their primary line suppresses, in their order.

    ``read_line(path, line)`` returns the text of a 1-based line of the file that
    ``Location.path`` names ("" when unknown); it is called at most once per line. Unlike
    :func:`scan`, a line is read on its own (a ``# noqa`` inside a multi-line string counts).
    """
    seen: dict[tuple[str, int], frozenset[str] | None] = {}
    kept = []
    for diagnostic in diagnostics:
        if diagnostic.code != UNREADABLE_CODE:
            key = (diagnostic.location.path, diagnostic.location.line)
            if key not in seen:
                seen[key] = noqa_codes(read_line(*key))
            codes = seen[key]
            if codes is not None and (not codes or diagnostic.code in codes):
                continue
        kept.append(diagnostic)
    return kept

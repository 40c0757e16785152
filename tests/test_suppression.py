from __future__ import annotations

import pytest

from aliaslint.diagnostics import Diagnostic, Location
from aliaslint.suppression import filter_suppressed, noqa_codes

BLANKET = frozenset()


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("build(template)", None),
        ("build(template)  # noqa", BLANKET),
        ("build(template)  # NOQA", BLANKET),
        ("build(template)  # NoQa", BLANKET),
        ("build(template)  #noqa", BLANKET),
        ("build(template)  # noqa: AL001", frozenset({"AL001"})),
        ("build(template)  # noqa:AL001", frozenset({"AL001"})),
        ("build(template)  # noqa:AL001,AL002", frozenset({"AL001", "AL002"})),
        ("build(template)  # noqa: AL001, AL002", frozenset({"AL001", "AL002"})),
        ("build(template)  # noqa: AL001 AL002", frozenset({"AL001", "AL002"})),
        ("build(template)  # noqa: al001", frozenset({"AL001"})),
        ("build(template)  # noqa: AL001 -- the template is copied upstream", frozenset({"AL001"})),
        ("build(template)  # type: ignore[arg-type]  # noqa: AL003", frozenset({"AL003"})),
        ("build(template)  # noqa: AL001  # noqa: AL002", frozenset({"AL001", "AL002"})),
        ("build(template)  # noqa: AL001  # noqa", BLANKET),
        ("build(template)  # noqa:", BLANKET),  # no valid code: blanket, as in flake8
        ("build(template)  # noqa : AL001", BLANKET),
        ("build(template)  # noqanope", None),
        ("build(template)  # see the noqa docs", None),
        ("# noqa: AL004", frozenset({"AL004"})),
        ("text = '# noqa'", None),
        ('text = "# noqa: AL001"', None),
        ('text = "a \\" # noqa"', None),
        ("text = '# noqa'  # noqa: AL002", frozenset({"AL002"})),
        ('text = """# noqa', None),
        ("x = '''a''' # noqa: AL001", frozenset({"AL001"})),
    ],
)
def test_noqa_codes(line: str, expected: frozenset[str] | None) -> None:
    assert noqa_codes(line) == expected


def diagnostic(code: str, path: str, line: int) -> Diagnostic:
    return Diagnostic(code, f"rule-{code}", f"finding {code}", Location(path, line, 1, line, 2))


def test_filter_suppressed() -> None:
    sources = {
        "a.py": ["build(t)  # noqa: AL001", "build(t)  # noqa", "build(t)", "build(t)  # noqa: AL002"],
        "b.py": ["\xff  # noqa"],
    }
    calls: list[tuple[str, int]] = []

    def read_line(path: str, line: int) -> str:
        calls.append((path, line))
        lines = sources.get(path, [])
        return lines[line - 1] if 1 <= line <= len(lines) else ""

    diagnostics = [
        diagnostic("AL001", "a.py", 1),  # suppressed by its code
        diagnostic("AL002", "a.py", 1),  # another code on the same line: kept
        diagnostic("AL003", "a.py", 2),  # blanket
        diagnostic("AL001", "a.py", 3),  # no comment
        diagnostic("AL001", "a.py", 4),  # a different code listed
        diagnostic("AL000", "b.py", 1),  # unreadable file: never suppressed
        diagnostic("AL001", "missing.py", 7),
    ]
    kept = filter_suppressed(diagnostics, read_line)
    assert kept == [diagnostics[1], diagnostics[3], diagnostics[4], diagnostics[5], diagnostics[6]]
    # each line is read once, and never for AL000
    assert calls == [("a.py", 1), ("a.py", 2), ("a.py", 3), ("a.py", 4), ("missing.py", 7)]


def test_filter_suppressed_of_nothing() -> None:
    assert filter_suppressed([], lambda path, line: "") == []

from __future__ import annotations

import pytest

from aliaslint.diagnostics import Diagnostic, Location
from aliaslint.suppression import FileNoqa, NoqaDirective, apply, comment_lines, filter_suppressed, noqa_codes, scan

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
        ("build(template)  # noqa:", None),  # no code: unreadable, suppresses nothing (ruff)
        ("build(template)  # noqa: not a bug", None),
        ("build(template)  # noqa : AL001", frozenset({"AL001"})),  # ruff reads codes here too
        ("build(template)  # noqa because it is fine", BLANKET),  # a space, then a comment
        ("build(template)  # noqa# why", BLANKET),
        ("build(template)  # noqa;AL001", None),  # a typo for ``:``: reported, suppresses nothing
        # other punctuation ends a blanket directive, as flake8 reads it (conan 2.34.0's
        # ``# noqa, won't ever fail`` drew an "invalid directive" warning on every run)
        ("build(template)  # noqa, won't ever fail", BLANKET),
        ("build(template)  # noqa. copied upstream", BLANKET),
        ("build(template)  # noqa - copied upstream", BLANKET),
        ("build(template)  # noqa: AL001abc", None),
        ("build(template)  # noqa: AL001,AL002x", frozenset({"AL001"})),
        # punctuation after a code ends the list, the rest is a comment (flake8 reads it so:
        # python-gitlab 8.6.0's ``# noqa: F401; deprecated``)
        ("from .rules import X  # noqa: F401; deprecated", frozenset({"F401"})),
        ("build(template)  # noqa: AL001; copied upstream", frozenset({"AL001"})),
        ("build(template)  # noqa: AL001, AL002. both copied", frozenset({"AL001", "AL002"})),
        ("build(template)  # noqa: AL001-x", None),
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


KNOWN = ("AL000", "AL001", "AL002", "AL005", "AL100")


def test_scan_reads_comments_only_and_warns_once_per_line() -> None:
    source = (
        "a = 1  # noqa: AL001, E501 copied upstream\n"  # 1: codes, free text after them is fine
        "b = '# noqa: AL002'\n"  # 2: inside a string
        'c = """\n# noqa: AL002\n"""\n'  # 3-5: inside a multi-line string
        "d = 1  # noqa: this is fine\n"  # 6: no code after the colon
        "e = 1  #noqa-ok  # noqa: AL999, AL998\n"  # 7: glued text, and unknown codes: one warning
        "f = 1  # NOQA\n"  # 8: blanket
        "g = 1  # noqa: X100\n"  # 9: another linter's code: nothing to say
    )
    found = scan(source, KNOWN)
    assert found.directives == {
        1: NoqaDirective(1, 8, 27, ("AL001", "E501"), 15, 26),
        7: NoqaDirective(7, 18, 38, ("AL999", "AL998"), 25, 37),
        8: NoqaDirective(8, 8, 14, None, -1, -1),
        9: NoqaDirective(9, 8, 20, ("X100",), 15, 19),
    }
    assert found.warnings == [
        (6, "invalid `# noqa` directive: expected a comma-separated list of codes after `noqa:` "
            "(e.g. `# noqa: AL001, AL002`)"),
        (7, "invalid `# noqa` directive: expected `:` followed by a comma-separated list of codes "
            "(e.g. `# noqa: AL001, AL002`); unknown rule codes in `# noqa`: AL999, AL998 (see 'aliaslint rules')"),
    ]


def test_scan_of_a_file_the_tokenizer_rejects_reads_lines() -> None:
    found = scan("x = (\ny = 1  # noqa: AL001\n", KNOWN)
    assert list(found.directives) == [2] and found.directives[2].codes == ("AL001",)


def test_apply_reports_listed_codes_that_suppressed_nothing() -> None:
    files = {"a.py": scan("x = 1  # noqa: AL001, AL002, E501\ny = 2  # noqa\nz = 3  # noqa: AL005\n", KNOWN)}
    diagnostics = [diagnostic("AL001", "a.py", 1), diagnostic("AL002", "a.py", 2), diagnostic("AL001", "b.py", 1)]
    kept, unused = apply(diagnostics, files)
    assert kept == [diagnostics[2]]
    assert [(u.path, u.directive.line, u.codes) for u in unused] == [("a.py", 1, ("AL002",)), ("a.py", 3, ("AL005",))]


def test_a_directive_on_the_line_a_continuation_ends_on_applies_to_the_lines_it_continues() -> None:
    source = (
        "c = cfg.copy() if \\\n"           # 1: backslash
        "    cfg else {}  # noqa: AL002\n"  # 2
        "x = f('''\n"                       # 3: into a string
        "text\n"                            # 4: inside it
        "''', \\\n"                         # 5: out of it, then a backslash
        "    2)  # noqa\n"                  # 6
        "y = g(\n"                          # 7: inside brackets: a line of its own
        "    3)  # noqa: AL001\n"           # 8
    )
    assert comment_lines(source) == {1: 2, 3: 6, 4: 6, 5: 6}
    found = [diagnostic("AL002", "a.py", 1), diagnostic("AL001", "a.py", 4), diagnostic("AL001", "a.py", 7)]
    kept, unused = apply(found, {"a.py": scan(source)})
    assert kept == [found[2]]
    assert [(u.directive.line, u.codes) for u in unused] == [(8, ("AL001",))]

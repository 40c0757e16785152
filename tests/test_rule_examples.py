"""Every rule's own examples, run through the whole engine, and every rule's documentation.

Each ``VALID`` example must give no diagnostic of its rule; each ``INVALID`` example exactly one,
at ``Invalid.line`` (and ``Invalid.column`` when given), with ``Invalid.message`` (when given) in
its message, by default (with ``preview`` off, unless the rule is a preview rule); each ``PREVIEW``
example exactly one like that with ``preview`` on and none without. VALID examples are checked
with ``preview`` on: a rule's lower-confidence tier must not report them either. The example is written to ``example.py`` in a fresh directory and checked with only
that rule selected, ``preview`` on (so preview rules and lower-confidence findings count) and no
cache. New rules are picked up from ``aliaslint.rules.all_rules()`` without touching this file.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from aliaslint import engine
from aliaslint.config import UNREADABLE_CODE, Settings
from aliaslint.diagnostics import Diagnostic
from aliaslint.files import discover
from aliaslint.rule import DOC_SECTIONS, Invalid, Rule
from aliaslint.rules import all_rules

RULES = all_rules()

CODE = re.compile(r"AL\d{3}")
KEBAB_CASE = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")


def _examples():
    for rule in RULES:
        for index, source in enumerate(rule.VALID):
            yield pytest.param(rule, source, None, False, id=f"{rule.code}-valid-{index}")
        for index, invalid in enumerate(rule.INVALID):
            yield pytest.param(rule, invalid.code, invalid, False, id=f"{rule.code}-invalid-{index}")
        for index, invalid in enumerate(rule.PREVIEW):
            yield pytest.param(rule, invalid.code, invalid, True, id=f"{rule.code}-preview-{index}")


def _check(rule: type[Rule], source: str, directory: Path, preview: bool = True) -> list[Diagnostic]:
    """All diagnostics of one run over ``directory/example.py`` with only ``rule`` selected."""
    (directory / "example.py").write_text(source, encoding="utf-8")
    settings = Settings(root=directory, select=(rule.code,), preview=preview, no_cache=True)
    files = discover([directory], settings, cwd=directory)
    assert [f.display for f in files] == ["example.py"]
    return engine.check(files, settings).diagnostics


def _show(diagnostics: list[Diagnostic]) -> str:
    if not diagnostics:
        return "  (none)"
    return "\n".join(
        f"  {d.location.path}:{d.location.line}:{d.location.column}: {d.code} {d.message}"
        for d in diagnostics
    )


def _numbered(source: str) -> str:
    return "\n".join(f"  {number:3} | {line}" for number, line in enumerate(source.splitlines(), 1))


@pytest.mark.parametrize(("rule", "source", "invalid", "preview_only"), list(_examples()))
def test_rule_example(rule: type[Rule], source: str, invalid: Invalid | None, preview_only: bool, tmp_path: Path) -> None:
    if preview_only:
        by_default = [d for d in _check(rule, source, tmp_path, preview=False) if d.code == rule.code]
        assert not by_default, (
            f"{rule.code} must report this PREVIEW example only with --preview, but reported by default:\n"
            f"{_show(by_default)}\n{_numbered(source)}"
        )
    # VALID: silent even with --preview; INVALID: reported by default (preview rules excepted)
    diagnostics = _check(rule, source, tmp_path, preview=invalid is None or preview_only or rule.preview)
    unreadable = [d for d in diagnostics if d.code == UNREADABLE_CODE and rule.code != UNREADABLE_CODE]
    assert not unreadable, f"the example does not parse:\n{_show(unreadable)}\n{_numbered(source)}"
    own = [d for d in diagnostics if d.code == rule.code]
    if invalid is None:
        assert not own, (
            f"{rule.code} must not report this VALID example, but reported:\n{_show(own)}\n{_numbered(source)}"
        )
        return
    where = f"line {invalid.line}" + (f", column {invalid.column}" if invalid.column is not None else "")
    assert len(own) == 1, (
        f"{rule.code} must report this INVALID example exactly once ({where}), got {len(own)}:\n"
        f"{_show(own)}\n{_numbered(source)}"
    )
    (diagnostic,) = own
    assert diagnostic.location.line == invalid.line, f"expected {where}, got:\n{_show(own)}\n{_numbered(source)}"
    if invalid.column is not None:
        assert diagnostic.location.column == invalid.column, (
            f"expected {where}, got:\n{_show(own)}\n{_numbered(source)}"
        )
    if invalid.message is not None:
        assert invalid.message in diagnostic.message, (
            f"expected {invalid.message!r} in the message, got:\n{_show(own)}"
        )


def test_rule_docs() -> None:
    """Codes, names, summaries, documentation sections and examples of the whole catalogue."""
    assert RULES, "aliaslint.rules.all_rules() found no rule"
    problems: list[str] = []
    codes: dict[str, str] = {}
    names: dict[str, str] = {}
    for rule in RULES:
        label = f"{rule.__module__}.{rule.__qualname__}"
        code = getattr(rule, "code", None)
        name = getattr(rule, "name", None)
        summary = getattr(rule, "summary", None)
        if not isinstance(code, str) or not CODE.fullmatch(code):
            problems.append(f"{label}: code {code!r} is not AL followed by three digits")
        elif code in codes:
            problems.append(f"{label}: code {code} is also used by {codes[code]}")
        else:
            codes[code] = label
        if not isinstance(name, str) or not KEBAB_CASE.fullmatch(name):
            problems.append(f"{label}: name {name!r} is not kebab-case")
        elif name in names:
            problems.append(f"{label}: name {name} is also used by {names[name]}")
        else:
            names[name] = label
        if not isinstance(summary, str) or not summary.strip() or "\n" in summary or summary != summary.strip():
            problems.append(f"{label}: summary {summary!r} is not one non-empty line")
        documentation = rule.documentation()
        sections = DOC_SECTIONS + (("Tiers",) if code not in ("AL000", "AL100") else ())
        for section in sections:
            if not re.search(rf"^## {re.escape(section)}[ \t]*$", documentation, re.MULTILINE):
                problems.append(f"{label}: documentation has no '## {section}' heading")
        if not rule.VALID:
            problems.append(f"{label}: no VALID example")
        if not rule.INVALID:
            problems.append(f"{label}: no INVALID example")
        if not all(isinstance(source, str) for source in rule.VALID):
            problems.append(f"{label}: a VALID example is not a string")
        if not all(isinstance(invalid, Invalid) for invalid in rule.INVALID):
            problems.append(f"{label}: an INVALID example is not an aliaslint.rule.Invalid")
    assert not problems, "rule catalogue problems:\n" + "\n".join(f"  {p}" for p in problems)

"""The rules reference, ``docs/rules.md``: generated from the rules' docstrings, checked in.

    python -m aliaslint.rules_reference            # rewrite docs/rules.md
    python -m aliaslint.rules_reference --check    # exit 1 if docs/rules.md is out of date

Each rule has a section whose heading is ``AL001: loop-shared-argument-mutation``, so its anchor
(:func:`anchor`) is the heading's GitHub slug, ``al001-loop-shared-argument-mutation``. Findings'
``url`` (JSON) and ``helpUri`` (SARIF) point there: at the copy installed with the package
(``aliaslint/docs/rules.md``), or, in a source checkout, at ``docs/rules.md`` itself
(:func:`reference_path`). That is documentation that exists wherever aliaslint runs; the
project publishes no web site.
"""
from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from pathlib import Path

from aliaslint.harm import MAX_PLACES_ON_THE_WAY

__all__ = ["anchor", "description", "reference_path", "render", "rule_url"]

_HEADING = re.compile(r"^(#+) ", re.MULTILINE)
_SECTION = re.compile(r"^## (?P<title>.+?)\s*$", re.MULTILINE)

#: what moves a finding of any rule to the preview tier (:mod:`aliaslint.harm`); ``aliaslint rule``
#: prints it under a rule's own tiers
EVERY_RULE_TIERS = (
    f"In every rule, a change made in test code and a change reached through more than {MAX_PLACES_ON_THE_WAY} "
    "calls and\nchanges (counting those the finding leaves out) are preview findings.")

INTRO = """\
# aliaslint rules

Generated from the rules' docstrings by `python -m aliaslint.rules_reference`; do not edit by hand
(`tests/test_rules_reference.py` fails when this file is out of date). `aliaslint rule CODE`
prints the same text in a terminal.

Every rule is on by default unless it says otherwise. `--preview` also shows each rule's
lower-confidence findings.

""" + EVERY_RULE_TIERS + "\n"


def anchor(rule) -> str:
    """The rule's anchor in the reference: ``al001-loop-shared-argument-mutation``."""
    return f"{rule.code}-{rule.name}".lower()


def _package_dir() -> Path:
    return Path(__file__).resolve().parent


def reference_path() -> Path:
    """The rules reference this installation has: the packaged copy, else the checkout's."""
    installed = _package_dir() / "docs" / "rules.md"
    if installed.is_file():
        return installed
    return _package_dir().parent / "docs" / "rules.md"


def rule_url(rule) -> str:
    """``file:`` URI of the rule's section in the reference (absolute, as SARIF requires)."""
    return f"{reference_path().as_uri()}#{anchor(rule)}"


def description(rule) -> str:
    """The text of the rule's "What it does" section (plain paragraphs, markdown inline)."""
    documentation = rule.documentation()
    sections = list(_SECTION.finditer(documentation))
    for index, match in enumerate(sections):
        if match.group("title") == "What it does":
            end = sections[index + 1].start() if index + 1 < len(sections) else len(documentation)
            return documentation[match.end():end].strip()
    return rule.summary


def _status(rule) -> str:
    notes = []
    if not getattr(rule, "enabled_by_default", True):
        notes.append(f"off by default: enable it with `extend-select = [\"{rule.code}\"]`")
    if rule.preview:
        notes.append("preview rule: shown with `--preview`")
    if rule.code == "AL000":
        notes.append("always on; cannot be ignored or suppressed")
    return "".join(f"\n*{note[0].upper() + note[1:]}.*\n" for note in notes)


def _demoted(markdown: str) -> str:
    """``markdown`` with every heading one level deeper (code blocks left alone)."""
    lines = []
    fenced = False
    for line in markdown.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced and _HEADING.match(line):
            line = "#" + line
        lines.append(line)
    return "\n".join(lines)


def render(rules: Sequence | None = None) -> str:
    """The whole reference as markdown."""
    if rules is None:
        from aliaslint.rules import all_rules

        rules = all_rules()
    lines = [INTRO, "| code | name | finds |", "|---|---|---|"]
    for rule in rules:
        summary = rule.summary.replace("|", "\\|")
        lines.append(f"| [{rule.code}](#{anchor(rule)}) | {rule.name} | {summary} |")
    out = "\n".join(lines) + "\n"
    for rule in rules:
        body = _demoted(rule.documentation())
        out += f"\n## {rule.code}: {rule.name}\n\n{rule.summary}.\n{_status(rule)}\n{body.strip()}\n"
    return out


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    target = _package_dir().parent / "docs" / "rules.md"
    text = render()
    if args == ["--check"]:
        current = target.read_text(encoding="utf-8") if target.is_file() else ""
        if current != text:
            print(f"{target} is out of date: run python -m aliaslint.rules_reference", file=sys.stderr)
            return 1
        return 0
    if args:
        print("usage: python -m aliaslint.rules_reference [--check]", file=sys.stderr)
        return 2
    target.parent.mkdir(exist_ok=True)
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

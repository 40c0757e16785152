"""docs/rules.md is generated from the rules' docstrings and up to date; findings' url (JSON) and
helpUri (SARIF) point at sections of it that exist; SARIF rules carry the documentation."""
from __future__ import annotations

import json
import re
import urllib.parse
from pathlib import Path

from aliaslint import rules_reference
from aliaslint.diagnostics import Diagnostic, Location
from aliaslint.reporters import render
from aliaslint.rules import all_rules, get_rule
from tests.test_reporters import sarif_validator

REFERENCE = Path(__file__).resolve().parent.parent / "docs" / "rules.md"


def _slugs(markdown: str) -> set[str]:
    """GitHub's anchors for the headings of ``markdown``."""
    slugs = set()
    for heading in re.findall(r"^#+ (.+)$", markdown, re.MULTILINE):
        slugs.add(re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-"))
    return slugs


def test_reference_is_up_to_date() -> None:
    assert REFERENCE.read_text(encoding="utf-8") == rules_reference.render(), (
        "docs/rules.md is out of date: run python -m aliaslint.rules_reference"
    )
    assert rules_reference.main(["--check"]) == 0


def test_every_rule_url_points_at_its_section() -> None:
    anchors = _slugs(REFERENCE.read_text(encoding="utf-8"))
    for rule in all_rules():
        url = urllib.parse.urlsplit(rule.url())
        assert url.scheme == "file" and Path(urllib.parse.unquote(url.path)).is_file(), rule.url()
        assert url.fragment == f"{rule.code}-{rule.name}".lower() and url.fragment in anchors, rule.url()


def test_sarif_rules_carry_the_documentation() -> None:
    rule = get_rule("AL002")
    finding = Diagnostic("AL002", rule.name, "m", Location("a.py", 1, 1, 1, 2), url=rule.url(), fingerprint="f" * 32)
    log = json.loads(render([finding], "sarif"))
    sarif_validator().validate(log)
    (descriptor,) = log["runs"][0]["tool"]["driver"]["rules"]
    assert descriptor["shortDescription"]["text"] == rule.summary
    assert descriptor["fullDescription"]["text"].startswith("Finds a shallow copy of a shared object")
    assert descriptor["help"]["markdown"] == rule.documentation()
    assert descriptor["help"]["text"].startswith("What it does\nFinds a shallow copy")
    assert "```" not in descriptor["help"]["text"]
    assert descriptor["helpUri"] == rule.url()
    assert log["runs"][0]["results"][0]["partialFingerprints"] == {"aliaslintFingerprint/v1": "f" * 32}


def test_json_url_is_the_rule_reference(tmp_path: Path) -> None:
    from aliaslint import engine
    from aliaslint.config import Settings
    from aliaslint.files import discover

    (tmp_path / "a.py").write_text("def f(n):\n    g = [[]] * n\n    g[0].append(1)\n    return g\n", encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True)
    (finding,) = engine.check(discover([tmp_path], settings, cwd=tmp_path), settings).diagnostics
    assert json.loads(render([finding], "json"))[0]["url"] == get_rule("AL005").url()
    assert get_rule("AL005").url().endswith("/docs/rules.md#al005-replicated-mutable")

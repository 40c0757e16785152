"""Tests for ``aliaslint.reporters``: exact output of every format on hand-made diagnostics.

The long JSON / XML outputs are compared with files under ``tests/golden/reporters/``;
``ALIASLINT_UPDATE_GOLDENS=1 pytest tests/test_reporters.py`` rewrites them (review the diff).
"""
from __future__ import annotations

import json
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import click
import jsonschema
import pytest

import aliaslint
import aliaslint.rules
from aliaslint import rules_reference
from aliaslint.diagnostics import (
    Applicability,
    Confidence,
    Diagnostic,
    Edit,
    Fix,
    Location,
    RelatedLocation,
)
from aliaslint.reporters import FORMATS, render
from aliaslint.reporters import FixStatus
from aliaslint import sources as sources_module
from aliaslint.reporters.github import escape_data, escape_property

GOLDEN = Path(__file__).parent / "golden" / "reporters"
SARIF_SCHEMA = Path("/work/shared/schemas/sarif-schema-2.1.0.json")
SARIF_SCHEMA_COPY = Path(__file__).parent / "data" / "sarif-schema-2.1.0.json"

# Line 3 has two East Asian wide characters before the reported span (columns 15..34).
SOURCE = (
    'TEMPLATE = {"containers": []}\n'
    "for i in range(3):\n"
    '    x = "日本"; build_pod(TEMPLATE)\n'
)
# A path (of a file that does not exist) and a message with every character that needs escaping.
ODD_PATH = "src/ünï, a:b%\nc.py"
ODD_MESSAGE = "100% shared: `cfg['a:b']`,\r\nthe “copy” keeps nested lists"

WITH_FIX = Diagnostic(
    code="AL001",
    name="loop-shared-argument-mutation",
    message='`TEMPLATE` is passed to `build_pod`, which appends to `TEMPLATE["containers"]`, '
    "on every iteration",
    location=Location("pods.py", 3, 15, 3, 34),
    fix=Fix(
        "Pass `copy.deepcopy(TEMPLATE)`",
        Applicability.UNSAFE,
        (Edit(Location("pods.py", 3, 25, 3, 33), "copy.deepcopy(TEMPLATE)"),),
    ),
    url="file:///aliaslint/docs/rules.md#al001-loop-shared-argument-mutation",
    fingerprint="6f1e0c3d2b1a09f8e7d6c5b4a3928170",
)
WITH_RELATED = Diagnostic(
    code="AL002",
    name="shallow-copy-nested-mutation",
    message=ODD_MESSAGE,
    location=Location(ODD_PATH, 7, 5, 8, 2),
    related=(
        RelatedLocation(Location(ODD_PATH, 2, 1, 2, 10), "copied here: dict(cfg), shallow"),
        RelatedLocation(Location("pods.py", 1, 1, 1, 9), "created here"),
    ),
    confidence=Confidence.LOW,
)
BOTH = [WITH_FIX, WITH_RELATED]


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working directory holding ``pods.py``, and a fixed tool version."""
    (tmp_path / "pods.py").write_text(SOURCE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(aliaslint, "__version__", "1.2.3", raising=False)
    # the goldens do not depend on where aliaslint is installed or on the real rules' wording
    monkeypatch.setattr(rules_reference, "reference_path", lambda: Path("/aliaslint/docs/rules.md"))
    monkeypatch.setattr(aliaslint.rules, "get_rule", lambda code: _StubRule if code == "AL001" else None)
    return tmp_path


class _StubRule:
    code = "AL001"
    name = "loop-shared-argument-mutation"
    summary = "A loop passes one object to a callee that mutates it"

    @staticmethod
    def documentation() -> str:
        return "## What it does\nFinds `x`.\n\n## Why is this bad?\nBecause."


def check_golden(name: str, actual: str) -> None:
    path = GOLDEN / name
    if os.environ.get("ALIASLINT_UPDATE_GOLDENS"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8", newline="")
    with open(path, encoding="utf-8", newline="") as file:
        assert actual == file.read()


# --- the registry ------------------------------------------------------------------------------


def test_formats_in_documented_order() -> None:
    assert FORMATS == (
        "full", "concise", "json", "json-lines", "github", "gitlab", "sarif", "junit", "pylint"
    )


def test_unknown_format_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="unknown output format 'xml'.*full, concise"):
        render(BOTH, "xml")


@pytest.mark.parametrize(
    ("output_format", "expected"),
    [
        ("full", "All checks passed!\n"),
        ("concise", "All checks passed!\n"),
        ("json", "[]\n"),
        ("json-lines", ""),
        ("github", ""),
        ("gitlab", "[]\n"),
        ("pylint", ""),
    ],
)
def test_no_diagnostics(output_format: str, expected: str) -> None:
    assert render([], output_format) == expected


# --- full and concise --------------------------------------------------------------------------

FULL = """\
pods.py:3:15: AL001 `TEMPLATE` is passed to `build_pod`, which appends to `TEMPLATE["containers"]`, on every iteration
  |
3 |     x = "日本"; build_pod(TEMPLATE)
  |                 ^^^^^^^^^^^^^^^^^^^
  |
  = help: Pass `copy.deepcopy(TEMPLATE)`

src/ünï, a:b%\\nc.py:7:5: AL002 (preview) 100% shared: `cfg['a:b']`,\\r\\nthe “copy” keeps nested lists
  = note: src/ünï, a:b%\\nc.py:2:1: copied here: dict(cfg), shallow
  = note: pods.py:1:1: created here

Found 2 errors.
No fixes available (1 hidden fix can be enabled with the `--unsafe-fixes` option).
"""


def test_full(project: Path) -> None:
    assert render(BOTH, "full") == FULL


def test_full_is_the_same_text_in_colour(project: Path) -> None:
    coloured = render(BOTH, "full", color=True)
    assert "\x1b[" in coloured
    assert click.unstyle(coloured) == FULL
    assert "\x1b[" not in render(BOTH, "full")


def test_full_summary_singular_and_passing_in_colour(project: Path) -> None:
    assert render([WITH_RELATED], "full").endswith("\nFound 1 error.\n")
    passed = render([], "full", color=True)
    assert passed != "All checks passed!\n" and click.unstyle(passed) == "All checks passed!\n"


def test_full_expands_tabs_and_underlines_to_end_of_line_for_multiline_span(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "t.py").write_text("\tfoo(\tbar,\n    baz)\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    one_line = Diagnostic("AL004", "n", "m", Location("t.py", 1, 7, 1, 10))  # `bar`
    two_lines = Diagnostic("AL004", "n", "m", Location("t.py", 1, 2, 2, 9))  # `foo(...)`
    assert render([one_line, two_lines], "full") == (
        "t.py:1:7: AL004 m\n"
        "  |\n"
        "1 |     foo(    bar,\n"
        "  |             ^^^\n"
        "  |\n"
        "\n"
        "t.py:1:2: AL004 m\n"
        "  |\n"
        "1 |     foo(    bar,\n"
        "  |     ^^^^^^^^^^^^\n"
        "  |\n"
        "\n"
        "Found 2 errors.\n"
    )


def test_full_gutter_width_and_caret_at_end_of_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "long.py").write_text("\n" * 11 + "x = []\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    at_end = Diagnostic("AL005", "n", "m", Location("long.py", 12, 7, 12, 7))
    assert render([at_end], "full") == (
        "long.py:12:7: AL005 m\n"
        "   |\n"
        "12 | x = []\n"
        "   |       ^\n"
        "   |\n"
        "\n"
        "Found 1 error.\n"
    )


def test_full_cuts_a_long_line_to_a_window_around_the_span(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a new user's trial: an AL000 on `x = ---...1` printed the whole 100 kB line
    (tmp_path / "gen.py").write_text("x = [" + "1, " * 100 + "bad, " + "2, " * 30_000 + "]\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    at = len("x = [" + "1, " * 100) + 1
    inside = Diagnostic("AL004", "n", "m", Location("gen.py", 1, at, 1, at + 3))  # `bad`
    at_start = Diagnostic("AL000", "n", "m", Location("gen.py", 1, 1, 1, 1))
    assert render([inside, at_start], "full") == (
        f"gen.py:1:{at}: AL004 m\n"
        "  |\n"
        "1 | \u2026" + " 1," * 13 + " bad," + " 2," * 38 + " 2\u2026\n"
        "  |  " + " " * 40 + "^^^\n"
        "  |\n"
        "\n"
        "gen.py:1:1: AL000 m\n"
        "  |\n"
        "1 | x = [" + "1, " * 51 + "1,\u2026\n"
        "  | ^\n"
        "  |\n"
        "\n"
        "Found 2 errors.\n"
    )


def test_full_omits_excerpt_for_a_line_the_file_does_not_have(project: Path) -> None:
    beyond = Diagnostic("AL003", "n", "m", Location("pods.py", 40, 1, 40, 2))
    assert render([beyond], "full") == "pods.py:40:1: AL003 m\n\nFound 1 error.\n"


def test_full_reads_each_file_once(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    read = sources_module.files.read_regular_file

    def counting_read(path, *args, **kwargs):
        opened.append(os.path.relpath(path))
        return read(path, *args, **kwargs)

    monkeypatch.setattr(sources_module.files, "read_regular_file", counting_read)
    render([WITH_FIX, WITH_RELATED, WITH_FIX], "full")
    assert sorted(opened) == ["pods.py", ODD_PATH]


def test_full_tolerates_undecodable_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "bad.py").write_bytes(b"x = '\xff'\n")
    monkeypatch.chdir(tmp_path)
    output = render([Diagnostic("AL000", "n", "m", Location("bad.py", 1, 1, 1, 2))], "full")
    assert "1 | x = '\ufffd'\n  | ^\n" in output


def test_concise(project: Path) -> None:
    assert render(BOTH, "concise") == (
        'pods.py:3:15: AL001 `TEMPLATE` is passed to `build_pod`, which appends to '
        '`TEMPLATE["containers"]`, on every iteration\n'
        "src/ünï, a:b%\\nc.py:7:5: AL002 (preview) 100% shared: `cfg['a:b']`,\\r\\n"
        "the “copy” keeps nested lists\n"
        "Found 2 errors.\n"
        "No fixes available (1 hidden fix can be enabled with the `--unsafe-fixes` option).\n"
    )
    assert click.unstyle(render(BOTH, "concise", color=True)) == render(BOTH, "concise")


def test_concise_marks_fixable_findings_as_ruff_does(project: Path) -> None:
    unsafe = FixStatus(unsafe_fixes=True)
    assert render(BOTH, "concise", fixes=unsafe).splitlines()[0].startswith("pods.py:3:15: AL001 [*] `TEMPLATE`")
    assert render(BOTH, "concise", fixes=unsafe).splitlines()[-2:] == [
        "Found 2 errors.", "[*] 1 fixable with the `--fix` option.",
    ]
    assert click.unstyle(render(BOTH, "concise", fixes=unsafe, color=True)) == render(BOTH, "concise", fixes=unsafe)
    fixed = FixStatus(unsafe_fixes=True, applied=True, fixed=3)
    assert render([WITH_RELATED], "concise", fixes=fixed) == (
        "src/ünï, a:b%\\nc.py:7:5: AL002 (preview) 100% shared: `cfg['a:b']`,\\r\\nthe “copy” keeps nested lists\n"
        "Found 4 errors (3 fixed, 1 remaining).\n"
    )
    assert render([], "concise", fixes=fixed) == "Found 3 errors (3 fixed, 0 remaining).\n"


def test_pylint(project: Path) -> None:
    assert render(BOTH, "pylint") == (
        "pods.py:3: [AL001(loop-shared-argument-mutation), ] `TEMPLATE` is passed to `build_pod`, "
        'which appends to `TEMPLATE["containers"]`, on every iteration\n'
        "src/ünï, a:b%\\nc.py:7: [AL002(shallow-copy-nested-mutation), ] "
        "100% shared: `cfg['a:b']`,\\r\\nthe “copy” keeps nested lists\n"
    )


# --- github ------------------------------------------------------------------------------------


def test_github_escaping_rules() -> None:
    assert escape_data("a%b\r\nc:d,e") == "a%25b%0D%0Ac:d,e"
    assert escape_property("a%b\r\nc:d,e") == "a%25b%0D%0Ac%3Ad%2Ce"
    assert escape_data("%0A") == "%250A"  # `%` first, so an escape is never escaped twice


def test_github(project: Path) -> None:
    assert render(BOTH, "github") == (
        "::error title=aliaslint (AL001),file=pods.py,line=3,col=15,endLine=3,endColumn=34"
        "::pods.py:3:15: AL001 `TEMPLATE` is passed to `build_pod`, which appends to "
        '`TEMPLATE["containers"]`, on every iteration\n'
        # (a finding only ``--preview`` shows: a warning, marked as ``concise`` marks it)
        "::warning title=aliaslint (AL002%2C preview),file=src/ünï%2C a%3Ab%25%0Ac.py,"
        "line=7,col=5,endLine=8,endColumn=2"
        "::src/ünï, a:b%25%0Ac.py:7:5: AL002 (preview) 100%25 shared: `cfg['a:b']`,%0D%0A"
        "the “copy” keeps nested lists\n"
    )


# --- json and json-lines -----------------------------------------------------------------------


def test_json(project: Path) -> None:
    output = render(BOTH, "json")
    check_golden("both.json", output)
    objects = json.loads(output)
    assert [o["code"] for o in objects] == ["AL001", "AL002"]
    assert objects[1]["filename"] == ODD_PATH and objects[1]["message"] == ODD_MESSAGE
    assert objects[0]["fix"]["edits"][0]["location"] == {"row": 3, "column": 25}
    assert objects[1]["related"][1]["end_location"] == {"row": 1, "column": 9}
    assert objects[1]["confidence"] == "low" and objects[1]["fix"] is None


def test_json_lines_holds_the_json_objects(project: Path) -> None:
    lines = render(BOTH, "json-lines").splitlines()
    assert len(lines) == 2
    assert [json.loads(line) for line in lines] == json.loads(render(BOTH, "json"))


# --- gitlab ------------------------------------------------------------------------------------


def test_gitlab(project: Path) -> None:
    output = render(BOTH, "gitlab")
    check_golden("both.gitlab.json", output)
    issues = json.loads(output)
    assert issues[1]["location"] == {"path": ODD_PATH, "lines": {"begin": 7, "end": 8}}
    assert issues[1]["description"] == f"(AL002) {ODD_MESSAGE}"


def test_gitlab_fingerprints_are_stable_and_unique() -> None:
    def fingerprints(*diagnostics: Diagnostic) -> list[str]:
        return [issue["fingerprint"] for issue in json.loads(render(diagnostics, "gitlab"))]

    moved = Diagnostic("AL001", "n", "same", Location("a.py", 9, 1, 9, 2))
    same = Diagnostic("AL001", "n", "same", Location("a.py", 1, 1, 1, 2))
    other_path = Diagnostic("AL001", "n", "same", Location("b.py", 1, 1, 1, 2))
    first, duplicate, third = fingerprints(same, moved, other_path)
    assert len({first, duplicate, third}) == 3
    assert fingerprints(moved) == [first]  # a line move keeps the fingerprint
    assert fingerprints(same, moved) == [first, duplicate]


# --- sarif -------------------------------------------------------------------------------------


def sarif_validator() -> jsonschema.protocols.Validator:
    path = SARIF_SCHEMA if SARIF_SCHEMA.is_file() else SARIF_SCHEMA_COPY
    schema = json.loads(path.read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    assert cls is jsonschema.Draft4Validator  # what the schema's `$schema` says
    cls.check_schema(schema)
    return cls(schema)


def test_sarif_schema_copy_is_the_shared_schema() -> None:
    if not SARIF_SCHEMA.is_file():
        pytest.skip("shared schema not present")
    assert SARIF_SCHEMA_COPY.read_bytes() == SARIF_SCHEMA.read_bytes()


def test_sarif(project: Path) -> None:
    output = render(BOTH, "sarif")
    check_golden("both.sarif", output)
    log = json.loads(output)
    sarif_validator().validate(log)
    run = log["runs"][0]
    assert run["tool"]["driver"]["version"] == "1.2.3"
    assert [rule["id"] for rule in run["tool"]["driver"]["rules"]] == ["AL001", "AL002"]
    related = run["results"][1]
    assert related["level"] == "note" and run["results"][0]["level"] == "error"
    uri = related["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri == "src/%C3%BCn%C3%AF%2C%20a%3Ab%25%0Ac.py"
    flow = related["codeFlows"][0]["threadFlows"][0]["locations"]
    assert [step["location"]["message"]["text"] for step in flow] == [
        ODD_MESSAGE, "copied here: dict(cfg), shallow", "created here"
    ]
    assert "codeFlows" not in run["results"][0] and "relatedLocations" not in run["results"][0]


def test_sarif_uris_are_valid_uri_references(project: Path) -> None:
    absolute = Diagnostic("AL003", "n", "m", Location("/abs/dir/x y.py", 1, 1, 1, 2))
    log = json.loads(render([*BOTH, absolute], "sarif"))
    sarif_validator().validate(log)
    locations = [
        location["physicalLocation"]["artifactLocation"]
        for result in log["runs"][0]["results"]
        for location in result["locations"] + result.get("relatedLocations", [])
    ]
    for location in locations:  # RFC 3986 characters only
        assert re.fullmatch(r"[A-Za-z0-9\-._~%!$&'()*+,;=:@/]+", location["uri"]), location
    assert locations[-1] == {"uri": "file:///abs/dir/x%20y.py"}


def test_sarif_empty_and_without_version(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(aliaslint, "__version__", raising=False)
    log = json.loads(render([], "sarif"))
    sarif_validator().validate(log)
    assert log["runs"][0]["tool"]["driver"]["version"] == "0"
    assert log["runs"][0]["results"] == [] and log["runs"][0]["tool"]["driver"]["rules"] == []


# --- junit -------------------------------------------------------------------------------------


def test_junit(project: Path) -> None:
    output = render(BOTH, "junit", files_checked=3)
    check_golden("both.junit.xml", output)
    suites = ET.fromstring(output.encode("utf-8"))
    (suite,) = suites
    assert suite.get("name") == "aliaslint" and suite.get("failures") == "2"
    assert suite.find("properties/property").attrib == {"name": "files_checked", "value": "3"}
    cases = suite.findall("testcase")
    assert [case.get("file") for case in cases] == ["pods.py", ODD_PATH]
    failure = cases[1].find("failure")
    # XML normalises a raw CR in attributes to LF on reading; ours is written as &#13;, kept.
    assert failure.get("message") == f"{ODD_PATH}:7:5: AL002 {ODD_MESSAGE}"
    assert failure.text.splitlines()[1:] == [
        "  = note: src/ünï, a:b%\\nc.py:2:1: copied here: dict(cfg), shallow",
        "  = note: pods.py:1:1: created here",
    ]


def test_junit_passing_and_control_characters() -> None:
    suites = ET.fromstring(render([], "junit").encode("utf-8"))
    (case,) = suites.iter("testcase")
    assert case.find("failure") is None and suites.get("tests") == "1"
    bell = Diagnostic("AL001", "n", "bell\x07here", Location("a.py", 1, 1, 1, 2))
    failure = next(ET.fromstring(render([bell], "junit").encode("utf-8")).iter("failure"))
    assert failure.get("message") == "a.py:1:1: AL001 bell\\x07here"


# --- hostile text: names that are not UTF-8, terminal control -----------------------------------

UNDECODABLE = Diagnostic(
    "AL005", "replicated-mutable", "m", Location("bad\udcff/\x1b[2Jx\u202e.py", 1, 1, 1, 2),
    related=(RelatedLocation(Location("/abs/\udcfe.py", 2, 1, 2, 2), "here \x1b]0;title\x07"),),
)


@pytest.mark.parametrize("output_format", FORMATS)
def test_every_format_writes_valid_utf8_for_names_that_are_not(output_format: str) -> None:
    text = render([UNDECODABLE], output_format)
    text.encode("utf-8")  # no lone surrogate left
    assert "\x1b" not in text and "\x07" not in text
    if output_format == "sarif":
        log = json.loads(text)
        sarif_validator().validate(log)
        result = log["runs"][0]["results"][0]
        assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == (
            "bad%FF/%1B%5B2Jx%E2%80%AE.py")
        assert result["relatedLocations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "file:///abs/%FE.py"


def test_terminal_formats_spell_out_control_characters() -> None:
    assert render([UNDECODABLE], "concise") == (
        "bad\\xff/\\x1b[2Jx\\u202e.py:1:1: AL005 m\nFound 1 error.\n"
    )
    assert render([UNDECODABLE], "full") == (
        "bad\\xff/\\x1b[2Jx\\u202e.py:1:1: AL005 m\n"
        "  = note: /abs/\\xfe.py:2:1: here \\x1b]0;title\\x07\n\nFound 1 error.\n"
    )
    assert render([UNDECODABLE], "pylint") == "bad\\xff/\\x1b[2Jx\\u202e.py:1: [AL005(replicated-mutable), ] m\n"
    assert json.loads(render([UNDECODABLE], "json"))[0]["filename"] == "bad\\xff/\x1b[2Jx\u202e.py"


def test_excerpts_show_control_characters_as_pictures(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "ctl.py").write_text('clear = "\x1b[2J\x07"; grid = [[]] * 3\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    found = Diagnostic("AL005", "n", "m", Location("ctl.py", 1, 23, 1, 31))
    assert render([found], "full") == (
        "ctl.py:1:23: AL005 m\n"
        "  |\n"
        '1 | clear = "␛[2J␇"; grid = [[]] * 3\n'
        "  |                       ^^^^^^^^\n"
        "  |\n\nFound 1 error.\n"
    )

"""Baselines and fingerprints: a finding keeps its fingerprint when lines are inserted above it or
its statement is re-wrapped; a new finding, even in the same function, is new."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from _cli import runner
from aliaslint.cli import cli
from aliaslint.diagnostics import Diagnostic, Location
from aliaslint.files import SourceFile
from aliaslint.fingerprint import Fingerprinter

from _hostile import needs_fifo

SOURCE = '''\
def add_volume(pod, name):
    pod["spec"]["volumes"].append({"name": name})


def build_all(template, names):
    pods = []
    for name in names:
        add_volume(template, name)
        pods.append(template)
    return pods


def create_node(node_config, tags):
    conf = node_config.copy()
    conf["metadata"]["labels"].update(tags)
    return conf
'''
# the same code after lines were inserted above, black re-wrapped the copy and quotes changed
MOVED_AND_REFORMATTED = '''\
import os  # a new import

HELPER = 1


def add_volume(pod, name):
    pod['spec']['volumes'].append(
        {"name": name},  # reformatted, with a comment
    )


def build_all(template, names):
    pods = []
    for name in names:
        add_volume(template, name)
        pods.append(template)
    return pods


def create_node(node_config, tags):
    conf = (
        node_config.copy()
    )
    conf["metadata"]["labels"].update(tags)
    return conf
'''
# a second, new finding in create_node
ONE_MORE = SOURCE.replace(
    "    return conf\n",
    "    other = node_config.copy()\n    other[\"spec\"][\"env\"].append(1)\n    return conf, other\n",
)


def run(*args: str):
    return runner().invoke(cli, list(args), catch_exceptions=False)


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pods.py").write_text(SOURCE, encoding="utf-8")
    return tmp_path


def test_write_then_check_against_the_baseline(project: Path) -> None:
    written = run("check", "--no-cache", "--write-baseline", "baseline.json")
    # not "All checks passed!": nothing was checked against a baseline
    assert (written.exit_code, written.stdout) == (0, "")
    assert written.stderr == "Wrote 2 findings to baseline.json\n"
    document = json.loads((project / "baseline.json").read_text(encoding="utf-8"))
    assert document["aliaslint-baseline"] == 1
    assert [(e["file"], e["function"], e["code"], e["statement"], e["access_path"]) for e in document["findings"]] == [
        ("pods.py", "build_all", "AL007", "add_volume(template, name)", 'template["spec"]["volumes"]'),
        ("pods.py", "create_node", "AL002", "conf = node_config.copy()", 'node_config["metadata"]["labels"]'),
    ]
    # sorted keys, two-space indent, a final newline: the file diffs cleanly
    text = (project / "baseline.json").read_text(encoding="utf-8")
    assert text == json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n"

    again = run("check", "--no-cache", "--baseline", "baseline.json", "--output-format", "concise")
    assert (again.exit_code, again.stdout) == (0, "All checks passed!\n")
    assert again.stderr == ("aliaslint: baseline baseline.json: 2 findings baselined (not shown), "
                            "0 baseline entries no longer found\n")


def test_writing_a_baseline_exits_0_even_with_files_that_cannot_be_read(project: Path) -> None:
    # the trial: --help said "then report only new ones", and an AL000 made the writer exit 1
    (project / "bad.py").write_text("x = (\n", encoding="utf-8")
    written = run("check", "--no-cache", "--output-format", "concise", "--write-baseline", "baseline.json")
    assert (written.exit_code, written.stdout) == (
        0, "bad.py:1:5: AL000 cannot parse this file: '(' was never closed\nFound 1 error.\n")
    assert written.stderr == ("Wrote 2 findings to baseline.json; 1 finding of files that cannot be read (AL000) "
                              "not baselined but reported\n")


def test_inserted_lines_and_reformatting_keep_findings_baselined(project: Path) -> None:
    run("check", "--no-cache", "--write-baseline", "baseline.json")
    (project / "pods.py").write_text(MOVED_AND_REFORMATTED, encoding="utf-8")
    plain = run("check", "--no-cache", "--output-format", "concise")
    assert plain.exit_code == 1 and [line.split(" ")[0] for line in plain.stdout.splitlines()[:2]] == [
        "pods.py:15:9:", "pods.py:22:9:"]  # still found, on other lines
    result = run("check", "--no-cache", "--baseline", "baseline.json", "--output-format", "concise")
    assert (result.exit_code, result.stdout) == (0, "All checks passed!\n")
    assert "2 findings baselined (not shown), 0 baseline entries no longer found" in result.stderr


def test_a_new_finding_in_the_same_function_is_new(project: Path) -> None:
    run("check", "--no-cache", "--write-baseline", "baseline.json")
    (project / "pods.py").write_text(ONE_MORE, encoding="utf-8")
    result = run("check", "--no-cache", "--baseline", "baseline.json", "--output-format", "concise")
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0].startswith("pods.py:16:13: AL002 ")
    assert result.stdout.splitlines()[1:] == [
        "Found 1 error.", "No fixes available (1 hidden fix can be enabled with the `--unsafe-fixes` option).",
    ]
    assert "2 findings baselined (not shown), 0 baseline entries no longer found" in result.stderr


def test_fixed_findings_are_counted_as_gone(project: Path) -> None:
    run("check", "--no-cache", "--write-baseline", "baseline.json")
    (project / "pods.py").write_text(SOURCE.replace("node_config.copy()", "copy.deepcopy(node_config)")
                                     .replace("def create_node", "import copy\n\n\ndef create_node"),
                                     encoding="utf-8")
    result = run("check", "--no-cache", "--baseline", "baseline.json")
    assert result.exit_code == 0
    assert result.stderr.endswith("1 finding baselined (not shown), 1 baseline entry no longer found\n")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "aliaslint: error: baseline file not found: baseline.json (create it with --write-baseline)\n"),
        ("{", "aliaslint: error: baseline.json: not a baseline file (invalid JSON: "),
        ('{"findings": []}', "aliaslint: error: baseline.json: not an aliaslint baseline of version 1"),
        ('{"aliaslint-baseline": 1, "findings": [{}]}',
         'aliaslint: error: baseline.json: "findings" must be a list of entries with a "fingerprint"\n'),
    ],
)
def test_bad_baseline_exits_2(project: Path, content: str | None, message: str) -> None:
    if content is not None:
        (project / "baseline.json").write_text(content, encoding="utf-8")
    result = run("check", "--no-cache", "--baseline", "baseline.json")
    assert result.exit_code == 2 and result.stderr.startswith(message) and result.stdout == ""


@needs_fifo
@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda path: os.mkfifo(path), "not a regular file: it is a FIFO (named pipe)"),
        (lambda path: path.symlink_to("/dev/zero"), "not a regular file: it is a character device"),
    ],
    ids=["fifo", "link-to-dev-zero"],
)
def test_a_baseline_that_is_not_a_regular_file_exits_2_without_reading_it(project: Path, make, reason: str) -> None:
    import resource

    def limit_memory() -> None:  # reading /dev/zero to its end fails in the child, not this machine
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    make(project / "baseline.json")
    result = subprocess.run(
        [sys.executable, "-m", "aliaslint", "check", "--no-cache", "--baseline", "baseline.json"],
        cwd=project, capture_output=True, text=True, timeout=60, preexec_fn=limit_memory,
    )
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"aliaslint: error: cannot read the baseline baseline.json: {reason}\n"


def test_a_baseline_over_the_size_limit_is_refused(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from aliaslint import baseline

    monkeypatch.setattr(baseline, "MAX_BASELINE_BYTES", 1000)
    (project / "baseline.json").write_text('{"aliaslint-baseline": 1, "findings": []}' + " " * 2000, encoding="utf-8")
    result = run("check", "--no-cache", "--baseline", "baseline.json")
    assert result.exit_code == 2
    assert result.stderr == (
        "aliaslint: error: cannot read the baseline baseline.json: the file is 2.0 kB, over the 1 kB limit\n"
    )


def test_baseline_flags_exclude_each_other(project: Path) -> None:
    result = run("check", "--baseline", "a.json", "--write-baseline", "b.json")
    assert result.exit_code == 2
    assert result.stderr.startswith("aliaslint: error: --baseline and --write-baseline cannot be used together")


@pytest.mark.parametrize("fixing", ["--fix", "--diff"])
def test_writing_a_baseline_while_fixing_is_refused(project: Path, fixing: str) -> None:
    # a new user's trial: ``--write-baseline b.json --fix`` said "Wrote 0 findings" and had
    # rewritten the files
    before = {p: p.read_bytes() for p in project.rglob("*.py")}
    result = run("check", "--no-cache", "--write-baseline", "b.json", fixing, "--unsafe-fixes")
    assert result.exit_code == 2
    assert result.stderr == (f"aliaslint: error: --write-baseline and {fixing} cannot be used together "
                             "(see 'aliaslint check --help')\n")
    assert {p: p.read_bytes() for p in project.rglob("*.py")} == before
    assert not (project / "b.json").exists()


def test_gitlab_and_sarif_use_the_baseline_fingerprint(project: Path) -> None:
    run("check", "--no-cache", "--write-baseline", "baseline.json")
    fingerprints = sorted(e["fingerprint"] for e in
                          json.loads((project / "baseline.json").read_text(encoding="utf-8"))["findings"])
    gitlab = json.loads(run("check", "--no-cache", "--output-format", "gitlab").stdout)
    sarif = json.loads(run("check", "--no-cache", "--output-format", "sarif").stdout)
    assert sorted(issue["fingerprint"] for issue in gitlab) == fingerprints
    assert sorted(r["partialFingerprints"]["aliaslintFingerprint/v1"] for r in sarif["runs"][0]["results"]) \
        == fingerprints


def test_fingerprint_parts(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    path = tmp_path / "pkg" / "m.py"
    path.write_text("X = [[]] * 3\n\nclass A:\n    def f(self, t):\n        for x in g(\n            t):\n"
                    "            h(x)\n", encoding="utf-8")
    fingerprinter = Fingerprinter([SourceFile(path, "shown/m.py")], tmp_path)

    def identity(line: int, column: int, code: str = "AL001"):
        return fingerprinter.identity(Diagnostic(code, "n", "m", Location("shown/m.py", line, column, line, column + 1)))

    first = identity(1, 5)
    assert (first.file, first.function, first.statement) == ("pkg/m.py", "", "X = [[]] * 3")  # not the display
    header = identity(5, 18)
    assert (header.function, header.statement) == ("A.f", "for x in g(t):\n    pass")  # the header only
    assert (identity(7, 13).function, identity(7, 13).statement) == ("A.f", "h(x)")
    assert identity(1, 5).fingerprint != identity(1, 5, "AL005").fingerprint

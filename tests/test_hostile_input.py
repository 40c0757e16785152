"""The checked tree is untrusted: special files, links out of the tree, unreadable directories and
odd file names never hang or stop the run, never leak what lies outside the tree, and never make
a report invalid (issue 11, parts 2 and 3). End to end, through the command line."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from _hostile import needs_fifo, no_hang, without_root_powers  # noqa: F401 (fixture)

from _cli import check as run
from aliaslint import engine
from aliaslint.config import Settings
from aliaslint.diagnostics import Diagnostic, Location
from aliaslint.files import SourceFile, discover
from aliaslint.reporters import FORMATS, render
from aliaslint.sources import Sources

LOOP_BUG = textwrap.dedent("""\
    def add_shm(spec):
        spec["containers"][0]["volumeMounts"].append({"mountPath": "/dev/shm"})

    def reconcile(worker, diff):
        for i in range(diff):
            add_shm(worker["template"])
""")
BUG_LINE = "bug.py:6:9: AL001"



@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "project"
    root.mkdir()
    (root / "bug.py").write_text(LOOP_BUG, encoding="utf-8")
    monkeypatch.chdir(root)
    monkeypatch.delenv("ALIASLINT_OUTPUT_FORMAT", raising=False)
    return root


# --- special files -----------------------------------------------------------------------------


@needs_fifo
def test_special_files_are_al000_and_the_run_goes_on(project: Path, no_hang: None) -> None:
    os.mkfifo(project / "pipe.py")
    os.symlink("loop.py", project / "loop.py")
    (project / "pkg").mkdir()
    os.mkfifo(project / "pkg" / ".gitignore")
    (project / "pkg" / "mod.py").write_text(LOOP_BUG, encoding="utf-8")
    result = run("--output-format", "concise", ".")
    assert result.exit_code == 1, result.stderr
    assert [line.split(": ", 1)[0] + ": " + line.split(": ", 1)[1][:5] for line in result.stdout.splitlines()[:-1]] == [
        "bug.py:6:9: AL001", "loop.py:1:1: AL000", "pipe.py:1:1: AL000", "pkg/mod.py:6:9: AL001"]
    assert "loop.py:1:1: AL000 cannot read this file: symbolic link loop (too many levels of symbolic links)" in result.stdout
    assert "pipe.py:1:1: AL000 cannot read this file: not a regular file: it is a FIFO (named pipe)" in result.stdout
    assert result.stderr == "aliaslint: warning: ignoring pkg/.gitignore: not a regular file: it is a FIFO (named pipe)\n"


@needs_fifo
@pytest.mark.parametrize("output_format", ["sarif", "gitlab"])
def test_a_fifo_does_not_hang_the_formats_that_fingerprint_findings(
    project: Path, output_format: str, no_hang: None
) -> None:
    os.mkfifo(project / "pipe.py")  # its AL000 is fingerprinted like any finding
    result = run("--output-format", output_format, ".")
    assert result.exit_code == 1
    assert "pipe.py" in result.stdout and "bug.py" in result.stdout


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_link_to_dev_zero_is_not_followed_and_named_it_is_al000(project: Path, no_hang: None) -> None:
    os.symlink("/dev/zero", project / "zero.py")
    result = run("--output-format", "concise", "-v", ".")
    assert result.stdout.splitlines()[0].startswith(BUG_LINE)
    assert "aliaslint: not following zero.py: it is a symbolic link that leaves the checked tree\n" in result.stderr
    result = run("--output-format", "concise", "zero.py")
    assert result.stdout == (
        "zero.py:1:1: AL000 cannot read this file: not a regular file: it is a character device\nFound 1 error.\n"
    )


def test_unreadable_and_unsearchable_directories_are_warnings_and_the_run_goes_on(project: Path) -> None:
    prefix = without_root_powers()
    for folder in ("closed", "blind"):
        (project / folder).mkdir()
        (project / folder / "mod.py").write_text(LOOP_BUG, encoding="utf-8")
    (project / "closed").chmod(0o311)  # searchable, not readable: cannot be listed
    (project / "blind").chmod(0o644)  # readable, not searchable: what it holds cannot be reached
    try:
        result = subprocess.run(
            [*prefix, sys.executable, "-m", "aliaslint", "check", "--no-cache", "--output-format", "concise", "."],
            cwd=project, capture_output=True, text=True, timeout=120,
        )
    finally:
        (project / "closed").chmod(0o755)
        (project / "blind").chmod(0o755)
    assert result.returncode == 1, result.stderr
    assert result.stdout.splitlines()[0].startswith(BUG_LINE) and result.stdout.endswith("Found 1 error.\n")
    assert sorted(result.stderr.splitlines()) == [
        "aliaslint: warning: cannot enter directory blind: permission denied; its files are not checked",
        "aliaslint: warning: cannot read directory closed: permission denied; its files are not checked",
    ]


def _deny(monkeypatch: pytest.MonkeyPatch, *names: str) -> None:
    """Permission denied on ``names``, as for a user without CAP_DAC_OVERRIDE, root included:
    ``os.access`` (what a readability check asks), opening and listing them."""
    def denied(path) -> bool:
        return os.path.basename(os.fspath(path)) in names

    real_access, real_open, real_scandir = os.access, os.open, os.scandir

    def access(path, mode, *args, **kwargs):
        return False if denied(path) and mode & os.R_OK else real_access(path, mode, *args, **kwargs)

    def open_(path, flags, *args, **kwargs):
        if denied(path):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_open(path, flags, *args, **kwargs)

    def scandir(path="."):
        if denied(path):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "access", access)
    monkeypatch.setattr(os, "open", open_)
    monkeypatch.setattr(os, "scandir", scandir)


def test_an_unreadable_file_or_directory_named_on_the_command_line_is_reported_and_the_run_goes_on(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the trial: click refused the whole run ("Path 'empty.py' is not readable", exit 2)
    (project / "empty.py").write_text("", encoding="utf-8")
    (project / "closed").mkdir()
    (project / "closed" / "mod.py").write_text(LOOP_BUG, encoding="utf-8")
    _deny(monkeypatch, "empty.py", "closed")
    result = run("--output-format", "concise", "empty.py", "closed", "bug.py")
    assert result.exit_code == 1, result.stderr
    assert result.stdout.splitlines()[0].startswith(BUG_LINE + " ")
    assert result.stdout.splitlines()[1:] == [
        "empty.py:1:1: AL000 cannot read this file: permission denied",
        "Found 2 errors.",
    ]
    assert result.stderr == (
        "aliaslint: warning: cannot read directory closed: permission denied; its files are not checked\n"
    )
    missing = run("empty.py", "nope.py")
    assert (missing.exit_code, missing.stdout, missing.stderr) == (2, "", "aliaslint: error: path does not exist: nope.py\n")


def test_an_unreadable_file_named_on_the_command_line_without_root_powers(project: Path) -> None:
    prefix = without_root_powers()
    (project / "empty.py").write_text("", encoding="utf-8")
    (project / "empty.py").chmod(0o000)
    result = subprocess.run(
        [*prefix, sys.executable, "-m", "aliaslint", "check", "--no-cache", "--output-format", "concise",
         "empty.py", "bug.py"], cwd=project, capture_output=True, text=True, timeout=120,
    )
    assert (result.returncode, result.stderr) == (1, "")
    assert result.stdout.splitlines()[1:] == [
        "empty.py:1:1: AL000 cannot read this file: permission denied", "Found 2 errors."]


# --- nothing outside the tree is read or quoted ---------------------------------------------------


def test_a_link_to_a_secret_outside_the_tree_is_never_quoted(project: Path) -> None:
    secret = project.parent / "secrets.txt"
    secret.write_text("aws_secret_access_key = hunter2 SECRET\n", encoding="utf-8")
    os.symlink(secret, project / "settings.py")
    (project / "docs").mkdir()
    os.symlink("../../secrets.txt", project / "docs" / "conf.py")
    result = run("--output-format", "full", ".")
    assert result.exit_code == 1
    assert result.stdout.startswith(BUG_LINE) and result.stdout.endswith("Found 1 error.\n")
    assert "hunter2" not in result.stdout
    for text in reports(project).values():
        assert "hunter2" not in text and "settings.py" not in text and "conf.py" not in text
        assert "bug.py" in text


def test_reports_quote_only_the_checked_files(project: Path) -> None:
    """Even a diagnostic that names a file outside the run gets no excerpt from it."""
    (project.parent / "secrets.txt").write_text("hunter2\n", encoding="utf-8")
    outside = Diagnostic("AL000", "unreadable-file", "m", Location("../secrets.txt", 1, 1, 1, 2))
    checked = Sources([SourceFile.from_path("bug.py")])
    assert render([outside], "full", sources=checked) == "../secrets.txt:1:1: AL000 m\n\nFound 1 error.\n"
    assert checked.line("bug.py", 1) == "def add_shm(spec):"


def reports(root: Path) -> dict[str, str]:
    """Every format's report of a check of ``root``, as the UTF-8 text written out."""
    settings = Settings(root=root, no_cache=True)
    result = engine.check(discover([root], settings, cwd=root), settings)
    return {
        name: render(result.diagnostics, name, files_checked=result.files_checked, sources=result.sources)
        .encode("utf-8").decode("utf-8")
        for name in FORMATS
    }


# --- file names: valid UTF-8, no terminal control -----------------------------------------------


BAD_NAME = b"bad\xff\xfe.py"


@pytest.fixture
def odd_names(project: Path) -> Path:
    (project / "bug.py").unlink()
    try:
        (project / os.fsdecode(BAD_NAME)).write_text(LOOP_BUG, encoding="utf-8")
        (project / "esc\x1b[31mred\u202e.py").write_text(LOOP_BUG, encoding="utf-8")
    except (OSError, UnicodeEncodeError):
        pytest.skip("the file system refuses such names")
    return project


def test_names_that_are_not_utf8_are_escaped_in_every_format(odd_names: Path) -> None:
    # through the command line, into an existing report (it used to be truncated, exit 1)
    report = odd_names / "report.json"
    report.write_text("the previous report\n", encoding="utf-8")
    result = run("--output-format", "json", "--exit-zero", "-o", "report.json", ".")
    assert result.exit_code == 0, result.stderr
    names = {o["filename"] for o in json.loads(report.read_bytes().decode("utf-8"))}
    assert names == {"bad\\xff\\xfe.py", "esc\x1b[31mred\u202e.py"}
    for output_format, text in reports(odd_names).items():
        assert "\x1b" not in text, output_format
        if output_format == "sarif":  # a URI: the bytes themselves, percent-encoded
            uris = {loc["physicalLocation"]["artifactLocation"]["uri"]
                    for r in json.loads(text)["runs"][0]["results"] for loc in r["locations"]}
            assert uris == {"bad%FF%FE.py", "esc%1B%5B31mred%E2%80%AE.py"}
        elif output_format in ("json", "json-lines", "gitlab"):  # JSON strings: exact, but UTF-8
            objects = [json.loads(x) for x in text.splitlines()] if output_format == "json-lines" else json.loads(text)
            assert {o.get("filename") or o["location"]["path"] for o in objects} == {
                "bad\\xff\\xfe.py", "esc\x1b[31mred\u202e.py"}, output_format
        else:  # read by people: no control or bidirectional character at all
            assert "\u202e" not in text, output_format
            assert "bad\\xff\\xfe.py" in text and "esc\\x1b[31mred\\u202e.py" in text, output_format


def test_names_that_are_not_utf8_on_standard_output(odd_names: Path) -> None:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "LC_ALL": "C.UTF-8"}  # strict, as in CI
    result = subprocess.run(
        [sys.executable, "-m", "aliaslint", "check", "--no-cache", "--exit-zero", "--output-format",
         "concise", "."], cwd=odd_names, capture_output=True, env=env, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode("utf-8").startswith("bad\\xff\\xfe.py:6:9: AL001 ")


def test_the_diff_escapes_names_as_the_reports_do(odd_names: Path) -> None:
    grid = "def f(n):\n    grid = [[]] * n\n    grid[0].append(1)\n    return grid\n"
    (odd_names / os.fsdecode(BAD_NAME)).write_text(grid, encoding="utf-8")
    (odd_names / "esc\x1b[31mred\u202e.py").unlink()
    result = run("--diff", ".")
    assert result.exit_code == 1, result.stderr
    assert result.stdout.splitlines()[:2] == ["--- bad\\xff\\xfe.py", "+++ bad\\xff\\xfe.py"]
    assert "+    grid = [[] for _ in range(n)]\n" in result.stdout


def test_control_characters_in_names_are_neutralised_in_the_terminal(odd_names: Path) -> None:
    result = run("--output-format", "full", ".")
    assert result.exit_code == 1
    assert "\x1b" not in result.stdout and "\u202e" not in result.stdout
    assert "esc\\x1b[31mred\\u202e.py:6:9: AL001" in result.stdout
    github = run("--output-format", "github", ".").stdout
    assert "\x1b" not in github
    assert "file=esc\\x1b[31mred\\u202e.py,line=6" in github


def test_a_path_argument_with_control_characters_is_neutralised_in_the_error(project: Path) -> None:
    result = run("missing\x1b]0;pwned\x07.py")
    assert result.exit_code == 2
    assert result.stderr == "aliaslint: error: path does not exist: missing\\x1b]0;pwned\\x07.py\n"

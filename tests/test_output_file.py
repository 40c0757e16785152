"""``-o FILE``: written atomically, never through a symbolic link (issue 11, part 3)."""
from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from aliaslint.cli import cli
from aliaslint.reporters.output_file import write_report

BUG = "grid = [[]] * 3\ngrid[0].append(1)\n"


def run(*args: str):
    try:
        runner = CliRunner(mix_stderr=False)  # click < 8.2
    except TypeError:
        runner = CliRunner()
    return runner.invoke(cli, ["check", "--no-cache", *args], catch_exceptions=False)


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "project"
    root.mkdir()
    (root / "grid.py").write_text(BUG, encoding="utf-8")
    monkeypatch.chdir(root)
    return root


def test_a_report_link_is_replaced_not_written_through(project: Path) -> None:
    victim = project.parent / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    os.symlink(victim, project / "aliaslint.sarif")  # committed by a pull request
    result = run("--exit-zero", "--output-format", "sarif", "-o", "aliaslint.sarif", ".")
    assert result.exit_code == 0
    assert victim.read_text(encoding="utf-8") == "precious\n"
    assert not (project / "aliaslint.sarif").is_symlink()
    assert json.loads((project / "aliaslint.sarif").read_text(encoding="utf-8"))["version"] == "2.1.0"
    assert result.stderr == (
        "aliaslint: warning: aliaslint.sarif was a symbolic link; the report replaced the link, "
        "not the file it pointed to\n"
    )


def test_a_dangling_report_link_does_not_create_its_target(project: Path) -> None:
    os.symlink(project.parent / "created-elsewhere.json", project / "report.json")
    result = run("--output-format", "json", "-q", "-o", "report.json", ".")
    assert result.exit_code == 1 and result.stderr == ""
    assert not (project.parent / "created-elsewhere.json").exists()
    assert json.loads((project / "report.json").read_text(encoding="utf-8"))[0]["code"] == "AL005"


def test_a_failed_write_keeps_the_previous_report_whole(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (project / "report.json").write_text('["previous"]\n', encoding="utf-8")

    def full_disk(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    result = run("--output-format", "json", "-o", "report.json", ".")
    assert result.exit_code == 2
    assert result.stderr == "aliaslint: error: cannot write report.json: No space left on device\n"
    assert (project / "report.json").read_text(encoding="utf-8") == '["previous"]\n'
    assert sorted(p.name for p in project.iterdir()) == ["grid.py", "report.json"]  # no temporary left


def test_permissions(tmp_path: Path) -> None:
    existing = tmp_path / "kept.txt"
    existing.write_text("old", encoding="utf-8")
    existing.chmod(0o640)
    assert write_report(existing, b"new") is False
    assert existing.read_bytes() == b"new" and stat.S_IMODE(existing.stat().st_mode) == 0o640
    umask = os.umask(0o027)
    try:
        write_report(tmp_path / "new.txt", b"x")
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o640

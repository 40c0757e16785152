"""``-o FILE``: written atomically, never through a symbolic link (issue 11, part 3)."""
from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from _cli import check as run
from aliaslint.reporters.output_file import write_report

BUG = "grid = [[]] * 3\ngrid[0].append(1)\n"



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


# --- special files at -o FILE: written in place or refused, never replaced (the rename unlinked them)


def test_a_fifo_is_written_in_place_and_stays_a_fifo(project: Path) -> None:
    import threading

    fifo = project / "report.fifo"
    os.mkfifo(fifo)
    received: list[bytes] = []
    # a daemon: if the FIFO were replaced, the reader would wait for ever on the unlinked node
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    result = run("--output-format", "json", "-o", "report.fifo", ".")
    reader.join(10)
    assert result.exit_code == 1 and result.stderr == ""
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and received
    assert [d["code"] for d in json.loads(received[0].decode("utf-8"))] == ["AL005"]
    assert sorted(p.name for p in project.iterdir()) == ["grid.py", "report.fifo"]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="mknod needs root")
def test_a_character_device_is_written_in_place_and_stays_a_device(project: Path) -> None:
    os.mknod(project / "null", 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # /dev/null's numbers
    result = run("--output-format", "json", "-q", "-o", "null", ".")
    assert result.exit_code == 1 and result.stderr == ""
    info = os.lstat(project / "null")
    assert stat.S_ISCHR(info.st_mode) and info.st_rdev == os.makedev(1, 3)


def test_a_link_to_a_fifo_is_refused_and_kept(project: Path) -> None:
    os.mkfifo(project.parent / "pipe")
    os.symlink(project.parent / "pipe", project / "report.json")
    result = run("--output-format", "json", "-o", "report.json", ".")
    assert result.exit_code == 2
    assert result.stderr == (
        "aliaslint: error: cannot write report.json: it is a symbolic link to a FIFO (named pipe), and a "
        "report is never written through a link (without -o the report goes to standard output)\n"
    )
    assert (project / "report.json").is_symlink() and stat.S_ISFIFO(os.lstat(project.parent / "pipe").st_mode)


def test_a_socket_is_refused(project: Path) -> None:
    import socket

    with socket.socket(socket.AF_UNIX) as server:
        server.bind("report.sock")
        result = run("-q", "-o", "report.sock", ".")
    assert result.exit_code == 2
    assert result.stderr == "aliaslint: error: cannot write report.sock: it is a socket, not a report file\n"
    assert stat.S_ISSOCK(os.lstat(project / "report.sock").st_mode)


def test_a_link_to_standard_output_is_refused_and_kept(project: Path) -> None:
    """``-o /dev/stdout`` (a link to ``/proc/self/fd/1``): replacing the link would remove it from
    /dev (as root), writing through it is what -o never does. Standard output is a regular file
    here, the case where the link's target looks like any report file. The link is made in the
    test's folder, so that a regression replaces that one and not the system's."""
    import subprocess
    import sys

    if not os.path.exists("/proc/self/fd/1"):
        pytest.skip("no /proc/self/fd on this system")
    os.symlink("/proc/self/fd/1", project / "stdout")
    for name in ("stdout", "/proc/self/fd/1"):
        with open(project.parent / "out.txt", "wb") as out:
            done = subprocess.run([sys.executable, "-m", "aliaslint", "check", "--no-cache", "-o", name, "."],
                                  stdout=out, stderr=subprocess.PIPE, text=True, cwd=project)
        assert done.returncode == 2
        assert done.stderr == (
            f"aliaslint: error: cannot write {name}: it is a symbolic link to this process's own standard "
            "stream, and a report is never written through a link (without -o the report goes to standard output)\n"
        )
        assert (project.parent / "out.txt").read_bytes() == b""
    assert os.readlink(project / "stdout") == "/proc/self/fd/1"


# --- the report on standard output


def _aliaslint(project: Path, stdout) -> "subprocess.CompletedProcess[str]":
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "aliaslint", "check", "--no-cache", "."], stdout=stdout,
                          stderr=subprocess.PIPE, text=True, cwd=project, timeout=60)


def test_a_failed_write_to_standard_output_is_one_error_line(project: Path) -> None:
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full on this system")
    with open("/dev/full", "wb") as full:
        done = _aliaslint(project, full)
    assert done.returncode == 2
    assert done.stderr == "aliaslint: error: cannot write the report: No space left on device\n"


def test_a_reader_that_went_away_ends_the_run_quietly(project: Path) -> None:
    """``aliaslint check | head -1``: no traceback, status 0 as ruff (the reader took what it wanted)."""
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the report is written
    try:
        with os.fdopen(write, "wb") as pipe:
            done = _aliaslint(project, pipe)
    except BrokenPipeError:  # closing our copy of the write end
        pass
    assert done.returncode == 0 and done.stderr == ""


def test_a_reader_that_stops_in_the_middle_of_a_large_report_ends_the_run_quietly(tmp_path: Path) -> None:
    """``aliaslint check | head -1`` on a 500 kB report: the first 64 kB go through, the rest
    meets a closed pipe (the trial of stop 17: the run then exited 1, the findings' status)."""
    lines = "".join(f"    g{i} = [[]] * n\n    g{i}[0].append(1)\n" for i in range(3000))
    (tmp_path / "m.py").write_text("def f(n):\n" + lines, encoding="utf-8")
    reader = subprocess.Popen([sys.executable, "-m", "aliaslint", "check", "--no-cache", "--output-format",
                               "concise", "."], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path)
    assert reader.stdout.read(10) == b"m.py:2:10:"
    reader.stdout.close()
    assert (reader.wait(timeout=120), reader.stderr.read()) == (0, b"")


@pytest.mark.parametrize("args", [["rules"], ["rule", "AL002"], ["check", "--help"]])
def test_a_command_whose_reader_went_away_ends_quietly(args: list[str]) -> None:
    """``aliaslint rules | head -1``: click answers a broken pipe itself, with status 1; ours is 0
    (new-user trial: 4 runs in 5 ended 1)."""
    read, write = os.pipe()
    os.close(read)
    try:
        with os.fdopen(write, "wb") as pipe:
            done = subprocess.run([sys.executable, "-m", "aliaslint", *args], stdout=pipe,
                                  stderr=subprocess.PIPE, text=True, timeout=60)
    except BrokenPipeError:
        pass
    assert (done.returncode, done.stderr) == (0, "")


@pytest.mark.parametrize("args", [["check", "--help"], ["rules"], ["rule", "AL002"], ["--version"]])
def test_every_command_that_cannot_write_its_output_says_so_in_one_line(args: list[str]) -> None:
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full on this system")
    with open("/dev/full", "wb") as full:  # opened for writing only: the device is never replaced
        done = subprocess.run([sys.executable, "-m", "aliaslint", *args], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (2, "aliaslint: error: cannot write the output: No space left on device\n")

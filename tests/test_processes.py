"""The run's processes (issue 11, part 4): workers end with the parent, Ctrl-C prints one line and
exits 130, a pool that cannot start exits 2 instead of hanging, ``-j`` is capped.

The end-to-end tests run aliaslint in a child process whose per-file pass is slowed down on one
file (``slow.py`` sleeps in the worker), so that workers are alive when the signal comes.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from aliaslint import engine, transfer, workers
from aliaslint.cli import cli

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc, forks workers")

#: aliaslint's command line, with a per-file pass that sleeps on slow.py (workers are forked,
#: so they inherit the patch)
SLOW_RUN = textwrap.dedent("""
    import signal, sys, time
    from aliaslint import engine
    from aliaslint.cli import main

    # as when started from a terminal: a test run started in the background by a shell (``pytest
    # &``) hands its children SIGINT ignored, and Python then leaves it ignored, as it should
    signal.signal(signal.SIGINT, signal.default_int_handler)

    real = engine._summarize_task

    def slow(file, module, is_package, *rest):
        if file.path.name == "slow.py":
            time.sleep(120)
        return real(file, module, is_package, *rest)

    engine._summarize_task = slow
    main(sys.argv[1:])
""")


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def _states(pid: int, workers: set[int]) -> str:
    """What the run's processes are doing (state and kernel wait channel of each), for a failure
    message: a hang must say where it hangs."""
    out = []
    for p in sorted({pid, *workers, *_children(pid)}):
        try:
            stat = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()[0]
            wchan = Path(f"/proc/{p}/wchan").read_text()
            masks = " ".join(line.replace("\t", "=") for line in Path(f"/proc/{p}/status").read_text().splitlines()
                             if line.startswith(("SigPnd", "ShdPnd", "SigBlk", "SigIgn", "SigCgt")))
        except OSError:
            stat, wchan, masks = "gone", "", ""
        out.append(f"{p}: {stat} {wchan} {masks}".strip())
    return "; ".join(out)


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended


def _wait_for(condition, seconds: float = 60.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


def _start_slow_run(tmp_path: Path) -> subprocess.Popen:
    (tmp_path / "slow.py").write_text("x = 1\n")
    (tmp_path / "fast.py").write_text("y = 2\n")
    return subprocess.Popen(
        [sys.executable, "-c", SLOW_RUN, "check", "--no-cache", "-j", "2", str(tmp_path)],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
    )


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_workers_end_with_the_parent(tmp_path: Path, sig: signal.Signals) -> None:
    run = _start_slow_run(tmp_path)
    try:
        assert _wait_for(lambda: _children(run.pid)), "no worker started"
        worker_pids = _children(run.pid)
        os.kill(run.pid, sig)
        run.wait(10)
        assert _wait_for(lambda: not any(_alive(p) for p in worker_pids), 10), "a worker outlived its parent"
    finally:
        run.kill()
        run.communicate()


def test_ctrl_c_prints_one_line_and_exits_130(tmp_path: Path) -> None:
    run = _start_slow_run(tmp_path)
    try:
        assert _wait_for(lambda: _children(run.pid)), "no worker started"
        worker_pids = _children(run.pid)
        time.sleep(0.2)  # let the workers get to their first file
        os.killpg(run.pid, signal.SIGINT)  # a terminal sends it to the whole process group
        try:
            _, stderr = run.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            pytest.fail(f"no exit 20 s after Ctrl-C; the run's processes: {_states(run.pid, worker_pids)}")
    finally:
        run.kill()
    assert run.returncode == 130
    assert stderr.decode().strip() == "aliaslint: interrupted"
    assert not any(_alive(p) for p in worker_pids)


def test_a_pool_that_cannot_start_exits_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken_start(settings):
        raise RuntimeError("the models cannot be loaded here")

    monkeypatch.setattr(engine, "_worker_init", broken_start)
    monkeypatch.chdir(tmp_path)
    for name in ("a.py", "b.py", "c.py"):
        (tmp_path / name).write_text("x = 1\n")
    result = CliRunner().invoke(cli, ["check", "--no-cache", "-j", "2", "."])
    assert result.exit_code == 2
    assert result.stderr == (
        "aliaslint: error: cannot start worker processes: RuntimeError: the models cannot be loaded here\n"
    )


def test_a_fork_that_fails_exits_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_fork(self):
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(workers._context().Process, "start", no_fork)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.py").write_text("x = 1\n")
    result = CliRunner().invoke(cli, ["check", "--no-cache", "."])
    assert result.exit_code == 2
    assert result.stderr == "aliaslint: error: cannot start worker processes: Resource temporarily unavailable\n"


def test_jobs_are_capped_at_the_cpus_the_process_may_use_and_at_the_files(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 3})
    assert workers.available_cpus() == 2
    assert workers.worker_count(8, 100) == 2  # -j 8 on two usable CPUs
    assert workers.worker_count(None, 100) == 2
    assert workers.worker_count(8, 1) == 1  # one file to parse: one worker
    assert workers.worker_count(1, 100) == 1
    assert workers.worker_count(None, 0) == 1
    assert workers.worker_count(None, 3, 1_000) == 1  # a little text: a second worker costs more than it saves
    assert workers.worker_count(None, 3, 2 * workers.BYTES_PER_WORKER) == 2


def test_workers_start_only_for_files_to_parse(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("x = 1\n")
    with workers.Pool(engine._summarize_task, workers.Budget(), 4) as pool:
        assert pool.results(0) == [] and pool.workers == []  # nothing to do: no process
    from aliaslint.config import Settings
    from aliaslint.files import SourceFile

    settings = Settings(root=tmp_path, no_cache=True)
    with workers.Pool(engine._summarize_task, workers.Budget(), 4, engine._worker_init, (settings,)) as pool:
        pool.submit(0, (SourceFile.from_path(tmp_path / "a.py", tmp_path), "a", False))
        got = []
        while pool.pending:
            got += pool.results(1.0)
        assert len(pool.workers) == 1  # one file: one worker, whatever max_workers says
    [(index, (key, sent))] = got
    summary = engine._received(sent, SourceFile.from_path(tmp_path / "a.py", tmp_path), None)
    assert isinstance(sent, transfer.Packed)  # no cache: pickled on our own pipe (aliaslint.transfer)
    assert index == 0 and summary.module == "a" and summary.path == str(tmp_path / "a.py") and len(key) == 64

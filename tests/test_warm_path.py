"""The warm path (issue 9): nothing changed, nothing recomputed; cache hits read in the main
process; ``-v`` says what was read and what was computed again; the progress line."""
from __future__ import annotations

import dataclasses
import io
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from aliaslint import engine, progress, replay, workers
from aliaslint.cli import cli
from aliaslint.config import Settings
from aliaslint.files import discover
from aliaslint.project import Project

BUG = """\
def add_shm(spec):
    spec["containers"][0]["volumeMounts"].append({"mountPath": "/dev/shm"})


def reconcile(worker, diff):
    for i in range(diff):
        add_shm(worker["template"])
"""
GRID = "grid = [[]] * 3\ngrid[0].append(1)\n"


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    root.mkdir()
    (root / "op.py").write_text(BUG)
    (root / "grid.py").write_text(GRID)
    return root


def _run(root: Path, file_ignores: dict[str, tuple[str, ...]] | None = None, **options) -> tuple[list[tuple], list[str]]:
    settings = Settings(root=root, cache_dir=root / ".aliaslint_cache", **options)
    notes: list[str] = []
    files = discover([root], settings, cwd=root)
    own = {display: dataclasses.replace(settings, ignore=codes) for display, codes in (file_ignores or {}).items()}
    found = engine.check(files, settings, own, note=notes.append).diagnostics
    return [(d.code, d.location.path, d.location.line, d.message) for d in found], notes


@pytest.fixture
def no_project_pass(monkeypatch: pytest.MonkeyPatch):
    """Makes any project pass or summary computation fail: what a replayed run must not need."""
    def fail(*args, **kwargs):
        raise AssertionError("recomputed although nothing changed")

    def arm() -> None:
        monkeypatch.setattr(Project, "analyse", fail)
        monkeypatch.setattr(workers.Pool, "_start_worker", fail)
        monkeypatch.setattr(engine.summary_cache.SummaryCache, "get", fail)

    return arm


def test_nothing_changed_nothing_recomputed(tmp_path: Path, no_project_pass) -> None:
    root = _project(tmp_path)
    cold, notes = _run(root)
    assert [row[:3] for row in cold] == [("AL005", "grid.py", 1), ("AL001", "op.py", 7)]
    assert notes == ["cache: 0 summary hit(s), 2 miss(es); project pass and rules run again",
                     "summarised: grid.py, op.py",
                     "project pass: 4 function(s); second round: 0 call-graph component(s) analysed again, "
                     "4 unchanged since the first"]
    no_project_pass()
    warm, notes = _run(root)
    assert warm == cold
    assert notes == ["cache: nothing changed since the last run: 2 diagnostic(s) replayed, nothing recomputed"]


@pytest.mark.parametrize("change", ["edit", "settings", "file settings", "model", "engine", "unreadable"])
def test_a_change_is_recomputed_and_equals_a_cold_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str) -> None:
    root = _project(tmp_path)
    (root / "models.toml").write_text('["x.clone"]\nkind = "deepcopy"\n')
    options = {"models": (root / "models.toml",)}
    _run(root, **options)
    if change == "edit":
        (root / "grid.py").write_text("grid = [[] for _ in range(3)]\ngrid[0].append(1)\n")
    elif change == "settings":
        options["ignore"] = ("AL005",)
    elif change == "file settings":  # a nested configuration's, for one file
        options["file_ignores"] = {"grid.py": ("AL005",)}
    elif change == "model":
        (root / "models.toml").write_text('["x.clone"]\nkind = "copy"\n')
    elif change == "engine":
        monkeypatch.setattr(replay, "code_fingerprint", lambda: "another aliaslint")
    else:
        (root / "grid.py").write_bytes(b"x = '\xe9'\n")
    warm, notes = _run(root, **options)
    assert not notes[0].startswith("cache: nothing changed")
    cold, _ = _run(root, **options, no_cache=True)
    assert warm == cold
    assert len(warm) == (1 if change in ("edit", "settings", "file settings") else 2)


def test_cache_hits_are_read_in_the_main_process_and_only_misses_reach_a_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _project(tmp_path)
    _run(root)
    (root / "grid.py").write_text(GRID + "# edited\n")
    started = []
    real_start = workers.Pool._start_worker
    monkeypatch.setattr(workers.Pool, "_start_worker", lambda self: started.append(1) or real_start(self))
    found, notes = _run(root)
    assert [row[:3] for row in found] == [("AL005", "grid.py", 1), ("AL001", "op.py", 7)]
    # a comment changes no summary: the last project pass is reused (aliaslint.cutoff)
    assert notes == ["cache: 1 summary hit(s), 1 miss(es); no summary changed (but for moved lines): "
                     "the last project pass reused (2 finding(s) of the project rules), not run again",
                     "summarised: grid.py"]
    assert started == [1]
    # a setting that leaves every summary valid but changes the result: no worker at all
    started.clear()
    found, notes = _run(root, preview=True)
    assert notes == ["cache: 2 summary hit(s), 0 miss(es); project pass and rules run again",
                     "project pass: 4 function(s); second round: 0 call-graph component(s) analysed again, "
                     "4 unchanged since the first"]
    assert started == []


def test_a_run_with_a_crashed_file_is_not_replayed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _project(tmp_path)
    real = engine._summarize_task

    def crash_on_grid(file, module, is_package, *rest):
        if file.path.name == "grid.py":
            os._exit(9)
        return real(file, module, is_package, *rest)

    monkeypatch.setattr(engine, "_summarize_task", crash_on_grid)
    first, _ = _run(root)
    assert [row[:2] for row in first] == [("AL000", "grid.py"), ("AL001", "op.py")]
    assert first[0][3] == "aliaslint's parser crashed on this file (exit status 9)"
    _, notes = _run(root)  # a crash or a timeout may be the machine's doing: try again
    assert notes[0] == "cache: 1 summary hit(s), 1 miss(es); project pass and rules run again"


@pytest.mark.parametrize("damage", ["garbage", "other key", "pickle"])
def test_a_damaged_or_planted_run_entry_is_a_miss(tmp_path: Path, damage: str) -> None:
    root = _project(tmp_path)
    cold, _ = _run(root)
    [entry] = (root / ".aliaslint_cache").rglob("runs/*")
    header, _, body = entry.read_bytes().partition(b"\n")
    if damage == "garbage":
        entry.write_bytes(b"garbage")
    elif damage == "other key":
        meta = json.loads(header)
        meta["key"] = "0" * 64
        entry.write_bytes(json.dumps(meta).encode() + b"\n" + body)
    else:
        import pickle

        entry.write_bytes(header + b"\n" + pickle.dumps([]))
    warm, notes = _run(root)
    # the run is not replayed; the project pass, stored apart, still holds
    assert notes[0] == ("cache: 2 summary hit(s), 0 miss(es); no summary changed (but for moved lines): "
                        "the last project pass reused (2 finding(s) of the project rules), not run again")
    assert warm == cold


def test_verbose_prints_hits_misses_and_replays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _project(tmp_path)
    monkeypatch.chdir(root)
    outputs = []
    for _ in range(2):
        result = CliRunner().invoke(cli, ["check", "-v", "--output-format", "concise", "."])
        assert result.exit_code == 1
        outputs.append([line for line in result.stderr.splitlines() if "cache" in line or "summarised" in line])
    assert outputs == [
        ["aliaslint: cache: 0 summary hit(s), 2 miss(es); project pass and rules run again",
         "aliaslint: summarised: grid.py, op.py"],
        ["aliaslint: cache: nothing changed since the last run: 2 diagnostic(s) replayed, nothing recomputed"],
    ]


# --- the progress line ------------------------------------------------------------------------


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_line_on_a_terminal_after_the_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [100.0]
    monkeypatch.setattr(progress.time, "monotonic", lambda: clock[0])
    stream = _Terminal()
    line = progress.Progress.for_terminal(stream, quiet=False)
    line.summarised(1, 3)
    assert stream.getvalue() == ""  # a short run shows nothing
    clock[0] += 1.5
    line.summarised(2, 3)
    line.summarised(3, 3)
    line.close()
    assert stream.getvalue() == (
        "\r\x1b[Kaliaslint: summarised 2/3 files"
        "\r\x1b[Kaliaslint: summarised 3/3 files"
        "\r\x1b[K"
    )


@pytest.mark.parametrize(("stream", "quiet"), [(io.StringIO(), False), (_Terminal(), True)])
def test_no_progress_line_off_a_terminal_or_when_quiet(monkeypatch: pytest.MonkeyPatch, stream, quiet: bool) -> None:
    monkeypatch.setattr(progress, "DELAY", 0.0)
    line = progress.Progress.for_terminal(stream, quiet=quiet)
    line.summarised(1, 1)
    line.project_pass()
    line.close()
    assert stream.getvalue() == ""


def test_the_project_pass_line_is_drawn_while_it_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "REFRESH", 0.01)
    stream = _Terminal()
    line = progress.Progress.for_terminal(stream, quiet=False)
    line.project_pass()
    deadline = progress.time.monotonic() + 5
    while "project pass" not in stream.getvalue() and progress.time.monotonic() < deadline:
        progress.time.sleep(0.01)
    line.close()
    text = stream.getvalue()
    assert text.startswith("\r\x1b[Kaliaslint: project pass (0 s)") and text.endswith("\r\x1b[K")


def test_findings_with_fixes_survive_the_codec() -> None:
    # Applicability is a str enum: it was written as a plain string and refused when read back,
    # so a finding with a fix made every replay (and every summary holding one) a miss
    from aliaslint import codec
    from aliaslint.diagnostics import Applicability, Diagnostic, Fix, Location

    found = Diagnostic("AL005", "replicated-mutable", "m", Location("a.py", 1, 1, 1, 2),
                       fix=Fix("use a comprehension", Applicability.UNSAFE))
    assert codec.loads(codec.dumps([found])) == [found]


def test_a_replayed_run_imports_no_rule_module_and_no_parser(tmp_path: Path) -> None:
    # issue 9: "warm with nothing changed" is what the hook costs on every commit; importing the
    # rule modules (and LibCST with them) was 0.6 s of a 0.6 s replay, for a selection check
    import subprocess
    import sys

    (tmp_path / "m.py").write_text("def f(cfg):\n    cfg['a'].append(1)\n    return [cfg]\n", encoding="utf-8")
    probe = (
        "import sys\nfrom aliaslint.cli import main\n"
        "try:\n    main(['check', '--cache-dir', 'c', '.'])\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith(('aliaslint.rules.', 'libcst'))))\n"
    )
    first = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert "aliaslint.rules." in first.stdout  # the first run parses and runs the rules
    again = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert again.stdout.strip().splitlines()[-1] == "[]", again.stdout + again.stderr

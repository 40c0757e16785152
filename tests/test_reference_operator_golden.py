"""The command line on the reference operator (KubeRay #714): one AL001 on ``buggy/``, nothing on ``fixed/``.

``aliaslint check --no-cache --output-format json <fixture>`` runs as a subprocess with the fixture
directory as its working directory, so every ``filename`` is relative to the fixture
(``ray_operator/controller.py``). The whole JSON output of ``buggy/`` is compared with the checked-in
golden ``fixtures/reference_operator/expected/buggy.json``; regenerate it with

    ALIASLINT_UPDATE_SNAPSHOTS=1 pytest tests/test_reference_operator_golden.py

and review the diff. ``test_buggy_finding`` asserts the essentials independently of the golden, so a
regenerated golden cannot hide a wrong finding.
"""
from __future__ import annotations

import difflib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from aliaslint import rules_reference

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "reference_operator"
GOLDEN = FIXTURE / "expected" / "buggy.json"
UPDATE_SNAPSHOTS = os.environ.get("ALIASLINT_UPDATE_SNAPSHOTS", "") not in ("", "0")


def _line_of(path: Path, text: str) -> int:
    """The 1-based number of the only line of ``path`` containing ``text``."""
    lines = [number for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line]
    assert len(lines) == 1, f"expected exactly one line with {text!r} in {path}, found lines {lines}"
    return lines[0]


@pytest.fixture(scope="module")
def runs() -> dict[str, subprocess.CompletedProcess]:
    """``aliaslint check`` on both versions, run concurrently (each is a fresh interpreter)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("ALIASLINT_")}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    started = {
        version: subprocess.Popen(
            [sys.executable, "-m", "aliaslint", "check", "--no-cache", "--output-format", "json", str(FIXTURE / version)],
            cwd=FIXTURE / version,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for version in ("buggy", "fixed")
    }
    done = {}
    for version, process in started.items():
        stdout, stderr = process.communicate(timeout=120)
        done[version] = subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)
    return done


def _findings(run: subprocess.CompletedProcess) -> list[dict]:
    """The JSON findings; ``url`` without the part that depends on where aliaslint is installed."""
    try:
        return json.loads(run.stdout.replace(rules_reference.reference_path().as_uri(), "<rules reference>"))
    except json.JSONDecodeError as error:
        pytest.fail(f"output is not JSON ({error}); exit {run.returncode}\nstdout:\n{run.stdout}\nstderr:\n{run.stderr}")


def _dump(findings: list[dict]) -> str:
    return json.dumps(findings, indent=2, ensure_ascii=False) + "\n"


def test_buggy_exits_1(runs) -> None:
    run = runs["buggy"]
    assert run.returncode == 1, f"exit {run.returncode}\nstdout:\n{run.stdout}\nstderr:\n{run.stderr}"


def test_buggy_matches_golden(runs) -> None:
    findings = _findings(runs["buggy"])
    if UPDATE_SNAPSHOTS:
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(_dump(findings), encoding="utf-8")
    assert GOLDEN.is_file(), f"{GOLDEN} is missing: run with ALIASLINT_UPDATE_SNAPSHOTS=1 to create it"
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    if findings != expected:
        diff = "".join(
            difflib.unified_diff(
                _dump(expected).splitlines(keepends=True),
                _dump(findings).splitlines(keepends=True),
                "expected/buggy.json",
                "aliaslint output",
            )
        )
        pytest.fail(
            "the JSON output differs from the golden (ALIASLINT_UPDATE_SNAPSHOTS=1 regenerates it):\n" + diff
        )


def test_buggy_finding(runs) -> None:
    findings = _findings(runs["buggy"])
    assert len(findings) == 1, _dump(findings)
    (finding,) = findings
    package = FIXTURE / "buggy" / "ray_operator"
    assert finding["code"] == "AL001"
    assert finding["filename"] == "ray_operator/controller.py"
    assert finding["location"]["row"] == _line_of(package / "controller.py", "self.create_worker_pod(instance, worker)")
    assert "worker.template.spec.containers[*].volume_mounts" in finding["message"]
    append_row = _line_of(package / "pod_builder.py", "volume_mounts.append")
    related = [(r["filename"], r["location"]["row"]) for r in finding["related"]]
    assert ("ray_operator/pod_builder.py", append_row) in related, _dump(findings)
    for name in [finding["filename"], *(filename for filename, _ in related)]:
        assert not Path(name).is_absolute() and ".." not in Path(name).parts, name
        assert (FIXTURE / "buggy" / name).is_file(), name


def test_fixed_reports_nothing(runs) -> None:
    run = runs["fixed"]
    assert run.stdout.strip() == "[]", f"stdout:\n{run.stdout}\nstderr:\n{run.stderr}"
    assert run.returncode == 0, f"exit {run.returncode}\nstderr:\n{run.stderr}"

"""The command line's # noqa handling (warnings, AL100, --add-noqa), per-file settings in a
monorepo and --show-settings, each on a real run of the engine."""
from __future__ import annotations

from pathlib import Path

import pytest

from _cli import check as run

GRID = "def grid(n):\n    rows = [[]] * n{comment}\n    rows[0].append(1)\n    return rows\n"



@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ALIASLINT_OUTPUT_FORMAT", raising=False)
    return tmp_path


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="")
    return path


def test_unreadable_noqa_warns_once_per_line_and_suppresses_nothing(project: Path) -> None:
    write(project / "a.py", GRID.format(comment="  # noqa: the slots are replaced, not changed"))
    write(project / "b.py", "x = 1  # noqa: AL999, E501\ny = 2  #noqa-ok # noqa:\n")
    result = run("--output-format", "concise")
    assert result.exit_code == 1 and result.stdout.startswith("a.py:2:12: AL005 ")
    assert result.stderr == (
        "aliaslint: warning: a.py:2: invalid `# noqa` directive: expected a comma-separated list of codes "
        "after `noqa:` (e.g. `# noqa: AL001, AL002`)\n"
        "aliaslint: warning: b.py:1: unknown rule code in `# noqa`: AL999 (see 'aliaslint rules')\n"
        "aliaslint: warning: b.py:2: invalid `# noqa` directive: expected `:` followed by a comma-separated "
        "list of codes (e.g. `# noqa: AL001, AL002`); invalid `# noqa` directive: expected a comma-separated "
        "list of codes after `noqa:` (e.g. `# noqa: AL001, AL002`)\n"
    )
    assert run("-q").stderr == ""


def test_unused_noqa_is_reported_only_when_selected(project: Path) -> None:
    write(project / "a.py", GRID.format(comment="  # noqa: AL005, AL001, E501") + "z = 1  # noqa: AL002\n")
    assert run().exit_code == 0  # AL005 is suppressed; AL100 is off by default
    result = run("--extend-select", "AL100", "--ignore", "AL002", "--output-format", "concise")
    assert result.exit_code == 1
    assert result.stdout == (
        "a.py:2:22: AL100 Unused `noqa` directive (unused: `AL001`)\n"
        "a.py:5:8: AL100 Unused `noqa` directive (non-enabled: `AL002`)\n"
        "Found 2 errors.\n"
    )


def test_add_noqa(project: Path) -> None:
    source = (
        "def grid(n):\r\n"
        "    rows = [[]] * n  # type: ignore[misc]  # noqa: E501 kept\r\n"
        "    rows[0].append(1)\r\n"
        "    cols = [[]] * \\\r\n"
        "        n\r\n"
        "    cols[0].append(1)\r\n"
        "    more = [{}] * n\r\n"
        "    more[0]['k'] = 1\r\n"
        "    return rows, cols, more\r\n"
    )
    path = write(project / "a.py", source)
    path.chmod(0o640)
    result = run("--add-noqa")
    assert (result.exit_code, result.stdout) == (0, "")
    # the finding on line 4 continues with a backslash: its directive goes where the line ends (ruff)
    assert result.stderr == "Added 3 noqa directives to 1 file.\n"
    assert path.read_bytes().decode() == source.replace(
        "# noqa: E501 kept", "# noqa: AL005, E501 kept").replace(
        "        n\r\n", "        n  # noqa: AL005\r\n").replace(
        "    more = [{}] * n\r\n", "    more = [{}] * n  # noqa: AL005\r\n")
    assert path.stat().st_mode & 0o777 == 0o640
    # nothing is left; a second run changes nothing
    assert run("--output-format", "concise").stdout == "All checks passed!\n"
    before = path.read_bytes()
    assert run("--add-noqa").stderr.endswith("Added 0 noqa directives to 0 files.\n")
    assert path.read_bytes() == before


CONTINUED = (
    "def load(cfg, n):\n"
    "    c = cfg.copy() if \\\n"
    "        cfg else {{}}{first}\n"
    "    c['opts']['x'] = 1\n"
    '    rows = [[]] * len("""\n'
    '        text"""){second}\n'
    "    rows[0].append(1)\n"
    "    return c, rows\n"
)


def test_noqa_on_the_last_line_of_a_continued_line_suppresses_its_finding(project: Path) -> None:
    # the trial: a finding on a line continued with a backslash or into a triple-quoted string could
    # not be suppressed at all; as in ruff, the directive goes where the continuation ends
    write(project / "a.py", CONTINUED.format(first="", second=""))
    result = run("--output-format", "concise", "--extend-select", "AL100")
    assert [line[:17] for line in result.stdout.splitlines()[:-2]] == ["a.py:2:9: AL002 `", "a.py:5:12: AL005 "]
    write(project / "a.py", CONTINUED.format(first="  # noqa: AL002", second="  # noqa: AL005"))
    result = run("--output-format", "concise", "--extend-select", "AL100")
    assert (result.exit_code, result.stdout, result.stderr) == (0, "All checks passed!\n", "")
    write(project / "a.py", CONTINUED.format(first="", second=""))
    result = run("--add-noqa")
    assert (result.exit_code, result.stderr) == (0, "Added 2 noqa directives to 1 file.\n")
    assert (project / "a.py").read_text() == CONTINUED.format(first="  # noqa: AL002", second="  # noqa: AL005")


def test_monorepo_subproject_settings_apply_from_the_root(project: Path) -> None:
    write(project / "pyproject.toml", "[tool.aliaslint]\nextend-select = ['AL100']\n")
    write(project / "services" / "api" / "pyproject.toml",
          "[tool.aliaslint]\nignore = ['AL005']\nper-file-ignores = { 'legacy/*' = ['AL002'] }\n")
    write(project / "services" / "api" / "grid.py", GRID.format(comment=""))
    write(project / "tools" / "grid.py", GRID.format(comment=""))
    result = run("--output-format", "concise")
    assert result.stdout == (
        "tools/grid.py:2:12: AL005 [*] `[[]] * n` puts the same mutable object in every slot, so changing one slot "
        "changes all of them; build a new object per slot with `[[] for _ in range(n)]`\n"
        "Found 1 error.\n"
        "[*] 1 fixable with the `--fix` option.\n"
    )
    # flags win over every file's settings
    assert run("--extend-select", "AL005", "--output-format", "concise").stdout.count("AL005") == 2


def test_show_settings(project: Path) -> None:
    write(project / "pyproject.toml", "[tool.aliaslint]\nselect = ['AL0']\njobs = 2\n")
    write(project / "sub" / "aliaslint.toml",
          "ignore = ['AL005']\nper-file-ignores = { 'gen_*.py' = ['AL001'] }\nmodels = []\n")
    write(project / "sub" / "gen_x.py", "x = 1\n")
    result = run("--show-settings", "sub/gen_x.py", "--extend-select", "AL100", "--preview")
    assert result.exit_code == 0
    assert result.stderr == (
        "aliaslint: warning: sub/aliaslint.toml: 'models' applies to the whole run, which takes it from "
        "pyproject.toml; it is not used here (see 'aliaslint check --show-settings FILE')\n"
    )
    lines = [" ".join(line.split()) for line in result.stdout.splitlines()]
    assert lines[:12] == [
        "# aliaslint settings for sub/gen_x.py",
        "# configuration file: sub/aliaslint.toml",
        "",
        "# per file: which findings of this file are kept (the nearest configuration above the file)",
        "select = [] # default",
        "extend-select = [] # default",
        'ignore = ["AL005"] # sub/aliaslint.toml',
        '--extend-select = ["AL100"] # command line',
        "preview = true # command line",
        "# per-file-ignores: sub/aliaslint.toml",
        "[per-file-ignores]",
        '"gen_*.py" = ["AL001"] # applies to this file',
    ]
    assert lines[12] == ('# enabled rules = ["AL000", "AL002", "AL003", "AL004", "AL006", "AL007", "AL008", "AL009", "AL010", "AL011", "AL100"]'
                         " # resolved")
    assert "jobs = 2 # pyproject.toml" in lines
    assert run("--show-settings", "missing.py").stderr == "aliaslint: error: --show-settings: file not found: missing.py\n"


def test_add_noqa_counts_lines_as_python_does(project: Path) -> None:
    # str.splitlines breaks at the form feed: the directive went one line up, onto `def f(n):`
    path = write(project / "a.py", "x = 1\n\x0c\ndef f(n):\n    grid = [[]] * n\n    grid[0].append(1)\n    return grid\n")
    assert run("--add-noqa").exit_code == 0
    assert path.read_text(encoding="utf-8") == (
        "x = 1\n\x0c\ndef f(n):\n    grid = [[]] * n  # noqa: AL005\n    grid[0].append(1)\n    return grid\n")
    assert run().exit_code == 0

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import ClassVar

import pytest

import aliaslint
import aliaslint.rules
from _cli import runner
from aliaslint import engine
from aliaslint.cli import cli
from aliaslint.config import RuleSelection, Settings
from aliaslint.diagnostics import Diagnostic, Location
from aliaslint.engine import CheckResult
from aliaslint.rule import Rule

CLEAN = "def build(template):\n    return dict(template)\n"




def run(*args: str, env: dict[str, str] | None = None):
    return runner().invoke(cli, list(args), env=env, catch_exceptions=False)


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ALIASLINT_OUTPUT_FORMAT", raising=False)
    (tmp_path / "pods.py").write_text(CLEAN, encoding="utf-8")
    return tmp_path


FINDING = Diagnostic(
    code="AL001",
    name="loop-shared-argument-mutation",
    message="`template` is mutated by `build_pod` on every iteration",
    location=Location("pods.py", 2, 5, 2, 12),
)


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[tuple[list, Settings]]:
    """The engine replaced by one that reports FINDING; records what it was given."""
    seen: list[tuple[list, Settings]] = []

    def check(files, settings, file_settings=None, sources=None, **options):  # options: progress, note
        seen.append((list(files), settings))
        return CheckResult(diagnostics=[FINDING], files_checked=len(files))

    monkeypatch.setattr(engine, "check", check)
    return seen


# --- exit codes -----------------------------------------------------------------------------


def test_no_findings_exits_0(project: Path) -> None:
    result = run("check", "pods.py")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "All checks passed!\n"
    assert result.stderr == ""


def test_findings_exit_1(project: Path, calls: list) -> None:
    result = run("check", "--output-format", "concise")
    assert result.exit_code == 1
    assert result.stdout == (
        "pods.py:2:5: AL001 `template` is mutated by `build_pod` on every iteration\n"
        "Found 1 error.\n"
    )
    files, settings = calls[0]
    assert [f.display for f in files] == ["pods.py"]  # the default path is "."
    assert settings.root == project


def test_exit_zero(project: Path, calls: list) -> None:
    assert run("check", "--exit-zero").exit_code == 0


def test_statistics_count_the_findings_per_rule(project: Path, calls: list) -> None:
    result = run("check", "--statistics")
    assert result.exit_code == 1
    assert result.stdout == "1\tAL001\t    loop-shared-argument-mutation\n"
    result = run("check", "--statistics", "--output-format", "json")
    assert json.loads(result.stdout) == [
        {"code": "AL001", "name": "loop-shared-argument-mutation", "count": 1, "fixable": 0}]


def test_statistics_of_a_clean_project_print_nothing(project: Path) -> None:
    result = run("check", "--statistics", "pods.py")
    assert (result.exit_code, result.stdout) == (0, "")


def test_missing_path_exits_2(project: Path) -> None:
    result = run("check", "foo/")
    assert result.exit_code == 2
    assert result.stderr == "aliaslint: error: path does not exist: foo/\n"
    assert result.stdout == ""


def test_bad_config_key_exits_2(project: Path) -> None:
    (project / "pyproject.toml").write_text("[tool.aliaslint]\nselct = ['AL001']\n", encoding="utf-8")
    result = run("check")
    assert result.exit_code == 2
    assert result.stderr == "aliaslint: error: pyproject.toml: unknown option 'selct' in [tool.aliaslint]\n"


def test_bad_toml_exits_2(project: Path) -> None:
    (project / "pyproject.toml").write_text("[tool.aliaslint]\nselect AL001\n", encoding="utf-8")
    result = run("check")
    assert result.exit_code == 2
    if sys.version_info >= (3, 11):
        assert result.stderr == (
            "aliaslint: error: pyproject.toml: invalid TOML: Expected '=' after a key in a"
            " key/value pair (at line 2, column 8)\n"
        )
    else:
        assert result.stderr.startswith("aliaslint: error: pyproject.toml: invalid TOML: ")


@pytest.mark.parametrize(
    ("files", "message"),
    [
        ({"pyproject.toml": b"[tool.aliaslint]\n# caf\xe9\n"},
         "pyproject.toml: not valid UTF-8 (byte 0xe9 at offset 22)"),
        ({"pyproject.toml": b"[tool.aliaslint]\nmodels = ['m.toml']\n", "m.toml": b"['a.b']\nkind = 'copy' # \xff\n"},
         "{root}/m.toml: models file is not valid UTF-8 (byte 0xff at offset 24)"),
        ({"pyproject.toml": b"[tool.aliaslint]\nextend-exclude = ['!']\n"},
         "pyproject.toml: option 'extend-exclude' in [tool.aliaslint]: invalid pattern '!'"),
        # out of range: every file was "parser crashed", or no worker started (OverflowError)
        ({"pyproject.toml": b"[tool.aliaslint]\nfile-timeout = 100000000000000000000\n"},
         "pyproject.toml: option 'file-timeout' in [tool.aliaslint] must be from 1 to 86400 (seconds, a day), "
         "got 100000000000000000000"),
        ({"pyproject.toml": b"[tool.aliaslint]\nfile-memory-mb = 9223372036854775807\n"},
         "pyproject.toml: option 'file-memory-mb' in [tool.aliaslint] must be from 256 to 1048576 "
         "(megabytes, 1 TiB), got 9223372036854775807"),
    ],
)
def test_unusable_configuration_exits_2_naming_the_file(project: Path, files: dict, message: str) -> None:
    for name, data in files.items():
        (project / name).write_bytes(data)
    result = run("check")
    assert result.exit_code == 2
    assert result.stderr == f"aliaslint: error: {message.format(root=project)}\n"


def test_missing_config_file_exits_2(project: Path) -> None:
    result = run("check", "--config", "nope.toml")
    assert (result.exit_code, result.stderr) == (2, "aliaslint: error: config file not found: nope.toml\n")


def test_a_config_file_that_is_not_a_regular_file_exits_2(project: Path) -> None:
    # it was "config file not found: /dev/null"; ruff refuses such a --config too
    result = run("check", "--config", "/dev/null")
    assert (result.exit_code, result.stdout, result.stderr) == (
        2, "", "aliaslint: error: config file is not a regular file: /dev/null\n")


def test_unknown_flag_exits_2_with_one_line(project: Path) -> None:
    result = run("check", "--selct", "AL001")
    assert result.exit_code == 2
    assert result.stderr.startswith("aliaslint: error: No such option")
    assert "(see 'aliaslint check --help')" in result.stderr
    assert result.stderr.count("\n") == 1


def test_bad_selector_exits_2(project: Path) -> None:
    result = run("check", "--select", "AL001,A-1")
    assert result.exit_code == 2
    assert result.stderr == (
        "aliaslint: error: Invalid value for '--select': invalid rule selector 'A-1' (expected a code"
        " such as 'AL001' or a prefix such as 'AL') (see 'aliaslint check --help')\n"
    )


def test_ignoring_al000_exits_2_instead_of_doing_nothing(project: Path) -> None:
    # a file that cannot be read is always reported: an ignore of AL000 would pass in silence
    result = run("check", "--ignore", "AL001,AL000")
    assert result.exit_code == 2
    assert result.stderr == (
        "aliaslint: error: Invalid value for '--ignore': AL000 cannot be ignored: a file aliaslint cannot read or "
        "parse is always reported; exclude the file instead (exclude = [...]) (see 'aliaslint check --help')\n"
    )


def test_bad_output_format_exits_2(project: Path) -> None:
    result = run("check", "--output-format", "xml")
    assert result.exit_code == 2
    assert result.stderr.startswith("aliaslint: error: Invalid value for '--output-format': 'xml' is not one of")


def test_internal_error_exits_2_without_traceback(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(files, settings, file_settings=None, sources=None, **options):  # options: progress, note
        raise RuntimeError("fixpoint did not converge")

    monkeypatch.setattr(engine, "check", broken)
    result = run("check")
    assert result.exit_code == 2
    assert result.stderr == (
        "aliaslint: error: internal error: RuntimeError: fixpoint did not converge"
        " (run with --verbose for the traceback)\n"
    )
    verbose = run("check", "--verbose")
    assert verbose.exit_code == 2
    assert "Traceback (most recent call last)" in verbose.stderr
    assert verbose.stderr.endswith("aliaslint: error: internal error: RuntimeError: fixpoint did not converge\n")


# --- flags reach the settings and the reporters ---------------------------------------------


def test_flags_become_settings(project: Path, calls: list) -> None:
    (project / "pyproject.toml").write_text(
        "[tool.aliaslint]\nselect = ['AL002']\nignore = ['AL003']\n", encoding="utf-8"
    )
    result = run("check", "--select", "AL001,al004", "--select", "AL005", "--ignore", "AL006",
                 "--extend-select", "AL007", "--preview", "--no-cache", "--cache-dir", "c",
                 "--jobs", "3", "pods.py")
    assert result.exit_code == 1
    settings = calls[0][1]
    assert (settings.select, settings.ignore) == (("AL002",), ("AL003",))  # the file's, as written
    assert settings.overrides == (RuleSelection(("AL001", "AL004", "AL005"), ("AL007",), ("AL006",)),)
    assert settings.preview is True
    assert settings.no_cache is True
    assert settings.cache_dir == project / "c"
    assert settings.jobs == 3
    assert settings.config_file == project / "pyproject.toml"


def test_no_flags_leave_the_configuration_alone(project: Path, calls: list) -> None:
    (project / "pyproject.toml").write_text(
        "[tool.aliaslint]\npreview = true\nno-cache = true\njobs = 2\n", encoding="utf-8"
    )
    run("check")
    settings = calls[0][1]
    assert (settings.preview, settings.no_cache, settings.jobs) == (True, True, 2)
    run("check", "--no-preview")
    assert calls[1][1].preview is False


def test_jobs_must_be_positive(project: Path) -> None:
    result = run("check", "--jobs", "0")
    assert result.exit_code == 2
    assert result.stderr.startswith("aliaslint: error: Invalid value for '-j' / '--jobs'")


def test_output_format_from_the_environment(project: Path, calls: list) -> None:
    result = run("check", env={"ALIASLINT_OUTPUT_FORMAT": "json"})
    assert result.exit_code == 1
    [finding] = json.loads(result.stdout)
    assert (finding["code"], finding["filename"], finding["location"]) == ("AL001", "pods.py", {"row": 2, "column": 5})
    # the flag wins over the environment
    result = run("check", "--output-format", "concise", env={"ALIASLINT_OUTPUT_FORMAT": "json"})
    assert result.stdout.endswith("Found 1 error.\n")


def test_output_file(project: Path, calls: list) -> None:
    result = run("check", "--output-format", "json-lines", "-o", "report.jsonl")
    assert result.exit_code == 1
    assert result.stdout == ""
    [line] = (project / "report.jsonl").read_text(encoding="utf-8").splitlines()
    assert json.loads(line)["code"] == "AL001"


def test_color(project: Path, calls: list) -> None:
    assert "\x1b[" not in run("check").stdout
    assert "\x1b[" in run("check", "--color").stdout


def test_no_python_files_warns(project: Path) -> None:
    (project / "empty").mkdir()
    result = run("check", "empty")
    assert result.exit_code == 0
    assert result.stderr == "aliaslint: warning: no Python files found\n"
    assert run("check", "--quiet", "empty").stderr == ""


def test_a_named_folder_that_is_excluded_says_so_and_by_what(project: Path) -> None:
    # the trial: "check build" said "no Python files found" and "All checks passed!"
    for name in ("build/b.py", "build/sub/c.py", "gen/g.py"):
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_text(CLEAN, encoding="utf-8")
    (project / "pyproject.toml").write_text("[tool.aliaslint]\nextend-exclude = ['gen']\n", encoding="utf-8")
    result = run("check", "build/sub", "gen")
    assert (result.exit_code, result.stdout) == (0, "All checks passed!\n")
    assert result.stderr == (
        "aliaslint: warning: build/sub is excluded (default exclude pattern 'build'), so none of its files are "
        "checked; to check them, set exclude in the configuration: it replaces the defaults (see --show-settings)\n"
        "aliaslint: warning: gen is excluded (extend-exclude pattern 'gen' in pyproject.toml), so none of its "
        "files are checked; to check them, remove the pattern from extend-exclude\n"
    )
    (project / "pyproject.toml").write_text("[tool.aliaslint]\nexclude = []\n", encoding="utf-8")
    result = run("check", "--output-format", "concise", "build")
    assert (result.exit_code, result.stdout, result.stderr) == (0, "All checks passed!\n", "")


GRID = "def grid():\n    rows = [[]] * 3\n    rows[0].append(1)\n    return rows\n"


def test_exclude_and_extend_exclude_on_the_command_line(project: Path) -> None:
    # set 21's reader: half the default findings were in a vendored folder, and excluding it took
    # a configuration file
    for name in ("vendor/antlr/a.py", "gen/g.py", "src/s.py"):
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_text(GRID, encoding="utf-8")
    (project / "pyproject.toml").write_text("[tool.aliaslint]\nextend-exclude = ['gen']\n", encoding="utf-8")

    def found(*args: str) -> list[str]:
        result = run("check", "--output-format", "concise", *args)
        return sorted(line.split(":")[0] for line in result.stdout.splitlines() if ": AL" in line)

    assert found() == ["src/s.py", "vendor/antlr/a.py"]
    # added to the configuration's extend-exclude (gen stays excluded), comma-separated
    assert found("--extend-exclude", "vendor") == ["src/s.py"]
    assert found("--extend-exclude", "vendor,src") == []
    # --exclude replaces the configured exclude and the defaults; extend-exclude still applies
    assert found("--exclude", "src/") == ["vendor/antlr/a.py"]
    shown = run("check", "--extend-exclude", "vendor", "--show-settings", "src/s.py").stdout
    assert 'extend-exclude = ["gen", "vendor"]                # command line\n' in shown


def test_verbose_and_quiet_exclude_each_other(project: Path) -> None:
    result = run("check", "-v", "-q")
    assert result.exit_code == 2
    assert result.stderr.startswith("aliaslint: error: --verbose and --quiet cannot be used together")


def test_version() -> None:
    result = run("--version")
    assert (result.exit_code, result.stdout) == (0, f"aliaslint {aliaslint.__version__}\n")


def test_help_has_examples() -> None:
    result = run("check", "--help")
    assert result.exit_code == 0
    assert "aliaslint check --output-format github ." in result.stdout
    assert "--output-format [full|concise|json|json-lines|github|gitlab|sarif|junit|pylint]" in result.stdout


# --- rules / rule ---------------------------------------------------------------------------


class LoopShared(Rule):
    """## What it does
    Finds a template mutated on every iteration."""

    code: ClassVar[str] = "AL001"
    name: ClassVar[str] = "loop-shared-argument-mutation"
    summary: ClassVar[str] = "A loop passes one object to a callee that mutates it"


class Replicated(Rule):
    code: ClassVar[str] = "AL005"
    name: ClassVar[str] = "replicated-mutable"
    summary: ClassVar[str] = "`[[]] * n` feeding mutation"
    preview: ClassVar[bool] = True


@pytest.fixture
def catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = [LoopShared, Replicated]
    monkeypatch.setattr(aliaslint.rules, "all_rules", lambda: list(rules))
    monkeypatch.setattr(
        aliaslint.rules, "get_rule",
        lambda key: next((r for r in rules if key.upper() == r.code or key == r.name), None),
    )


def test_rules_lists_the_catalogue(catalogue: None) -> None:
    result = run("rules")
    assert result.exit_code == 0
    assert result.stdout == (
        "AL001  loop-shared-argument-mutation  A loop passes one object to a callee that mutates it\n"
        "AL005  replicated-mutable             `[[]] * n` feeding mutation (preview)\n"
    )


def test_rules_with_the_real_catalogue() -> None:
    result = run("rules")
    assert result.exit_code == 0
    assert len(result.stdout.splitlines()) == len(aliaslint.rules.all_rules())
    # a new user's trial: the help said rules were marked, and AL100 (off by default) was not
    assert result.stdout.splitlines()[-1].endswith("nothing to suppress on its line (off by default)")


def test_rule_prints_the_documentation(catalogue: None) -> None:
    for key in ("AL001", "al001", "loop-shared-argument-mutation"):
        result = run("rule", key)
        assert result.exit_code == 0
        assert result.stdout == (
            "AL001 (loop-shared-argument-mutation)\n\n## What it does\nFinds a template mutated on every iteration.\n"
        )
    assert run("rule", "AL005").stdout.startswith("AL005 (replicated-mutable) (preview)\n")


def test_unknown_rule_exits_2() -> None:
    result = run("rule", "AL999")
    assert result.exit_code == 2
    assert result.stderr == "aliaslint: error: unknown rule 'AL999'; see 'aliaslint rules'\n"


# --- the real program -------------------------------------------------------------------------


def test_python_dash_m(project: Path) -> None:
    ok = subprocess.run([sys.executable, "-m", "aliaslint", "check", "pods.py"],
                        capture_output=True, text=True, timeout=120)
    assert (ok.returncode, ok.stdout, ok.stderr) == (0, "All checks passed!\n", "")
    missing = subprocess.run([sys.executable, "-m", "aliaslint", "check", "gone.py"],
                             capture_output=True, text=True, timeout=120)
    assert (missing.returncode, missing.stdout) == (2, "")
    assert missing.stderr == "aliaslint: error: path does not exist: gone.py\n"


def test_unknown_rule_selector_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text("grid = [[]] * 3\n")
    result = subprocess.run([sys.executable, "-m", "aliaslint", "check", "--select", "AL999", str(tmp_path)],
                            capture_output=True, text=True)
    assert result.returncode == 2
    assert "unknown rule selector 'AL999': no rule code starts with it; see 'aliaslint rules'" in result.stderr
    assert result.stdout == ""


def test_output_file_may_not_be_a_checked_file(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text("x = 1\n")
    result = subprocess.run([sys.executable, "-m", "aliaslint", "check", "--no-cache", "--output-file",
                             str(tmp_path / "m.py"), str(tmp_path)], capture_output=True, text=True)
    assert result.returncode == 2
    assert "is one of the files to check; it would be overwritten" in result.stderr
    assert (tmp_path / "m.py").read_text() == "x = 1\n"


# --- messages a new user met


def test_an_empty_path_is_a_usage_error(project: Path) -> None:
    for args in ([""], ["pods.py", ""]):
        result = run("check", "--no-cache", *args)
        assert result.exit_code == 2 and result.stdout == ""
        assert result.stderr == (
            "aliaslint: error: empty path: give a file or a directory (none checks the current directory)\n"
        )


def test_an_empty_selection_warns_that_no_rules_are_selected(project: Path) -> None:
    (project / "grid.py").write_text("grid = [[]] * 3\ngrid[0].append(1)\n", encoding="utf-8")
    result = run("check", "--no-cache", "--select", "", ".")
    assert (result.exit_code, result.stdout) == (0, "All checks passed!\n")
    assert result.stderr == ("aliaslint: warning: no rules selected (check --select, --ignore and the "
                             "configuration); only files that cannot be read are reported\n")
    assert run("check", "--no-cache", "-q", "--select", "", ".").stderr == ""
    assert run("check", "--no-cache", "--select", "AL005", ".").stderr == ""  # one rule is enough

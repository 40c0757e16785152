"""The README's promises: its configuration example loads as pasted, it links only to files of
the repository, and its quick start has a plain install."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from aliaslint.config import PerFileIgnore, load_configuration

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _section(title: str) -> str:
    start = README.index(f"\n## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start:end if end >= 0 else None]


def test_configuration_example_runs_as_pasted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (example,) = re.findall(r"```toml\n(.*?)```", _section("Configuration").split("### Models")[0], re.DOTALL)
    (tmp_path / "pyproject.toml").write_text(example, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    configuration = load_configuration([Path(".")], {})
    settings = configuration.settings
    assert settings.config_file == tmp_path / "pyproject.toml" and configuration.warnings == []
    assert settings.ignore == ("AL005",) and settings.is_enabled("AL100") and not settings.is_enabled("AL005")
    assert settings.per_file_ignores[0] == PerFileIgnore("tests/*", ("AL007",), tmp_path)
    assert (settings.jobs, settings.max_file_bytes, settings.extend_exclude) == (2, 2_000_000, ("generated/",))


def test_links_stay_inside_the_repository() -> None:
    assert not re.search(r"https?://", README), "the README links outside the repository"
    for target in re.findall(r"\]\(([^)]+)\)", README):
        path = target.split("#")[0]
        assert not path.startswith(("/", "..")) and (ROOT / path).exists(), target


def test_quick_start_has_a_plain_install_and_says_what_exit_status_1_means() -> None:
    quick_start = _section("Quick start")
    assert "python -m pip install . && aliaslint check" in quick_start
    assert 'python -m pip install -e ".[test]"' in quick_start
    assert "1 when there are findings" in quick_start


def test_quick_start_runs_the_reference_operator_with_the_plain_install() -> None:
    """It said the reference operator needed the test extras; ``pip install .`` is enough."""
    quick_start = _section("Quick start")
    plain = quick_start.index("python -m pip install . && aliaslint check")
    operator = quick_start.index("aliaslint check fixtures/reference_operator/buggy")
    assert plain < operator and "the plain install above is\nenough" in quick_start
    assert '".[test]" && aliaslint check fixtures/reference_operator' not in quick_start
    assert (ROOT / "fixtures" / "reference_operator" / "buggy").is_dir()


@pytest.mark.parametrize(("source", "before_import"), [
    # the module starts with imports: after the last of them (not right after the docstring)
    ('"""Doc."""\nfrom __future__ import annotations\n\nimport os\nimport sys\n', "import sys\n"),
    # it starts with other statements: after the docstring
    ('"""Doc."""\nX = 1\nimport os\n', '"""Doc."""\n'),
])
def test_where_fix_puts_import_copy_is_what_the_readme_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: str, before_import: str
) -> None:
    from click.testing import CliRunner

    from aliaslint.cli import cli

    assert ("`import copy` is added when needed, after the imports the module starts with (after\n"
            "its docstring when it starts with other statements)") in README
    body = "\n\ndef f(cfg):\n    c = cfg.copy()\n    c['spec']['env'].append(1)\n    return c\n"
    (tmp_path / "conf.py").write_text(source + body, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", "--no-cache", "-q", "--fix", "--unsafe-fixes", "conf.py"])
    assert result.exit_code == 0
    fixed = (tmp_path / "conf.py").read_text(encoding="utf-8")
    assert fixed.count("import copy\n") == 1 and f"{before_import}import copy\n" in fixed

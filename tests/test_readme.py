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

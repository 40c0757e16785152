"""The ``.pre-commit-hooks.yaml`` hook, run by the real ``pre-commit`` tool (``try-repo``).

``try-repo`` needs the hook repository to be a git repository with the hook file committed, so
the project's working tree (without ``.git`` and build leftovers) is copied to a temporary folder
and committed there; pre-commit then builds the hook's virtualenv from it, as a user's would be.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[1]

_GIT_ENV = {
    "GIT_AUTHOR_NAME": "aliaslint tests",
    "GIT_AUTHOR_EMAIL": "tests@aliaslint.invalid",
    "GIT_COMMITTER_NAME": "aliaslint tests",
    "GIT_COMMITTER_EMAIL": "tests@aliaslint.invalid",
    "GIT_CONFIG_NOSYSTEM": "1",
}


def _pre_commit() -> list[str]:
    executable = shutil.which("pre-commit")
    if executable is not None:
        return [executable]
    try:
        import pre_commit  # noqa: F401
    except ImportError:
        pytest.skip("the pre-commit tool is not installed")
    return [sys.executable, "-m", "pre_commit"]


def _git(cwd: Path, *args: str, env: dict[str, str]) -> None:
    subprocess.run(
        ["git", "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main", *args],
        cwd=cwd, env=env, check=True, capture_output=True, text=True,
    )


def _commit_all(repo: Path, env: dict[str, str]) -> None:
    _git(repo, "init", "-q", env=env)
    _git(repo, "add", ".", env=env)
    _git(repo, "commit", "-q", "-m", "snapshot", env=env)


def test_every_package_is_listed_in_pyproject() -> None:
    """pyproject.toml lists its packages by name (rules/ is mapped to aliaslint.rules): a
    subpackage left out is missing from a normal (non-editable) install such as the hook's."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib
    setuptools = tomllib.loads((PROJECT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    on_disk = {
        ".".join(init.parent.relative_to(PROJECT).parts)
        for init in (PROJECT / "aliaslint").rglob("__init__.py")
    } | {"aliaslint.rules", "aliaslint.docs"}
    assert set(setuptools["packages"]) == on_disk
    assert setuptools["package-dir"]["aliaslint.rules"] == "rules"
    # the rules reference that findings' url points at is installed with the package
    assert setuptools["package-dir"]["aliaslint.docs"] == "docs"
    assert setuptools["package-data"]["aliaslint.docs"] == ["rules.md"]


def test_hook_passes_on_a_clean_file(tmp_path: Path) -> None:
    command = _pre_commit()
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    (tmp_path / "gitconfig").write_text("", encoding="utf-8")
    env = {**os.environ, **_GIT_ENV, "GIT_CONFIG_GLOBAL": str(tmp_path / "gitconfig"),
           "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home")}
    env.pop("GIT_DIR", None)
    env.pop("GIT_WORK_TREE", None)

    hook_repo = tmp_path / "hook-repo"
    shutil.copytree(
        PROJECT,
        hook_repo,
        ignore=shutil.ignore_patterns(
            ".git", "*.egg-info", "__pycache__", "build", "dist", ".venv", "venv",
            ".pytest_cache", ".aliaslint_cache", ".mypy_cache", ".ruff_cache",
        ),
        symlinks=True,
    )
    assert (hook_repo / ".pre-commit-hooks.yaml").is_file()
    _commit_all(hook_repo, env)

    project = tmp_path / "user-project"
    project.mkdir()
    (project / "clean.py").write_text(
        "import copy\n\n\n"
        "def build(template):\n"
        "    pod = copy.deepcopy(template)\n"
        "    pod['containers'].append({'name': 'sidecar'})\n"
        "    return pod\n",
        encoding="utf-8",
    )
    _commit_all(project, env)
    # a scratch file nobody added, with a finding: pre-commit does not stash it, and the hook
    # checks what git tracks (a new user's trial: it blocked every commit)
    (project / "scratch.py").write_text("def grid(n):\n    rows = [[]] * n\n    rows[0].append(1)\n    return rows\n",
                                        encoding="utf-8")

    result = subprocess.run(
        [*command, "try-repo", str(hook_repo), "aliaslint", "--all-files"],
        cwd=project, env=env, capture_output=True, text=True, timeout=300,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "aliaslint" in output and "Passed" in output, output


def test_the_hook_runs_for_notebooks_and_stubs_too(tmp_path: Path) -> None:
    """With ``types: [python]`` a commit that changed only a notebook skipped the hook. The
    manifest is read and the files are tagged by pre-commit's own code (``identify``)."""
    pytest.importorskip("pre_commit")
    from identify.identify import tags_from_path
    from pre_commit.clientlib import load_manifest

    (hook,) = load_manifest(str(PROJECT / ".pre-commit-hooks.yaml"))
    for name, text in (("a.py", "x = 1\n"), ("a.pyi", "x: int\n"), ("nb.ipynb", '{"cells": []}\n')):
        (tmp_path / name).write_text(text, encoding="utf-8")
        tags = tags_from_path(str(tmp_path / name))
        runs = set(hook["types"]) <= tags and (not hook["types_or"] or bool(set(hook["types_or"]) & tags))
        assert runs, (name, sorted(tags), hook["types"], hook["types_or"])
    (tmp_path / "notes.txt").write_text("x\n", encoding="utf-8")
    assert not set(hook["types_or"]) & tags_from_path(str(tmp_path / "notes.txt"))

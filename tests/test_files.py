from __future__ import annotations

import os
from pathlib import Path

import pytest
from _hostile import needs_fifo, no_hang  # noqa: F401 (fixture)

from aliaslint.config import Settings
from aliaslint.files import (
    SourceError,
    SourceFile,
    UsageError,
    compile_patterns,
    discover,
    display_path,
    read_regular_file,
    read_source,
)


def touch(root: Path, *names: str, text: str = "x = 1\n") -> None:
    for name in names:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def shown(files: list[SourceFile]) -> list[str]:
    return [f.display for f in files]


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


# --- discover -------------------------------------------------------------------------------


def test_walks_python_files_sorted_and_skips_default_excludes(project: Path) -> None:
    touch(project, "b.py", "a.py", "pkg/__init__.py", "pkg/mod.py", "pkg/stub.pyi", "notes.txt",
          "build/gen.py", ".venv/lib/site.py", "node_modules/x.py", "pkg/__pycache__/c.py",
          ".git/hooks/h.py", "dist/d.py")
    files = discover([Path(".")], Settings(root=project))
    assert shown(files) == ["a.py", "b.py", "pkg/__init__.py", "pkg/mod.py"]
    assert all(f.path.is_absolute() for f in files)
    assert files[0] == SourceFile(project / "a.py", "a.py")


def test_exclude_and_extend_exclude_are_gitignore_patterns_relative_to_the_root(project: Path) -> None:
    touch(project, "src/app.py", "src/generated/g.py", "vendor/v.py", "src/vendor/w.py", "tests/t_x.py")
    settings = Settings(root=project, extend_exclude=("/vendor/", "generated/", "t_*.py"))
    assert shown(discover([Path(".")], settings)) == ["src/app.py", "src/vendor/w.py"]

    # exclude replaces the defaults
    touch(project, "build/b.py")
    settings = Settings(root=project, exclude=("src/",))
    assert shown(discover([Path(".")], settings)) == ["build/b.py", "tests/t_x.py", "vendor/v.py"]


def test_explicit_files_are_always_taken(project: Path) -> None:
    touch(project, "build/gen.py", "script", "ignored.py")
    (project / ".gitignore").write_text("ignored.py\n", encoding="utf-8")
    files = discover([Path("build/gen.py"), Path("script"), Path("ignored.py")], Settings(root=project))
    assert shown(files) == ["build/gen.py", "ignored.py", "script"]


def test_gitignore_files_from_the_root_down(project: Path) -> None:
    touch(project, "keep.py", "secret.py", "tmp/a.py", "pkg/b.py", "pkg/local.py", "pkg/skip_me.py",
          "pkg/skip_but_keep.py", "pkg/deep/c.py")
    (project / ".gitignore").write_text("# comment\nsecret.py\ntmp/\nskip_*.py\n", encoding="utf-8")
    (project / "pkg" / ".gitignore").write_text("/local.py\n!skip_but_keep.py\ndeep\n", encoding="utf-8")
    settings = Settings(root=project)
    assert shown(discover([Path(".")], settings)) == ["keep.py", "pkg/b.py", "pkg/skip_but_keep.py"]
    # walking a subfolder still applies the .gitignore files above it, up to the root
    assert shown(discover([Path("pkg")], settings)) == ["pkg/b.py", "pkg/skip_but_keep.py"]

    everything = discover([Path(".")], Settings(root=project, respect_gitignore=False))
    assert shown(everything) == ["keep.py", "pkg/b.py", "pkg/deep/c.py", "pkg/local.py",
                                 "pkg/skip_but_keep.py", "pkg/skip_me.py", "secret.py", "tmp/a.py"]


def test_duplicates_are_removed(project: Path) -> None:
    touch(project, "pkg/a.py", "pkg/b.py")
    files = discover([Path("pkg"), Path("pkg/a.py"), Path("."), Path("./pkg/../pkg/b.py")],
                     Settings(root=project))
    assert shown(files) == ["pkg/a.py", "pkg/b.py"]


def test_missing_path_is_a_usage_error(project: Path) -> None:
    with pytest.raises(UsageError) as info:
        discover(["foo/"], Settings(root=project))
    assert str(info.value) == "path does not exist: foo/"


def test_symlinked_directories_are_not_followed_and_broken_links_are_returned(project: Path) -> None:
    touch(project, "real/a.py")
    (project / "src").mkdir()
    os.symlink(project / "real", project / "src" / "linked")
    os.symlink(project / "real", project / "src" / "linked_pkg.py")  # a directory named *.py
    os.symlink("nowhere.py", project / "src" / "broken.py")
    os.symlink(project / "real" / "a.py", project / "src" / "alias.py")
    files = discover([Path("src")], Settings(root=project))
    assert shown(files) == ["src/alias.py", "src/broken.py"]
    # named explicitly, a symlinked directory is walked and a broken link is taken
    assert shown(discover([Path("src/linked"), Path("src/broken.py")], Settings(root=project))) == [
        "src/broken.py", "src/linked/a.py"]


def test_display_paths(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    touch(tmp_path, "inside/a.py", "outside/b.py")
    monkeypatch.chdir(tmp_path / "inside")
    files = discover([Path("."), tmp_path / "outside"], Settings(root=tmp_path / "inside"))
    assert shown(files) == ["a.py", (tmp_path / "outside" / "b.py").as_posix()]
    assert display_path(tmp_path / "inside" / "x" / "y.py") == "x/y.py"
    assert display_path("x/../z.py") == "z.py"


# --- read_source ----------------------------------------------------------------------------


def source(path: Path) -> SourceFile:
    return SourceFile.from_path(path)


def read_error(path: Path, max_bytes: int = 2_000_000) -> str:
    with pytest.raises(SourceError) as info:
        read_source(source(path), max_bytes)
    return str(info.value)


def test_reads_utf8_keeping_line_endings(project: Path) -> None:
    (project / "a.py").write_bytes("name = 'Zoë'\r\nx = 1\n".encode())
    assert read_source(source(project / "a.py"), 2_000_000) == "name = 'Zoë'\r\nx = 1\n"


def test_utf8_bom_is_removed(project: Path) -> None:
    (project / "bom.py").write_bytes(b"\xef\xbb\xbfx = '\xc3\xa9'\n")
    assert read_source(source(project / "bom.py")) == "x = 'é'\n"


def test_pep263_declaration_selects_the_codec(project: Path) -> None:
    (project / "latin.py").write_bytes(b"# -*- coding: latin-1 -*-\nx = '\xe9'\n")
    assert read_source(source(project / "latin.py")) == "# -*- coding: latin-1 -*-\nx = 'é'\n"
    (project / "second.py").write_bytes(b"#!/usr/bin/env python\n# vim: set fileencoding=cp1252 :\ns = '\x80'\n")
    assert read_source(source(project / "second.py")).endswith("s = '€'\n")


def test_not_utf8(project: Path) -> None:
    (project / "bad.py").write_bytes(b"x = 1\ny = '\xe9'\n")
    assert read_error(project / "bad.py") == "not valid UTF-8: byte 0xe9 at offset 11 (line 2, column 6)"
    (project / "first.py").write_bytes(b"\xff = 1\n")
    assert read_error(project / "first.py") == "not valid UTF-8: byte 0xff at offset 0 (line 1, column 1)"


def test_unknown_or_conflicting_encoding(project: Path) -> None:
    (project / "unknown.py").write_bytes(b"# coding: klingon\n")
    assert read_error(project / "unknown.py") == "cannot decode: unknown encoding: klingon"
    (project / "clash.py").write_bytes(b"\xef\xbb\xbf# coding: latin-1\n")
    assert read_error(project / "clash.py") == (
        "cannot decode: the file starts with a UTF-8 BOM but declares another encoding"
    )


def test_broken_symlink(project: Path) -> None:
    os.symlink("gone.py", project / "link.py")
    assert read_error(project / "link.py") == "broken symbolic link to gone.py"


def test_directory(project: Path) -> None:
    (project / "pkg.py").mkdir()
    assert read_error(project / "pkg.py") == "is a directory"


def test_too_large(project: Path) -> None:
    with open(project / "huge.py", "wb") as handle:
        handle.truncate(12_300_000)
    assert read_error(project / "huge.py") == "file is 12.3 MB, over the 2 MB limit (max-file-bytes)"
    (project / "small.py").write_text("x = 1\n" * 300, encoding="utf-8")
    assert read_error(project / "small.py", 1_500) == (
        "file is 1.8 kB, over the 1.5 kB limit (max-file-bytes)"
    )
    assert read_error(project / "small.py", 10) == "file is 1.8 kB, over the 10 bytes limit (max-file-bytes)"


def test_permission_denied(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = project / "locked.py"
    target.write_text("x = 1\n", encoding="utf-8")
    if os.geteuid() != 0:
        target.chmod(0)
    else:  # root opens anything: make the open itself fail as it would for a user
        # (tests/test_hostile_input.py checks real permissions by dropping root's capabilities)
        real_open = os.open

        def denied(path, *args, **kwargs):
            if Path(path) == target:
                raise PermissionError(13, "Permission denied", str(path))
            return real_open(path, *args, **kwargs)

        monkeypatch.setattr(os, "open", denied)
    try:
        assert read_error(target) == "permission denied"
    finally:
        target.chmod(0o644)


# --- special files: never a hang, never an endless read -------------------------------------

@needs_fifo
def test_a_fifo_named_py_is_an_error_not_a_hang(project: Path, no_hang: None) -> None:
    os.mkfifo(project / "pipe.py")
    touch(project, "ok.py")
    assert shown(discover([Path(".")], Settings(root=project))) == ["ok.py", "pipe.py"]
    assert read_error(project / "pipe.py") == "not a regular file: it is a FIFO (named pipe)"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_link_to_dev_zero_is_an_error_not_an_endless_read(project: Path, no_hang: None) -> None:
    os.symlink("/dev/zero", project / "zero.py")
    assert read_error(project / "zero.py") == "not a regular file: it is a character device"
    with pytest.raises(SourceError, match="character device"):
        read_regular_file("/dev/zero", 10)


def test_a_final_link_is_refused_when_links_are_not_followed(project: Path) -> None:
    (project / "real.txt").write_bytes(b"data")
    os.symlink("real.txt", project / "link.txt")
    assert read_regular_file(project / "link.txt", 10) == b"data"
    with pytest.raises(SourceError, match="^not a regular file: it is a symbolic link$"):
        read_regular_file(project / "link.txt", 10, follow_symlinks=False)
    assert read_regular_file(project / "real.txt", 10, follow_symlinks=False) == b"data"
    with pytest.raises(SourceError, match="^file is 4 bytes, over the 3 bytes limit$"):
        read_regular_file(project / "real.txt", 3, setting=None)


def test_a_symlink_loop_is_reported_and_does_not_stop_discovery(project: Path) -> None:
    os.symlink("loop.py", project / "loop.py")
    os.symlink("b.py", project / "a.py")
    os.symlink("a.py", project / "b.py")
    touch(project, "ok.py")
    assert shown(discover([Path(".")], Settings(root=project))) == ["a.py", "b.py", "loop.py", "ok.py"]
    assert read_error(project / "loop.py") == "symbolic link loop (too many levels of symbolic links)"
    # named on the command line too
    assert shown(discover([Path("loop.py")], Settings(root=project))) == ["loop.py"]


def test_a_file_over_the_limit_is_not_read(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (project / "big.py").write_text("x = 1\n" * 100, encoding="utf-8")
    reads: list[int] = []
    real_read = os.read
    monkeypatch.setattr(os, "read", lambda fd, n: reads.append(n) or real_read(fd, n))
    assert read_error(project / "big.py", 100) == "file is 600 bytes, over the 100 bytes limit (max-file-bytes)"
    assert reads == []  # refused on its size, before reading a byte


def test_a_nul_byte_is_an_error_where_it_is(project: Path) -> None:
    (project / "nul.py").write_bytes(b"x = 1\ns = 'a\x00b'\n")
    with pytest.raises(SourceError) as info:
        read_source(source(project / "nul.py"))
    assert str(info.value) == (
        "it contains a NUL byte (line 2, column 7), which Python does not accept in source code"
    )
    assert (info.value.line, info.value.column) == (2, 7)


def test_undecodable_bytes_are_placed(project: Path) -> None:
    (project / "bad.py").write_bytes(b"x = 1\ny = '\xe9'\n")
    with pytest.raises(SourceError) as info:
        read_source(source(project / "bad.py"))
    assert (info.value.line, info.value.column) == (2, 6)


# --- symbolic links that leave the tree ----------------------------------------------------


def test_links_that_leave_the_tree_are_not_followed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project, outside = tmp_path / "project", tmp_path / "outside"
    touch(outside, "secret.py", "lib/helper.py")
    touch(project, "src/app.py", "src/real.py")
    monkeypatch.chdir(project)
    os.symlink(outside / "secret.py", project / "src" / "secret.py")
    os.symlink("../../outside/lib/helper.py", project / "src" / "helper.py")
    os.symlink("real.py", project / "src" / "inside.py")  # stays in the tree: followed
    os.symlink(project / "src" / "real.py", project / "alias.py")
    os.symlink(project / "gen" / "made.py", project / "src" / "made.py")  # its target is excluded
    touch(project, "gen/made.py")
    notes: list[tuple[str, str]] = []
    files = discover([Path(".")], Settings(root=project, extend_exclude=("gen",)),
                     notify=lambda *note: notes.append(note))
    # a link whose target is checked under its own name adds nothing but the same findings twice
    # (and the same fix written twice: new-user trial)
    assert shown(files) == ["src/app.py", "src/made.py", "src/real.py"]
    assert sorted(notes) == [
        ("note", "not following alias.py: its target is checked under its own name"),
        ("note", "not following src/helper.py: it is a symbolic link that leaves the checked tree"),
        ("note", "not following src/inside.py: its target is checked under its own name"),
        ("note", "not following src/secret.py: it is a symbolic link that leaves the checked tree"),
    ]
    # a link named on the command line is the user's choice: followed
    assert shown(discover([Path("src/secret.py")], Settings(root=project))) == ["src/secret.py"]


def test_links_to_directories_are_listed_as_skipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """-v listed the skipped links to files only; a link to a directory was skipped silently."""
    project, outside = tmp_path / "project", tmp_path / "outside"
    touch(outside, "lib/helper.py")
    touch(project, "src/app.py", "gen/out.py")
    monkeypatch.chdir(project)
    os.symlink(outside / "lib", project / "src" / "vendored")
    os.symlink("../src", project / "src" / "loop")
    os.symlink(project / "gen", project / "gen-link")  # excluded: not worth a note
    (project / "broken").symlink_to(project / "gone")  # not a directory: nothing to say
    notes: list[tuple[str, str]] = []
    settings = Settings(root=project, extend_exclude=("gen-link",))
    files = discover([Path(".")], settings, notify=lambda *note: notes.append(note))
    assert shown(files) == ["gen/out.py", "src/app.py"]
    assert sorted(notes) == [
        ("note", "not following src/loop: it is a symbolic link to a directory"),
        ("note", "not following src/vendored: it is a symbolic link to a directory"),
    ]


def test_a_walked_directory_outside_the_root_is_its_own_tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    touch(tmp_path, "other/a.py", "other/sub/b.py")
    os.symlink(tmp_path / "other" / "a.py", tmp_path / "other" / "sub" / "link.py")
    (tmp_path / "root").mkdir()
    monkeypatch.chdir(tmp_path / "root")
    files = discover([tmp_path / "other"], Settings(root=tmp_path / "root", extend_exclude=("a.py",)))
    assert [f.path.name for f in files] == ["b.py", "link.py"]


# --- .gitignore files: never stop the run --------------------------------------------------


@needs_fifo
def test_a_fifo_gitignore_is_skipped_with_a_warning(project: Path, no_hang: None) -> None:
    touch(project, "a.py", "pkg/b.py")
    os.mkfifo(project / "pkg" / ".gitignore")
    notes: list[tuple[str, str]] = []
    files = discover([Path(".")], Settings(root=project), notify=lambda *note: notes.append(note))
    assert shown(files) == ["a.py", "pkg/b.py"]
    assert notes == [("warning", "ignoring pkg/.gitignore: not a regular file: it is a FIFO (named pipe)")]


def test_gitignore_lines_git_accepts_never_stop_the_run(project: Path) -> None:
    touch(project, "a.py", "skip.py", "!x.py", "keep_me.py", "b.py")
    (project / ".gitignore").write_text(
        "!\n\\\nfoo\\\n[z-a].py\nskip.py\n\\!x.py\n*_me.py\n!keep_me.py\n", encoding="utf-8"
    )
    notes: list[tuple[str, str]] = []
    files = discover([Path(".")], Settings(root=project), notify=lambda *note: notes.append(note))
    assert shown(files) == ["a.py", "b.py", "keep_me.py"]
    assert [n for n in notes if n[0] == "warning"] == []
    assert [n[1].split(":")[1] for n in notes] == ["1", "2", "3", "4"]
    assert notes[0] == ("note", ".gitignore:1: pattern '!' matches nothing; skipped")


def test_gitignore_files_above_the_root_apply_inside_the_same_git_repository(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = tmp_path / "repo"
    touch(repo, "service/app.py", "service/gen_models.py", "service/deep/gen_more.py", "service/kept.py")
    (repo / ".git").mkdir()
    (repo / ".gitignore").write_text("gen_*.py\n/service/kept.py\n", encoding="utf-8")
    (tmp_path / ".gitignore").write_text("app.py\n", encoding="utf-8")  # outside the repository
    monkeypatch.chdir(repo / "service")
    settings = Settings(root=repo / "service")  # e.g. service/pyproject.toml
    assert shown(discover([Path(".")], settings)) == ["app.py"]
    # outside any git repository only the root's own .gitignore files apply, as before
    (repo / ".git").rmdir()
    assert shown(discover([Path(".")], settings)) == ["app.py", "deep/gen_more.py", "gen_models.py", "kept.py"]


def test_invalid_exclude_patterns_are_named() -> None:
    with pytest.raises(ValueError, match=r"invalid pattern '!'"):
        compile_patterns(["build/", "!"])
    assert compile_patterns(["build/", "*.gen.py"]).match_file("x.gen.py")


def test_a_gitignore_that_is_a_symbolic_link_is_not_followed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # git does not follow it; following it would read (and, with -v, quote) a file anywhere
    project = tmp_path / "project"
    touch(project, "a.py", "b.py")
    (tmp_path / "elsewhere").write_text("a.py\nroot\\\n", encoding="utf-8")
    os.symlink(tmp_path / "elsewhere", project / ".gitignore")
    monkeypatch.chdir(project)
    notes: list[tuple[str, str]] = []
    files = discover([Path(".")], Settings(root=project), notify=lambda *note: notes.append(note))
    assert shown(files) == ["a.py", "b.py"]
    assert notes == [("note", "ignoring .gitignore: it is a symbolic link (git does not follow them)")]


# --- git's other ignore files: .git/info/exclude and core.excludesFile


@pytest.fixture
def git_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No global or system git configuration but the test's own, and a home of its own."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "gitconfig").write_text("", encoding="utf-8")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(home / "gitconfig"))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    return home


def test_info_exclude_is_honoured(tmp_path: Path, git_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = tmp_path / "project"
    touch(project, "a.py", "scratch.py", "sub/keep.py", "sub/tmp_x.py")
    (project / ".git" / "info").mkdir(parents=True)
    (project / ".git" / "info" / "exclude").write_text("# local\nscratch.py\ntmp_*\n", encoding="utf-8")
    (project / "sub" / ".gitignore").write_text("!tmp_x.py\n", encoding="utf-8")  # a .gitignore wins
    monkeypatch.chdir(project)
    assert shown(discover([Path(".")], Settings(root=project))) == ["a.py", "sub/keep.py", "sub/tmp_x.py"]


def test_a_linked_work_trees_exclude_is_in_the_common_folder(tmp_path: Path, git_home: Path) -> None:
    common = tmp_path / "main" / ".git"
    (common / "worktrees" / "wt").mkdir(parents=True)
    (common / "info").mkdir()
    (common / "info" / "exclude").write_text("local.py\n", encoding="utf-8")
    (common / "worktrees" / "wt" / "commondir").write_text("../..\n", encoding="utf-8")
    worktree = tmp_path / "wt"
    touch(worktree, "a.py", "local.py")
    (worktree / ".git").write_text(f"gitdir: {common / 'worktrees' / 'wt'}\n", encoding="utf-8")
    assert shown(discover([worktree], Settings(root=worktree), cwd=worktree)) == ["a.py"]


def test_core_excludes_file_is_honoured(tmp_path: Path, git_home: Path) -> None:
    import shutil

    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    (git_home / "global-ignore").write_text("*_generated.py\n", encoding="utf-8")
    (git_home / "gitconfig").write_text("[core]\n\texcludesFile = ~/global-ignore\n", encoding="utf-8")
    project = tmp_path / "project"
    touch(project, "a.py", "api_generated.py")
    (project / ".git").mkdir()
    assert shown(discover([project], Settings(root=project), cwd=project)) == ["a.py"]


def test_the_default_excludes_file_is_used_when_none_is_set(tmp_path: Path, git_home: Path) -> None:
    (git_home / ".config" / "git").mkdir(parents=True)
    (git_home / ".config" / "git" / "ignore").write_text("notes.py\n", encoding="utf-8")
    project = tmp_path / "project"
    touch(project, "a.py", "notes.py")
    (project / ".git").mkdir()
    assert shown(discover([project], Settings(root=project), cwd=project)) == ["a.py"]
    # outside a git work tree none of them apply, as for git
    (project / ".git").rmdir()
    assert shown(discover([project], Settings(root=project), cwd=project)) == ["a.py", "notes.py"]


def test_tracked_only_walks_what_git_tracks_or_has_staged(tmp_path: Path) -> None:
    import shutil
    import subprocess

    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    env = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull}
    repo = tmp_path / "repo"
    (repo / "pkg").mkdir(parents=True)
    for name in ("tracked.py", "staged.py", "untracked.py", "pkg/deep.py"):
        (repo / name).write_text("x = 1\n", encoding="utf-8")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t.invalid", "-c", "commit.gpgsign=false"]
    subprocess.run([*git, "init", "-q"], cwd=repo, env=env, check=True)
    subprocess.run([*git, "add", "tracked.py", "pkg/deep.py"], cwd=repo, env=env, check=True)
    subprocess.run([*git, "commit", "-q", "-m", "base"], cwd=repo, env=env, check=True)
    subprocess.run([*git, "add", "staged.py"], cwd=repo, env=env, check=True)
    settings = Settings(root=repo, tracked_only=True)
    assert [f.display for f in discover([repo], settings, cwd=repo)] == ["pkg/deep.py", "staged.py", "tracked.py"]
    assert [f.display for f in discover(["pkg"], settings, cwd=repo)] == ["pkg/deep.py"]
    # a file named on the command line is always taken
    assert [f.display for f in discover(["untracked.py"], settings, cwd=repo)] == ["untracked.py"]
    elsewhere = tmp_path / "plain"
    elsewhere.mkdir()
    with pytest.raises(UsageError, match="--tracked-only: . is not in a git work tree"):
        discover(["."], Settings(root=elsewhere, tracked_only=True), cwd=elsewhere)

from __future__ import annotations

import os
from pathlib import Path

import pytest

from aliaslint.config import Settings
from aliaslint.files import SourceError, SourceFile, UsageError, discover, display_path, read_source


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
    else:  # root reads anything: make the read itself fail as it would for a user
        def denied(self: Path) -> bytes:
            raise PermissionError(13, "Permission denied", str(self))

        monkeypatch.setattr(Path, "read_bytes", denied)
    try:
        assert read_error(target) == "permission denied"
    finally:
        target.chmod(0o644)

"""The one atomic writer of --fix, --add-noqa, --write-baseline and -o: what each keeps of a
symbolic link, permissions, and nothing left behind when the rename fails."""
from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from aliaslint.atomic import write_atomic


@pytest.fixture
def link(tmp_path: Path) -> Path:
    target = tmp_path / "target.py"
    target.write_bytes(b"old\n")
    target.chmod(0o640)
    (tmp_path / "link.py").symlink_to(target)
    return tmp_path / "link.py"


def test_an_edit_writes_through_a_link_and_keeps_it(link: Path) -> None:
    assert write_atomic(link, b"new\n") is True
    assert link.is_symlink() and link.read_bytes() == b"new\n"
    assert stat.S_IMODE((link.parent / "target.py").stat().st_mode) == 0o640


def test_a_report_replaces_the_link_and_leaves_its_target(link: Path) -> None:
    assert write_atomic(link, b"report\n", replace_link=True) is True
    assert not link.is_symlink() and link.read_bytes() == b"report\n"
    assert (link.parent / "target.py").read_bytes() == b"old\n"


def test_a_dangling_link_is_written_through_or_replaced(tmp_path: Path) -> None:
    (tmp_path / "a").symlink_to(tmp_path / "a-target")
    (tmp_path / "b").symlink_to(tmp_path / "b-target")
    write_atomic(tmp_path / "a", b"x")
    write_atomic(tmp_path / "b", b"y", replace_link=True)
    assert (tmp_path / "a-target").read_bytes() == b"x" and (tmp_path / "a").is_symlink()
    assert not (tmp_path / "b-target").exists() and (tmp_path / "b").read_bytes() == b"y"


def test_a_new_file_gets_the_umask_mode_and_a_file_keeps_its_own(tmp_path: Path) -> None:
    umask = os.umask(0o027)
    try:
        assert write_atomic(tmp_path / "new", b"x") is False
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tmp_path / "new").stat().st_mode) == 0o640
    (tmp_path / "new").chmod(0o604)
    write_atomic(tmp_path / "new", b"y")
    assert stat.S_IMODE((tmp_path / "new").stat().st_mode) == 0o604


@pytest.mark.parametrize("replace_link", [False, True])
def test_a_failed_rename_leaves_the_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, replace_link: bool
) -> None:
    path = tmp_path / "m.py"
    path.write_bytes(b"x = 1\n")

    def full_disk(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(OSError, match="No space left"):
        write_atomic(path, b"x = 2\n", replace_link=replace_link)
    assert path.read_bytes() == b"x = 1\n"
    assert [p.name for p in tmp_path.iterdir()] == ["m.py"]


def test_a_special_file_is_never_replaced(tmp_path: Path) -> None:
    """``--write-baseline /dev/null`` renamed a regular file over the device node."""
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "link").symlink_to(tmp_path / "pipe")
    for path in (tmp_path / "pipe", tmp_path / "link"):
        with pytest.raises(OSError, match=r"^\[Errno 22\] not a regular file: it is a FIFO \(named pipe\): "):
            write_atomic(path, b"x")
    assert stat.S_ISFIFO(os.lstat(tmp_path / "pipe").st_mode) and (tmp_path / "link").is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "pipe"]

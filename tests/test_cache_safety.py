"""The checked tree is untrusted: a cache folder or configuration it ships must never run code.

Each test here is an attack or an accident that went wrong before (issue 11, part 1, and the
cache items of part 4): a planted pickle entry ran code, an entry copied over another module's
was accepted, ``python -m aliaslint`` imported the project's ``tomllib.py``, a repository's
configuration pointed the cache elsewhere.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import pickle
import subprocess
import sys
import tracemalloc
import zlib
from pathlib import Path

import pytest

from _cli import runner as cli_runner
from aliaslint import cache, codec, engine
from aliaslint.config import ConfigError, Settings, load_settings
from aliaslint.files import discover

BUG = """
def add_shm(spec):
    spec["containers"][0]["volumeMounts"].append({"mountPath": "/dev/shm"})


def reconcile(worker, diff):
    for i in range(diff):
        add_shm(worker["template"])
"""
OTHER = "def helper(x):\n    return x\n"


class _Payload:
    """Unpickling this writes ``marker``: what a planted entry did to the old cache."""

    def __init__(self, marker: str) -> None:
        self.marker = marker

    def __reduce__(self):
        return (Path(self.marker).write_text, ("ran",))


def _project(tmp_path: Path) -> tuple[Path, Settings]:
    project = tmp_path / "project"
    project.mkdir()
    (project / "op.py").write_text(BUG, encoding="utf-8")
    (project / "other.py").write_text(OTHER, encoding="utf-8")
    return project, Settings(root=project, cache_dir=project / ".aliaslint_cache")


def _check(project: Path, settings: Settings) -> list[tuple]:
    files = discover([project], settings, cwd=project)
    return [(d.code, d.location.path, d.location.line, d.message) for d in engine.check(files, settings).diagnostics]


def _entry_path(settings: Settings, source: str, module: str, display: str) -> Path:
    key = cache.key_for(source, module, display, False, [r.code for r in engine._rules(settings)])
    return cache.SummaryCache(settings).folder / key[:2] / key


def _check_noting(project: Path, settings: Settings) -> tuple[list[tuple], list[str]]:
    """:func:`_check`, with what the run says about the cache (``-v``)."""
    files = discover([project], settings, cwd=project)
    notes: list[str] = []
    found = engine.check(files, settings, note=notes.append).diagnostics
    return [(d.code, d.location.path, d.location.line, d.message) for d in found], notes


def _forget_the_last_run(settings: Settings) -> None:
    """Remove the replayed run and the kept project pass: the next run reads every summary."""
    folder = cache.SummaryCache(settings).folder
    for entry in [*folder.glob("runs/*"), *folder.glob("projects/*")]:
        entry.unlink()


def _cold_run_entry(tmp_path: Path) -> tuple[Path, Settings, list[tuple], Path]:
    """``(project, settings, cold findings, the buggy module's cache entry)`` after one cold run,
    with the run's record forgotten: else the next run is replayed and the entry never read."""
    project, settings = _project(tmp_path)
    cold = _check(project, settings)
    _forget_the_last_run(settings)
    return project, settings, cold, _entry_path(settings, BUG, "op", "op.py")


#: what the run after op.py's summary entry was refused says first: the other file's entry is
#: still read, op.py is summarised again
ONE_MISS = ["cache: 1 summary hit(s), 1 miss(es); project pass and rules run again", "summarised: op.py"]


def test_a_planted_pickle_entry_runs_nothing_and_the_result_is_the_cold_one(tmp_path: Path) -> None:
    project, settings = _project(tmp_path)
    cold = _check(project, Settings(root=project, no_cache=True))
    assert [c[:3] for c in cold] == [("AL001", "op.py", 8)]
    marker = tmp_path / "RAN"
    entry = _entry_path(settings, BUG, "op", "op.py")
    entry.parent.mkdir(parents=True)
    entry.write_bytes(pickle.dumps(_Payload(str(marker))))
    assert _check(project, settings) == cold
    assert not marker.exists()


def test_an_entry_copied_over_another_modules_key_is_a_miss(tmp_path: Path) -> None:
    project, settings = _project(tmp_path)
    cold = _check(project, settings)  # fills the cache
    bug_entry = _entry_path(settings, BUG, "op", "op.py")
    other_entry = _entry_path(settings, OTHER, "other", "other.py")
    assert bug_entry.is_file() and other_entry.is_file()
    bug_entry.write_bytes(other_entry.read_bytes())  # the helper's summary under the bug's key
    assert _check(project, settings) == cold


@pytest.mark.parametrize("damage", ["checksum", "format", "not-json", "foreign-tag", "wrong-field-type"])
def test_damaged_or_hostile_entries_are_misses(tmp_path: Path, damage: str) -> None:
    project, settings, cold, entry = _cold_run_entry(tmp_path)
    header, body = entry.read_bytes().split(b"\n", 1)
    if damage == "checksum":  # the summary edited, the header left as it was
        body = zlib.compress(zlib.decompress(body).replace(b'"op"', b'"xx"', 1))
    elif damage == "format":
        header = header.replace(b"aliaslint-summary/", b"aliaslint-summary/0")
    elif damage == "not-json":
        header = b"\x80\x04garbage"
    else:  # signed with this user's own key, as if it had leaked: the codec still refuses the body
        if damage == "foreign-tag":
            body = b'["os.system","echo ran"]'
        else:  # a Site whose line is a string: would crash the project pass later
            body = zlib.decompress(body)
            assert b'["Site","op",' in body
            body = body.replace(b'["Site","op",', b'["Site","op","1",', 1)
        meta = json.loads(header)
        header, body = cache.entry_bytes(meta["format"], meta["key"], body).split(b"\n", 1)
    entry.write_bytes(header + b"\n" + body)
    assert cache.SummaryCache(settings).get(entry.name) is None
    found, notes = _check_noting(project, settings)
    assert (found, notes[:2]) == (cold, ONE_MISS)


def test_entries_are_stored_compressed_and_read_back_exactly(tmp_path: Path) -> None:
    # a new user's first run over moto wrote 61 MB of entries into the checked tree (10 MB compressed)
    project, settings = _project(tmp_path)
    _check(project, settings)
    entry = _entry_path(settings, BUG, "op", "op.py")
    store = cache.SummaryCache(settings)
    summary = store.get(entry.name, str(project / "op.py"))
    assert summary is not None and (summary.module, summary.path) == ("op", str(project / "op.py"))
    header, stored = entry.read_bytes().split(b"\n", 1)
    encoded = zlib.decompress(stored)
    meta = json.loads(header)
    assert sorted(meta) == ["format", "key", "mac", "raw", "sha256", "size"]
    assert (meta["format"], meta["key"], meta["size"], meta["raw"]) == (
        "aliaslint-summary/13", entry.name, len(stored), len(encoded))
    assert meta["sha256"] == hashlib.sha256(stored).hexdigest() == store.digest(entry.name)
    assert len(stored) < len(encoded) / 2
    assert cache.checked_body(entry, cache.FORMAT, entry.name) == (encoded, meta["sha256"])
    assert cache.decode_summary(encoded, str(project / "op.py")) == summary
    twin = "f" * 64  # put and get again: the same summary, equal field by field
    store.put(twin, summary)
    assert store.get(twin, summary.path) == summary
    assert zlib.decompress((store.folder / "ff" / twin).read_bytes().split(b"\n", 1)[1]) == cache.encode_summary(summary)
    # the replayed run and the kept project pass are stored the same way
    folder = cache.SummaryCache(settings).folder
    [run], [kept] = folder.glob("runs/*"), folder.glob("projects/*")
    for path, fmt in ((run, "aliaslint-run/4"), (kept, "aliaslint-project/6")):
        meta = json.loads(path.read_bytes().split(b"\n", 1)[0])
        assert meta["format"] == fmt and meta["size"] < meta["raw"]
    # any body, compressible or not, empty too
    for n, body in enumerate((b"", os.urandom(5000), b'["t",1],' * 5000)):
        key = f"{n:064x}"
        path = folder / "00" / key
        cache.write_entry(folder, path, cache.entry_bytes("test/1", key, body))
        stored = path.read_bytes().split(b"\n", 1)[1]
        assert cache.checked_body(path, "test/1", key) == (body, hashlib.sha256(stored).hexdigest())
        assert cache.checked_body(path, "test/2", key) is None
    assert len(stored) < 400  # the repetitive one: 40 kB


def _resealed(entry: Path, edit) -> None:
    """Rewrite the entry at ``entry`` with its stored body and decompressed size replaced by
    ``edit(stored, raw)``, signed with this user's own key: what only a bug of ours, a damaged
    disk or a leaked key could make. The signature holds, the body must still be refused."""
    header, stored = entry.read_bytes().split(b"\n", 1)
    meta = json.loads(header)
    stored, raw = edit(stored, meta["raw"])
    entry.write_bytes(cache.sealed(meta["format"], meta["key"], stored, raw))


def _flip_middle_byte(stored: bytes) -> bytes:
    middle = len(stored) // 2
    return stored[:middle] + bytes([stored[middle] ^ 0xFF]) + stored[middle + 1:]


DAMAGED_STREAMS = {
    "cut short": None,  # the file itself, not signed again: the size and the signature fail
    "truncated stream": lambda stored, raw: (stored[:len(stored) // 2], raw),
    "its checksum cut off": lambda stored, raw: (stored[:-4], raw),  # every byte there, no end
    "a byte flipped": lambda stored, raw: (_flip_middle_byte(stored), raw),
    "bytes after the stream": lambda stored, raw: (stored + zlib.compress(b"[]"), raw),
    "longer than signed": lambda stored, raw: (stored, raw - 1),
    "shorter than signed": lambda stored, raw: (stored, raw + 1),
    "a size that is not a number": lambda stored, raw: (stored, True),
    "not compressed": lambda stored, raw: (zlib.decompress(stored), raw),  # format 2's body
    "raw deflate": lambda stored, raw: (zlib.compress(zlib.decompress(stored))[2:-4], raw),
}


@pytest.mark.parametrize("damage", sorted(DAMAGED_STREAMS))
def test_a_damaged_compressed_entry_is_a_miss_and_the_run_goes_on(tmp_path: Path, damage: str) -> None:
    project, settings, cold, entry = _cold_run_entry(tmp_path)
    if DAMAGED_STREAMS[damage] is None:
        entry.write_bytes(entry.read_bytes()[:-20])
    else:
        _resealed(entry, DAMAGED_STREAMS[damage])
    assert cache.SummaryCache(settings).get(entry.name) is None
    found, notes = _check_noting(project, settings)
    assert (found, notes[:2]) == (cold, ONE_MISS)
    assert cache.SummaryCache(settings).get(entry.name) is not None  # written again, whole


def test_an_entry_of_the_uncompressed_format_is_a_miss(tmp_path: Path) -> None:
    # what 0.1.0 wrote before entries were compressed (format 2), signed with this user's key
    project, settings, cold, entry = _cold_run_entry(tmp_path)
    body = zlib.decompress(entry.read_bytes().split(b"\n", 1)[1])
    digest = hashlib.sha256(body).hexdigest()
    fmt = "aliaslint-summary/2"
    mac = hmac.new(cache.signing_key(), "\0".join((fmt, entry.name, digest)).encode(), hashlib.sha256).hexdigest()
    meta = {"format": fmt, "key": entry.name, "size": len(body), "sha256": digest, "mac": mac}
    entry.write_bytes(json.dumps(meta, separators=(",", ":")).encode() + b"\n" + body)
    assert cache.SummaryCache(settings).get(entry.name) is None
    found, notes = _check_noting(project, settings)
    assert (found, notes[:2]) == (cold, ONE_MISS)


def test_a_forged_entry_that_decompresses_is_a_miss(tmp_path: Path) -> None:
    # a valid zlib stream, the right sizes and checksum, and a signature made with another key:
    # the harmless module's summary where the buggy one's goes, to hide its finding
    project, settings, cold, entry = _cold_run_entry(tmp_path)
    meta = json.loads(entry.read_bytes().split(b"\n", 1)[0])
    body = zlib.decompress(_entry_path(settings, OTHER, "other", "other.py").read_bytes().split(b"\n", 1)[1])
    stored = zlib.compress(body, 9)
    entry.write_bytes(cache.sealed(meta["format"], meta["key"], stored, len(body)))
    # signed with this user's key, it would be read: only the signature stands in the way
    assert cache.SummaryCache(settings).get(entry.name).module == "other"
    digest = hashlib.sha256(stored).hexdigest()
    message = "\0".join((meta["format"], meta["key"], digest, str(len(body)))).encode()
    meta.update(size=len(stored), raw=len(body), sha256=digest,
                mac=hmac.new(os.urandom(32), message, hashlib.sha256).hexdigest())
    entry.write_bytes(json.dumps(meta).encode() + b"\n" + stored)
    assert cache.SummaryCache(settings).get(entry.name) is None
    found, notes = _check_noting(project, settings)
    assert (found, notes[:2]) == (cold, ONE_MISS)


@pytest.fixture(scope="module")
def bomb() -> bytes:
    """A zlib stream of 256 MiB of zeros: 255 kB."""
    squeeze, zeros = zlib.compressobj(9), bytes(1 << 20)
    return b"".join([*(squeeze.compress(zeros) for _ in range(256)), squeeze.flush()])


@pytest.mark.parametrize("signed_size", ["the size it has", "a small size", "the largest allowed"])
def test_a_decompression_bomb_is_a_miss_without_using_memory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bomb: bytes, signed_size: str) -> None:
    # signed with this user's own key (a leaked one): its header says how large it is, and
    # decompression stops one byte past that, and past the cap (1 MiB here, 64 MiB for real)
    cap = 1 << 20
    monkeypatch.setattr(cache, "MAX_ENTRY_BYTES", cap)
    assert len(bomb) < cap // 4
    project, settings, cold, entry = _cold_run_entry(tmp_path)
    size = {"the size it has": 256 << 20, "a small size": 1000, "the largest allowed": cap}[signed_size]
    _resealed(entry, lambda stored, raw: (bomb, size))
    tracemalloc.start()
    try:
        got = cache.SummaryCache(settings).get(entry.name)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert got is None
    assert peak < 4 * cap  # the entry read, and at most the cap decompressed (256 MiB if let go)
    found, notes = _check_noting(project, settings)
    assert (found, notes[:2]) == (cold, ONE_MISS)


def _forge(entry: Path, edit) -> None:
    """Rewrite the entry at ``entry`` with ``edit(body)`` (the body decompressed) and a header
    whose sizes and checksum match: what anyone can do to a cache folder a repository ships."""
    header, stored = entry.read_bytes().split(b"\n", 1)
    body = edit(zlib.decompress(stored))
    stored = zlib.compress(body)
    meta = json.loads(header)
    meta.update(size=len(stored), raw=len(body), sha256=hashlib.sha256(stored).hexdigest())
    entry.write_bytes(json.dumps(meta).encode() + b"\n" + stored)


def test_a_forged_replay_that_hides_the_findings_is_a_miss(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a new user's attack on 0.1.0: the last run's saved diagnostics emptied, the checksum
    # recomputed, and the next run said "All checks passed!" (exit 0) on a tree with a bug
    from aliaslint.cli import cli

    project, _ = _project(tmp_path)
    monkeypatch.chdir(project)
    first = cli_runner().invoke(cli, ["check", "--output-format", "concise", str(project)])
    assert first.exit_code == 1 and "AL001" in first.stdout
    runs = list((project / ".aliaslint_cache").glob("*/runs/*"))
    assert len(runs) == 1
    _forge(runs[0], _emptied_diagnostics)
    again = cli_runner().invoke(cli, ["check", "--output-format", "concise", str(project)])
    assert (again.exit_code, again.stdout) == (first.exit_code, first.stdout)


def _emptied_diagnostics(body: bytes) -> bytes:
    """A replayed run's body (``(diagnostics, warnings, calls not followed)``) with no
    diagnostics: still a valid entry for the codec."""
    _, warnings, unresolved = codec.loads(body)
    return codec.dumps(([], warnings, unresolved)).encode()


def test_entries_signed_by_another_user_are_misses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project, settings = _project(tmp_path)
    _check(project, settings)
    key = cache.key_for(BUG, "op", "op.py", False, [r.code for r in engine._rules(settings)])
    assert cache.SummaryCache(settings).get(key) is not None
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "another-home"))  # another user, another machine
    assert cache.SummaryCache(settings).get(key) is None
    assert (tmp_path / "another-home" / "aliaslint" / "cache-signing-key").stat().st_mode & 0o777 == 0o600


def test_a_signing_key_that_cannot_be_stored_means_no_cache_and_one_warning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a new user's trial: with no writable home (a CI container), every run was cold without a
    # word, and still wrote entries signed with a secret no later run has
    from aliaslint.cli import cli

    project, _ = _project(tmp_path)
    (tmp_path / "home-file").write_text("")  # the key's folder cannot be made below a file
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "home-file"))
    monkeypatch.chdir(project)
    result = cli_runner().invoke(cli, ["check", "--output-format", "concise", str(project)])
    assert result.exit_code == 1 and "AL001" in result.stdout
    assert result.stderr.count("cannot store the cache signing key") == 1
    assert "running without the cache" in result.stderr
    assert not (project / ".aliaslint_cache").exists()
    quiet = cli_runner().invoke(cli, ["check", "-q", "--output-format", "concise", str(project)])
    assert "signing key" not in quiet.stderr


@pytest.mark.parametrize("planted", ["not-a-hex-key", "../../../../etc/passwd"])
def test_a_project_pass_entry_naming_a_bad_summary_key_is_a_miss(tmp_path: Path, planted: str,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # a new user's find on 0.1.0: "internal error: ValueError: a cache key is a SHA-256 hex digest"
    from aliaslint.cli import cli

    project, _ = _project(tmp_path)
    monkeypatch.chdir(project)
    first = cli_runner().invoke(cli, ["check", "--output-format", "concise", str(project)])
    stored = list((project / ".aliaslint_cache").glob("*/projects/*"))
    assert len(stored) == 1

    def plant(body: bytes) -> bytes:
        states, *rest = codec.loads(body)
        return codec.dumps(([(s[0], s[1], planted) for s in states], *rest)).encode()

    header, body = stored[0].read_bytes().split(b"\n", 1)
    meta = json.loads(header)
    stored[0].write_bytes(cache.entry_bytes(meta["format"], meta["key"], plant(zlib.decompress(body))))  # even when signed
    (project / "op.py").write_text(BUG + "\n# touched\n", encoding="utf-8")
    again = cli_runner().invoke(cli, ["check", "--output-format", "concise", str(project)])
    assert again.exit_code == first.exit_code == 1, again.stderr
    assert again.stdout == first.stdout


def test_an_entry_that_is_a_symbolic_link_is_a_miss(tmp_path: Path) -> None:
    project, settings = _project(tmp_path)
    _check(project, settings)
    key = cache.key_for(BUG, "op", "op.py", False, [r.code for r in engine._rules(settings)])
    store = cache.SummaryCache(settings)
    entry = _entry_path(settings, BUG, "op", "op.py")
    assert store.get(key) is not None
    elsewhere = tmp_path / "elsewhere"
    entry.rename(elsewhere)
    entry.symlink_to(elsewhere)  # the same valid entry, reached through a link
    assert store.get(key) is None


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_planted_as_an_entry_does_not_hang_the_run(tmp_path: Path) -> None:
    project, settings = _project(tmp_path)
    entry = _entry_path(settings, BUG, "op", "op.py")
    entry.parent.mkdir(parents=True)
    os.mkfifo(entry)
    result = subprocess.run(
        [sys.executable, "-m", "aliaslint", "check", "--output-format", "concise", "."],
        cwd=project, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 1, result.stderr
    assert "op.py:8:" in result.stdout


def test_a_project_moved_with_its_cache_gives_the_cold_result(tmp_path: Path) -> None:
    project, settings = _project(tmp_path)
    cold = _check(project, settings)
    moved = tmp_path / "elsewhere"
    project.rename(moved)
    settings = Settings(root=moved, cache_dir=moved / ".aliaslint_cache")
    got = cache.SummaryCache(settings).get(_entry_path(settings, BUG, "op", "op.py").name, str(moved / "op.py"))
    assert got is not None and got.path == str(moved / "op.py")
    assert _check(moved, settings) == cold


def test_model_files_are_keyed_by_content_not_mtime(tmp_path: Path) -> None:
    model = tmp_path / "m.toml"
    model.write_text('["x.clone"]\nkind = "deepcopy"\n', encoding="utf-8")
    settings = Settings(root=tmp_path, models=(model,))
    before = cache.SummaryCache(settings).folder
    os.utime(model, (1, 1))
    assert cache.SummaryCache(settings).folder == before
    model.write_text('["x.clone"]\nkind = "copy"\n', encoding="utf-8")
    assert cache.SummaryCache(settings).folder != before


def test_cache_dir_dot_writes_no_gitignore_into_the_project(tmp_path: Path) -> None:
    project, _ = _project(tmp_path)
    settings = Settings(root=project, cache_dir=project)
    first = _check(project, settings)
    assert not (project / ".gitignore").exists()
    assert _check(project, settings) == first  # the files are still found


def test_the_default_cache_folder_ignores_itself(tmp_path: Path) -> None:
    project, settings = _project(tmp_path)
    _check(project, settings)
    assert (project / ".aliaslint_cache" / ".gitignore").read_text() == "# created by aliaslint\n*\n"


def test_the_codec_round_trips_summaries_and_refuses_other_types(tmp_path: Path) -> None:
    from aliaslint.analyzer import analyze_module

    summary = analyze_module(BUG, "op", "op.py", "/x/op.py", engine._rules(None), False)
    assert codec.loads(codec.dumps(summary)) == summary
    with pytest.raises(TypeError):
        codec.dumps(object())
    for hostile in ('["posix.system","ls"]', '{"__class__": "x"}', '["^", 0]', '["Site", "m", 1]', "[" * 5000 + "]" * 5000):
        with pytest.raises(codec.DecodeError):
            codec.loads(hostile)


def test_python_dash_m_does_not_import_modules_from_the_working_directory(tmp_path: Path) -> None:
    marker = tmp_path / "RAN"
    for name in ("tomllib.py", "zipfile.py", "email.py", "json.py"):
        (tmp_path / name).write_text(f"open({str(marker)!r}, 'w').write('ran')\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "aliaslint", "check", "--no-cache", "."],
                            cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert not marker.exists()


@pytest.mark.parametrize(("option", "advice"), [
    ("cache-dir = '../outside'", "give it with --cache-dir instead"),
    ("cache-dir = '/tmp'", "give it with --cache-dir instead"),
    # there is no --models: the advice names what exists
    ("models = ['../m.toml']", "keep the file inside the project, or name a configuration file next to it with --config"),
])
def test_configuration_paths_must_stay_inside_the_project(tmp_path: Path, option: str, advice: str) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (tmp_path / "m.toml").write_text('["x.clone"]\nkind = "deepcopy"\n', encoding="utf-8")
    (project / "pyproject.toml").write_text(f"[tool.aliaslint]\n{option}\n", encoding="utf-8")
    key, value = option.split(" = ")
    with pytest.raises(ConfigError) as raised:
        load_settings([project], cwd=project)
    assert str(raised.value) == (f"{project / 'pyproject.toml'}: option '{key}' in [tool.aliaslint] points outside "
                                 f"the project ({value.strip('[]')}); {advice}")


def test_a_symlink_inside_the_project_does_not_lead_the_cache_outside(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (tmp_path / "secret").mkdir()
    (project / "link").symlink_to(tmp_path / "secret")
    (project / "pyproject.toml").write_text("[tool.aliaslint]\ncache-dir = 'link'\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="points outside the project"):
        load_settings([project], cwd=project)


def test_the_command_line_may_put_the_cache_and_models_anywhere(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (tmp_path / "m.toml").write_text('["x.clone"]\nkind = "deepcopy"\n', encoding="utf-8")
    (project / "pyproject.toml").write_text("[tool.aliaslint]\n", encoding="utf-8")
    (project / "ok.py").write_text("x = 1\n", encoding="utf-8")
    settings = load_settings([project], {"cache_dir": Path("../c"), "models": [Path("../m.toml")]}, cwd=project)
    assert settings.cache_dir == tmp_path / "c"
    assert settings.models == (tmp_path / "m.toml",)
    result = subprocess.run(
        [sys.executable, "-m", "aliaslint", "check", "--cache-dir", str(tmp_path / "c"), "."],
        cwd=project, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "c").is_dir()


def _cli(*args: str):

    from aliaslint.cli import cli

    runner = cli_runner()
    return runner.invoke(cli, ["check", *args], catch_exceptions=False)


@pytest.mark.parametrize("linked", ["cache folder", "version folder"])
def test_a_default_cache_folder_linked_out_of_the_project_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, linked: str
) -> None:
    """A repository ships ``.aliaslint_cache`` (or the version folder inside it) as a link to a
    folder elsewhere: the run warns once and writes nothing there."""
    outside = tmp_path / "outside"
    outside.mkdir()
    project, settings = _project(tmp_path)
    if linked == "cache folder":
        link = project / ".aliaslint_cache"
    else:
        link = cache.SummaryCache(settings).folder
        link.parent.mkdir()
    link.symlink_to(outside)
    monkeypatch.chdir(project)
    result = _cli("--exit-zero", "--output-format", "concise", ".")
    assert result.exit_code == 0
    assert result.stderr == (
        f"aliaslint: warning: the cache folder {link} leads outside the project "
        f"(to {outside}) through a symbolic link; running without the cache\n"
    )
    assert list(outside.iterdir()) == []
    assert result.stdout.startswith("op.py:8:")  # the findings are the same


def test_a_cache_folder_given_on_the_command_line_may_be_a_link(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    project, _ = _project(tmp_path)
    (project / ".aliaslint_cache").symlink_to(outside)
    monkeypatch.chdir(project)
    result = _cli("--exit-zero", "--cache-dir", ".aliaslint_cache", ".")
    assert result.exit_code == 0 and result.stderr == ""
    assert sorted(p.name for p in outside.iterdir()) == [".gitignore", cache.SummaryCache(Settings(root=project)).folder.name]


def test_a_cache_that_cannot_be_written_is_said_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file where the cache folder should be (or a read-only tree): one warning, not one per file,
    and the run's result is the same."""
    project, _ = _project(tmp_path)
    (project / "blocker").write_text("", encoding="utf-8")
    monkeypatch.chdir(project)
    result = _cli("--exit-zero", "--output-format", "concise", "--cache-dir", "blocker/cache", ".")
    assert result.exit_code == 0
    folder = cache.SummaryCache(Settings(root=project, cache_dir=project / "blocker" / "cache")).folder
    assert result.stderr == (
        f"aliaslint: warning: cannot write the cache in {folder.parent} (Not a directory); results are not cached\n"
    )
    assert result.stdout.startswith("op.py:8:")


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_cache_folder_is_said_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project, _ = _project(tmp_path)
    (project / ".aliaslint_cache").mkdir()
    (project / ".aliaslint_cache").chmod(0o555)
    monkeypatch.chdir(project)
    try:
        result = _cli("--exit-zero", "--output-format", "concise", ".")
    finally:
        (project / ".aliaslint_cache").chmod(0o755)
    assert result.stderr == (
        f"aliaslint: warning: cannot write the cache in {project / '.aliaslint_cache'} (Permission denied); "
        "results are not cached\n"
    )


def test_an_entry_folder_planted_as_a_link_is_not_written_through(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    folder = tmp_path / "cache" / "0.1.0-x"
    folder.mkdir(parents=True)
    (folder / "ab").symlink_to(outside)
    cache.write_entry(folder, folder / "ab" / ("ab" + "0" * 62), b"entry")
    assert list(outside.iterdir()) == []


def test_entries_damaged_into_folders_or_links_are_replaced_not_followed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the trial: entries replaced by folders made every later run miss, for ever, in silence
    project, settings = _project(tmp_path)
    monkeypatch.chdir(project)
    assert _cli("--exit-zero", ".").exit_code == 0
    secret = tmp_path / "secret.txt"
    secret.write_text("keep\n", encoding="utf-8")
    folder = cache.SummaryCache(settings).folder
    entries = sorted(p for p in folder.glob("*/*") if p.parent.name not in ("runs", "projects"))
    assert len(entries) == 2
    for entry in sorted(folder.glob("*/*")):  # the replayed run and project pass too
        entry.unlink()
        (entry / "sub").mkdir(parents=True)
        (entry / "sub" / "link").symlink_to(secret)
    bucket = entries[0].parent
    for child in bucket.iterdir():  # and one entry folder that is a link out of the cache
        if child != entries[0]:
            os.rename(child, tmp_path / child.name)
    os.rename(bucket, tmp_path / "bucket")
    bucket.symlink_to(tmp_path / "bucket")
    result = _cli("-v", "--exit-zero", ".")
    assert "aliaslint: cache: 0 summary hit(s), 2 miss(es); project pass and rules run again\n" in result.stderr
    assert all(entry.is_file() and not entry.is_symlink() for entry in entries)
    assert not bucket.is_symlink() and (tmp_path / "bucket" / entries[0].name / "sub" / "link").is_symlink()
    assert secret.read_text(encoding="utf-8") == "keep\n"
    assert list(folder.glob("*/.old-*")) == []
    rerun = _cli("-v", "--exit-zero", ".")
    assert "aliaslint: cache: nothing changed since the last run: 1 diagnostic(s) replayed, nothing recomputed\n" \
        in rerun.stderr

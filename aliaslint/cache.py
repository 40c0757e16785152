"""The summary cache: one :class:`ModuleSummary` per module, keyed by content hash.

The key covers the source text, the module name and display path (they appear in the
summary), the tool version, the engine's own code, the enabled rules and (through the folder
name) the content of the user model files: anything that changes what phase 1 would produce.

The cache folder sits inside the checked project, and a repository can ship one, so entries are
*data only* (:mod:`aliaslint.codec`, never pickle), versioned, checked to belong to their key and
*signed*: the header holds an HMAC-SHA256 of the entry made with a secret kept outside the project,
in the user's own cache folder (:func:`signing_key`). A plain checksum is no defence against a
shipped cache, since anyone can recompute it: a pull request could add a forged entry (or a
forged replay of the last run) that hides every finding. Entries written on another machine, or by
another user, therefore fail the check and are misses, like anything else unexpected. Entries are
written atomically (temporary file + rename), so a crashed or concurrent run never leaves a
half-written entry.

Bodies are stored compressed (zlib, :data:`COMPRESS_LEVEL`): the codec's JSON repeats the same
paths, names and tags endlessly, and a first run over moto's 1,459 files wrote 61 MB of entries
into the checked tree (12 MB compressed, half of it the file system's 4 kB blocks: one file per
module). The signature covers the compressed bytes exactly as
they are read back, so nothing is decompressed before it is checked; the decompressed size is in
the signed header too, and decompression stops one byte past it (a stream that would give more,
a decompression bomb, is a miss without ever holding more than that size).
"""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import hmac
import json
import os
import re
import shutil
import stat
import tempfile
import time
import zlib
from pathlib import Path

from aliaslint import __version__
from aliaslint.files import SourceError, read_regular_file


#: engine modules that only run after the per-module pass (the project pass, its astroid
#: helper, output) or around it (the worker pool, the progress line, the replay of the last
#: run): a change to them cannot change a summary, so it keeps the cache valid
NOT_IN_SUMMARIES = {
    "project.py", "callgraph.py", "dataflow.py", "effects.py", "inference.py", "cli.py", "suppression.py",
    "reporters", "fix", "baseline.py", "fingerprint.py", "add_noqa.py", "rules_reference.py",
    "replay.py", "progress.py", "arg_stores.py", "workers.py", "gc_tuning.py", "cutoff.py", "hashcons.py", "reads.py",
}


@functools.lru_cache(maxsize=1)
def engine_fingerprint() -> str:
    """Hash of the code that makes summaries: the engine's per-module pass, the bundled models
    and the rules that take part in it (those with ``visit_`` / ``leave_`` hooks). A changed
    analyzer (an editable install during development, a new release) must not reuse summaries
    the old one wrote; a rule decided in the project pass only does not invalidate them."""
    import inspect

    import aliaslint
    from aliaslint.rules import all_rules

    h = hashlib.sha256()
    folder = Path(aliaslint.__file__).parent
    for path in sorted(folder.rglob("*")):
        if NOT_IN_SUMMARIES & set(path.relative_to(folder).parts):
            continue
        if path.suffix in (".py", ".toml") and "__pycache__" not in path.parts:
            h.update(str(path.relative_to(folder)).encode())
            h.update(path.read_bytes())
    for rule in all_rules():
        if any(name.startswith(("visit_", "leave_")) for name in dir(rule)):
            h.update(rule.code.encode())
            h.update(inspect.getsource(inspect.getmodule(rule)).encode())
    return h.hexdigest()[:16]


def text_digest(source: str) -> str:
    """SHA-256 (hex) of a file's text (UTF-8, lone surrogates kept): what the key holds of it."""
    return hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest()


def key_for(source: str, module: str, display: str, is_package: bool, rule_codes) -> str:
    """The summary cache key of a file whose text is ``source`` (a SHA-256 hex digest)."""
    return key_from_digest(text_digest(source), module, display, is_package, rule_codes)


def key_from_digest(digest: str, module: str, display: str, is_package: bool, rule_codes) -> str:
    """:func:`key_for` from the text's :func:`text_digest`: the main process keeps the digest,
    not the text, of every file between reading and keying it."""
    h = hashlib.sha256()
    for part in (__version__, engine_fingerprint(), module, display, str(is_package), ",".join(rule_codes), digest):
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()


#: the entry format; a change to the codec, to the summary's fields or to how entries are
#: stored (:func:`entry_bytes`; 3: compressed bodies) bumps it
FORMAT = "aliaslint-summary/13"  # 13: ClassInfo.dataclass_defaults
#: an entry larger than this, as a file or once decompressed, is not read (a hostile or damaged
#: file must not fill memory)
MAX_ENTRY_BYTES = 64 * 1024 * 1024
#: the zlib level of entries' bodies. On moto's 1,459 files (58 MB of entries uncompressed),
#: levels 1, 3 and 6 store 8.9, 7.7 and 6.4 MB (12.8, 11.5 and 10.3 MB in 4 kB blocks) for 0.24,
#: 0.27 and 0.65 s of compression in all (in the workers), and 0.13, 0.09 and 0.08 s to
#: decompress them all; the largest entry (3.6 MB) takes 15, 16 and 30 ms to compress
COMPRESS_LEVEL = 3


class SummaryCache:
    """Summaries on disk, one file per module: data only, checked before use.

    An entry is one header line of JSON (:func:`entry_bytes`) and a body written by
    :mod:`aliaslint.codec`, compressed. :meth:`get` treats anything unexpected as a miss: a file
    that is not a regular file (a FIFO, a device, a symlink), one that is too large, another
    format, an entry written for another key (copied over another module's), a checksum or a
    signature that does not match, a body that does not decompress to the size signed for it,
    or one the codec refuses. Reading an entry never runs code.
    """

    def __init__(self, settings) -> None:
        h = hashlib.sha256()
        for path in settings.models:  # by content: a touched but unchanged model file keeps the cache
            try:
                h.update(path.read_bytes())
            except OSError:
                h.update(b"unreadable")
            h.update(b"\0")
        self.folder = Path(settings.cache_dir) / f"{__version__}-{h.hexdigest()[:8]}"
        #: key -> SHA-256 of the body of the entry read or checked under it (see :meth:`digest`)
        self._digests: dict[str, str] = {}

    def _entry(self, key: str) -> Path | None:
        """Where the entry for ``key`` lives, or ``None`` when ``key`` is not a SHA-256 hex digest
        (a key read from a damaged or planted project-pass entry: a miss, never a path outside
        the cache)."""
        if not _is_key(key):
            return None
        return self.folder / key[:2] / key

    def get(self, key: str, path: str = "", interner=None):
        """The summary stored under ``key``, or ``None`` (a miss).

        ``path`` is the file's path on this machine; summaries are stored without it, so a
        project moved together with its cache still gives the cold result. ``interner`` (a
        :class:`aliaslint.codec.Interner`) shares values with the other summaries of the check.
        """
        checked = self._body(key)
        if checked is None:
            return None
        body, digest = checked
        got = decode_summary(body, path, interner)
        if got is None:
            return None
        self._digests[key] = digest
        return got

    def digest(self, key: str) -> str | None:
        """SHA-256 (hex) of the summary stored under ``key``, as stored (encoded and compressed:
        two equal digests are two equal summaries). From :meth:`get` when it read the entry, else
        the entry is read and its header and signature checked (neither decompressed nor
        decoded). ``None`` when there is no valid entry."""
        got = self._digests.get(key)
        if got is None:
            entry = self._entry(key)
            verified = None if entry is None else verified_body(entry, FORMAT, key)
            if verified is not None:
                got = self._digests[key] = verified[1]
        return got

    def _body(self, key: str) -> tuple[bytes, str] | None:
        """The body of the entry for ``key``, decompressed, and the SHA-256 of what is stored,
        once the entry is checked (:func:`checked_body`), else ``None``."""
        entry = self._entry(key)
        return None if entry is None else checked_body(entry, FORMAT, key)

    def put(self, key: str, summary) -> None:
        """Store ``summary`` under ``key`` atomically (temporary file, then rename); a tree where
        nothing can be written runs without the cache."""
        self.put_encoded(key, encode_summary(summary))

    def put_encoded(self, key: str, body: bytes) -> None:
        """:meth:`put` for a summary already encoded by :func:`encode_summary`."""
        entry = self._entry(key)
        if entry is not None:
            write_entry(self.folder, entry, entry_bytes(FORMAT, key, body))

    def has(self, key: str) -> bool:
        """Whether an entry exists for ``key`` (cheap: one ``lstat``; :meth:`get` still checks it)."""
        entry = self._entry(key)
        return entry is not None and os.path.lexists(entry)


def _is_key(key: object) -> bool:
    return isinstance(key, str) and len(key) == 64 and all(c in "0123456789abcdef" for c in key)


def encode_summary(summary) -> bytes:
    """A :class:`~aliaslint.summary.ModuleSummary` as the body of a cache entry (UTF-8 text of
    :mod:`aliaslint.codec`), without its ``path``: the same bytes on every machine. Workers also
    send summaries to the main process in this form (:func:`decode_summary` shares their values)."""
    from aliaslint import codec

    return codec.dumps(dataclasses.replace(summary, path="")).encode("utf-8", "surrogatepass")


def decode_summary(body: bytes, path: str = "", interner=None):
    """The summary encoded in ``body`` (:func:`encode_summary`), its ``path`` set to ``path``, or
    ``None`` when the codec refuses the body or it holds anything but a summary. ``interner`` (a
    :class:`aliaslint.codec.Interner`) makes its strings and values the objects already decoded
    with it when equal."""
    from aliaslint import codec
    from aliaslint.summary import ModuleSummary

    try:
        got = codec.loads(body, interner)
    except (ValueError, UnicodeDecodeError):  # codec.DecodeError is a ValueError
        return None
    if not isinstance(got, ModuleSummary):
        return None
    got.path = path
    return got


def open_cache(settings) -> tuple[SummaryCache | None, str | None]:
    """The run's cache, or ``None`` and a warning saying why it is not used.

    ``None`` without a warning with ``no-cache``. The default folder (``.aliaslint_cache`` in the
    project root) comes with the checked tree, which may ship it, or a folder above it, as a
    symbolic link to anywhere on the machine: when its resolved path leaves the project, the run
    goes without the cache. A ``cache-dir`` from a configuration file is checked when it is read
    (:mod:`aliaslint.config`); one given on the command line may be anywhere.
    """
    if settings.no_cache:
        return None, None
    signing_key()  # read (or made) once, before the workers are forked: they sign with it too
    if not key_stored():
        # a secret of this process alone: nothing it signs is ever read again, so writing
        # entries would only fill the folder (and push out another user's entries)
        return None, (f"cannot store the cache signing key in {key_folder()} (set XDG_CACHE_HOME to a "
                      "writable folder); running without the cache")
    folder = Path(settings.cache_dir)
    given = dict(settings.origins).get("cache-dir") == "command line"
    store = SummaryCache(settings)
    if not given and folder == Path(settings.root) / ".aliaslint_cache":
        project = Path(os.path.realpath(settings.root))
        for part in (folder, store.folder):  # the version folder inside may be a link too
            resolved = Path(os.path.realpath(part))
            if resolved != project and project not in resolved.parents:
                return None, (f"the cache folder {part} leads outside the project (to {resolved}) through a "
                              "symbolic link; running without the cache")
    return store, None


#: the room, in multiples of what a run's own summary entries take (and at least the floor, in
#: bytes), that entries the run did not use may keep: other subsets of the project checked
#: lately and recent versions of edited files, not every version of every file ever checked
PRUNE_FACTOR = 4
PRUNE_FLOOR = 8 * 1024 * 1024
#: a folder of another aliaslint version (or engine) not touched for this long, in seconds, goes
STALE_VERSION_SECONDS = 14 * 24 * 3600


def prune(store: SummaryCache, used: set[str]) -> int:
    """Remove the summary entries ``used`` does not name, oldest first (by modification time),
    while the store's folder holds more than :data:`PRUNE_FACTOR` times what the used ones take
    (or :data:`PRUNE_FLOOR`); and the folders of other versions not touched for
    :data:`STALE_VERSION_SECONDS`. Returns the number of bytes freed. Errors are ignored one by
    one (another run may be removing the same file); nothing is followed through a link.
    Where this comes from: a new user's trial, where 40 edits of one file grew the cache from
    600 kB to 23 MB."""
    used_bytes, unused = 0, []
    try:
        parts = [p for p in store.folder.iterdir() if len(p.name) == 2 and not p.is_symlink() and p.is_dir()]
    except OSError:
        return 0
    for part in parts:
        try:
            names = list(part.iterdir())
        except OSError:
            continue
        for entry in names:
            try:
                st = entry.lstat()
            except OSError:
                continue
            if entry.name in used:
                used_bytes += st.st_size
            elif stat.S_ISREG(st.st_mode):
                unused.append((st.st_mtime, st.st_size, entry))
    total = used_bytes + sum(size for _, size, _ in unused)
    budget = max(PRUNE_FACTOR * used_bytes, PRUNE_FLOOR)
    freed = 0
    for _, size, entry in sorted(unused, key=lambda u: (u[0], u[2].name)):
        if total <= budget:
            break
        try:
            entry.unlink()
        except OSError:
            continue
        total -= size
        freed += size
    now = time.time()
    try:
        siblings = [p for p in store.folder.parent.iterdir() if p != store.folder and _VERSION_FOLDER.match(p.name)]
    except OSError:
        siblings = []
    for folder in siblings:
        try:
            if folder.is_symlink() or not folder.is_dir() or now - folder.stat().st_mtime < STALE_VERSION_SECONDS:
                continue
        except OSError:
            continue
        shutil.rmtree(folder, ignore_errors=True)
    return freed


#: the name of a store's folder (:class:`SummaryCache`): ``<version>-<8 hex digits>``
_VERSION_FOLDER = re.compile(r"^[0-9][0-9A-Za-z.+!-]*-[0-9a-f]{8}$")


def unwritable(store: SummaryCache) -> str | None:
    """Why nothing can be written to ``store``'s folder (a read-only tree, a file in the way), as a
    warning for the run, or ``None``. Entries are written by the worker processes, which ignore
    errors one by one; this one probe lets the run say it once."""
    try:
        store.folder.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(dir=store.folder, prefix=".tmp-")
        os.close(fd)
        os.unlink(probe)
    except OSError as error:
        return (f"cannot write the cache in {store.folder.parent} ({error.strerror or error}); "
                "results are not cached")
    return None


#: the secret's file name in the user's cache folder, and its length in bytes
_KEY_FILE = "cache-signing-key"
_KEY_BYTES = 32


def key_folder() -> Path:
    """The user's own cache folder for aliaslint, outside every project: ``$XDG_CACHE_HOME/aliaslint``,
    else ``~/.cache/aliaslint``."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "aliaslint"


def signing_key() -> bytes:
    """The secret that signs this user's cache entries (:func:`entry_bytes`), 32 bytes.

    Read from :func:`key_folder`'s ``cache-signing-key``, made there (mode 0600, atomically: two
    runs starting together agree on one) on first use. When it can be neither read nor made (no
    writable home), a secret of this process only is used (:func:`key_stored` is then false, and
    :func:`open_cache` runs without the cache, saying so): nothing a project ships is ever
    trusted. Raises nothing."""
    folder = key_folder()
    return _signing_key(str(folder / _KEY_FILE))


@functools.lru_cache(maxsize=4)
def _signing_key(path: str) -> bytes:
    stored = _read_key(path)
    if stored is not None:
        return stored
    fresh = os.urandom(_KEY_BYTES)
    try:
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(fresh.hex().encode())
            os.link(tmp, path)  # fails if another run made one meanwhile: then that one is the key
        finally:
            os.unlink(tmp)
    except OSError:
        pass
    stored = _read_key(path)
    return stored if stored is not None else fresh


def key_stored() -> bool:
    """Whether :func:`signing_key` is the one kept in :func:`key_folder` (else it is this
    process's own, and the cache cannot be reused)."""
    return _read_key(str(key_folder() / _KEY_FILE)) == signing_key()


def _read_key(path: str) -> bytes | None:
    raw = _read_regular_file(Path(path), 4 * _KEY_BYTES)
    try:
        key = bytes.fromhex(raw.decode("ascii")) if raw is not None else b""
    except (ValueError, UnicodeDecodeError):
        return None
    return key if len(key) == _KEY_BYTES else None


def _signature(fmt: str, key: str, digest: str, raw: int) -> str:
    """HMAC-SHA256 (hex), with :func:`signing_key`, of an entry's format, key, stored body's
    digest and decompressed size."""
    message = "\0".join((fmt, key, digest, str(raw))).encode("utf-8", "surrogatepass")
    return hmac.new(signing_key(), message, hashlib.sha256).hexdigest()


def entry_bytes(fmt: str, key: str, body: bytes) -> bytes:
    """An entry holding ``body`` compressed (:data:`COMPRESS_LEVEL`): :func:`sealed`. Shared by
    summaries, replayed runs and reused project passes."""
    return sealed(fmt, key, zlib.compress(body, COMPRESS_LEVEL), len(body))


def sealed(fmt: str, key: str, stored: bytes, raw: int) -> bytes:
    """An entry: one header line of JSON (``format``, ``key``, ``size`` and ``sha256`` of
    ``stored``, the body as stored, ``raw``, the size it decompresses to, and ``mac``, the
    signature of all of them: :func:`_signature`), then ``stored``."""
    digest = hashlib.sha256(stored).hexdigest()
    header = json.dumps(
        {"format": fmt, "key": key, "size": len(stored), "raw": raw, "sha256": digest,
         "mac": _signature(fmt, key, digest, raw)},
        separators=(",", ":"),
    ).encode()
    return header + b"\n" + stored


def verified_body(path: Path, fmt: str, key: str) -> tuple[bytes, str, int] | None:
    """The stored (compressed) body of the entry at ``path``, its SHA-256 and the size it
    decompresses to, when its header says ``fmt`` and ``key``, the size and checksum match, the
    decompressed size is at most :data:`MAX_ENTRY_BYTES` and the signature is this user's
    (:func:`signing_key`), else ``None`` (a missing, special, oversized, damaged, planted or
    foreign file: a miss). Nothing is decompressed: the signature covers the bytes as read."""
    data = _read_regular_file(path, MAX_ENTRY_BYTES)
    if data is None:
        return None
    header, _, stored = data.partition(b"\n")
    try:
        meta = json.loads(header)
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(meta, dict):
        return None
    raw = meta.get("raw")
    if type(raw) is not int or not 0 <= raw <= MAX_ENTRY_BYTES:  # not a bool either
        return None
    digest = hashlib.sha256(stored).hexdigest()
    ok = (
        meta.get("format") == fmt
        and meta.get("key") == key
        and meta.get("size") == len(stored)
        and meta.get("sha256") == digest
        and isinstance(meta.get("mac"), str)
        and hmac.compare_digest(meta["mac"], _signature(fmt, key, digest, raw))
    )
    return (stored, digest, raw) if ok else None


def checked_body(path: Path, fmt: str, key: str) -> tuple[bytes, str] | None:
    """The body of the entry at ``path``, decompressed, and the SHA-256 of what is stored, when
    the entry checks (:func:`verified_body`) and its body decompresses to exactly the size signed
    for it (:func:`inflate`), else ``None``. Nothing in the file is run: the header is JSON, the
    body is for :func:`aliaslint.codec.loads`."""
    verified = verified_body(path, fmt, key)
    if verified is None:
        return None
    stored, digest, raw = verified
    body = inflate(stored, raw)
    return None if body is None else (body, digest)


def inflate(stored: bytes, raw: int) -> bytes | None:
    """``stored`` decompressed when it is one whole zlib stream of exactly ``raw`` bytes and
    nothing after it, else ``None`` (a bad stream, a truncated one, another size). Never more
    than ``raw + 1`` bytes are produced: a stream that would give more (a decompression bomb) is
    refused once past ``raw``, whatever it would grow to."""
    inflater = zlib.decompressobj()
    try:
        body = inflater.decompress(stored, raw + 1)  # max_length: 0 would mean no limit
    except zlib.error:
        return None
    if len(body) != raw or not inflater.eof or inflater.unused_data or inflater.unconsumed_tail:
        return None
    return body


def read_lists(path: Path, fmt: str, key: str, count: int) -> tuple[list, ...] | None:
    """The entry at ``path`` decoded (:func:`aliaslint.codec.loads`, data only) when its header
    checks (:func:`checked_body`) and it is a tuple of ``count`` lists, else ``None``. The
    caller checks what the lists hold."""
    from aliaslint import codec

    checked = checked_body(path, fmt, key)
    if checked is None:
        return None
    try:
        got = codec.loads(checked[0])
    except (ValueError, UnicodeDecodeError):  # codec.DecodeError is a ValueError
        return None
    if not (isinstance(got, tuple) and len(got) == count and all(isinstance(part, list) for part in got)):
        return None
    return got


def write_entry(folder: Path, entry: Path, data: bytes) -> None:
    """Write ``data`` to ``entry`` (a file below the cache ``folder``) atomically: a temporary
    file, then a rename, so a crashed or concurrent run never leaves half an entry. What is in the
    way (a directory where the entry goes, a file or a symbolic link where its folder goes) is
    moved aside or unlinked, never followed, so a damaged cache repairs itself. A tree where
    nothing can be written runs without the cache: errors are ignored."""
    tmp = None
    try:
        if os.path.islink(entry.parent) or os.path.isfile(entry.parent):
            os.unlink(entry.parent)  # the link itself, not what it leads to
        entry.parent.mkdir(parents=True, exist_ok=True)
        if os.path.islink(entry.parent):  # a planted link would lead the entry elsewhere
            return
        _ignore_cache_folder(Path(folder).parent)
        fd, tmp = tempfile.mkstemp(dir=entry.parent, prefix=".tmp-")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        if os.path.isdir(entry) and not os.path.islink(entry):
            _move_aside_and_remove(entry)
        os.replace(tmp, entry)
        tmp = None
    except OSError:
        pass  # a read-only tree: run without the cache
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _move_aside_and_remove(directory: Path) -> None:
    """Rename ``directory`` (a real one, in the cache) out of the way, then delete it; links
    inside it are removed, not followed (``shutil.rmtree``)."""
    import shutil

    aside = tempfile.mkdtemp(dir=directory.parent, prefix=".old-")
    os.replace(directory, aside)
    shutil.rmtree(aside, ignore_errors=True)


def _ignore_cache_folder(folder: Path) -> None:
    """Keep the cache out of version control with a ``.gitignore`` of its own, but only in a
    folder the cache owns: ``--cache-dir .`` must not hide the whole project from git (and from
    aliaslint's own file discovery)."""
    gitignore = folder / ".gitignore"
    if gitignore.exists() or gitignore.is_symlink():
        return
    try:
        if any(p.name != ".gitignore" and not p.name.startswith(f"{__version__}-") for p in folder.iterdir()):
            return  # the folder holds other things: it is not ours alone
        gitignore.write_text("# created by aliaslint\n*\n")
    except OSError:
        pass


def _read_regular_file(path: Path, limit: int) -> bytes | None:
    """The bytes of ``path`` if it is a regular file (not a symlink, FIFO or device) of at most
    ``limit`` bytes; ``None`` otherwise or on any error. Opening never blocks (a FIFO planted as
    an entry must not hang the run): this is :func:`aliaslint.files.read_regular_file`, which
    reads the source files too, told not to follow a link (an entry is never one)."""
    try:
        return read_regular_file(path, limit, follow_symlinks=False)
    except SourceError:
        return None

"""Fixing a project: check, apply the fixes, check again until nothing changes (bounded).

    run(files, settings, *, unsafe_fixes) -> FixRun

Each round checks the whole project with the pending changes in memory
(``engine.check(..., sources=...)``: the analysis is interprocedural, so a fix in one module can
change what is reported in another), groups the applicable fixes by the file they change, and
applies them with :func:`aliaslint.fix.transform.apply_requests`. Requests that overlap are
left for the next round. A file whose changes do not parse any more keeps its last good text and
gets no more fixes (:class:`~aliaslint.fix.transform.BrokenFix`, reported as a warning). The
loop stops when a round changes nothing, or after :data:`MAX_ROUNDS` rounds.

Nothing is written by :func:`run`; :meth:`FixRun.write` writes each changed file atomically
(:func:`aliaslint.atomic.write_atomic`), and :meth:`FixRun.diff` gives the unified diff
instead (``--diff``).

Notebooks (``.ipynb``) are never edited: their positions are in the cells' code, not in the JSON
file. :func:`check` withdraws every fix that would change one (its finding stays, with the fix's
message as advice, as a display-only fix with no edits), so no fix is offered (``[*]``, counts),
applied or diffed there.
"""
from __future__ import annotations

import codecs
import difflib
import io
import os
import stat
import tokenize
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from aliaslint import engine
from aliaslint.atomic import write_atomic
from aliaslint.diagnostics import Applicability, Diagnostic, Edit, FixRequest, Location
from aliaslint.files import SourceError, SourceFile, decode_source, physical_lines, read_regular_file

__all__ = ["FixRun", "MAX_ROUNDS", "check", "run", "with_edits"]

#: rounds of check-and-fix before giving up on reaching a fixed point (ruff allows 100 per file;
#: a round here checks the whole project, and our fixes settle in one or two)
MAX_ROUNDS = 10


@dataclass(frozen=True)
class _Original:
    data: bytes
    text: str
    encoding: str


#: the size limit when no settings say otherwise (the default of ``max-file-bytes``)
_MAX_BYTES = 2_000_000


def _read(path: Path, max_bytes: int = _MAX_BYTES) -> _Original:
    """The file's bytes, its text as the analysis read it, and the codec to write it back.
    Read as the analysis reads (regular files only); raises :class:`SourceError`."""
    data = read_regular_file(path, max_bytes)
    text = decode_source(data)
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError:
        encoding = "utf-8"
    return _Original(data, text, codecs.lookup(encoding).name)


@dataclass
class FixRun:
    """What a fix run found and changed.

    ``result`` is the last check: the findings that remain once the changes are made.
    ``fixed`` counts the findings whose fix was applied. ``changed`` maps each file the fixes
    change to its new text (nothing is on disk until :meth:`write`). ``warnings`` are lines for
    stderr (a fix that broke a file, a file that could not be written, no fixed point).
    """

    result: engine.CheckResult
    fixed: int
    changed: dict[Path, str] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    _originals: dict[Path, _Original] = field(default_factory=dict)
    _displays: dict[Path, str] = field(default_factory=dict)
    _fixed_in: list[frozenset[Path]] = field(default_factory=list)
    _max_bytes: int = _MAX_BYTES
    #: of ``fixed``, the findings a later round found: another cause of a change whose first
    #: cause an earlier round's fix took away (one finding per cause hid it until then)
    found_later: int = 0
    #: the display paths of the changed files :meth:`write` left alone
    not_written: list[str] = field(default_factory=list)

    def diff(self) -> str:
        """The unified diff of every changed file (``--- a.py`` / ``+++ a.py``), by path; a name
        with control characters or bytes that are not UTF-8 is escaped, as in the reports."""
        from aliaslint.reporters import printable

        out: list[str] = []
        for path in sorted(self.changed, key=lambda p: self._displays[p]):
            name = printable(self._displays[path])
            before = physical_lines(self._originals[path].text, keepends=True)
            after = physical_lines(self.changed[path], keepends=True)
            for line in difflib.unified_diff(before, after, fromfile=name, tofile=name):
                if not line.endswith(("\n", "\r")):
                    line += "\n\\ No newline at end of file\n"
                out.append(line)
        return "".join(out)

    def write(self, recheck: Callable[[dict[Path, str]], engine.CheckResult]) -> list[Path]:
        """Write every changed file atomically, in its own encoding, and return the written paths.

        A file that changed on disk since it was read, or that cannot be written, is left alone
        with a warning; its fixes no longer count as fixed and ``result`` is recomputed by
        ``recheck(changes that were written)``.
        """
        written: list[Path] = []
        failed: set[Path] = set()
        for path in sorted(self.changed, key=lambda p: self._displays[p]):
            original = self._originals[path]
            display = self._displays[path]
            try:
                if read_regular_file(path, self._max_bytes) != original.data:
                    self.warnings.append(f"{display} changed while aliaslint was fixing it; not written")
                    failed.add(path)
                    continue
                if not _writable(path):
                    # the atomic write replaces the file through its folder, which would get round
                    # a file made read-only on purpose
                    self.warnings.append(f"cannot write the fixes to {display}: the file is read-only")
                    failed.add(path)
                    continue
                write_atomic(path, self.changed[path].encode(original.encoding))
            except (OSError, UnicodeEncodeError, SourceError) as error:
                reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
                self.warnings.append(f"cannot write the fixes to {display}: {reason}")
                failed.add(path)
                continue
            written.append(path)
        self.not_written = sorted(self._displays[path] for path in failed)
        if failed:
            for path in failed:
                del self.changed[path]
            self.fixed = sum(1 for paths in self._fixed_in if not paths & failed)
            self.result = recheck(dict(self.changed))
        return written


def check(files: Sequence[SourceFile], settings, file_settings=None, sources=None, **options) -> engine.CheckResult:
    """:func:`aliaslint.engine.check`, with the fixes that would change a notebook withdrawn
    (:func:`offered`): the check whose fixes ``--fix`` may apply and the reports may offer.
    ``options`` go to the engine (``progress``, ``note``)."""
    result = engine.check(files, settings, file_settings, sources, **options)
    result.diagnostics = offered(result.diagnostics, files)
    return result


def offered(diagnostics: Sequence[Diagnostic], files: Sequence[SourceFile]) -> list[Diagnostic]:
    """``diagnostics`` with each fix that has a request in a notebook (``.ipynb``) made
    display-only, without requests or edits: the finding and the fix's message stay, but the fix
    is neither applied nor counted as fixable (a notebook's lines are its cells' code, not the
    JSON file's, and the fixer writes files line for line)."""
    notebooks = {f.display for f in files if f.is_notebook}
    if not notebooks:
        return list(diagnostics)
    out = []
    for d in diagnostics:
        fix = d.fix
        if fix is not None and any(r.location.path in notebooks for r in fix.requests):
            d = replace(d, fix=replace(fix, applicability=Applicability.DISPLAY_ONLY, requests=(), edits=()))
        out.append(d)
    return out


def run(files: Sequence[SourceFile], settings, *, unsafe_fixes: bool = False, file_settings=None) -> FixRun:
    """Check ``files`` and apply their fixes in memory until no fix applies or changes anything.

    Safe fixes are applied; unsafe ones too when ``unsafe_fixes``. ``settings`` and
    ``file_settings`` are :func:`aliaslint.engine.check`'s. Raises what it raises.
    """
    by_display = {f.display: f for f in files}
    originals: dict[Path, _Original] = {}
    pending: dict[Path, str] = {}
    broken: set[Path] = set()
    warnings: list[str] = []
    fixed_in: list[frozenset[Path]] = []
    found_later = 0
    skipped: set[tuple[Path, FixRequest]] = set()  # the last round's requests the transformer could not carry out
    for round_number in range(MAX_ROUNDS + 1):
        result = check(files, settings, file_settings, pending)
        todo = [d for d in result.diagnostics if d.fix is not None and d.fix.requests and d.fix.applies(unsafe_fixes)]
        if not todo:
            break
        if round_number == MAX_ROUNDS:
            warnings.append(f"the fixes did not settle after {MAX_ROUNDS} rounds; {len(todo)} fixable finding(s) left")
            break
        by_path: dict[Path, list[FixRequest]] = {}
        for d in todo:
            for request in d.fix.requests:
                f = by_display.get(request.location.path)
                if f is not None and f.path not in broken and not f.is_notebook:
                    by_path.setdefault(f.path, []).append(request)
        applied: set[tuple[Path, FixRequest]] = set()
        skipped = set()
        progress = False
        for path, requests in sorted(by_path.items()):
            if path not in originals:
                try:
                    originals[path] = _read(path, settings.max_file_bytes)
                except (OSError, SourceError):
                    continue
            before = pending.get(path, originals[path].text)
            from aliaslint.fix.transform import BrokenFix, apply_requests, check_parses, cst  # LibCST: only when fixing
            try:
                done = apply_requests(before, requests, splice=True)
                if done.source != before:
                    check_parses(done.source)  # the spliced text too: the next round parses it with LibCST
            except BrokenFix as error:
                broken.add(path)
                warnings.append(f"a fix made {by_display_path(by_display, path)} unparsable ({error}); "
                                "its changes of this round were rolled back, please report this")
                continue
            except cst.ParserSyntaxError:
                continue
            except Exception as error:  # LibCST failing on what it parsed (a form feed as indentation)
                broken.add(path)
                warnings.append(f"cannot apply the fixes to {by_display_path(by_display, path)} "
                                f"({type(error).__name__}: {error}); it is left as it was, please report this")
                continue
            applied.update((path, r) for r in done.applied)
            skipped.update((path, r) for r in done.skipped)
            if done.source != before:
                pending[path] = done.source
                progress = True
        for d in todo:
            paths = [by_display[r.location.path].path if r.location.path in by_display else None for r in d.fix.requests]
            if None not in paths and all((p, r) in applied for p, r in zip(paths, d.fix.requests)):
                fixed_in.append(frozenset(paths))
                found_later += round_number > 0
        if not progress:
            break
    if skipped:
        # a fix whose every change was skipped (``copy`` and ``deepcopy`` both taken) is none:
        # the findings left are not "fixable" any more
        def unfixable(d: Diagnostic) -> bool:
            return d.fix is not None and bool(d.fix.requests) and all(
                r.location.path in by_display and (by_display[r.location.path].path, r) in skipped
                for r in d.fix.requests)

        result = replace(result, diagnostics=[
            replace(d, fix=None) if unfixable(d) else d for d in result.diagnostics])
    changed = {p: text for p, text in pending.items() if text != originals[p].text}
    displays = {f.path: f.display for f in files}
    return FixRun(result, len(fixed_in), changed, warnings, originals, displays, fixed_in, settings.max_file_bytes,
                  found_later)


def by_display_path(by_display: dict[str, SourceFile], path: Path) -> str:
    return next((d for d, f in by_display.items() if f.path == path), str(path))


def with_edits(diagnostics: Sequence[Diagnostic], files: Sequence[SourceFile],
               max_bytes: int = _MAX_BYTES) -> list[Diagnostic]:
    """``diagnostics`` with each fix's requests resolved to line edits (for the JSON formats:
    ruff's ``fix.edits``), each fix on its own against the files as they are on disk (read as
    the analysis reads them, at most ``max_bytes``). A fix that cannot be resolved, or that would
    change a notebook, keeps no edits.

    Each file is parsed once; each fix's changes are spliced in (:func:`transform.apply_requests`)
    and all the fixes of a file are checked together with one parse of their sum, each on its own
    only when that fails: a file with hundreds of findings took a parse and a diff of the whole
    file per finding."""
    by_display = {f.display: f for f in files}
    texts: dict[str, str | None] = {}
    parsed: dict[str, object] = {}  # one parse per file, whatever the number of its findings
    out = list(diagnostics)
    #: per fix (its place in ``out``), per file: the edits, or the spliced changes to check
    resolved: dict[int, list[tuple[str, list[Edit] | tuple]]] = {}
    for i, d in enumerate(out):
        fix = d.fix
        if fix is None or fix.edits or not fix.requests:
            continue
        by_file: dict[str, list[FixRequest]] = {}
        for request in fix.requests:
            by_file.setdefault(request.location.path, []).append(request)
        resolved[i] = []
        for display, requests in sorted(by_file.items()):
            if display not in texts:
                f = by_display.get(display)
                try:
                    texts[display] = _read(f.path, max_bytes).text if f is not None and not f.is_notebook else None
                except (OSError, SourceError):
                    texts[display] = None
            before = texts[display]
            if before is None:
                continue
            from aliaslint.fix.transform import BrokenFix, apply_requests, cst, parse  # LibCST: only when fixing
            try:
                if display not in parsed:
                    parsed[display] = parse(before)
                done = apply_requests(before, requests, parsed[display], splice=True, validate=False)
            except (BrokenFix, cst.ParserSyntaxError):
                parsed.setdefault(display, None)
                continue
            except Exception:  # LibCST failing on what it parsed: the finding keeps no edits
                continue
            if done.splices is not None:
                resolved[i].append((display, done.splices))
            elif done.source != before:
                resolved[i].append((display, _line_edits(display, before, done.source)))
    _check_splices(resolved, texts, parsed, out)
    for i, parts in resolved.items():
        edits: list[Edit] = []
        for display, part in parts:
            edits += part if isinstance(part, list) else _edits_of_splices(display, parsed[display], part)
        out[i] = replace(out[i], fix=replace(out[i].fix, edits=tuple(edits)))
    return out


def _check_splices(resolved: dict, texts: dict, parsed: dict, out: list) -> None:
    """Check the spliced fixes of each file in ``resolved`` (in place): all of a file's fixes
    together with one parse (they change separate expressions and lines, so their sum parses
    when each does), then, only when the sum does not parse, each on its own; a fix whose text
    does not parse is resolved through the whole tree instead (which refuses it)."""
    from aliaslint.fix.transform import apply_requests, parses, spliced_text

    by_file: dict[str, list[tuple[int, int]]] = {}
    for i, parts in resolved.items():
        for k, (display, part) in enumerate(parts):
            if not isinstance(part, list):
                by_file.setdefault(display, []).append((i, k))
    for display, places in by_file.items():
        source = texts[display]
        union: dict[tuple[int, int, str], None] = {}  # the same added import once
        for i, k in places:
            union.update(dict.fromkeys(resolved[i][k][1]))
        ordered = sorted(union)
        separate = all(a[1] <= b[0] and not (a[0] == a[1] == b[0] == b[1]) for a, b in zip(ordered, ordered[1:]))
        if separate and parses(spliced_text(source, ordered)):
            continue
        for i, k in places:
            if parses(spliced_text(source, resolved[i][k][1])):
                continue
            requests = [r for r in out[i].fix.requests if r.location.path == display]
            try:
                after = apply_requests(source, requests, parsed.get(display)).source
            except Exception:  # BrokenFix, or LibCST failing: no edits
                after = source
            resolved[i][k] = (display, _line_edits(display, source, after))


def _edits_of_splices(display: str, module, splices) -> list[Edit]:
    """:func:`transform.splice_line_edits` as the JSON formats' edits of the file ``display``."""
    from aliaslint.fix.transform import splice_line_edits

    return [Edit(Location(display, first, 1, end, 1), text) for first, end, text in splice_line_edits(module, splices)]


def _line_edits(display: str, before: str, after: str) -> list[Edit]:
    """Whole-line edits that turn ``before`` into ``after``: each replaces the lines from
    ``location`` (column 1) up to ``end`` (column 1, exclusive) by ``content``."""
    a, b = physical_lines(before, keepends=True), physical_lines(after, keepends=True)
    edits = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag != "equal":
            edits.append(Edit(Location(display, i1 + 1, 1, i2 + 1, 1), "".join(b[j1:j2])))
    return edits


def _writable(path: Path) -> bool:
    """Whether the user may change ``path`` in place: it has its owner's write bit (a ``chmod
    a-w`` file is read-only even for root) and the process may write it."""
    return bool(os.stat(path).st_mode & stat.S_IWUSR) and os.access(path, os.W_OK)

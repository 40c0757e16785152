"""Runs the three phases over a set of files.

    check(files: Sequence[files.SourceFile], settings: config.Settings, *, progress, note) -> CheckResult

0. every file is read and keyed in the main process; when nothing that decides the result
   changed since the last run, its diagnostics are replayed (:mod:`aliaslint.replay`) and
   nothing else runs;
1. per-module pass (:mod:`aliaslint.analyzer`): cache hits (:mod:`aliaslint.cache`) are read in
   the main process, misses are parsed in worker processes (:mod:`aliaslint.workers`), each file
   within a time and memory budget, after a cheap guard (:mod:`aliaslint.guard`);
2. project pass (:mod:`aliaslint.project`): call resolution and the effects fixpoint;
3. resolution: every project rule turns the facts into diagnostics.

``CheckResult.diagnostics`` is sorted (path, line, column, code) and already filtered by
``select`` / ``ignore`` / ``per-file-ignores`` / ``preview`` (each file's own settings when
``file_settings`` gives them) and by ``# noqa`` comments. Files that cannot be read or
parsed, or that crash the parser or overrun their budget, come back as ``AL000`` diagnostics,
never as exceptions; the other files' results are kept. :class:`workers.WorkerStartError` means
no worker process could start; any other exception escaping ``check`` is an internal error (the
CLI exits 2 for both).
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Mapping, Sequence

from aliaslint import cache as summary_cache
from aliaslint import cutoff, gc_tuning, guard, replay, suppression, workers
from aliaslint import models as library_models
from aliaslint.config import ConfigError
from aliaslint.diagnostics import Confidence, Diagnostic, Location, shown_related
from aliaslint.files import SourceError, SourceFile, read_source
from aliaslint.progress import Progress
from aliaslint.sources import Sources
from aliaslint.summary import ModuleSummary

if TYPE_CHECKING:
    import libcst as cst

    from aliaslint import transfer

# LibCST, astroid, the analyzer and the project pass are imported where they are used: a run
# whose result is replayed from the cache does not need them (they are most of its start-up).

UNREADABLE = ("AL000", "unreadable-file")
#: the file name given to CPython's parser: with a real path, CPython re-reads that file to place
#: a syntax error (a notebook's JSON, or whatever is there now), not the text it was given
PARSE_FILENAME = "<source>"


@dataclass
class CheckResult:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    files_checked: int = 0
    #: things the user should know that are not findings (an unreadable ``# noqa``), one line each
    warnings: list[str] = field(default_factory=list)
    #: the checked files' lines, for the reporters' excerpts and notebook positions
    sources: Sources = field(default_factory=Sources)
    #: calls the analysis could not follow although shared objects are passed, one line each (``-v``)
    unresolved: list[str] = field(default_factory=list)


def module_name_for(path: Path, root: Path | None = None) -> tuple[str, bool]:
    """Dotted module name from the package root (the first folder up without ``__init__.py``).

    Returns ``(name, is_package)``; ``pkg/__init__.py`` is module ``pkg``, a package. A file
    outside any package (a script, a namespace package's module) is named by its path from
    ``root`` (``op_a/builders.py`` -> ``op_a.builders``), so that two scripts called
    ``builders.py`` in different folders stay two modules.
    """
    if root is not None and not (path.parent / "__init__.py").exists() and path.name != "__init__.py":
        try:
            rel = path.relative_to(root).with_suffix("")
        except ValueError:
            rel = None
        if rel is not None and all(part.isidentifier() for part in rel.parts):
            return ".".join(rel.parts), False
    parts = [path.stem]
    is_package = path.name == "__init__.py"
    folder = path.parent
    while (folder / "__init__.py").exists() and folder.parent != folder:
        parts.append(folder.name)
        folder = folder.parent
    if is_package:
        parts = parts[1:] or [path.parent.name]
    return ".".join(reversed(parts)), is_package


def _rules(settings) -> list[type]:
    """Every rule, enabled or not: the rules share one account of the sites already explained
    (one bug, one code), so ``--ignore AL001`` must not let another rule report AL001's cause
    under its own code. What is shown is filtered afterwards (:func:`_keep`)."""
    from aliaslint.rules import all_rules

    return list(all_rules())


def _unreadable(display: str, message: str, line: int = 1, column: int = 1) -> Diagnostic:
    from aliaslint.rules.unreadable_file import UnreadableFile  # (its reference section: the url)

    return Diagnostic(UNREADABLE[0], UNREADABLE[1], message, Location(display, line, column, line, column),
                      url=UnreadableFile.url())


def summarize_source(source: str, file: SourceFile, module: str, is_package: bool, rules: Sequence[type],
                     settings=None) -> ModuleSummary | Diagnostic:
    """Phase 1 for one file's text: its summary, or an AL000 diagnostic when it cannot be analysed.

    CPython's parser and a depth check (:mod:`aliaslint.guard`) go first, so most of what
    would crash or exhaust LibCST's parser is refused in milliseconds. Run it in a worker
    (:func:`summarize_files`, :func:`check`): LibCST may still crash the process on what the
    guard lets through.
    """
    import libcst as cst

    from aliaslint.analyzer import analyze_module

    problem = guard.problem(source)
    # (syntax of a newer Python, PEP 695's ``def f[T]`` under Python 3.11, goes on to LibCST,
    # which parses every Python's syntax: nine files of localstack-core 2026.3.0 went unanalysed,
    # issue 8's twenty-sixth set)
    if problem is not None and not problem.newer:
        if problem.valid and settings is not None:
            detail = f"an expression nested more than {guard.MAX_EXPRESSION_DEPTH} levels deep"
            return _unsupported(file, settings, detail, problem.line, problem.column)
        if not problem.valid and settings is not None and (template := _template_markup(source, problem.line)):
            return _template(file, settings, template, problem.line, problem.column)
        return _unreadable(file.display, problem.message, problem.line, problem.column)
    try:
        return analyze_module(source, module, file.display, str(file.path), rules, is_package)
    except cst.ParserSyntaxError as exc:
        if problem is not None:  # refused by LibCST too: CPython's error, with its hint
            return _unreadable(file.display, problem.message, problem.line, problem.column)
        return _syntax_error(file, source, exc, settings)
    except RecursionError as exc:
        if not _raised_in_libcst(exc):
            # our own walk ran away (a cycle in the alias model), not the file's depth: a bug to report
            return _unreadable(file.display, "aliaslint failed on this file (RecursionError in its analysis, "
                                             "not the file's depth); please report it")
        if settings is not None and _cpython_accepts(file, source):
            return _unsupported(file, settings, "it nests too deeply for LibCST")
        return _unreadable(file.display, "cannot analyse this file: it is nested too deeply")
    except MemoryError:
        raise  # the worker reports it against the memory budget
    except Exception as exc:  # a bug of ours must not stop the run: say so for this file only
        return _unreadable(file.display, f"aliaslint failed on this file ({type(exc).__name__}: {exc}); please report it")


def _raised_in_libcst(exc: BaseException) -> bool:
    """LibCST is in the cycle that ran out of stack (its parser, code generation or a metadata
    visitor went as deep as the file nests): one of the innermost 100 frames of ``exc``'s
    traceback is LibCST's. Our own analysis running away recurses in aliaslint's frames only."""
    import os

    import libcst

    home = os.path.dirname(os.path.abspath(libcst.__file__))
    frames = []
    tb = exc.__traceback__
    while tb is not None:
        frames.append(tb.tb_frame.f_code.co_filename)
        tb = tb.tb_next
    return not frames or any(os.path.abspath(f).startswith(home) for f in frames[-100:])


def _cpython_accepts(file: SourceFile, source: str) -> bool:
    import ast

    try:
        ast.parse(source, filename=PARSE_FILENAME)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


def _exclusion_hint(file: SourceFile, settings) -> str:
    """How to leave ``file`` out of the runs: ``exclude the file with extend-exclude = ["/a/b.py"]``
    (the pattern anchored at the project root when the file is below it)."""
    how = "exclude the file with extend-exclude"
    try:
        relative = file.path.relative_to(settings.root).as_posix()
    except ValueError:
        return how
    return how + f' = ["/{relative}"]'


#: the markup of Jinja (and Django, Cookiecutter, Ansible) templates: a statement, an expression
#: or a comment, whole on one line
_TEMPLATE_MARKUP = re.compile(r"\{%-?.*?-?%\}|\{\{.*?\}\}|\{#.*?#\}")


def _template_markup(source: str, line: int) -> str | None:
    """The template markup on line ``line`` of ``source`` (``{% include "x.py" %}``), where the
    parser stopped, or ``None``: a ``.py`` file that is a template to render (tutor 22.0.3's
    Open edX settings, nine AL000 findings of issue 8's twenty-third set that a reader had to work
    out were templates), not Python with an error."""
    lines = source.splitlines()
    if not 1 <= line <= len(lines):
        return None
    found = _TEMPLATE_MARKUP.search(lines[line - 1])
    if found is None:
        return None
    text = found.group(0)
    return text if len(text) <= 40 else text[:37] + "..."


def _template(file: SourceFile, settings, markup: str, line: int, column: int) -> Diagnostic:
    """AL000 for a template that does not parse as Python: say so, and how to exclude it."""
    return _unreadable(file.display, f"cannot parse this file: it is a template, not Python (`{markup}` on this "
                                     f"line); {_template_exclusion_hint(file, settings)}", line, column)


def _template_exclusion_hint(file: SourceFile, settings) -> str:
    """How to leave the templates out: their folder (the nearest one named for templates, below
    the project root) or else the file, as a pattern anchored at the project root."""
    try:
        relative = file.path.relative_to(settings.root)
    except ValueError:
        return "exclude it with extend-exclude"
    folders = [i for i, part in enumerate(relative.parts[:-1]) if "template" in part.lower()]
    if folders:
        return f'exclude the templates with extend-exclude = ["/{"/".join(relative.parts[:folders[-1] + 1])}/"]'
    return f'exclude it with extend-exclude = ["/{relative.as_posix()}"]'


def _unsupported(file: SourceFile, settings, detail: str, line: int = 1, column: int = 1) -> Diagnostic:
    """AL000 for valid Python that LibCST cannot parse: say so, and how to exclude the file."""
    return _unreadable(
        file.display,
        f"valid Python that aliaslint's parser does not support ({detail}); {_exclusion_hint(file, settings)}",
        line, column,
    )


def _syntax_error(file: SourceFile, source: str, exc: cst.ParserSyntaxError, settings=None) -> Diagnostic:
    """AL000 for a file that does not parse, placed and worded by CPython's own parser when it
    agrees (its positions are exact; LibCST's native parser may point a token later)."""
    import ast

    try:
        ast.parse(source, filename=PARSE_FILENAME)
    except SyntaxError as err:
        template = _template_markup(source, err.lineno or 1)
        if template is not None and settings is not None:
            return _template(file, settings, template, err.lineno or 1, err.offset or 1)
        return _unreadable(file.display, f"cannot parse this file: {err.msg}", err.lineno or 1, err.offset or 1)
    except (ValueError, RecursionError, MemoryError):
        pass
    # CPython accepts it (a syntax LibCST does not support yet)
    detail = "LibCST: " + exc.message.split(": expected one of")[0]
    if settings is None:
        return _unreadable(file.display, f"cannot parse this file: {detail}", exc.raw_line, exc.raw_column + 1)
    return _unsupported(file, settings, detail, exc.raw_line, exc.raw_column + 1)


# --- phase 1 in worker processes ----------------------------------------------------------

#: what a worker needs besides the task: set by _worker_init (inherited when workers are forked)
_WORKER: dict = {}


def _worker_init(settings) -> None:
    gc_tuning.tune_worker()
    library_models.load_user_models(settings.models)
    _WORKER["settings"] = settings
    _WORKER["rules"] = _rules(settings)
    _WORKER["store"] = None if settings.no_cache else summary_cache.SummaryCache(settings)


def _summarize_task(file: SourceFile, module: str, is_package: bool,
                    pending: str | None = None) -> tuple[str, bytes | Diagnostic]:
    """A worker's job for one file: read it, summarise it, cache the summary.

    Returns the cache key of the text it read (the file may have changed since the main process
    keyed it) and the summary, encoded as the cache stores it (:func:`_received` decodes it), or
    the AL000 diagnostic. ``pending`` is text that replaces the file's content (the fixer's
    unwritten changes): it is summarised and never cached.

    The collector is paused for the whole task: the parse, the walk and the encoding make
    millions of objects (1.6 million nodes on std168) and almost no reference cycles (the
    analysis's are broken when it ends, :meth:`aliaslint.analyzer.ModuleAnalyzer.release`, and
    the tree is freed by reference counting), so a collection during the task would only walk
    the tree and the summary being built. The few cycles left are collected when the next task
    starts, when nothing else is alive (std168: about 400 objects a file).
    """
    import gc

    gc.collect()
    with gc_tuning.paused():
        return _summarize_file(file, module, is_package, pending)


def _summarize_file(file: SourceFile, module: str, is_package: bool, pending: str | None) -> tuple[str, bytes | Diagnostic]:
    settings, rules, store = _WORKER["settings"], _WORKER["rules"], _WORKER["store"]
    if pending is not None:  # never cached: sent the cheapest way
        return "", _encoded(summarize_source(pending, file, module, is_package, rules, settings), packed=True)
    try:
        source = read_source(file, settings.max_file_bytes)
    except SourceError as exc:
        return "", _unreadable(file.display, f"cannot read this file: {exc}", exc.line, exc.column)
    key = summary_cache.key_for(source, module, file.display, is_package, [r.code for r in rules])
    result = _encoded(summarize_source(source, file, module, is_package, rules, settings), packed=store is None)
    if store is not None and isinstance(result, bytes):
        store.put_encoded(key, result)
    return key, result


def _encoded(result: ModuleSummary | Diagnostic, packed: bool = False) -> bytes | transfer.Packed | Diagnostic:
    """A summary as it crosses from a worker to the main process: the cache's encoding (data
    only) when it is cached, else ``packed`` (:mod:`aliaslint.transfer`, cheaper on both sides);
    either way the main process builds it with values shared with the other summaries
    (:func:`_received`)."""
    if not isinstance(result, ModuleSummary):
        return result
    if packed:
        from aliaslint import transfer

        return transfer.pack(result)
    return summary_cache.encode_summary(result)


def _received(value: bytes | transfer.Packed | Diagnostic, file: SourceFile, interner) -> ModuleSummary | Diagnostic:
    """What a worker sent for ``file`` (:func:`_encoded`), decoded with ``interner``."""
    from aliaslint import transfer

    if isinstance(value, transfer.Packed):
        got = transfer.unpack(value, str(file.path), interner)
    elif isinstance(value, bytes):
        got = summary_cache.decode_summary(value, str(file.path), interner)
    else:
        return value
    if got is None:  # the codec refused what it wrote: a bug of ours, for this file only
        return _unreadable(file.display, "aliaslint failed on this file (its summary could not be decoded); please report it")
    return got


@dataclass
class _Entry:
    """One file of the run: its module name; once read, a hash of its text and its size (or,
    as ``result``, the AL000 saying why it could not be read); then its summary cache key and
    its summary. The text itself is not kept (workers read the file themselves)."""

    file: SourceFile
    module: str
    is_package: bool
    #: text that replaces the file's content (the fixer's unwritten changes): never cached
    pending: str | None = None
    digest: str = ""
    key: str = ""
    size: int = 0
    result: ModuleSummary | Diagnostic | None = None

    def state(self, own_settings: str = "") -> tuple[str, str]:
        """What decides this file's part of the run: its name, module and content (or why it
        could not be read), and its own settings when it has some."""
        if isinstance(self.result, Diagnostic):
            return self.file.display, f"unreadable: {self.result.message} {own_settings}"
        return self.file.display, f"{self.module} {self.is_package} {self.digest} {own_settings}"


@dataclass
class _Phase1:
    hits: int = 0
    misses: list[str] = field(default_factory=list)
    #: a file ended by a budget or a crash, or changed while it was read: the run is not replayable
    unsettled: bool = False


def _read_files(entries: list[_Entry], settings, sources: Mapping[Path, str]) -> None:
    """Read every file in the main process (cheap next to parsing) and hash its text; unreadable
    files get their AL000 here and never reach a worker. ``sources`` replaces some files' text."""
    for e in entries:
        e.pending = sources.get(e.file.path)
        if e.pending is not None:
            e.size = len(e.pending)
            continue
        try:
            source = read_source(e.file, settings.max_file_bytes)
        except SourceError as exc:
            e.result = _unreadable(e.file.display, f"cannot read this file: {exc}", exc.line, exc.column)
            continue
        e.digest = summary_cache.text_digest(source)
        e.size = len(source)


def _key_files(entries: list[_Entry], rule_codes: list[str]) -> None:
    """Each read file's summary cache key (from its text's digest)."""
    for e in entries:
        if e.digest:
            e.key = summary_cache.key_from_digest(e.digest, e.module, e.file.display, e.is_package, rule_codes)


def _summarize(entries: list[_Entry], settings, store, progress: Progress, read_hits: bool = True,
               interner=None) -> _Phase1:
    """Phase 1: cache hits are read here, misses go to worker processes (largest first), and
    the hits are read while the workers parse. Without ``read_hits``, a hit's entry is only
    checked (:meth:`~aliaslint.cache.SummaryCache.digest`) and its ``result`` stays ``None``
    (see :func:`_read_hits`). Summaries read or received are decoded with ``interner`` (a
    :class:`aliaslint.codec.Interner`; a new one without), so equal values are one object."""
    from aliaslint import codec

    interner = interner if interner is not None else codec.Interner()
    stats = _Phase1()
    total = len(entries)
    done = sum(1 for e in entries if e.result is not None)
    keyed = [i for i, e in enumerate(entries) if e.result is None]
    hits = [i for i in keyed if store is not None and entries[i].pending is None and store.has(entries[i].key)]
    misses = sorted(set(keyed) - set(hits), key=lambda i: -entries[i].size)
    budget = workers.Budget(settings.file_timeout, settings.file_memory_mb)
    max_workers = workers.worker_count(settings.jobs, len(misses), sum(entries[i].size for i in misses))

    def finished(index: int, value) -> None:
        nonlocal done
        e = entries[index]
        if isinstance(value, workers.Failure):
            stats.unsettled = True
            # a file over its time or memory budget is mostly generated data (a 2 MB literal
            # takes LibCST's parser over 2 GB): say how to leave it out, as for unsupported syntax
            hint = f"; raise {value.setting}, or {_exclusion_hint(e.file, settings)}" if value.setting else ""
            value = _unreadable(e.file.display, value.message + hint)
        else:
            key, value = value
            stats.unsettled |= key != e.key and e.pending is None
            value = _received(value, e.file, interner)
        e.result = value
        stats.misses.append(e.file.display)
        done += 1
        progress.summarised(done, total)

    with workers.Pool(_summarize_task, budget, max_workers, _worker_init, (settings,)) as pool:
        for i in misses:
            pool.submit(i, (entries[i].file, entries[i].module, entries[i].is_package, entries[i].pending))
        for i in hits:
            e = entries[i]
            if not read_hits and store.digest(e.key) is not None:
                stats.hits += 1
                done += 1
                progress.summarised(done, total)
                continue
            got = store.get(e.key, str(e.file.path), interner)
            if got is None:  # damaged, foreign or hostile: a miss after all
                pool.submit(i, (e.file, e.module, e.is_package))
            else:
                e.result = got
                stats.hits += 1
                done += 1
                progress.summarised(done, total)
            for index, value in pool.results(0):
                finished(index, value)
        while pool.pending:
            for index, value in pool.results(0.25):
                finished(index, value)
    return stats


def _read_hits(entries: list[_Entry], settings, store, stats: _Phase1, interner=None) -> None:
    """Read the summaries :func:`_summarize` left unread; one that cannot be read after all
    (damaged meanwhile, or refused by the codec) is summarised again."""
    unread = [e for e in entries if e.result is None]
    if unread:
        more = _summarize(unread, settings, store, Progress.silent(), interner=interner)
        stats.misses += more.misses
        stats.unsettled |= more.unsettled


def _entries(files: Sequence[SourceFile], settings) -> list[_Entry]:
    try:
        library_models.load_user_models(settings.models)
    except library_models.ModelError as exc:
        raise ConfigError(str(exc)) from None
    entries: list[_Entry] = []
    names: dict[str, int] = {}
    for f in files:
        module, is_package = module_name_for(f.path, Path(settings.root))
        if module in names:  # two scripts with one name: keep both apart
            names[module] += 1
            module = f"{module}__{names[module]}"
        else:
            names[module] = 0
        entries.append(_Entry(f, module, is_package))
    return entries


def summarize_files(files: Sequence[SourceFile], settings, progress: Progress | None = None) -> list[ModuleSummary | Diagnostic]:
    """Phase 1 alone: each file's summary or AL000 diagnostic, in the order of ``files``."""
    entries = _entries(files, settings)
    store, _ = summary_cache.open_cache(settings)
    if store is None and not settings.no_cache:
        settings = dataclasses.replace(settings, no_cache=True)
    _read_files(entries, settings, {})
    _key_files(entries, [r.code for r in _rules(settings)])
    _summarize(entries, settings, store, progress or Progress.silent())
    return [e.result for e in entries]  # type: ignore[misc]


def check(files: Sequence[SourceFile], settings, file_settings=None, sources: Mapping[Path, str] | None = None,
          *, progress: Progress | None = None, note: Callable[[str], None] | None = None,
          edits: bool = False) -> CheckResult:
    """Check ``files``. ``file_settings`` (``SourceFile.display`` -> Settings, see
    :meth:`aliaslint.config.Configuration.for_files`) chooses which findings of each file are kept;
    files it does not name use ``settings``, which also runs the analysis. ``sources`` maps some
    of the files' paths to text that replaces their content (the fixer's pending, unwritten
    changes): it is analysed, never cached, and its ``# noqa`` comments are the ones read.
    ``progress`` draws the progress line and ``note`` takes ``-v`` messages (cache hits and
    misses, what was computed again). ``CheckResult.unresolved`` lists the calls the analysis could
    not follow (stored with a replayed run too). ``edits``: resolve each fix to the line edits
    the JSON formats print (:func:`aliaslint.fix.runner.with_edits`), stored with the replayed run
    (a warm ``--output-format json`` run replays them too: about a second per large module with
    a fix, otherwise)."""
    # the summaries and the project's facts live until the end: see gc_tuning
    with gc_tuning.long_lived():
        return _check(files, settings, file_settings, sources, progress, note, edits)


def _check(files: Sequence[SourceFile], settings, file_settings, sources: Mapping[Path, str] | None,
           progress: Progress | None, note: Callable[[str], None] | None, edits: bool = False) -> CheckResult:
    progress = progress or Progress.silent()
    say = note or (lambda message: None)
    file_settings = file_settings or {}
    sources = sources or {}
    entries = _entries(files, settings)
    store, cache_warning = summary_cache.open_cache(settings)
    if store is None and not settings.no_cache:  # the workers must not write there either
        settings = dataclasses.replace(settings, no_cache=True)
    _read_files(entries, settings, sources)
    slot = run_key = ""
    if store is not None and not sources:  # text in memory is never cached, nor its result
        slot = replay.slot(settings, [e.file.display for e in entries])
        own = {display: replay.settings_text(s) for display, s in file_settings.items()}
        run_key = replay.run_key(settings, store.folder.name,
                                 [e.state(own.get(e.file.display, "")) for e in entries])
        replayed = replay.load(store.folder, replay.with_edits(slot, edits), run_key)
        if replayed is not None:
            diagnostics, warnings, unresolved = replayed
            say(f"cache: nothing changed since the last run: {len(diagnostics)} diagnostic(s) replayed, nothing recomputed")
            return CheckResult(diagnostics, len(files), warnings, Sources(files, settings.max_file_bytes, sources),
                               unresolved=unresolved)

    if store is not None and not sources:
        cache_warning = summary_cache.unwritable(store)
    rules = _rules(settings)
    _key_files(entries, [r.code for r in rules])
    from aliaslint import codec

    interner = codec.Interner()  # one object per distinct string and value in all the summaries
    # the last project pass may be reused: the summaries that did not change need not be read
    stored_pass = cutoff.peek(store.folder, slot, cutoff.context(settings, store.folder.name), _states(entries)) \
        if store is not None and not sources else None
    may_reuse = stored_pass is not None
    stats = _summarize(entries, settings, store, progress, read_hits=not may_reuse, interner=interner)
    # every file summarised as it was keyed, no unsaved text: the project pass may be reused or kept
    keep_pass = store is not None and not sources and not stats.unsettled
    reused = _reused_pass(entries, store, stored_pass, interner) if keep_pass and may_reuse else None
    if reused is None and may_reuse:
        _read_hits(entries, settings, store, stats, interner)
        keep_pass = not stats.unsettled
    # every summary is read: the interner's table (about a tenth of the summaries' memory) and
    # the old summaries compared above go before the project pass
    del interner
    if reused is not None:
        say(f"cache: {stats.hits} summary hit(s), {len(stats.misses)} miss(es); no summary changed (but for moved lines): "
            f"the last project pass reused ({len(reused[1])} finding(s) of the project rules), not run again")
    elif store is not None:
        say(f"cache: {stats.hits} summary hit(s), {len(stats.misses)} miss(es); project pass and rules run again")
    if stats.misses:
        shown = sorted(stats.misses)
        say(f"summarised: {', '.join(shown[:20])}" + (f" and {len(shown) - 20} more" if len(shown) > 20 else ""))

    diagnostics: list[Diagnostic] = []
    summaries: dict[str, ModuleSummary] = {}
    local = reused[0] if reused is not None else [[]] * len(entries)
    for e, own in zip(entries, local):
        r = e.result
        if isinstance(r, Diagnostic):
            diagnostics.append(r)
        elif r is None:  # not read: the same summary as in the reused pass
            diagnostics.extend(own)
        else:
            summaries[r.module] = r
            diagnostics.extend(r.diagnostics)

    if reused is None:
        progress.project_pass()
        reused = _project_pass(entries, summaries, rules, settings, store if keep_pass else None, slot, say)
    _, found, not_followed = reused
    diagnostics.extend(found)
    unresolved = [f"{location.path}:{location.line}:{location.column}: {text}" for location, text in not_followed]

    diagnostics, warnings = _keep(diagnostics, files, settings, file_settings, sources)
    if cache_warning is not None:
        warnings.insert(0, cache_warning)
    diagnostics.sort(key=Diagnostic.sort_key)
    result = CheckResult(_dedupe(diagnostics), len(files), warnings, Sources(files, settings.max_file_bytes, sources),
                         unresolved=unresolved)
    if edits and not sources:
        from aliaslint.fix.runner import with_edits  # the fixer imports the engine

        result.diagnostics = with_edits(result.diagnostics, files, settings.max_file_bytes)
    if store is not None and not sources and not stats.unsettled:
        replay.save(store.folder, replay.with_edits(slot, edits), run_key, result.diagnostics, result.warnings,
                    result.unresolved)
    if store is not None and stats.misses:  # entries were written: keep the folder's size bounded
        summary_cache.prune(store, {e.key for e in entries if e.key})
    return result


def _reused_pass(entries: list[_Entry], store, stored_pass, interner=None) -> tuple[list, list[Diagnostic], list] | None:
    """The last project pass's result (``stored_pass``, read by :func:`aliaslint.cutoff.peek`:
    its project rules' diagnostics and calls not followed) when no summary changed, up to moved
    lines, since it ran over the same files (:mod:`aliaslint.cutoff`), else ``None``."""
    by_display = {e.file.display: e for e in entries}

    def same_summary(display: str, old_key: str, new_key: str) -> cutoff.LineMap | None:
        e = by_display[display]
        if e.result is None:  # a hit not read yet (a file back to an earlier text)
            e.result = store.get(e.key, str(e.file.path), interner)
        new = e.result
        old = store.get(old_key, str(e.file.path), interner)
        if old is None or new is None:
            return None
        if cutoff.same(old, new):
            return {}
        lines = cutoff.line_map(old, new, new.module, display)
        if lines is None:
            return None
        try:
            moved = cutoff.shift(old, {new.module: lines}, {display: lines})
        except KeyError:
            return None
        return lines if cutoff.same(moved, new) else None

    return cutoff.load(stored_pass, _states(entries), same_summary)


def _project_pass(entries: list[_Entry], summaries: dict[str, ModuleSummary], rules, settings, store,
                  slot: str, say: Callable[[str], None] = lambda message: None) -> tuple[list, list[Diagnostic], list]:
    """Phases 2 and 3: each file's own diagnostics (its summary's), the project rules'
    diagnostics and the calls not followed (``-v``), as ``(location, text)``. With a ``store``
    (and a ``slot``), the result is kept for :func:`_reused_pass`. ``say`` gets what the
    project pass recomputed (``-v``)."""
    from aliaslint import harm, inference
    from aliaslint.project import Project
    from aliaslint.rule import Facts, ProjectRule

    inference.reset()  # astroid's manager is process-global: no trees from an earlier check
    gc_tuning.settle()  # the summaries live until the end: the pass's collections need not walk them
    project = Project(summaries).analyse()
    done = project.pass_stats
    say(f"project pass: {len(project.functions)} function(s); second round: {done['recomputed']} call-graph "
        f"component(s) analysed again, {done['reused']} unchanged since the first")
    facts = Facts(project)
    found: list[Diagnostic] = []
    for rule in rules:
        if issubclass(rule, ProjectRule):
            found.extend(rule.check_project(project, facts))
    found = facts.settle(found)
    found = harm.tier_test_code(found, {e.file.display: e.module for e in entries})
    found = harm.tier_long_explanations(found)
    unresolved = [(facts.location(site), f"`{text}(...)` not followed: {why}")
                  for site, text, why in project.unresolved_calls()]
    local = [e.result.diagnostics if isinstance(e.result, ModuleSummary) else [] for e in entries]
    if store is not None and slot:
        # astroid's answers depend on the text of every file it parsed
        parsed = [(path, cutoff.file_digest(path)) for path in inference.parsed_files()]
        if all(digest for _, digest in parsed):
            cutoff.save(store.folder, slot, cutoff.context(settings, store.folder.name), _states(entries), parsed,
                        local, found, unresolved)
    return local, found, unresolved


def _states(entries: list[_Entry]) -> list[tuple[str, str, str]]:
    """Each file's part of the project pass (see :data:`aliaslint.cutoff.State`): a file has a
    summary unless its result is an AL000 (an unread hit has one)."""
    return [(e.file.display, e.module, "" if isinstance(e.result, Diagnostic) else e.key) for e in entries]


def _keep(diagnostics: list[Diagnostic], files: Sequence[SourceFile], settings, file_settings,
          sources: Mapping[Path, str] | None = None) -> tuple[list, list]:
    """Each file's settings (select, ignore, per-file-ignores), its ``# noqa`` comments (and AL100
    for those that suppress nothing), then its preview setting; and the ``# noqa`` warnings."""
    from aliaslint.rules import all_rules
    from aliaslint.rules.unused_noqa import UnusedNoqa

    paths = {f.display: f.path for f in files}

    def settings_of(display: str):
        return file_settings.get(display, settings)

    diagnostics = [d for d in diagnostics if settings_of(d.location.path).is_enabled_for(d.code, paths.get(d.location.path))]
    known = frozenset({"AL000", *(rule.code for rule in all_rules())})
    unreadable = {d.location.path for d in diagnostics if d.code == UNREADABLE[0]}
    noqa: dict[str, suppression.FileNoqa] = {}
    for f in files:
        if f.display in unreadable:
            continue
        source = (sources or {}).get(f.path)
        if source is None:
            try:
                source = read_source(f, settings.max_file_bytes)
            except SourceError:
                continue
        noqa[f.display] = suppression.scan(source, known)
    diagnostics, unused = suppression.apply(diagnostics, noqa)
    for item in unused:
        own = settings_of(item.path)
        directive = item.directive
        if UnusedNoqa.code in item.codes or not own.is_enabled_for(UnusedNoqa.code, paths.get(item.path)):
            continue
        diagnostics.append(UnusedNoqa.diagnostic(
            item.path, directive.line, directive.column, directive.end_column, item.codes,
            lambda code, own=own, path=paths.get(item.path): own.is_enabled_for(code, path), known,
        ))
    diagnostics = [d for d in diagnostics if settings_of(d.location.path).preview or d.confidence >= Confidence.HIGH]
    warnings = [f"{display}:{line}: {message}" for display, found in sorted(noqa.items())
                for line, message in found.warnings]
    return diagnostics, warnings


def _dedupe(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Each finding once, its related locations as shown (:func:`shown_related`)."""
    seen = set()
    out = []
    for d in diagnostics:
        k = (d.code, d.location, d.message)
        if k not in seen:
            seen.add(k)
            related = shown_related(d.related)
            out.append(d if related == d.related else replace(d, related=related))
    return out


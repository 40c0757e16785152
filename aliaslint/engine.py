"""Runs the three phases over a set of files.

    check(files: Sequence[files.SourceFile], settings: config.Settings) -> CheckResult

1. per-module pass (:mod:`aliaslint.analyzer`), in worker processes when there are many files,
   each summary cached by content hash (:mod:`aliaslint.cache`);
2. project pass (:mod:`aliaslint.project`): call resolution and the effects fixpoint;
3. resolution: every project rule turns the facts into diagnostics.

``CheckResult.diagnostics`` is sorted (path, line, column, code) and already filtered by
``select`` / ``ignore`` / ``per-file-ignores`` / ``preview`` (each file's own settings when
``file_settings`` gives them) and by ``# noqa`` comments. Files that cannot be read or
parsed come back as ``AL000`` diagnostics, never as exceptions. Any other exception escaping
``check`` is an internal error (the CLI exits 2).
"""
from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping, Sequence

import libcst as cst

from aliaslint import cache as summary_cache
from aliaslint import inference
from aliaslint import models as library_models
from aliaslint.analyzer import analyze_module
from aliaslint.config import ConfigError
from aliaslint.diagnostics import Confidence, Diagnostic, Location
from aliaslint.files import SourceError, SourceFile, read_source
from aliaslint.project import Project
from aliaslint.rule import Facts, ProjectRule
from aliaslint import suppression
from aliaslint.sources import Sources
from aliaslint.summary import ModuleSummary

UNREADABLE = ("AL000", "unreadable-file")
#: below this many files the per-module pass runs in-process (a pool costs ~0.2 s to start)
PARALLEL_THRESHOLD = 24
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
    #: with ``explain``: calls the analysis could not follow, one line each (``-v``)
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
    return Diagnostic(UNREADABLE[0], UNREADABLE[1], message, Location(display, line, column, line, column))


def summarize_file(file: SourceFile, module: str, is_package: bool, settings,
                   source: str | None = None) -> ModuleSummary | Diagnostic:
    """Phase 1 for one file: its summary, or an AL000 diagnostic when it cannot be analysed.

    ``source``, when given, is the file's text in memory (fixes not yet written): it is analysed
    instead of the file's content and never cached.
    """
    if source is None:
        try:
            source = read_source(file, settings.max_file_bytes)
        except SourceError as exc:
            return _unreadable(file.display, f"cannot read this file: {exc}", exc.line, exc.column)
        store = None if settings.no_cache else summary_cache.SummaryCache(settings)
    else:
        store = None
    cache_key = summary_cache.key_for(source, module, file.display, is_package, [r.code for r in _rules(settings)]) if store else None
    if store is not None:
        got = store.get(cache_key, str(file.path))
        if got is not None:
            return got
    too_deep = _nesting_problem(file, source)
    if too_deep is not None:
        return too_deep
    try:
        summary = analyze_module(source, module, file.display, str(file.path), _rules(settings), is_package)
    except cst.ParserSyntaxError as exc:
        return _syntax_error(file, source, exc, settings)
    except RecursionError:
        if _cpython_accepts(file, source):
            return _unsupported(file, settings, "it nests too deeply for LibCST")
        return _unreadable(file.display, "cannot analyse this file: it is nested too deeply")
    except Exception as exc:  # a bug of ours must not stop the run: say so for this file only
        return _unreadable(file.display, f"aliaslint failed on this file ({type(exc).__name__}: {exc}); please report it")
    if store is not None:
        store.put(cache_key, summary)
    return summary


#: bracket depth past which CPython's parser is asked first: LibCST's native parser can crash the
#: process (not raise) on absurd nesting, which CPython rejects with a clean SyntaxError
SUSPICIOUS_NESTING = 60


def _bracket_depth(source: str) -> int:
    """An upper bound of the bracket nesting (brackets in strings and comments count too)."""
    depth = deepest = 0
    for ch in source:
        if ch in "([{":
            depth += 1
            if depth > deepest:
                deepest = depth
        elif ch in ")]}":
            depth = max(0, depth - 1)
    return deepest


def _nesting_problem(file: SourceFile, source: str) -> Diagnostic | None:
    if _bracket_depth(source) <= SUSPICIOUS_NESTING:
        return None
    import ast

    try:
        ast.parse(source, filename=PARSE_FILENAME)
    except SyntaxError as err:
        return _unreadable(file.display, f"cannot parse this file: {err.msg}", err.lineno or 1, err.offset or 1)
    except (RecursionError, MemoryError, ValueError):
        return _unreadable(file.display, "cannot analyse this file: it is nested too deeply")
    return None


def _cpython_accepts(file: SourceFile, source: str) -> bool:
    import ast

    try:
        ast.parse(source, filename=PARSE_FILENAME)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


def _unsupported(file: SourceFile, settings, detail: str, line: int = 1, column: int = 1) -> Diagnostic:
    """AL000 for valid Python that LibCST cannot parse: say so, and how to exclude the file."""
    how = "exclude the file with extend-exclude"
    try:
        relative = file.path.relative_to(settings.root).as_posix()
    except ValueError:
        pass
    else:
        how += f' = ["/{relative}"]'
    return _unreadable(
        file.display, f"valid Python that aliaslint's parser does not support ({detail}); {how}", line, column
    )


def _syntax_error(file: SourceFile, source: str, exc: cst.ParserSyntaxError, settings=None) -> Diagnostic:
    """AL000 for a file that does not parse, placed and worded by CPython's own parser when it
    agrees (its positions are exact; LibCST's native parser may point a token later)."""
    import ast

    try:
        ast.parse(source, filename=PARSE_FILENAME)
    except SyntaxError as err:
        return _unreadable(file.display, f"cannot parse this file: {err.msg}", err.lineno or 1, err.offset or 1)
    except (ValueError, RecursionError, MemoryError):
        pass
    # CPython accepts it (a syntax LibCST does not support yet)
    detail = "LibCST: " + exc.message.split(": expected one of")[0]
    if settings is None:
        return _unreadable(file.display, f"cannot parse this file: {detail}", exc.raw_line, exc.raw_column + 1)
    return _unsupported(file, settings, detail, exc.raw_line, exc.raw_column + 1)


def _worker_init(model_paths: Sequence[Path]) -> None:
    library_models.load_user_models(model_paths)


def _summarize_star(args):
    return summarize_file(*args)


def check(files: Sequence[SourceFile], settings, file_settings=None,
          sources: Mapping[Path, str] | None = None, explain: bool = False) -> CheckResult:
    """Check ``files``. ``file_settings`` (``SourceFile.display`` -> Settings, see
    :meth:`aliaslint.config.Configuration.for_files`) chooses which findings of each file are kept;
    files it does not name use ``settings``, which also runs the analysis. ``sources`` maps some
    of the files' paths to text that replaces their content (the fixer's pending, unwritten
    changes): it is analysed, never cached, and its ``# noqa`` comments are the ones read.
    """
    sources = sources or {}
    try:
        library_models.load_user_models(settings.models)
    except library_models.ModelError as exc:
        raise ConfigError(str(exc)) from None
    jobs_in = []
    names: dict[str, int] = {}
    for f in files:
        module, is_package = module_name_for(f.path, Path(settings.root))
        if module in names:  # two scripts with one name: keep both apart
            names[module] += 1
            module = f"{module}__{names[module]}"
        else:
            names[module] = 0
        jobs_in.append((f, module, is_package, settings, sources.get(f.path)))
    jobs = settings.jobs or os.cpu_count() or 1
    if len(jobs_in) >= PARALLEL_THRESHOLD and jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs, initializer=_worker_init, initargs=(tuple(settings.models),)) as pool:
            results = list(pool.map(_summarize_star, jobs_in, chunksize=8))
    else:
        results = [summarize_file(*j) for j in jobs_in]

    diagnostics: list[Diagnostic] = []
    summaries: dict[str, ModuleSummary] = {}
    for r in results:
        if isinstance(r, Diagnostic):
            diagnostics.append(r)
        else:
            summaries[r.module] = r
            diagnostics.extend(r.diagnostics)

    inference.reset()  # astroid's manager is process-global: no trees from an earlier check
    project = Project(summaries).analyse()
    facts = Facts(project)
    for rule in _rules(settings):
        if issubclass(rule, ProjectRule):
            diagnostics.extend(rule.check_project(project, facts))

    diagnostics, warnings = _keep(diagnostics, files, settings, file_settings or {}, sources)
    diagnostics.sort(key=Diagnostic.sort_key)
    unresolved = []
    if explain:
        for site, text, why in project.unresolved_calls():
            location = facts.location(site)
            unresolved.append(f"{location.path}:{location.line}:{location.column}: `{text}(...)` not followed: {why}")
    return CheckResult(_dedupe(diagnostics), len(files), warnings, Sources(files, settings.max_file_bytes, sources),
                       unresolved)


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
    seen = set()
    out = []
    for d in diagnostics:
        k = (d.code, d.location, d.message)
        if k not in seen:
            seen.add(k)
            out.append(d)
    return out

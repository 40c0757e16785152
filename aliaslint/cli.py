"""The ``aliaslint`` command: parses flags and hands over to config, files, engine and reporters.

Exit status of ``aliaslint check``: 0 no findings, 1 findings, 2 a usage, configuration or
internal error (reported on stderr as one ``aliaslint: error: ...`` line).
"""
from __future__ import annotations

import errno
import os
import sys
import time
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

import click

from aliaslint import __version__, baseline, reporters
from aliaslint.config import ConfigError, load_configuration, parse_ignored, parse_selector, show_settings
from aliaslint.files import UsageError, discover
from aliaslint.fingerprint import Fingerprinter
from aliaslint.progress import Progress
from aliaslint.reporters.output_file import write_report
from aliaslint.workers import WorkerStartError

EXIT_OK, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
#: calls not followed that ``-v`` lists (the rest are counted)
MAX_UNRESOLVED_SHOWN = 50


def _fail(message: str) -> NoReturn:
    click.echo(f"aliaslint: error: {reporters.printable(message)}", err=True)
    sys.exit(EXIT_ERROR)


class _Group(click.Group):
    """A click group whose usage errors read ``aliaslint: error: ...`` and exit 2, like the rest."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):  # type: ignore[override]
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        no_args_is_help = getattr(click.exceptions, "NoArgsIsHelpError", ())
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except SystemExit as exit_:
            # click answers a broken pipe itself, with status 1, whatever the mode (it wraps
            # stdout in its ``PacifyFlushWrapper`` first, ``_PacifyFlushWrapper`` since 8.5): the
            # reader took what it wanted, status 0
            if exit_.code == 1 and type(sys.stdout).__name__.lstrip("_") == "PacifyFlushWrapper":
                _silence_stdout()
                sys.exit(EXIT_OK)
            raise
        except no_args_is_help as error:  # bare ``aliaslint``: the help, as click shows it
            error.show()
            sys.exit(error.exit_code)
        except click.UsageError as error:
            hint = f" (see '{error.ctx.command_path} --help')" if error.ctx is not None else ""
            _fail(f"{error.format_message()}{hint}")
        except click.ClickException as error:
            _fail(error.format_message())
        except click.Abort:
            click.echo("aliaslint: interrupted", err=True)
            sys.exit(130)
        except BrokenPipeError:
            _silence_stdout()  # ``aliaslint rules | head -1``: the reader took what it wanted
            sys.exit(EXIT_OK)
        except OSError as error:
            if error.errno not in _OUTPUT_ERRORS:
                raise
            # the help, ``rules``, ``rule ALxxx`` or ``--version`` could not be written (``> /dev/full``)
            _silence_stdout()
            _fail(f"cannot write the output: {error.strerror or error}")
        sys.exit(code if isinstance(code, int) else EXIT_OK)


#: what a write to a full, gone or closed output raises (errno names)
_OUTPUT_ERRORS = {getattr(errno, name) for name in ("ENOSPC", "EIO", "EBADF", "EDQUOT", "EFBIG") if hasattr(errno, name)}


def _patterns(ctx: click.Context, param: click.Parameter, values: Sequence[str]) -> tuple[str, ...] | None:
    """``--exclude vendor,build --exclude "*.pyi"`` -> ``("vendor", "build", "*.pyi")``; ``None``
    if not given."""
    if not values:
        return None
    return tuple(item.strip() for value in values for item in value.split(",") if item.strip())


def _selectors(ctx: click.Context, param: click.Parameter, values: Sequence[str]) -> tuple[str, ...] | None:
    """``--select AL001,AL002 --select AL3`` -> ``("AL001", "AL002", "AL3")``; ``None`` if not given."""
    if not values:
        return None
    selectors = []
    for value in values:
        for item in value.split(","):
            if item.strip():
                try:
                    selectors.append((parse_ignored if param.name == "ignore" else parse_selector)(item))
                except ValueError as error:
                    raise click.BadParameter(str(error), ctx=ctx, param=param) from None
    return tuple(selectors)


@click.group("aliaslint", cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="aliaslint", message="%(prog)s %(version)s")
def cli() -> None:
    """Find aliasing bugs in Python code: shared nested state mutated through a template,
    a shallow copy or a loop.

    \b
    Examples:
      aliaslint check                   check the current directory
      aliaslint check src/ tests/       check some directories
      aliaslint rules                   list the rules
      aliaslint rule AL001              explain a rule
    """


@cli.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=str, readable=False))  # read as files are
@click.option(
    "--output-format",
    type=click.Choice(reporters.FORMATS),
    default=reporters.FORMATS[0],
    show_default=True,
    envvar="ALIASLINT_OUTPUT_FORMAT",
    help="How to print the findings (also ALIASLINT_OUTPUT_FORMAT).",
)
@click.option("--select", multiple=True, callback=_selectors, metavar="CODES",
              help="Only these rules: codes or prefixes, comma-separated (replaces the configuration's; "
                   "an empty --select \"\" selects none).")
@click.option("--ignore", multiple=True, callback=_selectors, metavar="CODES",
              help="Skip these rules: codes or prefixes, comma-separated (added to the configuration's).")
@click.option("--extend-select", multiple=True, callback=_selectors, metavar="CODES",
              help="Add these rules to the selection: codes or prefixes, comma-separated.")
@click.option("--preview/--no-preview", default=None,
              help="Also report preview rules and lower-confidence findings.")
@click.option("--config", "config_file", type=click.Path(dir_okay=False, path_type=Path), metavar="FILE",
              help="Read settings from FILE (a pyproject.toml, or a TOML file with the options at top level or in a "
                   "[tool.aliaslint] table) "
                   "instead of the nearest pyproject.toml with a [tool.aliaslint] table.")
@click.option("--exclude", multiple=True, callback=_patterns, metavar="PATTERNS",
              help="Files and directories not to check: gitignore-style patterns, relative to the project "
                   "root, comma-separated (replaces the configuration's exclude and the defaults).")
@click.option("--extend-exclude", multiple=True, callback=_patterns, metavar="PATTERNS",
              help="More patterns not to check, added to the exclude patterns (e.g. --extend-exclude vendor).")
@click.option("--no-cache", is_flag=True, default=None, help="Neither read nor write the cache.")
@click.option("--tracked-only", is_flag=True, default=None,
              help="Check only the files git tracks or has staged, as a commit holds them (the pre-commit "
                   "hook's setting: a scratch file nobody added does not block a commit).")
@click.option("--cache-dir", type=click.Path(file_okay=False, path_type=Path), metavar="DIR",
              help="Where to keep the cache [default: .aliaslint_cache in the project root: the folder of the "
                   "configuration file, else the current directory when the checked paths are inside it].")
@click.option("-j", "--jobs", type=click.IntRange(min=1), metavar="N",
              help="Worker processes that parse files [default: one per CPU the process may use].")
@click.option("--fix", is_flag=True,
              help="Apply the safe fixes (and the unsafe ones with --unsafe-fixes), then report what remains.")
@click.option("--unsafe-fixes", is_flag=True,
              help="Count unsafe fixes as fixable: shown with [*], applied by --fix and --diff.")
@click.option("--diff", is_flag=True,
              help="Print the unified diff of the fixes instead of applying them; write nothing. "
                   "Exits 1 when there is something to fix.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings.")
@click.option("--statistics", is_flag=True,
              help="Print how many findings each rule has instead of the findings (as JSON with "
                   "--output-format json); the exit code is the same.")
@click.option("-o", "--output-file", type=click.Path(dir_okay=False, path_type=Path), metavar="FILE",
              help="Write the report to FILE instead of standard output.")
@click.option("-v", "--verbose", is_flag=True,
              help="Say which configuration and files are used, what the cache gave and what was "
                   "computed again, and show tracebacks of internal errors.")
@click.option("-q", "--quiet", is_flag=True, help="Print the report only: no warnings on standard error.")
@click.option("--color/--no-color", default=None,
              help="Colour the output [default: when standard output is a terminal and NO_COLOR is unset].")
@click.option("--baseline", "baseline_file", type=click.Path(dir_okay=False, path_type=Path), metavar="FILE",
              help="Report only findings that are not in the baseline FILE (see --write-baseline).")
@click.option("--write-baseline", "write_baseline_file", type=click.Path(dir_okay=False, path_type=Path),
              metavar="FILE", help="Record the current findings in FILE (sorted JSON), say how many on "
                                   "stderr and exit 0; later runs with --baseline FILE report only new ones. "
                                   "AL000 (files that cannot be read) is never recorded and still reported.")
@click.option("--add-noqa", is_flag=True,
              help="Add a `# noqa: CODE` comment for every current finding (keeping the codes already "
                   "listed), then exit 0 without a report.")
@click.option("--show-settings", "show_settings_for", type=click.Path(dir_okay=False, path_type=Path),
              metavar="FILE", help="Print the settings used for FILE, and where each came from; check nothing.")
def check(
    paths: tuple[str, ...],
    output_format: str,
    select: tuple[str, ...] | None,
    ignore: tuple[str, ...] | None,
    extend_select: tuple[str, ...] | None,
    preview: bool | None,
    config_file: Path | None,
    exclude: tuple[str, ...] | None,
    extend_exclude: tuple[str, ...] | None,
    no_cache: bool | None,
    tracked_only: bool | None,
    cache_dir: Path | None,
    jobs: int | None,
    fix: bool,
    unsafe_fixes: bool,
    diff: bool,
    exit_zero: bool,
    statistics: bool,
    output_file: Path | None,
    verbose: bool,
    quiet: bool,
    color: bool | None,
    show_settings_for: Path | None,
    add_noqa: bool,
    baseline_file: Path | None,
    write_baseline_file: Path | None,
) -> None:
    """Check PATHS (files or directories; default: the current directory).

    Exits 0 when there are no findings, 1 when there are, 2 on a usage,
    configuration or internal error.

    \b
    Examples:
      aliaslint check
      aliaslint check src/operator --select AL001,AL002
      aliaslint check --output-format github .
      aliaslint check --output-format sarif -o aliaslint.sarif src/
      aliaslint check --diff --unsafe-fixes src/
    """
    if verbose and quiet:
        raise click.UsageError("--verbose and --quiet cannot be used together")
    exclusive = [name for name, given in (("--baseline", baseline_file), ("--write-baseline", write_baseline_file),
                                          ("--add-noqa", add_noqa)) if given]
    if (add_noqa or write_baseline_file) and (fix or diff):
        # (a baseline written while the files are being fixed would record findings the fix removes)
        exclusive.append("--fix" if fix else "--diff")
    if len(exclusive) > 1:
        raise click.UsageError(f"{' and '.join(exclusive)} cannot be used together")
    paths = paths or (".",)
    overrides: dict[str, Any] = {
        "select": select,
        "ignore": ignore,
        "extend_select": extend_select,
        "preview": preview,
        "exclude": exclude,
        "extend_exclude": extend_exclude,
        "no_cache": True if no_cache else None,
        "tracked_only": True if tracked_only else None,
        "cache_dir": cache_dir,
        "jobs": jobs,
    }
    if color is None:
        color = output_file is None and sys.stdout.isatty() and not os.environ.get("NO_COLOR")

    def note(message: str) -> None:
        if verbose:
            click.echo(f"aliaslint: {reporters.printable(message)}", err=True)

    warned: list[str] = []

    def notify(level: str, message: str) -> None:
        if level == "warning":
            warned.append(message)
        if level == "warning" and not quiet:
            click.echo(f"aliaslint: warning: {reporters.printable(message)}", err=True)
        elif level != "warning":
            note(message)

    started = time.perf_counter()
    try:
        configuration = load_configuration([Path(p) for p in paths], overrides, config_file)
        settings = configuration.settings
        if show_settings_for is not None:
            if not show_settings_for.is_file():
                raise UsageError(f"--show-settings: file not found: {show_settings_for}")
            text = show_settings(configuration, Path(os.path.abspath(show_settings_for)))
            for warning in configuration.warnings:
                click.echo(f"aliaslint: warning: {warning}", err=True)
            _write_stdout(text, text.encode("utf-8"))
            sys.exit(EXIT_OK)
        note(f"configuration: {settings.config_file or 'none (defaults)'}; root: {settings.root}")
        files = discover(paths, settings, notify=notify)
        file_settings = configuration.for_files(files)
        for config in sorted({s.config_file for s in file_settings.values()} - {settings.config_file}, key=str):
            note(f"nested configuration: {config}")
        settings = configuration.run_settings(file_settings)
        if not quiet and not _any_rule_enabled([settings, *file_settings.values()]):
            click.echo("aliaslint: warning: no rules selected (check --select, --ignore and the configuration); "
                       "only files that cannot be read are reported", err=True)
        note(f"{len(files)} file(s) to check")
        if output_file is not None and any(_same_file(f.path, output_file) for f in files):
            raise UsageError(f"--output-file {output_file} is one of the files to check; it would be overwritten")
        if not files and not quiet and not warned:  # a warning of discover's says why already
            click.echo("aliaslint: warning: no Python files found", err=True)
        from aliaslint.fix import runner as fix_runner

        fixing = None
        progress = Progress.for_terminal(sys.stderr, quiet)

        def engine_note(message: str) -> None:
            progress.clear()  # not appended to the progress line
            note(message)

        if fix or diff:
            fixing = fix_runner.run(files, settings, unsafe_fixes=unsafe_fixes, file_settings=file_settings)
            if fix and not diff:
                for path in fixing.write(lambda changes: fix_runner.check(files, settings, file_settings, changes)):
                    note(f"fixed {path}")
            for warning in fixing.warnings:
                if not quiet:
                    click.echo(f"aliaslint: warning: {reporters.printable(warning)}", err=True)
            result = fixing.result
            in_notebooks = sum(1 for d in result.diagnostics if d.location.path.endswith(".ipynb")
                               and d.fix is not None and not d.fix.requests)
            if in_notebooks and fix and not diff and not quiet:  # "Found 2 errors." alone leaves one guessing
                click.echo(f"aliaslint: warning: {in_notebooks} finding{'' if in_notebooks == 1 else 's'} in "
                           "notebooks not fixed: --fix never rewrites a notebook", err=True)
        else:
            try:
                result = fix_runner.check(files, settings, file_settings, progress=progress, note=engine_note,
                                          edits=output_format in ("json", "json-lines"))
            finally:
                progress.close()
        # -v: the calls the analysis could not follow (a missed finding usually went through one)
        shown_unresolved = result.unresolved[:MAX_UNRESOLVED_SHOWN]
        for line in shown_unresolved:
            note(line)
        if len(result.unresolved) > len(shown_unresolved):
            note(f"... and {len(result.unresolved) - len(shown_unresolved)} more calls not followed")
        diagnostics = result.diagnostics
        if output_format in ("json", "json-lines") and fix and not diff:  # without --fix: the engine's
            diagnostics = fix_runner.with_edits(diagnostics, files, settings.max_file_bytes)
        baseline_note = wrote_baseline = None
        if baseline_file or write_baseline_file or output_format in ("gitlab", "sarif"):
            fingerprinter = Fingerprinter(files, settings.root, settings.max_file_bytes)
            diagnostics = fingerprinter.assign(diagnostics)
            if write_baseline_file is not None:
                written = baseline.write_baseline(write_baseline_file, diagnostics, fingerprinter)
                # what is left are the findings a baseline never takes (AL000)
                diagnostics = baseline.compare(diagnostics, baseline.read_baseline(write_baseline_file)).new
                wrote_baseline = f"Wrote {written} finding{'' if written == 1 else 's'} to {write_baseline_file}"
                if diagnostics:  # reported, but the run's job was to write the baseline: exit 0
                    wrote_baseline += (f"; {len(diagnostics)} finding{'' if len(diagnostics) == 1 else 's'} of "
                                       "files that cannot be read (AL000) not baselined but reported")
            if baseline_file is not None:
                compared = baseline.compare(diagnostics, baseline.read_baseline(baseline_file))
                diagnostics = compared.new
                baseline_note = f"baseline {baseline_file}: " + (
                    f"{compared.baselined} finding{'' if compared.baselined == 1 else 's'} baselined (not shown), "
                    f"{compared.gone} baseline entr{'y' if compared.gone == 1 else 'ies'} no longer found"
                )
        if diff:
            text = fixing.diff()
        elif add_noqa or (wrote_baseline and not diagnostics and output_format in ("full", "concise")):
            text = ""  # not "All checks passed!": nothing was checked against a baseline
        else:
            status = reporters.FixStatus(unsafe_fixes=unsafe_fixes, applied=fix,
                                         fixed=fixing.fixed if fixing is not None else 0,
                                         not_written=len(fixing.not_written) if fixing is not None else 0,
                                         found_later=fixing.found_later if fixing is not None else 0)
            if statistics:
                from aliaslint.reporters import statistics as statistics_report

                text = statistics_report.render(diagnostics, json_output=output_format in ("json", "json-lines"),
                                                fixes=status)
            else:
                text = reporters.render(
                    diagnostics, output_format, files_checked=result.files_checked, color=color, fixes=status,
                    sources=result.sources,
                )
    except baseline.BaselineError as error:
        _fail(str(error))
    except (ConfigError, UsageError, WorkerStartError) as error:
        _fail(str(error))
    except Exception as error:  # an internal error: the engine or a reporter failed
        if verbose:
            traceback.print_exc()
        _fail(
            f"internal error: {type(error).__name__}: {error}"
            + ("" if verbose else " (run with --verbose for the traceback)")
        )
    note(f"checked {result.files_checked} file(s) in {time.perf_counter() - started:.2f}s")
    if not quiet:
        for warning in [*configuration.warnings, *result.warnings]:
            click.echo(f"aliaslint: warning: {reporters.printable(warning)}", err=True)
        if baseline_note:
            click.echo(f"aliaslint: {baseline_note}", err=True)
        if wrote_baseline:
            click.echo(reporters.printable(wrote_baseline), err=True)
    if add_noqa:
        _add_noqa(result.diagnostics, files, quiet)

    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as error:  # a reporter let an unescaped name through: write nothing
        _fail(f"internal error: the report is not valid UTF-8 ({error.reason})")
    if output_file is not None:
        try:
            replaced_link = write_report(output_file, data)
        except OSError as error:
            _fail(f"cannot write {output_file}: {error.strerror or error}")
        if replaced_link and not quiet:
            click.echo(f"aliaslint: warning: {reporters.printable(str(output_file))} was a symbolic link; "
                       "the report replaced the link, not the file it pointed to", err=True)
    else:
        _write_stdout(text, data)
    if diff:
        if not quiet:
            click.echo(_diff_summary(fixing, unsafe_fixes), err=True, nl=False)
        sys.exit(EXIT_FINDINGS if fixing.changed and not exit_zero else EXIT_OK)
    if diagnostics and not exit_zero and not write_baseline_file:
        sys.exit(EXIT_FINDINGS)
    sys.exit(EXIT_OK)


def _any_rule_enabled(settings: list) -> bool:
    if not any(layer.select is not None or layer.ignore for s in settings for layer in s.rule_selections()):
        # the default selection enables the default rules: no need to import every rule module
        # (0.6 s, most of a replayed run: issue 9's "warm with nothing changed")
        return True
    from aliaslint.rules import all_rules

    return any(s.is_enabled(rule.code) for rule in all_rules() if rule.code != "AL000" for s in settings)


def _write_stdout(text: str, data: bytes) -> None:
    """Write the report to standard output, as UTF-8 bytes whatever the locale says (ruff does the
    same). A reader that went away (``aliaslint check | head -1``) ends the run quietly with
    status 0, as ruff does (the reader took what it wanted); any other failure (``> /dev/full``)
    is an error, exit 2."""
    try:
        sys.stdout.flush()
        try:
            fd = sys.stdout.fileno()
        except (AttributeError, OSError, ValueError):  # no descriptor (a test runner's stream)
            fd = None
        if fd is not None:
            # straight to the descriptor: a buffered stream's flush may swallow the broken pipe
            # of a large report (click's stdout wrapper does), and the run then exited 1
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        elif getattr(sys.stdout, "buffer", None) is not None:
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
        else:
            sys.stdout.write(text)
            sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
        sys.exit(EXIT_OK)
    except OSError as error:
        _silence_stdout()
        _fail(f"cannot write the report: {error.strerror or error}")


def _silence_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's last flush of what is
    still buffered does not fail again (and print "Exception ignored" on stderr)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no real descriptor (a test runner's stream)
        pass


def _add_noqa(diagnostics: list, files: list, quiet: bool) -> NoReturn:
    from aliaslint.add_noqa import add_noqa

    try:
        written = add_noqa(diagnostics, files)
    except OSError as error:
        _fail(f"cannot write {error.filename}: {error.strerror or error}")
    for reason in written.skipped:
        click.echo(f"aliaslint: warning: no `# noqa` added at {reason}", err=True)
    if not quiet:
        plural = "" if written.added == 1 else "s"
        click.echo(f"Added {written.added} noqa directive{plural} to {written.files} "
                   f"file{'' if written.files == 1 else 's'}.", err=True)
    sys.exit(EXIT_OK)


def _diff_summary(fixing, unsafe_fixes: bool) -> str:
    """``--diff``'s line on stderr, as ruff words it: ``Would fix 2 errors (1 additional fix
    available with `--unsafe-fixes`).``, ``No errors would be fixed (...)`` or nothing; fixes of
    findings that only the first fixes revealed are counted apart (``Would fix 3 errors (1 of them
    found once the first fixes were made).``: two readers of issue 8's twentieth and twenty-third
    sets found "Would fix 3" beside "2 hidden fixes" inconsistent)."""
    hidden = 0 if unsafe_fixes else sum(
        1 for d in fixing.result.diagnostics if d.fix is not None and d.fix.applies(True) and not d.fix.applies(False)
    )
    extra = f"{hidden} additional fix{'' if hidden == 1 else 'es'} available with `--unsafe-fixes`"
    if fixing.fixed:
        errors = f"{fixing.fixed} error{'' if fixing.fixed == 1 else 's'}"
        notes = [extra] if hidden else []
        if fixing.found_later:
            # another cause of a change, reported once the first one's fix took that one away
            notes.insert(0, f"{fixing.found_later} of them found once the first fixes were made")
        return f"Would fix {errors} ({'; '.join(notes)}).\n" if notes else f"Would fix {errors}.\n"
    if hidden:
        return f"No errors would be fixed ({hidden} fix{'' if hidden == 1 else 'es'} available with `--unsafe-fixes`).\n"
    return ""


def _same_file(path: Path, other: Path) -> bool:
    try:
        return os.path.samefile(path, other)
    except OSError:  # one of them does not exist (yet) or cannot be reached
        return False


@cli.command("rules")
def list_rules() -> None:
    """List every rule: code, name and summary (preview rules, and rules off by default, are marked).

    \b
    Example:
      aliaslint rules
    """
    from aliaslint.rules import all_rules

    catalogue = all_rules()
    if not catalogue:
        return
    width = max(len(rule.name) for rule in catalogue)
    for rule in catalogue:
        marker = " (preview)" if rule.preview else "" if rule.enabled_by_default else " (off by default)"
        click.echo(f"{rule.code}  {rule.name:<{width}}  {rule.summary}{marker}")


@cli.command("rule")
@click.argument("code_or_name")
def show_rule(code_or_name: str) -> None:
    """Explain one rule, by code or name.

    \b
    Examples:
      aliaslint rule AL001
      aliaslint rule loop-shared-argument-mutation
    """
    from aliaslint.rules import get_rule

    rule = get_rule(code_or_name)
    if rule is None:
        _fail(f"unknown rule '{code_or_name}'; see 'aliaslint rules'")
    title = f"{rule.code} ({rule.name})" + (" (preview)" if rule.preview else "")
    documentation = rule.documentation()
    click.echo(title)
    if documentation:
        click.echo()
        click.echo(documentation)
    if "## Tiers" in documentation:
        from aliaslint.rules_reference import EVERY_RULE_TIERS

        click.echo()
        click.echo(EVERY_RULE_TIERS)


def main(args: Sequence[str] | None = None, prog_name: str | None = "aliaslint") -> NoReturn:
    """The command line as a function: runs it and exits with its status (``SystemExit``)."""
    cli.main(args=args, prog_name=prog_name)
    raise AssertionError("unreachable")  # pragma: no cover - cli.main always exits


def console_script() -> NoReturn:
    """The ``aliaslint`` command and ``python -m aliaslint``: :func:`main` on ``sys.argv``.

    Once the output is written and flushed, the process ends without the interpreter's teardown
    (``os._exit``, as mypy does): freeing every summary and fact one by one, and a last
    collection over them, took 0.7 s at the end of a cold run on std168, for nothing. The
    workers are gone by then, and every file aliaslint writes is complete and renamed into
    place. Anything unusual (an exit status that is not a number, a flush that fails) takes the
    ordinary way out.
    """
    try:
        main()
    except SystemExit as exit_:
        if not isinstance(exit_.code, int):
            raise
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except (OSError, ValueError):
            raise exit_ from None
        os._exit(exit_.code)

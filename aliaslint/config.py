"""Settings: the nearest configuration file (``aliaslint.toml``, or ``pyproject.toml`` with a
``[tool.aliaslint]`` table), then the CLI's overrides.

Keys are kebab-case in TOML (``extend-exclude``) and snake_case here (``extend_exclude``).
Validation is strict: an unknown key or a value of the wrong type is a :class:`ConfigError`
naming the file and the key, never a silent default.

Configuration is hierarchical, as in ruff: :func:`load_configuration` gives the run's settings
(from the configuration above the checked paths) and, for each file, the settings of the nearest
configuration above *that file*. The analysis stays one project-wide run, so only the settings
that decide which findings of a file are kept are per file (:data:`PER_FILE_OPTIONS`); the others
(file discovery, models, cache, workers) are per run and come from the run's configuration.
"""
from __future__ import annotations

import fnmatch
import functools
import glob
import os
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

__all__ = [
    "CONFIG_FILE_NAMES",
    "DEFAULT_EXCLUDE",
    "PER_FILE_OPTIONS",
    "UNREADABLE_CODE",
    "ConfigError",
    "Configuration",
    "PerFileIgnore",
    "RuleSelection",
    "Settings",
    "find_config_file",
    "load_configuration",
    "load_settings",
    "parse_selector",
    "show_settings",
]

#: configuration files looked for in each folder, in this order (``pyproject.toml`` only counts
#: when it has a ``[tool.aliaslint]`` table)
CONFIG_FILE_NAMES = ("aliaslint.toml", "pyproject.toml")

#: directories never walked unless ``exclude`` is set (gitignore-style patterns)
DEFAULT_EXCLUDE: tuple[str, ...] = (
    ".aliaslint_cache",
    ".eggs",
    ".git",
    ".hg",
    ".mypy_cache",
    ".nox",
    ".pytest_cache",
    ".ruff_cache",
    ".svn",
    ".tox",
    ".venv",
    "__pycache__",
    "__pypackages__",
    "build",
    "dist",
    "node_modules",
    "venv",
)

#: the code of "file could not be read or parsed"; it cannot be disabled or suppressed
UNREADABLE_CODE = "AL000"

_SELECTOR = re.compile(r"^[A-Z]+[0-9]*$")


class ConfigError(Exception):
    """A configuration file or option that cannot be used; the message names the file and key."""


@dataclass(frozen=True)
class RuleSelection:
    """One layer of rule selection, as in ruff: a configuration file's, then the command line's.

    Layers apply in order to the set of enabled rules. ``select`` (``None``: not given) starts the
    layer from nothing, so it replaces what earlier layers enabled; without it the layer starts
    from the previous layer's set. ``extend_select`` adds, ``ignore`` removes. Within one layer
    the most specific selector decides (``AL001`` beats ``AL``), and ``ignore`` wins a tie. This
    is why ``--extend-select AL005`` re-enables a rule the configuration ignores: flags win.
    """

    select: tuple[str, ...] | None = None
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()

    def apply(self, code: str, enabled: bool) -> bool:
        """Whether ``code`` is enabled after this layer, given whether it was before."""
        selected = _longest_match(code, (*(self.select or ()), *self.extend_select))
        ignored = _longest_match(code, self.ignore)
        if ignored is not None and (selected is None or ignored >= selected):
            return False
        if selected is not None:
            return True
        return enabled and self.select is None


@dataclass(frozen=True)
class PerFileIgnore:
    """One ``per-file-ignores`` entry (ruff's syntax): a glob and the codes it ignores there.

    The glob is taken from ``directory`` (the configuration file's folder) and matched against
    the file's absolute path with :func:`fnmatch.fnmatchcase` (``*`` also crosses ``/``); a glob
    without ``/`` also matches the file name alone (``"__init__.py"``, ``"test_*.py"``). A
    leading ``!`` negates it: the codes are ignored in every file the glob does *not* match.
    """

    pattern: str
    codes: tuple[str, ...]
    directory: Path

    @functools.cached_property
    def _globs(self) -> tuple[bool, str, str | None]:
        negated = self.pattern.startswith("!")
        pattern = self.pattern[1:] if negated else self.pattern
        absolute = glob.escape(Path(os.path.abspath(self.directory)).as_posix().rstrip("/")) + "/" + pattern
        return negated, os.path.normpath(absolute).replace(os.sep, "/"), None if "/" in pattern else pattern

    def matches(self, path: Path) -> bool:
        """Whether the entry applies to the file at ``path`` (absolute)."""
        negated, absolute, basename = self._globs
        posix = Path(os.path.abspath(path)).as_posix()
        hit = fnmatch.fnmatchcase(posix, absolute) or (
            basename is not None and fnmatch.fnmatchcase(Path(path).name, basename)
        )
        return hit != negated

    def ignores(self, code: str, path: Path) -> bool:
        return _longest_match(code, self.codes) is not None and self.matches(path)


#: the options that may differ from file to file (see the module docstring)
PER_FILE_OPTIONS = ("select", "extend-select", "ignore", "extend-ignore", "preview", "per-file-ignores")


@dataclass(frozen=True)
class Settings:
    """Everything a run needs besides the file list. Paths are absolute."""

    root: Path
    #: rule codes or code prefixes to enable; empty means "not given": every rule that is on by
    #: default (all but those a rule marks ``enabled_by_default = False``, such as AL100)
    select: tuple[str, ...] = ()
    #: added to ``select`` (or to the default rules)
    extend_select: tuple[str, ...] = ()
    #: ``ignore`` and ``extend-ignore`` of the configuration
    ignore: tuple[str, ...] = ()
    #: gitignore-style patterns, relative to ``root``
    exclude: tuple[str, ...] = DEFAULT_EXCLUDE
    extend_exclude: tuple[str, ...] = ()
    respect_gitignore: bool = True
    preview: bool = False
    #: user model files (resolved relative to the configuration file)
    models: tuple[Path, ...] = ()
    #: ``root / ".aliaslint_cache"`` unless given
    cache_dir: Path = None  # type: ignore[assignment]  # set in __post_init__
    no_cache: bool = False
    #: walk only the files git tracks or has staged (the pre-commit hook: what a commit holds,
    #: not a scratch file nobody added); files named on the command line are always taken
    tracked_only: bool = False
    #: worker processes; ``None`` lets the engine choose
    jobs: int | None = None
    max_file_bytes: int = 2_000_000
    #: processor seconds and megabytes of memory the per-module pass may spend on one file
    file_timeout: int = 60
    file_memory_mb: int = 2048
    #: the file the settings were read from, if any
    config_file: Path | None = None
    per_file_ignores: tuple[PerFileIgnore, ...] = ()
    #: rule selections applied after the configuration's, in order (the command line's)
    overrides: tuple[RuleSelection, ...] = ()
    #: option name (kebab-case) -> where its value came from: a file, "command line", "default"
    origins: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        if self.cache_dir is None:
            object.__setattr__(self, "cache_dir", self.root / ".aliaslint_cache")

    def rule_selections(self) -> tuple[RuleSelection, ...]:
        """The configuration's layer, then the overrides (see :class:`RuleSelection`)."""
        own = RuleSelection(self.select or None, self.extend_select, self.ignore)
        return (own, *self.overrides)

    def is_enabled(self, code: str) -> bool:
        """Whether the rule selection enables ``code`` (per-file ignores aside).

        The layers of :meth:`rule_selections` apply in order to the default set; in each, the
        longest matching prefix decides (as in ruff): ``select = ["AL"]`` with
        ``ignore = ["AL00"]`` disables AL001, ``select = ["AL001"]`` with ``ignore = ["AL"]``
        keeps it, a tie goes to ``ignore``. ``ALL`` matches every code at the weakest level.
        ``AL000`` is always enabled.
        """
        if code == UNREADABLE_CODE:
            return True
        enabled = code not in _off_by_default()
        for layer in self.rule_selections():
            enabled = layer.apply(code, enabled)
        return enabled

    def is_enabled_for(self, code: str, path: Path | None) -> bool:
        """:meth:`is_enabled`, and no ``per-file-ignores`` entry ignores ``code`` in ``path``."""
        if code == UNREADABLE_CODE:
            return True
        if not self.is_enabled(code):
            return False
        return path is None or not any(entry.ignores(code, path) for entry in self.per_file_ignores)


def _longest_match(code: str, selectors: Sequence[str]) -> int | None:
    best: int | None = None
    for selector in selectors:
        if selector == "ALL":
            length = 0
        elif code.startswith(selector):
            length = len(selector)
        else:
            continue
        if best is None or length > best:
            best = length
    return best


# --- reading the configuration ------------------------------------------------------------

#: TOML key -> kind of value
_OPTIONS: dict[str, str] = {
    "per-file-ignores": "per-file",
    "select": "selectors",
    "extend-select": "selectors",
    "ignore": "selectors",
    "extend-ignore": "selectors",
    "exclude": "patterns",
    "extend-exclude": "patterns",
    "respect-gitignore": "bool",
    "preview": "bool",
    "models": "paths",
    "cache-dir": "path",
    "no-cache": "bool",
    "jobs": "positive-int",
    "max-file-bytes": "positive-int",
    "file-timeout": "positive-int",
    "file-memory-mb": "positive-int",
}

#: the smallest value a numeric option takes, and why (a smaller one would fail every file)
_MINIMUM = {
    "file-memory-mb": (256, "analysing an ordinary 60 kB file can take more than 64 MB; the default is 2048"),
}

#: the largest value a numeric option takes, and its unit: past these the worker's timer and memory
#: limit overflow (every file failed, or no worker started)
_MAXIMUM = {
    "file-timeout": (86_400, "seconds, a day"),
    "file-memory-mb": (1_048_576, "megabytes, 1 TiB"),
}

#: keys of ``overrides`` (and of the parsed table) that are merged rather than Settings fields
_EXTEND_KEYS = ("extend_select", "extend_ignore")


def parse_selector(selector: str) -> str:
    """A rule selector in canonical (upper-case) form; ``ValueError`` when it cannot be one."""
    canonical = selector.strip().upper()
    if not _SELECTOR.match(canonical):
        raise ValueError(
            f"invalid rule selector {selector!r} (expected a code such as 'AL001' or a prefix such as 'AL')"
        )
    if canonical != "ALL" and not any(code.startswith(canonical) for code in _known_codes()):
        # a typo must not switch every rule off and let CI pass
        raise ValueError(f"unknown rule selector {selector!r}: no rule code starts with it; see 'aliaslint rules'")
    return canonical


def parse_ignored(selector: str) -> str:
    """:func:`parse_selector` for a code to ignore: ``ValueError`` for ``AL000`` too, which no
    setting turns off (an ignore that does nothing must not pass in silence)."""
    canonical = parse_selector(selector)
    if canonical == UNREADABLE_CODE:
        raise ValueError(f"{UNREADABLE_CODE} cannot be ignored: a file aliaslint cannot read or parse is always "
                         f"reported; exclude the file instead (exclude = [...])")
    return canonical


def _known_codes() -> list[str]:
    from aliaslint.rules import all_rules

    return list(dict.fromkeys([UNREADABLE_CODE, *(rule.code for rule in all_rules())]))


def _off_by_default() -> frozenset[str]:
    """Codes of the rules that only an explicit selector enables (ruff's RUF100 is one)."""
    from aliaslint.rules import all_rules

    return frozenset(rule.code for rule in all_rules() if not getattr(rule, "enabled_by_default", True))


def _compile_patterns(patterns: Sequence[str]) -> Any:
    from aliaslint.files import compile_patterns as compile_gitignore

    return compile_gitignore(patterns)


def _display(path: Path) -> str:
    from aliaslint.files import display_path

    return display_path(path)


def _read_toml(path: Path) -> dict[str, Any]:
    """The TOML document at ``path``: UTF-8, with or without a byte order mark (which editors on
    Windows write and tomllib refuses)."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise ConfigError(f"{_display(path)}: cannot read: {error.strerror or error}") from None
    skip = 3 if data.startswith(b"\xef\xbb\xbf") else 0
    try:
        text = data[skip:].decode("utf-8")
    except UnicodeDecodeError as error:  # TOML files are UTF-8
        at = error.start + skip
        raise ConfigError(f"{_display(path)}: not valid UTF-8 (byte 0x{data[at]:02x} at offset {at})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{_display(path)}: invalid TOML: {error}") from None


def _aliaslint_table(path: Path, document: dict[str, Any]) -> dict[str, Any] | None:
    tool = document.get("tool")
    if not isinstance(tool, dict) or "aliaslint" not in tool:
        return None
    table = tool["aliaslint"]
    if not isinstance(table, dict):
        raise ConfigError(f"{_display(path)}: [tool.aliaslint] must be a table")
    return table


def _config_in(directory: Path) -> Path | None:
    """The configuration file of ``directory``: ``aliaslint.toml``, else a ``pyproject.toml``
    with a ``[tool.aliaslint]`` table (as ruff prefers ``ruff.toml`` to ``pyproject.toml``)."""
    for name in CONFIG_FILE_NAMES:
        candidate = directory / name
        if not candidate.is_file():
            continue
        if name != "pyproject.toml" or _aliaslint_table(candidate, _read_toml(candidate)) is not None:
            return candidate
    return None


def find_config_file(start: Path) -> Path | None:
    """The nearest configuration file (see :data:`CONFIG_FILE_NAMES`), from ``start`` upwards."""
    for directory in (start, *start.parents):
        found = _config_in(directory)
        if found is not None:
            return found
    return None


def _read_config(path: Path) -> dict[str, Any]:
    """The validated options of a configuration file (snake_case keys; empty if it has none).

    A ``pyproject.toml`` holds them in its ``[tool.aliaslint]`` table; any other file at its top
    level, or, when it has a ``[tool.aliaslint]`` table and no option at its top level, in that
    table (a project's ``pyproject.toml`` saved under another name, given with ``--config``).
    """
    document = _read_toml(path)
    if path.name == "pyproject.toml" or isinstance(document.get("tool"), dict) \
            and "aliaslint" in document["tool"] and not set(document) & set(_OPTIONS):
        return _parse_table(path, _aliaslint_table(path, document) or {}, "[tool.aliaslint]")
    return _parse_table(path, document, "the top-level table")


def _parse_table(path: Path, table: Mapping[str, Any], section: str) -> dict[str, Any]:
    """Validate ``table`` strictly; keys come back in snake_case, paths absolute."""
    where = _display(path)
    parsed: dict[str, Any] = {}
    for key, value in table.items():
        kind = _OPTIONS.get(key)
        if kind is None:
            hint = ""
            if key.replace("_", "-") in _OPTIONS:
                hint = f" (did you mean '{key.replace('_', '-')}'?)"
            elif key == "tool" and section == "the top-level table":
                hint = (" (a file other than pyproject.toml holds the options at its top level; "
                        "name it pyproject.toml to read its [tool.aliaslint] table)")
            raise ConfigError(f"{where}: unknown option '{key}' in {section}{hint}")

        def wrong(expected: str) -> ConfigError:
            return ConfigError(
                f"{where}: option '{key}' in {section} must be {expected}, got {value!r}"
            )

        if kind == "per-file":
            result = _per_file_ignores(path, key, section, value)
        elif kind in ("selectors", "patterns", "paths"):
            if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
                raise wrong("a list of strings")
            if kind == "selectors":
                try:
                    parse = parse_ignored if key in ("ignore", "extend-ignore") else parse_selector
                    result: Any = tuple(parse(item) for item in value)
                except ValueError as error:
                    raise ConfigError(f"{where}: option '{key}' in {section}: {error}") from None
            elif kind == "paths":
                result = tuple(_inside_project(path, key, section, item) for item in value)
                for model in result:
                    if not model.is_file():
                        raise ConfigError(
                            f"{where}: option '{key}' in {section}: file not found: {_display(model)}"
                        )
            else:
                result = tuple(value)
                try:
                    _compile_patterns(result)
                except ValueError as error:
                    raise ConfigError(f"{where}: option '{key}' in {section}: {error}") from None
        elif kind == "bool":
            if not isinstance(value, bool):
                raise wrong("true or false")
            result = value
        elif kind == "path":
            if not isinstance(value, str):
                raise wrong("a string")
            result = _inside_project(path, key, section, value)
        else:  # positive-int
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise wrong("a positive integer")
            if key in _MINIMUM and value < _MINIMUM[key][0]:
                least, why = _MINIMUM[key]
                raise ConfigError(f"{where}: option '{key}' in {section} must be at least {least} ({why}), got {value}")
            if key in _MAXIMUM and value > _MAXIMUM[key][0]:
                most, unit = _MAXIMUM[key]
                least = _MINIMUM.get(key, (1,))[0]
                raise ConfigError(
                    f"{where}: option '{key}' in {section} must be from {least} to {most} ({unit}), got {value}"
                )
            result = value
        parsed[key.replace("-", "_")] = result
    return parsed


def _per_file_ignores(path: Path, key: str, section: str, value: Any) -> tuple[PerFileIgnore, ...]:
    """``{"tests/*.py" = ["AL001"], ...}`` -> entries, in the file's order."""
    where = _display(path)
    if not isinstance(value, dict) or not all(
        isinstance(codes, list) and all(isinstance(code, str) for code in codes) for codes in value.values()
    ):
        raise ConfigError(
            f"{where}: option '{key}' in {section} must be a table of glob = [codes], "
            f"e.g. {{\"tests/*.py\" = [\"AL001\"]}}, got {value!r}"
        )
    entries = []
    for pattern, codes in value.items():
        if not pattern.strip("!"):
            raise ConfigError(f"{where}: option '{key}' in {section}: empty glob")
        if _unclosed_class(pattern):
            # fnmatch would take the ``[`` literally and match nothing the user meant (ruff
            # refuses such a glob too)
            raise ConfigError(f"{where}: option '{key}' in {section}: invalid glob {pattern!r}: "
                              "unclosed character class '['")
        try:
            selectors = tuple(parse_ignored(code) for code in codes)
        except ValueError as error:
            raise ConfigError(f"{where}: option '{key}' in {section}, glob {pattern!r}: {error}") from None
        entries.append(PerFileIgnore(pattern, selectors, path.parent))
    return tuple(entries)


def _unclosed_class(pattern: str) -> bool:
    """Whether ``pattern`` has a ``[`` that no ``]`` closes, as :mod:`fnmatch` reads a class
    (``[!...]`` negates; a ``]`` right after ``[`` or ``[!`` is a member, not the end)."""
    i, n = 0, len(pattern)
    while i < n:
        c = pattern[i]
        i += 1
        if c == "[":
            j = i
            if j < n and pattern[j] == "!":
                j += 1
            if j < n and pattern[j] == "]":
                j += 1
            while j < n and pattern[j] != "]":
                j += 1
            if j >= n:
                return True
            i = j + 1
    return False


def _inside_project(config_file: Path, key: str, section: str, value: str) -> Path:
    """``value`` resolved from the configuration file's folder, which it must not leave.

    A checked repository is untrusted: its configuration must not point aliaslint at model files
    or a cache folder elsewhere on the machine (``cache-dir = "/home/me/.ssh"``). Symlinks are
    followed before the test. The same paths given on the command line may go anywhere.
    """
    project = Path(os.path.realpath(config_file.parent))
    resolved = Path(os.path.realpath(config_file.parent / value))
    if resolved != project and project not in resolved.parents:
        # the way to say it from outside: --cache-dir takes any folder; there is no --models, but
        # a configuration file named with --config may hold model files next to it
        how = "give it with --cache-dir instead" if key == "cache-dir" else \
            "keep the file inside the project, or name a configuration file next to it with --config"
        raise ConfigError(
            f"{_display(config_file)}: option '{key}' in {section} points outside the project "
            f"({value!r}); {how}"
        )
    return Path(os.path.abspath(config_file.parent / value))


def _start_directory(paths: Sequence[Path], cwd: Path) -> Path:
    if not paths:
        return cwd
    parents = []
    for path in paths:
        absolute = Path(os.path.abspath(cwd / path))
        parents.append(absolute if absolute.is_dir() else absolute.parent)
    return Path(os.path.commonpath(parents))


#: Settings fields that the command line may override, and its rule-selection keys
_SELECTION_KEYS = ("select", "extend_select", "ignore", "extend_ignore")


def _given_overrides(overrides: Mapping[str, Any] | None, cwd: Path) -> dict[str, Any]:
    """The command line's overrides that were given, validated and made absolute."""
    given = {key: value for key, value in (overrides or {}).items() if value is not None}
    unknown = sorted(set(given) - {f.name for f in fields(Settings)} - set(_SELECTION_KEYS))
    if unknown:
        raise TypeError(f"unknown settings override(s): {', '.join(unknown)}")
    for key in _SELECTION_KEYS:
        if key in given:
            given[key] = tuple(parse_selector(str(item)) for item in given[key])
    for key in ("root", "cache_dir"):
        if key in given:
            given[key] = Path(os.path.abspath(cwd / given[key]))
    if "models" in given:
        given["models"] = tuple(Path(os.path.abspath(cwd / item)) for item in given["models"])
    for key in ("exclude", "extend_exclude"):
        if key in given:
            given[key] = tuple(given[key])
    return given


def _command_line_layer(given: Mapping[str, Any]) -> tuple[RuleSelection, ...]:
    if not any(key in given for key in _SELECTION_KEYS):
        return ()
    return (
        RuleSelection(
            given.get("select"),
            given.get("extend_select", ()),
            given.get("ignore", ()) + given.get("extend_ignore", ()),
        ),
    )


def _settings_values(configured: Mapping[str, Any], given: Mapping[str, Any]) -> dict[str, Any]:
    """Settings fields from a configuration file's options and the command line's overrides."""
    values: dict[str, Any] = {
        key: value for key, value in configured.items() if key not in _SELECTION_KEYS
    }
    values.update({key: value for key, value in given.items() if key not in _SELECTION_KEYS})
    if "extend_exclude" in given:
        # ``--extend-exclude`` adds to what the configuration adds, as ruff's does
        values["extend_exclude"] = tuple(dict.fromkeys((*configured.get("extend_exclude", ()),
                                                        *given["extend_exclude"])))
    values["select"] = tuple(dict.fromkeys(configured.get("select", ())))
    values["extend_select"] = tuple(dict.fromkeys(configured.get("extend_select", ())))
    values["ignore"] = tuple(
        dict.fromkeys(configured.get("ignore", ()) + configured.get("extend_ignore", ()))
    )
    values["overrides"] = _command_line_layer(given)
    return values


def _origins(config_file: Path | None, configured: Mapping[str, Any], given: Mapping[str, Any]) -> tuple:
    where = _display(config_file) if config_file is not None else ""
    origins = []
    for key in _OPTIONS:
        name = key.replace("-", "_")
        if name in given and name not in _SELECTION_KEYS:  # the command line's are a layer of their own
            origins.append((key, "command line"))
        elif name in configured:
            origins.append((key, where))
        else:
            origins.append((key, "default"))
    return tuple(origins)


def load_settings(
    paths: Sequence[Path] = (),
    overrides: Mapping[str, Any] | None = None,
    config_file: Path | None = None,
    *,
    cwd: Path | None = None,
) -> Settings:
    """The run's settings (:attr:`Configuration.settings` of :func:`load_configuration`)."""
    return load_configuration(paths, overrides, config_file, cwd=cwd).settings


def load_configuration(
    paths: Sequence[Path] = (),
    overrides: Mapping[str, Any] | None = None,
    config_file: Path | None = None,
    *,
    cwd: Path | None = None,
) -> Configuration:
    """Read the configuration for a run over ``paths`` and apply the CLI's ``overrides``.

    ``config_file`` (``--config``) is either a ``pyproject.toml`` (its ``[tool.aliaslint]`` table
    is read) or any other TOML file holding the options at its top level; every file then uses
    it. Without it the nearest configuration file (:func:`find_config_file`) is used, looking
    upwards from the common parent of ``paths`` (or the working directory), and each file may have
    a nearer one (:meth:`Configuration.for_file`). ``root`` is the run's configuration file's
    directory; without a file, the working directory, or the common parent of the paths when they
    lie outside it.

    ``overrides`` maps Settings field names, ``extend_select`` and ``extend_ignore`` to values
    (``None`` means "not given"; relative paths are taken from ``cwd``). They win over every
    configuration file: ``select``, ``extend_select`` and ``ignore`` form a rule-selection layer
    applied after the file's (:class:`RuleSelection`); other keys replace the file's value.
    """
    cwd = Path(os.path.abspath(cwd or Path.cwd()))
    given = _given_overrides(overrides, cwd)
    start = _start_directory(paths, cwd)
    explicit = config_file is not None
    configured: dict[str, Any] = {}
    if config_file is not None:
        config_file = Path(os.path.abspath(cwd / config_file))
        if not config_file.is_file():
            if os.path.lexists(config_file):  # a directory, /dev/null, a FIFO: ruff refuses it too
                raise ConfigError(f"config file is not a regular file: {_display(config_file)}")
            raise ConfigError(f"config file not found: {_display(config_file)}")
        configured = _read_config(config_file)
    else:
        config_file = find_config_file(start)
        if config_file is not None:
            configured = _read_config(config_file)

    if config_file is not None:
        root = config_file.parent
    elif start == cwd or cwd in start.parents:
        root = cwd
    else:
        root = start

    values = {"root": root, "config_file": config_file, **_settings_values(configured, given)}
    values["origins"] = _origins(config_file, configured, given)
    settings = Settings(**values)
    return Configuration(settings, given, hierarchical=not explicit)


class Configuration:
    """The settings of one run: the run's own, and each file's.

    Each file uses the nearest configuration file above it. A nested one (a subproject's, in a
    monorepo checked from its root) gives that file its own per-file options
    (:data:`PER_FILE_OPTIONS`): absent ones take their defaults, not the run's (a nested file
    replaces the outer one, as in ruff without ``extend``). The command line's overrides apply on
    top of every file's. Per-run options in a nested file are reported in :attr:`warnings` and
    not used. With ``--config`` every file uses that one file.
    """

    def __init__(self, settings: Settings, given: Mapping[str, Any], *, hierarchical: bool = True) -> None:
        self.settings = settings
        self.hierarchical = hierarchical
        #: one line per problem worth telling the user (without the ``aliaslint: warning:`` prefix)
        self.warnings: list[str] = []
        self._given = dict(given)
        self._by_directory: dict[Path, Settings] = {}
        self._by_config: dict[Path, Settings] = {}

    def for_file(self, path: Path) -> Settings:
        """The settings that decide which findings in the file at ``path`` are kept."""
        if not self.hierarchical:
            return self.settings
        return self._for_directory(Path(os.path.abspath(path)).parent)

    def _for_directory(self, directory: Path) -> Settings:
        cached = self._by_directory.get(directory)
        if cached is not None:
            return cached
        run_config = self.settings.config_file
        if run_config is not None and directory == run_config.parent:
            found = self.settings
        else:
            config = _config_in(directory)
            if config is not None:
                found = self._nested(config)
            elif directory.parent == directory:
                found = self.settings
            else:
                found = self._for_directory(directory.parent)
        self._by_directory[directory] = found
        return found

    def _nested(self, config: Path) -> Settings:
        if config in self._by_config:
            return self._by_config[config]
        configured = _read_config(config)
        run_wide = [key for key in configured if key.replace("_", "-") not in PER_FILE_OPTIONS]
        if run_wide:
            used = _display(self.settings.config_file) if self.settings.config_file else "the defaults"
            names = ", ".join(f"'{key.replace('_', '-')}'" for key in run_wide)
            self.warnings.append(
                f"{_display(config)}: {names} applies to the whole run, which takes it from "
                f"{used}; it is not used here (see 'aliaslint check --show-settings FILE')"
            )
        per_file = {key: value for key, value in configured.items() if key not in run_wide}
        given = {key: value for key, value in self._given.items()
                 if key.replace("_", "-") in PER_FILE_OPTIONS}
        values = _settings_values(per_file, given)
        defaults = {name: getattr(Settings(root=self.settings.root), name)
                    for name in ("preview", "per_file_ignores")}
        values = {**defaults, **values}
        origins = dict(self.settings.origins)
        for key, origin in _origins(config, per_file, given):
            if key in PER_FILE_OPTIONS:
                origins[key] = origin
        settings = replace(self.settings, config_file=config, origins=tuple(origins.items()), **values)
        self._by_config[config] = settings
        return settings

    def for_files(self, files: Iterable[Any]) -> dict[str, Settings]:
        """``SourceFile.display`` -> that file's settings."""
        return {f.display: self.for_file(f.path) for f in files}

    def run_settings(self, per_file: Mapping[str, Settings]) -> Settings:
        """The run's settings with every rule that some file enables switched on (the analysis runs
        a rule once for all files; each file's settings then choose what is kept)."""
        extra = tuple(sorted(
            {code for s in per_file.values() if s is not self.settings for code in _known_codes()
             if s.is_enabled(code) and not self.settings.is_enabled(code)}
        ))
        if not extra:
            return self.settings
        return replace(self.settings, overrides=(*self.settings.overrides, RuleSelection(extend_select=extra)))


def show_settings(configuration: Configuration, path: Path) -> str:
    """The resolved settings for the file at ``path`` and where each came from, as TOML-like text
    (``aliaslint check --show-settings FILE``)."""
    settings = configuration.for_file(path)
    origins = dict(settings.origins)
    run_origins = dict(configuration.settings.origins)

    def shown(value: Any) -> str:
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, Path):
            return _toml_string(_display(value))
        if isinstance(value, (tuple, list)):
            return "[" + ", ".join(shown(item) for item in value) + "]"
        if value is None:
            return '"auto"'
        if isinstance(value, str):
            return _toml_string(value)
        return str(value)

    def line(key: str, value: str, origin: str) -> str:
        return f"{key} = {value}".ljust(48) + f"  # {origin}"

    config = settings.config_file
    lines = [
        f"# aliaslint settings for {_display(path)}",
        f"# configuration file: {_display(config) if config else 'none'}",
        "",
        "# per file: which findings of this file are kept (the nearest configuration above the file)",
    ]
    lines.append(line("select", shown(settings.select), origins.get("select", "default")))
    lines.append(line("extend-select", shown(settings.extend_select), origins.get("extend-select", "default")))
    ignore_origin = origins.get("ignore", "default")
    if origins.get("extend-ignore", "default") != "default":
        ignore_origin = origins["extend-ignore"]
    lines.append(line("ignore", shown(settings.ignore), ignore_origin))
    for layer in settings.overrides:
        if layer.select is not None:
            lines.append(line("--select", shown(layer.select), "command line"))
        if layer.extend_select:
            lines.append(line("--extend-select", shown(layer.extend_select), "command line"))
        if layer.ignore:
            lines.append(line("--ignore", shown(layer.ignore), "command line"))
    lines.append(line("preview", shown(settings.preview), origins.get("preview", "default")))
    if settings.per_file_ignores:
        lines.append(f"# per-file-ignores: {origins.get('per-file-ignores', 'default')}")
        lines.append("[per-file-ignores]")
        for entry in settings.per_file_ignores:
            applies = "applies to this file" if entry.matches(path) else "does not apply here"
            lines.append(line(_toml_string(entry.pattern), shown(entry.codes), applies))
    else:
        lines.append(line("per-file-ignores", "{}", origins.get("per-file-ignores", "default")))
    enabled = [code for code in _known_codes() if settings.is_enabled_for(code, path)]
    lines.append(line("# enabled rules", shown(enabled), "resolved"))
    lines += ["", "# per run: the same for every file (the run's configuration and the command line)"]
    run = configuration.settings
    lines.append(line("root", shown(run.root), "the run's configuration file's folder" if run.config_file
                      else "working directory"))
    for key in ("exclude", "extend-exclude", "respect-gitignore", "models", "cache-dir", "no-cache",
                "jobs", "max-file-bytes", "file-timeout", "file-memory-mb"):
        value = getattr(run, key.replace("-", "_"))
        lines.append(line(key, shown(value), run_origins.get(key, "default")))
    return "\n".join(lines) + "\n"


def _toml_string(text: str) -> str:
    import json

    return json.dumps(text, ensure_ascii=False)

"""Settings: the ``[tool.aliaslint]`` table of the nearest ``pyproject.toml``, then the CLI's overrides.

Keys are kebab-case in TOML (``extend-exclude``) and snake_case here (``extend_exclude``).
Validation is strict: an unknown key or a value of the wrong type is a :class:`ConfigError`
naming the file and the key, never a silent default.
"""
from __future__ import annotations

import os
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

__all__ = [
    "DEFAULT_EXCLUDE",
    "UNREADABLE_CODE",
    "ConfigError",
    "Settings",
    "find_config_file",
    "load_settings",
    "parse_selector",
]

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
class Settings:
    """Everything a run needs besides the file list. Paths are absolute."""

    root: Path
    #: rule codes or code prefixes to enable; empty means every rule
    select: tuple[str, ...] = ()
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
    #: worker processes; ``None`` lets the engine choose
    jobs: int | None = None
    max_file_bytes: int = 2_000_000
    #: the file the settings were read from, if any
    config_file: Path | None = None

    def __post_init__(self) -> None:
        if self.cache_dir is None:
            object.__setattr__(self, "cache_dir", self.root / ".aliaslint_cache")

    def is_enabled(self, code: str) -> bool:
        """Whether ``select`` / ``ignore`` enable ``code``.

        The longest matching prefix decides (as in ruff): ``select = ["AL"]`` with
        ``ignore = ["AL00"]`` disables AL001, ``select = ["AL001"]`` with ``ignore = ["AL"]``
        keeps it. On a tie ``ignore`` wins. An empty ``select`` (or ``ALL``) selects everything
        at the weakest level. ``AL000`` is always enabled.
        """
        if code == UNREADABLE_CODE:
            return True
        selected = _longest_match(code, self.select) if self.select else 0
        if selected is None:
            return False
        ignored = _longest_match(code, self.ignore)
        return ignored is None or selected > ignored


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


def _known_codes() -> list[str]:
    from aliaslint.rules import all_rules

    return [UNREADABLE_CODE, *(rule.code for rule in all_rules())]


def _display(path: Path) -> str:
    from aliaslint.files import display_path

    return display_path(path)


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{_display(path)}: invalid TOML: {error}") from None
    except OSError as error:
        raise ConfigError(f"{_display(path)}: cannot read: {error.strerror or error}") from None


def _aliaslint_table(path: Path, document: dict[str, Any]) -> dict[str, Any] | None:
    tool = document.get("tool")
    if not isinstance(tool, dict) or "aliaslint" not in tool:
        return None
    table = tool["aliaslint"]
    if not isinstance(table, dict):
        raise ConfigError(f"{_display(path)}: [tool.aliaslint] must be a table")
    return table


def find_config_file(start: Path) -> Path | None:
    """The nearest ``pyproject.toml`` with a ``[tool.aliaslint]`` table, from ``start`` upwards."""
    for directory in (start, *start.parents):
        candidate = directory / "pyproject.toml"
        if candidate.is_file() and _aliaslint_table(candidate, _read_toml(candidate)) is not None:
            return candidate
    return None


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
            raise ConfigError(f"{where}: unknown option '{key}' in {section}{hint}")

        def wrong(expected: str) -> ConfigError:
            return ConfigError(
                f"{where}: option '{key}' in {section} must be {expected}, got {value!r}"
            )

        if kind in ("selectors", "patterns", "paths"):
            if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
                raise wrong("a list of strings")
            if kind == "selectors":
                try:
                    result: Any = tuple(parse_selector(item) for item in value)
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
            result = value
        parsed[key.replace("-", "_")] = result
    return parsed


def _inside_project(config_file: Path, key: str, section: str, value: str) -> Path:
    """``value`` resolved from the configuration file's folder, which it must not leave.

    A checked repository is untrusted: its configuration must not point aliaslint at model files
    or a cache folder elsewhere on the machine (``cache-dir = "/home/me/.ssh"``). Symlinks are
    followed before the test. The same paths given on the command line may go anywhere.
    """
    project = Path(os.path.realpath(config_file.parent))
    resolved = Path(os.path.realpath(config_file.parent / value))
    if resolved != project and project not in resolved.parents:
        raise ConfigError(
            f"{_display(config_file)}: option '{key}' in {section} points outside the project "
            f"({value!r}); give it on the command line instead"
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


def load_settings(
    paths: Sequence[Path] = (),
    overrides: Mapping[str, Any] | None = None,
    config_file: Path | None = None,
    *,
    cwd: Path | None = None,
) -> Settings:
    """Read the configuration for a run over ``paths`` and apply the CLI's ``overrides``.

    ``config_file`` (``--config``) is either a ``pyproject.toml`` (its ``[tool.aliaslint]`` table
    is read) or any other TOML file holding the options at its top level. Without it the nearest
    ``pyproject.toml`` with a ``[tool.aliaslint]`` table is used, looking upwards from the common
    parent of ``paths`` (or the working directory). ``root`` is that file's directory; without a
    file, the working directory, or the common parent of the paths when they lie outside it.

    ``overrides`` maps Settings field names, ``extend_select`` and ``extend_ignore`` to values
    (``None`` means "not given"; relative paths are taken from ``cwd``). They win over the file:
    ``select`` replaces the configured selection; ``ignore`` and the ``extend_*`` keys add to it.
    """
    cwd = Path(os.path.abspath(cwd or Path.cwd()))
    given = {key: value for key, value in (overrides or {}).items() if value is not None}
    unknown = sorted(set(given) - {f.name for f in fields(Settings)} - set(_EXTEND_KEYS))
    if unknown:
        raise TypeError(f"unknown settings override(s): {', '.join(unknown)}")

    start = _start_directory(paths, cwd)
    configured: dict[str, Any] = {}
    if config_file is not None:
        config_file = Path(os.path.abspath(cwd / config_file))
        if not config_file.is_file():
            raise ConfigError(f"config file not found: {_display(config_file)}")
        document = _read_toml(config_file)
        if config_file.name == "pyproject.toml":
            configured = _parse_table(
                config_file, _aliaslint_table(config_file, document) or {}, "[tool.aliaslint]"
            )
        else:
            configured = _parse_table(config_file, document, "the top-level table")
    else:
        config_file = find_config_file(start)
        if config_file is not None:
            table = _aliaslint_table(config_file, _read_toml(config_file)) or {}
            configured = _parse_table(config_file, table, "[tool.aliaslint]")

    if config_file is not None:
        root = config_file.parent
    elif start == cwd or cwd in start.parents:
        root = cwd
    else:
        root = start

    for key in ("select", "ignore", *_EXTEND_KEYS):
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

    values = {"root": root, "config_file": config_file, **configured, **given}
    select = values.pop("select", ())
    if select:  # an empty selection already means every rule
        select += configured.get("extend_select", ()) + given.get("extend_select", ())
    values.pop("extend_select", None)
    values["ignore"] = (
        configured.get("ignore", ())
        + configured.get("extend_ignore", ())
        + given.get("ignore", ())
        + given.get("extend_ignore", ())
    )
    values.pop("extend_ignore", None)
    values["select"] = tuple(dict.fromkeys(select))
    values["ignore"] = tuple(dict.fromkeys(values["ignore"]))
    return Settings(**values)

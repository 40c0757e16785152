"""Library models: what third-party and standard-library callees do, loaded from TOML data.

:func:`lookup` answers for a qualified callee name (``copy.deepcopy``, ``dict``,
``.model_copy``, ``kubernetes.client.V1Pod``) with the model's table, or ``None`` when nothing
is known (an unknown callee has no effect: doubt means silence). The bundled models live in
``builtin.toml`` beside this file; :func:`load_user_models` adds a user's files on top.
"""
from __future__ import annotations

import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

KINDS = {"deepcopy", "copy", "fresh", "opaque", "identity", "mutator"}
EFFECTS = ("accumulate", "overwrite", "remove")
_COMMON = {"kind", "method"}
ALLOWED_KEYS = {
    "deepcopy": _COMMON,
    "copy": _COMMON | {"name", "container", "keyword_fields", "deep_keyword"},
    "fresh": _COMMON,
    "opaque": _COMMON | {"container"},
    "identity": _COMMON | {"arg"},
    "mutator": _COMMON | {"arg", "effect", "name"},
}
#: builtins that models may name without an import
BUILTIN_TYPES = {"dict", "list", "set", "tuple", "sorted", "reversed", "frozenset"}


class ModelError(ValueError):
    """A models file is unreadable or malformed (the message names the file and the entry)."""


_exact: dict[str, dict] = {}
_prefixes: list[tuple[str, dict]] = []


def _parse(path: Path) -> dict[str, dict]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ModelError(f"{path}: cannot read models file: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ModelError(f"{path}: invalid TOML: {exc}") from None
    for name, table in data.items():
        if not isinstance(table, dict) or table.get("kind") not in KINDS:
            raise ModelError(f"{path}: model {name!r} needs kind = one of {', '.join(sorted(KINDS))}")
        unknown = set(table) - ALLOWED_KEYS[table["kind"]]
        if unknown:
            raise ModelError(f"{path}: model {name!r}: unknown key(s) {', '.join(sorted(unknown))} for kind {table['kind']!r}")
        if table["kind"] in ("mutator", "identity"):
            arg = table.get("arg", 0)
            if not isinstance(arg, int) or isinstance(arg, bool) or arg < 0:
                raise ModelError(f"{path}: model {name!r}: arg must be a parameter position (0, 1, ...), not {arg!r}")
            if table.get("effect", "overwrite") not in EFFECTS:
                raise ModelError(f"{path}: model {name!r}: effect must be one of {', '.join(EFFECTS)}")
    return data


def _install(models: dict[str, dict]) -> None:
    for name, table in models.items():
        if name.endswith("*"):
            _prefixes.append((name[:-1], table))
            _prefixes.sort(key=lambda p: -len(p[0]))
        else:
            _exact[name] = table


def load_user_models(paths) -> None:
    """Use the bundled models plus those in ``paths`` (TOML files, later ones win).

    Replaces any user models loaded before, so one process can run several checks.
    Raises :class:`ModelError` on a file that cannot be read or is malformed.
    """
    parsed = [_parse(Path(p)) for p in paths]  # validate all before changing anything
    _exact.clear()
    _prefixes.clear()
    _install(_BUILTIN)
    for models in parsed:
        _install(models)


def lookup(qualname: str) -> dict | None:
    got = _exact.get(qualname)
    if got is not None:
        return got
    for prefix, table in _prefixes:
        if qualname.startswith(prefix):
            return table
    return None


_BUILTIN = _parse(Path(__file__).with_name("builtin.toml"))
_install(_BUILTIN)

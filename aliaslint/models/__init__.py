"""Library models: what third-party and standard-library callees do, loaded from TOML data.

:func:`lookup` answers for a qualified callee name (``copy.deepcopy``, ``dict``,
``.model_copy``, ``kubernetes.client.V1Pod``) with the model's table, or ``None`` when nothing
is known (an unknown callee has no effect: doubt means silence); for a module-level object of
kind ``text`` (``os.environ``), :func:`holds_text` says every element is a string. The bundled models live in
``builtin.toml`` beside this file; :func:`load_user_models` adds a user's files on top.
"""
from __future__ import annotations

import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

KINDS = {"deepcopy", "copy", "fresh", "opaque", "identity", "mutator", "text"}
EFFECTS = ("accumulate", "overwrite", "remove")
#: what a ``copy`` / ``opaque`` model's result is (the analysis knows these containers)
CONTAINERS = ("dict", "list", "set", "tuple")
#: how a ``copy`` model's keyword arguments land in the copy: ``dict(a=1)`` sets key ``"a"``
KEYWORD_FIELDS = ("keys", "attributes")
#: a models file larger than this is refused (they are a few kilobytes)
MAX_MODEL_FILE_BYTES = 10_000_000
_COMMON = {"kind", "method"}
ALLOWED_KEYS = {
    "deepcopy": _COMMON,
    "copy": _COMMON | {"name", "container", "keyword_fields", "deep_keyword", "update_keyword"},
    "fresh": _COMMON,
    "opaque": _COMMON | {"container", "text_arg"},
    "identity": _COMMON | {"arg"},
    "mutator": _COMMON | {"arg", "effect", "name"},
    "text": {"kind"},
}
#: builtins that models may name without an import
BUILTIN_TYPES = {"dict", "list", "set", "tuple", "sorted", "reversed", "frozenset"}


class ModelError(ValueError):
    """A models file is unreadable or malformed (the message names the file and the entry)."""


_exact: dict[str, dict] = {}
_prefixes: list[tuple[str, dict]] = []


def _read(path: Path) -> str:
    from aliaslint.files import SourceError, read_regular_file

    try:
        data = read_regular_file(path, MAX_MODEL_FILE_BYTES)
    except SourceError as exc:
        raise ModelError(f"{path}: cannot read models file: {exc}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ModelError(
            f"{path}: models file is not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})"
        ) from None


def _is_text(value: object) -> bool:
    return isinstance(value, str) and value != ""


#: key -> (test of its value, what the value must be)
_VALUE_TYPES = {
    "method": (lambda v: isinstance(v, bool), "true or false"),
    "name": (_is_text, "a non-empty string"),
    "container": (lambda v: v in CONTAINERS, "one of " + ", ".join(f'"{c}"' for c in CONTAINERS)),
    "keyword_fields": (lambda v: v in KEYWORD_FIELDS, "one of " + ", ".join(f'"{k}"' for k in KEYWORD_FIELDS)),
    "deep_keyword": (lambda v: isinstance(v, str) and v.isidentifier(), "a keyword argument name"),
    "update_keyword": (lambda v: isinstance(v, str) and v.isidentifier(), "a keyword argument name"),
    "arg": (lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 0,
            "a parameter position (0, 1, ...)"),
    "text_arg": (lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 0,
                 "a parameter position (0, 1, ...)"),
    "effect": (lambda v: v in EFFECTS, "one of " + ", ".join(f'"{e}"' for e in EFFECTS)),
}


def _check_name(path: Path, name: str) -> None:
    """A model's key: a dotted name, a method (``.model_copy``) or a prefix (``pkg.V1*``)."""
    prefix = name.endswith("*")
    parts = (name[1:] if name.startswith(".") else name).removesuffix("*").split(".")
    if prefix and len(parts) > 1 and parts[-1] == "":
        parts.pop()  # `kubernetes.client.*`
    if not all(part.isidentifier() for part in parts):
        raise ModelError(
            f"{path}: model {name!r}: the name must be a dotted name (`mycorp.k8s.clone_spec`), "
            "a method (`.model_copy`) or a prefix ending in '*' (`kubernetes.client.V1*`)"
        )


def _parse(path: Path) -> dict[str, dict]:
    """The models of one TOML file, validated: kinds, keys allowed for each kind, value types."""
    try:
        data = tomllib.loads(_read(path))
    except tomllib.TOMLDecodeError as exc:
        raise ModelError(f"{path}: invalid TOML: {exc}") from None
    for name, table in data.items():
        if not isinstance(table, dict) or table.get("kind") not in KINDS:
            raise ModelError(f"{path}: model {name!r} needs kind = one of {', '.join(sorted(KINDS))}")
        _check_name(path, name)
        unknown = set(table) - ALLOWED_KEYS[table["kind"]]
        if unknown:
            raise ModelError(f"{path}: model {name!r}: unknown key(s) {', '.join(sorted(unknown))} for kind {table['kind']!r}")
        for key, value in table.items():
            if key == "kind":
                continue
            valid, expected = _VALUE_TYPES[key]
            if not valid(value):
                raise ModelError(f"{path}: model {name!r}: {key} must be {expected}, not {value!r}")
        if table["kind"] == "mutator" and "effect" not in table:
            # what the callee does to its argument is the model's whole point: no default guessed
            raise ModelError(f"{path}: model {name!r}: kind 'mutator' needs effect = one of "
                             + ", ".join(f'"{e}"' for e in EFFECTS))
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


def holds_text(qualname: str) -> bool:
    """Whether the module-level object ``qualname`` (``os.environ``) is modelled as holding only
    strings (kind ``text``): what is read out of it holds nothing that can be changed."""
    got = _exact.get(qualname)
    return got is not None and got.get("kind") == "text"


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

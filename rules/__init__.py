"""The rule catalogue: one module per rule in this folder, installed as ``aliaslint.rules``.

A rule module defines one or more :class:`aliaslint.rule.Rule` subclasses with a ``code``;
:func:`all_rules` imports every module here and collects them.
"""
from __future__ import annotations

import functools
import importlib
import pkgutil

from aliaslint.rule import Rule

__all__ = ["all_rules", "get_rule"]


@functools.lru_cache(maxsize=None)
def _load() -> tuple[type[Rule], ...]:
    found: dict[str, type[Rule]] = {}
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        for obj in vars(module).values():
            if (
                isinstance(obj, type)
                and issubclass(obj, Rule)
                and obj is not Rule
                and "code" in vars(obj)
            ):
                previous = found.setdefault(obj.code, obj)
                if previous is not obj:
                    raise RuntimeError(
                        f"rule code {obj.code} is defined twice: "
                        f"{previous.__module__}.{previous.__qualname__} and "
                        f"{obj.__module__}.{obj.__qualname__}"
                    )
    return tuple(sorted(found.values(), key=lambda rule: rule.code))


def all_rules() -> list[type[Rule]]:
    """Every rule class in the package, sorted by code."""
    return list(_load())


def get_rule(code_or_name: str) -> type[Rule] | None:
    """The rule with this code (``AL001``, any case) or kebab-case name, or ``None``."""
    wanted = code_or_name.strip()
    for rule in _load():
        if rule.code.upper() == wanted.upper() or getattr(rule, "name", None) == wanted:
            return rule
    return None

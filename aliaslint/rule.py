"""The base class of every rule in ``aliaslint.rules`` (the top-level ``rules/`` folder).

A rule is a LibCST-style visitor: it defines ``visit_<NodeType>(node)`` methods that the
per-module pass calls while it walks a function body in statement order, with the alias state
of that point available as ``self.context`` (an :class:`aliaslint.summary.RuleContext`).
A rule either reports a final diagnostic at once (``self.context.report(...)``, for purely local
findings such as ``[[]] * n``) or records a *candidate*: a finding plus a question only the
project pass can answer (does the callee mutate this parameter below its top level?).

Each rule class carries its documentation (ruff's sections, checked by the tests) and its
``VALID`` / ``INVALID`` examples, which one parametrized test runs.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

DOC_SECTIONS = ("What it does", "Why is this bad?", "Example", "Use instead", "Fix safety")


@dataclass(frozen=True)
class Invalid:
    """An example the rule must flag: ``code`` is a whole module, ``line`` / ``column`` (1-based)
    is where the diagnostic must be reported, ``message`` (optional) a substring of its message."""

    code: str
    line: int
    column: int | None = None
    message: str | None = None


class Rule:
    code: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    #: shown only with ``--preview`` (opinionated or lower-precision rules)
    preview: ClassVar[bool] = False
    VALID: ClassVar[tuple[str, ...]] = ()
    INVALID: ClassVar[tuple[Invalid, ...]] = ()

    def __init__(self, context) -> None:
        self.context = context

    @classmethod
    def url(cls) -> str:
        return f"https://aliaslint.readthedocs.io/en/latest/rules/{cls.name}/"

    @classmethod
    def documentation(cls) -> str:
        import inspect

        return inspect.cleandoc(cls.__doc__ or "")

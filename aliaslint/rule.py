"""The base class of every rule in ``aliaslint.rules`` (the top-level ``rules/`` folder).

A rule is a LibCST-style visitor: it defines ``visit_<NodeType>(node)`` methods that the
per-module pass calls while it walks a function body in statement order, with the alias state
of that point available as ``self.context`` (an :class:`aliaslint.summary.RuleContext`).
A rule either reports a final diagnostic at once (``self.context.report(...)``, for purely local
findings such as ``[[]] * n``) or records a *candidate*: a finding plus a question only the
project pass can answer (does the callee mutate this parameter below its top level?).

Each rule class carries its documentation (ruff's sections, checked by the tests) and its
``VALID`` / ``INVALID`` / ``PREVIEW`` examples, which one parametrized test runs.
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


def short_text(text: str, limit: int) -> str:
    """``text`` on one line (runs of whitespace as one space), cut to ``limit`` characters."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


class Rule:
    code: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    #: shown only with ``--preview`` (opinionated or lower-precision rules)
    preview: ClassVar[bool] = False
    VALID: ClassVar[tuple[str, ...]] = ()
    INVALID: ClassVar[tuple[Invalid, ...]] = ()
    #: true aliasing that is usually by design: reported once with ``--preview`` (at a lower
    #: confidence), never by default
    PREVIEW: ClassVar[tuple[Invalid, ...]] = ()

    def __init__(self, context) -> None:
        self.context = context

    #: off by default: only an explicit selector enables the rule (``extend-select = ["AL100"]``)
    enabled_by_default: ClassVar[bool] = True

    @classmethod
    def url(cls) -> str:
        """Where the rule is documented: its section of the rules reference (``docs/rules.md``)."""
        from aliaslint.rules_reference import rule_url

        return rule_url(cls)

    @classmethod
    def documentation(cls) -> str:
        import inspect

        return inspect.cleandoc(cls.__doc__ or "")


class ProjectRule(Rule):
    """A rule decided in phase 3 from the project facts (effects, call graph)."""

    @classmethod
    def check_project(cls, project, facts: "Facts") -> list:
        """Return the :class:`~aliaslint.diagnostics.Diagnostic` list for the whole project."""
        return []


class Facts:
    """Helpers shared by phase-3 rules: locations, path display, verbs."""

    VERBS = {
        "append": "appends to", "extend": "extends", "insert": "inserts into", "add": "adds to",
        "+=": "extends", "update": "updates", "setdefault": "sets a default in", "pop": "pops from", "pop[]": "pops from",
        "popitem": "pops from", "remove": "removes from", "discard": "removes from", "clear": "clears",
        "del": "deletes from", "del[]": "deletes from", "[] =": "writes an item of", "[:] =": "replaces the elements of", "sort": "sorts", "reverse": "reverses",
        "move": "moves an entry within", "rename": "renames a key of",
    }

    def __init__(self, project) -> None:
        self.project = project
        #: mutation sites already explained by a finding (one finding per cause)
        self.reported_sites: set = set()
        #: preview findings that stand for their mutation sites only until a later rule explains
        #: them (see :meth:`tentative`)
        self._tentative: list[tuple[object, frozenset]] = []

    def tentative(self, diagnostic, sites) -> None:
        """Keep ``diagnostic`` (a preview finding) only if no later rule explains all of its
        mutation ``sites``: it does not claim them (:attr:`reported_sites`), so the rule that names
        the cause can. Where this comes from: ansible-runner 2.4.3's ``BaseConfig.prepare_env``
        merges project files into the ``settings`` dict its constructor kept from the caller; the
        ``**kwargs`` dicts of the 14 public entry points that hand ``settings=`` down were each a
        preview AL002 finding, and the one cause (AL006, the class keeping the caller's dict) was
        never reported (the blind triage of issue 8's sixteenth set)."""
        self._tentative.append((diagnostic, frozenset(sites)))

    def settle(self, found: list) -> list:
        """``found`` (every rule's diagnostics, in order) without the tentative ones whose every
        mutation site a later finding explained."""
        dropped = {id(d) for d, sites in self._tentative if sites and sites <= self.reported_sites}
        return [d for d in found if id(d) not in dropped]

    def location(self, site):
        from aliaslint.diagnostics import Location

        mod = self.project.modules.get(site.module)
        path = mod.display if mod else site.module
        return Location(path, site.line, site.column, site.end_line or site.line, site.end_column or site.column)

    def related(self, site, message: str):
        from aliaslint.diagnostics import RelatedLocation

        return RelatedLocation(self.location(site), message)

    def global_site(self, root):
        """Where a module- or class-level object is bound, or None."""
        got = self.project.lookup_qualname(root.name)
        if got is None or got[0] not in ("global", "classattr"):
            return None
        owner, _, name = got[1].rpartition(".")
        if got[0] == "global":
            return self.project.modules[owner].globals[name][1]
        return self.project.classes[owner].class_attrs[name][1]

    def chain_related(self, e) -> list:
        """Related locations for an effect's call chain, each naming what is called there."""
        out = []
        for site, callee in zip(e.chain, e.callees):
            out.append(self.related(site, f"calls `{self.short(callee)}`"))
        return out

    def verb(self, op: str) -> str:
        if op.startswith(".") and op.endswith(" +="):
            return f"extends `{op[1:-3].strip()}` of"
        if op == "[] +=":
            return "extends an item of"
        if op.startswith(".") and op.endswith("="):
            return f"sets `{op[1:-2].strip()}` on"
        return self.VERBS.get(op, "mutates")

    def root_name(self, fn, root) -> str:
        if root.kind == "param":
            return fn.params[root.index].lstrip("*") if root.index < len(fn.params) else "?"
        if root.kind == "global":
            from aliaslint.project import global_display

            return global_display(root.name)
        return "<result>"

    def short(self, qualname: str) -> str:
        from aliaslint.harm import short_name

        return short_name(qualname)

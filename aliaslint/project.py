"""Phase 2: the project pass. Resolve calls, then compute every function's effects to a fixpoint.

Works from :class:`~aliaslint.summary.ModuleSummary` data only. :class:`Project` holds the
summaries and the memo tables of the pass, and is made of three parts, one module each:

- :mod:`aliaslint.callgraph`: what names, attributes and calls denote (call resolution);
- :mod:`aliaslint.dataflow`: what values are, seen from a caller (call results, constructed
  objects, instantiation of a callee's values);
- :mod:`aliaslint.effects`: the effects of every function, to a fixpoint over the SCCs of the
  call graph.

Whether a finding is harmful (its witness, repeat-safety, intent) is :mod:`aliaslint.harm`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator

from aliaslint.callgraph import (  # noqa: F401
    COMMON_METHODS,
    CallResolution,
    Target,
    strongly_connected_components,
)
from aliaslint.dataflow import (  # noqa: F401
    UNKNOWN_ROOT,
    ValueFlow,
    bounded,
    forget_loads,
    load,
    refs_below,
    with_mark,
)
from aliaslint.effects import (  # noqa: F401
    CopyHit,
    Effect,
    EffectsFixpoint,
    copy_hits,
    effect_order,
    global_display,
    widen,
)
from aliaslint.hashcons import ValueTable
from aliaslint.reads import ReadDict, ReadLog
from aliaslint.summary import CallSite, ClassInfo, FunctionSummary, ModuleSummary
from aliaslint.values import Ref, Root, Site, Value


@dataclass
class Project(ReadLog, CallResolution, ValueFlow, EffectsFixpoint):
    modules: dict[str, ModuleSummary]
    functions: dict[str, FunctionSummary] = field(default_factory=dict)
    classes: dict[str, ClassInfo] = field(default_factory=dict)
    effects: dict[str, dict[tuple, Effect]] = field(default_factory=dict)
    rets: dict[str, Value] = field(default_factory=dict)
    #: function -> (call id, depth) -> resolved result (per function, so a round clears it in O(1))
    _call_results: dict[str, dict[tuple[int, int], Value]] = field(default_factory=dict)
    #: counts the changes of what resolution reads (a call result memoised or its recursion guard
    #: set, a function's return value or effects, a memo emptied, a trace begun or ended); the
    #: memo of :meth:`aliaslint.dataflow.ValueFlow.resolve` holds only while it stays the same
    _generation: int = 0
    _resolve_memo: dict[tuple[str, Value, int], Value] = field(default_factory=dict)
    _memo_generation: int = -1
    #: function -> call id -> the call's targets (:meth:`targets`)
    _targets: dict[str, dict[int, tuple[Target, ...]]] = field(default_factory=dict)
    _attr_types: dict[str, dict[str, Value]] = field(default_factory=dict)
    _param_classes: dict[tuple[str, int], list[str]] = field(default_factory=dict)
    _calls_by_id: dict[str, dict[int, CallSite]] = field(default_factory=dict)
    _field_values: dict[tuple[str, str], Value] = field(default_factory=dict)
    _arg_deps: dict[tuple[str, int], frozenset] = field(default_factory=dict)
    #: function -> the index of its first star parameter (:meth:`CallResolution._star_at`)
    _stars: dict[str, int] = field(default_factory=dict)
    _method_index: dict[str, set[str]] | None = None
    _calls_by_site: dict[Site, tuple[FunctionSummary, CallSite]] | None = None
    _astroid_queries: int = 0
    #: one object per distinct value the pass keeps (:mod:`aliaslint.hashcons`)
    _values: ValueTable = field(default_factory=ValueTable)
    _subclasses: dict[str, set[str]] | None = None
    _global_stores: dict[str, list] | None = None
    #: (outside base class, method name) -> project classes derived from it that define it, and
    #: the (outside base class, name prefix) families called by name (:func:`aliaslint.harm.framework_hook`)
    _hook_index: tuple[dict[tuple[str, str], int], frozenset[tuple[str, str]]] | None = None
    #: (project base class, method name) -> project classes under it that define it, and the
    #: names called as methods anywhere (:func:`aliaslint.harm.plugin_hook`)
    _plugin_index: tuple[dict[tuple[str, str], int], frozenset[str]] | None = None
    #: class -> field -> set only to other packages' instances (:meth:`outside_fields`)
    _outside_fields: dict[str, dict[str, bool]] | None = None
    _outside_names: frozenset[str] | None = None
    #: the names of every project class's properties (:meth:`new_on_each_access`)
    _property_names: frozenset[str] | None = None
    #: attribute name -> how the project reads it (:attr:`ModuleSummary.attribute_reads`, or-ed)
    _attribute_reads: dict[str, int] | None = None
    _transfers: dict[str, list] = field(default_factory=dict)
    _lookups: dict[str, tuple[str, str] | None] = field(default_factory=dict)
    callers: dict[str, list[tuple[str, CallSite, Target]]] = field(default_factory=dict)
    #: class -> the calls that construct it: ``(caller, call site, target)``
    constructed: dict[str, list[tuple[str, CallSite, Target]]] = field(default_factory=dict)
    #: function -> the index of its strongly connected component of the call graph (set by the
    #: fixpoint: functions that call each other, directly or round a cycle, share one)
    component: dict[str, int] = field(default_factory=dict)
    #: components of the call graph the fixpoint's second round analysed again / took as they were
    pass_stats: dict[str, int] = field(default_factory=lambda: {"recomputed": 0, "reused": 0})

    def __post_init__(self) -> None:
        forget_loads()  # (the models a load reads may differ from the last check's)
        # reads of return values and effects are recorded for the second round (aliaslint.reads)
        self.rets = ReadDict(self, "r")
        self.effects = ReadDict(self, "e")
        for m in self.modules.values():
            self.functions.update(m.functions)
            self.classes.update(m.classes)
        for q, info in self.classes.items():
            if info.dataclass_fields and "__init__" not in info.methods:
                self._generated_init(q, info)

    def _generated_init(self, q: str, info: ClassInfo) -> None:
        """The ``__init__`` a ``@dataclass`` generates: it keeps every argument by reference
        (``self.base = base``), so the class is analysed as if it had been written out."""
        params = ("self", *(name for name, _ in info.dataclass_fields))
        stores = [(name, frozenset({Ref(Root("param", name, i + 1))}), site)
                  for i, (name, site) in enumerate(info.dataclass_fields)]
        init = FunctionSummary(f"{q}.__init__", info.module, "__init__", params, info.site or stores[0][2],
                               cls=q, kind="method", self_stores=stores,
                               annotations=(frozenset(), *info.dataclass_annotations),
                               mutable_defaults=info.dataclass_defaults)
        self.functions[init.qualname] = init
        info.methods = {**info.methods, "__init__": init.qualname}

    def attribute_reads(self) -> dict[str, int]:
        """How the project's modules read each attribute name: 1 only as the container of a
        membership test, 2 (or 3) in other ways too (:attr:`ModuleSummary.attribute_reads`)."""
        if self._attribute_reads is None:
            out: dict[str, int] = {}
            for m in self.modules.values():
                for name, how in m.attribute_reads.items():
                    out[name] = out.get(name, 0) | how
            self._attribute_reads = out
        return self._attribute_reads

    def candidates(self, code: str) -> Iterator[tuple[FunctionSummary, dict]]:
        """The phase-1 candidates of rule ``code``: (function, data) pairs, in module order."""
        for module in self.modules.values():
            for cand in module.candidates:
                if cand.rule == code and cand.function in self.functions:
                    yield self.functions[cand.function], cand.data

    def project_copy_method(self, site: Site) -> bool:
        """Whether the call at ``site`` (an ``x.copy()``) resolves to a method of the project."""
        if self._calls_by_site is None:
            self._calls_by_site = {call.site: (fn, call) for fn in self.functions.values() for call in fn.calls}
        got = self._calls_by_site.get(site)
        return got is not None and bool(self.targets(*got))

    def sharing(self, caller: FunctionSummary, call: CallSite, arg: Value | None, depth: int = 0,
                into: frozenset = frozenset(), exact: bool = False) -> str:
        """See :func:`aliaslint.harm.sharing`."""
        from aliaslint import harm

        return harm.sharing(self, caller, call, arg, depth, into, exact)

"""Phase 2: the project pass. Resolve calls, then compute every function's effects to a fixpoint.

Works from :class:`~aliaslint.summary.ModuleSummary` data only. A function's *effects* are the
mutations it makes, directly or through callees, on its parameters and on globals, expressed
as access paths: ``Effect(param worker, .template.spec.containers[*].volume_mounts, accumulate)``.
A callee's effect on its parameter ``p`` at path ``q`` becomes the caller's effect on whatever
the caller passed for ``p``, extended by ``q``. Functions are processed by strongly connected
components of the call graph, callees first; inside a component the rounds repeat until
nothing changes (paths are bounded, so this terminates).

Call results are symbolic in phase 1 (``Ref(call k)``); here they are replaced by the callee's
return value with the caller's arguments substituted for its parameters.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Iterable, Iterator

from aliaslint import inference
from aliaslint import models as library_models
from aliaslint.summary import OVERWRITE, SETDEFAULT, CallSite, ClassInfo, FunctionSummary, ModuleSummary
from aliaslint.values import (
    ANY,
    UNKNOWN,
    CopyMark,
    Fresh,
    Opaque,
    Ref,
    Root,
    Site,
    Value,
    attr,
    deps_of,
    extend_path,
    is_place,
    key,
    loops_of,
)

MAX_RESOLVE_DEPTH = 6
#: a dependency on something the analysis cannot see (a library call's result)
UNKNOWN_ROOT = Root("unknown")
MAX_SCC_ROUNDS = 8
#: how many hops (callers, module-level names, attribute types) a receiver's class is looked up through
MAX_CLASS_DEPTH = 8
#: distinct paths one mutation site may reach a root by in a summary (see :func:`widen`)
MAX_PATHS_PER_SITE = 4
CAPITALISED = re.compile(r"^_*[A-Z]")
#: astroid questions per check (each can cost ~0.1 s on a large module); a count, not a time,
#: so that results do not depend on the machine's speed
ASTROID_QUERIES = 8
#: method names shared with builtin containers and common protocols: one of these alone says
#: nothing about a receiver's class
COMMON_METHODS = {
    "get", "items", "keys", "values", "copy", "update", "append", "extend", "pop", "insert", "remove",
    "clear", "add", "discard", "setdefault", "sort", "index", "count", "format", "join", "split",
    "read", "write", "close", "open", "run", "start", "stop", "send", "call", "execute", "render",
    "__init__", "__call__", "__enter__", "__exit__", "__getitem__", "__setitem__",
}


@dataclass(frozen=True)
class Effect:
    """A mutation of ``root`` at ``path`` that happens when the function runs.

    ``site`` is the mutating statement, ``chain`` the call sites from this function down to it.
    ``value_deps`` / ``key_deps`` are the roots the stored value and the key / selector were
    computed from (what separates duplication from intended accumulation). ``copy`` is set when
    the mutated object was reached through a shallow copy; ``realias`` when it was reached
    through a copy's field that had been re-pointed at the original.
    """

    root: Root
    path: tuple[str, ...]
    kind: str
    op: str
    site: Site
    chain: tuple[Site, ...] = ()
    value_deps: frozenset = frozenset()
    key_deps: frozenset = frozenset()
    copy: CopyMark | None = None
    realias: Site | None = None
    callees: tuple[str, ...] = ()
    #: a global's effect passed up from a callee unchanged (reported where it entered)
    inherited: bool = False
    #: the object was changed by one of its own methods (a receiver), which is by design
    own_method: bool = False
    #: a class-level object changed through ``self`` in a method (see :meth:`Project.via_instance`)
    via_instance: bool = False
    #: the value stored is the method's own receiver (``registry.append(self)``): a back-reference
    stores_self: bool = False

    def key(self) -> tuple:
        return (self.root, self.path, self.kind, self.site)


@dataclass(frozen=True)
class Target:
    """A resolved callee: ``function`` is a qualname; ``bound`` means the receiver is param 0."""

    function: str
    bound: bool
    receiver: Value = frozenset()
    constructor: str | None = None  # class qualname when this is ``Class(...)`` -> ``__init__``


@dataclass
class Project:
    modules: dict[str, ModuleSummary]
    functions: dict[str, FunctionSummary] = field(default_factory=dict)
    classes: dict[str, ClassInfo] = field(default_factory=dict)
    effects: dict[str, dict[tuple, Effect]] = field(default_factory=dict)
    rets: dict[str, Value] = field(default_factory=dict)
    #: function -> call id -> resolved result (per function, so a round clears it in O(1))
    _call_results: dict[str, dict[int, Value]] = field(default_factory=dict)
    _targets: dict[tuple[str, int], list[Target]] = field(default_factory=dict)
    _attr_types: dict[str, dict[str, Value]] = field(default_factory=dict)
    _param_classes: dict[tuple[str, int], list[str]] = field(default_factory=dict)
    _calls_by_id: dict[str, dict[int, CallSite]] = field(default_factory=dict)
    _field_values: dict[tuple[str, str], Value] = field(default_factory=dict)
    _arg_deps: dict[tuple[str, int], frozenset] = field(default_factory=dict)
    _method_index: dict[str, set[str]] | None = None
    _calls_by_site: dict[Site, tuple[FunctionSummary, CallSite]] | None = None
    _astroid_queries: int = 0
    _subclasses: dict[str, set[str]] | None = None
    _transfers: dict[str, list] = field(default_factory=dict)
    _lookups: dict[str, tuple[str, str] | None] = field(default_factory=dict)
    callers: dict[str, list[tuple[str, CallSite, Target]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for m in self.modules.values():
            self.functions.update(m.functions)
            self.classes.update(m.classes)

    # ------------------------------------------------------------ names
    def module_of(self, fn: FunctionSummary) -> ModuleSummary:
        return self.modules[fn.module]

    def lookup_qualname(self, dotted: str, _depth: int = 0) -> tuple[str, str] | None:
        """What a dotted name written in the project denotes, following imports as Python does.

        Returns ``("function" | "class" | "global" | "classattr" | "module", qualified name)`` or
        ``None``. Names re-exported by a package (``pkg.NAME`` where ``pkg/__init__.py`` imports
        it), star imports, and module aliases reached through another module
        (``tpl.b.add_mount`` where ``tpl`` does ``from .. import builders as b``) are followed.
        """
        if _depth == 0:
            memo = self._lookups.get(dotted, self)
            if memo is not self:
                return memo
            got = self._lookup(dotted, 0)
            self._lookups[dotted] = got
            return got
        return self._lookup(dotted, _depth)

    def _lookup(self, dotted: str, _depth: int) -> tuple[str, str] | None:
        if dotted in self.functions:
            return ("function", dotted)
        if dotted in self.classes:
            return ("class", dotted)
        if dotted in self.modules:
            return ("module", dotted)
        mod, _, name = dotted.rpartition(".")
        if mod in self.modules:
            m = self.modules[mod]
            if name in m.globals:
                return ("global", dotted)
            if name in m.imports and _depth < 6:
                return self.lookup_qualname(m.imports[name], _depth + 1)
            if _depth < 6:
                for star in m.star_imports:  # ``from .defaults import *``
                    got = self.lookup_qualname(f"{star}.{name}", _depth + 1)
                    if got is not None:
                        return got
        if mod in self.classes:
            cls = self.classes[mod]
            if name in cls.class_attrs:
                return ("classattr", dotted)
        if mod and _depth < 6:
            # the prefix may be an alias of a module or class: rewrite it and look again
            got = self.lookup_qualname(mod, _depth + 1)
            if got is not None and got[0] in ("module", "class") and got[1] != mod:
                return self.lookup_qualname(f"{got[1]}.{name}", _depth + 1)
        return None

    def mro(self, cls_name: str, _seen: set | None = None) -> Iterator[str]:
        """``cls_name`` and its project-local bases, depth first (MRO-ish), each once."""
        seen = set() if _seen is None else _seen
        if cls_name in seen or cls_name not in self.classes:
            return
        seen.add(cls_name)
        yield cls_name
        info = self.classes[cls_name]
        for base in info.bases:
            for b in self.classes_of_value(base, self.modules[info.module]):
                yield from self.mro(b, seen)

    def method_table(self, cls_name: str) -> dict[str, str]:
        """Method name -> the definition an instance of ``cls_name`` runs (inherited ones too)."""
        table: dict[str, str] = {}
        for c in self.mro(cls_name):
            for name, q in self.classes[c].methods.items():
                table.setdefault(name, q)
        return table

    def subclass_index(self) -> dict[str, set[str]]:
        """Class -> every project class that derives from it (directly or not)."""
        if self._subclasses is None:
            index: dict[str, set[str]] = {}
            for q in self.classes:
                for base in self.mro(q):
                    if base != q:
                        index.setdefault(base, set()).add(q)
            self._subclasses = index
        return self._subclasses

    def find_method_after(self, cls_name: str, method: str) -> str | None:
        """``super().method``: look ``method`` up in the project bases of ``cls_name``."""
        return next((self.classes[c].methods[method] for c in self.mro(cls_name)
                     if c != cls_name and method in self.classes[c].methods), None)

    def find_method(self, cls_name: str, method: str) -> str | None:
        """Look ``method`` up in ``cls_name`` and its project-local bases."""
        return next((self.classes[c].methods[method] for c in self.mro(cls_name) if method in self.classes[c].methods), None)

    def classes_of_value(self, value: Value, module: ModuleSummary) -> list[str]:
        """Project classes that a (class-object) value names."""
        out = []
        for o in value:
            if isinstance(o, Ref) and o.root.kind == "global" and all(s.startswith(".") for s in o.path):
                dotted = o.root.name + "".join(o.path)
                got = self.lookup_qualname(dotted)
                if got and got[0] == "class":
                    out.append(got[1])
        return out

    def class_of_instance(self, o, fn: FunctionSummary, _depth: int = 0) -> list[str]:
        """Project classes of the object an origin denotes (instances only).

        ``_depth`` counts the callers asked so far (a parameter passed along a chain of calls):
        the answer is "unknown" past three, rather than a recursion as deep as the chain.
        Module-level names bound to other names or to call results (``A = make(B)``, ``B = A``)
        are followed as far as ``MAX_CLASS_DEPTH`` for the same reason (site-packages has cycles)."""
        if _depth > MAX_CLASS_DEPTH:
            return []
        if isinstance(o, Fresh) and o.kind == "instance" and o.cls is not None:
            return self.classes_of_value(o.cls, self.modules[o.site.module]) if o.site.module in self.modules else []
        if isinstance(o, Ref):
            if o.root.kind == "param" and o.root.index == 0 and fn.cls and fn.kind in ("method", "property", "classmethod"):
                base = [fn.cls]
                path = o.path
            elif o.root.kind == "global" and not o.path:
                got = self.lookup_qualname(o.root.name)
                if got and got[0] == "global":
                    mod, _, name = got[1].rpartition(".")
                    val = self.modules[mod].globals[name][0]
                    out = []
                    for v in val:
                        if isinstance(v, Ref) and v.root.kind == "call":
                            main = self.functions.get(f"{mod}.<module>")
                            if main is not None:
                                for r in self.call_result(main, v.root.index):
                                    out += self.class_of_instance(r, main, _depth + 1)
                        else:
                            out += self.class_of_instance(v, fn, _depth + 1)
                    return out
                return []
            elif o.root.kind == "param":
                base = self.param_classes(fn, o.root.index)
                path = o.path
                if not base:
                    return self.classes_from_callers(o, fn, _depth + 1)
            else:
                return []
            # self.attr.attr...: follow attribute types recorded from assignments in methods
            for sel in path:
                if not sel.startswith("."):
                    return []
                nxt = []
                for c in base:
                    for v in self.attr_types(c).get(sel[1:], ()):
                        nxt += self.class_of_instance(v, fn, _depth + 1)
                base = nxt
            return base
        return []

    def param_classes(self, fn: FunctionSummary, index: int) -> list[str]:
        """Project classes of parameter ``index``: from its annotation, else by duck typing.

        Duck typing: the methods the function calls on the parameter must all be defined by
        exactly one project class, and one of them at least must be a name builtin containers
        and common protocols do not use (``append`` + ``extend`` fit a list as well). Anything
        less certain answers "unknown".
        """
        key = (fn.qualname, index)
        got = self._param_classes.get(key)
        if got is not None:
            return got
        out: list[str] = []
        if index < len(fn.annotations) and fn.annotations[index]:
            out = self.classes_of_value(fn.annotations[index], self.modules[fn.module])
        if not out:
            methods = {
                c.path[0][1:]
                for c in (o for call in fn.calls for o in call.callee)
                if isinstance(c, Ref) and c.root.kind == "param" and c.root.index == index and len(c.path) == 1
            }
            if methods - COMMON_METHODS:
                # names a list or a dict also has (``append``, ``extend``) fit builtins as well
                # classes defining every one of these methods themselves (an index, not a scan
                # of all classes per parameter); the answer must be one class
                index = self.method_index()
                having = set.intersection(*(index.get(m, set()) for m in methods))
                if len(having) == 1:
                    out = sorted(having)
        self._param_classes[key] = out
        return out

    def classes_from_callers(self, ref: Ref, fn: FunctionSummary, depth: int = 0) -> list[str]:
        """Classes of ``ref`` (rooted at a parameter of ``fn``) from what every caller passes.

        All call sites in the project must agree; any site that passes something of unknown
        class makes the answer unknown.
        """
        key = ("callers", fn.qualname, ref.root.index, ref.path)
        if key in self._param_classes or depth > 2:
            return self._param_classes.get(key, [])
        self._param_classes[key] = []
        found: set[str] = set()
        callers = self.callers.get(fn.qualname, [])
        for caller_q, call, t in callers:
            caller = self.functions[caller_q]
            arg = self.arg_for(call, t, ref.root.index)
            if arg is None:
                return []
            base = self.resolve(caller, arg)
            for sel in ref.path:
                base = load(base, sel)
            classes = [c for o in base for c in self.class_of_instance(o, caller, depth)]
            if not classes:
                return []
            found.update(classes)
        out = sorted(found) if len(found) == 1 else []
        self._param_classes[key] = out
        return out

    def class_attr_owner(self, cls_name: str, name: str) -> str | None:
        """The class (``cls_name`` or a project base) whose body assigns ``name``."""
        return next((c for c in self.mro(cls_name) if name in self.classes[c].class_attrs), None)

    def field_values(self, cls_name: str, name: str) -> Value:
        """What the methods of ``cls_name`` store into ``self.<name>``, as seen from any method:
        fresh objects and paths from ``self`` or globals (other parameters mean nothing there)."""
        key = (cls_name, name)
        got = self._field_values.get(key)
        if got is not None:
            return got
        self._field_values[key] = frozenset()  # recursion guard
        out: set = set()
        info = self.classes.get(cls_name)
        for q in (info.methods.values() if info else ()):
            m = self.functions.get(q)
            if m is None or m.name == "__init__":
                continue
            for attr_name, value, _ in m.self_stores:
                if attr_name != name:
                    continue
                for o in self.resolve(m, value, MAX_RESOLVE_DEPTH - 2):
                    if isinstance(o, Fresh) or isinstance(o, Ref) and (
                            o.root.kind == "global" or o.root.kind == "param" and o.root.index == 0):
                        out.add(o)
        result = frozenset(out)
        self._field_values[key] = result
        return result

    def sharing(self, caller: FunctionSummary, call: CallSite, arg: Value | None, depth: int = 0) -> str:
        """How ``call`` passes ``arg``: "shared" (a global, or one object handed to several
        calls or made outside the loop that calls), "fresh" (made for this call), "kept" (an
        attribute of something the caller holds, e.g. ``self.headers``) or "unknown"."""
        if arg is None:
            return "fresh"  # not passed: the default
        resolved = self.resolve(caller, arg)
        if not resolved:
            return "unknown"
        verdict = "fresh"
        for o in resolved:
            if isinstance(o, Ref) and o.root.kind == "global":
                return "shared"
            if isinstance(o, Fresh):
                uses = sum(
                    1 for c in caller.calls if c.id != call.id and any(
                        o in self.resolve(caller, v) for v in (*c.args, *(v for _, v in c.kwargs))
                    )
                )
                if uses or call.loops and not (set(call.loops) & set(o.loops)):
                    return "shared"
            elif isinstance(o, Ref) and call.loops and call.loops[-1] not in o.loops:
                return "shared"  # one object handed to the call on every iteration of a loop
            elif isinstance(o, Ref) and o.root.kind == "param" and not o.path \
                    and caller.params[o.root.index:o.root.index + 1] and caller.params[o.root.index].startswith("**"):
                continue  # ``**kwargs`` is a new dict on every call of the caller
            elif isinstance(o, Ref) and o.root.kind == "param" and o.path:
                verdict = "kept"
            elif isinstance(o, Ref) and o.root.kind == "param" and depth < 3:
                # passed through from the caller's own parameter: ask the caller's callers
                upstream = [
                    self.sharing(self.functions[c], up, self.arg_for(up, t, o.root.index), depth + 1)
                    for c, up, t in self.callers.get(caller.qualname, [])
                ]
                if not upstream:
                    verdict = "unknown" if verdict == "fresh" else verdict
                elif "shared" in upstream:
                    return "shared"
                elif any(v != "fresh" for v in upstream):
                    verdict = "unknown" if verdict == "fresh" else verdict
            elif isinstance(o, Ref):
                verdict = "unknown" if verdict == "fresh" else verdict
        return verdict

    def has_own_mutators(self, cls_name: str) -> bool:
        """Whether a project class has methods (besides ``__init__``) that change ``self``:
        its instances are state holders (collectors, registries, clients), not templates."""
        info = self.classes.get(cls_name)
        if info is None:
            return False
        for name, q in info.methods.items():
            if name == "__init__":
                continue
            for e in self.effects.get(q, {}).values():
                if e.root.kind == "param" and e.root.index == 0:
                    return True
        return False

    def attr_types(self, cls_name: str) -> dict[str, Value]:
        got = self._attr_types.get(cls_name)
        if got is not None:
            return got
        out: dict[str, set] = {}
        self._attr_types[cls_name] = {}
        for owner in list(self.mro(cls_name)):  # attributes set in a base class's methods too
            for mname, q in self.classes[owner].methods.items():
                fn = self.functions.get(q)
                if fn is None:
                    continue
                for name, value, site in fn.self_stores:
                    for o in value:
                        if isinstance(o, Ref) and o.root.kind == "call":
                            for r in self.call_result(fn, o.root.index):
                                if isinstance(r, Fresh) and r.kind == "instance":
                                    out.setdefault(name, set()).add(r)
                        elif isinstance(o, Fresh) and o.kind == "instance":
                            out.setdefault(name, set()).add(o)
                        elif isinstance(o, Ref) and o.root.kind == "param" and o.root.index > 0 and not o.path:
                            # ``self.config = config``: the class the constructor's callers pass
                            for c in self.class_of_instance(o, fn):
                                out.setdefault(name, set()).add(
                                    Fresh(site, kind="instance", cls=frozenset({Ref(Root("global", c))})))
        result = {k: frozenset(v) for k, v in out.items()}
        self._attr_types[cls_name] = result
        return result

    # --------------------------------------------------------- callees
    def targets(self, fn: FunctionSummary, call: CallSite) -> list[Target]:
        k = (fn.qualname, call.id)
        got = self._targets.get(k)
        if got is None:
            self._targets[k] = []
            got = self._resolve_targets(fn, call)
            if got and call.receiver and _builtin_container(call.receiver) and call.text.rsplit(".", 1)[-1] in COMMON_METHODS:
                # ``(opts or []).append(x)``: one possible receiver is a list, so ``append`` is the
                # builtin one; a project class's method of the same name is a guess
                got = []
            self._targets[k] = got
        return got

    def _resolve_targets(self, fn: FunctionSummary, call: CallSite) -> list[Target]:
        out: list[Target] = []
        if call.super_call:
            method = call.text.rsplit(".", 1)[-1]
            m = self.find_method_after(fn.cls, method) if fn.cls else None
            if m is None:
                return []
            return [Target(m, self.functions[m].kind != "staticmethod", call.receiver or frozenset())]
        for o in call.callee:
            if not isinstance(o, Ref):
                continue
            if o.root.kind == "global" and all(s.startswith(".") for s in o.path):
                dotted = o.root.name + "".join(o.path)
                got = self.lookup_qualname(dotted)
                if got is not None:
                    kind, q = got
                    if kind == "function":
                        f = self.functions[q]
                        # Class.method(...): a classmethod gets the class as param 0
                        bound = f.cls is not None and f.kind == "classmethod"
                        out.append(Target(q, bound, frozenset({replace(o, path=o.path[:-1])}) if bound else frozenset()))
                        continue
                    if kind == "class":
                        init = self.find_method(q, "__init__")
                        out.append(Target(init or "", bool(init), constructor=q))
                        continue
                # Class.method / module_instance.method
                if o.path:
                    owner = replace(o, path=o.path[:-1])
                    method = o.path[-1][1:]
                    owner_dotted = o.root.name + "".join(o.path[:-1])
                    got = self.lookup_qualname(owner_dotted)
                    if got and got[0] == "class":
                        m = self.find_method(got[1], method)
                        if m:
                            mf = self.functions[m]
                            out.append(Target(m, mf.kind == "classmethod"))
                        continue
                    for c in self.class_of_instance(owner, fn):
                        m = self.find_method(c, method)
                        if m:
                            out.append(Target(m, True, call.receiver or frozenset({owner})))
                continue
            if not o.path or not o.path[-1].startswith("."):
                continue
            method = o.path[-1][1:]
            owner = replace(o, path=o.path[:-1])
            owners = self.resolve(fn, frozenset({owner})) if owner.root.kind == "call" else frozenset({owner})
            for ow in owners:
                for c in self.class_of_instance(ow, fn):
                    m = self.find_method(c, method)
                    if m:
                        mf = self.functions[m]
                        # the receiver as evaluated at the call (``copy(self.t).run()``: the copy)
                        out.append(Target(m, mf.kind not in ("staticmethod",), call.receiver or frozenset({owner})))
                    if isinstance(ow, Ref) and ow.root.kind == "param" and ow.root.index == 0 and not ow.path \
                            and c == fn.cls:
                        # ``self.method()`` in a base class runs the override of the object's class
                        # (logprep's ``Input.get_next`` calls ``self._get_event``, which each
                        # connector defines)
                        for sub in sorted(self.subclass_index().get(c, ())):
                            q = self.classes[sub].methods.get(method)
                            if q and q != m and q in self.functions:
                                out.append(Target(q, self.functions[q].kind != "staticmethod",
                                                  call.receiver or frozenset({owner})))
        for o in call.callee:
            if isinstance(o, Ref) and o.root.kind == "param" and o.root.index == 0 and len(o.path) == 1 \
                    and fn.cls and fn.kind in ("method", "property", "classmethod") and not out:
                m = self.find_method(fn.cls, o.path[0][1:])
                if m:
                    out.append(Target(m, self.functions[m].kind != "staticmethod", frozenset({replace(o, path=())})))
        if not out and call.receiver is not None and "." in call.text:
            out = self._inferred_targets(fn, call)
        return out

    def _inferred_targets(self, fn: FunctionSummary, call: CallSite) -> list[Target]:
        """Last resort for ``x.method(...)``: astroid, asked only when a project class defines
        ``method`` (otherwise no answer could matter)."""
        method = call.text.rsplit(".", 1)[-1]
        if method.startswith("__") or method in COMMON_METHODS or method not in self.method_index():
            return []
        # astroid is slow (it builds and infers whole modules): ask it only for calls in loops,
        # where AL001 needs the callee, and at most ASTROID_QUERIES times per check
        if not call.loops or self._astroid_queries >= ASTROID_QUERIES:
            return []
        loop = call.loops[-1]
        shared = any(
            isinstance(o, Ref) and o.root.kind in ("param", "global") and loop not in o.loops
            for v in (*call.args, *(v for _, v in call.kwargs)) for o in self.resolve(fn, v)
        )
        if not shared:
            return []  # no loop-invariant object is passed: nothing AL001 could report
        self._astroid_queries += 1
        module = self.modules.get(fn.module)
        if module is None:
            return []
        classes = inference.receiver_classes(module.path, module.module, call.site.line, call.site.column)
        out = []
        for c in classes or ():
            m = self.find_method(c, method) if c in self.classes else None
            if m:
                out.append(Target(m, self.functions[m].kind != "staticmethod", call.receiver))
        return out

    def method_names(self) -> set[str]:
        return set(self.method_index())

    def method_index(self) -> dict[str, set[str]]:
        """Method name -> the project classes that define it."""
        if self._method_index is None:
            self._method_index = {}
            for q, cls in self.classes.items():
                for name in cls.methods:
                    self._method_index.setdefault(name, set()).add(q)
        return self._method_index

    def arg_for(self, call: CallSite, target: Target, index: int) -> Value | None:
        """The caller's value passed for parameter ``index`` of ``target`` (None: not passed)."""
        callee = self.functions.get(target.function)
        if callee is None:
            return None
        params = callee.params
        if index >= len(params):
            return None
        name = params[index]
        shift = 1 if target.bound else 0
        if name.startswith("**"):
            return self._keyword_dict(call, callee, shift)
        if name.startswith("*"):
            return self._extra_positionals(call, index, shift)
        if target.bound:
            if index == 0:
                return target.receiver if target.receiver else (call.receiver or None)
        pos = index - shift
        star_at = next((i for i, p in enumerate(params) if p.startswith("*")), len(params))
        if index < star_at and pos < len(call.args):
            return call.args[pos]
        spread = None
        for k, v in call.kwargs:
            if k == name:
                return v
            if k == "**":
                spread = v
        if spread is not None:
            # ``f(**opts)``: the parameter is bound to the item of the same name (E04's
            # ``fit_stage(**kwargs)`` hands the node's own ``params`` over)
            got = load(spread, key(name))
            return got or None
        return None

    def _keyword_dict(self, call: CallSite, callee: FunctionSummary, shift: int) -> Value:
        """The ``**kwargs`` parameter: a new dict per call holding the keyword arguments no
        named parameter takes, and a shallow copy of a ``**spread`` dict (its values are the
        caller's objects)."""
        named = {p for p in callee.params if not p.startswith("*")}
        fields = tuple(sorted((key(k), v) for k, v in call.kwargs if k not in named and k not in ("*", "**")))
        spread = dict(call.kwargs).get("**")
        shared = spread is not None and any(isinstance(o, Ref) for o in spread)
        return frozenset({Fresh(call.site, frozenset(call.loops), "copy" if spread is not None else "literal",
                                fields=fields, copy_of=spread, shared_source=shared, how="**kwargs",
                                container="dict")})

    def _extra_positionals(self, call: CallSite, index: int, shift: int) -> Value:
        """The ``*args`` parameter: a new tuple of the positional arguments past the named ones."""
        extra = call.args[index - shift:] if index - shift >= 0 else ()
        spread = dict(call.kwargs).get("*")
        items = frozenset().union(*extra) if extra else frozenset()
        if spread is not None:
            items |= load(spread, ANY)
        return frozenset({Fresh(call.site, frozenset(call.loops), "literal", fields=((ANY, items),), container="tuple")})

    def arg_text_for(self, call: CallSite, target: Target, index: int) -> str | None:
        """Source text of the argument passed for parameter ``index`` (None: not written)."""
        callee = self.functions.get(target.function)
        if callee is None or index >= len(callee.params):
            return None
        if target.bound:
            if index == 0:
                return call.text.rsplit(".", 1)[0] if "." in call.text else None
            pos = index - 1
        else:
            pos = index
        if pos < len(call.arg_texts):
            return call.arg_texts[pos]
        name = callee.params[index]
        return dict(call.kwarg_texts).get(name)

    # ------------------------------------------------------------ values
    def resolve(self, fn: FunctionSummary, value: Value, depth: int = 0) -> Value:
        """Replace symbolic call results in ``value`` by what the callees return."""
        if depth > MAX_RESOLVE_DEPTH:
            return frozenset(o for o in value if not (isinstance(o, Ref) and o.root.kind == "call"))
        out: set = set()
        for o in value:
            if isinstance(o, Ref) and o.root.kind == "call":
                base = self.call_result(fn, o.root.index, depth + 1)
                if not base:
                    # an unknown result: aliasing none of the arguments (so "returns its argument"
                    # stays false); a library call's result is computed from its arguments, a
                    # project callee's unknown result (recursion still converging) from nothing known
                    call = self.call_site(fn, o.root.index)
                    library = call is not None and not self.targets(fn, call)
                    out.add(Opaque(
                        o.loops | (self.call_arg_loops(fn, o.root.index) if library else frozenset()),
                        # ``UNKNOWN_ROOT``: not a constant (``uuid4().hex`` differs on every call)
                        self.call_arg_deps(fn, o.root.index, depth) | {UNKNOWN_ROOT} if library else frozenset(),
                    ))
                    continue
                for sel in o.path:
                    base = load(base, sel)
                base = with_mark(base, o.copy, o.realias)
                if o.loops:
                    base = frozenset(replace(b, loops=b.loops | o.loops) if isinstance(b, (Ref, Opaque)) else b for b in base)
                out |= base
            elif isinstance(o, Fresh) and depth < 3 and (o.fields or o.copy_of):
                out.add(
                    replace(
                        o,
                        fields=tuple((k, self.resolve(fn, v, depth + 1)) for k, v in o.fields),
                        copy_of=self.resolve(fn, o.copy_of, depth + 1) if o.copy_of is not None else None,
                    )
                )
            elif isinstance(o, Ref) and o.root.kind == "global" and o.path and o.root.name in self.modules:
                out.add(self.canonical(o))
            elif isinstance(o, Ref) and o.root.kind == "global" and o.path and o.root.name in self.classes \
                    and o.path[0].startswith(".") and self.class_attr_owner(o.root.name, o.path[0][1:]):
                # ``Builder.TEMPLATE``: the class attribute is the global object
                owner = self.class_attr_owner(o.root.name, o.path[0][1:])
                out.add(replace(o, root=Root("global", f"{owner}.{o.path[0][1:]}"), path=o.path[1:]))
            elif isinstance(o, Ref) and o.root.kind == "param" and o.root.index == 0 and o.path \
                    and o.path[0].startswith(".") and fn.cls and fn.kind in ("method", "property", "classmethod"):
                # ``self.attr`` may hold what another method stored there (``self._pending =
                # list(self._records)`` in one method, ``self._pending.pop()`` in another)
                out.add(o)
                owner = self.class_attr_owner(fn.cls, o.path[0][1:])
                if owner is not None and o.path[0][1:] not in self.attr_types(fn.cls):
                    # ``self.TEMPLATE`` / ``cls.TEMPLATE``: the class-level object, shared by all
                    out.add(replace(o, root=Root("global", f"{owner}.{o.path[0][1:]}"), path=o.path[1:]))
                for v in self.field_values(fn.cls, o.path[0][1:]):
                    base = frozenset({v})
                    for sel in o.path[1:]:
                        base = load(base, sel)
                    if o.loops:  # ``for ext in self.extensions``: still one element per iteration
                        base = frozenset(replace(b, loops=b.loops | o.loops) if isinstance(b, (Ref, Opaque)) else b for b in base)
                    out |= with_mark(base, o.copy, o.realias)
            elif isinstance(o, Opaque) and any(r.kind == "call" for r in o.deps):
                deps = set()
                for r in o.deps:
                    if r.kind == "call":
                        deps |= deps_of(self.call_result(fn, r.index, depth + 1))
                    else:
                        deps.add(r)
                out.add(Opaque(o.loops, frozenset(deps), o.mutable))
            else:
                out.add(o)
        return frozenset(out)

    def canonical(self, ref: Ref) -> Ref:
        """``common`` (a module) + ``.BASE`` -> the global ``pkg.common.BASE``, following the
        module's own imports, so one object has one root however it is spelled."""
        while ref.root.kind == "global" and ref.path and ref.path[0].startswith(".") and ref.root.name in self.modules:
            mod = self.modules[ref.root.name]
            name = ref.path[0][1:]
            target = mod.imports.get(name, f"{mod.module}.{name}")
            ref = replace(ref, root=Root("global", target), path=ref.path[1:])
        return ref

    def call_site(self, fn: FunctionSummary, call_id: int) -> CallSite | None:
        index = self._calls_by_id.get(fn.qualname)
        if index is None:
            index = self._calls_by_id[fn.qualname] = {c.id: c for c in fn.calls}
        return index.get(call_id)

    def _call_args(self, fn: FunctionSummary, call_id: int) -> Value:
        call = self.call_site(fn, call_id)
        if call is None:
            return frozenset()
        parts = [*call.args, *(v for _, v in call.kwargs)]
        if call.receiver:
            parts.append(call.receiver)
        return frozenset().union(*parts) if parts else frozenset()

    def call_arg_loops(self, fn: FunctionSummary, call_id: int) -> frozenset:
        return loops_of(self._call_args(fn, call_id))

    def call_arg_deps(self, fn: FunctionSummary, call_id: int, depth: int = 0) -> frozenset:
        """Roots the arguments of a call were computed from, through nested calls (memoized:
        chains of calls would otherwise be walked once per path, exponentially)."""
        key = (fn.qualname, call_id)
        got = self._arg_deps.get(key)
        if got is not None:
            return got
        self._arg_deps[key] = frozenset()  # recursion guard
        deps = set()
        for r in deps_of(self._call_args(fn, call_id)):
            if r.kind == "call":
                deps |= self.call_arg_deps(fn, r.index, depth + 1)
            else:
                deps.add(r)
        result = frozenset(deps)
        self._arg_deps[key] = result
        return result

    def call_result(self, fn: FunctionSummary, call_id: int, depth: int = 0) -> Value:
        results = self._call_results.setdefault(fn.qualname, {})
        got = results.get(call_id)
        if got is not None:
            return got
        results[call_id] = UNKNOWN  # recursion guard
        call = self.call_site(fn, call_id)
        result: Value = UNKNOWN
        if call is not None:
            result = self._call_result(fn, call, depth)
            stores = [(sel, v) for cid, sel, v in fn.call_stores if cid == call_id] if fn.call_stores else ()
            if stores:
                result = self._with_stores(fn, result, stores, depth)
        results[call_id] = result
        return result

    def _with_stores(self, fn: FunctionSummary, result: Value, stores, depth: int) -> Value:
        """``result`` with the fields the caller set on it afterwards (weakly: either value)."""
        out = set()
        for o in result:
            if isinstance(o, Fresh) and o.kind != "deepcopy":
                fields = dict(o.fields)
                for sel, v in stores:
                    fields[sel] = fields.get(sel, frozenset()) | self.resolve(fn, v, depth + 1)
                o = replace(o, fields=tuple(sorted(fields.items())))
            out.add(o)
        return frozenset(out)

    def _call_result(self, fn: FunctionSummary, call: CallSite, depth: int) -> Value:
        targets = self.targets(fn, call)
        loops = frozenset(call.loops)
        out: set = set()
        site = call.site
        for t in targets:
            if t.constructor is not None:
                fields = []
                init = self.functions.get(t.function)
                if init is not None:
                    for name, value, _ in self.instance_fields(t.function):
                        fields.append((attr(name), self.instantiate(init, value, call, t, fn, depth)))
                else:
                    # no __init__ in the project (dataclass, TypedDict, NamedTuple): keyword
                    # arguments become fields, positional ones are kept for their variance
                    fields = [(attr(k), self.resolve(fn, v, depth + 1)) for k, v in call.kwargs]
                    if call.args:
                        fields.append((".()", self.resolve(fn, frozenset().union(*call.args), depth + 1)))
                cls_ref = frozenset({Ref(Root("global", t.constructor))})
                out.add(Fresh(site, loops, "instance", cls_ref, tuple(sorted(fields)), call=call.id))
                continue
            callee = self.functions.get(t.function)
            if callee is None:
                continue
            ret = self.rets.get(t.function, UNKNOWN)
            if callee.return_guards:
                ret = self._unguarded(fn, call, t, callee, ret, depth)
            got = self.instantiate(callee, ret, call, t, fn, depth)
            for target_index, source_index, store_site in self.transfers(callee):
                got = self._filled_copy(fn, call, t, callee, ret, got, target_index, source_index, store_site, depth)
            out |= got
        if not targets:
            out |= self.unresolved_result(fn, call, depth)
        return frozenset(out)

    def _unguarded(self, fn, call, t, callee, ret: Value, depth: int) -> Value:
        """``ret`` without the parameters this call cannot get back: ``merge(base, {...})``
        returns ``base`` only when its second argument is None, and this caller passes an object."""
        dropped = set()
        for index, guard_index, kind in callee.return_guards:
            arg = self.arg_for(call, t, guard_index)
            if arg is None:
                continue  # left out: the default (None) makes the guard true
            passed = self.resolve(fn, arg, depth + 1)
            if passed and all(isinstance(o, Fresh) and (kind == "none" or o.fields or o.kind == "instance")
                              for o in passed):
                dropped.add(index)
        if not dropped:
            return ret
        return frozenset(o for o in ret if not (isinstance(o, Ref) and o.root.kind == "param" and o.root.index in dropped))

    def transfers(self, fn: FunctionSummary) -> list[tuple[int, int, Site]]:
        """``(i, j, site)``: ``fn`` stores items of its parameter ``j`` into parameter ``i``
        (``base[key] = value`` over ``override.items()``, ``base.update(override)``): a merge or
        update helper. Filling a new object that way makes a shallow copy of ``j``."""
        got = self._transfers.get(fn.qualname)
        if got is not None:
            return got
        out = []
        for m in fn.mutations:
            if m.kind != OVERWRITE or m.op not in ("[] =", "update"):
                continue
            targets = {o.root.index for o in m.target if isinstance(o, Ref) and o.root.kind == "param" and not o.path}
            sources = {o.root.index for o in m.value if isinstance(o, Ref) and o.root.kind == "param"}
            for i in sorted(targets):
                for j in sorted(sources - {i}):
                    if (i, j) not in {(a, b) for a, b, _ in out}:
                        out.append((i, j, m.site))
        self._transfers[fn.qualname] = out
        return out

    def _filled_copy(self, fn, call, t, callee, ret, got, target_index, source_index, store_site, depth) -> Value:
        """The result of ``merge({}, defaults)``: the callee returns its parameter ``target_index``
        after filling it with the items of ``source_index``; when the caller passed a new object
        there, the result is a shallow copy of the source (E08: invoke's settings merge)."""
        if not any(isinstance(o, Ref) and o.root.kind == "param" and o.root.index == target_index and not o.path for o in ret):
            return got
        target_arg = self.arg_for(call, t, target_index)
        source_arg = self.arg_for(call, t, source_index)
        if not target_arg or not source_arg:
            return got
        fresh = {o for o in self.resolve(fn, target_arg, depth + 1) if isinstance(o, Fresh) and o.kind == "literal"}
        if not fresh:
            return got
        source = self.resolve(fn, source_arg, depth + 1)
        shared = any(isinstance(o, Ref) and o.root.kind in ("param", "global") for o in source)
        how = f"{callee.name}()"
        out = set(got) - fresh
        for o in fresh:
            out.add(replace(o, kind="copy", site=store_site, copy_of=source, shared_source=shared, how=how))
        return frozenset(out)

    def instance_fields(self, init_q: str, _depth: int = 0) -> list[tuple[str, Value, Site]]:
        """What an object keeps once the constructor ``init_q`` has run, as ``(attribute, value,
        site of the store)`` with values resolved in the constructor's own roots.

        Besides the constructor's own ``self.x = ...`` stores, the stores of the methods it runs
        on ``self``: ``super().__init__(spec)``, ``Base.__init__(self, spec)``, ``self.setup(...)``
        (metlog's client keeps its sender in ``setup``). Later stores of one name win.
        """
        fn = self.functions.get(init_q)
        if fn is None or _depth > 4:
            return []
        out: list[tuple[str, Value, Site]] = []
        for call in fn.calls:
            for t in self.targets(fn, call):
                if t.constructor is not None or t.function == init_q:
                    continue
                receiver = self.arg_for(call, t, 0)
                if not receiver or not all(isinstance(o, Ref) and o.root.kind == "param" and o.root.index == 0
                                           and not o.path for o in receiver):
                    continue  # a method run on another object
                callee = self.functions.get(t.function)
                if callee is None or not callee.cls:
                    continue
                for name, value, site in self.instance_fields(t.function, _depth + 1):
                    out.append((name, self.instantiate(callee, value, call, t, fn), site))
        for name, value, site in fn.self_stores:
            out.append((name, self.resolve(fn, value), site))
        return out

    def unresolved_result(self, fn: FunctionSummary, call: CallSite, depth: int = 0) -> Value:
        """Models for callees outside the project; a capitalised name is a constructor."""
        name = call.text.rsplit(".", 1)[-1]
        if CAPITALISED.match(name) and not name.isupper():
            # keyword arguments become attributes (kubernetes models, dataclasses); positional
            # ones are kept under ".()" so that the object depends on them (loop variance)
            fields = [(attr(k), self.resolve(fn, v, depth + 1)) for k, v in call.kwargs]
            if call.args:
                fields.append((".()", self.resolve(fn, frozenset().union(*call.args), depth + 1)))
            fields = tuple(sorted(fields))
            return frozenset({Fresh(call.site, frozenset(call.loops), "instance", call.callee, fields, call=call.id)})
        return UNKNOWN

    def instantiate(self, callee: FunctionSummary, value: Value, call: CallSite, target: Target,
                    caller: FunctionSummary, depth: int = 0) -> Value:
        """``value`` (in the callee's roots) seen from the caller at ``call``."""
        out: set = set()
        loops = frozenset(call.loops)
        for o in value:
            if isinstance(o, Ref):
                if o.root.kind == "param":
                    arg = self.arg_for(call, target, o.root.index)
                    if arg is None:
                        continue
                    base = self.resolve(caller, arg, depth + 1)
                    for sel in o.path:
                        base = load(base, sel)
                    out |= with_mark(base, o.copy, o.realias)
                elif o.root.kind == "global":
                    out.add(replace(o, loops=frozenset()))
                # the callee's own call results were resolved into its return value already
            elif isinstance(o, Fresh):
                out.add(
                    replace(
                        o,
                        loops=loops,
                        fields=tuple((k, self.instantiate(callee, v, call, target, caller, depth + 1)) for k, v in o.fields)
                        if depth < 4 else (),
                        copy_of=self.instantiate(callee, o.copy_of, call, target, caller, depth + 1)
                        if o.copy_of is not None and depth < 4 else None,
                    )
                )
            elif isinstance(o, Opaque):
                deps = set()
                for r in o.deps:
                    if r.kind == "param":
                        arg = self.arg_for(call, target, r.index)
                        if arg is not None:
                            deps |= deps_of(self.resolve(caller, arg, depth + 1))
                    elif r.kind == "global":
                        deps.add(r)
                out.add(Opaque(loops_of(frozenset().union(*(self.arg_for(call, target, r.index) or frozenset() for r in o.deps if r.kind == "param"))) if o.deps else frozenset(), frozenset(deps), o.mutable))
        return frozenset(out)

    # ----------------------------------------------------------- fixpoint
    def call_graph(self) -> dict[str, set[str]]:
        graph: dict[str, set[str]] = {q: set() for q in self.functions}
        callers: dict[str, list] = {}
        for q, fn in self.functions.items():
            for call in fn.calls:
                for t in self.targets(fn, call):
                    if t.function in self.functions:
                        graph[q].add(t.function)
                        callers.setdefault(t.function, []).append((q, call, t))
        self.callers = callers
        return graph

    def analyse(self) -> "Project":
        """Resolve calls and run the effects fixpoint.

        Two rounds: the first resolves what syntax and local facts allow; the second
        re-resolves receivers whose class is only known from return values and call sites
        found by the first (``tree(...).with_fallback(x)``), starting from the first round's
        effects (the fixpoint only grows, so this converges to the same answer faster).
        """
        self._fixpoint(self.call_graph())
        self._targets.clear()
        self._param_classes.clear()
        self._attr_types.clear()
        self._field_values.clear()
        self._fixpoint(self.call_graph())
        return self

    def _fixpoint(self, graph: dict[str, set[str]]) -> None:
        for scc in strongly_connected_components(graph):
            for _ in range(MAX_SCC_ROUNDS):
                changed = False
                for q in scc:  # results computed with the previous round's callee facts
                    self._call_results.pop(q, None)
                for q in scc:
                    fn = self.functions[q]
                    ret = bounded(self.resolve(fn, fn.returns))
                    if ret != self.rets.get(q):
                        self.rets[q] = ret
                        changed = True
                    eff = self.compute_effects(fn)
                    if eff.keys() != self.effects.get(q, {}).keys():
                        self.effects[q] = eff
                        changed = True
                if not changed or len(scc) == 1 and q not in graph[q]:
                    break
        self._call_results.clear()

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

    def overridden_builtin(self, fn: FunctionSummary, call_id: int) -> bool:
        call = self.call_site(fn, call_id)
        return call is not None and bool(self.targets(fn, call))

    def compute_effects(self, fn: FunctionSummary) -> dict[tuple, Effect]:
        """``fn``'s effects, keyed by (root, path, kind, site); when several routes lead to the
        same effect the one that sorts first wins, so the result does not depend on hashing."""
        found: list[Effect] = []
        for m in fn.mutations:
            if m.call_id >= 0 and self.overridden_builtin(fn, m.call_id):
                continue
            if m.op == "+=?":
                # ``xs += f()`` extends a list only when ``f`` returns one
                if not any(isinstance(o, Fresh) and o.container == "list" for o in self.resolve(fn, m.value)):
                    continue
                m = replace(m, op="+=")
            resolved_value = self.resolve(fn, m.value)
            value_deps = deps_of(resolved_value)
            key_deps = deps_of(self.resolve(fn, m.key))
            stores_self = bool(fn.cls) and any(
                isinstance(o, Ref) and o.root.kind == "param" and o.root.index == 0 and not o.path for o in resolved_value)
            for origin in m.target:
                for o in self.resolve(fn, frozenset({origin})):
                    for ref in refs_below(o):
                        if ref.root.kind not in ("param", "global"):
                            continue
                        found.append(Effect(ref.root, ref.path, m.kind, m.op, m.site, (), value_deps, key_deps,
                                            ref.copy, ref.realias, (), via_instance=self.via_instance(fn, origin, ref),
                                            stores_self=stores_self))
        for call in fn.calls:
            for t in self.targets(fn, call):
                for e in self.effects.get(t.function, {}).values():
                    found.extend(self.translate(fn, call, t, e))
        by_key: dict[tuple, list[Effect]] = {}
        for e in found:
            by_key.setdefault(e.key(), []).append(e)
        # the first route in a total order wins (a ``min`` per key: sorting every route of a
        # large function dominated the standard library's project pass)
        out = {k: routes[0] if len(routes) == 1 else min(routes, key=effect_order) for k, routes in by_key.items()}
        return widen(out)

    def translate(self, fn: FunctionSummary, call: CallSite, t: Target, e: Effect) -> Iterator[Effect]:
        """A callee's effect ``e`` as an effect of the caller ``fn`` at ``call``."""
        callee = self.functions[t.function]
        chain = (call.site,) + e.chain
        callees = (t.function,) + e.callees
        if e.root.kind == "global":
            # a global's effect is reported where it happens (AL003, AL002, AL008 read effects at
            # their origin only); passing it up every caller made effect sets grow with the
            # whole call graph (the standard library's project pass did not finish)
            return
        if call.site in e.chain:
            # a recursive call unfolded once already: going round again only lengthens the path
            # (``exc.__cause__.__context__.__cause__...``: 2^10 paths on ``traceback``)
            return
        own = e.own_method or (t.bound and e.root.index == 0)
        # the callee stores its receiver; still "self" here when the receiver is our own self
        receiver = self.arg_for(call, t, 0) if e.stores_self and t.bound else None
        stores_self = bool(receiver) and bool(fn.cls) and all(
            isinstance(o, Ref) and o.root.kind == "param" and o.root.index == 0 and not o.path for o in receiver)
        arg = self.arg_for(call, t, e.root.index)
        if arg is None:
            return
        value_deps = self.map_deps(fn, call, t, e.value_deps)
        key_deps = self.map_deps(fn, call, t, e.key_deps)
        for origin in arg:
            base = self.resolve(fn, frozenset({origin}))
            for sel in e.path:
                base = load(base, sel)
            for o in base:
                for ref in refs_below(o):
                    if ref.root.kind not in ("param", "global"):
                        continue
                    yield Effect(ref.root, ref.path, e.kind, e.op, e.site, chain, value_deps, key_deps,
                                 ref.copy or e.copy, e.realias or ref.realias, callees, False, own,
                                 self.via_instance(fn, origin, ref), stores_self)

    def via_instance(self, fn: FunctionSummary, origin, ref: Ref) -> bool:
        """Whether ``ref`` (a class-level object) was reached through ``self`` in a method:
        ``self.flags.append(x)`` changes the list every instance shares, although the code reads
        as if each instance had its own (pyocr #48, PyYAML's resolvers)."""
        if ref.root.kind != "global" or not isinstance(origin, Ref) or origin.root.kind != "param" \
                or origin.root.index != 0 or not origin.path or not origin.path[0].startswith(".") \
                or not fn.cls or fn.kind not in ("method", "property"):
            return False
        name = origin.path[0][1:]
        owner = self.class_attr_owner(fn.cls, name)
        return owner is not None and ref.root.name == f"{owner}.{name}"

    def map_deps(self, fn: FunctionSummary, call: CallSite, t: Target, deps: frozenset) -> frozenset:
        out: set = set()
        for r in deps:
            if r.kind == "param":
                arg = self.arg_for(call, t, r.index)
                if arg is not None:
                    out |= deps_of(self.resolve(fn, arg))
            else:
                out.add(r)
        return frozenset(out)


@dataclass(frozen=True)
class CopyHit:
    """A mutation (at ``site``, reached from ``function`` through ``chain``) of an object that
    belongs to the source of the shallow copy ``mark``."""

    mark: CopyMark
    site: Site
    op: str
    function: str
    chain: tuple[Site, ...] = ()
    target: str = ""
    #: the first selector below the copied level, when known (``.leader`` in ``c.leader.name = x``)
    below: str = ""


def _shown(fn: FunctionSummary, root: Root, path: tuple[str, ...]) -> str:
    from aliaslint.values import format_path

    if root.kind == "param":
        name = fn.params[root.index].lstrip("*") if root.index < len(fn.params) else "?"
    else:
        name = global_display(root.name)
    return format_path(name, path)


def global_display(qualname: str) -> str:
    """``pkg.mod.NAME`` -> ``NAME``; a class attribute ``pkg.mod.Templates.SECRET`` -> ``Templates.SECRET``."""
    parts = qualname.split(".")
    if len(parts) >= 2 and parts[-2][:1].isupper():
        return ".".join(parts[-2:])
    return parts[-1]


def copy_hits(project: "Project") -> list[CopyHit]:
    """Every mutation that reaches the source of a shallow copy, directly or through callees."""
    found: list[CopyHit] = []
    for fn in project.functions.values():
        for e in project.effects.get(fn.qualname, {}).values():
            if e.copy is not None:
                below = e.path[e.copy.depth] if 0 <= e.copy.depth < len(e.path) else ""
                found.append(CopyHit(e.copy, e.site, e.op, fn.qualname, e.chain, _shown(fn, e.root, e.path), below))
        for m in fn.mutations:
            if m.call_id >= 0 and project.overridden_builtin(fn, m.call_id):
                continue
            for o in project.resolve(fn, m.target):
                if isinstance(o, Fresh) and o.copy is not None:
                    found.append(CopyHit(o.copy, m.site, m.op, fn.qualname))
        for call in fn.calls:
            for t in project.targets(fn, call):
                for e in project.effects.get(t.function, {}).values():
                    if e.root.kind != "param":
                        continue
                    arg = project.arg_for(call, t, e.root.index)
                    if arg is None:
                        continue
                    base = project.resolve(fn, arg)
                    for sel in e.path:
                        base = load(base, sel)
                    for o in base:
                        if isinstance(o, Fresh) and o.copy is not None:
                            found.append(CopyHit(o.copy, e.site, e.op, fn.qualname, (call.site,) + e.chain))
    # ``x.copy()`` on an object of a project class is that class's own method, whatever it
    # copies (``decimal.Context.copy`` copies its flags too): not the builtin shallow copy; and
    # an object whose copy has attributes changed is no builtin container (a mock, a model)
    found = [h for h in found if h.mark.how not in (".copy()", "x[:]") or not project.project_copy_method(h.mark.site)
             and not (h.mark.how == ".copy()" and h.below.startswith("."))]
    # one hit per (copy, mutation site); the order decides which one is named, not hashing
    hits: dict[tuple, CopyHit] = {}
    for h in sorted(found, key=lambda h: (h.mark.site, h.site, len(h.chain), h.chain, h.target, h.op, h.function)):
        hits.setdefault((h.mark.site, h.site), h)
    return list(hits.values())


def widen(effects: dict[tuple, Effect]) -> dict[tuple, Effect]:
    """Bound the paths one mutation reaches a root by: the shortest ``MAX_PATHS_PER_SITE`` stay.

    Recursive structures make the number of paths explode without bound (``traceback`` walks
    ``exc.__cause__`` / ``__context__`` / ``__traceback__`` in any order: 4^10 paths of one
    statement); a finding is reported once per mutation anyway, at its shortest path.
    """
    per_site: dict[tuple, list[tuple]] = {}
    for k, e in effects.items():
        per_site.setdefault((e.root, e.kind, e.site), []).append(k)
    crowded = [keys for keys in per_site.values() if len(keys) > MAX_PATHS_PER_SITE]
    if not crowded:
        return effects
    out = dict(effects)
    for keys in crowded:
        keys.sort(key=lambda k: (len(k[1]), k[1]))
        for k in keys[MAX_PATHS_PER_SITE:]:
            del out[k]
    return out


def effect_order(e: Effect) -> tuple:
    """A total, hash-independent order: shortest chain first, then by place and path."""
    return (e.site, len(e.chain), e.chain, e.root, e.path, e.kind, e.op, e.callees,
            e.copy.site if e.copy else Site("", 0, 0), e.realias or Site("", 0, 0), e.own_method, e.inherited,
            e.via_instance, e.stores_self,
            tuple(sorted(e.value_deps)), tuple(sorted(e.key_deps)))


#: how many objects deep a return value keeps its contents: results built from results built
#: from results (a chain of builders) otherwise nest as deep as the call chain is long, and
#: hashing or walking them exceeds Python's recursion limit on large trees
MAX_VALUE_DEPTH = 6


#: how many access paths of one root a return value keeps (its shortest): a recursive function
#: returning parts of its argument (moto's ``clean_json(resource_json["Fn::If"][1])``) made a
#: new path per round, as many as the paths of length 10 over its keys
MAX_PATHS_PER_ROOT = 8
#: how many objects a return value keeps besides its aliases; the rest become one unknown value
#: with their loop tags and dependencies
MAX_VALUE_WIDTH = 32


def bounded(value: Value, depth: int = 0) -> Value:
    """``value`` widened to a bounded size: objects below ``MAX_VALUE_DEPTH`` kept by identity
    only, at most ``MAX_PATHS_PER_ROOT`` paths per root and ``MAX_VALUE_WIDTH`` other origins
    per level."""
    refs: dict[Root, list[Ref]] = {}
    others = []
    for o in value:
        if isinstance(o, Ref):
            refs.setdefault(o.root, []).append(o)
        else:
            others.append(o)
    if any(len(r) > MAX_PATHS_PER_ROOT for r in refs.values()) or len(others) > MAX_VALUE_WIDTH:
        kept: list = []
        for same_root in refs.values():
            same_root.sort(key=lambda r: (len(r.path), r.path, sorted(r.loops), r.copy is not None, r.realias is not None))
            kept += same_root[:MAX_PATHS_PER_ROOT]
        if len(others) > MAX_VALUE_WIDTH:
            rest = frozenset(others)
            others = [Opaque(loops_of(rest), deps_of(rest))]
        value = frozenset(kept + others)
    if not any(isinstance(o, Fresh) and (o.fields or o.copy_of is not None) for o in value):
        return value
    out = set()
    for o in value:
        if isinstance(o, Fresh) and (o.fields or o.copy_of is not None):
            if depth >= MAX_VALUE_DEPTH:
                o = replace(o, fields=(), copy_of=None)
            else:
                o = replace(
                    o,
                    fields=tuple((k, bounded(v, depth + 1)) for k, v in o.fields),
                    copy_of=bounded(o.copy_of, depth + 1) if o.copy_of is not None else None,
                )
        out.add(o)
    return frozenset(out)


BUILTIN_CONTAINERS = {"list", "dict", "set", "tuple"}


def _builtin_container(value: Value, depth: int = 0) -> bool:
    """Whether ``value`` may be a builtin container made in the project (a literal, a
    comprehension, or a copy of one)."""
    for o in value:
        if isinstance(o, Fresh):
            if o.container in BUILTIN_CONTAINERS:
                return True
            if o.copy_of is not None and depth < 2 and _builtin_container(o.copy_of, depth + 1):
                return True
    return False


def with_mark(values: Value, mark: CopyMark | None, realias: Site | None = None) -> Value:
    """Carry a copy / re-alias mark from a symbolic reference onto what it resolved to."""
    if mark is None and realias is None:
        return values
    out = set()
    for v in values:
        if isinstance(v, Ref):
            v = replace(v, copy=v.copy or mark, realias=v.realias or realias)
        elif isinstance(v, Fresh) and mark is not None and v.copy is None and v.kind != "deepcopy":
            v = replace(v, copy=mark)
        out.add(v)
    return frozenset(out)


def refs_below(o) -> Iterator[Ref]:
    """The references an origin denotes for mutation purposes (copies reach their source)."""
    if isinstance(o, Ref):
        yield o


def load(value: Value, selector: str) -> Value:
    """Select ``selector`` from every origin of a (resolved) value."""
    out: set = set()
    for o in value:
        if isinstance(o, Ref):
            out.add(replace(o, path=extend_path(o.path, [ANY if is_place(selector) else selector])))
        elif isinstance(o, Fresh):
            fields = dict(o.fields)
            hit = False
            if is_place(selector) and selector not in fields:
                # not a tuple built in the project: any element
                out |= load(frozenset({o}), ANY)
                continue
            if selector in fields:
                # an empty value is an unknown one (e.g. an argument passed through ``**kw``)
                out |= fields[selector] or {Opaque(deps=frozenset({UNKNOWN_ROOT}))}
                hit = True
            elif selector == ANY:
                for k, v in fields.items():
                    if not k.startswith("."):
                        out |= v
                        hit = True
            elif selector.startswith("[") and ANY in fields:
                out |= fields[ANY]
                hit = True
            if not hit and o.copy_of is None and o.kind == "instance" and selector not in fields:
                # an object of an unknown class: what is read from it was made from its arguments
                # (``RawEvent(object=obj)["object"]``): no alias known, but the same variance
                contents = frozenset().union(*fields.values()) if fields else frozenset()
                out.add(Opaque(loops_of(contents), deps_of(contents) | {UNKNOWN_ROOT}))
            if not hit and o.copy_of is not None:
                for src in load(o.copy_of, selector):
                    if o.kind == "copy" and o.shared_source:
                        how = o.how or "copy"
                        if isinstance(src, Ref) and src.copy is None:
                            src = replace(src, copy=CopyMark(o.site, len(src.path) - 1, how))
                        elif isinstance(src, Fresh) and src.copy is None and src.kind != "deepcopy":
                            src = replace(src, copy=CopyMark(o.site, 0, how))
                    out.add(src)
        elif isinstance(o, Opaque):
            out.add(o)
    return frozenset(out)


def strongly_connected_components(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative; components come callees first (reverse topological)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, it = work[-1]
            advanced = False
            for nxt in it:
                if nxt not in graph:
                    continue
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    advanced = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                out.append(comp)
    return out

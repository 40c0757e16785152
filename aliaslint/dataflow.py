"""Phase 2, part 2: value flow. What a value computed in one function is, seen from its callers.

:class:`ValueFlow` replaces the symbolic call results of phase 1 (``Ref(call k)``) by what the
callee returns with the caller's arguments put in for its parameters (:meth:`ValueFlow.resolve`,
:meth:`ValueFlow.instantiate`), builds the objects constructors return (with the fields
``__init__`` and the methods it runs on ``self`` store), and bounds values so that every fixpoint
over them terminates (:func:`bounded`).
"""
from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Iterator

from aliaslint.summary import OVERWRITE, CallSite, FunctionSummary
from aliaslint.values import (
    DETERMINISTIC_FUNCTIONS,
    DETERMINISTIC_METHODS,
    ANY,
    OWN_ATTRIBUTES,
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
    loops_of,
    marked_params,
    replace,
    text_element,
)

if TYPE_CHECKING:
    from aliaslint.callgraph import Target

MAX_RESOLVE_DEPTH = 6

#: how deep objects that other calls made, found inside a call's result, are resolved in turn:
#: each level resolves every path through them again, so the work grows as the result's width
#: to this power (at the full depth metaflow 2.19's project pass ran for over 15 minutes)
NESTED_RESOLVE_DEPTH = 2

#: a dependency on something the analysis cannot see (a library call's result)
UNKNOWN_ROOT = Root("unknown")


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

#: an unresolved callee with a capitalised name is a constructor (``V1Pod(...)``)
CAPITALISED = re.compile(r"^_*[A-Z]")


class ValueFlow:
    """Call results, constructed objects, instantiation (a part of :class:`aliaslint.project.Project`)."""

    def resolve(self, fn: FunctionSummary, value: Value, depth: int = 0) -> Value:
        """Replace symbolic call results in ``value`` by what the callees return.

        Memoised per (function, value, depth) while nothing resolution reads changes
        (:attr:`aliaslint.project.Project._generation`); an answer during which something changed
        is not kept. Resolving the fields of new objects and the paths through call results asks
        the same questions again at every depth: pyinfra 3.10.0's ``make_inventory_from_files``,
        whose groups hold tuples of what the groups held, asked one question 21,600 times (117 s
        for one file; issue 9)."""
        if depth > MAX_RESOLVE_DEPTH:
            return frozenset(o for o in value if not (isinstance(o, Ref) and o.root.kind == "call"))
        if self._memo_generation != self._generation:
            self._resolve_memo.clear()
            self._memo_generation = self._generation
        memo_key = (fn.qualname, value, depth)
        got = self._resolve_memo.get(memo_key)
        if got is not None:
            return got
        started = self._generation
        result = self._resolve(fn, value, depth)
        if self._generation == started:
            self._resolve_memo[memo_key] = result
        return result

    def constructor_owns(self, fn: FunctionSummary) -> frozenset[str]:
        """The attributes a base class's constructor, which constructor ``fn`` runs on the same
        instance (``super().__init__(...)``), gives the instance as objects of its own
        (:attr:`FunctionSummary.owns`), through its own base constructors too: what ``fn`` reads
        there is the instance's, not the class-level default the base shadows (pdpyras 5.4.1's
        ``EventsAPISession.__init__`` setting ``self.retry[500]`` after ``PDSession.__init__``
        made ``self.retry = {}``: two A's of issue 8's blind sixty-second set). Memoised per
        function; empty for any other method."""
        memo = self.__dict__.setdefault("_constructor_owns", {})
        got = memo.get(fn.qualname)
        if got is not None:
            return got
        memo[fn.qualname] = frozenset()  # (a constructor chain that loops back adds nothing)
        out: set[str] = set()
        if fn.name == "__init__" and fn.cls:
            for call in fn.calls:
                for t in self.targets(fn, call):
                    callee = self.functions.get(t.function)
                    if t.bound and callee is not None and callee.name == "__init__" and callee.cls \
                            and callee.cls != fn.cls:
                        # (not an attribute this constructor changes before it runs the base's)
                        early = {o.path[0][1:] for m in fn.mutations if m.site < call.site for o in m.target
                                 if isinstance(o, Ref) and o.root.kind == "param" and o.root.index == 0 and o.path}
                        out |= (set(callee.owns) | self.constructor_owns(callee)) - early
        memo[fn.qualname] = frozenset(out)
        return memo[fn.qualname]

    def _resolve(self, fn: FunctionSummary, value: Value, depth: int) -> Value:
        out: set = set()
        for o in value:
            if isinstance(o, Ref) and o.root.kind == "call":
                # a field read here, not through the object: the analyzer already put what this
                # function stored into it on the paths that store (``check.rt = given`` in one
                # ``elif`` branch, ``check.rt.append(x)`` in another: checkov 3.3.30's
                # ``_parse_raw_check``, an A of issue 8's thirteenth set)
                base = self.call_result(fn, o.root.index, depth + 1, before_stores=bool(o.path) and o.path[0] != ANY)
                if not base:
                    # an unknown result: aliasing none of the arguments (so "returns its argument"
                    # stays false); a library call's result is computed from its arguments, a
                    # project callee's unknown result (recursion still converging) from nothing known
                    call = self.call_site(fn, o.root.index)
                    library = call is not None and not self.targets(fn, call)
                    out.add(Opaque(
                        # a library call made on every round may answer differently each time
                        # (``f.readline()``, ``next(it)``, ``queue.get()``): another value each round
                        o.loops | (self.call_arg_loops(fn, o.root.index) | frozenset(call.loops) if library
                                   else frozenset()),
                        self.unknown_result_deps(fn, call, depth) if library else frozenset(),
                    ))
                    continue
                for sel in o.path:
                    base = load(base, sel)
                    if depth < NESTED_RESOLVE_DEPTH and any(isinstance(b, Ref) and b.root.kind == "call" for b in base):
                        # an object the caller made with another call and put inside (a list of
                        # ``Container(...)``): resolved as the path goes through it
                        base = self.resolve(fn, base, depth + 1)
                base = with_mark(base, o.copy, o.realias)
                if o.loops:
                    element = ANY in o.path  # an element, or a part of one (``for _, opts in gen():``)
                    # (the whole result, tagged with a loop: another call's result on each round,
                    # picked by a key that varies with it, see ``FunctionAnalyzer._made_in_loops``;
                    # a new literal, not a copy, whose parts may be its source's)
                    base = frozenset(replace(b, loops=b.loops | o.loops) if isinstance(b, (Ref, Opaque))
                                     or isinstance(b, Fresh) and not o.path and b.kind == "literal"
                                     else _batch_of_elements(_each_round(b, o.loops), o.loops)
                                     if isinstance(b, Fresh) and b.each and element
                                     else _batch_of_elements(b, o.loops) if isinstance(b, Fresh) else b for b in base)
                    if not base:
                        # an element of what the call returned, not known (a list it filled with
                        # ``extend``), is still another one on each iteration: dbt's
                        # ``for path in files: _OsiFileContext(path=path, ...)``
                        base = frozenset({Opaque(o.loops, frozenset({UNKNOWN_ROOT}))})
                out |= base
            elif (isinstance(o, Fresh) and o.kind == "copy" and o.how == ".copy()" and self.project_copy_method(o.site)
                  or isinstance(o, Ref) and o.copy is not None and o.copy.how == ".copy()"
                  and self.project_copy_method(o.copy.site)):
                # ``args.copy()`` of a project class is its own method, whatever it copies: the
                # call's result (the reference next to this guess) stands for it, and for what the
                # guess shared with the original (tox 4.67.17's ``ConfigLoadArgs.copy`` copies the
                # chain each substitution appends to, an A of issue 8's thirteenth set)
                continue
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
                holders = self.class_attr_holders(fn.cls, o.path[0][1:])
                if holders and o.path[0][1:] not in self.attr_types(fn.cls) \
                        and not (fn.kind != "classmethod" and self.copies_field_defaults(fn.cls)) \
                        and not (fn.kind != "classmethod" and self.instances_hide(fn, o.path[0][1:])) \
                        and not (depth == 0 and o.copy is None and (o.path[0][1:] in fn.owns
                                                                      or o.path[0][1:] in self.constructor_owns(fn))):
                    # (``fn.owns``: the method gave the instance its own object first; what is read
                    # here, after a call that may have rebound it, is the instance's, not the
                    # class's. Only the value asked about: the copy it made keeps its source, and
                    # what is reached through that shallow copy its mark)
                    # ``self.TEMPLATE`` / ``cls.TEMPLATE``: the class-level object, shared by all;
                    # on a subclass's instances, the subclass's own, where it assigns one
                    for c in holders:
                        out.add(replace(o, root=Root("global", f"{c}.{o.path[0][1:]}"), path=o.path[1:]))
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
                        result = self.call_result(fn, r.index, depth + 1)
                        call = self.call_site(fn, r.index) if not result else None
                        # (a library call's unknown result, in ``upper() + uuid4().hex``, as it
                        # is on its own: from its arguments, and new unless a string's transform)
                        deps |= deps_of(result) if result or call is None or self.targets(fn, call) \
                            else self.unknown_result_deps(fn, call, depth)
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

    def _call_args(self, fn: FunctionSummary, call_id: int) -> Value:
        call = self.call_site(fn, call_id)
        if call is None:
            return frozenset()
        parts = list(call.passed())
        if call.receiver:
            parts.append(call.receiver)
        return frozenset().union(*parts) if parts else frozenset()

    def call_arg_loops(self, fn: FunctionSummary, call_id: int) -> frozenset:
        return loops_of(self._call_args(fn, call_id))

    def unknown_result_deps(self, fn: FunctionSummary, call: CallSite, depth: int = 0) -> frozenset:
        """What a library call's result (not known) was computed from: its arguments and
        receiver, and :data:`UNKNOWN_ROOT` (not a constant: ``uuid4().hex`` differs on every
        call) unless the call is a string's transform (:data:`DETERMINISTIC_METHODS`), which
        gives the same result for the same receiver and arguments (determined 0.38's
        ``configs["key"] = det_version.replace(".", "-")[:12]``, ``det_version`` read from
        ``configs``: a normalisation, a B of issue 8's tenth set)."""
        deps = self.call_arg_deps(fn, call.id, depth)
        if call.receiver is not None and call.text.rsplit(".", 1)[-1] in DETERMINISTIC_METHODS \
                or call.text in DETERMINISTIC_FUNCTIONS:
            return deps
        return deps | {UNKNOWN_ROOT}

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

    def call_result(self, fn: FunctionSummary, call_id: int, depth: int = 0, before_stores: bool = False) -> Value:
        """What call ``call_id`` of ``fn`` returns, resolved ``depth`` levels down, with the
        fields ``fn`` set on it afterwards (weakly); with ``before_stores``, without those set
        under a named field (the analyzer follows them on each path itself: a read of such a field
        in ``fn`` gets the stored value where it was stored, this result's elsewhere).

        Memoised per (call, depth): a result cut short by :data:`MAX_RESOLVE_DEPTH` is kept
        apart from one computed nearer the top, so the answer does not depend on which question
        came first (set iteration order, which varies from run to run: openai's findings changed
        between identical runs)."""
        results = self._call_results.setdefault(fn.qualname, {})
        key = (call_id, depth, before_stores)
        got = results.get(key)
        if got is not None:
            return got
        results[key] = UNKNOWN  # recursion guard
        self._generation += 1
        call = self.call_site(fn, call_id)
        result: Value = UNKNOWN
        if call is not None:
            result = self._call_result(fn, call, depth)
            stores = [(sel, v) for cid, sel, v in fn.call_stores
                      if cid == call_id and not (before_stores and sel != ANY)] if fn.call_stores else ()
            if stores:
                result = self._with_stores(fn, result, stores, depth)
            result = self._values.value(result)
        results[key] = result
        self._generation += 1
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
                    # arguments become fields, positional ones too when the fields are known
                    # (a dataclass's order), else they are kept for their variance
                    declared = [name for name, _ in self.classes[t.constructor].dataclass_fields] \
                        if t.constructor in self.classes else []
                    fields = [(attr(k), self.resolve(fn, v, depth + 1)) for k, v in call.kwargs]
                    for name, v in zip(declared, call.args):
                        fields.append((attr(name), self.resolve(fn, v, depth + 1)))
                    if call.args[len(declared):]:
                        fields.append((".()", self.resolve(fn, frozenset().union(*call.args[len(declared):]), depth + 1)))
                cls_ref = frozenset({Ref(Root("global", t.constructor))})
                out.add(Fresh(site, loops, "instance", cls_ref, tuple(sorted(fields)), call=call.id))
                continue
            callee = self.functions.get(t.function)
            if callee is None:
                continue
            if callee.cached and any(isinstance(o, Fresh) for o in self.rets.get(t.function, UNKNOWN)):
                # a cached loader hands every caller the same object: a module-level object in all
                # but name (``load_table()``), so changes to it are a template's (AL003)
                # (called with arguments a loop varies, each round gets the entry of its own
                # arguments: charmhelpers 1.2.1's ``relation_for_unit(unit, relid)`` for each
                # ``unit``, the same object only for the same unit)
                out.add(Ref(Root("global", f"{t.function}()"), loops=self._asked_anew(fn, call, loops, depth)))
                continue
            ret = self.rets.get(t.function, UNKNOWN)
            if callee.return_guards:
                ret = self._unguarded(fn, call, t, callee, ret, depth)
            got = self.instantiate(callee, ret, call, t, fn, depth)
            for target_index, source_index, store_site in self.transfers(callee):
                got = self._filled_copy(fn, call, t, callee, ret, got, target_index, source_index, store_site, depth)
            if callee.cached and call.loops and any(
                    isinstance(o, Ref) and o.root.kind == "global" and o.root.name.endswith("()") for o in got):
                # a cached function handing back a cached loader's entry, asked for another one
                # on each round (see above): charmhelpers' ``relation_for_unit(unit, relid)``
                asked = self._asked_anew(fn, call, loops, depth)
                if asked:
                    got = frozenset(replace(o, loops=o.loops | asked) if isinstance(o, Ref) and o.root.kind == "global"
                                    and o.root.name.endswith("()") else o for o in got)
            out |= got
        if not targets:
            out |= self.unresolved_result(fn, call, depth)
        return frozenset(out)

    def _asked_anew(self, fn: FunctionSummary, call: CallSite, loops: frozenset, depth: int) -> frozenset:
        """The ``loops`` around ``call`` its arguments vary with: a cached callee is asked for
        another entry on each of their rounds."""
        if not loops:
            return frozenset()
        return loops & loops_of(self.resolve(fn, frozenset().union(*call.passed()), depth + 1))

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
            # ``update(j)`` copies ``j``'s items; a store copies one when it stores an item of ``j``:
            # ``spec["resource_args"] = resource_args`` nests the whole object, a merge does not
            sources = {o.root.index for o in m.value if isinstance(o, Ref) and o.root.kind == "param"
                       and (o.path or m.op == "update")}
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
        how = f"fills:{callee.name}"  # see AL002: a merge helper filling a new object
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

    def _with_argument_variance(self, o: Ref, base: Value, call: CallSite, target: Target,
                                caller: FunctionSummary, depth: int) -> Value:
        """``base`` (what the callee's ``o`` denotes in the caller) tagged with the loops of the
        arguments its key was computed from (:func:`aliaslint.values.param_variance`): another
        element whenever they vary."""
        marked = marked_params(o.loops)
        if not marked:
            return base
        extra: set[int] = set()
        for index in marked:
            arg = self.arg_for(call, target, index)
            if arg is not None:
                extra |= loops_of(arg) | loops_of(self.resolve(caller, arg, depth + 1))
        if not extra:
            return base
        return frozenset(replace(b, loops=b.loops | extra) if isinstance(b, (Ref, Opaque)) else b for b in base)

    def instantiate(self, callee: FunctionSummary, value: Value, call: CallSite, target: Target,
                    caller: FunctionSummary, depth: int = 0, _memo: dict | None = None) -> Value:
        """``value`` (in the callee's roots) seen from the caller at ``call``.

        ``_memo``: the values of the objects' fields instantiated so far for this one call,
        ``(id(value), depth) -> result`` (by identity: the same object, iterated in the same
        order; every part is alive while the call runs, inside the value it was given). A value shares its parts (:mod:`aliaslint.hashcons`): on
        dagster (809 files) the fields of fresh objects were instantiated 2,041,000 times from
        34,000 calls of this method, 1,968,000 of them a part met before in the same call, and
        that was half the project pass (18 s of processor time). Within one call the answer for
        a part is the same each time: the callee, the call, the target and the caller are fixed,
        and every memo table the work below reads (call results, targets, class facts) is only
        filled in, never changed, until the call returns (the fixpoint empties them between
        rounds, not meanwhile), so a second instantiation would read the answers the first one
        left and make the same value, and record the same facts in a read trace."""
        if _memo is None:
            _memo = {}
        else:
            got = _memo.get((id(value), depth))
            if got is not None:
                return got
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
                    base = self._with_argument_variance(o, base, call, target, caller, depth)
                    out |= with_mark(base, o.copy, o.realias, below=len(o.path))
                elif o.root.kind == "global":
                    out.add(replace(o, loops=frozenset()))
                # the callee's own call results were resolved into its return value already
            elif isinstance(o, Fresh):
                out.add(
                    replace(
                        o,
                        loops=loops,
                        each=o.each or any(k >= 0 for k in o.loops),
                        fields=tuple((k, self.instantiate(callee, v, call, target, caller, depth + 1, _memo)) for k, v in o.fields)
                        if depth < 4 else (),
                        copy_of=self.instantiate(callee, o.copy_of, call, target, caller, depth + 1, _memo)
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
        result = _memo[(id(value), depth)] = frozenset(out)
        return result


def _each_round(o: Fresh, loops: frozenset[int], depth: int = 0) -> Fresh:
    """``o``, an element a loop walks that its maker made on each round of a loop of its own
    (:attr:`Fresh.each`), as another object on each of ``loops``' rounds, with the parts it
    holds that were made on each round too (``SimpleNamespace(futures=grouped_list)``); a part
    made once (a storage handle shared by every element) stays the same one."""
    fields = o.fields
    if depth < 3:
        fields = tuple((k, frozenset(_each_round(v, loops, depth + 1) if isinstance(v, Fresh) and v.each else v
                                     for v in vs)) for k, vs in o.fields)
    return replace(o, loops=o.loops | loops, fields=fields)


def _batch_of_elements(o: Fresh, loops: frozenset[int]) -> Fresh:
    """``o``, an element of what a call returned that a loop walks, with the elements of a
    collection it holds as items (``batch = []; for n in items: batch.append(n); yield batch``)
    marked as others on each iteration too: a batching generator hands each round other
    elements (Cloud Custodian 0.9.53's ``for resource_set in chunks(resources, 50)``, two A's of
    issue 8's seventh set). Only elements of a collection (``items[*]``): an object held under a
    name (``{"spec": template}``) is the same one in every round's wrapper."""
    changed = False
    fields = []
    for k, v in o.fields:
        if k == ANY and any(isinstance(r, Ref) and r.path and r.path[-1] == ANY and not loops <= r.loops for r in v):
            v = frozenset(replace(r, loops=r.loops | loops) if isinstance(r, Ref) and r.path and r.path[-1] == ANY
                          else r for r in v)
            changed = True
        fields.append((k, v))
    return replace(o, fields=tuple(fields)) if changed else o


def bounded(value: Value, depth: int = 0, _memo: dict | None = None) -> Value:
    """``value`` widened to a bounded size: objects below ``MAX_VALUE_DEPTH`` kept by identity
    only, at most ``MAX_PATHS_PER_ROOT`` paths per root and ``MAX_VALUE_WIDTH`` other origins
    per level.

    ``_memo``: ``(id(part), depth) -> result`` for the parts met so far in one call (a pure
    function of both; by identity, as :meth:`ValueFlow.instantiate`'s): a value shares its parts, and walking each as often as it is reached
    was a quarter of dagster's project pass once instantiation stopped repeating itself."""
    if _memo is None:
        _memo = {}
    else:
        got = _memo.get((id(value), depth))
        if got is not None:
            return got
    result = _memo[(id(value), depth)] = _bounded(value, depth, _memo)
    return result


def _bounded(value: Value, depth: int, _memo: dict) -> Value:
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
            # a total order (the copy's site too): which paths are kept must not depend on the
            # order a set yields them in, which changes with the hash seed
            same_root.sort(key=lambda r: (len(r.path), r.path, sorted(r.loops), r.copy is not None,
                                          (r.copy.site, r.copy.depth, r.copy.how) if r.copy else (),
                                          r.realias is not None, r.realias or ()))
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
                    fields=tuple((k, bounded(v, depth + 1, _memo)) for k, v in o.fields),
                    copy_of=bounded(o.copy_of, depth + 1, _memo) if o.copy_of is not None else None,
                )
        out.add(o)
    return frozenset(out)



def rebased(mark: CopyMark | None, shift: int) -> CopyMark | None:
    """A copy mark whose depth was counted from a callee's parameter, counted from the caller's
    root instead, whose path to the argument is ``shift`` selectors long.

    A negative ``shift`` is a keyword argument that the callee reads from its ``**kwargs``
    (``kwargs["headers"]`` is the caller's ``headers=T``): the selectors consumed were of the
    dict the call made. A copy made at a level above the caller's object (``self.request(url,
    **kwargs)`` copies that dict) did not copy it: the mark is dropped, and a change of ``T``
    is a change of the caller's object itself (python-keystoneclient 6.0.0's SAML2 plugin
    handing its class-level header dicts to ``Session.post``: a reproduced miss of issue 8's
    blind forty-eighth set)."""
    if mark is None or shift == 0:
        return mark
    if mark.depth + shift < 0:
        return None
    return replace(mark, depth=mark.depth + shift)


def with_mark(values: Value, mark: CopyMark | None, realias: Site | None = None, below: int | None = None) -> Value:
    """Carry a copy / re-alias mark from a symbolic reference onto what it resolved to.

    ``below``: the length of the symbolic reference's own path, when it was a callee's parameter
    replaced by the caller's argument: the mark's depth (counted from the callee's parameter) is
    then counted from the caller's root, as deep again as the argument's path (dstack's
    ``{m.id: m for m in job_models}`` of ``context.run_model.jobs``: the copied level is
    ``context.run_model.jobs``, not ``context``)."""
    if mark is None and realias is None:
        return values
    out = set()
    for v in values:
        if isinstance(v, Ref):
            own = rebased(mark, len(v.path) - below) if below is not None else mark
            v = replace(v, copy=v.copy or own, realias=v.realias or realias)
        elif isinstance(v, Fresh) and mark is not None and v.copy is None and v.kind != "deepcopy":
            v = replace(v, copy=mark)
        out.add(v)
    return frozenset(out)



def refs_below(o) -> Iterator[Ref]:
    """The references an origin denotes for mutation purposes (copies reach their source)."""
    if isinstance(o, Ref):
        yield o



def load(value: Value, selector: str) -> Value:
    """Select ``selector`` from every origin of a (resolved) value. Pure: a large value's loads
    are memoised (:func:`_load_memo`), since a component's fixpoint loads the same arguments'
    parts round after round (jsonargparse 4.53.0's ``_typehints.py``: 60,000 loads of about 150
    references each, most of them repeats)."""
    if len(value) < _MEMO_FROM:
        return _load(value, selector)
    return _load_memo(value, selector)


#: values of fewer origins are loaded again (hashing them costs about what loading does)
_MEMO_FROM = 16


@functools.lru_cache(maxsize=1 << 14)
def _load_memo(value: Value, selector: str) -> Value:
    return _load(value, selector)


def forget_loads() -> None:
    """Empty :func:`load`'s memo (the models it reads may differ in the next check)."""
    _load_memo.cache_clear()


def _load(value: Value, selector: str) -> Value:
    out: set = set()
    for o in value:
        if isinstance(o, Ref):
            path = extend_path(o.path, [ANY if is_place(selector) else selector])
            if text_element(o.root, path):
                out.add(Opaque(o.loops, frozenset({o.root})))  # a string: nothing to change in it
            else:
                out.add(replace(o, path=path))
        elif isinstance(o, Fresh):
            if o.copy is not None:
                # an object reached through a shallow copy belongs to the original, and so does
                # everything inside it (``canary.containers[0].env`` after ``containers[:]``)
                out |= with_mark(load(frozenset({replace(o, copy=None)}), selector), o.copy)
                continue
            fields = dict(o.fields)
            hit = False
            if selector == OWN_ATTRIBUTES and o.kind == "copy" and selector not in fields:
                out.add(o)  # (see :data:`aliaslint.values.OWN_ATTRIBUTES`)
                continue
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
            if o.copy_of is not None and (not hit or selector not in fields):
                # a key the copy did not set itself is still the original's entry, also when
                # entries of unknown keys were added (``out = dict(config); out.update(repo)``)
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




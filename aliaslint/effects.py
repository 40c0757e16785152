"""Phase 2, part 3: the effects fixpoint over the call graph.

A function's *effects* are the mutations it makes, directly or through callees, on its
parameters and on globals, expressed as access paths:
``Effect(param worker, .template.spec.containers[*].volume_mounts, accumulate)``. A callee's
effect on its parameter ``p`` at path ``q`` becomes the caller's effect on whatever the caller
passed for ``p``, extended by ``q``. Functions are processed by strongly connected components of
the call graph, callees first; inside a component the rounds repeat until nothing changes (paths
are bounded, so this terminates).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Iterator

from aliaslint.arg_stores import arg_stores, path_below, runs_before
from aliaslint.arg_stores import forget as forget_arg_stores
from aliaslint.callgraph import Target, strongly_connected_components
from aliaslint.dataflow import bounded, load, rebased, refs_below
from aliaslint.reads import Reads
from aliaslint.summary import FALSY_LITERALS, OVERWRITE, TRUTHY_LITERALS, CallSite, FunctionSummary
from aliaslint.type_tests import itemless_parameter, rejects
from aliaslint.values import (
    ANY,
    SELECTION_COPY,
    CopyMark,
    Fresh,
    Opaque,
    Ref,
    Root,
    Site,
    Value,
    deps_of,
    is_place,
)

if TYPE_CHECKING:
    from aliaslint.project import Project

MAX_SCC_ROUNDS = 8

#: distinct paths one mutation site may reach a root by in a summary (see :func:`widen`)
MAX_PATHS_PER_SITE = 4



@dataclass(frozen=True, slots=True)
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
    #: a removal whose result is thrown away (``cfg.pop("x", None)``): repeating it changes nothing
    discarded: bool = False
    #: source text of what is put in, for messages (may be empty)
    value_text: str = ""
    #: made only on some paths of the function that makes it (see ``Mutation.conditional``)
    conditional: bool = False
    #: the function returns the object it changed (``Mutation.returned``): an in-place updater
    returned: bool = False
    #: the object may have been copied first on some paths (``Mutation.maybe_copied``)
    maybe_copied: bool = False
    #: flag parameters this change needs (``Mutation.requires``); checked at each call
    requires: tuple = ()
    #: the parameters' types this change needs (``Mutation.type_requires``); checked at each call
    type_requires: tuple = ()
    #: the changed object is the caller's or, when the caller gave none, one the function made
    #: (``tags = tags or {}``, ``if headers is None: headers = {}``): a mapping the function
    #: treats as its own working copy
    defaulted: bool = False
    #: the roots the keys on the way to the changed object were computed from
    #: (``Mutation.path_key``): varied by a loop, each iteration changes another object
    path_deps: frozenset = frozenset()
    #: made under a test, whatever decides it (``Mutation.guarded``)
    guarded: bool = False
    #: an append or add made only while a test finds the value missing (``Mutation.adds_when_absent``)
    adds_when_absent: bool = False
    #: the value is read, in part, from another attribute of the same root than the changed
    #: object (``self.deployment.environments[k] = self.definition.environments[k]``): one
    #: instance repeating it writes the same again, but each instance writes what it holds
    value_outside: bool = False
    #: the statement that put the changed object into the argument a later callee changed (a
    #: merge of a template into a configuration, :mod:`aliaslint.arg_stores`): it is material the
    #: caller built from; ``None`` when the change reached it otherwise
    stored_at: Site | None = None
    #: the item taken out or written, when its key is a constant (``Mutation.selector``)
    selector: str = ""
    #: a write of an item whose new value is a list holding the entry's old elements and others
    #: (``keys = []; keys.extend(config_keys); keys.extend(d.get("keys", [])); d["keys"] = keys``):
    #: made again, it adds the others again (see :func:`extends_entry`)
    extends_entry: bool = False

    def key(self) -> tuple:
        return (self.root, self.path, self.kind, self.site)


class EffectsFixpoint:
    """Effects of every function, to a fixpoint (a part of :class:`aliaslint.project.Project`)."""

    def analyse(self) -> "Project":
        """Resolve calls and run the effects fixpoint.

        Two rounds: the first resolves what syntax and local facts allow; the second
        re-resolves receivers whose class is only known from return values and call sites
        found by the first (``tree(...).with_fallback(x)``), starting from the first round's
        effects (the fixpoint only grows, so this converges to the same answer faster).
        The second round analyses again only the components where a fact one of their
        functions read in the first round answers differently now (:mod:`aliaslint.reads`):
        a call target, a class fact, a callee's return value or effects.
        """
        traces: dict[str, Reads | None] = {}
        self._fixpoint(self.call_graph(), record=traces)
        self._generation += 1
        forget_arg_stores(self)
        self._targets.clear()
        self._param_classes.clear()
        self._attr_types.clear()
        self._field_values.clear()
        self._fixpoint(self.call_graph(), reuse=None if self.full_second_round else traces)
        return self

    #: analyse every component again in the second round (the reference the tests compare with)
    full_second_round = False

    def _fixpoint(self, graph: dict[str, set[str]], record: dict[str, Reads | None] | None = None,
                  reuse: dict[str, Reads | None] | None = None) -> None:
        """One round over the components, callees first. ``record`` gets what each function's
        last analysis read (None for a component that did not settle in ``MAX_SCC_ROUNDS``);
        with ``reuse`` (a ``record`` of the round before), a component whose every function's
        trace still holds is not analysed again."""
        recording = record is not None
        for number, scc in enumerate(strongly_connected_components(graph)):
            for q in scc:
                self.component[q] = number
            checked = False
            # a component's traces are asked once: dropped as the round goes (no later one reads them)
            traces = [reuse.pop(q, None) for q in scc] if reuse is not None else None
            if traces is not None and all(t is not None for t in traces):
                self._generation += 1
                for q in scc:  # as a recomputation would: asked again in the order it asked them
                    self._call_results.pop(q, None)
                members = set(scc)
                if all(self.unchanged(t, members) for t in traces):
                    self.pass_stats["reused"] += 1
                    continue
                checked = True
            if reuse is not None:
                self.pass_stats["recomputed"] += 1
            for round_ in range(MAX_SCC_ROUNDS):
                changed = False
                self._generation += 1
                if not (checked and round_ == 0):  # a failed check left what its first round asks
                    for q in scc:  # results computed with the previous round's callee facts
                        self._call_results.pop(q, None)
                for q in scc:
                    fn = self.functions[q]
                    if recording:
                        self.start_trace()
                    ret = bounded(self.resolve(fn, fn.returns))
                    # the fixpoint's own reads (``dict.get``) are no facts the function read
                    if ret != dict.get(self.rets, q):
                        self.rets[q] = self._values.stored(ret)
                        self._generation += 1
                        changed = True
                    eff = self.compute_effects(fn)
                    if eff.keys() != dict.get(self.effects, q, {}).keys():
                        self.effects[q] = self._values.effects(eff)
                        self._generation += 1
                        changed = True
                    if recording:
                        record[q] = self.stop_trace()
                if not changed or len(scc) == 1 and q not in graph[q]:
                    break
            else:
                if recording:  # not settled: a recomputation could go on changing
                    for q in scc:
                        record[q] = None
        self._call_results.clear()
        self._generation += 1

    def extends_in_place(self, fn: FunctionSummary, m) -> bool:
        """Whether mutation ``m`` changes its target: always, except ``xs += f()`` (op ``+=?``),
        which extends a list in place only when ``f`` returns one or ``xs`` is a field its class
        sets to a list (``self.lines += text.splitlines()``); ``self.line += text.count("\\n")``
        on a field set to ``0`` rebinds a number."""
        if m.op != "+=?":
            return True
        if any(isinstance(o, Fresh) and o.container == "list" for o in self.resolve(fn, m.value)):
            return True
        for o in m.target:
            if isinstance(o, Ref) and o.root.kind == "param" and o.root.index == 0 and fn.cls in self.classes \
                    and len(o.path) == 1 and o.path[0].startswith("."):
                if any(name == o.path[0][1:] and any(isinstance(v, Fresh) and v.container == "list" for v in value)
                       for c in self.mro(fn.cls) for q in self.classes[c].methods.values()
                       for name, value, _ in getattr(self.functions.get(q), "self_stores", ())):
                    return True
        return False

    def compute_effects(self, fn: FunctionSummary) -> dict[tuple, Effect]:
        """``fn``'s effects, keyed by (root, path, kind, site); when several routes lead to the
        same effect the one that sorts first wins, so the result does not depend on hashing."""
        found: list[Effect] = []
        self._call_inputs = {}
        for m in fn.mutations:
            if m.call_id >= 0 and self.overridden_builtin(fn, m.call_id):
                continue
            if m.call_id >= 0 and m.target and all(self.holds_outside_instance(fn, o) for o in m.target):
                continue  # ``self.progress.update(task, ...)`` on a rich ``Progress``: not a dict's
            if m.op == "+=?":
                if not self.extends_in_place(fn, m):
                    continue
                m = replace(m, op="+=")
            resolved_value = self.resolve(fn, m.value)
            value_deps = deps_of(resolved_value) | self.call_input_roots(fn, m.value)
            # where the value is read from, as the code reads it: a parameter's slot as written,
            # not what the instance's other methods may have stored there (heat-translator 3.5.0's
            # ``self.properties["server"]["ref"] = host["ref"].name`` reads ``properties``, though
            # one maker stores ``self.name`` there), and a call's result as the callee builds it
            direct = frozenset(o for o in m.value if isinstance(o, Ref) and o.root.kind == "param")
            read_from = [*direct, *(o for o in self.resolve(fn, m.value - direct) if isinstance(o, Ref))]
            key_deps = deps_of(self.resolve(fn, m.key))
            # (what ``remove`` takes out is its key: ``listeners.remove(self._on_lost)``)
            stores_self = bool(fn.cls) and any(
                isinstance(o, Ref) and o.root.kind == "param" and o.root.index == 0
                and (not o.path or self._bound_method(fn, o))
                for o in (self.resolve(fn, m.key) if m.op in ("remove", "discard") else resolved_value))
            # a mutation's own target holds only this function's objects (callees' are call refs)
            defaulted = any(isinstance(o, Fresh) and o.kind == "literal" and o.container in ("dict", "list")
                            for o in m.target)
            looked_up = self.looked_up_by_arguments(fn, m.target)
            for origin in m.target:
                for o in self.resolve(fn, frozenset({origin})):
                    for ref in refs_below(o):
                        if ref.root.kind not in ("param", "global") or self.new_on_each_access(fn, ref):
                            continue
                        found.append(Effect(ref.root, ref.path, m.kind, m.op, m.site, (), value_deps, key_deps,
                                            ref.copy, ref.realias, (), via_instance=self.via_instance(fn, origin, ref),
                                            stores_self=stores_self, discarded=m.discarded,
                                            value_text=m.value_text, conditional=m.conditional,
                                            returned=m.returned, maybe_copied=m.maybe_copied,
                                            requires=m.requires,
                                            path_deps=deps_of(self.resolve(fn, m.path_key)) | looked_up,
                                            defaulted=defaulted or ref.root.kind == "param" and not ref.path
                                            and ref.root.index in fn.own_fallback, type_requires=m.type_requires,
                                            guarded=m.guarded, value_outside=outside(read_from, ref),
                                            adds_when_absent=m.adds_when_absent, selector=m.selector,
                                            extends_entry=extends_entry(ref, m, resolved_value)))
        self._arg_roots = {}
        self._stored_by_calls = self.storing_calls(fn)
        for call in fn.calls:
            for t in self.targets(fn, call):
                for e in self.effects.get(t.function, {}).values():
                    found.extend(self.translate(fn, call, t, e))
        self._arg_roots = None
        self._call_inputs = None
        self._stored_by_calls = ()
        # an item of an argument whose annotated class has none was guessed from a method named
        # like a container's (``session.get(url)``): no change of the argument
        def below_item(e: Effect) -> bool:
            return e.root.kind == "param" and _item_path(e.path)

        itemless = {i for i in {e.root.index for e in found if below_item(e)} if itemless_parameter(self, fn, i)}
        if itemless:
            found = [e for e in found if not (below_item(e) and e.root.index in itemless)]
        by_key: dict[tuple, list[Effect]] = {}
        for e in found:
            by_key.setdefault(e.key(), []).append(e)
        # the first route in a total order wins (a ``min`` per key: sorting every route of a
        # large function dominated the standard library's project pass)
        out = {k: routes[0] if len(routes) == 1 else first_route(routes) for k, routes in by_key.items()}
        # in a hash-independent order: the order effects are found follows set iteration, and
        # rules that pick "the first" effect of a kind must pick the same one under every seed
        out = dict(sorted(out.items(), key=lambda item: (item[0][3], item[0][0], item[0][1], item[0][2])))
        return widen(out)

    def _bound_method(self, fn: FunctionSummary, ref: Ref) -> bool:
        """Whether ``ref`` (a path from ``fn``'s ``self``) is one of its class's methods, read
        as a bound method (``listeners.append(self._on_lost)``): an object made for this
        instance, as ``self`` is, so adding it registers the instance, another one each time
        (nodepool 11.0.0's build workers each adding their own connection-lost callback to the
        one ZooKeeper client they share: a B of issue 8's blind sixty-ninth set, whose message
        said the same callback was added a second time)."""
        if len(ref.path) != 1 or not ref.path[0].startswith(".") or fn.cls not in self.classes:
            return False
        return self.find_method(fn.cls, ref.path[0][1:]) is not None

    def translate(self, fn: FunctionSummary, call: CallSite, t: Target, e: Effect) -> Iterator[Effect]:
        """A callee's effect ``e`` as an effect of the caller ``fn`` at ``call``."""
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
        if arg is None or self.flag_unmet(call, t, e.requires):
            return
        type_requires = self.type_requires_here(fn, call, t, e)
        if type_requires is None:
            return
        on_changed = [(types, holds) for index, types, holds in e.type_requires if index == e.root.index]
        value_deps = self.map_deps(fn, call, t, e.value_deps)
        key_deps = self.map_deps(fn, call, t, e.key_deps)
        # what the callee's value was read from, as the caller's references (``merge(dst, src)``
        # with ``src`` another attribute of the ``self`` that ``dst`` hangs from)
        value_refs = [] if e.value_outside else [
            o for r in e.value_deps if r.kind == "param" and r.index != e.root.index
            for o in self.resolve(fn, self.arg_for(call, t, r.index) or frozenset()) if isinstance(o, Ref)]
        handed_back = self.hands_back(fn, call, t, e, arg)
        requires_here = call.requires + self.forwarded_flags(fn, call, t, e.requires)
        starts = [(overlaid(call, origin, e.path), origin, None) for origin in arg]
        starts.extend(((landing, rest), origin, earlier)
                      for landing, rest, origin, earlier in self.stored_before(fn, call, e, arg, self._stored_by_calls))
        reached: list[tuple[Ref, object, tuple, Site | None]] = []
        for (start, rest), origin, stored_at in starts:
            groups = self.meeting(fn, start, on_changed, type_requires) if stored_at is None else \
                [(self.resolve(fn, start), type_requires)]
            for top, requires in groups:
                base = top
                for sel in rest:
                    base = load(base, sel)
                for o in base:
                    for ref in refs_below(o):
                        if ref.root.kind in ("param", "global"):
                            reached.append((ref, origin, requires, stored_at))
        beyond = _beyond_widening(reached)
        path_deps = self.map_deps(fn, call, t, e.path_deps)
        for ref, origin, requires, stored_at in reached:
            if beyond and (ref.root, ref.path) in beyond:
                continue
            yield Effect(ref.root, ref.path, e.kind, e.op, e.site, chain, value_deps, key_deps,
                         ref.copy or rebased(e.copy, len(ref.path) - len(e.path)),
                         e.realias or ref.realias, callees, False, own,
                         self.via_instance(fn, _keyword_origin(origin, e.path, ref), ref), stores_self,
                         e.discarded, e.value_text,
                         e.conditional, ref.root.kind == "param" and ref.root.index in handed_back,
                         e.maybe_copied,
                         path_deps=path_deps, defaulted=e.defaulted,
                         type_requires=requires, guarded=e.guarded,
                         adds_when_absent=e.adds_when_absent,
                         value_outside=e.value_outside or outside(value_refs, ref),
                         # made only under the caller's flags: so is the change
                         requires=requires_here, stored_at=e.stored_at or stored_at,
                         selector=e.selector, extends_entry=e.extends_entry)

    def stored_before(self, fn: FunctionSummary, call: CallSite, e: Effect, arg: Value, storing: list | tuple
                      ) -> Iterator[tuple[Value, tuple[str, ...], object, Site]]:
        """Where else a callee's change ``e`` of the argument ``arg`` lands: in what an earlier
        call of ``fn`` (or this call, on an earlier iteration) stored into that argument's parts
        (:mod:`aliaslint.arg_stores`: ``deep_merge(cfg, DEFAULTS)`` then ``deep_merge(cfg,
        user)`` changes ``DEFAULTS``'s nested dicts). Yields ``(value, the rest of the path
        below it, the argument's origin, the statement that stored it)``; only changes of items,
        not attribute sets. ``storing``: ``fn``'s :meth:`storing_calls`."""
        if not storing or e.op.startswith(".") or not arg:
            return
        same = {_identity(o) for o in arg}
        for earlier, t, stores in storing:
            if not runs_before(earlier, call):
                continue
            for st in stores:
                rest = path_below(st.dst_path, e.path)
                if rest is None:
                    continue
                dst_arg = self.arg_for(earlier, t, st.dst)
                src_arg = self.arg_for(earlier, t, st.src)
                if not dst_arg or not src_arg:
                    continue
                for o in dst_arg:
                    if _identity(o) in same:
                        yield src_arg, st.src_path + rest, o, st.site

    #: :meth:`storing_calls` of the function whose effects are being computed
    _stored_by_calls: list | tuple = ()

    def storing_calls(self, fn: FunctionSummary) -> list[tuple[CallSite, Target, tuple]]:
        """``fn``'s calls whose callee stores an argument's parts into another's, each with the
        target and its :class:`~aliaslint.arg_stores.ArgStore` s (recursive calls left out)."""
        return [(call, t, stores) for call in fn.calls for t in self.targets(fn, call)
                if t.function != fn.qualname and (stores := arg_stores(self, t.function))]

    def hands_back(self, fn: FunctionSummary, call: CallSite, t: Target, e: Effect, arg: Value) -> frozenset[int]:
        """The parameters of ``fn`` that a ``return`` after ``call`` hands back (itself, or in a
        returned tuple) with the callee's change ``e`` made: the parameter itself, or, when the
        callee handed back the object it changed (``e.returned``), the call's own result
        (``event = self._update(event, r); return event, context``: chalice 1.34.0's local
        authorizer), or an element of it when the callee returns that object in a tuple
        (``return config_options_with_input(cmd)[0]``). The change is then what the caller of
        ``fn`` asked for, as with ``fn``'s own changes (:attr:`aliaslint.summary.Mutation.returned`);
        a return on another path (``if isinstance(d, Model): return d``) hands back nothing
        changed here."""
        out = {index for cid, index in fn.hands_back if cid == call.id and index >= 0}
        whole = e.returned and (call.id, -1) in fn.hands_back
        if e.returned and not whole and (call.id, -2) in fn.hands_back:
            whole = any(isinstance(o, Fresh) and o.container == "tuple" and any(
                isinstance(r, Ref) and r.root == e.root and not r.path
                for name, v in o.fields if is_place(name) for r in v) for o in self.rets.get(t.function, ()))
        if whole:
            out.update(r.root.index for r in arg if isinstance(r, Ref) and r.root.kind == "param" and not r.path)
        return frozenset(out)

    def type_requires_here(self, fn: FunctionSummary, call: CallSite, t: Target, e: Effect) -> tuple | None:
        """The type requirements a callee's effect ``e`` keeps in the caller ``fn`` at ``call``:
        the call's own (its enclosing ``isinstance`` tests) and those on parameters other than the
        changed one that the caller passes its own parameters for, renumbered. ``None`` when an
        argument's construction fails one (every value the caller passes for it is rejected:
        the change never happens from here)."""
        out = set(call.type_requires)
        for index, types, holds in e.type_requires:
            if index == e.root.index:
                continue  # decided per argument value (:meth:`meeting`)
            arg = self.arg_for(call, t, index)
            if arg is None:
                continue
            values = self.resolve(fn, arg)
            open_values = [o for o in values if not rejects(self, o, types, holds)]
            if values and not open_values:
                return None
            params = {o.root.index for o in open_values if isinstance(o, Ref) and o.root.kind == "param" and not o.path}
            if len(params) == 1 and len(open_values) == 1:
                out.add((params.pop(), types, holds))
        return tuple(sorted(out))

    def meeting(self, fn: FunctionSummary, origin: frozenset, on_changed: list, requires: tuple
                ) -> Iterator[tuple[frozenset, tuple]]:
        """What ``origin`` (an argument for the changed parameter) resolves to, as groups of
        values with the type requirements each keeps: without requirements on the changed
        parameter, one group; with them, each value alone, and only the values whose
        construction does not fail them (a ``TaskStep(...)`` passed where the change needs a
        ``ModelRunnerStep``). A value that is the caller's own parameter carries them up."""
        base = self.resolve(fn, origin)
        if not on_changed:
            yield base, requires
            return
        for o in base:
            if any(rejects(self, o, types, holds) for types, holds in on_changed):
                continue
            kept = requires
            if isinstance(o, Ref) and o.root.kind == "param" and not o.path:
                kept = tuple(sorted(set(requires) | {(o.root.index, types, holds) for types, holds in on_changed}))
            yield frozenset({o}), kept

    def forwarded_flags(self, fn: FunctionSummary, call: CallSite, t: Target, requires: tuple
                        ) -> tuple[tuple[int, bool], ...]:
        """The callee's flag requirements (:attr:`Effect.requires`) that ``call`` hands on to
        ``fn``'s own parameters: ``_launch_add(..., build=build)`` passes ``launch_add``'s
        ``build`` through, so a change made under the callee's ``if build:`` needs the caller's
        ``build`` too, and a call of the caller that leaves it at ``False`` never makes it (wandb
        0.31.0's launch agent requeues a run with ``launch_add(config=config)``; the image build
        under ``if build:`` was taken to change the agent's config). ``((index, truthy), ...)``
        in ``fn``'s parameter positions. The argument must be spelled as the parameter's name and
        hold nothing else (a string parameter's value is plain data made from it); a flag passed
        as anything else (``build or force``) is not handed on."""
        out = []
        for index, truthy in requires:
            text = self.arg_text(call, t, index)
            if not text or text not in fn.params:
                continue
            j = fn.params.index(text)
            arg = self.arg_for(call, t, index) or frozenset()
            if arg and all(isinstance(o, Ref) and o.root == Root("param", text, j) and not o.path and o.copy is None
                           or isinstance(o, Opaque) and o.deps == {Root("param", text, j)} for o in arg):
                out.append((j, truthy))
        return tuple(out)

    def flag_unmet(self, call: CallSite, t: Target, requires: tuple) -> bool:
        """Whether ``call`` passes (or leaves at its default) a flag the other way than the change
        needs: ``update_in(obj, key, value)`` with ``append=False`` by default never takes the
        ``if append:`` branch that extends ``obj``. Unknown values meet every requirement."""
        if not requires:
            return False
        callee = self.functions.get(t.function)
        for index, truthy in requires:
            text = self.arg_text(call, t, index)
            if text == "":
                value = False if callee is not None and index in callee.falsy_defaults else None
            else:
                value = False if text in FALSY_LITERALS else True if text in TRUTHY_LITERALS else None
            if value is not None and value != truthy:
                return True
        return False

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
        """``deps`` (a callee's roots) as the caller's roots at ``call``. What each parameter's
        argument depends on is memoised for the function whose effects are being computed
        (:attr:`_arg_roots`, emptied by :meth:`compute_effects`, the only caller of
        :meth:`translate`): every effect of a callee asks it again, and the argument's value,
        resolved at the top level of that computation, is the same each time."""
        out: set = set()
        memo = self._arg_roots if self._arg_roots is not None else {}
        for r in deps:
            if r.kind == "param" and r.index == 0 and t.constructor:
                # the constructor's ``self`` is the instance the call makes, made from the call's
                # arguments: what it stores of itself (``parent.children.append(self)``) is
                # another object whenever they differ (pyang 2.7.1's ``SchemaNode(name, parent)``
                # built for each statement of a loop: four B's of issue 8's blind seventieth set)
                key = (id(call), id(t), -1)
                got = memo.get(key)
                if got is None:
                    got = frozenset()
                    for v in call.passed():
                        got |= deps_of(self.resolve(fn, v)) | self.call_input_roots(fn, v)
                    memo[key] = got
                out |= got
            elif r.kind == "param":
                key = (id(call), id(t), r.index)
                got = memo.get(key)
                if got is None:
                    arg = self.arg_for(call, t, r.index)
                    got = memo[key] = deps_of(self.resolve(fn, arg)) | self.call_input_roots(fn, arg) \
                        if arg is not None else frozenset()
                out |= got
            else:
                out.add(r)
        return frozenset(out)

    def looked_up_by_arguments(self, fn: FunctionSummary, target: Value) -> frozenset:
        """:meth:`call_input_roots` of the calls whose results ``target`` is (or is a part of),
        when a callee returns an item of a container (``return self.cache[cache_key]``): which
        item the change reaches depends on what the call was given, as a key does (hydra-core
        1.3.8's ``ret = repo.load_config(config_path=config_path)``, then ``ret.config.pop(
        "hydra")``: another config for each default of the loop, not the same one again)."""
        picked = frozenset(
            o for o in target if isinstance(o, Ref) and o.root.kind == "call"
            and (call := self.call_site(fn, o.root.index)) is not None
            and any(isinstance(r, Ref) and ANY in r.path
                    for t in self.targets(fn, call) for r in self.rets.get(t.function, ())))
        return self.call_input_roots(fn, picked) if picked else frozenset()

    def call_input_roots(self, fn: FunctionSummary, value: Value) -> frozenset:
        """The parameters of ``fn`` that the arguments of the calls whose results ``value`` is (or
        is a part of) were computed from: a call's result depends on what it is given, also when
        what it returns is resolved to objects its receiver holds (``branch = cache.get(
        project.name)`` gives each project's entries: zuul 14.3.0's dynamic layout, whose errors
        gathered from each project into one ``ParsedConfig`` were said to be the same ones again,
        a B of issue 8's twenty-eighth set)."""
        memo = self._call_inputs if self._call_inputs is not None else {}
        out: set = set()
        for o in value:
            if isinstance(o, Ref) and o.root.kind == "call":
                got = memo.get(o.root.index)
                if got is None:
                    call = self.call_site(fn, o.root.index)
                    got = memo[o.root.index] = frozenset() if call is None else frozenset(
                        r for a in call.passed()
                        for r in deps_of(self.resolve(fn, a)) if r.kind == "param")
                out |= got
        return frozenset(out)

    #: call id -> :meth:`call_input_roots` of that call, while :meth:`compute_effects` computes one
    #: function's effects (None otherwise): its callees' results, and so its arguments' values,
    #: stay the same meanwhile
    _call_inputs: dict | None = None

    #: (id of a call site, id of its target, parameter index) -> the roots its argument depends
    #: on, while :meth:`compute_effects` translates one function's callees' effects (None
    #: otherwise); the call sites and the targets live as long as the pass: an id names one
    #: object. On std168 the project pass took 2.07 s instead of 2.20 (min of 3, process time).
    _arg_roots: dict | None = None

    def overridden_builtin(self, fn: FunctionSummary, call_id: int) -> bool:
        call = self.call_site(fn, call_id)
        return call is not None and bool(self.targets(fn, call))


@dataclass(frozen=True, slots=True)
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
    #: the effect (in ``function``'s roots) when the copied object is a parameter's or a global's;
    #: None when it is an object made in the tree, changed through a callee
    effect: Effect | None = None
    #: the statement that put the changed object into the object a callee changed, by reference
    #: (:attr:`Effect.stored_at`)
    stored_at: Site | None = None


def _identity(o) -> tuple:
    """What makes two of a function's argument values one object: a reference's access path,
    an object made here its allocation site (its known fields differ between snapshots)."""
    if isinstance(o, Ref):
        return ("ref", o.root, o.path)
    if isinstance(o, Fresh):
        return ("fresh", o.site)
    return ("other", id(o))


def _keyword_origin(origin, path: tuple[str, ...], ref: Ref):
    """The caller's expression a callee's change at ``path`` of its ``**kwargs`` reached: the
    keyword argument itself (``headers=self.HEADER_SOAP``), not the dict the call made for the
    callee (:meth:`aliaslint.callgraph.CallResolution._keyword_dict`), when it names ``ref``'s
    root; else ``origin``."""
    if not isinstance(origin, Fresh) or origin.how != "**kwargs" or not path:
        return origin
    for name, value in origin.fields:
        if name == path[0]:
            return next((o for o in value if isinstance(o, Ref)), origin)
    return origin


def overlaid(call: CallSite, origin, path: tuple[str, ...]) -> tuple[Value, tuple[str, ...]]:
    """Where a change at ``path`` below the argument ``origin`` of ``call`` lands, as ``(value,
    the rest of the path below it)``: below a field the caller set before the call
    (:attr:`aliaslint.summary.CallSite.overlays`: ``conanfile.info = c; validate(conanfile)``
    changes ``c``'s parts, conan 2.34.0's compatibility check, an A of issue 8's twentieth unseen
    set), else ``origin`` itself and the whole path."""
    if isinstance(origin, Ref):
        for root, field, value in call.overlays:
            extra = field[len(origin.path):]
            if root == origin.root and field[:len(origin.path)] == origin.path and extra \
                    and path[:len(extra)] == extra:
                return value, path[len(extra):]
    return frozenset({origin}), path


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
                found.append(CopyHit(e.copy, e.site, e.op, fn.qualname, e.chain, _shown(fn, e.root, e.path), below, e))
        for m in fn.mutations:
            if m.call_id >= 0 and project.overridden_builtin(fn, m.call_id):
                continue
            for o in project.resolve(fn, m.target):
                if isinstance(o, Fresh) and o.copy is not None:
                    found.append(CopyHit(o.copy, m.site, m.op, fn.qualname))
        # (and what an earlier call put into an argument by reference, reached through a copy:
        # podman-compose's ``rec_merge({}, base.copy(), service)``, :mod:`aliaslint.arg_stores`)
        storing = project.storing_calls(fn) if fn.calls else ()
        for call in fn.calls:
            for t in project.targets(fn, call):
                for e in project.effects.get(t.function, {}).values():
                    if e.root.kind != "param":
                        continue
                    arg = project.arg_for(call, t, e.root.index)
                    if arg is None:
                        continue
                    chain = (call.site,) + e.chain
                    base = project.resolve(fn, arg)
                    for sel in e.path:
                        base = load(base, sel)
                    for o in base:
                        if isinstance(o, Fresh) and o.copy is not None:
                            found.append(CopyHit(o.copy, e.site, e.op, fn.qualname, chain, stored_at=e.stored_at))
                        elif isinstance(o, Ref) and o.copy is not None and e.stored_at is not None:
                            # (a reference through a copy is an effect of ``fn`` already, unless
                            # the route kept for its key is another: one source of a merge
                            # copied, the other not)
                            own = project.effects.get(fn.qualname, {}).get((o.root, o.path, e.kind, e.site))
                            found.append(CopyHit(o.copy, e.site, e.op, fn.qualname, chain,
                                                 _shown(fn, o.root, o.path), effect=own, stored_at=e.stored_at))
                    for landing, rest, _, stored in project.stored_before(fn, call, e, arg, storing):
                        base = project.resolve(fn, landing)
                        for sel in rest:
                            base = load(base, sel)
                        found.extend(CopyHit(o.copy, e.site, e.op, fn.qualname, chain, stored_at=e.stored_at or stored)
                                     for o in base if isinstance(o, (Ref, Fresh)) and o.copy is not None)
    # ``x.copy()`` (or ``copy.copy(x)`` with a ``__copy__``) on an object of a project class is that class's own method, whatever it
    # copies (``decimal.Context.copy`` copies its flags too): not the builtin shallow copy; and
    # an object whose copy has attributes changed is no builtin container (a mock, a model)
    found = [h for h in found if h.mark.how not in (".copy()", "x[:]", SELECTION_COPY, "copy.copy()")
             or not project.project_copy_method(h.mark.site) and not (h.mark.how == ".copy()" and h.below.startswith("."))]
    # one hit per (copy, mutation site); the order decides which one is named, not hashing
    hits: dict[tuple, CopyHit] = {}
    for h in sorted(found, key=lambda h: (h.mark.site, h.site, len(h.chain), h.chain, h.target, h.op, h.function)):
        hits.setdefault((h.mark.site, h.site), h)
    return list(hits.values())



def _item_path(path: tuple[str, ...]) -> bool:
    """``path`` starts below an item (``[*]``, ``['k']``), not at an attribute."""
    return path[:1] != () and path[0][:1] == "["


def _beyond_widening(reached: list[tuple]) -> set[tuple[Root, tuple[str, ...]]]:
    """The ``(root, path)`` pairs among one translated effect's reached references (``(ref,
    ...)`` tuples) that :func:`widen` cannot keep, whatever the caller's other routes: one
    callee effect translates to one site and kind, and widen keeps only the
    ``MAX_PATHS_PER_SITE`` shortest paths per root and site, so a path that is not among the
    shortest of this translation alone is not among them with more paths added. The item paths
    (``[...]``) and the others are ranked apart too, since ``compute_effects`` may drop all of a
    parameter's item paths before widening. Building the effects first and dropping them after
    took most of a large recursive component's fixpoint (jsonargparse 4.53.0's
    ``_typehints.py``: 12 minutes, issue 8's blind sixty-ninth set)."""
    paths: dict[Root, set[tuple[str, ...]]] = {}
    for ref, *_ in reached:
        paths.setdefault(ref.root, set()).add(ref.path)
    out: set[tuple[Root, tuple[str, ...]]] = set()
    for root, found in paths.items():
        if len(found) <= MAX_PATHS_PER_SITE:
            continue
        ranked = sorted(found, key=lambda p: (len(p), p))
        keep = set(ranked[:MAX_PATHS_PER_SITE])
        keep.update([p for p in ranked if not _item_path(p)][:MAX_PATHS_PER_SITE])
        out.update((root, p) for p in found if p not in keep)
    return out


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
    out = dict(effects) if crowded else effects
    for keys in crowded:
        keys.sort(key=lambda k: (len(k[1]), k[1]))
        for k in keys[MAX_PATHS_PER_SITE:]:
            del out[k]
    return out



def first_route(routes: list[Effect]) -> Effect:
    """``min(routes, key=effect_order)``, computed in two steps: the cheap head of the order
    (type test, site, chain) first, the whole order only among the routes tied there. The whole
    key sorts every set of roots a route carries; building it for each of the thousands of routes
    a large recursive component finds per function took most of its fixpoint (jsonargparse
    4.53.0's ``_typehints.py``: 12 minutes, issue 8's blind sixty-ninth set)."""
    heads = [(bool(e.type_requires), e.site, len(e.chain), e.chain) for e in routes]
    best = min(heads)
    tied = [e for e, head in zip(routes, heads) if head == best]
    return tied[0] if len(tied) == 1 else min(tied, key=effect_order)


def effect_order(e: Effect) -> tuple:
    """A total, hash-independent order: a route that needs no parameter type first (kept, it
    holds for every caller), then the shortest chain, then by place and path."""
    return (bool(e.type_requires), e.site, len(e.chain), e.chain, e.root, e.path, e.kind, e.op, e.callees,
            e.copy.site if e.copy else Site("", 0, 0), e.realias or Site("", 0, 0), e.own_method, e.inherited,
            e.via_instance, e.stores_self,
            tuple(sorted(e.value_deps)), tuple(sorted(e.key_deps)),
            # the rest too: two routes differing only here must not be picked by the order found
            (e.copy.depth, e.copy.how) if e.copy else (), e.discarded, e.value_text, e.conditional,
            e.returned, e.maybe_copied, e.requires, tuple(sorted(e.path_deps)), e.defaulted, e.type_requires,
            e.guarded, e.value_outside, e.adds_when_absent, e.extends_entry)


def extends_entry(target: Ref, m, value: Value) -> bool:
    """Whether mutation ``m``, a write of the item ``m.selector`` (a constant key) of ``target``,
    puts there a new list that holds the elements of the entry it replaces and other values too:
    a rebuilt entry that grows each time it is rebuilt (fabric 3.2.3's ``resolve_connect_kwargs``
    merging the configuration's ``key_filename`` list with the caller's into the caller's
    ``connect_kwargs``; ``Group(*hosts, connect_kwargs=ck)`` builds every connection from one
    dict, and each one adds the configuration's keys again: a bug missed at every tier by issue
    8's blind thirty-ninth set). ``value`` is ``m.value`` resolved. A list of the old elements
    alone (``d["k"] = sorted(d["k"])``) is a normalisation, not this."""
    if m.kind != OVERWRITE or not m.selector:
        return False
    entry = target.path + (m.selector,)
    for o in value:
        if not isinstance(o, Fresh) or o.container not in ("list", "tuple") and not o.copy_of:
            continue
        # its own elements, and a copy's (``sorted(keys)``, ``list(keys)``) those of what it copied
        made = [o, *(c for c in o.copy_of or () if isinstance(c, Fresh))]
        elements = frozenset().union(*(v for x in made for k, v in x.fields if k == ANY or is_place(k)))
        old = {x for x in elements if isinstance(x, Ref) and x.root == target.root and x.path[:len(entry)] == entry
               and len(x.path) == len(entry) + 1}
        # and what a copy copied from elsewhere (``keys = list(config_keys)``, then extended)
        copied = {c for c in o.copy_of or () if not isinstance(c, Fresh)
                  and not (isinstance(c, Ref) and c.root == target.root and c.path[:len(entry)] == entry)}
        if old and (elements - old or copied):
            return True
    return False


def outside(value_refs: list[Ref], changed: Ref) -> bool:
    """One of ``value_refs`` hangs from another attribute of ``changed``'s root than the one the
    changed object hangs from: the value is read from elsewhere in the same holder
    (``Effect.value_outside``; ``self.config["a"]`` from ``self.config["b"]`` is not)."""
    first = changed.path[:1]
    return bool(first) and first[0].startswith(".") and any(
        v.root == changed.root and v.path[:1] != first and v.path[:1][0].startswith(".")
        for v in value_refs if v.path)

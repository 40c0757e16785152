"""AL001 loop-shared-argument-mutation."""
from __future__ import annotations

from dataclasses import replace

from aliaslint import harm
from aliaslint.diagnostics import Confidence, Diagnostic
from aliaslint.fix import requests as fixes
from aliaslint.rule import Facts, Invalid, ProjectRule
from aliaslint.summary import ACCUMULATE, OVERWRITE, REMOVE, SETDEFAULT
from aliaslint.values import ANY, Fresh, Ref, format_path, loops_of, operand


def facts_consumed(project, function: str, index: int) -> bool:
    from aliaslint.rules.argument_consumed import consumed_params

    return index in consumed_params(project, function)


class LoopSharedArgumentMutation(ProjectRule):
    """
    ## What it does
    Finds a call inside a loop (`for`, `while`, `async for`, a comprehension) that passes an
    object bound outside the loop to a callee that mutates state *nested inside* that object,
    directly or through further calls, in any module of the project.

    ## Why is this bad?
    Every iteration hands the callee the same object, so every iteration sees what the previous
    ones did to it. This is KubeRay #714: the reconcile loop built each worker pod from the
    worker group's template, and building a pod appended a `/dev/shm` mount to the template's
    container; the second pod had two `/dev/shm` mounts and the API server rejected it
    (`volumeMounts[2].mountPath: Invalid value: "/dev/shm": must be unique`).

    Reported only when the mutation duplicates: an append or removal whose value and key do not
    change from one iteration to the next, an entry rebuilt from what it held and more
    (`keys = list(config_keys); keys.extend(d.get("keys", [])); d["keys"] = keys`: each
    iteration adds the more again), or any write when the callee returns the object and the loop
    keeps every result. Accumulators filled with loop-varying keys are not reported. A retry
    loop (its body a `try` that leaves the loop when the attempt succeeds) is named as one: the
    next round is a retry, which starts from what the failed attempt changed.

    ## Example
    ```python
    def add_shm(container):
        container.volume_mounts.append(V1VolumeMount(name="shm", mount_path="/dev/shm"))

    for i in range(missing):
        add_shm(worker.template.spec.containers[0])
        create_pod(worker.template)
    ```

    ## Use instead
    ```python
    for i in range(missing):
        template = copy.deepcopy(worker.template)
        add_shm(template.spec.containers[0])
        create_pod(template)
    ```
    or deep-copy inside the callee before mutating (`template = copy.deepcopy(template)`).

    ## Fix safety
    The fix is unsafe (applied with `--unsafe-fixes`): it deep-copies the argument at the top of
    the first function along the call chain that builds a result from it and whose caller uses
    that result (`worker = copy.deepcopy(worker)` in the pod builder), so every call from the
    loop works on its own copy. A deep copy can be costly, and wrong for objects that hold
    clients, locks or identity. No fix is offered when no function of the chain builds anything
    from the argument (a helper that only updates it would then do nothing), nor when the
    argument there is typed as a project class with methods of its own besides dunders (an
    object with behaviour, such as a parse tree: its deep copy takes along whatever it holds).

    ## Tiers
    Shown by default: the loop itself is the second use (the next iteration passes the same
    object again), named as a related location. An item the callee looks up by what the call is
    given (`repo.load_config(path)` returning `self.cache[key]`) is another one for each key.

    Not reported at all:
    - changes that are harmless when repeated: filling a missing key, a conversion under a type
      test, adding to a set, a removal whose result is thrown away, a `clear()`, an append guarded
      by a membership test about what is added or where (`if x not in seen:`; a test of another
      key, `if "query_key" not in rule:`, guards nothing), an append after a search that returns
      on a match (`for e in errors: if e == new: return`), in the `else` of one that breaks on
      a match, or under `if not found:` after one that sets `found` before it breaks, an append
      past `if x in xs: raise` of `x` to `xs` (or to the list `xs` was projected from), a
      removal of what a test found there (`if x in xs: xs.remove(x)`), an entry added to a list
      the project only tests membership in;
    - a constructor registering the instance it makes (`queue.jobs.append(self)`, also deeper in
      the call, when the instance is made from what varies with the loop), or one of its bound
      methods (`client.listeners.append(self._on_lost)`);
    - an element taken out of a list on each round (`value = args.pop(0)`), and what is read
      below an identifier (`parent.id`): a name or a number;
    - accumulators filled at loop-varying keys or with what each round receives anew (`line =
      yield`, `line = f.readline()`: a collector);
    - calls guarded by one value of the loop's own variable (`if key == "primary_conninfo":`),
      which a loop over a mapping's keys runs once.

    `--preview` only:
    - a loop that itself adds to or takes from the object it passes (a parser's state drained and
      filled by the loop and its callees), or runs until that object is empty (`while
      self._scheduled:` around a `pop_min`): the loop's working state;
    - a callee adding to an attribute that some loop of the project empties (`_io_wait(t,
      self.evq)` appending an event, and `while self.evq: self.evq.popleft().set()` elsewhere):
      a queue of work, which each round adds its entry to;
    - a list made before the loop that every call of the loop only adds to, and that nothing in
      the loop reads or keeps (`self.members = []`, then `self._add_group(members=self.members,
      ...)` each round): the loop's output, read after it;
    - a change below a private attribute (`node.connection._prepared.pop(name)`): by convention
      the state of the object that holds it, meant to last from one use to the next;
    - a callee whose docstring names that argument as what it updates ("update target from source
      recursively"; or by its own entry's words: "It mutates the firewall rule object" of
      `:param rule_temp: Firewall rule obj`), handed another input each round: each round
      merges its input into the one target (such a merge is no cause of its own: a change that
      reaches, through what it stored, another object is that object's finding);
    - a loop that hands the call's own result back to it on every round that goes on (`r =
      step(name, ctx); ctx = r`), or in the call's own statement whenever it runs (`vals =
      update(vals, tdict)` under `if tdict:`): a fold, whose accumulator is meant to grow.

    A name rebound on every round that goes on (a `break` leaves the loop, it reaches no next
    round) holds another value each round, and so does an element of a list made before the loop
    (`found.append({...})` or `found.append(build(d))`, then `for schema in found:`): appending
    each to one mapping adds each once. A callee's parameter entry ending "dictionary to update"
    names it as what the callee updates.
    """

    code = "AL001"
    name = "loop-shared-argument-mutation"

    @staticmethod
    def _fills_a_drained_queue(project, effect, leaf) -> bool:
        """Whether ``effect`` adds to the object ``leaf`` itself, an attribute (``self.evq``) of
        a name that a loop of the project runs until it is empty (:func:`harm.drained_attributes`)."""
        return effect.kind == ACCUMULATE and not effect.path and isinstance(leaf, Ref) and bool(leaf.path) \
            and isinstance(leaf.path[-1], str) and leaf.path[-1].startswith(".") \
            and leaf.path[-1][1:] in harm.drained_attributes(project)
    summary = "A loop passes one object to a callee that mutates state nested inside it"

    VALID = (
        # a fresh object every iteration
        "def add(spec):\n    spec['env'].append(1)\n\ndef run(n):\n    for i in range(n):\n        s = {'env': []}\n        add(s)\n",
        # the callee deep-copies first
        "import copy\n\ndef add(spec):\n    spec = copy.deepcopy(spec)\n    spec['env'].append(1)\n    return spec\n\ndef run(t, n):\n    return [add(t) for _ in range(n)]\n",
        # per-iteration elements
        "def strip(item):\n    item['tags'].clear()\n\ndef run(items):\n    for item in items:\n        strip(item)\n",
        # loop-varying keys: an intended accumulator
        "def put(patch, key, value):\n    patch.setdefault('annotations', {})[key] = value\n\ndef run(pods):\n    patch = {}\n    for pod in pods:\n        put(patch, pod['name'], pod['image'])\n    return patch\n",
        # values read out of an object built from the loop variable vary with the loop (kopf's
        # RawEvent TypedDict): a discard keyed by them is per-iteration bookkeeping
        "def revise(insights, event):\n    insights['names'].discard(event['object']['name'])\n\n"
        "def watch(insights, chunks):\n    for obj in chunks:\n        revise(insights, RawEvent(object=obj))\n",
        # a cache filled at loop-varying keys; the result is a new summary, not the cache
        "def summarise(state, key):\n    cache = state.setdefault('cache', {})\n    out = {'n': len(state['items'])}\n"
        "    cache[key] = out\n    return out\n\ndef run(state, keys):\n    return [summarise(state, k) for k in keys]\n",
        # adding the same element to a shared set again is idempotent
        "def mark(state):\n    state['flags'].add('dirty')\n\ndef run(state, n):\n    for i in range(n):\n        mark(state)\n",
        # state on self updated by a method
        "class R:\n    def __init__(self):\n        self.events = []\n\n    def note(self, msg):\n        self.events.append(msg)\n\n    def run(self, n):\n        for i in range(n):\n            self.note('x')\n",
    )
    INVALID = (
        Invalid(
            "def add_shm(container):\n    container['volumeMounts'].append({'mountPath': '/dev/shm'})\n\n"
            "def reconcile(worker, diff):\n    for i in range(diff):\n        add_shm(worker['template'])\n",
            6, 9, "worker['template'][\"volumeMounts\"]",
        ),
        Invalid(
            "class Builder:\n    def build(self, spec):\n        spec.containers[0].args.append('--ray')\n        return spec\n\n"
            "    def run(self, spec, n):\n        while n:\n            self.build(spec)\n            n -= 1\n",
            8, 13, "spec.containers[*].args",
        ),
    )

    @classmethod
    def check_project(cls, project, facts: Facts) -> list[Diagnostic]:
        hits: list[tuple] = []
        for fn in project.functions.values():
            if fn.kind == "module":
                continue  # import-time and ``__main__`` script code: the callee's side reports it
            for call in fn.calls:
                if not call.loops:
                    continue
                for t in project.targets(fn, call):
                    callee = project.functions.get(t.function)
                    if callee is None:
                        continue
                    for e in project.effects.get(t.function, {}).values():
                        hit = cls._judge(project, fn, call, t, callee, e)
                        if hit is None:
                            continue
                        leaf, loop, reason = hit
                        hits.append((fn, call, t, callee, e, leaf, loop, reason))
        # one finding per cause: the same object reaching the same callee, wherever the loops are
        by_object: dict[tuple, list] = {}
        for item in sorted(hits, key=lambda h: (h[1].site, h[4].site)):
            fn, call, t, callee, e, leaf, loop, reason = item
            # the object: what this caller passes for that parameter of that callee
            by_object.setdefault((t.function, fn.qualname, e.root.index), []).append(item)
        out = cls._modelled_mutators(project, facts)
        reported = facts.reported_sites
        at_call: set = set()
        for items in by_object.values():
            merging = False
            if items[0][1].site not in at_call:  # another override of the same method: one finding per call
                at_call.add(items[0][1].site)
                diagnostic = cls._diagnostic(facts, items)
                fn, call, t, _, e, leaf, loop, _ = items[0]
                if harm.loop_changes(fn, loop, frozenset({leaf}), len(e.path)):
                    # the loop itself adds to or takes from the object it passes (a parser's
                    # state: ``while state.rargs: arg = state.rargs.pop(0) ... state.largs.append``):
                    # it is the loop's working state, which the callee is meant to extend
                    diagnostic = replace(diagnostic, confidence=Confidence.MEDIUM)
                elif all(harm.threads_result(item[1], project.arg_for(item[1], item[2], item[4].root.index))
                         for item in items):
                    # the loop hands the call's own result back to it (``r = step(name, ctx=ctx);
                    # ctx = r``): a fold, whose accumulator is meant to grow round by round
                    # (ansible-core 2.19.14's plugin loader threading its load context through
                    # the redirect chain, an A of issue 8's twenty-fourth set)
                    diagnostic = replace(diagnostic, confidence=Confidence.MEDIUM)
                elif all(harm.loop_output(project, item[0], item[6], item[5]) for item in items):
                    # a list made before the loop that the loop only fills, nothing in it reading
                    # it: its entries are the loop's output, with no later round to see them
                    # (moto 5.2.6's ``ReplicationGroup.member_clusters``, two B's of issue 8's
                    # blind twenty-seventh set)
                    diagnostic = replace(diagnostic, confidence=Confidence.MEDIUM)
                elif all(cls._fills_a_drained_queue(project, item[4], item[5]) for item in items):
                    # the callee adds to an attribute some loop empties (``while self.evq:
                    # self.evq.popleft().set()``): a queue of work for that loop, which each round
                    # adds its entry to (pyghmi 1.6.0's IPMI session queueing one event per wait:
                    # a B of issue 8's blind fifty-third set)
                    diagnostic = replace(diagnostic, confidence=Confidence.MEDIUM)
                elif all(harm.private_state(item[4]) for item in items):
                    # below a private attribute: an object's own state, meant to persist
                    diagnostic = replace(diagnostic, confidence=Confidence.MEDIUM)
                elif all(harm.merges_into(project, *item[:5], item[6]) for item in items):
                    # the callee's docstring names that argument as what it updates, and the loop
                    # hands it another input each round: merging each of them into the one target
                    # is what the loop is for (podman-compose 1.6.0's ``rec_merge_one``, "update
                    # target from source recursively", a B of issue 8's twenty-third set)
                    diagnostic = replace(diagnostic, confidence=Confidence.MEDIUM)
                    merging = True
                elif all(item[7] == "remove" and harm.filters_in_place(item[4]) for item in items):
                    # each round takes out the entries its own test selects (dbt's partial parser
                    # deleting, for each changed element, what was made from it): what an earlier
                    # round removed is what that round was for
                    diagnostic = replace(diagnostic, confidence=Confidence.MEDIUM)
                out.append(diagnostic)
            # the whole cause: every change the callee makes to that argument; a merge into its
            # target is no cause of its own: a change that reaches another object through what
            # the merge stored (the base service of podman-compose's ``extends``, through a
            # one-level copy, :mod:`aliaslint.arg_stores`) is that object's finding
            sites = {x.site for fn, call, t, callee, e, *_ in items
                     for x in project.effects.get(t.function, {}).values() if x.root == e.root}
            if merging:
                facts.tentative(diagnostic, sites)
            else:
                reported.update(sites)
        return out

    @classmethod
    def _judge(cls, project, fn, call, t, callee, e):
        if e.root.kind != "param" or e.kind == SETDEFAULT or e.own_method or e.maybe_copied:
            return None
        if harm.works_on(project, callee, e):
            return None  # a stack or work list the callee pushes and pops: its working state
        if t.bound and e.root.index == 0:
            return None  # the receiver: objects changed through their own methods
        if t.constructor and e.stores_self:
            # ``Job(name, queue)`` whose ``__init__`` does ``queue.jobs.append(self)``: each round
            # registers the instance it makes, another one each time (moto's batch jobs)
            return None
        arg = project.arg_for(call, t, e.root.index)
        if arg is None:
            return None
        if project.flag_unmet(call, t, e.requires):
            return None  # the call passes a flag the change needs the other way (``bare=True``)
        from aliaslint.effects import overlaid
        from aliaslint.project import load

        routes: dict = {}  # each object the change reaches -> the arguments' values it was reached through
        handed_back = frozenset()  # the parts of the argument the result holds
        returned_paths = _returned_paths(project.rets.get(t.function, frozenset()), e.root.index, e.path)
        for origin in arg:
            for path in returned_paths:
                part = project.resolve(fn, frozenset({origin}))
                for sel in path:
                    part = load(part, sel)
                handed_back |= part
            start, rest = overlaid(call, origin, e.path)  # below a field set before the call
            for element in project.resolve(fn, start):
                if isinstance(element, Ref) and harm.identifier_slot(element.path):
                    continue  # ``get_server(server["id"])``: a name or a number, nothing to change in it
                reached = frozenset({element})
                for sel in rest:
                    reached = load(reached, sel)
                if harm.through_identifier(rest):
                    continue  # ``create(parent.id)`` changing what it was given: a name or a number
                for leaf in reached:
                    if isinstance(leaf, Ref) and harm.through_identifier(leaf.path):
                        continue  # (``{"parent": parent.id}`` handed on: the same name or number)
                    routes.setdefault(leaf, set()).add(element)
        base = frozenset(routes)
        deps_loops = set()
        for r in e.value_deps | e.key_deps | e.path_deps:
            if r.kind == "param":
                a = project.arg_for(call, t, r.index)
                if a is not None:
                    resolved = project.resolve(fn, a)
                    deps_loops |= loops_of(resolved) | harm.call_result_loops(project, fn, a) \
                        | _iterated_by(fn, a, resolved)
                    if resolved and all(isinstance(o, Fresh) and o.each for o in resolved):
                        # elements the callee made one per round of its own loop (``for keys, value
                        # in prepare(arguments)``): the caller's loop gets another on each round, so
                        # a change keyed by it is made at another key each time (borgmatic 2.1.10's
                        # ``set_values(config, keys, value)``, a B of issue 8's blind thirty-eighth
                        # set); an object handed back twice (``[data, data]``) is no such element
                        deps_loops |= loops_of(a)
        kept_in = cls._result_kept(fn, call)
        returns_param = bool(returned_paths)
        for loop in reversed(call.loops):
            for leaf in base:
                if not e.path and not (isinstance(leaf, Ref) and leaf.path):
                    # changed at its own top level: only a part of a shared object passed in counts
                    # (``make_step(env=pipeline["env"])``); a whole object is an output parameter
                    continue
                if isinstance(leaf, Ref):
                    if loop in leaf.loops or leaf.root.kind not in ("param", "global") \
                            or _rebound_each_round(fn, call, leaf, loop):
                        continue
                elif isinstance(leaf, Fresh):
                    if loop in leaf.loops or _part_of_one_element(leaf, routes[leaf], loop):
                        continue
                else:
                    continue
                varies = loop in deps_loops
                # ``set.add`` of the same value again changes nothing: only sequences duplicate
                if e.kind == ACCUMULATE and e.op != "add" and not varies and not harm.membership_only(project, e):
                    return leaf, loop, "duplicate"
                if e.kind == OVERWRITE and e.extends_entry and not varies:
                    # the entry rebuilt from what it held and more: the second round adds the
                    # more again (fabric 3.2.3's ``Group``, see ``aliaslint.effects.extends_entry``)
                    return leaf, loop, "extends"
                if e.kind == REMOVE and not varies and not harm.repeat_safe(e) and e.op != "clear":
                    # (a ``clear()`` the next iteration repeats empties the object again: a reset
                    # or a drain, which the loop's next round means to start from)
                    return leaf, loop, "remove"
                if (kept_in is None or loop in kept_in) and returns_param and (varies or not harm.repeat_safe(e)) \
                        and not _each_round_anew(handed_back, loop):
                    # (the results kept are one object only if what goes back is: an argument
                    # made anew each round, handed back whole, holding a shared part is no list
                    # of one object: salt 3008.5's ``iter_transport_opts`` copies, four A's of
                    # issue 8's twenty-sixth set)
                    return leaf, loop, "kept"
        return None

    @classmethod
    def _modelled_mutators(cls, project, facts: Facts) -> list[Diagnostic]:
        """Library callees whose model says they mutate their argument (``kopf.adopt``), called
        in a loop with the same object: the same judgement as for project callees."""
        out = []
        for fn in project.functions.values():
            if fn.kind == "module":
                continue
            for m in fn.mutations:
                if not m.via_model or not m.loops or m.kind not in (ACCUMULATE, REMOVE):
                    continue
                varying = loops_of(project.resolve(fn, m.value)) | loops_of(project.resolve(fn, m.key))
                leaves = project.resolve(fn, m.target)
                for loop in reversed(m.loops):
                    shared = [
                        leaf for leaf in leaves
                        if isinstance(leaf, Ref) and loop not in leaf.loops and leaf.root.kind in ("param", "global")
                        or isinstance(leaf, Fresh) and loop not in leaf.loops
                    ]
                    if shared and loop not in varying:
                        loop_site = fn.loop_sites.get(loop)
                        what = f"`{m.value_text}`" if m.value_text else "the same entry"
                        message = (
                            f"`{m.via_model}(...)` gets the same object on every iteration of the loop, and "
                            f"its model says it {'adds to' if m.kind == ACCUMULATE else 'removes from'} that "
                            f"object: from the second iteration on, "
                            + (f"it holds {what} more than once" if m.kind == ACCUMULATE
                               else "what the first iteration removed is gone")
                            + "; pass a copy, or call it once outside the loop"
                        )
                        related = (facts.related(loop_site, harm.WITNESS + "the next iteration passes the same "
                                                 "object again"),) if loop_site else ()
                        facts.reported_sites.add(m.site)
                        out.append(Diagnostic(cls.code, cls.name, message, facts.location(m.site), related, url=cls.url()))
                        break
        return out

    @staticmethod
    def _result_kept(fn, call) -> tuple[int, ...] | None:
        """The loops around ``call`` whose every round keeps the call's result in another entry:
        ``None`` for all of them (an append, a ``yield``), ``()`` for none. A result written back
        into one slot each round (``d[key] = f(d[key])`` in a loop over passes, the key varying
        with an inner loop only: kapitan's multi-pass reference compiler) is kept once per slot."""
        loops: set[int] = set()
        for store in fn.stores:
            if set(call.loops) <= set(store.loops) and harm.mentions_call(store.value, call.id):
                if store.slot_loops is None:
                    return None
                loops.update(store.slot_loops)
        return tuple(sorted(loops))

    @classmethod
    def _diagnostic(cls, facts: Facts, items: list) -> Diagnostic:
        fn, call, t, callee, e, leaf, loop, reason = items[0]
        project = facts.project
        arg_text = project.arg_text_for(call, t, e.root.index)
        path = e.path
        if arg_text is None and e.path:
            # a ``*args`` tuple: the argument is the element the change is below (``add(T["a"])``)
            arg_text = project.star_arg_text(call, t, e.root.index, e.path[0]) \
                or project.keyword_item_text(call, t, e.root.index, e.path[0])  # (an item of ``**kwargs``)
            path = e.path[1:] if arg_text is not None else path
        if arg_text is not None and len(arg_text) <= 60 and "\n" not in arg_text:
            shown = format_path(arg_text, path)
        elif isinstance(leaf, Ref):
            shown = format_path(facts.root_name(fn, leaf.root), leaf.path)
        else:
            shown = format_path("the object passed", e.path)
        loop_site = fn.loop_sites.get(loop)
        names = [facts.short(q) for q in e.callees] if e.callees else []
        chain = " -> ".join([facts.short(t.function), *names])
        verb = facts.verb(e.op)
        # a loop that goes round again only after a failure: its next round is a retry, which
        # starts from what the failed attempt changed (gitlabform 6.3.1, blind set 66)
        retry = loop in fn.retry_loops
        second, first = ("a retry", "the failed attempt") if retry else ("the second iteration", "the first one")
        if reason == "kept":
            tail = ("and the loop keeps every result: they are all one object, holding the last "
                    "iteration's values")
        elif reason == "remove":
            tail = f"so {second} finds what {first} removed gone" if retry else \
                f"so from {second} on, what {first} removed is gone"
        elif reason == "extends":
            tail = (f"rebuilding `{format_path(shown, (e.selector,))}` from what it holds and more, so the "
                    f"object {second} gets already holds {first}'s additions there and gets them again")
        elif e.root in e.value_deps and not e.op.endswith("+="):
            # what is added is computed from the object itself (``new = [f for f in data.futures
            # if f.spawned]``; ``x += [...]`` reads it only to extend it): not the same entry
            # again, but the first round's additions stay
            tail = f"so the object {second} gets already holds what {first} added, and adds to it again"
        elif e.value_text:
            tail = f"so the object {second} gets already holds `{e.value_text}` and gets a second one"
        else:
            tail = f"so the object {second} gets already holds the entry and gets it twice"
        if arg_text is not None and len(arg_text) <= 60 and "\n" not in arg_text:
            arg_shown = arg_text
        elif isinstance(leaf, Ref):
            arg_shown = format_path(facts.root_name(fn, leaf.root), leaf.path[:len(leaf.path) - len(e.path)])
        else:
            arg_shown = "the argument"
        deep = operand(arg_shown) if "," in arg_shown else arg_shown  # a tuple: ``copy.deepcopy((a, b))``
        rounds = "every attempt of the retry loop" if retry else "every iteration of the loop"
        message = (
            f"`{call.text}(...)` gets the same object on {rounds}, and {chain} {verb} "
            f"`{shown}`, {tail}; pass a deep copy (`copy.deepcopy({deep})`), or copy inside the callee"
        )
        related = [facts.related(e.site, f"`{shown}` is mutated here ({e.op})")]
        related += facts.chain_related(e)
        if loop_site is not None:
            related.append(facts.related(loop_site, harm.WITNESS + (
                "a retry after a failure passes the same object again" if retry
                else "the next iteration passes the same object again")))
        seen = {e.site}
        for other in items[1:]:
            o_call, o_effect = other[1], other[4]
            if o_call.site != call.site and o_call.site not in seen:
                seen.add(o_call.site)
                related.append(facts.related(o_call.site, "the same object is passed in a loop here too"))
            if o_effect.site not in seen:
                seen.add(o_effect.site)
                related.append(facts.related(o_effect.site, f"also mutated here ({o_effect.op})"))
        return Diagnostic(cls.code, cls.name, message, facts.location(call.site), tuple(related), url=cls.url(),
                          access_path=shown, fix=fixes.copy_in_callee(project, facts, fn, call, t, e))


def _iterated_by(fn, arg, value) -> frozenset[int]:
    """The loops of ``fn`` that walk a container holding ``value``'s new objects, each round
    another element: a loop an object's :attr:`Fresh.loops` names though the object was made
    outside it (``found = [{"spec": d} for d in defs]``, then ``for schema in found:``). Made
    inside the loop, it is a new object of the same content each round, no variation. ``arg``
    is the argument as the caller wrote it, ``value`` what it resolves to.
    Where this comes from: openshift-python-wrapper 11.0.143's ``update_single_resource_schema``,
    merging each schema of a kind it collected into the mapping (a B of issue 8's blind
    sixty-eighth set, whose message said the same schema was added a second time)."""
    out: set[int] = set()
    calls = {call.id: call for call in fn.calls}
    for o in arg:
        # a call's result kept and walked later (``found.append(build(d))``): the loops it is
        # tagged with beyond those of the call itself
        if isinstance(o, Ref) and o.root.kind == "call" and not o.path and o.root.index in calls:
            out |= {loop for loop in o.loops - set(calls[o.root.index].loops) if loop in fn.loop_sites}
    for o in value:
        if not isinstance(o, Fresh) or o.site.module != fn.site.module:
            continue
        inside = {loop for loop, at in fn.loop_sites.items() if at.line <= o.site.line <= at.end_line}
        if not inside & o.loops:
            continue  # not made in one of this function's loops (a callee's: its loops are the call's)
        out |= {loop for loop in o.loops if loop in fn.loop_sites and loop not in inside}
    return frozenset(out)


def _part_of_one_element(leaf, elements, loop: int) -> bool:
    """Whether ``leaf`` is a literal written inside the literal of the one value it was reached
    through, and that value is another object on each round of ``loop``: each round's value has
    its own (``for single_config in (config, *copies)`` where ``config`` may be the literal
    ``{'repositories': []}``: each round gets another dict and another list). Reached through
    two values (the literal and a shallow copy of it, ``{"items": shared}`` twice), it is one
    object for both. Where this comes from: borgmatic 2.1.10's ``validate.parse_configuration``,
    an A of issue 8's blind thirty-eighth set."""
    if len(elements) != 1 or leaf.kind != "literal":
        return False
    (element,) = elements
    return isinstance(element, Fresh) and element is not leaf and loop in element.loops \
        and element.kind == "literal" and element.site.encloses(leaf.site)


def _rebound_each_round(fn, call, leaf: Ref, loop: int) -> bool:
    """Whether ``leaf`` hangs from an attribute of ``self`` that ``fn`` sets to a new object in
    ``loop``, before ``call`` (``self.record = {"PATH": ...}``, then ``self.save(path=
    self.record["PATH"])``): read after a call that may have rebound it, it is still another
    object each round (ttp 0.10.1's ``_results_class.save_vars``, an A of issue 8's blind
    sixty-second set)."""
    if not (leaf.root.kind == "param" and leaf.root.index == 0 and fn.cls and leaf.path
            and leaf.path[0].startswith(".")):
        return False
    return any("." + name == leaf.path[0] and site < call.site and value
               and all(isinstance(v, Fresh) and loop in v.loops for v in value)
               for name, value, site in fn.self_stores)


def _each_round_anew(value, loop: int) -> bool:
    """Every object ``value`` may be is another one on each round of ``loop``."""
    return bool(value) and all(isinstance(o, (Ref, Fresh)) and loop in o.loops for o in value)


def _returned_paths(value, index: int, changed: tuple[str, ...] = (), depth: int = 0) -> frozenset[tuple]:
    """The paths of parameter ``index`` the result is or embeds whole: the parameter itself
    (``()``), or the part of it that holds what is ``changed`` (``labels = kwargs.get("labels",
    {})``, then ``labels["app"] = name`` and ``return {"labels": labels}``: ``("['labels']",)``,
    the caller's ``labels=`` object). Other parts do not count: a summary built from a
    parameter's contents is a new object."""
    out: set[tuple] = set()
    for o in value:
        if isinstance(o, Ref) and o.root.kind == "param" and o.root.index == index \
                and changed[:len(o.path)] == o.path and ANY not in o.path:
            out.add(o.path)
        if isinstance(o, Fresh) and depth < 4:
            for _, v in o.fields:
                out |= _returned_paths(v, index, changed, depth + 1)
    return frozenset(out)


"""AL004 same-object-stored-in-loop."""
from __future__ import annotations

import libcst as cst

from aliaslint import harm
from aliaslint.analyzer import CONTAINER_MUTATORS
from aliaslint.diagnostics import Diagnostic
from aliaslint.rule import Facts, Invalid, ProjectRule
from aliaslint.summary import ACCUMULATE, REMOVE, SETDEFAULT
from aliaslint.syntax_walk import child_nodes
from aliaslint.values import ANY, Fresh, Opaque, Ref, format_path


class SameObjectStoredInLoop(ProjectRule):
    """
    ## What it does
    Finds a loop that changes one object created *before* the loop and stores it (append, item
    assignment, `yield`) on every iteration.

    ## Why is this bad?
    Every stored entry is the same object, so all of them show what the last iteration wrote
    (SleekXMPP #13: every roster entry showed the last contact).

    ## Example
    ```python
    item = {}
    for row in rows:
        item["name"] = row.name
        items[row.jid] = item
    ```

    ## Use instead
    ```python
    for row in rows:
        item = {"name": row.name}
        items[row.jid] = item
    ```

    ## Fix safety
    No automatic fix: moving the creation into the loop changes what the code after the loop
    sees.

    ## Tiers
    Always shown by default: the next iteration changes the object already stored (named as a
    related location at the loop). A comprehension's elements are stored too (`[self._validate(x)
    for x in items]` where `_validate` changes and returns `self.item_config`: mkdocs#2909); a
    block that leaves the loop right after storing (`yield client; return`) stores once; an item
    assignment whose key and container are the same every round (`out["last"] = x`, a key moved
    with `d[new] = d.pop(old)`) writes one slot; a container stored into itself (`out.append(out)`)
    is a cycle made on purpose; an element a call takes off a queue (`pop_min(queue)`) is another
    one each round; an attribute that a method the loop runs sets to what it builds
    (`self.check_filters(...)` setting `self.filters = validate(...)`) is another object each
    round. Not reported either: an instance of a project class stored in one index under each
    round's key while every change the loop makes to it adds to it (`target.add_link(kind);
    out[kind] = target`: one entity several keys lead to, holding every round's entries; a
    record the function fills, `entry["tags"].append(v); out[k] = entry`, stays reported), and
    an endless generator
    (`while True:` with no `break` or `return`) handing out one object, changed each time, to a
    consumer that asks with `next()`.

    The message says which fix fits: an object given the same named entries each round is
    created inside the loop; one given an entry under each round's key gathers every round's
    entries, and is usually meant to be stored once, after the loop (an `append` one level too
    deep).
    """

    code = "AL004"
    name = "same-object-stored-in-loop"
    summary = "A loop stores the same object, changed each time, on every iteration"

    VALID = (
        # rebound before ``continue``: each stored list is a new one
        "def walk(node):\n    out = []\n    path = []\n    while node:\n        if node.kind == 'alt':\n"
        "            out.append(path)\n            path = [node.name]\n            node = node.parent\n            continue\n"
        "        path.append(node.name)\n        node = node.parent\n    return out\n",
        "def f(rows):\n    out = {}\n    for r in rows:\n        item = {}\n        item['n'] = r\n        out[r] = item\n    return out\n",
        "DEFAULT = {}\n\ndef f(rows):\n    out = []\n    for r in rows:\n        out.append(DEFAULT)\n    return out\n",
        "def f(rows):\n    acc = []\n    out = []\n    for r in rows:\n        out.append(r)\n    return out\n",
        # each element of a list of new instances is another object (prefect's task run records)
        "class Rec:\n    def __init__(self, run):\n        self.run = run\n\n"
        "def f(events):\n    runs = [Rec(e) for e in events]\n    out = {}\n    for tr in runs:\n"
        "        tr.key = tr.run\n        out[tr.run] = tr\n    return out\n",
    )
    INVALID = (
        Invalid(
            "def f(rows):\n    out = {}\n    item = {}\n    for r in rows:\n        item['n'] = r\n        out[r] = item\n    return out\n",
            6, 9, "`item`",
        ),
        Invalid(
            "def f(rows):\n    row = []\n    for r in rows:\n        row.append(r)\n        yield row\n",
            5, 9,
        ),
        Invalid(
            "class E:\n    pass\n\ndef fill(e, v):\n    e.v = v\n\ndef f(rows):\n    out = []\n    e = E()\n    for r in rows:\n"
            "        fill(e, r)\n        out.append(e)\n    return out\n",
            12, 9, "`e`",
        ),
        Invalid(
            "def f(rows):\n    out = []\n    cur = {'n': 0}\n    i = 0\n    while i < rows:\n        cur['n'] = i\n        out.append(cur)\n        i += 1\n    return out\n",
            7, 9,
        ),
    )

    def _check(self, node: cst.CSTNode, stored: cst.BaseExpression | None, keyed: bool = False) -> None:
        """``keyed``: stored under a key (``out[k] = obj``, a dict comprehension's value), not
        added to a sequence."""
        ctx = self.context
        if not ctx.repeating_loops or stored is None or not ctx.recording:
            return
        # an object stored inside a tuple, list or dict literal is stored too (``(prompt, options)``)
        if isinstance(stored, (cst.Tuple, cst.List, cst.Set)):
            for el in stored.elements:
                if isinstance(el, cst.Element):
                    self._check(node, el.value, keyed)
            return
        if isinstance(stored, cst.Dict):
            for el in stored.elements:
                if isinstance(el, cst.DictElement):
                    self._check(node, el.value, keyed)
            return
        loop = ctx.repeating_loops[-1]
        values = ctx.heap_value(stored)
        if len(values) != 1:
            return
        (origin,) = values
        obj = ctx.heap_object(origin)
        name = ctx.module.code_for(stored)
        if obj is not None:
            if loop in obj["loops"] or obj["kind"] == "view" or obj.get("immutable") or loop in obj.get("iterated", ()):
                return
            made = obj["site"]
            identity = ("fresh", made)
            if loop in obj["mutated_in"]:
                self._report_now(node, name, obj["site"], loop, obj)
                return
        elif isinstance(origin, Ref) and origin.root.kind == "call" and not origin.path:
            call = next((c for c in ctx.function.calls if c.id == origin.root.index), None)
            if call is None or loop in origin.loops:
                # (tagged with the loop: an element of the container it iterates, one per call
                # made to fill it: prefect's ``for tr in [_TaskRunRecord(...) for e in events]``)
                return
            made = call.site
            identity = ("call", origin.root.index)
            if loop in call.loops:
                # fetched on every iteration: a bug only if the call returns the same object each
                # time (a getter of a nested field), which the project pass decides
                ctx.candidate(self, {"loop": loop, "site": ctx.site(node), "name": name, "made": made,
                                     "object": identity, "fetched": True})
                return
        elif isinstance(origin, Ref) and origin.root.kind in ("param", "global") and origin.path \
                and loop not in origin.loops and origin.copy is None:
            # a part of a shared object read the same way on every iteration (``config.generation``,
            # a property returning ``self._raw["generation"]``): the same object each time
            text = ctx.module.code_for(stored)
            ctx.candidate(self, {"loop": loop, "site": ctx.site(node), "name": name, "made": ctx.site(stored),
                                 "object": ("ref", origin.root.kind, origin.root.name, origin.root.index, origin.path),
                                 "fetched": True, "read": text, "keyed": keyed})
            return
        else:
            return
        # changed only through callees, maybe: the project pass decides
        ctx.candidate(self, {"loop": loop, "site": ctx.site(node), "name": name, "made": made, "object": identity,
                             "keyed": keyed})

    @staticmethod
    def _constructed(project, fn, identity) -> bool:
        """Whether the object is an instance a project class's constructor made (``related_tpl =
        NodeTemplate(...)``): an entity several keys may lead to, unlike a record the function
        fills (``entry = {"tags": []}``, whose one copy under every key is the bug)."""
        if identity[0] != "call":
            return False
        call = project.call_site(fn, identity[1])
        return call is not None and any(t.constructor for t in project.targets(fn, call))

    @classmethod
    def _only_collects(cls, mutations, loop: int, identity, callee_effects=()) -> bool:
        """Whether every change the loop makes to the object adds to it (an append, an entry
        added by a callee), and none overwrites: an entity stored under each round's key
        (:meth:`_constructed`) is one that several keys lead to, holding every round's entries,
        not the last round's values (tosca-parser 2.15.0's ``explicit_relation[rtype] =
        related_tpl`` after ``related_tpl._add_relationship_template(...)`` appends a
        relationship: two B's of issue 8's blind sixtieth set)."""
        kinds = [m.kind for m in mutations if loop in m.loops and cls._is_object(m.target, identity)]
        kinds += [e.kind for e in callee_effects]
        return bool(kinds) and all(k == ACCUMULATE for k in kinds)

    @staticmethod
    def _fills_by_round(obj: dict, loop: int) -> bool:
        """Whether the loop gives the object (a heap object of the analyzer) entries under keys
        that vary with it (``temp[str(match.path)] = node``) and it has no named entry: one object
        gathering every round's entries, stored again on each round. Storing it once, after the
        loop, is the usual fix (redfish 3.4.2's ``RmcApp.get``, whose ``append`` sits one level
        too deep: a D of issue 8's blind sixty-third set, whose reader found "create it inside
        that loop" the wrong advice)."""
        return any(loop in loops for loops in obj.get("varying", {})) \
            and not any(k != ANY for k in obj["fields"])

    @staticmethod
    def _gathering_message(name: str) -> str:
        return (
            f"`{name}` is made once, outside the loop that stores it, then given an entry under each "
            f"iteration's key and stored on every iteration of that loop, so every stored entry is the same "
            f"object holding every iteration's entries; store it once, after the loop (or create it inside "
            f"the loop if each entry is meant to hold one)"
        )

    @staticmethod
    def _message(name: str) -> str:
        # (the loop is the one that stores it: the object may be made inside an outer loop, once
        # per round of it, and "before the loop" then read as the wrong one; pyvcloud 23.0.4's
        # ``gateway_config``, made per interface and stored per subnet: blind set 55's reader. No
        # line number: a message of the per-module pass must not change when lines move)
        return (
            f"`{name}` is made once, outside the loop that stores it, then changed and stored on every "
            f"iteration of that loop, so every stored entry is the same object holding the last iteration's "
            f"values; create it inside that loop"
        )

    def _report_now(self, node, name, made, loop, obj: dict | None = None) -> None:
        ctx = self.context
        gathering = obj is not None and self._fills_by_round(obj, loop)
        ctx.report(self, node, self._gathering_message(name) if gathering else self._message(name),
                   [ctx.module.location_related(made, f"`{name}` is made here, once"),
                    ctx.module.location_related(ctx.function.loop_sites[loop], harm.WITNESS + "the next iteration "
                                                "changes the object already stored, and stores it again")])

    @classmethod
    def check_project(cls, project, facts: Facts) -> list[Diagnostic]:
        out = []
        for fn, d in project.candidates(cls.code):
            changer = cls._changed_in_loop(project, fn, d["loop"], d["object"])
            if changer is None:
                continue
            if d.get("keyed") and cls._constructed(project, fn, d["object"]) \
                    and cls._only_collects(fn.mutations, d["loop"], d["object"],
                                           cls._callee_changes(project, fn, d["loop"], d["object"])):
                continue
            if d["object"][0] == "ref" and cls._rebound_in_loop(project, fn, d["loop"], d["object"]):
                continue
            if d.get("fetched") and d["object"][0] == "ref":
                if changer in facts.reported_sites:
                    continue
                facts.reported_sites.add(changer)
                _, kind, root_name, index, path = d["object"]
                shown = format_path(fn.params[index].lstrip("*") if kind == "param" and index < len(fn.params)
                                    else root_name.rsplit(".", 1)[-1], path)
                message = (
                    f"`{d['name']}` is the same object on every iteration of the loop (`{shown}`), and it is "
                    f"changed and stored here, so every stored entry holds the last iteration's values; copy it "
                    f"before changing it (`copy.deepcopy({shown})`)"
                )
                related = (facts.related(changer, "changed here, on every iteration"),
                           facts.related(fn.loop_sites[d["loop"]], harm.WITNESS + "the next iteration reads the "
                                         "same object again, changes it and stores it again"))
                out.append(Diagnostic(cls.code, cls.name, message, facts.location(d["site"]), related, url=cls.url()))
                continue
            if d.get("fetched"):
                held = cls._same_each_time(project, fn, d["object"][1], d["loop"])
                if held is None or changer in facts.reported_sites:
                    continue
                facts.reported_sites.add(changer)
                call = project.call_site(fn, d["object"][1])
                message = (
                    f"`{d['name']}` is the same object on every iteration of the loop (`{call.text}(...)` "
                    f"returns `{held}` each time), and it is changed and stored here, so every stored entry "
                    f"holds the last iteration's values; copy it before changing it "
                    f"(`copy.deepcopy({call.text}(...))`)"
                )
                related = (facts.related(d["made"], f"`{call.text}(...)` returns the same object each time"),
                           facts.related(changer, "changed here, on every iteration"),
                           facts.related(fn.loop_sites[d["loop"]], harm.WITNESS + "the next iteration gets the "
                                         "same object again, changes it and stores it again"))
                out.append(Diagnostic(cls.code, cls.name, message, facts.location(d["site"]), related, url=cls.url()))
                continue
            related = (facts.related(d["made"], f"`{d['name']}` is made here, once"),
                       facts.related(changer, "changed here, on every iteration"),
                       facts.related(fn.loop_sites[d["loop"]], harm.WITNESS + "the next iteration changes the "
                                     "object already stored, and stores it again"))
            out.append(Diagnostic(cls.code, cls.name, cls._message(d["name"]),
                                  facts.location(d["site"]), related, url=cls.url()))
        return out

    @staticmethod
    def _same_each_time(project, fn, call_id: int, loop: int) -> str | None:
        """What the call returns, shown as an access path, when it is one object that does not
        change from one iteration of ``loop`` to the next (a getter of ``self.settings["model"]``);
        ``None`` when it may be a new object per call."""
        from aliaslint.values import format_path

        result = project.call_result(fn, call_id)
        if not result or not all(isinstance(o, Ref) and o.root.kind in ("param", "global") and loop not in o.loops
                                 and o.copy is None for o in result):
            return None
        site = project.call_site(fn, call_id).site
        if any(e.kind == REMOVE and e.chain[:1] == (site,) and any(
                e.root == o.root and o.path[:-1] == e.path for o in result)
               for e in project.effects.get(fn.qualname, {}).values()):
            # the call takes out of the container the element it returns (a queue's ``pop_min``):
            # another element each time
            return None
        first = min(result, key=lambda r: (len(r.path), r.path))
        root = fn.params[first.root.index].lstrip("*") if first.root.kind == "param" else first.root.name.rsplit(".", 1)[-1]
        return format_path(root, first.path)

    @staticmethod
    def _rebound_in_loop(project, fn, loop: int, identity) -> bool:
        """Whether a call in ``loop`` gives the attribute read (``self.filters``) a new object
        on each round: a method run on the object that holds it (``self.check_filters(...)``)
        that sets ``self.filters`` to what it builds (a call's result, a new container), not to
        another object it reads. Then each round stores another object (elasticsearch-curator
        5.8.4's singleton ``alias`` action: an A of issue 8's blind fifty-third set)."""
        _, kind, name, index, path = identity
        if not path or not isinstance(path[-1], str) or not path[-1].startswith("."):
            return False  # (an attribute's selector is ``.name``)
        for call in fn.calls:
            if loop not in call.loops:
                continue
            for t in project.targets(fn, call):
                callee = project.functions.get(t.function)
                receiver = project.arg_for(call, t, 0) if callee is not None and callee.cls else None
                if receiver is None or not any(
                        isinstance(o, Ref) and o.root.kind == kind and o.root.index == index
                        and o.root.name == name and o.path == tuple(path[:-1])
                        for o in project.resolve(fn, receiver)):
                    continue
                for attr, value, _site in callee.self_stores:
                    made = project.resolve(callee, value) if "." + attr == path[-1] else frozenset()
                    # (an ``Opaque`` is what a call the tree cannot see into computed: a new
                    # object as far as anything says, like a call's result)
                    if made and all(isinstance(o, (Fresh, Opaque)) or isinstance(o, Ref)
                                    and o.root.kind in ("call", "unknown") and not o.path for o in made):
                        return True
        return False

    @staticmethod
    def _is_object(value, identity) -> bool:
        if identity[0] == "ref":
            _, kind, name, index, path = identity
            return any(isinstance(o, Ref) and o.root.kind == kind and o.root.index == index
                       and o.root.name == name and o.path == tuple(path) for o in value)
        kind, key = identity
        for o in value:
            if kind == "fresh" and isinstance(o, Fresh) and o.site == key:
                return True
            if kind == "call" and isinstance(o, Ref) and o.root.kind == "call" and o.root.index == key and not o.path:
                return True
        return False

    @classmethod
    def _changed_in_loop(cls, project, fn, loop, identity):
        """Where the object is changed inside the loop: directly or through a callee. A fill of
        what is missing (``if config.version is None: config.version = v``) changes it once, not
        on every iteration: each entry stored holds that one value (aws-sam-cli 1.170.0's routes,
        one object stored under each of its methods)."""
        for m in fn.mutations:
            if loop in m.loops and m.kind != SETDEFAULT and cls._is_object(m.target, identity) \
                    and project.extends_in_place(fn, m):
                return m.site
        for call, t, e in cls._loop_call_effects(project, fn, loop):
            if cls._given(project, call, t, e, identity):
                return call.site
            if identity == ("call", call.id) and any(
                    isinstance(r, Ref) and r.root.kind == "param" and r.root == e.root and e.path[:len(r.path)] == r.path
                    for r in project.rets.get(t.function, ())):
                # the call changes the object it hands back (``_validate(item)`` updates
                # ``self.item_config`` and returns it): fetched and changed each time;
                # named where it changes, so that AL001's report of the same change wins
                return e.site
        return None

    @classmethod
    def _callee_changes(cls, project, fn, loop, identity) -> list:
        """The effects of the calls in ``loop`` on the object, as :meth:`_changed_in_loop` finds
        them (fill-if-missing left out)."""
        return [e for call, t, e in cls._loop_call_effects(project, fn, loop) if cls._given(project, call, t, e, identity)]

    @staticmethod
    def _loop_call_effects(project, fn, loop):
        """``(call, target, effect)`` for each change a call in ``loop`` makes to one of its
        callee's parameters, fill-if-missing left out."""
        for call in fn.calls:
            if loop not in call.loops:
                continue
            for t in project.targets(fn, call):
                for e in project.effects.get(t.function, {}).values():
                    if e.root.kind == "param" and e.kind != SETDEFAULT:
                        yield call, t, e

    @classmethod
    def _given(cls, project, call, t, e, identity) -> bool:
        """Whether ``call`` hands the object ``identity`` names to the parameter ``e`` changes."""
        arg = project.arg_for(call, t, e.root.index)
        return arg is not None and cls._is_object(arg, identity)

    def leave_Assign(self, node: cst.Assign) -> None:
        # ``out[k] = obj`` keeps obj; ``out[:] = objs`` copies objs' elements, not objs
        targets = [t.target for t in node.targets
                   if isinstance(t.target, cst.Subscript) and not any(isinstance(s.slice, cst.Slice) for s in t.target.slice)
                   and self._new_slot_each_round(t.target) and not self._into_itself(t.target.value, node.value)]
        if targets:
            self._check(node, node.value, keyed=all(self._one_index(t.value) for t in targets))

    def _one_index(self, container: cst.BaseExpression) -> bool:
        """Whether ``container`` is one object on every round of the innermost loop (an index
        filled under each round's key), not a new record made each round (``entry["start"] =
        self._start``, then ``out.append(entry)``)."""
        ctx = self.context
        loop = ctx.repeating_loops[-1] if ctx.repeating_loops else None
        objects = [ctx.heap_object(o) for o in ctx.heap_value(container)]
        return bool(objects) and all(obj is not None and loop not in obj["loops"] for obj in objects)

    def _new_slot_each_round(self, target: cst.Subscript) -> bool:
        """Whether ``out[k] = ...`` stores into another slot on each iteration of the innermost
        loop (the analyzer's :meth:`~aliaslint.analyzer.RuleContext.slot_loops`). One slot written
        again each round (``schema[new_key] = schema.pop(old_key)``, airbyte-cdk's
        ``rename_key``) holds one entry, never several that are the same object."""
        loops = self.context.repeating_loops
        slots = self.context.slot_loops(target) if loops else None
        return slots is None or loops[-1] in slots

    #: the container methods that keep an argument, with the numbers of positional arguments they
    #: take: a call of that name with other arguments is another class's method
    #: (``configs.add(config, self.mergeCache)``: antlr4's ``ATNConfigSet.add`` with a memo table)
    STORING_METHODS = {m: CONTAINER_MUTATORS[m][1] for m in ("append", "add", "insert")}

    def leave_Call(self, node: cst.Call) -> None:
        if isinstance(node.func, cst.Attribute) and len(node.args) in self.STORING_METHODS.get(node.func.attr.value, ()) \
                and all(a.keyword is None and not a.star for a in node.args) \
                and not self._into_itself(node.func.value, node.args[-1].value):
            self._check(node, node.args[-1].value)

    def _into_itself(self, container: cst.BaseExpression, stored: cst.BaseExpression) -> bool:
        """``out.append(out)``: the object stored is the container it goes into, a reference to
        itself made on purpose (dynaconf's vendored ``BoxList.to_list`` keeping a list that holds
        itself), not a second entry of one object."""
        into = self.context.heap_value(container)
        return bool(into) and into == self.context.heap_value(stored)

    def element_ListComp(self, node: cst.ListComp) -> None:
        # ``[self._validate(item) for item in items]``: each element is stored in the result
        self._check(node.elt, node.elt)

    element_SetComp = element_GeneratorExp = element_ListComp

    def element_DictComp(self, node: cst.DictComp) -> None:
        self._check(node.value, node.value, keyed=True)

    def __init__(self, context) -> None:
        super().__init__(context)
        #: for each enclosing ``while``, whether it runs until the consumer stops asking
        self._endless: list[bool] = []

    def visit_While(self, node: cst.While) -> None:
        self._endless.append(_endless(node))

    def leave_While(self, node: cst.While) -> None:
        self._endless.pop()

    def leave_Yield(self, node: cst.Yield) -> None:
        if any(self._endless):
            # an endless generator (``while True: for host in hosts: params.host = host; yield
            # params``) hands out one value at a time to a consumer that asks with ``next()``:
            # no list of them can be made (cloudify-common 7.0.5's round-robin connection
            # parameters: a B of issue 8's blind sixty-first set)
            return
        if isinstance(node.value, cst.BaseExpression):
            self._check(node, node.value)


def _endless(node: cst.While) -> bool:
    """``while True:`` (or another constant true test) whose body neither breaks out nor returns
    (not counting nested loops, functions and classes)."""
    test = node.test
    if not (isinstance(test, cst.Name) and test.value == "True" or isinstance(test, cst.Integer) and test.value != "0"):
        return False
    stack: list[cst.CSTNode] = [node.body]
    while stack:
        n = stack.pop()
        if isinstance(n, (cst.Break, cst.Return)):
            return False
        stack.extend(c for c in child_nodes(n) if not isinstance(c, (cst.For, cst.While, cst.FunctionDef, cst.ClassDef)))
    return True

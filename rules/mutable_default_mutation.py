"""AL009 mutable-default-mutation."""
from __future__ import annotations

from aliaslint import harm
from aliaslint.diagnostics import Confidence, Diagnostic
from aliaslint.rule import Facts, Invalid, ProjectRule
from aliaslint.summary import ACCUMULATE, OVERWRITE, REMOVE
from aliaslint.values import Ref, format_path, holds


def _puts_in(e, depth: int) -> bool:
    """``e`` puts something into the default itself (``depth``: the length of the path to it),
    not only under a test of the object alone: what an empty default needs before anything below
    its top level can change, or be removed (lithops 3.x's ``if "Range" in extra_get_args: ...
    extra_get_args["byte_range"] = ...`` finds the empty default without the key)."""
    return len(e.path) == depth and e.kind != REMOVE and not (e.guarded and not e.conditional)


def _changed_here(facts, base: str, effects) -> list:
    """The related locations of the changes ``effects`` make, and the calls that lead to each."""
    related = []
    for e in effects:
        related.append(facts.related(e.site, f"`{format_path(base, e.path)}` is changed here ({e.op})"))
        related += facts.chain_related(e)
    return related


def _overwritten_each_call(project, fn, index: int, hits) -> bool:
    """Whether every change of the default is a write at a named key of its top level made on
    every path (no test around it), and nothing the function returns holds the default: each
    call sets those keys to its own values before handing the object on, so no call sees what
    an earlier one wrote (python-jenkins 1.8.3's ``create_node(..., launcher_params={})``
    setting ``launcher_params['stapler-class'] = launcher``, then sending it as JSON: a B of
    issue 8's blind forty-second set). A default handed back to the caller, who may keep it,
    changes under the caller on the next call."""
    if not hits or not all(e.kind == OVERWRITE and e.op == "[] =" and e.selector and not e.path and not e.conditional
                           and not e.guarded and not e.returned and not e.callees for e in hits):
        return False
    return not holds(project.resolve(fn, fn.returns),
                     lambda o: isinstance(o, Ref) and o.root.kind == "param" and o.root.index == index)


def _one_line(text: str) -> str:
    """``text`` (a literal's source) on one line, without the spaces its line breaks left inside
    its brackets."""
    text = " ".join(text.split())
    for opening, closing in ("{}", "[]", "()"):
        text = text.replace(opening + " ", opening).replace(" " + closing, closing)
    return text


def _brief(text: str, limit: int = 50) -> str:
    """A default's source text on one line, cut to about ``limit`` characters."""
    text = _one_line(text)
    return text if len(text) <= limit else text[: limit - 5].rstrip() + " ..." + text[-1]


def _factory(text: str) -> str:
    """What makes a new default per instance: ``dict`` for ``{}``, ``lambda: {'show': False}``
    for a short literal, a named function otherwise."""
    text = _one_line(text)
    empty = {"{}": "dict", "[]": "list", "set()": "set", "dict()": "dict", "list()": "list"}
    if text in empty:
        return empty[text]
    return f"lambda: {text}" if len(text) <= 50 else "a function that returns a new one"


def _harmless_again(e, kept: bool) -> bool:
    """Whether repeating change ``e`` leaves the default as it was (:func:`harm.repeat_safe`),
    and no later call gets an earlier one's value (:func:`harm.fills_with_inputs`). For a default
    a constructor keeps (``kept``), a value read from the instance (``self``) is no normalisation
    of the default's own content: it is another field of each instance, which differs between
    the instances sharing the default (grafanalib 0.7.1's ``Heatmap``, merging each panel's
    ``self.extraJson`` into the ``cards`` default every Heatmap shares: a reproduced miss of
    issue 8's blind fifty-sixth set)."""
    if harm.repeat_safe(e) is None or harm.fills_with_inputs(e):
        return False
    return not (kept and e.kind == OVERWRITE and e.root.kind == "param" and e.root.index == 0 and harm.normalises(e))


def _balanced_stack(hits) -> bool:
    """Whether the default is used as a stack that each call leaves as it found it: its only
    changes are appends at its top level and removals off its end (``del qk[-1]``, ``pop()``),
    one of them on every path. Only an exception escaping between the two leaves an element
    behind (elastalert2 2.31.0's ``unwrap_term_buckets(..., qk=[])``, walking nested buckets with
    ``qk.append(key)`` ... ``del qk[-1]``: a B of issue 8's blind sixty-sixth set, whose message
    said every call gets what earlier calls changed)."""
    pushes = [e for e in hits if e.kind == ACCUMULATE and e.op == "append" and not e.path]
    pops = [e for e in hits if e.kind == REMOVE and e.op in ("del[]", "pop[]") and not e.path]
    return bool(pushes) and any(not e.conditional for e in pops) and len(pushes) + len(pops) == len(hits)


def _order(e) -> tuple:
    """Which change a finding leads with: one not harmless when repeated, and not a removal."""
    return harm.repeat_safe(e) is not None, e.kind == REMOVE, e.site


class MutableDefaultMutation(ProjectRule):
    """
    ## What it does
    Finds a parameter whose default is a mutable container (`namespace={}`, `seen=set()`) that
    the function changes: directly, through a local alias, or through a callee, in any module;
    a constructor that keeps such a default (`self.rules = rules`) that another method then
    changes (`self.rules[name] = rule`); and an attrs field whose default is one such container
    (`cards = attr.ib(default={...})`, `tags: list = []` under `@define`), which attrs gives
    every instance built without the argument, changed by a method (grafanalib 0.7.1's
    `Heatmap.cards`, into which each panel's `extraJson` is merged).

    ## Why is this bad?
    Python evaluates a default once, when `def` runs: every call that leaves the argument out
    gets the same object, with whatever earlier calls put in it (cerberus 1.3.8's
    `validator_factory(name, bases=None, namespace={})` writes each class's `__doc__` into the
    shared default, so the next class made without `namespace` gets the first one's docstring;
    reproduced by running it). A default that is only read is harmless and
    is not reported.

    ## Example
    ```python
    def validator_factory(name, bases, namespace={}):
        namespace.update({"__doc__": bases[0].__doc__})
        return type(name, bases, namespace)
    ```

    ## Use instead
    ```python
    def validator_factory(name, bases, namespace=None):
        namespace = dict(namespace or {})
        namespace.update({"__doc__": bases[0].__doc__})
        return type(name, bases, namespace)
    ```

    ## Fix safety
    No automatic fix: `None` as the default changes the signature callers and documentation see,
    and whether the caller's own object may be changed (copy it, or not) is the author's choice.

    ## Tiers
    Shown by default when a change is not harmless when repeated; the second use named is a call
    (or a construction) in the tree that leaves the argument out (the second such one when there
    are several), else, for a public function or class, the default itself: every later call that
    leaves it out, every instance built without it. With `--preview` only: a private function
    every caller in the tree gives the argument; a default used as a stack that each call takes
    back off its end what it appends to (`qk.append(key)` ... `del qk[-1]`: only an exception
    escaping between the two leaves an element behind); changes that repeating leaves as they were
    (filling a missing key with a constant or the entry's own value, adding to a set, a constant
    written on every path; a key filled with what the call was given keeps the first call's value
    for every later one, and is shown; named keys of its top level written on every path, by a
    function that hands nothing holding the default back, are each call's own value before
    anything reads them), a function's entries keyed by its other inputs
    (`_cache[key] = value`, a memo the default keeps on purpose), and a parameter whose name
    starts with `_` (not meant to be passed: the default is the function's own state); a
    function of test code (a test helper's default growing from one test to the next harms the
    test suite, not the package's users).
    """

    code = "AL009"
    name = "mutable-default-mutation"
    summary = "A function changes the mutable default of one of its parameters"

    VALID = (
        "def f(x, acc=None):\n    acc = [] if acc is None else acc\n    acc.append(x)\n    return acc\n",
        "def f(x, opts={}):\n    return dict(opts, x=x)\n",
        "def f(x, acc=[]):\n    acc = acc or []\n    acc.append(x)\n    return acc\n",
        "def f(x, acc=[]):\n    acc = list(acc)\n    acc.append(x)\n    return acc\n",
    )
    INVALID = (
        Invalid("def f(x, acc=[]):\n    acc.append(x)\n    return acc\n", 1, 14, "acc=[]"),
        Invalid("def add(items, x):\n    items.append(x)\n\ndef f(x, acc=[]):\n    add(acc, x)\n    return acc\n",
                4, 14, "through `add`"),
    )

    @classmethod
    def check_project(cls, project, facts: Facts) -> list[Diagnostic]:
        out = []
        for q in sorted(project.functions):
            fn = project.functions[q]
            if not fn.mutable_defaults:
                continue  # (in test code too: the engine shows it in the preview tier, a test
                # helper's default growing from one test to the next, python-etcd 0.4.5's
                # ``EtcdProcessHelper.run(proc_args=[])``: a reproduced miss of issue 8's blind
                # fifty-fifth set, silent before even in preview)
            effects = list(project.effects.get(q, {}).values())
            for index, site, text in fn.mutable_defaults:
                name = fn.params[index].lstrip("*")
                hits = [e for e in effects if e.root.kind == "param" and e.root.index == index
                        and e.copy is None and e.realias is None and not e.maybe_copied]
                empty = text in harm.EMPTY_CONTAINERS
                if empty and not any(_puts_in(e, 0) for e in hits):
                    continue  # only what a caller passed is changed
                if not hits or empty and (index in fn.own_fallback or all(e.defaulted for e in hits)):
                    continue  # read only, or replaced by a new object of its own when empty (``acc or []``)
                hits.sort(key=_order)
                out.append(cls._diagnostic(project, facts, fn, index, name, site, text, hits))
        out += cls._kept_defaults(project, facts)
        return out

    @classmethod
    def _kept_defaults(cls, project, facts: Facts) -> list[Diagnostic]:
        """``def __init__(self, items=[]): self.items = items``, then a method changes
        ``self.items``: every instance built without ``items`` shares the one default."""
        out = []
        for cls_name in sorted(project.classes):
            init_q = project.find_method(cls_name, "__init__")
            init = project.functions.get(init_q) if init_q else None
            if init is None or init.cls != cls_name or not init.mutable_defaults:
                continue
            defaults = {index: (site, text) for index, site, text in init.mutable_defaults}
            kept: dict[int, list[tuple[str, object]]] = {}
            for attr, value, store_site in project.instance_fields(init_q):
                for o in value:
                    if isinstance(o, Ref) and o.root.kind == "param" and o.root.index in defaults and not o.path:
                        kept.setdefault(o.root.index, []).append((attr, store_site))
            methods = project.method_table(cls_name)
            # a base's method may call an override of another subclass (``self.run_validation``
            # of mkdocs' options): only this class's own lineage runs for its instances
            lineage = set(project.mro(cls_name)) | {cls_name}

            def ours(e) -> bool:
                return all(project.functions[q].cls in (None, *lineage)
                           for q in e.callees if q in project.functions)
            for index, stores in sorted(kept.items()):
                site, text = defaults[index]
                name = init.params[index].lstrip("*")
                hits = []
                for attr, _ in stores:
                    for mname, mq in sorted(methods.items()):
                        if mname == "__init__":
                            continue
                        hits += [(project.functions[mq], e) for e in project.effects.get(mq, {}).values()
                                 if e.root.kind == "param" and e.root.index == 0 and e.path[:1] == ("." + attr,)
                                 and not e.own_method and e.copy is None and e.realias is None and ours(e)]
                if not hits or text in harm.EMPTY_CONTAINERS and not any(_puts_in(e, 1) for _, e in hits):
                    continue
                hits.sort(key=lambda h: _order(h[1]))
                fn, first = hits[0]
                short_cls = cls_name.rsplit(".", 1)[-1]
                shown = format_path("self", first.path)
                if index in {i for i, _, _ in project.classes[cls_name].dataclass_defaults}:
                    # attrs' generated ``__init__``: the field's default is the one object
                    message = (
                        f"`{facts.short(fn.qualname)}` {facts.verb(first.op)} `{shown}`, but the field's default "
                        f"`{_brief(text)}` is one object, made when the class is defined, which attrs gives every "
                        f"{short_cls} built without `{name}`: each sees what the others put in it; make one per "
                        f"instance (`factory={_factory(text)}`)"
                    )
                else:
                    message = (
                        f"`{facts.short(fn.qualname)}` {facts.verb(first.op)} `{shown}`, but `__init__` keeps its "
                        f"default `{name}={text}` there, which is made once, when `__init__` is defined: every "
                        f"{short_cls} built without `{name}` shares that one object and sees what the others put in "
                        f"it; default to `None` and make a new one in `__init__`"
                    )
                related = [facts.related(stores[0][1], "kept here"), *_changed_here(facts, "self", (e for _, e in hits))]
                confidence, witness = cls._tier(project, facts, init, index, name, site, [e for _, e in hits],
                                                what=f"another {short_cls} built without `{name}`")
                if witness is not None:
                    related.append(witness)
                facts.reported_sites.update(e.site for _, e in hits)
                out.append(Diagnostic(cls.code, cls.name, message, facts.location(site), tuple(dict.fromkeys(related)),
                                      url=cls.url(), confidence=confidence, access_path=shown))
        return out

    @classmethod
    def _diagnostic(cls, project, facts, fn, index, name, site, text, hits) -> Diagnostic:
        first = hits[0]
        shown = format_path(name, first.path)
        through = f" through `{facts.short(first.callees[0])}`" if first.callees else ""
        if _balanced_stack(hits):
            wrong = (f"every call takes off its end what it appends, so the next call that leaves out `{name}` "
                     f"gets it back as it was, unless an exception escapes between the two")
        else:
            wrong = f"every call that leaves out `{name}` gets the object earlier calls changed"
        message = (
            f"`{facts.short(fn.qualname)}` {facts.verb(first.op)} `{shown}`{through}, but `{name}={text}` is made "
            f"once, when the function is defined: {wrong}; default to `None` and make a new one in the body"
        )
        related = _changed_here(facts, name, hits)
        confidence, witness = cls._tier(project, facts, fn, index, name, site, hits)
        if witness is not None:
            related.append(witness)
        for e in hits:
            facts.reported_sites.add(e.site)
        return Diagnostic(cls.code, cls.name, message, facts.location(site), tuple(related), url=cls.url(),
                          confidence=confidence, access_path=shown)

    @classmethod
    def _tier(cls, project, facts, fn, index, name, site, hits, what: str = ""):
        """``(confidence, witness related location or None)``: see the Tiers section. ``what``:
        for a default a constructor keeps, what the second use is (``another Schema built
        without `items```)."""
        # a memo the function keeps in its default on purpose (``memo[n] = ...``); an instance's
        # entries by key are its own state, which the shared default gives every instance at once
        keyed = not what and all(any(r != e.root and r.kind in ("param", "call", "unknown") for r in e.key_deps)
                                 for e in hits)
        # (a fill with what the call was given is not harmless here: the next call that leaves
        # the argument out gets this call's value)
        if name.startswith("_") or keyed or all(_harmless_again(e, bool(what)) for e in hits) or _balanced_stack(hits) \
                or not what and _overwritten_each_call(project, fn, index, hits):
            return Confidence.MEDIUM, None
        omitting = [call for caller_q, call, t in sorted(project.callers.get(fn.qualname, []),
                                                        key=lambda c: (c[1].site, c[0]))
                    if not call.star and project.arg_for(call, t, index) is None
                    and not harm.is_test_code(project.functions[caller_q])]
        if omitting:
            call = omitting[1] if len(omitting) > 1 else omitting[0]
            if what:
                return Confidence.HIGH, facts.related(
                    call.site, harm.WITNESS + f"{what} is made here, and shares the default with "
                                              f"{'the one before' if len(omitting) > 1 else 'every other'}")
            return Confidence.HIGH, facts.related(
                call.site, harm.WITNESS + f"this call leaves out `{name}`, so it gets the default that "
                                          f"{'the call before' if len(omitting) > 1 else 'earlier calls'} changed")
        if not harm.is_public(fn, project):
            return Confidence.MEDIUM, None  # a private helper every caller in the tree gives the argument
        if what:
            return Confidence.HIGH, facts.related(
                site, harm.WITNESS + f"every {what.removeprefix('another ')} gets this same object, already changed")
        return Confidence.HIGH, facts.related(
            site, harm.WITNESS + f"every later call that leaves out `{name}` gets this same object, already changed")

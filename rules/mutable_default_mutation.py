"""AL009 mutable-default-mutation."""
from __future__ import annotations

from aliaslint import harm
from aliaslint.diagnostics import Confidence, Diagnostic
from aliaslint.rule import Facts, Invalid, ProjectRule
from aliaslint.summary import REMOVE
from aliaslint.values import format_path


#: defaults that start empty: changes below their top level need entries put in first
_EMPTY = frozenset({"[]", "{}", "set()", "dict()", "list()", "deque()", "collections.deque()", "OrderedDict()",
                    "collections.OrderedDict()"})


class MutableDefaultMutation(ProjectRule):
    """
    ## What it does
    Finds a parameter whose default is a mutable container (`namespace={}`, `seen=set()`) that
    the function changes: directly, through a local alias, or through a callee, in any module.

    ## Why is this bad?
    Python evaluates a default once, when `def` runs: every call that leaves the argument out
    gets the same object, with whatever earlier calls put in it (cerberus 1.3.8's
    `validator_factory(name, bases=None, namespace={})` writes each class's `__doc__` into the
    shared default, so the next class made without `namespace` gets the first one's docstring;
    reproduced in issue 8's seventeenth unseen set). A default that is only read is harmless and
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
    in the tree that leaves the argument out (the second such call when there are several), else,
    for a public function, the default itself: every later call that leaves it out. With
    `--preview` only: a private function every caller in the tree gives the argument; changes that
    repeating leaves as they were (filling a missing key, adding to a set, a constant written on
    every path), entries keyed by the function's other inputs (`_cache[key] = value`, a memo
    the default keeps on purpose), and a parameter whose name starts with `_` (not meant to be
    passed: the default is the function's own state).
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
            if not fn.mutable_defaults or harm.is_test_code(fn):
                continue
            effects = list(project.effects.get(q, {}).values())
            for index, site, text in fn.mutable_defaults:
                name = fn.params[index].lstrip("*")
                hits = [e for e in effects if e.root.kind == "param" and e.root.index == index
                        and e.copy is None and e.realias is None and not e.maybe_copied]
                empty = text in _EMPTY
                if empty and not any(not e.path and e.kind != REMOVE and not (e.guarded and not e.conditional)
                                     for e in hits):
                    # an empty default has nothing to remove or change below its top level until
                    # something is put in it, and a test of the object alone (lithops 3.x's ``if
                    # "Range" in extra_get_args: ... extra_get_args["byte_range"] = ...``) finds
                    # it empty: only what the caller passed is changed
                    continue
                if not hits or empty and (index in fn.own_fallback or all(e.defaulted for e in hits)):
                    continue  # read only, or replaced by a new object of its own when empty (``acc or []``)
                hits.sort(key=lambda e: (harm.repeat_safe(e) is not None, e.site))
                out.append(cls._diagnostic(project, facts, fn, index, name, site, text, hits))
        return out

    @classmethod
    def _diagnostic(cls, project, facts, fn, index, name, site, text, hits) -> Diagnostic:
        first = hits[0]
        shown = format_path(name, first.path)
        through = f" through `{facts.short(first.callees[0])}`" if first.callees else ""
        message = (
            f"`{facts.short(fn.qualname)}` {facts.verb(first.op)} `{shown}`{through}, but `{name}={text}` is made "
            f"once, when the function is defined: every call that leaves out `{name}` gets the object earlier "
            f"calls changed; default to `None` and make a new one in the body"
        )
        related = []
        for e in hits:
            related.append(facts.related(e.site, f"`{format_path(name, e.path)}` is changed here ({e.op})"))
            related += facts.chain_related(e)
        confidence, witness = cls._harm(project, facts, fn, index, name, site, hits)
        if witness is not None:
            related.append(witness)
        for e in hits:
            facts.reported_sites.add(e.site)
        return Diagnostic(cls.code, cls.name, message, facts.location(site), tuple(related), url=cls.url(),
                          confidence=confidence, access_path=shown)

    @classmethod
    def _harm(cls, project, facts, fn, index, name, site, hits):
        """``(confidence, witness related location or None)``: see the Tiers section."""
        keyed = all(any(r != e.root and r.kind in ("param", "call", "unknown") for r in e.key_deps) for e in hits)
        if name.startswith("_") or keyed or all(harm.repeat_safe(e) is not None for e in hits):
            return Confidence.MEDIUM, None
        omitting = [call for caller_q, call, t in sorted(project.callers.get(fn.qualname, []),
                                                        key=lambda c: (c[1].site, c[0]))
                    if not call.star and project.arg_for(call, t, index) is None
                    and not harm.is_test_code(project.functions[caller_q])]
        if omitting:
            call = omitting[1] if len(omitting) > 1 else omitting[0]
            return Confidence.HIGH, facts.related(
                call.site, harm.WITNESS + f"this call leaves out `{name}`, so it gets the default that "
                                          f"{'the call before' if len(omitting) > 1 else 'earlier calls'} changed")
        if not harm.is_public(fn):
            return Confidence.MEDIUM, None  # a private helper every caller in the tree gives the argument
        return Confidence.HIGH, facts.related(
            site, harm.WITNESS + f"every later call that leaves out `{name}` gets this same object, already changed")

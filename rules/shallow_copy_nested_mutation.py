"""AL002 shallow-copy-nested-mutation."""
from __future__ import annotations

from aliaslint import harm
from aliaslint.diagnostics import Confidence, Diagnostic
from aliaslint.fix import requests as fixes
from aliaslint.project import copy_hits
from aliaslint.rule import Facts, Invalid, ProjectRule
from aliaslint.summary import ACCUMULATE, REMOVE, SETDEFAULT
from aliaslint.values import (ANY, SELECTION_COPY, UNPACKED_COPY, VIEW_COPY, Fresh, Site, format_path, key_name,
                              loops_of, own_attribute)


def _normalising(effect) -> bool:
    return bool(effect.value_deps) and all(r == effect.root for r in effect.value_deps)


def _works_on_elements(hit) -> bool:
    """The change is to the state of an element object of the copied collection: below an
    element of unknown key (``[*]``, what iterating gives), an attribute is set or changed
    (``copy[*].responder = r``, ``copy[*].paths.clear()``). A named key (``copy["metadata"]``)
    is a configuration's part, not an element."""
    e = hit.effect
    if e is None or e.copy is None or e.copy.depth >= len(e.path) or e.path[e.copy.depth] != ANY:
        return False
    rest = e.path[e.copy.depth + 1:]
    return rest[0].startswith(".") if rest else hit.op.startswith(".")


def _held_objects_own_change(hit) -> bool:
    """The change is made by a method of an object the copied container holds, to that object's
    own attributes (``{**optional_params}["logging_obj"].record(...)`` setting
    ``self.model_call_details[k]``): below the copy an item, then attributes. Not a method of the
    copy itself (``copy.copy(job).add(x)`` appending to ``job.args``, which the original shares)."""
    e = hit.effect
    if e is None or not e.own_method or e.copy is None or e.copy.depth >= len(e.path):
        return False
    below = e.path[e.copy.depth:]
    return below[0].startswith("[") and any(sel.startswith(".") for sel in below[1:])


def _key_never_held(project, hit) -> bool:
    """The change is to the entry under a constant key of a copy of ``self.<attr>``, and the
    original never holds that key: every store of the attribute in the class (and its bases)
    is a dict literal of other constant keys, and no method puts an item into it. The entry the
    copy hands over came from elsewhere (hvac 2.4.0's ``_kwargs = self._kwargs.copy();
    _kwargs.update(kwargs)`` then ``_kwargs.get("params", {}).update(...)``: ``self._kwargs``
    only ever holds ``cert``, ``verify``, ``timeout`` and ``proxies``; an A of issue 8's blind
    thirty-eighth set, whose reader checked that ``self._kwargs`` stays unchanged)."""
    e = hit.effect
    if e is None or e.copy is None or e.root.kind != "param" or e.root.index != 0 or e.copy.depth != 1 \
            or len(e.path) < 2 or not e.path[0].startswith("."):
        return False
    name = key_name(e.path[1])
    fn = project.functions.get(hit.function)
    if name is None or fn is None or not fn.cls or fn.cls not in project.classes:
        return False
    attr = e.path[0][1:]
    methods = [project.functions.get(q) for c in project.mro(fn.cls) if c in project.classes
               for q in project.classes[c].methods.values()]
    stores = [v for m in methods if m is not None for stored, v, _ in m.self_stores if stored == attr]
    if not stores or not all(_literals_without(value, e.path[1]) for value in stores):
        return False
    # nothing puts an item into it afterwards (``self._kwargs["params"] = p``, ``.update(...)``)
    return not any(x.root.kind == "param" and x.root.index == 0 and x.path == e.path[:1] and x.kind != REMOVE
                   for m in methods if m is not None for x in project.effects.get(m.qualname, {}).values())


def _literals_without(value, key: str) -> bool:
    """Whether every object in ``value`` is a dict literal of constant keys other than ``key``."""
    return all(
        isinstance(o, Fresh) and o.kind == "literal" and o.container == "dict"
        and not any(k == key or key_name(k) is None for k, _ in o.fields) for o in value)


def _global_key_never_held(project, hit) -> bool:
    """The change is to the entry under a constant key of a copy of a module-level dict, and the
    original never holds that key: the module binds the name once, to a dict literal of other
    constant keys, and nothing in the project puts an item into it or binds the name again. The
    entry the copy hands over was made for the copy (jsonargparse 4.53.0's
    ``dict(config_schema_key_schema)``, whose ``properties`` a later ``setdefault`` makes anew:
    an A of issue 8's blind sixty-ninth set)."""
    e = hit.effect
    if e is None or e.copy is None or e.copy.depth != 0 or e.root.kind != "global" or not e.path \
            or key_name(e.path[0]) is None:
        return False
    got = project.lookup_qualname(e.root.name)
    if got is None or got[0] != "global":
        return False
    module, _, name = got[1].rpartition(".")
    bound = project.modules[module].globals[name][0]
    if not bound or not _literals_without(bound, e.path[0]):
        return False
    if any(n == name and f.module == module for f in project.functions.values() for n, _, _ in f.global_stores):
        return False
    return not any(x.root == e.root and not x.path and x.kind != REMOVE
                   for effects in project.effects.values() for x in effects.values())


def _kept_as_state(project, site) -> bool:
    """The copy made at ``site`` is stored as an object's attribute (``other.routes =
    dict(self.routes)`` in a ``fork()``): the copy is that object's own state, meant to be
    independent of the original, not a list to iterate."""
    for fn in project.functions.values():
        values = [v for _, v, _ in fn.self_stores] + [v for _, sel, v in fn.call_stores if sel.startswith(".")]
        if any(isinstance(o, Fresh) and o.kind == "copy" and o.site == site for v in values for o in v):
            return True
    return False


def _kept_each_round(project, hit) -> Site | None:
    """Where the function changing the copy keeps it, in a loop, when the copy was made in that
    loop too (``for s in statuses: f = BASE.copy(); f["detail"]["arn"] = ...; filters.append(f)``):
    every round's copy shares the one nested object, so the copies kept by earlier rounds see
    this round's change (sagemaker 2.257.7's event-bridge filters, a bug of issue 8's sixth set,
    all the filters ending as the last one). ``None`` when it is not kept so."""
    fn = project.functions.get(hit.function)
    if fn is None:
        return None
    for store in fn.stores:
        # a copy of another object each round (``for key, route in self.routes.items(): step =
        # copy.copy(route)``) shares nothing with the copies of earlier rounds (mlrun 1.12.1's
        # parallel router, a B of issue 8's twenty-fourth set, was told "they all end as the last
        # one")
        if store.loops and any(isinstance(o, Fresh) and o.kind == "copy" and o.site == hit.mark.site
                               and o.loops & set(store.loops)
                               and not loops_of(o.copy_of or frozenset()) & set(store.loops)
                               for o in store.value):
            return store.site
    return None


#: copies that index or order a collection's elements (to look them up, to walk them in order),
#: pick some to hand them on (``f(*configs[1:])``, ``values = tokens[2:]``: pyhocon's parser in
#: clearml-agent 3.0.3, two B's of issue 8's blind thirty-first set), or make a mapping's view a
#: list to index it
_ORDERING_COPIES = ("index comprehension", "sorted()", "reversed()", UNPACKED_COPY, VIEW_COPY, SELECTION_COPY)

#: how the copies the deep-copy fix can rewrite are spelled (a merge helper's store or a
#: ``**kwargs`` dict is not an expression to wrap)
COPY_SPELLINGS = {
    ".copy()", "x[:]", "x | {...}", "{**x}", "[*x]", "dict comprehension", "copy", "copy.copy()", "dict()",
    "list()", "set()", "tuple()", "sorted()", "reversed()", "OrderedDict()", "dataclasses.replace()",
    "model_copy()",
}


class ShallowCopyNestedMutation(ProjectRule):
    """
    ## What it does
    Finds a shallow copy of a shared object (a parameter's, a global's, an instance's) that is
    then mutated *below its top level*, here or in a callee: `copy.copy(x)`, `dict(x)`,
    `x.copy()`, `{**x}`, `list(x)`, `x[:]`, `[*x]`, a comprehension copying another container's
    values, `dataclasses.replace(x)`, pydantic `model_copy()` without `deep=True`. Also when
    the change reaches the copy's nested objects through another object a merge put them into
    by reference (`rec_merge({}, base.copy(), service)`, whose one-level `clone()` stores the
    base's nested lists in the result, then extends them with the service's): the statement
    that stored them is named.

    ## Why is this bad?
    A shallow copy is a new top level over the *same* nested objects. Writing into
    `copy["metadata"]["labels"]` writes into the original's labels: the caller's config, the
    module's template, the autoscaler's node config (ray #14773) all change behind its back.

    A copy made at exactly the level that is changed (`[dict(c) for c in containers]`, then
    `c["image"] = ...`) is correct and not reported; neither is a change of the copy's top level.

    ## Example
    ```python
    def create_node(node_config, tags):
        conf = node_config.copy()
        conf["metadata"]["labels"].update(tags)
    ```

    ## Use instead
    ```python
    def create_node(node_config, tags):
        conf = copy.deepcopy(node_config)
        conf["metadata"]["labels"].update(tags)
    ```

    ## Fix safety
    The fix is unsafe (applied with `--unsafe-fixes`): it makes the copy deep. `copy.copy(x)`
    and `x.copy()` become `copy.deepcopy(x)`; any other shallow copy is wrapped
    (`copy.deepcopy(dict(x))`), so it keeps its type. `import copy` is added when needed. A deep
    copy is right for plain data, but can be expensive or wrong for objects holding clients,
    locks or files. No fix is offered for a method's copy of its own object when its class has
    other methods of its own (`self.__class__(**dict(self))` on a scheduler entry holding the
    app: the deep copy would take the app along).

    ## Tiers
    Shown by default when the original is used again:
    - a module- or class-level object (every later call copies it), a part of an argument or of
      `self` (the owner keeps it), or a caller in the tree that keeps or reuses the object it
      passed;
    - with no caller in the tree, because the copy itself says the original is meant to stay
      unchanged;
    - for the `**kwargs` dict of a call: a caller that reuses the object, or a public function
      whose caller passed the list a second call adds to again by keyword (`sudo(cmd,
      watchers=mine)`).

    The second use named is the later call given the object (or what holds the changed part of
    it), else the caller's call itself, else the copy's intent. A copy made in a loop and kept by
    every round names the copies the earlier rounds kept. Of several changes, the message names
    one that is not a fill of what is missing nor an object's own bookkeeping, the shortest way.

    `--preview` only:
    - a helper whose every caller passes an object of its own (not one that holds, where it is
      changed, what the caller was given: `payload.update(kwargs)` holds the user's `volumes=`),
      or stores the result back into the slot it took the argument from (`api["Body"] =
      merged(api["Body"])`: nobody holds the original any more), or changes it only under a flag
      every caller in the tree leaves off (`if encode: encode_fields(meta)`);
    - `x.copy()` on an object whose class is not known (a numpy array, a C-level context) unless
      the copy is used as a mapping; an object of another package changed through its attributes
      (`copy.copy(datetime.max)`) unless an item of it is written;
    - a list or index of objects whose elements' own state is then changed (`for p in
      [*self.packagers, default]: p.paths.clear()`): copied to iterate or pick the objects, not
      to keep them unchanged; likewise an index or ordering of a collection's elements (`{r["id"]:
      r for r in resources}`, `sorted(resources, key=...)`) or a mapping's view made a list
      (`jobname, attrs = list(conf.items())[0]`) through which the elements are changed;
    - a slice unpacked straight into a call (`target.merge(*configs[1:])`), which hands the
      elements on one by one, or any slice that picks some of the elements (`values =
      tokens[2:]`): a selection, not a copy made to leave them as they were (no fix is offered);
    - the `**kwargs` dict of a call (Python's copy, not the author's) whose nested change puts
      the same value every time (`pool.registry = self.registry`, a constant);
    - an object the copied mapping holds, changed by its own methods (`{**params}["logging_obj"]
      .record_usage(u)` setting its `model_call_details`): its state, not the mapping's content;
    - a nested change that only fills a missing key or converts a value under a type test (`if
      "k" not in c["spec"]: c["spec"]["k"] = v`), converts it under a probe of its form (`if not
      v.startswith("arn:")`), or writes into an entry the key that chose it (`for f in keys:
      data[f]["key"] = f`): the original gains what it lacked, once;
    - a copy whose shared parts only a test changes (a test editing the object it loaded to set
      up a case).

    Not a nested change: writing a shallow copy's own `__dict__` (`copied.__dict__[k]`). Not the
    original's: an entry under a key the copied `self.<attr>` never holds (every store of it is a
    dict literal of other keys, and no method puts an item into it), which the copy got from
    elsewhere (`_kwargs = self._kwargs.copy(); _kwargs.update(kwargs)`, then a change to
    `_kwargs["params"]`).
    """

    code = "AL002"
    name = "shallow-copy-nested-mutation"
    summary = "A shallow copy of a shared object is mutated below its top level"

    VALID = (
        # ``append`` and ``extend`` say "a list" as much as "a FileList": no duck typing on them
        "import copy\n\nclass FileList:\n    def __init__(self):\n        self.files = []\n\n"
        "    def append(self, item):\n        self.files.append(item)\n\n"
        "    def extend(self, items):\n        self.files.extend(items)\n\n"
        "def link(objects, extra=None):\n    extra = copy.copy(extra)\n    extra.extend(['--def', 'x'])\n"
        "    extra.append('-shared')\n    return [*extra, *objects]\n",
        # a project class's own ``copy()`` is not the builtin shallow copy
        "class Context:\n    def __init__(self, flags=None):\n        self.flags = dict(flags or {})\n\n"
        "    def copy(self):\n        return Context(self.flags.copy())\n\n"
        "def local(context: Context):\n    ctx = context.copy()\n    ctx.flags['inexact'] = 1\n    return ctx\n",
        "def f(cfg):\n    c = cfg.copy()\n    c['name'] = 'x'\n    return c\n",
        "def f(t):\n    cs = [dict(c) for c in t['containers']]\n    cs[0]['image'] = 'x'\n    return cs\n",
        "import copy\n\ndef f(cfg):\n    c = copy.deepcopy(cfg)\n    c['spec']['env'].append(1)\n    return c\n",
        "def f(items):\n    for item in list(items):\n        item['seen'] = True\n",
    )
    INVALID = (
        Invalid("def f(cfg):\n    c = cfg.copy()\n    c['spec']['env'].append(1)\n    return c\n", 2, 9, "cfg"),
        Invalid("import copy\n\ndef f(pod):\n    p = copy.copy(pod)\n    p.metadata.labels['x'] = '1'\n    return p\n", 4, 9),
        Invalid("def add(spec):\n    spec['env'].append(1)\n\ndef f(cfg):\n    c = {**cfg}\n    add(c['spec'])\n    return c\n", 5, 9),
        Invalid("def f(items):\n    out = [*items]\n    out[0]['seen'] = True\n    return out\n", 2, 11, "`[*x]`"),
        Invalid("def f(cfg):\n    out = cfg | {'x': 1}\n    out['spec']['y'] = 2\n    return out\n", 2, 11, "`cfg | {'x': 1}` copies only the top level"),
    )

    @classmethod
    def check_project(cls, project, facts: Facts) -> list[Diagnostic]:
        by_copy: dict = {}
        for hit in copy_hits(project):
            if hit.site in facts.reported_sites:
                continue  # the same change is already explained (AL001's loop): one bug, one code
            if _key_never_held(project, hit) or _global_key_never_held(project, hit):
                continue  # the entry changed is never the original's: the copy got it elsewhere
            by_copy.setdefault(hit.mark.site, []).append(hit)
        out = []
        for site, hits in by_copy.items():
            # the change the message names is the one most likely to matter: a change that is not a
            # fill of what is missing, not made by an object's own method, to a part of the
            # configuration rather than to an element object's own state, reached the shortest
            # way (wandb 0.31.0's ``data.copy()`` in ``Run._partial_history_callback``: its message named a lazily made session, set once,
            # eleven calls down, where the same copy's nested dicts lose their chart entries to a
            # ``pop`` three calls down)
            hits.sort(key=lambda h: (h.effect is not None and h.effect.kind == SETDEFAULT,
                                     _held_objects_own_change(h), _works_on_elements(h),
                                     len(h.chain)))
            first = hits[0]
            target = f"`{first.target}`" if first.target else "an object inside it"
            text = project.modules[site.module].copy_texts.get(site) if site.module in project.modules else None
            spelled = first.mark.how
            if spelled.startswith("fills:"):
                how = f"`{spelled[6:]}()` fills a new object with the items of another here: it"
            elif spelled == "**kwargs":
                how = "the `**kwargs` dict made here for the call"
            elif text:
                how = f"`{text}`"
            else:
                how = f"`{spelled}`" if any(c in spelled for c in "({[") else "this shallow copy" if spelled == "copy" else f"this {spelled}"
            confidence, second = cls._harm(project, facts, first, hits)
            message = (
                f"{how} copies only the top level, so the code that {facts.verb(first.op)} {target} also "
                f"changes the original{cls._whose(project, first)}; use `copy.deepcopy()`, or copy the "
                f"nested level that is changed"
            )
            related = []
            for h in hits:
                if h.stored_at is not None:
                    # the copy's nested object was put into another object without being copied
                    # (a merge's one-level ``clone()``), and that object is what is changed
                    related.append(facts.related(h.stored_at, "the copy's nested object is put into another object "
                                                 "here, by reference, without a copy of what it holds"))
                related.append(facts.related(h.site, f"the original's nested object is mutated here ({h.op})"))
                if h.effect is not None:
                    related += facts.chain_related(h.effect)
                else:
                    related += [facts.related(c, "calls the function that changes it") for c in h.chain]
            if second is not None:
                related.append(second)
            diagnostic = Diagnostic(cls.code, cls.name, message, facts.location(site), tuple(dict.fromkeys(related)),
                                    confidence=confidence, url=cls.url(), access_path=first.target or None,
                                    fix=fixes.deep_copy(facts, site) if spelled in COPY_SPELLINGS
                                    and not cls._copies_own_object(project, first) else None)
            if confidence is Confidence.MEDIUM:
                # a preview finding does not claim its changes: the cause may be what keeps the
                # object the caller passed by keyword (a constructor, AL006: one finding where
                # ``**kwargs`` would give one per call that hands the keyword down), or a
                # module-level template the copy's changed part came from (AL003: pelican
                # 4.12.0's ``configure_settings`` appending to ``DEFAULT_CONFIG[PATH_KEY]``, a
                # reproduced bug of issue 8's blind thirty-third set, was hidden behind the
                # preview AL002 of ``dict(copy.deepcopy(DEFAULT_CONFIG), **settings)``)
                facts.tentative(diagnostic, {h.site for h in hits})
            else:
                facts.reported_sites.update(h.site for h in hits)
            out.append(diagnostic)
        return out

    @staticmethod
    def _copies_own_object(project, hit) -> bool:
        """The copy is of a method's own object (``dict(self)``), an instance of a class with
        behaviour: a deep copy of it takes along what it holds (celery 5.7.0's beat entries hold
        the app), so no deep copy is offered as a fix."""
        e = hit.effect
        fn = project.functions.get(hit.function)
        return e is not None and fn is not None and fn.cls is not None and e.root.kind == "param" \
            and e.root.index == 0 and fn.kind in ("method", "property") and (e.copy is None or e.copy.depth == 0) \
            and fixes.has_behaviour(project, [fn.cls], besides=frozenset({fn.name}))

    @staticmethod
    def _whose(project, hit) -> str:
        e = hit.effect
        if e is None:
            return ""
        fn = project.functions[hit.function]
        if e.root.kind == "global":
            return ", a module- or class-level object every later call copies"
        keyword = _keyword_argument(fn, e)
        if keyword is not None:
            return f", the object the caller passed as `{keyword}=`"
        if fn.kind == "method" and own_attribute(e.root, e.path):
            # a method's ``self``: the object is the instance's, whoever calls the method (a
            # message saying "the caller's `self`" confused a new user of blind set 69)
            return f", the instance's `{format_path('self', e.path[:1])}`"
        if e.root.kind == "param" and e.root.index < len(fn.params):
            return f", the caller's `{fn.params[e.root.index].lstrip('*')}`"
        return ""

    @classmethod
    def _harm(cls, project, facts, first, hits):
        """``(confidence, witness related location or None)``: see the rule's Tiers section."""
        e = first.effect
        if all(harm.is_test_module(h.site.module) for h in hits):
            # only a test changes what the copy shares: a test editing the object it loaded to
            # set up a case harms the test at most (sushy 5.7.0's ``CompositeField._load``, whose
            # ``copy.copy(self)`` shares nothing the package changes: an A of issue 8's blind
            # fifty-third set)
            return Confidence.MEDIUM, None
        if first.mark.how == "**kwargs":
            # Python makes the ``**kwargs`` dict, not the author: no intent to leave anything
            # unchanged, so only a caller that uses the object again makes it a bug, and only when
            # the change is not one that repeating leaves as it was (redis' cluster nodes each set
            # ``pool.himport_registry = self.himport_registry``: the same registry every time)
            repeat_safe = all(h.effect is not None and harm.repeat_safe(h.effect) for h in hits)
            if e is not None and e.root.kind == "param" and not repeat_safe:
                fn = project.functions[first.function]
                witness = harm.caller_witness(project, fn, e.root.index, facts.short(fn.qualname), reuse_counts=True)
                if witness is not None:
                    return Confidence.HIGH, witness.related(facts)
                keyword = _keyword_argument(fn, e)
                if keyword is not None and harm.is_public(fn, project) and not harm.nested(project, fn) \
                        and all(h.effect is not None and harm.duplicates(h.effect) and h.effect.kind == ACCUMULATE
                                for h in hits):
                    # a public function's ``**kwargs`` hold what its caller passed by name: a list
                    # given as ``watchers=mine`` gets another entry on every call (invoke 3.0.3's
                    # ``Context.sudo``, a bug reproduced in issue 8's fourteenth set)
                    return Confidence.HIGH, harm.public_entry_related(
                        facts, fn, f"`{keyword}` comes from the caller as a keyword argument, and every call "
                                   f"adds to what the caller gave again")
            return Confidence.MEDIUM, None
        if all(_held_objects_own_change(h) for h in hits):
            # an object the copy holds, changed by one of its own methods (``logging_obj.
            # record_usage(u)`` setting ``self.model_call_details[k]``): its own state, which a copy
            # of its holder never meant to copy, as every other rule takes it (litellm 1.110.2's
            # ``{**optional_params}`` holding the request's Logging object: 15 B's of issue 8's
            # blind thirty-fifth set)
            return Confidence.MEDIUM, None
        if all(h.effect is not None and h.effect.kind == SETDEFAULT for h in hits):
            # the nested change only fills what is missing (``if "k" not in c["spec"]:``), or
            # converts a value under a type test: the original gains what it lacked, once, and a
            # second run finds it there (ansible-doc's ``removed_in`` filled from ``version``)
            return Confidence.MEDIUM, None
        if all(h.effect is not None and harm.writes_choosing_key(h.effect) for h in hits):
            # the nested change writes what repeating it writes again: the key that chose the
            # entry (``for f in keys: fv = data.get(f); fv["key"] = f``, Cloud Custodian 0.9.53's
            # multi-attribute filters); the original gains it once. Not a normalisation: that
            # replaces whatever the original held (ansible-doc's ``removed_in``, a bug)
            return Confidence.MEDIUM, None
        if first.mark.how in _ORDERING_COPIES:
            # ``{r["id"]: r for r in resources}``, ``sorted(resources, key=...)``: the caller's
            # elements indexed or put in order, to find or walk them, not copied to be left as
            # they were (Cloud Custodian 0.9.53 annotates its resources through eleven of these)
            return Confidence.MEDIUM, None
        if first.mark.how == ".copy()" and not first.below.startswith("["):
            # ``x.copy()`` on an object of unknown class (a numpy array, a C-level context): a
            # builtin shallow copy only as a guess, unless the copy is used as a mapping
            return Confidence.MEDIUM, None
        if all(_works_on_elements(h) for h in hits) and not _kept_as_state(project, first.mark.site):
            # ``for p in [*self._packagers, default]: p.paths.clear()``: a list (or a filtered
            # index) of objects, copied to iterate or pick them, not to keep them unchanged;
            # nobody expects ``list(workers)`` to copy the workers (mlrun's packagers manager,
            # its graph's steps: intended in the triage of issue 8)
            return Confidence.MEDIUM, None
        kept = _kept_each_round(project, first)
        if kept is not None:
            return Confidence.HIGH, facts.related(
                kept, harm.WITNESS + "the copies kept here on earlier iterations share the nested object, so each "
                                     "iteration's change reaches all of them: they all end as the last one")
        if e is None:
            # an object made in the tree, copied, and changed through the copy by a callee
            where = first.chain[0] if first.chain else first.site
            return Confidence.HIGH, facts.related(
                where, harm.WITNESS + "the original object is changed through the copy here; whoever holds it sees it")
        fn = project.functions[first.function]
        if e.root.kind == "global" and facts.global_site(e.root) is None and not first.below.startswith("["):
            # an object of another package (``datetime.datetime.max``) changed through its
            # attributes: its class is unknown, so the nested object may be immutable or a
            # property's fresh value; an item write (``DEFAULTS["info"][k] = v``) shows a mapping
            return Confidence.MEDIUM, None
        if e.root.kind == "global":
            return Confidence.HIGH, facts.related(
                facts.global_site(e.root) or first.site,
                harm.WITNESS + "every later call copies this object again, already changed")
        index = e.root.index
        if all(h.effect is not None and harm.no_caller_asks(project, fn, h.effect) for h in hits):
            return Confidence.MEDIUM, None  # made only under a flag no caller in the tree sets
        if index == 0 and fn.cls and fn.kind in ("method", "property") or e.copy is not None and e.copy.depth >= 1:
            # a method copying its own object (``dataclasses.replace(self, ...)``, a ``clone()``),
            # or ``owner.field.copy()`` / ``copy.copy(job["resources"][i])``: the caller still
            # holds the original, which the copy was made to leave alone. Its second use is a
            # later call of a caller given it; else the copy's intent is the reason
            depth = e.copy.depth if e.copy is not None else 0
            # (a later call given another attribute of the same object does not see the change)
            witness = harm.caller_witness(project, fn, index, facts.short(fn.qualname), reuse_counts=True,
                                          below=e.path[:max(depth, 1)])
            if witness is not None:
                return Confidence.HIGH, witness.related(facts)
            if not harm.is_public(fn, project) and harm.every_caller_fresh(project, fn, index, below=e.path[:max(depth, 1)]):
                # a private helper every caller hands an object made for the call, keeping the
                # result in its place (``self.config = BaseConfig.merge(self.config, source_config)``
                # over a config built from each source: taskcat 0.9.58's ``BaseConfig.merge``, in
                # ``taskcat._dataclasses``, merging into ``base_config._source.copy()``, a C of
                # issue 8's blind thirtieth set). A public one's callers are mostly outside the tree
                # (docker-compose 1.29.2's ``Project.from_config`` wraps each device's
                # ``capabilities`` in a list again on a second call with the same config)
                return Confidence.MEDIUM, None
            name = fn.params[index].lstrip("*") if index < len(fn.params) else "?"
            if depth == 0:
                return Confidence.HIGH, facts.related(
                    fn.site, harm.COPY_INTENT + "the caller keeps the original object, and only its top level "
                                                "was copied")
            held = format_path(name, e.path[:depth])
            whose = "the instance" if fn.kind == "method" and own_attribute(e.root, e.path) else f"the caller's `{name}`"
            return Confidence.HIGH, facts.related(
                fn.site, harm.COPY_INTENT + f"{whose} still holds the original (`{held}`), and "
                                            f"only its top level was copied")
        witness = harm.caller_witness(project, fn, index, facts.short(fn.qualname), reuse_counts=True)
        if witness is not None:
            return Confidence.HIGH, witness.related(facts)
        if harm.every_caller_fresh(project, fn, index, below=e.path):
            return Confidence.MEDIUM, None  # a helper whose callers all hand over objects of their own
        if harm.callers_replace_it(project, fn, index):
            return Confidence.MEDIUM, None  # ``d["k"] = merge(d["k"], ...)``: nobody holds the original
        if all(h.effect is not None and (h.op.startswith(".") and h.op.endswith("=") or _normalising(h.effect))
               for h in hits):
            # with no second use in the tree: attributes set on the caller's objects (tagging
            # components, a ForwardRef rewritten into an equivalent form) are those objects' own
            # state, not nested configuration the copy was meant to protect
            return Confidence.MEDIUM, None
        # no second use found in the tree (callers outside it, or not resolved), but the copy says
        # the original is meant to stay as it was: the author copied it to leave it unchanged
        name = fn.params[index].lstrip("*") if index < len(fn.params) else "?"
        return Confidence.HIGH, facts.related(
            first.mark.site, harm.COPY_INTENT + f"`{name}` is the caller's; the copy was made to leave it unchanged, "
                                                f"and only its top level is")


def _keyword_argument(fn, e) -> str | None:
    """The keyword a change below ``fn``'s own ``**kwargs`` parameter reaches the caller's
    argument by (``kwargs["watchers"]`` -> ``watchers``), or ``None``."""
    if e.root.kind != "param" or e.root.index >= len(fn.params) or not fn.params[e.root.index].startswith("**"):
        return None
    return key_name(e.path[0]) if e.path else None

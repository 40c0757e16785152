"""AL006 stored-reference-mutation."""
from __future__ import annotations

import ast
from dataclasses import replace

from aliaslint import harm
from aliaslint.diagnostics import Confidence, Diagnostic
from aliaslint.project import load
from aliaslint.rule import Facts, Invalid, ProjectRule
from aliaslint.summary import ACCUMULATE, OVERWRITE, REMOVE, SETDEFAULT
from aliaslint.values import ANY, Fresh, Ref, Root, format_path

#: removals that take an element off an end of a list (a work queue's next element)
_TAKES_AN_END = frozenset({"pop[]", "popleft", "popitem"})


def kept_arguments(project, init_q: str) -> dict[str, tuple[int, tuple[str, ...], object]]:
    """What a constructor keeps by reference: ``{attribute: (parameter index, path inside the
    argument, site of the store)}``.

    ``self.spec = spec``, ``self.spec = cfg["spec"]``, ``self.spec = spec or {}``, and the same
    stores made by the constructors and setup methods it runs on ``self``
    (``super().__init__(spec)``, ``self.setup(spec)``).
    """
    out: dict[str, tuple[int, tuple[str, ...], object]] = {}
    init = project.functions.get(init_q)
    # a property's setter decides what is kept (kr8s 0.20.15's ``raw`` setter stores
    # ``Box(value)``, a converted copy): ``self.raw = resource`` keeps nothing by itself
    properties = {p for c in project.mro(init.cls) for p in project.classes[c].properties} \
        if init is not None and init.cls in project.classes else set()
    replaced = _replaced_by_new(project, init) if init is not None else {}
    own_sites = {site for _, _, site in init.self_stores} if init is not None else set()
    for name, value, site in project.instance_fields(init_q):
        if name in properties:
            continue
        if name in replaced and site != replaced[name] and site in own_sites:
            continue  # the constructor's own earlier store, replaced on every path by a new object
        # several parameters may reach one field (``if channel is None: channel = user``, then
        # ``self.channel = channel``): the one named like the field is what is stored, the others
        # are fallbacks; then the first parameter, so that no run depends on a set's order
        # (buildbot 4.3.0's ``IRCContact`` named ``user`` in one run and ``channel`` in another)
        refs = (o for o in value if isinstance(o, Ref))
        for o in sorted(refs, key=lambda r: (len(r.path), r.path, r.root.name.lstrip("_") != name.lstrip("_"),
                                             r.root.index)):
            if o.root.kind == "param" and o.root.index >= 1 and ANY not in o.path:
                out.setdefault(name, (o.root.index, o.path, site))
    return out


def _direct_mutation(fn, effect):
    """The statement of ``fn`` that makes ``effect`` itself (its :class:`Mutation`, with the tests
    that enclose it), or ``None`` when the change is made by a callee."""
    if effect.callees:
        return None
    return next((m for m in fn.mutations if m.site == effect.site), None)


def switched_per_instance(project, init_q: str, fn, effect) -> tuple[tuple[str, bool], ...]:
    """The constructor's switches that decide whether ``effect`` is made: ``(("gzip", True),)``
    when ``fn`` makes it under ``if self._gzip:`` and ``__init__`` keeps its ``gzip=False``
    parameter as ``self._gzip``. Empty when the change is made on every instance, or when the
    attributes tested are not switches the constructor's caller gives (set by the instance
    itself, or from a value other than a flag parameter).

    Why: a change made on some instances only goes wrong on the kept object even when it only
    sets a constant (influxdb 5.3.2's ``InfluxDBClient.request`` adds the gzip headers to the
    caller's ``headers`` dict when the client was made with ``gzip=True``, and a second client
    built from the same dict without it marks its plain bodies gzip: a preview bug of issue 8's
    blind sixty-fifth set).
    """
    init = project.functions.get(init_q)
    mutation = _direct_mutation(fn, effect)
    if init is None or mutation is None or not mutation.attr_requires:
        return ()
    stored, other = {}, set()
    for name, value, _ in project.instance_fields(init_q):
        refs = [o for o in value if isinstance(o, Ref) and o.root.kind == "param" and not o.path]
        if len(value) == 1 and refs and refs[0].root.index in init.bool_flags:
            stored[name] = init.params[refs[0].root.index]
        else:
            other.add(name)  # also set from something else: not the caller's switch alone
    stored = {name: flag for name, flag in stored.items() if name not in other}
    if not all(attr in stored for attr, _ in mutation.attr_requires):
        return ()
    return tuple((stored[attr], truthy) for attr, truthy in mutation.attr_requires)


def only_without_the_callers(project, init_q: str, fn, effect, index: int, inner: tuple, attr: str) -> bool:
    """``fn`` makes ``effect`` on the kept ``self.<attr>`` only under a test that an attribute
    holding the caller's argument ``index`` (its part ``inner``: an item of ``**kwargs``) is
    false (``if not self.kind_dict:``), and the constructor keeps a new object there when it is
    (``self.res = kind_dict or {}``): on that
    path the object changed is the instance's own, not the caller's. Where this comes from:
    openshift-python-wrapper 11.0.143's generated resources, whose ``to_dict`` fills ``self.res``
    only when no ``kind_dict`` was given (an A of issue 8's blind sixty-eighth set, and 215
    findings of its preview tier)."""
    mutation = _direct_mutation(fn, effect)
    if mutation is None:
        return False
    falsy = {name for name, truthy in mutation.attr_requires if not truthy}
    if not falsy:
        return False
    holds_argument, fallback = set(), False
    for name, value, _ in project.instance_fields(init_q):
        if any(isinstance(o, Ref) and o.root.kind == "param" and o.root.index == index and o.path == tuple(inner)
               for o in value):
            holds_argument.add(name)
            if name == attr and any(isinstance(o, Fresh) for o in value):
                fallback = True
    return fallback and bool(falsy & holds_argument)


def _once_per_instance(fn, effect) -> bool:
    """``fn`` makes ``effect`` only while an attribute of its own is unset (``if self._api is
    None:``, or ``if not self._api:``) and sets that attribute itself: a lazy initialisation, run
    once per instance, not again on every call (pulp-glue 0.41.1's ``PulpContext.api``, whose
    finding said every call changes the kept ``api_kwargs`` again: a B of issue 8's blind
    sixty-eighth set)."""
    mutation = _direct_mutation(fn, effect)
    unset = {name for name, truthy in (mutation.attr_requires if mutation is not None else ()) if not truthy}
    return bool(unset & {name for name, _, _ in fn.self_stores})


def _switch_text(switches: tuple[tuple[str, bool], ...]) -> str:
    """```gzip` true`` (and ``, `debug` false``) for :func:`switched_per_instance`'s result."""
    return " and ".join(f"`{name}` {'true' if truthy else 'false'}" for name, truthy in switches)


def _replaced_by_new(project, init) -> dict[str, object]:
    """``{attribute: site}`` for the attributes whose last store in the constructor ``init`` is
    made on every path (:attr:`FunctionSummary.sets_always`) and holds no parameter itself (a new
    set built from the argument's elements): whatever an earlier store kept of the argument, the
    instance keeps this new object. Where this comes from: kazoo 2.11.0's ``KazooClient``, whose
    ``__init__`` keeps ``auth_data`` and then rebuilds it without its SASL entries (an A of
    issue 8's blind forty-first set, in the preview tier)."""
    last: dict[str, tuple] = {}
    for name, value, site in init.self_stores:
        last[name] = (value, site)
    out = {}
    for name, (value, site) in last.items():
        if site in init.sets_always and not any(
                isinstance(o, Ref) and o.root.kind == "param" for o in project.resolve(init, value)):
            out[name] = site
    return out


def _one_per_change(found: list, tentative: set[int]) -> list:
    """One finding per changing statement: several classes keeping one object (a ``Block`` and a
    ``Handler`` each keeping the caller's ``task_include``) changed by one method of their common
    base are one cause; the later findings' places where the object is kept and second uses are
    added to the first one's related locations, at the higher confidence (ansible-core 2.19.14's
    ``_resolve_group``, three findings for one line in issue 8's twenty-fourth set). Findings
    that another rule may explain (``tentative``) are left as they are."""
    first: dict = {}
    out: list = []
    # the first of one line's findings is the one with the smallest message, whatever order the
    # classes were met in (buildbot 4.3.0's ``command_WATCH`` named the kept ``user`` in one run
    # and ``channel`` in another)
    for d in sorted(found, key=lambda d: (d.location.path, d.location.line, d.location.column, d.message)):
        key = (d.location.path, d.location.line, d.location.column)
        if id(d) in tentative or key not in first:
            if id(d) not in tentative:
                first[key] = len(out)
            out.append(d)
            continue
        kept = out[first[key]]
        out[first[key]] = replace(kept, confidence=max(kept.confidence, d.confidence),
                                  related=tuple(dict.fromkeys(kept.related + d.related)))
    return out


def _acts_on_whole(hits) -> bool:
    """Every mutation is on the kept object itself (``self.data[k] = v``, ``self.out.append(x)``,
    ``self.policy.now = t``), none nested inside it: the class exists to work on that object (a
    wrapper, an output sink, a collaborator), true aliasing by design. Not so for an update that
    replaces a nested mapping with a new partial one (:func:`_replaces_nested_mapping`)."""
    return all(len(e.path) == 1 and not _replaces_nested_mapping(e) for _, e in hits)


def _kept_name(init, index: int, inner: tuple[str, ...]) -> str:
    """What the caller calls the kept argument: the parameter's name, or the keyword of the
    ``**kwargs`` item kept (``kind_dict``)."""
    name = init.params[index]
    if name.startswith("**") and inner and (key := harm.key_name(inner[0])):
        return key
    return name


def _replaces_nested_mapping(e) -> bool:
    """``self.res.update({"spec": {"replicas": n}})``: the update puts a new mapping at a key,
    replacing whatever mapping the caller's object held there (a manifest's whole ``spec``: its
    template, its selector) with one that has a single entry; what was a merge of one field
    destroys the rest of the caller's part (openshift-python-wrapper 11.0.143's
    ``Deployment.scale_replicas`` and ``MachineSet.scale_replicas``, two bugs of issue 8's blind
    sixty-eighth set that its reader reproduced in the preview tier)."""
    if e.op != "update" or not e.value_text.lstrip().startswith("{"):
        return False
    try:
        tree = ast.parse(e.value_text.strip(), mode="eval").body
    except (SyntaxError, ValueError):
        return False
    return isinstance(tree, ast.Dict) and any(isinstance(v, ast.Dict) for v in tree.values)


def _registers_itself(hits) -> bool:
    """Every change adds or removes the instance itself or one of its bound methods
    (``client.on_connect_listeners.append(self._on_connect)``, then ``.remove(...)`` of the
    same): the instance registers with the object it shares with others, each instance its own
    entry, which is what that object's list is for (nodepool 11.0.0's ZooKeeper components
    unregistering their callbacks from the one client: a B of issue 8's blind sixty-ninth set,
    whose suggested fix copied a live connection)."""
    return all(e.stores_self and e.kind in (ACCUMULATE, REMOVE) for _, e in hits)


def _editing_handle(hits) -> bool:
    """Three or more public methods change the kept object: the class is a handle for editing it
    (metaflow's ``MutableFlow``: ``add_parameter``, ``remove_parameter``, ``remove_decorator``, ...
    on the flow class it wraps), and changing the caller's object is what it is for."""
    editors = {fn.name for fn, _ in hits if not fn.name.startswith("_")}
    return len(editors) >= 3


def _working_buffers(hits) -> bool:
    """The methods set attributes on the kept object (``self._session._buffer = StringIO()``), and
    every list they add to there is one they also start over empty (``self._session._message_list
    = []``, then ``.append(fragment)``): the class keeps its working buffers on the object it was
    given, and what it adds it clears itself. A second object built on the same one (a parser
    swapped mid-stream) is meant to take over what is there. Where this comes from: ncclient
    0.7.1's ``DefaultXMLParser`` filling its session's message list, a B of issue 8's blind
    thirty-seventh set whose suggested copy broke the parser swap."""
    resets = {e.path + (e.op[:-2],) for _, e in hits
              if e.kind == OVERWRITE and e.op.startswith(".") and e.op.endswith(" =")
              and e.value_text in harm.EMPTY_CONTAINERS}
    grown = [e for _, e in hits if e.kind == ACCUMULATE]
    return bool(grown) and all(e.path in resets for e in grown) and all(
        e.kind == ACCUMULATE or e.kind == OVERWRITE and e.op.startswith(".") for _, e in hits)


def _links_back(hits) -> bool:
    """The methods set attributes of the kept object (or of its elements), and one of them sets
    an attribute to the instance itself (``tpl.target = related; tpl.source = self``): they wire
    the instance into an object graph the caller built to be wired, so the change is the link,
    not a template spoiled (tosca-parser 2.15.0's ``NodeTemplate`` linking the topology's
    relationship templates to their ends: a B of issue 8's blind sixtieth set; the last node
    linked wins by design)."""
    attribute_sets = [e for _, e in hits if e.kind == OVERWRITE and e.op.startswith(".") and e.op.endswith(" =")]
    return len(attribute_sets) == len(hits) and any(e.stores_self for e in attribute_sets) \
        and len({e.path for e in attribute_sets}) == 1


def _holds_state(project, init, index, hits, inner: tuple[str, ...]) -> bool:
    """The kept object is an instance of a project class with mutating methods of its own (a
    client, a file, a widget) that change the parts the hits change: state shared on purpose, not
    a template (DESIGN, "Not templates"). A class whose own methods change other parts only (a
    config definition resolving its variables in ``_data``) is data where the hits change it
    (runway 2.8.4's ``Module.environments`` merging into ``deployment.environments``, a bug of
    issue 8's eleventh unseen set)."""
    ref = Ref(Root("param", init.params[index] if index < len(init.params) else "?", index))
    depth = 1 + len(inner)  # below ``self.<attr>`` and what __init__ took from the argument
    # a change of the kept object itself (not below one of its parts) is its own state's
    parts = None if any(len(e.path) <= depth for _, e in hits) else frozenset(e.path[depth] for _, e in hits)
    return any(project.has_own_mutators(c, parts) for c in project.class_of_instance(ref, init))


def _shared_construction(project, caller, call, target, index, inner: tuple[str, ...], path: tuple[str, ...]) -> bool:
    """Whether this construction hands over an object that others hold too, judged at the level
    that is changed (``Gateway(Metadata(annotations=COMMON))``: a new metadata object each time,
    but one annotations dict for all)."""
    arg = project.arg_for(call, target, index)
    if arg is None or project.arg_text_for(call, target, index) is None:
        # not written at the call: at most an item of a ``**spread`` whose keys are not known
        # (redis' ``Redis(host, port, **self.sentinel_kwargs)``, socket options only): no
        # evidence that this construction is handed the object at all
        return False
    # (``exact``: the change is made to the object at the changed level alone, so another call
    # given only something that object holds does not see it: heat-translator 3.5.0's
    # ``sd_config = {"config": ..., server_key: servers}``, whose ``servers`` goes to another
    # call too, then a key set in ``sd_config``; an A of issue 8's blind sixtieth set)
    if project.sharing(caller, call, arg, exact=True) == "shared":
        return True  # shared as a whole, so is everything inside it
    whole = project.resolve(caller, arg)
    value = whole
    for sel in inner + path:
        value = load(value, sel)
    return project.sharing(caller, call, value, into=whole, exact=True) == "shared"


def _owner_back_reference(project, constructions, index: int) -> bool:
    """Whether every construction in the tree that passes argument ``index`` passes the
    constructing method's own instance (``self.web_server = Web(self)``, a child node built with
    ``TreeNode(tree, path, self)``), or ``None``, and one does: the kept object is the owner or the
    parent, and a part changing its owner's state (the app's statistics, the parent's table of
    children) is what the back-reference is for. (The caller leaves out changes that duplicate:
    a part appending to its owner's template, ``Job(self).start()`` adding its flag to the
    cluster's ``spec["args"]`` on every submit, is still the founding bug's kind.) Constructions in test code count only when the
    package has no other. Where this comes from: opsdroid 0.31.0's ``Web`` and kazoo 2.11.0's
    ``TreeNode``, two B's of issue 8's blind forty-first set."""
    real = [(c, call, t) for c, call, t in constructions if not harm.is_test_code(c)] or constructions
    owner = False
    for caller, call, target in real:
        arg = project.arg_for(call, target, index)
        if arg is None or project.arg_text_for(call, target, index) == "None":
            continue
        resolved = project.resolve(caller, arg)
        if not caller.cls or not resolved or not all(
                isinstance(o, Ref) and o.root.kind == "param" and o.root.index == 0 and not o.path for o in resolved):
            return False
        owner = True
    return owner


def _built_by_owner(project, constructions: list, index: int) -> bool:
    """Whether there are constructions, and each passes, as argument ``index``, the calling
    method's own object (``self``, whole), with a class taken from a table on each round of a
    loop (``for converter_class in self.converters: converter_class(self)``): one part of each
    kind, each working on the object in turn. A class named twice (``DefaultXMLParser(self)``
    in ``__init__`` and again when the first fails) makes a second part of the same kind, which
    starts from what the first left (ncclient's parsers: the seventeenth stop's twin)."""
    def owner_self(caller, call, t) -> bool:
        if caller.kind not in ("method", "property") or not caller.cls or not call.loops \
                or not any(isinstance(o, Ref) and call.loops[-1] in o.loops for o in call.callee):
            return False
        arg = project.arg_for(call, t, index)
        return bool(arg) and all(isinstance(o, Ref) and o.root.kind == "param" and o.root.index == 0
                                 and not o.path for o in arg)
    return bool(constructions) and all(owner_self(*c) for c in constructions)


def _kept_by_what_it_keeps(project, constructions, index: int) -> bool:
    """Whether every construction in the tree that passes argument ``index`` stores the new
    instance into that very object (``reg.setdefault(group, {})[name] = Lazy(..., reg)``), and
    one does: the kept object is the registry that holds the instance, and the instance filling
    its own entry there (a lazy loader replacing itself by what it loads) is what it is for
    (ttp 0.10.1's ``CachedModule``, a B of issue 8's blind sixty-second set whose suggested copy
    in ``__init__`` would break the registry)."""
    real = [(c, call, t) for c, call, t in constructions if not harm.is_test_code(c)] or constructions
    found = False
    for caller, call, target in real:
        arg = project.arg_for(call, target, index)
        if arg is None:
            continue
        if not _holds_result_of(arg, call.id):
            return False
        found = True
    return found


def _holds_result_of(value, call_id: int, depth: int = 4) -> bool:
    """Whether ``value`` (as the caller's phase 1 saw it) holds, within ``depth`` levels of new
    objects, the result of call ``call_id`` itself."""
    todo = [(o, 0) for o in value]
    seen: set = set()
    while todo:
        o, level = todo.pop()
        if isinstance(o, Ref) and o.root.kind == "call" and o.root.index == call_id and not o.path:
            return True
        if isinstance(o, Fresh) and level < depth and o.site not in seen:
            seen.add(o.site)
            todo += [(part, level + 1) for _, v in o.fields for part in v]
    return False


def _made_upstream_for_it(project, caller, call, target, index) -> list:
    """The calls of ``caller`` (a factory building the object around its own parameter:
    ``ExposureRefResolver(None, exposure, ...)``) when every one of them hands over an object its
    own caller made for that call and hands to the factory once (dbt-core's parser makes each
    ``Exposure(...)``, builds the resolvers around it, renders with them and reads the refs they
    filled: the "other uses" the sharing test sees are the maker reading its own object). Empty
    when any caller passes something else, or the factory has none."""
    arg = project.arg_for(call, target, index)
    resolved = project.resolve(caller, arg) if arg else frozenset()
    if not resolved or not all(isinstance(o, Ref) and o.root.kind == "param" and not o.path for o in resolved):
        return []
    ups = harm.other_callers(project, caller)
    for up, up_call, up_target in ups:
        for o in resolved:
            passed = project.arg_for(up_call, up_target, o.root.index)
            if passed is None or not harm.made_by_caller(project, up, up_call, passed):
                return []
        if sum(1 for c in up.calls if any(t.function == caller.qualname for t in project.targets(up, c))) > 1:
            return []  # the factory called again in the same function: maybe with the same object
    return [up_call for _, up_call, _ in ups]


def _bound_callers(project) -> dict[str, dict[str, int]]:
    """Class -> the functions that call one of its methods on a receiver, each with its place in
    ``project.functions`` (from ``project.callers``: scanning every call of the project once per
    changed attribute grew with the square of the project)."""
    order = {q: i for i, q in enumerate(project.functions)}
    found: dict[str, dict[str, int]] = {}
    for callee_q, entries in project.callers.items():
        callee = project.functions.get(callee_q)
        if callee is None or callee.cls is None:
            continue
        for caller_q, _, t in entries:
            if t.bound:
                found.setdefault(callee.cls, {})[caller_q] = order[caller_q]
    return found


def _repeated_calls(project, cls_names: set[str], e_site, bound_callers: dict[str, dict[str, int]]) -> list:
    """Call sites that run the method making the change at ``e_site`` on one object again: in a
    loop (or comprehension) whose iterations all use the same receiver, or a second call on the
    same object in one function (``ingress.render(); ingress.render()``). ``bound_callers`` is
    :func:`_bound_callers`: only these functions may hold such a call."""
    out = []
    callers: dict[str, int] = {}
    for c in cls_names:
        callers.update(bound_callers.get(c, {}))
    for q in sorted(callers, key=callers.__getitem__):  # in the order of project.functions
        caller = project.functions[q]
        seen: dict = {}
        for call in caller.calls:
            for t in project.targets(caller, call):
                callee = project.functions.get(t.function)
                if callee is None or callee.cls not in cls_names or not t.bound:
                    continue
                if not any(x.site == e_site and x.root.kind == "param" and x.root.index == 0
                           for x in project.effects.get(t.function, {}).values()):
                    continue
                receiver = project.resolve(caller, project.arg_for(call, t, 0) or frozenset())
                if not receiver or not all(isinstance(o, (Fresh, Ref)) for o in receiver):
                    continue
                if call.loops:
                    loop = call.loops[-1]
                    if all(loop not in o.loops for o in receiver):
                        out.append((caller, call))
                    continue
                identity = frozenset((o.site, o.kind) if isinstance(o, Fresh) else (o.root, o.path) for o in receiver)
                if identity in seen and seen[identity] != call.site:
                    out.append((caller, call))
                seen.setdefault(identity, call.site)
    return out


def _public_repeater(methods: dict, project, hits) -> tuple | None:
    """``(public method name, function making the change, effect, public method)`` when a public method of the
    class (not ``__init__``, not a dunder) adds to the kept object something that does not come
    from its own arguments: a ``build()`` that extends ``self.volume_mounts`` with the mounts of
    ``self.volumes`` duplicates them on every call (hera's ``UserContainer``). A method that adds
    its argument (``add(child)``) collects, one entry per call, and is not one."""
    for fn, e in hits:
        if e.kind != ACCUMULATE or not harm.duplicates(e) or any(r.kind == "param" and r.index > 0 for r in e.value_deps) \
                or _once_per_instance(fn, e):
            continue
        for mname, mq in sorted(methods.items()):
            if mname.startswith("_") or mq not in project.functions:
                continue
            if any(x.site == e.site and x.root.kind == "param" and x.root.index == 0
                   and not any(r.kind == "param" and r.index > 0 for r in x.value_deps)
                   for x in project.effects.get(mq, {}).values()):
                return mname, fn, e, project.functions[mq]
    return None


def _passes_through(project, caller, call, t, index: int) -> bool:
    """The construction hands on what its own caller gave (a factory ``from_config_value(cls,
    inst_data, config_value): return cls(**config_value)``): not an object of its own, so it
    says nothing of who else holds it (dagster-contrib-gcp 0.0.5's run launcher, built by the
    framework from its long-lived instance config)."""
    if harm.is_public(caller, project) and project.callers.get(caller.qualname):
        return False  # a factory the tree calls: its callers are the constructions that count
    arg = project.arg_for(call, t, index)  # ``cls(**config_value)``: ``config_value["jobs"]``
    resolved = project.resolve(caller, arg) if arg else frozenset()
    return bool(resolved) and all(isinstance(o, Ref) and o.root.kind == "param" and o.root.index >= (
        1 if caller.cls and caller.kind in ("method", "classmethod") else 0) for o in resolved)


class StoredReferenceMutation(ProjectRule):
    """
    ## What it does
    Finds a class whose `__init__` keeps an object passed in by the caller (a template, a
    config) by reference, and another method that mutates state nested inside it, directly or
    through a callee.

    ## Why is this bad?
    Every instance built from the same template changes it for all the others (dask-kubernetes
    #640: the second cluster built from one pod template started its scheduler as a worker;
    flytekit #2899: a shared pod template inherited the previous task's image and env).

    Reported when a construction site in the project passes a shared object (a module-level
    object, or one object given to several constructions); holders that always receive a fresh
    object own it and are not reported. With no construction site in the tree (a library), the
    finding is shown with `--preview`, as are true aliases that are usually by design: a class
    that only changes the kept object itself (a wrapper's `self.data[k] = v`, an output sink's
    `self.out.append(x)`), and a kept object of a project class with mutating methods of its own
    (a client, a widget, a file: state shared on purpose).

    ## Example
    ```python
    class Cluster:
        def __init__(self, pod_template):
            self.pod_template = pod_template

        def start(self):
            self.pod_template.spec.containers[0].args = ["dask-scheduler"]
    ```

    ## Use instead
    ```python
    class Cluster:
        def __init__(self, pod_template):
            self.pod_template = copy.deepcopy(pod_template)
    ```

    ## Fix safety
    No automatic fix: copying in `__init__` is right for templates, wrong for shared clients.
    The message says where to copy: in `__init__` when only other instances built from the same
    object see the change; in the changing method when a later call on one instance repeats it
    (an append made on every call goes on in a copy made in `__init__`).

    ## Tiers
    Shown by default:
    - a second use in the tree: another object constructed from the same object (written at the
      call: an item of a `**spread` mapping whose keys are not known is no evidence the object is
      passed; a test's constructions are named only when the package has none), or the changing
      method called again on one instance (in a loop, a comprehension or twice) when the change
      duplicates (an append, the removal of a named key);
    - a public class whose constructor documents the argument (or that nothing in the tree
      constructs), when the argument holds configuration (as AL007 says) and the change removes,
      appends to or rewrites what the caller put inside it (a rewrite: a value of the class's own,
      or what the caller gave turned into something else, as a rendered placeholder);
    - a public method (`build()`) that adds to the kept object what does not come from its own
      arguments, so that every call adds the same entries again;
    - a method that merges into the kept object itself what each object reads for itself
      (`self.settings.update(self.loader.load_file(...))`), so the next object given the same
      dict starts with this one's entries;
    - a change made only on instances built with a switch on (`if self._gzip:
      headers.update(...)`, the switch a `gzip=False` parameter the constructor kept), even of a
      constant: another instance built from the same object without the switch starts from it;
    - a public class whose method updates the kept mapping with a new nested mapping
      (`self.res.update({"spec": {"replicas": n}})`): the caller's whole part at that key (a
      manifest's pod template and selector) is replaced by one holding only the entries given.

    Not a finding: a change made only under a test that the attribute holding the caller's
    argument is false, where the constructor keeps a new object then (`self.res = kind_dict or
    {}`, changed under `if not self.kind_dict:`): the object changed is the instance's own. A
    change made while an attribute the method itself sets is unset (`if self._api is None:` ...
    `self._api = ...`) is made once per instance, not on every call; what goes wrong then is
    another instance built from the same object. A class whose docstring says it updates a kind
    of data ("Query and update YAML data") edits the object it is given by design: `--preview`.

    Several classes keeping one object, changed by one statement of their common base, are one
    finding (each class's place of keeping it a related location); the change named is one that
    is not safe to repeat (a fill-if-missing beside it is not what goes wrong). When a public
    method of the class makes the change, the fix is a copy in that method, not in `__init__`: a
    second call on the same instance starts from the changed object too. A base class in a
    private module counts as public when a public subclass (the class users build) inherits it.

    `--preview` only:
    - wrappers and sinks that only change the kept object itself; handles whose public methods
      (three or more) edit the kept object; kept objects with mutating methods of their own; a
      setter that stores its own arguments in the kept object; working buffers kept on the given
      object, every list added to also started over empty by the class (a parser filling its
      session's message list);
    - changes that fill in or normalise (also under a public constructor: a value converted under
      a probe of its form, `if not role.startswith("arn:"): role = "arn:..." + role`, or the key
      that chose an entry written into it, `for f in keys: data[f]["key"] = f`);
    - classes whose every construction in the tree passes a new object;
    - a back-reference to the owner: every construction in the tree passes the constructing
      object itself (`self.web = Web(self)`, a child node built with `TreeNode(tree, path,
      self)`), so a part changing its owner's state or its parent's table of children is what
      the reference is for, unless the change duplicates (an append to the owner's template on
      every call stays shown); parts the object builds from itself, one of each kind from a table
      in a loop (`for converter_class in self.converters: converter_class(self)`), which keep a
      part of it (`self.netjson = backend.config`) and work on it in turn;
    - a queue every construction made for the instance, which its method works through (`stream
      = self._queue.pop(0)`, put back with `append` when blocked);
    - links: methods that set attributes of the kept objects, one of them to the instance itself
      (`rel.target = node; rel.source = self`), wire a graph the caller built to be wired.

    A construction shares the kept object at the level that is changed: constructions each given
    a new dict around one shared part (`{"config": op, "server": server}`) see a change of that
    part, not a key set in the new dict, and the finding names the change they see.
    """

    code = "AL006"
    name = "stored-reference-mutation"
    summary = "A method mutates an object that __init__ kept by reference from the caller"

    VALID = (
        "class D:\n    def __init__(self, spec):\n        self.spec = spec\n\n    def add(self, x):\n        self.spec['env'].append(x)\n\n"
        "def f(n):\n    d = D({'env': []})\n    d.add(n)\n    return d\n",
        "class Child:\n    def __init__(self, owner):\n        self.owner = owner\n\n"
        "class Parent:\n    def __init__(self):\n        self.kids = []\n\n    def spawn(self):\n        self.kids.append(Child(owner=self))\n",
    )
    INVALID = (
        Invalid(
            "class C:\n    def __init__(self, tpl):\n        self.tpl = tpl\n\n    def start(self):\n        self.tpl['spec']['args'] = ['s']\n        return self\n\n"
            "TPL = {'spec': {'args': []}}\na = C(TPL).start()\n",
            6, 9, "tpl",
        ),
        Invalid(
            "class C:\n    def __init__(self, tpl):\n        self.tpl = tpl\n\n    def start(self):\n        self.tpl['spec']['args'] = ['s']\n        return self\n\n"
            "def fan_out(tpl, n):\n    return [C(tpl).start() for _ in range(n)]\n",
            6, 9, "every C built from the same object",
        ),
    )
    PREVIEW = (
        # a wrapper over the caller's mapping: changing it is its purpose
        Invalid(
            "class Shelf:\n    def __init__(self, data):\n        self.data = data\n\n    def __setitem__(self, k, v):\n"
            "        self.data[k] = v\n\nSTORE = {}\na = Shelf(STORE)\nb = Shelf(STORE)\n",
            6, 9, "`Shelf.__setitem__` writes an item of `self.data`",
        ),
        # a collaborator with state-changing methods of its own, reached into
        Invalid(
            "class Zip:\n    def __init__(self):\n        self.files = []\n\n    def add(self, f):\n        self.files.append(f)\n\n"
            "class Writer:\n    def __init__(self, zf: Zip):\n        self.zf = zf\n\n    def close(self):\n        self.zf.files.append('x')\n\n"
            "ZF = Zip()\nw1 = Writer(ZF)\nw2 = Writer(ZF)\n",
            13, 9, "appends to `self.zf.files`",
        ),
    )

    @classmethod
    def check_project(cls, project, facts: Facts) -> list[Diagnostic]:
        out = []
        subclasses = project.subclass_index()
        bound_callers = _bound_callers(project)
        # one finding per cause: a site another rule explained is skipped; one this rule
        # explained is skipped only for the same kept object (the ``self.<attr> = ...`` that
        # keeps it, which subclasses inherit). Another class keeping another object that reaches
        # the same helper (``merge_dicts(self.ctx.env.vars, ...)`` and
        # ``merge_dicts(self.__deployment.environments, ...)``, runway 2.8.4) is another cause
        explained_before = set(facts.reported_sites)
        explained_here: set = set()
        tentative: set[int] = set()
        for cls_name in project.classes:
            init_q = project.find_method(cls_name, "__init__")
            if init_q is None or init_q not in project.functions:
                continue
            kept = kept_arguments(project, init_q)
            if not kept:
                continue
            init = project.functions[init_q]
            family = {cls_name, *subclasses.get(cls_name, ())}
            constructions = [
                (project.functions[c], call, t) for c, call, t in project.callers.get(init_q, [])
                if t.constructor in family
            ]
            methods = project.method_table(cls_name)
            # a base class of a private module is public through the subclasses users build
            public = harm.is_public(init, project) and not cls_name.rsplit(".", 1)[-1].startswith("_") \
                or harm.public_subclass(project, family) is not None
            for attr, (index, inner, store_site) in kept.items():
                hits = []
                for mname, mq in methods.items():
                    if mname == "__init__":
                        continue
                    for e in project.effects.get(mq, {}).values():
                        if e.root.kind == "param" and e.root.index == 0 and e.path[:1] == ("." + attr,) \
                                and not e.own_method and e.site not in explained_before \
                                and (e.site, store_site) not in explained_here:
                            hits.append((project.functions[mq], e))
                hits = [h for h in hits if not only_without_the_callers(project, init_q, *h, index, inner, attr)]
                if not hits:
                    continue
                hits.sort(key=lambda h: (h[1].kind != "accumulate", h[1].site))
                # constructions sharing the object with others, and those whose object its maker
                # made for the call and reads afterwards (``filled_at``: the calls that made it)
                shared_at, filled_at, shared_in_tests = [], [], []
                shared_hits: set[int] = set()  # the changes another construction's holder sees
                for c, call, t in constructions:
                    seen = {i for i, (_, e) in enumerate(hits)
                            if _shared_construction(project, c, call, t, index, inner, e.path[1:])}
                    if seen:
                        makers = _made_upstream_for_it(project, c, call, t, index)
                        if makers:
                            filled_at.append(makers)
                        else:
                            shared_at.append(call)
                            shared_hits |= seen
                            if harm.is_test_code(c):
                                shared_in_tests.append(call)
                # constructions in test code say nothing of what a library's users pass
                real = [(c, call, t) for c, call, t in constructions if not (public and harm.is_test_code(c))
                        and not _passes_through(project, c, call, t, index)]
                # an element taken off the end of a queue that every construction made for the
                # instance: each call works through the instance's own queue (airbyte-cdk 7.39.1's
                # ``ConcurrentReadProcessor``, given a list its makers build fresh); the caller's
                # own list taken apart is another matter (Cloud Custodian's ``ou`` filter)
                own = bool(real) and not shared_at and not filled_at
                # a repeated call duplicates only what does not depend on the call's own arguments
                # (``self.rendered.append(job_name)`` collects, one entry per call)
                repeated = [
                    call for hit_fn, e in hits
                    if harm.duplicates(e) and not _once_per_instance(hit_fn, e) and not any(r.kind == "param" and r.index > 0 for r in e.value_deps)
                    and not (own and e.op in _TAKES_AN_END) and not harm.membership_only(project, e)
                    for _, call in _repeated_calls(project, family, e.site, bound_callers)
                ]
                if shared_at and not repeated:
                    # only the changes made at a level the constructions share are seen by another
                    # holder (heat-translator 3.5.0's ``HotResource``s, given one ``servers`` dict
                    # inside a new ``properties`` each: the key set in ``properties`` is no finding,
                    # the name written into ``properties["server"]`` is; an A of the blind sixtieth set)
                    hits = [h for i, h in enumerate(hits) if i in shared_hits]
                entry = public and harm.entry_point(project, init, index)
                if real and not shared_at and not repeated and not entry and not filled_at:
                    continue  # every construction in the tree hands over an object of its own
                if constructions and all(project.arg_for(call, t, index) is None for _, call, t in constructions):
                    continue  # never passed: the default, an object of the instance's own
                fn, e = hits[0]
                reason = None
                merged = False
                # a change made only on instances built with a switch on (``if self._gzip:``)
                switched = next(((h, sw) for h in hits if (sw := switched_per_instance(project, init_q, *h))), None)
                builder = None if shared_at or repeated or not public else _public_repeater(methods, project, hits)
                if builder is not None and not harm.config_like(project, init, index, inner + builder[2].path[1:]):
                    builder = None  # the object's own working state, not configuration the caller gave
                # taken from and added to: the kept list is worked through as a queue (``while
                # roots: r = roots.pop(0); ...; roots.extend(children)``: Cloud Custodian 0.9.53's
                # ``ou`` filter drains the policy's ``units``, a bug of issue 8's seventh set)
                queue = builder is not None and any(
                    h.kind == REMOVE and h.op in harm.TAKES and h.path == builder[2].path for _, h in hits)
                if builder is not None:
                    # no second call in the tree, but the class's users call its public method as
                    # often as they like (``to_yaml()`` then ``create()``), each time adding again
                    fn, e = builder[1], builder[2]
                    reason = (f"`{init.params[index]}` comes from the caller, and every call of the public "
                              + (f"`{builder[0]}` works through it as a queue, taking out what the caller put in"
                                 if queue else f"`{builder[0]}` adds to what the caller gave again"))
                elif not shared_at and not repeated and public and (entry or not real):
                    # a public constructor: its users, not the tree's own calls, pass the object
                    kept_root = Root("param", init.params[index], index)
                    # what the value was computed from, seen from __init__: ``self`` is the kept
                    # object's holder, so a value read from it is read from the kept object
                    # (``headers.update(config.get("https_extra_headers"))`` merges it into itself)
                    kept_effect = replace(e, root=kept_root, path=inner + e.path[1:], value_deps=frozenset(
                        kept_root if r == e.root else r for r in e.value_deps))
                    reason = harm.public_entry(project, init, kept_effect, index, public=True)
                    if reason is None and public and harm.config_like(project, init, index, inner) and all(
                            len(h[1].path) == 1 and harm.merges_holder_state(project, h[0], h[1]) for h in hits):
                        # the kept object itself is changed, as a wrapper's is, but not with what
                        # the method's caller gives: with what each object reads for itself
                        reason = (f"`{init.params[index]}` comes from the caller, and this merges into it what "
                                  f"each object reads for itself: the next one given the same object starts with "
                                  f"this one's entries")
                        merged = True
                    elif reason is None and harm.config_like(project, init, index, inner) \
                            and (replacing := next((h for h in hits if _replaces_nested_mapping(h[1])), None)):
                        # a merge of one field that drops the rest of the caller's part
                        fn, e = replacing
                        reason = (f"`{_kept_name(init, index, inner)}` comes from the caller, and this replaces "
                                  f"a part of it with a new mapping holding only the entries given: the rest of "
                                  f"what the caller put there is gone")
                    elif reason is None and switched is not None and harm.config_like(project, init, index, inner):
                        # the constant a switched-on instance writes stays for one built without it
                        fn, e = switched[0]
                        reason = (f"`{init.params[index]}` comes from the caller, and only an instance built "
                                  f"with {_switch_text(switched[1])} makes this change: another built from the "
                                  f"same object without it starts from it")
                # a wrapper acting on the kept object itself is by design, unless one instance
                # repeats a duplicating change on it (``self.checks.append("tcp:8080")`` per call)
                on_some = switched is not None and (reason is not None or bool(shared_at)) and not repeated \
                    and builder is None and not merged
                likely = bool(repeated or builder or (shared_at or reason) and (merged or on_some or not _acts_on_whole(hits))) \
                    and not _holds_state(project, init, index, hits, inner) and not harm.intended(project, fn) \
                    and not harm.documented_in_chain(project, e) \
                    and not harm.out_parameter(init, index) \
                    and not _editing_handle(hits) and not _working_buffers(hits) and not _links_back(hits) \
                    and not _registers_itself(hits) \
                    and not (_kept_by_what_it_keeps(project, constructions, index)
                             and not any(harm.duplicates(h[1]) and not h[1].stores_self for h in hits)) \
                    and not (_owner_back_reference(project, constructions, index)
                             and not any(harm.duplicates(h[1]) and not h[1].stores_self for h in hits))
                # (the same change made again is harmless; one instance's change seen by another
                # that would not make it is not)
                if not on_some and (shared_at and not repeated and all(harm.repeat_safe(h[1], constants=False)
                                                                       and not h[1].value_outside for h in hits)
                                    or reason and not repeated and builder is None and not merged and all(
                                        h[1].kind in (OVERWRITE, SETDEFAULT)
                                        and harm.repeat_safe(h[1], constants=False) for h in hits)):
                    # every instance, or every caller's call, fills in or normalises the same again
                    # (``fv["key"] = f`` into ``self.data[f]``: Cloud Custodian 0.9.53's filters);
                    # a value each instance reads from another attribute of its own is its own
                    # (``merge_dicts(self.deployment.environments, self.definition.environments)``)
                    likely = False
                if filled_at and not shared_at and not repeated and not builder and not reason:
                    likely = False  # the maker hands its new object over to be filled, then reads it
                if not repeated and _built_by_owner(project, real, index):
                    # every construction in the tree is a method's ``converter_class(self)``: the
                    # object hands itself to the parts it builds, which work on its state in turn
                    # (netjsonconfig 1.3.1's backends and their converters, sharing the backend's
                    # own deep copy of the configuration: B's of issue 8's blind set 72)
                    likely = False
                confidence = Confidence.HIGH if likely else Confidence.MEDIUM
                if builder is None:
                    # the change that goes wrong when repeated is the one named: a fill-if-missing
                    # next to it (a memo's owner filled once per key, ansible-core 2.19.14's play
                    # action groups) is not what the finding is about (the play's ``_tags``
                    # templated in place is: a B of issue 8's twenty-fourth set named the fill)
                    hits.sort(key=lambda h: harm.repeat_safe(h[1]) is not None)
                    fn, e = switched[0] if on_some else hits[0]
                shown = format_path("self", e.path)
                via = (" through " + " -> ".join(facts.short(q) for q in e.callees)) if e.callees else ""
                kept_name = format_path(init.params[index], inner)
                # a subclass's turn may come first (its module sorts first) for a change its base
                # makes in a method of its own: the base is the class to name (influxdb 5.3.2's
                # ``InfluxDBClient.request``, found while looking at ``DataFrameClient``)
                short_cls = (init.cls if fn.cls == init.cls and init.cls else cls_name).rsplit(".", 1)[-1]
                if _kept_by_what_it_keeps(project, constructions, index) and not repeated and not likely:
                    wrong = (f"every {short_cls} is stored in the object it is given, a registry that holds it, and "
                             f"this fills an entry of that registry, as it is meant to")
                    fix = "nothing to change if the registry is shared on purpose"
                elif _links_back(hits) and not repeated:
                    wrong = (f"it links the object to this {short_cls} (`{shown}.{e.op[1:-2]}`), and every {short_cls} "
                             f"built from the same object links it to itself in turn, so the last one wins")
                    fix = "nothing to change if wiring the caller's objects together is the point"
                elif queue:
                    wrong = (f"every `{builder[0]}()` on one {short_cls} takes the caller's entries out of it as a "
                             f"work queue, so the next one starts from what this one left")
                    fix = f"copy it in `{fn.name}` before changing it"
                elif builder is not None:
                    wrong = (f"every `{builder[0]}()` on one {short_cls} adds the same entries again, to the "
                             f"caller's object")
                    fix = f"copy it in `{fn.name}` before changing it"
                elif on_some:
                    wrong = (f"only an instance built with {_switch_text(switched[1])} makes this change, and "
                             f"another {short_cls} built from the same object without it starts from it")
                    fix = "copy it in `__init__`"
                elif repeated and not shared_at:
                    wrong = (f"every call on one {short_cls} changes it again, and so the caller's "
                             f"object, which the next call starts from")
                    fix = f"deep-copy it in `{fn.name}` before changing it"
                elif shared_at and repeated and harm.repeat_safe(e) is None:
                    # built from one object by several, and called again on one of them: a copy in
                    # ``__init__`` leaves each instance adding again to its own copy (moto 5.2.6's
                    # ``Job._get_container_property``, appending ``AWS_BATCH_JOB_ID`` to the kept
                    # environment on every ``describe``: a D of issue 8's twenty-seventh set whose
                    # suggested fix did not fix it)
                    wrong = (f"every {short_cls} built from the same object changes it for the others, and every "
                             f"later call on one {short_cls} changes it again")
                    fix = f"copy it in `{fn.name}` before changing it"
                elif shared_at:
                    wrong = f"every {short_cls} built from the same object changes it for the others"
                    fix = "copy it in `__init__`"
                elif merged:
                    what = f" (`{e.value_text}`)" if e.value_text else ""
                    wrong = (f"each {short_cls} merges what it reads for itself{what} into the caller's object, so "
                             f"the next one built from the same object starts with this one's entries")
                    # (``settings=None``: ``dict(None)`` raises, so the copy keeps the default's
                    # meaning; ansible-runner 2.4.3's ``BaseConfig``, blind set 44)
                    copied = f"{kept_name} or {{}}" if not inner and index in init.falsy_defaults else kept_name
                    fix = f"copy it in `__init__` (`dict({copied})`)"
                elif filled_at and reason is None:
                    wrong = (f"the object its maker builds for the call is filled through it, and the maker reads "
                             f"it afterwards")
                    fix = "nothing to change if filling it is the point; otherwise copy it in `__init__`"
                elif fn.name != "__init__" and harm.is_public(fn, project) and fn.cls and init.cls \
                        and (init.cls in project.mro(fn.cls) or fn.cls in project.mro(init.cls)):
                    # a public method of the class itself: a second call on the same instance
                    # starts from the changed object too, which a copy in ``__init__`` leaves as is
                    # (mlrun 1.12.1's ``WebhookNotification.push`` replacing the ``{{ runs }}``
                    # placeholder of its body: the next push sends the first one's runs; a D of
                    # issue 8's twenty-fourth set whose suggested fix did not fix it); also one the
                    # keeping class inherits (pyghmi 1.6.0's ``OEMHandler.get_event_log`` extending
                    # a cached list, kept by a vendor subclass's constructor: a D of the blind
                    # fifty-third set whose suggested copy in ``__init__`` fixed nothing)
                    wrong = (f"the caller's object changes under it, and every later `{fn.name}()`, on this "
                             f"{short_cls} or another built from the same object, starts from the changed one")
                    fix = f"copy it in `{fn.name}` before changing it"
                else:
                    wrong = f"the caller's object changes under it, and every {short_cls} built from it changes it again"
                    fix = "copy it in `__init__`"
                message = (
                    f"`{facts.short(fn.qualname)}` {facts.verb(e.op)} `{shown}`{via}, but `__init__` keeps the "
                    f"caller's `{kept_name}` there by reference: {wrong}; {fix}"
                )
                related = [facts.related(store_site, "kept by reference here")]
                related += facts.chain_related(e)
                # (the package's own constructions, when it has some: a test's say less of what users
                # do, and pelican 4.12.0's tests showed 18 of them next to the one that mattered)
                witnesses = [call for call in shared_at if call not in shared_in_tests] or shared_at
                related += [facts.related(call.site, harm.WITNESS + f"another {short_cls} is built here from the "
                                          f"same object, and sees the change") for call in witnesses]
                related += [facts.related(call.site, harm.WITNESS + "the method is called again here on the same "
                                          "object, and starts from the changed one") for call in repeated[:3]]
                if not shared_at and not repeated:
                    related += [facts.related(maker.site, f"the object is made for this call here, and read again "
                                              f"after it: filling it may be the point")
                                for makers in filled_at for maker in makers[:2]]
                if reason is not None:
                    related.append(harm.public_entry_related(facts, builder[3] if builder else init, reason))
                related += [facts.related(h[1].site, f"also mutated here ({h[1].op})") for h in hits[1:4]]
                defaulted = confidence is Confidence.MEDIUM and any(i == index for i, _, _ in init.mutable_defaults)
                if not defaulted:
                    facts.reported_sites.update(h[1].site for h in hits)
                seen_here = {site for site, _ in explained_here}
                explained_here.update((h[1].site, store_site) for h in hits)
                if confidence is Confidence.MEDIUM and all(h[1].site in seen_here for h in hits):
                    # another kept object's finding explains these sites already; a second,
                    # weaker one at the same helper line adds only noise to the preview tier
                    continue
                diagnostic = Diagnostic(cls.code, cls.name, message, facts.location(e.site),
                                        tuple(dict.fromkeys(related)), confidence=confidence, url=cls.url(),
                                        access_path=shown)
                if defaulted:
                    # kept from a parameter whose default is a mutable container: AL009 names the
                    # cause (every instance built without it shares the default) when it applies
                    facts.tentative(diagnostic, {h[1].site for h in hits})
                    tentative.add(id(diagnostic))
                out.append(diagnostic)
        return _one_per_change(out, tentative)

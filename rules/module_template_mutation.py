"""AL003 module-template-mutation."""
from __future__ import annotations

import ast

from aliaslint import harm
from aliaslint.dataflow import load
from aliaslint.diagnostics import Confidence, Diagnostic
from aliaslint.rule import Facts, Invalid, ProjectRule
from aliaslint.summary import ACCUMULATE, OVERWRITE, REMOVE, SETDEFAULT
from aliaslint.values import ANY, Fresh, Opaque, Ref, Root, deps_of, format_path, holds


def template_value(project, root):
    """The module- or class-level object a global root names, if it is a plain data template.

    Returns the object's value, or None for anything that is not a template: names bound only
    under ``__main__``, functions, classes, modules, and instances of project classes that have
    mutating methods of their own (state holders, registries, collectors).
    """
    if root.name.endswith("()"):  # the object a cached loader returns to every caller
        loader = project.functions.get(root.name[:-2])
        if loader is None or not loader.cached or harm.cache_meant_to_change(loader):
            return None
        objects = [o for o in project.rets.get(loader.qualname, ()) if isinstance(o, Fresh)]
        return frozenset(objects) or None
    got = project.lookup_qualname(root.name)
    if got is None:
        return None
    kind, q = got
    owner, _, name = q.rpartition(".")
    if kind == "global":
        value, _ = project.modules[owner].globals[name]
        main = project.functions.get(f"{owner}.<module>")
    elif kind == "classattr":
        if any(field == name for field, _ in project.classes[owner].dataclass_fields):
            # a dataclass's or attrs class's field: the generated ``__init__`` sets it on every
            # instance, so ``self.tags`` is the instance's, and a shared default is AL009's
            return None
        value, _ = project.classes[owner].class_attrs[name]
        main = project.functions.get(f"{owner}.<class>")
    else:
        return None
    resolved = set()
    for o in value:
        if isinstance(o, Ref) and o.root.kind == "call" and main is not None:
            resolved |= project.call_result(main, o.root.index)
        else:
            resolved.add(o)
    objects = [o for o in resolved if isinstance(o, Fresh)]
    if not objects or len(objects) != len(resolved):
        return None
    for o in objects:
        if o.kind == "instance":
            for cls in project.class_of_instance(o, main) if main else []:
                if project.has_own_mutators(cls):
                    return None
    return frozenset(objects)


#: the changes each builtin container's methods and statements make (``Effect.op``; the analyzer
#: records ``|=`` as ``+=``, which a dict takes since Python 3.9)
_CONTAINER_OPS = {
    "dict": {"update", "setdefault", "pop", "popitem", "clear", "[] =", "[] +=", "+=", "del", "del[]", "rename"},
    "list": {"append", "extend", "insert", "remove", "pop", "pop[]", "clear", "sort", "reverse", "[] =", "[] +=",
             "[:] =", "+=", "del", "del[]", "move"},
    "set": {"add", "discard", "remove", "pop", "pop[]", "update", "clear", "+="},
    "tuple": set(),
}


def _cannot_change(value, path: tuple[str, ...], op: str) -> bool:
    """Whether what ``path`` selects in a template's value cannot take the change ``op``: a literal
    string or number, or a builtin container without that method (ansible's ``STATIC_SOURCES =
    ["/etc/fstab", ...]`` "updated"): the alias model took the changed object for the template's
    (a tuple's places lost in ``(source, *rest)``), since the code would fail on it; or an empty
    tuple on the way (salt 3008.5's class-level ``functions = ()``, a default each instance
    replaces with its loader: ``self.functions[name].__globals__[k] = v`` changes nothing of it,
    an A of issue 8's twenty-sixth set)."""
    for sel in path:
        if value and all(isinstance(o, Fresh) and o.kind == "literal" and o.container == "tuple"
                         and not any(v for _, v in o.fields)
                         for o in value):
            return True  # nothing in it to select, let alone change
        value = load(value, sel)
    if not value:
        return False
    if all(isinstance(o, Opaque) and not o.deps and o.mutable is None for o in value):
        return True
    return all(isinstance(o, Fresh) and o.kind == "literal" and o.container in _CONTAINER_OPS
               and op not in _CONTAINER_OPS[o.container] for o in value)


def _holds_state_objects(project, value, e) -> bool:
    """Whether ``e`` sets an attribute on objects the template only refers to, every one of them
    another module-level object that is an instance (a singleton registry), not plain data. The
    template is a table of those objects; their attributes are their own state (checkov 3.3.30's
    ``block_type_registries = {"resource": resource_registry, ...}``, each registry's ``graph``
    set before it runs: B's of issue 8's thirteenth set)."""
    if not e.op.startswith(".") or not e.path:
        return False
    for sel in e.path:
        value = load(value, sel)
    return bool(value) and all(isinstance(o, Ref) and o.root.kind == "global" and not o.path
                               and _instances_only(project, o.root) for o in value)


def _instances_only(project, root) -> bool:
    """``root`` (a module-level name) holds instances of classes only, or is no template at all."""
    if project.lookup_qualname(root.name) is None:
        return False
    objects = template_value(project, root)
    return objects is None or all(isinstance(o, Fresh) and o.kind == "instance" for o in objects)


def _pool(project, items) -> bool:
    """The class-level list is a pool: its class's methods take elements out of it and use them
    (``pop()``, the result kept) and put back elements that came out of it (``append``,
    ``extend`` of what the taking method handed out, passed along by the class's own calls).
    mitogen 0.3.54's ``Latch._cls_idle_socketpairs``, "reusable socketpair tuples": ``_get_sleep``
    appends the ``rsock, wsock`` its caller got from ``_get_socketpair()``, which pops them (a B
    of issue 8's blind fortieth set). A list filled with what callers give (``push(x)``) is the
    classic shared class attribute, and stays."""
    if not items or any(not e.via_instance or e.path for _, e in items):
        return False
    takes = [(f, e) for f, e in items if e.kind == REMOVE and e.op.startswith("pop") and not e.discarded]
    puts = [(f, e) for f, e in items if e.kind == ACCUMULATE and e.op in ("append", "extend")]
    if not takes or not puts or len(takes) + len(puts) != len(items):
        return False
    takers = {f.qualname for f, _ in takes}
    return all(_handed_out_by(project, f, e, takers) for f, e in puts)


def _handed_out_by(project, fn, e, takers: set[str]) -> bool:
    """Every parameter (but ``self``) the value ``e`` puts back is made from, every call of ``fn``
    in the tree passes the result of a call of one of ``takers``; and there is such a call."""
    params = {r.index for r in e.value_deps if r.kind == "param" and r.index > 0}
    if not params:
        return True
    calls = harm.other_callers(project, fn)
    if not calls:
        return False
    for caller, call, t in calls:
        for index in params:
            arg = project.arg_for(call, t, index)
            if not arg:
                return False
            for o in arg:
                site = project.call_site(caller, o.root.index) \
                    if isinstance(o, Ref) and o.root.kind == "call" else None
                if site is None or not any(x.function in takers for x in project.targets(caller, site)):
                    return False
    return True


def _empties(e) -> bool:
    """``e`` empties the object at its top level: ``xs.clear()``, ``xs[:] = []``."""
    return not e.path and (e.op == "clear" or e.op == "[:] =" and e.value_text == "[]")


def _filler(project, root, changer, computed: bool = False) -> str | None:
    """A function other than ``changer`` (any, with ``None``) that adds to the object ``root``
    names, at its top level, what it was given or computed (``FUNCTION_CACHE.add(key)``, ``REGISTRY[name] = cls``): the
    object is a cache or a registry, not a template (lithops 3.8.0's test fixture clearing and
    restoring ``FUNCTION_CACHE``, a B of issue 8's eleventh set). Returns its qualified name.
    ``computed``: a value computed from other module-level state counts too (celery 5.7.0's
    ``sample_mem`` appending ``mem_rss()``, read from the process handle), asked for an object
    that ``changer`` only empties: a collector drained, not a template."""
    holder, _, attr = root.name.rpartition(".")
    for q in sorted(project.effects):
        if changer is not None and q == changer.qualname:
            continue
        fn = project.functions.get(q)
        # ``self.<attr>[k] = v`` in a method of the class (a callee's ``client.subparsers[k] = v``
        # reached with ``self``) fills the class-level object as much as a write naming it does
        own = (f".{attr}",) if fn is not None and fn.cls and fn.kind == "method" and holder in project.classes \
            and project.class_attr_owner(fn.cls, attr) == holder else None
        for e in project.effects[q].values():
            top = not e.path if e.root == root else own is not None and e.root.kind == "param" \
                and e.root.index == 0 and e.path == own
            if top and e.kind in (ACCUMULATE, OVERWRITE, SETDEFAULT) and any(
                    r.kind in ("param", "call", "unknown") or computed and r != root
                    for r in e.value_deps | e.key_deps):
                return q
    return None


def _starts_empty(project, root) -> bool:
    """The module- or class-level object ``root`` names is an empty dict, list or set
    (``subparsers = {}``, ``dict()``): whatever its entries are, the program put them there."""
    value = template_value(project, root) if not root.name.endswith("()") else None
    return bool(value) and all(isinstance(o, Fresh) and o.container in ("dict", "list", "set")
                               and not any(v for _, v in o.fields)  # (a list's ``[*]``, holding nothing)
                               and (o.kind == "literal" or o.kind == "copy" and not o.copy_of) for o in value)


def _material_paths(value, root, depth: int = 0):
    """The paths of ``root`` that a result holds or was copied from (``return TEMPLATE`` -> ``()``,
    ``Module(spec=T["spec"])`` -> ``("['spec']",)``)."""
    for o in value:
        if isinstance(o, Ref) and o.root == root:
            yield o.path
        if isinstance(o, Fresh) and depth < 5:
            for _, v in o.fields:
                yield from _material_paths(v, root, depth + 1)
            if o.copy_of is not None:
                yield from _material_paths(o.copy_of, root, depth + 1)


def _nested_whole(value, root, depth: int = 0) -> bool:
    """Whether a new object in ``value`` holds the whole of ``root`` as one of its parts
    (``res = {'heatmap': self.heatmap}; ...; return res``): the template is material the result
    is built from, so entries written into it with the call's keys are not a registry's or a
    cache's (grafanalib 0.7.1's class-level ``Heatmap.heatmap = {}``, merged into by each panel's
    ``extraJson``: a reproduced miss of issue 8's blind fifty-sixth set). A registry handed back
    whole is the object itself (``return _REGISTRY``), not a part of a new one."""
    return any(isinstance(o, Fresh) and depth < 4 and any(
        any(isinstance(x, Ref) and x.root == root and not x.path for x in v) or _nested_whole(v, root, depth + 1)
        for _, v in o.fields) for o in value)


def _functions_of(groups) -> frozenset:
    """The functions whose changes make up one cause's groups of ``(function, effect)``."""
    return frozenset(fn.qualname for items in groups for fn, _ in items)


def _instance_registry(project, holder: str, root) -> bool:
    """Whether the class-level object ``root`` of class ``holder`` is where the class's
    ``__new__`` (its own or a base's) keeps instances: it puts there what it returns, a new
    object (``self = object.__new__(cls); cls.initting_sessions[key] = self``), or hands back
    what the object holds (``return cls.initting_sessions.get(key)``). A metaclass loading a
    class-level cache in ``__new__`` keeps no instance there. One object per key for the whole
    process, every construction asking it first, is what it is for (pyghmi 1.6.0's IPMI
    ``Session``, sharing one session per BMC: B's of issue 8's blind fifty-third set)."""
    for cls in project.mro(holder):
        new = project.functions.get(f"{cls}.__new__")
        if new is None:
            continue
        handed = project.rets.get(new.qualname, frozenset())
        made = {o for o in new.returns if isinstance(o, Ref) and o.root.kind == "call"}
        if any(m.value & made and any(isinstance(o, Ref) and o.root == root for o in project.resolve(new, m.target))
               for m in new.mutations):
            return True  # ``self = object.__new__(cls); cls.sessions[key] = self; return self``
        return root in set(_roots(handed))
    return False


def _roots(value, depth: int = 0):
    for o in value:
        if isinstance(o, Ref):
            yield o.root
        elif isinstance(o, Fresh) and depth < 4:
            for _, v in o.fields:
                yield from _roots(v, depth + 1)
            if o.copy_of is not None:
                yield from _roots(o.copy_of, depth + 1)


def _literal(text: str) -> bool:
    """Whether ``text`` (an expression's source) is a literal: the same value on every run
    (``{"type": "list"}``, ``dict(type="int")``, ``frozenset({"a"})``)."""
    try:
        node = ast.parse(text, mode="eval").body
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return False
    return _literal_node(node)


def _literal_node(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant) and node.value is Ellipsis:
        return False  # what messages shorten (``frozenset(...)``): not known to be a literal
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
            and node.func.id in ("dict", "list", "set", "frozenset", "tuple"):
        return all(_literal_node(a) for a in node.args) and all(_literal_node(k.value) for k in node.keywords)
    try:
        ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False
    return True


def builds_from(result, root, mutated: tuple[str, ...]) -> bool:
    """Whether ``result`` is built from the part of the template that holds ``mutated``.

    A template is used whole or by fixed keys, and the mutated object lies inside what the
    result holds. A result read from an item chosen by a variable key (``return _cache[key]``),
    or a field read next to the one changed (``old = LOG.threshold; LOG.threshold = n``), is a
    lookup in a cache or registry, not material.
    """
    return any(
        ANY not in path and mutated[: len(path)] == path for path in _material_paths(result, root)
    )


def _built_outside(project, fn, result, root) -> bool:
    """Whether ``fn`` hands the whole template to a function of another package (not a builtin,
    :func:`_imported`) and returns what was computed from it: a builder of another package made the result from it
    (``get_item_properties(image, columns, formatters=_formatters)``: python-openstackclient
    7.1.0's ``image show``, a reproduced miss of issue 8's blind fifty-fifth set). A builtin's
    answer about it (``len(_active) + 1``) is no result built from the template."""
    def computed(value, depth: int = 0) -> bool:
        return any(isinstance(o, Opaque) and root in o.deps
                   or isinstance(o, Fresh) and depth < 4 and any(computed(v, depth + 1) for _, v in o.fields)
                   for o in value)

    if not computed(result):
        return False
    return any(not call.builtin_guess and not project.targets(fn, call) and _imported(call) and any(
        isinstance(o, Ref) and o.root == root and not o.path
        for v in call.passed() for o in project.resolve(fn, v))
        for call in fn.calls)


def _built_by_constructor(project, fn, result, root) -> bool:
    """Whether ``fn`` hands the whole template to a constructor of the tree and returns the
    instance it builds (``options = JIRA.DEFAULT_OPTIONS; options["server"] = url; return
    JIRA(options=options)``: jira 3.10.5's ``get_jira``, whose writes every later ``JIRA()``
    starts from, a reproduced miss of issue 8's blind fifty-seventh set)."""
    made = {o.site for o in result if isinstance(o, Fresh) and o.kind == "instance"}
    return bool(made) and any(call.site in made and any(
        isinstance(o, Ref) and o.root == root and not o.path
        for v in call.passed() for o in project.resolve(fn, v))
        for call in fn.calls)


def _imported(call) -> bool:
    """Whether ``call`` calls a name imported from another package (``utils.get_item_properties``
    with ``from osc_lib import utils``), not a method of an object the function was given (a
    client's ``post``: what it returns need not be made from what it is handed)."""
    return bool(call.callee) and all(isinstance(o, Ref) and o.root.kind == "global" for o in call.callee)


def _partitioned_by_instance(fn, e) -> bool:
    """A method reaches the entry it changes through items keyed by its own instance's fields
    (``self._seen_events[self.scope][event.id] = True``): the class-level object holds one slot
    per such key, shared only by the instances that have the same one, on purpose (prefect
    3.9.1's ``CausalOrdering``: its instances of one scope share what was seen; a B of issue 8's
    twenty-second set). A key from the call's arguments (``self.data[section][option] = v``) or
    a constant (``TEMPLATE["spec"][name] = v``) reaches a part every instance shares."""
    return bool(fn.cls) and fn.kind == "method" and bool(e.path_deps) \
        and all(p.startswith("[") for p in e.path) \
        and all(r.kind == "param" and r.index == 0 for r in e.path_deps)


def _fallbacks(fn, effects) -> dict:
    """``{(site, path): parameter name}`` for the changes ``fn`` makes directly to a parameter:
    a module-level object changed at the same site and path is what the name held when the
    caller gave no argument (``x = x or DEFAULT``, ``if x is None: x = DEFAULT``)."""
    return {(x.site, x.path): fn.params[x.root.index].lstrip("*")
            for x in effects if x.root.kind == "param" and not x.chain and x.root.index < len(fn.params)}


def _grows_with_inputs(e) -> bool:
    """:func:`aliaslint.harm.grows_with_inputs`, except through ``self``: a class-level set of
    what was seen, tested and grown through ``self``, is the classes' shared memory, not a
    template (pelican 4.12.0's ``LimitFilter._raised_messages``)."""
    return harm.grows_with_inputs(e) and not e.via_instance


def _fills_with_arguments(project, e) -> bool:
    """A missing entry of the template filled with what a caller gave (:func:`aliaslint.harm.
    fills_with_inputs`, the value from a parameter): ``headers.setdefault("User-Agent",
    self.user_agent)`` run by a session on a class-level ``HEADER_SOAP`` handed to it as
    ``headers=``. The first caller's value stays, and every later use, with other arguments,
    gets it (python-keystoneclient 6.0.0's SAML2 plugin: a second session sent the first one's
    User-Agent and ``Forwarded`` address; a reproduced miss of issue 8's blind forty-eighth set).
    Judged where the entry is filled: a callee filling it from its own parameters
    (``headers.setdefault("Content-Type", content_type)``) fills in what each of its callers
    gives, although one caller gives a constant (python-tackerclient 2.6.0's requests: a PATCH's
    ``merge-patch`` type kept for every later POST; the preview D of the fiftieth set). A value
    computed by a call alone (``os.getcwd()``) is the same for every use of the process. An
    object that starts empty (``_CARD_MODULES = []``, filled on the first call) is a memo: what
    the first call puts there is what it is for."""
    if e.kind != SETDEFAULT or _starts_empty(project, e.root):
        return False
    own = harm.made_by_callee(project, e)
    return own is not None and harm.fills_with_inputs(own) and any(r.kind == "param" and r != own.root for r in own.value_deps)


def _takes_inputs(project, e) -> bool:
    """The change puts what this use's inputs give into the template (:func:`_grows_with_inputs`,
    :func:`_fills_with_arguments`): the next use, with its own, finds this one's there."""
    return _grows_with_inputs(e) or _fills_with_arguments(project, e)


def _loader_calls(project, fn, loader: str) -> list:
    """The calls ``fn`` makes of the cached ``loader`` (a qualified name)."""
    return [c for c in fn.calls if any(t.function == loader for t in project.targets(fn, c))]


def _loader_call_text(project, fn, loader: str) -> str | None:
    """The source text of ``fn``'s one call of ``loader`` with its arguments
    (``relation_get(unit=unit, rid=rid)``), for the copy a message suggests; ``None`` when ``fn``
    calls it elsewhere than once (the change then comes through a callee, or from several)."""
    calls = _loader_calls(project, fn, loader)
    if len(calls) != 1:
        return None
    call = calls[0]
    args = [*call.arg_texts, *(f"{k}={v}" for k, v in call.kwarg_texts)]
    return f"{call.text}({', '.join(args)})" if len(args) == len(call.args) + len(call.kwargs) else None


def _written_with_its_key(project, fn, e) -> bool:
    """Whether ``e`` writes, at a named key, into what a cached loader returned to ``fn`` a value
    computed only from what chose the entry: the arguments of the calls that hand ``fn`` the
    object that reach the loader's own arguments (:func:`_asked_with`). Every call that gets
    that entry writes the same value again (charmhelpers 1.2.1's ``relations_for_id(relid)``
    setting ``unit_data['__relid__'] = relid`` on ``relation_for_unit(unit, relid)``, which
    returns ``relation_get(unit=unit, rid=rid)``; a C and a B of issue 8's blind forty-second
    set)."""
    if e.chain or e.kind != OVERWRITE or e.op != "[] =" or not e.selector or not e.value_deps:
        return False
    asked = _asked_with(project, fn, e.root.name[:-2], 0)
    return asked is not None and e.value_deps <= asked


def _asked_with(project, fn, loader: str, depth: int) -> set | None:
    """The roots, in ``fn``, of the arguments that choose the entry of the cached ``loader``
    that ``fn``'s calls hand it: a call of the loader, all of its arguments; a call of a
    function that hands back the loader's entry, the arguments it hands down to the loader (two
    levels down). ``None`` when no call hands it the entry, or one is past that."""
    root = Root("global", f"{loader}()")
    asked: set = set()
    found = False
    for call in fn.calls:
        if not holds(project.resolve(fn, frozenset({Ref(Root("call", "", call.id))})),
                     lambda o: isinstance(o, Ref) and o.root == root):
            continue
        for t in project.targets(fn, call):
            callee = project.functions.get(t.function)
            if callee is None:
                return None
            if t.function == loader:
                indices = set(range(len(callee.params)))
            else:
                inner = _asked_with(project, callee, loader, depth + 1) if depth < 2 else None
                if inner is None:
                    return None
                indices = {r.index for r in inner if r.kind == "param"}
            for i in indices:
                a = project.arg_for(call, t, i)
                if a is not None:  # (the roots an effect's value is said to come from, alike)
                    asked |= deps_of(project.resolve(fn, a)) | project.call_input_roots(fn, a)
            found = True
    return asked if found else None


def _cache_cleared_after(project, fn, e, loader: str):
    """The call of ``fn``, after the change ``e`` (or after the call that leads to it), that
    clears the cache of the cached ``loader``, directly or through its callees (three levels):
    ``loader.cache_clear()`` (``functools``), or a function that takes entries out of the
    module-level object the loader's caching decorator stores its results in (charmhelpers
    1.2.1's ``flush(key)`` for ``@cached``, which ``relation_set`` runs last; ``relation_clear``
    blanking the entries of the cached ``relation_get(...)`` and then setting them: a C of
    issue 8's blind forty-second set whose message said every later call gets it back changed).
    ``None`` when there is none."""
    fl = project.functions.get(loader)
    if fl is None:
        return None
    short = loader.rsplit(".", 1)[-1]
    stores = set()
    for d in project.resolve(fl, fl.decorated_by):
        if isinstance(d, Ref) and d.root.kind == "global" and not d.path:
            for q, effects in project.effects.items():
                if q.startswith(d.root.name + "."):  # the decorator's own wrapper
                    stores |= {x.root for x in effects.values() if x.root.kind == "global" and x.kind == OVERWRITE}
    start = e.chain[0] if e.chain else e.site
    for call in fn.calls:
        if (call.site.line, call.site.column) <= (start.line, start.column):
            continue
        if _clears_cache(call, short) or any(_clears(project, t.function, stores, short, 0)
                                             for t in project.targets(fn, call)):
            return call
    return None


def _clears_cache(call, short: str) -> bool:
    """``call`` is ``<short>.cache_clear()``: ``functools``' way to empty a cached function's cache."""
    return call.text.endswith(".cache_clear") and call.text.rsplit(".", 2)[-2] == short


def _clears(project, function: str, roots: set, short: str, depth: int) -> bool:
    """Whether ``function``, or a function it calls (three levels down), takes entries out of
    one of the module-level ``roots`` or calls ``<short>.cache_clear()``."""
    if any(x.kind == REMOVE and x.root in roots for x in project.effects.get(function, {}).values()):
        return True
    fn = project.functions.get(function)
    return fn is not None and depth < 3 and any(
        _clears_cache(call, short) or any(_clears(project, t.function, roots, short, depth + 1)
                                          for t in project.targets(fn, call)) for call in fn.calls)


def _cached_override(project, fn, loader: str) -> bool:
    """Whether ``fn`` is a cached method overriding the cached method ``loader`` of a base class
    (``@lru_cache def get_path(self): path = super().get_path(); path.insert(0, ...)``): it runs
    once per instance, and so does its change to what the base cached for that instance, before
    anyone but ``fn`` has it (jupyter-repo2docker 2026.4's build packs)."""
    base = project.functions.get(loader)
    return bool(fn.cached and base is not None and base.cached and fn.cls and base.cls and fn.name == base.name
                and base.cls != fn.cls and base.cls in project.mro(fn.cls))


def _written_from_cache_key(project, fn, e, loader: str) -> bool:
    """Whether ``e`` writes, into the object the cached ``loader`` returned to ``fn``, a value
    computed only from what ``fn`` passed that call (the cache's key) and module-level names:
    every caller handed this object asked with the same key and writes the same value
    (cartography 0.143.0's ``get_botocore_config`` resetting ``config.retries`` to the
    ``max_attempts`` and ``retry_mode`` it cached the config for, after botocore rewrote them: a B
    of issue 8's blind sixty-fourth set). A value of another input, or an addition, differs from
    one caller to the next."""
    if e.kind != OVERWRITE or not e.value_deps or e.key_deps:
        return False
    calls = [c for c in fn.calls if any(t.function == loader for t in project.targets(fn, c))]
    asked = frozenset().union(*(deps_of(project.resolve(fn, v)) for c in calls
                                for v in c.passed()))
    return bool(calls) and any(r.kind == "param" for r in e.value_deps) \
        and all(r in asked or r.kind == "global" for r in e.value_deps)


def _repeat_safe(project, e, constants: bool = True) -> bool:
    """:func:`aliaslint.harm.repeat_safe`, except for an append or add guarded by a membership test
    that adds what the inputs give, or a missing entry filled with a caller's value
    (:func:`_takes_inputs`): the next call adds its own, or reads the first one's."""
    return harm.repeat_safe(e, constants=constants) is not None and not _takes_inputs(project, e)


def _same_constant_everywhere(project, root, items, users) -> bool:
    """Whether every change in ``items`` writes a constant (a literal, or a module-level name such
    as a class: nothing the call was given or computed) at a named key,
    and every function in ``users`` (those that change or build from ``root``) writes the same
    source text there, one of them on every path: whoever wrote it last, the entry holds that one
    value, as it would had the writer on every path run. A user that does not write it would get
    it from another (intersight-ansible's plugins, each adding its own options to one spec)."""
    for _, e in items:
        if e.kind != OVERWRITE or not e.selector or not e.value_text or e.key_deps \
                or any(r.kind in ("param", "call", "unknown") for r in e.value_deps):
            return False
        always = False
        for q in users:
            writes = False
            for x in project.effects.get(q, {}).values():
                if x.root == root and x.path == e.path and x.selector == e.selector:
                    if x.value_text != e.value_text or x.kind != OVERWRITE:
                        return False
                    writes = True
                    always = always or not x.conditional
            if not writes:
                return False  # a user that does not set it gets it from another (intersight's spec)
        if not always:
            # written only on some paths (``if parsed_args.human_readable: _formatters["size"] =
            # ...``): a run that takes another path gets it all the same
            return False
    return True


def put_into_argument(fn, root, path: tuple[str, ...] = (), op: str = ""):
    """Whether ``fn`` puts the template, or the part of it holding ``path`` (the changed access
    path; ``op`` the change), into an object its caller passed (``tol = spec.setdefault("tolerations",
    DEFAULT_TOLERATIONS)``, then ``tol.append(...)``; ``settings[key] = DEFAULT_CONFIG[key]``, then
    ``settings["PAGE_EXCLUDES"].append(p)``): the caller's object is built from it, as a result
    would be, and every object it is put into shares it. A value only computed from the template
    (``spec["id"] = len(TEMPLATE)``) is not it. Returns the change that puts it in, or ``None``."""
    def holds_changed_part(v) -> bool:
        if not (isinstance(v, Ref) and v.root == root and v.path == path[:len(v.path)]):
            return False
        # a part is plain data changed through its items: an attribute set on an element makes it
        # an object (a plug-in class picked from a registry, metaflow 2.19's ``[d for d in
        # DATASTORES if d.TYPE == datastore][0].datastore_root = root``)
        return not v.path or not (op.startswith(".") or any(s.startswith(".") for s in path[len(v.path):]))

    # (an object a call gave back is the caller's too when the callee hands its argument back:
    # ``settings = get_jinja_environment(settings)``, pelican 4.12.0)
    return next((m for m in fn.mutations
                 if any(isinstance(t, Ref) and t.root.kind in ("param", "call") for t in m.target)
                 and any(holds_changed_part(v) for v in m.value)), None)


def _per_call_slot(fn, e, ret) -> bool:
    """``e`` puts this call's own value (computed from its arguments) into a named slot of the
    shared object, on every path, and ``fn`` neither returns nor keeps the object: the slot passes
    an argument through the object to whatever ``fn`` hands it to next, and each use sets it again
    before handing it on, so no later use reads what this one wrote (dagster 1.13's cached alembic
    ``Config``: ``config.attributes["connection"] = conn`` right before ``stamp(config, rev)``,
    eleven default findings, none a bug). A result built from the object, or a field keeping it,
    would carry this call's value into the next call's (``TEMPLATE["name"] = name; return
    TEMPLATE``): not this."""
    if e.kind != OVERWRITE or e.conditional or e.key_deps or not any(r.kind in ("param", "call", "unknown") for r in e.value_deps):
        return False
    kept = [v for _, v, _ in fn.self_stores] + [st.value for st in fn.stores]
    return not any(r == e.root for v in (ret, *kept) for r in _roots(v))


def _before_the_loader_call(fn, e, loader: str) -> bool:
    """Whether ``e``, a change of what the cached ``loader`` returns, is written in ``fn`` above
    the first call of the loader: it reaches the cached object only on a later round of a loop
    that rebinds a name to it, so the change right after the call, where the problem starts,
    leads the finding (pyeapi 1.0.4's ``_chunkify``: ``parsed.update(sections)`` after
    ``parsed = self._chunkify(...)``, not the banner write above it; blind set 46's reader)."""
    name = loader.rsplit(".", 1)[-1]
    calls = [c.site for c in fn.calls if c.text.rsplit(".", 1)[-1] == name]
    return bool(calls) and (e.chain or (e.site,))[0] < min(calls)


def _harmless(project, fn, e) -> bool:
    """A change of a class-level object that repeating does no harm (:func:`_repeat_safe`), or a
    slot each call sets again before handing the object on (:func:`_per_call_slot`): the others
    beside it lead its finding and explain it (python-tackerclient 2.6.0's class-level request
    ``headers``: ``X-Auth-Token`` written on every request, and ``Content-Type`` filled once
    with the first request's type, which every later request of any instance keeps; the preview
    D of issue 8's blind fiftieth set)."""
    return _repeat_safe(project, e) or _per_call_slot(fn, e, project.rets.get(fn.qualname, frozenset()))


def _leading_first(project, items: list) -> list:
    """The changes ``(function, effect)`` of one class-level object, the one that leads its
    finding first: a harmful one (:func:`_harmless`) before the others, then by
    :data:`_KIND_ORDER`, then the first in the code. When that one would be explained through more
    than :data:`aliaslint.harm.MAX_PLACES_ON_THE_WAY` calls and changes, the one reached through
    the fewest calls leads instead (python-tackerclient 2.6.0's ``VnfFMClient``: its alarms
    listing reached the request's ``headers.setdefault`` through eight calls, its subscription
    through four)."""
    def rank(item, shortest: bool = False) -> tuple:
        fn, e = item
        return (_harmless(project, fn, e), _KIND_ORDER.get(e.kind, 3), len(e.chain) if shortest else 0,
                (e.chain or (e.site,))[0])

    ordered = sorted(items, key=rank)
    if len(ordered[0][1].chain) + len({e.site for _, e in ordered}) > harm.MAX_PLACES_ON_THE_WAY:
        ordered = sorted(items, key=lambda item: rank(item, shortest=True))
    return ordered


#: which change of a class-level object leads its finding: what makes instances see each other's
#: entries first
_KIND_ORDER = {ACCUMULATE: 0, REMOVE: 1, OVERWRITE: 2}

class ModuleTemplateMutation(ProjectRule):
    """
    ## What it does
    Finds a function that mutates a module- or class-level object it also uses as material for
    what it builds (returns it, embeds it, copies from it, or returns what a call outside the
    tree made from it: `get_item_properties(item, columns, formatters=_formatters)`): directly,
    through a local alias (`spec = TEMPLATE`), through a callee, or across modules (a constant
    imported from another module). A template put whole into a new result and then merged into
    with the call's own keys (`res = {"heatmap": self.heatmap}; _deep_update(res, self.extra)`:
    grafanalib 0.7.1's class-level `Heatmap.heatmap`) is material, not a registry.

    ## Why is this bad?
    The template is shared by every call and every caller: what one call writes into it, the
    next call inherits (intersight-ansible #108: each module's options bled into every other
    module's `argument_spec`; 15k sanity errors).

    Registries and caches written at keys that depend on the function's inputs
    (`REGISTRY[name] = cls`; `for c in range(version, 0, -1): LOOKUP[c] = url`), and
    module-level instances of a project class changed through that class's own methods
    (collectors, trackers), are state by design and are not reported. A list, dict or deque
    changed with its built-in methods (`append`, `remove`) is a template like any other.
    Neither is a write, at a named key, into the entry a cached loader returned, of what chose
    that entry (`unit_data["__relid__"] = relid` on `relation_for_unit(unit, relid)`): every
    call that gets the entry writes the same value into it again. A change of a cached entry followed by a call
    that clears the cache (`loader.cache_clear()`, or the caching decorator's store emptied by a
    `flush(key)`) reaches no later call: `--preview`, saying so.

    ## Example
    ```python
    COMMON_SPEC = dict(api_key=dict(type="str"))

    def ntp_policy_main():
        argument_spec = COMMON_SPEC
        argument_spec.update(state=dict(type="str"))
        return Module(argument_spec=argument_spec)
    ```

    ## Use instead
    ```python
    def ntp_policy_main():
        argument_spec = copy.deepcopy(COMMON_SPEC)
        argument_spec.update(state=dict(type="str"))
        return Module(argument_spec=argument_spec)
    ```

    ## Fix safety
    No automatic fix: the right copy (shallow or deep) depends on which level is changed.

    ## Tiers
    Shown by default, with the second use named as a related location:
    - the next call builds from the changed template, every instance reads the changed
      class-level object, or a cached loader hands the changed object to every later caller;
    - a module-level object that stands in for a parameter the caller left out (`if flags is
      None: flags = DEFAULT_FLAGS`) and is then changed, whatever its keys: every later call
      without the argument gets it changed;
    - a template merged into what a function builds (`deep_merge(cfg, DEFAULTS)` puts the
      template's nested dicts into `cfg` by reference) when a later merge changes them there
      (`deep_merge(cfg, user)`): the statement that stored them is named too;
    - a template, or the part of it that is changed, put into the caller's object by reference
      (`settings[key] = DEFAULT_CONFIG[key]`, for a key not known; `rule.setdefault("include",
      DEFAULTS["include"])`, or `rule.setdefault(key, val)` for each of the template's items)
      and then changed through it;
    - an append guarded by a membership test that adds what the inputs give (`if path not in
      excludes: excludes.append(path)`): the guard keeps one entry from being added twice, not
      the next call's other entries from joining it;
    - a missing entry of a template that holds entries of its own filled with what a caller gave
      (`headers.setdefault("Content-Type", content_type)` run on a class-level `headers` handed
      to a request): the first call's value stays, and every later call gets it instead of its
      own.

    Of several changes of one class-level object, one that does harm leads the finding (and,
    when it would take more than 12 calls and changes to explain, the one reached through the
    fewest calls); harmless ones beside it (a token written again on every request) are left out
    of the explanation.

    One finding per cause: the same changes reached from several functions (through one helper)
    are one finding, the other functions its related locations; a class-level object that several
    methods of one class change through `self` is one finding, the other changes its related
    locations.

    `--preview` only:
    - a module-level name spelt as a dunder (`__grains__ = {}`): a slot a plug-in loader fills
      with the live object the module is meant to change;
    - a class attribute declared `ClassVar` and filled at its own level: a cache or a registry
      shared on purpose;
    - a named slot that each call sets to a value of its own, on every path, before handing the
      object on, when nothing keeps the object (a cached `Config` given this call's connection
      before a command runs);
    - the one function that uses a template putting the same constant into it on every call,
      which changes nothing the second time; an entry that every function writing it sets to the
      same constant, one of them on every path (`_formatters["properties"] = DictColumn` in two
      commands); a constant set as the process's settings say (`if
      cherrypy.config["apiopts"].get("x"): self._cp_config["tools.auth.on"] = False`);
    - a metaclass's `__new__` or `__init__` adding to a class-level collection
      (`Register._reg.append(cls)`): it runs once per class statement, a registry of classes;
    - a singleton's class-level state (a classmethod or `__new__` keeps the class's one
      instance, `cls._instance = cls()`): there are no other instances to share it;
    - a class-level object the class's `__new__` keeps the instances it makes in, or hands them
      out from (`cls.sessions[(host, user)] = self`, `return cls.sessions.get(key)`): a registry
      of instances, one per key for the whole process;
    - emptying (and refilling from a saved copy) an object that another function fills with what
      it is given (`FUNCTION_CACHE.add(key)`): a cache or a registry reset; only emptying
      (`xs[:] = []`, `xs.clear()`) a collector that another function adds to: a drain;
    - adding to a class-level list that a loop works through until it is empty (`while
      config.DEPRECATED: config.DEPRECATED.pop(0)`), or taking its entries out one by one as
      that loop does: a queue;
    - an entry of a class-level object that starts empty (`subparsers = {}`) and that the program
      fills as it runs (`client.subparsers[name] = add_parser(name)`), picked by the instance's
      own field (`self.subparsers[self.resource].description = ...`): a registry's entry;
    - a class-level pool: one method takes an object out (`self._idle.pop()`) and another puts
      back what the taking method handed out (`self._idle.append((rsock, wsock))`), objects the
      class made itself, shared by every instance on purpose;
    - a function of no arguments setting named entries of the object from what it reads, not
      literals (`filters["modules"] = frozenset(data[...])`): it loads the object, and a second
      call sets the same entries again;
    - a cached method overriding a cached method of a base class and changing what the base
      cached for the same instance (`@lru_cache def get_path(self): path = super().get_path();
      path.insert(0, ...)`): it runs once per instance, before any caller gets the object;
    - a write into a cached loader's object of values computed only from the arguments the
      cached call was given (`config = _config(max_attempts=n); config.retries = {"max_attempts":
      n}`): every caller handed that object asked with the same key and writes the same.

    Not reported: a membership-guarded append of a constant (added once, ever); a memo, an object
    that starts empty, filled on the first call with what that call gives.

    Not class-level state at all: the field defaults of pydantic and SQLModel models (`rows: list
    = []` in a `BaseModel` or a `RootModel[...]`), which each instance gets a copy of; an empty
    tuple (`functions = ()`), which holds nothing to change.
    """

    code = "AL003"
    name = "module-template-mutation"
    summary = "A function mutates a module-level template it builds from"

    VALID = (
        "REGISTRY = {}\n\ndef register(name, cls):\n    REGISTRY[name] = cls\n    return cls\n",
        "import copy\nT = {'spec': {'env': []}}\n\ndef build():\n    t = copy.deepcopy(T)\n    t['spec']['env'].append(1)\n    return t\n",
        "class C:\n    def __init__(self):\n        self.n = {}\n\n    def hit(self, k):\n        self.n[k] = 1\n\nSTATS = C()\n\ndef f(k):\n    STATS.hit('x')\n    return STATS\n",
        # a cache: the result is an item chosen by the inputs, evictions included
        "_cache = {}\n\ndef compile(pattern, flags):\n    try:\n        return _cache[pattern, flags]\n    except KeyError:\n        pass\n"
        "    p = build(pattern, flags)\n    if len(_cache) >= 512:\n        del _cache[next(iter(_cache))]\n"
        "    _cache[pattern, flags] = p\n    return p\n",
        # a setter that returns the old value of the field it sets
        "class Log:\n    def __init__(self):\n        self.threshold = 1\n\nLOG = Log()\n\n"
        "def set_threshold(level):\n    old = LOG.threshold\n    LOG.threshold = level\n    return old\n",
        # tuple assignment binds place by place: ``found`` is a new list, not the sentinel
        "UNDEF = []\n\ndef scan(tokens):\n    found, value = [], UNDEF\n    for t in tokens:\n"
        "        found.append((t, value))\n    return found\n",
    )
    PREVIEW = (
        # the only function using the template puts the same constant in on every call
        Invalid(
            "SPEC = dict(a=dict(type='str'))\n\ndef main():\n    spec = SPEC\n    spec.update(b=dict(type='int'))\n    return dict(argument_spec=spec)\n",
            5, 5, "SPEC",
        ),
    )
    INVALID = (
        # one entry point adds its options to a spec another one builds from (intersight #108)
        Invalid(
            "SPEC = dict(a=dict(type='str'))\n\ndef main():\n    spec = SPEC\n    spec.update(b=dict(type='int'))\n    return dict(argument_spec=spec)\n\n"
            "def describe():\n    return dict(argument_spec=dict(SPEC))\n",
            5, 5, "SPEC",
        ),
        Invalid(
            "TEMPLATE = {'spec': {'containers': []}}\n\ndef add(spec, c):\n    spec['spec']['containers'].append(c)\n\n"
            "def build(c):\n    add(TEMPLATE, c)\n    return TEMPLATE\n",
            7, 5,
        ),
        Invalid(
            "class Builder:\n    TEMPLATE = {'spec': {'containers': []}}\n\n    def build(self, name):\n"
            "        spec = self.TEMPLATE\n        spec['spec']['containers'].append({'name': name})\n        return spec\n",
            6, 9, "a class-level object that every instance shares",
        ),
    )

    @classmethod
    def check_project(cls, project, facts: Facts) -> list[Diagnostic]:
        found: dict = {}
        #: ``(function, root) -> parameter``: the template is what the function uses for that
        #: parameter when the caller gives none
        stands_in: dict = {}
        #: ``(function, root) -> site``: where the function puts the template (or the part that
        #: is changed) into an object its caller gave, by reference
        put_at: dict = {}
        for fn in project.functions.values():
            if fn.kind == "module" or fn.name.startswith("<"):
                continue
            ret = None
            fallbacks = None
            for e in project.effects.get(fn.qualname, {}).values():
                if e.root.kind != "global" or e.inherited or e.copy or e.realias or e.own_method:
                    continue
                if e.kind == SETDEFAULT and not _takes_inputs(project, e) or e.site in facts.reported_sites:
                    continue
                value = template_value(project, e.root)
                if value is None or _cannot_change(value, e.path, e.op) or _holds_state_objects(project, value, e):
                    continue
                if e.stores_self:
                    continue  # the instance registers itself with its class (a back-reference)
                if ret is None:
                    ret = project.rets.get(fn.qualname, frozenset())
                cached = e.root.name.endswith("()")  # a cached loader's object: nobody's to change
                if cached and _written_with_its_key(project, fn, e):
                    continue
                builds = e.via_instance or cached or e.stored_at is not None or builds_from(ret, e.root, e.path) \
                    or _built_outside(project, fn, ret, e.root) or _built_by_constructor(project, fn, ret, e.root)
                if not builds and (put := put_into_argument(fn, e.root, e.path, e.op)) is not None:
                    builds = True
                    put_at.setdefault((fn.qualname, e.root), put)
                # a registry or cache is written at keys that depend on the inputs; a template the
                # result is built from is polluted by such a write all the same
                registry = any(r.kind in ("param", "call", "unknown") for r in e.key_deps) \
                    and (not e.path or _partitioned_by_instance(fn, e)) and not cached \
                    and not (not e.path and (e.stored_at is not None or _nested_whole(ret, e.root)))
                if not builds or registry:
                    # not used as material for the result (a setter, a cache), unless it stands in
                    # for a parameter the caller left out: then it is every later such call's
                    # argument (kapitan 0.36.3's ``render_chart``: ``if helm_flags is None:
                    # helm_flags = HELM_DEFAULT_FLAGS``, then the chart's flags written into it)
                    if fallbacks is None:
                        fallbacks = _fallbacks(fn, project.effects.get(fn.qualname, {}).values())
                    param = fallbacks.get((e.site, e.path)) if not e.chain else None
                    if param is None:
                        continue
                    stands_in[fn.qualname, e.root] = param
                found.setdefault((fn.qualname, e.root), []).append((fn, e))
        # which functions write or build from each template: one function putting the same
        # constant in is harmless, several bleed into each other (intersight's argument spec)
        users: dict = {}
        for q, effects in project.effects.items():
            for root in {x.root for x in effects.values() if x.root.kind == "global" and not x.chain}:
                users.setdefault(root, set()).add(q)
        for q, ret in project.rets.items():  # functions building their result from a template read it
            for root in {r for r in _roots(ret) if r.kind == "global"}:
                users.setdefault(root, set()).add(q)
        # one finding per cause: the same changes of one template, reached from several functions
        # (eleven storages calling one helper that writes the cached object), with the others as
        # related locations
        causes: dict = {}
        for (_, root), items in found.items():
            if all(other.via_instance for _, other in items):
                # a class-level object changed through ``self``: one cause per class, whichever of
                # its methods change it (airbyte-cdk's ``FileBasedErrorsCollector.errors``, appended
                # to by ``collect`` and cleared by ``yield_and_raise_collected``), and one fix, in
                # that class's ``__init__``; a subclass changing it is a cause of its own
                causes.setdefault((root, ("class", items[0][0].cls)), [[]])[0].extend(items)
            else:
                causes.setdefault((root, frozenset(other.site for _, other in items)), []).append(items)
        # the same changes reaching one of several templates (``fields = (STATIC if s else
        # DYNAMIC)[k]; fields.update(...)``): one finding, the other templates named with it
        # (only from the same functions: two functions handing two templates to one helper that
        # changes what it is given are two causes, each with its own template)
        alternatives: dict = {}
        for (root, sites), groups in causes.items():
            if isinstance(sites, frozenset):
                alternatives.setdefault((sites, _functions_of(groups)), []).append(root)
        out = []
        for (root, sites), groups in causes.items():
            by_class = not isinstance(sites, frozenset)
            if not by_class and alternatives[sites, _functions_of(groups)][0] != root:
                continue
            items = _leading_first(project, groups[0])
            if root.name.endswith("()"):
                items = sorted(items, key=lambda item: _before_the_loader_call(item[0], item[1], root.name[:-2]))
            fn, e = items[0]
            site = e.chain[0] if e.chain else e.site
            name = facts.root_name(fn, root)
            shown = format_path(name, e.path)
            via = (" (through " + " -> ".join(facts.short(q) for q in e.callees) + ")") if e.callees else ""
            level = "class-level" if root.name.rsplit(".", 1)[0] in project.classes else "module-level"
            holder = root.name.rsplit(".", 1)[0]
            # the two kinds of class-level state meant to be shared (preview only): say so, and
            # no copy in ``__init__`` (which would break the registry)
            intended = None
            if all(harm.registers_classes(project, f, other) for f, other in items):
                intended = ("the metaclass runs once per class statement, so this registers each class it "
                            "makes: a registry, shared on purpose; nothing to change if that is intended")
            elif all(other.via_instance for _, other in items) and holder in project.classes \
                    and harm.singleton(project, holder):
                intended = ("the class hands out one instance (a singleton getter keeps it in a class-level "
                            "field), so this is that instance's own state; nothing to change if no other "
                            "instance is made")
            elif holder in project.classes and name.rsplit(".", 1)[-1] in project.classes[holder].class_vars \
                    and all(not other.path for _, other in items):
                # (declared shared, and filled at its own level: a cache or a registry; a part of a
                # ``ClassVar`` template changed is still every later instance's template)
                intended = ("it is declared `ClassVar`: one object for the class and every instance, on "
                            "purpose; nothing to change if sharing it is intended")
            elif root.name.endswith("()") and (clearing := _cache_cleared_after(project, fn, e, root.name[:-2])):
                intended = (f"the cache is cleared after the change (`{clearing.text}(...)`, line {clearing.site.line}), "
                            f"so a later call gets a new object; nothing to change unless a caller holds the old "
                            f"one and reads it again")
            elif root.name.endswith("()") and _cached_override(project, fn, root.name[:-2]):
                base = facts.short(root.name[:-2])
                intended = (f"`{facts.short(fn.qualname)}` is cached too and overrides `{base}`: it changes the "
                            f"object `{base}` cached for the same instance once, before any caller gets it (its "
                            f"own result is built from it); nothing to change unless other code calls `{base}`")
            elif root.name.endswith("()") and all(_written_from_cache_key(project, f, other, root.name[:-2])
                                                  for f, other in items):
                intended = ("it writes there values computed from the arguments the cached call was given (the "
                            "cache's key), so every caller handed this object writes the same; nothing to change "
                            "unless some other code writes other values into it")
            elif holder in project.classes and holder.rsplit(".", 1)[0] in project.functions:
                maker = facts.short(holder.rsplit(".", 1)[0])
                intended = (f"the class statement is inside `{maker}`, so each call of it makes a new class "
                            f"with a new class-level object, shared only by the instances that call makes; "
                            f"nothing to change unless one call makes several")
            if intended is None and holder in project.classes and all(
                    (other.kind == ACCUMULATE or other.kind == REMOVE and other.op in ("pop[]", "popleft"))
                    and not other.path for _, other in items) \
                    and name.rsplit(".", 1)[-1] in harm.drained_attributes(project):
                # ``self.DEPRECATED.append(...)`` into a class-level list that another module works
                # through (``while config.DEPRECATED: dep = config.DEPRECATED.pop(0)``): a queue,
                # filled to be drained (ansible-core 2.19.14's config manager and display, a B of
                # issue 8's twenty-fourth set); and taking the entries out one by one, as the loop
                # that drains it does (pyghmi 1.6.0's IPMI sessions appending log-on callbacks to a
                # class-level list that ``while self.iterwaiters: self.iterwaiters.pop()(...)``
                # runs; B's of issue 8's blind fifty-third set)
                doing = "adding to it" if any(other.kind == ACCUMULATE for _, other in items) \
                    else "taking its entries out"
                intended = (f"it is worked through as a queue (a loop takes its entries out until it is empty), "
                            f"so {doing} is what it is for; nothing to change if that is intended")
            if intended is None and holder in project.classes and _instance_registry(project, holder, root):
                intended = ("the class's `__new__` hands out instances it keeps here, or keeps the ones it "
                            "makes here (a registry of instances, shared by every instance on purpose); "
                            "nothing to change if that is intended")
            if intended is None and holder in project.classes and _pool(project, items):
                intended = ("the class takes objects out of it and puts them back, objects it made itself (a "
                            "pool of reusable ones, shared by every instance on purpose); nothing to change if "
                            "that is intended")
            filler = None if intended is not None else _filler(project, root, fn)
            registry = _filler(project, root, None) if intended is None and _starts_empty(project, root) \
                and all(_partitioned_by_instance(f, other) for f, other in items) else None
            if registry is not None:
                # ``subparsers = {}`` at class level, filled by ``client.subparsers[name] =
                # add_parser(name)`` elsewhere, and ``self.subparsers[self.resource].description =
                # ...`` here (awxkit 24.6.1's CLI; its ``_scoped_dependencies_by_frame``, keyed by
                # the root call's frame: two B's of issue 8's blind forty-seventh set): an entry the
                # program put in at run time, picked by the instance's own field, is changed, and
                # the definition holds none. Not an entry picked by the call's arguments
                # (``self.data[section][option] = value``): every instance's sections
                intended = (f"it starts empty, `{facts.short(registry)}` puts entries in it as the program runs "
                            f"(a registry), and this changes the entry the instance's own field picks, not a "
                            f"template; nothing to change if that is intended")
                filler = None
            drains = all(_empties(other) for _, other in items)
            if filler is None and intended is None and drains:
                filler = _filler(project, root, fn, computed=True)
            if filler is not None and all(_empties(other) or not other.path and other.value_deps == frozenset({root})
                                          for _, other in items):
                # (``_mem_sample[:] = []`` empties it as ``clear()`` does: celery 5.7.0's
                # ``_memdump`` draining the samples ``sample_mem`` collects, issue 8's nineteenth set)
                if drains:
                    intended = (f"`{facts.short(filler)}` fills it (a collector), so emptying it is a drain; "
                                f"nothing to change if that is intended")
                else:
                    intended = (f"`{facts.short(filler)}` fills it with what it is given (a cache or a registry), "
                                f"so emptying it, and putting back what it held, is a reset; nothing to change if "
                                f"that is intended")
            slots = [_per_call_slot(f, x, project.rets.get(f.qualname, frozenset())) for f, x in items]
            slot = intended is None and any(slots) and all(
                is_slot or _repeat_safe(project, x) for is_slot, (_, x) in zip(slots, items))
            if slot:
                intended = ("each call puts its own value there before handing the object on, so a later use "
                            "reads what it set itself; nothing to change unless something reads it without "
                            "setting it")
            if intended is not None:
                what = (f"the object the cached `{name}` returns to every caller" if root.name.endswith("()")
                        else f"a {level} object")
                message = f"`{facts.short(fn.qualname)}` {facts.verb(e.op)} `{shown}`{via}, {what}: {intended}"
            elif (fn.qualname, root) in stands_in:
                param = stands_in[fn.qualname, root]
                message = (
                    f"`{facts.short(fn.qualname)}` {facts.verb(e.op)} `{shown}`{via}, the {level} object it "
                    f"uses for `{param}` when the caller gives none: every later call without `{param}` starts "
                    f"from the changed default; use a copy there (`{param} = copy.deepcopy({name})`)"
                )
            elif any(other.via_instance for _, other in items):
                attr_name = name.rsplit(".", 1)[-1]
                # a class with no ``__init__`` of its own (python-neutronclient 14.0.0's
                # ``NeutronCommand``, which inherits cliff's: blind set 45's reader) needs one
                family = [c for c in project.mro(holder) if c in project.classes]
                init = "an `__init__` of its own that first calls `super().__init__(*args, **kwargs)`" \
                    if not any("__init__" in project.classes[c].methods for c in family) and any(
                        isinstance(o, Ref) and o.root.kind == "global" and o.root.name not in project.classes
                        and o.root.name not in ("object", "builtins.object")
                        for c in family for base in project.classes[c].bases for o in base) else "`__init__`"
                if e.path:
                    # or, for state each instance keeps and reads back (errbot 6.2.1's per-user
                    # command history, a class-level ``defaultdict`` of deques: blind set 41's D,
                    # whose reader found the copy-before-changing advice wrong), its own in ``__init__``
                    fix = (f"copy the part that is changed before changing it (`{_shallow_copy_for(e)}`, "
                           f"`copy.deepcopy(...)`), or, if it is meant to be each instance's own state, "
                           f"make it in {init} (`self.{attr_name} = copy.deepcopy(type(self).{attr_name})`)")
                else:
                    # the change is to the container itself: a shallow copy is the instance's own,
                    # and it keeps the elements the same objects that other class attributes may
                    # name (a deep copy of elyra 4.1.1's option list lost the ``json_option`` its
                    # ``create`` reads: a fix that broke the code, the thirty-second set's reader)
                    fix = (f"give each instance its own copy "
                           f"(`self.{attr_name} = copy.copy(type(self).{attr_name})` in {init})")
                what_goes_wrong = ("the first call's value stays there, and every later call, of any instance, "
                                   "gets it instead of its own") if _fills_with_arguments(project, e) else \
                    "each call changes what all instances, later ones included, see"
                message = (
                    f"`{facts.short(fn.qualname)}` {facts.verb(e.op)} `{shown}`{via} through `self`, but it is a "
                    f"class-level object that every instance shares: {what_goes_wrong}; {fix}"
                )
            elif root.name.endswith("()"):
                message = (
                    f"`{facts.short(fn.qualname)}` {facts.verb(e.op)} `{shown}`{via}, the object the cached "
                    f"`{name}` returns to every caller; every later call gets it back already changed; "
                    f"copy it first (`copy.deepcopy({_loader_call_text(project, fn, root.name[:-2]) or name})`)"
                )
            elif e.stored_at is not None:
                # reached through what an earlier call put into the result (a configuration merged
                # from layers: :mod:`aliaslint.arg_stores`)
                message = (
                    f"`{facts.short(fn.qualname)}` {facts.verb(e.op)} `{shown}`{via}, a {level} template: an "
                    f"earlier call put the template's nested objects into what it builds by reference, and "
                    f"this call changes them there; every later call starts from the changed template; "
                    f"copy it first (`copy.deepcopy({name})`)"
                )
            elif (put := put_at.get((fn.qualname, root))) is not None:
                # the template's part handed out in the caller's object (pelican 4.12.0's fallback
                # ``settings[key] = DEFAULT_CONFIG[key]``, then an append into that setting)
                put_in = f"`{put.value_text}`" if put.value_text else f"`{name}`"
                copied = f"`copy.deepcopy({put.value_text})`" if put.value_text else "a deep copy"
                message = (
                    f"`{facts.short(fn.qualname)}` {facts.verb(e.op)} `{shown}`{via}, a {level} "
                    f"template: it puts {put_in} into the caller's object by reference (line {put.site.line}), "
                    f"and the change reaches the template through it; every later call starts from the "
                    f"changed template; put {copied} there instead"
                )
            else:
                message = (
                    f"`{facts.short(fn.qualname)}` {facts.verb(e.op)} `{shown}`{via}, a {level} "
                    f"template that it also builds its result from; every later call starts from the "
                    f"changed template; copy it first (`copy.deepcopy({name})`)"
                )
            related = [facts.related(e.stored_at, f"`{shown}` is put into another object here, by reference")] \
                if e.stored_at is not None else []
            if e.stored_at is None and (put := put_at.get((fn.qualname, root))) is not None:
                related.append(facts.related(put.site, f"`{name}`'s object is put into the caller's object here, "
                                                       f"by reference"))
            related += [facts.related(e.site, f"`{shown}` is mutated here ({e.op})")] if e.chain else []
            related += facts.chain_related(e)[1:] if e.chain else []
            # the other changes that make the trouble; the harmless ones beside them (the token
            # written again on every request, a constant) are no part of the explanation
            harmful = not _harmless(project, fn, e)
            related += [facts.related(other.site, f"also mutated here ({other.op})") for f, other in items[1:]
                        if other.site != e.site and not (harmful and _harmless(project, f, other))]
            for other_root in (alternatives[sites, _functions_of(groups)][1:] if not by_class else ()):
                where = facts.global_site(other_root)
                if where is not None:
                    related.append(facts.related(where, f"`{facts.root_name(fn, other_root)}` may be the object "
                                                        f"changed here too"))
            for f, other in (group[0] for group in groups[1:]):
                related.append(facts.related(other.chain[0] if other.chain else other.site,
                                             f"`{facts.short(f.qualname)}` makes the same change here"))
            bound_at = facts.global_site(root) or fn.site
            loader = project.functions.get(root.name[:-2]) if root.name.endswith("()") else None
            if loader is not None:
                related.append(facts.related(loader.site, harm.WITNESS + f"`{name}` is cached: every later "
                                             f"call gets this same object back, already changed"))
            elif (fn.qualname, root) in stands_in:
                related.append(facts.related(bound_at, harm.WITNESS + f"every later call of "
                                             f"`{facts.short(fn.qualname)}` without "
                                             f"`{stands_in[fn.qualname, root]}` gets this object, already changed"))
            elif any(other.via_instance for _, other in items):
                related.append(facts.related(bound_at, harm.WITNESS + "every instance, later ones included, "
                                             "reads this class-level object"))
            else:
                related.append(facts.related(bound_at, harm.WITNESS + f"the next call of "
                                             f"`{facts.short(fn.qualname)}` builds from this template, already changed"))
            confidence = Confidence.HIGH
            if all(harm.membership_only(project, other) for _, other in items):
                confidence = Confidence.MEDIUM  # a list the project only tests membership in
            elif all(_repeat_safe(project, other) for _, other in items) and len(users.get(root, ())) <= 1:
                # the only function writing the template writes what it would write again
                confidence = Confidence.MEDIUM
            elif _same_constant_everywhere(project, root, items, users.get(root, ())):
                # every function writing that entry writes the same constant: the same value
                # whoever writes it (python-openstackclient 7.1.0's ``_formatters
                # ['properties'] = DictColumn`` in both ``image create`` and ``image show``; the
                # flag-guarded ``_formatters['size']`` beside it stays shown)
                confidence = Confidence.MEDIUM
            elif all(_repeat_safe(project, other, constants=False) and other.op != "add" for _, other in items):
                # normalised, or the key that chose the entry written into it (molecule's
                # ``drivers()[name].name = name``): the same value whoever writes it
                confidence = Confidence.MEDIUM
            elif not fn.params and all(other.kind == OVERWRITE and other.op == "[] =" and not other.key_deps
                                       and not other.path
                                       and not other.chain and other.value_text and not _literal(other.value_text)
                                       and not any(r.kind == "param" for r in other.value_deps)
                                       for _, other in items):
                # a function of no arguments setting named entries of the object itself from what
                # it reads (``filters["ansible.modules"] = frozenset(data[...])``): it loads it,
                # and a second call sets the same entries again (ansible-core 2.19.14's
                # ``_load_plugin_filter``, a B of issue 8's twenty-fourth set); a literal put in
                # is another entry point's option added to a shared spec (C11, intersight #108)
                confidence = Confidence.MEDIUM
            elif intended is not None:
                confidence = Confidence.MEDIUM  # a registry of classes, a singleton's own state
            elif _injected(root.name):
                # ``__grains__ = {}`` at the top of a module: a slot a plug-in loader fills with
                # the live object the module is meant to change (salt 3008.5's ``grains.append``
                # and ``grains.set``, three B's of issue 8's twenty-sixth set), not a template
                confidence = Confidence.MEDIUM
            elif slot:
                confidence = Confidence.MEDIUM  # each use sets the slot again before passing it on
            facts.reported_sites.update(other.site for _, other in items)
            out.append(Diagnostic(cls.code, cls.name, message, facts.location(site), tuple(dict.fromkeys(related)),
                                  confidence=confidence, url=cls.url(), access_path=shown))
        return out


def _injected(qualname: str) -> bool:
    """Whether the module-level name ``qualname`` (``pkg.mod.__grains__``) is spelt as a dunder
    other than Python's own module attributes: a name a framework puts into the module."""
    name = qualname.rsplit(".", 1)[-1]
    return len(name) > 4 and name.startswith("__") and name.endswith("__") and name not in _PYTHON_DUNDERS


#: module attributes Python itself or its conventions define
_PYTHON_DUNDERS = frozenset({"__all__", "__path__", "__version__", "__author__", "__doc__", "__annotations__",
                             "__builtins__", "__dict__", "__name__", "__file__", "__spec__", "__loader__"})


#: methods only a mapping has, and those only a list has (the changed part's kind, for the copy
#: a message suggests)
_MAPPING_OPS = frozenset({"update", "setdefault", "popitem"})
_LIST_OPS = frozenset({"append", "extend", "insert", "appendleft", "remove", "sort", "reverse", "+="})


def _shallow_copy_for(effect) -> str:
    """The shallow copy to suggest for the part ``effect`` changes: ``dict(...)`` for a mapping
    (an item written or taken out by a constant key, a mapping's own method), ``list(...)`` for a
    list, ``copy.copy(...)`` when the change does not say (prowler 5.46.0's error tables, a dict
    of dicts whose item's ``"message"`` is written: ``list(...)`` had been suggested, blind set
    40)."""
    if effect.selector or effect.op in _MAPPING_OPS:
        return "dict(...)"
    if effect.op in _LIST_OPS:
        return "list(...)"
    return "copy.copy(...)"

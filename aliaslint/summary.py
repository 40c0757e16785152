"""Phase 1's output: what one module says about itself, as plain picklable data.

A :class:`ModuleSummary` holds, for each function, its parameters, the mutations it makes
(on abstract values expressed in its own roots: parameters, globals, call results), the calls
it makes with the abstract value of every argument, and what it returns. Nothing here refers
to a CST node, so summaries cross process boundaries and live in the cache.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from aliaslint.diagnostics import Diagnostic
from aliaslint.values import Root, Site, Value

#: mutation kinds (DESIGN.md, "Effects")
ACCUMULATE = "accumulate"
OVERWRITE = "overwrite"
REMOVE = "remove"
SETDEFAULT = "setdefault"

#: literal source texts that are false (a flag's default, or what a call passes for it)
FALSY_LITERALS = frozenset({"False", "None", "0", "''", '""', "()", "[]", "{}"})
#: literal source texts that are true
TRUTHY_LITERALS = frozenset({"True", "1"})
#: builtin types whose instances are exactly that type when built by a literal or a display
#: (what ``isinstance(x, T)`` decides for a value whose construction is known)
CONCRETE_BUILTIN_TYPES = frozenset({"dict", "list", "set", "frozenset", "tuple", "str", "bytes", "bytearray",
                                    "int", "float", "bool", "complex"})


@dataclass(frozen=True, slots=True)
class CallSite:
    id: int
    callee: Value
    text: str
    site: Site
    loops: tuple[int, ...]
    receiver: Value | None = None
    args: tuple[Value, ...] = ()
    kwargs: tuple[tuple[str, Value], ...] = ()
    star: bool = False
    #: a builtin-container meaning was assumed for this method call (``x.append(v)``); if the
    #: receiver turns out to be a project class with that method, the project method wins
    builtin_guess: bool = False
    #: source text of the positional and keyword arguments (for messages)
    arg_texts: tuple[str, ...] = ()
    kwarg_texts: tuple[tuple[str, str], ...] = ()
    #: ``super().method(...)``: ``method`` is looked up in the bases of the caller's class
    super_call: bool = False
    #: the parameters' types the enclosing ``isinstance`` tests require (as in
    #: :attr:`Mutation.type_requires`): the callee's changes happen only then
    type_requires: tuple[tuple[int, tuple[str, ...], bool], ...] = ()
    #: the ``return`` or ``raise`` statement this call is part of, when nothing of the function
    #: runs after it (no enclosing ``try`` whose handlers or ``finally`` could): the function
    #: leaves with it
    exits: Site | None = None
    #: the ``try`` statements whose body a ``return`` of this call (its whole value: ``return
    #: Job(context)``) leaves: if the call completes, the function leaves, so their handlers run
    #: only when it raised, and then left nothing behind (:attr:`in_handler_of`)
    returns_from_try: tuple[Site, ...] = ()
    #: the ``try`` statements in one of whose ``except`` handlers this call is
    in_handler_of: tuple[Site, ...] = ()
    #: made only when flag parameters of the caller have these truth values (as in
    #: :attr:`Mutation.requires`: ``if encode: self.encode(meta)``); the callee's changes need them
    requires: tuple[tuple[int, bool], ...] = ()
    #: the read of a property (``self.meta``), which runs its getter; not a call written with
    #: parentheses, which calls what the getter returns (``self.AsyncResult(tid)``)
    property_read: bool = False
    #: the ``if`` / ``match`` arms this call is in, each ``(site, arm)``: the statement's site and
    #: ``0`` the body, ``1`` the ``else`` or ``elif``, or a ``match``'s case index. A call in
    #: another arm of the same statement does not run in the same pass. A site, not a bare line:
    #: the project pass's early cutoff renumbers sites when lines move (:mod:`aliaslint.cutoff`)
    arms: tuple[tuple[Site, int], ...] = ()
    #: fields of the arguments this function set before the call, on every path to it
    #: (``conanfile.info = c; run_validate(conanfile)``): ``(root, path, value)``, the callee's
    #: changes below ``root``'s ``path`` change ``value``
    overlays: tuple[tuple[Root, tuple[str, ...], Value], ...] = ()
    #: the innermost ``if`` / ``match`` arm (as in :attr:`arms`) whose block, or a block inside
    #: it holding this call, ends in a ``return`` or ``raise`` after the call, with no ``try``
    #: around it: once this call ran, nothing outside that arm runs (cookiecutter 2.7.1's
    #: ``choose_nested_template(context, ...)`` followed by ``return cookiecutter(...)``)
    leaves_in: tuple[Site, int] | None = None
    #: the positions of the arguments, each a bare name, that a statement in a loop rebinds to
    #: this call's result (``policy_vals = update(policy_vals, tdict)``): a fold, whose
    #: accumulator is this call's own result on the next round that makes the call
    folds: tuple[int, ...] = ()
    #: the positions of the arguments, each an attribute or an item (``opts["pillar_roots"]``),
    #: that the statement replaces with this call's result (``opts["pillar_roots"] =
    #: validate(opts["pillar_roots"])``): the holder keeps the result instead of the original
    writes_back: tuple[int, ...] = ()
    #: part of the exception a ``raise`` statement throws out of the function (as in
    #: :attr:`exits`: no ``try`` around it): what the call builds leaves only in the exception,
    #: and the caller's statement after the call does not run (``raise CallError(msg, name)``)
    raised: bool = False

    def passed(self, receiver: bool = False) -> tuple[Value, ...]:
        """What the call hands over: the positional arguments' values, then the keyword
        arguments', then (with ``receiver``) the receiver's, when there is one."""
        values = (*self.args, *(v for _, v in self.kwargs))
        return (*values, self.receiver) if receiver and self.receiver else values


@dataclass(frozen=True, slots=True)
class Mutation:
    target: Value
    kind: str
    op: str
    site: Site
    loops: tuple[int, ...]
    key: Value = frozenset()
    value: Value = frozenset()
    call_id: int = -1
    #: the library callee whose model says it mutates (``kopf.append_owner_reference``)
    via_model: str = ""
    #: the call's result is thrown away (``cfg.pop("x", None)`` as a statement), or a ``del``
    #: removes only what a test found there (``if "k" in d: del d["k"]``)
    discarded: bool = False
    #: source text of what is put in (``{"mountPath": "/dev/shm"}``), for messages; may be empty
    value_text: str = ""
    #: made only on some paths (inside an ``if``, ``match`` case or ``except`` block) that
    #: something other than the changed object decides (a test of the object itself alone,
    #: ``if "k" in d:``, leaves this ``False``: the next use of the same object decides alike)
    conditional: bool = False
    #: the function returns the changed parameter after this change (an in-place updater)
    returned: bool = False
    #: the changed parameter is rebound to a copy of itself on some paths (a copy-on-write flag)
    maybe_copied: bool = False
    #: made only when flag parameters have these truth values: ``((index, truthy), ...)``
    #: (``if append: obj[k] += v`` -> ``((3, True),)``); phase 2 drops the change at a call
    #: that passes, or defaults to, the other value
    requires: tuple[tuple[int, bool], ...] = ()
    #: made only when attributes of the method's instance have these truth values:
    #: ``(("_gzip", True),)`` under ``if self._gzip:``; a switch the constructor kept decides,
    #: instance by instance, whether the change is made
    attr_requires: tuple[tuple[str, bool], ...] = ()
    #: the keys on the way to the changed object (``ports[internal].append(x)``,
    #: ``groups.setdefault(name, []).append(x)``): a change at a key that varies with a loop
    #: reaches another object on each iteration
    path_key: Value = frozenset()
    #: made only when parameters are (``True``) or are not (``False``) instances of these types:
    #: ``((index, ("pkg.steps.ModelRunnerStep",), True),)`` under ``if not isinstance(step,
    #: ModelRunnerStep): return``; phase 2 drops, at each call, the arguments whose construction
    #: decides the test the other way
    type_requires: tuple[tuple[int, tuple[str, ...], bool], ...] = ()
    #: made inside an ``if``, ``match`` case or ``except`` block, whatever decides it (a bounded
    #: cache's ``if len(cache) > MAX: del cache[oldest]`` is guarded, not :attr:`conditional`)
    guarded: bool = False
    #: an append or add made only while a test finds the value missing (``if path not in
    #: excludes: excludes.append(path)``, ``if not has_tag(tags, t): tags.append(t)``): the same
    #: value is added once, another value joins it (not a fill-once guard: ``if not xs:``)
    adds_when_absent: bool = False
    #: the item written or taken out, when its key is a constant (``d["spec"] = v``,
    #: ``d.pop("spec")``, ``del d["spec"]`` -> ``"['spec']"``); ``""`` for any other change
    selector: str = ""


@dataclass(frozen=True, slots=True)
class Store:
    """``value`` is kept beyond the current iteration (appended, stored under a key, yielded)."""

    value: Value
    site: Site
    loops: tuple[int, ...]
    op: str
    #: the loops on whose every iteration the store puts ``value`` into another slot (an item
    #: assignment whose key or container varies with them); ``None``: every store adds an entry
    #: (``append``, ``yield``, a comprehension's element). ``out["last"] = x`` writes one slot
    slot_loops: tuple[int, ...] | None = None


@dataclass(slots=True)
class FunctionSummary:
    qualname: str
    module: str
    name: str
    params: tuple[str, ...]
    site: Site
    cls: str | None = None
    kind: str = "function"  # function | method | classmethod | staticmethod | property | module
    calls: list[CallSite] = field(default_factory=list)
    mutations: list[Mutation] = field(default_factory=list)
    stores: list[Store] = field(default_factory=list)
    returns: Value = frozenset()
    returns_value: bool = False
    #: ``self.<attr> = value`` assignments (for __init__: what the instance keeps)
    self_stores: list[tuple[str, Value, Site]] = field(default_factory=list)
    #: ``global <name>; <name> = value`` assignments: the module-level name and what it is bound to
    #: (a lazily made singleton: ``_global_scope = Scope(...)``)
    global_stores: list[tuple[str, Value, Site]] = field(default_factory=list)
    loop_sites: dict[int, Site] = field(default_factory=dict)
    #: loop -> the objects it runs until they are empty (``while self._queue:``, ``while True:
    #: if not q: break``): what its body takes out of them is what the loop is for
    loop_drains: dict[int, Value] = field(default_factory=dict)
    #: loops that run again only when an attempt failed: their body's ``try`` leaves the loop
    #: when it succeeds (``while True: try: step(cfg); return except Error: retry += 1``)
    retry_loops: tuple[int, ...] = ()
    #: annotation values of the positional parameters (empty set: none)
    annotations: tuple[Value, ...] = ()
    doc: str = ""
    #: decorated with ``functools.cache`` / ``lru_cache`` (or cachetools' ``cached``): every call
    #: with the same arguments returns the same object
    cached: bool = False
    #: parameters tested for leftovers after being taken apart (``if cfg: raise ...``)
    rejects_leftovers: tuple[int, ...] = ()
    #: what each decorator calls or is (``@convert_from("license")`` -> ``convert_from``'s value)
    decorated_by: Value = frozenset()
    #: ``(i, j, kind)``: parameter ``i`` is returned only when parameter ``j`` is None
    #: (``kind == "none"``) or falsy (``"falsy"``)
    return_guards: tuple[tuple[int, int, str], ...] = ()
    #: fields set on objects that calls returned (``twin = Cls(...); twin.groups = copy(...)``):
    #: ``(call id, selector, value)``, applied to the call's result in phase 2
    call_stores: list[tuple[int, str, Value]] = field(default_factory=list)
    #: allocation sites of objects made in this function that it changes in place, each with
    #: the site of the first change (``grid = [[]] * n; grid[0].append(x)`` changes the ``[]``)
    mutated_allocations: dict[Site, Site] = field(default_factory=dict)
    #: parameters whose default is a falsy literal (``append=False``, ``inplace=None``)
    falsy_defaults: tuple[int, ...] = ()
    #: parameters whose default is a mutable container made once, when ``def`` runs
    #: (``namespace={}``, ``seen=set()``): ``(index, the default's site, its source text)``
    mutable_defaults: tuple[tuple[int, Site, str], ...] = ()
    #: parameters that are switches: a ``True``/``False`` default, or annotated ``bool``
    #: (``with_grant_option=False``), not an optional value (``ssl_secret_name=None``)
    bool_flags: tuple[int, ...] = ()
    #: parameters the function binds, on some path, to a new dict or list of its own
    #: (``if filters: filters["reference"] = name`` / ``else: filters = {"reference": name}``): it
    #: writes into the caller's object as into the one it makes (docker 7.2.0's ``images``)
    own_fallback: tuple[int, ...] = ()
    #: for ``__init__``: the attributes it assigns on ``self`` at the top level of its body before
    #: anything could read them (no read of ``self.<name>`` before, no call handed ``self`` but
    #: ``super().__init__(...)``): every instance has its own, which hides a class attribute of
    #: the same name from the instance's methods (libcloud's ``Response.headers = {}``, then
    #: ``self.headers = lowercase_keys(dict(response.headers))`` first thing in ``__init__``)
    sets_first: tuple[str, ...] = ()
    #: for ``__init__``: the attributes it assigns on ``self`` at the top level of its body after
    #: handing ``self`` on (``self.setup(); self.tables = []``): every instance has its own once
    #: the constructor returns, and only the methods ``__init__`` calls before may see the class
    #: attribute (:meth:`~aliaslint.callgraph.CallGraph.instances_hide`)
    sets_later: tuple[str, ...] = ()
    #: for a method: the sites of the ``self.<name> = ...`` statements at the top level of its
    #: body (``with`` blocks included) that every run reaching its end runs. In ``__init__``, the
    #: last of them for a name is what the instance keeps, whatever an earlier one stored (kazoo
    #: 2.11.0's ``self.auth_data = auth_data if auth_data else set([])``, then ``self.auth_data =
    #: set([... for scheme, auth in self.auth_data if scheme != "sasl"])``); in a method the
    #: constructor runs, the calls after it find the instance's own
    sets_always: tuple[Site, ...] = ()
    #: for ``__init__``: it calls the next class's ``__init__`` (``super().__init__(...)``,
    #: ``Base.__init__(self, ...)``)
    calls_super_init: bool = False
    #: for a method: the attributes it gives ``self`` an object of its own for, at the top level
    #: of its body, before any other use of ``self.<name>`` (``self.descriptionDone =
    #: self.descriptionDone[:]``, ``self.items = []``): from there on ``self.<name>`` is the
    #: instance's own, whatever the methods it calls rebind it to, never the class attribute
    owns: tuple[str, ...] = ()
    #: functions this one hands to a call as a callback, not calling them: as the call's sole
    #: argument or as a hook (``object_hook=``), not along with other arguments the callback may
    #: be given. ``".name"`` for a method of its own object (``json.loads(raw,
    #: object_hook=self.decode_policy)``), ``"name"`` for a function of its module
    #: (``atexit.register(close_all)``). Whoever gets it calls it
    handed_on: tuple[str, ...] = ()
    #: it looks a method of its own object up by a name computed at run time and calls it
    #: (``getattr(self, func)(load)``): a dispatcher
    dispatches_by_name: bool = False
    #: it hands back what it looks up on its own object by a name computed at run time (``return
    #: getattr(self, name)``): a dispatcher when a caller calls that result (a ``get_method``), a
    #: getter of values otherwise (nornir's ``Host.get``)
    hands_back_by_name: bool = False
    #: ``(call id, parameter index)``: a ``return`` that this call precedes on its path hands the
    #: parameter back (itself, or in a returned tuple); index ``-1``: it hands back the call's own
    #: result (``event = self._update(event); return event, context``); ``-2``: an element of
    #: it (``return add_option(cmd)[0]``). A callee's change to what is handed back is what the
    #: caller asked for (see :attr:`Mutation.returned`)
    hands_back: tuple[tuple[int, int], ...] = ()


@dataclass(slots=True)
class ClassInfo:
    qualname: str
    module: str
    bases: list[Value]
    methods: dict[str, str] = field(default_factory=dict)
    properties: set[str] = field(default_factory=set)
    class_attrs: dict[str, tuple[Value, Site]] = field(default_factory=dict)
    site: Site | None = None
    #: a ``@dataclass`` (or attrs) class: its annotated fields, in order, with their sites (the
    #: generated ``__init__`` keeps each argument by reference)
    dataclass_fields: tuple[tuple[str, Site], ...] = ()
    #: the annotation of each of those fields (the generated ``__init__``'s parameter types)
    dataclass_annotations: tuple[Value, ...] = ()
    #: the fields of an attrs class whose default is one mutable container that attrs gives every
    #: instance built without the argument (``legend = attr.ib(default={'show': False})``):
    #: ``(parameter index of the generated __init__, the default's site, its source text)``
    dataclass_defaults: tuple[tuple[int, Site, str], ...] = ()
    #: the class's docstring (where many libraries document their constructor's arguments)
    doc: str = ""
    #: derives from the builtin ``type``: a metaclass, whose ``__new__`` and ``__init__`` Python
    #: calls once per class statement, with a namespace made for that statement
    metaclass: bool = False
    #: class-level attributes a classmethod or ``__new__`` sets to a new instance of the class
    #: (``cls._instance = cls()``): the class hands out one instance (a singleton)
    singleton_fields: tuple[str, ...] = ()
    #: decorated by a registry's call (``@filters.register("age")``, ``@register_plugin(...)``):
    #: the package's framework finds the class by name and calls its methods itself
    registered: bool = False
    #: class-level attributes annotated ``ClassVar[...]``: declared shared by every instance
    class_vars: tuple[str, ...] = ()


@dataclass(slots=True)
class Candidate:
    """A finding that needs project facts: ``rule`` decides it in phase 3 from ``data``."""

    rule: str
    function: str
    data: dict


@dataclass
class ModuleSummary:
    module: str
    path: str
    display: str
    functions: dict[str, FunctionSummary] = field(default_factory=dict)
    classes: dict[str, ClassInfo] = field(default_factory=dict)
    #: module-level names: value and where bound (names bound only under ``__main__`` excluded)
    globals: dict[str, tuple[Value, Site]] = field(default_factory=dict)
    #: local name -> qualified name it was imported as
    imports: dict[str, str] = field(default_factory=dict)
    is_package: bool = False
    #: modules named by ``from <module> import *``, in order
    star_imports: list[str] = field(default_factory=list)
    #: source text of each shallow copy (``node_config.copy()``), by its site, for messages
    copy_texts: dict[Site, str] = field(default_factory=dict)
    #: attribute name -> how this module reads ``<obj>.<name>``, bits or-ed: 1 as the container
    #: of a membership test (``x in obj.seen``), 2 any other way (iterated, returned, passed,
    #: indexed...); being added to (``obj.seen.append(x)``) or assigned is no read
    attribute_reads: dict[str, int] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    candidates: list[Candidate] = field(default_factory=list)

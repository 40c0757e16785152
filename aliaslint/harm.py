"""The harm model: when a real alias is a bug worth showing by default.

A real alias is not yet a bug. It is one when a *second use* of the shared object sees what the
first use changed; that second use is the finding's **witness**, and a default finding names it
as a related location (and so as a step of the SARIF code flow). The kinds of witness
(:data:`WITNESS`): the next iteration of a loop; a second call site, or a caller that keeps the
object (``self.headers``, a module-level object) and so uses it again; a second object
constructed from it; a later call of the same method on one instance; a value a cache returns
again; class- or module-level state that later calls read.

With no witness in the tree, a finding is still worth showing when the object comes from
outside the package through a public entry point (a public function or constructor of a
library), holds configuration the caller built (:func:`config_like`), and the change destroys
or duplicates what the caller gave (pops a key the caller set, deletes, appends a second copy of
an entry): :func:`public_entry`.

Two kinds of real aliasing stay out of the default tier (``--preview`` shows them):

- effects that are harmless when repeated (:func:`repeat_safe`): filling a key only when it is
  missing, an append or add guarded by membership, normalising a value in place, setting a
  constant, removing an entry that may already be gone;
- aliasing the code intends (:func:`intended`): a function documented as updating its argument,
  a consuming parser that takes its argument apart and then rejects what is left, an in-place
  updater that returns its argument (the rules test that one themselves); a private helper given
  an object its every caller made (:func:`owned_by_callers`); a public setter that stores its
  own arguments in what a class keeps (:func:`public_entry` gives no reason for it).

Where these rules of thumb come from: the triage of default findings on eight infrastructure
packages nobody had tuned on (issue 8: 60% of the findings were aliasing the code intends, 20%
harmful only on reuse, 5% bugs) and the kinds its reader named.
"""
from __future__ import annotations

import ast
import functools
import re
from dataclasses import dataclass, replace

from aliaslint.callgraph import SHAPE_MODULES as _SHAPE_MODULES
from aliaslint.callgraph import external_bases
from aliaslint.dataflow import load as dataflow_load
# the prefixes of the related locations that give a finding's reason: its witness, or why a
# finding without one is shown (defined with the diagnostics, whose shown related locations keep them)
from aliaslint.diagnostics import COPY_INTENT, PUBLIC_ENTRY, REASONS, WITNESS  # noqa: F401
from aliaslint.summary import ACCUMULATE, OVERWRITE, REMOVE, SETDEFAULT, CallSite, FunctionSummary
from aliaslint.values import ANY, Fresh, Opaque, Ref, Site, Value, constant_name, deps_of, holds, key, key_name, loops_of

#: docstring wording of a function whose purpose is to change its argument
_UPDATES_ARGUMENT = re.compile(
    # (checkov 3.3.30's ``enrich_function_with_provider``: "Update inplace a function's template")
    r"\b(in[- ]?place|modif(y|ies|ied)|mutat(e|es|ed|ing)|updates? (the|its|given|passed|provided|supplied)"
    r"|returns? the (updated|modified)|(fills?|populates?) (in )?(the|its|given)|edits? (the|its|given)"
    # aws-sam-cli's ``_enrich_image_lambda_function``: "Use the sam metadata resources to enrich the
    # image lambda function", its parameter "CloudFormation lambda function to be enriched"
    r"|enrich(es)? (the|its|given|passed|provided)|to be (enriched|updated|modified|filled( in)?|populated)"
    # ansible-lint's ``append_skipped_rules``: ":returns: original pyyaml_data altered with ..."
    r"|(original|given|passed|input)\b[\w\s]{0,40}\baltered|alters (the|its|given|passed)"
    # ansible-core 2.19.14's ``normalize_result_exception``: "Normalize the result `exception`
    # ... The `exception` key will be removed if falsey" (a B of issue 8's twenty-fourth set)
    r"|normali[sz]es? (the|its|given|passed)|\bkey\b[^.]{0,20}\b(will be|is|gets) (removed|deleted|popped)"
    # zuul 14.3.0's ``zuul_filter_result``: "Remove keys from shell/command output." (three B's of
    # issue 8's twenty-eighth set, one function vendored three times)
    r"|^\s*(remove|delete|drop|strip|pop)s? (the |all |some |any )?(keys|entries|fields|items) from"
    # opsdroid 0.31.0's ``get_session_id``: "get the id and inject it into the configuration" (a B
    # of issue 8's blind forty-first set)
    r"|inject(s|ed)?\b[^.;]{0,30}\binto\s+(the|its|given|passed|provided))\b",
    re.IGNORECASE,
)

#: a function named for taking things out of its argument (pyinfra's
#: ``pop_global_arguments(kwargs)``, scrapy's ``_pop_command_name(argv)``, openstacksdk's
#: ``_consume_attrs(mapping, attrs)``): its callers call it for that removal (the triage of eleven
#: unseen packages, issue 8: four such findings, none a bug). Only removals: a name that says
#: it changes its argument in another way is no evidence that a change made while building
#: something else is meant (ansible-later's ``normalize_task`` pops the caller's task keys while
#: building a new task: a bug, #118)
_NAMED_FOR_REMOVAL = re.compile(r"^_*(pop|consume|extract|take|remove|strip|drain)(_|$)")

#: the same said of a class: an active verb on the object it works on ("a handle through which
#: mutators edit the flow class"); a passive "can be modified" is about the user's options
#: (dask-kubernetes' KubeCluster: "environment variables can be modified from the constructor")
_CLASS_UPDATES_OBJECT = re.compile(
    r"\b(in[- ]place|(edits?|modif(y|ies)|mutates?|updates?) (the|its|given|passed|wrapped|underlying)"
    # a kind of data named as what the class changes: "Query and update YAML data" (yamlpath
    # 3.9.1's ``Processor``, whose ``delete_nodes`` edits the document it was built with: a B of
    # issue 8's blind sixty-seventh set)
    r"|(edit|modify|update|mutate|change)s? (\w+ )?(data|documents?|trees?|DOM|nodes))\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Witness:
    """A second use of the shared object: where, and what happens there, in plain words."""

    site: Site
    message: str
    #: the caller holds the object (a field, a module-level object), beyond this call's result
    held: bool = False
    #: for a loop: the callee's parameters given the same value on every iteration
    invariant: frozenset = frozenset()
    #: the callee's parameters given a part of the very object the witness passes again
    #: (``build(model.retriever, stream_name=model.name)``): the same value while it is unchanged
    siblings: frozenset = frozenset()
    #: the second use is the caller's next step, another function it hands the object to after
    #: the changing call (see :func:`caller_witness`'s ``pipeline``)
    next_step: bool = False
    #: the second use is the changing function called again (the next iteration of a loop, the
    #: caller's next call): it runs the same statements, in the same order, on the object
    calls_again: bool = False
    #: ``(caller's qualified name, the later call)`` when the second use is a later call in the
    #: caller given the object (see :func:`next_use_sets_slot_first`)
    again: tuple[str, CallSite] | None = None

    def same_value_again(self, effect) -> bool:
        """The second use rewrites what the first wrote with the same value: ``effect`` is a
        write whose value comes only from parameters the loop passes unchanged (and constants)
        (kr8s' paging loop: ``params["labelSelector"] = label_selector`` on every page), or from
        other parts of the object passed again (airbyte-cdk's factory writing each stream's
        ``model.name`` into ``model.retriever``'s parameters)."""
        same = self.invariant | self.siblings
        # (a constant is the loop's to judge here; for another use, :func:`repeat_safe` judges
        # it: written on some paths only, it leaks into the uses that take another path)
        return effect.kind == OVERWRITE and (bool(self.invariant) or bool(self.siblings and effect.value_deps)) \
            and all(r.kind == "global" or r.kind == "param" and r.index in same and r != effect.root
                    for r in effect.value_deps)

    def related(self, facts):
        return facts.related(self.site, WITNESS + self.message)


# ------------------------------------------------------------------- repeat-safety
#: the kinds of roots that stand for what a call was given or computed
_INPUTS = ("param", "call", "unknown")


def grows_with_inputs(effect) -> bool:
    """Whether ``effect``, an append or add guarded by a membership test, adds what the call's
    inputs give (``for path in settings["PAGE_PATHS"]: if path not in excludes:
    excludes.append(path)``): the guard keeps one call's entry from being added twice, not the
    next call's other entries from joining it, so an object shared across calls grows with every
    input it meets (pelican 4.12.0's ``DEFAULT_CONFIG`` excludes). A constant added under the
    guard is added once, ever."""
    return effect.adds_when_absent and any(r.kind in _INPUTS and r != effect.root for r in effect.value_deps)


def fills_with_inputs(effect) -> bool:
    """Whether ``effect`` fills a missing entry (or adds a missing element) at a key that does
    not depend on the call, with a value that does (``if "__doc__" not in namespace:
    namespace.update({"__doc__": docs(bases)})``): repeated with the same inputs it changes
    nothing, but an object shared across calls keeps the first call's value for every later
    call with other inputs (cerberus 1.3.8's ``validator_factory`` default ``namespace={}``
    gives each later class the first one's docstring). A conversion of the entry's own value
    (``v["mode"] = Mode(v["mode"])``) depends on nothing else."""
    return effect.kind == SETDEFAULT and not any(r.kind in _INPUTS and r != effect.root for r in effect.key_deps) \
        and any(r.kind in _INPUTS and r != effect.root for r in effect.value_deps)


def repeat_safe(effect, constants: bool = True) -> str | None:
    """Why repeating ``effect`` changes nothing (a reason in a few words), or ``None``.

    - fill-if-missing: ``setdefault``, ``if k not in d: d[k] = v``, ``if x not in xs: xs.append(x)``,
      and a conversion under a type test (``if isinstance(v["mode"], str): v["mode"] = Mode(...)``):
      phase 1 records these as ``SETDEFAULT``;
    - ``set.add``: adding the same element again;
    - a normalising write: the value comes from the object itself (``s["name"] = s["name"].lower()``),
      or from the key that chose it (``d[name].name = name``); a plain ``.sort()``;
    - a constant written on every path: the second write puts the same value (``constants=False``
      when the object is shared with code that does not write it: a template other objects read);
    - a removal on every path whose result is thrown away, ``discard``, or a ``del`` under a test
      that it is there (``if "k" in d: del d["k"]``), or of the element a search found equal to a
      constant (``for i, v in enumerate(xs): if v == DUMMY: del xs[i]``): nothing left to remove
      the second time.
    """
    if effect.kind == SETDEFAULT:
        return "it only fills a missing entry"
    if effect.kind == ACCUMULATE and effect.op == "add":
        return "adding the same element again changes nothing"
    if effect.kind == OVERWRITE:
        if normalises(effect) or effect.op == "sort":
            # (``v.sort()``, no key: phase 1 records no other sort) sorted again, the same order
            return "it normalises a value in place"
        if writes_choosing_key(effect):
            # ``driver = drivers()[name]; driver.name = name`` (molecule's ``Config.driver``): the
            # value is the key that chose the object, so each object always gets the same one
            return "it writes into an entry the key that chose it, the same value every time"
        if constants and all(_module_constant(r) for r in effect.value_deps) and not effect.conditional:
            # every use writes it: the second finds what it would write anyway (a write made only
            # on some paths leaks into later uses that take another path: apify's headers)
            return "it sets the same constant again"
    if effect.kind == OVERWRITE and effect.op == "rename":
        # ``d["new"] = d.pop("old")``: the value kept under its new name, nothing left to rename
        return "a key renamed in place leaves nothing to rename the second time"
    if effect.kind == REMOVE and not effect.conditional and (
            effect.op == "discard" or effect.discarded and effect.op in ("pop", "del")):
        return "a second removal finds nothing to remove"
    if effect.kind == REMOVE and effect.op == "del[]" and effect.discarded:
        # the element a search found equal to a constant (``if v == DUMMY_ID: del xs[i]``):
        # the second search finds none, whatever else decides the search runs
        return "a second removal finds nothing to remove"
    return None


def identifier_slot(path: tuple[str, ...]) -> bool:
    """Whether the last selector of ``path`` names an identifier: a key or attribute ``id``,
    ``uuid`` or ``name``, or one ending so (``server_id``, ``vlanName``, ``instanceUUID``). What
    is read from there is a string or a number, by the convention the name follows (shade
    1.33.0's ``server_id = server["id"]`` handed to ``get_server(name_or_id)``, which expands
    the dict it finds and returns a dict given one: three A's of issue 8's blind sixty-first
    set, whose messages named ``server_id["addresses"]``)."""
    if not path:
        return False
    sel = path[-1]
    name = sel[2:-2] if sel.startswith("['") and sel.endswith("']") else sel[1:] if sel.startswith(".") else ""
    low = name.lower()
    return low in ("id", "uuid", "name") or low.endswith(("_id", "_uuid", "_name")) \
        or name.endswith(("Id", "ID", "Name", "UUID"))


@functools.lru_cache(maxsize=1 << 12)
def through_identifier(path: tuple[str, ...]) -> bool:
    """Whether some prefix of ``path`` ends at an :func:`identifier_slot`: what is below a name or
    a number (``parent.id``, then ``["id"][*]`` below it) is nothing a call can change
    (infrahub-sdk 1.23.2's ``rel_info.get_context(value=parent_node.id)``, whose values the
    nodes created from the context pop a key from when they are dicts: two A's of issue 8's blind
    sixty-eighth set)."""
    return any(identifier_slot(path[:i]) for i in range(1, len(path) + 1))


def _module_constant(root) -> bool:
    """A module-level name spelled as a constant (PEP 8: ``USER_AGENT``, ``_DEFAULT_PORT``): every
    call reads the same value (python-neutronclient 14.0.0's ``headers['User-Agent'] =
    USER_AGENT``, a B of issue 8's blind forty-fifth set)."""
    return root.kind == "global" and constant_name(root.name.rsplit(".", 1)[-1])


def membership_only(project, effect) -> bool:
    """``effect`` adds to a list attribute that the project reads only to test what is in it
    (dynaconf 3.3.5's ``if identifier not in config.not_installed_warnings: warnings.warn(...)``,
    then ``config.not_installed_warnings.append(identifier)``; Cloud Custodian's ``options``
    read by ``in``): a second copy of an entry changes the answer of no test. Where this comes
    from: three default findings of issue 8's ninth unseen set and one of its seventh, all
    harmless on the triagers' reading."""
    if effect.kind != ACCUMULATE or effect.op not in ("append", "insert", "appendleft", "extend", "+=") \
            or not effect.path or not effect.path[-1].startswith("."):
        return False
    return project.attribute_reads().get(effect.path[-1][1:]) == 1


def writes_choosing_key(effect) -> bool:
    """A write whose value comes only from what chose the entry it writes into (``fv =
    data.get(f); fv["key"] = f``): each entry always gets the same value."""
    return effect.kind in (OVERWRITE, SETDEFAULT) and bool(effect.value_deps) and effect.value_deps <= effect.path_deps


def normalises(effect) -> bool:
    """The value written is computed from what the object holds, with module-level names only
    (functions, constants): ``s["name"] = s["name"].lower()``, ``ranges[k] = [lo if lo != "-inf"
    else np.inf, ...]``, ``node.then = Node.promote(node.then)``. Applied again to its own result
    it gives the same value; growing a value (``x = x + [y]``, a prefix added) is recorded as an
    accumulation by phase 1, not as this."""
    deps = effect.value_deps
    return effect.root in deps and all(r == effect.root or r.kind == "global" and not _of_the_moment(r) for r in deps)


#: standard modules whose values differ from one call to the next (the clock, random numbers)
_MOMENT_MODULES = frozenset({"time", "datetime", "uuid", "random", "secrets"})


def _of_the_moment(root) -> bool:
    """A value read from the clock or a random source (``time.time()`` inside a formatter):
    written in place, it is the first call's moment for every later use, no normalisation
    (datadog 0.56.0's ``format_points``, stamping bare values with the time of the first
    ``Metric.send``: a reproduced D of issue 8's blind fifty-seventh set)."""
    return root.name.split(".", 1)[0] in _MOMENT_MODULES


def _computed(deps) -> bool:
    """A key computed from parameters or call results (not a literal or a module constant)."""
    return any(r.kind in ("param", "call", "unknown") for r in deps)


def evicts(effect) -> bool:
    """A removal on some paths only, keyed by what the object itself holds (``if len(cache) > MAX:
    oldest = min(cache.items(), ...)[0]; del cache[oldest]``): a store trimming itself, as a
    bounded cache does (prefect's related-object cache), not an option taken out of a caller's
    configuration. A removal of every key on every call is not one: renaming a mapping's keys
    (``for k in list(d): d[new_name(k)] = d.pop(k)``, kubespawner's model keys) takes all the
    caller put in."""
    return effect.kind == REMOVE and effect.guarded and bool(effect.key_deps) \
        and effect.root in effect.key_deps and all(r == effect.root or r.kind == "global" for r in effect.key_deps)


def filters_in_place(effect) -> bool:
    """A removal, on some paths only, of an element the object itself holds, its value thrown
    away: the object filtered in place by a test (``for uid in f.snapshots.copy(): if
    nodes[uid].name == wanted: f.snapshots.remove(uid)``). Repeated with another test, it takes
    out what that test selects; with the same test, nothing (the entries are gone). Where this
    comes from: five of the twenty default findings on dbt-core 1.12.6 (issue 8's fourth unseen
    set), its partial parser deleting, for each changed schema element, the entries made from it
    (all intended, checked against a full parse). The key may also have gone through an unknown
    call (``.copy()`` of a list of unknown type): still the object's own elements. Keys the
    method's own object chooses (``self``) are no input of the caller's either: a loop repeating
    the call takes out the same entries, already gone (dbt's ``del
    schema_file.metrics_from_measures[sm_name]`` for the names its saved manifest holds)."""
    return effect.kind == REMOVE and effect.guarded and bool(effect.key_deps) \
        and (effect.root in effect.key_deps or all(_own_state(r) for r in effect.key_deps)) \
        and all(r == effect.root or r.kind in ("global", "unknown") or _own_state(r) for r in effect.key_deps) \
        and (effect.discarded or effect.op in ("remove", "del"))


def _own_state(root) -> bool:
    """``root`` is a method's own object (its ``self`` or ``cls`` parameter)."""
    return root.kind == "param" and root.index == 0 and root.name in ("self", "cls")


def duplicates(effect) -> bool:
    """Whether repeating ``effect`` leaves a second copy or loses something: an append of the
    same kind of entry again, or the removal of a named key the next use misses (a removal keyed
    by what the object itself holds is a clean-up: repeated, it removes other entries)."""
    if effect.kind == REMOVE and _computed(effect.key_deps):
        return False
    return effect.kind in (ACCUMULATE, REMOVE) and repeat_safe(effect) is None


# ------------------------------------------------------------------- intent
def intended(project, fn: FunctionSummary, index: int | None = None, keyword: str | None = None) -> str | None:
    """Why changing its argument is ``fn``'s purpose, or ``None``.

    - its docstring says so ("updates the given ...", "in place", "modifies", "returns the updated");
    - it takes parameter ``index`` apart and then rejects what is left (``if cfg: raise``): a
      consuming parser.

    ``keyword``: the argument is the one given under that keyword to the ``**kwargs`` parameter
    ``index``; the docstring is read for it as for a declared parameter (its own entry, not the
    other keywords').
    """
    params, asked = tuple(fn.params), index
    if keyword is not None:
        params, asked = (*params, keyword), len(params)
    if fn.doc and _says_it_updates(fn.doc if index is None else _doc_for_parameter(fn.doc, params, asked)):
        return "its docstring says it changes its argument"
    if fn.doc and asked is not None and asked < len(params) and _adds_to_parameter(fn.doc, params[asked]):
        return "its docstring says it adds to its argument"
    if index is not None and keyword is None and out_parameter(fn, index):
        return "its docstring says its argument is filled in"
    if fn.cls in project.classes and _says_it_updates(project.classes[fn.cls].doc or "", _CLASS_UPDATES_OBJECT):
        return "its class's docstring says it changes the object it works on"
    if index is not None and keyword is None and index in fn.rejects_leftovers:
        # (not for a keyword's object: what a ``**kwargs`` function rejects is left in the caller's
        # option, the object the caller built and may give again, not a document handed to a
        # parser; shade 1.33.0's ``create_server`` raising on a ``nics`` entry's unknown keys)
        return "it takes its argument apart and rejects what is left"
    return None


def _says_it_updates(doc: str, pattern: re.Pattern = _UPDATES_ARGUMENT) -> bool:
    """Whether ``doc`` says the function changes its argument (:data:`_UPDATES_ARGUMENT`), not
    counting "update the ..." after "to": what the argument is used for, another object changed
    with it (jira 3.10.5's ``options``: "headers -- a dict to update the default headers the
    session uses", the dict its constructor takes the headers out of, a reproduced D of issue
    8's blind fifty-seventh set)."""
    return any(not (m.group(0).lower().startswith("update") and doc[max(0, m.start() - 3):m.start()].lower() == "to ")
               for m in pattern.finditer(doc))


@functools.lru_cache(maxsize=1024)
def _doc_for_parameter(doc: str, params: tuple[str, ...], index: int) -> str:
    """``doc`` without the entries (:func:`_entry_end`) of ``params`` other than the one at
    ``index``: what the docstring says of the function as a whole and of that parameter. Another
    parameter's words are no evidence about this one (python-novaclient 18.13.1's
    ``ServerManager.create``: ":param key_name: Name of previously created keypair to inject into
    the instance." said nothing of ``block_device_mapping_v2``, the list it inserts into: a D of
    issue 8's blind forty-fifth set, hidden as documented). Cached: the rules ask it for each
    change of the parameter. Also the entries of names the signature does not declare, keys of
    ``**kwargs`` (shade 1.33.0's ``create_server``, documenting ``key_name`` "to inject into the
    instance" among its keyword arguments), unless the parameter asked about is ``**kwargs``."""
    others = [re.compile(_entry_pattern(p), re.IGNORECASE) for i, p in enumerate(params) if i != index]
    if not (index < len(params) and params[index].startswith("**")):
        declared = {p.lstrip("*") for p in params}
        keys = {m.group(3) for m in re.finditer(r":(param|keyword|kwarg)\s+(\w+\s+)?(\w+)\s*:", doc)} - declared
        others += [re.compile(_entry_pattern(k), re.IGNORECASE) for k in sorted(keys)]
    lines = doc.splitlines()
    out: list[str] = []
    i = 0
    while i < len(lines):
        if any(entry.search(lines[i]) for entry in others):
            i = _entry_end(lines, i)
            continue
        out.append(lines[i])
        i += 1
    return "\n".join(out)


def documented_in_chain(project, effect) -> str | None:
    """Why a change reaching the caller's argument through callees (``effect.callees``) is the
    purpose of the callee that makes it: its docstring says it changes its argument, as
    :func:`intended` reads it. The caller handed the object down to a documented updater, so the
    change is what the call is for (opsdroid 0.31.0's ``parse_watson`` -> ``call_watson`` ->
    ``get_session_id``, "inject it into the configuration": a B of issue 8's blind forty-first
    set), or ``None``."""
    for q in effect.callees:
        callee = project.functions.get(q)
        if callee is not None and callee.doc and _says_it_updates(callee.doc):
            return f"`{callee.name}`'s docstring says it changes its argument"
    return None


def cache_meant_to_change(loader: FunctionSummary) -> bool:
    """Whether a cached function's docstring says the object it returns is changed in place by
    its users: then the cache is shared working state, not a template (dbt-core 1.12.6's
    ``_read_hint_ts``: "The returned dict is mutated in place by record_hint_shown(), keeping the
    cache current"; an intended aliasing of issue 8's thirteenth set)."""
    return bool(loader.doc and _CACHE_CHANGED.search(loader.doc))


#: a cached result documented as changed by its users
_CACHE_CHANGED = re.compile(
    r"\b((mutated|modified|updated|changed|edited|written)\s+in[- ]place|kept\s+current|keeping\s+(the\s+)?cache"
    r"\s+(current|up[- ]to[- ]date|in sync))\b", re.IGNORECASE)


def sets_own_slot_first(project, fn: FunctionSummary, effect) -> bool:
    """Whether ``effect`` is ``fn``'s own write, on every path, of a value from the call's other
    inputs into a named slot of the object (``event_args["stack_id"] = stack_id``), made before
    ``fn`` hands the object to any call, in a function that neither returns nor keeps the object.
    Then a second run of ``fn`` on the same object writes its own value there before anything
    reads it: the slot carries each call's argument to what the call hands the object to, and
    no call reads what the one before wrote (python-heatclient 5.3.0's ``_get_stack_events``,
    called for each nested stack with one ``event_args``: a B of issue 8's blind forty-fifth
    set). A result or a field keeping the object would carry this call's value into the next
    call's (``TEMPLATE["name"] = name; return TEMPLATE``), and a write on some paths only leaks
    into the runs that take another path: not this."""
    if effect.kind != OVERWRITE or effect.conditional or effect.chain or effect.key_deps \
            or not (effect.op == "[] =" and effect.selector or effect.op.startswith(".")) \
            or effect.root in effect.value_deps \
            or not any(r.kind == "param" and r != effect.root for r in effect.value_deps):
        return False
    root, path = effect.root, effect.path

    def the_object(o) -> bool:
        return isinstance(o, Ref) and o.root == root and path[:len(o.path)] == o.path

    kept = [project.rets.get(fn.qualname, frozenset()), *(st.value for st in fn.stores),
            *(v for _, v, _ in fn.self_stores)]
    if any(holds(v, the_object) for v in kept):
        return False
    start = (effect.site.line, effect.site.column)

    def copied_before(o) -> bool:  # ``query = dict(params)`` before the write reads the slot
        return isinstance(o, Fresh) and o.copy_of is not None and (o.site.line, o.site.column) < start \
            and holds(o.copy_of, the_object)

    passed = [v for c in fn.calls for v in c.passed()]
    if any(holds(v, copied_before) for v in (*kept, *passed)):
        return False
    # (a lookup on the object before the write, ``labels = kwargs.get("labels", {})``, reads it)
    return _written_before_handed_on(project, fn, effect)


def next_use_sets_slot_first(project, witness: Witness | None, effect) -> bool:
    """Whether the witness's later call (:attr:`Witness.again`) writes the slot ``effect`` wrote,
    itself, on every path, before it hands the object to any call: what the first call wrote is
    never read there (cartography 0.143.0's sync steps each setting ``common_job_parameters
    ["ORG_ID"]`` before their clean-up job reads it: two B's of issue 8's blind sixty-fourth set,
    whose second use was the next step writing the same key). Every function the call may run
    must; a read of the slot before the write is not seen here (the summaries keep writes)."""
    if witness is None or witness.again is None or effect.kind != OVERWRITE or effect.returned \
            or not (effect.op == "[] =" and effect.selector or effect.op.startswith(".")):
        # (a first call that handed the object back, or its elements, left it with its caller,
        # and the second call's write changes it under that caller: ansible-navigator's
        # ``_process_roles_for_menu`` called for two collections on one list of roles)
        return False
    caller = project.functions.get(witness.again[0])
    call = witness.again[1]
    targets = project.targets(caller, call) if caller is not None else []
    if not targets:
        return False
    for t in targets:
        g = project.functions.get(t.function)
        if g is None:
            return False
        own = [ge for ge in project.effects.get(g.qualname, {}).values()
               if ge.root.kind == "param" and ge.kind == OVERWRITE and ge.op == effect.op
               and ge.selector == effect.selector and ge.path == effect.path and not ge.conditional
               and not ge.extends_entry and not normalises(ge)  # (these read the slot's old value first)
               and project.arg_for(call, t, ge.root.index) is not None]
        if not any(_written_before_handed_on(project, g, ge) for ge in own):
            return False
    return True


def _written_before_handed_on(project, fn: FunctionSummary, effect) -> bool:
    """No call of ``fn`` before ``effect``'s write (or before the call that makes it, for a
    write through callees: cartography's ``GraphStatement(...)`` setting ``LIMIT_SIZE`` in each
    job's parameters) is given the object it writes into (or the object holding it, or what the
    slot holds); another item's value (``get(url=params["BASE_URL"])``) is no way to the slot."""
    root, path = effect.root, effect.path
    slot = (*path, effect.selector or effect.op[:-2])
    where = effect.chain[0] if effect.chain else effect.site
    start = (where.line, where.column)

    def the_object(o) -> bool:
        return isinstance(o, Ref) and o.root == root and (path[:len(o.path)] == o.path or o.path[:len(slot)] == slot)

    return not any(
        (c.site.line, c.site.column) < start and not _reads_only(c) and not _displays(c) and any(
            holds(project.resolve(fn, v), the_object)
            for v in c.passed(receiver=True))
        for c in fn.calls)


def writes_destination(fn: FunctionSummary, effect) -> bool:
    """``effect`` writes or adds to a parameter named or documented as the function's
    destination (:func:`_destination`); taking things out of one is no output (napalm's
    ``compare(src, dst)`` pops from the actual data it compares, ``dst``)."""
    index = effect.root.index
    return effect.kind != REMOVE and effect.root.kind == "param" and index < len(fn.params) \
        and _destination(fn.doc or "", fn.params[index])


#: parameter names that say the argument is where the function puts its result
_DESTINATION_NAMES = frozenset({"dst", "dest", "destination", "out", "output", "into", "sink"})


def _destination(doc: str, param: str) -> bool:
    """Whether parameter ``param`` is the function's output: named so (``dst``, ``out``) or
    documented so (``:param dst: Destination object``, ``target: the output dict``).
    ScoutSuite 5.14.0's ``get_name(src, dst, default_attribute)`` writes ``dst["name"]`` as its
    docstring says (a B of issue 8's ninth set)."""
    name = param.lstrip("*")
    if name.lower() in _DESTINATION_NAMES:
        return True
    said = rf"(:param\s+(\w+\s+)?{re.escape(name)}\s*:|^\s*{re.escape(name)}\s*(\([^)]*\))?\s*(:|--?))"
    return bool(re.search(said + r"\s*(the\s+|an?\s+)?(destination|output)\b", doc, re.IGNORECASE | re.MULTILINE))


def _adds_to_parameter(doc: str, param: str) -> bool:
    """Whether ``doc`` says the function adds something *to the parameter* itself, by name:
    "Generate the SigV4 header and add it to the request headers" of ``headers`` (sagemaker
    2.257.7's ``get_signed_request``, an auth hook's helper: intended in issue 8's sixth set).
    The verb must lead to the parameter's own name ("Additional headers to add to the MIME
    message" is about the message, not the ``headers`` dict: Airflow's SES hook, a bug)."""
    name = re.escape(param.lstrip("*"))
    return bool(re.search(rf"\b(add|append|insert|put|set|write|store)s?\b[^.;:]{{0,40}}?\b(to|in|into)\s+"
                          rf"(the\s+|its\s+|given\s+|passed\s+)?(\w+\s+)?`*{name}`*\b", doc, re.IGNORECASE))


def merges_into(project, fn: FunctionSummary, call: CallSite, t, callee: FunctionSummary, effect, loop: int) -> bool:
    """Whether ``callee``'s docstring names the parameter ``effect`` changes as what it updates
    (:func:`_changes_parameter`) and ``fn``'s loop ``loop`` hands the call another value for one
    of its other parameters each round: one target, a new input merged into it every time."""
    index = effect.root.index
    if not callee.doc or index >= len(callee.params) or not _changes_parameter(callee.doc, callee.params[index]):
        return False
    for other in range(len(callee.params)):
        arg = project.arg_for(call, t, other)
        if other != index and arg is not None and loop in loops_of(arg) | loops_of(project.resolve(fn, arg)):
            return True
    return False


def _changes_parameter(doc: str, param: str) -> bool:
    """Whether ``doc`` names the parameter itself as what the function changes, right after the
    verb: "update target from source recursively" (podman-compose 1.6.0's ``rec_merge_one``; a B
    of issue 8's twenty-third set), "Modify ``spec`` in place". Another word between the verb and
    the name ("update the headers of the request") says nothing of ``headers``."""
    name = re.escape(param.lstrip("*"))
    # (within a line: "dictionary to update" ending one entry is followed by the next one's name)
    verb = r"\b(updat|modif|mutat|merg\w*\s+into|fill|populat|enrich)\w*[ \t]+"
    if re.search(rf"{verb}`*{name}`*\b", doc, re.IGNORECASE):
        return True
    # or by what its own entry calls it: "It mutates the firewall rule object" of
    # ``:param firewall_rule_temp: Firewall rule obj`` (pyvcloud 23.0.4's
    # ``__populate_protocol_elements``, a B of issue 8's blind fifty-fifth set)
    said = _described_as(doc, param)
    if said and re.search(rf"{verb}(the\s+|this\s+)?{re.escape(said)}\b", doc, re.IGNORECASE):
        return True
    # or its own entry ends saying so: "resources_mapping: The resources mapping dictionary to
    # update" (openshift-python-wrapper 11.0.143's ``_merge_schema_into_mapping``, merged into
    # with each schema of a kind in turn: a B of issue 8's blind sixty-eighth set); not "to update
    # the default headers", an object of its own after the verb
    return bool(_ENDS_TO_BE_CHANGED.search(_entry_text(doc, _entry_pattern(param))))


#: the end of a parameter's entry naming it as what the function changes ("dictionary to update",
#: "list to be filled")
_ENDS_TO_BE_CHANGED = re.compile(
    r"\bto\s+(be\s+)?(updat|modif|fill|populat|extend|merg|enrich)\w*(\s+in(\s+place)?)?\s*[.;]?\s*$", re.IGNORECASE)


def _described_as(doc: str, param: str) -> str:
    """The first two words of ``param``'s own entry in ``doc`` (``:param rule: Firewall rule
    obj`` -> ``"firewall rule"``), lower-cased; ``""`` without an entry of two words or more,
    or one that starts with an article or a type word (``a``, ``the``, ``dict``)."""
    match = re.search(_entry_pattern(param) + r"[ \t]*([A-Za-z][\w-]*)[ \t]+([A-Za-z][\w-]*)", doc,
                      re.IGNORECASE | re.MULTILINE)
    if match is None:
        return ""
    first, second = match.group(match.lastindex - 1), match.group(match.lastindex)
    if first.lower() in _NO_DESCRIPTION:
        return ""
    return f"{first} {second}".lower()


#: first words of a parameter's entry that say nothing of what it is
_NO_DESCRIPTION = frozenset({"a", "an", "the", "dict", "list", "str", "int", "bool", "optional", "object", "obj"})


def out_parameter(fn: FunctionSummary, index: int) -> bool:
    """Whether ``fn``'s docstring describes parameter ``index``, in its own entry, as filled in
    by the function (:func:`_filled_parameter`). Narrower than :func:`intended`, which reads the
    whole docstring: a constructor's says what the object does, not what it does to each argument
    (sagemaker's ``ExperimentAnalytics``: "the search query ... to populate the data frame")."""
    return bool(fn.doc) and index < len(fn.params) and _filled_parameter(fn.doc, fn.params[index])


def _filled_parameter(doc: str, param: str) -> bool:
    """Whether ``doc`` describes parameter ``param`` as filled in by the function, in the
    parameter's own entry (``secrets: An object which will be filled with secrets during the
    run``: checkov 3.3.30's ``GitHistoryScanner``, an out-parameter, a B of issue 8's thirteenth
    set; ``:param acc: list to be populated``)."""
    entry = _entry_pattern(param)
    if re.search(entry + r"[^\n]{0,60}?\b(will\s+be|to\s+be|is|gets|are)\s+(filled|populated|collected)\b",
                 doc, re.IGNORECASE | re.MULTILINE):
        return True
    return bool(_COLLECTS.search(_entry_text(doc, entry)))


#: a parameter's entry that gives it the purpose of collecting what the function finds ("Pass a
#: context to capture warnings during conversion": prefect 3.9.1's ``json_schema_to_python_type``,
#: whose callers read the warnings back, a B of issue 8's twenty-second set)
_COLLECTS = re.compile(r"\b(to|for)\s+(captur|collect|accumulat|gather)\w*\b", re.IGNORECASE)


def _entry_pattern(param: str) -> str:
    """The pattern of the line that starts ``param``'s entry in a docstring: reST's ``:param
    name:`` (``:param dict name:``, ``:type name:``), Google's ``name (type): ...``, numpy's
    ``name : type``, or ``name -- ...``."""
    name = re.escape(param.lstrip("*"))
    return rf"(:(param|type|arg|argument|keyword|kwarg)\s+(\w+\s+)?{name}\s*:|^\s*{name}\s*(\([^)]*\))?\s*(:|--?))"


def _entry_end(lines: list[str], i: int) -> int:
    """Where the entry whose first line is ``lines[i]`` ends: past the lines below it indented
    deeper, up to a blank line."""
    indent = len(lines[i]) - len(lines[i].lstrip())
    end = i + 1
    while end < len(lines) and lines[end].strip() and len(lines[end]) - len(lines[end].lstrip()) > indent:
        end += 1
    return end


def _entry_text(doc: str, entry: str) -> str:
    """A parameter's whole entry in a docstring: the line that names it (``entry``, a pattern)
    and the lines below it indented deeper, up to a blank line; ``""`` when it has none."""
    lines = doc.splitlines()
    for i, line in enumerate(lines):
        if re.search(entry, line, re.IGNORECASE):
            return " ".join(lines[i:_entry_end(lines, i)])
    return ""


#: a method whose name says it adds to the object it works on (``add_autoscaler``,
#: ``append_volume``, ``register_hook``): adding is what it is for
_NAMED_FOR_ADDING = re.compile(r"^_*(add|append|attach|extend|inject|insert|push|register)(_|$)")


def named_for_adding(fn: FunctionSummary, effect) -> bool:
    """``effect`` adds something and ``fn``'s name says it adds to what it works on
    (:data:`_NAMED_FOR_ADDING`); a second call adding again is what calling it twice asks for."""
    return effect.kind == ACCUMULATE and bool(_NAMED_FOR_ADDING.match(fn.name))


def named_for_removal(fn: FunctionSummary, effect) -> bool:
    """``effect`` removes something and ``fn``'s name says it takes things out of its argument
    (:data:`_NAMED_FOR_REMOVAL`: ``pop_global_arguments``, ``_consume_attrs``)."""
    return effect.kind == REMOVE and bool(_NAMED_FOR_REMOVAL.match(fn.name))


#: removals that take an element out of a sequence or set (a queue's, a stack's, a work list's)
TAKES = ("pop[]", "popitem", "remove", "discard", "del[]")


def removes_named_element(effect) -> bool:
    """A ``remove``/``discard`` of a literal (``return_fields.remove("default")``): an element the
    caller put in as a marker or an option, named as a dict's key is, not the next item of a
    work list. Taken out of the caller's list, the next call with it does not find it and does
    otherwise (infoblox-client 0.6.2's ``_build_query_params``: ``if "default" in return_fields:
    return_fields.remove("default")`` asks for the default fields; the retry of the same request,
    and the object's next ``fetch()``, ask without them. The preview D of issue 8's blind
    fifty-first set, reproduced)."""
    if effect.kind != REMOVE or effect.op not in ("remove", "discard") or not effect.value_text:
        return False
    try:
        value = ast.literal_eval(effect.value_text)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False
    return isinstance(value, (str, int, bytes)) and not isinstance(value, bool)


def works_on(project, fn: FunctionSummary, effect) -> bool:
    """Whether ``fn`` both adds to and takes out of the object ``effect`` changes (a stack pushed
    and popped, a work list filled and drained): the object's own working state."""
    ops = {(e.kind, e.op) for e in project.effects.get(fn.qualname, {}).values()
           if e.root == effect.root and e.path == effect.path}
    return any(k == ACCUMULATE for k, _ in ops) and any(k == REMOVE and op in TAKES for k, op in ops)


def private_state(effect) -> bool:
    """The change is below a private attribute (``._prepared``, ``._pending``) of an object the
    argument reaches: by Python's convention, that object's own working state (a connection's
    session, a client's queue), which its owner means to carry from one use to the next, not
    configuration handed in (redis' cluster SCAN loop passes a node whose connection keeps the
    fieldsets prepared on it)."""
    return any(sel.startswith("._") and not sel.endswith("__") for sel in effect.path)


# ------------------------------------------------------------------- who is calling
def is_test_code(fn: FunctionSummary) -> bool:
    """Test modules (``tests/``, ``test_*.py``, ``*_test.py``, ``conftest.py``): what their
    callers pass says nothing about what real callers pass."""
    return is_test_module(fn.module)


def is_test_module(module: str) -> bool:
    """``module`` (dotted) is test code: see :func:`is_test_code`."""
    return any(p in ("test", "tests", "testing", "conftest") or p.startswith("test_") or p.endswith("_test")
               for p in module.split("."))


def tier_test_code(found: list, module_of: dict[str, str]) -> list:
    """``found`` (diagnostics) with those whose change is made in test code moved to the preview
    tier. ``module_of``: display path -> dotted module. A test's own fixture changing a module's
    state, or a test helper piling onto its inputs, harms the test suite at most, not the package's
    users (lithops 3.8.0's fixture clearing and restoring ``FUNCTION_CACHE``, feast 0.67.0's test
    creators: three default findings of issue 8's tenth and eleventh sets, all intended). A change
    made in package code stays where it is, whatever the witness (a test calling ``build()``
    twice on one template shows the package's bug)."""
    from aliaslint.diagnostics import Confidence

    return [replace(d, confidence=Confidence.MEDIUM)
            if d.confidence is Confidence.HIGH and is_test_module(module_of.get(d.location.path, "")) else d
            for d in found]


#: the most calls and changes a default finding's explanation goes through
#: (:func:`aliaslint.diagnostics.places_on_the_way`). Where it comes from: of the default findings
#: triaged blind in issue 8's sets 22 to 35 (578), 54 went through more than 12 (not aliasing 10,
#: intended 37, harmful only on reuse 7, likely bugs none); the longest likely bug's went through 9.
#: Each call on the way is resolved by its name and the types the summaries know, so a long chain
#: is as likely to run through a call that never reaches this object, and nobody checks it by reading
MAX_PLACES_ON_THE_WAY = 12


def tier_long_explanations(found: list) -> list:
    """``found`` (diagnostics) with those whose change is reached through more than
    :data:`MAX_PLACES_ON_THE_WAY` calls and changes moved to the preview tier (their confidence
    lowered to MEDIUM). The finding and its related locations are otherwise unchanged."""
    from aliaslint.diagnostics import Confidence, places_on_the_way

    return [replace(d, confidence=Confidence.MEDIUM)
            if d.confidence is Confidence.HIGH and places_on_the_way(d.related) > MAX_PLACES_ON_THE_WAY else d
            for d in found]


def is_public(fn: FunctionSummary, project) -> bool:
    """A function or constructor a library's user may call: no ``_`` name in its module path,
    its class or itself (dunder methods count as public), and not test code. A
    private module's function or class that a public module imports under a public name is
    public too: the package hands it to its users (wandb 0.31.0's ``wandb.sdk.launch`` imports
    ``launch_add`` from ``._launch_add``; the blind thirty-fourth set's reader reproduced a bug
    through it that was kept out of the default tier as a private module's)."""
    if is_test_code(fn) or fn.kind == "module":
        return False
    names = fn.qualname.split(".")
    module_parts = len(fn.module.split(".")) if fn.qualname.startswith(fn.module + ".") else 0
    private = [i for i, name in enumerate(names) if _private_name(name)]
    if not private:
        return True
    if private[-1] >= module_parts:
        return False  # the class or the function itself is private
    # the first public name below the module: the function, or the class of a method
    owner = ".".join(names[:module_parts + 1])
    return owner in exported_names(project)


def _private_name(name: str) -> bool:
    """``_name`` (a module, class or function its package keeps to itself); not a dunder, nor the
    ``<module>`` pseudo-function."""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__")) and name != "<module>"


def exported_names(project) -> frozenset[str]:
    """Qualified names that a public package's ``__init__`` (no ``_`` part in its dotted name,
    test code aside) imports under a public name: the package's re-exports (``from ._launch_add
    import launch_add`` in ``wandb/sdk/launch/__init__.py``). Another module's imports are what
    it uses itself (``from .runner import _RunnerConfig as RunnerConfig``). Cached on the
    project."""
    got = project.__dict__.get("_exported_names")
    if got is None:
        out = set()
        for module in project.modules.values():
            parts = module.module.split(".")
            if not module.is_package or is_test_module(module.module) or any(_private_name(p) for p in parts):
                continue
            out.update(qual for local, qual in module.imports.items() if not local.startswith("_"))
        got = project.__dict__["_exported_names"] = frozenset(out)
    return got


#: the spellings of a new empty container (a default that starts empty, a list started over)
EMPTY_CONTAINERS = frozenset({"[]", "{}", "set()", "dict()", "list()", "deque()", "collections.deque()",
                              "OrderedDict()", "collections.OrderedDict()"})

#: values written to reset a slot, not to put the caller's content there
_RESETS = {"None", "True", "False", "0", "''", '""', "[]", "{}"}

#: words that call a value configuration: what a caller builds once, hands over and may hand over
#: again (DESIGN.md's catalogue: AL007 is about "a caller's config-like argument"; the seed's
#: worker template and pod spec, dask-kubernetes' ``pod_template``, zenml's run ``config``)
_CONFIG_WORDS = frozenset({
    "config", "configs", "configuration", "conf", "cfg", "settings", "options", "opts", "spec", "specs",
    "template", "templates", "manifest", "manifests", "params", "parameters", "kwargs", "attrs", "attributes",
    "labels", "annotations", "tags", "headers", "metadata", "env", "defaults", "overrides", "values",
    "props", "properties", "definition", "definitions",
    # the parts of a Kubernetes object spec, which operators hand around on their own
    "resources", "containers", "volumes", "mounts", "ports", "limits", "selector", "tolerations",
})
#: the annotations of builtin containers (``typing``'s and ``collections.abc``'s spellings)
_CONTAINER_ANNOTATIONS = re.compile(
    r"^(typing(_extensions)?|collections\.abc|collections)\.(Dict|List|Set|FrozenSet|Mapping|MutableMapping|"
    r"Sequence|MutableSequence|MutableSet|Iterable|Collection|TypedDict|OrderedDict|DefaultDict|defaultdict|"
    r"Counter|ChainMap)$")
#: outside base classes whose subclasses are records: plain data with declared fields
_RECORD_BASES = frozenset({"pydantic.BaseModel", "pydantic.main.BaseModel", "pydantic.v1.BaseModel",
                           "pydantic.RootModel", "pydantic.root_model.RootModel",
                           "msgspec.Struct", "attr.AttrsInstance", "sqlmodel.SQLModel"})


def names_configuration(name: str) -> bool:
    """Whether a parameter's name calls it configuration: one of its words (snake or camel case)
    is in :data:`_CONFIG_WORDS` (``pod_template``, ``jinja_env_kwargs``, ``clientParams``)."""
    words = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name.lstrip("_*")).lower().split("_")
    return any(w in _CONFIG_WORDS for w in words)


def annotated_as(project, fn: FunctionSummary, index: int) -> str | None:
    """What parameter ``index``'s annotation says the argument is: ``"data"`` (a builtin container,
    a record class: a dataclass, a pydantic model, a class a model file makes with its keyword
    arguments as fields, such as ``kubernetes.client.V1Pod``), ``"object"`` (a class with behaviour
    of its own: a project class with mutating methods, or another package's class that is not a
    record: ``httpx.Request``, ``jinja2.Environment``, ``logging.Logger``), or ``None`` when the
    annotation is missing or says neither (``Optional[...]``, a string, a plain project class)."""
    from aliaslint import models

    annotation = fn.annotations[index] if index < len(fn.annotations) else frozenset()
    kinds = set()
    for o in annotation:
        if not (isinstance(o, Ref) and o.root.kind == "global"):
            return None
        selectors = [s for s in o.path if s.startswith(".")]
        dotted = o.root.name + "".join(selectors)
        if _CONTAINER_ANNOTATIONS.match(dotted):
            kinds.add("data")
            continue
        if len(selectors) != len(o.path):
            return None  # ``Optional[...]``, ``Union[...]``: what is inside is not kept
        got = project.lookup_qualname(dotted)
        if got is not None and got[0] == "class":
            info = project.classes[got[1]]
            if info.dataclass_fields or external_bases(project, got[1]) & _RECORD_BASES:
                kinds.add("data")
            elif project.has_own_mutators(got[1]):
                kinds.add("object")
            else:
                return None
        elif got is None and dotted.split(".")[0] not in project.modules and dotted.split(".")[0] not in _SHAPE_MODULES:
            model = models.lookup(dotted)
            kinds.add("data" if model is not None and model.get("kind") == "fresh" else "object")
        else:
            return None
    return kinds.pop() if len(kinds) == 1 else None


def config_like(project, fn: FunctionSummary, index: int, path: tuple[str, ...]) -> bool:
    """Whether the part of parameter ``index`` at ``path`` is configuration data the caller built
    and may use again (a mapping, a list, a template, a record), not an object with behaviour of
    its own that the function works on as it is meant to (a framework's environment registering a
    plug-in's filters, a request being sent, a host, a logger, another object's private state).

    The annotation decides when it says either (:func:`annotated_as`); otherwise a change through
    the argument's items only (``cfg["sender"].pop("class")``, ``mounts.append(m)``) is a
    container's, and a change through an attribute is configuration's only when the parameter or
    an attribute on the way is named so (:func:`names_configuration`:
    ``pod_template.spec.containers[0].args``, redis' ``stack[*].options``). Where this
    comes from: the triage of 67 default findings on eleven packages aliaslint had not seen (issue
    8, this stop): 14 of the 24 public-entry findings changed an object of the second kind
    (cookiecutter's Jinja extensions, prefect's request and run, paramiko's host keys), none a bug;
    the two bugs among them changed a ``*_kwargs`` dict and a run ``config``."""
    name = fn.params[index]
    keyword = key_name(path[0]) if name.startswith("**") and path else None
    if keyword:
        # an item of ``**kwargs``: the object the caller gave under that keyword, named by it
        name, path = keyword, path[1:]
    said = None if name.startswith("**") or keyword else annotated_as(project, fn, index)
    if said is not None:
        return said == "data"
    if any(s.startswith("._") for s in path):
        return False  # another object's private state (``self._hostkeys._entries``)
    return not any(s.startswith(".") for s in path) or names_configuration(name) \
        or any(s.startswith(".") and names_configuration(s[1:]) for s in path)


def keyword_item(fn: FunctionSummary, effect):
    """``(keyword, effect)`` for a change below an item of ``fn``'s ``**kwargs`` parameter: the
    keyword the caller gave it under, and the change as one of the caller's object given there
    (its path past the item). ``None`` for any other change, and for one of the keyword dict
    itself (``kwargs.pop("nics")``, ``kwargs["name"] = name``): Python makes that dict for each
    call, so nobody else holds it. The values are the caller's objects: shade 1.33.0's public
    ``create_server(**kwargs)`` pops ``net-id`` out of each dict of the caller's ``nics=`` list,
    so a second server created with the same list boots on the default network (a miss the
    blind reader of issue 8's sixty-first set reproduced)."""
    index = effect.root.index
    if effect.root.kind != "param" or not fn.params[index:index + 1] or not fn.params[index].startswith("**"):
        return None
    name = key_name(effect.path[0]) if effect.path else None
    if not name or not name.isidentifier():
        return None
    return name, replace(effect, path=effect.path[1:])


def public_entry(project, fn: FunctionSummary, effect, index: int, public: bool = False,
                 keywords: bool = False) -> str | None:
    """Why a finding with no witness in the tree is still shown: ``fn`` is a public entry point
    (or, with ``public``, the caller knows it is reached as one: a constructor of a private module
    that public subclasses run), parameter ``index`` is a public argument holding configuration
    (:func:`config_like`), and the change destroys or duplicates what the caller gave, below the
    top level or by removing a named key. Returns the reason or ``None``. With ``keywords``, a
    change below an item of a ``**kwargs`` parameter is one of the caller's object given under
    that keyword (:func:`keyword_item`); without, such a parameter has no public-entry reason."""
    path = effect.path
    keyword = keyword_item(fn, effect) if keywords else None
    if keyword is not None:
        # an item of ``**kwargs``: the caller's object given under that keyword, an option it
        # may leave out, and material of what is built (nobody hands a keyword in to be filled)
        effect = keyword[1]
    elif index < len(fn.params) and fn.params[index].startswith("*"):
        return None  # the keyword dict or the positional tuple Python makes for each call
    if not (public or is_public(fn, project)) or index >= len(fn.params) or nested(project, fn) \
            or framework_hook(project, fn) or plugin_hook(project, fn) or class_statement_namespace(project, fn, index) \
            or registered_by_decorator(project, fn) or handed_on_callback(project, fn) \
            or dispatched_by_name(project, fn):
        return None
    if not config_like(project, fn, index, path):
        return None
    if effect.kind == ACCUMULATE and index in fn.own_fallback and index in fn.falsy_defaults \
            and any(isinstance(r, Ref) and r.root.kind == "param" and r.root.index == index and not r.path
                    for r in project.rets.get(fn.qualname, ())):
        # ``def find(keys, dct, result=None): if result is None: result = {}``, filled and
        # returned: a parameter the function makes its own object for when none is given, and
        # hands back, is where it puts what it finds, for its recursive calls or a caller that
        # asks to collect (moto 5.2.6's ``find_nested_key``, documented "only set by recursive
        # invocations"; a B of issue 8's blind twenty-seventh set). Not an option it adds to
        # (``opts = opts or {}; opts.setdefault("env", []).append(x)``), which it does not return
        return None
    name = fn.params[index] if keyword is None else keyword[0]
    if name.startswith(("_", "*")):
        return None
    if effect.kind == REMOVE and (effect.op not in (*TAKES, "clear") or removes_named_element(effect)) \
            and not _computed(effect.key_deps) \
            and not (effect.discarded and effect.guarded and not effect.conditional and effect.op == "pop"):
        # a named key (``cfg.pop("class")``, ``del cfg["legacy"]``); one computed from the object
        # itself or the inputs takes an element out (``pods.pop(newest_index(pods))``). Not a key
        # popped as a statement, its value thrown away, when a test of the object alone finds it
        # there (``if "env" in load: load.pop("env")``): an option the function does not take,
        # refused once; not an element a search of other inputs picked (napalm 5.2.0's
        # ``_compare_getter_list`` popping each matched element of the caller's list) (salt
        # 3008.5's fileserver backends dropping the retired ``env``: B's of issue 8's twenty-sixth
        # set). A ``del`` there may follow a move (``d["author"] = d["who"]; del d["who"]``)
        if not effect.path and effect.selector and keyword is None and not _optional(fn, index) \
                and not names_configuration(fn.params[index]):
            return None  # the function's own input, taken apart: see :func:`_optional`
        return f"`{name}` comes from the caller, and this removes what the caller put in it"
    if effect.kind == ACCUMULATE and (effect.path and effect.op != "add" or keyword is not None
                                      or adds_to_material(project, fn, effect)):
        return f"`{name}` comes from the caller, and every call adds to what the caller gave again"
    if effect.kind == OVERWRITE and effect.path and effect.value_text not in _RESETS and _transforms(effect):
        return f"`{name}` comes from the caller, and this rewrites what the caller put inside it"
    if sets_on_some_calls(effect, fn):
        if merges_argument(effect):
            return (f"`{name}` comes from the caller, and this merges another argument's entries into it: the "
                    f"next call given other entries keeps this one's")
        return (f"`{name}` comes from the caller, and this sets a named key in it on some calls only: "
                f"the next call that does not set it keeps this one's value")
    if adds_on_some_calls(effect, fn):
        added = "adds to an item of it" if effect.op == "[] +=" else f"adds {effect.value_text or 'an element'} to it"
        return (f"`{name}` comes from the caller, and this {added} only "
                f"{flag_condition(fn, effect)}: a later call that does not ask for it still gets it")
    return None


def _optional(fn: FunctionSummary, index: int) -> bool:
    """Parameter ``index`` has a default (``jinja_env_kwargs=None``, ``optional_args={}``): an
    option the caller may leave out, so a set of options it builds once and hands to every call
    (pyinfra 3.10.0's ``get_template`` popping the caller's ``jinja_env_kwargs``; napalm 5.2.0's
    drivers popping ``optional_args``).

    A required argument that its name does not call configuration (:func:`names_configuration`)
    is what the function works on, and a named key taken out of it at its top level is its input
    taken apart: salt 3008.5's master handlers popping their ``load``, a parser popping keys of
    its ``data``. Of the 31 such default findings in issue 8's blind sets 22 to 35, 22 were
    intended, 9 harmful only if a caller used the object again (none in the tree does), and none
    was a bug. Shown whichever the argument: an element taken out of a list, what is taken out
    below the top level (``config["sender"].pop("class")``, the caller's nested configuration:
    metlog's #38), and a key taken out of an argument named as configuration
    (``cfg.pop("name")``)."""
    return index in fn.falsy_defaults or any(i == index for i, _, _ in fn.mutable_defaults)


#: the operations that merge one mapping into another
MERGES = frozenset({"update", "|="})


def merges_holder_state(project, fn: FunctionSummary, effect) -> bool:
    """A merge (``update``, ``|=``) into an attribute of ``self`` whose entries the object reads
    for itself: from another of its attributes (:attr:`Effect.value_outside`), or returned by a
    call on one, with no argument of the method's caller (``self.settings.update(
    self.loader.load_file("env/settings"))``). Into the dict its constructor kept from the caller,
    the next object given the same dict starts with them (ansible-runner 2.4.3's
    ``BaseConfig.prepare_env``: one project's ``job_timeout`` and vault password carried into the
    next job, reproduced by the blind triage of issue 8's sixteenth set). Repeated on one object it
    merges the same again; each object merges what it holds. Not a merge of what the method's
    caller gives (``self.settings.update(overrides)``): a setter's."""
    if effect.kind != OVERWRITE or effect.op not in MERGES or not effect.path or not effect.path[0].startswith("."):
        return False
    if effect.value_outside:
        return True
    if effect.chain or not fn.cls or fn.kind not in ("method", "property"):
        return False
    own = effect.path[:1]
    for m in fn.mutations:
        if m.site != effect.site:
            continue
        for o in m.value:
            call = project.call_site(fn, o.root.index) if isinstance(o, Ref) and o.root.kind == "call" else None
            if call is None or call.receiver is None:
                return False
            receiver = project.resolve(fn, call.receiver)
            if not receiver or not all(isinstance(r, Ref) and r.root.kind == "param" and r.root.index == 0
                                       and r.path[:1] and r.path[:1] != own for r in receiver):
                return False  # not a call on another attribute of the object
            if any(r.kind == "param" and r.index > 0 for a in call.args for r in deps_of(project.resolve(fn, a))):
                return False  # what the method's caller gave
        return bool(m.value)
    return False


def public_subclass(project, family) -> str | None:
    """The first class of ``family`` (a class and its subclasses, qualified names) a library's
    user can name: no ``_`` in its module path or name, not test code. A base class in a private
    module (``ansible_runner.config._base.BaseConfig``) is built through its public subclasses
    (``RunnerConfig``), which hand their keywords to its ``__init__``."""
    for cls in sorted(family):
        info = project.classes.get(cls)
        if info is None or any(part.startswith("_") for part in cls.split(".")):
            continue
        init_q = project.find_method(cls, "__init__")
        init = project.functions.get(init_q) if init_q else None
        if init is not None and is_test_code(init):
            continue
        return cls
    return None


def adds_on_some_calls(effect, fn: FunctionSummary) -> bool:
    """An element of the function's own (a literal, a module constant, a call's result) added at
    the top of a caller's list or set only when a flag parameter asks for it (pyinfra 3.10.0's
    ``mysql.privileges``: ``if with_grant_option: privileges.add("GRANT OPTION")`` into the
    caller's set, so the same set passed for another user, without the option, grants it too; a
    privilege escalation reproduced by the blind triage of issue 8's twelfth set). Repeating the
    same call changes nothing (a set's ``add``); a call that did not ask for the element is what
    goes wrong. Not what a caller asked for (``if keep: out.append(item)``): an output
    parameter filled as asked. An item grown with elements of the function's own is one too
    (``d["pubkeys"] = list(set(old + SHA2_KEYS))`` under ``if disable_sha2_fix:``, netmiko 4.8.0:
    a reproduced bug of issue 8's blind thirty-sixth set); the item's old elements are no input."""
    grown = effect.op == "[] +="
    return effect.kind == ACCUMULATE and not effect.path \
        and (effect.op in ("add", "append", "insert", "appendleft", "extend", "+=") or grown) \
        and effect.conditional and flag_asks(fn, effect) \
        and all(r.kind in ("global", "call") or grown and r == effect.root for r in effect.value_deps)


def adds_to_material(project, fn: FunctionSummary, effect) -> bool:
    """An element added at the top of a caller's list (``bdms.insert(0, image_bdm)``) that the
    function that adds it also puts, whole, into an object it builds (``body["server"]
    ["block_device_mapping_v2"] = bdms``): the list is an input, material of what is built, not
    an output parameter the caller hands over to be filled. A second call with the same list
    builds from the caller's entries and the first call's addition, and adds its own again
    (python-novaclient 18.13.1's ``ServerManager.create``: a second server booted with one list
    gets two boot-index-0 image mappings; the preview D of issue 8's blind forty-fifth set)."""
    if effect.kind != ACCUMULATE or effect.path or effect.op not in ("append", "insert", "appendleft", "extend", "+="):
        return False
    where, index = fn, effect.root.index
    if effect.callees:
        where = project.functions.get(effect.callees[-1])
        own = made_by_callee(project, effect)
        if where is None or own is None:
            return False
        index = own.root.index

    def whole(o) -> bool:
        return isinstance(o, Ref) and o.root.kind == "param" and o.root.index == index and not o.path

    def built_around(value) -> bool:  # a new object holding the list (the request body)
        return any(isinstance(o, Fresh) and any(holds(v, whole) for _, v in o.fields) for o in value)

    return any(built_around(v) for c in where.calls for v in c.passed()) \
        or built_around(project.rets.get(where.qualname, frozenset())) \
        or any(holds(m.value, whole) and not any(whole(t) for t in m.target) for m in where.mutations)


def made_by_callee(project, effect):
    """The effect as the function that makes it records it, on its own parameter: for a change
    reached through callees (:attr:`Effect.callees`), the innermost one's effect at the same
    site; else ``effect``. ``None`` when that callee has none (its effects were not kept)."""
    if not effect.callees:
        return effect
    return next((e for e in project.effects.get(effect.callees[-1], {}).values()
                 if e.site == effect.site and e.kind == effect.kind and e.root.kind == "param" and not e.callees), None)


def flag_condition(fn: FunctionSummary, effect) -> str:
    """``when `with_grant_option` is true`` for :attr:`Effect.requires` ``((3, True),)``."""
    said = [f"`{fn.params[i].lstrip('*')}` is {'true' if truthy else 'false'}"
            for i, truthy in effect.requires if 0 <= i < len(fn.params)]
    return "when " + " and ".join(said) if said else "on some calls"


def flag_asks(fn: FunctionSummary | None, effect) -> bool:
    """``effect`` is made only when switches of ``fn`` (:attr:`FunctionSummary.bool_flags`) have
    given values: the caller decides it call by call. An optional value's truth
    (``if ssl_secret_name:``) says what the caller gave, not a choice it makes each time."""
    return fn is not None and bool(effect.requires) and not effect.callees \
        and all(i in fn.bool_flags for i, _ in effect.requires)


def sets_on_some_calls(effect, fn: FunctionSummary | None = None) -> bool:
    """A named key set on some paths only in an optional mapping the caller may pass, which the
    function makes itself when the caller gives none (``tags = tags or {}``, then ``if parent_id
    is not None: tags[PARENT_RUN_ID] = parent_id``, mlflow#5190; ``if not headers: headers = {}``,
    then ``if isinstance(data, bytes): headers["Content-Encoding"] = "gzip"``,
    apify-client#746): the function writes as if into its own dict, the caller's keeps the key,
    and the next call that does not set it passes this call's value on. Or set only when a flag
    parameter asks (``if compress: headers["Content-Encoding"] = "gzip"``), as
    :func:`adds_on_some_calls` adds an element. A switch turned on is no reset
    (python-cinderclient 9.10.0's ``GroupManager.list``: ``if list_volume:
    search_opts["list_volume"] = True``, so the next ``list(search_opts=opts)`` still lists the
    volumes: a bug the blind triage of issue 8's forty-sixth set found missed). Written with
    ``update`` too: of a literal's keys (``if version_id: query_params.update({"versionId":
    version_id})``), or of another argument's entries (``query_params.update(response_headers or
    {})``), minio 7.2.20's ``stat_object`` and ``get_presigned_url``: misses of issue 8's blind
    sixty-sixth set that the reader reproduced."""
    if effect.kind != OVERWRITE or effect.path:
        return False
    if merges_argument(effect):
        return True
    return effect.op in ("[] =", "update") and effect.conditional \
        and (effect.defaulted or flag_asks(fn, effect)) \
        and not _computed(effect.key_deps) and effect.value_text not in _RESETS - {"True", "False"}


def merges_argument(effect) -> bool:
    """Another argument's entries merged into a mapping the function treats as its own
    (``query_params = extra_query_params or {}``, then ``query_params.update(response_headers or
    {})``): the keys a call is given, which the next call, given other ones, passes on (see
    :func:`sets_on_some_calls`)."""
    return effect.kind == OVERWRITE and not effect.path and effect.op == "update" and effect.defaulted \
        and bool(effect.key_deps) \
        and all(r.kind == "param" and r != effect.root and not _own_state(r) for r in effect.key_deps)


def _transforms(effect) -> bool:
    """A write that puts there what the caller did not ask for: a value of the function's own
    (``pod_template["spec"]["args"] = ["dask-scheduler"]``), or what the slot held turned into
    something else with other inputs (a placeholder rendered with this call's runs:
    ``body[k] = re.sub("{{runs}}", text, body[k])``; repeated, it finds the placeholder gone).
    Not a setter that puts its own arguments there (``with_annotations(key, value)``,
    ``status.timestamp_key = key``): the caller asked for that value; nor a normalisation of the
    old value alone, which gives the same result again. Where this comes from: the triage of
    three unseen packages (issue 8), where setters were 4 of the 5 public-entry rewrites, and
    none was a bug; the fifth (a rendered placeholder) was."""
    deps = effect.value_deps
    if normalises(effect):
        return False
    # a literal, a module-level value or a call's result is the function's own; a parameter (or
    # what was computed from one, "unknown") is what its caller asked for
    return not deps or any(r == effect.root or r.kind in ("global", "call") for r in deps)


#: the methods Python calls to make an object: their arguments are the constructor's caller's
CONSTRUCTION = frozenset({"__init__", "__new__", "__init_subclass__", "__post_init__", "__class_getitem__"})

#: a method name's dispatch prefix: a lowercase word and an underscore before the rest of the
#: name (``perspective_addChange``, ``remote_update``, ``visit_Call``, ``do_GET``)
_DISPATCH_PREFIX = re.compile(r"^([a-z]+_)[A-Za-z0-9]")


def dispatch_prefix(name: str) -> str | None:
    """The prefix a framework may build ``name`` from (``"perspective_"`` for
    ``perspective_addChange``), or None for a name without one."""
    m = _DISPATCH_PREFIX.match(name)
    return m.group(1) if m else None


def handed_on_callback(project, fn: FunctionSummary) -> bool:
    """``fn`` is a callback no code in the tree calls, handed to a call as a hook or as its sole
    argument (:attr:`FunctionSummary.handed_on`: ``json.loads(raw, object_hook=
    self.decode_policy)``): whoever gets it calls it, with what it made for that call, not a
    library user (moto 5.2.6's ``Policy.decode_policy`` rewriting each dict the JSON decoder
    built; a B of issue 8's blind twenty-seventh set)."""
    if project.callers.get(fn.qualname):
        return False
    return fn.qualname in _handed_on_functions(project)


def dispatched_by_name(project, fn: FunctionSummary) -> bool:
    """``fn`` is a method no code in the tree calls, of a class whose own methods (or a base's)
    look a method up on the object by a name computed at run time and call it, or hand it back
    to code that calls it (``getattr(self, func)(load)``; a ``get_method(name)`` returning
    ``getattr(self, name)``, not a getter of values such as nornir 3.6.0's ``Host.get``): the
    dispatcher calls it, with the message it received for that call (salt 3008.5's
    ``ClearFuncs.runner`` and ``wheel`` popping ``fun`` from each request's ``clear_load``, B's of
    issue 8's twenty-sixth set)."""
    if fn.kind != "method" or not fn.cls or fn.cls not in project.classes or project.callers.get(fn.qualname):
        return False
    called = _results_called(project)
    for cls in project.mro(fn.cls):
        for q in project.classes[cls].methods.values():
            method = project.functions.get(q)
            if method is not None and (method.dispatches_by_name or method.hands_back_by_name
                                       and (q in called or "." + method.name in called)):
                return True
    return False


def _built_once(project, name: str, build):
    """``build(project)``, computed on the first call for this project and kept on it."""
    got = project.__dict__.get(name)
    if got is None:
        got = project.__dict__[name] = build(project)
    return got


def _results_called(project) -> frozenset[str]:
    """The project functions some code calls the result of (``method = funcs.get_method(cmd);
    method(load)``), and ``".<name>"`` for the methods called so whose receiver's class is not
    known (salt 3008.5's ``self.clear_funcs.get_method(cmd)``). Built once per project."""
    def build(project) -> frozenset[str]:
        found: set[str] = set()
        for fn in project.functions.values():
            for call in fn.calls:
                for o in call.callee:
                    if isinstance(o, Ref) and o.root.kind == "call" and not o.path:
                        site = project.call_site(fn, o.root.index)
                        if site is None:
                            continue
                        targets = project.targets(fn, site)
                        found.update(t.function for t in targets)
                        if not targets and site.receiver is not None:
                            found.add("." + site.text.rsplit(".", 1)[-1])
        return frozenset(found)

    return _built_once(project, "_results_called", build)


def _handed_on_functions(project) -> frozenset[str]:
    """The qualified names of the project functions some function hands to a call as a callback
    (:attr:`FunctionSummary.handed_on`): a method of its class (or a base's), or a function of
    its module. Built once per project."""
    def build(project) -> frozenset[str]:
        found: set[str] = set()
        for fn in project.functions.values():
            for text in fn.handed_on:
                if text.startswith("."):
                    method = project.find_method(fn.cls, text[1:]) if fn.cls else None
                    if method is not None:
                        found.add(method)
                elif f"{fn.module}.{text}" in project.functions:
                    found.add(f"{fn.module}.{text}")
        return frozenset(found)

    return _built_once(project, "_handed_on_functions", build)


def framework_hook(project, fn: FunctionSummary) -> bool:
    """``fn`` is a hook a framework calls, not an entry point a library's user calls: a method
    that no code in the project calls, of a class derived from a class outside the project, and
    either extending that class's method of the same name (it calls ``super().<name>(...)``), or
    defined under the same name by another class derived from that same outside class
    (mlrun's ``do(event)`` of its ``storey.MapClass`` steps), or one of a family of methods named
    with one prefix (``perspective_*``) that at least two such classes define and that no code in
    the project calls by name: the framework builds the name from a message it received and calls
    it (Twisted's ``pb.Avatar`` turns ``callRemote("addChange", change)`` into
    ``perspective_addChange`` with the change unpickled for this call; buildbot 4.3.0's two
    "public entry point" findings of issue 8's fresh set, both not aliasing). Its argument is the
    framework's message for this call; the project's own callers are none."""
    if fn.kind != "method" or fn.cls not in project.classes or fn.name in CONSTRUCTION:
        return False
    if project.callers.get(fn.qualname) or project.find_method_after(fn.cls, fn.name):
        return False
    if any(call.super_call and call.text == f"super().{fn.name}" for call in fn.calls) \
            and external_bases(project, fn.cls):
        # it extends the outside class's method of the same name and hands on to it (meltano
        # 4.4.1's ``MeltanoConsoleRenderer.__call__`` ends with ``super().__call__(logger, name,
        # event_dict)``: a structlog processor, given an event dict made for this event; issue
        # 8's eighth unseen set): the framework calls it, with what its contract says
        return True
    if fn.name.startswith("__"):
        return False
    if project._hook_index is None:
        # (outside base, method name) -> how many project classes derived from it define it;
        # (outside base, prefix) -> the project classes derived from it that define a method
        # with that prefix, and whether the project calls any method with that prefix by name
        index: dict[tuple[str, str], int] = {}
        prefixed: dict[tuple[str, str], set[str]] = {}
        for c, info in project.classes.items():
            for base in external_bases(project, c):
                for name in info.methods:
                    index[base, name] = index.get((base, name), 0) + 1
                    prefix = dispatch_prefix(name)
                    if prefix is not None:
                        prefixed.setdefault((base, prefix), set()).add(c)
        called = {dispatch_prefix(call.text.rsplit(".", 1)[-1]) for f in project.functions.values()
                  for call in f.calls}
        families = frozenset(k for k, classes in prefixed.items() if len(classes) >= 2 and k[1] not in called)
        project._hook_index = (index, families)
    index, families = project._hook_index
    prefix = dispatch_prefix(fn.name)
    return any(index.get((base, fn.name), 0) >= 2 or (base, prefix) in families
               for base in external_bases(project, fn.cls))


#: how many project classes must define a base's method for it to be a plug-in hook: a family
#: of plug-ins, not one override (Cloud Custodian 0.9.53 defines ``process`` in hundreds)
_PLUGIN_FAMILY = 3


def registered_by_decorator(project, fn: FunctionSummary) -> bool:
    """``fn`` is handed to a decorator of the project that gives it back unchanged (it marks the
    function, or puts it in a registry: pdm 2.29.4's ``@convert_from("license")``, which sets
    ``_convert_from`` on it for ``MetaConverter.convert`` to find), and no code calls it by name:
    the project's dispatcher calls it, with what the dispatcher was given. Its argument is no
    library user's (three "public entry point" findings of issue 8's twenty-eighth set, all B:
    converters taking their keys out of the source ``convert`` consumes anyway)."""
    if not fn.decorated_by or project.callers.get(fn.qualname):
        return False
    for o in fn.decorated_by:
        if isinstance(o, Ref) and o.root.kind == "global" and not o.path and _gives_back_unchanged(project, o.root.name):
            return True
    return False


def _gives_back_unchanged(project, decorator: str) -> bool:
    """Whether the project function ``decorator``, or a function defined in it (the decorator a
    decorator factory returns), returns its first parameter itself."""
    memo = project.__dict__.setdefault("_gives_back_unchanged", {})
    if decorator not in memo:
        memo[decorator] = False
        if decorator in project.functions:
            inner = project.__dict__.get("_defined_in")
            if inner is None:  # function -> the functions defined directly in it, built once
                inner = project.__dict__["_defined_in"] = {}
                for q in project.functions:
                    inner.setdefault(q.rpartition(".")[0], []).append(q)
            nested = inner.get(decorator, [])
            memo[decorator] = any(
                any(isinstance(r, Ref) and r.root.kind == "param" and r.root.index == 0 and not r.path
                    for r in project.rets.get(q, ()))
                for q in (decorator, *nested) if project.functions[q].params)
    return memo[decorator]


def plugin_hook(project, fn: FunctionSummary) -> bool:
    """``fn`` is a plug-in's hook that the package's own framework calls: a method of a class
    put in a registry, or derived from one that is (:attr:`aliaslint.summary.ClassInfo.registered`:
    the framework finds it by name), overriding a method of a project base class that at least :data:`_PLUGIN_FAMILY`
    classes under that base define, which no code calls by its class (only through objects of
    unknown class: ``for f in self.filters: resources = f.process(resources)``), while some code
    does call a method of that name. Its argument is what the framework hands every plug-in for
    this run (Cloud Custodian's filters and actions annotating the resource records of one run:
    ten "public entry point" findings of issue 8's seventh set, nine B), not what a library's
    user passes. Without the registry, a family of classes with one interface is a library's API
    (apache-libcloud's drivers, whose users call ``driver.create_node(...)``; ansible's action
    plug-ins, called again with the same arguments on a retry: D's of the held-out and mid sets)."""
    if fn.kind != "method" or fn.cls not in project.classes or fn.name.startswith("__"):
        return False
    # the class, or a project class it derives from, is in a registry: Cloud Custodian registers
    # ``DescribeSource`` and maps each resource to a subclass of it (``source_mapping =
    # {"describe": DescribeBackup}``), whose ``augment`` its managers call through ``self.source``
    if not any(project.classes[c].registered for c in project.mro(fn.cls)):
        return False
    if project.callers.get(fn.qualname):
        return False
    roots = [c for c in project.mro(fn.cls) if c != fn.cls and fn.name in project.classes[c].methods]
    if not roots:
        return False
    if project._plugin_index is None:
        family: dict[tuple[str, str], int] = {}
        for c in project.classes:
            for name in project.classes[c].methods:
                for base in project.mro(c):
                    if base != c and name in project.classes[base].methods:
                        family[base, name] = family.get((base, name), 0) + 1
        called = frozenset(call.text.rsplit(".", 1)[-1] for f in project.functions.values() for call in f.calls
                           if "." in call.text)
        project._plugin_index = (family, called)
    family, called = project._plugin_index
    return fn.name in called and any(family.get((base, fn.name), 0) >= _PLUGIN_FAMILY for base in roots)


def _makes_classes(project, fn: FunctionSummary) -> bool:
    """``fn`` is a metaclass's ``__new__`` or ``__init__``: Python calls it once per class
    statement."""
    return fn.name in ("__new__", "__init__") and fn.cls is not None and fn.cls in project.classes \
        and project.is_metaclass(fn.cls)


def class_statement_namespace(project, fn: FunctionSummary, index: int) -> bool:
    """Parameter ``index`` of ``fn`` is the namespace a metaclass's ``__new__`` or ``__init__``
    gets (``def __new__(mcs, name, bases, attrs)``): Python calls it for each class statement with
    a dict made for that statement, so no caller of a library hands it over, or sees it again
    (elasticsearch's ``DocumentMeta`` "filters attrs in place")."""
    return index == 3 and _makes_classes(project, fn)


def registers_classes(project, fn: FunctionSummary, effect) -> bool:
    """``fn`` is a metaclass's ``__new__`` or ``__init__`` adding to a class- or module-level
    collection: it runs once per class statement, so each call registers one new class (luigi's
    ``Register._reg.append(cls)``, a plugin registry): a registry, meant to be shared."""
    return effect.kind == ACCUMULATE and _makes_classes(project, fn)


def drained_attributes(project) -> frozenset[str]:
    """The attribute names of the objects some loop of the project runs until they are empty,
    taking their entries out (:attr:`aliaslint.summary.FunctionSummary.loop_drains`:
    ``while config.DEPRECATED: config.DEPRECATED.pop(0)`` -> ``DEPRECATED``); by name, as the
    loop reaches the class-level list through an instance. Cached on the project."""
    cached = project.__dict__.get("_drained_attributes")
    if cached is None:
        names = set()
        for fn in project.functions.values():
            for value in fn.loop_drains.values():
                for o in value:
                    if isinstance(o, Ref) and o.path and o.path[-1].startswith("."):
                        names.add(o.path[-1][1:])
        cached = project.__dict__["_drained_attributes"] = frozenset(names)
    return cached


def singleton(project, cls_name: str) -> bool:
    """``cls_name`` (or a base) hands out one instance, kept in a class-level attribute that a
    classmethod or ``__new__`` sets to a new instance (``if cls._instance is None: cls._instance =
    cls()``, luigi's ``BaseParser.instance``): its class-level state is that instance's own
    working state, not something several instances share."""
    chain = [project.classes[c] for c in project.mro(cls_name)]
    kept = {f for info in chain for f in info.singleton_fields}
    # the field may be declared in the subclass and set by the base's getter (luigi's parsers);
    # a ``__new__`` that keeps an instance needs no declaration: every construction gets it
    # (``if not hasattr(cls, "instance"): cls.instance = super().__new__(cls)``, sentry-sdk 2.76.0's
    # ``SentrySpanProcessor``, two B's of issue 8's blind thirty-first set)
    return any(f in info.class_attrs for info in chain for f in kept) \
        or bool(kept) and any("__new__" in info.methods for info in chain)


def nested(project, fn: FunctionSummary) -> bool:
    """A function defined inside another (a closure a decorator or ``__getattr__`` returns): its
    callers are whoever the enclosing function hands it to, not a library's users (patroni's
    consul ``HTTPClient.__getattr__.wrapper``)."""
    return fn.qualname.rsplit(".", 1)[0] in project.functions


def documented(project, fn: FunctionSummary, index: int, keyword: str | None = None) -> bool:
    """Whether parameter ``index`` of ``fn`` is documented as part of its interface: named in the
    function's docstring, or for a constructor in its class's (numpy- and Google-style libraries
    document ``__init__``'s arguments there). ``keyword``: the keyword argument of that name,
    which the ``**kwargs`` parameter ``index`` collects, is asked about instead."""
    if index >= len(fn.params):
        return False
    word = re.compile(rf"(?<![\w.]){re.escape(keyword or fn.params[index].lstrip('*'))}\b")
    if fn.doc and word.search(fn.doc):
        return True
    if fn.name == "__init__" and fn.cls in project.classes:
        doc = project.classes[fn.cls].doc
        return bool(doc and word.search(doc))
    return False


def entry_point(project, fn: FunctionSummary, index: int, keyword: str | None = None) -> bool:
    """A public function or constructor whose parameter ``index`` (or the ``keyword`` its
    ``**kwargs`` collects) is a documented configuration argument: its callers are the library's
    users, mostly outside the tree, so what the tree's own calls pass proves nothing."""
    return is_public(fn, project) and not nested(project, fn) and documented(project, fn, index, keyword)


def public_entry_related(facts, fn: FunctionSummary, reason: str):
    return facts.related(fn.site, PUBLIC_ENTRY + reason)


def outer_entry(project, fn: FunctionSummary, index: int, depth: int = 0) -> tuple[FunctionSummary, CallSite, int] | None:
    """The outermost public function that hands its own caller's argument on, unchanged, as
    parameter ``index`` of ``fn``: ``(that function, its call on the way down, its parameter's
    index)``, or ``None`` when no public caller does. A user meets the change there (pyinfra
    3.10.0's ``files.template(..., jinja_env_kwargs=...)`` passes the user's dict to
    ``get_template``, which pops its ``"loader"``: the blind triage of issue 8's twelfth set
    named the operation the user calls, not the helper). Up to three calls up; of several
    callers, the first in the source."""
    if depth >= 3:
        return None
    for name, call, target in sorted(project.callers.get(fn.qualname, []), key=lambda c: (c[1].site, c[0])):
        caller = project.functions.get(name)
        if caller is None or caller is fn or not is_public(caller, project) or nested(project, caller):
            continue
        arg = project.arg_for(call, target, index)
        through = [o.root.index for o in arg or () if isinstance(o, Ref) and o.root.kind == "param" and not o.path
                   and o.root.index < len(caller.params) and not caller.params[o.root.index].startswith(("_", "*"))]
        if len(through) != 1 or caller.cls is not None and caller.kind == "method" and through[0] == 0:
            continue
        return outer_entry(project, caller, through[0], depth + 1) or (caller, call, through[0])
    return None


def outer_entry_related(project, facts, fn: FunctionSummary, index: int):
    """The related location of :func:`outer_entry` (the call in the outermost public function
    that hands the user's object down), or ``None``."""
    got = outer_entry(project, fn, index)
    if got is None:
        return None
    caller, call, param = got
    # a module's function by its module's name too (``files.template``), as its users call it
    name = facts.short(caller.qualname) if caller.cls else ".".join(caller.qualname.split(".")[-2:])
    return facts.related(call.site, f"the public `{name}` hands its caller's `{caller.params[param]}` on here")


# ------------------------------------------------------------------- sharing
def threads_result(call: CallSite, arg: Value) -> bool:
    """Whether ``arg``, what ``call`` passes, is the result of ``call`` itself on the round before
    (``ctx = step(ctx)`` in a loop), rebound so on every round that goes on: what it held before
    the loop is then passed on the first round only (marked as varying with the loop). Rebound
    on some rounds only (``if tag: el = child``), the others pass the same object again; but
    rebound by the call's own statement (``x = f(x, y)``, :attr:`CallSite.folds`; ``self.x =
    f(self.x, y)``, :attr:`CallSite.writes_back`), whatever skips the call on some rounds skips
    the change too."""
    if not arg or not call.loops:
        return False
    if any(i < len(call.args) and call.args[i] == arg for i in (*call.folds, *call.writes_back)):
        return True  # ``x = f(x, y)``: rebound to the result whenever the call runs
    own = [o for o in arg if isinstance(o, Ref) and o.root.kind == "call" and o.root.index == call.id]
    return bool(own) and all(call.loops[-1] in o.loops for o in arg
                             if isinstance(o, (Ref, Fresh)) and o not in own)


def sharing(project, caller: FunctionSummary, call: CallSite, arg: Value | None, depth: int = 0,
            into: frozenset = frozenset(), exact: bool = False) -> str:
    """How ``call`` passes ``arg``: "shared" (a global, or one object handed to several calls or
    made outside the loop that calls), "fresh" (made for this call), "kept" (an attribute of
    something the caller holds, e.g. ``self.headers``, or a part of an argument that the caller
    uses after the call or that its own callers may keep: :func:`_made_for_each_call`) or
    "unknown". A container's own method putting a part into it (``buff.append(Directive(t))``)
    builds what is handed over, and is not another holder (sqlfluff 4.5.0's ``IgnoreMask``,
    issue 8's blind nineteenth set); ``into``: for the parts of an argument, the argument itself
    (resolved), whose own methods count so too; ``exact``: only the object itself (or ``into``,
    which holds it) handed to another call counts, not something it holds (for a change made to
    that object alone: a key set in ``sd_config`` is not seen by the call given
    ``sd_config["server"]``)."""
    if arg is None:
        return "fresh"  # not passed: the default
    resolved = project.resolve(caller, arg)
    if not resolved:
        return "unknown"
    verdict = "fresh"
    # what the loop's element leads to (``for name, doc in docs.items(): f(doc["doc"])``): another
    # object on each iteration, though its creator's loop tags are gone from a callee's result
    # ``x = f(x, y)``: what ``x`` held before the loop is handed over on the first round only
    threaded = threads_result(call, arg)
    per_iteration = frozenset().union(*(
        project.resolve(caller, frozenset({v})) for v in arg
        if isinstance(v, Ref) and call.loops and call.loops[-1] in v.loops))
    for o in resolved:
        if isinstance(o, Ref) and o.root.kind == "global":
            return "shared"
        if isinstance(o, Fresh):
            # the object, or something it holds, handed to another call too (``print(cfg.limits)``)
            # (``exact``: the object, and what holds it, ``into``: a call given the whole holds
            # the part too; not what the object holds)
            parts = {o} | {p for p in into if isinstance(p, Fresh)} if exact \
                else {o} | {p for _, v in o.fields for p in v if isinstance(p, Fresh)}
            uses = sum(
                1 for c in caller.calls if c.id != call.id and any(
                    parts & project.resolve(caller, v) and not _results_of_other_calls(project, caller, arg, v)
                    for v in c.passed()
                ) and _sees_later_change(project, caller, call, c, parts) and not _same_holder(project, caller, call, c)
                and not (c.builtin_guess and c.receiver is not None
                         and project.resolve(caller, c.receiver) & (parts | into))
            )
            if uses or call.loops and not (set(call.loops) & set(o.loops)) and o not in per_iteration \
                    and not threaded:
                return "shared"
        elif isinstance(o, Ref) and call.loops and call.loops[-1] not in o.loops and not threaded:
            return "shared"  # one object handed to the call on every iteration of a loop
        elif isinstance(o, Ref) and o.root.kind == "param" and not o.path \
                and caller.params[o.root.index:o.root.index + 1] and caller.params[o.root.index].startswith("**"):
            continue  # ``**kwargs`` is a new dict on every call of the caller
        elif isinstance(o, Ref) and o.root.kind == "param" and not o.path \
                and class_statement_namespace(project, caller, o.root.index):
            continue  # Python makes the namespace for each class statement
        elif isinstance(o, Ref) and o.root.kind == "param" and o.path:
            # a part of what the caller holds: its own object's (``self.headers``), or of an
            # argument whose callers may keep it; an argument every caller makes for the call
            # (``load_stage(deepcopy(self.stage_data))``, then ``d["deps"]``) is held by nobody
            if o.root.index == 0 and caller.cls and _new_in_constructor(project, caller, call, o):
                continue  # the constructor's own new object: one call per instance
            if o.root.index == 0 and caller.cls or _used_after(caller, call, o):
                verdict = "kept"
            elif _keyword_made_for_each_call(project, caller, o, depth):
                continue
            elif not _made_for_each_call(project, caller, o.root.index, depth):
                if other_callers(project, caller):
                    verdict = "kept"
                elif verdict == "fresh":
                    # no caller in the tree: nothing says anyone holds the object, or hands it
                    # over twice (circus 0.19.0's ``console_msg(msg)`` passing ``msg["info"]`` on,
                    # called through a table of commands; ``ThreadedArbiter.__init__(*args,
                    # **kw)`` forwarding to ``Arbiter.__init__``: C's of issue 8's blind
                    # thirty-eighth set, whose "next call starts from the changed object" was
                    # no call in the tree). A public entry point may still show it
                    verdict = "unknown"
        elif isinstance(o, Ref) and o.root.kind == "param" and depth < 3:
            # passed through from the caller's own parameter: ask the caller's callers
            upstream = [
                sharing(project, project.functions[c], up, project.arg_for(up, t, o.root.index), depth + 1,
                        exact=exact)
                for c, up, t in project.callers.get(caller.qualname, [])
            ]
            if not upstream:
                verdict = "unknown" if verdict == "fresh" else verdict
            elif "shared" in upstream:
                return "shared"
            elif any(v != "fresh" for v in upstream):
                verdict = "unknown" if verdict == "fresh" else verdict
        elif isinstance(o, Ref):
            verdict = "unknown" if verdict == "fresh" else verdict
    return verdict


def _results_of_other_calls(project, caller: FunctionSummary, arg: Value, other: Value) -> bool:
    """Whether ``arg`` and ``other`` are (parts of) the results of different calls, none of them
    to a cached function: objects a callee makes are new on each call, though the analysis names
    them by the one place that makes them (datamodel-code-generator 0.97.0's two converters, each
    returning a new schema built by the same helper, one per ``case`` of a ``match``: an A of issue
    8's twentieth unseen set)."""
    mine = {o.root.index for o in arg if isinstance(o, Ref) and o.root.kind == "call"}
    theirs = {o.root.index for o in other if isinstance(o, Ref) and o.root.kind == "call"}
    if not mine or not theirs or mine & theirs or len(mine) != len(arg) or len(theirs) != len(other):
        return False
    for index in mine | theirs:
        site = project.call_site(caller, index)
        if site is None or any((callee := project.functions.get(t.function)) is None or callee.cached
                               for t in project.targets(caller, site)):
            return False
    return True


def _same_holder(project, caller: FunctionSummary, call: CallSite, other: CallSite) -> bool:
    """Whether ``other`` is a method call on the instance ``call`` constructs: given the object
    that instance keeps, it is the same holder, not another one (dbt-core 1.12.6's
    ``batch_runner._build_failed_run_batch_result(node_copy, ...)`` after
    ``MicrobatchBatchRunner(..., node_copy, ...)``: the runner reading the node it owns is no
    second runner seeing another's change; an A of issue 8's thirteenth set)."""
    if not other.receiver or not any(t.constructor for t in project.targets(caller, call)):
        return False
    return all(isinstance(r, Ref) and r.root.kind == "call" and r.root.index == call.id and not r.path
               for r in other.receiver)


def _new_in_constructor(project, caller: FunctionSummary, call: CallSite, ref: Ref) -> bool:
    """Whether ``ref`` (``self.<attr>...`` in ``caller``) is, in ``__init__``, an object the
    constructor made for this instance before ``call``: it sets the attribute by a statement of its
    own body (:attr:`FunctionSummary.sets_first`, or :attr:`FunctionSummary.sets_later` after a
    method call on ``self``) above the call, and only ever to new objects: made there, or a call's
    result that is none of the objects the analysis knows (a document parsed from a file).
    ``__init__`` runs once per instance, so no later call of the callee starts from what this one
    changed (libcloud's ``Response.__init__``: ``self.headers = lowercase_keys(dict(
    response.headers))``, then ``exception_from_message(headers=self.headers)`` on the error path;
    octodns 1.22.0's ``Manager.__init__``: ``self.config = safe_load(fh)`` after
    ``self._try_version(...)``, then ``self._config_providers(self.config['providers'])`` popping
    each provider's ``class``, four C's of issue 8's blind twenty-ninth set)."""
    if caller.name != "__init__" or not ref.path or not ref.path[0].startswith("."):
        return False
    name = ref.path[0][1:]
    if name not in caller.sets_first and name not in caller.sets_later:
        return False
    stored = [(value, site) for attr, value, site in caller.self_stores if attr == name]
    for value, _ in stored:
        resolved = project.resolve(caller, value)
        if not resolved or not all(isinstance(v, Fresh) and v.kind != "copy" and v.copy is None
                                   or isinstance(v, Opaque) and not _holds_caller_input(caller, v)
                                   for v in resolved):
            return False
    return any((site.line, site.column) < (call.site.line, call.site.column) for _, site in stored)


def _holds_caller_input(caller: FunctionSummary, value: Opaque) -> bool:
    """Whether a call's unknown result may be an object the instance already holds: it is computed
    from ``self`` (``self.config = self.loader.get()``). One computed from the constructor's
    arguments (``safe_load(open(config_file))``) is taken as new, as a library call's result is
    elsewhere in the analysis."""
    return any(r.kind == "param" and r.index == 0 for r in value.deps)


def other_callers(project, fn: FunctionSummary) -> list[tuple[FunctionSummary, CallSite, object]]:
    """``(caller, call, target)`` for every call of ``fn`` in the tree but its own recursive ones
    (a recursive call hands on a part of its own argument, no one else's)."""
    return [(project.functions[c], call, t) for c, call, t in project.callers.get(fn.qualname, []) if c != fn.qualname]


def _made_for_each_call(project, fn: FunctionSummary, index: int, depth: int = 0) -> bool:
    """Every call of ``fn`` in the tree hands parameter ``index`` an object made for that call
    (a literal, an instance, a deep copy: :func:`made_by_caller`), or the caller's own parameter
    that its callers make so, and nothing else keeps it: no other holder can see a change to a
    part of it (dvc's ``load_stage(..., deepcopy(self.stage_data), ...)``). False when there is
    no such call, or past three callers up."""
    calls = other_callers(project, fn)
    if not calls or depth >= 3:
        return False
    for caller, call, t in calls:
        arg = project.arg_for(call, t, index)
        if arg is None:
            return False
        resolved = project.resolve(caller, arg)
        if resolved and all(isinstance(o, Fresh) for o in resolved) and made_by_caller(project, caller, call, arg) \
                and sharing(project, caller, call, arg, depth + 1) == "fresh":
            continue  # made for this call, and handed to no other
        if resolved and all(isinstance(o, Ref) and o.root.kind == "param" and not o.path for o in resolved) and all(
                not _used_after(caller, call, o) and _made_for_each_call(project, caller, o.root.index, depth + 1)
                for o in resolved):
            continue  # passed on from the caller's own callers
        return False
    return True


def _keyword_made_for_each_call(project, fn: FunctionSummary, ref: Ref, depth: int = 0) -> bool:
    """``ref`` is an item of ``fn``'s ``**kwargs`` (``kwargs["headers"]``), and every call of
    ``fn`` in the tree that gives that keyword gives an object made for the call (the others do
    not give it: nothing of theirs is reached). hvac 2.4.0's ``Adapter.post(url, **kwargs)``
    forwards to ``request(..., headers=None, **kwargs)``, which sets entries of ``headers``: of
    its 200 calls, one gives ``headers=``, a new literal (a C of issue 8's blind thirty-eighth
    set, whose second use was "this caller passes an object it keeps"). False when there is no
    call, a call spreads a mapping (``post(url, **options)``: its items are not known), or
    past three callers up."""
    index = ref.root.index
    name = key_name(ref.path[0]) if ref.path else None
    if name is None or not fn.params[index:index + 1] or not fn.params[index].startswith("**"):
        return False
    calls = other_callers(project, fn)
    if not calls or depth >= 3:
        return False
    for caller, call, _ in calls:
        given = dict(call.kwargs)
        if "**" in given:
            # forwarded from the caller's own ``**kwargs`` (``login(url, **kwargs)`` calling
            # ``self.post(url, **kwargs)``): the same question one caller up; a caller no call
            # in the tree reaches hands over nothing known to be held
            spread = given["**"]
            forwarded = [o for o in spread if isinstance(o, Ref) and o.root.kind == "param" and not o.path]
            if len(forwarded) != len(spread) or not all(
                    not other_callers(project, caller)
                    or _keyword_made_for_each_call(project, caller, replace(ref, root=o.root), depth + 1)
                    for o in forwarded):
                return False
            continue
        value = given.get(name)
        if value is None:
            continue
        if not made_by_caller(project, caller, call, value) \
                or sharing(project, caller, call, value, depth + 1) != "fresh":
            return False
    return True


def _used_after(caller: FunctionSummary, call: CallSite, ref: Ref) -> bool:
    """Whether ``caller`` itself uses ``ref``'s object after ``call`` (further down, or in a loop
    around both, unless the object is the loop's element of each iteration): a later call on it
    or on a part of it (``task.get(action)`` after ``normalize_task(task)`` took keys out), or
    one handed the object holding it. A method called on the holder (``d.get("outs")`` after
    ``loadd_from(stage, d.get("deps"))``) reads another part. (:func:`_used_again` asks about
    any other call, earlier ones too.)"""
    for other in caller.calls:
        if other.id == call.id or exclusive(call, other) or _displays(other):
            continue
        if call.exits is not None and other.exits != call.exits or left_before(call, other):
            continue  # the function leaves with ``call``'s statement: nothing after it runs
        later = (other.site.line, other.site.column) > (call.site.line, call.site.column)
        around = set(other.loops) & set(call.loops)
        if not later and not around:
            continue
        passed = other.passed()
        for v, as_argument in [*((v, True) for v in passed), *(((other.receiver, False),) if other.receiver else ())]:
            for o in v:
                if not (isinstance(o, Ref) and o.root == ref.root):
                    continue
                if not later and around <= o.loops:
                    continue  # earlier in the loop's body, on the next iteration's own element
                if o.path[:len(ref.path)] == ref.path:
                    return True  # the object itself, or a part of it
                if as_argument and not other.builtin_guess and ref.path[:len(o.path)] == o.path:
                    return True  # the object holding it, handed to a call that may read anything
    return False


def exclusive(call: CallSite, other: CallSite) -> bool:
    """Whether two calls never both run in one pass: one runs only when the other raised (one is
    the whole value of a ``return`` in a ``try`` body, the other in a handler of that ``try``:
    feast 0.67.0's ``try: return LocalRetrievalJob(plan=plan, context=context) except Exception
    as e: return LocalRetrievalJob(..., context=context, error=e)``; a call that raised returned
    nothing and a constructor that raised built nothing, so neither holds what the other is
    given), or they are in different arms of one ``if`` or ``match`` (:func:`other_arm`)."""
    if set(call.returns_from_try) & set(other.in_handler_of) or set(other.returns_from_try) & set(call.in_handler_of):
        return True
    return other_arm(call, other)


def left_before(call: CallSite, other: CallSite) -> bool:
    """Whether the function leaves after ``call`` before ``other`` can run: ``call``'s arm of an
    ``if`` ends in a ``return`` or ``raise`` (:attr:`CallSite.leaves_in`) and ``other`` is
    outside that arm (cookiecutter 2.7.1's ``choose_nested_template(context, ...)``, then ``return
    cookiecutter(...)``; prefect 3.9.1's ``_mark_flow_run_as_cancelled(flow_run, ...)``, then
    ``return``: the later use of the object named as a second use never ran after the change;
    issue 8's twenty-second set)."""
    return call.leaves_in is not None and call.leaves_in not in other.arms


def other_arm(call: CallSite, other: CallSite, per_round: bool = False) -> bool:
    """Whether two calls are in different arms of one ``if`` or ``match`` statement, with no loop
    around both (which could run one arm, then the other): one pass runs only one of them (conan
    2.34.0's ``_CMakePresets.generate``, updating a presets file in one arm and writing a new one
    in the other: an A of issue 8's twentieth unseen set). ``per_round``: the question is about
    an object made anew on each round of the loops around both, so that the next round's arm
    gets another object, and those loops do not count."""
    if set(call.loops) & set(other.loops) and not per_round:
        return False
    theirs = dict(other.arms)
    return any(theirs.get(site, arm) != arm for site, arm in call.arms)


def call_result_loops(project, caller: FunctionSummary, value: Value) -> frozenset[int]:
    """The loops that the results of the calls in ``value`` (``caller``'s own, unresolved) vary
    with: those their receiver or arguments vary with. ``rows = self.convert(values[offset:],
    name)`` on each round of a loop over work items answers for that round's item (feast 0.67.0's
    redis reader, whose rows differ per feature view); ``make_mount()`` with nothing that varies
    answers the same each time, and what it returns is added again."""
    out: set[int] = set()
    for o in value:
        if not (isinstance(o, Ref) and o.root.kind == "call"):
            continue
        call = project.call_site(caller, o.root.index)
        if call is None:
            continue
        for v in call.passed(receiver=True):
            out |= loops_of(v) | loops_of(project.resolve(caller, v))
    return frozenset(out)


def _sees_later_change(project, caller: FunctionSummary, call: CallSite, other: CallSite,
                       given: frozenset | None = None) -> bool:
    """Whether ``other``, another call of ``caller`` given the same object as ``call``, can see
    what ``call``'s callee changes in it: it runs later (further down, or in a loop around both),
    or it may have kept the object (a callee that stores anything, or one not known). An earlier
    call that only read it cannot (slack_sdk's ``self._request(req_args=req_args)`` before
    ``SlackResponse(req_args=req_args)``: the response's changes reach no other holder)."""
    shared = set(other.loops) & set(call.loops)
    made_each_round = bool(given) and all(isinstance(o, Fresh) and shared <= o.loops for o in given)
    if exclusive(call, other) or made_each_round and other_arm(call, other, per_round=True) or _displays(other):
        # (another arm of an ``if`` in a loop gets the object of another round: ply 3.11's
        # preprocessor hands each directive's new ``args`` to ``undef`` or ``evalexpr``, vendored
        # by aerleon 1.18.0: an A of issue 8's blind set 71)
        return False
    # (a call inside the call's own arguments runs before it, though it is written after its
    # start: ``create_nodes(client, r.get("nodes", []))``, python-ironicclient 6.3.0)
    later = (other.site.line, other.site.column) > (call.site.line, call.site.column) \
        and not call.site.encloses(other.site)
    if not later and other.exits is not None and other.exits != call.exits:
        return False  # the function left with ``other``'s statement: ``call`` did not run after it
    if call.exits is not None and other.exits != call.exits or left_before(call, other):
        # the function leaves with ``call``'s statement (``raise NotFound(message)``), or in its
        # arm: nothing after it runs, and an earlier call sees the change only if it kept it
        return not later and _may_keep(project, caller, other, given=given)
    if later or shared and not made_each_round:
        # (an earlier call in a loop around both sees the change on the next round, unless the
        # object is made anew each round: ansible-core 2.19.14's linear strategy, ``results =
        # []`` then ``update_active_connections(results)`` before ``process_include_results``)
        return True
    return _may_keep(project, caller, other, given=given)


def _may_keep(project, caller: FunctionSummary, call: CallSite, depth: int = 0,
              given: frozenset | None = None) -> bool:
    """Whether ``call``'s callee may keep what it is given: a constructor (the object built may
    hold it), a callee not known, or one that stores anything, itself or through its own calls
    (two levels down; past that, yes). With ``given`` (the caller's objects the question is
    about, as ``resolve`` gives them), the callee's own calls count only when handed one of
    them, or what may lead to one: ``infer(context.entity_df)`` in ``_get_backend(context)``
    can keep the entity frame the context was made with, not the context (feast 0.67.0)."""
    if _displays(call):
        return False  # formats what it is given into a message: keeps no object of the caller's
    targets = project.targets(caller, call)
    if not targets and _reads_only(call):
        # a lookup on an object of no project class hands back what it is given, keeping
        # nothing: ``r.get("nodes", [])`` builds the default list the next call is handed
        # (python-ironicclient 6.3.0's ``create_resources``, whose witness said it shares the
        # list in a loop: a C of issue 8's blind forty-fourth set)
        return False
    if not targets or depth > 2:
        return True
    for t in targets:
        callee = project.functions.get(t.function)
        if t.constructor or callee is None or callee.self_stores or callee.call_stores:
            return True
        handed = None if given is None else {
            i: project.resolve(caller, a) for i in range(len(callee.params))
            if (a := project.arg_for(call, t, i)) is not None}
        calls = {inner.id: inner for inner in callee.calls}
        if any(isinstance(o, Ref) and o.root.kind == "param" and (handed is None or _may_hold(o, handed, given, calls))
               for m in callee.mutations for o in m.value):
            # puts what it was given into another object (``SEEN.append(req_args)``); another
            # argument put into it is none of ``given`` (``event_args["stack_id"] = stack_id``)
            return True
        if callee.stores and (handed is None or any(
                _may_hold(o, handed, given, calls) for store in callee.stores for o in store.value)):
            # (a store of what the callee computed from other inputs keeps none of ``given``:
            # mitogen 0.3.54's ``_validate`` collecting ``p.is_authorized(self.service, msg)``
            # over the method's policies, a C of issue 8's blind fortieth set)
            return True
        # a call in a ``raise`` that leaves the callee builds what leaves only in the exception,
        # and then the caller's later statements do not run: ``raise CallError(fmt, name)`` in a
        # validator keeps nothing that a later change reaches (mitogen's ``validate_arg_spec``)
        if any(_may_keep(project, callee, inner, depth + 1) for inner in callee.calls
               if not inner.builtin_guess and not _reads_only(inner) and not inner.raised
               and (handed is None or _hands_on(inner, handed, given, calls))):
            return True
    return False


def _may_hold(o, handed: dict[int, frozenset], given: frozenset, calls: dict[int, CallSite], depth: int = 0) -> bool:
    """Whether ``o``, an object of a callee whose parameters got ``handed``, may be or hold one of
    ``given``: a parameter's part that resolves to one (or to nothing known), another call's
    result when that call is handed one (:func:`_hands_on`), a new object holding either. A
    module-level object or a constant is none of the caller's objects."""
    if isinstance(o, Fresh):
        return depth > 3 or any(_may_hold(x, handed, given, calls, depth + 1) for _, v in o.fields for x in v)
    if not isinstance(o, Ref):
        return False
    if o.root.kind == "param":
        if o.root.index not in handed:
            return False  # left at its default: none of the caller's objects
        value = handed[o.root.index]
        for sel in o.path:
            value = dataflow_load(value, sel)
        return not value or _holds(value, given)
    if o.root.kind == "call":
        inner = calls.get(o.root.index)
        return inner is None or depth > 3 or _hands_on(inner, handed, given, calls, depth + 1)
    return o.root.kind != "global"


def _hands_on(inner: CallSite, handed: dict[int, frozenset], given: frozenset,
              calls: dict[int, CallSite] | None = None, depth: int = 0) -> bool:
    """Whether ``inner``, a call in a callee whose parameters got ``handed`` (index -> the
    caller's objects), is given one of ``given`` or what may lead to one: a parameter's part that
    resolves to one of them, another call's result, or an object built around either. With
    ``calls`` (the callee's calls by id), another call's result counts only when that call is
    handed one in turn (``getattr(method, "policies")`` of a ``method`` looked up by name is no
    way to the caller's ``kwargs``); a call not among them, or past three levels, counts.

    A spread argument (``f(**event_args)``, ``f(*items)``) hands on what the object holds, in a
    new dict or tuple, never the object itself: only a part of it counts (python-heatclient
    5.3.0's ``hc.events.list(**event_args)`` keeps none of the caller's ``event_args``, whose
    ``stack_id`` the next call writes again: a B of issue 8's blind forty-fifth set)."""
    todo = [*((v, False) for v in inner.args), *((v, k in ("*", "**")) for k, v in inner.kwargs),
            *(((inner.receiver, False),) if inner.receiver else ())]
    seen = 0
    while todo and seen < 64:
        seen += 1
        value_given, spread = todo.pop()
        for o in value_given:
            if isinstance(o, Fresh):
                todo.extend((v, False) for _, v in o.fields)
            elif isinstance(o, Ref) and o.root.kind == "call":
                source = None if calls is None or depth > 2 else calls.get(o.root.index)
                if source is None or source.id == inner.id or _hands_on(source, handed, given, calls, depth + 1):
                    return True
            elif isinstance(o, Ref) and o.root.kind == "param" and o.root.index in handed:
                value = handed[o.root.index]
                for sel in o.path:
                    value = dataflow_load(value, sel)
                if not value or (_holds_below(value, given) if spread else _holds(value, given)):
                    return True
    return False


def _holds_below(value: frozenset, given: frozenset) -> bool:
    """Whether a part of ``value`` (not ``value`` itself) is one of ``given`` or holds one: what a
    spread (``**value``) hands on."""
    return any(isinstance(o, Fresh) and any(_holds(v, given) for _, v in o.fields)
               or isinstance(o, Ref) and any(isinstance(g, Ref) and g.root == o.root and len(g.path) > len(o.path)
                                             and g.path[:len(o.path)] == o.path for g in given)
               for o in value)


def _holds(value: frozenset, given: frozenset, depth: int = 0) -> bool:
    """Whether ``value`` is one of ``given`` or holds one (three levels down; past that, yes)."""
    if value & given or depth > 2:
        return True
    return any(_holds(v, given, depth + 1) for o in value if isinstance(o, Fresh) for _, v in o.fields)


#: methods that read their receiver and keep nothing of it, whatever its class: a mapping's or a
#: sequence's lookups, a string's tests and transforms (their results are new objects or parts)
_READ_METHODS = frozenset({
    "get", "keys", "values", "items", "index", "count", "startswith", "endswith", "format", "join",
    "split", "rsplit", "strip", "lstrip", "rstrip", "lower", "upper", "encode", "decode", "replace",
})


#: the methods of a logger (``logging.Logger``, structlog's, loguru's)
_LOG_METHODS = frozenset({"debug", "info", "warning", "warn", "error", "exception", "critical", "fatal", "log",
                          "trace", "success"})


def _logs(call: CallSite) -> bool:
    """A logging call: a :data:`_LOG_METHODS` method of ``logging`` or of a receiver named as a
    logger (``log``, ``LOG``, ``logger``, ``linter_logger``, ``self._log``). Where this comes from:
    sqlfluff 4.5.0's ``IgnoreMask.from_tree`` logs its new directive list before building the mask
    from it, and the log call, a library callee not known, was taken as a second holder (issue 8's
    blind nineteenth set)."""
    receiver, _, method = call.text.rpartition(".")
    name = receiver.rsplit(".", 1)[-1].lower().lstrip("_")
    return method in _LOG_METHODS and (name in ("log", "logger", "logging", "_log") or name.endswith("logger")
                                       or name.endswith("_log"))


def _displays(call: CallSite) -> bool:
    """A logging call or a ``print``: it formats what it is given into a message, so it neither
    keeps the object nor goes wrong when the object was changed (cookiecutter 2.7.1's
    ``logger.debug('context is %s', context)`` was named as the second use of a context whose
    prompts an earlier call took out: issue 8's twenty-second set)."""
    return _logs(call) or call.text == "print" or _LITERAL_FORMAT.fullmatch(call.text) is not None


#: ``"Item: Runtime: {delta}".format`` (or ``format_map``): a string literal's template filled
#: from what it is given, a message like a log line's (zuul 14.3.0's ``zuul_stream.py``, whose
#: ``.format(**result_dict)`` reading ``delta`` was named as the second use of a result whose
#: ``stdout`` an earlier call took out: three B's of issue 8's twenty-eighth set)
_LITERAL_FORMAT = re.compile(r"""[rRuU]?("[^"\\]*"|'[^'\\]*')\.format(_map)?""")


def _reads_only(call: CallSite) -> bool:
    """A method call of :data:`_READ_METHODS` on an object not known (libcloud's
    ``err.get("message")`` in the helper that picks a JSON error's message): it cannot keep what
    it is given. Where this comes from: libcloud 3.9.1's ``google.py:169`` (issue 8's held-out
    triage), whose only other use of the response body came before the changing call, and was
    counted as one that may keep it for this call alone."""
    return call.receiver is not None and call.text.rsplit(".", 1)[-1] in _READ_METHODS


def handed_on_after(project, fn: FunctionSummary, effect) -> CallSite | None:
    """The call after ``effect``'s removal that ``fn`` hands the rest of the object to (the
    object itself, or what holds it), for a function that returns nothing: it acts on a named
    option and takes it out before passing the rest on (avionix 0.4.5's public
    ``ChartBuilder.upgrade_chart(options)``: ``del options["dependency-update"]`` after running
    ``helm dependency update``, then ``self.__handle_upgrade(options)``, so the caller's second
    upgrade with the same dict never updates the dependencies: a miss the blind reader of issue
    8's sixty-first set reproduced). Such a function uses the object, as one that returns what
    it built from it does; an in-place updater returning nothing hands nothing on. ``None`` when
    no such call, or the removal is not of a named key at the object's top level (logging and
    reading calls do not count). Nor a key the function sets in the object itself: it scopes a
    value of its own to the calls it makes and takes it out again (cartography 0.143.0's
    ``sentinelone._sync_scope``, setting ``S1_SITE_ID`` in the job parameters per site and
    popping it for the account-wide pass)."""
    if effect.kind != REMOVE or effect.path or not effect.selector or _computed(effect.key_deps) \
            or effect.discarded and effect.op == "pop":
        # (a key popped and thrown away, ``cred.pop("sessionID", None)`` where a test found it
        # empty, is cleared, not acted on: hpeOneView 11.4.0's ``login``, blind set 64)
        return None
    if any(e.root == effect.root and not e.path and e.kind == OVERWRITE and e.selector == effect.selector
           for e in project.effects.get(fn.qualname, {}).values()):
        return None
    start = effect.chain[0] if effect.chain else effect.site
    for call in fn.calls:
        if (call.site.line, call.site.column) <= (start.line, start.column) or _displays(call) or _reads_only(call):
            continue
        for value in call.passed():
            if any(isinstance(o, Ref) and o.root == effect.root and not o.path for o in project.resolve(fn, value)):
                return call
    return None


def _used_again(project, caller: FunctionSummary, call: CallSite, ref: Ref | Fresh,
                below: tuple = (), removed_keys: frozenset[str] | None = None) -> CallSite | None:
    """The later call of ``caller`` given ``ref``'s object (a parameter's part, or an object the
    caller made), or something inside it or holding it
    (``run_insar(cfg, ...)`` after ``insar_pair(cfg, ...)``), or ``None``. "Later": it starts after
    ``call`` ends, or it shares a loop with it (the next iteration comes after); not when ``call``
    leaves the function (``return f(x)``). A call given the object itself or a part of it wins
    over one given only an object holding it (``self.db.setup()`` then ``self.start()``).
    ``below``: the part of the object that changed (``(".options",)``); a call given only another
    part of it (``self.client``) does not see the change. ``removed_keys``: the named keys the
    call took out of the object's top level, when all are known; a call given the entry of
    another named key (``_log(params["metadata"])`` after ``params.pop("max_retries")``) finds
    what the caller put there."""
    if call.exits is not None:
        return None
    end = (call.site.end_line, call.site.end_column) if call.site.end_line else (call.site.line, call.site.column)
    loops = set(call.loops)
    best = None
    for other in sorted(caller.calls, key=lambda c: (c.site.line, c.site.column)):
        if other.id == call.id or other.builtin_guess or exclusive(call, other) or left_before(call, other) \
                or _displays(other):
            continue  # (a log line or a print shows the changed object; it does not go wrong)
        if (other.site.line, other.site.column) < end and not loops & set(other.loops):
            continue  # before the change (or an argument of the changing call itself)
        for v in other.passed(receiver=True):
            for o in v:
                if isinstance(ref, Fresh) and o == ref:
                    return other  # an object the caller made, given to another call
                if not isinstance(o, Ref) or not isinstance(ref, Ref) or o.root != ref.root:
                    continue
                changed = ref.path + below
                if removed_keys is not None and not below and len(o.path) > len(ref.path) \
                        and o.path[:len(ref.path)] == ref.path and o.path[len(ref.path)].startswith("['") \
                        and o.path[len(ref.path)] not in removed_keys:
                    continue  # the entry of another named key: not taken out
                if o.path[:len(ref.path)] == ref.path and (
                        o.path[:len(changed)] == changed or changed[:len(o.path)] == o.path):
                    return other
                if best is None and ref.path[:len(o.path)] == o.path:
                    best = other
    return best


#: the reads that look an entry up, and so miss one taken out (``.items()`` and the like go
#: through what is left: ``split_meta(task)`` then ``{k: v for k, v in task.items()}`` is the
#: consumer the meta keys were taken out for)
_ENTRY_READS = frozenset({"get"})


def _entries_read_after(caller: FunctionSummary, call: CallSite, arg: Value,
                        removed_keys: frozenset[str] | None = None) -> CallSite | None:
    """The first lookup of an entry of what ``call`` passes as ``arg`` (``task.get(action)``,
    :data:`_ENTRY_READS`), made after ``call`` ends in ``caller`` (in a loop around both, the next
    round reads after this one's call), or ``None``. After a call that took entries out, that
    lookup may find its entry gone. ``removed_keys``: the selectors of the entries the call took
    out, when all are constants; a lookup of another named key finds what the caller put there
    (litellm 1.110.2's ``optional_params.get("stream")`` after the Azure handler popped
    ``max_retries`` and ``json_mode``: a second use named so, or none in the package, for the 65
    provider-transform C's of issue 8's blind thirty-fifth set)."""
    if call.exits is not None:
        return None
    refs = {(o.root, o.path) for o in arg if isinstance(o, Ref)}
    if not refs:
        return None
    end = (call.site.end_line, call.site.end_column) if call.site.end_line else (call.site.line, call.site.column)
    for other in sorted(caller.calls, key=lambda c: (c.site.line, c.site.column)):
        if not other.builtin_guess or other.receiver is None or other.text.rsplit(".", 1)[-1] not in _ENTRY_READS \
                or exclusive(call, other) or left_before(call, other):
            continue
        if (other.site.line, other.site.column) < end and not set(call.loops) & set(other.loops):
            continue
        if removed_keys is not None and (looked_up := _literal_key(other)) is not None and looked_up not in removed_keys:
            continue
        if any(isinstance(o, Ref) and (o.root, o.path) in refs for o in other.receiver):
            return other
    return None


def _literal_key(read: CallSite) -> str | None:
    """The selector of the key a lookup names by a string literal (``d.get("stream")`` ->
    ``"['stream']"``); ``None`` for any other argument."""
    if not read.arg_texts:
        return None
    try:
        value = ast.literal_eval(read.arg_texts[0])
    except (ValueError, SyntaxError):
        return None
    return key(value) if isinstance(value, str) else None


def _entries_read_later(project, caller: FunctionSummary, call: CallSite, arg: Value,
                        depth: int = 0, removed_keys: frozenset[str] | None = None) -> CallSite | None:
    """:func:`_entries_read_after` in ``caller``, or, when ``caller`` hands on its own parameter
    whole, in its callers after their call of it (three levels up): ansible-lint's
    ``normalize(task)`` takes the meta keys out through ``split_meta(task)``, and the rule that
    called ``normalize`` reads ``task.get(action)`` afterwards (the corpus's D07)."""
    read = _entries_read_after(caller, call, arg, removed_keys)
    if read is not None or depth >= 3 or not arg:
        return read
    if not all(isinstance(o, Ref) and o.root.kind == "param" and not o.path for o in arg) \
            or len({o.root.index for o in arg}) != 1:
        return None
    index = next(iter(arg)).root.index
    for up_q, up_call, t in sorted(project.callers.get(caller.qualname, []), key=lambda c: (c[1].site, c[0])):
        up = project.functions[up_q]
        if up_q == caller.qualname or is_test_code(up) and not is_test_code(caller):
            continue
        passed = project.arg_for(up_call, t, index)
        if passed is not None and (read := _entries_read_later(project, up, up_call, passed, depth + 1, removed_keys)):
            return read
    return None


def _calls_again(again: CallSite, callee_name: str) -> bool:
    """``again`` calls the changing function once more, by its name (``launcher.launch`` after
    ``NodeLauncher.launch``): its second call starts from what the first changed."""
    return again.text.rsplit(".", 1)[-1] == callee_name.rsplit(".", 1)[-1]


def _again_message(again: CallSite, callee_name: str) -> str:
    """What a later call given the changed object is, in words: another call of the same
    function (``launcher.launch`` after ``NodeLauncher.launch``) or a call of another, or a read
    of its entries (``task.get(action)``) after the call took some out."""
    if again.builtin_guess:
        return f"`{again.text}` here reads its entries again, after `{callee_name}` took some out"
    if _calls_again(again, callee_name):
        return f"the next call of `{again.text}` gets the object the one before changed"
    return f"the call of `{again.text}` here gets the same object after `{callee_name}` changed it"


def caller_witness(project, fn: FunctionSummary, index: int, callee_name: str,
                   reuse_counts: bool = False, below: tuple = (), removed: bool = False,
                   top_level: bool = False, removed_keys: frozenset[str] | None = None,
                   pipeline: bool = True, depth: int = 0, keyword: str | None = None) -> Witness | None:
    """A caller in the tree that uses the object it passes for parameter ``index`` again: it
    keeps it (``self.headers``, a module-level object), hands it to other calls, or passes it on
    every iteration of a loop. Test code does not count for code that is not a test: a test
    passes what it likes, and its reuse of a fixture says nothing of the package's users (kfp's
    ``replace_placeholders``, documented as called once per task, witnessed only by its test).
    A witness says whether the caller *holds* the object (a field, a module-level object) beyond
    the call's result: for a function that hands the changed object back, only those callers suffer.

    ``reuse_counts``: a caller that passes its own parameter on to other calls too counts (for a
    function that copied the object so as not to change it: every later use is a victim; for one
    that consumes its argument, the caller passing it on may be taking it apart on purpose).
    ``below``: the part of the argument that changes (see :func:`_used_again`); ``removed``: the
    change takes entries out, so a caller reading the object's entries afterwards is a second
    use that finds them gone (ansible-lint's ``normalize_task`` popping ``__line__`` before its
    caller reads the task again, the corpus's D07); ``top_level``: the change is of the argument
    itself, not of a part of it, so a loop handing each element of a list on once changes each
    element once, whoever built the list (see :func:`_whole_elements`); ``removed_keys``: the
    named keys taken out, when all are known (see :func:`_entries_read_after`); ``keyword``: the
    parameter is ``**kwargs`` and the change is of its item of that name (:func:`keyword_item`),
    so the object asked about is the one each caller gives under that keyword.

    ``pipeline``: whether a later call of another function, given the same object after the
    changing call (``f(params); g(params)``), is as good a second use as any. For a copy made to
    leave the object unchanged it is: the later call sees what the copy's user changed. For a
    function that consumes its argument, the caller that hands the object to a next step has put
    the steps in that order, and the next step is often meant to see the change: of the 31
    default findings of issue 8's blind sets 22 to 35 whose only second use was such a call, 19
    were intended and none was a bug (litellm 1.110.2's text-to-speech transforms writing the
    output format into the headers that the request's ``post`` then sends). With ``pipeline``
    false, such a witness is returned only when no caller gives another, marked
    :attr:`Witness.next_step`, and the rule weighs it against its change. A second call of the
    changing function itself is no next step, and when the object is the caller's own parameter,
    a second use by the caller's callers (two levels up, ``depth``) comes first: determined 0.38's ``terraform_plan(configs)`` called twice
    on one ``configs`` by ``deploy``.

    An object the caller also hands to other calls is a second use only when one of them sees
    the change: a later call given the part that changed, an earlier one that may have kept it
    (:func:`_kept_before`), or an object that outlives the caller's run
    (:func:`_held_beyond_the_call`). Of the 48 default findings of issue 8's blind sets 22 to 35
    named with that witness and no later call, 24 were harmful only on a reuse no caller makes
    and 14 intended (litellm 1.110.2's handlers handing a request's ``optional_params`` to a
    transform that pops what it consumes, and its other parts to other calls)."""
    best = step = None
    # the named keys taken out of the top level, for a later call given another entry
    taken = removed_keys if removed and top_level else None
    for caller_q, call, t in sorted(project.callers.get(fn.qualname, []), key=lambda c: (c[1].site, c[0])):
        if caller_q == fn.qualname:
            continue  # a recursive call hands on a part of its own argument: not another use
        caller = project.functions[caller_q]
        if is_test_code(caller) and not is_test_code(fn):
            continue
        arg = project.arg_for(call, t, index)
        if arg is not None and keyword is not None:
            arg = dataflow_load(arg, key(keyword)) or None
            forwarded = {o.root.index for o in project.resolve(caller, arg or frozenset())
                         if isinstance(o, Ref) and o.root.kind == "param" and o.path == (key(keyword),)
                         and caller.params[o.root.index:o.root.index + 1]
                         and caller.params[o.root.index].startswith("**")}
            if arg is not None and len(forwarded) == 1 and len(project.resolve(caller, arg)) == 1:
                # the caller forwards its own keyword arguments (``init_runner(**kwargs)``): the
                # object is its caller's, asked one level up
                upstream = caller_witness(project, caller, forwarded.pop(), callee_name, reuse_counts, below, removed,
                                          top_level, removed_keys, pipeline, depth + 1, keyword) if depth < 3 else None
                if upstream is not None:
                    return upstream
                continue
            if keyword not in dict(call.kwargs):
                continue  # spread from a mapping (``run(**self.kwargs)``): what it holds is not known
        if arg is None or _handed_on_in_cycle(project, caller, fn, arg):
            continue
        if removed and (read := _entries_read_later(project, caller, call, arg, removed_keys=removed_keys)) is not None:
            return Witness(read.site, _again_message(read, callee_name), True)
        if reuse_counts:
            for o in project.resolve(caller, arg):
                again = _used_again(project, caller, call, o, below, taken) \
                    if isinstance(o, Ref) and o.root.kind == "param" else None
                if again is not None:
                    return Witness(again.site, _again_message(again, callee_name), again=(caller.qualname, again))
        verdict = sharing(project, caller, call, arg)
        if verdict == "shared" and call.loops and loop_changes(caller, call.loops[-1], arg):
            continue  # the loop's own working state (kr8s' paging loop sets ``params["continue"]``)
        if verdict == "shared":
            held = any(isinstance(o, Ref) and o.root.kind == "global" for o in project.resolve(caller, arg))
            if not call.loops:
                # name the later call that gets it, rather than the changing call itself
                again = next((a for o in sorted(arg, key=repr)
                              if isinstance(o, (Ref, Fresh))
                              and (a := _used_again(project, caller, call, o, below, taken))),
                             None)
                if again is not None:
                    if not pipeline and not held and not _calls_again(again, callee_name):
                        # the caller's next step: another caller, or the caller's own callers, may
                        # show a better second use
                        upstream = _reused_upstream(project, caller, arg, depth)
                        if upstream is not None:
                            return upstream
                        step = step or Witness(again.site, _again_message(again, callee_name), next_step=True,
                                               again=(caller.qualname, again))
                        continue
                    return Witness(again.site, _again_message(again, callee_name), held, again=(caller.qualname, again),
                                   calls_again=_calls_again(again, callee_name))
                if _written_back(caller, call, arg):
                    continue  # ``self.state = f(self.state)``: the caller means it to change
                if not held and not _held_beyond_the_call(project, caller, arg) \
                        and not _kept_before(project, caller, call, arg):
                    # shared within one run of the caller (handed to other calls too), but no
                    # later call gets the part that changed, no earlier one may have kept it,
                    # and the caller's next run starts from another object: no second use in
                    # the caller goes wrong. One by the caller's own callers may
                    upstream = _reused_upstream(project, caller, arg, depth)
                    if upstream is not None:
                        return upstream
                    continue
            invariant = frozenset()
            if call.loops:
                invariant = frozenset(
                    i for i in range(len(fn.params))
                    if (a := project.arg_for(call, t, i)) is not None
                    and call.loops[-1] not in loops_of(project.resolve(caller, a)) | loops_of(a))
            else:
                # no later call in the caller gets it: say which use does, rather than name the
                # changing call as its own second use (python-zaqarclient 4.7.0's
                # ``ensure_exists``, python-blazarclient 4.6.0's ``get_data``: readers of issue
                # 8's blind sets 51 and 52)
                keeper = None if held or _held_beyond_the_call(project, caller, arg) \
                    else _keeper_before(project, caller, call, arg)
                if keeper is not None:
                    return Witness(keeper.site, f"`{keeper.text}(...)` here is given the same object before "
                                                f"`{callee_name}` changes it, and may keep it: what it kept "
                                                f"changes too", held)
                return Witness(call.site, f"this caller passes an object that outlives its run (a module- or "
                                          f"class-level object, or a part of what it was given): its next run, "
                                          f"and every other user of the object, sees what `{callee_name}` "
                                          f"changed", held)
            return Witness(call.site, f"this caller passes an object it shares in a loop; the next use "
                                      f"sees what `{callee_name}` changed", held, invariant, calls_again=True)
        if verdict == "kept" and call.loops and _each_iterations_own(caller, call, arg) \
                and (top_level and _whole_elements(arg) or not _handed_in_from_outside(project, caller, arg)):
            # ``[self._to_volume(obj) for obj in objs]`` over a parsed response: the next call gets
            # another element; elements a user built may share parts (httpx's ``files``: one
            # ``headers`` dict for several files), so there the witness stays. The elements
            # themselves are other objects, whoever built the list: esphome 2026.6.5's
            # ``_build_list_index`` hands ``_get_item_id`` each item of the user's list once (a B
            # of issue 8's twenty-fifth set, its "next call" named as the second use)
            continue
        if verdict == "kept" and _written_back(caller, call, arg):
            continue  # the caller replaces what it passed with the result: it means it to change
        if verdict == "kept" and _part_of_fresh_argument(project, caller, arg):
            continue
        if verdict == "kept" and not call.loops and _runs_once_per_instance(project, caller, arg):
            continue  # no next call on the same object: the constructor runs it once
        if verdict == "kept" and best is None:
            best = Witness(call.site, f"this caller passes an object it keeps; its next call of "
                                      f"`{callee_name}` starts from the changed object", True,
                           siblings=_parts_of_the_same(project, caller, call, t, fn, index), calls_again=True)
    return best or step


def _runs_once_per_instance(project, caller: FunctionSummary, arg: Value) -> bool:
    """Whether ``caller`` is a private method that only its class's constructor calls, on the new
    instance and not in a loop, and ``arg`` is a part of that instance: the method runs once per
    object, so "its next call" on the same object never comes (platformio 6.2.0's
    ``DebugConfigBase._configure_server``, run by ``__init__`` only, revealing the patterns of
    ``self.tool_settings["server"]``; a C of issue 8's blind forty-second set whose second use
    named that next call)."""
    if not caller.cls or not caller.name.startswith("_") or caller.name.startswith("__"):
        return False
    refs = [o for o in project.resolve(caller, arg) if isinstance(o, Ref)]
    if not refs or not all(o.root.kind == "param" and o.root.index == 0 and o.path for o in refs):
        return False  # (what the method builds itself, or does not know, is kept by no one)
    calls = project.callers.get(caller.qualname, [])
    if not calls:
        return False
    family = {caller.cls, *project.subclass_index().get(caller.cls, ())}
    for up_q, up_call, t in calls:
        up = project.functions.get(up_q)
        receiver = project.arg_for(up_call, t, 0)
        if up is None or up.name != "__init__" or up.cls not in family or up_call.loops or not receiver \
                or not all(isinstance(o, Ref) and o.root.kind == "param" and o.root.index == 0 and not o.path
                           for o in project.resolve(up, receiver)):
            return False
    return True


def short_name(qualname: str) -> str:
    """How a message names a function: ``Class.method`` for a method, the bare name otherwise
    (``pkg.mod.Launcher.launch`` -> ``Launcher.launch``; ``pkg.mod.build`` -> ``build``)."""
    parts = qualname.split(".")
    return ".".join(parts[-2:]) if len(parts) > 1 and parts[-2][:1].isupper() else parts[-1]


def _reused_upstream(project, caller: FunctionSummary, arg: Value, depth: int) -> Witness | None:
    """A second use, by ``caller``'s own callers, of the parameter of ``caller`` that ``arg`` is
    (whole): :func:`caller_witness` of ``caller`` for it, two levels up at most, when that is not
    itself a next step. ``None`` otherwise (an object ``caller`` made, ``self``)."""
    if depth >= 2:
        return None
    indices = sorted({o.root.index for o in project.resolve(caller, arg)
                      if isinstance(o, Ref) and o.root.kind == "param" and not o.path
                      and not (caller.cls and o.root.index == 0)})
    for index in indices:
        witness = caller_witness(project, caller, index, short_name(caller.qualname), pipeline=False,
                                 depth=depth + 1)
        if witness is not None and not witness.next_step:
            return witness
    return None


def _held_beyond_the_call(project, caller: FunctionSummary, arg: Value) -> bool:
    """Whether ``arg`` is, or is part of, what outlives one run of ``caller``: a module-level
    object, or a part of what the caller was given (the state of the instance a method runs on,
    ``self.opts["external_auth"]``, or a part of an argument, ``wanted["primary_conninfo"]``):
    the caller's next run may be handed the same object again (salt 3008.5's
    ``sum_permissions``, extending the configured permissions of a user on every login: a bug of
    issue 8's blind twenty-sixth set). Not an object the caller made, nor its parameter whole,
    which its own callers decide about (:func:`_reused_upstream`)."""
    return any(isinstance(o, Ref) and (o.root.kind == "global" or o.root.kind == "param" and o.path)
               for o in project.resolve(caller, arg))


def _kept_before(project, caller: FunctionSummary, call: CallSite, arg: Value) -> bool:
    """Whether a call of ``caller`` made before ``call`` may keep the object ``arg`` holds
    (:func:`_keeper_before`)."""
    return _keeper_before(project, caller, call, arg) is not None


def _keeper_before(project, caller: FunctionSummary, call: CallSite, arg: Value) -> CallSite | None:
    """The first call of ``caller`` made before ``call`` that is given the object ``arg`` holds,
    or something holding it, and sees the change afterwards because it may have kept it
    (:func:`_sees_later_change`): ``keep(body)``, then ``raise NotFound(body)`` rewriting its
    message. Not the object's own method (``body.get("message")``). ``None`` when there is none."""
    given = project.resolve(caller, arg)
    start = (call.site.line, call.site.column)
    return next((
        other for other in caller.calls
        if other.id != call.id and (other.site.line, other.site.column) < start
        and not (other.builtin_guess and other.receiver is not None and project.resolve(caller, other.receiver) & given)
        and any(_holds(project.resolve(caller, v), given) for v in other.passed())
        and _sees_later_change(project, caller, call, other, given)), None)


def _part_of_fresh_argument(project, caller: FunctionSummary, arg: Value) -> bool:
    """``arg`` is a part of ``caller``'s own parameter (``ctx.optional_params``), and every call
    of ``caller`` in the tree hands that parameter an object it builds for that call alone (a
    request context built per request): the caller's "next call" starts from another object.
    Where this comes from: litellm 1.110.2's provider routes, each given the ``ctx`` that
    ``completion()`` builds per request, named as their own second use in the C's of issue 8's
    blind thirty-fifth set."""
    if not arg or not all(isinstance(o, Ref) and o.root.kind == "param" and o.path for o in arg):
        return False
    params = {o.root.index for o in arg}
    if len(params) != 1 or caller.cls and 0 in params:
        return False  # an object's own state lasts from one call of its method to the next
    index = next(iter(params))
    calls = [(c, up, t) for c, up, t in other_callers(project, caller) if not is_test_code(c)]
    if not calls:
        return False
    for up_caller, up, t in calls:
        passed = project.arg_for(up, t, index)
        if passed is None or not made_by_caller(project, up_caller, up, passed):
            return False
        # handed to no other call: the constructor that built it is no other holder (what it
        # keeps, the object itself holds), which :func:`sharing` does not tell apart
        made = project.resolve(up_caller, passed)
        builders = {o.call for o in made if isinstance(o, Fresh)}
        if any(c.id != up.id and c.id not in builders and any(
                made & project.resolve(up_caller, v) for v in c.passed())
               for c in up_caller.calls):
            return False
    return True


def _handed_on_in_cycle(project, caller: FunctionSummary, fn: FunctionSummary, arg: Value) -> bool:
    """Whether ``caller``, which ``fn`` calls in turn (one strongly connected component of the
    call graph), hands ``fn`` only its own parameters, whole: the object threaded through a mutual
    recursion, as a recursive call threads it, is one working object, not a second use
    (prefect 3.9.1's ``json_schema_to_python_type(schema, context)`` and ``_resolve_ref(ref,
    context)``, collecting conversion warnings in the context; issue 8's twenty-second set). A
    part of one is not: the caller may keep what holds it (kapitan 0.36.3's compiler, which
    stores each compiled value of its dictionary elsewhere)."""
    if project.component.get(caller.qualname, -1) != project.component.get(fn.qualname, -2):
        return False
    return bool(arg) and all(isinstance(o, Ref) and o.root.kind == "param" and not o.path for o in arg)


def mentions_call(value: Value, call_id: int, depth: int = 0) -> bool:
    """Whether ``value`` is call ``call_id``'s result, a part of it, or holds it (four levels of
    new objects down)."""
    for o in value:
        if isinstance(o, Ref) and o.root.kind == "call" and o.root.index == call_id:
            return True
        if isinstance(o, Fresh) and depth < 4:
            if any(mentions_call(v, call_id, depth + 1) for _, v in o.fields):
                return True
    return False


def _written_back(caller: FunctionSummary, call: CallSite, arg: Value) -> bool:
    """Whether ``caller`` stores the call's result into the slot it took the argument from: an
    attribute (``x.spec = f(x.spec)``), an item of a constant key (``api["DefinitionBody"] =
    merge(api["DefinitionBody"], ...)``, aws-sam-translator 1.115.0's ``push.py``) or the item of
    the loop's own key (``for k, v in d.items(): d[k] = f(v)``). The caller means the element to be replaced by what the callee
    makes of it, and holds the original no longer, so no later call of its sees the change.
    Where this comes from: kapitan 0.36.3's reference compiler, compiling each value of a
    mapping in place and writing the result back (issue 8's eighth unseen set)."""
    if any(i < len(call.args) and call.args[i] == arg for i in call.writes_back):
        # spelt so (``opts["pillar_roots"] = _validate_pillar_roots(opts["pillar_roots"])``), whatever
        # the slot may hold (salt 3008.5's minion options, merged from defaults and overrides: a
        # B of issue 8's twenty-sixth set)
        return True
    parts = [o for o in arg if isinstance(o, Ref) and o.path]
    # (a default the lookup may give instead is no object of the slot's: ``image =
    # data.get("image", None)``, then ``data["image"] = BoundImage(client, image)``: hcloud
    # 2.27.0's bound models, whose witness named that call's "next call")
    if not parts or len(parts) != sum(1 for o in arg if not isinstance(o, Opaque)):
        return False
    for m in caller.mutations:
        if m.kind != OVERWRITE or not mentions_call(m.value, call.id):
            continue
        for o in parts:
            last = o.path[-1]
            slot = last == ANY and bool(loops_of(m.key) & o.loops) and m.op == "[] =" \
                or last.startswith(".") and m.op == f"{last} =" \
                or last != ANY and m.op == "[] =" and m.selector == last
            if slot and any(isinstance(t, Ref) and t.root == o.root and t.path == o.path[:-1] for t in m.target):
                break
        else:
            continue
        return True
    return False


def _parts_of_the_same(project, caller: FunctionSummary, call: CallSite, t, fn: FunctionSummary,
                       index: int) -> frozenset[int]:
    """The parameters of ``fn`` other than ``index`` that ``call`` gives a part of the object it
    gives ``index`` (or a value computed from it alone): ``build(model.retriever,
    stream_name=model.name)`` -> ``stream_name``'s index."""
    target = project.resolve(caller, project.arg_for(call, t, index) or frozenset())
    roots = {o.root for o in target if isinstance(o, Ref)}
    if not roots or not all(isinstance(o, Ref) for o in target):
        return frozenset()
    out = set()
    for i in range(len(fn.params)):
        arg = project.arg_for(call, t, i) if i != index else None
        resolved = project.resolve(caller, arg) if arg is not None else frozenset()
        if resolved and all(isinstance(o, Ref) and o.root in roots
                            or isinstance(o, Opaque) and o.deps and o.deps <= roots for o in resolved):
            out.add(i)
    return frozenset(out)


def _each_iterations_own(caller: FunctionSummary, call: CallSite, arg) -> bool:
    """Whether every object ``arg`` denotes is the element of the loop around ``call`` (a
    caller's parameter's part selected by the loop: ``for obj in objs``, ``role_json[role]``),
    not ``self``'s: each iteration hands the callee another object."""
    loop = call.loops[-1]
    return bool(arg) and all(
        isinstance(o, Ref) and loop in o.loops and o.root.kind == "param" and o.path
        and not (o.root.index == 0 and caller.cls) for o in arg)


def _whole_elements(arg) -> bool:
    """Whether every object ``arg`` denotes is an element of what its loop goes through, itself
    (``for item in lst: f(item)``), not a part of one (``f(item["headers"])``)."""
    return bool(arg) and all(isinstance(o, Ref) and o.path and o.path[-1] == ANY for o in arg)


def _handed_in_from_outside(project, caller: FunctionSummary, arg) -> bool:
    """Whether the caller's parameters that ``arg`` is part of come from outside the package:
    the caller has no caller in the tree, or one passes its own parameter on (a user's object,
    through a public entry point), rather than an object it made or was returned."""
    for index in {o.root.index for o in arg if isinstance(o, Ref) and o.root.kind == "param"}:
        callers = other_callers(project, caller)
        if not callers:
            return True
        for up, call, t in callers:
            passed = project.arg_for(call, t, index)
            if passed is None:
                return True
            params = {o.root.index for o in project.resolve(up, passed) if isinstance(o, Ref) and o.root.kind == "param"}
            # (a part of the caller's own argument that every call of it makes anew: dvc 3.67.1's
            # ``load_stage(..., deepcopy(self.stage_data))`` handing ``d["deps"]`` on)
            if params and not all(_made_for_each_call(project, up, i) for i in params):
                return True
    return False


def loop_changes(fn: FunctionSummary, loop: int, value, depth: int = 0) -> bool:
    """Whether ``fn`` itself changes, inside ``loop``, the object ``value`` denotes (``depth``
    selectors of a Ref's path below it): the loop works on that object (a parser's state, a
    paging request's parameters), so what its callees add to it is meant to be seen next round.
    A loop that runs until the object is empty (``while self._scheduled:``) works on it too: it
    takes out what its callees pop (a scheduler draining its queue through its own ``pop_min``)."""
    targets = [(m.target, False) for m in fn.mutations if loop in m.loops]
    if loop in fn.loop_drains:
        targets.append((fn.loop_drains[loop], True))
    for target, exact in targets:
        for o in target:
            for v in value:
                if isinstance(v, Ref) and isinstance(o, Ref) and o.root == v.root:
                    passed = v.path[:len(v.path) - depth]
                    # (what the loop tests for emptiness is the object passed itself, not a part
                    # of it: ``while remaining > 0`` with ``remaining = pool.size`` drains no pool)
                    if o.path == passed if exact else o.path[:len(passed)] == passed:
                        return True
                if isinstance(v, Fresh) and isinstance(o, Fresh) and o.site == v.site:
                    return True
    return False


def every_caller_fresh(project, fn: FunctionSummary, index: int, below: tuple = (),
                       keyword: str | None = None) -> bool:
    """Every call in the tree hands over an object made for the call (test code aside, for a
    public function): the function owns its argument ("a helper whose every caller passes a fresh
    object is silent"). False when there is no such caller, and for an :func:`entry_point`.
    ``below``: the part of the argument that is changed; an object made for the call that holds
    there what the caller was given is not the function's own (podman 5.8.0's ``create``:
    ``payload = {"image": image}; payload.update(kwargs)``, then ``_render_payload(payload)``
    appends to the ``extended_mode`` list of the user's ``volumes=`` dict: a bug reproduced in
    issue 8's twenty-ninth set, where the finding was preview only). ``keyword``: the object
    asked about is the one each call gives under that keyword, which the ``**kwargs`` parameter
    ``index`` collects (calls that do not give it hand over nothing of theirs)."""
    verdicts = []
    public = is_public(fn, project)
    if entry_point(project, fn, index, keyword):
        return False
    for caller_q, call, t in project.callers.get(fn.qualname, []):
        caller = project.functions[caller_q]
        if public and is_test_code(caller) or caller_q == fn.qualname:
            continue  # tests pass what they like; a recursive call hands on its own argument
        arg = project.arg_for(call, t, index)
        if arg is not None and keyword is not None:
            arg = dataflow_load(arg, key(keyword)) or None
        if arg is None:
            continue
        verdict = sharing(project, caller, call, arg)
        if verdict == "fresh" and below and _holds_given_objects(project, caller, call, arg, below):
            verdict = "kept"
        verdicts.append(verdict)
    return bool(verdicts) and all(v == "fresh" for v in verdicts)


def _holds_given_objects(project, caller: FunctionSummary, call: CallSite, arg: Value, below: tuple) -> bool:
    """Whether ``arg``, followed along ``below`` (or a prefix of it), reaches an object the caller
    was given (a parameter's or a global's), not one it made, or one it made once and hands to
    another call too: ``annotate_job({"name": n, "resources": [user_resource]})`` twice gives two
    new jobs holding one resource (the corpus's C15)."""
    reached = project.resolve(caller, arg)
    for sel in below:
        reached = dataflow_load(reached, sel)
        if any(isinstance(o, Ref) and o.root.kind in ("param", "global") for o in reached):
            return True
        made = {o for o in reached if isinstance(o, Fresh)}
        if not made:
            continue
        chain = _chain(caller, call)
        if any(c.id not in chain and any(_holds(project.resolve(caller, v), made)
                                         for v in c.passed())
               for c in caller.calls):
            return True
    return False


def _results_in(value: Value) -> set[int]:
    return {o.root.index for o in value if isinstance(o, Ref) and o.root.kind == "call"}


def _chain(caller: FunctionSummary, call: CallSite) -> set[int]:
    """The calls that hand ``call`` what they return, or are handed what it returns, directly or
    through each other (``extended = extend_spark(request); extended = extend_mpirun(extended)``,
    sagemaker 2.257.7's job request): one object handed on along the chain, not shared by two
    uses."""
    by_id = {c.id: c for c in caller.calls}

    def args(c: CallSite) -> set[int]:
        return set().union(*(_results_in(v) for v in c.passed()))

    chain = {call.id}
    todo = [call]
    while todo:  # upstream: what the call is handed
        for i in args(todo.pop()) - chain:
            if i in by_id:
                chain.add(i)
                todo.append(by_id[i])
    downstream = {call.id}
    grown = True
    while grown:  # downstream: the calls handed what it returns (not the upstream calls' other uses)
        grown = False
        for c in caller.calls:
            if c.id not in downstream and c.id not in chain and args(c) & downstream:
                downstream.add(c.id)
                grown = True
    return chain | downstream


#: methods that only add to the container they are called on
_FILLING_METHODS = frozenset({"append", "extend", "add", "insert", "appendleft"})


def loop_output(project, fn: FunctionSummary, loop: int, leaf) -> bool:
    """Whether ``leaf``, a list, set or mapping literal made before ``loop`` (``self.member_clusters =
    []``), is what the loop fills and nothing in it reads: every call of the loop given it only
    adds to it, and no statement of the loop keeps it in another object. Its entries are the
    loop's output, read after it (moto 5.2.6's ``ReplicationGroup.__init__``
    handing ``member_clusters=self.member_clusters`` to the node-group helper of each round: two
    B's of issue 8's blind twenty-seventh set). A list handed to anything else each round
    (``add_shm(volumes); create(pod, volumes)``) is the object every round's use sees grow."""
    target = frozenset({leaf})
    if isinstance(leaf, Ref) and leaf.root.kind == "param" and leaf.root.index == 0 and fn.cls \
            and len(leaf.path) == 1 and leaf.path[0].startswith(".") and loop in fn.loop_sites:
        # ``self.member_clusters = []`` above the loop, in the same method, and nowhere else in it
        stored = [(value, site) for attr, value, site in fn.self_stores if attr == leaf.path[0][1:]]
        loop_site = fn.loop_sites[loop]
        if len(stored) != 1 or (stored[0][1].line, stored[0][1].column) >= (loop_site.line, loop_site.column):
            return False
        made = project.resolve(fn, stored[0][0])
        if len(made) != 1:
            return False
        target |= made
        leaf = next(iter(made))
    if not (isinstance(leaf, Fresh) and leaf.kind == "literal" and leaf.copy is None
            and leaf.container in ("list", "dict", "set") and all(k == ANY for k, _ in leaf.fields)):
        return False  # (a literal with named keys is a record, a template: not a collector)
    for c in fn.calls:
        if loop not in c.loops:
            continue
        if c.builtin_guess:
            if c.receiver is not None and _holds(project.resolve(fn, c.receiver), target):
                if c.text.rsplit(".", 1)[-1] not in _FILLING_METHODS:
                    return False
                continue
        targets = project.targets(fn, c)
        for v in c.passed():
            if not _holds(project.resolve(fn, v), target):
                continue
            if not targets:
                return False  # a library call reads it, or keeps it
            for t in targets:
                callee = project.functions.get(t.function)
                indexes = [i for i in range(len(callee.params) if callee else 0) if project.arg_for(c, t, i) == v]
                if callee is None or not indexes or not all(_only_adds(project, t.function, i) for i in indexes):
                    return False
    return not any(loop in st.loops and _holds(project.resolve(fn, st.value), target) for st in fn.stores)


def _only_adds(project, function: str, index: int) -> bool:
    """Whether the effects of ``function`` on its parameter ``index`` are all additions to it (at
    its top level), and there is at least one."""
    mine = [e for e in project.effects.get(function, {}).values() if e.root.kind == "param" and e.root.index == index]
    return bool(mine) and all(e.kind == ACCUMULATE and not e.path for e in mine)


def no_caller_asks(project, fn: FunctionSummary, effect) -> bool:
    """``effect`` happens only under flags of ``fn`` (``if encode: encode_fields(meta)``) that
    every call in the tree passes, or leaves at its default, the other way: no use in the tree
    makes the change. False with no caller. Where this comes from: celery 5.7.0's
    ``_get_result_meta(..., encode=False)`` (issue 8's blind nineteenth set), whose change is in
    a callee called under ``if encode:``; a flag a callee's call needs is the caller's too."""
    calls = other_callers(project, fn)
    return bool(effect.requires) and bool(calls) and all(
        project.flag_unmet(call, t, effect.requires) for _, call, t in calls)


def callers_replace_it(project, fn: FunctionSummary, index: int) -> bool:
    """``fn`` is a private helper and every call in the tree stores its result into the slot it
    took the argument from (:func:`_written_back`: ``api["DefinitionBody"] =
    self._merged(api["DefinitionBody"], ...)``), or hands over an object of its own: the slot
    held the only reference the caller had, so what the helper changed through its shallow copy
    is now part of the result that replaced it. Where this comes from: aws-sam-translator
    1.115.0's ``_get_merged_definitions`` (issue 8's blind seventeenth set: not aliasing that
    anyone sees)."""
    if is_public(fn, project):
        return False
    calls = [(caller, call, project.arg_for(call, t, index)) for caller, call, t in other_callers(project, fn)]
    calls = [(caller, call, arg) for caller, call, arg in calls if arg is not None]
    return any(_written_back(caller, call, arg) for caller, call, arg in calls) and all(
        _written_back(caller, call, arg) or sharing(project, caller, call, arg) == "fresh"
        for caller, call, arg in calls)


def owned_by_callers(project, fn: FunctionSummary, index: int) -> bool:
    """``fn`` is a private helper and every call in the tree hands it an object the caller made
    itself (:func:`made_by_caller`), even if the caller uses it again afterwards: the helper's
    changes are the caller's own work on its own object (mlrun's ``_execute(runtime, run)``
    enriching the run its only caller deep-copied from the user's task). Preview only."""
    if is_public(fn, project):
        return False
    calls = [(caller, call, project.arg_for(call, t, index)) for caller, call, t in other_callers(project, fn)]
    calls = [(caller, call, arg) for caller, call, arg in calls if arg is not None]
    return bool(calls) and all(made_by_caller(project, caller, call, arg) for caller, call, arg in calls)


def taken_apart_by_callers(project, fn: FunctionSummary, effect) -> bool:
    """Every call of ``fn`` in the tree (tests aside) hands over an object the caller made for it
    (a literal, or its own copy: ``service_dict = dict(service_dict)``), and the caller takes keys
    out of that object itself: ``fn`` is a step of the caller's consuming build, and a removal at
    the top level of the caller's own copy reaches nothing anyone else gave. Where this comes
    from: docker-compose 1.29.2's ``Project.from_config`` pops ``networks``, ``secrets``, ``name``
    from its copy of each service and has ``get_links``, ``get_network_mode``, ... pop theirs
    before ``Service(**service_dict)`` (five findings of issue 8's fifth unseen set, all
    intended: copying in the helpers breaks the build)."""
    if effect.kind != REMOVE or effect.path:
        return False
    calls = [(c, call, t) for c, call, t in other_callers(project, fn) if not is_test_code(c)]
    if not calls:
        return False
    for caller, call, t in calls:
        arg = project.arg_for(call, t, effect.root.index)
        resolved = project.resolve(caller, arg) if arg is not None else frozenset()
        if not resolved or not all(isinstance(o, Fresh) and o.copy is None
                                   and (not call.loops or set(call.loops) & set(o.loops)) for o in resolved):
            return False
        sites = {o.site for o in resolved}
        if not any(m.kind == REMOVE and any(isinstance(x, Fresh) and x.site in sites
                                            for x in project.resolve(caller, m.target))
                   for m in caller.mutations):
            return False
    return True


def made_by_caller(project, caller: FunctionSummary, call: CallSite, arg: Value) -> bool:
    """``arg`` is an object ``caller`` made itself for this call (a literal, a constructor's or a
    deep copy's result; mlrun's ``run = self._create_run_object(task)``, a deep copy of the
    user's task), made inside the loop that calls (if any). Handed to a private helper, the
    helper's changes are the caller's own work on its own object, even when the caller uses it
    again afterwards (:func:`owned_by_callers`: preview only)."""
    resolved = project.resolve(caller, arg)
    return any(isinstance(o, Fresh) for o in resolved) and all(
        isinstance(o, Fresh) and o.kind != "copy" and o.copy is None  # a shallow copy shares its parts
        and (not call.loops or set(call.loops) & set(o.loops))
        # a value a module-level function made (``ast.literal_eval(text)``): new on each call
        or isinstance(o, Opaque) and all(r.kind in ("global", "unknown") for r in o.deps)
        for o in resolved)

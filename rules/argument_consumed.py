"""AL007 argument-consumed."""
from __future__ import annotations

from aliaslint import harm
from aliaslint.diagnostics import Confidence, Diagnostic, places_on_the_way
from aliaslint.fix import requests as fixes
from aliaslint.rule import Facts, Invalid, ProjectRule
from aliaslint.summary import ACCUMULATE, OVERWRITE, REMOVE
from aliaslint.values import Fresh, Ref, format_path

KIND_ORDER = {REMOVE: 0, ACCUMULATE: 1, OVERWRITE: 2}
#: removals that take an element out (a queue's, a heap's, a work list's), not a named option
TAKES = {"pop[]", "popitem", "remove", "discard"}


def _tier(project, fn, e, witness, typed: bool):
    """``(confidence, witness or None, public-entry reason or None)`` of one consumed effect.

    HIGH needs a second use that goes wrong: a caller in the tree that uses the object again
    (:func:`aliaslint.harm.caller_witness`), or a public entry point whose change destroys or
    duplicates what the caller gave (:func:`aliaslint.harm.public_entry`); and the effect must
    not be harmless when repeated, nor the function's documented purpose. Attribute sets on
    objects, arguments typed as project classes, output parameters filled at their top level and
    work lists drained stay MEDIUM (``--preview``): the change is what the object is for.
    """

    index = e.root.index
    reason = harm.public_entry(project, fn, e, index, keywords=True)
    # an item of ``**kwargs`` is the caller's object given under its keyword, an input (see
    # :func:`aliaslint.harm.keyword_item`): judged as that object sees the change
    keyword, seen = harm.keyword_item(fn, e) or (None, e)
    if typed and e.kind in (REMOVE, ACCUMULATE) and harm.annotated_as(project, fn, index) == "data":
        # a record class (a dataclass, a model) is a spec like a dict: adding to its lists again
        # or taking from them is no more what it is for (torchx 0.7.0's ``Scheduler.submit``
        # adds the device mounts to the caller's ``AppDef`` again on every submit)
        typed = False
    if e.op.startswith(".") or typed:
        return Confidence.MEDIUM, witness, reason
    some_calls = harm.adds_on_some_calls(seen, fn)
    if keyword is None and not e.path and (e.kind == ACCUMULATE and e.op != "[] +=" and not some_calls
                       and not harm.adds_to_material(project, fn, e)
                       or e.op in TAKES and not harm.removes_named_element(e)):
        # (``[] +=`` grows an item: ``env["IMAGE"] = f"{env['IMAGE']}:{tag}"``; an element only
        # some calls ask for is no output parameter: ``if with_grant_option: privileges.add(...)``)
        return Confidence.MEDIUM, witness, reason
    if harm.intended(project, fn, index, keyword) or harm.documented_in_chain(project, e) or harm.named_for_removal(fn, e) or harm.evicts(e) or e.maybe_copied \
            or harm.writes_destination(fn, e) \
            or harm.works_on(project, fn, e) \
            or keyword is None and harm.owned_by_callers(project, fn, index) \
            or harm.taken_apart_by_callers(project, fn, e):
        return Confidence.MEDIUM, witness, reason
    if e.returned and (witness is None or not witness.held) \
            and not (witness is not None and witness.again is not None and witness.calls_again
                     and not _returns_whole(project, fn, e.root)):
        # changed, then handed back (``return config``, ``return cmd, extra``): an in-place
        # updater, harmful only to a caller that keeps the object itself (apify's headers). Not
        # elements handed back in a new list when the caller calls again on the same ones: the
        # first call's result holds them, and the second call changes them under it
        # (ansible-navigator's ``_process_roles_for_menu`` called twice on one collection)
        return Confidence.MEDIUM, witness, reason
    # the caller's next step, handed the object after this call, is meant to see what this call
    # added or rewrote (the request's ``post`` sends the headers a transform wrote); it may
    # still look up an entry this call took out (cookiecutter's ``render`` reading the prompts)
    next_step_only = witness is not None and witness.next_step and e.kind != REMOVE
    # a second run of the same function writes its own value into the slot before reading it
    own_slot = witness is not None and witness.calls_again and harm.sets_own_slot_first(project, fn, e) \
        or harm.next_use_sets_slot_first(project, witness, e)
    # a function that returns nothing and hands the rest on (:func:`aliaslint.harm.handed_on_after`)
    # is shown for what a public entry point destroys, not on a caller's reuse alone (tower-cli
    # 3.3.9's ``process_group_comparison`` taking apart a group it fetched, named with a caller
    # that "keeps" the list of groups it searches: a B of the forty-eighth set)
    acts = _returns_nothing(fn)
    if witness is not None and not acts and not next_step_only and (some_calls or not harm.repeat_safe(e)) \
            and not witness.same_value_again(e) and not harm.membership_only(project, e) and not own_slot:
        return Confidence.HIGH, witness, None
    if reason is not None:
        # what the caller gave is destroyed at the first call, repeated or not
        return Confidence.HIGH, None, reason
    return Confidence.MEDIUM, witness, reason


def _returns_nothing(fn) -> bool:
    """A function (not a constructor) with no ``return`` of a value: an in-place updater, unless
    it hands the rest of its argument on (:func:`aliaslint.harm.handed_on_after`)."""
    return not fn.returns_value and fn.name != "__init__"


def _returns_whole(project, fn, root) -> bool:
    """Whether ``fn`` returns the object ``root`` names itself (or in a returned tuple), not only
    its elements in a new list."""
    for o in project.rets.get(fn.qualname, frozenset()):
        if isinstance(o, Ref) and o.root == root and not o.path:
            return True
        if isinstance(o, Fresh) and o.container == "tuple" and any(
                isinstance(r, Ref) and r.root == root and not r.path for _, v in o.fields for r in v):
            return True
    return False


def consumed_effects(project, function: str) -> dict[int, list]:
    """Parameters that ``function`` destructively mutates while building something else.

    Returns ``{param index: [(effect, confidence, witness, public-entry reason), ...]}``, the
    default-tier ones and the most destructive first; cached on the project. Whether the
    argument is aliased at all follows DESIGN.md's findings on real code:

    - *built from it*: the function returns something that is not the argument itself and that
      was computed from the argument (an in-place updater returns nothing, or the argument);
    - *not a registry or an output parameter*: the key written or removed does not depend on
      other inputs (``seen[key_of(item)] = ...``);
    - *not idempotent*: a write whose value comes from the object itself (``env[k]["name"] = k``)
      gives the same result when repeated;
    - *not state*: objects of project classes with mutating methods of their own are state;
    - *not copied by every caller*: when every call in the tree passes a fresh object or a copy,
      the function owns its argument (test callers of a public function do not count).

    Whether it is harmful is :func:`_tier` (the harm model, :mod:`aliaslint.harm`).
    """
    cache = project.__dict__.setdefault("_consumed", {})
    if function in cache:
        return cache[function]
    out: dict[int, list] = {}
    cache[function] = out
    fn = project.functions.get(function)
    if fn is None or fn.kind in ("module", "property"):
        return out
    # a function that returns nothing uses its argument only by handing it on after taking a
    # named option out of it (:func:`aliaslint.harm.handed_on_after`); otherwise it is an
    # in-place updater
    acts = _returns_nothing(fn)
    if fn.name.startswith("test") and harm.is_test_code(fn):
        return out  # pytest calls tests with fresh fixtures; nobody reuses their arguments
    first = 1 if fn.cls is not None and fn.kind in ("method", "classmethod") else 0
    ret = project.rets.get(function, frozenset())
    public = harm.is_public(fn, project)
    from aliaslint.values import deps_of
    ret_deps = deps_of(ret)
    witnesses: dict[tuple[int, bool, bool], object] = {}
    for e in project.effects.get(function, {}).values():
        if e.root.kind != "param" or e.root.index < first or e.own_method or e.copy or e.realias:
            continue  # copies and re-pointed copies have rules of their own (AL002, AL008)
        if e.op == "rename":
            continue  # a key renamed in place keeps what the caller gave (see "Not reported")
        if acts and (e.root.index >= len(fn.params) or fn.params[e.root.index].startswith("*")
                     or harm.handed_on_after(project, fn, e) is None):
            continue
        # a change below an item of ``**kwargs`` is one of the object the caller gave under that
        # keyword (``seen``: the change as the caller's object sees it); the dict itself, and
        # the ``*args`` tuple, are made for the call
        keyword, seen = harm.keyword_item(fn, e) or (None, e)
        if fn.name != "__init__" and not acts and e.root not in ret_deps and not (
                harm.sets_on_some_calls(seen, fn) and harm.entry_point(project, fn, e.root.index, keyword)):
            # the result is not built from this argument (unless a documented argument of a
            # public function keeps a key this call set on some paths only: mlflow's ``tags``)
            continue
        if any(r != e.root and r.kind in ("param", "call", "unknown") for r in e.key_deps) \
                and not harm.sets_on_some_calls(seen, fn):
            # keyed by other inputs: a registry, a cache, an output parameter (not another
            # argument's entries merged into a mapping the function treats as its own)
            continue
        if e.kind == OVERWRITE and e.value_deps and all(r == e.root for r in e.value_deps):
            continue  # a normalising write: the value comes from the object itself
        if first and (e.stores_self or any(r.kind == "param" and r.index == 0 for r in e.value_deps)):
            continue  # the object registers itself with its owner (``pool._cache[job] = self``): by design
        if any(project.has_own_mutators(c) for c in project.param_classes(fn, e.root.index)):
            continue  # an object with behaviour of its own: state, not config
        name = fn.params[e.root.index] if e.root.index < len(fn.params) else "*"
        if name.startswith("*") and keyword is None:
            continue
        if keyword is not None and e.callees and (callee := project.functions.get(e.callees[0])) is not None \
                and keyword in callee.params and harm.is_public(callee, project):
            # forwarded to a public function that takes the keyword by name (hvac 2.4.0's
            # ``Adapter.get(url, **kwargs)`` to ``request(method, url, headers=None, **kwargs)``):
            # its own finding is the one to show
            continue
        # returns the argument itself, or the very part it changed (``return ext.symbols`` after
        # appending to it): an in-place transformer, not a consumer
        def holds(o, e=e):
            return isinstance(o, Ref) and o.root == e.root and e.path[:len(o.path)] == o.path

        if fn.name != "__init__" and ret and all(
            holds(o) for o in ret if not (isinstance(o, Fresh) and not o.fields)
        ) and any(holds(o) for o in ret):
            continue
        if fn.name != "__init__" and not acts and not any(not holds(o) for o in ret):
            continue
        destructive = seen.kind in (REMOVE, ACCUMULATE) or seen.kind == OVERWRITE and len(seen.path) >= 1 \
            or harm.sets_on_some_calls(seen, fn)
        if harm.every_caller_fresh(project, fn, e.root.index, keyword=keyword):
            continue  # every caller in the tree hands over an object of its own
        asked = (e.root.index, keyword, seen.kind == REMOVE, not seen.path)
        if asked not in witnesses:
            witnesses[asked] = harm.caller_witness(project, fn, e.root.index, harm.short_name(fn.qualname),
                                                   removed=asked[2], top_level=asked[3],
                                                   removed_keys=_removed_keys(project, fn, e.root.index, e.path[:1] if keyword else ()),
                                                   pipeline=False, keyword=keyword)
        witness = witnesses[asked]
        if witness is not None and e.requires and any(
                call.site == witness.site and project.flag_unmet(call, t, e.requires)
                for _, call, t in project.callers.get(fn.qualname, [])):
            # the caller leaves off the flag this change needs (``if async_: options["async"] =
            # ...``, jira 3.10.5's ``get_jira`` passing no ``async_``): it never sees the change
            witness = None
        if not (destructive and public or (destructive or e.kind == OVERWRITE) and witness is not None):
            continue
        typed = bool(project.param_classes(fn, e.root.index))
        out.setdefault(e.root.index, []).append((e, *_tier(project, fn, e, witness, typed)))
    for effects in out.values():
        effects.sort(key=lambda ec: (-ec[1], KIND_ORDER.get(ec[0].kind, 3), -len(ec[0].path), ec[0].site, ec[0].path))
    return out


def _removed_keys(project, fn, index: int, item: tuple[str, ...] = ()) -> frozenset[str] | None:
    """The named keys ``fn`` takes out of its parameter ``index`` at its top level (``pop("k")``,
    ``del p["k"]``), or ``None`` when one is not a constant: a caller that then looks up another
    named key finds what it put there (see :func:`aliaslint.harm.caller_witness`). ``item``: the
    selector of a ``**kwargs`` item, whose top level is asked instead."""
    keys = set()
    for e in project.effects.get(fn.qualname, {}).values():
        if e.root.kind == "param" and e.root.index == index and e.kind == REMOVE and e.path == item:
            if not e.selector:
                return None
            keys.add(e.selector)
    return frozenset(keys)


def consumed_params(project, function: str) -> set[int]:
    return set(consumed_effects(project, function))


class ArgumentConsumed(ProjectRule):
    """
    ## What it does
    Finds a function or constructor that destructively changes a caller's argument (pops or
    deletes keys, appends to its lists, rewrites nested values) while building something else
    from it (a client, a request, a new object), directly or through the helpers it calls.

    ## Why is this bad?
    The caller cannot use the same object twice: the second client built from one config dict
    finds its keys gone (metlog #38), the next rule sees a task without its metadata
    (ansible-later #118), the next request carries the previous one's headers (apify #746).
    Libraries are hit hardest, because their callers are not in the tree to be checked.

    Functions whose purpose is the in-place update (they return nothing, or return the argument
    they were given) are not reported. A function that returns nothing but takes a named option
    out of its argument and then hands the rest on (`del options["dependency-update"]`, then
    `self._upgrade(options)`) uses the argument as one that builds from it does.

    A keyword argument that `**kwargs` collects is the caller's object: a change below an item
    of `**kwargs` (`for nic in kwargs.pop("nics", []): nic.pop("net-id")`) is a change of what
    the caller gave under that keyword, and the message names the keyword. The keyword dict
    itself is made for each call: popping or setting its own items changes nothing the caller
    holds.

    ## Example
    ```python
    def client_from_config(config):
        sender = config["sender"]
        cls = SENDERS[sender.pop("class")]
        return cls(**sender)
    ```

    ## Use instead
    ```python
    def client_from_config(config):
        sender = dict(config["sender"])
        cls = SENDERS[sender.pop("class")]
        return cls(**sender)
    ```

    ## Fix safety
    The fix is unsafe (applied with `--unsafe-fixes`): it inserts `config = copy.deepcopy(config)`
    as the function's first statement (after its docstring), or `config = copy.copy(config)` when
    every change is at the argument's top level (a key popped or set, an element added), which
    leaves what the argument holds (a loader, a client) shared as the caller meant. A deep copy
    can be costly, and wrong for objects that hold clients, locks or identity; copying only the
    level that is changed (as above) is often enough. No fix is offered when the argument is changed inside a
    loop of the function: a copy above the loop would still be shared by every iteration; nor when
    the function also sets an attribute of the argument itself (`args.settings = ...`), an output
    its caller reads that a copy of the whole would hide: the message names the part to copy.

    ## Tiers
    By default: the change goes wrong at a second use the tree shows, or the caller of a public
    function loses or gets twice what it gave. Everything else that is real aliasing is
    `--preview` only.

    Shown by default:
    - a second use in the tree (a caller that keeps the object, such as `self.headers` or a
      module-level object, hands it to other calls, or passes it in a loop), when the change is
      not harmless when repeated; a private method that only the constructor calls runs once
      per object, so its "next call" on the same object is no second use;
    - a public function whose change removes a named key, appends below the top level or
      rewrites what the caller put inside an argument that holds configuration (changed through
      its items, annotated as a container or a record, or named as configuration:
      `pod_template`, `jinja_env_kwargs`), not an object the function works on (annotated as
      another package's class with behaviour, such as `jinja2.Environment` or `httpx.Request`,
      or reached through attributes or private state). A named key taken out of the top level
      of a required argument counts only when the argument is named as configuration: a
      required `load` or `data` is the function's input, taken apart (`--preview`);
    - a documented argument of a public function that makes its own mapping when the caller
      gives none (`tags = tags or {}`) and sets a named key in it on some calls only (the next
      call that does not set it passes the value on: mlflow#5190; written as `update` too:
      `if v: d.update({"versionId": v})`, `d.update({...} if v else {})`), or merges another
      argument's entries into it (`d.update(response_headers or {})`), or sets a key or adds an
      element of its own only when a flag parameter asks (`if with_grant_option:
      privileges.add("GRANT OPTION")`: the same set passed again, without the flag, still
      grants it; `if list_volume: search_opts["list_volume"] = True`), or grows an item with
      elements of its own there (`if disable_sha2_fix: algs["pubkeys"] = list(set(old +
      SHA2_KEYS))`);
    - a public function that adds an element at the top of a caller's list which it also puts,
      whole, into what it builds (`bdms.insert(0, image_bdm)`, then `body["server"]["bdms"] =
      bdms`): the list is the caller's input, and the same list passed again carries the first
      call's addition and gets a second one.

    A public entry point's finding names the outermost public function that hands the caller's
    object down unchanged (the operation a user calls, not the helper that changes it), unless
    the function that makes the change is a public entry point itself: its finding is there,
    where a copy covers every caller. A
    function of a private module (`_launch_add.py`) that the package's `__init__` imports under
    a public name is public. A helper that returns the argument it changed (an in-place updater)
    leaves the finding to the caller that keeps the result instead.

    `--preview` only:
    - a documented in-place update ("updates the given ...", "in place", "inject it into the
      configuration"), also when the documented updater is a helper the function hands the
      argument down to, or a function documented as removing keys ("Remove keys from ..."). What
      the docstring says of another parameter (":param key_name: ... to inject into the
      instance") says nothing of this one;
    - a function named for taking things out of its argument (`pop_global_arguments`,
      `_consume_attrs`) that removes them; an argument named or documented as the function's
      destination (`dst`, `out`, ":param target: Destination object") that it writes;
    - a consuming parser that takes its argument apart and rejects what is left;
    - output parameters filled at their top level, work lists drained (a literal taken out,
      `return_fields.remove("default")`, is a named element, a marker the caller put in: shown
      by default), attributes set on objects, arguments typed as project classes (but for lists
      and mappings added to or taken from inside a record class, a dataclass or a model: that is
      a spec, shown by default);
    - a loop that writes the same value again (the value comes from arguments the loop passes
      unchanged, or from another part of the very object the caller passes again:
      `build(model.retriever, stream_name=model.name)`), and a write, on every path, of a module
      constant (`headers["User-Agent"] = USER_AGENT`);
    - a named slot the function fills, on every path, with one of its other arguments before
      anything reads the object (`event_args["stack_id"] = stack_id`, then
      `client.list(**event_args)`), when the second use is the same function called again: each
      call reads what it wrote itself. Read or copied before the write, or kept in the result,
      the slot carries one call's value into the next, and the finding stays shown. The same
      when the second use is another function that writes that slot itself, on every path,
      before it hands the object on (each sync step setting `params["ORG_ID"]` before its
      clean-up job reads it);
    - elements of the argument changed and handed back in a new list (`for c in clusters:
      c["instance_id"] = i; out.append(c)`, `return out`): a transform of the caller's records
      in place, as an updater's returned argument is, unless the caller calls again on the same
      elements, changing them under the first call's result;
    - a function returning nothing whose only second use is a caller's reuse: it is shown for
      what a public entry point destroys;
    - a key popped as a statement, its value thrown away, when a test finds it there (`if "env"
      in load: load.pop("env")`: an option the function does not take);
    - a private helper whose every caller hands it an object the caller made (a literal, an
      instance, a deep copy), then uses it again: the helper's changes are the caller's own work;
    - a change that only the caller's next step sees, another function it hands the object to
      after the call (`transform(headers); client.post(headers=headers)`): the caller put the
      steps in that order. A removal stays shown (the next step may look up what was taken
      out), and so does a module-level object, or one the caller's own callers use again.

    Not a second use: test code (for the package's own functions); a loop that itself changes
    the object it passes (its working state); a caller that writes the result back where it
    took the argument from (`for k, v in d.items(): d[k] = compile(v)`).

    Not a public entry point: a closure; a metaclass's `__new__` or `__init__`, whose namespace
    Python makes for each class statement; a framework's hook (a method no project code calls
    that overrides an outside base's method, such as a structlog processor's `__call__`, or
    belongs to a family named with one prefix that the framework builds from a message:
    `perspective_addChange` for `callRemote("addChange", ...)`); a function a project decorator
    hands back unchanged (`@convert_from(...)`) that no code calls by name.

    Not a second use: a later lookup of another named key than those taken out
    (`optional_params.get("stream")` after `pop("max_retries")`); the next call of a function
    whose every caller builds, for that call, the object that holds the argument (a request
    context).

    Not reported: a helper whose every caller passes an object of its own; a key renamed in place
    (`d["maintainers"] = [d["maintainer"]]; del d["maintainer"]`, or `d["new"] = d.pop("old")`);
    a string written where a test required another (`if t.get("action") == "requested":
    t["action"] = "rerequested"`: a renamed value); a change behind a flag parameter (`if append:`) that the
    call passes, or leaves at its default, the other way.
    """

    code = "AL007"
    name = "argument-consumed"
    summary = "A function destroys a caller's argument while building something from it"

    VALID = (
        # an object registering itself with its owner is a back-reference, by design
        "class Job:\n    def __init__(self, pool, n):\n        self.n = n\n        pool['jobs'].append(self)\n\n"
        "POOL = {'jobs': []}\na = Job(POOL, 1)\nb = Job(POOL, 2)\n",
        # a tuple result keeps its places: ``out`` is the new list, ``rest`` the argument
        "def split(spec):\n    return [], spec\n\ndef build(spec):\n    out, rest = split(spec)\n"
        "    out.append({'name': 'x'})\n    return {'items': out, 'spec': rest}\n",
        "def fill_defaults(cfg):\n    cfg.pop('legacy', None)\n",
        "def normalise(cfg):\n    cfg.pop('legacy', None)\n    return cfg\n",
        "def build(cfg):\n    cfg = dict(cfg)\n    name = cfg.pop('name')\n    return {'name': name, **cfg}\n",
        "def _helper(cfg):\n    cfg['x'] = 1\n    return [cfg]\n",
        # set-if-absent is a setdefault: repeating it changes nothing (kopf's auth headers)
        "def make_context(session, agent):\n    headers = session['headers']\n    if 'User-Agent' not in headers:\n"
        "        headers['User-Agent'] = agent\n    return {'session': session}\n",
        "def make_context(session, agent):\n    if session.headers.get('User-Agent') is None:\n"
        "        session.headers['User-Agent'] = agent\n    return {'session': session}\n",
        # a registry keyed by a fresh unique name (dask-gateway's workers)
        "import uuid\n\ndef create_worker(cluster):\n    name = uuid.uuid4().hex\n    worker = {'name': name}\n"
        "    cluster['workers'][name] = worker\n    return worker\n",
        # a visited set threaded through recursion is an accumulator, not a config
        "def find(graph, node, seen=None):\n    seen = seen or set()\n    if node in seen:\n        return None\n"
        "    seen.add(node)\n    for nxt in graph.get(node, ()):\n        got = find(graph, nxt, seen)\n"
        "        if got:\n            return got\n    return graph.get('target')\n",
    )
    PREVIEW = (
        # a work list drained: taking elements out is the function's purpose
        Invalid(
            "def heappop(heap):\n    last = heap.pop()\n    if heap:\n        item = heap[0]\n        heap[0] = last\n"
            "        return item\n    return last\n",
            2, 12, "pops from `heap`",
        ),
        # an output parameter filled at its top level
        Invalid(
            "def add_site(path, known_paths):\n    known_paths.add(path)\n    return sorted(known_paths)\n",
            2, 5, "adds to `known_paths`",
        ),
    )
    INVALID = (
        Invalid("def build(cfg):\n    name = cfg.pop('name')\n    return {'name': name}\n", 2, 12, "cfg"),
        Invalid(
            "def _strip(cfg):\n    del cfg['spec']['legacy']\n\ndef build(cfg):\n    _strip(cfg)\n    return Client(**cfg)\n",
            5, 5, "`build` deletes from `cfg[\"spec\"]` (through _strip)",
        ),
    )

    @classmethod
    def check_project(cls, project, facts: Facts) -> list[Diagnostic]:
        out = []
        seen = facts.reported_sites
        candidates = [(fn, index, found) for fn in project.functions.values()
                      for index, found in consumed_effects(project, fn.qualname).items()]
        # one change, one finding, reported in the first function that finds it; but an in-place
        # updater (it returns the argument it changed: preview only) yields to the functions that
        # call it: one that keeps the result and not the argument has consumed what its caller
        # gave (wandb 0.31.0's ``construct_launch_spec`` returns the spec it fills into the
        # caller's ``config``; the public ``launch_add`` returns a queued run, and the caller's
        # ``config`` passes this call's ``run_id`` on to the next call)
        # and a public entry point that makes a change itself, shown by default, comes before
        # one that reaches it through its calls: its users call it directly, and a fix there
        # covers them all (minio 7.2.20's public ``get_object`` sets ``versionId`` in the
        # caller's documented ``extra_query_params``; its finding, anchored at the public
        # ``fget_object`` that calls it, left direct callers exposed: issue 8's blind
        # sixty-sixth set). (A helper keeps its place: its callers' findings say more of how
        # the object is used, and one shown only with ``--preview`` would hide theirs.)
        candidates.sort(key=lambda c: (all(e.returned and confidence is Confidence.MEDIUM
                                           for e, confidence, _, _ in c[2]),
                                       not (harm.entry_point(project, c[0], c[1]) and any(
                                           confidence is Confidence.HIGH and not e.callees
                                           for e, confidence, _, _ in c[2]))))
        # a change shown by default but through too many calls to stay so
        # (:func:`aliaslint.harm.tier_long_explanations`) is led by another of the function's
        # changes, or left to a later function that explains it in fewer: os-net-config 18.1.0's
        # ``object_from_json`` reached the bridge's ``ovs_extra.extend(...)`` first, through four
        # recursive ``from_json`` hops, and its finding, demoted for length, hid the one through
        # ``OvsBridge.from_json`` (a preview D of issue 8's blind forty-sixth set, reproduced)
        deferred = []
        for fn, index, found in candidates:
            found = [item for item in found if item[0].site not in seen]
            if not found:
                continue
            led = cls._led(project, facts, fn, index, found)
            if led is None:
                deferred.append((fn, index))
                continue
            diagnostic, effects = led
            seen.update(x.site for x in effects)
            out.append(diagnostic)
        for fn, index in deferred:
            found = [item for item in consumed_effects(project, fn.qualname)[index] if item[0].site not in seen]
            if found:
                effects = [item[0] for item in found]
                seen.update(x.site for x in effects)
                out.append(cls._diagnostic(project, facts, fn, index, *found[0], effects))
        return out

    @classmethod
    def _led(cls, project, facts, fn, index, found) -> tuple[Diagnostic, list] | None:
        """``(diagnostic, its effects)`` for ``found`` (``fn``'s unreported changes of parameter
        ``index``, the leading one first): led by the leading change, or, when its explanation
        goes through more places than a default finding may
        (:data:`aliaslint.harm.MAX_PLACES_ON_THE_WAY`), by the shown-by-default change explained
        in the fewest (the bridge's own ``ovs_extra``, not a DPDK port's member bridge's).
        ``None`` when every such change is explained through too many."""
        shown = []  # (places on the way, order, diagnostic, effects)
        for order, lead in enumerate(found if found[0][1] is Confidence.HIGH else found[:1]):
            if lead[1] is not Confidence.HIGH and order:
                break
            effects = [lead[0], *(item[0] for item in found if item is not lead)]
            diagnostic = cls._diagnostic(project, facts, fn, index, *lead, effects)
            places = places_on_the_way(diagnostic.related)
            if lead[1] is not Confidence.HIGH or places <= harm.MAX_PLACES_ON_THE_WAY:
                shown.append((places, order, diagnostic, effects))
                if not order:
                    break  # the function's leading change, as before
        if not shown:
            return None
        _, _, diagnostic, effects = min(shown, key=lambda item: item[:2])
        return diagnostic, effects

    @classmethod
    def _diagnostic(cls, project, facts, fn, index, e, confidence, witness, reason, effects) -> Diagnostic:
        param = fn.params[index].lstrip("*")
        shown = format_path(param, e.path)
        # the caller's object: the parameter, or the keyword argument ``**kwargs`` collected
        keyword = harm.keyword_item(fn, e)
        name = param if keyword is None else keyword[0]
        given = f"`{name}`" if keyword is None else f"`{name}` (a keyword argument)"
        via = ""
        if e.callees:
            via = " (through " + " -> ".join(facts.short(q) for q in e.callees) + ")"
        built = "its instance" if fn.name == "__init__" else "its result"
        seen = e if keyword is None else keyword[1]
        adds_some = harm.adds_on_some_calls(seen, fn)
        some_calls = harm.sets_on_some_calls(seen, fn) or adds_some
        merges_argument = harm.merges_argument(seen)
        if e.kind == REMOVE:
            wrong = f"a caller that uses `{name}` again finds what was removed gone"
        elif adds_some:
            wrong = (f"a caller that passes `{name}` again, to a call that does not ask for "
                     f"{e.value_text if e.value_text and e.op != '[] +=' else 'it'}, still gets it")
        elif e.kind == ACCUMULATE:
            wrong = f"a caller that uses `{name}` again gets a second copy of what was added"
        elif merges_argument:
            merged = ", ".join(f"`{r.name.lstrip('*')}`" for r in sorted(seen.key_deps, key=lambda r: r.index))
            wrong = (f"it merges {merged} into it, and a caller that passes `{name}` again, with other {merged}, "
                     f"passes this call's entries on")
        elif some_calls:
            what = "those keys" if seen.op == "update" else "that key"
            wrong = (f"a caller that passes `{name}` again, to a call that does not set {what}, passes this "
                     f"call's value on")
        else:
            wrong = f"a caller that uses `{name}` again gets the changed value"
        # a removal on every round drains the one object (``names.pop()``): one copy at the top
        # keeps the caller's, where a copy per round would hand each round the whole again
        in_loop = e.kind != REMOVE and cls._changed_in_loop(fn, e)
        # every change at the argument's top level: a shallow copy keeps the caller's whole, and
        # leaves alone what it holds (a loader, a client) that a deep copy would duplicate
        copier = "copy.copy" if fixes.top_level_only(effects) else "copy.deepcopy"
        # an attribute the function sets on the argument itself is an output its caller reads
        # (pelican 4.12.0's ``get_instance`` sets ``args.settings``, which autoreload reads
        # next): a copy of the whole at the top would hide it, so copy the changed part instead
        # (the fix :func:`fixes.copy_parameter` offers none then either)
        output = next((x.op[:-2] for x in project.effects.get(fn.qualname, {}).values()
                       if x.root.kind == "param" and x.root.index == index and not x.path
                       and x.op.startswith(".") and x.op.endswith(" =")), None)
        if in_loop:
            fix = f"copy it inside the loop, before each change (`{copier}({param})`)"
        elif output is not None and e.path:
            part = format_path(param, e.path[:1])
            fix = (f"copy `{part}` before changing it (`copy.deepcopy({part})`), not the whole `{param}`: "
                   f"`{facts.short(fn.qualname)}` also sets `{param}{output}` for its caller")
        else:
            fix = f"copy it first (`{param} = {copier}({param})` at the top of `{facts.short(fn.qualname)}`)"
        while_building = "" if merges_argument else ", on some calls only" if some_calls \
            else f", while building {built} from it"
        # a function that returns nothing hands the rest on (see :func:`consumed_effects`)
        handed = harm.handed_on_after(project, fn, e) if _returns_nothing(fn) else None
        if handed is not None and not some_calls:
            while_building = f", then hands the rest to `{handed.text}`"
        message = (
            f"`{facts.short(fn.qualname)}` {facts.verb(e.op)} `{shown}`{via}, the caller's "
            f"{given}{while_building}; {wrong}; {fix}"
        )
        # reported where the message points: in ``fn`` (the call that leads to the change when
        # it happens in a helper), with every write as a related location
        where = e.chain[0] if e.chain else e.site
        related = []
        if e.chain:
            related.append(facts.related(e.site, f"`{shown}` is changed here ({e.op})"))
        related += facts.chain_related(e)[1:] if e.chain else []
        related += [facts.related(other.site, f"also changed here ({other.op})") for other in effects[1:]
                    if other.site != e.site]
        if handed is not None:
            related.append(facts.related(handed.site, f"the rest of `{name}` is handed on here"))
        if witness is not None:
            related.append(witness.related(facts))
        elif reason is not None:
            related.append(harm.public_entry_related(facts, fn, reason))
            outer = harm.outer_entry_related(project, facts, fn, index)
            if outer is not None:
                related.append(outer)
        return Diagnostic(cls.code, cls.name, message, facts.location(where), tuple(dict.fromkeys(related)),
                          confidence=confidence, url=cls.url(), access_path=shown,
                          fix=None if in_loop or output is not None
                          else fixes.copy_parameter(project, facts, fn.qualname, index, effects))

    @staticmethod
    def _changed_in_loop(fn, e) -> bool:
        """The change is made on every iteration of a loop inside ``fn`` (directly or through the
        call that leads to it) to the same object: a copy at the top of ``fn`` would not separate
        the iterations. A loop over the object's own elements (``for item in data["items"]:
        item["kind"] = kind``, kubernetes_asyncio's ``create_from_yaml``) changes another element
        each time: the copy at the top is the fix, not one per iteration."""
        def same_each_time(value, loops) -> bool:
            refs = [o for o in value if isinstance(o, Ref) and o.root == e.root]
            return bool(refs) and not any(set(loops) & o.loops for o in refs)

        if e.chain:
            return any(c.site == e.chain[0] and c.loops and any(
                same_each_time(v, c.loops) for v in c.passed()) for c in fn.calls)
        return any(m.site == e.site and m.loops and same_each_time(m.target, m.loops) for m in fn.mutations)

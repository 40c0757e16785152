"""AL007 argument-consumed."""
from __future__ import annotations

from aliaslint.diagnostics import Diagnostic
from aliaslint.fix import requests as fixes
from aliaslint.rule import Facts, Invalid, ProjectRule
from aliaslint.summary import ACCUMULATE, OVERWRITE, REMOVE
from aliaslint.values import Fresh, Ref, format_path

KIND_ORDER = {REMOVE: 0, ACCUMULATE: 1, OVERWRITE: 2}
#: removals that take an element out (a queue's, a heap's, a work list's), not a named option
TAKES = {"pop[]", "popitem", "remove", "discard"}


def _is_public(fn) -> bool:
    parts = fn.qualname.split(".")
    if fn.name == "__init__":
        return not any(p.startswith("_") and not p.startswith("__") for p in parts[-2:-1])
    return not fn.name.startswith("_") and not any(p.startswith("_") and not p.startswith("__") for p in parts[-2:-1])


def _confidence(e, shared: bool, typed: bool = False):
    """HIGH: a named key is removed, or state below the top level is changed, or a caller in
    the tree passes an object it keeps (``self.headers``, a global). MEDIUM (``--preview``): a
    top-level write into an argument with no such evidence, a top-level append or add (an
    output parameter), an element taken out of a list or set (a work list), attribute sets."""
    from aliaslint.diagnostics import Confidence

    if e.op.startswith(".") or typed:
        # an attribute set on an object, or an argument typed as a project class: entity
        # state more than config
        return Confidence.MEDIUM
    if not e.path and (e.kind == ACCUMULATE or e.op in TAKES):
        # an output parameter filled (``seen.add(x)``, ``lines.append(s)``) or a work list
        # drained (``heap.pop()``): the top-level change is the function's purpose
        return Confidence.MEDIUM
    if shared or e.kind == REMOVE or e.path:
        return Confidence.HIGH
    return Confidence.MEDIUM


def consumed_effects(project, function: str) -> dict[int, list]:
    """Parameters that ``function`` destructively mutates while building something else.

    Returns ``{param index: [(effect, confidence), ...]}``, most destructive first; cached on
    the project. The tests follow DESIGN.md's findings on real code:

    - *built from it*: the function returns something that is not the argument itself and that
      was computed from the argument (an in-place updater returns nothing, or the argument);
    - *not a registry or an output parameter*: the key written or removed does not depend on
      other inputs (``seen[key_of(item)] = ...``);
    - *not idempotent*: a write whose value comes from the object itself (``env[k]["name"] = k``)
      gives the same result when repeated;
    - *not state*: objects of project classes with mutating methods of their own are state;
    - *not copied by every caller*: when every call in the tree passes a fresh object or a copy,
      the function owns its argument.
    """
    cache = project.__dict__.setdefault("_consumed", {})
    if function in cache:
        return cache[function]
    out: dict[int, list] = {}
    cache[function] = out
    fn = project.functions.get(function)
    if fn is None or fn.kind in ("module", "property") or not fn.returns_value and fn.name != "__init__":
        return out
    if fn.name.startswith("test") and fn.module.rsplit(".", 1)[-1].startswith(("test_", "conftest")):
        return out  # pytest calls tests with fresh fixtures; nobody reuses their arguments
    first = 1 if fn.cls is not None and fn.kind in ("method", "classmethod") else 0
    ret = project.rets.get(function, frozenset())
    public = _is_public(fn)
    callers = project.callers.get(function, [])
    from aliaslint.values import deps_of
    ret_deps = deps_of(ret)
    for e in project.effects.get(function, {}).values():
        if e.root.kind != "param" or e.root.index < first or e.own_method or e.copy or e.realias:
            continue  # copies and re-pointed copies have rules of their own (AL002, AL008)
        if fn.name != "__init__" and e.root not in ret_deps:
            continue  # the result is not built from this argument
        if any(r != e.root and r.kind in ("param", "call", "unknown") for r in e.key_deps):
            continue  # keyed by other inputs: a registry, a cache, an output parameter
        if e.kind == OVERWRITE and e.value_deps and all(r == e.root for r in e.value_deps):
            continue  # a normalising write: the value comes from the object itself
        if first and any(r.kind == "param" and r.index == 0 for r in e.value_deps):
            continue  # the object registers itself with its owner (``pool._cache[job] = self``): by design
        if any(project.has_own_mutators(c) for c in project.param_classes(fn, e.root.index)):
            continue  # an object with behaviour of its own: state, not config
        name = fn.params[e.root.index] if e.root.index < len(fn.params) else "*"
        if name.startswith("*"):
            continue
        # returns the argument itself, or the very part it changed (``return ext.symbols`` after
        # appending to it): an in-place transformer, not a consumer
        def holds(o, e=e):
            return isinstance(o, Ref) and o.root == e.root and e.path[:len(o.path)] == o.path

        if fn.name != "__init__" and ret and all(
            holds(o) for o in ret if not (isinstance(o, Fresh) and not o.fields)
        ) and any(holds(o) for o in ret):
            continue
        if fn.name != "__init__" and not any(not holds(o) for o in ret):
            continue
        destructive = e.kind in (REMOVE, ACCUMULATE) or e.kind == OVERWRITE and len(e.path) >= 1
        verdicts = [
            project.sharing(project.functions[c], call, project.arg_for(call, t, e.root.index))
            for c, call, t in callers if project.arg_for(call, t, e.root.index) is not None
        ]
        shared = any(v in ("shared", "kept") for v in verdicts)
        if verdicts and all(v == "fresh" for v in verdicts):
            continue  # every caller in the tree hands over an object of its own
        if not (destructive and public or (destructive or e.kind == OVERWRITE) and shared):
            continue
        typed = bool(project.param_classes(fn, e.root.index))
        out.setdefault(e.root.index, []).append((e, _confidence(e, shared, typed)))
    for effects in out.values():
        effects.sort(key=lambda ec: (-ec[1], KIND_ORDER.get(ec[0].kind, 3), -len(ec[0].path), ec[0].site, ec[0].path))
    return out


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
    they were given) are not reported.

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
    as the function's first statement (after its docstring). A deep copy can be costly, and
    wrong for objects that hold clients, locks or identity; copying only the level that is
    changed (as above) is often enough. No fix is offered when the argument is changed inside a
    loop of the function: a copy above the loop would still be shared by every iteration.
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
            2, 5,
        ),
    )

    @classmethod
    def check_project(cls, project, facts: Facts) -> list[Diagnostic]:
        out = []
        seen = facts.reported_sites
        for fn in project.functions.values():
            for index, pairs in consumed_effects(project, fn.qualname).items():
                pairs = [(e, c) for e, c in pairs if e.site not in seen]
                if not pairs:
                    continue
                e, confidence = pairs[0]
                effects = [x for x, _ in pairs]
                seen.update(x.site for x in effects)
                name = fn.params[index]
                shown = format_path(name, e.path)
                via = ""
                if e.callees:
                    via = " (through " + " -> ".join(facts.short(q) for q in e.callees) + ")"
                built = "its instance" if fn.name == "__init__" else "its result"
                message = (
                    f"`{facts.short(fn.qualname)}` {facts.verb(e.op)} `{shown}`{via}, the caller's "
                    f"`{name}`, while building {built} from it; a caller that uses the same object "
                    f"twice gets it changed; copy it first (`{name} = copy.deepcopy({name})`)"
                )
                related = [facts.related(c, "called here") for c in e.chain]
                related += [facts.related(other.site, f"also changed here ({other.op})") for other in effects[1:]]
                out.append(Diagnostic(cls.code, cls.name, message, facts.location(e.site), tuple(related),
                                      confidence=confidence, url=cls.url(), access_path=shown,
                                      fix=fixes.copy_parameter(project, facts, fn.qualname, index, effects)))
        return out

"""AL011 instance-template-mutation."""
from __future__ import annotations

from aliaslint import harm
from aliaslint.diagnostics import Confidence, Diagnostic
from aliaslint.rule import Facts, Invalid, ProjectRule
from aliaslint.summary import ACCUMULATE, OVERWRITE
from aliaslint.values import Fresh, Ref, format_path

from aliaslint.rules.module_template_mutation import builds_from, put_into_argument

#: changes that add to what is there: made again on the same template, they add a second copy
_ADDS = frozenset({"append", "extend", "insert", "appendleft", "+=", "[] +="})


class InstanceTemplateMutation(ProjectRule):
    """
    ## What it does
    Finds a method that builds what it returns (or puts into its caller's object) from a
    template its instance made in `__init__` (`self.worker_template = copy.deepcopy(...)`), and
    adds to a list or other container *inside* that template: directly, through a local alias
    (`pod = self.worker_template`), through the part it handed out (`rule.setdefault(key, val)`
    for each of `self.base_config`'s items, then `rule["include"].append(...)`), or through a
    callee.

    ## Why is this bad?
    The instance lives across calls (a reconciler, a loader, a client), and so does its
    template: what one call adds, every later call on the same instance starts from and adds
    again. This is KubeRay's founding bug with the template kept on the controller instead of
    in a module: each pod built got one more `/dev/shm` mount than the last, and the second
    was rejected for a duplicate mount. elastalert2 2.31.0's `RulesLoader` grows its
    `base_config["include"]` with every rule it loads, so a rule without a `query_key` includes
    the keys of the rules loaded before it (reproduced in issue 8's blind sixty-sixth set).

    Only additions strictly below the attribute's top level count (`self.items.append(x)` is
    the instance's own state, kept on purpose), at places that do not depend on the call's
    arguments (`self.groups[name].append(x)` is a registry), to an attribute that `__init__`
    sets to a new object. A container some method of the class empties again (`.clear()`, `= []`)
    is a buffer the instance fills and flushes, not a template.

    ## Example
    ```python
    class Reconciler:
        def __init__(self, config):
            self.worker_template = copy.deepcopy(config["worker"])

        def build_pod(self, name):
            pod = self.worker_template
            pod["spec"]["volumes"].append(SHM_VOLUME)
            return pod
    ```

    ## Use instead
    ```python
        def build_pod(self, name):
            pod = copy.deepcopy(self.worker_template)
            pod["spec"]["volumes"].append(SHM_VOLUME)
            return pod
    ```

    ## Fix safety
    No automatic fix: the copy belongs where the template is handed out, which only the author
    can place.

    ## Tiers
    Shown by default when the second use is in the tree (a loop, or another call, calling the
    method again; named as a related location) or when the method is public, so that its callers
    outside the tree call it again on the same instance (named as the public entry point; a
    private method counts when a public method of its class runs it). A private method that
    only the tree calls, once, goes to `--preview`, and so does a method whose name
    says adding is what it is for (`add_autoscaler`, `register_hook`): calling it twice on one
    instance asks for two.
    """

    code = "AL011"
    name = "instance-template-mutation"
    summary = "A method adds to a template its instance made in `__init__`, which it builds from"

    VALID = (
        "import copy\n\nclass R:\n    def __init__(self, c):\n        self.t = copy.deepcopy(c)\n\n"
        "    def build(self):\n        pod = copy.deepcopy(self.t)\n        pod['spec']['v'].append(1)\n        return pod\n",
        "class R:\n    def __init__(self):\n        self.items = []\n\n"
        "    def add(self, x):\n        self.items.append(x)\n        return self.items\n",
    )
    INVALID = (
        Invalid(
            "import copy\n\nclass R:\n    def __init__(self, c):\n        self.t = copy.deepcopy(c)\n\n"
            "    def build(self):\n        pod = self.t\n        pod['spec']['v'].append(1)\n        return pod\n",
            9, 9, 'self.t["spec"]["v"]',
        ),
    )

    @classmethod
    def check_project(cls, project, facts: Facts) -> list[Diagnostic]:
        #: ``(method, attribute) -> [(effect, put)]``: one finding per template a method changes,
        #: its other changes of it as related locations
        found: dict[tuple[str, str], list] = {}
        made: dict[str, frozenset] = {}
        for fn in project.functions.values():
            if not fn.cls or fn.name.startswith("<") or fn.name in harm.CONSTRUCTION or fn.params[:1] != ("self",):
                continue
            for e in project.effects.get(fn.qualname, {}).values():
                if not _adds_inside_attribute(e) or e.site in facts.reported_sites:
                    continue
                fields = made.get(fn.cls)
                if fields is None:
                    fields = made[fn.cls] = _made_in_init(project, fn.cls)
                if e.path[0] not in fields or _started_over(project, fn.cls, e.path):
                    continue
                put = None
                if not builds_from(_attributes_of(project.rets.get(fn.qualname, frozenset()), e.root), e.root, e.path):
                    put = put_into_argument(fn, e.root, e.path, e.op)
                    if put is None:
                        continue
                found.setdefault((fn.qualname, e.path[0]), []).append((e, put))
        out = []
        for (q, _), items in found.items():
            items.sort(key=lambda item: (item[0].site.line, item[0].site.column))
            out.append(cls._diagnostic(project, facts, project.functions[q], items))
        return out

    @classmethod
    def _diagnostic(cls, project, facts: Facts, fn, items: list) -> Diagnostic:
        e, put = items[0]
        short = facts.short(fn.qualname)
        holder = facts.short(fn.cls)
        attribute = f"self{e.path[0]}"
        shown = format_path("self", e.path)
        via = (" (through " + " -> ".join(facts.short(q) for q in e.callees) + ")") if e.callees else ""
        if put is not None:
            put_in = f"`{put.value_text}`" if put.value_text else f"`{attribute}`'s part"
            copied = f"`copy.deepcopy({put.value_text})`" if put.value_text else "a deep copy"
            how = (f": it puts {put_in} into the caller's object by reference (line {put.site.line}), and the "
                   f"change reaches the template through it")
            fix = f"put {copied} there instead"
        else:
            how = f" and that `{fn.name}` builds its result from"
            fix = f"copy it first (`copy.deepcopy({attribute})`)"
        named = harm.named_for_adding(fn, e)
        if named:
            # (``add_autoscaler`` adding the autoscaler container to the handler's own spec: a
            # second call on one instance asks for a second one; corpus case E02, fixed)
            message = (f"`{short}` {facts.verb(e.op)} `{shown}`{via}, inside a template the instance made in "
                       f"`__init__`{how}; its name says adding is what it is for, so only a second call on the same "
                       f"`{holder}` adds it twice; nothing to change if each instance calls it once")
        else:
            message = (f"`{short}` {facts.verb(e.op)} `{shown}`{via}, inside a template the instance made in "
                       f"`__init__`{how}; every later call on the same `{holder}` starts from the changed "
                       f"template and adds to it again; {fix}")
        related = []
        if put is not None:
            related.append(facts.related(put.site, f"`{attribute}`'s object is put into the caller's object here, "
                                                   f"by reference"))
        if e.chain:
            related.append(facts.related(e.site, f"`{shown}` is mutated here ({e.op})"))
            related += facts.chain_related(e)[1:]
        related += [facts.related(other.site, f"also mutated here ({other.op})") for other, _ in items[1:]]
        witness = _second_call(project, fn)
        confidence = Confidence.HIGH
        if named:
            confidence = Confidence.MEDIUM
        elif witness is not None:
            caller, call, again = witness
            related.append(facts.related(call.site, harm.WITNESS + again))
        elif (entry := _public_entry(project, fn)) is not None:
            again = "gets the template this call changed" if entry is fn else \
                f"runs `{fn.name}` again, from the template this call changed"
            related.append(harm.public_entry_related(
                facts, entry, f"a caller that calls `{entry.name}` again on the same `{holder}` {again}"))
        else:
            confidence = Confidence.MEDIUM
        facts.reported_sites.update(other.site for other, _ in items)
        site = e.chain[0] if e.chain else e.site
        return Diagnostic(cls.code, cls.name, message, facts.location(site), tuple(dict.fromkeys(related)),
                          confidence=confidence, url=cls.url(), access_path=shown)


def _adds_inside_attribute(e) -> bool:
    """``e`` adds to a container strictly below an attribute of the method's own object, at a
    place that does not depend on the call's inputs (those pick a registry's entry)."""
    return e.root.kind == "param" and e.root.index == 0 and not (e.inherited or e.copy or e.realias or e.own_method) \
        and e.kind == ACCUMULATE and e.op in _ADDS and len(e.path) >= 2 and e.path[0].startswith(".") \
        and not any(r.kind in ("param", "call", "unknown") and r != e.root for r in e.path_deps | e.key_deps)


def _made_in_init(project, cls_name: str) -> frozenset[str]:
    """The attributes (``.name``) that ``cls_name``'s constructor sets to objects it makes (a
    literal, a copy, a deep copy), not an empty container nor an instance of a class (a builder's
    fields object, atlassian-python-api 5.0.5's ``IssueBuilder._fields``, is its working state),
    and that no other method of the class sets again."""
    # (the constructor the class runs: its own, or the one it inherits)
    init = project.functions.get(project.find_method(cls_name, "__init__") or "")
    if init is None:
        return frozenset()
    values: dict[str, set] = {}
    for name, value, _ in project.instance_fields(init.qualname):
        values.setdefault("." + name, set()).update(value)  # (spelt as an effect's path spells it)
    made = {name for name, value in values.items()
            if value and all(isinstance(o, Fresh) and o.kind != "instance" for o in value)
            and not all(_empty(o) for o in value)}
    for q in project.method_table(cls_name).values() if cls_name in project.classes else ():
        other = project.functions.get(q)
        if other is not None and other.name not in harm.CONSTRUCTION:
            made -= {"." + name for name, _, _ in other.self_stores}
    return frozenset(made)


def _attributes_of(result, root) -> frozenset:
    """``result`` without the method's whole object: a fluent method's ``return self`` hands back
    the instance, not something built from one of its attributes."""
    return frozenset(o for o in result if not (isinstance(o, Ref) and o.root == root and not o.path))


def _public_entry(project, fn, depth: int = 0):
    """``fn`` itself when it is public, else a public method of the same class that runs it (up
    to three calls up: a public ``reconcile`` returning ``self._build(name)``); ``None`` when no
    caller outside the class's own private methods reaches it."""
    if harm.is_public(fn, project) and not harm.nested(project, fn):
        return fn
    if depth >= 3:
        return None
    for caller, _, _ in harm.other_callers(project, fn):
        if caller.cls == fn.cls and caller.name not in harm.CONSTRUCTION:
            found = _public_entry(project, caller, depth + 1)
            if found is not None:
                return found
    return None


def _started_over(project, cls_name: str, path: tuple[str, ...]) -> bool:
    """Some method of the class empties the container at ``path`` again (``self._batch["requests"]
    .clear()``, or ``self._batch["requests"] = []``): a buffer the instance fills and flushes,
    its working state, not a template (a batching client's ``queue`` and ``flush``)."""
    if cls_name not in project.classes:
        return False
    for q in project.method_table(cls_name).values():
        for other in project.effects.get(q, {}).values():
            if other.root.kind != "param" or other.root.index != 0:
                continue
            if other.path == path and other.op in ("clear", "[:] ="):
                return True
            if other.path == path[:-1] and other.kind == OVERWRITE and other.selector \
                    and path[-1] in (f"['{other.selector}']", f".{other.selector}", other.selector) \
                    and other.value_text in harm.EMPTY_CONTAINERS:
                return True
    return False


def _empty(o: Fresh) -> bool:
    """``o`` is a new empty dict, list or set (``{}``, ``dict()``): whatever its entries are later,
    the program put them there as it ran (a registry filled by name, os-net-config 18.1.0's
    ``self.bridge_data = {}``), not material laid down to build from."""
    return o.container in ("dict", "list", "set") and not any(v for _, v in o.fields) \
        and (o.kind == "literal" or o.kind == "copy" and not o.copy_of)


def _second_call(project, fn, through: tuple[str, ...] = (), depth: int = 0):
    """``(caller, call, what it does)`` for a call that runs ``fn`` again: a call of it, or of a
    method of the same class that calls it (up to three calls up: elastalert2's ``load`` loops
    over the rule files calling ``load_configuration``, which calls ``load_options``), made in a
    loop, or one of two such calls; ``None`` when the tree runs it once or never."""
    callers = [(caller, call) for caller, call, _ in harm.other_callers(project, fn)]
    names = " -> ".join(f"`{name}`" for name in (fn.name, *through))
    for caller, call in callers:
        if call.loops:
            return caller, call, f"the next iteration calls {names} again, and it starts from the changed template"
    if len(callers) > 1:
        caller, call = callers[1]
        return caller, call, f"{names} is called again here, and it starts from the changed template"
    if depth < 3:
        for caller, _ in callers:
            if caller.cls == fn.cls and caller.name not in harm.CONSTRUCTION:
                got = _second_call(project, caller, (fn.name, *through), depth + 1)
                if got is not None:
                    return got
    return None

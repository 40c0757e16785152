"""AL002 shallow-copy-nested-mutation."""
from __future__ import annotations

from aliaslint.diagnostics import Diagnostic
from aliaslint.fix import requests as fixes
from aliaslint.project import copy_hits
from aliaslint.rule import Facts, Invalid, ProjectRule


class ShallowCopyNestedMutation(ProjectRule):
    """
    ## What it does
    Finds a shallow copy of a shared object (a parameter's, a global's, an instance's) that is
    then mutated *below its top level*, here or in a callee: `copy.copy(x)`, `dict(x)`,
    `x.copy()`, `{**x}`, `list(x)`, `x[:]`, `[*x]`, a comprehension copying another container's
    values, `dataclasses.replace(x)`, pydantic `model_copy()` without `deep=True`.

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
    locks or files.
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
        Invalid("def f(cfg):\n    out = cfg | {'x': 1}\n    out['spec']['y'] = 2\n    return out\n", 2, 11, "`x | {...}`"),
    )

    @classmethod
    def check_project(cls, project, facts: Facts) -> list[Diagnostic]:
        by_copy: dict = {}
        for hit in copy_hits(project):
            by_copy.setdefault(hit.mark.site, []).append(hit)
        out = []
        for site, hits in by_copy.items():
            first = hits[0]
            where = facts.location(first.site)
            target = f"`{first.target}`" if first.target else "an object inside it"
            how = first.mark.how
            how = f"`{how}`" if any(c in how for c in "({[") else "this shallow copy" if how == "copy" else f"this {how}"
            message = (
                f"{how} copies only the top level, so the change at {where.path}:{where.line} "
                f"({facts.verb(first.op)} {target}) also changes the original; use "
                f"`copy.deepcopy()`, or copy the nested level that is changed"
            )
            related = []
            for h in hits:
                related.append(facts.related(h.site, f"the original's nested object is mutated here ({h.op})"))
                for c in h.chain:
                    related.append(facts.related(c, "called here"))
            out.append(Diagnostic(cls.code, cls.name, message, facts.location(site), tuple(related), url=cls.url(),
                                  access_path=first.target or None, fix=fixes.deep_copy(facts, site)))
        return out

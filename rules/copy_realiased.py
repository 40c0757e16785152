"""AL008 copy-realiased."""
from __future__ import annotations

from aliaslint import harm
from aliaslint.diagnostics import Diagnostic
from aliaslint.rule import Facts, Invalid, ProjectRule
from aliaslint.values import format_path


class CopyRealiased(ProjectRule):
    """
    ## What it does
    Finds a deep copy whose nested object is re-pointed at the *original's* (`copy.spec.volumes =
    pod.spec.volumes`) and then mutated through the copy.

    ## Why is this bad?
    The deep copy was made so that the original stays untouched; assigning the original's list
    back into the copy re-introduces the alias, and the mutation that follows lands in the
    caller's object again (airflow #72522: every call added one more `xcom` volume to the
    caller's pod, until the API server rejected the duplicate volume names).

    ## Example
    ```python
    pod_cp = copy.deepcopy(pod)
    pod_cp.spec.volumes = pod.spec.volumes or []
    pod_cp.spec.volumes.insert(0, XCOM_VOLUME)
    ```

    ## Use instead
    ```python
    pod_cp = copy.deepcopy(pod)
    pod_cp.spec.volumes = pod_cp.spec.volumes or []
    pod_cp.spec.volumes.insert(0, XCOM_VOLUME)
    ```

    ## Fix safety
    No automatic fix: the assignment usually meant the copy's own field, but only the author
    can say.

    ## Tiers
    Always shown by default: the deep copy says the original is meant to stay unchanged, and
    the re-pointed field changes it.
    """

    code = "AL008"
    name = "copy-realiased"
    summary = "A deep copy's field is re-pointed at the original's, then mutated"

    VALID = (
        "import copy\n\ndef f(pod):\n    p = copy.deepcopy(pod)\n    p.spec.volumes = p.spec.volumes or []\n    p.spec.volumes.append(1)\n    return p\n",
        "import copy\n\ndef f(pod):\n    p = copy.deepcopy(pod)\n    p.spec.volumes = pod.spec.volumes\n    return p\n",
    )
    INVALID = (
        Invalid(
            "import copy\n\ndef f(pod):\n    p = copy.deepcopy(pod)\n    p.spec.volumes = pod.spec.volumes or []\n    p.spec.volumes.append(1)\n    return p\n",
            5, 5, "pod.spec.volumes",
        ),
    )

    @classmethod
    def check_project(cls, project, facts: Facts) -> list[Diagnostic]:
        found: dict = {}
        for fn in project.functions.values():
            for e in project.effects.get(fn.qualname, {}).values():
                if e.realias is not None and e.root.kind in ("param", "global") and not e.inherited:
                    found.setdefault(e.realias, (fn, e))
        out = []
        for site, (fn, e) in sorted(found.items()):
            shown = format_path(facts.root_name(fn, e.root), e.path)
            message = (
                f"this assignment puts the original's `{shown}` back into a deep copy, and the code that "
                f"{facts.verb(e.op)} it through the copy changes the original; use the copy's own object"
            )
            related = [facts.related(e.site, f"`{shown}` is mutated here ({e.op})")]
            related += facts.chain_related(e)
            related.append(facts.related(site, harm.COPY_INTENT + "the deep copy was made to leave the original "
                                         "alone, and this puts the original's object back into it"))
            facts.reported_sites.add(e.site)
            out.append(Diagnostic(cls.code, cls.name, message, facts.location(site), tuple(related), url=cls.url(),
                                  access_path=shown))
        return out

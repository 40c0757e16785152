"""The harm model: when a real alias is a bug worth showing by default.

A finding is shown by default only with a *witness*: a second use of the shared object that
sees the first use's change, found in the tree (the next iteration of a loop, a second call or
construction with the same object, a later call of the same method on one instance, a cache that
returns the same object again, class- or module-level state read later). Effects that are
harmless when repeated, and aliasing the code intends, are kept for ``--preview``.
"""
from __future__ import annotations

from aliaslint.summary import CallSite, FunctionSummary
from aliaslint.values import Fresh, Ref, Value


def sharing(project, caller: FunctionSummary, call: CallSite, arg: Value | None, depth: int = 0) -> str:
        """How ``call`` passes ``arg``: "shared" (a global, or one object handed to several
        calls or made outside the loop that calls), "fresh" (made for this call), "kept" (an
        attribute of something the caller holds, e.g. ``project.headers``) or "unknown"."""
        if arg is None:
            return "fresh"  # not passed: the default
        resolved = project.resolve(caller, arg)
        if not resolved:
            return "unknown"
        verdict = "fresh"
        for o in resolved:
            if isinstance(o, Ref) and o.root.kind == "global":
                return "shared"
            if isinstance(o, Fresh):
                uses = sum(
                    1 for c in caller.calls if c.id != call.id and any(
                        o in project.resolve(caller, v) for v in (*c.args, *(v for _, v in c.kwargs))
                    )
                )
                if uses or call.loops and not (set(call.loops) & set(o.loops)):
                    return "shared"
            elif isinstance(o, Ref) and call.loops and call.loops[-1] not in o.loops:
                return "shared"  # one object handed to the call on every iteration of a loop
            elif isinstance(o, Ref) and o.root.kind == "param" and not o.path \
                    and caller.params[o.root.index:o.root.index + 1] and caller.params[o.root.index].startswith("**"):
                continue  # ``**kwargs`` is a new dict on every call of the caller
            elif isinstance(o, Ref) and o.root.kind == "param" and o.path:
                verdict = "kept"
            elif isinstance(o, Ref) and o.root.kind == "param" and depth < 3:
                # passed through from the caller's own parameter: ask the caller's callers
                upstream = [
                    project.sharing(project.functions[c], up, project.arg_for(up, t, o.root.index), depth + 1)
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

"""Fix requests for the phase-3 rules, decided from the project facts (no source is read here).

Each function returns a :class:`~aliaslint.diagnostics.Fix` whose requests
:mod:`aliaslint.fix.transform` carries out later, or None when no automatic change is known to
remove the bug. A rule attaches it in one line (``fix=requests.deep_copy(facts, site)``).

Every fix here is *unsafe* (applied only with ``--unsafe-fixes``): a deep copy is right for plain
data, but costly or wrong for objects that hold clients, locks, files or identity.

Where the copy goes matters (a copy outside the loop that changes the object does not remove the
bug), so:

- :func:`deep_copy` (AL002) makes the shallow copy itself deep: the copy no longer shares any
  level with the original.
- :func:`copy_in_callee` (AL001) copies the argument at the top of the first function along the
  call chain that builds a result from it (a constructor builds its instance) and whose caller
  uses that result (the pod builder,
  not the helper that appends the mount: copying there would make the helper do nothing).
  Every call from the loop then works on its own copy. When no function of the chain builds
  something (a pure in-place updater called in a loop), there is no fix.
- :func:`copy_parameter` (AL007) copies the argument at the top of the function that consumes
  it (a shallow copy when every change is at the argument's top level: :func:`top_level_only`;
  a deep copy of ``jinja_env_kwargs`` would copy the loader it holds), unless the same object is changed on every iteration of a loop of that function (a copy
  above the loop would still be shared by every iteration) or it is an object with state rather than data (attributes set on
  it, or typed as a project class: copying a throttler or a memory object breaks its owner).
"""
from __future__ import annotations

from collections.abc import Iterable

from aliaslint.diagnostics import Applicability, Fix, FixRequest
from aliaslint.values import Fresh, Ref

__all__ = ["copy_in_callee", "copy_parameter", "deep_copy"]

#: function kinds whose body can start with a copy of a parameter
_FUNCTION_KINDS = ("function", "method", "classmethod", "staticmethod")


def deep_copy(facts, copy_site) -> Fix | None:
    """AL002: make the shallow copy at ``copy_site`` (a :class:`~aliaslint.values.Site`) deep;
    None when its module has no name left to spell a deep copy with."""
    if not _deepcopy_spellable(facts, copy_site.module):
        return None
    request = FixRequest("deepcopy", facts.location(copy_site))
    return Fix("Make it a deep copy with `copy.deepcopy()`", Applicability.UNSAFE, requests=(request,))


def _spellable(facts, module: str, *spellings: tuple[str, str]) -> bool:
    """Whether the module can use one of ``spellings`` (``(name, what it must be)``: ``("copy",
    "copy")`` for the module, ``("deepcopy", "copy.deepcopy")``) at its top level: the name is
    free there, or imported as that. When none is (``copy = None``, ``from mylib import copy,
    deepcopy``), the fix would be skipped when applied: no fix is offered, so none is counted
    as fixable (a function's own local names are left to the fix, which skips them)."""
    summary = facts.project.modules.get(module)
    if summary is None:
        return True
    return any(name not in summary.globals and summary.imports.get(name, dotted) == dotted
               for name, dotted in spellings)


def _deepcopy_spellable(facts, module: str) -> bool:
    """``copy.deepcopy`` or ``deepcopy`` (see :func:`_spellable`)."""
    return _spellable(facts, module, ("copy", "copy"), ("deepcopy", "copy.deepcopy"))


def _shallow_copy_spellable(facts, module: str) -> bool:
    """``copy.copy`` or ``copy`` from ``from copy import copy`` (see :func:`_spellable`)."""
    return _spellable(facts, module, ("copy", "copy"), ("copy", "copy.copy"))


def top_level_only(effects: Iterable) -> bool:
    """Every change in ``effects`` is at the argument's own top level (a key popped, set or
    deleted, an element added): a shallow copy of the argument keeps the caller's object whole.
    Not ``d["xs"] += [1]``, which may extend the list the caller's ``d`` holds in place."""
    effects = list(effects)
    return bool(effects) and all(not e.path and e.op != "[] +=" for e in effects)


def has_behaviour(project, classes: Iterable[str], besides: frozenset = frozenset()) -> bool:
    """One of ``classes`` (project classes) has a method of its own besides dunders: an object
    with behaviour (a parse segment, a task signature, a scheduler entry holding its app), whose
    deep copy takes along whatever it holds, not a record of data (``PodTemplate`` with only
    ``__init__``). ``besides``: method names that do not count (the one making the copy). The
    blind triage of issue 8's nineteenth set applied such fixes: sqlfluff
    4.5.0's ``apply_fixes`` then failed, celery 5.7.0's beat copied the app on every tick."""
    return any(not (name.startswith("__") and name.endswith("__")) and name not in besides
               for c in classes if c in project.classes for name in project.method_table(c))


def copy_parameter(project, facts, function: str, index: int, effects: Iterable) -> Fix | None:
    """AL007: ``param = copy.deepcopy(param)`` at the top of ``function`` (a qualname), whose
    parameter ``index`` is changed by ``effects``; None when a change happens in a loop of the
    function or the function cannot start with a statement of ours."""
    fn = project.functions.get(function)
    if fn is None or fn.kind not in _FUNCTION_KINDS or not 0 <= index < len(fn.params):
        return None
    if fn.kind in ("method", "classmethod") and index == 0:
        return None
    effects = list(effects)
    if any(_repeated_in_loop(fn, e) for e in effects):
        return None
    if any(e.op.startswith(".") for e in effects) or project.param_classes(fn, index):
        return None  # an object's own state (attributes set, a project class): a copy is not its owner's fix
    return _copy_at_top(facts, fn, fn.params[index], shallow=top_level_only(effects))


def copy_in_callee(project, facts, caller, call, target, effect) -> Fix | None:
    """AL001: a deep copy of the argument at the top of the first function along ``effect``'s
    call chain (from ``target.function``, called by ``caller`` at ``call`` in a loop) that returns
    a result its own caller uses; None when there is none."""
    functions = [target.function, *effect.callees]
    user, user_call = caller, call
    for depth, qualname in enumerate(functions):
        fn = project.functions.get(qualname)
        if fn is None:
            return None
        route = effect.chain[depth:]
        if depth == 0:
            here = [effect]
        else:
            here = [e for e in project.effects.get(qualname, {}).values()
                    if e.site == effect.site and e.chain == route and e.root.kind == "param"]
        roots = {e.root for e in here}
        if len(roots) != 1:
            return None  # the object reaches the change through several parameters: no one copy
        index = next(iter(roots)).index
        receiver = fn.kind in ("method", "classmethod") and index == 0
        if not receiver and 0 <= index < len(fn.params) and has_behaviour(project, project.param_classes(fn, index)):
            return None  # an object with behaviour: a deep copy is no fix of its owner's
        # a loop inside ``fn`` does not matter: every call from the caller's loop gets its own copy
        if not receiver and fn.kind in _FUNCTION_KINDS and 0 <= index < len(fn.params) \
                and (fn.returns_value or fn.name == "__init__") and _result_used(user, user_call.id):
            return _copy_at_top(facts, fn, fn.params[index])
        if not route:
            return None  # ``fn`` makes the change itself
        user, user_call = fn, next((c for c in fn.calls if c.site == route[0]), None)
        if user_call is None:
            return None
    return None


def _copy_at_top(facts, fn, name: str, shallow: bool = False) -> Fix | None:
    shallow = shallow and _shallow_copy_spellable(facts, fn.module)
    if not shallow and not _deepcopy_spellable(facts, fn.module):
        return None
    name = name.lstrip("*")  # ``**values`` is bound to ``values``
    kind, how = ("shallow-copy-parameter", "Copy") if shallow else ("copy-parameter", "Deep-copy")
    request = FixRequest(kind, facts.location(fn.site), name, fn.name)
    return Fix(f"{how} `{name}` at the top of `{facts.short(fn.qualname)}`", Applicability.UNSAFE, requests=(request,))


def _repeated_in_loop(fn, effect) -> bool:
    """Whether ``effect`` of ``fn`` changes the same object on every iteration of a loop of
    ``fn`` (then a copy above the loop does not help). A change of a per-iteration element
    (``spec["containers"][i]["env"].extend(...)`` in ``for i in ...``) is not; a change made
    through a call inside a loop, or one not found, counts as repeated (doubt: no fix)."""
    if effect.chain:
        calls = [c for c in fn.calls if c.site == effect.chain[0]]
        return not calls or any(c.loops for c in calls)
    changes = [m for m in fn.mutations if m.site == effect.site]
    if not changes:
        return True
    for m in changes:
        refs = [o for o in m.target if isinstance(o, Ref)]
        for loop in m.loops:
            if not refs or any(loop not in r.loops for r in refs):
                return True
    return False


def _result_used(fn, call_id: int) -> bool:
    """Whether ``fn`` does anything with the result of its call ``call_id``: returns or stores
    it, passes it on, changes it."""
    def mentions(value, depth: int = 0) -> bool:
        for o in value:
            if isinstance(o, Ref) and o.root.kind == "call" and o.root.index == call_id:
                return True
            if isinstance(o, Fresh) and depth < 4:
                if any(mentions(v, depth + 1) for _, v in o.fields):
                    return True
                if o.copy_of is not None and mentions(o.copy_of, depth + 1):
                    return True
        return False

    if mentions(fn.returns) or any(mentions(s.value) for s in fn.stores):
        return True
    if any(mentions(v) for _, v, _ in fn.self_stores):
        return True
    if any(mentions(m.target) or mentions(m.value) for m in fn.mutations):
        return True
    for c in fn.calls:
        if c.id == call_id:
            continue
        values = list(c.passed())
        if c.receiver is not None:
            values.append(c.receiver)
        if any(mentions(v) for v in values):
            return True
    return False

"""Phase 2: what an ``isinstance`` test decides for a value whose construction is known.

A change made under ``if not isinstance(step, ModelRunnerStep): return`` happens only for a
``ModelRunnerStep``; a caller that passes an object it built as ``TaskStep(...)`` never reaches it
(mlrun's graph steps, F7-F9 of the fourth triage). Likewise ``if isinstance(body, dict):`` never
runs for a list display. The analyzer records the tests as ``type_requires`` on mutations and
call sites (``(parameter index, qualified type names, holds)``); the effects fixpoint asks
:func:`rejects` about each argument and drops the ones the test rejects.

Only what construction decides is decided: a literal or display of a builtin type, an instance of a
project class (``K(...)``). Anything else (a parameter, a call's result, a copy, an instance of an
outside class, a test against an abstract base class such as ``Mapping``) is unknown, and the
change is kept.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from aliaslint.summary import CONCRETE_BUILTIN_TYPES
from aliaslint.values import Fresh, Ref

if TYPE_CHECKING:
    from aliaslint.project import Project


def isinstance_verdict(project: "Project", o, types: tuple[str, ...]) -> bool | None:
    """``isinstance(o, types)`` for the abstract value ``o``: ``True`` / ``False`` when its
    construction decides it for every type named, ``None`` when unknown.

    ``types`` are qualified names as the analyzer wrote them (``"bytes"``,
    ``"pkg.steps.ModelRunnerStep"``); a tuple of types holds when one of them does."""
    verdicts = [_verdict_one(project, o, t) for t in types]
    if True in verdicts:
        return True
    if verdicts and all(v is False for v in verdicts):
        return False
    return None


def rejects(project: "Project", o, types: tuple[str, ...], holds: bool) -> bool:
    """Whether ``o``'s construction decides ``isinstance(o, types)`` the other way than a change
    needs (``holds``: the change is made when the test holds, or when it fails)."""
    verdict = isinstance_verdict(project, o, types)
    return verdict is not None and verdict != holds


def _verdict_one(project: "Project", o, type_name: str) -> bool | None:
    if not isinstance(o, Fresh):
        return None
    if type_name == "object":
        return True
    target = project.lookup_qualname(type_name)
    project_class = target[1] if target and target[0] == "class" else None
    if o.kind == "literal" and o.container in CONCRETE_BUILTIN_TYPES:
        if project_class is not None:
            return False  # a display is never an instance of a project class
        if type_name in CONCRETE_BUILTIN_TYPES:
            return o.container == type_name
        return None  # ``Mapping``, ``Sequence``, ...: abstract bases a builtin may satisfy
    if o.kind == "instance" and o.cls is not None and o.site.module in project.modules:
        classes = project.classes_of_value(o.cls, project.modules[o.site.module])
        if len(classes) != 1 or len(o.cls) != 1:
            return None  # one of several constructors, or not only project classes
        made = classes[0]
        if project_class is not None:
            # an outside base class cannot derive from a project class: the project's own
            # bases decide it
            return project_class in set(project.mro(made))
        if type_name in CONCRETE_BUILTIN_TYPES and _closed(project, made):
            return False
    return None


def _closed(project: "Project", cls_name: str) -> bool:
    """Whether every base of ``cls_name`` and of its bases is a project class (or none is
    named): no outside or builtin class could make its instances a ``dict`` or a ``list``."""
    for c in project.mro(cls_name):
        info = project.classes[c]
        module = project.modules[info.module]
        for base in info.bases:
            if not project.classes_of_value(base, module):
                return False
    return True


#: the methods that give an object items of its own (``obj[k]``, ``for x in obj``)
_ITEM_PROTOCOL = ("__getitem__", "__iter__", "__setitem__")


def itemless_parameter(project: "Project", fn, index: int) -> bool:
    """Whether parameter ``index`` of ``fn`` is annotated as a project class whose instances
    have no items: a closed class (:func:`_closed`: no outside base could make it a mapping or a
    list, a ``TypedDict`` included) with no ``__getitem__``, ``__iter__`` or ``__setitem__``.

    A change the analysis places below an item of such an argument was guessed from a method
    named like a container's: cartography 0.143.0's ``api_session.get(url)`` on a
    ``DatabricksWorkspaceClient``, whose own ``get`` returns a new ``response.json()``, read as
    a lookup in the session (two A's of issue 8's blind sixty-fourth set, preview)."""
    annotation = fn.annotations[index] if index < len(fn.annotations) else frozenset()
    if len(annotation) != 1:
        return False
    (o,) = annotation
    if not isinstance(o, Ref) or o.root.kind != "global" or not all(s.startswith(".") for s in o.path):
        return False
    target = project.lookup_qualname(o.root.name + "".join(o.path))
    if target is None or target[0] != "class" or not _closed(project, target[1]):
        return False
    return not any(project.find_method(target[1], m) for m in _ITEM_PROTOCOL)

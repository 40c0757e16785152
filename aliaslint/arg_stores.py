"""Phase 2: what a function puts of one argument into another (*argument stores*).

``deep_merge(dst, src)`` that does ``dst[k] = v`` for a ``v`` of ``src`` leaves ``dst[k]`` the
very object ``src[k]`` is. Nothing changes yet; but a later call that changes ``dst[k]``
(``deep_merge(cfg, user)`` after ``deep_merge(cfg, DEFAULTS)``) changes ``DEFAULTS[k]``, and the
next configuration loaded starts from the user's values. The same happens one level down when
what is stored is a shallow copy (podman-compose 1.6.0's ``rec_merge({}, base, service)``:
``target[key] = clone(value)`` keeps the base service's nested lists, and merging the child's
``build.args`` into the target extends the base's; found by the reader of issue 8's
twenty-third unseen set, reported by no tier).

An :class:`ArgStore` says: after a call, the object at ``dst_path`` below the argument for
parameter ``dst`` may be the object at ``src_path`` below the argument for parameter ``src``.
:meth:`aliaslint.effects.EffectsFixpoint.translate` uses them to let a callee's change of
``dst``'s parts reach, in the caller, what an earlier call (or the same call on an earlier
iteration) stored there.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from aliaslint.summary import ACCUMULATE, OVERWRITE, SETDEFAULT, CallSite, FunctionSummary
from aliaslint.values import ANY, Fresh, Ref, Site, extend_path

if TYPE_CHECKING:
    from aliaslint.project import Project

#: argument stores kept per function (the first in a total order): a merge helper has a few
MAX_STORES = 12
#: the mutations that put their value into the container (their ``value`` is what is kept)
_PUTS_ITEM = {"[] =", "setdefault", "append", "add", "insert"}


@dataclass(frozen=True, order=True, slots=True)
class ArgStore:
    """``dst``'s ``dst_path`` may hold ``src``'s ``src_path`` after the call (parameter
    indices of the function that stores; item selectors only, ``[*]`` for any key)."""

    dst: int
    dst_path: tuple[str, ...]
    src: int
    src_path: tuple[str, ...]
    site: Site


def arg_stores(project: "Project", function: str) -> tuple[ArgStore, ...]:
    """The argument stores of ``function``: its own item writes whose value is (a part of, or a
    shallow copy of a part of) another parameter, and its callees' stores seen through the
    arguments it passes them. Memoised on the project for the current round of the pass
    (:meth:`forget`); a recursive call asked while its function's stores are being computed
    adds none (the recursion stores what the outer call stores, one level down)."""
    memo = project.__dict__.setdefault("_arg_stores", {})
    if function in memo:
        return memo[function]
    memo[function] = ()
    fn = project.functions.get(function)
    found: set[ArgStore] = set()
    if fn is not None and fn.kind not in ("module", "property"):
        for m in fn.mutations:
            if m.kind not in (OVERWRITE, ACCUMULATE, SETDEFAULT) or m.op not in _PUTS_ITEM | {"extend", "update"}:
                continue
            if m.call_id >= 0 and project.overridden_builtin(fn, m.call_id):
                continue
            for target in project.resolve(fn, m.target):
                if not _param_ref(target) or not _items_only(target.path):
                    continue
                slot = extend_path(target.path, [m.selector or ANY] if m.op == "[] =" else [ANY])
                values = project.resolve(fn, m.value)
                if m.op == "extend":
                    # (``x.extend(v)`` records both ``v`` and its items: ``v`` is what was passed)
                    paths = {(o.root, o.path) for o in values if isinstance(o, Ref)}
                    values = [o for o in values if not (isinstance(o, Ref) and o.path and o.path[-1] == ANY
                                                        and (o.root, o.path[:-1]) in paths)]
                for o in values:
                    found.update(_stores_of(target.root.index, slot, o, m.op, m.site))
        for call in fn.calls:
            for t in project.targets(fn, call):
                if t.function == function:
                    continue
                found.update(_through_call(project, fn, call, t, arg_stores(project, t.function)))
    # only items of one argument stored among another's (a merge, a layering): a whole argument
    # put at a key computed at run time (``update_in(obj, "spec.args", value)``) is one object
    # somewhere below, which a change at another key of the same level (``"spec.image"``) would
    # be taken to reach: both paths read ``[*]``
    out = tuple(sorted(st for st in found if st.src_path and st.src_path[-1].startswith("["))[:MAX_STORES])
    memo[function] = out
    return out


def forget(project: "Project") -> None:
    """Drop the memo (call targets may resolve otherwise in the pass's next round)."""
    project.__dict__.pop("_arg_stores", None)


def _param_ref(o) -> bool:
    return isinstance(o, Ref) and o.root.kind == "param" and o.copy is None and o.realias is None


def _items_only(path: tuple[str, ...]) -> bool:
    """Whether ``path`` goes through items only (a mapping's or list's contents, which merges
    and layerings move around), not attributes (an object's own state)."""
    return all(sel.startswith("[") for sel in path)


def _stores_of(dst: int, slot: tuple[str, ...], o, op: str, site: Site):
    """The stores of putting the value origin ``o`` at ``dst``'s ``slot`` (``op``: ``extend``
    and ``update`` put the value's items, not the value)."""
    if op in ("extend", "update"):
        if _param_ref(o) and o.root.index != dst and _items_only(o.path):
            yield ArgStore(dst, slot, o.root.index, extend_path(o.path, [ANY]), site)
        return
    if _param_ref(o) and o.root.index != dst and _items_only(o.path):
        yield ArgStore(dst, slot, o.root.index, o.path, site)
    elif isinstance(o, Fresh) and o.kind == "copy" and o.copy_of:
        # a shallow copy: its items are the source's items
        for src in o.copy_of:
            if _param_ref(src) and src.root.index != dst and _items_only(src.path):
                yield ArgStore(dst, extend_path(slot, [ANY]), src.root.index, extend_path(src.path, [ANY]), site)


def _through_call(project: "Project", fn: FunctionSummary, call: CallSite, t, stores: tuple[ArgStore, ...]):
    """A callee's ``stores`` as ``fn``'s, where ``call`` passes parts of ``fn``'s parameters."""
    for st in stores:
        dst_arg = project.arg_for(call, t, st.dst)
        src_arg = project.arg_for(call, t, st.src)
        if not dst_arg or not src_arg:
            continue
        for d in project.resolve(fn, dst_arg):
            if not _param_ref(d) or not _items_only(d.path):
                continue
            for s in project.resolve(fn, src_arg):
                if _param_ref(s) and s.root.index != d.root.index and _items_only(s.path):
                    yield ArgStore(d.root.index, extend_path(d.path, st.dst_path), s.root.index,
                                   extend_path(s.path, st.src_path), st.site)


def path_below(store_path: tuple[str, ...], path: tuple[str, ...]) -> tuple[str, ...] | None:
    """The rest of ``path`` below ``store_path`` when ``path`` starts there (``[*]`` matches any
    item, a named key matches ``[*]``), else ``None``."""
    if len(path) < len(store_path):
        return None
    for a, b in zip(store_path, path):
        if a != b and not (a.startswith("[") and b.startswith("[") and ANY in (a, b)):
            return None
    return path[len(store_path):]


def runs_before(a: CallSite, b: CallSite) -> bool:
    """Whether call ``a`` can run before call ``b`` in one run of their function: earlier in
    the text and not in another arm of the same ``if`` / ``match``, or in a loop around both
    (``b`` on a later iteration; ``a`` may be ``b`` itself)."""
    if set(a.loops) & set(b.loops):
        return True
    if a.id == b.id:
        return False
    arms_a = dict(a.arms)
    if any(arms_a.get(site, arm) != arm for site, arm in b.arms):
        return False
    return (a.site.line, a.site.column) < (b.site.line, b.site.column)

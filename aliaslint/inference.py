"""astroid, where syntax cannot decide: the class of a method call's receiver.

Phase 2 resolves receivers from constructor sites, annotations, attribute assignments, call
sites and return values. When none of them knows the class of ``x`` in ``x.run()`` and some
project class defines ``run``, :func:`receiver_classes` asks astroid. Following pylint's
practice, every answer goes through one cached helper that turns an inference error **or an
ambiguous answer** into "unknown": a guess would be worse than silence.

astroid builds its trees from source text and never imports or runs the user's code here
(``always_load_extensions`` stays off). Its manager is process-global state, so
:func:`reset` is called at the start of every check.
"""
from __future__ import annotations

import functools
import os

try:  # astroid is a dependency, but a broken install must not take the linter down with it
    import astroid
    from astroid import nodes
except Exception:  # pragma: no cover
    astroid = None

#: inferred values examined per receiver before giving up (ambiguity is "unknown" anyway)
MAX_INFERRED = 8


#: whether astroid was asked anything since the last :func:`reset`
_used = False


def reset() -> None:
    """Forget every module astroid has built (one check must not see the previous one's trees).

    Only when astroid was used since the last reset: ``clear_cache`` rebuilds astroid's model of
    the builtins, about 0.7 s, and most checks never ask astroid anything."""
    global _used
    _module.cache_clear()
    if astroid is not None and _used:
        astroid.MANAGER.clear_cache()
    _used = False


@functools.lru_cache(maxsize=256)
def _module(path: str, modname: str):
    global _used
    if astroid is None:
        return None
    _used = True
    try:
        return astroid.MANAGER.ast_from_file(path, modname, source=True)
    except Exception:
        return None


def parsed_files() -> list[str]:
    """The files astroid has parsed since the last :func:`reset` (those it was asked about and
    those it followed imports into), sorted: an answer it gave depends on their text."""
    if astroid is None or not _used:
        return []
    files = {getattr(m, "file", None) for m in list(astroid.MANAGER.astroid_cache.values())}
    # modules built from living objects (``builtins``) are named ``<?>``: they come with Python
    return sorted(f for f in files if isinstance(f, str) and os.path.isabs(f))


def _char_to_byte_column(line_text: str, column: int) -> int:
    """LibCST counts characters (1-based), astroid counts UTF-8 bytes (0-based)."""
    return len(line_text[: column - 1].encode("utf-8"))


def receiver_classes(path: str, modname: str, line: int, column: int) -> list[str] | None:
    """Qualified names of the classes of the receiver of the call at ``line``/``column``.

    Returns ``None`` when astroid cannot tell, raises nothing. Only instances of classes whose
    qualified name astroid can give are reported; an answer mixing kinds is ``None``.
    """
    module = _module(path, modname)
    if module is None:
        return None
    try:
        text = module.stream().read().decode("utf-8", "replace").splitlines() if module.file else []
    except Exception:
        text = []
    byte_col = _char_to_byte_column(text[line - 1], column) if 0 < line <= len(text) else column - 1
    call = _find_call(module, line, byte_col)
    if call is None or not isinstance(call.func, nodes.Attribute):
        return None
    found: set[str] = set()
    try:
        for i, value in enumerate(call.func.expr.infer()):
            if i >= MAX_INFERRED or value is astroid.Uninferable:
                return None
            if not isinstance(value, astroid.Instance) or isinstance(value, nodes.Const):
                return None
            found.add(value._proxied.qname())
    except Exception:  # InferenceError, RecursionError, anything astroid raises: unknown
        return None
    return sorted(found) if len(found) == 1 else None


def _find_call(module, line: int, byte_col: int):
    for node in module.nodes_of_class(nodes.Call):
        if node.lineno == line and node.col_offset == byte_col:
            return node
    return None

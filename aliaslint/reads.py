"""The facts one function's analysis read in the effects fixpoint, to tell whether it must run again.

The effects fixpoint (:mod:`aliaslint.effects`) runs twice over the call graph: the second round
re-resolves calls with the first round's return values. A function's return value and effects
are a deterministic function of the project facts its computation reads:

- the targets of calls (its own and, through receivers' classes, other functions');
- the memoized class facts: a parameter's classes (annotation, duck typing, callers), a class's
  attribute types, what its methods store into a field;
- other functions' call results (a module-level ``X = make()`` asked for ``X``'s class);
- other functions' return values and effects (its callees', and any read through the above).

Everything else it reads (names, imports, class hierarchies, call sites) comes from the summaries
alone and is the same in both rounds. :class:`ReadLog` records, while a function is analysed,
every such read with the value it got (a :class:`Trace`); the second round asks each recorded fact
again, in the order it was first read (so that the memo tables fill as a recomputation would fill
them), and analyses the function again only when an answer differs (:meth:`ReadLog.unchanged`).
Return values and effects are compared by identity: the fixpoint stores a new object only when
the value changed.
"""
from __future__ import annotations

from typing import Any

from aliaslint.values import UNKNOWN

#: no value stored (``rets.get(q)`` of a function not analysed yet)
_MISSING = object()
#: a fact asked and not answered yet (being computed)
_PENDING = object()


class Trace:
    """The facts one analysis of one function read, in the order first asked.

    ``facts`` maps a key to the value the analysis got: ``("t", function, call id)``,
    ``("pc", function, index)``, ``("cc", function, ref, depth)``, ``("at", class)``,
    ``("fv", class, name)``, ``("cr", function, call id, depth, before stores)``, ``("r", function)``,
    ``("e", function)``. ``ends`` gives, for a call result computed there, how many facts had
    been asked when it was done (what it asked itself are the ones in between).
    """

    __slots__ = ("facts", "ends", "unstable")

    def __init__(self) -> None:
        self.facts: dict[tuple, Any] = {}
        self.ends: dict[tuple, int] = {}
        #: a fact answered two different values (a recursion guard's, then the result)
        self.unstable = False


class Reads:
    """A closed :class:`Trace`, as the second round keeps it until it has asked its facts again:
    the keys and the values, in the order first asked, as two tuples (a dict per function was
    a third of the traces' memory; the keys are kept once in the project's table, many functions
    reading the same callee's return value and effects), and ``ends`` (None when no call result
    was computed there)."""

    __slots__ = ("keys", "values", "ends")

    def __init__(self, keys: tuple, values: tuple, ends: dict[tuple, int] | None) -> None:
        self.keys = keys
        self.values = values
        self.ends = ends


class ReadDict(dict):
    """``rets`` / ``effects``: a dict whose reads are recorded while a :class:`ReadLog` traces."""

    __slots__ = ("owner", "kind")

    def __init__(self, owner: "ReadLog", kind: str) -> None:
        super().__init__()
        self.owner = owner
        self.kind = kind

    def get(self, key, default=None):
        if self.owner._trace is not None:
            self.owner._note((self.kind, key), dict.get(self, key, _MISSING), by_identity=True)
        return dict.get(self, key, default)


class ReadLog:
    """Recording of the facts read (a part of :class:`aliaslint.project.Project`)."""

    _trace: Trace | None = None

    def _note(self, key: tuple, value: Any, by_identity: bool = False) -> None:
        facts = self._trace.facts
        seen = facts.get(key, _PENDING)
        if seen is _PENDING:
            facts[key] = value
        elif seen is not value and (by_identity or seen != value):
            self._trace.unstable = True

    def _enter(self, key: tuple) -> bool:
        """Put ``key`` in the order where it is first asked, before what it asks itself."""
        facts = self._trace.facts
        if key in facts:
            return False
        facts[key] = _PENDING
        return True

    def start_trace(self) -> None:
        self._trace = Trace()
        self._generation += 1  # (the resolve memo's answers were read into no trace)

    def stop_trace(self) -> Reads | None:
        """The facts read since :meth:`start_trace`; None when one answered twice differently."""
        trace, self._trace = self._trace, None
        self._generation += 1
        if trace.unstable or any(v is _PENDING for v in trace.facts.values()):
            return None
        kept = self._values.kept
        return Reads(tuple([kept(k) for k in trace.facts]), tuple(trace.facts.values()), trace.ends or None)

    # the memoized facts: recorded with the value the caller got (a recursion guard's too)

    def targets(self, fn, call):
        if self._trace is None:
            return super().targets(fn, call)
        key = ("t", fn.qualname, call.id)
        self._enter(key)
        got = super().targets(fn, call)
        self._note(key, got)
        return got

    def param_classes(self, fn, index: int):
        if self._trace is None:
            return super().param_classes(fn, index)
        key = ("pc", fn.qualname, index)
        self._enter(key)
        got = super().param_classes(fn, index)
        self._note(key, got)
        return got

    def classes_from_callers(self, ref, fn, depth: int = 0):
        if self._trace is None:
            return super().classes_from_callers(ref, fn, depth)
        key = ("cc", fn.qualname, ref, depth)
        self._enter(key)
        got = super().classes_from_callers(ref, fn, depth)
        self._note(key, got)
        return got

    def attr_types(self, cls_name: str):
        if self._trace is None:
            return super().attr_types(cls_name)
        key = ("at", cls_name)
        self._enter(key)
        got = super().attr_types(cls_name)
        self._note(key, got)
        return got

    def field_values(self, cls_name: str, name: str):
        if self._trace is None:
            return super().field_values(cls_name, name)
        key = ("fv", cls_name, name)
        self._enter(key)
        got = super().field_values(cls_name, name)
        self._note(key, got)
        return got

    def call_result(self, fn, call_id: int, depth: int = 0, before_stores: bool = False):
        # memoised per (call, depth, before stores): recorded with both, as the memo keeps them
        if self._trace is None:
            return super().call_result(fn, call_id, depth, before_stores)
        key = ("cr", fn.qualname, call_id, depth, before_stores)
        first = self._enter(key)
        got = super().call_result(fn, call_id, depth, before_stores)
        self._note(key, got)
        if first:
            self._trace.ends[key] = len(self._trace.facts)
        return got

    def answer(self, key: tuple) -> Any:
        """The fact ``key`` asked now (not recorded: no trace is open)."""
        kind = key[0]
        if kind == "r":
            return self.rets.get(key[1], _MISSING)
        if kind == "e":
            return self.effects.get(key[1], _MISSING)
        if kind == "at":
            return self.attr_types(key[1])
        if kind == "fv":
            return self.field_values(key[1], key[2])
        fn = self.functions[key[1]]
        if kind == "t":
            return self.targets(fn, self.call_site(fn, key[2]))
        if kind == "cr":
            return self.call_result(fn, key[2], key[3], key[4])
        if kind == "pc":
            return self.param_classes(fn, key[2])
        if kind == "cc":
            return self.classes_from_callers(key[2], fn, key[3])
        raise KeyError(key)

    def unchanged(self, trace: Reads, members) -> bool:
        """Whether every fact in ``trace`` answers now what it answered then, asked in order.

        The call results of the component's ``members`` (emptied before) are not asked: they
        follow from the facts they read, so they are put back as they were, with the recursion
        guard a computation leaves while it runs (what they asked in between sees it).

        On a difference, the memo tables hold what a recomputation would have filled up to that
        fact, in the same order and context: the recomputation must start from them (not from
        emptied call results), as a second round analysing every function would have.
        """
        results = self._call_results
        self._generation += 1  # the call results' memo changes below (the resolve memo's source)
        done: list[tuple[int, dict, tuple, Any]] = []  # (end, memo of one function, memo key, value)
        for i, (key, value) in enumerate(zip(trace.keys, trace.values)):
            while done and done[-1][0] <= i:
                _, memo, memo_key, result = done.pop()
                memo[memo_key] = result
                self._generation += 1
            kind = key[0]
            if kind == "cr" and key[1] in members:
                memo = results.setdefault(key[1], {})
                memo_key = key[2:]  # call_result's memo: per (call id, depth, before stores)
                if memo_key not in memo:
                    memo[memo_key] = UNKNOWN  # the guard call_result sets while it computes
                    self._generation += 1
                    done.append((trace.ends[key], memo, memo_key, value))
                    continue
                now = memo[memo_key]
            else:
                now = self.answer(key)
            if now is value:
                continue
            if kind in ("r", "e") or now != value:
                for _, memo, memo_key, _ in done:
                    del memo[memo_key]  # not computed: the recomputation that follows will
                self._generation += 1
                return False
        for _, memo, memo_key, result in reversed(done):
            memo[memo_key] = result
        self._generation += 1
        return True

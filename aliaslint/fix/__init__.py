"""Automatic fixes (``--fix``, ``--unsafe-fixes``, ``--diff``).

Rules attach a :class:`~aliaslint.diagnostics.Fix` holding declarative requests
(:class:`~aliaslint.diagnostics.FixRequest`: replace an expression, make a shallow copy deep,
copy a parameter at the top of a function), built without reading any source:

- :mod:`aliaslint.fix.requests`: the requests of the phase-3 rules, decided from project facts;
- :mod:`aliaslint.fix.transform`: requests -> a module's new source, with LibCST, checked to parse;
- :mod:`aliaslint.fix.runner`: check, fix, re-check until stable; the diff; the writing;
- :mod:`aliaslint.atomic` (shared with ``--add-noqa`` and ``-o``): replacing a file in one step.
"""

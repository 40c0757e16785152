"""``--statistics``: how many findings each rule has, instead of the findings (ruff's option).

Text: one line per rule, most findings first, ``count<TAB>code<TAB>[*] name`` with ``[*]`` when
``--fix`` would fix at least one of them, as ruff prints it::

    3	AL001	[*] loop-shared-argument-mutation
    1	AL003	    module-template-mutation

JSON (``--output-format json``): ``[{"code", "name", "count", "fixable"}, ...]`` in the same order.
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence

from aliaslint.diagnostics import Diagnostic
from aliaslint.reporters._common import FixStatus


def rows(diagnostics: Sequence[Diagnostic], fixes: FixStatus) -> list[dict]:
    """One dict per rule with findings: ``code``, ``name``, ``count``, ``fixable`` (how many
    ``--fix`` would fix), ordered by count (most first), then code."""
    counts = Counter(d.code for d in diagnostics)
    names = {d.code: d.name for d in diagnostics}
    fixable = Counter(d.code for d in diagnostics if fixes.marks(d))
    return [{"code": code, "name": names[code], "count": count, "fixable": fixable[code]}
            for code, count in sorted(counts.items(), key=lambda item: (-item[1], item[0]))]


def render(diagnostics: Sequence[Diagnostic], *, json_output: bool = False, fixes: FixStatus | None = None) -> str:
    """The statistics as text (or JSON with ``json_output``); empty text when there is nothing."""
    table = rows(diagnostics, fixes or FixStatus())
    if json_output:
        return json.dumps(table, indent=2) + "\n"
    if not table:
        return ""
    width = len(str(table[0]["count"]))
    return "".join(f"{row['count']:>{width}}\t{row['code']}\t{'[*] ' if row['fixable'] else '    '}{row['name']}\n"
                   for row in table)

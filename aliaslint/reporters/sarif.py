"""``sarif``: a SARIF 2.1.0 log with one run (what GitHub code scanning and IDEs read).

Columns are counted in characters, so the run says ``columnKind: unicodeCodePoints``.
Relative paths become URI references against ``%SRCROOT%``; absolute ones ``file:`` URIs.
A finding with related locations also gets a code flow: the primary location, then the related
ones in order. Each rule carries its documentation (``fullDescription`` from "What it does",
``help`` as text and markdown from the whole docstring) and ``helpUri``, its section of the rules
reference (:mod:`aliaslint.rules_reference`). A fingerprinted finding carries it in
``partialFingerprints`` (the same value as the baseline's and GitLab's).

A file name that is not UTF-8 is percent-encoded byte by byte in its URI; every other string is
UTF-8-safe (``_common.escape_name``). In a notebook, regions are where the code is written in the
``.ipynb`` file (code scanning shows that file), and the region's ``properties`` say which cell,
line and column that is (``{"cell": 3, "cellLine": 2, "cellColumn": 5}``).
"""
from __future__ import annotations

import json
import os
import pathlib
import urllib.parse
from collections.abc import Sequence
from typing import Any

from aliaslint.diagnostics import Confidence, Diagnostic, Location
from aliaslint.reporters._common import cell_place, file_region, json_safe, sources_or_default
from aliaslint.sources import Sources

SCHEMA_URI = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)
#: the key of the finding's fingerprint in ``partialFingerprints`` (versioned, as SARIF suggests)
FINGERPRINT_KEY = "aliaslintFingerprint/v1"


def _version() -> str:
    import aliaslint

    return str(getattr(aliaslint, "__version__", "0"))


def _plain(markdown: str) -> str:
    """The docstring as plain text: headings without their ``#``, code fences dropped."""
    lines = []
    fenced = False
    for line in markdown.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        lines.append(line.lstrip("#").lstrip() if not fenced and line.startswith("#") else line)
    return "\n".join(lines)


def _information_uri() -> str:
    from aliaslint.rules_reference import reference_path

    return reference_path().as_uri()


def _artifact_location(path: str) -> dict[str, str]:
    if os.path.isabs(path):
        return {"uri": pathlib.Path(path).as_uri()}
    posix = pathlib.PurePath(path).as_posix()
    return {
        "uri": urllib.parse.quote(posix, safe="/", errors="surrogateescape"),
        "uriBaseId": "%SRCROOT%",
    }


def _physical_location(location: Location, sources: Sources) -> dict[str, Any]:
    line, column, end_line, end_column = file_region(location, sources)
    region: dict[str, Any] = {
        "startLine": line,
        "startColumn": column,
        "endLine": end_line,
        "endColumn": end_column,
    }
    place = cell_place(location, sources)
    if place is not None:
        region["properties"] = {"cell": place[0], "cellLine": place[1], "cellColumn": place[2]}
    return {"artifactLocation": _artifact_location(location.path), "region": region}


def _rules(diagnostics: Sequence[Diagnostic]) -> list[dict[str, Any]]:
    first_by_code: dict[str, Diagnostic] = {}
    for diagnostic in diagnostics:
        first = first_by_code.setdefault(diagnostic.code, diagnostic)
        if first.url is None and diagnostic.url is not None:
            first_by_code[diagnostic.code] = diagnostic
    from aliaslint.rules import get_rule
    from aliaslint.rules_reference import description

    rules = []
    for code in sorted(first_by_code):
        diagnostic = first_by_code[code]
        known = get_rule(code)
        rule: dict[str, Any] = {
            "id": code,
            "name": diagnostic.name,
            "shortDescription": {
                "text": known.summary if known is not None else diagnostic.name.replace("-", " ").capitalize()
            },
        }
        if known is not None:
            documentation = known.documentation()
            rule["fullDescription"] = {"text": description(known)}
            rule["help"] = {"text": _plain(documentation), "markdown": documentation}
        if diagnostic.url is not None:
            rule["helpUri"] = diagnostic.url
        rules.append(rule)
    return rules


def _result(diagnostic: Diagnostic, rule_index: int, sources: Sources) -> dict[str, Any]:
    result: dict[str, Any] = {
        "ruleId": diagnostic.code,
        "ruleIndex": rule_index,
        "level": "note" if diagnostic.confidence == Confidence.LOW else "error",
        "message": {"text": diagnostic.message},
        "locations": [{"physicalLocation": _physical_location(diagnostic.location, sources)}],
    }
    if diagnostic.related:
        result["relatedLocations"] = [
            {
                "id": index,
                "physicalLocation": _physical_location(related.location, sources),
                "message": {"text": related.message},
            }
            for index, related in enumerate(diagnostic.related)
        ]
        steps = [(diagnostic.location, diagnostic.message)] + [
            (related.location, related.message) for related in diagnostic.related
        ]
        result["codeFlows"] = [
            {
                "threadFlows": [
                    {
                        "locations": [
                            {
                                "location": {
                                    "physicalLocation": _physical_location(location, sources),
                                    "message": {"text": message},
                                }
                            }
                            for location, message in steps
                        ]
                    }
                ]
            }
        ]
    if diagnostic.fingerprint is not None:
        result["partialFingerprints"] = {FINGERPRINT_KEY: diagnostic.fingerprint}
    result["properties"] = {"confidence": diagnostic.confidence.name.lower(), "tier": diagnostic.tier}
    return result


def render(
    diagnostics: Sequence[Diagnostic],
    *,
    files_checked: int = 0,
    color: bool = False,
    sources: Sources | None = None,
) -> str:
    sources = sources_or_default(sources)
    rules = _rules(diagnostics)
    index = {rule["id"]: position for position, rule in enumerate(rules)}
    log = {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "aliaslint",
                        "version": _version(),
                        "informationUri": _information_uri(),
                        "rules": rules,
                    }
                },
                "columnKind": "unicodeCodePoints",
                "results": [_result(d, index[d.code], sources) for d in diagnostics],
            }
        ],
    }
    return json.dumps(json_safe(log), indent=2, ensure_ascii=False) + "\n"

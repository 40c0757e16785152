"""``sarif``: a SARIF 2.1.0 log with one run (what GitHub code scanning and IDEs read).

Columns are counted in characters, so the run says ``columnKind: unicodeCodePoints``.
Relative paths become URI references against ``%SRCROOT%``; absolute ones ``file:`` URIs.
A finding with related locations also gets a code flow: the primary location, then the related
ones in order. Each rule carries its documentation (``fullDescription`` from "What it does",
``help`` as text and markdown from the whole docstring) and ``helpUri``, its section of the rules
reference (:mod:`aliaslint.rules_reference`). A fingerprinted finding carries it in
``partialFingerprints`` (the same value as the baseline's and GitLab's).
"""
from __future__ import annotations

import json
import os
import pathlib
import urllib.parse
from collections.abc import Sequence
from typing import Any

from aliaslint.diagnostics import Confidence, Diagnostic, Location

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


def _physical_location(location: Location) -> dict[str, Any]:
    return {
        "artifactLocation": _artifact_location(location.path),
        "region": {
            "startLine": location.line,
            "startColumn": location.column,
            "endLine": location.end_line,
            "endColumn": location.end_column,
        },
    }


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


def _result(diagnostic: Diagnostic, rule_index: int) -> dict[str, Any]:
    result: dict[str, Any] = {
        "ruleId": diagnostic.code,
        "ruleIndex": rule_index,
        "level": "note" if diagnostic.confidence == Confidence.LOW else "error",
        "message": {"text": diagnostic.message},
        "locations": [{"physicalLocation": _physical_location(diagnostic.location)}],
    }
    if diagnostic.related:
        result["relatedLocations"] = [
            {
                "id": index,
                "physicalLocation": _physical_location(related.location),
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
                                    "physicalLocation": _physical_location(location),
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
    result["properties"] = {"confidence": diagnostic.confidence.name.lower()}
    return result


def render(
    diagnostics: Sequence[Diagnostic], *, files_checked: int = 0, color: bool = False
) -> str:
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
                "results": [_result(d, index[d.code]) for d in diagnostics],
            }
        ],
    }
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"

"""``junit``: JUnit XML, one test suite ``aliaslint`` with one failing test case per finding.

Attributes carry paths and messages exactly (XML escapes them); the failure's text is the
human report of the finding (header, notes, help), one line each.

With no findings the suite holds one passing test case, so CI dashboards show a green run.

XML 1.0 cannot carry most control characters, even escaped; they are written as ``\x1b`` (as
are bytes of a file name that are not UTF-8, ``\xff``: ``_common.escape_char``). In a notebook
the ``line`` attribute is the line of the ``.ipynb`` file, and the texts say
``nb.ipynb:cell 3:2:5``.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from aliaslint.diagnostics import Diagnostic
from aliaslint.reporters._common import (
    escape_char,
    file_region,
    header,
    line_column,
    notes,
    sources_or_default,
)
from aliaslint.sources import Sources

# Characters XML 1.0 cannot carry at all, even escaped, and those a terminal would obey (C1
# controls, bidirectional formatting); tab, CR and LF are kept (XML escapes them in attributes).
_NOT_XML = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
    "\ud800-\udfff\ufffe\uffff]"
)


def _xml(text: str) -> str:
    return _NOT_XML.sub(lambda match: escape_char(match.group()), text)


def _details(diagnostic: Diagnostic, sources: Sources) -> str:
    return "\n".join([header(diagnostic, sources=sources), *notes(diagnostic, sources=sources)])


def render(
    diagnostics: Sequence[Diagnostic],
    *,
    files_checked: int = 0,
    color: bool = False,
    sources: Sources | None = None,
) -> str:
    sources = sources_or_default(sources)
    tests = str(len(diagnostics) or 1)  # the passing placeholder counts as a test
    failures = str(len(diagnostics))
    suites = ET.Element("testsuites", name="aliaslint", tests=tests, failures=failures, errors="0")
    suite = ET.SubElement(
        suites,
        "testsuite",
        name="aliaslint",
        tests=tests,
        failures=failures,
        errors="0",
        skipped="0",
    )
    if files_checked:
        properties = ET.SubElement(suite, "properties")
        ET.SubElement(properties, "property", name="files_checked", value=str(files_checked))
    for diagnostic in diagnostics:
        location = diagnostic.location
        case = ET.SubElement(
            suite,
            "testcase",
            name=_xml(f"{diagnostic.code} {diagnostic.name}"),
            classname=_xml(location.path),
            file=_xml(location.path),
            line=str(file_region(location, sources)[0]),
        )
        failure = ET.SubElement(
            case,
            "failure",
            message=_xml(
                f"{location.path}:{line_column(location, sources)}: "
                f"{diagnostic.code} {diagnostic.message}"
            ),
            type=diagnostic.code,
        )
        failure.text = _xml(_details(diagnostic, sources))
    if not diagnostics:
        ET.SubElement(suite, "testcase", name="aliaslint", classname="aliaslint")
    ET.indent(suites)
    xml = ET.tostring(suites, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{xml}\n'

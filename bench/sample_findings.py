#!/usr/bin/env python3
"""Counts per rule and a reproducible random sample of default-tier findings, for triage.

    aliaslint check --preview --output-format json <folder> > report.json
    python bench/sample_findings.py report.json [--size 20] [--seed 20261130]

Reads aliaslint's JSON report (a list of objects with ruff's fields plus ``confidence``) and
prints: the number of findings per (code, confidence); how many default-tier findings (``high``,
what a user sees without ``--preview``; AL000 excluded) there are; then ``--size`` of them drawn
with ``random.Random(seed).sample``, sorted by code and place, one ``code path:row:col message``
line each. The same report and seed give the same sample, so a triage can be checked later.
Exits 2 with one line when the report cannot be read.
"""
from __future__ import annotations

import argparse
import collections
import json
import random
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", help="aliaslint's JSON report")
    parser.add_argument("--size", type=int, default=20, help="findings to sample (default 20)")
    parser.add_argument("--seed", type=int, default=20261130, help="random seed (default 20261130)")
    args = parser.parse_args(argv)
    try:
        with open(args.report, encoding="utf-8") as f:
            findings = json.load(f)
    except (OSError, ValueError) as exc:
        print(f"sample_findings: cannot read {args.report}: {exc}", file=sys.stderr)
        return 2
    counts = collections.Counter((d["code"], d.get("confidence", "high")) for d in findings)
    for (code, confidence), n in sorted(counts.items()):
        print(f"{code}\t{confidence}\t{n}")
    default = [d for d in findings if d.get("confidence", "high") == "high" and d["code"] != "AL000"]
    print(f"default tier (AL000 excluded): {len(default)}")
    sample = random.Random(args.seed).sample(default, min(args.size, len(default)))
    for d in sorted(sample, key=lambda d: (d["code"], d["filename"], d["location"]["row"])):
        print(f'{d["code"]} {d["filename"]}:{d["location"]["row"]}:{d["location"]["column"]} {d["message"]}')
    return 0


if __name__ == "__main__":
    sys.exit(main())

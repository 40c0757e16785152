#!/usr/bin/env python3
"""Benchmark aliaslint against other tools, in one run, on the same folders.

    python bench/benchmark.py [FOLDER ...] [--reps N] [--jobs N] [--json OUT.json]
                              [--profile OUT.pstats] [--no-others]

Every tool is run as a subprocess over all FOLDERs at once, N times; the median wall-clock
time (``time.perf_counter``) is reported with lines per second and the ratio to aliaslint's
cold run and to the ``ast.parse`` floor. Only ratios within one run mean anything: absolute
seconds depend on the machine and on what else it is doing. See bench/README.md.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import pstats
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
REAL_PKGS = Path("/work/realpkgs/src")
SKIP_DIRS = {".git", ".hg", ".venv", "venv", "__pycache__", "build", "dist", "node_modules",
             ".tox", ".nox", ".mypy_cache", ".eggs", ".aliaslint_cache", ".ruff_cache"}

# The floors: a single process, one core, reading and parsing every file and nothing else.
AST_FLOOR = r"""
import ast, sys
bad = 0
for p in open(sys.argv[1], encoding="utf-8").read().splitlines():
    try:
        ast.parse(open(p, "rb").read(), p)
    except (SyntaxError, ValueError):
        bad += 1
print(bad)
"""
LIBCST_FLOOR = r"""
import sys, libcst
bad = 0
for p in open(sys.argv[1], encoding="utf-8").read().splitlines():
    try:
        libcst.parse_module(open(p, "rb").read())
    except Exception:
        bad += 1
print(bad)
"""


@dataclass
class Result:
    tool: str
    command: list[str]
    times: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)  # user+sys of the process tree, per rep
    median_s: float | None = None
    cpu_s: float | None = None
    lines_per_s: float | None = None
    ratio_to_aliaslint_cold: float | None = None
    ratio_to_ast_floor: float | None = None
    findings: int | None = None
    skipped: str | None = None
    note: str = ""


def default_folders() -> list[Path]:
    if REAL_PKGS.is_dir():
        found = sorted(p for p in REAL_PKGS.iterdir() if p.is_dir())
        if found:
            return found
    return [REPO / "aliaslint", REPO / "fixtures"]


def python_files(folder: Path) -> list[Path]:
    out = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.startswith("."))
        out.extend(Path(root) / f for f in sorted(files) if f.endswith(".py"))
    return out


def count_lines(path: Path) -> int:
    with open(path, "rb") as fh:
        return sum(1 for _ in fh)


def tool_version(argv: list[str]) -> str:
    try:
        out = subprocess.run(argv, capture_output=True, text=True, timeout=60)
        return (out.stdout or out.stderr).strip().splitlines()[0]
    except (OSError, subprocess.SubprocessError, IndexError):
        return "?"


def find_aliaslint() -> list[str]:
    exe = shutil.which("aliaslint")
    return [exe] if exe else [sys.executable, "-m", "aliaslint"]


def git(*args: str) -> str:
    try:
        return subprocess.run(["git", "-C", str(REPO), *args], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def snapshot(rev: str, dest: Path) -> Path:
    """Lay out aliaslint as committed at ``rev`` under ``dest`` (rules/ becomes aliaslint/rules,
    as pyproject.toml installs it) and return the folder to put on PYTHONPATH. PYTHONPATH comes
    before the editable install's finder, so ``python -m aliaslint`` then runs the snapshot."""
    tree = dest / "tree"
    tree.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(REPO), "archive", rev, "aliaslint", "rules"],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    shutil.move(str(tree / "rules"), str(tree / "aliaslint" / "rules"))
    return tree


def run_once(cmd: list[str], cwd: Path, env: dict, ok_codes: set[int], out_path: Path) -> tuple[float, float]:
    """Run ``cmd`` once; return (wall seconds, CPU seconds of the process and its children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(out_path, "wb") as out, open(out_path.with_suffix(".err"), "wb") as err:
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, cwd=cwd, env=env, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if proc.returncode not in ok_codes:
        tail = out_path.with_suffix(".err").read_text(errors="replace")[-2000:]
        raise RuntimeError(f"{cmd[0]} exited {proc.returncode}:\n{tail}")
    return wall, cpu


def count_json_findings(path: Path) -> int | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return len(data) if isinstance(data, list) else None


def profile_cold(aliaslint_cmd: list[str], folder: Path, out: Path, cwd: Path, env: dict, top: int = 15) -> dict:
    """One cold aliaslint run under cProfile, in-process (-j 1: cProfile does not see worker
    processes, so with workers the per-module pass would be invisible)."""
    cmd = [sys.executable, "-m", "cProfile", "-o", str(out), "-m", "aliaslint", "check",  # PYTHONPATH from env
           "--no-cache", "--output-format", "json", "-j", "1", str(folder)]
    t0 = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   stdin=subprocess.DEVNULL)
    wall = time.perf_counter() - t0
    stats = pstats.Stats(str(out))
    total = stats.total_tt
    print(f"\n## cProfile: aliaslint check --no-cache -j 1 {folder}  "
          f"(wall {wall:.2f} s under the profiler, {total:.2f} s profiled; written to {out})")
    print(f"\nTop {top} by tottime:")
    stats.sort_stats("tottime").print_stats(top)

    rows = []
    for (filename, line, name), (cc, nc, tt, ct, callers) in stats.stats.items():
        rows.append((filename, line, name, nc, tt, ct))

    def short(filename: str) -> str:
        for marker in ("site-packages/", "/aliaslint/", "/rules/", "/lib/python"):
            if marker in filename:
                return filename.split(marker, 1)[1] if marker != "/aliaslint/" else "aliaslint/" + filename.split(marker, 1)[1]
        return filename

    top_rows = sorted(rows, key=lambda r: r[4], reverse=True)[:top]

    # Own time grouped by where the code lives.
    def group(filename: str) -> str:
        if "libcst" in filename:
            return "libcst"
        if "/rules/" in filename or "aliaslint" in filename:
            return "aliaslint"
        if "astroid" in filename:
            return "astroid"
        if filename.startswith("~") or "{" in filename:
            return "builtins"
        return "stdlib/other"

    groups: dict[str, float] = {}
    for filename, _, _, _, tt, _ in rows:
        groups[group(filename)] = groups.get(group(filename), 0.0) + tt
    print("Own time by package:")
    for g, tt in sorted(groups.items(), key=lambda kv: -kv[1]):
        print(f"  {g:14s} {tt:7.2f} s  {100 * tt / total:5.1f}%")

    # Cumulative time of the landmarks of the per-module pass and the project pass.
    landmarks = [
        ("libcst parse_module", "libcst/_parser/entrypoints.py", "parse_module"),
        ("MetadataWrapper.resolve (PositionProvider)", "libcst/metadata/wrapper.py", "resolve"),
        ("libcst codegen (_codegen_impl, all nodes)", "libcst/", "_codegen"),
        ("aliaslint analyze_module (phase 1, total)", "aliaslint/analyzer.py", "analyze_module"),
        ("aliaslint Project.analyse (phase 2)", "aliaslint/project.py", "analyse"),
    ]
    found = {}
    print("Cumulative time of landmarks:")
    for label, fpart, fname in landmarks:
        ct = max((r[5] for r in rows if fpart in r[0] and r[2] == fname), default=None)
        found[label] = ct
        print(f"  {label:46s} {'-' if ct is None else f'{ct:7.2f} s  {100 * ct / total:5.1f}%'}")
    return {
        "folder": str(folder),
        "pstats": str(out),
        "wall_s_under_profiler": wall,
        "profiled_s": total,
        "top_tottime": [
            {"function": f"{short(f)}:{l}({n})", "calls": nc, "tottime_s": tt, "cumtime_s": ct}
            for f, l, n, nc, tt, ct in top_rows
        ],
        "own_time_by_package_s": groups,
        "landmarks_cumtime_s": found,
    }


def fmt(x: float | None, spec: str) -> str:
    return "-" if x is None else format(x, spec)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folders", nargs="*", type=Path,
                    help=f"source folders (default: the folders under {REAL_PKGS}, else the repo's aliaslint/ and fixtures/)")
    ap.add_argument("--reps", type=int, default=3, help="timed repetitions per tool; the median is reported [3]")
    ap.add_argument("--jobs", type=int, default=2, help="cores given to the tools that take a number [2]")
    ap.add_argument("--json", type=Path, help="also write the results as JSON to this path")
    ap.add_argument("--profile", type=Path, metavar="OUT.pstats",
                    help="also profile one cold aliaslint run (-j 1) on the largest folder and print the top 15 by tottime")
    ap.add_argument("--rev", metavar="REV",
                    help="benchmark aliaslint as committed at REV (e.g. HEAD), from a snapshot, instead of the "
                         "live work tree, which other commits may change during a long run")
    ap.add_argument("--no-others", action="store_true", help="skip ruff and pylint (aliaslint and the floors only)")
    args = ap.parse_args(argv)

    folders = [f.resolve() for f in (args.folders or default_folders())]
    for f in folders:
        if not f.is_dir():
            ap.error(f"not a folder: {f}")
    per_folder = {}
    all_files: list[Path] = []
    for f in folders:
        files = python_files(f)
        per_folder[str(f)] = {"files": len(files), "lines": sum(count_lines(p) for p in files)}
        all_files.extend(files)
    n_files = len(all_files)
    n_lines = sum(v["lines"] for v in per_folder.values())
    largest = max(folders, key=lambda f: per_folder[str(f)]["lines"])

    work = Path(tempfile.mkdtemp(prefix="aliaslint-bench-"))
    file_list = work / "files.txt"
    file_list.write_text("\n".join(str(p) for p in all_files), encoding="utf-8")
    cache_dir = work / "cache"
    run_dir = work / "cwd"  # a neutral working folder: no pyproject.toml or pylintrc of ours is picked up
    run_dir.mkdir()
    env = dict(os.environ, NO_COLOR="1", RAYON_NUM_THREADS=str(args.jobs))
    paths = [str(f) for f in folders]

    if args.rev:
        snap = snapshot(args.rev, work)
        env["PYTHONPATH"] = os.pathsep.join([str(snap)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
        al = [sys.executable, "-m", "aliaslint"]
        source = {"rev": git("rev-parse", args.rev), "snapshot": True}
    else:
        al = find_aliaslint()
        source = {"rev": git("rev-parse", "HEAD"), "snapshot": False,
                  "dirty": bool(git("status", "--porcelain", "--", "aliaslint", "rules"))}
    results: list[Result] = []
    versions = {"python": platform.python_version(),
                "aliaslint": tool_version(al + ["--version"]) + f" ({source['rev'][:10]}"
                             + (", snapshot" if source["snapshot"] else ", work tree" + (" with changes" if source.get("dirty") else ""))
                             + ")"}

    results.append(Result("aliaslint cold", al + ["check", "--no-cache", "--output-format", "json", "-j", str(args.jobs)] + paths,
                          note="--no-cache"))
    results.append(Result("aliaslint warm", al + ["check", "--cache-dir", str(cache_dir), "--output-format", "json", "-j", str(args.jobs)] + paths,
                          note="cache filled by an untimed run first"))
    ruff = shutil.which("ruff")
    pylint = shutil.which("pylint")
    if args.no_others:
        ruff = pylint = None
    r = Result("ruff ALL", [ruff or "ruff", "check", "--no-cache", "--select", "ALL", "--exit-zero", "--output-format", "json"] + paths,
               note=f"RAYON_NUM_THREADS={args.jobs}")
    if ruff is None:
        r.skipped = "not installed (pip install ruff)" if not args.no_others else "--no-others"
    else:
        versions["ruff"] = tool_version([ruff, "--version"])
    results.append(r)
    r = Result("pylint W0102,W0640",
               [pylint or "pylint", "--disable=all", "--enable=W0102,W0640", f"-j{args.jobs}", "--exit-zero",
                "--recursive=y", "--persistent=n", "--score=n"] + paths,
               note="astroid parse + inference for 2 checkers")
    if pylint is None:
        r.skipped = "not installed (pip install pylint)" if not args.no_others else "--no-others"
    else:
        versions["pylint"] = tool_version([pylint, "--version"])
    results.append(r)
    results.append(Result("ast.parse floor", [sys.executable, "-c", AST_FLOOR, str(file_list)], note="1 process, 1 core"))
    r = Result("libcst parse floor", [sys.executable, "-c", LIBCST_FLOOR, str(file_list)], note="1 process, 1 core")
    try:
        import libcst  # noqa: F401
    except ImportError:
        r.skipped = "libcst not importable"
    results.append(r)

    print(f"# {n_files} .py files, {n_lines} lines in {len(folders)} folder(s); {args.reps} reps, median; "
          f"--jobs {args.jobs}; {os.cpu_count()} CPUs; Python {versions['python']}", flush=True)
    print("# " + "; ".join(f"{k} {v}" for k, v in versions.items() if k != "python"), flush=True)
    load_before = os.getloadavg()
    print(f"# load average before: {load_before[0]:.2f} (on {os.cpu_count()} CPUs: above that, other work shares the cores)", flush=True)
    for res in results:
        if res.skipped:
            print(f"  skip {res.tool}: {res.skipped}", flush=True)
            continue
        out = work / (res.tool.split()[0] + ".out")
        ok = {0, 1} if res.tool.startswith("aliaslint") else {0}
        try:
            if res.tool == "aliaslint warm":
                run_once(res.command, run_dir, env, ok, out)  # fill the cache
            for _ in range(args.reps):
                wall, cpu = run_once(res.command, run_dir, env, ok, out)
                res.times.append(wall)
                res.cpu.append(cpu)
        except (OSError, RuntimeError) as exc:
            res.skipped = f"failed: {exc}"
            print(f"  FAIL {res.tool}: {exc}", flush=True)
            continue
        res.median_s = statistics.median(res.times)
        res.cpu_s = statistics.median(res.cpu)
        res.lines_per_s = n_lines / res.median_s
        if res.tool.startswith(("aliaslint", "ruff")):
            res.findings = count_json_findings(out)
        print(f"  {res.tool:20s} " + " ".join(f"{t:.2f}" for t in res.times), flush=True)

    load_after = os.getloadavg()
    print(f"# load average after: {load_after[0]:.2f}", flush=True)
    base = {r.tool: r.median_s for r in results}
    cold, floor = base.get("aliaslint cold"), base.get("ast.parse floor")
    for res in results:
        if res.median_s is not None:
            res.ratio_to_aliaslint_cold = res.median_s / cold if cold else None
            res.ratio_to_ast_floor = res.median_s / floor if floor else None

    print()
    header = f"| {'tool':20s} | {'median s':>8s} | {'cpu s':>7s} | {'lines/s':>9s} | {'x aliaslint cold':>16s} | {'x ast floor':>11s} | {'findings':>8s} |"
    print(header)
    print("|" + "|".join("-" * (len(c)) for c in header.split("|")[1:-1]) + "|")
    for res in results:
        if res.skipped:
            print(f"| {res.tool:20s} | {'skipped: ' + res.skipped[:60]} |")
            continue
        print(f"| {res.tool:20s} | {res.median_s:8.3f} | {fmt(res.cpu_s, '7.2f')} | {res.lines_per_s:9,.0f} | "
              f"{fmt(res.ratio_to_aliaslint_cold, '16.3f')} | {fmt(res.ratio_to_ast_floor, '11.1f')} | "
              f"{'-' if res.findings is None else res.findings:>8} |")

    report = {
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": versions["python"],
                    "loadavg_before": load_before, "loadavg_after": load_after},
        "versions": versions,
        "aliaslint_source": source,
        "reps": args.reps,
        "jobs": args.jobs,
        "folders": per_folder,
        "files": n_files,
        "lines": n_lines,
        "results": [asdict(r) for r in results],
    }
    if args.profile:
        args.profile.parent.mkdir(parents=True, exist_ok=True)
        report["profile"] = profile_cold(al, largest, args.profile.resolve(), run_dir, env)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
        print(f"\nJSON written to {args.json}")
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

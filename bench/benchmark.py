#!/usr/bin/env python3
"""Benchmark aliaslint's cold and warm runs against LibCST's parse, pylint and ruff, on one corpus.

    python bench/benchmark.py [PATH ...] [--reps N] [--jobs N] [--json OUT.json] [--rev REV]
                              [--no-others] [--profile OUT.pstats]

The corpus is PATH (folders or files), else the running interpreter's standard library top-level
modules. It is copied to a temporary folder (the edited rows change a file). Every row is a
whole-process run, N times (3 by default); the table gives the median wall time, the median
peak RSS (the largest single process of the run: aliaslint's main process or a worker) and the
ratio to aliaslint's cold run and to LibCST's single-process parse. The comparison tools are
installed from bench/requirements.txt into a virtual environment of their own. See bench/README.md.
"""
from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
import venv
from dataclasses import asdict, dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
REQUIREMENTS = Path(__file__).resolve().parent / "requirements.txt"
TOOLS_HOME = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "aliaslint-bench"
SKIP_DIRS = {".git", ".hg", ".venv", "venv", "__pycache__", "build", "dist", "node_modules",
             ".tox", ".nox", ".mypy_cache", ".eggs", ".aliaslint_cache", ".ruff_cache"}
#: pylint's checkers nearest to aliasing: dangerous-default-value, cell-var-from-loop, modified-iterating-list
PYLINT_CHECKS = "W0102,W0640,W4701"
#: ruff's rule groups nearest to aliasing (bugbear's B006/B008/B023, pylint's warnings, ruff's own)
RUFF_SELECT = "B,PLW,RUF"

LIBCST_PARSE = r"""
import sys, libcst
bad = 0
for p in open(sys.argv[1], encoding="utf-8").read().splitlines():
    try:
        libcst.parse_module(open(p, "rb").read())
    except Exception:
        bad += 1
print(bad)
"""

#: cProfile sees one process: this runs the per-module pass in-process instead of in workers
PROFILE_DRIVER = r"""
import sys
from aliaslint import workers
from aliaslint.cli import main

class InProcess:
    def __init__(self, target, budget, max_workers, initializer=None, initargs=()):
        self.target, self.done = target, []
        if initializer is not None:
            initializer(*initargs)
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        pass
    @property
    def pending(self):  # results not collected yet (a run without cache hits collects them at the end)
        return len(self.done)
    def submit(self, index, args):
        self.done.append((index, self.target(*args)))
    def results(self, timeout):
        out, self.done = self.done, []
        return out

workers.Pool = InProcess
main(sys.argv[1:])
"""


@dataclass
class Row:
    name: str
    command: list[str]
    times: list[float] = field(default_factory=list)
    rss_mb: list[float] = field(default_factory=list)
    cpu_s: list[float] = field(default_factory=list)
    median_s: float | None = None
    median_cpu_s: float | None = None
    median_rss_mb: float | None = None
    x_cold: float | None = None
    x_parse: float | None = None
    findings: int | None = None
    skipped: str | None = None
    note: str = ""


# --- the corpus ---------------------------------------------------------------------------


def default_corpus() -> list[Path]:
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    return sorted(p for p in stdlib.glob("*.py") if p.is_file())


def python_files(path: Path) -> list[Path]:
    if path.is_file():
        return [path]
    out = []
    for root, dirs, files in os.walk(path):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.startswith("."))
        out.extend(Path(root) / f for f in sorted(files) if f.endswith(".py"))
    return out


def copy_corpus(paths: list[Path], dest: Path) -> list[Path]:
    """Copy the corpus to ``dest``: loose files at its top (so that a script keeps its module
    name, ``os`` and not ``files.os``, and imports between them resolve), each folder as a
    subfolder keeping its layout."""
    copied = []
    for i, path in enumerate(paths):
        if path.is_dir():
            base = dest / (path.name if not (dest / path.name).exists() else f"{path.name}_{i}")
            for f in python_files(path):
                target = base / f.relative_to(path)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(f, target)
                copied.append(target)
        else:
            target = dest / path.name
            if target.exists():
                raise SystemExit(f"two corpus files are named {path.name}")
            dest.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
            copied.append(target)
    return copied


def editable_function(files: list[Path]) -> tuple[Path, int, str, str] | None:
    """A module-level function with a positional parameter, in the middle-sized file that has
    one: (file, line to insert before, indentation, parameter)."""
    candidates = []
    for f in files:
        try:
            tree = ast.parse(f.read_text(encoding="utf-8"))
        except (SyntaxError, ValueError, UnicodeDecodeError):
            continue
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.args.args and node.body:
                body = node.body
                first = body[1] if len(body) > 1 and isinstance(body[0], ast.Expr) and isinstance(
                    getattr(body[0], "value", None), ast.Constant) else body[0]
                if first.lineno > node.lineno:  # not a one-line def
                    candidates.append((f.stat().st_size, str(f), first.lineno, " " * first.col_offset, node.args.args[0].arg))
                    break
    if not candidates:
        return None
    candidates.sort()
    size, path, line, indent, param = candidates[len(candidates) // 2]
    return Path(path), line, indent, param


def insert_line(path: Path, line: int, text: str) -> None:
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines.insert(line - 1, text + "\n")
    path.write_text("".join(lines), encoding="utf-8")


# --- running ------------------------------------------------------------------------------


def run_once(cmd: list[str], cwd: Path, env: dict, out: Path, ok: set[int]) -> tuple[float, float, float]:
    """Run ``cmd``; return its wall seconds, the peak RSS (MB) of its largest process and the
    processor seconds of it and its children (workers)."""
    with open(out, "wb") as stdout, open(out.with_suffix(".err"), "wb") as stderr:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=stdout, stderr=stderr, stdin=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in ok:
        tail = out.with_suffix(".err").read_text(errors="replace")[-2000:]
        raise RuntimeError(f"{' '.join(cmd[:3])} ... exited {proc.returncode}:\n{tail}")
    return wall, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime


def tools_environment() -> tuple[Path | None, str]:
    """A virtual environment with bench/requirements.txt installed (made once, reused while the
    file is unchanged); its bin folder, or None and why not."""
    digest = hashlib.sha256(REQUIREMENTS.read_bytes() + sys.version.encode()).hexdigest()[:12]
    home = TOOLS_HOME / f"tools-{digest}"
    bin_dir = home / ("Scripts" if os.name == "nt" else "bin")
    if not (home / "done").exists():
        print(f"# installing the comparison tools from {REQUIREMENTS.name} into {home}", flush=True)
        try:
            venv.EnvBuilder(with_pip=True, clear=True).create(home)
            subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q", "-r", str(REQUIREMENTS)],
                           check=True, stdout=subprocess.DEVNULL)
        except (OSError, subprocess.CalledProcessError) as exc:
            return None, f"cannot install {REQUIREMENTS.name}: {exc}"
        (home / "done").write_text("ok\n")
    return bin_dir, ""


def version(argv: list[str], env: dict | None = None) -> str:
    try:
        out = subprocess.run(argv, capture_output=True, text=True, timeout=60, env=env)
        return (out.stdout or out.stderr).strip().splitlines()[0]
    except (OSError, subprocess.SubprocessError, IndexError):
        return "?"


def git(*args: str) -> str:
    try:
        return subprocess.run(["git", "-C", str(REPO), *args], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def snapshot(rev: str, dest: Path) -> Path:
    """aliaslint as committed at ``rev`` (rules/ laid out as aliaslint/rules, as installed, and
    compiled to bytecode), for PYTHONPATH: a commit landing during a long run then does not change the code between rows."""
    tree = dest / "tree"
    tree.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(REPO), "archive", rev, "aliaslint", "rules"],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    shutil.move(str(tree / "rules"), str(tree / "aliaslint" / "rules"))
    # compiled as pip compiles an installed package: without it every row would compile the
    # modules again (PYTHONDONTWRITEBYTECODE, or a snapshot nobody wrote to yet), 0.15-0.3 s a
    # run that an installed aliaslint does not pay, where LibCST and pylint are installed compiled
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree)], check=True, stdout=subprocess.DEVNULL)
    return tree


def count_findings(path: Path) -> int | None:
    """Findings in a JSON report (ruff) or in aliaslint's concise output."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return len(re.findall(r"^.+:\d+:\d+: AL\d{3} ", text, re.MULTILINE))
    return len(data) if isinstance(data, list) else None


def fmt(x: float | None, spec: str) -> str:
    return "-" if x is None else format(x, spec)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="*", type=Path,
                    help="corpus folders or files (default: this interpreter's standard library top-level modules)")
    ap.add_argument("--reps", type=int, default=3, help="runs per row; medians are reported [3]")
    ap.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count(),
                    help="-j for aliaslint and pylint, threads for ruff [all usable CPUs]")
    ap.add_argument("--json", type=Path, help="also write the results as JSON")
    ap.add_argument("--rev", metavar="REV", help="benchmark aliaslint as committed at REV (a snapshot) instead of the installed one")
    ap.add_argument("--no-others", action="store_true", help="skip pylint and ruff (and their installation)")
    ap.add_argument("--no-double", action="store_true", help="skip the cold run on the corpus copied twice")
    ap.add_argument("--profile", type=Path, metavar="OUT.pstats",
                    help="also profile one cold run with the per-module pass in-process, and print the top 20")
    args = ap.parse_args(argv)

    sources = [p.resolve() for p in args.paths] or default_corpus()
    for p in sources:
        if not p.exists():
            ap.error(f"no such file or folder: {p}")
    work = Path(tempfile.mkdtemp(prefix="aliaslint-bench-"))
    corpus = work / "corpus"
    files = copy_corpus(sources, corpus)
    lines = sum(f.read_bytes().count(b"\n") for f in files)
    file_list = work / "files.txt"
    file_list.write_text("\n".join(map(str, files)), encoding="utf-8")
    run_dir = work / "cwd"  # no configuration of ours is picked up from here
    run_dir.mkdir()
    cache = work / "cache"
    env = dict(os.environ, NO_COLOR="1", RAYON_NUM_THREADS=str(args.jobs))

    if args.rev:
        snap = snapshot(args.rev, work)
        env["PYTHONPATH"] = os.pathsep.join([str(snap), *([env["PYTHONPATH"]] if env.get("PYTHONPATH") else [])])
        revision = git("rev-parse", args.rev)
    else:
        revision = git("rev-parse", "HEAD") + (" (with uncommitted changes)" if git("status", "--porcelain", "--", "aliaslint", "rules") else "")
    # concise: the json formats also resolve every fix's edits (a LibCST parse of each file with a
    # fixable finding), timed apart in their own row
    al = [sys.executable, "-m", "aliaslint", "check", "--output-format", "concise", "-j", str(args.jobs)]
    cold = Row("aliaslint cold", al + ["--no-cache", str(corpus)], note="--no-cache")
    as_json = Row("  JSON output", [*al[:-3], "json", *al[-2:], "--no-cache", str(corpus)],
                  note="--no-cache --output-format json (with each fix's edits)")
    warm = Row("aliaslint warm", al + ["--cache-dir", str(cache), str(corpus)], note="nothing changed")
    body = Row("  one body edited", warm.command, note="a statement added to one function's body")
    effect = Row("  one effect changed", warm.command, note="one function now appends to its parameter")
    rows = [Row("LibCST parse", [sys.executable, "-c", LIBCST_PARSE, str(file_list)], note="1 process"),
            cold, as_json, warm, body, effect]
    doubled = None
    if not args.no_double:
        twice = work / "twice"
        shutil.copytree(corpus, twice / "a")
        shutil.copytree(corpus, twice / "b")
        doubled = Row("aliaslint cold x2", al + ["--no-cache", str(twice)], note="the corpus twice, under two roots")
        rows.append(doubled)
    versions = {"python": platform.python_version(), "aliaslint": f"{version([sys.executable, '-m', 'aliaslint', '--version'], env)} at {revision[:12] or '?'}"}
    if not args.no_others:
        bin_dir, why = tools_environment()
        pylint = Row("pylint", [], note=f"{PYLINT_CHECKS}, -j {args.jobs}")
        ruff = Row("ruff", [], note=f"--select {RUFF_SELECT}")
        if bin_dir is None:
            pylint.skipped = ruff.skipped = why
        else:
            pylint.command = [str(bin_dir / "pylint"), "--disable=all", f"--enable={PYLINT_CHECKS}", f"-j{args.jobs}",
                              "--exit-zero", "--recursive=y", "--persistent=n", "--score=n", str(corpus)]
            ruff.command = [str(bin_dir / "ruff"), "check", "--no-cache", "--select", RUFF_SELECT, "--exit-zero",
                            "--output-format", "json", str(corpus)]
            versions["pylint"] = version([str(bin_dir / "pylint"), "--version"])
            versions["ruff"] = version([str(bin_dir / "ruff"), "--version"])
        rows += [pylint, ruff]

    target = editable_function(files)
    print(f"# {len(files)} files, {lines} lines; {args.reps} runs per row, medians; -j {args.jobs}; "
          f"{len(os.sched_getaffinity(0)) if hasattr(os, 'sched_getaffinity') else os.cpu_count()} usable CPUs; load average {os.getloadavg()[0]:.2f}")
    print("# " + "; ".join(f"{k} {v}" for k, v in versions.items()), flush=True)
    if target is not None:
        print(f"# edited function: {target[0].relative_to(corpus)}:{target[1]} (parameter {target[3]!r})", flush=True)
    else:
        body.skipped = effect.skipped = "no module-level function with a parameter in the corpus"

    original = target[0].read_bytes() if target else b""
    for row in rows:
        if row.skipped:
            print(f"  skip {row.name.strip()}: {row.skipped}", flush=True)
            continue
        out = work / "out.json"
        ok = {0, 1} if "aliaslint" in row.name or row.name.startswith("  ") else {0}
        try:
            for rep in range(args.reps):
                if row is warm and rep == 0:
                    run_once(row.command, run_dir, env, out, ok)  # fill the cache
                if row in (body, effect):
                    target[0].write_bytes(original)
                    run_once(row.command, run_dir, env, out, ok)  # the cache holds the unedited corpus
                    path, line, indent, param = target
                    edit = f"{indent}_bench_{rep} = {rep}" if row is body else f"{indent}{param}.append({rep})"
                    insert_line(path, line, edit)
                wall, rss, cpu = run_once(row.command, run_dir, env, out, ok)
                row.times.append(wall)
                row.rss_mb.append(rss)
                row.cpu_s.append(cpu)
        except (OSError, RuntimeError) as exc:
            row.skipped = f"failed: {exc}"
            print(f"  FAIL {row.name.strip()}: {exc}", flush=True)
            continue
        finally:
            if target:
                target[0].write_bytes(original)
        row.median_s = statistics.median(row.times)
        row.median_rss_mb = statistics.median(row.rss_mb)
        row.median_cpu_s = statistics.median(row.cpu_s)
        if row.command and "--output-format" in row.command:
            row.findings = count_findings(out)
        print(f"  {row.name.strip():22s} " + " ".join(f"{t:.2f}" for t in row.times), flush=True)

    parse_s = rows[0].median_s
    for row in rows:
        if row.median_s is not None:
            row.x_cold = row.median_s / cold.median_s if cold.median_s else None
            row.x_parse = row.median_s / parse_s if parse_s else None

    print(f"\n| run | wall s | cpu s | peak RSS MB | x aliaslint cold | x LibCST parse | findings | what |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for row in rows:
        if row.skipped:
            print(f"| {row.name} | - | - | - | - | - | - | skipped: {row.skipped[:80]} |")
            continue
        print(f"| {row.name} | {row.median_s:.2f} | {row.median_cpu_s:.2f} | {row.median_rss_mb:.0f} | {fmt(row.x_cold, '.2f')} | "
              f"{fmt(row.x_parse, '.2f')} | {'-' if row.findings is None else row.findings} | {row.note} |")
    if doubled is not None and doubled.median_s and cold.median_s:
        print(f"\ncorpus twice / once (cold): {doubled.median_s / cold.median_s:.2f}x")

    report = {
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "loadavg": os.getloadavg()},
        "versions": versions, "files": len(files), "lines": lines, "reps": args.reps, "jobs": args.jobs,
        "sources": [str(p) for p in args.paths] or ["stdlib top-level modules"],
        "rows": [asdict(r) for r in rows],
    }
    if args.profile:
        profile(work, corpus, run_dir, env, args.profile.resolve())
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
        print(f"\nJSON written to {args.json}")
    shutil.rmtree(work, ignore_errors=True)
    return 0


def profile(work: Path, corpus: Path, run_dir: Path, env: dict, out: Path, top: int = 20) -> None:
    import pstats

    driver = work / "profile_driver.py"
    driver.write_text(PROFILE_DRIVER, encoding="utf-8")
    out.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "cProfile", "-o", str(out), str(driver), "check", "--no-cache",
                    "--output-format", "json", str(corpus)], cwd=run_dir, env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    print(f"\n## cProfile of one cold run, per-module pass in-process (written to {out})")
    pstats.Stats(str(out)).sort_stats("tottime").print_stats(top)


if __name__ == "__main__":
    sys.exit(main())

"""Benchmarks for issue 6 (big fields): every target, measured, with met / not met.

Usage::

    python benchmarks/run.py              # every case, 3 timed runs each (medians)
    python benchmarks/run.py --repeat 5
    python benchmarks/run.py --quick      # small sizes, to check the script works
    python benchmarks/run.py --only score,merge   # some targets only

Each case runs in a fresh Python process (so its peak RSS, from
``resource.getrusage``, is its own) and generates its own input from a fixed
seed; only the call under test is timed.  The node figures come from npm
``bridge-scorer`` timed inside node (``process.hrtime``) on the same scores;
it is installed with npm into a temporary directory on first use.  Cases whose
tool or command is missing (node, ``xlbridge score``, ``xlbridge merge``, the
example workbook) are reported as skipped, with the reason.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "workbook_templates" / "example_club_night.xlsx"
NODE_DIR = Path(tempfile.gettempdir()) / "xlbridge-bench-node"
SEED = 20240601
#: The score pool: every multiple of 10 from -1500 to 1500 (301 distinct scores).
POOL = list(range(-1500, 1510, 10))

Result = dict[str, Any]


# --- inputs -------------------------------------------------------------------------------------


def plain_scores(n: int, seed: int = SEED) -> list[int]:
    rng = random.Random(seed)
    return [rng.choice(POOL) for _ in range(n)]


def traveller(n: int, weighted: float = 0.01, seed: int = SEED) -> list[list[object]]:
    """A one-column traveller as Excel passes it: ints, ``weighted`` of the rows weighted text."""
    rng = random.Random(seed + 1)
    grid: list[list[object]] = []
    for score in plain_scores(n, seed):
        if rng.random() < weighted:
            share = rng.randrange(10, 100, 10)
            first, second = rng.sample(POOL, 2)
            grid.append([f"{share}% {first}; {100 - share}% {second}"])
        else:
            grid.append([score])
    return grid


# --- cases (each runs in its own process) -------------------------------------------------------


def _peak_mb(who: int = resource.RUSAGE_SELF) -> float:
    return resource.getrusage(who).ru_maxrss / 1024


def _timed(call: Callable[[], object], repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return times


def _args(name: str, grid: list[list[object]]) -> tuple[object, ...]:
    """The arguments of ``name``: 1% more results expected than rows, where it takes that."""
    expected = len(grid) + len(grid) // 100
    return {
        "MATCHPOINTS": (grid, expected),
        "CROSS_IMPS": (grid, None, None, expected),
        "BUTLER_IMPS": (grid,),
    }[name]


def case_udf(name: str, n: int, repeat: int) -> Result:
    """An Excel function on an n-row traveller, lists of lists in and out (1% weighted rows).

    MATCHPOINTS and CROSS_IMPS get Neuberg factoring: 1% more results expected than played.
    """
    import xlbridge.udfs as udfs

    grid = traveller(n)
    func, args = getattr(udfs, name), _args(name, grid)
    out = func(*args)
    assert len(out) == n and all(len(row) == 2 for row in out[:10])
    return {"seconds": _timed(lambda: func(*args), repeat), "rss_mb": _peak_mb()}


_NODE_SCRIPT = """
const scorer = require('bridge-scorer');
const fs = require('fs');
const req = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const seconds = [];
for (let r = 0; r < req.repeat; r++) {
  const games = req.scores.map(s => s === 0 ? {score: 0} : {contract: {declaror: 'N'}, score: s});
  const start = process.hrtime.bigint();
  scorer[req.fn](games);
  seconds.push(Number(process.hrtime.bigint() - start) / 1e9);
}
console.log(JSON.stringify({seconds, rss_mb: process.resourceUsage().maxRSS / 1024}));
"""


def _node_ready() -> str | None:
    """None when node and bridge-scorer are ready, else why not."""
    if not shutil.which("node") or not shutil.which("npm"):
        return "node not present"
    if (NODE_DIR / "node_modules" / "bridge-scorer").is_dir():
        return None
    NODE_DIR.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["npm", "install", "--prefix", str(NODE_DIR), "--no-save", "bridge-scorer"],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        return f"npm install bridge-scorer failed: {done.stderr.strip()[-200:]}"
    return None


def case_node(fn: str, n: int, repeat: int) -> Result:
    """npm bridge-scorer's ``fn`` on the plain scores of the same traveller, timed inside node."""
    why = _node_ready()
    if why:
        return {"skipped": why}
    with tempfile.TemporaryDirectory() as tmp:
        request = Path(tmp, "request.json")
        request.write_text(json.dumps({"fn": fn, "repeat": repeat, "scores": plain_scores(n)}))
        script = NODE_DIR / "bench.js"
        script.write_text(_NODE_SCRIPT)
        done = subprocess.run(
            ["node", str(script), str(request)],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "NODE_PATH": str(NODE_DIR / "node_modules")},
        )
    result: Result = json.loads(done.stdout)
    version = json.loads((NODE_DIR / "node_modules" / "bridge-scorer" / "package.json").read_text())
    result["note"] = f"bridge-scorer {version['version']}, node {_node_version()}"
    return result


def _node_version() -> str:
    return subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()


def _cli_has(command: str) -> bool:
    done = subprocess.run(
        [sys.executable, "-m", "xlbridge.cli", command, "--help"],
        capture_output=True,
        text=True,
        check=False,
    )
    return done.returncode == 0


def _run_cli(args: list[str], tree: list[float] | None = None) -> tuple[float, int, str]:
    """Seconds from process start to exit, and the exit status and its error output.

    With ``tree``, the peak RSS in MB of the command and all its descendants
    together (its worker processes), sampled five times a second from
    ``/proc`` (Linux), is appended to it.
    """
    start = time.perf_counter()
    with tempfile.TemporaryFile() as err:
        process = subprocess.Popen(
            [sys.executable, "-m", "xlbridge.cli", *args],
            stdout=subprocess.DEVNULL,
            stderr=err,
        )
        peak = 0.0
        while process.poll() is None:
            if tree is not None:
                peak = max(peak, _tree_rss_mb(process.pid))
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(0.2)
        elapsed = time.perf_counter() - start
        err.seek(0)
        message = err.read().decode(errors="replace").strip()[-300:]
    if tree is not None:
        tree.append(peak)
    return elapsed, process.returncode, message


def _tree_rss_mb(root: int) -> float:
    """The resident memory of process ``root`` and its descendants now, in MB (0 off Linux)."""
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            stat = (entry / "stat").read_text()
            status = (entry / "status").read_text()
        except OSError:
            continue
        pid = int(entry.name)
        parents[pid] = int(stat.rsplit(")", 1)[1].split()[1])
        found = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
        rss[pid] = int(found.group(1)) if found else 0
    members, added = {root}, True
    while added:
        added = False
        for pid, parent in parents.items():
            if parent in members and pid not in members:
                members.add(pid)
                added = True
    return sum(rss.get(pid, 0) for pid in members) / 1024


def case_score(repeat: int) -> Result:
    """``xlbridge score`` on the example club night, from process start to the written file."""
    if not EXAMPLE.exists():
        return {"skipped": f"{EXAMPLE.relative_to(ROOT)} does not exist yet"}
    if not _cli_has("score"):
        return {"skipped": "`xlbridge score` does not exist yet"}
    seconds = []
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp, "scored.xlsx")
        for _ in range(repeat):
            out.unlink(missing_ok=True)
            elapsed, status, err = _run_cli(["score", str(EXAMPLE), "-o", str(out)])
            if status or not out.exists():
                return {"skipped": f"`xlbridge score` failed (exit {status}): {err}"}
            seconds.append(elapsed)
    return {"seconds": seconds, "rss_mb": _peak_mb(resource.RUSAGE_CHILDREN)}


def _club_workbooks(count: int) -> list[Path]:
    """``count`` club nights of 10 full tables over 24 boards (240 results each).

    Kept in a temporary folder between runs: building 500 takes minutes.
    """
    from xlbridge.workbook.pairs.example import Size, build_example

    size = Size(tables=10, boards=24, missing_pair=False)
    folder = Path(tempfile.gettempdir()) / f"xlbridge-bench-clubs-{size.tables}x{size.boards}"
    folder.mkdir(exist_ok=True)
    paths = []
    for club in range(count):
        path = folder / f"club{club:03}.xlsx"
        if not path.exists():
            build_example(seed=SEED + club, size=size).save(path)
        paths.append(path)
    return paths


def case_merge(clubs: int, repeat: int) -> Result:
    """``xlbridge merge`` of ``clubs`` generated club workbooks into one field, ``repeat`` times."""
    if not _cli_has("merge"):
        return {"skipped": "`xlbridge merge` does not exist yet"}
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp, "merged.xlsx")
        try:
            paths = _club_workbooks(2)  # find out on two clubs before building them all
            _, status, err = _run_cli(["merge", *map(str, paths), "-o", str(out)])
            if status:
                return {"skipped": f"`xlbridge merge` failed (exit {status}): {err}"}
            paths = _club_workbooks(clubs)
        except Exception as exc:  # the generator belongs to another module; say why
            return {"skipped": f"cannot generate club workbooks: {exc!r}"}
        seconds: list[float] = []
        tree: list[float] = []
        for _ in range(repeat):
            out.unlink(missing_ok=True)
            elapsed, status, err = _run_cli(["merge", *map(str, paths), "-o", str(out)], tree)
            if status or not out.exists():
                return {"skipped": f"`xlbridge merge` failed (exit {status}): {err}"}
            seconds.append(elapsed)
    largest = _peak_mb(resource.RUSAGE_CHILDREN)
    return {
        "seconds": seconds,
        "rss_mb": max(largest, *tree),
        "note": f"peak RSS: {largest:.0f} MB the largest process (ru_maxrss), "
        f"{max(tree):.0f} MB all its processes together (sampled 5x a second)",
    }


def case_officejs(repeat: int) -> Result:
    """MATCHPOINTS on a 30-row traveller through xlwings' Office.js path (Pyodide stubbed)."""
    sys.path.insert(0, str(ROOT / "tests" / "support"))
    from officejs import run_officejs  # type: ignore[import-not-found]

    cells = [row[0] for row in traveller(30, weighted=0.1, seed=7)]
    cells[3], cells[11] = "A+/A-", "NP"
    out = run_officejs(
        "xlbridge.udfs", [("MATCHPOINTS", [cells, 31])], repeat=repeat, stub_pyodide=True
    )
    entry = out["results"][0]
    if not entry.get("ok"):
        return {"skipped": f"the call failed: {entry.get('error')}"}
    timing = entry["timing"]
    return {
        "seconds": [timing["median_ms"] / 1000],
        "note": f"median of {timing['n']} calls, min {timing['min_ms']:.2f} ms, "
        f"p90 {timing['p90_ms']:.2f} ms",
        "rss_mb": _peak_mb(resource.RUSAGE_CHILDREN),
    }


def case_import() -> Result:
    """``python -X importtime -c 'import xlbridge.udfs'``: cumulative, xlbridge's own, the largest.

    xlwings imports numpy itself, so what xlbridge controls is its own modules'
    self time and that openpyxl (the workbook adapter's) is not loaded by a
    club-night call.
    """
    runs = []
    for _ in range(5):
        done = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", "import xlbridge.udfs"],
            capture_output=True,
            text=True,
            check=True,
        )
        rows = {}
        for line in done.stderr.splitlines():
            match = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|\s*(\S+)", line)
            if match:
                rows[match.group(3)] = (int(match.group(1)) / 1e6, int(match.group(2)) / 1e6)
        runs.append(rows)
    total = statistics.median(r["xlbridge.udfs"][1] for r in runs)
    own = statistics.median(
        sum(self for name, (self, _) in r.items() if name.split(".")[0] == "xlbridge") for r in runs
    )
    tops = {name: statistics.median(r.get(name, (0, 0))[1] for r in runs) for name in runs[0]}
    top = sorted(((t, n) for n, t in tops.items() if "." not in n and n != "xlbridge"))[-3:]
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, xlbridge.udfs; print(*sorted(m for m in ('numpy', 'openpyxl') "
            "if m in sys.modules))",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    largest = ", ".join(f"{n} {t * 1000:.0f} ms" for t, n in reversed(top))
    note = (
        f"xlbridge's own modules {own * 1000:.0f} ms; largest imports: {largest}; "
        f"loaded: {', '.join(loaded) or 'neither numpy nor openpyxl'}"
    )
    return {"seconds": [total], "own": own, "note": note, "loaded": loaded}


def case_side_by_side(names: list[str], n: int, rounds: int) -> Result:
    """Two Excel functions on one n-row traveller in one process (as in :func:`case_udf`).

    Each is called once untimed, then ``rounds`` rounds time both, the order
    alternating (AB, BA, ...) so that neither always runs after the other;
    ``ratios`` holds each round's first / second.  A paired ratio cancels a slow
    spell of the machine, which hits both calls of a round alike.
    """
    import xlbridge.udfs as udfs

    grid = traveller(n)
    calls = {name: (getattr(udfs, name), _args(name, grid)) for name in names}
    for func, args in calls.values():
        func(*args)
    times: dict[str, list[float]] = {name: [] for name in names}
    for index in range(rounds):
        for name in names if index % 2 == 0 else names[::-1]:
            func, args = calls[name]
            start = time.perf_counter()
            func(*args)
            times[name].append(time.perf_counter() - start)
    first, second = (times[name] for name in names)
    ratios = [a / b for a, b in zip(first, second, strict=True)]
    return {"seconds": first, "by_name": times, "ratios": ratios, "rss_mb": _peak_mb()}


def case_wide_cross(n: int, distinct: int, kernel: str, repeat: int) -> Result:
    """CROSS_IMPS on an n-row board of ``distinct`` scores (every 10 points from -7,490 up).

    ``kernel``: ``numpy`` times numpy's n-by-n int64 matrix (the kernel xlbridge used
    for every width), ``integers`` the banded integer sums with numpy unavailable
    (``import numpy`` fails, as in Pyodide).
    """
    import xlbridge.imp_matrix as imp_matrix

    if kernel == "numpy":
        imp_matrix.BANDED_SCORES = 10**9  # the matrix at every width
    else:
        sys.modules["numpy"] = None  # type: ignore[assignment]
    import xlbridge.udfs as udfs

    rng = random.Random(SEED)
    values = [-7490 + 10 * k for k in range(distinct)]
    grid: list[list[object]] = [[v] for v in values]  # every score at least once
    grid += [[rng.choice(values)] for _ in range(n - distinct)]
    out = udfs.CROSS_IMPS(grid)
    assert len(out) == n
    return {"seconds": _timed(lambda: udfs.CROSS_IMPS(grid), repeat), "rss_mb": _peak_mb()}


def case_fresh(n: int, repeat: int) -> Result:
    """``Board(rows).matchpoints()`` on n rows: equal results as fresh cells parsed one by one,
    against one shared object per distinct cell.

    The traveller is :func:`traveller`'s (1% weighted, 1% more results expected).
    "Fresh": every row's cell is a new object (a new string or int of the same
    value) given to ``parse_result`` on its own, as a reader or a Python caller
    does; "shared": each distinct cell parsed once and its result repeated.
    Only the scoring is timed, each side ``repeat`` times, alternating.
    """
    from xlbridge.board import Board
    from xlbridge.result import parse_result

    cells = [row[0] for row in traveller(n)]
    parsed = {cell: parse_result(cell) for cell in set(cells)}
    shared = [parsed[cell] for cell in cells]

    def fresh_cell(cell: object) -> object:
        return "".join(list(cell)) if isinstance(cell, str) else int(str(cell))

    start = time.perf_counter()
    fresh = [parse_result(fresh_cell(cell)) for cell in cells]
    parse_seconds = time.perf_counter() - start
    expected = n + n // 100
    assert Board(fresh, expected).matchpoints() == Board(shared, expected).matchpoints()
    times: dict[str, list[float]] = {"fresh": [], "shared": []}
    for index in range(2 * repeat):
        name = ("fresh", "shared")[index % 2]
        rows = fresh if name == "fresh" else shared
        start = time.perf_counter()
        Board(rows, expected).matchpoints()
        times[name].append(time.perf_counter() - start)
    distinct = len({id(row) for row in fresh})
    return {
        "seconds": times["fresh"],
        "by_name": times,
        "note": f"{distinct:,} distinct objects among the fresh rows; "
        f"parsing them one by one took {_fmt(parse_seconds)}",
        "rss_mb": _peak_mb(),
    }


CASES: dict[str, Callable[..., Result]] = {
    "wide_cross": case_wide_cross,
    "udf": case_udf,
    "fresh": case_fresh,
    "side_by_side": case_side_by_side,
    "node": case_node,
    "score": case_score,
    "merge": case_merge,
    "officejs": case_officejs,
    "import": case_import,
}


# --- the parent: run every case, print the table ------------------------------------------------


def run_case(name: str, *args: object) -> Result:
    done = subprocess.run(
        [sys.executable, __file__, "--child", json.dumps([name, *args])],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        return {"skipped": f"case failed: {done.stderr.strip()[-400:]}"}
    result: Result = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def median(result: Result) -> float:
    return float(statistics.median(result["seconds"]))


def _fmt(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms" if seconds < 0.1 else f"{seconds:.3f} s"


def _rss(*results: Result) -> str:
    return " / ".join(f"{r['rss_mb']:.0f} MB" for r in results if "rss_mb" in r) or "-"


class Table:
    def __init__(self) -> None:
        self.lines: list[tuple[str, str, str, str, str]] = []

    def add(self, case: str, target: str, measured: str, met: bool | None, rss: str) -> None:
        verdict = {True: "met", False: "NOT MET", None: "skipped"}[met]
        self.lines.append((case, target, measured, verdict, rss))
        print(f"  {case}: {measured} -> {verdict}", file=sys.stderr, flush=True)

    def print(self) -> None:
        head = ("case", "target", "measured", "verdict", "peak RSS")
        print("| " + " | ".join(head) + " |")
        print("|" + "|".join("---" for _ in head) + "|")
        for line in self.lines:
            print("| " + " | ".join(line) + " |")


def growth(
    table: Table, label: str, func: str, sizes: list[int], repeat: int, slack: float
) -> None:
    """Time ``func`` at each size; met when the last step grows no faster than n log n x slack."""
    results = [run_case("udf", func, n, repeat) for n in sizes]
    if any("skipped" in r for r in results):
        table.add(label, "n log n", results[0].get("skipped", "?"), None, "-")
        return
    per = [median(r) / (n * math.log2(n)) * 1e9 for r, n in zip(results, sizes, strict=True)]
    steps = ", ".join(
        f"{n:,}: {_fmt(median(r))} ({p:.0f} ns/(n log2 n))"
        for n, r, p in zip(sizes, results, per, strict=True)
    )
    met = per[-1] <= slack * per[-2]
    target = f"n log n: last ns/(n log2 n) <= {slack} x previous"
    table.add(label, target, steps, met, _rss(*results))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per case (median)")
    parser.add_argument("--quick", action="store_true", help="small sizes: check the script")
    parser.add_argument(
        "--only",
        help=f"comma-separated targets to run (default: all): {','.join(TARGETS)}",
    )
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        name, *rest = json.loads(args.child)
        print(json.dumps(CASES[name](*rest)))
        return 0

    only = set(args.only.split(",")) if args.only else set(TARGETS)
    if only - set(TARGETS):
        parser.error(f"unknown target(s): {', '.join(sorted(only - set(TARGETS)))}")
    big, cross_n, clubs = (20_000, 2_000, 5) if args.quick else (1_000_000, 10_000, 500)
    sizes = [big // 100, big // 10, big]
    r = args.repeat
    table = Table()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, repeat {r}", file=sys.stderr)

    if "matchpoints" in only:
        matchpoints(table, big, sizes, r)
    if "cross-imps" in only:
        cross_imps(table, big, cross_n, r)
    if "butler" in only:
        butler(table, big, r)
    for label, case, limit, mem in (
        ("xlbridge score example club night", ("score", r), 1.5, None),
        (f"xlbridge merge {clubs} club workbooks", ("merge", clubs, r), 20.0, 1024.0),
    ):
        if case[0] not in only:
            continue
        result = run_case(*case)
        if "skipped" in result:
            table.add(label, f"< {limit} s", result["skipped"], None, "-")
            continue
        met = median(result) < limit and (mem is None or result["rss_mb"] < mem)
        target = f"< {limit} s" + (f", < {mem:.0f} MB" if mem else "")
        runs = ", ".join(map(_fmt, result["seconds"]))
        measured = f"{_fmt(median(result))} (median of {len(result['seconds'])}: {runs})"
        if "note" in result:
            measured += f"; {result['note']}"
        table.add(label, target, measured, met, _rss(result))
    if "fresh" in only:
        fresh(table, big // 10, r)
    if "officejs" in only:
        officejs(table, 200 if not args.quick else 20)
    if "import" in only:
        imports(table)
    table.print()
    return 0


#: The targets ``--only`` selects from.
TARGETS = ("matchpoints", "cross-imps", "butler", "fresh", "score", "merge", "officejs", "import")


def matchpoints(table: Table, big: int, sizes: list[int], r: int) -> None:
    ours = run_case("udf", "MATCHPOINTS", big, r)
    node = run_case("node", "matchpoints", big, r)
    if "skipped" in node:
        table.add(f"MATCHPOINTS {big:,}", "<= bridge-scorer", node["skipped"], None, _rss(ours))
    else:
        table.add(
            f"MATCHPOINTS {big:,} (1% weighted, Neuberg) vs bridge-scorer matchpoints",
            "no slower than node",
            f"{_fmt(median(ours))} vs {_fmt(median(node))} "
            f"(node/ours {median(node) / median(ours):.2f})",
            median(ours) <= median(node),
            _rss(ours, node),
        )
    growth(table, "MATCHPOINTS growth", "MATCHPOINTS", sizes, r, 1.5)


def cross_imps(table: Table, big: int, cross_n: int, r: int) -> None:
    ours_x = run_case("udf", "CROSS_IMPS", cross_n, r)
    node_x = run_case("node", "crossImps", cross_n, r)
    if "skipped" in node_x:
        table.add(f"CROSS_IMPS {cross_n:,}", ">= 50x crossImps", node_x["skipped"], None, "-")
    else:
        ratio = median(node_x) / median(ours_x)
        table.add(
            f"CROSS_IMPS {cross_n:,} (1% weighted, Neuberg) vs bridge-scorer crossImps",
            ">= 50x faster",
            f"{_fmt(median(ours_x))} vs {_fmt(median(node_x))} ({ratio:.0f}x)",
            ratio >= 50,
            _rss(ours_x, node_x),
        )
    growth(table, "CROSS_IMPS growth", "CROSS_IMPS", [cross_n, big // 10, big], r, 1.5)
    wide = (big // 10, 1_500)
    with_numpy = run_case("wide_cross", *wide, "numpy", r)
    integers = run_case("wide_cross", *wide, "integers", r)
    if "skipped" in with_numpy or "skipped" in integers:
        reason = with_numpy.get("skipped") or integers.get("skipped", "?")
        table.add("CROSS_IMPS wide board without numpy", "<= 2x numpy", reason, None, "-")
        return
    ratio = median(integers) / median(with_numpy)
    table.add(
        f"CROSS_IMPS {wide[0]:,} rows, {wide[1]:,} distinct scores: without numpy "
        "(as in Pyodide) vs numpy's matrix",
        "<= 2x numpy",
        f"{_fmt(median(integers))} vs {_fmt(median(with_numpy))} ({ratio:.2f}x)",
        ratio <= 2,
        _rss(integers, with_numpy),
    )


def butler(table: Table, big: int, r: int) -> None:
    rounds = 4 * r + 1  # 13 by default: one round's ratio varies by +-20% on this machine
    both = run_case("side_by_side", ["BUTLER_IMPS", "MATCHPOINTS"], big, rounds)
    if "skipped" in both:
        table.add(f"BUTLER_IMPS {big:,}", "<= MATCHPOINTS", both["skipped"], None, "-")
        return
    butler, mp = (statistics.median(both["by_name"][k]) for k in ("BUTLER_IMPS", "MATCHPOINTS"))
    ratio = statistics.median(both["ratios"])
    table.add(
        f"BUTLER_IMPS {big:,} (1% weighted) vs MATCHPOINTS, paired in one process",
        "no slower than MATCHPOINTS: median of the rounds' ratios <= 1",
        f"{_fmt(butler)} vs {_fmt(mp)} (medians); Butler/MP {ratio:.2f} "
        f"(median of {rounds} alternating rounds: "
        f"{', '.join(f'{x:.2f}' for x in both['ratios'])})",
        ratio <= 1,
        _rss(both),
    )


def fresh(table: Table, n: int, r: int) -> None:
    result = run_case("fresh", n, r)
    label = f"Board {n:,} rows (1% weighted): equal results fresh vs shared"
    if "skipped" in result:
        table.add(label, "fresh <= 1.5 x shared", result["skipped"], None, "-")
        return
    ours, shared = (statistics.median(result["by_name"][k]) for k in ("fresh", "shared"))
    table.add(
        label,
        "fresh <= 1.5 x shared",
        f"{_fmt(ours)} vs {_fmt(shared)} (medians of {r}; fresh/shared {ours / shared:.2f}); "
        f"{result['note']}",
        ours <= 1.5 * shared,
        _rss(result),
    )


def officejs(table: Table, repeat: int) -> None:
    office = run_case("officejs", repeat)
    if "skipped" in office:
        table.add("Office.js MATCHPOINTS 30 rows", "< 5 ms", office["skipped"], None, "-")
    else:
        table.add(
            "Office.js MATCHPOINTS 30 rows",
            "< 5 ms",
            f"{_fmt(median(office))} ({office['note']})",
            median(office) < 0.005,
            _rss(office),
        )


def imports(table: Table) -> None:
    imported = run_case("import")
    table.add(
        "import xlbridge.udfs (-X importtime, cumulative)",
        "no openpyxl at import",
        f"{_fmt(median(imported))}; {imported['note']}",
        "openpyxl" not in imported["loaded"],
        "-",
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

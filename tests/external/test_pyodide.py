"""Real Pyodide: the built wheel, installed as xlwings Lite installs it, gives CPython's figures.

npm's ``pyodide`` runs under node, offline: no CDN.  micropip and packaging are
unpacked from their wheels, and micropip installs exactly the requirements.txt
that ``xlbridge lite`` writes, from a package index on 127.0.0.1 that holds the
wheel built from this checkout and the pure-Python wheels of its dependencies
(:mod:`wheels` fetches and caches them).  Then every Excel function runs on the
docs' own calls and on 10,000-row boards of every kind (:mod:`pyodide_cases`),
directly and through xlwings' ``custom_functions_call`` on the ``main.py`` that
``xlbridge lite`` writes; CPython runs the same cases, and every outcome must be
identical: the same floats, the same blanks, the same messages.

Skipped, with the reason, when node is not installed; .ci/run installs it.
"""

from __future__ import annotations

import doctest
import functools
import http.server
import inspect
import json
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support import wheels
from support.officejs import OFFICEJS_ENV

from xlbridge import udfs
from xlbridge.lite import DISTRIBUTION, installed_version, write_lite_files

pytestmark = pytest.mark.subprocess

SUPPORT = Path(__file__).resolve().parents[1] / "support"
#: Timed calls per board case (the quickest is reported; 1 in CI, 3 for benchmarks/README.md).
REPEAT = int(os.environ.get("XLBRIDGE_PYODIDE_REPEAT", "1"))
#: The docs whose examples call the Excel functions.
DOCS = ("README.md", "docs/excel.md", "docs/worked-examples.md", "docs/damage.md")


@pytest.fixture(scope="module")
def pyodide() -> Path:
    if not shutil.which("node"):
        pytest.skip("node is not installed: the Pyodide suite runs npm's pyodide under node")
    package = wheels.pyodide_package()
    if isinstance(package, str):
        pytest.skip(package)
    return package


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory, pyodide: Path) -> Iterator[dict[str, Any]]:
    """A simple package index (PEP 503) on 127.0.0.1: the built wheel and its dependencies."""
    root = tmp_path_factory.mktemp("index")
    wheel, _ = wheels.built_dist()
    files = [wheel, *wheels.dependency_wheels()]
    (root / "files").mkdir()
    projects: dict[str, list[str]] = {}
    for file in files:
        shutil.copy(file, root / "files" / file.name)
        project = file.name.split("-")[0].lower().replace("_", "-")
        projects.setdefault(project, []).append(file.name)
    for project, names in projects.items():
        for folder in {project, project.replace("-", "_")}:
            page = root / "simple" / folder / "index.html"
            page.parent.mkdir(parents=True, exist_ok=True)
            links = "".join(f'<a href="/files/{n}">{n}</a>\n' for n in names)
            page.write_text(f"<!DOCTYPE html><html><body>\n{links}</body></html>\n")
    handler = functools.partial(_Quiet, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        yield {"url": url, "simple": f"{url}/simple", "wheel": f"{url}/files/{wheel.name}"}
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def doc_calls() -> list[tuple[str, str, list[Any]]]:
    """Every Excel-function call the docs' examples make, with its arguments as given."""
    calls: list[tuple[str, str, list[Any]]] = []
    originals = {name: getattr(udfs, name) for name in udfs.__all__ if name.isupper()}
    originals.pop("ALIASES")
    originals.pop("OFFICEJS_FUNCTIONS")

    def recorder(name: str, func: Any) -> Any:
        signature = inspect.signature(func)

        @functools.wraps(func)
        def call(*args: Any, **kwargs: Any) -> Any:
            bound = signature.bind(*args, **kwargs)
            positional = list(bound.args)
            try:
                json.dumps(positional, allow_nan=False)
            except (TypeError, ValueError):
                pass  # not what a cell holds (none of the docs' calls so far)
            else:
                calls.append((f"doc {len(calls) + 1}: {name}", name, positional))
            return func(*args, **kwargs)

        return call

    root = SUPPORT.parents[1]
    try:
        for name, func in originals.items():
            setattr(udfs, name, recorder(name, func))
        for doc in DOCS:
            failed, tried = doctest.testfile(
                str(root / doc), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
            )[:2]
            assert failed == 0 and tried > 0, doc
    finally:
        for name, func in originals.items():
            setattr(udfs, name, func)
    return calls


def run_in_pyodide(
    pyodide: Path,
    index: str,
    requirements: str,
    script_body: str,
    files: dict[str, Path],
    work: Path,
) -> dict[str, Any]:
    """Install ``requirements`` with micropip from ``index`` only, then run ``script_body``.

    The script sees ``INSTALLED`` (micropip's list: name -> version); its last
    expression, a JSON text, comes back as ``result``.
    """
    bootstrap = [
        w for w in wheels.dependency_wheels() if w.name.startswith(("micropip", "packaging"))
    ]
    script = work / "job.py"
    script.write_text(
        "import json, os, sys\n"
        f"os.environ.update({OFFICEJS_ENV!r})\n"
        "import micropip\n"
        f"await micropip.install({requirements.splitlines()!r}, index_urls=[{index!r}])\n"
        "INSTALLED = {p.name: p.version for p in micropip.list().values()}\n"
        f"{script_body}\n",
        encoding="utf-8",
    )
    job = {
        "pyodide": str(pyodide),
        "bootstrap": [str(w) for w in bootstrap],
        "files": {target: str(source) for target, source in files.items()},
        "script": str(script),
        "output": str(work / "out.json"),
    }
    (work / "job.json").write_text(json.dumps(job), encoding="utf-8")
    done = subprocess.run(
        ["node", str(SUPPORT / "pyodide_run.mjs"), str(work / "job.json")],
        capture_output=True,
        text=True,
        timeout=1200,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    out: dict[str, Any] = json.loads((work / "out.json").read_text(encoding="utf-8"))
    return out


def test_lite_requirements_install_and_every_function_matches_cpython(
    pyodide: Path,
    index: dict[str, Any],
    doc_calls: list[Any],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import xlbridge.lite

    # as once this version is on the package index (the local index here holds its wheel)
    monkeypatch.setattr(xlbridge.lite, "PUBLISHED", frozenset({installed_version()}))
    lite = tmp_path / "lite"
    write_lite_files(lite)
    requirements = (lite / "requirements.txt").read_text(encoding="utf-8")
    assert requirements.startswith(f"{DISTRIBUTION}==")
    calls = tmp_path / "doc_calls.json"
    calls.write_text(json.dumps(doc_calls), encoding="utf-8")
    script_body = (
        "sys.path[:0] = ['/lite', '/cases']\n"
        "import pyodide_cases\n"
        "doc = [tuple(c) for c in json.load(open('/cases/doc_calls.json'))]\n"
        f"result = await pyodide_cases.run(doc, {REPEAT})\n"
        "result['installed'] = INSTALLED\n"
        "json.dumps(result)\n"
    )
    # CPython's side runs beside Pyodide's (two processes, two cores).
    cpython_out = tmp_path / "cpython.json"
    env = {
        **os.environ,
        **OFFICEJS_ENV,
        "PYTHONPATH": os.pathsep.join([str(wheels.REPO_ROOT), str(lite), str(SUPPORT)]),
    }
    cpython = subprocess.Popen(
        [
            sys.executable,
            str(SUPPORT / "pyodide_cases.py"),
            str(calls),
            str(cpython_out),
            str(REPEAT),
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    work = tmp_path / "pyodide"
    work.mkdir()
    files = {
        "/lite/main.py": lite / "main.py",
        "/cases/pyodide_cases.py": SUPPORT / "pyodide_cases.py",
        "/cases/officejs.py": SUPPORT / "officejs.py",
        "/cases/doc_calls.json": calls,
    }
    try:
        out = run_in_pyodide(pyodide, index["simple"], requirements, script_body, files, work)
    finally:
        _, errors = cpython.communicate(timeout=1200)
    assert cpython.returncode == 0, errors[-4000:]
    ours = json.loads(out["result"])
    theirs = json.loads(cpython_out.read_text(encoding="utf-8"))

    # Pyodide ran the wheel micropip installed from the requirements line, without numpy.
    assert ours["platform"] == "emscripten" and theirs["platform"] != "emscripten"
    assert ours["installed"][DISTRIBUTION] == ours["xlbridge"] == theirs["xlbridge"]
    assert ours["xlbridge_file"].startswith("/lib/python3")
    assert not ours["numpy"]
    assert "python-calamine" not in ours["installed"]

    assert ours["cases"].keys() == theirs["cases"].keys()
    documented = [c for c in ours["cases"] if c.startswith("doc")]
    assert len(documented) >= 30
    assert {name for _, name, _ in doc_calls} >= {"MATCHPOINTS", "CROSS_IMPS", "BUTLER_IMPS"}
    boards = [c for c in ours["cases"] if not c.startswith("doc")]
    assert {c.removeprefix("direct: ").split()[0] for c in boards} == set(udfs.OFFICEJS_FUNCTIONS)
    through_officejs = {c.split()[0] for c in boards if not c.startswith("direct")}
    assert through_officejs == set(udfs.OFFICEJS_FUNCTIONS)
    for case, mine in ours["cases"].items():
        other = theirs["cases"][case]
        assert mine["inputs"] == other["inputs"], f"{case}: the inputs differ"
        for path in ("direct", "officejs"):
            assert mine.get(path) == other.get(path), f"{case} ({path}): Pyodide and CPython differ"
    # Every board case gave figures (the error case its message), on both paths.
    for case in boards:
        outcome = ours["cases"][case]
        if "error" in case:
            assert outcome["direct"]["error"] == "row 9999: '42O' is not a score"
            assert outcome["officejs"]["error"] == outcome["direct"]["error"]
        else:
            assert "value" in outcome["direct"], case
            assert case.startswith("direct") or "value" in outcome["officejs"], case

    timings = {
        case: [ours["cases"][case].get(key) and round(ours["cases"][case][key], 1)
               for key in ("direct_ms", "officejs_ms")]
        + [theirs["cases"][case].get(key) and round(theirs["cases"][case][key], 1)
           for key in ("direct_ms", "officejs_ms")]
        for case in boards
    }  # fmt: skip
    report = SUPPORT.parents[1] / "out" / "pyodide-timings.json"
    report.parent.mkdir(exist_ok=True)
    report.write_text(
        json.dumps({"pyodide": out["pyodide"], "python": [ours["python"], theirs["python"]],
                    "ms": timings}, indent=1),
        encoding="utf-8",
    )  # fmt: skip


def test_a_wheel_url_in_requirements_installs(
    pyodide: Path, index: dict[str, Any], tmp_path: Path
) -> None:
    # Before a release: `xlbridge lite --wheel URL`; Lite's micropip installs the wheel's URL.
    lite = tmp_path / "lite"
    write_lite_files(lite, wheel=index["wheel"])
    requirements = (lite / "requirements.txt").read_text(encoding="utf-8")
    assert requirements == index["wheel"] + "\n"
    work = tmp_path / "pyodide"
    work.mkdir()
    script_body = (
        "sys.path[:0] = ['/lite']\n"
        "import main\n"
        "board = [[1430]] * 2 + [[680]] * 5 + [[650]] * 2 + [[-100]] * 2\n"
        "weighted = [['30% 1430; 40% 680; 20% 650; 10% -100']]\n"
        "json.dumps({'installed': INSTALLED, 'mp': main.MATCHPOINTS(board + weighted)[-1]})\n"
    )
    files = {"/lite/main.py": lite / "main.py"}
    out = run_in_pyodide(pyodide, index["simple"], requirements, script_body, files, work)
    result = json.loads(out["result"])
    assert DISTRIBUTION in result["installed"]
    assert result["mp"] == [12.6, 9.4]  # EBU, "Calculation of Weighted Scores"

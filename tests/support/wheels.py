"""Build xlbridge's wheel once per test run, and fetch what Pyodide needs into a cache.

A helper module for tests/external/test_release.py and tests/external/test_pyodide.py, not a test
file.  Downloads go to ``$XLBRIDGE_TEST_CACHE`` (default
``~/.cache/xlbridge-tests``), so a second run needs no network:

- ``pyodide-VERSION/node_modules/pyodide``: npm's ``pyodide`` package;
- ``wheels/``: the pure-Python wheels of xlbridge's dependencies (at the
  versions installed here, so both Pythons run the same code), and of
  ``micropip`` and ``packaging``, which the Pyodide run unpacks itself instead
  of fetching them from Pyodide's CDN.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from importlib import metadata
from pathlib import Path

from support import paths

__all__ = [
    "CACHE",
    "PYODIDE_VERSION",
    "REPO_ROOT",
    "built_dist",
    "dependency_wheels",
    "pyodide_package",
]

REPO_ROOT = paths.ROOT
CACHE = Path(os.environ.get("XLBRIDGE_TEST_CACHE") or Path.home() / ".cache" / "xlbridge-tests")
#: npm's pyodide; XLBRIDGE_PYODIDE picks another (0.27.x is Python 3.12, as xlwings Lite runs).
PYODIDE_VERSION = os.environ.get("XLBRIDGE_PYODIDE", "0.27.7")
#: Installed here, besides the dependencies: the installer Pyodide runs (its CDN copy is not used).
MICROPIP = ("micropip==0.9.0", "packaging==26.3")
#: xlbridge's dependencies in Pyodide (python-calamine is not installed there, by its marker).
DEPENDENCIES = ("xlwings", "openpyxl", "et-xmlfile", "defusedxml", "click")

_built: dict[str, tuple[Path, Path]] = {}


def built_dist() -> tuple[Path, Path]:
    """The wheel and sdist of this checkout, built once per test run by ``python -m build``."""
    if "dist" not in _built:
        out = Path(tempfile.mkdtemp(prefix="xlbridge-dist-"))
        done = subprocess.run(
            [sys.executable, "-m", "build", "--outdir", str(out), str(REPO_ROOT)],
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        if done.returncode:
            raise RuntimeError(f"python -m build failed:\n{done.stdout}\n{done.stderr}")
        (wheel,) = out.glob("*.whl")
        (sdist,) = out.glob("*.tar.gz")
        _built["dist"] = wheel, sdist
    return _built["dist"]


def dependency_wheels() -> list[Path]:
    """Pure-Python wheels of the dependencies (versions installed here), micropip and packaging."""
    folder = CACHE / "wheels"
    pins = [f"{name}=={metadata.version(name)}" for name in DEPENDENCIES] + list(MICROPIP)
    wanted = {pin.split("==")[0].replace("-", "_").lower(): pin for pin in pins}

    def have() -> dict[str, Path]:
        found = {}
        for wheel in folder.glob("*-none-any.whl"):
            name, version = wheel.name.split("-")[:2]
            if wanted.get(name.lower(), "").endswith(f"=={version}"):
                found[name.lower()] = wheel
        return found

    if len(have()) < len(wanted):
        folder.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
             "--only-binary=:all:", "--platform", "any", "--python-version", "3.12",
             "--implementation", "py", "--abi", "none", "--dest", str(folder), *pins],
            capture_output=True, text=True, timeout=600, check=False,
        )  # fmt: skip
        if done.returncode:
            raise RuntimeError(f"pip download failed:\n{done.stderr[-2000:]}")
    found = have()
    missing = sorted(set(wanted) - set(found))
    if missing:
        raise RuntimeError(f"no pure-Python wheel of {missing}")
    return sorted(found.values())


def pyodide_package() -> Path | str:
    """npm's pyodide package folder (installed into the cache with npm), or why it is not there."""
    folder = CACHE / f"pyodide-{PYODIDE_VERSION}"
    package = folder / "node_modules" / "pyodide"
    if (package / "pyodide.asm.wasm").is_file():
        return package
    if not shutil.which("node"):
        return "node is not installed (CI installs Debian's nodejs: see .ci/run)"
    npm = shutil.which("npm")
    if not npm:
        return "npm is not installed, and pyodide is not in the test cache"
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        [npm, "install", "--no-audit", "--no-fund", "--silent", f"pyodide@{PYODIDE_VERSION}"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if done.returncode or not (package / "pyodide.asm.wasm").is_file():
        raise RuntimeError(f"npm install pyodide@{PYODIDE_VERSION} failed:\n{done.stderr[-2000:]}")
    return package

"""Fuzzing of the commands' own arguments and files (the third round's slips, classes 1, 5, 6).

* ``xlbridge new`` with random, absurd or conflicting arguments (tables from -1 to 300,
  boards from -1 to 400, a movement or none, ``--skip``, ``--sit-out``, teams, rounds,
  format, names that are folders, other types, or exist already);
* ``xlbridge score --hands`` with the example night's hand records given one random slip
  (a tag's value replaced, a line dropped, doubled or swapped, the file cut short, bytes
  overwritten), the mutations of the import fuzzing;
* ``xlbridge score`` with its outputs (``-o``, ``--html``, ``--usebio``, ``--pbn``) named
  from a pool holding the input, each other, an existing file of someone else's, a folder
  that does not exist and names of the wrong type.

The oracle: exit 0, or exit 2 with one message in words (never a Python error or repr);
on exit 2 nothing is written and nothing that was there is changed; the input is never
changed; a workbook ``new`` wrote is one ``score`` reads (exit 2 naming the blank
travellers, or 0).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st
from support import paths
from support.file_mutations import Base, Mutation
from support.fuzzing import fuzz, python_leaks

from xlbridge.cli import main
from xlbridge.formats.hand_records import cache_path

CI_EXAMPLES = 30  # of each of the three in CI (a fifth while working); derandomized
LONG_EXAMPLES = 1000  # the long run, mixed
EXAMPLE = paths.TEMPLATES / "example_club_night.xlsx"
HANDS = paths.TEMPLATES / "example_club_night_hands.pbn"


def snapshot(folder: Path) -> dict[str, str]:
    return {
        os.fspath(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def run(args: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(args)
    text = out.getvalue() + err.getvalue()
    assert not python_leaks(text), (args, text)
    return status, err.getvalue()


def check(args: list[str], folder: Path, keep: set[str]) -> str:
    """Run ``args`` in ``folder``: exit 0, or 2 with a message and ``folder`` unchanged;
    the files named in ``keep`` (the inputs) never change."""
    before = snapshot(folder)
    status, err = run(args)
    after = snapshot(folder)
    for name in keep:
        assert after.get(name) == before.get(name), (args, name)
    if status == 2:
        assert err.startswith(("error: ", "Usage: ")), (args, err)
        assert after == before, (args, err, set(after) ^ set(before))
        return "refused"
    assert status == 0, (args, status, err)
    return "done"


# --- new ------------------------------------------------------------------------------------

NAMES = ["night.xlsx", "night.xlsm", "night.csv", "night", "folder", "existing.xlsx",
         "missing/night.xlsx", ".xlsx", "Night.XLSX"]  # fmt: skip


@st.composite
def new_args(draw: st.DrawFn) -> list[str]:
    args = [draw(st.sampled_from(NAMES))]
    numbers = st.one_of(st.integers(-1, 12), st.sampled_from([0, 1, 30, 100, 201, 300]))
    if draw(st.booleans()):  # a pairs night
        if draw(st.integers(0, 4)):
            args += ["--movement", draw(st.sampled_from(["mitchell", "howell", "rover"]))]
        if draw(st.integers(0, 4)):
            args += ["--tables", str(draw(numbers))]
        if draw(st.integers(0, 4)):
            args += ["--boards", str(draw(st.one_of(st.integers(-1, 40), st.just(400))))]
        args += ["--skip"] * draw(st.integers(0, 1)) + ["--sit-out"] * draw(st.integers(0, 1))
    else:
        args += ["--teams", str(draw(st.one_of(st.integers(-1, 12), st.sampled_from([30, 100]))))]
        if draw(st.integers(0, 4)):
            args += ["--boards", str(draw(st.one_of(st.integers(-1, 12), st.just(64))))]
        if draw(st.booleans()):
            args += ["--rounds", str(draw(st.integers(-1, 12)))]
        if draw(st.booleans()):
            args += ["--format", draw(st.sampled_from(["swiss", "round-robin", "knockout"]))]
    if draw(st.booleans()):
        args += ["--event", draw(st.sampled_from(["Tuesday", "", "=1+1", "a\x01b", "x" * 500]))]
    if draw(st.booleans()):
        args += ["--date", draw(st.sampled_from(["24/11/2026", "31/02/2026", "tomorrow", ""]))]
    args += ["--force"] * draw(st.integers(0, 1))
    return args


def check_new(args: list[str], folder: Path) -> str:
    (folder / "folder").mkdir()
    (folder / "existing.xlsx").write_bytes(b"someone's own file")
    os.chdir(folder)
    outcome = check(["new", *args], folder, set())
    if outcome == "done":
        name = Path(args[0])
        assert name.exists(), args
        if name.suffix.lower() == ".xlsx":  # a fresh night: nothing to score, said in words
            status, err = run(["score", str(name), "-o", "scored.xlsx"])
            assert status == 2 and err.startswith("error: "), (args, err)
    return f"new {outcome}"


@fuzz(CI_EXAMPLES)
@given(args=new_args())
def test_new_with_any_arguments(tmp_path_factory: pytest.TempPathFactory, args: list[str]) -> None:
    with contextlib.chdir(Path.cwd()):
        check_new(args, tmp_path_factory.mktemp("new"))


# --- score --hands --------------------------------------------------------------------------

HAND_KINDS = ["value", "drop", "twice", "swap", "cut", "bytes"]


@st.composite
def hand_mutations(draw: st.DrawFn) -> Mutation:
    kind = draw(st.sampled_from(HAND_KINDS))
    if kind in ("cut", "bytes"):
        args: tuple[Any, ...] = (draw(st.floats(0, 1)), draw(st.integers(1, 64)),
                                 draw(st.integers(0, 255)))  # fmt: skip
    else:
        args = (draw(st.integers(0, 10**6)), draw(st.integers(0, 10**6)))
    return Mutation(kind, args)


def check_hands(mutation: Mutation, folder: Path) -> str:
    night, deals = folder / "night.xlsx", folder / "deals.pbn"
    shutil.copyfile(EXAMPLE, night)
    deals.write_bytes(mutation.apply(Base("deals.pbn", HANDS)))
    # the club's solved tables kept beside its file, as after the first night: only a deal
    # the slip changed is solved again (solving all 27 took 7 s an example)
    shutil.copyfile(cache_path(HANDS), cache_path(deals))
    outcome = check(
        ["score", str(night), "-o", str(folder / "results.xlsx"), "--hands", str(deals)],
        folder,
        {"night.xlsx", "deals.pbn"},
    )
    return f"hands {mutation.kind}: {outcome}"


@fuzz(CI_EXAMPLES)
@given(mutation=hand_mutations())
def test_hand_records_with_a_slip(
    tmp_path_factory: pytest.TempPathFactory, mutation: Mutation
) -> None:
    check_hands(mutation, tmp_path_factory.mktemp("hands"))


# --- score's outputs ------------------------------------------------------------------------

OUTPUTS = ["night.xlsx", "out.xlsx", "out.html", "out.xml", "out.pbn", "mine.xlsx", "mine.html",
           "missing/out.xlsx", "out.csv", "folder", "OUT.XLSX", "deals.pbn"]  # fmt: skip


@st.composite
def output_args(draw: st.DrawFn) -> list[str]:
    args: list[str] = []
    for option in ("-o", "--html", "--usebio", "--pbn"):
        if draw(st.integers(0, 2)):
            args += [option, draw(st.sampled_from(OUTPUTS))]
    if draw(st.booleans()):
        args += ["--hands", "deals.pbn"]
    return args + ["--force"] * draw(st.integers(0, 1))


def check_outputs(args: list[str], folder: Path) -> str:
    shutil.copyfile(EXAMPLE, folder / "night.xlsx")
    shutil.copyfile(HANDS, folder / "deals.pbn")
    (folder / "mine.xlsx").write_bytes(b"someone's own workbook")
    (folder / "mine.html").write_text("<p>someone's own page</p>", encoding="utf-8")
    (folder / "folder").mkdir()
    os.chdir(folder)
    outcome = check(["score", "night.xlsx", *args], folder, {"night.xlsx", "deals.pbn"})
    if "--force" not in args:  # someone's own files are replaced only with --force
        for mine in ("mine.xlsx", "mine.html"):
            assert (folder / mine).read_bytes()[:9] in (b"someone's", b"<p>someon"), args
    return f"outputs {outcome}"


@fuzz(CI_EXAMPLES)
@given(args=output_args())
def test_outputs_named_any_way(tmp_path_factory: pytest.TempPathFactory, args: list[str]) -> None:
    with contextlib.chdir(Path.cwd()):
        check_outputs(args, tmp_path_factory.mktemp("outputs"))


# --- the long run -----------------------------------------------------------------------------


@pytest.mark.slow
@fuzz(long=LONG_EXAMPLES)
@given(
    which=st.integers(0, 2),
    new=new_args(),
    hands=hand_mutations(),
    outputs=output_args(),
)
def test_many_commands(
    tmp_path_factory: pytest.TempPathFactory,
    which: int,
    new: list[str],
    hands: Mutation,
    outputs: list[str],
) -> None:
    folder = tmp_path_factory.mktemp("command")
    with contextlib.chdir(Path.cwd()):
        if which == 0:
            outcome = check_new(new, folder)
        elif which == 1:
            outcome = check_hands(hands, folder)
        else:
            outcome = check_outputs(outputs, folder)
    event(outcome)
    if "XLBRIDGE_FUZZ_LOG" in os.environ:
        with open(os.environ["XLBRIDGE_FUZZ_LOG"], "a", encoding="utf-8") as log:
            log.write(f"{outcome}\n")

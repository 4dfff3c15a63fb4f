"""The package's layers (docs/architecture.md): imports go one way, no cycle, no private reach.

Every ``import`` in ``xlbridge/`` is read from the source (those inside
functions too: a lazy import is still a dependency), so the checks cover
what runs, not only what is imported at start-up.
"""

from __future__ import annotations

import ast
from pathlib import Path

from support import paths

PACKAGE = paths.ROOT / "xlbridge"

#: Modules that are adapters: they may import xlwings, openpyxl and the workbook code.
ADAPTERS = (
    "xlbridge.udfs",
    "xlbridge.cli",
    "xlbridge.__main__",  # ``python -m xlbridge``: runs xlbridge.cli
    "xlbridge.lite",
    "xlbridge.workbook",
    "xlbridge.formats",
)

#: Private names one module still takes from another, each with the work that removes it.
KNOWN_PRIVATE: set[tuple[str, str, str]] = set()


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> list[tuple[str, tuple[str, ...]]]:
    """Each import of the module at ``path``: (module imported, names taken from it)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[str, tuple[str, ...]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((alias.name, ()) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = tuple(alias.name for alias in node.names)
            found.append((node.module, names))
            # ``from xlbridge import fast`` imports the module xlbridge.fast
            found.extend((f"{node.module}.{name}", ()) for name in names)
    return found


def graph() -> dict[str, dict[str, tuple[str, ...]]]:
    modules = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    edges: dict[str, dict[str, tuple[str, ...]]] = {}
    for name, path in modules.items():
        edges[name] = {}
        for target, names in imports(path):
            if target in modules and target != name:
                edges[name][target] = edges[name].get(target, ()) + names
    return edges


def test_no_import_cycle() -> None:
    edges = graph()
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> None:
        if node in path:
            cycle = [*path[path.index(node) :], node]
            raise AssertionError("import cycle: " + " -> ".join(cycle))
        if node in done:
            return
        for target in edges[node]:
            if target != "xlbridge":  # the package's __init__ only re-exports
                visit(target, [*path, node])
        done.add(node)

    for module in edges:
        visit(module, [])


def test_no_module_takes_another_modules_private_names() -> None:
    taken = {
        (module, target, name)
        for module, targets in graph().items()
        for target, names in targets.items()
        for name in names
        if name.startswith("_") and not name.startswith("__")
    }
    assert taken <= KNOWN_PRIVATE, sorted(taken - KNOWN_PRIVATE)


def test_the_core_imports_no_adapter() -> None:
    for path in PACKAGE.rglob("*.py"):
        name = module_name(path)
        if name == "xlbridge" or name.startswith(ADAPTERS):
            continue
        for target, _ in imports(path):
            assert not target.startswith(("xlwings", "openpyxl", "python_calamine", *ADAPTERS)), (
                f"{name} imports {target}"
            )


def test_there_is_one_scoring_engine() -> None:
    """The second engine (fast.py) is gone; every board is scored by xlbridge.board.Board."""
    assert not (PACKAGE / "fast.py").exists()
    users = {name for name, targets in graph().items() if "xlbridge.board" in targets}
    assert {"xlbridge.session", "xlbridge.udfs"} <= users


# --- places are values (docs/architecture.md, "Places and problems") ----------------------


def text_places(source: str) -> list[str]:
    """Places made as text in ``source``: an error's ``where`` set to ``str(...)`` or an
    f-string, an error raised with its place joined into its words
    (``raise ScoringError(f"{where}: ...")``), a cell joined by f-string
    (``f"{sheet}!{ref}"``), a club joined to a place by f-string (``f"{club}: {source}"``).
    Each is shown as ``line: code``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
            words = node.exc.args[0]
            if (
                isinstance(words, ast.JoinedStr)
                and len(words.values) > 1
                and isinstance(words.values[0], ast.FormattedValue)
                and isinstance(words.values[0].value, ast.Name)
                and words.values[0].value.id in ("where", "source", "at", "name")
                and isinstance(words.values[1], ast.Constant)
                and str(words.values[1].value).startswith(": ")
            ):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            text = isinstance(node.value, ast.JoinedStr) or (
                isinstance(node.value, ast.Call)
                and isinstance(node.value.func, ast.Name)
                and node.value.func.id == "str"
            )
            if text and any(isinstance(t, ast.Attribute) and t.attr == "where" for t in targets):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.JoinedStr):
            parts = node.values
            for before, middle, after in zip(parts, parts[1:], parts[2:], strict=False):
                if not (
                    isinstance(before, ast.FormattedValue)
                    and isinstance(middle, ast.Constant)
                    and isinstance(after, ast.FormattedValue)
                ):
                    continue
                outer, inner = ast.unparse(before.value), ast.unparse(after.value)
                cell = middle.value == "!"
                club = (
                    "club" in outer
                    and str(middle.value).startswith(":")
                    and any(word in inner for word in ("source", "place", "where", "cell"))
                )
                if cell or club:
                    found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_place_is_made_as_text() -> None:
    made = {
        f"{path.relative_to(paths.ROOT)}:{line}"
        for path in PACKAGE.rglob("*.py")
        if path.name != "places.py"  # where a place prints itself
        for line in text_places(path.read_text(encoding="utf-8"))
    }
    assert made == set(), "a place made as text: use xlbridge/places.py"


def test_the_place_check_finds_what_it_guards_against() -> None:
    # the shapes that were in the code before the places were typed
    assert text_places("self.where = str(where)")
    assert text_places('placed.where = f"{where}: {self.where}"')
    assert text_places('where = f"{found.sheet}!{found.ref}"')
    assert text_places('return f"{club}: {source}" if source else club')
    assert text_places('raise ScoringError(f"{where}: {quote(cell)} is not a number")')
    assert text_places('raise WeightError(f"{where}: weight " f"{quote(value)} is over 100%")')
    assert text_places('raise ScoringError(f"{name}: the EVENT has no PARTICIPANTS")')
    # messages that name a place they were given, and Excel formulas, are not places made
    assert not text_places('message = f"{where}: {what}"')
    assert not text_places('click.echo(f"warning: {club}: {warning}")')
    assert not text_places('scale = f"{SETTINGS}!$B${row}"')
    assert not text_places("self.where = where")
    assert not text_places('raise ScoringError(f"{quote(cell)} is not a number", where)')


# --- a warning is a problem: its words are never edited (docs/architecture.md) -------------

#: The names a warning goes by where it is printed (``for warning in night.warnings``).
WARNING_NAMES = ("warning", "warnings")


def _names_a_warning(expression: ast.expr) -> bool:
    return _names_one_of(expression, WARNING_NAMES)


#: The names a message's words go by where a warning is made of them (``for _, message in``).
MESSAGE_NAMES = ("message", "messages", "msg", "what", "problem")
#: The names a place goes by (a reader's ``where``, a record's ``source``).
PLACE_NAMES = ("where", "source", "place")


def _names_one_of(expression: ast.expr, names: tuple[str, ...]) -> bool:
    return any(
        (isinstance(node, ast.Name) and node.id in names)
        or (isinstance(node, ast.Attribute) and node.attr in names)
        for node in ast.walk(expression)
    )


def _joins_a_place(text: ast.JoinedStr) -> bool:
    """An f-string that puts a place before a message's words: a message after a value
    and ``: `` (``f"pair {pair.label}, player {index}: {message}"``), or a place first
    (``f"{where}: board {board}: ..."``)."""
    parts = text.values
    for at, part in enumerate(parts):
        if at == 0 or not isinstance(part, ast.FormattedValue):
            continue
        colon = parts[at - 1]
        after_colon = isinstance(colon, ast.Constant) and str(colon.value).endswith(": ")
        valued = any(isinstance(p, ast.FormattedValue) for p in parts[:at])
        if after_colon and valued and _names_one_of(part.value, MESSAGE_NAMES):
            return True
    if len(parts) < 2 or not isinstance(parts[0], ast.FormattedValue):
        return False
    words = parts[1]
    return (
        _names_one_of(parts[0].value, PLACE_NAMES)
        and isinstance(words, ast.Constant)
        and str(words.value).startswith(": ")
    )


def _warnings_made(tree: ast.AST) -> list[ast.expr]:
    """What becomes a warning: what is added to a warnings list (``warnings.append(...)``),
    and a problem's words (``Problem(where, what)``)."""
    made: list[ast.expr] = []
    for call in ast.walk(tree):
        if not isinstance(call, ast.Call):
            continue
        func = call.func
        if isinstance(func, ast.Attribute) and _names_a_warning(func.value):
            made += [*call.args, *(keyword.value for keyword in call.keywords)]
        elif isinstance(func, ast.Name) and func.id == "Problem":
            made += [*call.args[1:], *(k.value for k in call.keywords if k.arg == "what")]
    return made


def edited_warnings(source: str) -> list[str]:
    """Messages built by editing another message in ``source``: a warning put into an
    f-string after anything but ``warning: `` (``f"warning: {club}: {warning}"``,
    ``f"{name}: {warning}"``), what is still to come joined after a place
    (``f"{club}: {night.event.provisional}"``), or a place joined before the words of
    what becomes a warning (``warnings.append(f"pair {label}, player {index}: {message}")``,
    ``warnings.append(f"{where}: board {board}: ...")``: make it ``Problem(place, what)``).
    Each is shown as ``line: code``."""
    tree = ast.parse(source)
    found = [
        f"{node.lineno}: {ast.unparse(node)}"
        for made in _warnings_made(tree)
        for node in ast.walk(made)
        if isinstance(node, ast.JoinedStr) and _joins_a_place(node)
    ]
    for node in ast.walk(tree):
        if not isinstance(node, ast.JoinedStr):
            continue
        parts = node.values
        for at, part in enumerate(parts):
            if not isinstance(part, ast.FormattedValue):
                continue
            before = parts[:at]
            if _names_a_warning(part.value):
                said = [ast.unparse(p) for p in before] == ["'warning: '"]
                if before and not said:
                    found.append(f"{node.lineno}: {ast.unparse(node)}")
            elif (
                isinstance(part.value, ast.Attribute)
                and part.value.attr == "provisional"
                and at >= 2
                and isinstance(parts[at - 1], ast.Constant)
                and parts[at - 1].value == ": "
                and isinstance(parts[at - 2], ast.FormattedValue)
            ):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_warning_is_edited() -> None:
    """A command, or the season, that names a club's or a night's file puts it before the
    warning's place (``Problem(ClubPlace(club, w.where), w.what)``), never before its text;
    a reader gives a warning's place as its place (``Problem(where, message)``)."""
    edited = {
        f"{path.relative_to(paths.ROOT)}:{line}"
        for path in PACKAGE.rglob("*.py")
        for line in edited_warnings(path.read_text(encoding="utf-8"))
    }
    assert edited == set(), (
        "a warning's text edited: give its place as the Problem's (a ClubPlace for a club's)"
    )


def test_the_warning_check_finds_what_it_guards_against() -> None:
    # the shapes that were in the commands and the season before warnings were problems
    assert edited_warnings('click.echo(f"warning: {club}: {warning}", err=True)')
    assert edited_warnings('click.echo(f"warning: {night}: {warning}", err=True)')
    assert edited_warnings('tuple(f"{name}: {warning}" for warning in scored.warnings)')
    assert edited_warnings('[f"{club}: {night.night.event.provisional}" for club in clubs]')
    assert edited_warnings('f"provisional: {night}: {scored[-1].night.event.provisional}"')
    # a place joined before the words of what becomes a warning (a players list's, a
    # hand-record file's, before they were problems)
    assert edited_warnings('warnings.append(f"pair {pair.label}, player {index}: {message}")')
    assert edited_warnings('warnings.append(f"{where}: board {board}: not read")')
    assert edited_warnings('self.warnings.extend(f"{name}: {what}" for name, what in found)')
    assert edited_warnings('warnings.append(f"{record.source}: board {record.board}: par")')
    assert edited_warnings('Problem("", f"pair {label}, player {index}: {message}")')
    # a place given as the place, and a value's words that hold a colon, are not edits
    assert not edited_warnings('warnings.append(Problem(f"pair {label}, player 1", message))')
    assert not edited_warnings('warnings.append(Problem(on_board(where, 5), "not read"))')
    assert not edited_warnings('warnings.append(f"{name} gives to {listed.name}: it stands")')
    assert not edited_warnings('problems.append(Problem(where, f"board {board}: a bye"))')
    # a warning said as it was made, and a title marked provisional, are not edits
    assert not edited_warnings('click.echo(f"warning: {warning}", err=True)')
    assert not edited_warnings('say(f"warning: {warning}")')
    assert not edited_warnings('f"{text} (PROVISIONAL: {self.provisional})"')
    assert not edited_warnings('click.echo(f"provisional: {waiting}", err=True)')


def test_an_errors_place_stays_a_value() -> None:
    import pickle

    from xlbridge.errors import ScoringError
    from xlbridge.places import CellPlace, ClubPlace, FileLine, Within

    cell = CellPlace("Travellers", 14, "G")
    error = ScoringError("'42O' is not a score").at(cell)
    assert error.where == cell
    assert str(error) == "Travellers!G14: '42O' is not a score"
    # an outer place is put before the inner one, both kept
    placed = error.at("club.xlsx")
    assert placed.where == Within("club.xlsx", cell)
    assert str(placed) == "club.xlsx: Travellers!G14: '42O' is not a score"
    assert placed.at("club.xlsx") is placed  # named already: as it was
    # a merged field's cell in its club's workbook
    merged = ScoringError("board 3 has more results than tables", ClubPlace("Acol", cell))
    assert merged.where == ClubPlace("Acol", cell)
    assert str(merged) == "Acol: Travellers!G14: board 3 has more results than tables"
    assert merged.at("Acol") is merged
    # a merge's workers send errors across processes: the place arrives as a place
    line = ScoringError("a ScoreTable row without PairId_NS and PairId_EW", FileLine("a.pbn", 6))
    again = pickle.loads(pickle.dumps(line))
    assert again.where == FileLine("a.pbn", 6)
    assert str(again) == "a.pbn line 6: a ScoreTable row without PairId_NS and PairId_EW"
    assert ScoringError("no pairs are listed").where is None


#: What code may do to an exception's text: nothing but show it whole.
_TEXT_EDITS = frozenset(
    {
        "startswith",
        "endswith",
        "replace",
        "removeprefix",
        "removesuffix",
        "split",
        "splitlines",
        "partition",
        "strip",
        "lstrip",
        "rstrip",
    }
)

#: Where code still reads or edits an exception's text, each with why: another library's
#: words (xlbridge's own are values: ``what``, ``where``, ``part``...), or the work left.
KNOWN_TEXT_READS: dict[str, str] = {
    "xlbridge/cli.py: str(exc).removesuffix": (
        "openpyxl's IllegalCharacterError: its words, the text it refused in front"
    ),
    "xlbridge/workbook/shared/sheets.py: str(exc).split": (
        "openpyxl's words on a workbook it cannot load: the first line, its path taken out"
    ),
    "xlbridge/workbook/shared/sheets.py: str(exc).splitlines": (
        "python-calamine's words on an OpenDocument file it cannot read: the first line"
    ),
    "xlbridge/cli.py: source.name in str(exc)": (
        "left: whether a message names the file already; typed, it needs every reader to "
        "give its file as the error's place rather than in its words"
    ),
}


def _is_exception_text(node: ast.AST, caught: set[str]) -> bool:
    """``str(exc)`` for a name an ``except ... as`` binds."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "str"
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Name)
        and node.args[0].id in caught
    )


def exception_text_reads(source: str) -> list[str]:
    """Each place in ``source`` that looks into an exception's text (``in str(exc)``) or
    edits it (``str(exc).replace(...)``), as ``ast.unparse`` writes it."""
    tree = ast.parse(source)
    caught = {
        node.name for node in ast.walk(tree) if isinstance(node, ast.ExceptHandler) and node.name
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            if any(isinstance(op, ast.In | ast.NotIn) for op in node.ops) and any(
                _is_exception_text(right, caught) for right in node.comparators
            ):
                found.append(ast.unparse(node))
        elif isinstance(node, ast.Attribute) and node.attr in _TEXT_EDITS:
            if _is_exception_text(node.value, caught):
                found.append(ast.unparse(node))
        elif isinstance(node, ast.Subscript) and _is_exception_text(node.value, caught):
            found.append(ast.unparse(node))
    return found


def _reads_in(path: Path) -> list[str]:
    """The reads of ``path``, each as ``xlbridge/cli.py: str(exc).removesuffix``."""
    name = path.relative_to(paths.ROOT).as_posix()
    return [f"{name}: {found}" for found in exception_text_reads(path.read_text(encoding="utf-8"))]


def test_no_message_is_read_back_or_edited() -> None:
    # a message is made once from values and shown whole: code that decides by an
    # exception's words, or makes a message by editing another's, reads a value instead
    found = {read for path in sorted(PACKAGE.rglob("*.py")) for read in _reads_in(path)}
    unexplained = found - KNOWN_TEXT_READS.keys()
    assert unexplained == set(), "decide by the exception's attributes, not its words"
    stale = KNOWN_TEXT_READS.keys() - found
    assert stale == set(), "no longer there: take it off KNOWN_TEXT_READS"


def test_the_message_check_finds_what_it_guards_against() -> None:
    # the shapes that were in the code before the errors carried their parts
    before = """
try:
    played = PlayedContract.from_cells(contract, declarer, result)
except ContractError as exc:
    if str(exc).startswith(f"{quote(contract)} is not a contract"):
        pass
    message = str(exc) if "could mean" in str(exc) else "is not an amount"
    if source.name in str(exc):
        raise
    text = str(exc).replace(" from here", "")
    first = str(exc)[:40]
"""
    assert len(exception_text_reads(before)) == 5
    # showing an exception whole, or its attributes, is not reading it back
    after = """
try:
    played = PlayedContract.from_cells(contract, declarer, result)
except ContractError as exc:
    if exc.unread and exc.part == "contract":
        problems.error(where, str(exc))
    raise ScoringError(f"{quote(contract)}: {exc.what}") from None
"""
    assert exception_text_reads(after) == []


# --- a value in a message is quoted as the user sees it (xlbridge.exact.quote) -------------

#: The Python reprs (``{value!r}``) left in f-strings, ``path: expression``, each with why
#: no value a user typed or a file held reaches it.
KNOWN_REPRS: dict[str, str] = {
    "xlbridge/contract.py: self.level": (
        "Contract() built by Python code; a typed contract comes through Contract.parse"
    ),
    "xlbridge/contract.py: self.strain": "Contract() given a str, not a Strain: a caller's slip",
    "xlbridge/contract.py: self.doubling": (
        "Contract() given a str, not a Doubling: a caller's slip"
    ),
    "xlbridge/contract.py: result": (
        "score_contract's type check: every caller passes a whole number; the repr tells the "
        "caller 1.0 from 1 (quote would say '1 is not a whole number')"
    ),
    "xlbridge/contract.py: declarer": "score_contract given None or a str, not a Seat",
    "xlbridge/exact.py: unit": "round_half_away's unit is the code's own constant",
    "xlbridge/hands.py: self.tricks": (
        "a DDTable from the solver or the cache; a PBN file's table out of 0-13 is caught and "
        "warned of in its own words (formats/pbn/deals.py)"
    ),
    "xlbridge/workbook/shared/sheets.py: code": (
        "_NotSure is never shown: it only sends the workbook to openpyxl instead of calamine"
    ),
    "xlbridge/workbook/shared/snapshot.py: a": "the template snapshot test's diff, for developers",
    "xlbridge/workbook/shared/snapshot.py: b": "the template snapshot test's diff, for developers",
    "xlbridge/workbook/pairs/writer.py: value": (
        "TypeError: the writer given a Python type no cell can hold, a bug"
    ),
}


def reprs_in(source: str) -> list[str]:
    """Each value an f-string in ``source`` shows as Python's repr (``{value!r}``,
    ``{value=}``, ``{repr(value)}``), as its expression."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.FormattedValue):
            continue
        value = node.value
        if node.conversion == ord("r"):
            found.append(ast.unparse(value))
        elif (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Name)
            and value.func.id == "repr"
            and len(value.args) == 1
        ):
            found.append(ast.unparse(value.args[0]))
    return found


def _reprs() -> set[str]:
    return {
        f"{path.relative_to(paths.ROOT).as_posix()}: {expression}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for expression in reprs_in(path.read_text(encoding="utf-8"))
    }


def test_no_message_shows_a_value_as_python_writes_it() -> None:
    # "O'Brien" in double quotes, '\t', '\u200b': a message quotes the value as it was
    # typed, an unseen character named in words (quote in xlbridge/exact.py)
    found = _reprs()
    unexplained = found - KNOWN_REPRS.keys()
    assert unexplained == set(), "quote the value with xlbridge.exact.quote, not !r"
    stale = KNOWN_REPRS.keys() - found
    assert stale == set(), "no longer there: take it off KNOWN_REPRS"


def test_the_repr_check_finds_what_it_guards_against() -> None:
    # the shapes that were in the messages before they quoted values as typed
    assert reprs_in('raise ScoringError(f"BOARD_NUMBER {number_text!r} is not a number", n)') == [
        "number_text"
    ]
    assert reprs_in("f\"EVENT_TYPE {kind or 'none'!r} is not a teams-of-four event\"") == [
        "kind or 'none'"
    ]
    assert reprs_in('f"line {number}: {line.strip()!r:.40} is not a PBN tag pair"') == [
        "line.strip()"
    ]
    assert reprs_in('f"the sheet {repr(name)} is hidden"') == ["name"]
    assert reprs_in('f"{name=}"') == ["name"]
    # a value quoted, or a repr made outside a message, is not
    assert reprs_in('f"BOARD_NUMBER {quote(number_text)} is not a board number"') == []
    assert reprs_in('f"{len(parts)} hands, {part!s} {part:>4}"') == []
    assert reprs_in("args = [repr(self.number)]") == []

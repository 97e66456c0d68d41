"""`companion referee black-cannon POSITION QUESTION`: the board in use, a ship's moves for a roll, one
move checked, the sea battles, the score. Each answer is plain data for `--json`, a sentence, and the
squares to mark on the board.
"""

from __future__ import annotations

from companion.games.black_cannon.moves import RollError, judge_move, sailing
from companion.games.black_cannon.position import Position
from companion.games.black_cannon.rules import battles, score
from companion.games.black_cannon.text import draw_evidence
from companion.games.answer import Answer, QuestionError
from companion.games.excerpt import excerpt


QUESTIONS = {
    "board": "board",
    "moves": "moves --fleet FLEET --dice D[,D]",
    "check": "check --fleet FLEET --dice D[,D] --to SQUARE",
    "battles": "battles",
    "score": "score",
}
OPTIONS = {"board": (), "moves": ("fleet", "dice"), "check": ("fleet", "dice", "to"), "battles": (), "score": ()}
# A question is quoted shorter than other input: repr() writes one odd character as up to ten.
ASKED_CHARS = 20


def _asked(words) -> str:
    return excerpt(" ".join(words), ASKED_CHARS)


def answer(position: Position, words: list[str], player: str | None = None) -> Answer:
    """`player` is not asked for: a question names the fleet it is about with --fleet."""
    if not words or words[0] not in QUESTIONS:
        raise QuestionError(f"unknown question {_asked(words)}; ask one of: " + "; ".join(QUESTIONS.values()))
    if player is not None:
        raise QuestionError("Black Cannon's questions name a fleet with --fleet, not a player with --player")
    name = words[0]
    options = _options(words, OPTIONS[name])
    if name == "board":
        return _board(position)
    if name == "battles":
        return _battles(position)
    if name == "score":
        return _score(position)
    fleet = _fleet_option(position, options["fleet"])
    dice = _dice_option(options["dice"])
    if name == "moves":
        return _moves(position, fleet, dice)
    to = options["to"]
    if to not in position.board:
        raise QuestionError(f"--to {excerpt(to, ASKED_CHARS)} is not a square of the board (A1 to "
                            f"{position.board.names[-1]})")
    return _check(position, fleet, dice, to)


def _options(words: list[str], wanted: tuple[str, ...]) -> dict[str, str]:
    """--name VALUE or --name=VALUE for each of `wanted`, every one of them given, nothing else."""
    found: dict[str, str] = {}
    rest = list(words[1:])
    while rest:
        word = rest.pop(0)
        key, equals, value = word.partition("=")
        if not key.startswith("--") or key[2:] not in wanted:
            raise QuestionError(f"{_asked(words)} does not match '{QUESTIONS[words[0]]}' (at {excerpt(word, ASKED_CHARS)})")
        if not equals:
            if not rest:
                raise QuestionError(f"{key} needs a value: '{QUESTIONS[words[0]]}'")
            value = rest.pop(0)
        if key[2:] in found:
            raise QuestionError(f"{key} is given twice")
        found[key[2:]] = value
    missing = [f"--{key}" for key in wanted if key not in found]
    if missing:
        raise QuestionError(f"{words[0]} needs {' and '.join(missing)}: '{QUESTIONS[words[0]]}'")
    return found


def _fleet_option(position: Position, text: str) -> str:
    if text not in position.ships:
        raise QuestionError(f"--fleet {excerpt(text, ASKED_CHARS)} is not a fleet in play "
                            f"({', '.join(position.fleets)})")
    return text


def _dice_option(text: str) -> tuple[int, ...]:
    parts = text.split(",")
    if not 1 <= len(parts) <= 2 or not all(p.isascii() and p.isdigit() and len(p) == 1 for p in parts):
        raise QuestionError(f"--dice {excerpt(text, ASKED_CHARS)} is not a roll: one die or two, like 4 or 4,2")
    return tuple(int(p) for p in parts)


def _sailing(position: Position, fleet: str, dice: tuple[int, ...]):
    try:
        return sailing(position, fleet, dice)
    except RollError as error:
        raise QuestionError(f"--dice: {error}") from None


def _board(position: Position) -> Answer:
    board = position.board
    name = board.source or "the default board"
    sentence = (f"{name}: {board.columns} x {board.rows} squares; treasure on {', '.join(board.treasure)}; Black "
                f"Cannon squares {', '.join(board.black_cannon)}; ports " +
                ", ".join(f"{fleet} {square}" for fleet, square in board.ports) + " (BC-1).")
    edges = [f"  edge {letter}: " + " ".join(f"{a}|{b}" for a, b in pairs) for letter, pairs in board.edges]
    return Answer(board.to_json(), sentence, extra=[*edges, "", *draw_evidence(position, (), ()).splitlines()])


def _moves(position: Position, fleet: str, dice: tuple[int, ...]) -> Answer:
    found = _sailing(position, fleet, dice)
    start = position.ships[fleet].square
    ends = tuple(move.to for move in found.moves)
    count = len(found.moves)
    if found.forced and count:
        sentence = f"{fleet.title()} must make a forced move of {found.moves[0].squares}: to {' or '.join(ends)}. [BC-5]"
    elif found.forced:
        sentence = f"{fleet.title()} cannot move from {start}: the turn passes. [BC-8]"
    else:
        sentence = f"{fleet.title()} may move from {start} to {count} square{'s' if count != 1 else ''}: {' '.join(ends)}."
    lines = [f"  - {reason.message} [{reason.rule}]" for reason in found.reasons]
    lines += [f"  {move.direction:<10} {move.squares} to {move.to}" + (" (home port)" if move.home else "")
              for move in found.moves]
    return Answer(found.to_json(), sentence, path=tuple(s for move in found.moves for s in move.path),
                  ends=(start, *ends), extra=lines)


def _check(position: Position, fleet: str, dice: tuple[int, ...], to: str) -> Answer:
    _sailing(position, fleet, dice)   # a roll that does not fit the ship is a bad question, not a refusal
    verdict = judge_move(position, fleet, dice, to)
    start = position.ships[fleet].square
    data = {"legal": verdict.legal, "reasons": [reason.to_json() for reason in verdict.reasons]}
    if verdict.legal:
        return Answer(data, f"Legal: {verdict.note}", path=tuple(verdict.evidence[1:]), ends=(start, to))
    cells = tuple(c for reason in verdict.reasons for c in reason.cells)
    return Answer(data, f"Not legal: {verdict.message} [{verdict.reasons[0].rule}]", path=cells,
                  ends=(start, to, *cells[-1:]))


def _battles(position: Position) -> Answer:
    found = battles(position)
    data = {"battles": [battle.to_json() for battle in found]}
    if not found:
        return Answer(data, "No opponents' ships face each other across a lettered edge (BC-2).")
    lines = [f"  edge {b.edge}: {b.fleets[0]} at {b.squares[0]} faces {b.fleets[1]} at {b.squares[1]}" for b in found]
    sentence = f"{len(found)} pair{'s' if len(found) != 1 else ''} of ships face each other across a lettered edge (BC-2)."
    return Answer(data, sentence, ends=tuple(s for b in found for s in b.squares), extra=lines)


def _score(position: Position) -> Answer:
    result = score(position)
    lines = [f"  {p:<10} {result.home[p]} home, {result.carried[p]} carried ({', '.join(position.fleets_of(p))})"
             for p in position.names]
    return Answer(result.to_json(), result.why, extra=lines)

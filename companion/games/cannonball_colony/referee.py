"""Answers to the disputes players raise: fort distance, cannon range, one build, all builds, score.

Each answer is plain data for `--json`, a sentence for people, and the cells to mark.
The dashboard's dispute screen and `companion referee` both ask through `answer`.
"""

from __future__ import annotations

from companion.games.answer import Answer, QuestionError
from companion.games.excerpt import excerpt
from companion.games.cannonball_colony.cells import Cell, Country, cells_text
from companion.games.cannonball_colony.position import Position
from companion.games.cannonball_colony.rules import BUILD_KINDS, judge_build, legal_builds, score


QUESTIONS = {
    "fort-distance": "fort-distance A B",
    "cannon-range": "cannon-range CANNON TARGET",
    "check": "check fort|cannon|blockade|road|landing CELL --player P",
    "legal": "legal --player P",
    "score": "score",
}


UNKNOWN_QUESTION_CHARS = 20


def _cell(position: Position, text: str) -> Cell:
    try:
        cell = Cell.parse(text)
    except ValueError as error:
        raise QuestionError(str(error)) from None
    if not position.in_grid(cell):
        last = Cell(position.width - 1, position.height - 1)
        raise QuestionError(f"cell {excerpt(text)} is outside the island's grid (A1 to {last})")
    return cell


def _player(position: Position, player: str | None, question: str) -> Country:
    if player is None:
        raise QuestionError(f"'{question}' needs --player COUNTRY (one of {' '.join(map(str, position.players))})")
    try:
        country = Country.parse(player)
    except ValueError as error:
        raise QuestionError(str(error)) from None
    if country not in position.players:
        raise QuestionError(f"{excerpt(player)} is not playing on this board "
                            f"(players: {' '.join(map(str, position.players))})")
    return country


def answer(position: Position, words: list[str], player: str | None = None) -> Answer:
    if not words or words[0] not in QUESTIONS:
        asked = " ".join(words)
        # Quoted short: repr() writes an odd character as up to ten, and the list of questions follows.
        raise QuestionError(f"unknown question {excerpt(asked, UNKNOWN_QUESTION_CHARS)}; ask one of: "
                            + "; ".join(QUESTIONS.values()))
    name, args = words[0], words[1:]
    expected = {"fort-distance": 2, "cannon-range": 2, "check": 2, "legal": 0, "score": 0}[name]
    if len(args) != expected:
        raise QuestionError(f"{excerpt(' '.join(words))} does not match '{QUESTIONS[name]}'")
    if name == "fort-distance":
        return _fort_distance(position, _cell(position, args[0]), _cell(position, args[1]))
    if name == "cannon-range":
        return _cannon_range(position, _cell(position, args[0]), _cell(position, args[1]))
    if name == "check":
        if args[0] not in BUILD_KINDS:
            raise QuestionError(f"cannot check {excerpt(args[0])}; expected one of {'|'.join(BUILD_KINDS)}")
        return _check(position, _player(position, player, name), args[0], _cell(position, args[1]))
    if name == "legal":
        return _legal(position, _player(position, player, name))
    return _score(position)


def _fort_distance(position: Position, a: Cell, b: Cell) -> Answer:
    path = position.fort_path(a, b)
    if path is None:
        return Answer({"steps": None, "path": []},
                      f"No path along road and forest joins {a} and {b}, so forts there do not limit each other (CC-6).",
                      ends=(a, b))
    steps = len(path) - 1
    verdict = "far enough apart" if steps > 3 else "too close for two forts of one player"
    via = f" along {cells_text(path[1:])}" if steps else ""
    return Answer({"steps": steps, "path": [str(c) for c in path], "rule": "CC-6"},
                  f"{b} is {steps} step{'s' if steps != 1 else ''} from {a}{via}: {verdict} (CC-6).",
                  path=tuple(path), ends=(a, b))


def _cannon_range(position: Position, cannon: Cell, target: Cell) -> Answer:
    line = position.cannon_line(cannon, target)
    data = {"in_range": line.in_range, "blocked_by": str(line.blocked_by) if line.blocked_by else None,
            "line": [str(c) for c in line.between], "rule": "CC-7"}
    if cannon == target:
        sentence = f"A cannon on {cannon} does not fire at its own cell."
    elif not line.between and not line.in_range:
        sentence = f"{target} is not in {cannon}'s row or column, so a cannon there cannot hit it (CC-7)."
    elif line.blocked_by is not None:
        what = "a blockade" if line.blocked_by in position.pieces else "a mountain"
        sentence = f"Blocked: {what} at {line.blocked_by} stands between {cannon} and {target} (CC-7)."
        return Answer(data, sentence, path=line.between, ends=(cannon, target, line.blocked_by))
    else:
        along = f" along {cells_text(line.between)}" if line.between else " from next door"
        sentence = f"In range: a cannon on {cannon} hits {target}{along} (CC-7)."
    return Answer(data, sentence, path=line.between, ends=(cannon, target))


def _check(position: Position, country: Country, kind: str, cell: Cell) -> Answer:
    verdict = judge_build(position, country, kind, cell)
    if kind == "landing" and country in position.landing:
        others = dict(position.landing)
        del others[country]
        verdict = judge_build(position.replace(landing=others), country, kind, cell)
    data = {"legal": verdict.legal, "reasons": [r.to_json() for r in verdict.reasons]}
    marked = tuple(c for r in verdict.reasons for c in r.cells)
    if verdict.legal:
        sentence = f"Legal: {country.title} may build a {kind} on {cell}." if kind != "landing" else \
            f"Legal: {country.title} may land on {cell}."
    else:
        sentence = f"Not legal: {country.title} may not {'land' if kind == 'landing' else 'build a ' + kind} on {cell}."
    lines = [f"  - {r.message} [{r.rule}]" for r in verdict.reasons]
    return Answer(data, sentence, path=marked, ends=(cell,), extra=lines)


def _legal(position: Position, country: Country) -> Answer:
    builds = legal_builds(position, country)
    data = {name: [str(c) for c in cells] for name, cells in builds._asdict().items()}
    lines = [f"  {name.replace('_', ' on '):15} {' '.join(cells) or '-'}" for name, cells in data.items()]
    total = sum(len(cells) for cells in builds)
    return Answer(data, f"{country.title} has {total} legal single builds.", extra=lines)


def _score(position: Position) -> Answer:
    result = score(position)
    data = {"forts": {str(c): n for c, n in result.forts.items()}, "over": result.over,
            "winners": [str(w) for w in result.winners]}
    lines = [f"  {str(c):9} {n} fort{'s' if n != 1 else ''}" for c, n in result.forts.items()]
    return Answer(data, result.why, extra=lines)

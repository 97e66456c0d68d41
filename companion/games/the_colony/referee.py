"""`companion referee the-colony BOARD QUESTION`: the layout, the legal spaces, a sowing, the ant
moves, the score. Each answer is plain data for `--json`, a sentence, and the spaces to mark.
"""

from __future__ import annotations

from companion.games.answer import Answer, QuestionError
from companion.games.excerpt import excerpt
from companion.games.the_colony.position import Position
from companion.games.the_colony.rules import (ChoiceError, Sowing, ant_moves, ends_before_sowing, legal_spaces,
                                              must_move_ant, score, sow)
from companion.games.the_colony.text import print_board


QUESTIONS = {
    "layout": "layout",
    "legal": "legal",
    "sow": "sow SPACE [--via ID,ID,...]",
    "ant-moves": "ant-moves",
    "score": "score",
}


def answer(position: Position, words: list[str], player: str | None = None) -> Answer:
    """`player` is not asked for: every question is about the player to move, whom the board names."""
    if not words or words[0] not in QUESTIONS:
        raise QuestionError(f"unknown question {_asked(words)}; ask one of: " + "; ".join(QUESTIONS.values()))
    name, args = words[0], list(words[1:])
    if player is not None and player != position.turn:
        raise QuestionError(f"the board says {position.turn} is to move, not {excerpt(player)}; "
                            f"the questions are about the player to move")
    if name == "sow":
        return _sow(position, *_sow_words(position, words))
    if args:
        raise QuestionError(f"{_asked(words)} does not match '{QUESTIONS[name]}'")
    return {"layout": _layout, "legal": _legal, "ant-moves": _ant_moves, "score": _score}[name](position)


# A question is quoted shorter than other input: repr() writes one odd character as up to ten.
ASKED_CHARS = 20


def _asked(words: list[str]) -> str:
    return excerpt(" ".join(words), ASKED_CHARS)


def _space(position: Position, text: str) -> str:
    if text not in position.layout:
        raise QuestionError(f"{excerpt(text, ASKED_CHARS)} is not a log space of the {position.layout.name} layout "
                            f"({position.layout.ids[0]} to {position.layout.ids[-1]})")
    return text


def _sow_words(position: Position, words: list[str]) -> tuple[str, tuple[str, ...]]:
    args, via = list(words[1:]), ()
    for index, word in enumerate(args):
        if word.startswith("--via"):
            value = word.partition("=")[2] if "=" in word else (args[index + 1] if index + 1 < len(args) else "")
            rest = args[:index] + args[index + (1 if "=" in word else 2):]
            via = tuple(_space(position, choice) for choice in value.split(",") if choice)
            if not value:
                raise QuestionError("--via needs the choices, like --via L19,L4")
            args = rest
            break
    if len(args) != 1:
        raise QuestionError(f"{_asked(words)} does not match '{QUESTIONS['sow']}'")
    return _space(position, args[0]), via


def _layout(position: Position) -> Answer:
    layout = position.layout
    kinds = {kind: sum(1 for s in layout.spaces if s.kind == kind) for kind in ("single", "double", "centre")}
    arrows = [f"  {s.id:<4} {s.kind:<6} -> {' | '.join(s.next)}" for s in layout.spaces]
    through = [f"  through the centre from {a} to {b}" for a, b in layout.centre_through]
    sentence = (f"The {layout.name} layout: {len(layout.spaces)} log spaces ({kinds['single']} single-arrow, "
                f"{kinds['double']} double-arrow, {kinds['centre']} centre) (TC-1).")
    return Answer(layout.to_json(), sentence, ends=(layout.centre,), extra=arrows + through)


def _legal(position: Position) -> Answer:
    spaces = legal_spaces(position)
    over = ends_before_sowing(position)
    if over:
        return Answer({"spaces": [], "over": True}, f"{over.message} [{over.rule}]")
    sentence = f"{position.turn.title()} may sow from {len(spaces)} space{'s' if len(spaces) != 1 else ''}: " \
               f"{' '.join(spaces)}."
    return Answer({"spaces": list(spaces), "over": False}, sentence, path=spaces)


def _sow(position: Position, start: str, via: tuple[str, ...]) -> Answer:
    try:
        sowing = sow(position, start, via)
    except ChoiceError as error:
        raise QuestionError(f"--via {','.join(via)}: {error}") from None
    if not sowing.verdict.legal:
        reasons = sowing.verdict.reasons
        return Answer({"legal": False, "reasons": [r.to_json() for r in reasons]}, sowing.verdict.message,
                      ends=(start,), extra=[f"  - {r.message} [{r.rule}]" for r in reasons])
    # A finished sowing's sentence gives its last step; the lines give every step before it.
    shown = sowing.steps[:-1] if sowing.done else sowing.steps
    steps = [f"  - {step.message} [{step.rule}]" for step in shown] + [f"  path: {' '.join(sowing.path)}"]
    if not sowing.done:
        sentence = (f"Sowing from {start}, the eggs leaving {sowing.choice_at} may go to "
                    f"{' or '.join(sowing.options)}: say which with --via.")
        return Answer({"done": False, "choice_at": sowing.choice_at, "options": list(sowing.options),
                       "path": list(sowing.path)}, sentence, path=sowing.path, ends=(start, sowing.choice_at),
                      extra=steps)
    return Answer(_done_data(sowing), _done_sentence(position, sowing), path=sowing.path,
                  ends=(start, sowing.path[-1]), extra=steps)


def _done_data(sowing: Sowing) -> dict:
    return {"done": True, "path": list(sowing.path), "collected": sowing.collected, "ant_placed": sowing.ant_placed,
            "board": print_board(sowing.position), "reasons": [step.to_json() for step in sowing.steps]}


def _done_sentence(position: Position, sowing: Sowing) -> str:
    last = sowing.steps[-1]
    eggs = position.eggs[sowing.start]
    relays = len(sowing.relays)
    relayed = f", relaying {relays} time{'s' if relays != 1 else ''}," if relays else ""
    return (f"{position.turn.title()} sows the {eggs} egg{'s' if eggs != 1 else ''} on {sowing.start}{relayed} "
            f"over {len(sowing.path)} drops. {last.message} [{last.rule}]")


def _ant_moves(position: Position) -> Answer:
    moves = ant_moves(position)
    mandatory = must_move_ant(position)
    rule = "mandatory: someone has moved an ant" if mandatory else "optional"
    if not position.ants_of(position.turn):
        sentence = f"{position.turn.title()} has no ant on the board, so no ant to move."
    elif not moves:
        sentence = f"None of {position.turn}'s ants can step to a free touching space ({rule})."
    else:
        sentence = f"{position.turn.title()} may move an ant {len(moves)} way{'s' if len(moves) != 1 else ''} ({rule})."
    return Answer({"moves": [list(move) for move in moves], "mandatory": mandatory}, sentence,
                  path=tuple(end for _, end in moves), ends=position.ants_of(position.turn),
                  extra=[f"  {start} -> {end}" for start, end in moves])


def _score(position: Position) -> Answer:
    result = score(position)
    data = {"scores": result.scores, "over": result.over, "winners": result.winners}
    under = {colour: sum(position.eggs[s] for s in position.ants_of(colour)) for colour in result.scores}
    lines = [f"  {colour:6} {n:3}  ({position.collected[colour]} collected, {under[colour]} under ants)"
             for colour, n in result.scores.items()]
    return Answer(data, result.why, extra=lines)


"""`companion referee cannonades STATE QUESTION`: the moves open to a seat, what a shot does, the end.

  legal [--seat S]                 the moves open to S (by default the seat the game waits for)
  resolve-shot WEAPON TARGET [--seat S]   WEAPON: a cannonade in S's hand, or S's damaged ship (boarding)
  end                              the final shootout's end: every ship face up, the tiebreakers in order
Each answer is plain data for `--json`, a sentence, and the cards and ships to mark.
"""

from __future__ import annotations

import random

from companion.games.cannonades.ending import finish_by_tiebreak, standings
from companion.games.cannonades.rules import legal_moves, play, refusal
from companion.games.cannonades.state import Game
from companion.games.cannonades.turns import Chance, tell
from companion.games.cannonades.views import command_of, describe
from companion.games.answer import Answer, QuestionError
from companion.games.excerpt import excerpt


QUESTIONS = {"legal": "legal [--seat S]", "resolve-shot": "resolve-shot WEAPON TARGET [--seat S]", "end": "end"}
ASKED_CHARS = 20


def _asked(words) -> str:
    return excerpt(" ".join(words), ASKED_CHARS)


def answer(game: Game, words: list[str], player: str | None = None) -> Answer:
    words = list(words)
    if "--seat" in words:   # also accepted inside the question, as the command line gives it
        at = words.index("--seat")
        if at + 1 >= len(words):
            raise QuestionError("--seat needs a seat's name")
        player, words = words[at + 1], words[:at] + words[at + 2:]
    if not words or words[0] not in QUESTIONS:
        raise QuestionError(f"unknown question {_asked(words)}; ask one of: " + "; ".join(QUESTIONS.values()))
    if player is not None and player not in game.seats:
        raise QuestionError(f"--seat: {excerpt(player, ASKED_CHARS)} is not a seat ({', '.join(game.seats)})")
    name, args = words[0], words[1:]
    expected = {"legal": 0, "resolve-shot": 2, "end": 0}[name]
    if len(args) != expected:
        raise QuestionError(f"{_asked(words)} does not match '{QUESTIONS[name]}'")
    if name == "legal":
        return _legal(game, player or game.to_move)
    if name == "resolve-shot":
        return _resolve_shot(game, player or game.to_move, *args)
    return _end(game)


def _legal(game: Game, seat: str | None) -> Answer:
    if game.over:
        return Answer({"seat": seat, "to_move": None, "legal": []}, f"The game is over: {game.why}. [{game.rule}]")
    if seat != game.to_move:
        reason = refusal(game, seat, ("end",))
        return Answer({"seat": seat, "to_move": game.to_move, "legal": [], "reason": reason.to_json()},
                      f"Nothing is open to {seat}: {reason.message} [{reason.rule}]")
    commands = [command_of(m) for m in legal_moves(game)]
    if game.undoable and not game.pending:
        commands.append({"type": "undo"})
    lines = [" ".join(f"{k}={v}" for k, v in c.items() if v is not None) for c in commands]
    return Answer({"seat": seat, "to_move": seat, "legal": commands},
                  f"{len(commands)} moves are open to {seat} ({game.decision}):", extra=lines)


def _resolve_shot(game: Game, seat: str, weapon: str, target: str) -> Answer:
    found = game.ship(weapon)
    move = ("board", weapon, target) if found is not None else ("shoot", weapon, target)
    reason = refusal(game, seat, move)
    if reason is not None:
        return Answer({"legal": False, "reason": reason.to_json()}, f"Not open: {reason.message} [{reason.rule}]",
                      ends=(weapon, target))
    trial = game.clone()
    # The only random outcome of a shot is the eliminator's card (CN-7): the referee names no card for it.
    trial.news, trial.chance = [], Chance(random.Random(0), keep=False)
    play(trial, move)
    hit = next(e for e in trial.news if e["what"] in ("sunk", "damaged", "stands"))
    out = [e["seat"] for e in trial.news if e["what"] == "out"]
    due = [{"seat": hit["seat"], "against": seat, "hit": kind, "name": "Revenge" if hit["grins"] == 2 else "Vendetta"}
           for kind in hit["due"]]
    data = {"legal": True, "move": command_of(move), "outcome": hit["what"], "ship": target, "card": hit["card"],
            "due": due, "eliminated": out, "over": trial.over, "winners": list(trial.winners),
            "effects": [{k: v for k, v in e.items() if k != "private"} for e in trial.news
                        if e["what"] not in ("draw", "take", "turn")]}
    shown = [line for line in describe(trial.news, None) if not line.endswith("turn.")]
    effects = ("; its owner chooses " + (" then ".join(f"one {d['name']} effect ({d['hit']})" for d in due))
               + " from: draw a card, make the shooter discard, turn up one of the shooter's face-down ships"
               if due else "; no grin effect is due")
    rule = "CN-2" if hit["what"] == "sunk" and len(due) == 2 else "CN-3" if hit["grins"] else "rules:actions"
    sentence = f"{hit['card']} is {hit['what']}{effects}. [{rule}]"
    return Answer(data, sentence, path=(weapon,), ends=(target,), extra=shown)


def _end(game: Game) -> Answer:
    if game.over:
        rows = standings(game)
        return Answer({"winners": list(game.winners), "why": game.why, "rule": game.rule,
                       "standings": [r.to_json() for r in rows]}, f"{game.why}. [{game.rule}]")
    trial = game.clone()
    trial.news = []
    if len(trial.in_play) == 1:
        winners, why, rule = trial.in_play, f"{trial.in_play[0]} is the only captain with a fleet afloat", \
            "rules:end-of-game"
    else:
        if trial.trigger is None:   # asked before the deck ran out: the player to move stands as the trigger
            trial.trigger = trial.current
        finish_by_tiebreak(trial, tell)
        winners, why, rule = trial.winners, trial.why, trial.rule
    rows = standings(trial)
    table = [f"{'seat':<10} ships icons same-way hand"] + [
        f"{r.seat:<10} {r.ships:>5} {r.icons:>5} {r.same_way:>8} {r.hand:>4}" for r in rows]
    return Answer({"winners": list(winners), "why": why, "rule": rule, "trigger": trial.trigger,
                   "standings": [r.to_json() for r in rows]}, f"{', '.join(winners)} wins: {why}. [{rule}]",
                  extra=table)


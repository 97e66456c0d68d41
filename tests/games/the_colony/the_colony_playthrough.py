"""A game of The Colony through the Session: the computer seat against itself from a seed, with a
person's slips worked in, and what each command did.

Red plays the bot's `medium` level and black its `easy` one, each turn's commands exactly as
BotMove gives them. On the way: a sowing from a space an ant protects and from an empty space, a
sowing that leaves a choice of way unsaid, an ant moved before sowing, a pass once ant moves are
mandatory, and a correction that puts back the board the camera misread on one turn (the
same player then takes the turn again).
"""

from __future__ import annotations

import random

from playthroughs import verdict_of

from companion.games.the_colony.bot import BOT
from companion.games.the_colony.record import MOVE_ANT
from companion.games.the_colony.rules import legal_spaces, must_move_ant
from companion.games.the_colony.sowing import sow
from companion.games.the_colony.text import print_board

SEED = 16
LEVELS = {"red": "medium", "black": "easy"}
SLIP_TURN = 3         # the turn on which the refused sowings and the early ant move come
CORRECTION_TURN = 8   # this turn is read wrongly by the camera and corrected afterwards
TURN_LIMIT = 400


class Table:
    """The session seen from the tablet: sends recorded commands and says what each did, with the
    eggs as one line in layout order (the whole position, kept short)."""

    def __init__(self, session):
        self.session = session

    def perform(self, command: dict) -> dict:
        """`command` as recorded: the record's command with its "type" written "do", as every recording has it."""
        acted = self.session.act({"type": command["do"], **{k: v for k, v in command.items() if k != "do"}})
        outcome = {"events": [event.body["type"] for event in acted.events], "state": self.view()}
        if command["do"] != "start":
            outcome["verdict"] = verdict_of(acted.verdict)
        return outcome

    def view(self) -> dict:
        view = self.session.view()
        eggs = view.pop("eggs")
        del view["board"], view["game"]   # the eggs and ants say it all; the header names the game
        view["eggs"] = " ".join(str(eggs[space]) for space in self.session.state.position.layout.ids)
        view["last_seq"] = view.pop("seq")
        return view


def _slips(game, rng) -> list[dict]:
    """Sowings a player might try that are refused: an ant's space and an empty one, a choice unsaid,
    and an ant moved before the eggs."""
    position, commands = game.position, []
    guarded = sorted(position.ants)
    empty = [space for space in position.layout.ids if position.eggs[space] == 0 and space not in position.ants]
    if guarded:
        commands.append({"type": "sow", "space": rng.choice(guarded)})
    if empty:
        commands.append({"type": "sow", "space": rng.choice(empty)})
    for space in legal_spaces(position):
        if not sow(position, space).done:
            commands.append({"type": "sow", "space": space})
            break
    if position.ants_of(position.turn):
        commands.append({"type": "move-ant", "from": position.ants_of(position.turn)[0], "to": "L19"})
    return commands


def generate(session, seed: int = SEED) -> tuple[dict, list[dict]]:
    """Plays the seeded game on `session`; the header and the steps to record."""
    rng = random.Random(seed)
    steps: list[dict] = []
    table = Table(session)

    def send(command: dict) -> dict:
        recorded = {"do": command["type"], **{k: v for k, v in command.items() if k != "type"}}
        steps.append({"command": recorded, "outcome": table.perform(recorded)})
        return steps[-1]["outcome"]

    send({"type": "start", "board": ""})
    turn, pass_tried = 0, False
    while session.state.over is None and turn < TURN_LIMIT:
        turn += 1
        game = session.snapshot().state
        before, mover = print_board(game.position), game.position.turn
        if turn == SLIP_TURN:
            for command in _slips(game, rng):
                send(command)
        move = BOT.choose(game, mover, LEVELS[mover], rng)
        for command in move.commands:
            if (not pass_tried and session.state.phase == MOVE_ANT and command["type"] == "move-ant"
                    and must_move_ant(session.state.position)):
                send({"type": "pass"})   # refused: once anyone has moved an ant, everyone with one must
                pass_tried = True
            send(command)
        if turn == CORRECTION_TURN:
            send({"type": "correct", "board": before,
                  "note": f"the camera saw {mover} sow {move.commands[0]['space']}; nothing had changed"})
    header = {"game": session.slug, "seed": seed, "levels": LEVELS, "turns": turn}
    return header, steps

"""A Black Cannon game through the Session for the golden playthrough: seeded purposeful play for two
players (two fleets each) from the rulebook's setup, with a person's slips worked in: a move the
roll does not allow, a move taken back with undo and made again, and a correction.

Rewrite the recording (only after a rule or a message changed on purpose; read the diff):
    PYTHONPATH=. .venv/bin/python tests/games/black_cannon/black_cannon_playthrough.py
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from black_cannon_play import random_command  # noqa: E402
from playthroughs import verdict_of, write  # noqa: E402

from companion.games.black_cannon.record import RECORD  # noqa: E402
from companion.games.black_cannon.text import print_board  # noqa: E402
from companion.session import EventLog, Session  # noqa: E402

RECORDING = HERE / "playthroughs" / "two-players-seed-19.jsonl"
SEED = 19        # a Black Cannon shot, two sinkings and bob's three chests home in under a hundred commands
START = "players: anna=red,green bob=blue,yellow\n"
SLIP_MOVE = 6    # the sixth move is first tried to a square the roll does not reach
UNDO_MOVE = 9    # the ninth move is taken back and made again
CORRECTION_ROLL = 14   # before the 14th roll the players put back what the camera misread (nothing changed)


class Table:
    """The session seen from a tablet: sends recorded commands and says what each did, the position
    given whole at the start and afterwards as the lines that changed."""

    def __init__(self, session: Session):
        self.session = session
        self.lines: list[str] = []

    def perform(self, command: dict) -> dict:
        verdict, event = self.session.act(command)
        return {"event": event.type if event else None, "verdict": verdict_of(verdict), "state": self.view()}

    def view(self) -> dict:
        view = self.session.view()
        lines = view["board"].splitlines()
        changed = {str(n): line for n, line in enumerate(lines) if n >= len(self.lines) or self.lines[n] != line}
        self.lines = lines
        return {"phase": view["phase"], "player": view["player"], "roll": view["roll"],
                "shots": [f"{s['shooter']} {s['cause']}" for s in view["shots"]], "winner": view["winner"],
                "can_undo": view["can_undo"], "position_lines": changed}


def _unreachable(game) -> dict:
    """A move of the mover's ship to a square on its line that the roll does not allow."""
    position = game.position
    fleet = next(f for f in position.fleets_of(position.turn)
                 if (2 if position.in_home_port(f) or position.ships[f].kind == "galleon" else 1) == len(game.roll))
    x, y = position.board.xy(position.ships[fleet].square)
    squares = [position.board.at(x + d, y) or position.board.at(x - d, y) for d in range(1, 12)]
    legal = {m["to"] if isinstance(m, dict) else m for m in RECORD.view(game, None)["legal"][fleet]}
    to = next(s for s in squares if s and s not in legal)
    return {"type": "move", "fleet": fleet, "to": to}


def generate(session: Session, seed: int = SEED) -> tuple[dict, list[dict]]:
    rng = random.Random(seed)
    table, steps = Table(session), []

    def send(command: dict) -> None:
        steps.append({"command": command, "outcome": table.perform(command)})

    send(RECORD.start(START, source="tablet"))
    moves = rolls = 0
    while session.snapshot().state.winner is None:
        game = session.snapshot().state
        command = random_command(game, rng, purposeful=True)
        if command["type"] == "roll":
            rolls += 1
            if rolls == CORRECTION_ROLL:
                send({"type": "correct", "board": print_board(game.position),
                      "note": "the camera saw red's galleon knocked over; it was a hand"})
        if command["type"] == "move":
            moves += 1
            if moves == SLIP_MOVE:
                send(_unreachable(game))
            if moves == UNDO_MOVE:
                send(command)
                send({"type": "undo"})
        send(command)
    header = {"game": session.record.game, "seed": seed, "start": START, "commands": len(steps),
              "winner": session.snapshot().state.winner}
    return header, steps


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        log = EventLog(Path(folder) / "game.sqlite")
        header, steps = generate(Session(log, RECORD))
        log.close()
    write(RECORDING, header, steps)
    print(f"{RECORDING.name}: {len(steps)} commands, {RECORDING.stat().st_size // 1024} KB, {header['winner']} wins")
    return 0


if __name__ == "__main__":
    sys.exit(main())

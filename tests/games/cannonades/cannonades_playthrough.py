"""A Cannonades game of three seats through the Session, recorded command by command (a golden playthrough).

Seeded random play that favours actions over ending the turn, with a player's slips worked in: a
shot on one's first turn, an undo after a shot, a move out of turn. Each outcome holds the verdict
and the shared screen's summary: whose decision, the deck's size, the fleets' faces, the discard's top.

    .venv/bin/python tests/games/cannonades/cannonades_playthrough.py    # rewrites the recording
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from playthroughs import verdict_of, write  # noqa: E402

from companion.games.cannonades.record import RECORD  # noqa: E402
from companion.session import EventLog, Session  # noqa: E402

RECORDING = HERE / "playthroughs" / "three-seats.jsonl"
SETUP = {"seats": ["anna", "ben", "cleo"], "seed": 2026}
PLAY_SEED = 5   # a game that runs the deck out: a final shootout and the tiebreakers


def summary(session) -> dict:
    shown = session.view(None)
    return {"turn": shown["turn"], "decision": shown["decision"], "pile": shown["pile"],
            "actions_left": shown["actions_left"],
            "fleets": {seat: " ".join(f"{s['id']}:{s['card']['id'] if 'card' in s else 'down'}"
                                      for s in player["ships"]) + (" (out)" if player["out"] else "")
                       for seat, player in shown["players"].items()},
            "hands": {seat: player["hand"] for seat, player in shown["players"].items()},
            "discard_top": shown["discard"][-1]["id"] if shown["discard"] else None,
            "over": shown["over"], "winners": shown["winners"], "why": shown["why"]}


def send(session, command: dict, steps: list[dict]) -> None:
    acted = session.act(command)
    steps.append({"command": command, "outcome": {"verdict": verdict_of(acted.verdict), "events": len(acted.events),
                                                  "table": summary(session)}})


def generate(session) -> tuple[dict, list[dict]]:
    steps: list[dict] = []
    send(session, {"type": "start", **SETUP}, steps)
    rng = random.Random(PLAY_SEED)
    slips = {"first-turn shot", "undo after a shot", "out of turn"}
    while not session.state.over:
        game, seat = session.state, session.state.to_move
        legal = session.view(seat)["legal"]
        hand = game.hands[seat]
        cannonade = next((c for c in hand if c.startswith("C")), None)
        targets = [s.id for other in game.in_play if other != seat for s in game.fleets[other]]
        if "first-turn shot" in slips and game.decision == "act" and game.is_first_turn(seat) and cannonade and targets:
            slips.discard("first-turn shot")
            send(session, {"type": "shoot", "seat": seat, "card": cannonade, "target": targets[0]}, steps)
        if "out of turn" in slips and game.decision == "act" and not game.is_first_turn(seat):
            slips.discard("out of turn")
            send(session, {"type": "end", "seat": game.next_seat(seat)}, steps)
        actions = [c for c in legal if c["type"] != "end"]
        command = rng.choice(actions) if actions and rng.random() < 0.85 else rng.choice(legal)
        send(session, {**command, "seat": seat}, steps)
        if command["type"] == "shoot" and "undo after a shot" in slips and session.state.to_move == seat:
            slips.discard("undo after a shot")
            send(session, {"type": "undo", "seat": seat}, steps)
    return {"game": "cannonades", "setup": SETUP, "play_seed": PLAY_SEED}, steps


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        log = EventLog(Path(folder) / "game.sqlite")
        header, steps = generate(Session(log, RECORD))
        log.close()
    write(RECORDING, header, steps)
    print(f"{RECORDING.name}: {len(steps)} commands, {RECORDING.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())

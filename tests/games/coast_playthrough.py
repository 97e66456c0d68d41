"""A Cannons & Coastlines game through the Session: the turns played at the table, the tables the
camera commits, and what the session answered.

The ships' moves are judged by CoastGame on the table the session holds (as the tablet's aids
do); the camera then commits the table and the players end the turn. The seeded game is two
fleets closing and trading broadsides until one is sunk, with slips worked in: a steer too far,
a ship firing twice, victory claimed out of turn and too early, a table the camera misread and
the tablet corrected, and commands after the end. (The session has no undo: a misread table is
put right by committing the true one.)
"""

from __future__ import annotations

import copy
import math
import random

from playthroughs import verdict_of

from companion.games.cannons_coastlines.state import holdings_of, points_of
from companion.games.cannons_coastlines.factions import load_rulebook
from companion.games.cannons_coastlines.rules import MAX_STEER_DEG, CoastGame
from companion.games.cannons_coastlines.table import Mat, Ship, Table as CoastTable

SEED = 4   # eleven turns: both fleets trade broadsides, anna sinks the last pirate
MAX_TURNS = 40
HOUSE = {"pirates": {"mast": 4}}   # a house rule: pirate masts are worth 4
STEERS = (-90, -45, 0, 45, 90)
SLIP_TURN = 2          # the turn with the slips
MISREAD_TURN = 3       # the camera misreads this turn's table
MISREAD_SHIFT_IN = 2.0

FLEETS = {"anna": ("navy", [("frigate", 6, 6, 0), ("cutter", 6, 18, 0)]),
          "ben": ("pirates", [("schooner", 30, 18, 180), ("sloop", 30, 6, 180)])}


def opening_table(rulebook) -> CoastTable:
    ships = {}
    for player, (faction, fleet) in FLEETS.items():
        for card_id, x, y, heading in fleet:
            card = rulebook.factions[faction].ship(card_id)
            ships[f"{player}/{card_id}"] = Ship(f"{player}/{card_id}", player, faction, card, x, y, heading,
                                                card.fittings)
    return CoastTable(36, 24, tuple(FLEETS), {p: f for p, (f, _) in FLEETS.items()}, ships,
                      mats={p: Mat() for p in FLEETS}, bag={"repair_crew": 3, "full_sail": 2}, turn="anna")


class Table:
    """The players at the table: their moves on a CoastGame for the turn, the session's answers."""

    def __init__(self, session):
        self.session = session
        self.game: CoastGame | None = None

    def _new_turn(self) -> None:
        state = self.session.state
        self.game = CoastGame(state.table, state.rulebook, dict(state.house))

    def perform(self, command: dict) -> dict:
        session, do, verdict, events = self.session, command["do"], None, self.session.last_seq()
        if do == "start":
            session.act({"type": "start", "table": opening_table(session.record.rulebook)})
            self._new_turn()
        elif do == "values":
            session.act({"type": "values", "house": command["house"]})
            self._new_turn()
        elif do in ("fire", "steer", "sail"):
            verdict = getattr(self.game, do)(command["ship"], command["by"])
            return {"verdict": verdict_of(verdict), "ship": self.ship_view(self.game.table, command["ship"])}
        elif do == "observe":
            table = self.game.table
            if "misread" in command:   # the camera saw this ship where it is not
                ship = table.ships[command["misread"]]
                table = table.with_ship(ship.moved(x=ship.x + MISREAD_SHIFT_IN))
            session.act({"type": "observe", "table": table, "source": command["source"]})
        elif do == "next_turn":
            verdict, _ = session.act({"type": "next_turn"})
            if verdict.legal:
                self._new_turn()
        elif do == "claim":
            verdict, _ = session.act({"type": "claim", "player": command["player"]})
        else:
            raise ValueError(f"unknown playthrough command {do!r}")
        new = [event.body["type"] for event in session.log.events(after=events)]
        outcome = {"events": new, "state": self.view()}
        if verdict is not None:
            outcome["verdict"] = verdict_of(verdict)
        return outcome

    @staticmethod
    def ship_view(table, ship_id: str):
        ship = table.ships.get(ship_id)
        return None if ship is None else {"owner": ship.owner, "x": ship.x, "y": ship.y, "heading": ship.heading,
                                          "fittings": list(ship.fittings)}

    def view(self) -> dict:
        state = self.session.snapshot().state
        table, stale, turn, claim, result, values = (state.table, state.stale, state.turn, state.claim, state.result,
                                                     state.values)
        held = holdings_of(table)
        return {"ships": {ship_id: self.ship_view(table, ship_id) for ship_id in sorted(table.ships)},
                "holdings": held, "points": points_of(held, values), "stale": sorted(stale),
                "turn": {"player": turn["player"], "number": turn["number"]} if turn else None,
                "claim": {"player": claim["player"], "legal": claim["verdict"]["legal"]} if claim else None,
                "result": result}


def _hits(game: CoastGame, ship_id: str) -> int | None:
    """A cannon slot whose shot would hit an enemy now, tried on a copy."""
    for slot in range(len(game.table.ships[ship_id].card.slots)):
        trial = copy.deepcopy(game)
        message = trial.fire(ship_id, slot).message
        if message.startswith("Hit") or "sinks" in message:
            return slot
    return None


def _enemy_distance(game: CoastGame, ship_id: str) -> float:
    ship = game.table.ships[ship_id]
    return min(math.dist((ship.x, ship.y), (other.x, other.y))
               for other in game.table.ships.values() if other.owner != ship.owner)


def _best_steer(game: CoastGame, ship_id: str, clicks: int, rng) -> int:
    """The steer (0: none) after which the ship, having sailed, has an enemy in its line of fire,
    or else stands nearest one; ties go to the seeded order."""
    scored = []
    for degrees in rng.sample(STEERS, len(STEERS)):
        trial = copy.deepcopy(game)
        if degrees:
            trial.steer(ship_id, degrees)
        trial.sail(ship_id, clicks)
        hit = _hits(CoastGame(trial.table, game.rulebook), ship_id) is not None
        scored.append((not hit, round(_enemy_distance(trial, ship_id), 1), degrees))
    return min(scored, key=lambda entry: entry[:2])[2]


def generate(session, seed: int = SEED) -> tuple[dict, list[dict]]:
    rng = random.Random(seed)
    table = Table(session)
    steps: list[dict] = []

    def send(command: dict) -> dict:
        steps.append({"command": command, "outcome": table.perform(command)})
        return steps[-1]["outcome"]

    send({"do": "start"})
    send({"do": "values", "house": HOUSE})
    turn = 1
    while session.state.result is None and turn <= MAX_TURNS:
        player = session.state.turn["player"]
        if turn == SLIP_TURN:
            send({"do": "claim", "player": "anna" if player == "ben" else "ben"})   # out of turn
            send({"do": "claim", "player": player})                               # too few points
        moves = session.record.rulebook.factions[session.state.table.factions[player]].move_count
        for ship_id in sorted(s.id for s in session.state.table.fleet(player)):
            if ship_id not in table.game.table.ships:
                continue   # sunk by a ship that fired earlier in this turn
            if turn == SLIP_TURN:
                send({"do": "steer", "ship": ship_id, "by": MAX_STEER_DEG + 30})
            slot = _hits(table.game, ship_id)
            clicks = rng.randint(1, moves)
            if slot is not None:
                send({"do": "fire", "ship": ship_id, "by": slot})
                if turn >= SLIP_TURN:
                    send({"do": "fire", "ship": ship_id, "by": slot})   # one action per ship: refused
            elif not table.game.table.ships[ship_id].dead:
                degrees = _best_steer(table.game, ship_id, clicks, rng)
                if degrees:
                    send({"do": "steer", "ship": ship_id, "by": degrees})
            if not table.game.table.ships[ship_id].dead:
                send({"do": "sail", "ship": ship_id, "by": clicks})
        if turn == MISREAD_TURN:
            send({"do": "observe", "source": "camera", "misread": sorted(table.game.table.ships)[0]})
            send({"do": "observe", "source": "tablet"})
        else:
            send({"do": "observe", "source": "camera"})
        send({"do": "next_turn"})
        turn += 1
    send({"do": "claim", "player": session.state.table.players[0]})   # after the end: refused
    header = {"game": session.slug, "seed": seed, "players": list(session.state.table.players), "turns": turn - 1}
    return header, steps

"""What a still table means for the game in play: a roll, a move, a shot's outcome, or a question.

The camera gives what it saw when the table last stood still (a SeenTable); the game knows whose turn
it is, what the roll is, which shot is owed. The game's knowledge wins: a ship the camera does not see
is where the game says; a reading only adds what the rules allow next. A roll is taken when the dice
were thrown again (they lie differently from the last still table) and both read with confidence; the
move is the legal move that matches the one ship seen elsewhere; a shot's target is the one ship it
may hit that is seen knocked over. Anything else (dice that cannot be read, a square no legal move
reaches, two ships moved, a chest to be placed) is a question to the players, and the game is left
as it is. Pure: stdlib only, so every case is a scenario test.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.black_cannon.moves import RollError, dice_wanted, judge_move, sailing
from companion.games.black_cannon.position import KINDS

Command = dict


@dataclass(frozen=True)
class SeenShip:
    """One fleet's ship as the camera saw it: on `square` (None: off the squares), standing or knocked over."""

    square: str | None
    kind: str | None = None
    knocked_over: bool = False
    sure: bool = True


@dataclass(frozen=True)
class InferenceSettings:
    same_die_mm: float = 12.0   # a die read with the same face this near where it lay was not thrown


SETTINGS = InferenceSettings()


@dataclass(frozen=True)
class SeenDie:
    pips: int | None                  # None: the face could not be told (cocked, hidden, unclear)
    centre_mm: tuple[float, float]    # on the board's plane, from A1's outer corner
    where: str = ""                   # a square name for the players ("" off the board)

    def lies_as(self, other: "SeenDie", settings: InferenceSettings = SETTINGS) -> bool:
        """The same face where it lay before: this die was not thrown."""
        dx, dy = self.centre_mm[0] - other.centre_mm[0], self.centre_mm[1] - other.centre_mm[1]
        return self.pips == other.pips and (dx * dx + dy * dy) ** 0.5 <= settings.same_die_mm


@dataclass(frozen=True)
class SeenTable:
    ships: dict[str, SeenShip] = field(default_factory=dict)
    dice: tuple[SeenDie, ...] = ()
    chests: dict[str, int] = field(default_factory=dict)


def question(message: str, squares=()) -> Command:
    return {"type": "question", "message": message, "cells": tuple(dict.fromkeys(s for s in squares if s))}


def explain(game, seen: SeenTable, dice_before: SeenTable | None) -> list[Command]:
    """The commands (in order) that bring the game to the table seen; `dice_before` is the last still
    table, whose dice are not a new throw. Nothing when nothing the rules care about changed."""
    if game.winner is not None:
        return []
    if game.phase == "shot":
        return _shots(game, seen)
    commands: list[Command] = []
    if game.phase == "roll":
        thrown = _roll(game, seen, dice_before)
        if thrown is None:
            moved = _moved(game.position, seen)
            if moved:
                mover, player = moved[0], game.position.turn
                where = seen.ships[mover].square
                if mover not in game.position.fleets_of(player):
                    return [question(f"{mover.title()}'s ship is seen on {where}, but it is {player}'s turn to roll: "
                                     f"put it back on {game.position.ships[mover].square}.",
                                     [game.position.ships[mover].square, where])]
                return [question(f"{mover.title()}'s ship is on {where}, but no roll is recorded: enter {player}'s "
                                 "roll on the Play screen.", [where])]
            return []
        if thrown["type"] == "question":
            return [thrown]
        astray = _not_as_the_game_has_them(game.position, seen)
        if astray:
            return [question(f"The dice were thrown, but {astray[0]}: the table has moved on without the game. Enter "
                             "what happened on the Play screen.")]
        commands.append(thrown)
        roll = tuple(thrown["dice"])
        stuck = _stuck(game.position, roll)
        if stuck is not None:
            return commands + [stuck]
    else:
        roll = game.roll
    return commands + _move(game.position, roll, seen)


# --- the roll -------------------------------------------------------------------------------

def _roll(game, seen: SeenTable, before: SeenTable | None) -> Command | None:
    """The roll command for dice thrown since the last still table; a question when they cannot be
    read; None when the dice lie as they did."""
    old = before.dice if before is not None else ()
    changed = [die for die in seen.dice if not any(die.lies_as(o) for o in old)]
    if not changed:
        return None
    position = game.position
    player = position.turn
    wanted = {dice_wanted(position, fleet) for fleet in position.fleets_of(player)}
    if 2 in wanted and len(changed) == 2 or wanted == {1} and len(changed) == 1:
        dice = changed
    elif wanted == {1} and len(changed) == 2:
        return question(f"{player.title()} rolls one die, but both dice lie differently: which one was rolled? "
                        "Enter the roll on the Play screen.")
    elif 1 in wanted and len(changed) == 1:
        dice = changed   # a player with a galleon and a frigate (BC-10) threw one die: the frigate's roll
    else:
        return question(f"Only one die was seen thrown; {player.title()} rolls both: enter the roll on the Play "
                        "screen.")
    if any(die.pips is None for die in dice):
        where = ", ".join(die.where for die in dice if die.pips is None and die.where)
        return question(f"The camera cannot read the dice{' near ' + where if where else ''}: enter "
                        f"{player.title()}'s roll on the Play screen (or lay the dice flat).")
    return {"type": "roll", "dice": [die.pips for die in dice]}


def _stuck(position, roll) -> Command | None:
    """When no ship of the mover can sail for the roll (BC-8), the one that rolls stays put: the rules
    say so, nobody moves anything, so the camera records it."""
    fleets = [f for f in position.fleets_of(position.turn) if dice_wanted(position, f) == len(roll)]
    for fleet in fleets:
        if sailing(position, fleet, roll).moves:
            return None
    if len(fleets) != 1:
        return None
    fleet = fleets[0]
    return {"type": "move", "fleet": fleet, "to": position.ships[fleet].square}


# --- the move -------------------------------------------------------------------------------

def _moved(position, seen: SeenTable) -> list[str]:
    """Fleets seen standing on another square than the game's (a ship not seen, or lying over, has not moved)."""
    ships = position.ships
    return [fleet for fleet, ship in seen.ships.items()
            if fleet in ships and ship.square and not ship.knocked_over and ship.square != ships[fleet].square]


def _not_as_the_game_has_them(position, seen: SeenTable) -> list[str]:
    """What the table shows that no roll of this turn explains: another player's ship on another square, or
    a ship standing as another kind than the game's (a shot the game never heard of)."""
    mine = position.fleets_of(position.turn)
    found = [f"{fleet}'s ship stands on {seen.ships[fleet].square}, not {position.ships[fleet].square}"
             for fleet in _moved(position, seen) if fleet not in mine]
    found += [f"{fleet}'s ship stands as a {ship.kind}, not a {position.ships[fleet].kind}"
              for fleet, ship in seen.ships.items() if fleet in position.ships and ship.sure and ship.kind
              and not ship.knocked_over and ship.kind != position.ships[fleet].kind]
    return found


def _move(position, roll, seen: SeenTable) -> list[Command]:
    moved = _moved(position, seen)
    if not moved:
        return []
    player = position.turn
    mine = position.fleets_of(player)
    if len(moved) > 1:
        where = ", ".join(f"{f} on {seen.ships[f].square}" for f in moved)
        return [question(f"More than one ship moved ({where}): only one of {player}'s ships sails this turn. Put "
                         "the others back, or correct the board.", [seen.ships[f].square for f in moved])]
    fleet = moved[0]
    to = seen.ships[fleet].square
    start = position.ships[fleet].square
    if fleet not in mine:
        return [question(f"{fleet.title()}'s ship is seen on {to}, but it is {player}'s turn: put it back on "
                         f"{start}.", [start, to])]
    try:
        verdict = judge_move(position, fleet, roll, to)
        legal = [move.to for move in sailing(position, fleet, roll).moves]
    except RollError as error:
        return [question(f"{fleet.title()} moved, but not for this roll ({error}): put it back on {start}.", [start, to])]
    if not verdict.legal:
        near = [square for square in legal if _distance(position, square, to) == 1]
        hint = f" Did it stop on {' or '.join(near)}?" if near else ""
        return [question(f"{fleet.title()}'s ship is seen on {to}: {verdict.message}{hint} Move it to a legal "
                         f"square, or confirm on the Play screen.", [start, to, *near])]
    if not seen.ships[fleet].sure:
        return [question(f"The camera thinks {fleet} sailed to {to} but is not sure: confirm it on the Play screen.",
                         [start, to])]
    return [{"type": "move", "fleet": fleet, "to": to, "take_chest": _takes_chest(position, fleet, to, seen)}]


def _takes_chest(position, fleet: str, to: str, seen: SeenTable) -> bool:
    """A chest is picked up unless the camera plainly sees it left: as many chests still on the square."""
    if to not in position.chests or to not in seen.chests:
        return True
    return seen.chests[to] < position.chests[to]


def _distance(position, a: str, b: str) -> int:
    (x0, y0), (x1, y1) = position.board.xy(a), position.board.xy(b)
    return max(abs(x0 - x1), abs(y0 - y1))


def _stood_up_sunk(position, fleet: str, ship: SeenShip | None) -> bool:
    if ship is None or ship.knocked_over or not ship.sure or ship.kind is None:
        return False
    was = position.ships[fleet]
    if was.kind == "raft":
        return ship.square == position.board.port(fleet) != was.square
    return ship.square == was.square and ship.kind == KINDS[KINDS.index(was.kind) + 1]


# --- the shot -------------------------------------------------------------------------------

def _shots(game, seen: SeenTable) -> list[Command]:
    """The shots owed, in order (a sea battle's reply after the first), as far as the table shows them."""
    from companion.games.black_cannon.record import RECORD

    commands: list[Command] = []
    sunk: set[str] = set()   # a ship lying over was sunk once: a later shot needs it stood up first
    while game.phase == "shot" and game.winner is None:
        found = _shot(game, seen, sunk)
        commands += found
        if not found or found[0]["type"] == "question":
            break
        verdict, bodies = RECORD.decide(game, found[0])
        if not verdict.legal:   # the rules refuse it: let the session say why
            break
        for body in bodies:
            game = RECORD.apply(game, body, 0)
        sunk.add(found[0]["target"])
    return commands


def _shot(game, seen: SeenTable, sunk: set[str] = frozenset()) -> list[Command]:
    """The owed shot's outcome, once a ship it may hit is seen knocked over; nothing while none is
    (the shot is still to come, or missed: the players say so on the Play screen)."""
    position = game.position
    shot = game.shots[0]
    targets = [fleet for fleet in shot.targets if fleet not in sunk]
    over = [fleet for fleet in targets if seen.ships.get(fleet, SeenShip(None)).knocked_over]
    if not over:
        # Already stood up again as what it sinks to: the next kind on its square, or a raft back in its port.
        over = [fleet for fleet in targets if _stood_up_sunk(position, fleet, seen.ships.get(fleet))]
    if not over:
        return []
    if len(over) > 1:
        return [question(f"{' and '.join(over)} both lie knocked over, but {shot.shooter} fired one shot: which one "
                         "did it sink? Say so on the Play screen.", [position.ships[f].square for f in over])]
    target = over[0]
    victim = position.ships[target]
    chest = None
    if victim.kind == "frigate" and target in position.carrying:
        # The shooter chooses where the lost chest goes: seen put on one treasure square, that square.
        added = [sq for sq, n in seen.chests.items() if sq in position.chests and n == position.chests[sq] + 1]
        if len(added) != 1:
            return [question(f"{target.title()}'s frigate is knocked over and loses its chest: {shot.shooter} chooses "
                             "where it goes; record the shot on the Play screen.", [victim.square])]
        chest = added[0]
    return [{"type": "shot", "target": target, "sunk": True, "chest": chest}]

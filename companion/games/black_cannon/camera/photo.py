"""Black Cannon's photo part (`companion read black-cannon IMAGE [--json]`): one photo read into a
position (each fleet its own player unless --players says otherwise), with the knocked-over ships, the
dice and the questions for the players as notes and in the JSON. Bad input raises ValueError."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.black_cannon.camera.reader import Reading, read_table
from companion.games.black_cannon.camera.settings import SETTINGS
from companion.games.black_cannon.kit import pieces as kit
from companion.games.black_cannon.position import Position, Ship


@dataclass(frozen=True)
class BlackCannonObservation:
    reading: Reading
    position: Position


def _players(players, fleets: list[str]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """--players as NAME=FLEET[,FLEET] words, or one player a fleet named after it."""
    if not players:
        return tuple((fleet, (fleet,)) for fleet in fleets)
    owned = []
    for word in players:
        name, _, owned_fleets = word.partition("=")
        chosen = tuple(owned_fleets.split(",")) if owned_fleets else ()
        bad = [fleet for fleet in chosen if fleet not in kit.FLEET_ORDER]
        if not name or not chosen or bad:
            raise ValueError(f"bad --players word {word!r}: expected NAME=FLEET[,FLEET] with fleets "
                             f"{', '.join(kit.FLEET_ORDER)}")
        owned.append((name, chosen))
    return tuple(owned)


def read_photo(image, source: str, players=None, colours: str | None = None) -> BlackCannonObservation:
    if colours:
        raise ValueError("black-cannon reads without colour references: no --colours")
    reading = read_table(image)
    if not reading.board_seen:
        raise ValueError(f"{source!r}: {reading.questions[0]}")
    from companion.games.black_cannon.board import default_board

    board = default_board()
    afloat = {ship.fleet: ship for ship in reading.ships if not ship.sunk and ship.kind and ship.square
              and board.is_sea(ship.square)}   # a ship whose tag cannot be read is a question, not a guess
    fleets = [fleet for fleet in kit.FLEET_ORDER if fleet in afloat]
    if not fleets:
        raise ValueError(f"{source!r}: no standing ship is seen on the board: nothing to write a position of")
    owned = _players(players, fleets)
    ships = {fleet: Ship(afloat[fleet].kind, afloat[fleet].square) for _, own in owned for fleet in own if fleet in afloat}
    carrying = frozenset(fleet for fleet in ships if afloat[fleet].carrying)
    in_play = [fleet for _, own in owned for fleet in own if fleet in ships]
    owned = tuple((name, tuple(f for f in own if f in ships)) for name, own in owned if any(f in ships for f in own))
    position = Position(board, owned, owned[0][0], ships, carrying, {fleet: 0 for fleet in in_play}, dict(reading.chests))
    return BlackCannonObservation(reading, position)


def notes(observation: BlackCannonObservation) -> list[str]:
    reading = observation.reading
    dice = " ".join(f"{die.pips if die.pips is not None else '?'}({die.confidence:.2f})" for die in reading.dice)
    lines = [f"dice: {dice or 'none seen'}"]
    lines += [f"knocked over: {ship.fleet} {ship.kind or ''} near {ship.square or 'the board'} ({ship.how})".replace("  ", " ")
              for ship in reading.ships if ship.sunk]
    lines += [f"question: {question}" for question in reading.questions]
    return lines


def observation_json(observation: BlackCannonObservation) -> dict:
    from companion.games.black_cannon.text import print_board

    reading = observation.reading
    values = reading.dice_values(SETTINGS)
    return {
        "game": "black-cannon",
        "board_text": print_board(observation.position),
        "ships": [{"fleet": s.fleet, "kind": s.kind, "square": s.square, "sunk": s.sunk, "carrying": s.carrying,
                   "confidence": round(s.confidence, 3), "seen_by": s.how} for s in reading.ships],
        "chests": reading.chests,
        "dice": [{"pips": d.pips, "confidence": round(d.confidence, 3), "reason": d.reason} for d in reading.dice],
        "roll": list(values) if values else None,
        "questions": list(reading.questions),
        "corner_markers_seen": [20 + c for c in reading.corners_seen],
    }

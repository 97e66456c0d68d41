"""Cannonades' photo part (`companion read cannonades IMAGE [--json] [--players N ...]`): a photo read
into a Reading. --players gives the seats: a number (2-4) or one name per seat."""

from __future__ import annotations

from typing import Any, Sequence

from companion.games.cannonades.camera.reader import read_table
from companion.games.cannonades.camera.reading import Reading, reading_lines


def seats_of(players: Sequence[str] | None) -> int:
    if not players:
        return 2
    if len(players) == 1 and players[0].isdigit():
        count = int(players[0])
    else:
        count = len(players)
    if count not in (2, 3, 4):
        raise ValueError(f"--players {' '.join(players)}: Cannonades' table seats 2, 3 or 4 players")
    return count


def read_photo(image: Any, source: str, players: Sequence[str] | None = None, colours: str | None = None) -> Reading:
    if colours is not None:
        raise ValueError("--colours: the Cannonades reader reads markers and card shapes, not colours")
    return read_table(image, players=seats_of(players))


def notes(reading: Reading) -> list[str]:
    return list(reading.notes)


def observation_json(reading: Reading) -> dict:
    return reading.to_json()


def print_reading(reading: Reading) -> str:
    return "\n".join(reading_lines(reading)) + "\n"

"""`companion read GAME IMAGE`: read a board from a photo, as board text or JSON with per-cell confidences."""

from __future__ import annotations

import json
import os

from companion.cli import UsageError
from companion.games import plugins, plugins_with
PHOTO_SUFFIXES = (".jpg", ".jpeg", ".png")


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "read",
        help="read a board from a photo",
        description="Read the island from a photo (.jpg or .png) of the table: the board text of docs/formats.md, "
        "or JSON with every cell's token, confidence and whether a hand hides it.",
    )
    parser.add_argument("game", choices=plugins_with("photo"), help="the game on the table")
    parser.add_argument("image", help="the photo: a .jpg or .png file")
    parser.add_argument("--json", action="store_true", help="print one JSON object with per-cell confidences")
    parser.add_argument("--players", nargs="+", metavar="COUNTRY",
                        help="the countries in seat order (default: from the ships on their landing boards)")
    parser.add_argument("--colours", metavar="FILE", help="colour references JSON (calibration) to read against")
    parser.set_defaults(run=run)


def is_photo(path: str) -> bool:
    return path.lower().endswith(PHOTO_SUFFIXES)


def load_photo(path: str):
    """The photo as a BGR picture; UsageError quoting the path when there is none or it is not a picture."""
    import cv2

    if not os.path.exists(path):
        raise UsageError(f"no image at {path!r}")
    image = cv2.imread(path, cv2.IMREAD_COLOR)
    if image is None:
        raise UsageError(f"cannot read {path!r} as an image (expected a .jpg or .png photo)")
    return image


def read_photo(path: str, players=None, colours: str | None = None):
    """The observation of a photo; UsageError quoting the path when it cannot be read or shows no board."""
    from companion.games.cannonball_colony.cells import Country
    from companion.games.cannonball_colony.camera.reader import IslandReader

    image = load_photo(path)
    seats = None
    if players:
        try:
            seats = tuple(Country.parse(name) for name in players)
        except ValueError as error:
            raise UsageError(f"bad --players: {error}") from None
    references = None
    if colours:
        from calibration.colour import ColourReferences
        from calibration.store import CalibrationFileError

        try:
            references = ColourReferences.load(colours)
        except CalibrationFileError as error:
            raise UsageError(str(error)) from None
    try:
        reader = IslandReader(references=references, players=seats)
    except ValueError as error:
        raise UsageError(str(error)) from None
    observation = reader.read(image, 0.0)
    if observation.position is None:
        why = "; ".join(observation.problems) or "board not located: markers 0-15 not seen"
        raise UsageError(f"{path!r}: {why}")
    return observation


def run(args) -> int:
    game = plugins()[args.game]
    observation = game.load("photo")(args.image, args.players, args.colours)
    position = observation.position
    if args.json:
        print(json.dumps(observation_json(observation)))
        return 0
    print(game.load("text").print_board(position), end="")
    for line in notes(observation):
        print(f"# {line}")
    return 0


def notes(observation, low: float = 0.6) -> list[str]:
    """Comment lines for the board text: doubtful and hidden cells, and what went wrong."""
    lines = []
    doubtful = sorted((cell for cell, p in observation.confidence.items() if p < low), key=lambda c: (c.row, c.col))
    if doubtful:
        lines.append("low confidence: " + " ".join(f"{c}={observation.confidence[c]:.2f}" for c in doubtful))
    if observation.hidden:
        lines.append("hidden by a hand: " + " ".join(str(c) for c in sorted(observation.hidden, key=lambda c: (c.row, c.col))))
    lines += list(observation.problems)
    return lines


def observation_json(observation) -> dict:
    from companion.games.cannonball_colony.text import print_board

    position = observation.position
    cells = {}
    for cell in position.cells():
        if cell not in observation.confidence:
            continue
        piece = position.pieces.get(cell)
        cells[str(cell)] = {"token": piece.token if piece else position.ground_at(cell).value,
                            "confidence": round(observation.confidence[cell], 4),
                            "hidden": cell in observation.hidden}
    return {
        "game": "cannonball-colony",
        "board_text": print_board(position),
        "players": [str(c) for c in position.players],
        "boards": [str(c) for c in position.boards],
        "landing": {str(c): str(cell) for c, cell in position.landing.items()},
        "supply": position.supply,
        "cells": cells,
        "hidden": sorted(str(c) for c in observation.hidden),
        "problems": list(observation.problems),
    }

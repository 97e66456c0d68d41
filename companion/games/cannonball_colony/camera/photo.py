"""Cannonball Colony's photo part (`companion read`, `companion referee` on a photo): one picture
read into an observation, the notes that go under its board text, and its JSON with per-cell
confidences. Bad input raises ValueError quoting it; the command turns that into its usage error."""

from __future__ import annotations

from companion.games.cannonball_colony.camera.reader import IslandReader
from companion.games.cannonball_colony.cells import Country
from companion.games.cannonball_colony.text import print_board

LOW_CONFIDENCE = 0.6   # a cell read with less than this is listed as doubtful under the board text


def read_photo(image, source: str, players=None, colours: str | None = None, pieces: str | None = None):
    """The observation of a BGR photo read from `source`, with the group's taught pieces when `pieces`
    names their looks file; ValueError when the options or the file are bad or it shows no board."""
    seats = None
    if players:
        try:
            seats = tuple(Country.parse(name) for name in players)
        except ValueError as error:
            raise ValueError(f"bad --players: {error}") from None
    references = None
    if colours:
        from calibration.colour import ColourReferences

        references = ColourReferences.load(colours)   # CalibrationFileError (a ValueError) quotes the file
    taught = None
    if pieces:
        from calibration.pieces import PieceLooks
        from companion.games.cannonball_colony.camera.taught import TaughtPieces

        taught = TaughtPieces(PieceLooks.load(pieces, "cannonball-colony"))   # CalibrationFileError quotes the file
    reader = IslandReader(references=references, players=seats, taught=taught)
    observation = reader.read(image, 0.0)
    if observation.position is None:
        why = "; ".join(observation.problems) or "board not located: markers 0-15 not seen"
        raise ValueError(f"{source!r}: {why}")
    return observation


def notes(observation, low: float = LOW_CONFIDENCE) -> list[str]:
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

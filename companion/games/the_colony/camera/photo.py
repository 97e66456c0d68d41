"""The Colony's photo part (`companion read the-colony IMAGE`): one picture read into an observation,
the notes that go under its position text, and its JSON with every space's count, confidence, ant and
hand. Bad input raises ValueError quoting it; the command turns that into its usage error."""

from __future__ import annotations

from companion.games.the_colony.camera.reader import ColonyReader
from companion.games.the_colony.camera.settings import SETTINGS
from companion.games.the_colony.text import print_board


def read_photo(image, source: str, players=None, colours: str | None = None, eggs_on_board: int | None = None):
    """The observation of a BGR photo read from `source`; ValueError when it shows no board.
    `eggs_on_board` (57 less the eggs collected), when known, makes the counts add up to it."""
    if players:
        raise ValueError(f"--players {' '.join(players)!r}: The Colony is always red and black; leave it out")
    if colours:
        raise ValueError(f"--colours {colours!r}: The Colony's reader needs no colour references; leave it out")
    observation = ColonyReader().read(image, 0.0, eggs_on_board)
    if observation.position is None:
        raise ValueError(f"{source!r}: {'; '.join(observation.problems)}")
    return observation


def notes(observation, low: float = SETTINGS.confident) -> list[str]:
    """Comment lines for the position text: what the collected line does not know, unsure and hidden spaces."""
    lines = []
    if observation.eggs_on_board is None:
        lines.append("collected eggs are not on the board: the 'collected' line is not read from the photo")
    unsure = [r for r in observation.spaces if not r.hidden and (r.confidence < low or r.ant_confidence < low)]
    if unsure:
        lines.append("not sure, count these on the table: " + " ".join(
            f"{r.space}={r.eggs}?({min(r.confidence, r.ant_confidence):.2f})" for r in unsure))
    hidden = [r.space for r in observation.spaces if r.hidden]
    if hidden:
        lines.append("hidden by a hand: " + " ".join(hidden))
    return lines


def observation_json(observation) -> dict:
    return {
        "game": "the-colony",
        "board_text": print_board(observation.position),
        "spaces": {r.space: r.to_json() for r in observation.spaces},
        "eggs_on_board": sum(r.eggs for r in observation.spaces),
        "eggs_on_board_given": observation.eggs_on_board,
        "bead_area_mm2": round(observation.bead_unit_mm2, 2),
        "hidden": [r.space for r in observation.spaces if r.hidden],
        "problems": list(observation.problems),
    }

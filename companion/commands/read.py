"""`companion read GAME IMAGE`: read a board from a photo, as board text or JSON with per-cell confidences."""

from __future__ import annotations

import inspect
import json
import os
from typing import Any, Protocol, Sequence

from companion.cli import UsageError
from companion.games import plugins, plugins_with

PHOTO_SUFFIXES = (".jpg", ".jpeg", ".png")


class PhotoPart(Protocol):
    """A game's `photo` part (a module): a photo read into the game's observation, and how to report it.
    Bad input (options, a photo showing no board) raises ValueError quoting it."""

    def read_photo(self, image: Any, source: str, players: Sequence[str] | None = None,
                   colours: str | None = None) -> Any: ...
    def notes(self, observation: Any) -> list[str]: ...          # comment lines under the board text
    def observation_json(self, observation: Any) -> dict: ...


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "read",
        help="read a board from a photo",
        description="Read the board from a photo (.jpg or .png) of the table: the game's board text (docs/formats.md), "
        "or JSON with every cell's token, confidence and whether a hand hides it.",
    )
    parser.add_argument("game", choices=plugins_with("photo"), help="the game on the table")
    parser.add_argument("image", help="the photo: a .jpg or .png file")
    parser.add_argument("--json", action="store_true", help="print one JSON object with per-cell confidences")
    parser.add_argument("--players", nargs="+", metavar="COUNTRY",
                        help="the countries in seat order (default: from the ships on their landing boards)")
    parser.add_argument("--colours", metavar="FILE", help="colour references JSON (calibration) to read against")
    parser.add_argument("--pieces", metavar="FILE",
                        help="your own pieces' looks (companion calibrate pieces); default ./pieces-GAME.json when it is there")
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


def taught_pieces_file(game, given: str | None, reads_taught: bool, option: str = "--pieces") -> str | None:
    """The group's taught pieces file to read `game` with: `given`, or ./pieces-GAME.json when it is there
    (calibration.pieces.default_pieces_file); a line on stderr says which file, or why none is used.
    UsageError when a file is given for a reader that cannot use it."""
    import sys

    from calibration.pieces import default_pieces_file

    if given is not None and not reads_taught:
        raise UsageError(f"{option}: {game.slug} cannot read taught pieces yet")
    found = default_pieces_file(game.slug)
    if given is None and found.exists():
        if not reads_taught:
            print(f"note: {found} is there, but {game.title} cannot read taught pieces yet: "
                  "reading with the kit's own looks", file=sys.stderr)
            return None
        given = str(found)
    if given is not None:
        print(f"note: reading pieces as taught in {given}", file=sys.stderr)
    return given


def read_photo(game, path: str, players=None, colours: str | None = None, pieces: str | None = None):
    """`game`'s observation of the photo at `path`; UsageError quoting the input when it cannot be read
    or shows no board. The group's taught pieces are read with when given, or found beside the other
    calibration files (taught_pieces_file)."""
    image = load_photo(path)
    photo = game.load("photo")
    pieces = taught_pieces_file(game, pieces, "pieces" in inspect.signature(photo.read_photo).parameters)
    try:
        if pieces is not None:
            return photo.read_photo(image, path, players, colours, pieces=pieces)
        return photo.read_photo(image, path, players, colours)
    except ValueError as error:
        raise UsageError(str(error)) from None


def run(args) -> int:
    game = plugins()[args.game]
    observation = read_photo(game, args.image, args.players, args.colours, args.pieces)
    photo = game.load("photo")
    if args.json:
        print(json.dumps(photo.observation_json(observation)))
        return 0
    if hasattr(photo, "print_reading"):   # a game with no board text (cards, say) words what it saw itself
        print(photo.print_reading(observation), end="")
    else:
        print(game.load("text").print_board(observation.position), end="")
    for line in photo.notes(observation):
        print(f"# {line}")
    return 0

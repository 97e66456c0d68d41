"""`companion render GAME [BOARD]`: a realistic webcam photo (or clip) of the table, with its exact
ground truth as JSON. The game's render part draws it; this command checks the shared options and
reads BOARD with the game's board text."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, Callable

from companion.cli import UsageError
from companion.games import plugins, plugins_with

LIGHTS = ("warm", "cool", "even")
PHOTO_SIZE = (1280, 720)
CLIP_SIZE = (640, 360)
# A game's `render` part: (parsed arguments, BOARD parsed with the game's board text or None) -> exit
# status; it writes the picture, the clip or --samples, and raises ValueError for bad options.
RenderPart = Callable[[argparse.Namespace, Any], int]


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "render",
        help="render a realistic webcam view of a game table, with its ground truth",
        description="Render a webcam photo of BOARD (a board text file; without one, a game "
                    "played at random from --seed) laid out on a table, and write its exact "
                    "ground truth: board text, marker corners, pieces, camera, light, hands. "
                    "With --clip, film --turns random turns played from it instead.",
    )
    parser.add_argument("game", choices=plugins_with("render"), help="the game whose table is rendered")
    parser.add_argument("board", nargs="?", type=Path, metavar="BOARD", help="board text file (optional)")
    parser.add_argument("--seed", type=int, default=0, help="chooses everything not given (default 0)")
    parser.add_argument("--size", type=parse_size, metavar="WxH",
                        help=f"image size, e.g. 1920x1080 (default {PHOTO_SIZE[0]}x{PHOTO_SIZE[1]}, "
                             f"{CLIP_SIZE[0]}x{CLIP_SIZE[1]} for clips)")
    parser.add_argument("--tilt", type=float, metavar="DEG", help="camera tilt from straight down, 0-45")
    parser.add_argument("--light", choices=LIGHTS, help="warm lamp, cool window, or even ceiling light")
    parser.add_argument("--hand", action="store_true", help="a hand reaching over the board")
    parser.add_argument("--clean", action="store_true", help="no sensor noise, blur or sharpening")
    parser.add_argument("--quality", type=int, default=90, metavar="Q",
                        help="JPEG quality of .jpg pictures and of clip frames (default 90)")
    parser.add_argument("--out", type=Path, metavar="FILE", help="the picture: .png or .jpg (default render.png)")
    parser.add_argument("--truth", type=Path, metavar="FILE", help="where to write the ground truth JSON")
    parser.add_argument("--clip", type=Path, metavar="FILE", help="film a clip instead: .avi or .mp4")
    parser.add_argument("--turns", type=int, default=2, metavar="N", help="turns in the clip (default 2)")
    parser.add_argument("--samples", type=Path, metavar="DIR",
                        help="write the bundled sample set into DIR (samples/renders, or samples/coast "
                             "for cannons-coastlines) and stop")
    parser.add_argument("--players", type=int, choices=(2, 3, 4),
                        help="cannons-coastlines: fleets on the random table (default from --seed)")
    parser.set_defaults(run=run)


def parse_size(text: str) -> tuple[int, int]:
    width, x, height = text.lower().partition("x")
    if not x or not width.isdigit() or not height.isdigit():
        raise argparse.ArgumentTypeError(f"bad size {text!r}: expected WIDTHxHEIGHT, like 1280x720")
    size = int(width), int(height)
    if min(size) < 64 or max(size) > 8192:
        raise argparse.ArgumentTypeError(f"bad size {text!r}: each side must be 64 to 8192 pixels")
    return size


def run(args: argparse.Namespace) -> int:
    game = plugins()[args.game]
    if args.samples is None:
        if args.tilt is not None and not 0 <= args.tilt <= 45:
            raise UsageError(f"--tilt {args.tilt:g}: the camera tilts 0 to 45 degrees")
        if not 1 <= args.quality <= 100:
            raise UsageError(f"--quality {args.quality}: JPEG quality is 1 to 100")
    board = read_board(game, args.board) if args.board is not None and args.samples is None and game.has("text") else None
    try:
        return game.load("render")(args, board)
    except ValueError as error:
        raise UsageError(str(error)) from None


def read_board(game, path: Path):
    """BOARD parsed with the game's board text; UsageError quoting the file when it is bad."""
    from companion.commands.referee import read_board_text

    text = read_board_text(str(path))  # the referee's reader: same messages, '-' for stdin
    board_text = game.load("text")
    try:
        return board_text.parse_board(text)
    except board_text.BoardTextError as error:
        raise UsageError(f"bad board '{path}': {error}") from None

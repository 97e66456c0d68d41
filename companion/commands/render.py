"""`companion render cannonball-colony [BOARD]`: a realistic webcam photo (or clip) of the
table, with its exact ground truth as JSON."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from companion.cli import UsageError
from companion.games import plugins, plugins_with
LIGHTS = ("warm", "cool", "even")
PHOTO_SIZE = (1280, 720)
CLIP_SIZE = (640, 360)


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
    return plugins()[args.game].load("render")(args)


def render_colony(args: argparse.Namespace) -> int:
    """Cannonball Colony's render part: a photo or clip of BOARD, or the bundled samples."""
    if args.samples is not None:
        from companion.games.cannonball_colony.render.samples import write_samples

        for path in write_samples(args.samples):
            print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
        return 0
    from companion.games.cannonball_colony.render import RenderOptions
    from companion.games.cannonball_colony.render.samples import demo_position

    position = read_position(args.board) if args.board else demo_position(args.seed)
    if args.tilt is not None and not 0 <= args.tilt <= 45:
        raise UsageError(f"--tilt {args.tilt:g}: the camera tilts 0 to 45 degrees")
    if not 1 <= args.quality <= 100:
        raise UsageError(f"--quality {args.quality}: JPEG quality is 1 to 100")
    out = args.out or (None if args.clip else Path("render.png"))
    if out is not None and out.suffix.lower() not in (".png", ".jpg", ".jpeg"):
        raise UsageError(f"--out '{out}': the picture must be a .png or .jpg file")
    compress = args.clip is not None or (out is not None and out.suffix.lower() != ".png")
    options = RenderOptions(size=args.size or (CLIP_SIZE if args.clip else PHOTO_SIZE), tilt_deg=args.tilt,
                            light=args.light, hand=args.hand, noisy=not args.clean,
                            jpeg_quality=args.quality if compress else None)
    try:
        if args.clip is not None:
            return _film(args, position, options)
        return _photograph(args, position, options, out)
    except ValueError as error:
        raise UsageError(str(error)) from None


def render_coast(args) -> int:
    """A photo of a random mid-game Cannons & Coastlines table (no board text: the table is
    drawn from --seed), or the bundled coast samples."""
    import random

    import cv2

    if args.samples is not None:
        from companion.games.cannons_coastlines.render.samples import write_coast_samples

        for path in write_coast_samples(args.samples):
            print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
        return 0
    if args.board is not None or args.clip is not None:
        raise UsageError("cannons-coastlines renders a random table from --seed: no BOARD and no --clip yet")
    if args.tilt is not None and not 0 <= args.tilt <= 45:
        raise UsageError(f"--tilt {args.tilt:g}: the camera tilts 0 to 45 degrees")
    if not 1 <= args.quality <= 100:
        raise UsageError(f"--quality {args.quality}: JPEG quality is 1 to 100")
    out = args.out or Path("render.png")
    if out.suffix.lower() not in (".png", ".jpg", ".jpeg"):
        raise UsageError(f"--out '{out}': the picture must be a .png or .jpg file")
    from companion.games.cannonball_colony.render import RenderOptions
    from companion.games.cannons_coastlines.render import random_coast_table, render_coast_table

    players = args.players or random.Random(f"players {args.seed}").choice((2, 3, 4))
    options = RenderOptions(size=args.size or PHOTO_SIZE, tilt_deg=args.tilt, light=args.light, hand=args.hand,
                            noisy=not args.clean, jpeg_quality=args.quality if out.suffix.lower() != ".png" else None)
    try:
        rendered = render_coast_table(random_coast_table(args.seed, players), args.seed, options)
    except ValueError as error:
        raise UsageError(str(error)) from None
    _write(out, rendered.jpeg if rendered.jpeg is not None else cv2.imencode(".png", rendered.image)[1].tobytes())
    camera, light = rendered.truth["camera"], rendered.truth["light"]
    print(f"wrote {out} ({options.size[0]}x{options.size[1]}, {players} fleets, tilt {camera['tilt_deg']:.0f} "
          f"degrees, {light['kind']} light, seed {args.seed})")
    _write_truth(args.truth, rendered.truth)
    return 0


def _photograph(args, position, options, out: Path) -> int:
    import cv2

    from companion.games.cannonball_colony.render import render_table

    rendered = render_table(position, args.seed, options)
    if rendered.jpeg is not None:
        _write(out, rendered.jpeg)
    else:
        ok, encoded = cv2.imencode(".png", rendered.image)
        _write(out, encoded.tobytes())
    camera, light = rendered.truth["camera"], rendered.truth["light"]
    print(f"wrote {out} ({options.size[0]}x{options.size[1]}, tilt {camera['tilt_deg']:.0f} degrees, "
          f"{light['kind']} light, seed {args.seed})")
    _write_truth(args.truth, rendered.truth)
    return 0


def _film(args, position, options) -> int:
    from companion.games.cannonball_colony.render.clip import render_clip, write_video

    if args.turns < 1:
        raise UsageError(f"--turns {args.turns}: a clip needs at least one turn")
    clip = render_clip(position, args.seed, args.turns, options)
    try:
        write_video(args.clip, clip.frames, clip.truth["clip"]["fps"])
    except ValueError as error:
        raise UsageError(str(error)) from None
    still = sum(frame["still"] for frame in clip.truth["frames"])
    print(f"wrote {args.clip} ({len(clip.frames)} frames, {still} still, {len(clip.truth['turns'])} turns, "
          f"seed {args.seed})")
    _write_truth(args.truth, clip.truth)
    return 0


def read_position(path: Path):
    from companion.commands.referee import read_board_text
    from companion.games.cannonball_colony.text import BoardTextError, parse_board

    text = read_board_text(str(path))  # the referee's reader: same messages, '-' for stdin
    try:
        return parse_board(text)
    except BoardTextError as error:
        raise UsageError(f"bad board '{path}': {error}") from None


def _write(path: Path, data: bytes) -> None:
    try:
        path.write_bytes(data)
    except OSError as error:
        raise UsageError(f"cannot write '{path}': {error.strerror}") from None


def _write_truth(path: Path | None, truth: dict) -> None:
    if path is None:
        return
    _write(path, (json.dumps(truth, indent=1) + "\n").encode("utf-8"))
    print(f"wrote {path}")

"""`companion calibrate camera|colour|cannon`: measure the camera, the light's colours, the cannon."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from calibration.store import DEFAULT_INTRINSICS_FILE
from companion.cli import UsageError

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".webp")
DEFAULT_MIN_VIEWS = 4  # calibration.intrinsics.MIN_VIEWS, named here so --help needs no OpenCV
DEFAULT_COLOUR_FILE = Path("colour-references.json")


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "calibrate",
        help="measure the camera (intrinsics), the light (colour references) and the cannon (aiming)",
        description="Measure what the companion needs to know about its camera, the light and the cannon.",
    )
    targets = parser.add_subparsers(dest="target", metavar="TARGET", required=True)
    camera = targets.add_parser(
        "camera",
        help="camera intrinsics from photos of a chessboard or ChArUco board",
        description=(
            "Measure the camera's intrinsics (focal lengths, centre, lens distortion) from "
            "photos of a chessboard or ChArUco board held at varied angles and distances. "
            "Photos where the pattern is not found are named on stderr and left out."
        ),
        epilog=(
            "patterns: chessboard:9x6:25mm counts inner corners across x down, then the square "
            "side; charuco:5x7:40mm:20mm:DICT_6X6_250 counts squares across x down, then the "
            "square side, the marker side and the ArUco dictionary; add :legacy for a board "
            "printed by OpenCV before 4.6 with an even number of rows."
        ),
    )
    camera.add_argument("--images", type=Path, required=True, metavar="DIR",
                        help=f"folder of photos ({', '.join(IMAGE_SUFFIXES)})")
    camera.add_argument("--pattern", required=True, metavar="SPEC",
                        help="the printed pattern, e.g. chessboard:9x6:25mm (see below)")
    camera.add_argument("--fix-aspect", action="store_true",
                        help="hold fx = fy (square pixels); steadier with few photos")
    camera.add_argument("--min-views", type=int, default=DEFAULT_MIN_VIEWS, metavar="N",
                        help=f"fewest usable photos to accept (default {DEFAULT_MIN_VIEWS})")
    camera.add_argument("--out", type=Path, default=DEFAULT_INTRINSICS_FILE, metavar="FILE",
                        help=f"where to write the JSON result (default ./{DEFAULT_INTRINSICS_FILE})")
    camera.set_defaults(run=run_camera)
    colour = targets.add_parser(
        "colour",
        help="colour references from a photo of the printed patch sheet",
        description=(
            "Sample every printed colour patch (terrain, road, players, white, grey, black) from a "
            "photo of the colour reference sheet lying where the boards will be, under the light "
            "you will play in. The sheet is found by its corner markers, in any perspective."
        ),
    )
    colour.add_argument("--image", type=Path, required=True, metavar="PHOTO",
                        help="a photo of the sheet printed by 'companion print patches'")
    colour.add_argument("--out", type=Path, default=DEFAULT_COLOUR_FILE, metavar="FILE",
                        help=f"where to write the JSON references (default ./{DEFAULT_COLOUR_FILE})")
    colour.set_defaults(run=run_colour)
    register_cannon(targets)
    register_pieces(targets)


def register_pieces(targets) -> None:
    """`calibrate pieces`: the group's own pieces, taught from photos of the teaching sheet."""
    parser = targets.add_parser(
        "pieces", help="learn your own pieces from photos of the teaching sheet",
        description="Learn how your own pieces look under your light and camera: put one of each on its square of "
                    "the sheet 'companion print pieces --game GAME' prints (the empty squares left empty), take one "
                    "photo or more with the camera you play with, all four corner markers in view. Squares that "
                    "could not be learned are listed, and so are pieces whose heights could not be measured (every "
                    "photo taken from nearly overhead): add a photo with the camera slanted 30-45 degrees.")
    parser.add_argument("--game", required=True, metavar="GAME", help="the game whose pieces these are")
    parser.add_argument("--image", type=Path, action="append", required=True, metavar="PHOTO",
                        help="a photo of the teaching sheet with the pieces on it; repeat for several")
    parser.add_argument("--out", type=Path, metavar="FILE",
                        help="where to write the JSON looks (default ./pieces-GAME.json, where read, referee, "
                             "score and serve look for them)")
    parser.set_defaults(run=run_pieces)


def run_pieces(args: argparse.Namespace) -> int:
    import cv2

    from calibration.pieces import default_pieces_file, height_advice, teach
    from calibration.pose import SheetNotFound
    from companion.commands.print_kit import pieces_sheets
    from companion.kit.pieces_sheet import teaching_record

    sheets = pieces_sheets()
    if args.game not in sheets:
        raise UsageError(f"--game {args.game!r}: no teaching sheet; games with one: {', '.join(sorted(sheets))}")
    photos = []
    for path in args.image:
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if image is None:
            problem = "no such file" if not path.exists() else "not a picture"
            raise UsageError(f"--image '{path}': {problem} (expected a .jpg or .png photo of the teaching sheet)")
        photos.append((str(path), image))
    record = teaching_record(args.game, sheets[args.game])
    try:
        looks = teach(photos, record)
    except SheetNotFound as error:
        raise UsageError(str(error)) from None
    out = args.out or default_pieces_file(args.game)
    try:
        looks.save(out)
    except OSError as error:
        raise UsageError(f"cannot write '{out}': {error.strerror or error}") from None
    learned, problems = looks.learned(), looks.problems()
    print(f"{len(learned)} of {len({s['label'] for s in record['squares']})} squares learned from "
          f"{len(photos)} photo{'' if len(photos) == 1 else 's'}")
    for label, why in problems.items():
        print(f"not learned: {label}: {why}")
    advice = height_advice(looks) if sheets[args.game].reads_heights else ""
    if advice:
        print(advice)
    print(f"written to {out}")
    return 0


def register_cannon(targets) -> None:
    """`calibrate cannon`: the aiming is the hardware bridge's, fitted from test shots."""
    parser = targets.add_parser(
        "cannon", help="fit the cannon's aiming from test shots",
        description="Fit the ballistic tilt model (muzzle speed, elevation offset) and the pan table "
                    "from test shots: a CSV with the header pan,tilt,x,y giving the servo angles of "
                    "each shot and where it landed, in table mm.")
    parser.add_argument("--shots", required=True, metavar="CSV", help="test shots: pan,tilt,x,y per line")
    parser.add_argument("--pose", required=True, metavar="X,Y,HEADING[,HEIGHT]",
                        help="the cannon's pivot on the table (mm), its facing (degrees), muzzle height (mm)")
    parser.add_argument("--out", default="cannon-calibration.json", metavar="FILE",
                        help="where to write it (default ./cannon-calibration.json)")
    parser.set_defaults(run=run_cannon)


def run_camera(args: argparse.Namespace) -> int:
    # OpenCV is imported here, not at module level, so other commands start without it.
    from calibration.intrinsics import NotEnoughViews, calibrate_camera
    from calibration.patterns import parse_pattern
    from calibration.store import save_intrinsics

    try:
        pattern = parse_pattern(args.pattern)
    except ValueError as error:
        raise UsageError(f"--pattern: {error}") from None
    views, unreadable = _read_views(args.images)
    for name in unreadable:
        print(f"skipped {name}: cannot be read as an image", file=sys.stderr)
    try:
        run = calibrate_camera(views, pattern, fix_aspect=args.fix_aspect, min_views=args.min_views)
    except NotEnoughViews as error:
        _report_skipped(error.skipped)
        raise UsageError(str(error)) from None
    _report_skipped(run.skipped)

    intrinsics = run.intrinsics
    try:
        path = save_intrinsics(intrinsics, args.out)
    except OSError as error:
        raise UsageError(f"cannot write '{args.out}': {error.strerror or error}") from None
    width, height = intrinsics.image_size
    skipped = len(run.skipped) + len(unreadable)
    used = len(intrinsics.per_view_errors)
    print(f"{pattern}, {width}x{height}: {used} views used, {skipped} skipped")
    print(intrinsics.summary())
    print(f"written to {path}")
    return 0


def run_colour(args: argparse.Namespace) -> int:
    import cv2

    from calibration.colour import sample_references
    from calibration.pose import SheetNotFound
    from companion.kit.layout import patch_sheet_layout

    image = cv2.imread(str(args.image))
    if image is None:
        raise UsageError(f"--image: cannot read '{args.image}' as an image")
    try:
        references = sample_references(image, patch_sheet_layout(), source=str(args.image))
    except SheetNotFound as error:
        raise UsageError(f"'{args.image}': {error}") from None
    try:
        path = references.save(args.out)
    except OSError as error:
        raise UsageError(f"cannot write '{args.out}': {error.strerror or error}") from None
    noisiest = max(references.spread, key=references.spread.get)
    print(f"{len(references.references)} colour references from '{args.image}'; "
          f"noisiest patch {noisiest} (mean delta E {references.spread[noisiest]:.1f})")
    print(f"written to {path}")
    return 0


def _read_views(folder: Path):
    import cv2

    if not folder.is_dir():
        raise UsageError(f"--images: no such folder: '{folder}'")
    files = sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES and p.is_file())
    if not files:
        raise UsageError(f"--images: no photos ({', '.join(IMAGE_SUFFIXES)}) in '{folder}'")
    views, unreadable = [], []
    for file in files:
        image = cv2.imread(str(file), cv2.IMREAD_GRAYSCALE)
        if image is None:
            unreadable.append(file.name)
        else:
            views.append((file.name, image))
    return views, unreadable


def _report_skipped(skipped) -> None:
    for view in skipped:
        print(f"skipped {view.name}: {view.reason}", file=sys.stderr)


def run_cannon(args) -> int:
    from firmware_bridge.aiming import AimingError, CannonPose, calibrate_cannon, read_shots, save

    try:
        numbers = [float(v) for v in args.pose.split(",")]
        if len(numbers) not in (3, 4):
            raise ValueError
    except ValueError:
        raise UsageError(f"--pose: expected X,Y,HEADING or X,Y,HEADING,HEIGHT (numbers), got {args.pose!r}") from None
    pose = CannonPose(*numbers)
    try:
        shots = read_shots(args.shots)
        aiming = calibrate_cannon(shots, pose)
    except FileNotFoundError:
        raise UsageError(f"--shots: no such file {args.shots!r}") from None
    except AimingError as error:
        raise UsageError(str(error)) from None
    path = save(aiming, args.out)
    b = aiming.ballistics
    print(f"{len(shots)} shot{'' if len(shots) == 1 else 's'}: muzzle speed {b.speed / 1000:.2f} m/s, elevation offset {b.offset:+.2f} deg, "
          f"range error {aiming.fitted_rms_mm} mm RMS")
    print(f"written to {path}")
    return 0


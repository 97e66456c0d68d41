"""`companion markers IMAGE`: list the ArUco markers in a picture, or draw them on a copy."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from companion.cli import UsageError

DEFAULT_DICTIONARY = "DICT_4X4_50"  # the kit's markers; kept here so --help needs no OpenCV


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "markers",
        help="find the ArUco markers in a picture",
        description=(
            "Find the ArUco markers in IMAGE. Prints their ids and corners as JSON with --json; "
            "otherwise writes a copy of the picture with each marker outlined "
            "(IMAGE's name + .markers.png, beside it, unless --out says where) and prints a summary."
        ),
    )
    parser.add_argument("image", type=Path, metavar="IMAGE", help="a photo or frame (PNG, JPEG, ...)")
    parser.add_argument(
        "--dict", dest="dictionary", default=DEFAULT_DICTIONARY, metavar="DICT",
        help=f"ArUco dictionary name (default {DEFAULT_DICTIONARY}, the printed kit's)",
    )
    parser.add_argument(
        "--json", action="store_true",
        help='print [{"id": N, "corners": [[x, y] x4]}], corners from the printed top-left clockwise',
    )
    parser.add_argument("--out", type=Path, metavar="PNG", help="where to write the annotated copy")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    # OpenCV is imported here, not at module level, so other commands start without it.
    import cv2

    from companion.vision.markers import detect_markers, draw_markers

    image = read_image(args.image)
    try:
        markers = detect_markers(image, args.dictionary)
    except ValueError as error:
        raise UsageError(f"--dict: {error}") from None

    if args.json:
        print(json.dumps([marker.to_json() for marker in markers]))
        if args.out is None:
            return 0

    out = args.out or args.image.with_name(args.image.stem + ".markers.png")
    if not cv2.imwrite(str(out), draw_markers(image, markers)):
        raise UsageError(f"cannot write the annotated picture to '{out}'")
    if not args.json:
        print(f"{summarise([marker.id for marker in markers])} -> {out}")
    return 0


def read_image(path: Path):
    """The picture at `path` as a BGR array; UsageError quoting the path when it cannot be read."""
    import cv2

    if not path.is_file():
        raise UsageError(f"no such image: '{path}'")
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:
        raise UsageError(f"cannot read '{path}' as an image")
    return image


def summarise(ids: list[int]) -> str:
    if not ids:
        return "no markers seen"
    noun = "marker" if len(ids) == 1 else "markers"
    return f"{len(ids)} {noun} seen: {', '.join(str(i) for i in ids)}"

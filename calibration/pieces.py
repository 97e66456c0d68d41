"""Piece looks: learn how a group's own pieces look under its light and camera, from photos of the teaching sheet.

The players put one of each of their pieces on its labelled square of the sheet that
`companion print pieces` prints, and take one photo or more. Each photo is placed on the
sheet by its corner markers; every square is read at the look points of
companion.vision.piece_looks, white-balanced on the paper round it. A square is learned when
its piece shows; it is reported (never silently dropped) when it is out of the picture, when
nothing stands on it, or when its piece looks like another kind's. The file keeps each
square's balanced colours at every look point, so a game's reader can name them with its own
colour classes and find the same looks on its board.

The sheet's geometry is pieces-sheet.json's (mm on the page): the caller passes it, so this
module knows no game.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path

import cv2
import numpy as np

from calibration import pose
from calibration.piece_looks_file import ALIKE, EMPTY, LEARNED, NOT_EMPTY, NOT_IN_VIEW, PieceLooks, SquareLook
from calibration.sheet_search import SheetSearchSettings, with_missed_sheet_markers
from calibration.sheet_solids import fit_sheet_solids
from companion.vision.colour_classes import lab_of_linear
from companion.vision.markers import detect_markers
from companion.vision.piece_faces import FaceSettings
from companion.vision.piece_looks import LookSettings, distances, linear_at, read_looks
from companion.vision.piece_shading import ShadingSettings
from companion.vision.piece_solids import SolidSettings
from companion.vision.plane_camera import camera_from_plane

TOP_VIEW_PAPER = 235       # the paper's level in a square's top view, as a harbour mat's picture has it
EMPTY_LABEL = "."          # pieces-sheet.json's label of a square left empty


def default_pieces_file(game: str) -> Path:
    """Where `calibrate pieces` writes a game's looks and `read`, `referee`, `score` and `serve` find them:
    beside colour-references.json and camera-calibration.json, in the folder they run in."""
    return Path(f"pieces-{game}.json")


@dataclass(frozen=True)
class TeachSettings:
    looks: LookSettings = LookSettings()
    min_markers: int = 2
    search: SheetSearchSettings = SheetSearchSettings()   # a second, magnified look when the first sees one marker
    # A look point shows a piece as far as its colour, balanced on the paper round the square, is
    # vivid: not at all up to the first Lab chroma, fully from the second. Paper, black ink and
    # the pieces' grey shadows are not vivid.
    piece_chroma: tuple[float, float] = (9.0, 19.0)
    # A square shows a piece when at least this share of its base points do.
    min_base_share: float = 0.15
    # White: the paper round a square, at this many points on a ring this far out (side shares).
    ring_points: int = 16
    ring_share: float = 0.62
    ring_least_paper: float = 0.25    # of a ring's points not vivid, or the square takes the whole sheet's paper
    # Two squares' pieces too alike to tell apart: their shares this near (RMS) and colours this near (delta E).
    alike_shares: float = 0.1
    alike_colour: float = 8.0
    # Each piece's solid (companion.vision.piece_solids): its silhouette is the window's pixels that are vivid
    # and nearer its own paint's hue than any other square's, in one patch reaching this near its square's middle.
    solids: SolidSettings = SolidSettings()
    own_patch_mm: float = 5.0
    shading: ShadingSettings = ShadingSettings()   # and how its lightness spreads over that silhouette
    faces: FaceSettings = FaceSettings()           # and how much lighter its top face is than its sides
    same_paint_cos: float = 0.94     # paints whose hues are within 20 degrees: one country's
    # Each learned square seen from straight above (for pieces lying flat), its paper made TOP_VIEW_PAPER:
    # at this many px per mm, this far past the square's edge (less than the gap between squares).
    top_view_px_per_mm: float = 2.0
    top_view_margin_mm: float = 3.0
    # A piece lying flat (a pale sail, a white pole, a small pennant) may show at none of the look points:
    # its square is learned too when this share of its middle (the printed outline left out) is this far
    # (Lab delta E) from the paper, and coloured or dark (a neighbour's shadow is a pale grey).
    covered_delta_e: float = 25.0
    covered_chroma: float = 12.0
    covered_dark: float = 40.0
    min_covered_share: float = 0.02
    covered_middle: float = 0.94
    vivid_share: float = 0.03        # a top view's most coloured pixels: what tells two pieces of one shape apart
    # A photo whose line of sight to the sheet's middle is nearer than this to the page's normal cannot measure
    # a piece's height: height barely changes a silhouette seen from overhead. Tuning seeds 6000-6099: under 9
    # degrees (16 photos, 186 squares) a square's taught height is a median 7.5 mm off the truth, 40% more than
    # 10 mm; from 9 on (76 photos) 2.9 mm, 12%; in 2-degree steps the median falls from 5.0 (7-9) to 3.6 (9-11).
    least_height_tilt_deg: float = 9.0
    # What to tell the players then: a second photo, slanted this much, measures the heights.
    slant_advice_deg: tuple[int, int] = (30, 45)


def sheet_layout(record: dict) -> pose.SheetLayout:
    return pose.SheetLayout({marker["id"]: tuple(tuple(c) for c in marker["corners_mm"]) for marker in record["markers"]})


def locate_teaching_sheet(image: np.ndarray, record: dict, photo: str,
                          settings: TeachSettings = TeachSettings()) -> pose.SheetHomography:
    """Where the teaching sheet (`record`) lies in one BGR photo: its sheet-mm to picture matrix.
    SheetNotFound naming the photo when too few of the sheet's markers are seen, looked for again magnified."""
    layout = sheet_layout(record)
    seen = with_missed_sheet_markers(image, detect_markers(image), layout, settings.min_markers, settings.search)
    try:
        located = pose.locate_sheet(seen, layout)
    except pose.SheetNotFound:
        located = None
    if located is None or len(located.markers_used) < settings.min_markers:
        used = list(located.markers_used) if located else []
        others = sorted({m.id for m in seen} - set(layout.markers))
        hint = f"; it shows markers {others} of something else" if others else ""
        raise pose.SheetNotFound(f"{photo}: the teaching sheet is not located: {settings.min_markers} of its markers "
                                 f"{sorted(layout.markers)} are needed, {used or 'none'} seen{hint}")
    return located


def read_sheet(image: np.ndarray, record: dict, photo: str,
               settings: TeachSettings = TeachSettings()) -> tuple[list[SquareLook], float]:
    """Every square of the teaching sheet (`record`, pieces-sheet.json's geometry) in one BGR photo, and the photo's
    tilt: degrees between the page's normal and the line of sight to the sheet's middle.
    SheetNotFound naming the photo when too few of the sheet's markers are seen."""
    located = locate_teaching_sheet(image, record, photo, settings)
    height, width = image.shape[:2]
    camera = camera_from_plane(located.matrix, (width, height))
    squares = record["squares"]
    centres = np.array([s["centre_mm"] for s in squares], np.float64)
    tilt = camera.view_angle_deg(centres.mean(axis=0))
    sides = np.array([float(s["side_mm"]) for s in squares])
    whites = _paper_whites(image, located.matrix, centres, sides, settings)

    def shows(balanced):
        lab = lab_of_linear(np.clip(balanced[..., ::-1], 0, 1.5))
        return np.clip((np.hypot(lab[..., 1], lab[..., 2]) - settings.piece_chroma[0])
                       / (settings.piece_chroma[1] - settings.piece_chroma[0]), 0, 1).astype(np.float32)

    # The look points scale with the square: squares of one size are read together.
    count = settings.looks.count
    pixels, balanced, shares = np.zeros((len(squares), count, 2)), np.zeros((len(squares), count, 3)), np.zeros((len(squares), count))
    for side in sorted(set(sides.tolist())):
        group = np.nonzero(sides == side)[0]

        def balanced_at(points, group=group):
            return linear_at(image, points) / whites[group][:, None, :]

        pixels[group], balanced[group], shares[group] = read_looks(balanced_at, shows, located.matrix, camera,
                                                                   centres[group], side, settings.looks)
    results = []
    for square, points, colours, share in zip(squares, pixels, balanced, shares):
        inside = (points[:, 0] >= 0) & (points[:, 0] <= width - 1) & (points[:, 1] >= 0) & (points[:, 1] <= height - 1)
        if not inside.all():
            results.append(SquareLook(square["label"], NOT_IN_VIEW, photo))
            continue
        showing = share[:settings.looks.base_count].mean() >= settings.min_base_share
        top_view = _top_view(image, located.matrix, square, whites[len(results)], settings)
        if square["label"] == EMPTY_LABEL:
            status = NOT_EMPTY if showing else LEARNED
        else:
            status = LEARNED if showing or _covered_share(top_view, settings) >= settings.min_covered_share else EMPTY
        top_view = top_view if status == LEARNED else None
        results.append(SquareLook(square["label"], status, photo, colours.astype(np.float32), share, None,
                                  top_view, settings.top_view_px_per_mm if top_view is not None else 0.0))
    results = _with_solids(results, image, located.matrix, camera, centres, sides, whites, settings)
    if tilt < settings.least_height_tilt_deg:   # the solids' widths hold, their heights are not measured
        results = [replace(square, height_measured=False) if square.solid is not None else square for square in results]
    return results, tilt


def _top_view(image, to_image, square: dict, white: np.ndarray, settings: TeachSettings) -> np.ndarray:
    """The square (and its margin) from straight above: every pixel the plane point's colour over the paper's
    round the square, as 8-bit sRGB with the paper at TOP_VIEW_PAPER."""
    half = float(square["side_mm"]) / 2 + settings.top_view_margin_mm
    step = 1.0 / settings.top_view_px_per_mm
    offsets = np.arange(-half + step / 2, half, step)
    xs, ys = np.meshgrid(offsets + square["centre_mm"][0], offsets + square["centre_mm"][1])
    plane = np.dstack([xs, ys]).astype(np.float64)
    pixels = cv2.perspectiveTransform(plane.reshape(-1, 1, 2), to_image).reshape(plane.shape)
    relative = np.clip(linear_at(image, pixels) / white, 0.0, 1.2)
    return np.clip(TOP_VIEW_PAPER * relative ** (1 / 2.2), 0, 255).astype(np.uint8)


def _middle_lab(top_view: np.ndarray, settings: TeachSettings) -> np.ndarray:
    """Lab (delta E units, paper at 0) of the top view's middle, the printed outline left out: (n, 3)."""
    margin = int(round(settings.top_view_margin_mm * settings.top_view_px_per_mm))
    inner = top_view[margin:top_view.shape[0] - margin, margin:top_view.shape[1] - margin]
    cut = int(round(inner.shape[0] * (1 - settings.covered_middle) / 2))
    return _from_paper(inner[cut:inner.shape[0] - cut, cut:inner.shape[1] - cut])


def _from_paper(view: np.ndarray) -> np.ndarray:
    """Lab of a top view's pixels, less the paper's, in delta E units: (n, 3)."""
    lab = cv2.cvtColor(view, cv2.COLOR_BGR2Lab).astype(np.float32).reshape(-1, 3)
    paper = cv2.cvtColor(np.full((1, 1, 3), TOP_VIEW_PAPER, np.uint8), cv2.COLOR_BGR2Lab)[0, 0].astype(np.float32)
    # OpenCV's 8-bit Lab scales L by 255/100: back to delta E units.
    return (lab - paper) * np.array([100 / 255, 1.0, 1.0], np.float32)


def _covered_share(top_view: np.ndarray, settings: TeachSettings) -> float:
    """How much of the top view's middle is far from the paper's colour, and coloured or dark."""
    lab = _middle_lab(top_view, settings)
    far = np.linalg.norm(lab, axis=1) > settings.covered_delta_e
    shows = (np.hypot(lab[:, 1], lab[:, 2]) > settings.covered_chroma) | (lab[:, 0] < -settings.covered_dark)
    return float((far & shows).mean())


def _top_vivid(square: SquareLook, settings: TeachSettings) -> np.ndarray | None:
    """The median Lab of the most coloured pixels of a square's top view (a piece may reach past its square;
    the margin under it, where its label begins, left out), or None without one."""
    if square.top_view is None:
        return None
    margin = int(round(settings.top_view_margin_mm * settings.top_view_px_per_mm))
    lab = _from_paper(square.top_view[:square.top_view.shape[0] - margin])
    chroma = np.hypot(lab[:, 1], lab[:, 2])
    return np.median(lab[chroma >= np.quantile(chroma, 1 - settings.vivid_share)], axis=0)


def _with_solids(squares: list[SquareLook], image, to_image, camera, centres, sides, whites,
                 settings: TeachSettings) -> list[SquareLook]:
    """Each learned piece's solid, fitted to its silhouette round its square, how well it covered it, its shading
    there and its top face's contrast with its sides (calibration.sheet_solids)."""
    paints = {index: square.colour() for index, square in enumerate(squares)
              if square.learned and square.label != EMPTY_LABEL}
    paints = {index: paint for index, paint in paints.items() if paint is not None}
    solids, shadings, contrasts, overlaps = fit_sheet_solids(paints, image, to_image, camera, centres, sides, whites,
                                                             settings)
    return [replace(square, solid=solids[index], shading=shadings[index], face_contrast=contrasts[index],
                    solid_fit=round(overlaps[index], 3))
            if index in solids else square
            for index, square in enumerate(squares)]


def _paper_whites(image, to_image, centres, sides, settings: TeachSettings) -> np.ndarray:
    """(M, 3) linear BGR of the paper round each square (`sides` (M,) mm): the brighter half of a ring of points."""
    angles = np.linspace(0, 2 * np.pi, settings.ring_points, endpoint=False)
    ring = centres[:, None, :] + settings.ring_share * np.asarray(sides)[:, None, None] * np.stack([np.cos(angles), np.sin(angles)], axis=1)[None]
    pixels = cv2.perspectiveTransform(ring.reshape(-1, 1, 2), to_image).reshape(len(centres), -1, 2)
    colours = linear_at(image, pixels)
    whites = _brighter_half(colours, np.ones(colours.shape[:2], bool))
    # A big piece leaning over its own ring (a cube filling its square) would be its own paper and show no colour:
    # ring points vivid against the whole sheet's paper are left out, and a ring with too few left takes that paper.
    sheet = np.median(whites, axis=0)
    lab = lab_of_linear(np.clip((colours / sheet)[..., ::-1], 0, 1.5))
    paper = np.hypot(lab[..., 1], lab[..., 2]) < settings.piece_chroma[0]
    enough = paper.sum(axis=1) >= settings.ring_least_paper * settings.ring_points
    return np.where(enough[:, None], _brighter_half(colours, paper), sheet).clip(1e-3, None)


def _brighter_half(colours: np.ndarray, counted: np.ndarray) -> np.ndarray:
    """(M, 3): each ring's median colour over the brighter half of its `counted` points (M, P)."""
    whites = []
    for ring, mask in zip(colours, counted):
        points = ring[mask] if mask.any() else ring
        luma = points.sum(axis=1)
        whites.append(np.median(points[luma >= np.median(luma)], axis=0))
    return np.array(whites)


def teach(photos: list[tuple[str, np.ndarray]], record: dict, settings: TeachSettings = TeachSettings(),
          created: datetime | None = None) -> PieceLooks:
    """The looks of every square over all `photos` ((name, BGR) pairs); kinds too alike are marked, and the
    heights a photo from nearly overhead could not measure."""
    squares, tilts = [], {}
    for name, image in photos:
        read, tilts[name] = read_sheet(image, record, name, settings)
        squares += read
    squares = _mark_alike(squares, settings)
    stamp = (created or datetime.now(timezone.utc)).isoformat(timespec="seconds")
    return PieceLooks(str(record["game"]), stamp, tuple(name for name, _ in photos), tuple(squares), settings.looks,
                      {name: round(tilt, 1) for name, tilt in tilts.items()})


PHOTO_STEP = ("Take a second photo with the camera slanted {low}-{high} degrees from straight down, all four corner "
              "markers in view, and give both (--image twice): the heights are taken from the slanted one.")


def height_advice(looks: PieceLooks, settings: TeachSettings = TeachSettings(), step: str = PHOTO_STEP) -> str:
    """What to tell the players when some pieces' heights were not measured (every photo that showed them was
    taken from nearly overhead): the photos' tilts, and `step` (what to do, {low}-{high} the slant advised);
    "" when every taught height was measured."""
    unmeasured = looks.unmeasured_heights()
    if not unmeasured:
        return ""
    overhead = [f"{photo} ({tilt:.1f} degrees)" for photo, tilt in looks.tilts_deg.items()
                if tilt < settings.least_height_tilt_deg]
    seen = (f"{' and '.join(overhead)} {'looks' if len(overhead) == 1 else 'look'} at the sheet from nearly overhead"
            if overhead else "the photos look at the sheet from nearly overhead")
    low, high = settings.slant_advice_deg
    return (f"Heights not measured for {', '.join(unmeasured)}: {seen}, under {settings.least_height_tilt_deg:g} "
            f"degrees from straight down, where a piece's height barely changes its outline. "
            + step.format(low=low, high=high))


def _labs(*colours) -> np.ndarray:
    return lab_of_linear(np.clip(np.array(colours)[:, ::-1], 0, 1.5))


def _mark_alike(squares: list[SquareLook], settings: TeachSettings) -> list[SquareLook]:
    """A learned square whose piece looks like another label's in the same photo, in shape and paint."""
    marked = list(squares)
    for i, first in enumerate(squares):
        for j, second in enumerate(squares[:i]):
            if not (first.learned and second.learned) or first.photo != second.photo or first.label == second.label:
                continue
            if EMPTY_LABEL in (first.label, second.label):
                continue
            near = float(distances(first.shares, second.shares)[0, 0]) <= settings.alike_shares
            pairs = [(first.colour(), second.colour()), (first.vivid(), second.vivid())]
            tops = (_top_vivid(first, settings), _top_vivid(second, settings))
            # Seen whole from above, two pieces of one shape may still differ in a small patch of paint.
            tops_differ = all(top is not None for top in tops) and float(np.linalg.norm(tops[0] - tops[1])) > settings.alike_colour
            if near and not tops_differ and all(a is not None and b is not None for a, b in pairs) and all(
                    float(np.linalg.norm(np.subtract(*_labs(a, b)))) <= settings.alike_colour for a, b in pairs):
                marked[i] = replace(first, status=f"{ALIKE} {second.label}")
                marked[j] = replace(second, status=f"{ALIKE} {first.label}")
    return marked

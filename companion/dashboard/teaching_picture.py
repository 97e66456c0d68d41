"""The Pieces screen's pictures: the camera's frame with each square of the teaching sheet ticked as its
piece is learned, and a card of what was learned (each piece as the camera saw it, its paint and size)."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from calibration.pieces import EMPTY_LABEL
from companion.dashboard.video import wrap

# BGR: learned, not learned yet (a reason), waiting for a first frame.
COLOURS = {"learned": (70, 160, 40), "not learned": (40, 60, 210), "waiting": (150, 150, 150)}
FONT = cv2.FONT_HERSHEY_SIMPLEX


@dataclass(frozen=True)
class PictureSettings:
    crop_margin: float = 0.3      # of a square's side, round it: a piece stands over its square's edges
    crop_px: int = 120            # each learned piece's picture, this many px on its longer side
    tile_px: tuple[int, int] = (170, 215)   # a card's tile: the piece, its label, paint and size
    columns: int = 5
    banner_share: float = 1 / 18  # of the frame's height
    # The live picture is framed on the sheet once it is located: its markers' box, grown by this share on
    # each side, widened to view_px's shape and scaled to it (a sheet across a table is small in a frame).
    sheet_margin: float = 0.08
    view_px: tuple[int, int] = (1280, 720)   # the shape of a 720p frame, so the picture keeps its size


def square_corners(record: dict, sheet_to_image: np.ndarray) -> np.ndarray:
    """(M, 4, 2) picture px of each square's corners, from its centre and side in sheet mm."""
    corners = []
    for square in record["squares"]:
        (x, y), half = square["centre_mm"], square["side_mm"] / 2
        corners.append([[x - half, y - half], [x + half, y - half], [x + half, y + half], [x - half, y + half]])
    points = np.asarray(corners, np.float64)
    return cv2.perspectiveTransform(points.reshape(-1, 1, 2), sheet_to_image).reshape(points.shape)


def marker_corners(record: dict, sheet_to_image: np.ndarray) -> np.ndarray:
    """(N, 2) picture px of every corner of the sheet's markers: the sheet's extent."""
    points = np.array([corner for marker in record["markers"] for corner in marker["corners_mm"]], np.float64)
    return cv2.perspectiveTransform(points.reshape(-1, 1, 2), sheet_to_image).reshape(-1, 2)


def annotate(image: np.ndarray, record: dict, corners: np.ndarray | None, states: dict, headline: str,
             settings: PictureSettings = PictureSettings(), sheet: np.ndarray | None = None) -> np.ndarray:
    """The frame with each square outlined in its state's colour, a tick on the learned ones, and a headline,
    framed on the `sheet`'s points when given; without `corners` (the sheet not located) only the headline."""
    out = image.copy()
    if corners is not None:
        for square, quad in zip(record["squares"], corners):
            state = states.get(square["label"], ("waiting", ""))[0]
            polygon = np.round(quad).astype(np.int32)
            cv2.polylines(out, [polygon], True, COLOURS[state], 3 if state == "learned" else 2, cv2.LINE_AA)
            if state == "learned":
                _tick(out, quad)
    if sheet is not None:
        out = framed(out, sheet, settings)
    height = max(28, int(out.shape[0] * settings.banner_share))
    cv2.rectangle(out, (0, 0), (out.shape[1], height), (30, 30, 30), -1)
    cv2.putText(out, headline, (10, int(height * 0.72)), FONT, height / 42, (255, 255, 255), 1, cv2.LINE_AA)
    return out


def framed(image: np.ndarray, points: np.ndarray, settings: PictureSettings = PictureSettings()) -> np.ndarray:
    """The part of `image` round `points`, in view_px's shape, scaled to view_px (never past the frame's edges)."""
    height, width = image.shape[:2]
    low, high = points.min(axis=0), points.max(axis=0)
    size = (high - low) * (1 + 2 * settings.sheet_margin)
    aspect = settings.view_px[0] / settings.view_px[1]
    size = np.maximum(size, [size[1] * aspect, size[0] / aspect])
    scale = min(1.0, width / size[0], height / size[1])   # a box bigger than the frame: the frame, in shape
    size = size * scale
    left, top = np.clip((low + high) / 2 - size / 2, 0, [width - size[0], height - size[1]])
    part = image[int(top):int(top + size[1]), int(left):int(left + size[0])]
    return cv2.resize(part, settings.view_px, interpolation=cv2.INTER_AREA if part.shape[1] > settings.view_px[0]
                      else cv2.INTER_CUBIC)


def _tick(image: np.ndarray, quad: np.ndarray) -> None:
    """A check mark on a white disc at the square's top-right corner, sized to the square as the camera sees it."""
    radius = max(float(np.linalg.norm(quad[1] - quad[0])) * 0.28, 7.0)
    centre = quad[1]
    mark = centre + np.array([[-0.5, 0.0], [-0.15, 0.4], [0.5, -0.4]]) * radius
    cv2.circle(image, tuple(np.round(centre).astype(int)), round(radius), (255, 255, 255), -1, cv2.LINE_AA)
    cv2.polylines(image, [np.round(mark).astype(np.int32)], False, COLOURS["learned"], max(2, round(radius / 4)),
                  cv2.LINE_AA)


def crop_square(image: np.ndarray, quad: np.ndarray, settings: PictureSettings = PictureSettings()) -> np.ndarray:
    """The piece on one square as the camera saw it: the square and a margin round it, scaled to crop_px."""
    centre = quad.mean(axis=0)
    grown = centre + (quad - centre) * (1 + 2 * settings.crop_margin)
    left, top = np.floor(grown.min(axis=0)).astype(int)
    right, bottom = np.ceil(grown.max(axis=0)).astype(int)
    height, width = image.shape[:2]
    left, top, right, bottom = max(left, 0), max(top, 0), min(right, width), min(bottom, height)
    if right <= left or bottom <= top:
        return np.full((settings.crop_px, settings.crop_px, 3), 200, np.uint8)
    part = image[top:bottom, left:right]
    scale = settings.crop_px / max(part.shape[:2])
    return cv2.resize(part, (max(1, round(part.shape[1] * scale)), max(1, round(part.shape[0] * scale))),
                      interpolation=cv2.INTER_CUBIC if scale > 1 else cv2.INTER_AREA)


def _display(balanced_bgr: np.ndarray) -> tuple[int, int, int]:
    """A paint's colour, balanced on the paper (1 is paper white, linear), as screen BGR."""
    srgb = np.clip(balanced_bgr, 0, 1) ** (1 / 2.2) * 255
    return tuple(int(v) for v in np.round(srgb))


def looks_card(labels: tuple[str, ...], captions: dict, states: dict, crops: dict, learned: dict,
               settings: PictureSettings = PictureSettings()) -> np.ndarray:
    """One tile per label: the piece as the camera saw it when it was learned, its paint and fitted size, and
    its state; a label not learned shows its reason instead."""
    tile_w, tile_h = settings.tile_px
    columns = min(settings.columns, max(len(labels), 1))
    rows = -(-len(labels) // columns)
    card = np.full((rows * tile_h, columns * tile_w, 3), 250, np.uint8)
    for index, label in enumerate(labels):
        x, y = (index % columns) * tile_w, (index // columns) * tile_h
        state, why = states.get(label, ("waiting", ""))
        cv2.rectangle(card, (x + 4, y + 4), (x + tile_w - 5, y + tile_h - 5), COLOURS[state], 2)
        crop = crops.get(label)
        if crop is not None:
            h, w = crop.shape[:2]
            ox, oy = x + (tile_w - w) // 2, y + 10
            card[oy:oy + h, ox:ox + w] = crop
        text_y = y + settings.crop_px + 30
        cv2.putText(card, label, (x + 12, text_y), FONT, 0.6, (30, 30, 30), 2, cv2.LINE_AA)
        cv2.putText(card, captions.get(label, "")[:22], (x + 12, text_y + 20), FONT, 0.4, (80, 80, 80), 1, cv2.LINE_AA)
        squares = learned.get(label) or []
        paint = squares[0].colour() if squares else None
        solid = squares[0].solid if squares else None
        if state == "learned":
            if paint is not None:
                cv2.rectangle(card, (x + 12, text_y + 30), (x + 38, text_y + 50), _display(paint), -1)
                cv2.rectangle(card, (x + 12, text_y + 30), (x + 38, text_y + 50), (60, 60, 60), 1)
            # A height only a frame from nearly overhead gave is not measured: "?" (a slanted frame's, when one).
            tall = next((s.solid for s in squares if s.solid is not None and s.height_measured), None)
            height = f"{tall.height_mm:.0f}" if tall is not None else "?"
            size = f"{solid.width_mm:.0f} x {height} mm" if solid is not None else \
                "left empty" if label == EMPTY_LABEL else ""
            cv2.putText(card, size, (x + 46, text_y + 45), FONT, 0.45, (30, 30, 30), 1, cv2.LINE_AA)
        else:
            for number, line in enumerate(wrap(why or state, tile_w - 24, 0.4)[:3]):
                cv2.putText(card, line, (x + 12, text_y + 40 + 16 * number), FONT, 0.4, COLOURS[state], 1, cv2.LINE_AA)
    return card

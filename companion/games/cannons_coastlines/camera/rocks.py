"""Rocks on the Cannons & Coastlines table: grey frustums ROCK_HEIGHT_MM tall, found by colour
on the flattened play area (coast_islands.flattened_play_area, the table plane).

Grey and compact, unlike the table (its colour measured), a marker's black and white, a
sail's cream and the long shadows beside ships; ships and islands, where they were read, are
left out. Seen at a tilt a rock's top stands off its base away from the camera, so the grey
blob is the base stretched that way: the base's far side is the blob's far edge less the
stretch, and its near side the blob's near edge.
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.cannons_coastlines.kit import pieces as kit
from companion.vision.table_frame import TableFrame
from companion.games.cannons_coastlines.camera.islands import PX_PER_IN
from companion.games.cannons_coastlines.camera.settings import RockSettings

PAPER_BGR = (243, 241, 236)     # the kit's warm white card (as the renderer prints it)


def light_cast(image: np.ndarray, quads) -> np.ndarray:
    """The light's colour as Lab a*b* per unit of lightness L (a grey's cast grows with its
    lightness): the white of the markers' cards and cells (`quads`, px) against the paper's own."""
    h, w = image.shape[:2]
    whites = []
    for quad in quads[:2]:   # two markers' white is plenty
        x0, y0 = np.clip(np.floor(quad.min(0)).astype(int), 0, [w - 1, h - 1])
        x1, y1 = np.clip(np.ceil(quad.max(0)).astype(int) + 1, 1, [w, h])
        pixels = image[y0:y1:2, x0:x1:2].reshape(-1, 3).astype(np.float32)
        brightness = pixels.sum(1)
        whites.append(pixels[brightness >= np.percentile(brightness, 80)])
    if not whites:
        return np.zeros(2, np.float32)
    white = np.median(np.vstack(whites), axis=0)
    seen = cv2.cvtColor(np.uint8([[np.clip(white, 0, 255)]]), cv2.COLOR_BGR2Lab)[0, 0].astype(np.float32) - [0, 128, 128]
    paper = cv2.cvtColor(np.uint8([[PAPER_BGR]]), cv2.COLOR_BGR2Lab)[0, 0, 1:].astype(np.float32) - 128
    return (seen[1:] - paper) / max(float(seen[0]), 1.0)


def grey_pixels(flat_lab: np.ndarray, cast: np.ndarray, elsewhere: np.ndarray,
                settings: RockSettings = RockSettings()) -> np.ndarray:
    """Pixels grey as a rock: little colour once the light's cast is taken off, neither black
    nor white, and unlike the table round them (a lamp lights a table unevenly, and a limed or
    linen table is nearly grey itself). `elsewhere`: pixels not to look at."""
    smooth = cv2.blur(flat_lab, (3, 3))
    channels = cv2.split(smooth)   # contiguous planes: numpy is slow on interleaved ones
    # A quick box test by look-up (the cast a grey takes grows with its lightness), then the
    # exact tests on the few pixels left.
    levels = np.arange(256, dtype=np.float32)
    grey = (channels[0] > settings.lightness[0]) & (channels[0] < settings.lightness[1]) & ~elsewhere
    for channel in (1, 2):
        middle = 128 + cast[channel - 1] * levels
        low = np.clip(np.ceil(middle - settings.grey_max_chroma), 0, 255).astype(np.uint8)
        high = np.clip(np.floor(middle + settings.grey_max_chroma), 0, 255).astype(np.uint8)
        grey &= (channels[channel] >= cv2.LUT(channels[0], low)) & (channels[channel] <= cv2.LUT(channels[0], high))
    # The table round each pixel: the median of a quarter-size picture is as good and far quicker.
    small = cv2.resize(smooth, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    around = cv2.resize(cv2.medianBlur(small, settings.background_px // 4 | 1), (smooth.shape[1], smooth.shape[0]),
                        interpolation=cv2.INTER_LINEAR)
    # No channel differing by a third of table_difference: not that far from the table in Lab.
    differences = cv2.split(cv2.absdiff(smooth, around))
    grey &= cv2.max(cv2.max(differences[0], differences[1]), differences[2]) > settings.table_difference / 3 ** 0.5
    ys, xs = np.nonzero(grey)
    pixel, table = smooth[ys, xs].astype(np.float32), around[ys, xs].astype(np.float32)
    ab = pixel[:, 1:] - 128 - cast * pixel[:, :1]
    chroma = np.hypot(ab[:, 0], ab[:, 1])
    # The table in shadow or in the lamp's glare keeps its hue, its chroma going with its lightness.
    table_ab = (table[:, 1:] - 128 - cast * table[:, :1]) * (pixel[:, :1] / np.maximum(table[:, :1], 1.0))
    table_chroma = np.hypot(*(table[:, 1:] - 128 - cast * table[:, :1]).T)
    # On a grey table (linen, limed wood) only lightness sets a rock apart: no hue to compare.
    table_like = (np.linalg.norm(ab - table_ab, axis=1) < chroma) & (table_chroma > settings.grey_max_chroma)
    grey[ys, xs] = (chroma < settings.grey_max_chroma) & ~table_like & (np.linalg.norm(pixel - table, axis=1) > settings.table_difference)
    return grey


def find_rocks(flat_lab: np.ndarray, elsewhere: np.ndarray, frame: TableFrame,
               cast: np.ndarray, settings: RockSettings = RockSettings()) -> list[np.ndarray]:
    """Each rock's base outline in table inches (N x 2). `elsewhere`: flattened pixels known to
    be something else (ships, islands) or out of the picture; `cast`: light_cast."""
    grey = grey_pixels(flat_lab, cast, elsewhere, settings)
    grey = cv2.morphologyEx(grey.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    grey = cv2.morphologyEx(grey, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(grey, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    rocks = []
    for contour in contours:
        area = cv2.contourArea(contour) / PX_PER_IN ** 2
        if not settings.area_in2[0] <= area <= settings.area_in2[1]:
            continue
        hull = cv2.convexHull(contour)
        (_, _), (w, h), _ = cv2.minAreaRect(contour)
        if cv2.contourArea(contour) < settings.min_solidity * cv2.contourArea(hull) or max(w, h) > settings.max_elongation * max(min(w, h), 1):
            continue
        if _looks_like_a_tag(flat_lab, contour, settings.max_speckle):
            continue
        rocks.append(_base_outline(hull.reshape(-1, 2).astype(np.float64) + 0.5, frame) / PX_PER_IN)
    return rocks


def _looks_like_a_tag(flat_lab: np.ndarray, contour: np.ndarray, max_speckle: float) -> bool:
    """A ship whose tag was not read shows grey where its blurred tag is: black and white
    cells, speckled inside where a rock's faces are smooth."""
    x, y, w, h = cv2.boundingRect(contour)
    inside = np.zeros((h, w), np.uint8)
    cv2.drawContours(inside, [contour - (x, y)], -1, 1, -1)
    return float(flat_lab[y:y + h, x:x + w, 0][inside > 0].astype(np.float32).std()) > max_speckle


def _base_outline(blob_px: np.ndarray, frame: TableFrame) -> np.ndarray:
    """The rock's base from its blob (flattened px): the blob's far side (away from the camera)
    moved back until the blob is as long that way as it is wide across (a rock is round-ish)."""
    centre_mm = blob_px.mean(0) / PX_PER_IN * kit.MM_PER_INCH
    top_mm = frame.to_table(frame.to_image(centre_mm, kit.ROCK_HEIGHT_MM))[0]
    stretch = (top_mm - centre_mm) / kit.MM_PER_INCH * PX_PER_IN   # px, away from the camera
    length = float(np.linalg.norm(stretch))
    if length < 1e-6:
        return blob_px
    along = stretch / length
    # Each point moves back in proportion to how far along the stretch it lies: the near side stays.
    depth = (blob_px - blob_px.mean(0)) @ along
    reach = depth.max() - depth.min()
    overhang = min(length, max(0.0, reach - _width_across(blob_px, along)))
    moved = blob_px - np.outer(np.clip((depth - depth.min()) / max(reach, 1e-6), 0, 1) * overhang, along)
    return moved


def _width_across(points: np.ndarray, along: np.ndarray) -> float:
    across = np.array([-along[1], along[0]])
    spread = points @ across
    return float(spread.max() - spread.min())

"""What the rectified patches show, as numbers: each log space's dark blobs (in units of one bead's
area, measured from the picture itself, so no one bead size is assumed), each ant spot's dark and red
share, and how much of the paper round each space a hand (or its shadow) covers."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

import cv2
import numpy as np

from companion.games.the_colony.camera.bead_centres import bead_cells, bead_counts, bead_density, bead_grid
from companion.games.the_colony.camera.board_frame import PatchGrid
from companion.games.the_colony.camera.settings import SETTINGS, ColonyReaderSettings

FEATURE_NAMES = ("dark_units", "darkness_units", "blobs", "blob_units", "largest_units", "peaks", "hull_units",
                 "edge_units", "mean_darkness", "unit_mm2", "lone_share", "spots_small", "spots_middle", "spots_large",
                 "bead_density_sum", "bead_peaks", "cell_peaks", "cell_beads", "largest_cell")
SPOT_SCALES = (0.45, 0.6, 0.8)   # blurs, as shares of a bead's radius, whose dark spots are counted


@dataclass(frozen=True)
class SpaceLook:
    blobs_mm2: tuple[float, ...]      # the dark blobs' areas
    lone_mm2: tuple[float, ...]       # of those, the blobs that look like one bead (one peak, convex)
    dark_mm2: float
    darkness_mm2: float
    peaks: int
    hull_mm2: float
    edge_mm: float
    mean_darkness: float
    paper_white: float
    hand_share: float                 # share of the paper round the circle that is not paper
    inside: float                     # share of the patch inside the picture
    darkness: np.ndarray | None = None   # the circle's darkness, kept to count dark spots once the bead size is known
    near_darkness: np.ndarray | None = None   # the same a little wider (beads standing tall lean out of the circle)
    paper_bgr: tuple[float, ...] = ()    # the paper round the circle as the picture shows it (a hand over it all shows skin)


@dataclass(frozen=True)
class AntLook:
    dark_share: float
    red_share: float
    hand_share: float


def _masks(grid: PatchGrid, settings: ColonyReaderSettings):
    return _masks_for(grid.space_side, grid.ant_side, grid.px_per_mm, settings)


@lru_cache(maxsize=4)
def _masks_for(side: int, ant_side: int, scale: float, settings: ColonyReaderSettings):
    offsets = (np.arange(side) + 0.5) / scale - side / scale / 2
    radius = np.hypot(*np.meshgrid(offsets, offsets))
    disc = radius <= settings.egg_radius_mm
    annulus = (radius >= settings.annulus_mm[0]) & (radius <= settings.annulus_mm[1])
    ant_offsets = (np.arange(ant_side) + 0.5) / scale - ant_side / scale / 2
    ant_radius = np.hypot(*np.meshgrid(ant_offsets, ant_offsets))
    ant_disc = ant_radius <= settings.ant_sample_mm
    ant_ring = (ant_radius >= settings.ant_ring_mm[0]) & (ant_radius <= settings.ant_ring_mm[1])
    near = radius <= settings.bead_look_mm
    return disc, annulus, ant_disc, ant_ring, near


def look_at_spaces(space_patches: np.ndarray, space_inside: np.ndarray, ant_patches: np.ndarray,
                   ant_inside: np.ndarray, grid: PatchGrid, settings: ColonyReaderSettings = SETTINGS,
                   kept: dict | None = None) -> tuple[list[SpaceLook], list[AntLook]]:
    """Every space's and ant spot's look; `kept` {index: (SpaceLook, AntLook)} are taken as they are
    (a stream's spaces whose patches did not change)."""
    disc, annulus, ant_disc, ant_ring, near = _masks(grid, settings)
    mm2 = 1.0 / grid.px_per_mm ** 2
    spaces, ants = [], []
    for index in range(grid.spaces):
        if kept and index in kept:
            spaces.append(kept[index][0])
            ants.append(kept[index][1])
            continue
        rows = grid.space_rows(index)
        colour, ink, seen = space_patches[rows], grid.space_ink[rows], space_inside[rows]
        paper_place = annulus & ~ink & seen
        if paper_place.sum() < 20:
            spaces.append(SpaceLook((), (), 0.0, 0.0, 0, 0.0, 0.0, 0.0, 0.0, 1.0, float((disc & seen).sum() / disc.sum())))
            ants.append(AntLook(0.0, 0.0, 1.0))
            continue
        # The paper's own colour, per channel: the light's cast divides out, so paper is grey 1.
        paper = np.percentile(colour[paper_place], settings.paper_percentile, axis=0)
        if paper.min() < 1.0:
            spaces.append(SpaceLook((), (), 0.0, 0.0, 0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0))
            ants.append(AntLook(0.0, 0.0, 1.0))
            continue
        darkness, chroma = _darkness_chroma(colour / paper)
        not_paper = ((darkness > settings.hand_dark) | (chroma > settings.hand_chroma)) & paper_place
        hand_share = float(not_paper.sum() / paper_place.sum())
        spaces.append(_space_look(darkness, disc & ~ink, near & ~ink, mm2, paper, hand_share,
                                  float((disc & seen).sum() / disc.sum()), grid.px_per_mm, settings))
        ant_rows = grid.ant_rows(index)
        ants.append(_ant_look(ant_patches[ant_rows] / paper, grid.ant_ink[ant_rows], ant_disc, ant_ring, settings))
    return spaces, ants


def hands_over_whole(spaces: list[SpaceLook], settings: ColonyReaderSettings = SETTINGS) -> list[SpaceLook]:
    """The looks with a hand over a space and all the paper round it marked as such (hand share 1): a space
    is balanced against its own paper, so skin over it all looks like bare paper and reads as no eggs,
    sure. Such a space's "paper" is redder (red over blue) than the board's paper, the median of every
    space's, by more than `skin_redness` (log ratio); light and shadow change the paper's level, not so
    its red over blue."""
    redness = [np.log(space.paper_bgr[2] / space.paper_bgr[0]) if space.paper_bgr else np.nan for space in spaces]
    if np.all(np.isnan(redness)):
        return spaces
    board = float(np.nanmedian(redness))
    return [replace(space, hand_share=1.0) if value - board > settings.skin_redness else space
            for space, value in zip(spaces, redness)]


def _space_look(darkness, region, near, mm2, paper, hand_share, inside, px_per_mm, settings) -> SpaceLook:
    dark = ((darkness > settings.dark) & region).astype(np.uint8)
    dark = cv2.morphologyEx(dark, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(dark, connectivity=8)
    distance = cv2.distanceTransform(dark, cv2.DIST_L2, 3)
    peak_floor = 0.8 * px_per_mm
    peaks_mask = (distance >= cv2.dilate(distance, np.ones((5, 5), np.uint8))) & (distance > peak_floor)
    peak_count, peak_labels = cv2.connectedComponents(peaks_mask.astype(np.uint8), connectivity=8)
    blobs, lone = [], []
    for label in range(1, count):
        area = float(stats[label, cv2.CC_STAT_AREA]) * mm2
        if area < 3.0:
            continue
        blobs.append(area)
        x, y, width, height = stats[label, :4]
        box = np.s_[y:y + height, x:x + width]     # the blob's bounding box: the rest of the patch is not it
        blob = labels[box] == label
        peaks_here = len(np.unique(peak_labels[box][blob & peaks_mask[box]]))
        if peaks_here == 1:
            points = cv2.findNonZero(blob.astype(np.uint8))
            hull = cv2.contourArea(cv2.convexHull(points)) * mm2 if points is not None else area
            if hull > 0 and area / hull > 0.85:
                lone.append(area)
    points = cv2.findNonZero(dark)
    hull = cv2.contourArea(cv2.convexHull(points)) * mm2 if points is not None and len(points) >= 3 else 0.0
    edges = float(np.count_nonzero(dark - cv2.erode(dark, np.ones((3, 3), np.uint8)))) / px_per_mm
    return SpaceLook(tuple(blobs), tuple(lone), float(dark.sum()) * mm2,
                     float(darkness[region & (darkness > settings.faint)].sum()) * mm2, max(peak_count - 1, 0), hull,
                     edges, float(darkness[dark > 0].mean()) if dark.any() else 0.0, float(paper.mean()), hand_share, inside,
                     np.where(region, darkness, 0.0).astype(np.float32) if dark.any() else None,
                     np.where(near, darkness, 0.0).astype(np.float32) if dark.any() else None,
                     tuple(float(channel) for channel in paper))


def dark_spots(space: SpaceLook, unit_mm2: float, px_per_mm: float, settings: ColonyReaderSettings = SETTINGS) -> list[float]:
    """How many dark spots the circle shows blurred at each SPOT_SCALES share of a bead's radius: a bead
    is one spot, whether it lies alone, touches others or sits on them."""
    if space.darkness is None:
        return [0.0] * len(SPOT_SCALES)
    radius_px = float(np.sqrt(unit_mm2 / np.pi)) * px_per_mm
    counts = []
    for share in SPOT_SCALES:
        blurred = cv2.GaussianBlur(space.darkness, (0, 0), max(share * radius_px, 0.8))
        size = max(3, int(round(radius_px * 1.2)) | 1)
        peaks = (blurred >= cv2.dilate(blurred, np.ones((size, size), np.uint8))) & (blurred > settings.dark * 0.8)
        counts.append(float(cv2.connectedComponents(peaks.astype(np.uint8))[0] - 1))
    return counts


def _darkness_chroma(balanced: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per pixel of a white-balanced patch its darkness (1 - mean channel, clipped) and its chroma (the
    channels' spread); channel by channel, which numpy does many times faster than along the last axis."""
    blue, green, red = balanced[:, :, 0], balanced[:, :, 1], balanced[:, :, 2]
    darkness = np.clip(1.0 - (blue + green + red) / 3, 0.0, 1.0)
    return darkness, np.maximum(np.maximum(blue, green), red) - np.minimum(np.minimum(blue, green), red)


def _ant_look(balanced, ink, disc, ring, settings) -> AntLook:
    darkness, chroma = _darkness_chroma(balanced)
    red = balanced[:, :, 2] - np.maximum(balanced[:, :, 0], balanced[:, :, 1]) > settings.red_margin
    region = disc & ~ink
    dark_share = float(((darkness > settings.dark) & ~red)[region].mean())
    red_share = float(red[region].mean())
    paper = ring & ~ink
    not_paper = (darkness > settings.hand_dark) | (chroma > settings.hand_chroma)
    return AntLook(dark_share, red_share, float(not_paper[paper].mean()) if paper.any() else 1.0)


def bead_unit(spaces: list[SpaceLook], settings: ColonyReaderSettings = SETTINGS) -> float:
    """One bead's area in this picture: the median lone blob; else (tall beads seen steeply are neither
    convex nor one peak) the lower quartile of the blobs of a plausible size; else the default."""
    unit = measured_unit(spaces, settings)
    return settings.unit_default_mm2 if unit is None else unit


def measured_unit(spaces: list[SpaceLook], settings: ColonyReaderSettings = SETTINGS) -> float | None:
    """bead_unit's measure, or None when the picture shows no bead of a plausible size to measure."""
    low, high = settings.unit_range_mm2
    open_spaces = [space for space in spaces if space.hand_share < settings.hand_share]
    lone = [area for space in open_spaces for area in space.lone_mm2 if low <= area <= high]
    if len(lone) >= 2:
        return float(np.median(lone))
    blobs = [area for space in open_spaces for area in space.blobs_mm2 if low <= area <= high]
    return float(np.percentile(blobs, 25)) if len(blobs) >= 2 else None


def feature_row(space: SpaceLook, unit: float, lone_share: float, px_per_mm: float, lean_mm=(0.0, 0.0),
                settings: ColonyReaderSettings = SETTINGS) -> list[float]:
    units = [area / unit for area in space.blobs_mm2]
    grid = bead_grid(int(round(2 * settings.annulus_mm[1] * px_per_mm)), px_per_mm, settings)
    density = bead_density(space.near_darkness, unit, grid, settings=settings)
    return [space.dark_mm2 / unit, space.darkness_mm2 / unit, float(len(units)),
            float(sum(max(1, round(u)) for u in units)), max(units, default=0.0), float(space.peaks),
            space.hull_mm2 / unit, space.edge_mm / np.sqrt(unit), space.mean_darkness, unit / 30.0, lone_share,
            *dark_spots(space, unit, px_per_mm, settings),
            *bead_counts(density, grid, lean_mm, settings), *bead_cells(density, grid, unit, lean_mm, settings)]

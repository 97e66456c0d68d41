"""When a harbour mat's prize masts and crates read from its blobs are in doubt (mats.read_fittings).

Each blob is measured as the reader sees it (mats.prize_mask, at MAT_PX_PER_MM) and held against what
the masts and crates read from it should look like (MatLooks: the kit's pieces, or the group's as
taught): a blob that covers far more or less than they would, or a blob read as one piece whose shape
is not clearly that kind's, lowers the mat's confidence. Thickness alone names the kind
(MatSettings.crate_min_half_width_mm); these doubts catch pieces of neither look, and pieces touching.
A group whose taught masts are as thick as a crate (MatLooks.mast_half_width_mm) has every blob read as
crates alone doubted: thickness does not tell its masts from its crates.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.games.cannons_coastlines.camera.mat_looks import MatLooks, band_mm
from companion.games.cannons_coastlines.camera.mat_picture import MAT_PX_PER_MM, box_round, within
from companion.games.cannons_coastlines.camera.settings import MatSettings


@dataclass(frozen=True)
class BlobShape:
    area_mm2: float
    length_mm: float      # along its longest spread
    thickest_mm: float    # its widest half-width (the distance from its deepest point to its edge)
    thin_mm: float        # its longest part clear of a crate-thick core (a pole, a pennant); all of it when no core


def blob_shape(blob: np.ndarray, depth_mm: np.ndarray, settings: MatSettings) -> BlobShape:
    """`blob` (bool) measured; `depth_mm` the prize mask's distance to paper, mm."""
    box, _, rest = thick_and_thin_near(blob, settings)
    count, labels = cv2.connectedComponents(rest.astype(np.uint8))
    origin = (box[0].start, box[1].start)
    thin = max((length_mm(labels == index, origin) for index in range(1, count)), default=0.0)
    return BlobShape(float(blob.sum()) / MAT_PX_PER_MM ** 2, length_mm(blob[box], origin), float(depth_mm[blob].max()), thin)


def prize_depth_mm(mask: np.ndarray, lab: np.ndarray, settings: MatSettings | None) -> np.ndarray:
    """Each pixel's distance to paper in the prize mask (uint8 0/1), mm. With `settings` (taught), paper enclosed by one
    blob, MatSettings.hole_fill_most_mm2 at most and darker on average than MatSettings.hole_lightness_most or as coloured
    on average as MatSettings.hole_chroma_least (`lab`: the zone's Lab picture), is taken as part of it: a crate's lid
    too pale for the mask, not a sail as pale as the paper."""
    if settings is not None and settings.hole_fill_most_mm2 > 0:
        count, labels, stats, _ = cv2.connectedComponentsWithStats(1 - mask, connectivity=4)
        x, y, w, h, areas = stats.T
        # Label 0 is the prizes; the paper round them reaches the zone's edge.
        inside = (x > 0) & (y > 0) & (x + w < mask.shape[1]) & (y + h < mask.shape[0]) & (np.arange(count) > 0)
        small = inside & (areas <= settings.hole_fill_most_mm2 * MAT_PX_PER_MM ** 2)
        if small.any():
            holes = small[labels]
            ab = lab[holes][:, 1:].astype(np.float32) - 128
            summed = np.bincount(labels[holes], weights=lab[..., 0][holes], minlength=count)
            coloured = np.bincount(labels[holes], weights=np.hypot(ab[:, 0], ab[:, 1]), minlength=count)
            lid = small & ((summed < settings.hole_lightness_most * areas) | (coloured >= settings.hole_chroma_least * areas))
            mask = np.where(lid[labels], 1, mask).astype(np.uint8)
    return cv2.distanceTransform(mask, cv2.DIST_L2, 5) / MAT_PX_PER_MM


def thick_and_thin(blob: np.ndarray, settings: MatSettings) -> tuple[np.ndarray, np.ndarray]:
    """(uint8, bool) masks of a blob's crate-thick part (what a disc of settings.pole_clear_mm fits in) and of
    what lies clear of it."""
    box, thick, rest = thick_and_thin_near(blob, settings)
    return within(blob.shape, box, thick), within(blob.shape, box, rest)


def thick_and_thin_near(blob: np.ndarray, settings: MatSettings) -> tuple[tuple[slice, slice], np.ndarray, np.ndarray]:
    """thick_and_thin worked out on the box round the blob alone (mat_picture.box_round: the opening's disc and the
    dilation reach no further), its slices and both masks over it: to the bit what they are over the whole picture."""
    size = int(settings.pole_clear_mm * MAT_PX_PER_MM) | 1
    box = box_round(blob, size // 2 + 2)   # the disc reaches size // 2 from a pixel, the dilation 2
    if box is None:
        return (slice(0, 0), slice(0, 0)), np.zeros((0, 0), np.uint8), np.zeros((0, 0), bool)
    near = blob[box]
    thick = cv2.morphologyEx(near.astype(np.uint8), cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size)))
    return box, thick, near & (cv2.dilate(thick, np.ones((5, 5), np.uint8)) == 0)


def length_mm(patch: np.ndarray, origin: tuple[int, int] = (0, 0)) -> float:
    """A patch's length along its longest spread (a bar's length from its spread), mm; `origin`: where the patch's
    picture starts in a larger one (the points measured are the larger one's)."""
    points = (np.argwhere(patch) + origin).astype(np.float64)
    if len(points) < 3:
        return 0.0
    return float(np.sqrt(12.0 * max(np.linalg.eigvalsh(np.cov(points.T))[-1], 0.0)) / MAT_PX_PER_MM)


def unexplained_blobs(counted: list[tuple[BlobShape, int, int]], masts: int, crates: int, looks: MatLooks,
                      settings: MatSettings) -> list[str]:
    """`counted`: per blob, its shape and the masts and crates read before it. Each blob must cover about what
    the masts and crates read from it cover (MatLooks' mm^2 each): a blob far larger holds a piece not read
    (or read as a smaller kind), one far smaller a piece read twice. A blob read as one piece must look it."""
    doubts = []
    ends = [(m, c) for _, m, c in counted[1:]] + [(masts, crates)]
    for (shape, m0, c0), (m1, c1) in zip(counted, ends):
        expected = (m1 - m0) * looks.mast_mm2 + (c1 - c0) * looks.crate_mm2
        if expected and not settings.blob_cover[0] <= shape.area_mm2 / expected <= settings.blob_cover[1]:
            doubts.append(f"a blob of {shape.area_mm2:.0f} mm^2 read as {m1 - m0} mast(s) and {c1 - c0} crate(s)")
        elif m1 == m0 and c1 > c0 and masts_thick_as_crates(looks, settings):
            doubts.append(f"a blob read as {c1 - c0} crate(s), but this group's masts are as thick as a crate "
                          f"({looks.mast_half_width_mm:.1f} mm)")
        elif m1 > m0 and c1 > c0 and shape.thickest_mm < settings.crate_min_half_width_mm + settings.near_crate_mm:
            # Masts side by side, their sails touching, can be as thick as a crate: no lid is sure among them.
            doubts.append(f"a blob read as {m1 - m0} mast(s) and {c1 - c0} crate(s), barely as thick as a crate "
                          f"({shape.thickest_mm:.1f} mm)")
        elif m1 > m0 and c1 > c0:
            doubts += mixed_blob_too_long(m1 - m0, c1 - c0, shape, looks, settings)
        elif (m1 - m0, c1 - c0) == (0, 1):
            doubts += (crate_unlike(shape, looks, settings) or thin_crate(shape, looks, settings)
                       or mast_long_crate(shape, looks, settings))
        elif (m1 - m0, c1 - c0) == (1, 0):
            doubts += (mast_unlike(shape, looks, settings) or crate_sized_mast(shape, looks, settings)
                       or crate_shaped_mast(shape, looks, settings))
        if m1 > m0 and c1 == c0:
            doubts += masts_too_long(m1 - m0, shape, looks, settings) + masts_thick_as_a_crate(m1 - m0, shape, looks, settings)
            doubts += masts_past_blob_length(m1 - m0, shape, looks, settings)
    return doubts


def masts_thick_as_crates(looks: MatLooks, settings: MatSettings) -> bool:
    """Taught masts whose blob is as thick as a crate's (a sail painted all over), so that it would itself be
    read as a crate: thickness cannot tell the kinds apart, and no blob read as crates alone is sure."""
    return looks.mast_half_width_mm >= settings.crate_min_half_width_mm


def crate_unlike(shape: BlobShape, looks: MatLooks, settings: MatSettings) -> list[str]:
    """A crate's blob is thick all along: a long thin stretch beside it is a mast's pole, lying against it
    or its own (a mast whose sail is as thick as a crate). Nor is it far longer than a crate (its top and the side
    it leans to): masts side by side whose sails touch, thick as a crate, are."""
    if shape.thin_mm >= _a_poles_worth(looks, settings):
        return [f"a blob read as a crate, {shape.thin_mm:.0f} mm of it thin as a mast's pole"]
    side = float(np.sqrt(looks.crate_mm2))
    if side > 0 and shape.length_mm > settings.crate_length_most * side:
        return [f"a blob read as a crate, {shape.length_mm / side:.1f} times as long as a crate"]
    return []


def thin_crate(shape: BlobShape, looks: MatLooks, settings: MatSettings) -> list[str]:
    """Taught: a blob read as one crate, barely as thick as one (settings.thin_crate_over_mm over its least half-width),
    with a thin stretch settings.thin_crate_pole_share of a taught mast long (settings.thin_crate_pole_least_mm at
    least): a striped mast whose band and sail, blurred, are as thick as a crate, its pole showing beyond them."""
    if not looks.taught or shape.thickest_mm >= settings.crate_min_half_width_mm + settings.thin_crate_over_mm:
        return []
    if shape.thin_mm < max(settings.thin_crate_pole_least_mm, settings.thin_crate_pole_share * looks.mast_length_mm):
        return []
    return [f"a blob read as a crate, barely as thick as one ({shape.thickest_mm:.1f} mm), {shape.thin_mm:.0f} mm of it thin"]


def mast_long_crate(shape: BlobShape, looks: MatLooks, settings: MatSettings) -> list[str]:
    """Taught: a blob read as one crate, barely as thick as one (settings.near_crate_mm over its least half-width),
    as long as a taught mast (within settings.mast_long_crate_within of its length) and nearer that (by ratio) than a
    crate's side: a mast whose sail, blurred with its band, is as thick as a crate (tuning seed 4148 anna)."""
    side = float(np.sqrt(looks.crate_mm2))
    if (not looks.taught or min(looks.mast_length_mm, side, shape.length_mm) <= 0
            or shape.thickest_mm >= settings.crate_min_half_width_mm + settings.near_crate_mm
            or abs(shape.length_mm / looks.mast_length_mm - 1) > settings.mast_long_crate_within):
        return []
    if abs(np.log(shape.length_mm / looks.mast_length_mm)) >= abs(np.log(shape.length_mm / side)):
        return []
    return [f"a blob read as a crate, barely as thick as one ({shape.thickest_mm:.1f} mm) and as long as a mast "
            f"({shape.length_mm:.0f} mm)"]


def masts_too_long(masts: int, shape: BlobShape, looks: MatLooks, settings: MatSettings) -> list[str]:
    """Taught: a blob read as masts alone, longer than they are by settings.long_mast_blob_over taught masts, where
    the taught mast is as long as its band of paint (settings.whole_band_share of it: a sail striped across its
    length, the band showing all the mast there is): masts lying end to end, one's paint too pale to count."""
    if not looks.taught or not band_is_the_mast(looks, settings):
        return []
    long = shape.length_mm / looks.mast_length_mm
    if long < masts + settings.long_mast_blob_over:
        return []
    return [f"a blob {long:.1f} masts long read as {masts} mast(s)"]


def masts_past_blob_length(masts: int, shape: BlobShape, looks: MatLooks, settings: MatSettings) -> list[str]:
    """Taught: two masts or more read on one blob (no crate) settings.masts_row_least_long taught masts long or longer
    lie in a row, end to end or side by side across it, the blob at least as long as they are in taught masts but for
    their sails' overlap; a count settings.masts_over_length_doubt or more over its length is a doubt whatever the blob
    covers (a shadow and the poles' ends cover as much as a mast more): one band counted twice, a dark pole's tint taken
    for a dark fleet's paint (fresh tuning seed 5553 ben). On a blob about one mast long masts may lie side by side
    along it, each adding only its width: not judged so."""
    if not looks.taught or masts < 2 or looks.mast_length_mm <= 0:
        return []
    long = shape.length_mm / looks.mast_length_mm
    if long < settings.masts_row_least_long or masts - long < settings.masts_over_length_doubt:
        return []
    return [f"{masts} masts read on a blob {long:.2f} masts long"]


def mixed_blob_too_long(masts: int, crates: int, shape: BlobShape, looks: MatLooks, settings: MatSettings) -> list[str]:
    """Taught: a blob read as masts and crates together, settings.mixed_blob_length_most times as long as they would
    lie end to end (taught masts' length and crates' sides): masts side by side against a crate, their bands and its
    lid one patch of paint, hold a mast more than the patches read. A mast lies no shorter than a crate's side (a
    taught mast shorter was measured by its pennant alone)."""
    side = float(np.sqrt(looks.crate_mm2))
    end_to_end = masts * max(looks.mast_length_mm, side) + crates * side
    if not looks.taught or end_to_end <= 0 or shape.length_mm < settings.mixed_blob_length_most * end_to_end:
        return []
    return [f"a blob {shape.length_mm:.0f} mm long read as {masts} mast(s) and {crates} crate(s), "
            f"{shape.length_mm / end_to_end:.1f} times as long as they lie end to end"]


def masts_thick_as_a_crate(masts: int, shape: BlobShape, looks: MatLooks, settings: MatSettings) -> list[str]:
    """Taught: a blob read as two masts or more, nearly as thick as a crate (within settings.near_crate_mm) and
    settings.masts_over_mast_most_mm thicker than a taught mast, may hold a small crate whose core did not show, its
    paint read as a mast's (sails side by side are no thicker than one)."""
    if (not looks.taught or masts < 2 or looks.mast_half_width_mm <= 0
            or shape.thickest_mm < settings.crate_min_half_width_mm - settings.near_crate_mm
            or shape.thickest_mm - looks.mast_half_width_mm < settings.masts_over_mast_most_mm):
        return []
    return [f"a blob read as {masts} masts, {shape.thickest_mm:.1f} mm thick, nearly a crate's and "
            f"{shape.thickest_mm - looks.mast_half_width_mm:.1f} mm over a mast's"]


def band_is_the_mast(looks: MatLooks, settings: MatSettings) -> bool:
    """Whether the taught mast's band of paint reaches settings.whole_band_share of the mast: a sail striped along
    its length, the band all the mast there is (not a pennant on a pale pole)."""
    return looks.mast_length_mm > 0 and band_mm(looks) >= settings.whole_band_share * looks.mast_length_mm


def mast_unlike(shape: BlobShape, looks: MatLooks, settings: MatSettings) -> list[str]:
    """A mast's blob is thin, or shows its pole: one nearly as thick as a crate with no pole is either."""
    if (shape.thickest_mm >= settings.crate_min_half_width_mm - settings.near_crate_mm
            and shape.thin_mm < _a_poles_worth(looks, settings)):
        return [f"a blob read as a mast, nearly as thick as a crate ({shape.thickest_mm:.1f} mm) and showing no pole"]
    return []


def crate_sized_mast(shape: BlobShape, looks: MatLooks, settings: MatSettings) -> list[str]:
    """Taught: a blob read as one mast, no longer than a taught mast yet covering settings.mast_cover_most times its
    mm^2 and nearer (by ratio) a taught crate's, is as likely a crate whose thick core did not show."""
    if not looks.taught or min(looks.mast_mm2, looks.crate_mm2) <= 0 or shape.length_mm > looks.mast_length_mm:
        return []
    to_mast, to_crate = np.log(shape.area_mm2 / looks.mast_mm2), abs(np.log(shape.area_mm2 / looks.crate_mm2))
    if to_mast >= np.log(settings.mast_cover_most) and to_crate < to_mast:
        return [f"a blob read as a mast, no longer than one but covering {shape.area_mm2:.0f} mm^2, about a crate's"]
    return []



def crate_shaped_mast(shape: BlobShape, looks: MatLooks, settings: MatSettings) -> list[str]:
    """Taught: a blob read as one mast showing no pole, covering more than a taught crate (settings.crate_shaped_cover_least
    of its mm^2), about as long (settings.crate_shaped_length_most of its side at most) and settings.crate_shaped_over_mm
    thicker than a taught mast is as likely a crate whose thick core did not show, its lid's paint read as a pennant:
    where the taught mast covers far more than a crate (crate_sized_mast's ratio misses it) or about as much."""
    side = float(np.sqrt(looks.crate_mm2))
    if (not looks.taught or side <= 0 or shape.thin_mm >= _a_poles_worth(looks, settings)
            or shape.area_mm2 < settings.crate_shaped_cover_least * looks.crate_mm2
            or shape.length_mm > settings.crate_shaped_length_most * side
            or shape.thickest_mm - looks.mast_half_width_mm < settings.crate_shaped_over_mm):
        return []
    return [f"a blob read as a mast, shaped as a crate: {shape.area_mm2 / looks.crate_mm2:.1f} of a crate's mm^2, "
            f"{shape.length_mm / side:.1f} of its side long, {shape.thickest_mm:.1f} mm thick and no pole"]


def small_crate(shape: BlobShape, looks: MatLooks, settings: MatSettings) -> bool:
    """Taught: a blob too thin for a crate's core yet nearly as thick as one, showing no pole (mast_unlike), shorter
    than settings.small_crate_share of a taught mast and covering nearer (by ratio) a taught crate's mm^2 than a
    mast's is a small crate (a group's 11 mm crates), not a mast."""
    if not looks.taught or shape.length_mm >= settings.small_crate_share * looks.mast_length_mm \
            or min(shape.area_mm2, looks.mast_mm2, looks.crate_mm2) <= 0:
        return False
    nearer_a_crate = abs(np.log(shape.area_mm2 / looks.crate_mm2)) < abs(np.log(shape.area_mm2 / looks.mast_mm2))
    return (nearer_a_crate and bool(mast_unlike(shape, looks, settings))) or _a_crate_by_build(shape, looks, settings)


def _a_crate_by_build(shape: BlobShape, looks: MatLooks, settings: MatSettings) -> bool:
    """Taught: a short blob showing no pole, as thick as settings.small_crate_half_side_share of half a taught crate's
    side and settings.small_crate_over_mast times a taught mast's half-width, covering settings.small_crate_cover_least
    of a crate's mm^2 and nearer (by ratio) a crate's side long than a taught mast's length, is a small crate where
    its masts cover about a crate's mm^2, so the mm^2 alone cannot tell (tuning seed 3313 anna)."""
    side = float(np.sqrt(looks.crate_mm2))
    if (shape.thin_mm >= _a_poles_worth(looks, settings) or shape.thickest_mm < settings.small_crate_half_side_share * side / 2
            or shape.thickest_mm < settings.small_crate_over_mast * looks.mast_half_width_mm
            or shape.area_mm2 < settings.small_crate_cover_least * looks.crate_mm2):
        return False
    return abs(np.log(shape.length_mm / side)) < abs(np.log(shape.length_mm / looks.mast_length_mm))


def whole_mast_beside(area_mm2: float, length_mm: float, looks: MatLooks, settings: MatSettings) -> bool:
    """Taught: a part of a crate's blob clear of the crate is a whole lying mast (its sail across the pole makes it
    too wide for a bare pole) when it is a pole's worth long and covers settings.whole_mast_share of a taught mast."""
    return (looks.taught and looks.mast_mm2 > 0 and length_mm >= _a_poles_worth(looks, settings)
            and area_mm2 >= settings.whole_mast_share * looks.mast_mm2)


def crate_cut_by_the_edge(blob: np.ndarray, shape: BlobShape, looks: MatLooks, settings: MatSettings) -> list[str]:
    """Taught: a blob read as one crate alone, touching the fittings zone's left or right edge and covering under
    settings.edge_crate_cover_most of a taught crate's mm^2, is a piece the edge cuts, not surely a crate: a mast's
    pennant at the edge, its pale sail and pole unseen, is as thick (tuning seed 4856 cleo, read as a crate, sure)."""
    if not looks.taught or looks.crate_mm2 <= 0 or shape.area_mm2 >= settings.edge_crate_cover_most * looks.crate_mm2:
        return []
    if not (blob[:, 0].any() or blob[:, -1].any()):
        return []
    return [f"a blob read as a crate at the fittings zone's edge, covering {shape.area_mm2 / looks.crate_mm2:.2f} of a "
            f"crate's mm^2: a piece the edge cuts?"]


def bare_mast_let_go(length_mm: float, looks: MatLooks, settings: MatSettings) -> list[str]:
    """Taught: a stretch of pole showing no paint is let go as part of a mast read elsewhere, but one
    settings.bare_mast_share of a taught mast long (and a pole's floor, settings.pole_least_mm) is a whole mast
    whose paint is not seen: asked, not counted (its fleet is unknown)."""
    if not looks.taught or length_mm < max(settings.pole_least_mm, settings.bare_mast_share * looks.mast_length_mm):
        return []
    return [f"a bare stretch of pole {length_mm:.0f} mm long, as long as a mast, let go: a mast whose paint is not seen?"]


def _a_poles_worth(looks: MatLooks, settings: MatSettings) -> float:
    return max(settings.pole_least_mm, settings.pole_share * looks.mast_length_mm)


def small_coloured_specks(colour_mm2: float, looks: MatLooks, settings: MatSettings) -> list[str]:
    """Blobs too small for a prize are let go (a caption's letters close up into such blobs), but a caption is
    not painted: specks showing a fleet's colour together are a pale mast broken up, not read. Taught, a few
    specks of colour are a pole's foot below its sail or a read mast's band half cut off, and an unread mast's
    broken band shows more: the bar is settings.taught_small_colour_doubt_mm2."""
    bar = settings.taught_small_colour_doubt_mm2 if looks.taught else settings.small_colour_doubt_mm2
    if colour_mm2 >= bar:
        return [f"specks too small for a prize show {colour_mm2:.0f} mm^2 of a fleet's colour"]
    return []

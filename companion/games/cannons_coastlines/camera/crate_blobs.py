"""What a blob of a mat's fittings zone read as crates holds (mats.read_fittings): its crates, by their lids,
and the masts lying against them.

A crate is thick: its blob holds a core where a disc of MatSettings.crate_min_half_width_mm fits, which a lying
mast's never does. Crates set side by side touch and join into one blob, but each keeps its own core (their
edges between are thinner): each core as large as settings.crate_core_share of the largest (and not a speck) is a
crate, its lid the patch of paint lying most on it. Paint clear of the cores is a pennant touching the crate, but where
no paint lies on a core and no pole shows, a lone patch is the lid of a crate leaning far (asked). A mast lying
against a crate shows clear of the crate's thick part (fitting_doubts.thick_and_thin): its bare pole long and
thin, or, taught, its whole look (a pole with its sail across it, too wide for a bare pole) a taught mast's worth.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import cv2
import numpy as np

from companion.games.cannons_coastlines.camera.fitting_doubts import thick_and_thin_near, whole_mast_beside
from companion.games.cannons_coastlines.camera.mast_bands import bands
from companion.games.cannons_coastlines.camera.mat_looks import KIT_LOOKS, MatLooks, band_mm
from companion.games.cannons_coastlines.camera.mat_picture import MAT_PX_PER_MM, box_round, within
from companion.games.cannons_coastlines.camera.settings import MatSettings

# A blob's pixels (bool mask) -> (fleet or 0, share of the votes that agree, coloured pixels seen): fleet_of_pixels.
FleetOf = Callable[[np.ndarray], tuple[int, float, int]]


@dataclass(frozen=True)
class PartColours:
    """How a part of a blob is voted by its colours: `fleet_of` its coloured pixels (fleet_colour.fleet_of_pixels),
    `paint_mm2` each fleet's paint on it (mm^2, mats._fleet_paint), `strong_chroma` how coloured its strongest
    pixels are (fleet_colour.strong_chroma)."""
    fleet_of: FleetOf
    paint_mm2: Callable[[np.ndarray], dict[int, float]]
    strong_chroma: Callable[[np.ndarray], float]


def read_crate_blob(blob: np.ndarray, depth_mm: np.ndarray, inside: list[tuple[int, np.ndarray]], colours: PartColours,
                    half_of_a_band: Callable[[np.ndarray, int], bool], looks: MatLooks = KIT_LOOKS,
                    settings: MatSettings = MatSettings()) -> tuple[list[int], list[int] | None, list[str]]:
    """(masts, crates, doubts) of a blob thick enough for a crate; `inside` the patches of paint (fleet, mask) lying
    mostly in it, `depth_mm` the prize mask's distance to paper, `colours` how a part of it is voted,
    `half_of_a_band(patch, fleet)` whether a patch is half of a mast's band read elsewhere. Crates is None when no
    paint lies on a core (no lid seen: the blob's colours are voted over as a whole)."""
    reach = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (int(settings.lid_reach_mm * MAT_PX_PER_MM) | 1,) * 2)
    core = cv2.dilate((blob & (depth_mm >= settings.crate_min_half_width_mm)).astype(np.uint8), reach) > 0
    on_core = {n: int((patch & core).sum()) for n, (_, patch) in enumerate(inside) if (patch & core).any()}
    # The lid lies most on the crate's core; paint clear of the core is a pennant touching the crate.
    pennants = pennant_masts([(fleet, patch) for n, (fleet, patch) in enumerate(inside)
                              if n not in on_core and not half_of_a_band(patch, fleet)], looks, settings)
    masts, doubts = list(pennants), []
    if not on_core:
        if len(inside) == 1 and pennants and not any(poles_beside(blob, settings, looks)[::2]):
            # No lid on the core, one patch of paint and no pole beside it: a leaning crate, its lid lying off the
            # thick core (the crate's side and shadow), not a pennant. Still asked.
            return [], pennants, ["a crate whose paint lies off its thick core: read as its lid (the crate leaning)"]
        return masts, None, doubts
    lid_fleet = inside[max(on_core, key=on_core.get)][0]
    poles, thick_mm2, whole = poles_beside(blob, settings, looks)
    if poles and thick_mm2 < settings.crate_min_thick_mm2:
        # A pole with a broad pennant at its end: a mast, the pennant no lid.
        return masts + [lid_fleet], [], doubts
    crates = [_lid(own, inside, lid_fleet) for own in crate_cores(blob, depth_mm, settings, reach)] or [lid_fleet]
    if lid_fleet not in crates:
        # The paint lying most on the thick parts is no crate's read here: its core was too small to count, and a
        # mast's wide sail beside it took the crate's place (fresh tuning seed 5466 anna, a pirates' crate read as the
        # merchants' by its neighbour's band). Asked.
        doubts.append(f"a crate blob read as fleet {', '.join(map(str, sorted(set(crates))))}, the paint most on its thick "
                      f"parts fleet {lid_fleet}'s")
    if len(crates) > 1:
        # Still asked: a blob that large may also hide a mast read elsewhere (seed 634 cleo's pennant beside it).
        doubts.append(f"a blob read as {len(crates)} crates side by side, by their thick cores")
    # A mast lying against the crate, its pennant blurred into the lid: its pole still shows, long and thin, clear
    # of the crate.
    masts += [lid_fleet] * max(0, poles - len(pennants))
    # Taught, a whole mast (pole and sail) lying against it, its paint joined to the lid: its own paint names its
    # fleet, the lid's when none shows (a doubt); one a pennant counted above touches is that one.
    for part in whole:
        near = cv2.dilate(part.astype(np.uint8), reach) > 0
        if any((patch & near).any() for n, (_, patch) in enumerate(inside) if n not in on_core):
            continue
        fleet, named = _whole_mast_fleet(part, colours, lid_fleet, settings)
        masts.append(fleet)
        doubts += named
    return masts, crates, doubts


def _whole_mast_fleet(part: np.ndarray, colours: PartColours, lid_fleet: int, settings: MatSettings) -> tuple[int, list[str]]:
    """(fleet, doubts) of a whole mast lying against a crate (`part`), its paint joined to the lid's patch: voted by
    its colours. Where those are no more coloured than a cream sail (MatSettings.pale_mast_chroma, as for a mast
    showing no patch of paint on its own blob), the sail outvotes a band paler than a patch: the fleet whose paint
    lies most on it, a pale pennant's worth (MatSettings.pale_pennant_min_mm2), is taken instead, and it is asked."""
    fleet, agreement, seen = colours.fleet_of(part)
    if seen < settings.prize_min_coloured_px:
        return lid_fleet, ["a mast lying against a crate whose fleet colour was not seen (read as the crate's)"]
    if agreement < settings.unclear_colour_agreement:
        return fleet, [f"a mast lying against a crate whose fleet colour is unclear (read as fleet {fleet})"]
    if colours.strong_chroma(part) >= settings.pale_mast_chroma:
        return fleet, []
    painted = colours.paint_mm2(part)
    best = max(painted, key=lambda owner: painted[owner], default=0)
    if best and painted[best] >= settings.pale_pennant_min_mm2:
        fleet = best
    return fleet, [f"a mast lying against a crate showing no patch of paint, read as fleet {fleet} by its faint colour"]


def lidless_crate_part(blob: np.ndarray, inside: list[tuple[int, np.ndarray]], settings: MatSettings) -> np.ndarray:
    """The part of a crate's blob whose colours vote its fleet where no lid lies on its core (read_crate_blob's crates
    None): every patch of paint in it then lies off the core, a pennant or a band's half of a mast read already, so those
    patches and settings.lidless_vote_clear_mm round them (their blurred edge) are left out. Fresh tuning seed 6206
    anna (sure and wrong): a navy mast's red band half on a pirates' crate's blob outvoted the crate's faint ochre."""
    if not inside:
        return blob
    paint = np.zeros(blob.shape, np.uint8)
    for _, patch in inside:
        paint |= patch.astype(np.uint8)
    clear = int(2 * settings.lidless_vote_clear_mm * MAT_PX_PER_MM) | 1
    return blob & (cv2.dilate(paint, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (clear, clear))) == 0)


def faint_lidless_crate(fleet: int, chroma: float, fleet_paint_mm2: float, settings: MatSettings) -> list[str]:
    """Taught: a crate with no lid of paint on its core is voted by the colours of its blob as a whole. Where they are
    no more coloured than settings.pale_crate_chroma (fleet_colour.strong_chroma) and its fleet's paint on it covers
    less than a pale pennant's worth (settings.pale_pennant_min_mm2), its wood's tint may have outvoted a lid too dark
    for the paint test: asked."""
    if chroma < settings.pale_crate_chroma and fleet_paint_mm2 < settings.pale_pennant_min_mm2:
        return [f"a prize crate showing no lid of paint, read as fleet {fleet} by its faint colour"]
    return []


def pennant_masts(loose: list[tuple[int, np.ndarray]], looks: MatLooks, settings: MatSettings) -> list[int]:
    """The fleet of each mast that the patches of paint clear of a crate's core show (`loose`: fleet, mask), one a
    patch. Taught, one fleet's patches reaching no further together than a band (mast_bands.bands) are one mast's:
    a striped mast lying against a crate shows its band's two halves either side of its pole."""
    if band_mm(looks) <= 0:
        return [fleet for fleet, _ in loose]
    return [fleet for fleet in dict.fromkeys(fleet for fleet, _ in loose)
            for _ in bands([patch for owner, patch in loose if owner == fleet], looks, settings)]


def crate_cores(blob: np.ndarray, depth_mm: np.ndarray, settings: MatSettings, reach: np.ndarray) -> list[np.ndarray]:
    """Each crate's core in the blob (grown by `reach`, where its lid lies): the parts a crate-wide disc fits in,
    as large as settings.crate_core_share of the largest and settings.crate_core_least_mm2 (none: the blob is one
    crate, its core a speck where a small crate barely holds the disc)."""
    thick = blob & (depth_mm >= settings.crate_min_half_width_mm)
    # Worked out on the box round the thick parts alone, the dilation reaching no further (mat_picture.box_round).
    box = box_round(thick, reach.shape[0] // 2 + 1)
    if box is None:
        return []
    count, labels, stats, _ = cv2.connectedComponentsWithStats(thick[box].astype(np.uint8))
    areas = stats[1:, cv2.CC_STAT_AREA]
    least = max(settings.crate_core_share * areas.max(), settings.crate_core_least_mm2 * MAT_PX_PER_MM ** 2)
    return [within(blob.shape, box, cv2.dilate((labels == index).astype(np.uint8), reach) > 0) for index in range(1, count)
            if areas[index - 1] >= least]


def _lid(core: np.ndarray, inside: list[tuple[int, np.ndarray]], lid_fleet: int) -> int:
    """The fleet of the patch lying most on a crate's core; `lid_fleet` (the blob's lid) when none does."""
    on = [int((patch & core).sum()) for _, patch in inside]
    return inside[int(np.argmax(on))][0] if max(on, default=0) > 0 else lid_fleet


def poles_beside(blob: np.ndarray, settings: MatSettings, looks: MatLooks = KIT_LOOKS) -> tuple[int, float, list[np.ndarray]]:
    """How many lying masts' poles stand out of a crate's blob: parts long and thin once the crate (what a disc of
    settings.pole_clear_mm fits in) is taken away; and that thick part's mm^2. Taught, also the parts that look like
    a whole lying mast (fitting_doubts.whole_mast_beside), each as a mask."""
    box, thick, rest = thick_and_thin_near(blob, settings)   # on the box round the blob alone (the same parts)
    if rest.size == 0:
        return 0, 0.0, []
    count, labels, stats, _ = cv2.connectedComponentsWithStats(rest.astype(np.uint8))
    origin = (box[0].start, box[1].start)
    poles, whole = 0, []
    for index in range(1, count):
        if stats[index, cv2.CC_STAT_AREA] < settings.pole_min_length_mm * MAT_PX_PER_MM * 2:
            continue
        # A bar's length and width from its spread along and across.
        part = labels == index
        spread = np.linalg.eigvalsh(np.cov((np.argwhere(part) + origin).T.astype(np.float64)))
        width, length = np.sqrt(12.0 * np.maximum(spread, 0.0)) / MAT_PX_PER_MM
        if length >= settings.pole_min_length_mm and width <= settings.pole_max_width_mm:
            poles += 1
        elif whole_mast_beside(float(stats[index, cv2.CC_STAT_AREA]) / MAT_PX_PER_MM ** 2, float(length), looks, settings):
            whole.append(within(blob.shape, box, part))
    return poles, float(thick.sum()) / MAT_PX_PER_MM ** 2, whole

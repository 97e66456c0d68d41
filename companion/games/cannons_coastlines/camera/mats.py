"""A harbour mat read from the picture: coins by kind, prize masts and crates, prize hulls.

The mat's place (mat_place: its marker and its paper's edges) gives it seen from
straight above at MAT_PX_PER_MM, read zone by zone against its own white paper, so the
light's colour cancels out:
- coins (coast_coins): brass discs found by their rims, named by their ring's hue;
- prize fittings: a lying mast is a long blob (pole with its fleet's pennant), a crate a short
  one (its lid painted in its fleet's colour);
- prize hulls: each carries its ship's tag (fleet and ship), else its hull colour tells the fleet.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.games.cannons_coastlines.kit import pieces as kit
from companion.vision.table_frame import TableFrame
from companion.games.cannons_coastlines.camera.coins import (CoinZone, coin_cover_doubts, coins_covered_mm2,
                                                             cover_clear_of_coins_mm2, paper_covered, paper_likeness,
                                                             read_coins)
from companion.games.cannons_coastlines.camera.crate_blobs import (PartColours, faint_lidless_crate, lidless_crate_part,
                                                                   read_crate_blob)
from companion.games.cannons_coastlines.camera.dark_paint import dark_paint_doubts
from companion.games.cannons_coastlines.camera.fleet_colour import (coloured_of_fleets, coloured_pixels, fleet_of_pixels,
                                                                   strong_chroma)
from companion.games.cannons_coastlines.camera.fitting_doubts import (bare_mast_let_go, blob_shape, crate_cut_by_the_edge,
                                                                   length_mm as patch_length_mm, prize_depth_mm,
                                                                   small_coloured_specks, small_crate, unexplained_blobs)
from companion.games.cannons_coastlines.camera.mat_picture import (MAT_PX_PER_MM, box_round, mat_zone_picture, not_paper,
                                                                   white_balanced, within)
from companion.games.cannons_coastlines.camera.prize_fleets import allowed_prize_fleets
from companion.games.cannons_coastlines.camera.mast_bands import (BlobRoom, band_count_doubts, bands_reached, beyond_room,
                                                                 cut_band_doubts, half_of_a_band, join_band_parts,
                                                                 masts_of_faint_paint, shown_paint)
from companion.games.cannons_coastlines.camera.mast_rows import bands_in_rows, lid_run_doubts, masts_of_patches, row_reach_doubts
from companion.games.cannons_coastlines.camera.mat_looks import FLEET_HUES_DEG, KIT_LOOKS, MatLooks, band_mm, hue_deg as _hue_deg
from companion.games.cannons_coastlines.camera.mat_place import MatFlattener, MatPlace
from companion.games.cannons_coastlines.camera.pole_paint import PolePaint, at_the_bottom_edge
from companion.games.cannons_coastlines.camera.pole_stubs import poles_in_line
from companion.games.cannons_coastlines.camera.settings import CoinSettings, MatSettings
from companion.games.cannons_coastlines.camera.unread_masts import unread_mast_doubts
from companion.games.cannons_coastlines.camera.unread_paint import unread_paint_doubts


@dataclass(frozen=True)
class MatReading:
    player: int
    coins: dict[str, int]
    masts: list[int]                 # fleet of each prize mast (its pennant's colour); 0 when unsure
    crates: list[int]                # fleet of each prize crate (its lid's colour); 0 when unsure
    hull_fleets: list[int]           # fleet of each prize hull; 0 when unsure
    confidence: float
    doubts: list[str] = field(default_factory=list)
    # What the reading is unsure of that changes no points (a coin's kind): shown, not asked
    notes: list[str] = field(default_factory=list)
    # mm^2 of the fittings zone and of the coin zone that is not paper (prizes and coins, their shadows)
    covered_mm2: tuple[float, float] = (0.0, 0.0)


def _paint_mm2(paint: dict[int, np.ndarray], part: np.ndarray) -> dict[int, float]:
    """mm^2 of each fleet's paint (_fleet_paint) on `part` (bool)."""
    return {fleet: float(((paint_of > 0) & part).sum()) / MAT_PX_PER_MM ** 2 for fleet, paint_of in paint.items()}


def _shown_if_taught(blob: np.ndarray, paint: dict[int, np.ndarray], looks: MatLooks,
                     settings: MatSettings) -> dict[int, np.ndarray]:
    """Each fleet's paint on a mast blob (mast_bands.shown_paint) where a band is taught; untaught, none is weighed."""
    return shown_paint(blob, paint, settings) if band_mm(looks) > 0 else {}


def _faint_bands(lab: np.ndarray, blob: np.ndarray, fleet: int, hues: dict[int, float], looks: MatLooks,
                 settings: MatSettings) -> float:
    """Taught: how many bands a mast blob read by its faint colours shows of `fleet`, by its pixels coloured as
    fleet_of_pixels counts them (a pale band, too pale for a paint patch, still outvotes the sail) and no more than
    the blob is long in taught masts: sails side by side run their pale bands together, the blob as long as both.
    0 where that paint holds less than MatSettings.band_paint_least_mm mm^2 per mm it reaches."""
    if band_mm(looks) <= 0 or looks.mast_length_mm <= 0:
        return 0.0
    _, hue, coloured = coloured_pixels(lab[blob], settings)
    mine = np.zeros(blob.shape, bool)
    mine[blob] = coloured & (np.abs((hue - hues[fleet] + 180) % 360 - 180) < settings.paint_hue_reach_deg)
    reach = patch_length_mm(mine)
    if reach <= 0 or mine.sum() / MAT_PX_PER_MM ** 2 < settings.band_paint_least_mm * reach:
        return 0.0
    return min(reach / band_mm(looks), patch_length_mm(blob) / looks.mast_length_mm)


def _fleet_paint(lab: np.ndarray, settings: MatSettings, hues: dict[int, float],
                 within: np.ndarray | None = None) -> dict[int, np.ndarray]:
    """Each fleet's paint in the picture: pixels of its hue, coloured enough and not wood; with `within` (a 0/1
    mask of the picture), only its pixels are looked at (each pixel's test is its own) and the rest are 0."""
    if within is not None:
        chosen = within > 0
        paint = _fleet_paint(lab[chosen], settings, hues)
        for fleet, near in paint.items():
            paint[fleet] = np.zeros(lab.shape[:2], np.uint8)
            paint[fleet][chosen] = near
        return paint
    ab = lab[..., 1:].astype(np.float32) - 128
    hue = _hue_deg(ab)
    chroma = np.hypot(ab[..., 0], ab[..., 1])
    lightness = lab[..., 0]
    wood = (hue >= settings.wood_hues_deg[0]) & (hue <= settings.wood_hues_deg[1]) & (lightness < settings.wood_max_lightness)
    paint = {}
    for fleet, fleet_hue in hues.items():
        near = (np.abs((hue - fleet_hue + 180) % 360 - 180) < settings.paint_hue_reach_deg) & ~wood
        colour = kit.fleet_look(fleet).colour
        if colour == "yellow":
            near &= (chroma > settings.yellow_paint_min_chroma) & (lightness >= settings.yellow_paint_min_lightness)
        else:
            near &= chroma > (settings.red_paint_min_chroma if colour == "red" else settings.paint_min_chroma)
        paint[fleet] = near.astype(np.uint8)
    return paint


def _paint_patches(paint: np.ndarray, settings: MatSettings) -> list[np.ndarray]:
    """Patches of paint big enough for a pennant; parts of one patch split by a pole or blur
    within settings.paint_join_mm are one patch. Worked out on the box round the paint alone (mat_picture.box_round:
    the opening and the joining disc reach no further; no paint, no patch), to the bit what it is over the whole
    picture, the patches in the same order."""
    join = int(settings.paint_join_mm * MAT_PX_PER_MM) | 1
    box = box_round(paint, join // 2 + 2)   # the joining disc reaches join // 2, the opening 1
    if box is None:
        return []
    near = cv2.morphologyEx(paint[box], cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    count, labels = cv2.connectedComponents(cv2.dilate(near, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (join, join))))
    labels = np.where(near > 0, labels, 0)
    areas = np.bincount(labels.ravel(), minlength=count)
    return [within(paint.shape, box, labels == index) for index in range(1, count)
            if areas[index] >= settings.pennant_min_mm2 * MAT_PX_PER_MM ** 2]


def _blob_patches(blob: np.ndarray, paint: dict[int, np.ndarray], settings: MatSettings) -> list[tuple[int, np.ndarray]]:
    """A mast blob's patches of paint (fleet, bool mask over the zone), found on the blob alone: a band's patch joined
    over the gap to the next blob (a crate's lid of the same paint beside it) would lie mostly off this blob and
    leave its band uncounted, or count as more paint than this mast shows."""
    ys, xs = np.nonzero(blob)
    box = np.s_[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    found = []
    for fleet, paint_of in paint.items():
        for patch in _paint_patches(paint_of[box] & blob[box].astype(np.uint8), settings):
            whole = np.zeros(blob.shape, bool)
            whole[box] = patch
            found.append((fleet, whole))
    return found


def read_fittings(balanced: np.ndarray, settings: MatSettings = MatSettings(), looks: MatLooks = KIT_LOOKS,
                  fleets: set[int] | None = None, paperless: np.ndarray | None = None,
                  lone_crates_mm2: list[float] | None = None) -> tuple[list[int], list[int], list[str], float]:
    """(fleet of each lying mast, fleet of each crate, doubts, mm^2 not paper) in the fittings zone. Every blob
    that is not paper belongs to a prize. A crate is thick (14 mm square, and standing 11 mm
    tall it leans in the view only to grow longer); a lying mast is thin (a 4 mm pole, the
    pennant beside its end), and its pole and pennant can show as separate blobs, so thin
    blobs within a few mm of each other are one mast. Masts side by side touch by their sails,
    and a pennant can touch a crate, so a blob holds as many masts as it shows pennants
    (patches of one fleet's paint) apart from a crate's lid; a thin blob whose pennant is too
    pale for a patch is still one mast when its coloured pixels show a pennant's worth. With `fleets` (those a
    prize on this mat may come from), a prize read as another fleet's is voted again (prize_fleets). `paperless`:
    the whole mat's not_paper when made already. `lone_crates_mm2`: filled with the mm^2 of each crate read alone on its
    blob (no mast or other crate read from it)."""
    zone = mat_zone_picture(balanced, "fittings")
    mask = prize_mask(zone, settings, None if paperless is None else mat_zone_picture(paperless, "fittings"))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    lab = cv2.cvtColor(zone, cv2.COLOR_BGR2Lab)
    depth = prize_depth_mm(mask, lab, settings if looks.taught else None)
    pieces: list[tuple[str, np.ndarray]] = []
    thin, covered = np.zeros_like(mask), 0.0
    hues = dict(looks.fleet_hues_deg)
    too_small = stats[:, cv2.CC_STAT_AREA] / MAT_PX_PER_MM ** 2 < settings.prize_min_area_mm2
    too_small[0] = False   # the paper about the blobs
    specks = too_small[labels]
    # Their coloured pixels counted together (the count is each pixel's own test); taught, only those of a fleet a
    # prize here may come from (a mat's own fleet's colour, or an absent fleet's, breaks up no prize mast of it).
    small_colour_px = coloured_of_fleets(lab[specks], settings, hues, fleets if looks.taught else None)
    # Paint beside a stretch of pole, off the prizes' blobs (specks too small for a prize may be a pale mast's).
    pole_paint = PolePaint((mask > 0) & ~specks, lambda within: _fleet_paint(lab, settings, hues, within),
                           settings)
    for index in range(1, count):
        if too_small[index]:
            continue
        covered += stats[index, cv2.CC_STAT_AREA] / MAT_PX_PER_MM ** 2
        blob = labels == index
        if float(depth[blob].max()) >= settings.crate_min_half_width_mm:
            pieces.append(("crate", blob))
        else:
            thin[blob] = 1
    joined = cv2.dilate(thin, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (int(settings.mast_part_gap_mm * MAT_PX_PER_MM) | 1,) * 2))
    count, labels = cv2.connectedComponents(joined)
    # Paint counts only on a prize (paint & mask): looked for there alone, most of the zone being paper.
    paint = _fleet_paint(lab, settings, hues, mask)
    patches = [(fleet, patch) for fleet, paint_of in paint.items() for patch in _paint_patches(paint_of & mask, settings)]
    pieces = poles_in_line(pieces + [("mast", blob) for blob in join_band_parts(
        [(labels == index) & (thin > 0) for index in range(1, count)], paint, looks, settings)], patches, looks, settings,
        lambda blob: (fleet_of_pixels(lab[blob], settings, hues)[2] / MAT_PX_PER_MM ** 2, strong_chroma(lab[blob], settings)))
    mast_blobs = [blob for kind, blob in pieces if kind == "mast"]
    masts, crates, doubts = [], [], []
    counted = []     # per blob: (its shape, masts and crates read before it)
    painted = []     # per mast blob read by its patches or its colours: (its paint shown, the masts read from it)
    let_go = []      # lengths (mm) of the stretches of pole let go
    lid_runs: dict[int, float] = {}   # taught: per fleet, how far (mm) a crate blob's paint runs off it
    rows_short: set[int] = set()      # fleets of mast blobs read with fewer masts than bands in their row
    for kind, blob in pieces:
        counted.append((blob_shape(blob, depth, settings), len(masts), len(crates)))
        if kind == "mast" and small_crate(counted[-1][0], looks, settings):
            fleet, _, seen = fleet_of_pixels(lab[blob], settings, hues)
            crates.append(fleet if seen >= settings.prize_min_coloured_px else 0)
            doubts.append("a blob nearly as thick as a crate, showing no pole and far shorter than a mast: read as a crate")
            continue
        inside = [(fleet, patch) for fleet, patch in patches if (patch & blob).sum() * 2 > patch.sum()]
        if kind == "crate":
            for fleet, patch in inside if band_mm(looks) > 0 else []:
                lid_runs[fleet] = max(lid_runs.get(fleet, 0.0), patch_length_mm(patch & ~blob))
            held, crates_held, named = read_crate_blob(
                blob, depth, inside, PartColours(lambda part: fleet_of_pixels(lab[part], settings, hues),
                                                 lambda part: _paint_mm2(paint, part),
                                                 lambda part: strong_chroma(lab[part], settings)),
                lambda patch, fleet: half_of_a_band(patch, fleet, mast_blobs, paint, looks, settings), looks, settings)
            masts += held
            doubts += named
            if crates_held is not None:
                crates += crates_held
                continue
            blob = lidless_crate_part(blob, inside, settings) if looks.taught else blob
        elif on_blob := _blob_patches(blob, paint, settings):
            room = BlobRoom.of(blob, looks)
            shown = _shown_if_taught(blob, paint, looks, settings)
            rows = bands_in_rows(shown, looks, settings)
            counted_masts, named = masts_of_patches(on_blob, looks, settings, bands_reached(shown, looks, settings), room, rows)
            unpainted, named_too = masts_of_faint_paint(counted_masts, fleets or hues, room, looks, settings,
                                                        lambda fleet: _faint_bands(lab, blob, fleet, hues, looks, settings))
            masts += counted_masts + unpainted
            rows_short |= {fleet for fleet, row in rows.items() if row > (counted_masts + unpainted).count(fleet)}
            painted.append((shown, counted_masts))
            doubts += named + named_too + beyond_room(len(counted_masts), room, settings)
            doubts += cut_band_doubts(on_blob, looks, settings)
            doubts += unread_paint_doubts(blob, counted_masts + unpainted, paint, fleets or hues, looks, settings)
            continue
        if kind == "mast" and looks.taught and at_the_bottom_edge(blob, settings) \
                and blob.sum() < settings.unpainted_mast_share * looks.mast_mm2 * MAT_PX_PER_MM ** 2:
            continue   # no patch of paint, under half a mast, at the coin zone's edge: a coin's ring reaching over
        fleet, agreement, seen = fleet_of_pixels(lab[blob], settings, hues)
        if kind == "mast" and seen < settings.pale_pennant_min_mm2 * MAT_PX_PER_MM ** 2:
            # A stretch of pole, its pennant's part seen as its own blob; unless it covers as much as a
            # taught mast does: then a mast whose paint is not seen.
            if not looks.taught:
                continue
            if blob.sum() < settings.unpainted_mast_share * looks.mast_mm2 * MAT_PX_PER_MM ** 2:
                # Unless a fleet's paint lies beside it, off the prizes (a pale mast's band or pennant): pole_paint.
                fleet, mm2 = pole_paint.mast_beside(blob)
                if fleet:
                    masts.append(fleet)
                    doubts.append(f"a stretch of pole with {mm2:.0f} mm^2 of fleet {fleet}'s paint beside it: read as a mast")
                else:
                    let_go.append(patch_length_mm(blob))
                    doubts += bare_mast_let_go(let_go[-1], looks, settings)
                continue
        if seen < settings.prize_min_coloured_px:
            fleet = 0
            doubts.append(f"a prize {kind} whose fleet colour was not seen")
        elif agreement < (settings.pale_mast_agreement if kind == "mast" else settings.unclear_colour_agreement):
            doubts.append(f"a prize {kind} whose fleet colour is unclear (read as fleet {fleet})")
        elif kind == "mast" and looks.taught and strong_chroma(lab[blob], settings) < settings.pale_mast_chroma:
            doubts.append(f"a prize mast showing no patch of paint, read as fleet {fleet} by its faint colour")
        elif kind == "crate" and looks.taught and fleet:
            doubts += faint_lidless_crate(fleet, strong_chroma(lab[blob], settings), _paint_mm2(paint, blob)[fleet], settings)
        if kind == "mast" and fleet:
            # Taught: its paint, too pale for a patch, may still reach two bands (sails side by side).
            reach = max(bands_reached(_shown_if_taught(blob, paint, looks, settings), looks, settings).get(fleet, 0.0),
                        _faint_bands(lab, blob, fleet, hues, looks, settings))
            masts += [fleet] * (max(1, int(round(reach))) - 1)
            doubts += band_count_doubts(fleet, reach, 1, settings, settings.faint_band_doubt_below)
            doubts += unread_paint_doubts(blob, [fleet], paint, fleets or hues, looks, settings)
            # Its paint lies in its fleet's row too (a band's half too small for a patch, read by its colours).
            painted.append((_shown_if_taught(blob, paint, looks, settings), [fleet] * max(1, int(round(reach)))))
        (masts if kind == "mast" else crates).append(fleet)
    doubts += unexplained_blobs(counted, len(masts), len(crates), looks, settings) + row_reach_doubts(painted, looks, settings)
    doubts += lid_run_doubts(lid_runs, rows_short, looks, settings)
    # Each prize's blob: a blob's prizes are those read after the blob before it.
    firsts = [(m, c) for _, m, c in counted] + [(len(masts), len(crates))]
    for (kind, blob), (shape, _, _), first, after in zip(pieces, counted, firsts, firsts[1:]):
        if kind == "crate" and after[0] == first[0] and after[1] - first[1] == 1:
            doubts += crate_cut_by_the_edge(blob, shape, looks, settings)
            if lone_crates_mm2 is not None:
                lone_crates_mm2.append(shape.area_mm2)
    for at, (kind, read) in enumerate((("mast", masts), ("crate", crates))):
        where = [blob for (_, blob), first, after in zip(pieces, firsts, firsts[1:]) for _ in range(first[at], after[at])]
        read[:], named = allowed_prize_fleets(read, where, lab, fleets, hues, kind, settings)
        doubts += named
    doubts += small_coloured_specks(small_colour_px / MAT_PX_PER_MM ** 2, looks, settings)
    # Taught, a pale mast's pennant or band left alone as specks (pole_paint), patches of paint smaller than a pennant's.
    speck_settings = dataclasses.replace(settings, pennant_min_mm2=settings.speck_paint_least_mm2)
    def speck_patches(paint_of: np.ndarray) -> list[np.ndarray]:
        return _paint_patches(paint_of, speck_settings)
    from_specks = pole_paint.masts_in_specks(specks, speck_patches, looks, fleets)
    if from_specks:
        masts += from_specks
        doubts.append(f"{len(from_specks)} mast(s) read from specks of paint too small for a prize")
    doubts += pole_paint.loose_band_doubts(speck_patches, looks, fleets)
    blobs_read = [(kind, blob, set(masts[a[0]:b[0]] + crates[a[1]:b[1]])) for (kind, blob), a, b in zip(pieces, firsts, firsts[1:])]
    doubts += pole_paint.band_beside_crate_doubts([(blob, read) for kind, blob, read in blobs_read if kind == "crate"],
                                                  speck_patches, looks, fleets)
    doubts += pole_paint.speck_band_doubts(specks, looks) if not from_specks else []
    doubts += pole_paint.empty_zone_speck_doubts(specks, looks, len(masts) + len(crates))
    doubts += pole_paint.mastless_pole_speck_doubts(specks, looks, len(masts), len(crates))
    doubts += unread_mast_doubts(lab[..., 0], (mask > 0) & ~specks, let_go, len(masts), looks, settings)
    doubts += dark_paint_doubts(lab, blobs_read, paint, fleets or set(hues), looks, settings)
    return masts, crates, doubts, covered


def prize_mask(picture: np.ndarray, settings: MatSettings = MatSettings(), paperless: np.ndarray | None = None) -> np.ndarray:
    """What is not paper in a white-balanced picture of prizes, the paper's grain opened away and a
    pole's parts closed up (uint8 0/1). `paperless`: the picture's not_paper when made already."""
    paperless = not_paper(picture, settings) if paperless is None else paperless
    mask = cv2.morphologyEx(paperless, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    return cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))


def coin_cover(picture: np.ndarray, settings: CoinSettings = CoinSettings()) -> np.ndarray:
    """Where a white-balanced picture is less like paper than a coin's face is (coins.py): bool."""
    return paper_covered(paper_likeness(cv2.cvtColor(picture, cv2.COLOR_BGR2Lab), settings), settings)


def _solid(paperless: np.ndarray) -> np.ndarray:
    """What is not paper on the whole mat (`paperless`: its not_paper), specks of the paper's grain opened away."""
    return cv2.morphologyEx(paperless, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))


def hull_blobs(solid: np.ndarray, settings: MatSettings = MatSettings()) -> list[np.ndarray]:
    """A mask (over the hulls zone's picture) of each hull lying in the hulls zone: a large
    blob of `solid` (_solid) there."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mat_zone_picture(solid, "hulls"))
    return [labels == index for index in range(1, count)
            if stats[index, cv2.CC_STAT_AREA] / MAT_PX_PER_MM ** 2 >= settings.hull_min_area_mm2]


def _hull_cover(solid: np.ndarray, settings: MatSettings) -> np.ndarray:
    """Over the whole mat: each hull in the hulls zone with whatever of it leans out of the zone."""
    count, labels = cv2.connectedComponents(solid)
    areas = np.bincount(mat_zone_picture(labels, "hulls").ravel(), minlength=count) / MAT_PX_PER_MM ** 2
    areas[0] = 0.0   # the paper
    return np.isin(labels, np.nonzero(areas >= settings.hull_min_area_mm2)[0])


def hull_fleet_by_colour(hulls_lab: np.ndarray, blob: np.ndarray, settings: MatSettings = MatSettings(),
                         hues: dict[int, float] = FLEET_HUES_DEG) -> tuple[int, float]:
    """The fleet colour of a prize hull (its blob in the hulls zone's Lab picture), voted by hue
    over the band round its edge (its painted sides and rim: the wooden deck inside turns red
    or yellow with the light and would outvote them), and the share of votes that agree."""
    band_px = int(2 * settings.hull_side_band_mm * MAT_PX_PER_MM) | 1
    inner = cv2.erode(blob.astype(np.uint8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (band_px, band_px)))
    fleet, agreement, seen = fleet_of_pixels(hulls_lab[blob & (inner == 0)], settings, hues)
    return (fleet, agreement) if seen >= settings.hull_min_coloured_px else (0, 0.0)


def read_mat(image: np.ndarray, frame: TableFrame, player: int, place: MatPlace, tags_on_mat: list[int],
             flattener: MatFlattener | None = None, settings: MatSettings = MatSettings(),
             coin_settings: CoinSettings = CoinSettings(), looks: MatLooks = KIT_LOOKS,
             fleets: set[int] | None = None) -> MatReading:
    """Player's mat at `place`; `tags_on_mat` the fleets of the ship tags seen on its hulls zone; `looks`
    the group's pieces as taught, or the kit's; `fleets` those its prize fittings may come from (None: any)."""
    flattener = flattener or MatFlattener(MAT_PX_PER_MM)
    balanced = white_balanced(flattener.flatten(image, frame, place), settings)
    paperless = not_paper(balanced, settings)    # made once for the whole mat and the fittings zone
    solid = _solid(paperless)
    hull_cover = _hull_cover(solid, settings)
    coin_zone = CoinZone.of(balanced, coin_settings)   # read once for the coins and for what they cover
    counted: list[tuple[float, float]] = []
    coins, doubts, kind_doubts, coin_margin = read_coins(balanced, hull_cover, coin_settings, looks, coin_zone, counted)
    lone_crates_mm2: list[float] = []
    masts, crates, fitting_doubts, fittings_mm2 = read_fittings(balanced, settings, looks, fleets, paperless, lone_crates_mm2)
    fleets = list(tags_on_mat)
    untagged = hull_blobs(solid, settings)[len(fleets):]
    hulls_lab = cv2.cvtColor(mat_zone_picture(balanced, "hulls"), cv2.COLOR_BGR2Lab) if untagged else None
    for blob in untagged:
        fleet, margin = hull_fleet_by_colour(hulls_lab, blob, settings, dict(looks.fleet_hues_deg))
        fleets.append(fleet)
        if margin < settings.unclear_colour_agreement:
            doubts.append("a prize hull whose colour is unclear" + (f" (read as fleet {fleet})" if fleet else ""))
    # Taught, a coin's kind alone is a note where every crate read lies alone on its blob, about a taught crate's size
    # (MatSettings.kind_note_crate_shares): the prize mistakes its doubt happened to catch (a mast read as a crate, a crate
    # added) read one otherwise; else asked.
    least, most = (share * looks.crate_mm2 for share in settings.kind_note_crate_shares)
    kinds_noted = looks.taught and len(lone_crates_mm2) == len(crates) and all(least <= mm2 <= most for mm2 in lone_crates_mm2)
    notes = kind_doubts if kinds_noted else []
    doubts += ([] if kinds_noted else kind_doubts) + fitting_doubts
    coins_mm2 = coins_covered_mm2(coin_zone, hull_cover, coin_settings)
    # Taught, cover past the coins read is what lies clear of them, grain and halo opened away (MatSettings.coins_clear_*).
    clear_mm2 = (cover_clear_of_coins_mm2(counted, coin_zone, hull_cover, looks.coin_diameter_mm, coin_settings,
                                          settings.coins_clear_opening_share) if looks.taught else None)
    doubts += coin_cover_doubts(sum(coins.values()), coins_mm2, looks.coin_mm2, settings, clear_mm2,
                                bool(mat_zone_picture(hull_cover, "coins").any()))
    # Taught, a coin's kind leading by coin_settings.unclear_margin or more is no doubt (under it one is named): the
    # margin lowers the mat's confidence only there, so the mat is not left unsure with no doubt named. Untaught, the
    # coins are not the kit's and a narrow lead still is one: their rings are sampled where the kit's lie (on the
    # tuning seeds 500-699 untaught, 10 more mats read wrong would be sure without it).
    coin_confidence = 1.0 if kinds_noted or (looks.taught and coin_margin >= coin_settings.unclear_margin) else coin_margin * 2
    confidence = min([coin_confidence, 1.0] + ([0.3] if doubts else []))
    return MatReading(player, coins, masts, crates, fleets, round(float(confidence), 3), doubts, notes,
                      (fittings_mm2, coins_mm2))


"""The masts a mast blob's patches of paint make (masts_of_patches), and taught masts lying in a row on one blob
counted by the gaps in their paint.

Masts laid side by side, their sails touching, make one blob, and their bands of one fleet's paint line up
along it. Counted by how far that paint reaches (mast_bands.bands_reached), the gaps between the bands count
as paint too: four bands of 29 mm with 6 mm between reach 4.8 bands, read as five masts (tuning seed 1719
anna, sure). Along the row the paint shows those gaps: projected onto its longest spread it falls into runs,
and runs gathered in order into bands no longer than MatSettings.band_share of a taught band (a band's halves
either side of its pole are one) give how many bands lie in the row; no more masts are read from its length.
Masts touching end to end leave no gap and their run is counted by its length, as before.
"""

from __future__ import annotations

import numpy as np

from companion.games.cannons_coastlines.camera.fitting_doubts import length_mm as patch_length_mm
from companion.games.cannons_coastlines.camera.mast_bands import BlobRoom, bands, counted_by_length
from companion.games.cannons_coastlines.camera.mat_looks import MatLooks, band_mm
from companion.games.cannons_coastlines.camera.mat_picture import MAT_PX_PER_MM
from companion.games.cannons_coastlines.camera.settings import MatSettings


def runs_along(paint: np.ndarray, settings: MatSettings) -> list[tuple[float, float]]:
    """(start, end) in mm of the runs of `paint` (bool) along its longest spread: a step of the row holds paint
    where it holds MatSettings.band_paint_least_mm mm^2 of it per mm (a band's density, not stray pixels), and
    runs part where MatSettings.row_gap_mm or more holds none."""
    points = np.argwhere(paint).astype(np.float64)
    if len(points) < 3:
        return []
    centred = points - points.mean(axis=0)
    axis = np.linalg.eigh(np.cov(centred.T))[1][:, -1]
    along = centred @ axis                                  # px along the row
    steps = np.bincount((along - along.min()).astype(int))  # one px a step
    dense = np.nonzero(steps >= settings.band_paint_least_mm * MAT_PX_PER_MM)[0]
    if len(dense) == 0:
        return []
    parts = np.nonzero(np.diff(dense) > settings.row_gap_mm * MAT_PX_PER_MM)[0]
    starts = np.concatenate(([dense[0]], dense[parts + 1]))
    ends = np.concatenate((dense[parts], [dense[-1]])) + 1
    return [(float(a) / MAT_PX_PER_MM, float(b) / MAT_PX_PER_MM) for a, b in zip(starts, ends)]


def bands_in_row(paint: np.ndarray, looks: MatLooks, settings: MatSettings) -> int:
    """How many bands one fleet's paint on a blob (bool) lies in along its row: its runs (runs_along) gathered in
    order, each joining the band before it while together they reach no further than MatSettings.band_share of a
    taught band, a run longer than that counted by its length; 0 when no band is known or no run is found."""
    band = band_mm(looks)
    runs = runs_along(paint, settings) if band > 0 else []
    if not runs:
        return 0
    gathered: list[tuple[float, float]] = []
    for start, end in runs:
        if gathered and end - gathered[-1][0] <= settings.band_share * band:
            gathered[-1] = (gathered[-1][0], end)
        else:
            gathered.append((start, end))
    return sum(max(1, int(round((end - start) / band))) for start, end in gathered)


def bands_in_rows(shown: dict[int, np.ndarray], looks: MatLooks, settings: MatSettings) -> dict[int, int]:
    """bands_in_row of each fleet's paint on a mast blob where it shows a pale pennant's worth (`shown`:
    mast_bands.shown_paint)."""
    if band_mm(looks) <= 0:
        return {}
    return {fleet: bands_in_row(on_blob, looks, settings) for fleet, on_blob in shown.items()}


def masts_of_patches(inside: list[tuple[int, np.ndarray]], looks: MatLooks, settings: MatSettings = MatSettings(),
                     reached: dict[int, float] | None = None, room: BlobRoom | None = None,
                     rows: dict[int, int] | None = None) -> tuple[list[int], list[str]]:
    """The masts a blob's patches of paint make, `looks.patches_per_mast` patches to a mast (a sail's band of
    paint shows as two where the pole crosses it): one fleet's patches are counted together. Taught, a
    patch as long as two masts' paint (sails side by side, their bands run together) is two masts, and so is a
    fleet's paint on the blob reaching two bands (`reached`: mast_bands.bands_reached) where its patches are
    shorter (a band's paint too pale in places for a patch), no more than the blob has `room` for
    (mast_bands.counted_by_length), nor than the bands its paint lies in along the blob's row (`rows`:
    mast_rows.bands_in_rows; the gaps between masts in a row are no paint). A count by length near a half band is a doubt."""
    fleets = [fleet for fleet, _ in inside]
    masts, doubts = [], []
    for fleet in sorted(set(fleets)):
        count = max(1, int(round(fleets.count(fleet) / looks.patches_per_mast)))
        if band_mm(looks) > 0:
            # Taught: patches reaching no further than one band together are one band cut by its pole.
            own = [patch for owner, patch in inside if owner == fleet]
            apart = len(bands(own, looks, settings))
            by_length = max(sum(map(patch_length_mm, own)) / band_mm(looks), (reached or {}).get(fleet, 0.0))
            if (rows or {}).get(fleet):
                by_length = min(by_length, rows[fleet])
            count, named = counted_by_length(fleet, by_length, apart, room, settings)
            doubts += named
        masts += [fleet] * count
    return masts, doubts


def row_reach_doubts(painted: list[tuple[dict[int, np.ndarray], list[int]]], looks: MatLooks,
                     settings: MatSettings) -> list[str]:
    """Taught: one fleet's masts read from the paint on several mast blobs, or two or more on one (`painted`: each
    blob's paint showing a pale pennant's worth, mast_bands.shown_paint, and the masts read from it, by its patches or,
    with none, by its colours: a band's last half too small for a patch still lies in the row, 4329 anna),
    whose paint lies in one row (no wider across than MatSettings.row_width_most_mm) and reaches, end to end,
    MatSettings.row_reach_over fewer bands than the masts read: masts side by side whose bands run together, parted
    into blobs by pale poles, each blob counting its part as a band, or parted on one blob by dark poles wider than the
    paint joins over (a half band, two halves run together, a half band). A doubt."""
    band = band_mm(looks)
    if band <= 0:
        return []
    doubts = []
    for fleet in sorted({owner for _, read in painted for owner in read}):
        blobs = [(shown[fleet], read.count(fleet)) for shown, read in painted if fleet in read and fleet in shown]
        count = sum(read for _, read in blobs)
        if len(blobs) < 2 and count < 2:
            continue
        row = np.logical_or.reduce([paint for paint, _ in blobs])
        runs = runs_along(row, settings)
        points = np.argwhere(row).astype(np.float64)
        across = float(np.sqrt(12.0 * max(np.linalg.eigvalsh(np.cov(points.T))[0], 0.0))) / MAT_PX_PER_MM
        reach = (runs[-1][1] - runs[0][0]) / band if runs else float(count)
        if across <= settings.row_width_most_mm and count - reach >= settings.row_reach_over:
            doubts.append(f"{count} masts of fleet {fleet} read on {len(blobs)} blobs whose paint lies in one row "
                          f"reaching {reach:.2f} of its band")
    return doubts


def lid_run_doubts(lid_runs: dict[int, float], rows_short: set[int], looks: MatLooks, settings: MatSettings) -> list[str]:
    """Taught: a crate's patch of paint running off its blob MatSettings.lid_run_bands of a taught band (about half
    a band and a whole one; `lid_runs`: each fleet's longest such run, mm) onto the masts beside it, where a mast blob
    of that fleet shows more bands in its row than masts were read from it (`rows_short`): the first mast's band, half
    joined to the crate's blob and half lying with the next mast's, counted with neither. A doubt."""
    band = band_mm(looks)
    if band <= 0:
        return []
    shortest, longest = settings.lid_run_bands
    return [f"fleet {fleet}'s paint runs {mm:.0f} mm off a crate onto masts read short of their bands in a row"
            for fleet, mm in sorted(lid_runs.items()) if fleet in rows_short and shortest <= mm / band <= longest]

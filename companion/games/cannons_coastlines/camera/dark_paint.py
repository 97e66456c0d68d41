"""Taught: a fleet's paint as dark as wood, on a mast blob that no prize of that fleet was read from (mats.read_fittings).

A fleet's paint is told from the wooden crates and poles by its lightness where their hues meet: a yellow fleet's
paint must be nearly as light as the paper, and anything of wood's hue darker than wood_max_lightness is wood. A
group whose yellow is a dark ochre (taught hue 73-81 deg) loses its paint to both tests: a mast of it is let go as a
stretch of pole, or read by the other paint on its blob, and the mat is read sure of too few prizes (kept tuning mats
4425 cleo, 5094 anna). Such dark paint is not read as a prize (a crate's wooden sides share its hue, and a wooden
pole's middle shows a little of it); where a mast blob shows MatSettings.dark_paint_doubt_mm2 of it and no prize of
its fleet was read from that blob, the players are asked. Untaught the kit's yellow is light: no such doubt.
"""

from __future__ import annotations

import numpy as np

from companion.games.cannons_coastlines.camera.mat_looks import MatLooks, hue_deg
from companion.games.cannons_coastlines.camera.mat_picture import MAT_PX_PER_MM
from companion.games.cannons_coastlines.camera.mat_settings import MatSettings


def dark_paint(lab_pixels: np.ndarray, fleet: int, hues: dict[int, float], read_paint: np.ndarray,
               settings: MatSettings) -> np.ndarray:
    """Which of the Lab pixels (N x 3) are of the fleet's hue (within paint_hue_reach_deg of its taught hue and nearer it
    than any other fleet's: a red band's dark edge is no ochre), as coloured as a yellow paint (yellow_paint_min_chroma)
    but darker than wood_max_lightness, and left out of its paint (`read_paint`, 0/1 per pixel)."""
    ab = lab_pixels[:, 1:].astype(np.float32) - 128
    hue = hue_deg(ab)
    gaps = {other: np.abs((hue - other_hue + 180) % 360 - 180) for other, other_hue in hues.items()}
    near = (gaps[fleet] < settings.paint_hue_reach_deg) & (gaps[fleet] <= np.min(list(gaps.values()), axis=0))
    coloured = np.hypot(ab[:, 0], ab[:, 1]) > settings.yellow_paint_min_chroma
    return near & coloured & (lab_pixels[:, 0] < settings.wood_max_lightness) & (read_paint == 0)


def dark_paint_doubts(lab: np.ndarray, blobs_read: list[tuple[str, np.ndarray, set[int]]],
                      paint: dict[int, np.ndarray], allowed: set[int], looks: MatLooks, settings: MatSettings) -> list[str]:
    """`blobs_read`: each prize blob (its kind, "mast" or "crate", and bool mask) with the fleets of the prizes read from
    it. A doubt for each allowed fleet whose taught hue lies among wood's (MatSettings.wood_hues_deg, widened by
    paint_hue_reach_deg) and whose dark paint covers MatSettings.dark_paint_doubt_mm2 or more of a mast blob none of
    whose prizes is of it (a crate's wooden sides share the ochre's hue and lightness); taught only. Only the mast
    blobs' pixels are looked at."""
    if not looks.taught:
        return []
    least, most = settings.wood_hues_deg
    reach = settings.paint_hue_reach_deg
    doubts = []
    for fleet, fleet_hue in looks.fleet_hues_deg:
        masts = [(blob, sorted(read)) for kind, blob, read in blobs_read if kind == "mast" and fleet not in read]
        if fleet not in allowed or not least - reach <= fleet_hue <= most + reach or not masts:
            continue
        on_masts = np.logical_or.reduce([blob for blob, _ in masts])
        dark = dark_paint(lab[on_masts], fleet, dict(looks.fleet_hues_deg), paint[fleet][on_masts], settings)
        mm2, read = max((float(dark[blob[on_masts]].sum()) / MAT_PX_PER_MM ** 2, read) for blob, read in masts)
        if mm2 >= settings.dark_paint_doubt_mm2:
            doubts.append(f"{mm2:.0f} mm^2 of fleet {fleet}'s paint as dark as wood on a mast blob read as "
                          f"{', '.join(f'fleet {f}' for f in read) or 'nothing'}: a prize of it missed?")
    return doubts

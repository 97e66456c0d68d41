"""A prize fitting's fleet among those the rules allow on a mat (mats.read_fittings).

A prize is taken from another player's fleet: never the mat's own, never a fleet not at the table. A
mast or crate read as such a fleet, or whose fleet colour was not seen at all (dark blue paint on a far
mat blurs to little chroma; a cream sail outvotes it), is a misreading, and its points would be lost.
Its blob's faintly coloured pixels then vote again, each only for an allowed fleet whose hue it lies
near (MatSettings.paint_hue_reach_deg; a sail's cream or a pole's wood near no allowed fleet's hue
votes for none), weighted by chroma squared as fleet_of_pixels weighs them. The prize keeps a doubt
whatever the vote: the players are asked, and the reading offers the likeliest fleet. A prize whose fleet colour
was not seen at all, where the rules leave one fleet it can come from (at a two-player table, the other player's),
is that fleet: what the game knows wins over a reading the paint cannot settle (its other doubts still ask). Not a
mast when another mast on the mat shows that fleet's paint: the paint is not what hides this one's, and a blob of
no paint beside painted masts is as likely a pole's stretch read as a mast (2271 ben, taught tuning seeds).
"""

from __future__ import annotations

import numpy as np

from companion.games.cannons_coastlines.camera.mat_looks import hue_deg
from companion.games.cannons_coastlines.camera.mat_picture import MAT_PX_PER_MM
from companion.games.cannons_coastlines.camera.settings import MatSettings


def faint_fleet(lab_pixels: np.ndarray, allowed: set[int], hues: dict[int, float],
                settings: MatSettings = MatSettings()) -> int:
    """The allowed fleet the faintly coloured, not wooden pixels (Lab, n x 3) vote for; 0 when fewer than a pale
    pennant's worth vote (a stretch of pale pole), or their votes do not agree (a wooden pole's red shade)."""
    fleets = sorted(fleet for fleet in allowed if fleet in hues)
    if not fleets or len(lab_pixels) == 0:
        return 0
    lightness = lab_pixels[:, 0].astype(np.float32)
    ab = lab_pixels[:, 1:].astype(np.float32) - 128
    hue = hue_deg(ab)
    chroma = np.hypot(ab[:, 0], ab[:, 1])
    wood = (hue >= settings.wood_hues_deg[0]) & (hue <= settings.wood_hues_deg[1]) & (lightness < settings.wood_max_lightness)
    gaps = np.abs((hue[:, None] - np.array([hues[f] for f in fleets])[None] + 180) % 360 - 180)
    nearest = np.argmin(gaps, axis=1)
    voting = (chroma >= settings.faint_paint_min_chroma) & ~wood & (gaps.min(1) < settings.paint_hue_reach_deg)
    if voting.sum() < settings.pale_pennant_min_mm2 * MAT_PX_PER_MM ** 2:
        return 0
    votes = np.bincount(nearest[voting], weights=chroma[voting] ** 2, minlength=len(fleets))
    if votes.max() < settings.unclear_colour_agreement * votes.sum():
        return 0
    return int(fleets[int(np.argmax(votes))])


def allowed_prize_fleets(read: list[int], blobs: list[np.ndarray], lab: np.ndarray, allowed: set[int] | None,
                         hues: dict[int, float], kind: str, settings: MatSettings = MatSettings()) -> tuple[list[int], list[str]]:
    """`read`: the fleet of each prize of `kind`, `blobs` the blob (bool mask over `lab`) each was read from. Each
    fleet the rules do not allow here (`allowed`; None: any) is voted again from its blob's faint colours, and named
    a doubt."""
    if allowed is None:
        return list(read), []
    fleets, doubts = [], []
    only = sole_fleet(allowed, hues)
    for fleet, blob in zip(read, blobs):
        if fleet in allowed:
            fleets.append(fleet)
            continue
        again = faint_fleet(lab[blob], allowed, hues, settings)
        if not fleet and not again and only and not (kind == "mast" and only in read):
            fleets.append(only)
            doubts.append(f"a prize {kind} read as no fleet's colour; taken as fleet {only}, the only one it can be taken from")
            continue
        fleets.append(again)
        was = f"fleet {fleet}, not one it can be taken from" if fleet else "no fleet's colour"
        doubts.append(f"a prize {kind} read as {was}" + (f"; taken as fleet {again} by its faint colour" if again else ""))
    return fleets, doubts


def sole_fleet(allowed: set[int], hues: dict[int, float]) -> int:
    """The one fleet of the kit's a prize here may come from; 0 when there are more (or none)."""
    fleets = [fleet for fleet in allowed if fleet in hues]
    return fleets[0] if len(fleets) == 1 else 0

"""A taught mast's band of paint, cut by its pole: its parts are one mast (mats.read_fittings).

A band across a sail shows as two patches where the pole crosses it, and where the pole is pale the
sail's halves are blobs of their own, further apart than a pole's parts. Taught, a group's band is
known long (MatLooks.mast_paint_mm, per patch, times MatLooks.patches_per_mast): one fleet's patches
that together reach no further than a band (MatSettings.band_share of it) are one band, one mast;
two masts side by side reach two bands and more. Untaught (no band known), the patches are counted as
they are, but two of one fleet close together are named a doubt (cut_band_doubts): a band and its pole.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from companion.games.cannons_coastlines.camera.fitting_doubts import band_is_the_mast, length_mm
from companion.games.cannons_coastlines.camera.mat_picture import MAT_PX_PER_MM
from companion.games.cannons_coastlines.camera.mat_looks import MatLooks, band_mm
from companion.games.cannons_coastlines.camera.settings import MatSettings


def one_band(patches: list[np.ndarray], looks: MatLooks, settings: MatSettings) -> bool:
    """Whether these patches (one fleet's) reach no further together than one taught band."""
    reach = band_mm(looks)
    return reach > 0 and length_mm(np.logical_or.reduce(patches)) <= settings.band_share * reach


def bands(patches: list[np.ndarray], looks: MatLooks, settings: MatSettings) -> list[list[np.ndarray]]:
    """One fleet's patches gathered into bands, longest first: each patch joins the first band it still
    fits in with (one_band), else starts its own."""
    gathered: list[list[np.ndarray]] = []
    for patch in sorted(patches, key=lambda p: -int(p.sum())):
        home = next((band for band in gathered if one_band(band + [patch], looks, settings)), None)
        if home is None:
            gathered.append([patch])
        else:
            home.append(patch)
    return gathered


def nearest_bands(patches: list[np.ndarray], looks: MatLooks, settings: MatSettings) -> list[list[np.ndarray]]:
    """One fleet's patches gathered into bands, the two groups reaching least together joined first, while they make
    one band (one_band): masts in a row whose bands are cut by their poles leave halves evenly apart, and `bands`
    (largest patch first) can join the halves of two masts and leave each mast's other half a band of its own."""
    groups = [[patch] for patch in patches]
    while len(groups) > 1:
        pairs = [(length_mm(np.logical_or.reduce(groups[i] + groups[j])), i, j)
                 for i in range(len(groups)) for j in range(i + 1, len(groups)) if one_band(groups[i] + groups[j], looks, settings)]
        if not pairs:
            break
        _, i, j = min(pairs, key=lambda pair: pair[0])
        groups[i] += groups.pop(j)
    return groups


def shown_paint(blob: np.ndarray, paint: dict[int, np.ndarray], settings: MatSettings) -> dict[int, np.ndarray]:
    """Each fleet's paint on `blob` (bool), where it shows a pale pennant's worth (MatSettings.pale_pennant_min_mm2)."""
    least = settings.pale_pennant_min_mm2 * MAT_PX_PER_MM ** 2
    return {fleet: (paint_of > 0) & blob for fleet, paint_of in paint.items() if ((paint_of > 0) & blob).sum() >= least}


def half_of_a_band(patch: np.ndarray, fleet: int, masts: list[np.ndarray], paint: dict[int, np.ndarray], looks: MatLooks,
                   settings: MatSettings) -> bool:
    """Whether a patch of `fleet`'s paint beside a crate makes one band with that fleet's paint on a mast's blob:
    the mast's half parted by its pole, not a mast of its own."""
    return band_mm(looks) > 0 and any(fleet in shown and one_band([patch > 0, shown[fleet]], looks, settings)
                                      for shown in (shown_paint(blob, paint, settings) for blob in masts))


def join_band_parts(masts: list[np.ndarray], paint: dict[int, np.ndarray], looks: MatLooks,
                    settings: MatSettings) -> list[np.ndarray]:
    """Mast blobs (bool masks) whose paint of one fleet (`paint`: each fleet's, 0/1) reaches no further together
    than one band are joined into one blob: a pale pole parts a band's halves, and a half too pale for a
    patch still shows a pale pennant's worth of paint (MatSettings.pale_pennant_min_mm2)."""
    if band_mm(looks) <= 0 or len(masts) < 2:
        return masts
    shown = [shown_paint(blob, paint, settings) for blob in masts]
    group = list(range(len(masts)))   # each blob's group: the first blob of it
    for second in range(1, len(masts)):
        for first in range(second):
            if group[first] == first and any(
                    fleet in shown[second] and one_band([own, shown[second][fleet]], looks, settings)
                    for fleet, own in shown[first].items()):
                group[second] = first
                break
    return [np.logical_or.reduce([masts[m] for m in range(len(masts)) if group[m] == head])
            for head in range(len(masts)) if group[head] == head]


def bands_reached(shown: dict[int, np.ndarray], looks: MatLooks, settings: MatSettings) -> dict[int, float]:
    """Taught: how many bands each fleet's paint on a mast blob (`shown`: a pale pennant's worth, shown_paint) reaches
    along its spread, where it is dense enough for a band (MatSettings.band_paint_least_mm of it per mm reached: a few stray
    pixels of a fleet's hue spread along a sail reach far but thin)."""
    if band_mm(looks) <= 0:
        return {}
    reached = {}
    for fleet, on_blob in shown.items():
        reach = length_mm(on_blob)
        if reach > 0 and on_blob.sum() / MAT_PX_PER_MM ** 2 >= settings.band_paint_least_mm * reach:
            reached[fleet] = reach / band_mm(looks)
    return reached


def band_count_doubts(fleet: int, by_length: float, apart: int, settings: MatSettings, below: float = 0.0) -> list[str]:
    """A fleet's masts counted from how many bands its paint reaches (`by_length`), more than its separate bands
    (`apart`), are a doubt when that reach lies past a half band by less than MatSettings.band_count_doubt: rounded
    up to one more mast, it may be a short pennant's patch blurred long. With `below`, also when it lies short of a
    half band by less than that (rounded down, one mast fewer: faint paint, paler at its ends, may reach short)."""
    line = float(np.floor(by_length)) + 0.5   # the half band it was rounded at
    if line < max(apart, 1) or not -below <= by_length - line < settings.band_count_doubt:
        return []
    return [f"fleet {fleet}'s paint reaches {by_length:.2f} of its band: {int(round(by_length))} mast(s) by its length"]


@dataclass(frozen=True)
class BlobRoom:
    """How many taught masts long a mast blob is, and how many taught masts' mm^2 it covers."""
    long: float
    cover: float

    @staticmethod
    def of(blob: np.ndarray, looks: MatLooks) -> "BlobRoom | None":
        """Taught only (None when a taught mast's length or cover is not known)."""
        if not looks.taught or min(looks.mast_length_mm, looks.mast_mm2) <= 0:
            return None
        return BlobRoom(length_mm(blob) / looks.mast_length_mm, float(blob.sum()) / MAT_PX_PER_MM ** 2 / looks.mast_mm2)


def counted_by_length(fleet: int, by_length: float, apart: int, room: BlobRoom | None,
                      settings: MatSettings) -> tuple[int, list[str]]:
    """(masts, doubts) of a fleet's paint on one blob reaching `by_length` bands, `apart` bands lying apart. Its paint
    reaches no more bands than the blob is long in taught masts (`room`): a pennant blurred long, or taught short,
    on a blob one mast long is one mast (masts side by side along their length make a blob as long as both). Where
    that lowers the count, a blob covering MatSettings.band_room_cover taught masts for each mast read has room for
    more lying across each other, and is a doubt. A count near a half band is a doubt (band_count_doubts)."""
    count = max(apart, int(round(by_length)))
    if room is None or max(apart, int(round(min(by_length, room.long)))) >= count:
        return count, band_count_doubts(fleet, by_length, apart, settings)
    count = max(apart, int(round(room.long)))   # room.long < by_length here: the count it lowers to
    doubts = band_count_doubts(fleet, room.long, apart, settings)
    if room.cover >= settings.band_room_cover * max(count, 1):
        doubts.append(f"fleet {fleet}'s paint reaches {by_length:.2f} of its band on a blob {room.long:.2f} masts long, "
                      f"but covering {room.cover:.1f} masts: {count} mast(s) by its length")
    return count, doubts


def beyond_room(count: int, room: BlobRoom | None, settings: MatSettings) -> list[str]:
    """Taught: masts read from one blob's patches of paint (`count`) lie end to end, as long as the blob, or across each
    other, covering as much of it: a count MatSettings.room_over_doubt or more over both the blob's length and its
    cover in taught masts (`room`) has no room on the blob, and is a doubt (a stray patch of paint on a pole, or a
    band's patch straddling two masts whose bands run together, counted as a band of its own)."""
    if room is None or count < 2 or count - max(room.long, room.cover) < settings.room_over_doubt:
        return []
    return [f"{count} masts read on a blob {room.long:.2f} masts long covering {room.cover:.2f} masts"]


def masts_of_faint_paint(read: list[int], fleets: Iterable[int], room: BlobRoom | None, looks: MatLooks,
                         settings: MatSettings, faint: Callable[[int], float]) -> tuple[list[int], list[str]]:
    """Taught: (masts, doubts) a mast blob holds beyond those its patches of paint counted (`read`), where the taught
    mast is as long as its band (MatSettings.whole_band_share: a sail striped along the mast, not a pennant on a pale
    pole) and the blob is MatSettings.long_mast_blob_over taught masts longer than the masts read (`room`): masts end
    to end, one's band too pale for a patch (a yellow fleet's washed out to a sail's cream). The fleet not read whose
    faint paint (`faint`: mats._faint_bands) reaches MatSettings.faint_mast_least of a band is that mast's, as many as
    the blob has room for; asked."""
    if room is None or looks.mast_length_mm < settings.pole_least_mm \
            or not band_is_the_mast(looks, settings) \
            or room.long < len(read) + settings.long_mast_blob_over:
        return [], []
    reaches = {fleet: faint(fleet) for fleet in sorted(set(fleets)) if fleet not in read}
    best = max(reaches, key=lambda fleet: reaches[fleet], default=None)
    if best is None or reaches[best] < settings.faint_mast_least:
        return [], []
    count = max(1, min(int(round(reaches[best])), int(round(room.long)) - len(read)))
    return [best] * count, [f"a blob {room.long:.1f} masts long read as {len(read)} mast(s) by its paint, and fleet "
                            f"{best}'s faint paint reaching {reaches[best]:.2f} of its band: {count} more"]


def cut_band_doubts(inside: list[tuple[int, np.ndarray]], looks: MatLooks, settings: MatSettings) -> list[str]:
    """Untaught, a blob's patches of paint (`inside`: fleet, bool mask on the blob) are one mast each; two of one
    fleet whose middles lie nearer than MatSettings.band_halves_apart_mm may be one band across a sail, its halves
    parted by the pole, and are named a doubt. Taught, the band is known (join_band_parts, bands): no doubt."""
    if band_mm(looks) > 0:
        return []
    middles: dict[int, list[np.ndarray]] = {}
    for fleet, patch in inside:
        if patch.any():
            middles.setdefault(fleet, []).append(np.argwhere(patch).mean(axis=0) / MAT_PX_PER_MM)
    doubts = []
    for fleet, points in sorted(middles.items()):
        nearest = min((float(np.linalg.norm(a - b)) for i, a in enumerate(points) for b in points[i + 1:]), default=None)
        if nearest is not None and nearest < settings.band_halves_apart_mm:
            doubts.append(f"two patches of fleet {fleet}'s paint {nearest:.0f} mm apart on one blob, read as two masts: "
                          "or one mast's band cut by its pole")
    return doubts

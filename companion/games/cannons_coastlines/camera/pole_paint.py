"""A fleet's paint lying off the prizes, beside a stretch of pole or on specks: a pale mast (mats.read_fittings).

Taught, a thin blob showing no paint and covering less than a taught mast is let go as a stretch of pole (a
pennant's part seen as its own blob). But a pale striped or pennant mast with a pale pole leaves only its
pole in the prize mask: its sail is as pale as the paper, and its band or pennant, painted pale or blurred on a
far mat, is too little saturated for the mask while still showing its fleet's hue (MatSettings.paint_min_chroma
and up). That paint lies beside the pole, off every prize's blob. A stretch of pole with such paint within
MatSettings.pole_paint_reach_mm of it, a MatSettings.pole_paint_least_mm2 worth of one fleet's, is read as a mast
of that fleet, always asked about (the players confirm it). Paint near another prize's blob is that prize's
(a pennant's or a lid's blur), and paint taken by one stretch is not taken again by the next (a pole's two parts).
Where not even the pole is left, only specks too small for a prize, a band's worth of paint on them, clear of every
prize's blob and making no one band with that fleet's paint on a prize near it (a part of that prize broken off), is a
mast of its own (masts_in_specks), asked as well. The specks' patches are gathered into bands nearest first (a row of
masts leaves their bands' halves evenly apart), and a band of them reaching nearly a whole taught band is a mast
whatever lies near it: a crate's lid of its paint beside it can make one band with it only by the spread of its paint.
"""

from __future__ import annotations

import functools
from typing import Callable

import cv2
import numpy as np

from companion.games.cannons_coastlines.camera.fitting_doubts import length_mm
from companion.games.cannons_coastlines.camera.mast_bands import nearest_bands, one_band, shown_paint
from companion.games.cannons_coastlines.camera.mat_looks import MatLooks, band_mm
from companion.games.cannons_coastlines.camera.mat_picture import MAT_PX_PER_MM
from companion.games.cannons_coastlines.camera.settings import MatSettings

# A 0/1 mask of the zone -> each fleet's paint found within it (0/1 each): mats._fleet_paint over the whole zone.
PaintWithin = Callable[[np.ndarray], dict[int, np.ndarray]]


class PolePaint:
    """The paint lying off the prizes of one fittings zone (`mask`: the prizes' blobs, specks left out), handed out
    to the stretches of pole beside it and to the specks."""

    def __init__(self, mask: np.ndarray, paint_within: PaintWithin, settings: MatSettings = MatSettings()):
        self.settings = settings
        self._mask = mask > 0
        self._paint_within = paint_within
        self._taken = np.zeros(mask.shape, bool)

    def mast_beside(self, blob: np.ndarray) -> tuple[int, float]:
        """(fleet, mm^2) of the most of one fleet's paint lying within reach of `blob`, off it (its own pixels were
        judged by its colours: a pole's shade) and near no other prize's blob, when that is
        MatSettings.pole_paint_least_mm2 or more (its pixels are then taken); else (0, mm^2)."""
        settings = self.settings
        near = cv2.dilate(blob.astype(np.uint8), _disc(settings.pole_paint_reach_mm)) > 0
        others = cv2.dilate((self._mask & ~blob).astype(np.uint8), _disc(settings.paint_join_mm)) > 0
        where = near & ~others & ~self._mask & ~self._taken
        if not where.any():
            return 0, 0.0
        shown = {fleet: (paint > 0) & where for fleet, paint in self._paint_within(where.astype(np.uint8)).items()}
        fleet = max(shown, key=lambda f: int(shown[f].sum()), default=0)
        mm2 = float(shown[fleet].sum()) / MAT_PX_PER_MM ** 2 if fleet else 0.0
        if mm2 < settings.pole_paint_least_mm2:
            return 0, mm2
        self._taken |= shown[fleet]
        return fleet, mm2

    def masts_in_specks(self, specks: np.ndarray, patches_of: Callable[[np.ndarray], list[np.ndarray]],
                        looks: MatLooks, fleets: set[int] | None) -> list[int]:
        """Taught, a mast of each band of paint on blobs too small for a prize (`specks`, bool), MatSettings.paint_join_mm
        clear of every prize's blob and no part of a prize's band (_band_of_a_prize): a pale mast whose sail and pole
        the prize mask does not hold leaves its pennant or band alone.
        `patches_of(paint)` gives a 0/1 paint map's patches (mats._paint_patches); patches of
        MatSettings.speck_paint_least_mm2 or more of one fleet it may come from (`fleets`, None: any) reaching no
        further than a taught band together are one mast (mast_bands.nearest_bands: a band cut by its pole)."""
        if not looks.taught:
            return []
        # Only the specks' patches that large with no prize cleared away can be that large once it is: most mats'
        # specks are a caption's letters, and the clearing is a wide dilation, done about those patches alone.
        candidates = self._large_patches(specks & ~self._taken, patches_of, fleets)
        if not candidates.any() or not (candidates := _off_the_edge(candidates, self.settings)).any():
            return []
        ys, xs = np.nonzero(candidates)
        clear_mm = self.settings.paint_join_mm   # how far from every prize's blob (a lid's or pennant's blur)
        grow = int(clear_mm * MAT_PX_PER_MM) + 1
        box = np.s_[max(0, ys.min() - grow):ys.max() + grow + 1, max(0, xs.min() - grow):xs.max() + grow + 1]
        where = np.zeros(specks.shape, bool)
        near = cv2.dilate(self._mask[box].astype(np.uint8), _disc(clear_mm)) > 0
        where[box] = candidates[box] & ~near
        masts = []
        for fleet, paint in self._paint_within(where.astype(np.uint8)).items():
            if fleets is not None and fleet not in fleets:
                continue
            big = [patch for patch in patches_of(paint & where.astype(np.uint8))
                   if patch.sum() / MAT_PX_PER_MM ** 2 >= self.settings.speck_paint_least_mm2]
            found = nearest_bands(big, looks, self.settings) if band_mm(looks) > 0 else [[patch] for patch in big]
            masts += [fleet for band in found
                      if self._whole_band(band, looks) or not self._band_of_a_prize(band, fleet, looks)]
        return masts

    def loose_band_doubts(self, patches_of: Callable[[np.ndarray], list[np.ndarray]], looks: MatLooks,
                          fleets: set[int] | None) -> list[str]:
        """Taught: a band of one fleet's paint (a fleet in `fleets`, None: any) lying wholly off the prize mask,
        MatSettings.paint_join_mm clear of every prize's blob and not taken by a stretch of pole, as long as
        MatSettings.loose_band_share of a taught band and covering MatSettings.loose_band_least_mm2: a pale mast
        whose pole and sail the mask does not hold, nor its band a speck. Asked, not counted (the count of such paint
        was tried and misread masts elsewhere). `patches_of` as for masts_in_specks."""
        if not looks.taught or band_mm(looks) <= 0:
            return []
        settings = self.settings
        clear = ~(cv2.dilate(self._mask.astype(np.uint8), _disc(settings.paint_join_mm)) > 0) & ~self._taken
        doubts = []
        for fleet, paint in self._paint_within(clear.astype(np.uint8)).items():
            if (fleets is not None and fleet not in fleets) or paint.sum() < settings.loose_band_least_mm2 * MAT_PX_PER_MM ** 2:
                continue
            loose = _off_the_edge(paint > 0, settings)
            for band in nearest_bands(patches_of(loose.astype(np.uint8)), looks, settings):
                whole = np.logical_or.reduce(band)
                mm2, reach = float(whole.sum()) / MAT_PX_PER_MM ** 2, length_mm(whole)
                if mm2 >= settings.loose_band_least_mm2 and reach >= settings.loose_band_share * band_mm(looks):
                    doubts.append(f"a band of fleet {fleet}'s paint ({mm2:.0f} mm^2, {reach:.0f} mm) off every prize: "
                                  f"a pale mast not read?")
        return doubts

    def band_beside_crate_doubts(self, crates: list[tuple[np.ndarray, set[int]]],
                                 patches_of: Callable[[np.ndarray], list[np.ndarray]], looks: MatLooks,
                                 fleets: set[int] | None) -> list[str]:
        """Taught: a band of one fleet's paint (a fleet in `fleets`, None: any) off the prize mask, lying within
        MatSettings.paint_join_mm of crates' blobs (`crates`: each blob, bool, with the fleets of the prizes read
        from it) none of which was read as that fleet, and that far clear of every other prize's blob, as large as
        MatSettings.crate_side_band_least_mm2 and MatSettings.crate_side_band_share of a taught band: a pale mast lying
        against the crate, its pole and sail not in the mask, its band not the lid's paint. Asked, not counted (as
        loose_band_doubts). `patches_of` as for masts_in_specks."""
        if not looks.taught or band_mm(looks) <= 0 or not crates:
            return []
        settings = self.settings
        crate_blobs = np.logical_or.reduce([blob for blob, _ in crates])
        others = cv2.dilate((self._mask & ~crate_blobs).astype(np.uint8), _disc(settings.paint_join_mm)) > 0
        where = ~self._mask & ~others & ~self._taken
        if not where.any():
            return []
        doubts = []
        for fleet, paint in self._paint_within(where.astype(np.uint8)).items():
            if (fleets is not None and fleet not in fleets) or paint.sum() < settings.crate_side_band_least_mm2 * MAT_PX_PER_MM ** 2:
                continue
            for band in nearest_bands(patches_of(_off_the_edge(paint > 0, settings).astype(np.uint8)), looks, settings):
                whole = np.logical_or.reduce(band)
                mm2, reach = float(whole.sum()) / MAT_PX_PER_MM ** 2, length_mm(whole)
                near = cv2.dilate(whole.astype(np.uint8), _disc(settings.paint_join_mm)) > 0
                read_beside = [read for blob, read in crates if (blob & near).any()]
                if (read_beside and not any(fleet in read for read in read_beside)
                        and mm2 >= settings.crate_side_band_least_mm2
                        and reach >= settings.crate_side_band_share * band_mm(looks)):
                    doubts.append(f"a band of fleet {fleet}'s paint ({mm2:.0f} mm^2, {reach:.0f} mm) beside a crate of "
                                  f"another fleet: a pale mast lying against it not read?")
        return doubts

    def speck_band_doubts(self, specks: np.ndarray, looks: MatLooks) -> list[str]:
        """Taught: specks (bool; each MatSettings.speck_band_part_least_mm2 or more, off the zone's bottom edge) that,
        gathered nearest first (mast_bands.nearest_bands), make one band of two or more reaching
        MatSettings.speck_band_reach of a taught band and covering MatSettings.speck_band_mast_share of a taught mast:
        a dark band's halves either side of a pale pole, their paint too dull for a fleet's (no mast read from them,
        masts_in_specks), the pole and sail not in the mask. Asked. A caption's many letters are not looked at."""
        settings = self.settings
        if not looks.taught or band_mm(looks) <= 0 or looks.mast_mm2 <= 0 or not specks.any():
            return []
        count, labels, stats, _ = cv2.connectedComponentsWithStats(_off_the_edge(specks, settings).astype(np.uint8))
        least = settings.speck_band_part_least_mm2 * MAT_PX_PER_MM ** 2
        parts = [labels == index for index in range(1, count) if stats[index, cv2.CC_STAT_AREA] >= least]
        if not 2 <= len(parts) <= settings.speck_band_parts_most:
            return []
        doubts = []
        for band in nearest_bands(parts, looks, settings):
            whole = np.logical_or.reduce(band)
            reach, mm2 = length_mm(whole) / band_mm(looks), float(whole.sum()) / MAT_PX_PER_MM ** 2
            if (len(band) >= 2 and settings.speck_band_reach[0] <= reach <= settings.speck_band_reach[1]
                    and mm2 >= settings.speck_band_mast_share * looks.mast_mm2):
                doubts.append(f"{len(band)} specks ({mm2:.0f} mm^2) lying as one band ({reach:.2f} of one): a mast "
                              f"whose band shows too little colour?")
        return doubts

    def empty_zone_speck_doubts(self, specks: np.ndarray, looks: MatLooks, prizes_read: int) -> list[str]:
        """Taught, where no prize was read on the zone (`prizes_read` 0): MatSettings.empty_zone_specks_least specks
        (bool) or more of MatSettings.speck_band_part_least_mm2 each, off the bottom edge, lying within a taught mast's
        length and covering together MatSettings.empty_zone_speck_mast_share of a taught mast. An empty zone shows paper
        and its caption's small letters; such specks are the parts of a pale mast's pole the prize mask barely holds (a
        blurred far mat). Asked. A lone speck, or specks further apart than one mast lies, are let go."""
        settings = self.settings
        if prizes_read or not looks.taught or looks.mast_mm2 <= 0 or not specks.any():
            return []
        count, labels, stats, _ = cv2.connectedComponentsWithStats(_off_the_edge(specks, settings).astype(np.uint8))
        least = settings.speck_band_part_least_mm2 * MAT_PX_PER_MM ** 2
        parts = [index for index in range(1, count) if stats[index, cv2.CC_STAT_AREA] >= least]
        if len(parts) < settings.empty_zone_specks_least:
            return []
        whole = np.isin(labels, parts)
        mm2 = float(whole.sum()) / MAT_PX_PER_MM ** 2
        if mm2 < settings.empty_zone_speck_mast_share * looks.mast_mm2 or length_mm(whole) > looks.mast_length_mm:
            return []
        return [f"{len(parts)} specks of {mm2:.0f} mm^2 on a fittings zone where no prize was read: a pale mast's pole?"]

    def mastless_pole_speck_doubts(self, specks: np.ndarray, looks: MatLooks, masts_read: int, crates_read: int) -> list[str]:
        """Taught, where crates but no mast were read: MatSettings.empty_zone_specks_least specks or more of
        MatSettings.speck_band_part_least_mm2 each, off the bottom edge, each a pole's shape (MatSettings.pole_speck_aspect
        times as long as wide), lying within MatSettings.pole_specks_span masts and covering together
        MatSettings.empty_zone_speck_mast_share of a taught mast: a pale mast's pole above and below its yard, the mask
        holding neither its sail nor its band (fresh tuning seed 6245 ben, sure, a mast missed). Asked."""
        settings = self.settings
        if masts_read or not crates_read or not looks.taught or looks.mast_mm2 <= 0 or not specks.any():
            return []
        count, labels, stats, _ = cv2.connectedComponentsWithStats(_off_the_edge(specks, settings).astype(np.uint8))
        least = settings.speck_band_part_least_mm2 * MAT_PX_PER_MM ** 2
        def pole_like(index: int) -> bool:
            long_side = max(stats[index, cv2.CC_STAT_WIDTH], stats[index, cv2.CC_STAT_HEIGHT])
            short_side = max(1, min(stats[index, cv2.CC_STAT_WIDTH], stats[index, cv2.CC_STAT_HEIGHT]))
            return long_side >= settings.pole_speck_aspect * short_side
        parts = [index for index in range(1, count) if stats[index, cv2.CC_STAT_AREA] >= least and pole_like(index)]
        if len(parts) < settings.empty_zone_specks_least:
            return []
        whole = np.isin(labels, parts)
        mm2 = float(whole.sum()) / MAT_PX_PER_MM ** 2
        rows, cols = np.nonzero(whole)   # end to end (a spread's length counts a gap between two parts twice over)
        span_mm = float(np.hypot(np.ptp(rows), np.ptp(cols))) / MAT_PX_PER_MM
        if mm2 < settings.empty_zone_speck_mast_share * looks.mast_mm2 or \
                span_mm > settings.pole_specks_span * looks.mast_length_mm:
            return []
        return [f"{len(parts)} pole-like specks of {mm2:.0f} mm^2 where crates but no mast were read: a pale mast's pole?"]

    def _whole_band(self, band: list[np.ndarray], looks: MatLooks) -> bool:
        """Whether a band of paint on specks (its patches, bool) reaches MatSettings.speck_band_whole_share of a taught
        band or further (a band taught): a whole band, no part broken off a prize's."""
        return band_mm(looks) > 0 and length_mm(np.logical_or.reduce(band)) >= self.settings.speck_band_whole_share * band_mm(looks)

    def _band_of_a_prize(self, band: list[np.ndarray], fleet: int, looks: MatLooks) -> bool:
        """Whether a band of `fleet`'s paint on specks (its patches, bool) makes one taught band (mast_bands.one_band)
        with that fleet's paint on a prize's blob within a band's length of it (a pale pennant's worth,
        mast_bands.shown_paint): a part of that prize's band or pennant broken off, not a mast of its own."""
        reach = cv2.dilate(np.logical_or.reduce(band).astype(np.uint8), _disc(band_mm(looks))) > 0
        labels = self._prize_labels
        for index in np.unique(labels[reach & self._mask]).tolist():
            blob = labels == index
            shown = shown_paint(blob, {fleet: self._paint_within(blob.astype(np.uint8))[fleet]}, self.settings)
            if fleet in shown and one_band(band + [shown[fleet]], looks, self.settings):
                return True
        return False

    @functools.cached_property
    def _prize_labels(self) -> np.ndarray:
        """Each prize's blob labelled (cv2.connectedComponents of the mask), found once for every band of specks."""
        return cv2.connectedComponents(self._mask.astype(np.uint8))[1]

    def _large_patches(self, within: np.ndarray, patches_of: Callable[[np.ndarray], list[np.ndarray]],
                       fleets: set[int] | None) -> np.ndarray:
        """The patches of paint `within` (bool) of a fleet in `fleets` (None: any) as large as
        MatSettings.speck_paint_least_mm2, together (bool)."""
        found = np.zeros(within.shape, bool)
        if not within.any():
            return found
        least = self.settings.speck_paint_least_mm2 * MAT_PX_PER_MM ** 2
        for fleet, paint in self._paint_within(within.astype(np.uint8)).items():
            if paint.sum() >= least and (fleets is None or fleet in fleets):
                for patch in patches_of(paint & within.astype(np.uint8)):
                    if patch.sum() >= least:
                        found |= patch
        return found


def _off_the_edge(patches: np.ndarray, settings: MatSettings) -> np.ndarray:
    """`patches` (bool, over the fittings zone) but those reaching within MatSettings.speck_edge_mm of the zone's bottom
    edge, beyond which the coin zone lies: a coin's painted ring at its top reaching over, not a mast's band."""
    labels = cv2.connectedComponents(patches.astype(np.uint8))[1]
    border = np.unique(labels[-_edge_rows(settings):])
    return patches & ~np.isin(labels, border[border > 0])


def at_the_bottom_edge(blob: np.ndarray, settings: MatSettings) -> bool:
    """Whether a blob (bool, over the fittings zone) reaches within MatSettings.speck_edge_mm of the zone's bottom edge,
    the coin zone beyond it (as _off_the_edge judges a speck's patch)."""
    return bool(blob[-_edge_rows(settings):].any())


def _edge_rows(settings: MatSettings) -> int:
    return max(1, int(settings.speck_edge_mm * MAT_PX_PER_MM))


def _disc(radius_mm: float) -> np.ndarray:
    return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (int(2 * radius_mm * MAT_PX_PER_MM) | 1,) * 2)

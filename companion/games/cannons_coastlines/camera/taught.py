"""The harbour mats read with a group's own masts, crates and coins, as taught on the teaching sheet
(`companion calibrate pieces --game cannons-coastlines`).

Teaching keeps each square seen from straight above, its paper made white as a mat's picture has
it (calibration.pieces). Each square is read here as the mat reader reads a mat: what is not paper
is the piece; its measures become the mat reader's looks (mat_looks.MatLooks) and thresholds:
- each fleet's paint hue: the hue of its mast's and crate's paint, nearest the fleet's ink;
- the coins' width, how pale their faces are (so a silver coin still covers the paper), each kind's
  colour, and the metal's hue all coins share (it names no kind);
- how many patches of paint one lying mast shows (a band across a sail, cut by the pole, shows two).
What could not be learned keeps the kit's look, and is named (`unlearned`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from calibration.pieces import TOP_VIEW_PAPER, PieceLooks, TeachSettings
from calibration.store import CalibrationFileError
from companion.games.cannons_coastlines.camera.mat_looks import FLEET_HUES_DEG, MatLooks, hue_deg
from companion.games.cannons_coastlines.camera.mat_picture import MAT_PX_PER_MM, not_paper
from companion.games.cannons_coastlines.camera.mats import _fleet_paint, _paint_patches, coin_cover, patch_length_mm, prize_mask
from companion.games.cannons_coastlines.camera.settings import CoinSettings, MatSettings
from companion.games.cannons_coastlines.kit import pieces as kit

GAME = "cannons-coastlines"
FLEET_BY_COLOUR = {look.colour: look.fleet for look in kit.FLEET_LOOKS}


@dataclass(frozen=True)
class TaughtSettings:
    edge_mm: float = 1.5              # the square's printed outline and its margin are not the piece
    paint_min_chroma: float = 16.0    # Lab a*b*: paler pixels are no paint
    paint_reach_deg: float = 45.0     # a fleet's paint lies this near its ink's hue
    paint_peak_deg: float = 20.0      # ... and is the chroma-weighted mean hue this near its strongest
    # A coin's kind colour is looked for over its face at these shares of its radius.
    coin_sample_shares: tuple[float, ...] = (0.1, 0.3, 0.5, 0.65, 0.8, 0.9)
    # A coin's face covers the paper when its paper likeness lies below the paper's by this share of the
    # gap between the paper and the taught faces' (and a coin's face lies this share below it).
    face_cover_share: float = 0.5
    face_below_share: float = 0.6
    paper_like_level: float = 232.0   # the white-balanced paper's paper likeness (coins.py)
    paper_like_most: float = 208.0
    face_below_least: float = 40.0
    coin_face_gap: float = 15.0       # a coin's face lies at least this far below it (a silver face: 30-40)
    coin_radii_mm: tuple[float, float] = (4.0, 17.0)   # a coin's rim is looked for this far from its middle
    prize_share: float = 0.3          # of the smaller taught prize's cover: a blob this large may be a prize
    least_prize_mm2: float = 30.0     # never smaller (a caption's letters close up into blobs of 20-30)
    paint_join_mm: float = 7.0        # wider than a pole (5 mm at most) and its blur; pennants lie 11 mm apart
    width_doubt_mm: float = 1.0       # the taught width is this far off (seeds 500-699: -1.4 to +2.2; 1.5 and 0.5 tried)
    # A taught coin this much narrower than the widest of its set runs off its square (a large coin placed off-centre:
    # its rim's paper comes back at the square's edge) and is left out of the width's median. Fresh tuning seeds
    # 5900-5999: the six coins of a set lie within 3.2 mm of each other but on 5978 (16.4-20.6 for four coins cut off,
    # 24.0 and 25.7 whole, the render's 25.5: the median 20.6 left the gaps between its pale coins read as coins, three
    # players read wrong) and 5977 (14.3 and 16.1 cut off); the widths' spread of -1.4 to +2.2 above, a little more.
    cut_coin_short_mm: float = 4.0
    # Taught, a coin pale in the middle counts by its rim alone where it gathers this many full rims' votes (seeds
    # 500-699: of the peaks the face tests ruled out, the coins voted 1.8 and 2.2, the rest 0.75 at most; seeds
    # 1200-1299: white- and pale-faced coins 1.01-1.32, 1220 ben sure and wrong. Every tuning mat 500-1299 reads the
    # same at 0.85 as at 1.0; at 0.7 peaks of no coin become close calls on two mats read right and sure).
    strong_rim_votes: float = 1.0
    # Taught, a peak among three coins or more nearer than this share of a coin's width, the paper in its middle, is
    # the gap between them (CoinSettings.gap_reach_share; seeds 500-699: 10 gaps read as coins, their third nearest
    # coin 0.80-0.92 of a width away; of the 6942 coins read right one lies so, its face 252 below the paper).
    gap_reach_share: float = 0.95
    # Taught, a close call on the coins' spacing whose disc shows this share of it covered where no coin taken lies is
    # a coin half under another (CoinSettings.half_under_shown; seeds 500-1299: missed coins' peaks up to 0.85, peaks
    # on mats whose coins were read right 0.71 at most).
    half_under_shown: float = 0.75
    # Taught, a peak gathering this many full rims' votes far from every coin taken, its face too pale for the face tests,
    # is a coin (CoinSettings.lone_rim_votes). Tuning seeds 1500-1699, such peaks 0.9 of a width and more from every coin
    # taken, within the zone: 0.7 votes and more on the five mats missing silver- or pale-faced coins (1513 dev and
    # 1532 ben sure, 1530 ben five of them), one of 0.5-0.6 where no coin lay (1625 ben), none on mats read right;
    # seeds 1300-1499, one of 0.65-0.7, a coin missed (1368 ben). Lowered to 0.5 (2026-12-06): a pale cyan coin in a
    # packed grid at 0.59 (2224 dev, sure and wrong), five silver faces (1942 dev); kept mats 500-2099 otherwise the same.
    lone_rim_votes: float = 0.5
    # Taught, a strongly voted peak ruled out deep within a coin taken is asked about (CoinSettings.overlap_votes).
    overlap_votes: float = 1.2
    # Taught, a ring of this many peaks ruled out by their face round a coin's face is a pale coin packed among others
    # (CoinSettings.ring_peaks_least; seeds 1900-2099: 1921 cleo and 2083 anna, sure and wrong, four peaks each).
    ring_peaks_least: int = 3
    # Taught, a coin taken by a faint rim showing less than this share of a face of its own beside the coins taken is asked
    # (CoinSettings.faint_face_shown_least). Kept mats 500-3099: 1874 ben and 2466 ben (sure, a coin counted over) 0.69 and
    # 0.57; faint coins on mats read right and sure 0.74 and more (2556 anna the nearest), on mats miscounted 0.27 and up.
    faint_face_shown_least: float = 0.72
    # Taught, a coin's width of the coin zone covered this share or more clear of every coin counted is a coin not read,
    # asked (CoinSettings.face_left_unread_least). Set on kept mats 3300-3499: coins missed 0.87-1.0 (3415 ben sure),
    # mats read right and sure 0.72 at most; over 500-3699, sure and wrong 3415, 3524, 3568 ben 0.89-0.96 and 3696 ben
    # at 0.80, seven mats read right and sure 0.81-0.90 now asked (0.85 would spare six of them and miss 3696 ben).
    face_left_unread_least: float = 0.8
    # Taught, a coin counted over the zone's bottom line, this share of its disc on a prize hull's cover, is asked
    # (CoinSettings.hull_edge_share_least). Fresh tuning mats 5900-6099: such coins 0.12-0.28 on the cover, all counted
    # over (6037 dev sure, 5985 ben, 6096 dev); no coin read right lies over the line (the lowest 1.24 radii above it).
    hull_edge_share_least: float = 0.1
    # Taught, a blob read as one crate longer than this many of its sides is doubted (MatSettings.crate_length_most;
    # the crate's side known). Kept mats 500-2099: one-crate blobs on mats read right and sure 2.13 sides long at most,
    # the crates read right 2.25 at most on 700-1099; a pale mast against a crate, read as one, 2.44 (2275 ben, sure).
    crate_length_most: float = 2.35
    # The coin's face next to its rim is looked for this far inside where the paper comes back.
    rim_face_reach_mm: tuple[float, float] = (1.0, 4.0)
    # The half-way rise lies outside the rim (lean, side, shadow): the paler the face beside the rim, the nearer the
    # paper the half-way level and the further out in the shadow's tail (seeds 500-699, the width's error against the
    # render's per taught coin: -0.0124 mm a level of the face's gap below the paper, 2.0 mm at none).
    rim_outside_mm: float = 0.65      # ... this far outside where the face lies rim_outside_gap below the paper,
    rim_outside_gap: float = 150.0
    rim_outside_per_gap: float = 0.0062   # ... and this much less (mm) for each level further below
    metal_reach_deg: float = 10.0     # a kind's colour lies further than this from the coins' metal's hue


class TaughtCoast:
    """A group's pieces as taught: the mat reader's looks and thresholds for them."""

    def __init__(self, looks: PieceLooks, settings: TaughtSettings = TaughtSettings()):
        if looks.game != GAME:
            raise ValueError(f"these pieces were taught for {looks.game!r}, not {GAME}")
        self.settings = settings
        learned = {label: squares[0] for label, squares in looks.learned().items() if squares[0].top_view is not None}
        if not learned:
            raise ValueError(f"no piece was learned from {', '.join(looks.sources) or 'the photos'}; "
                             "teach the pieces again with them on their squares")
        pictures = {label: _piece_of(square, settings) for label, square in learned.items()}
        self.unlearned = tuple(sorted(label for label in looks.problems()))
        hues = dict(FLEET_HUES_DEG)
        for colour, fleet in FLEET_BY_COLOUR.items():
            taught = [pictures[label] for label in (f"mast:{colour}", f"crate:{colour}") if label in pictures]
            hue = _paint_hue([lab[mask] for lab, mask in taught], FLEET_HUES_DEG[fleet], settings)
            if hue is not None:
                hues[fleet] = hue
        coins = {label.split(":", 1)[1]: pictures[label] for label in pictures if label.startswith("coin:")}
        self.coin_settings_changes: dict = {}
        diameter, metal = kit.COIN_DIAMETER_MM, None
        if coins:
            discs = {kind: _coin_disc(lab, settings) for kind, (lab, _) in coins.items()}
            widths = [width for _, width in discs.values()]
            # A coin running off its square measures short: only those near the widest are whole.
            diameter = float(np.median([width for width in widths if width >= max(widths) - settings.cut_coin_short_mm]))
            coins = {kind: (coins[kind][0], disc) for kind, (disc, _) in discs.items()}
            metal = _shared_hue([lab[mask] for lab, mask in coins.values()], settings)
            kit_hues = dict(CoinSettings().hues_deg)
            taught_hues = {kind: _paint_hue([lab[mask]], kit_hues[kind], settings, avoid=metal)
                           for kind, (lab, mask) in coins.items() if kind in kit_hues}
            # Two coins lie nearer than the kit's allow when the taught width is a little wide.
            self.coin_settings_changes["separation_slack_mm"] = CoinSettings().separation_slack_mm + settings.width_doubt_mm
            self.coin_settings_changes["strong_rim_votes"] = settings.strong_rim_votes
            self.coin_settings_changes["gap_reach_share"] = settings.gap_reach_share
            self.coin_settings_changes["half_under_shown"] = settings.half_under_shown
            self.coin_settings_changes["lone_rim_votes"] = settings.lone_rim_votes
            self.coin_settings_changes["overlap_votes"] = settings.overlap_votes
            self.coin_settings_changes["ring_peaks_least"] = settings.ring_peaks_least
            self.coin_settings_changes["faint_face_shown_least"] = settings.faint_face_shown_least
            self.coin_settings_changes["face_left_unread_least"] = settings.face_left_unread_least
            self.coin_settings_changes["hull_edge_share_least"] = settings.hull_edge_share_least
            self.coin_settings_changes["hues_deg"] = tuple((kind, taught_hues.get(kind) or hue) for kind, hue in kit_hues.items())
            faces = [float(np.median(_paper_likeness(lab[mask]))) for lab, mask in coins.values()]
            gap = settings.paper_like_level - float(np.median(faces))
            if gap > 0:
                defaults = CoinSettings()
                # Never so near the paper that its blotches pass for coins (seed 512 of the tuning seeds).
                self.coin_settings_changes["paper_like_min"] = min(settings.paper_like_most, max(
                    defaults.paper_like_min, settings.paper_like_level - settings.face_cover_share * gap))
            # The reader tells a coin from blotched paper by its middle alone (coins.py): a face pale in the middle,
            # its colour in a ring, lies nearer the paper there than over the whole coin. The palest kind decides.
            middle_gap = settings.paper_like_level - max(_middle_likeness(lab, disc) for lab, disc in coins.values())
            self.coin_settings_changes["face_below_paper"] = max(settings.face_below_least, min(
                CoinSettings().face_below_paper, settings.face_below_share * middle_gap))
        covered = {kind: _median_cover(learned, kind, settings, self.coin_settings(CoinSettings()))
                   for kind in ("mast", "crate", "coin")}
        per_mast, paint_mm = _mast_paint(pictures, hues, replace(MatSettings(), paint_join_mm=settings.paint_join_mm))
        self.looks = MatLooks(tuple(hues.items()), diameter, settings.coin_sample_shares, metal, per_mast, paint_mm,
                              covered["mast"], covered["crate"], covered["coin"], taught=True,
                              mast_length_mm=_median_length(learned, "mast", settings) or MatLooks.mast_length_mm,
                              mast_half_width_mm=_median_half_width(learned, "mast", settings))

    def coin_settings(self, base: CoinSettings) -> CoinSettings:
        return replace(base, **self.coin_settings_changes)

    def mat_settings(self, base: MatSettings) -> MatSettings:
        """A group's sail may carry a band of paint a pole crosses: its parts join over a wider gap. A mast
        with a pale sail and pole may show less than the kit's smallest prize: a share of the taught one will do. A crate's
        side known, a blob read as one crate is doubted from fewer of its sides long than the kit's guess allows
        (TaughtSettings.crate_length_most)."""
        looks, s = self.looks, self.settings
        smallest = min(base.prize_min_area_mm2, max(s.least_prize_mm2, s.prize_share * min(looks.mast_mm2, looks.crate_mm2)))
        return replace(base, paint_join_mm=max(base.paint_join_mm, s.paint_join_mm), prize_min_area_mm2=smallest,
                       crate_length_most=s.crate_length_most)

    def describe(self) -> str:
        looks = self.looks
        return (f"coins {looks.coin_diameter_mm:.1f} mm; fleet hues " +
                ", ".join(f"{fleet}:{hue:.0f}" for fleet, hue in looks.fleet_hues_deg) +
                f"; {looks.patches_per_mast:g} patch(es) of paint a mast")


def load_taught(path) -> TaughtCoast:
    """The group's pieces taught in the pieces file at `path`; ValueError (CalibrationFileError among them)
    quoting the file when it cannot be used."""
    try:
        return TaughtCoast(PieceLooks.load(path, GAME))
    except CalibrationFileError:
        raise
    except ValueError as error:
        raise CalibrationFileError(path, str(error)) from None


def _median_cover(learned: dict, kind: str, settings: TaughtSettings, coins: CoinSettings) -> float:
    """What the taught pieces of `kind` cover of their squares (mm^2), as the mat reader measures a zone."""
    areas = []
    for label, square in learned.items():
        if label.split(":")[0] == kind:
            view = _inner(_at_mat_scale(square), settings)
            areas.append(float((coin_cover(view, coins) if kind == "coin" else prize_mask(view)).sum()) / MAT_PX_PER_MM ** 2)
    return float(np.median(areas)) if areas else 0.0


def _median_length(learned: dict, kind: str, settings: TaughtSettings) -> float:
    """How long the taught pieces of `kind` are on their squares (mm), as the mat reader measures a blob; 0 when none."""
    lengths = [patch_length_mm(prize_mask(_inner(_at_mat_scale(square), settings)) > 0)
               for label, square in learned.items() if label.split(":")[0] == kind]
    return float(np.median(lengths)) if lengths else 0.0


def _median_half_width(learned: dict, kind: str, settings: TaughtSettings) -> float:
    """How thick the taught pieces of `kind` are at their widest on their squares (half-width, mm, as the mat
    reader measures a blob's depth); 0 when none."""
    widths = []
    for label, square in learned.items():
        if label.split(":")[0] == kind:
            mask = prize_mask(_inner(_at_mat_scale(square), settings))
            if mask.any():
                widths.append(float(cv2.distanceTransform(mask, cv2.DIST_L2, 5).max()) / MAT_PX_PER_MM)
    return float(np.median(widths)) if widths else 0.0


def _at_mat_scale(square) -> np.ndarray:
    view = square.top_view
    if abs(square.top_view_px_per_mm - MAT_PX_PER_MM) > 1e-6:
        scale = MAT_PX_PER_MM / square.top_view_px_per_mm
        view = cv2.resize(view, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return view


def _inner(view: np.ndarray, settings: TaughtSettings) -> np.ndarray:
    """The square's top view, its printed outline and the margin past it painted over with paper."""
    edge = int(round((TeachSettings().top_view_margin_mm + settings.edge_mm) * MAT_PX_PER_MM))
    inner = np.full_like(view, TOP_VIEW_PAPER)
    inner[edge:-edge, edge:-edge] = view[edge:-edge, edge:-edge]
    return inner


def _piece_of(square, settings: TaughtSettings) -> tuple[np.ndarray, np.ndarray]:
    """(Lab of the square's top view, mask of its piece): what is not paper, inside the printed outline."""
    view = _inner(_at_mat_scale(square), settings)
    mask = cv2.morphologyEx(not_paper(view, MatSettings()), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    return cv2.cvtColor(view, cv2.COLOR_BGR2Lab), mask > 0


def _coin_disc(lab: np.ndarray, settings: TaughtSettings) -> tuple[np.ndarray, float]:
    """(mask, width mm) of the coin on its square. Its middle: the deepest point of what is less like paper
    than the paper (a silver face, a pale chip); its rim: going outwards, where the paper likeness (the median
    round the middle) last lies half-way between the coin's face beside its rim and the paper. A coloured dot or
    ring inside the rim steps up too, often more than the rim does, but never rises to the paper."""
    likeness = cv2.GaussianBlur(_paper_likeness(lab.reshape(-1, 3)).reshape(lab.shape[:2]), (0, 0), 1.0)
    paper = settings.paper_like_level
    covered = (likeness < paper - settings.coin_face_gap).astype(np.uint8)
    covered = cv2.morphologyEx(covered, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    if not covered.any():
        return covered > 0, kit.COIN_DIAMETER_MM
    depth = cv2.distanceTransform(covered, cv2.DIST_L2, 5)
    row, col = np.unravel_index(int(np.argmax(depth)), depth.shape)
    angles = np.linspace(0, 2 * np.pi, 64, endpoint=False)
    radii = np.arange(*settings.coin_radii_mm, 0.25)

    def ring(radius_mm):
        xs = np.clip(np.round(col + radius_mm * MAT_PX_PER_MM * np.cos(angles)).astype(int), 0, lab.shape[1] - 1)
        ys = np.clip(np.round(row + radius_mm * MAT_PX_PER_MM * np.sin(angles)).astype(int), 0, lab.shape[0] - 1)
        return likeness[ys, xs]

    profile = np.array([float(np.median(ring(r))) for r in radii])
    under = np.nonzero(profile <= paper - settings.coin_face_gap)[0]
    if len(under) == 0:
        return covered > 0, kit.COIN_DIAMETER_MM
    paper_back = radii[under[-1]]
    beside = (radii >= paper_back - settings.rim_face_reach_mm[1]) & (radii <= paper_back - settings.rim_face_reach_mm[0])
    face = float(profile[beside].min()) if beside.any() else float(profile[under[-1]])
    radius = float(radii[np.nonzero(profile <= (face + paper) / 2)[0][-1]])
    disc = np.hypot(*np.mgrid[:lab.shape[0], :lab.shape[1]] - np.array([row, col])[:, None, None]) <= radius * MAT_PX_PER_MM
    outside = settings.rim_outside_mm + settings.rim_outside_per_gap * (settings.rim_outside_gap - (paper - face))
    return disc, 2 * max(radius - outside, 1.0)


def _middle_likeness(lab: np.ndarray, disc: np.ndarray) -> float:
    """How like paper a taught coin's middle is: the median over CoinSettings().face_check_mm round its disc's
    centre, as the reader checks a coin's face."""
    if not disc.any():
        return float(np.median(_paper_likeness(lab.reshape(-1, 3))))
    row, col = np.argwhere(disc).mean(0)
    near = np.hypot(*np.mgrid[:lab.shape[0], :lab.shape[1]] - np.array([row, col])[:, None, None])
    return float(np.median(_paper_likeness(lab[near <= CoinSettings().face_check_mm * MAT_PX_PER_MM])))


def _paper_likeness(lab: np.ndarray) -> np.ndarray:
    lab = lab.astype(np.float32)
    return lab[:, 0] - CoinSettings().chroma_weight * np.hypot(lab[:, 1] - 128, lab[:, 2] - 128)


def _paint_hue(pixels: list[np.ndarray], near_deg: float, settings: TaughtSettings, avoid: float | None = None):
    """The chroma-weighted mean hue of the coloured pixels within reach of `near_deg` (and clear of the
    `avoid` hue), round their strongest hue; None when none are coloured there."""
    lab = np.vstack([p.reshape(-1, 3) for p in pixels]).astype(np.float32) if pixels else np.zeros((0, 3))
    ab = lab[:, 1:] - 128
    chroma = np.hypot(ab[:, 0], ab[:, 1])
    hue = hue_deg(ab)
    keep = (chroma >= settings.paint_min_chroma) & (_gap(hue, near_deg) <= settings.paint_reach_deg)
    if avoid is not None:
        keep &= _gap(hue, avoid) > settings.metal_reach_deg
    if keep.sum() < 4:
        return None
    weights = chroma[keep] ** 2
    bins = np.bincount((hue[keep] // 5).astype(int) % 72, weights=weights, minlength=72)
    peak = (np.argmax(np.convolve(np.r_[bins[-2:], bins, bins[:2]], np.ones(5), "valid")) * 5 + 2.5) % 360
    near = _gap(hue[keep], peak) <= settings.paint_peak_deg
    angles = np.radians(hue[keep][near])
    return float(np.degrees(np.arctan2((weights[near] * np.sin(angles)).sum(), (weights[near] * np.cos(angles)).sum())) % 360)


def _shared_hue(pixels: list[np.ndarray], settings: TaughtSettings) -> float | None:
    """The hue every coin shows a good part of (their metal), or None when their faces share none."""
    shares = []
    for lab in pixels:
        ab = lab.reshape(-1, 3)[:, 1:].astype(np.float32) - 128
        chroma = np.hypot(ab[:, 0], ab[:, 1])
        hue = hue_deg(ab)[chroma >= settings.paint_min_chroma]
        shares.append(np.bincount((hue // 10).astype(int) % 36, minlength=36) / max(len(chroma), 1))
    common = np.min(shares, axis=0)
    if common.max() < 0.15:
        return None
    return float(np.argmax(common) * 10 + 5)


def _gap(hues, towards) -> np.ndarray:
    return np.abs((np.asarray(hues) - towards + 180) % 360 - 180)


def _mast_paint(pictures: dict, hues: dict[int, float], settings: MatSettings) -> tuple[float, float]:
    """How many patches of its fleet's paint a taught lying mast shows, and how long each is (mm): medians over
    the fleets (the count whole, 1 at least; the length 0 when no mast showed paint)."""
    counts, lengths = [], []
    for label, (lab, mask) in pictures.items():
        kind, _, colour = label.partition(":")
        if kind == "mast" and mask.any():
            paint = _fleet_paint(lab, settings, hues)[FLEET_BY_COLOUR[colour]]
            patches = _paint_patches(paint & mask.astype(np.uint8), settings)
            counts.append(len(patches))
            lengths += [patch_length_mm(patch) for patch in patches]
    if not counts:
        return 1.0, 0.0
    return float(max(1, int(np.median(counts)))), float(np.median(lengths)) if lengths else 0.0

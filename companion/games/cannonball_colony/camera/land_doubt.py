"""A cell read as bare land (or a bare road tile) must look like it: the middle of the cell shows its ink, flat.

The network reads a cell from the class shares round it turned to the lean, so a piece of a look
it never learned (a group's own, standing on a road tile) can pass for the land about it, and sure
of it. Two things give such a piece away, each a doubt with its reason:

- too little ink: seen straight through the cell's middle, the piece, or the road tile under it,
  shows little of the land's ink. On the taught benchmark's tuning seeds 6000-6019 (tuned
  families, untaught and taught), cells read right as land and sure show less than 0.3 of their ink
  1-7 times in 1563; pieces and road tiles read as land, sure, 14 times of 19. A bare road tile is
  held to its card the same way (right road cells there show 0.4 of it and more).
- lit and shaded faces: a green piece on the forest's ink, or a yellow one on the grass's, is named
  that ink all over, but a standing body is lit on one face and shaded on another, where printed
  land is flat. Tuning seeds 6000-6059 (tuned families, untaught): 17 of the 20 land cells read
  wrong and sure spread 14 or more in lightness (L*, 10th to 90th percentile) across the middle of
  the cell; right land cells that spread so are 172 of 4297 (4%: most stand behind a tall piece that
  leans over them); on the kit's own renders (read_accuracy seeds 1000-1019) 14 of 1820. A cell that a
  piece read on the cell in front of it leans over is not held to it (the spread is that piece's body):
  same seeds, all cells, right but unsure 531 -> 448 untaught and 646 -> 565 taught, confidently wrong
  9 -> 11 and 5 -> 7. A piece's shadow on the land beside it still spreads it (the kit's sample photo
  tilted 45 degrees has one such cell, asked about).
- the road card's hue: a road tile in a piece's shadow is as dark as the mountain's ink, and the network
  reads it so, sure. But a shadow dims the card without turning it brown: against the paper, its middle's
  green stays 0.7-0.9 of its red (the card's), where the mountain's ink shows 0.46-0.62. A cell read as
  mountain that green for its red is read as the road in shadow, and asked about.
- another ground showing: a cell read as land or a road whose middle shows too little of that ink is most often
  land behind a piece in front, whose body hides the cell's middle (the network read its ground from the class
  shares round it and guessed). Where the rest of the cell shows one other ground's ink clearly most, that ground
  is read instead, still unsure (LandDoubtSettings.reread_*).
- another paint: a piece's body seen through the cell's middle is named the land's ink, and dark or flat
  enough to pass the two tests above (a tall olive cylinder's shaded side on the forest's ink, a yellow disc
  on the grass's next to a piece leaning over it). But the ink is printed alike on every cell of a board,
  and a shadow dims it without changing its chromaticity (its red, green and blue shares): a cell whose
  middle's shares lie far from those of the board's other cells read as that ink is another paint.
- taught, a bare road not flat: a group's piece painted near the road card's colour shows no paint the taught looks
  know at its base, and its lit top passes for the card; its shaded side spreads the middle's lightness far more
  than a flat card does (LandDoubtSettings.most_road_spread).
- taught, lighter than its ink: a light paint the colour table names the land's ink (a pale yellow on the grass's) is
  far lighter than that ink on the board's other cells, and its lit top and faces not flat (most_lightness_ratio).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from companion.games.cannonball_colony.camera.board_view import BoardView
from companion.games.cannonball_colony.cells import Ground
from companion.games.cannonball_colony.kit.boards import ISLAND_CELLS
from companion.vision.colour_classes import CLASS_INDEX

BARE_GROUND_INKS = {Ground.GRASS.value: CLASS_INDEX["grass"], Ground.FOREST.value: CLASS_INDEX["forest"],
             Ground.LAKE.value: CLASS_INDEX["lake"], Ground.MOUNTAIN.value: CLASS_INDEX["mountain"],
             Ground.ROAD.value: CLASS_INDEX["road"]}
LAND = frozenset(token for token in BARE_GROUND_INKS if token != Ground.ROAD.value)
GROUND_NAMES = {token: Ground(token).name.lower() for token in BARE_GROUND_INKS}
# Linear BGR -> relative luminance Y (Rec. 709 primaries, as sRGB).
LUMINANCE_BGR = np.array([0.0722, 0.7152, 0.2126])


@dataclass(frozen=True)
class LandDoubtSettings:
    middle_share: float = 0.6     # of a cell's side: the square round its middle that is looked at
    least_ink_share: float = 0.3  # of that square's pixels named the land's ink, or the cell is doubtful
    flat_middle_share: float = 0.8     # of a cell's side: the square whose lightness must be flat
    most_lightness_spread: float = 14.0   # L*, 10th to 90th percentile there (tuning seeds 6000-6059)
    check_flatness: bool = True
    # A piece read on a neighbouring cell whose lean points at this one (within this angle) leans its body over
    # it: the spread there is that piece's, and says nothing about this cell.
    leaning_over_cos: float = 0.7
    least_lean_cells: float = 0.15     # a lean shorter than this (a camera nearly overhead) leans over nothing
    unsure_confidence: float = 0.5
    # Green over red (linear, against the paper) of the middle of a cell read as mountain within which it is the road
    # in shadow. Tuning seeds 6000-6099 (tuned families, untaught): of 1203 mountains read right 99% under 0.62, the
    # most 0.71 but for 4 a piece leans over (0.82, 0.94, 1.17, 2.27); 9 of the 13 road tiles read as mountain within.
    # The kit's sample photo tilted 45 degrees under warm light has a mountain at 0.66.
    check_shadowed_road: bool = True
    shadowed_road_green_red: tuple[float, float] = (0.72, 0.9)
    # Chromaticity (linear red, green and blue shares, summed absolute difference) of a cell's middle's inked pixels
    # against the median of the board's other sure cells of its ink, beyond which it is another paint. Tuning seeds
    # 6000-6099 (tuned families, untaught; the whole middle measured): the 11 pieces read as land or road, sure,
    # 0.086-0.315; 54 of 8049 cells read right and sure 0.08 or more (40 with a piece leaning over them), 98% under
    # 0.041. Measuring the inked pixels only: confidently wrong 16 -> 6 of 9432, right but unsure 768 -> 781.
    check_paint: bool = True
    most_chroma_shift: float = 0.08
    least_reference_cells: int = 3     # fewer such cells on the board: the island's are the reference
    # A cell doubted for too little of its ink whose square (this share of its side round its middle) shows another
    # ground's ink on at least `reread_least_share` of its pixels named a ground is read as that ground (unsure): the
    # land behind a piece in front shows round the piece's body. Set on tuning seeds 6400-6599 (tuned families, taught;
    # the benchmark's renders read once, every ground cell's class counts kept).
    reread_hidden_ground: bool = True
    reread_square_share: float = 0.85
    reread_least_share: float = 0.5
    # Taught, a cell read as a bare road, sure, whose middle's lightness spreads this much or more with no piece leaning
    # over it: a piece painted near the card's colour stands there, its lit top taken for the card and no paint the
    # taught looks know at its base (7148's pale cube cannon, 7240's pale yellow cube fort: the road at 0.95 and 0.99).
    # A road card is flat but where a piece's shadow falls on it. Set on tuning seeds 7100-7299 (tuned families, taught;
    # main's sure roads recorded, 2243 of them): the three pieces read as sure roads spread 44, 59 and 64 L*; right roads
    # with no piece leaning over them spread 50 or more once (7210), 45 or more 7 times, 40 or more 24 times.
    most_road_spread: float = 50.0
    # Taught, a sure land cell whose pixels named the ink are this many times as light (linear, against the paper) as
    # the other sure cells of that ink, its middle spreading this much L*: a light paint named the ink (7794's pale
    # yellow fort on the grass, 0.99: 1.29, 11.6 L*). Ratio set on 7700-7799 (main's 6986 right sure land cells: 1.15 at
    # most); on fresh 7900-7939 right ones reached 1.40 (7923's mountains, a board's far edge lit more), flat (1.4-3.2
    # L*) but one lake a piece leans over (16.6): the spread's bar set there, between those and the fort's.
    check_lightness: bool = True
    most_lightness_ratio: float = 1.2
    least_lit_spread: float = 6.0


SHADOWED_ROAD = "the road card's hue"   # a LandDoubt's reason when the cell is the road in shadow
TOO_LITTLE_INK = "too little ink"
ANOTHER_PAINT = "another paint"          # a LandDoubt's reason when the cell's colour is not its board's ink
FACES = "lit and shaded faces"           # a LandDoubt's reason when the cell's middle is not flat
LIGHTER = "lighter than its ink"         # a LandDoubt's reason when the cell's ink is far lighter than its board's


@dataclass(frozen=True)
class LandDoubt:
    """Why a cell read as bare ground is doubted: what was measured against what it must be."""

    reason: str          # TOO_LITTLE_INK, FACES, ANOTHER_PAINT, LIGHTER or SHADOWED_ROAD (the road in shadow)
    measured: float
    limit: float
    # TOO_LITTLE_INK: the ground read instead, and the share of the cell's ground-inked pixels showing its ink.
    instead: str | None = None
    instead_share: float = 0.0

    def __str__(self) -> str:
        if self.reason == TOO_LITTLE_INK:
            text = f"its middle shows {self.measured:.2f} of the ink, under {self.limit:.2f}"
            if self.instead is not None:
                text += (f"; round it the cell shows {GROUND_NAMES[self.instead]}'s ink on {self.instead_share:.2f} of "
                         f"what shows a ground: read as {GROUND_NAMES[self.instead]}")
            return text
        if self.reason == SHADOWED_ROAD:
            return (f"its middle's green is {self.measured:.2f} of its red ({self.limit:.2f} or more: the road card's hue, "
                    "not the mountain's ink): read as the road in a shadow")
        if self.reason == ANOTHER_PAINT:
            return (f"its middle's colour lies {self.measured:.2f} from the board's ink (over {self.limit:.2f}): "
                    "another paint, a piece's")
        if self.reason == LIGHTER:
            return (f"its middle is {self.measured:.2f} times as light as the board's ink ({self.limit:.2f} or more) "
                    "and not flat: a light paint's faces, a piece's")
        return f"its middle's lightness spreads {self.measured:.0f} L*, over {self.limit:.0f}: a standing piece's faces"


def _middle(view: BoardView, col: int, row: int, share: float, image: np.ndarray) -> np.ndarray:
    side = view.settings.px_per_cell
    margin = view.settings.margin_cells
    edge = (1.0 - share) / 2
    x0, y0 = int((margin + col + edge) * side), int((margin + row + edge) * side)
    width = max(1, int(share * side))
    return image[y0:y0 + width, x0:x0 + width]


def land_ink_share(view: BoardView, col: int, row: int, token: str, settings: LandDoubtSettings = LandDoubtSettings()) -> float:
    """The share of the middle of board-local cell (col, row) that the rectified view names `token`'s ink."""
    middle = _middle(view, col, row, settings.middle_share, view.classes)
    return float((middle == BARE_GROUND_INKS[token]).mean()) if middle.size else 0.0


def ground_shown_most(view: BoardView, col: int, row: int,
                      settings: LandDoubtSettings = LandDoubtSettings()) -> tuple[str | None, float]:
    """The bare ground whose ink board-local cell (col, row)'s square shows most, and its share of the square's pixels
    named any ground's ink; (None, 0) when none is."""
    square = _middle(view, col, row, settings.reread_square_share, view.classes)
    counts = {token: int((square == ink).sum()) for token, ink in BARE_GROUND_INKS.items()}
    total = sum(counts.values())
    if not total:
        return None, 0.0
    best = max(counts, key=counts.get)
    return best, counts[best] / total


def lightness_spread(view: BoardView, col: int, row: int, settings: LandDoubtSettings = LandDoubtSettings()) -> float:
    """How far apart (L*, 10th to 90th percentile) the lightness of the middle of board-local cell (col, row) lies,
    against the board's paper: about flat for printed land, wide for a standing piece's lit and shaded faces."""
    return lightness_spreads(view, [(col, row)], settings)[(col, row)]


def lightness_spreads(view: BoardView, cells: list[tuple[int, int]],
                      settings: LandDoubtSettings = LandDoubtSettings()) -> dict[tuple[int, int], float]:
    """lightness_spread of each board-local cell, their percentiles taken together (each row's the same as alone)."""
    spreads = {cell: 0.0 for cell in cells}
    if view.paper_relative is None:
        return spreads
    by_size: dict[int, list] = {}
    for cell in cells:
        middle = _middle(view, *cell, settings.flat_middle_share, view.paper_relative).reshape(-1, 3)
        if not len(middle):
            continue
        luminance = np.clip(middle.astype(np.float64), 0.0, 1.0) @ LUMINANCE_BGR   # highlights at the paper's white
        lightness = np.where(luminance > 0.008856, 116.0 * np.cbrt(luminance) - 16.0, 903.3 * luminance)
        by_size.setdefault(len(lightness), []).append((cell, lightness))
    for same in by_size.values():
        low, high = np.percentile(np.array([lightness for _, lightness in same]), (10, 90), axis=1)
        spreads.update((cell, float(spread)) for (cell, _), spread in zip(same, high - low))
    return spreads


def green_over_red(view: BoardView, col: int, row: int, settings: LandDoubtSettings = LandDoubtSettings()) -> float:
    """Green over red of the median of the middle of board-local cell (col, row), linear against the board's paper:
    a hue that a shadow leaves as it is."""
    if view.paper_relative is None:
        return 0.0
    middle = _middle(view, col, row, settings.middle_share, view.paper_relative).reshape(-1, 3)
    if not len(middle):
        return 0.0
    blue, green, red = np.median(middle, axis=0)
    return float(green / max(red, 1e-4))


def paint_doubts(views: dict[int, BoardView], tokens: dict, sure: list[tuple[int, int, int]],
                 settings: LandDoubtSettings = LandDoubtSettings()) -> dict[tuple[int, int, int], LandDoubt]:
    """Of the sure cells read as bare ground (board, col, row), those whose middle's chromaticity (of its pixels named
    that ink) lies further than `most_chroma_shift` from the median of the other sure cells of that ink: on its
    board when it has `least_reference_cells` of them, else on the island."""
    colours = _inked_colours(views, tokens, sure, settings)
    shares = {key: colour / colour.sum() for key, colour in colours.items()}
    doubted = {}
    for key, reference in _the_others(shares, tokens, settings).items():
        shift = float(np.abs(shares[key] - reference).sum())
        if shift >= settings.most_chroma_shift:
            doubted[key] = LandDoubt(ANOTHER_PAINT, shift, settings.most_chroma_shift)
    return doubted


def lighter_than_ink(views: dict[int, BoardView], tokens: dict, sure: list[tuple[int, int, int]],
                     settings: LandDoubtSettings = LandDoubtSettings()) -> dict[tuple[int, int, int], LandDoubt]:
    """Of the sure cells read as bare land, those whose middle's pixels named that ink are `most_lightness_ratio` times
    as light or more as the other sure cells of that ink (paint_doubts' references) and not flat (lightness spread
    `least_lit_spread` or more): a light paint's lit top and faces named the ink. Printed ink is flat, and lit unevenly
    across a board at most."""
    colours = _inked_colours(views, tokens, [key for key in sure if tokens[key] in LAND], settings)
    lightness = {key: np.array([float(np.clip(colour, 0.0, 1.0) @ LUMINANCE_BGR)]) for key, colour in colours.items()}
    doubted = {}
    for key, reference in _the_others(lightness, tokens, settings).items():
        ratio = float(lightness[key][0] / max(reference[0], 1e-4))
        if ratio >= settings.most_lightness_ratio and lightness_spread(views[key[0]], *key[1:], settings) >= settings.least_lit_spread:
            doubted[key] = LandDoubt(LIGHTER, ratio, settings.most_lightness_ratio)
    return doubted


def _inked_colours(views: dict[int, BoardView], tokens: dict, keys: list[tuple[int, int, int]],
                   settings: LandDoubtSettings) -> dict[tuple[int, int, int], np.ndarray]:
    """Each cell's middle's median colour (linear BGR against its board's paper) over its pixels named its ink; cells
    with none, or on a board with no paper, are left out."""
    middles = {}
    for key in keys:
        view = views[key[0]]
        if view.paper_relative is None:
            continue
        colours = _middle(view, key[1], key[2], settings.middle_share, view.paper_relative).reshape(-1, 3).astype(np.float64)
        # Only the pixels named the ink: a neighbour's body leaning over the cell is not this cell's colour.
        inked = _middle(view, key[1], key[2], settings.middle_share, view.classes).reshape(-1) == BARE_GROUND_INKS[tokens[key]]
        if inked.any():
            middles[key] = np.where(inked[:, None], colours, np.nan)
    medians = {}
    for size in {len(middle) for middle in middles.values()}:   # the medians of same-sized middles taken at once
        same = [key for key, middle in middles.items() if len(middle) == size]
        medians.update(zip(same, np.maximum(_inked_medians(np.stack([middles[key] for key in same])), 1e-4)))
    return medians


def _the_others(values: dict[tuple[int, int, int], np.ndarray], tokens: dict,
                settings: LandDoubtSettings) -> dict[tuple[int, int, int], np.ndarray]:
    """Each cell's value's reference: the median of the other cells' of its ink, on its board when the board has
    `least_reference_cells` of them, else on the island (NaN for a cell alone with its ink)."""
    by_token: dict[str, list] = {}
    for key in values:
        by_token.setdefault(tokens[key], []).append(key)
    references = {}
    for keys in by_token.values():
        references.update(zip(keys, _medians_of_the_others(np.array([values[key] for key in keys]))))
        for board in {key[0] for key in keys}:
            on_board = [key for key in keys if key[0] == board]
            if len(on_board) - 1 >= settings.least_reference_cells:
                references.update(zip(on_board, _medians_of_the_others(np.array([values[key] for key in on_board]))))
    return references


def unlike_its_ink(views: dict[int, BoardView], tokens: dict, land: list[tuple[int, int, int]],
                   cells: list[tuple[int, int, int]], least_ink_share: float, least_shift: float,
                   settings: LandDoubtSettings = LandDoubtSettings()) -> dict[tuple[int, int, int], str]:
    """Of `cells` read as bare land, those whose middle is not that land's ink, -> why in words: under
    `least_ink_share` of it named the ink, or its inked pixels' chromaticity `least_shift` or more from the median of
    the other cells of `land` read as that ink (paint_doubts)."""
    unlike = {}
    for key in cells:
        share = land_ink_share(views[key[0]], key[1], key[2], tokens[key], settings)
        if share < least_ink_share:
            unlike[key] = str(LandDoubt(TOO_LITTLE_INK, share, least_ink_share))
    shifted = paint_doubts(views, tokens, land, replace(settings, most_chroma_shift=least_shift))
    unlike.update((key, str(shifted[key])) for key in cells if key in shifted and key not in unlike)
    return unlike


def _unflat_roads(views: dict[int, BoardView], tokens: dict, probabilities: dict,
                  settings: LandDoubtSettings) -> dict[tuple[int, int, int], LandDoubt]:
    """Lower, in place, every sure bare road whose middle's lightness spreads `most_road_spread` or more, no piece
    leaning over it (a standing body's lit and shaded faces); those cells -> why."""
    doubted = {}
    for board, view in views.items():
        cells = [(col, row) for row in range(ISLAND_CELLS) for col in range(ISLAND_CELLS)]
        roads = [cell for cell in cells if tokens.get((board, *cell)) == Ground.ROAD.value
                 and probabilities.get((board, *cell), 0.0) > settings.unsure_confidence]
        if not roads:
            continue
        pieces = {cell for cell in cells if len(tokens.get((board, *cell), "")) == 2}
        for cell, spread in lightness_spreads(view, roads, settings).items():
            if spread >= settings.most_road_spread and not leaned_over(view, *cell, pieces, settings):
                probabilities[(board, *cell)] = settings.unsure_confidence
                doubted[(board, *cell)] = LandDoubt(FACES, spread, settings.most_road_spread)
    return doubted


def _inked_medians(stack: np.ndarray) -> np.ndarray:
    """np.nanmedian over axis 1 of (cells, pixels, 3), at a sort's cost: NaNs sort last, so each cell's median lies
    at the middle of its own count of values."""
    ordered = np.sort(stack, axis=1)
    counts = np.sum(~np.isnan(stack[:, :, 0]), axis=1)
    cells = np.arange(len(stack))
    low, high = ordered[cells, (counts - 1) // 2], ordered[cells, counts // 2]
    return (low + high) / 2


def _medians_of_the_others(rows: np.ndarray) -> np.ndarray:
    """For each row, the median of all the other rows (a lone row's is NaN, so it is compared with nothing)."""
    count = len(rows)
    if count < 2:
        return np.full(rows.shape, np.nan)
    others = np.array([[other for other in range(count) if other != index] for index in range(count)])
    return np.median(rows[others], axis=1)


def leaned_over(view: BoardView, col: int, row: int, pieces: set, settings: LandDoubtSettings = LandDoubtSettings()) -> bool:
    """Does a piece standing on a neighbouring cell of `pieces` (board-local (col, row)) lean over board-local cell
    (col, row), seen from this board's camera?"""
    for dc in (-1, 0, 1):
        for dr in (-1, 0, 1):
            if (dc, dr) == (0, 0) or (col - dc, row - dr) not in pieces:
                continue
            lean = view.lean[row - dr, col - dc]
            length = float(np.hypot(*lean))
            if length >= settings.least_lean_cells and (lean @ np.array([dc, dr])) / (length * np.hypot(dc, dr)) >= settings.leaning_over_cos:
                return True
    return False


def land_doubt(view: BoardView, col: int, row: int, token: str, settings: LandDoubtSettings = LandDoubtSettings(),
               pieces: set = frozenset(), spread: float | None = None) -> LandDoubt | None:
    """Why board-local cell (col, row), read as bare ground `token`, does not look like it; None when it does.
    `pieces`: the board-local cells read as pieces; `spread`: its lightness_spread, when worked out already."""
    if settings.check_shadowed_road and token == Ground.MOUNTAIN.value:
        ratio = green_over_red(view, col, row, settings)
        low, high = settings.shadowed_road_green_red
        if low <= ratio <= high:
            return LandDoubt(SHADOWED_ROAD, ratio, low)
    share = land_ink_share(view, col, row, token, settings)
    if share < settings.least_ink_share:
        instead, shown = ground_shown_most(view, col, row, settings) if settings.reread_hidden_ground else (None, 0.0)
        if instead == token or shown < settings.reread_least_share:
            instead = None
        return LandDoubt(TOO_LITTLE_INK, share, settings.least_ink_share, instead, shown)
    if settings.check_flatness and token in LAND and not leaned_over(view, col, row, pieces, settings):
        spread = lightness_spread(view, col, row, settings) if spread is None else spread
        if spread >= settings.most_lightness_spread:
            return LandDoubt(FACES, spread, settings.most_lightness_spread)
    return None


def doubt_unlike_land(views: dict[int, BoardView], tokens: dict, probabilities: dict,
                      settings: LandDoubtSettings = LandDoubtSettings(), taught: bool = False) -> dict[tuple[int, int, int], LandDoubt]:
    """Lower, in place, to `unsure_confidence` every sure cell read as bare ground that does not look like it (and
    read a road in shadow as the road), then every one still sure whose colour is not its board's ink, and (`taught`)
    every bare road still sure whose middle is not flat and every bare land still sure far lighter than its ink; the
    cells doubted, (board, col, row) -> why."""
    doubted = {}
    for board, view in views.items():
        pieces = {(col, row) for row in range(ISLAND_CELLS) for col in range(ISLAND_CELLS)
                  if len(tokens.get((board, col, row), "")) == 2}
        sure = [(col, row) for row in range(ISLAND_CELLS) for col in range(ISLAND_CELLS)
                if tokens.get((board, col, row)) in BARE_GROUND_INKS
                and probabilities.get((board, col, row), 0.0) > settings.unsure_confidence]
        spreads = lightness_spreads(view, [cell for cell in sure if tokens[(board, *cell)] in LAND], settings)
        for col, row in sure:
            key = (board, col, row)
            doubt = land_doubt(view, col, row, tokens[key], settings, pieces, spreads.get((col, row)))
            if doubt is not None:
                probabilities[key] = settings.unsure_confidence
                if doubt.reason == SHADOWED_ROAD:
                    tokens[key] = Ground.ROAD.value
                elif doubt.instead is not None:
                    tokens[key] = doubt.instead
                doubted[key] = doubt
    if settings.check_paint:
        still_sure = [key for key, token in tokens.items() if token in BARE_GROUND_INKS and key[0] in views
                      and probabilities.get(key, 0.0) > settings.unsure_confidence]
        for key, doubt in paint_doubts(views, tokens, still_sure, settings).items():
            probabilities[key] = settings.unsure_confidence
            doubted[key] = doubt
    if taught and settings.check_flatness:
        doubted.update(_unflat_roads(views, tokens, probabilities, settings))
    if taught and settings.check_lightness:
        still_sure = [key for key, token in tokens.items() if token in LAND and key[0] in views
                      and probabilities.get(key, 0.0) > settings.unsure_confidence]
        for key, doubt in lighter_than_ink(views, tokens, still_sure, settings).items():
            probabilities[key] = settings.unsure_confidence
            doubted[key] = doubt
    return doubted

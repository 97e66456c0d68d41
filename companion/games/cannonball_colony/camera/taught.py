"""The island read with a group's own pieces, as taught on the teaching sheet (`companion calibrate pieces`).

Teaching gives each country's paint under this light and camera, and each kind's look
(calibration.pieces). The paint replaces the kit's player colours in the colour table, so a
piece's pixels are named by its owner; then every cell the network reads as a road or a piece
is looked at again at the look points of companion.vision.piece_looks: the country whose paint
shows most at its base owns the piece, and the taught look it is nearest to gives its kind.
A look far from every taught one keeps a low confidence: the players are asked.

With the picture, shape and size decide the kind (camera/piece_fit.py): one solid per kind, the median
of what all its countries' squares showed (a group's forts are one shape in four paints), is laid over
each piece's silhouette, and the kind that covers it clearly best is taken. Cells read as bare ground
where a piece's paint covers the base and a taught solid fits are pieces the network never learned to
see. A paint whose shaded faces the board's inks name (green paint and the forest) counts as that
paint on a road cell's base.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from calibration.pieces import EMPTY_LABEL, PieceLooks
from companion.games.cannonball_colony.camera.board_view import BoardView
from companion.games.cannonball_colony.camera.kind_choice import KIND_WORDS, KindChoiceSettings, choose_kind, kit_fit_doubt
from companion.games.cannonball_colony.camera.kit_colours import KIT_COLOURS
from companion.games.cannonball_colony.camera.piece_fit import FitSettings, piece_windows, window_overlaps
from companion.games.cannonball_colony.cells import COUNTRY_BY_INITIAL, Ground, PieceKind
from companion.games.cannonball_colony.kit.boards import ISLAND_CELL_MM, ISLAND_CELLS
from companion.vision.colour_classes import (CLASS_INDEX, CLASSES, PLAYER_CLASSES, ColourSettings, ColourTable,
                                             default_references)
from companion.vision.piece_looks import LookBook, LookSettings, inside_convex, read_looks

ROAD = Ground.ROAD.value
# The kit's own pieces, taught from renders of the teaching sheet (benchmarks/taught_accuracy.py --kit-looks):
# untaught, the network's kind of a piece is only sure when these looks agree with it.
UNFAMILIAR = "?"   # a look like none taught
KIT_LOOKS_FILE = Path(__file__).with_name("kit_looks.json")
PLAYER_INDEX = np.array([CLASS_INDEX[name] for name in PLAYER_CLASSES])
TERRAIN_INDEX = tuple(CLASS_INDEX[name] for name in ("grass", "forest", "lake", "mountain"))


@dataclass(frozen=True)
class TaughtSettings:
    looks: LookSettings = LookSettings()
    # Taught paint was measured by this camera under this light: it needs none of the muting the
    # kit's nominal inks are allowed (ColourSettings.saturations), which let a pale paint claim the road. It is the
    # median of the lit faces; a shaded face mixes in less of the lamp's white, so it may show up to twice the chroma
    # (a deep blue piece was named no colour at all): tuning seeds 6000-6099, tuned families, taught, (1.2, 1.0, 0.8)
    # -> these: pieces read right 1000 -> 1009 of 1276, cells 8940 -> 8948 of 9432, confidently wrong 17 either way.
    colour: ColourSettings = ColourSettings(saturations=(2.0, 1.5, 1.2, 1.0, 0.8))
    # A piece stands on a cell when its owner's paint shows on this share of the cell's base points.
    min_base_share: float = 0.1
    # How sure "a bare road" is when the base shows (almost) no paint, and when it shows a little.
    bare_confidence: float = 0.95
    doubtful_bare_confidence: float = 0.55
    doubtful_bare_share: float = 0.08
    # Fewer of a cell's base points than this share in view (the rest behind pieces in front): a road,
    # as far as can be told, and not sure of it.
    min_known_base: float = 0.3
    hidden_confidence: float = 0.4
    piece_width_share: float = 0.85      # of a cell: the box a piece hides the cells behind it with
    taught_height_share: float = 0.5     # a kind's height: the highest look point its paint showed at this much
    doubt_confidence: float = 0.5        # untaught, a piece the kit's looks do not confirm is no surer than this
    disputed_confidence: float = 0.55    # taught, a cell read otherwise than the network read it is no surer than this
    # Shape and size (camera/piece_fit.py): how well each kind's taught solid covers the piece's silhouette.
    fit: FitSettings = FitSettings()
    # Taught, the kind chosen from the fits and the look (camera/kind_choice.py).
    kinds: KindChoiceSettings = KindChoiceSettings()
    # A piece the network took for bare ground (a look it never saw): its base shows its owner's paint this
    # widely, and a taught kind's solid covers its silhouette this well.
    missed_base_share: float = 0.3
    missed_fit_overlap: float = 0.75
    find_missed: bool = True
    # Taught, a piece's silhouette counts its paint's lookalike inks too (the forest's on a green piece's shaded
    # faces), and leaves out the cells printed in them (tuning seeds 6030-6099, tuned families: pieces read right
    # 681 -> 695 of 887, cells 6101 -> 6109 of 6372, confidently wrong 15 either way).
    fit_lookalikes: bool = True
    # A terrain class a country's taught pieces showed on this share of their points counts as that paint on a
    # road cell's base (0: never).
    lookalike_share: float = 0.15
    # Untaught, the kit's own solids: a group's pieces of about their size fit them about as well, so only a
    # piece that fits its kind's kit solid closely, and far better than the kit's other kinds, keeps the network's
    # confidence. Margin 0.1 -> 0.3 on tuning seeds 6000-6099 (tuned families, untaught): cells confidently
    # wrong 37 -> 14 of 9612 (a group's blockades and cannons the size of the kit's fort), right but unsure
    # 863 -> 891; on the kit's own renders (read_accuracy seeds 1000-1019) right but unsure 59 -> 87 of 2232.
    kit_sure_margin: float = 0.3
    kit_sure_overlap: float = 0.8
    unsure_confidence: float = 0.5       # otherwise a piece's reading is no surer than this: the players are asked


class TaughtPieces:
    """A group's pieces as taught: the colour references to read the boards with, and the looks to match."""

    def __init__(self, looks: PieceLooks, settings: TaughtSettings = TaughtSettings()):
        self.settings = settings
        learned = looks.learned()
        pieces = {label: squares for label, squares in learned.items() if _is_piece(label)}
        if not pieces:
            raise ValueError(f"no piece was learned from {', '.join(looks.sources) or 'the photos'}; "
                             "teach the pieces again with them on their squares")
        self.references = default_references(KIT_COLOURS)
        for country_class in PLAYER_CLASSES:
            initial = country_class[0]
            paints = [square.colour() for label, squares in pieces.items() if label[1] == initial for square in squares]
            paints = [paint for paint in paints if paint is not None]
            if paints:
                self.references[country_class] = np.median(np.array(paints), axis=0)[::-1]   # BGR -> RGB
        tiles = [square.colour(lit_share=1.0) for square in learned.get(ROAD, [])]
        if tiles:   # the road tiles' own card under this light: a pale paint must not claim them
            self.references["road"] = np.median(np.array(tiles), axis=0)[::-1]
        self.table = ColourTable(self.references, settings.colour)
        # Each kind's taught looks, as shares of its owner's paint at every look point; a bare road
        # (the road square, and no paint at all) is a look too.
        self.looks: dict[str, list[np.ndarray]] = {ROAD: [np.zeros(settings.looks.count, np.float32)]}
        for label, squares in pieces.items():
            owner = CLASS_INDEX[COUNTRY_BY_INITIAL[label[1]].value]
            for square in squares:
                classes = self.table.classify(square.balanced[None].astype(np.float32))[0]
                self.looks.setdefault(label[0], []).append((classes == owner).astype(np.float32))
        for square in learned.get(ROAD, []):
            classes = self.table.classify(square.balanced[None].astype(np.float32))[0]
            self.looks[ROAD] += [(classes == index).astype(np.float32) for index in PLAYER_INDEX]
        self.heights = {kind: _taught_height(shares, settings) for kind, shares in self.looks.items() if kind != ROAD}
        # Each country's taught solids, one set per photo: kind -> Solid (calibration.pieces fits them).
        self.solids: dict[str, list[dict]] = {}
        for label, squares in pieces.items():
            for number, square in enumerate(s for s in squares if s.solid is not None):
                sets = self.solids.setdefault(label[1], [])
                sets += [{} for _ in range(number + 1 - len(sets))]
                sets[number][label[0]] = square.solid
        self.kind_solids = _kind_solids(pieces)
        self.lookalikes = self._lookalikes(pieces)
        # Which classes count as each player's paint (its lookalikes too, or strictly its own): a lookup per cell.
        every_class = np.arange(len(CLASSES))
        self._paint_classes = {strict: [np.isin(every_class, [index] if strict else self.lookalikes.get(index, [index]))
                                        for index in PLAYER_INDEX] for strict in (False, True)}
        self.book = LookBook(self.looks, settings.looks)
        self._checked: dict[int, tuple] = {}   # board -> (its place, the cells read, the doubtful ones)
        self._revised: dict[int, tuple] = {}   # board -> (its place, the network's reading, the cells revised)
        self.unlearned = tuple(sorted(label for label in looks.problems() if label != EMPTY_LABEL))

    def _lookalikes(self, pieces: dict) -> dict[int, np.ndarray]:
        """Country class -> the classes its taught pieces' own points were named, besides its own, often enough
        (a green paint's shaded faces are the forest's ink): on a road cell's base they are that paint too."""
        named: dict[int, list[np.ndarray]] = {}
        for label, squares in pieces.items():
            owner = CLASS_INDEX[COUNTRY_BY_INITIAL[label[1]].value]
            for square in squares:
                shown = square.shares > 0.5
                if shown.any():
                    named.setdefault(owner, []).append(self.table.classify(square.balanced[None].astype(np.float32))[0][shown])
        found = {}
        for owner, classes in named.items():
            every = np.concatenate(classes)
            found[owner] = np.array([owner] + [index for index in TERRAIN_INDEX
                                               if (every == index).mean() >= self.settings.lookalike_share])
        return found

    def revise(self, views: dict[int, BoardView], tokens: dict, probabilities: dict, image=None) -> dict:
        """Re-read, in place, every cell the network read as a road or a piece; with the picture, pieces the
        network took for bare ground are looked for, and each piece's kind is chosen from how well each kind's
        solid covers its silhouette and the kind its look gave (camera/kind_choice.py); a kind not clearly best is
        doubtful. (Tuning seeds 6000-6011: the looks alone read 120 of 183 pieces; choosing by each country's own
        solids 139, by the kind's median solid 144: one square's fit of a small piece is often millimetres out.)
        The cells doubted, (board, col, row) -> why."""
        reasons = {}
        for board, view in views.items():
            keys = [(board, col, row) for row in range(ISLAND_CELLS) for col in range(ISLAND_CELLS)]
            # While a board lies still and the network reads it the same, it is revised the same (a stream's frames).
            network = (tuple(tokens.get(key, "") for key in keys), image is not None)
            kept = self._revised.get(board)
            if kept is not None and kept[0] is view.place and view.place is not None and kept[1] == network:
                tokens.update(kept[2])
                probabilities.update(kept[3])
                reasons.update(kept[4])
                continue
            doubted = self._revise_board(board, view, tokens, probabilities, image)
            self._revised[board] = (view.place, network, {key: tokens[key] for key in keys},
                                    {key: probabilities[key] for key in keys}, doubted)
            reasons.update(doubted)
        return reasons

    def _revise_board(self, board: int, view: BoardView, tokens: dict, probabilities: dict, image) -> dict:
        """One board's cells on roads re-read; with the picture, missed pieces found and kinds chosen by shape.
        The cells whose kind is doubted -> why."""
        s = self.settings
        cells = [(col, row) for row in range(ISLAND_CELLS) for col in range(ISLAND_CELLS)
                 if _on_road(tokens.get((board, col, row), ""))]
        reasons: dict = {}
        if cells:
            for (col, row), (token, confidence) in zip(cells, self._judge(view, cells)):
                if token != tokens[(board, col, row)]:   # the network saw otherwise: ask rather than trust either
                    confidence = min(confidence, s.disputed_confidence)
                    reasons[(board, col, row)] = f"the network saw {_named(tokens[(board, col, row)])}, the taught looks {_named(token)}"
                tokens[(board, col, row)] = token
                probabilities[(board, col, row)] = confidence
        if image is None:
            return reasons
        if s.find_missed:
            self._find_missed(image, view, board, tokens, probabilities)
        pieces = [cell for cell in cells if len(tokens[(board, *cell)]) == 2]
        grounds = {(col, row): tokens[(board, col, row)] for row in range(ISLAND_CELLS) for col in range(ISLAND_CELLS)}
        fitted = self._fits(image, view, [tokens[(board, *cell)] for cell in pieces], pieces, by_kind=True, grounds=grounds)
        for cell, fits in zip(pieces, fitted):
            if not fits:
                continue
            key = (board, *cell)
            choice = choose_kind(fits, tokens[key][0], s.kinds)
            tokens[key] = choice.kind + tokens[key][1]
            if not choice.sure:
                probabilities[key] = min(probabilities[key], s.unsure_confidence)
                reasons[key] = "; ".join(filter(None, (reasons.get(key), choice.reason)))
        return reasons

    def _find_missed(self, image, view: BoardView, board: int, tokens: dict, probabilities: dict) -> None:
        """Cells read as bare ground (a road, or land a piece of an unseen look was taken for) where a piece's
        paint covers the base and one of the taught solids fits what shows: that piece, and not sure of it."""
        s = self.settings
        every = [(col, row) for row in range(ISLAND_CELLS) for col in range(ISLAND_CELLS)]
        bare = frozenset(cell for cell in every if len(tokens[(board, *cell)]) != 2
                         and tokens[(board, *cell)] != Ground.SEA.value)
        cells = [cell for cell in every if cell in bare or len(tokens[(board, *cell)]) == 2]
        found = [(cell, token) for cell, (token, _) in zip(cells, self._judge(view, cells, strict=bare))
                 if cell in bare and len(token) == 2]
        if not found:
            return
        standing = [cell for cell in every if len(tokens[(board, *cell)]) == 2] + [cell for cell, _ in found]
        grounds = {cell: tokens[(board, *cell)] for cell in every}
        fitted = self._fits(image, view, [token for _, token in found], [cell for cell, _ in found], standing,
                            by_kind=True, grounds=grounds)
        for (cell, token), fits in zip(found, fitted):
            if fits and max(fits.values()) >= s.missed_fit_overlap:
                tokens[(board, *cell)] = choose_kind(fits, token[0], s.kinds).kind + token[1]
                probabilities[(board, *cell)] = min(s.unsure_confidence, probabilities[(board, *cell)])

    def doubt(self, views: dict[int, BoardView], tokens: dict, probabilities: dict, image=None) -> dict:
        """Untaught: every piece the network is sure of, checked against these looks; where they name
        another piece or kind, or see none, the reading keeps at most `doubt_confidence` (the players are asked).
        The cells doubted, (board, col, row) -> why."""
        cap = self.settings.doubt_confidence
        reasons = {}
        for board, view in views.items():
            cells = [(col, row) for row in range(ISLAND_CELLS) for col in range(ISLAND_CELLS)
                     if _on_road(tokens.get((board, col, row), ""))]
            sure = [cell for cell in cells if len(tokens[(board, *cell)]) == 2 and probabilities[(board, *cell)] > cap]
            if not sure:
                continue
            # While a board lies still and reads the same, its pieces were checked already (a stream's frames).
            reading = tuple(tokens[(board, *cell)] for cell in cells)
            kept = self._checked.get(board)
            if kept is not None and kept[0] is view.place and view.place is not None and kept[1] == (cells, reading):
                doubtful = kept[2]
            else:
                doubtful = {(col, row): f"the kit's looks see {_named(token)} there"
                            for (col, row), (token, _) in zip(cells, self._judge(view, cells, familiar_only=True))
                            if token != tokens[(board, col, row)]}
                if image is not None:   # and where the kit's solids do not clearly fit the kind read
                    pieces = [cell for cell in sure if cell not in doubtful]
                    standing = [cell for cell in cells if len(tokens[(board, *cell)]) == 2]
                    fitted = self._fits(image, view, [tokens[(board, *cell)] for cell in pieces], pieces, standing)
                    for cell, fits in zip(pieces, fitted):
                        unclear = kit_fit_doubt(fits, tokens[(board, *cell)], self.settings.kit_sure_overlap,
                                                self.settings.kit_sure_margin)
                        if unclear:
                            doubtful[cell] = unclear
                self._checked[board] = (view.place, (cells, reading), doubtful)
            for cell in set(doubtful) & set(sure):
                probabilities[(board, *cell)] = min(probabilities[(board, *cell)], cap)
                reasons[(board, *cell)] = doubtful[cell]
        return reasons

    def _fits(self, image, view: BoardView, read: list[str], cells: list[tuple[int, int]],
              others: list[tuple[int, int]] = (), by_kind: bool = False, grounds: dict | None = None) -> list[dict[str, float]]:
        """Each piece's kind -> how well that kind's taught solid covers its silhouette (the best over the
        photos taught; `by_kind`: each kind's one solid over all countries); an empty dict where its country has
        no solids. `others`: cells where other pieces stand; `grounds`: every cell's token, where the inks a paint's
        shaded faces are named lie printed."""
        owners = [CLASS_INDEX[COUNTRY_BY_INITIAL[token[1]].value] for token in read]
        unseen = [()] * len(cells)
        if by_kind and self.settings.fit_lookalikes and grounds:
            # Taught, a paint whose shaded faces the board's inks name counts in those inks too; cells printed in
            # them are left out, or the forest about a green piece would be its body.
            inks = {index: {Ground[CLASSES[i].upper()].value for i in self.lookalikes.get(index, ()) if i != index}
                    for index in set(owners)}
            unseen = [[cell for cell, token in grounds.items() if token in inks[owner]] for owner in owners]
            owners = [self.lookalikes.get(owner, owner) for owner in owners]
        results: list[dict[str, float]] = [{} for _ in cells]
        sets = [[self.kind_solids] if by_kind else self.solids.get(token[1]) or next(iter(self.solids.values()), [])
                for token in read]
        windows: dict[tuple, list] = {}   # the same cells' windows serve every photo's solids
        for number in range(max((len(options) for options in sets), default=0)):
            chosen = [i for i, options in enumerate(sets) if number < len(options)]
            if tuple(chosen) not in windows:
                windows[tuple(chosen)] = piece_windows(image, view, [cells[i] for i in chosen], [owners[i] for i in chosen],
                                                       self.table, self.settings.fit, others, [unseen[i] for i in chosen])
            fits = window_overlaps(windows[tuple(chosen)], [sets[i][number] for i in chosen], view, self.settings.fit)
            for i, fit in zip(chosen, fits):
                for kind, value in fit.items():
                    results[i][kind] = max(results[i].get(kind, 0.0), value)
        return results

    def _judge(self, view: BoardView, cells: list[tuple[int, int]], familiar_only: bool = False,
               strict: frozenset = frozenset()) -> list[tuple[str, float]]:
        """(token, confidence) of each cell on a road: a bare road, or the piece it holds. Cells are
        judged from the camera outwards; a look point inside the outline of a piece already found in
        front of it, or (for a piece's own column) behind it, is hidden and counts for nothing."""
        s = self.settings
        grid = np.array([[view.origin[0] + col + 0.5, view.origin[1] + row + 0.5] for col, row in cells])
        centres = cv2.perspectiveTransform(grid.reshape(-1, 1, 2), view.grid_to_sheet).reshape(-1, 2)
        sheet_to_image = view.grid_to_image @ np.linalg.inv(view.grid_to_sheet)
        image_to_view = _image_to_view(view)
        named = self.table.classify(view.paper_relative)

        def classes_at(pixels):
            points = cv2.perspectiveTransform(pixels.reshape(-1, 1, 2).astype(np.float64), image_to_view).reshape(-1, 2)
            height, width = named.shape
            xi = np.clip(np.rint(points[:, 0]).astype(int), 0, width - 1)
            yi = np.clip(np.rint(points[:, 1]).astype(int), 0, height - 1)
            return named[yi, xi].reshape(pixels.shape[:-1])

        def any_paint(classes):
            return np.isin(classes, PLAYER_INDEX).astype(np.float32)

        pixels, classes, _ = read_looks(classes_at, any_paint, sheet_to_image, view.camera, centres, ISLAND_CELL_MM,
                                        s.looks)
        eye = view.camera.position[:2]
        order = np.argsort(np.linalg.norm(centres - eye, axis=1))
        judged: dict[int, tuple[str, float]] = {}
        outlines: dict[int, np.ndarray] = {}
        for index in order:                      # nearest first: what stands in front is known
            known = self._unhidden(pixels[index], outlines.values())
            judged[index] = self._one(classes[index], known, familiar_only, cells[index] in strict)
            token = judged[index][0]
            if token != ROAD:
                outlines[index] = self._outline(view, centres[index], token[0])
        for index, outline in outlines.items():   # a piece's column again, without the pieces behind it
            others = [o for i, o in outlines.items() if i != index]
            judged[index] = self._one(classes[index], self._unhidden(pixels[index], others), familiar_only,
                                      cells[index] in strict)
        return [judged[index] for index in range(len(cells))]

    def _one(self, point_classes: np.ndarray, known: np.ndarray, familiar_only: bool = False,
             strict: bool = False) -> tuple[str, float]:
        """The cell's token and how sure; with `familiar_only`, a look far from every taught one is "?"; `strict`:
        a cell the network read as bare ground holds a piece only where its base shows paint widely."""
        s = self.settings
        base, base_known = point_classes[:s.looks.base_count], known[:s.looks.base_count]
        if base_known.mean() < s.min_known_base:
            return ROAD, s.hidden_confidence
        painted = [paint_class[base] for paint_class in self._paint_classes[strict]]
        counts = np.array([(paint * base_known).sum() / base_known.sum() for paint in painted])
        owner = int(counts.argmax())
        if counts[owner] < (s.missed_base_share if strict else s.min_base_share):
            return ROAD, s.bare_confidence if counts[owner] < s.doubtful_bare_share else s.doubtful_bare_confidence
        shares = (point_classes == PLAYER_INDEX[owner]).astype(np.float32)
        shares[:s.looks.base_count] = painted[owner]
        found = self.book.match(shares, known)
        token = ROAD if found.label == ROAD else found.label + PLAYER_CLASSES[owner][0]
        if familiar_only and found.distance > s.looks.unfamiliar:
            return UNFAMILIAR, found.confidence
        return token, found.confidence

    @staticmethod
    def _unhidden(pixels: np.ndarray, outlines) -> np.ndarray:
        hidden = np.zeros(len(pixels), bool)
        for outline in outlines:
            hidden |= inside_convex(pixels, outline)
        return (~hidden).astype(np.float32)

    def _outline(self, view: BoardView, centre: np.ndarray, kind: str) -> np.ndarray:
        """The picture outline of a box as wide as a piece may be and as tall as the kind was taught."""
        half = self.settings.piece_width_share * ISLAND_CELL_MM / 2
        corners = centre + np.array([[-half, -half], [half, -half], [half, half], [-half, half]])
        low = view.camera.project_raised(corners, 0.0)
        high = view.camera.project_raised(corners, self.heights.get(kind, max(self.settings.looks.heights_mm)))
        return cv2.convexHull(np.vstack([low, high]).astype(np.float32)).reshape(-1, 2).astype(np.float64)


def kit_pieces() -> "TaughtPieces | None":
    """The kit's own pieces' looks, or None when the file is not there."""
    if not KIT_LOOKS_FILE.exists():
        return None
    return TaughtPieces(_kit_looks(KIT_LOOKS_FILE.stat().st_mtime_ns), KIT_SETTINGS)


# Untaught, the kit's paints are named as when the untaught check's limits (kit_sure_margin, ...) were set: the
# shaded faces' wider chroma the taught reader allows moved a cell to confidently wrong on tuning seeds 6000-6029.
KIT_SETTINGS = TaughtSettings(colour=ColourSettings(saturations=(1.2, 1.0, 0.8)))


@lru_cache(maxsize=1)
def _kit_looks(modified_ns: int) -> PieceLooks:
    """The kit's looks file, parsed once while it stays unchanged: every new reader checks its pieces against it."""
    return PieceLooks.load(KIT_LOOKS_FILE, "cannonball-colony")


def _kind_solids(pieces: dict) -> dict:
    """Each kind's solid as all its countries' pieces showed it: one group's forts are one shape, painted in
    each country's colour, so the median width and height over them is steadier than any one square's."""
    from collections import Counter

    from companion.vision.piece_solids import Solid

    by_kind: dict[str, list] = {}
    for label, squares in pieces.items():
        by_kind.setdefault(label[0], []).extend(square.solid for square in squares if square.solid is not None)
    return {kind: Solid(Counter(s.shape for s in solids).most_common(1)[0][0], float(np.median([s.width_mm for s in solids])),
                        float(np.median([s.height_mm for s in solids])), Counter(s.top for s in solids).most_common(1)[0][0])
            for kind, solids in by_kind.items() if solids}


def _taught_height(looks: list[np.ndarray], settings: TaughtSettings) -> float:
    """The highest look point at which the kind's paint showed in most of its taught looks' columns."""
    column = np.array(looks)[:, settings.looks.base_count:].reshape(len(looks), len(settings.looks.heights_mm), -1)
    showing = np.median(column.mean(axis=2), axis=0) >= settings.taught_height_share
    heights = [h for h, shown in zip(settings.looks.heights_mm, showing) if shown]
    return max(heights) if heights else settings.looks.heights_mm[0]


def _image_to_view(view: BoardView) -> np.ndarray:
    """Picture px -> the rectified view's px."""
    s, m = view.settings.px_per_cell, view.settings.margin_cells
    grid_to_view = np.array([[s, 0, (m - view.origin[0]) * s - 0.5], [0, s, (m - view.origin[1]) * s - 0.5], [0, 0, 1]])
    return grid_to_view @ np.linalg.inv(view.grid_to_image)


def _named(token: str) -> str:
    """A judged token in words, for a doubt's reason."""
    if token == UNFAMILIAR:
        return "a look like none of the kit's pieces"
    if token == ROAD:
        return "a bare road"
    return f"a {KIND_WORDS[token[0]]} of {COUNTRY_BY_INITIAL[token[1]].value}"


def _is_piece(label: str) -> bool:
    return len(label) == 2 and label[0] in {kind.value for kind in PieceKind} and label[1] in COUNTRY_BY_INITIAL


def _on_road(token: str) -> bool:
    return token == ROAD or len(token) == 2

"""The island read with a group's own pieces, as taught on the teaching sheet (`companion calibrate pieces`).

Teaching gives each country's paint under this light and camera, and each kind's look
(calibration.pieces). The paint replaces the kit's player colours in the colour table, so a
piece's pixels are named by its owner; then every cell the network reads as a road or a piece
is looked at again at its look points (camera/look_judge.py): the country whose paint shows most at
its base owns the piece, and the taught look it is nearest to gives its kind. A look far from every
taught one keeps a low confidence: the players are asked. Untaught, the kit's own pieces taught the
same way check the network's (camera/untaught_check.py).

With the picture, shape and size decide the kind (camera/piece_fit.py): one solid per kind, the median
of what all its countries' squares showed (a group's forts are one shape in four paints), is laid over
each piece's silhouette, and the kind that covers it clearly best is taken; how lightness spreads over the
silhouette (a cube's lit top and dark side, a disc's one tone) is weighed against each kind's taught shading
too (companion/vision/piece_shading.py), and so is how much lighter the top face is than the sides where each
kind's solid puts them (companion/vision/piece_faces.py). Cells read as bare ground
where a piece's paint covers the base and a taught solid fits are pieces the network never learned to
see. A paint whose shaded faces the board's inks name (green paint and the forest) counts as that
paint on a road cell's base.
"""

from __future__ import annotations

from copy import copy as _copy
from dataclasses import replace

import numpy as np

from calibration.pieces import EMPTY_LABEL, PieceLooks
from companion.games.cannonball_colony.camera.board_view import BoardView
from companion.games.cannonball_colony.camera.kind_choice import choose_kind
from companion.games.cannonball_colony.camera.kit_colours import KIT_COLOURS
from companion.games.cannonball_colony.camera.land_doubt import land_ink_share, unlike_its_ink
from companion.games.cannonball_colony.camera.look_judge import PLAYER_INDEX, ROAD, LookJudge, named, on_road
from companion.games.cannonball_colony.camera.piece_fit import piece_windows, window_fits
from companion.games.cannonball_colony.camera.taught_paint import country_paint
from companion.games.cannonball_colony.camera.taught_settings import TaughtSettings
from companion.games.cannonball_colony.cells import COUNTRY_BY_INITIAL, Ground, PieceKind
from companion.games.cannonball_colony.kit.boards import ISLAND_CELLS
from companion.vision.colour_classes import CLASS_INDEX, CLASSES, PLAYER_CLASSES, ColourTable, default_references
from companion.vision.piece_faces import contrast_gap
from companion.vision.piece_looks import LookBook
from companion.vision.piece_shading import shading_gap

LAND = frozenset(ground.value for ground in (Ground.GRASS, Ground.FOREST, Ground.LAKE, Ground.MOUNTAIN))
GROUND_WORDS = {ground.value: ground.name.lower() for ground in Ground}
TERRAIN_INDEX = tuple(CLASS_INDEX[name] for name in ("grass", "forest", "lake", "mountain"))


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
            painted = country_paint([square for label, squares in pieces.items() if label[1] == initial
                                     for square in squares], settings.paint)
            if painted.paint is not None:
                self.references[country_class] = painted.paint[::-1]   # BGR -> RGB
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
        # A kind's shape is its squares', those whose look was too like another kind's too (they were measured).
        shaped = ({label: squares for label, squares in looks.shaped().items() if _is_piece(label)}
                  if settings.shapes_of_alike else pieces)
        self.kind_solids = _kind_solids(shaped, settings.least_solid_fit)
        # Each country's taught solids, one set per photo: kind -> Solid (calibration.pieces fits them); a height
        # a photo from nearly overhead did not measure is the kind's from the photos that did, when one did.
        measured = {label[0] for label, squares in pieces.items()
                    for s in squares if s.solid is not None and s.height_measured}
        self.solids: dict[str, list[dict]] = {}
        for label, squares in pieces.items():
            for number, square in enumerate(s for s in squares if s.solid is not None):
                sets = self.solids.setdefault(label[1], [])
                sets += [{} for _ in range(number + 1 - len(sets))]
                borrowed = not square.height_measured and label[0] in measured
                sets[number][label[0]] = (replace(square.solid, height_mm=self.kind_solids[label[0]].height_mm)
                                          if borrowed else square.solid)
        # Each kind's taught shadings, all its countries' (one group's cannons are one shape in four paints).
        self.shadings: dict[str, list[np.ndarray]] = {}
        for label, squares in shaped.items():
            taught = [square.shading for square in squares if square.shading is not None]
            if taught:
                self.shadings.setdefault(label[0], []).extend(taught)
        # And each kind's taught contrasts of top face and sides.
        self.face_contrasts: dict[str, list[float]] = {}
        for label, squares in shaped.items():
            self.face_contrasts.setdefault(label[0], []).extend(
                square.face_contrast for square in squares if square.face_contrast is not None)
        self.lookalikes = self._lookalikes(pieces)
        # Which classes count as each player's paint (its lookalikes too, or strictly its own): a lookup per cell.
        every_class = np.arange(len(CLASSES))
        self._paint_classes = {strict: [np.isin(every_class, [index] if strict else self.lookalikes.get(index, [index]))
                                        for index in PLAYER_INDEX] for strict in (False, True)}
        self.judge = LookJudge(self.table, LookBook(self.looks, settings.looks), self._paint_classes, self.heights, settings)
        self._revised: dict[int, tuple] = {}   # board -> (its place, the network's reading, the cells revised)
        self.unlearned = tuple(sorted(label for label in looks.problems() if label != EMPTY_LABEL))

    def fresh(self) -> "TaughtPieces":
        """The same taught pieces with nothing kept from reading: what a new reader starts from, without working the
        looks out again (the untaught check's kit pieces serve every reader)."""
        copy = _copy(self)
        copy._revised = {}
        copy.judge = LookJudge(self.table, self.judge.book, self._paint_classes, self.heights, self.settings)
        return copy

    def _lookalikes(self, pieces: dict) -> dict[int, np.ndarray]:
        """Country class -> the classes its taught pieces' own points were named, besides its own, often enough
        (a green paint's shaded faces are the forest's ink): on a road cell's base they are that paint too."""
        seen: dict[int, list[np.ndarray]] = {}
        for label, squares in pieces.items():
            owner = CLASS_INDEX[COUNTRY_BY_INITIAL[label[1]].value]
            for square in squares:
                shown = square.shares > 0.5
                if shown.any():
                    seen.setdefault(owner, []).append(self.table.classify(square.balanced[None].astype(np.float32))[0][shown])
        found = {}
        for owner, classes in seen.items():
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
                 if on_road(tokens.get((board, col, row), ""))]
        reasons: dict = {}
        # Pieces that no paint in view vouches for: a bare road the looks saw paint on, a hidden base the network saw a
        # piece on. A taught solid must stand in their silhouette, or they are a road.
        unvouched = set()
        if cells:
            for (col, row), (token, confidence, _, hidden, base_paint) in zip(cells, self.judge.judge(view, cells)):
                key = (board, col, row)
                network = tokens[key]
                if hidden and s.keep_network_when_hidden:   # the looks cannot tell: the network's reading, unsure
                    token = network
                    reasons[key] = f"its base is hidden behind a piece in front; the network saw {named(network)}"
                elif token == ROAD and network == ROAD and s.little_paint_share <= base_paint < s.doubtful_bare_share:
                    card = land_ink_share(view, col, row, ROAD)
                    if card < s.little_paint_card_share:   # a piece painted near the card's colour, its body over the card
                        confidence = min(confidence, s.doubtful_bare_confidence)
                        reasons[key] = (f"its base shows a country's paint on {base_paint:.2f} of its points and its "
                                        f"middle the road card on {card:.2f}: a bare road, or a piece painted like the card")
                elif token == ROAD and len(network) == 2 and not hidden:
                    card = land_ink_share(view, col, row, ROAD)
                    if card < s.bare_road_least_card:   # no paint at its base, yet the card does not show through either
                        token, confidence = network, min(confidence, s.disputed_confidence)
                        reasons[key] = (f"the taught looks see no paint at its base, but its middle shows only {card:.2f} "
                                        f"of the road card; the network saw {named(network)}")
                elif len(token) == 2 and network == ROAD and not hidden:
                    card = land_ink_share(view, col, row, ROAD)
                    if card >= s.bare_road_card_share:   # the card shows through where the paint was named: no piece
                        token, confidence = ROAD, min(confidence, s.disputed_confidence)
                        reasons[key] = (f"the taught looks see paint at its base, but its middle shows {card:.2f} of the "
                                        "road card: read as the bare road")
                if len(token) == 2 and (hidden or network == ROAD):
                    unvouched.add((col, row))
                if token != network:   # the network saw otherwise: ask rather than trust either
                    confidence = min(confidence, s.disputed_confidence)
                    reasons[key] = f"the network saw {named(network)}, the taught looks {named(token)}"
                tokens[key] = token
                probabilities[key] = confidence
        if image is None:
            return reasons
        if s.find_missed:
            self._find_missed(image, view, board, tokens, probabilities)
        if s.doubt_standing_land:
            standing, seen = self._doubt_standing_land(view, board, tokens, probabilities)
            reasons.update(standing)
            if s.read_standing_land:
                self._read_standing_land(image, view, board, tokens, probabilities, seen, reasons)
        pieces = [cell for cell in cells if len(tokens[(board, *cell)]) == 2]
        grounds = {(col, row): tokens[(board, col, row)] for row in range(ISLAND_CELLS) for col in range(ISLAND_CELLS)}
        fitted = self.fits_and_shading(image, view, [tokens[(board, *cell)] for cell in pieces], pieces, by_kind=True,
                                       grounds=grounds, by_print=True)
        # Whether a taught solid stands in the paint seen is asked of the paint alone: what is not the print may be
        # the shadow or the neighbour that made the looks see paint.
        checked = [cell for cell in pieces if cell in unvouched]
        vouched = dict(zip(checked, self.fits(image, view, [tokens[(board, *cell)] for cell in checked], checked, pieces,
                                              by_kind=True, grounds=grounds)))
        for cell, (fits, gaps, face_gaps) in zip(pieces, fitted):
            if not fits:
                continue
            key = (board, *cell)
            painted = max(vouched.get(cell, {}).values(), default=1.0)
            if painted < s.road_piece_min_fit:
                tokens[key] = ROAD   # paint on a bare road that no taught solid stands in: the card, a shadow, a neighbour
                probabilities[key] = min(probabilities[key], s.disputed_confidence)
                reasons[key] = f"{reasons.get(key, 'the taught looks see paint')}, but no taught solid fits it ({painted:.2f})"
                continue
            choice = choose_kind(fits, tokens[key][0], s.kinds, gaps, face_gaps)
            tokens[key] = choice.kind + tokens[key][1]
            reason = choice.reason if not choice.sure or view.cell_px >= s.least_kind_cell_px else (
                f"its board's cells show {view.cell_px:.0f} px across, too few to tell its kind by shape")
            if reason:
                probabilities[key] = min(probabilities[key], s.unsure_confidence)
                reasons[key] = "; ".join(filter(None, (reasons.get(key), reason)))
        return reasons

    def _find_missed(self, image, view: BoardView, board: int, tokens: dict, probabilities: dict) -> None:
        """Cells read as bare ground (a road, or land a piece of an unseen look was taken for) where a piece's
        paint covers the base and one of the taught solids fits what shows: that piece, and not sure of it."""
        s = self.settings
        every = [(col, row) for row in range(ISLAND_CELLS) for col in range(ISLAND_CELLS)]
        bare = frozenset(cell for cell in every if len(tokens[(board, *cell)]) != 2
                         and tokens[(board, *cell)] != Ground.SEA.value)
        cells = [cell for cell in every if cell in bare or len(tokens[(board, *cell)]) == 2]
        found = [(cell, judged.token) for cell, judged in zip(cells, self.judge.judge(view, cells, strict=bare))
                 if cell in bare and len(judged.token) == 2]
        if not found:
            return
        standing = [cell for cell in every if len(tokens[(board, *cell)]) == 2] + [cell for cell, _ in found]
        grounds = {cell: tokens[(board, *cell)] for cell in every}
        fitted = self.fits(image, view, [token for _, token in found], [cell for cell, _ in found], standing,
                           by_kind=True, grounds=grounds)
        for (cell, token), fits in zip(found, fitted):
            if fits and max(fits.values()) >= s.missed_fit_overlap:
                tokens[(board, *cell)] = choose_kind(fits, token[0], s.kinds).kind + token[1]
                probabilities[(board, *cell)] = min(s.unsure_confidence, probabilities[(board, *cell)])

    def _doubt_standing_land(self, view: BoardView, board: int, tokens: dict, probabilities: dict) -> tuple[dict, dict]:
        """Cells read as bare land, sure, where the taught looks see a piece: its base shows a country's paint (its
        lookalike inks counted) and the column above it that paint, pieces in front set aside. The network or the
        looks are wrong, and the picture does not say which: unsure, and why. (The cells doubted -> why, and -> the
        piece the looks see.)"""
        s = self.settings
        every = [(col, row) for row in range(ISLAND_CELLS) for col in range(ISLAND_CELLS)]
        land = [cell for cell in every if tokens[(board, *cell)] in LAND and probabilities[(board, *cell)] > s.unsure_confidence]
        if not land:
            return {}, {}
        cells = land + [cell for cell in every if len(tokens[(board, *cell)]) == 2]
        reasons, seen = {}, {}
        for cell, judged in zip(cells, self.judge.judge(view, cells)):
            if cell in land and len(judged.token) == 2 and judged.column >= s.standing_column_share:
                key = (board, *cell)
                probabilities[key] = min(probabilities[key], s.unsure_confidence)
                reasons[key] = (f"the network saw {GROUND_WORDS[tokens[key]]}, the taught looks {named(judged.token)} "
                                f"(its paint on {judged.column:.2f} of the points above the cell)")
                seen[key] = judged.token
        return reasons, seen

    def _read_standing_land(self, image, view: BoardView, board: int, tokens: dict, probabilities: dict, seen: dict,
                            reasons: dict) -> None:
        """Of the cells read as land where the taught looks see a piece standing (`seen`: key -> that piece), those
        whose middle is not the land's ink either (too little of it named, or its colour another paint's,
        camera/land_doubt.py): that piece on its road tile, its kind as the taught solids choose it, and not sure."""
        s = self.settings
        every = [(col, row) for row in range(ISLAND_CELLS) for col in range(ISLAND_CELLS)]
        land = [(board, *cell) for cell in every if tokens[(board, *cell)] in LAND]
        unlike = unlike_its_ink({board: view}, tokens, land, list(seen), s.standing_least_ink, s.standing_paint_shift)
        found = [key for key in seen if key in unlike]
        if not found:
            return
        grounds = {cell: tokens[(board, *cell)] for cell in every}
        grounds.update((key[1:], ROAD) for key in found)   # a piece stands on a road tile
        standing = [cell for cell in every if len(grounds[cell]) == 2] + [key[1:] for key in found]
        fitted = self.fits(image, view, [seen[key] for key in found], [key[1:] for key in found], standing,
                           by_kind=True, grounds=grounds)
        for key, fits in zip(found, fitted):
            kind = choose_kind(fits, seen[key][0], s.kinds).kind if fits else seen[key][0]
            tokens[key] = kind + seen[key][1]
            probabilities[key] = min(probabilities[key], s.unsure_confidence)
            reasons[key] = f"{reasons[key]}; {unlike[key]}: read as that piece"

    def fits(self, image, view: BoardView, read: list[str], cells: list[tuple[int, int]],
             others: list[tuple[int, int]] = (), by_kind: bool = False, grounds: dict | None = None) -> list[dict[str, float]]:
        """Each piece's kind -> how well that kind's taught solid covers its silhouette (the best over the
        photos taught; `by_kind`: each kind's one solid over all countries); an empty dict where its country has
        no solids. `others`: cells where other pieces stand; `grounds`: every cell's token, where the inks a paint's
        shaded faces are named lie printed."""
        return [fits for fits, _, _ in self.fits_and_shading(image, view, read, cells, others, by_kind, grounds,
                                                             shaded=False)]

    def fits_and_shading(self, image, view: BoardView, read: list[str], cells: list[tuple[int, int]],
                         others: list[tuple[int, int]] = (), by_kind: bool = False,
                         grounds: dict | None = None, by_print: bool = False, shaded: bool = True
                         ) -> list[tuple[dict[str, float], dict[str, float | None], dict[str, float | None]]]:
        """fits()'s, each with kind -> how far the piece's shading is from that kind's nearest taught one
        (companion.vision.piece_shading; an empty dict when the piece's silhouette has none to compare), and kind ->
        how far its top face's contrast with its sides, where that kind's solid puts them, is from the kind's taught
        ones (companion.vision.piece_faces; None where either has none). `by_print`: what is not the board's print, as
        `grounds` give it, counts in the silhouettes too (camera/piece_fit.py, for choosing kinds). Not `shaded`: the
        fits alone, the shading and faces not worked out (their dicts empty)."""
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
        gaps: list[dict[str, float | None]] = [{} for _ in cells]
        face_gaps: list[dict[str, float | None]] = [{} for _ in cells]
        for number in range(max((len(options) for options in sets), default=0)):
            chosen = [i for i, options in enumerate(sets) if number < len(options)]
            if tuple(chosen) not in windows:
                windows[tuple(chosen)] = piece_windows(image, view, [cells[i] for i in chosen], [owners[i] for i in chosen],
                                                       self.table, self.settings.fit, others, [unseen[i] for i in chosen],
                                                       shaded=shaded and by_kind and bool(self.shadings),
                                                       grounds=grounds if by_print else None)
            fits = window_fits(windows[tuple(chosen)], [sets[i][number] for i in chosen], view, self.settings.fit)
            for i, fit, seen in zip(chosen, fits, windows[tuple(chosen)]):
                for kind, (value, _) in fit.items():
                    results[i][kind] = max(results[i].get(kind, 0.0), value)
                if seen.shading is not None and self.shadings:
                    gaps[i] = {kind: shading_gap(seen.shading, self.shadings.get(kind, [])) for kind in fit}
                if shaded and by_kind and self.face_contrasts:
                    face_gaps[i] = {kind: contrast_gap(contrast, self.face_contrasts.get(kind, []))
                                    for kind, (_, contrast) in fit.items()}
        return list(zip(results, gaps, face_gaps))


def _kind_solids(pieces: dict, least_fit: float = 0.0) -> dict:
    """Each kind's solid as all its countries' pieces showed it: one group's forts are one shape, painted in
    each country's colour, so the median width and height over them is steadier than any one square's. Its
    height is the median over the squares whose height was measured (a photo from nearly overhead measures
    none), when there are any. A square whose solid covered its silhouette under `least_fit` (its piece mostly
    hidden behind the one in front of it on the sheet) is left out when the kind has a square fitted better."""
    from collections import Counter

    from companion.vision.piece_solids import Solid

    by_kind: dict[str, list] = {}
    for label, squares in pieces.items():
        by_kind.setdefault(label[0], []).extend(square for square in squares if square.solid is not None)
    kinds = {}
    for kind, squares in by_kind.items():
        squares = [square for square in squares if square.solid_fit is None or square.solid_fit >= least_fit] or squares
        if not squares:
            continue
        solids = [square.solid for square in squares]
        tall = [square.solid for square in squares if square.height_measured] or solids
        kinds[kind] = Solid(Counter(s.shape for s in solids).most_common(1)[0][0], float(np.median([s.width_mm for s in solids])),
                            float(np.median([s.height_mm for s in tall])), Counter(s.top for s in solids).most_common(1)[0][0])
    return kinds


def _taught_height(looks: list[np.ndarray], settings: TaughtSettings) -> float:
    """The highest look point at which the kind's paint showed in most of its taught looks' columns."""
    column = np.array(looks)[:, settings.looks.base_count:].reshape(len(looks), len(settings.looks.heights_mm), -1)
    showing = np.median(column.mean(axis=2), axis=0) >= settings.taught_height_share
    heights = [h for h, shown in zip(settings.looks.heights_mm, showing) if shown]
    return max(heights) if heights else settings.looks.heights_mm[0]


def _is_piece(label: str) -> bool:
    return len(label) == 2 and label[0] in {kind.value for kind in PieceKind} and label[1] in COUNTRY_BY_INITIAL


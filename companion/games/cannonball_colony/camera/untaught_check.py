"""Untaught: every piece the network is sure of, checked against the kit's own pieces.

The kit's pieces were taught from renders of the teaching sheet (benchmarks/taught_accuracy.py --kit-looks,
camera/kit_looks.json). Where their looks name another piece or kind there, or see none, or where the kit's
solid of the kind read does not fit the piece closely and clearly better than its other kinds, the network's
kind is not trusted: the reading keeps a low confidence and says why, so the players are asked.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from calibration.pieces import PieceLooks
from companion.games.cannonball_colony.camera.board_view import BoardView
from companion.games.cannonball_colony.camera.kind_choice import kit_fit_doubt
from companion.games.cannonball_colony.camera.look_judge import named, on_road
from companion.games.cannonball_colony.camera.taught import TaughtPieces
from companion.games.cannonball_colony.camera.taught_settings import TaughtSettings
from companion.games.cannonball_colony.kit.boards import ISLAND_CELLS
from companion.vision.colour_classes import ColourSettings

KIT_LOOKS_FILE = Path(__file__).with_name("kit_looks.json")
# Untaught, the kit's paints are named as when the untaught check's limits (kit_sure_margin, ...) were set: the
# shaded faces' wider chroma the taught reader allows moved a cell to confidently wrong on tuning seeds 6000-6029.
KIT_SETTINGS = TaughtSettings(colour=ColourSettings(saturations=(1.2, 1.0, 0.8)))


class KitPieces:
    """The kit's own pieces as taught, checking what the network read."""

    def __init__(self, pieces: TaughtPieces):
        self.pieces = pieces
        self._checked: dict[int, tuple] = {}   # board -> (its place, the cells read, the doubtful ones)

    def doubt(self, views: dict[int, BoardView], tokens: dict, probabilities: dict, image=None) -> dict:
        """Every piece the network is sure of, checked against the kit's looks; where they name another piece or
        kind, or see none, the reading keeps at most `doubt_confidence` (the players are asked). The cells doubted,
        (board, col, row) -> why."""
        settings = self.pieces.settings
        cap = settings.doubt_confidence
        reasons = {}
        for board, view in views.items():
            cells = [(col, row) for row in range(ISLAND_CELLS) for col in range(ISLAND_CELLS)
                     if on_road(tokens.get((board, col, row), ""))]
            sure = [cell for cell in cells if len(tokens[(board, *cell)]) == 2 and probabilities[(board, *cell)] > cap]
            if not sure:
                continue
            # While a board lies still and reads the same, its pieces were checked already (a stream's frames).
            reading = tuple(tokens[(board, *cell)] for cell in cells)
            kept = self._checked.get(board)
            if kept is not None and kept[0] is view.place and view.place is not None and kept[1] == (cells, reading):
                doubtful = kept[2]
            else:
                doubtful = {(col, row): f"the kit's looks see {named(token)} there"
                            for (col, row), (token, *_) in zip(cells, self.pieces.judge.judge(view, cells, familiar_only=True))
                            if token != tokens[(board, col, row)]}
                if image is not None:   # and where the kit's solids do not clearly fit the kind read
                    pieces = [cell for cell in sure if cell not in doubtful]
                    standing = [cell for cell in cells if len(tokens[(board, *cell)]) == 2]
                    fitted = self.pieces.fits(image, view, [tokens[(board, *cell)] for cell in pieces], pieces, standing)
                    for cell, fits in zip(pieces, fitted):
                        unclear = kit_fit_doubt(fits, tokens[(board, *cell)], settings.kit_sure_overlap,
                                                settings.kit_sure_margin)
                        if unclear:
                            doubtful[cell] = unclear
                self._checked[board] = (view.place, (cells, reading), doubtful)
            for cell in set(doubtful) & set(sure):
                probabilities[(board, *cell)] = min(probabilities[(board, *cell)], cap)
                reasons[(board, *cell)] = doubtful[cell]
        reasons.update(self._doubt_foreign_set(views, tokens, probabilities))
        return reasons

    def _doubt_foreign_set(self, views: dict[int, BoardView], tokens: dict, probabilities: dict) -> dict:
        """Where few of the island's pieces are the kit's (its looks and solids confirm few of them), the group plays
        with its own: a piece that happens to fit a kit solid closely is no surer than the rest, and is asked about."""
        settings = self.pieces.settings
        cap = settings.doubt_confidence
        pieces = [key for key, token in tokens.items() if key[0] in views and len(token) == 2]
        sure = [key for key in pieces if probabilities[key] > cap]
        if len(pieces) < settings.kit_least_island_pieces or len(sure) >= settings.kit_least_confirmed_share * len(pieces):
            return {}
        reason = (f"the kit's looks and solids confirm only {len(sure)} of the island's {len(pieces)} pieces: "
                  "the group's own pieces, whose kinds the kit cannot tell (teach them)")
        for key in sure:
            probabilities[key] = min(probabilities[key], cap)
        return dict.fromkeys(sure, reason)


def kit_pieces() -> KitPieces | None:
    """The kit's own pieces' looks, or None when the file is not there."""
    if not KIT_LOOKS_FILE.exists():
        return None
    return KitPieces(_kit_taught(KIT_LOOKS_FILE.stat().st_mtime_ns).fresh())


@lru_cache(maxsize=1)
def _kit_taught(modified_ns: int) -> TaughtPieces:
    """The kit's looks file, parsed and worked out once while it stays unchanged: every new reader checks its pieces
    against it (each with its own fresh() copy, which keeps its own readings)."""
    return TaughtPieces(PieceLooks.load(KIT_LOOKS_FILE, "cannonball-colony"), KIT_SETTINGS)

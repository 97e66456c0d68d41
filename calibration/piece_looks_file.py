"""A taught pieces file: each square of the teaching sheet as one photo showed it (SquareLook) and the whole file
(PieceLooks), saved as JSON beside the other calibration files and loaded back with every bad value named.
calibration.pieces makes them from photos; a game's reader reads them."""

from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from calibration.store import CalibrationFileError, read_json
from companion.games.excerpt import excerpt
from companion.vision.colour_classes import lab_of_linear
from companion.vision.piece_looks import LookSettings
from companion.vision.piece_solids import Solid

FILE_KIND = "piece-looks"
LEARNED, EMPTY, NOT_IN_VIEW, NOT_EMPTY = "learned", "empty", "not in view", "not empty"
ALIKE = "too like"   # a status: "too like <label>", the square's look too near another label's to tell them apart


@dataclass(frozen=True)
class SquareLook:
    """One square of one photo: its status and, when learned, what its look points showed."""

    label: str
    status: str
    photo: str
    balanced: np.ndarray | None = None     # (points, 3) linear BGR relative to the paper
    shares: np.ndarray | None = None       # (points,) 1 where a point showed a piece
    solid: Solid | None = None             # the piece's width and height, fitted to its silhouette
    top_view: np.ndarray | None = None     # (h, w, 3) uint8 BGR: the square from straight above, paper TOP_VIEW_PAPER
    top_view_px_per_mm: float = 0.0
    shading: np.ndarray | None = None      # how lightness spreads over its silhouette (companion.vision.piece_shading)
    face_contrast: float | None = None     # how much lighter its top face is than its sides (companion.vision.piece_faces)
    height_measured: bool = True           # False: the photo was taken from nearly overhead, the solid's height a guess
    solid_fit: float | None = None         # how well the solid covered the piece's silhouette (0..1); None: not recorded

    @property
    def learned(self) -> bool:
        return self.status == LEARNED

    @property
    def alike(self) -> bool:
        """Not learned only because its look is too like another label's: its piece was seen and measured."""
        return self.status.startswith(ALIKE)

    def colour(self, lit_share: float = 0.4) -> np.ndarray | None:
        """The piece's paint: the median balanced BGR of the brightest `lit_share` of the points that showed
        it (faces turned to the light; its shaded faces are the same paint, darker)."""
        if self.balanced is None or self.shares is None or not (self.shares > 0.5).any():
            return None
        shown = self.balanced[self.shares > 0.5]
        luma = shown.sum(axis=1)
        return np.median(shown[luma >= np.quantile(luma, 1 - lit_share)], axis=0)

    def vivid(self, share: float = 0.2) -> np.ndarray | None:
        """The median balanced BGR of the most coloured `share` of the points that showed the piece: a coin's
        ring or dot, where colour() may give its metal face."""
        if self.balanced is None or self.shares is None or not (self.shares > 0.5).any():
            return None
        shown = self.balanced[self.shares > 0.5]
        lab = lab_of_linear(np.clip(shown[:, ::-1], 0, 1.5))
        chroma = np.hypot(lab[:, 1], lab[:, 2])
        return np.median(shown[chroma >= np.quantile(chroma, 1 - share)], axis=0)


@dataclass(frozen=True)
class PieceLooks:
    game: str
    created: str
    sources: tuple[str, ...]
    squares: tuple[SquareLook, ...]
    settings: LookSettings = field(default=LookSettings(), compare=False)
    tilts_deg: dict[str, float] = field(default_factory=dict)   # photo -> its line of sight's angle to the page's normal

    def learned(self) -> dict[str, list[SquareLook]]:
        found: dict[str, list[SquareLook]] = {}
        for square in self.squares:
            if square.learned:
                found.setdefault(square.label, []).append(square)
        return found

    def shaped(self) -> dict[str, list[SquareLook]]:
        """learned()'s squares and those left out only for a look too like another label's: their pieces' solids,
        shadings and faces were measured all the same, and two kinds alike in paint may differ in shape."""
        found: dict[str, list[SquareLook]] = {}
        for square in self.squares:
            if square.learned or square.alike:
                found.setdefault(square.label, []).append(square)
        return found

    def problems(self) -> dict[str, str]:
        """label -> why it was not learned from any photo (the last photo's reason)."""
        learned = self.learned()
        return {square.label: f"{square.status} in {square.photo}" for square in self.squares
                if square.label not in learned}

    def unmeasured_heights(self) -> list[str]:
        """Labels whose pieces have a solid but no photo measured its height (each was taken from nearly overhead)."""
        solids: dict[str, bool] = {}
        for square in self.squares:
            if square.learned and square.solid is not None:
                solids[square.label] = solids.get(square.label, False) or square.height_measured
        return [label for label, measured in solids.items() if not measured]

    def to_json(self) -> dict:
        def row(square: SquareLook) -> dict:
            entry = {"label": square.label, "status": square.status, "photo": square.photo}
            if square.balanced is not None:
                entry["balanced_bgr"] = np.round(square.balanced, 3).tolist()
                entry["shares"] = np.round(square.shares, 2).tolist()
            if square.solid is not None:
                entry["solid"] = square.solid.to_json()
                if not square.height_measured:
                    entry["height_measured"] = False
                if square.solid_fit is not None:
                    entry["solid_fit"] = square.solid_fit
            if square.shading is not None:
                entry["shading"] = np.round(square.shading, 4).tolist()
            if square.face_contrast is not None:
                entry["face_contrast"] = round(square.face_contrast, 4)
            if square.top_view is not None:
                entry["top_view_png"] = base64.b64encode(cv2.imencode(".png", square.top_view)[1].tobytes()).decode("ascii")
                entry["top_view_px_per_mm"] = square.top_view_px_per_mm
            return entry

        tilts = {"tilts_deg": dict(self.tilts_deg)} if self.tilts_deg else {}
        return {"kind": FILE_KIND, "game": self.game, "created": self.created, "sources": list(self.sources),
                **tilts, "look_points": self.settings.count, "squares": [row(s) for s in self.squares]}

    @classmethod
    def from_json(cls, data) -> PieceLooks:
        """Parsed from to_json's form; ValueError naming the key that is wrong."""
        if not isinstance(data, dict) or data.get("kind") != FILE_KIND:
            found = data.get("kind") if isinstance(data, dict) else type(data).__name__
            raise ValueError(f"expected kind {FILE_KIND!r}, found {excerpt(found)}")
        for key in ("game", "created", "squares"):
            if key not in data:
                raise ValueError(f"missing key {key!r}")
        count = LookSettings().count
        if data.get("look_points") != count:
            raise ValueError(f"look_points is {excerpt(data.get('look_points'))}, this companion reads {count}; "
                             "teach the pieces again")
        if not isinstance(data["squares"], list):
            raise ValueError(f"squares should be a list, got {excerpt(data['squares'])}")
        squares = [_square(index, entry, count) for index, entry in enumerate(data["squares"])]
        tilts = data.get("tilts_deg", {})
        if not isinstance(tilts, dict) or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                                  for v in tilts.values()):
            raise ValueError(f"tilts_deg should map each photo to a number of degrees, got {excerpt(tilts)}")
        return cls(str(data["game"]), str(data["created"]), tuple(map(str, data.get("sources", []))), tuple(squares),
                   tilts_deg={str(photo): float(tilt) for photo, tilt in tilts.items()})

    def save(self, path: Path) -> Path:
        path = Path(path)
        path.write_text(json.dumps(self.to_json(), separators=(",", ":")) + "\n", encoding="utf-8")
        return path

    @classmethod
    def load(cls, path: Path, game: str | None = None) -> PieceLooks:
        """The looks in `path`; CalibrationFileError quoting the path and the problem."""
        data = read_json(Path(path), "piece looks file")
        try:
            looks = cls.from_json(data)
        except ValueError as error:
            raise CalibrationFileError(Path(path), str(error)) from None
        if game is not None and looks.game != game:
            raise CalibrationFileError(Path(path), f"taught for {excerpt(looks.game)}, not {game}")
        return looks


def _square(index: int, entry, count: int) -> SquareLook:
    where = f"squares[{index}]"
    if not isinstance(entry, dict) or not isinstance(entry.get("label"), str) or not isinstance(entry.get("status"), str):
        raise ValueError(f"{where} should have a label and a status, got {excerpt(entry)}")
    balanced = shares = None
    if "balanced_bgr" in entry or "shares" in entry:
        try:
            balanced = np.array(entry["balanced_bgr"], np.float32)
            shares = np.array(entry["shares"], np.float32)
        except (KeyError, TypeError, ValueError):
            raise ValueError(f"{where}: balanced_bgr and shares should be lists of numbers") from None
        if balanced.shape != (count, 3) or shares.shape != (count,) or not np.isfinite(balanced).all():
            raise ValueError(f"{where}: expected {count} look points, got balanced_bgr {list(balanced.shape)}, "
                             f"shares {list(shares.shape)}")
    solid = None
    if "solid" in entry:
        try:
            solid = Solid.from_json(entry["solid"])
        except ValueError as error:
            raise ValueError(f"{where}.solid: {error}") from None
    top_view, px_per_mm = None, 0.0
    if "top_view_png" in entry:
        try:
            top_view = cv2.imdecode(np.frombuffer(base64.b64decode(entry["top_view_png"], validate=True), np.uint8),
                                    cv2.IMREAD_COLOR)
            px_per_mm = float(entry["top_view_px_per_mm"])
        except (KeyError, TypeError, ValueError, binascii.Error):
            top_view = None
        if top_view is None or not 0 < px_per_mm < 50:
            raise ValueError(f"{where}: top_view_png should be a base64 PNG with top_view_px_per_mm beside it")
    shading = None
    if "shading" in entry:
        try:
            shading = np.array(entry["shading"], np.float32)
        except (TypeError, ValueError):
            shading = None
        if shading is None or shading.ndim != 1 or not np.isfinite(shading).all():
            raise ValueError(f"{where}: shading should be a list of numbers")
    contrast = entry.get("face_contrast")
    if contrast is not None and (isinstance(contrast, bool) or not isinstance(contrast, (int, float))
                                 or not np.isfinite(contrast)):
        raise ValueError(f"{where}: face_contrast should be a number, got {excerpt(contrast)}")
    measured = entry.get("height_measured", True)   # a file written before it was recorded: taken as measured
    if not isinstance(measured, bool):
        raise ValueError(f"{where}: height_measured should be true or false, got {excerpt(measured)}")
    fit = entry.get("solid_fit")   # a file written before it was recorded: every solid trusted alike
    if fit is not None and (isinstance(fit, bool) or not isinstance(fit, (int, float)) or not 0 <= fit <= 1):
        raise ValueError(f"{where}: solid_fit should be a number from 0 to 1, got {excerpt(fit)}")
    return SquareLook(entry["label"], entry["status"], str(entry.get("photo", "")), balanced, shares, solid,
                      top_view, px_per_mm, shading, None if contrast is None else float(contrast), measured,
                      None if fit is None else float(fit))

"""Name every pixel's colour: nearest reference in Lab, after white balance, through one lookup table.

References are the kit's printed and piece colours relative to white paper: from a stored
calibration (the patch sheet as the camera saw it, divided by its own white patch) or, with
none, from the kit's palette as printed (KitColours, given by the game's camera). Pieces are lit from one side, so each colour also stands
for its shaded versions (the same chromaticity, darker); the table is built once per set of
references and maps a white-balanced pixel to a class in one indexing step.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Mapping

import cv2
import numpy as np

# Pixel classes. Terrain, road and paper are printed; players are the pieces' colours.
CLASSES = ("grass", "forest", "lake", "mountain", "road", "paper", "france", "spain", "portugal", "england",
           "dark", "other")
CLASS_INDEX = {name: index for index, name in enumerate(CLASSES)}
TERRAIN_CLASSES = ("grass", "forest", "lake", "mountain")
PLAYER_CLASSES = ("france", "spain", "portugal", "england")

LUT_LEVELS = 32
LUT_TOP = 1.25          # white-balanced linear light above this is clipped (glare on glossy pieces)
INK_FLOOR = 0.03        # black ink on matte paper still reflects a few percent


@dataclass(frozen=True)
class ColourSettings:
    # Shading a colour may take and still count as that colour. Paper lies flat; a piece's
    # faces turned to the lamp catch up to twice its light (and glossy highlights), faces
    # turned away and cast shadows down to a quarter. Measured on a blue ship in warm light:
    # L* 55 against the ink's 31, at about half its chroma.
    shades: tuple[float, ...] = (2.2, 1.6, 1.2, 1.0, 0.82, 0.66, 0.52, 0.4, 0.3)
    printed_shades: tuple[float, ...] = (1.15, 1.0, 0.85, 0.7, 0.55, 0.42)
    # Webcams mute colours, and a piece's glossy faces mix in the lamp's own colour: measured on
    # rendered views, pieces showed about half their printed chroma, printed inks about 0.8.
    saturations: tuple[float, ...] = (1.0, 0.7, 0.5)
    printed_saturations: tuple[float, ...] = (1.0, 0.8)
    # Farther than this (delta E) from every shaded reference: a colour the kit does not have
    # (a hand, a sleeve, the table).
    other_distance: float = 20.0
    piece_margin: float = 4.0
    # Darker than this lightness (L*): ink, a barrel, a deep shadow: no colour can be told.
    dark_lightness: float = 14.0


def srgb_to_linear(rgb) -> np.ndarray:
    value = np.asarray(rgb, np.float64) / 255.0
    return np.where(value <= 0.04045, value / 12.92, ((value + 0.055) / 1.055) ** 2.4)


@dataclass(frozen=True)
class KitColours:
    """The kit's colours as printed, in sRGB: the ink of each of TERRAIN_CLASSES, the road
    tiles' ink, and the paint of each of PLAYER_CLASSES."""

    terrain: Mapping[str, tuple[int, int, int]]
    road: tuple[int, int, int]
    players: Mapping[str, tuple[int, int, int]]

    def __post_init__(self):
        missing = [name for name in TERRAIN_CLASSES if name not in self.terrain] + \
                  [name for name in PLAYER_CLASSES if name not in self.players]
        if missing:
            raise ValueError(f"the kit's colours lack {', '.join(missing)}")


def default_references(colours: KitColours) -> dict[str, np.ndarray]:
    """Linear RGB relative to the paper, from the palette: printed inks sit on the paper's
    reflectance floor; pieces are painted in the player colours."""
    printed = {name: INK_FLOOR + (1 - INK_FLOOR) * srgb_to_linear(colours.terrain[name]) for name in TERRAIN_CLASSES}
    printed["road"] = INK_FLOOR + (1 - INK_FLOOR) * srgb_to_linear(colours.road)
    printed["paper"] = np.ones(3)
    pieces = {name: srgb_to_linear(colours.players[name]) for name in PLAYER_CLASSES}
    return {**printed, **pieces}


def references_from_calibration(references) -> dict[str, np.ndarray]:
    """Linear RGB relative to the patch sheet's white, from calibration.colour.ColourReferences."""
    table = references.references
    missing = [name for name in ("white", "grass", "forest", "lake", "mountain", "road", *PLAYER_CLASSES)
               if name not in table]
    if missing:
        raise ValueError(f"colour references lack {', '.join(missing)}; sample the patch sheet again")
    linear = {name: _lab_to_linear_rgb(lab) for name, lab in table.items()}
    white = linear["white"]
    out = {name: linear[name] / white for name in ("grass", "forest", "lake", "mountain", "road", *PLAYER_CLASSES)}
    out["paper"] = np.ones(3)
    return out


def _lab_to_linear_rgb(lab) -> np.ndarray:
    pixel = np.array([[lab]], np.float32)
    bgr = cv2.cvtColor(pixel, cv2.COLOR_Lab2BGR)[0, 0]   # float: sRGB-encoded 0..1
    return srgb_to_linear(np.clip(bgr[::-1], 0, 1) * 255.0)


def lab_of_linear(linear_rgb: np.ndarray) -> np.ndarray:
    """Lab of linear RGB rows (white = 1,1,1 -> L 100)."""
    encoded = np.where(linear_rgb <= 0.0031308, linear_rgb * 12.92, 1.055 * np.power(np.maximum(linear_rgb, 0), 1 / 2.4) - 0.055)
    bgr = np.clip(encoded[..., ::-1], 0, 1).astype(np.float32).reshape(-1, 1, 3)
    return cv2.cvtColor(bgr, cv2.COLOR_BGR2Lab).reshape(linear_rgb.shape)


class ColourTable:
    """White-balanced linear BGR -> class index, through a LUT_LEVELS^3 table: from calibrated
    `references`, or with none from the kit's `colours` as printed."""

    def __init__(self, references: dict[str, np.ndarray] | None = None, settings: ColourSettings = ColourSettings(),
                 colours: KitColours | None = None):
        if not references and colours is None:
            raise ValueError("a colour table needs calibrated references or the kit's colours")
        self.references = references or default_references(colours)
        self.settings = settings
        self.table = _build(tuple((name, tuple(np.round(rgb, 6))) for name, rgb in self.references.items()), settings)

    def printed_lab(self) -> np.ndarray:
        """Lab of the printed references (terrain, road, paper) relative to the paper."""
        names = (*TERRAIN_CLASSES, "road", "paper")
        return lab_of_linear(np.array([self.references[n] for n in names], np.float64))

    def classify(self, balanced_bgr: np.ndarray) -> np.ndarray:
        """Class index per pixel of white-balanced linear BGR (float32, ..., 3)."""
        index = quantise(balanced_bgr)
        flat = (index[..., 2] * LUT_LEVELS + index[..., 1]) * LUT_LEVELS + index[..., 0]
        return self.flat.take(flat)   # the same as self.flat[flat], faster

    @property
    def flat(self) -> np.ndarray:
        return self.table.reshape(-1)


def quantise(balanced_bgr: np.ndarray) -> np.ndarray:
    """Linear light 0..LUT_TOP -> LUT_LEVELS steps, even in a gamma 1/2 encoding (fine where dark)."""
    scaled = np.clip(balanced_bgr, 0.0, LUT_TOP * (1 - 1e-6)) * np.float32(LUT_LEVELS ** 2 / LUT_TOP)
    return np.sqrt(scaled).astype(np.int32)


def level_values() -> np.ndarray:
    """The linear light at the centre of each quantisation step."""
    centres = (np.arange(LUT_LEVELS) + 0.5) / LUT_LEVELS
    return centres ** 2 * LUT_TOP


@lru_cache(maxsize=8)
def _build(references: tuple, settings: ColourSettings) -> np.ndarray:
    """table[r, g, b] -> class index, for quantised white-balanced linear RGB."""
    names, labs = [], []
    for name, rgb in references:
        printed = name in (*TERRAIN_CLASSES, "road", "paper")
        shades = settings.printed_shades if printed else settings.shades
        saturations = settings.printed_saturations if printed else settings.saturations
        shaded = lab_of_linear(np.array([np.asarray(rgb) * shade for shade in shades]))
        for lab in shaded:
            for saturation in saturations:
                names.append(CLASS_INDEX[name])
                labs.append((lab[0], lab[1] * saturation, lab[2] * saturation))
    reference_lab = np.array(labs)
    values = level_values()
    r, g, b = np.meshgrid(values, values, values, indexing="ij")
    grid = np.stack([r, g, b], axis=-1).reshape(-1, 3)
    grid_lab = lab_of_linear(grid)
    distance = np.linalg.norm(grid_lab[:, None, :] - reference_lab[None, :, :], axis=2)
    names = np.array(names)
    printed = np.isin(names, [CLASS_INDEX[n] for n in (*TERRAIN_CLASSES, "road", "paper")])
    # Printed colours come first: a piece's shaded or muted variant claims a colour only when
    # clearly nearer than every printed one (a dark teal is forest in shade before Portugal).
    distance[:, ~printed] += settings.piece_margin
    nearest = distance.argmin(axis=1)
    classes = names[nearest]
    classes[distance.min(axis=1) > settings.other_distance] = CLASS_INDEX["other"]
    classes[grid_lab[:, 0] < settings.dark_lightness] = CLASS_INDEX["dark"]
    return classes.reshape(LUT_LEVELS, LUT_LEVELS, LUT_LEVELS).astype(np.uint8)

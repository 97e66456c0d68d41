"""The printed colours of the kit: terrain, road tiles, players and neutrals, in sRGB."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class InkColour:
    """A named printed colour; `mark` is the short symbol printed on it for people."""

    name: str
    rgb: tuple[int, int, int]
    mark: str

    @property
    def bgr(self) -> tuple[int, int, int]:
        return self.rgb[2], self.rgb[1], self.rgb[0]

    @property
    def is_dark(self) -> bool:
        # Rec. 601 luma: decides whether text printed on this colour is white or black.
        red, green, blue = self.rgb
        return 0.299 * red + 0.587 * green + 0.114 * blue < 128


# Chosen for the camera first: the four terrains differ in hue *and* lightness, so a cast
# that shifts hue still leaves lightness to tell grass (light yellow-green) from forest
# (dark green), and a player's colour is kept apart from the terrain it resembles
# (France's deep blue against the pale lake, Portugal's emerald against both greens).
TERRAIN = {
    "g": InkColour("grass", (160, 205, 70), "G"),
    "f": InkColour("forest", (25, 85, 45), "F"),
    "l": InkColour("lake", (95, 180, 235), "L"),
    "m": InkColour("mountain", (135, 90, 55), "M"),
}
ROAD = InkColour("road", (215, 195, 150), "R")
PLAYERS = {
    "france": InkColour("france", (35, 60, 175), "Fr"),
    "spain": InkColour("spain", (245, 205, 20), "Sp"),
    "portugal": InkColour("portugal", (0, 150, 105), "Pt"),
    "england": InkColour("england", (200, 30, 40), "En"),
}
NEUTRALS = (
    InkColour("white", (255, 255, 255), "W"),
    InkColour("grey", (128, 128, 128), "50%"),
    InkColour("black", (0, 0, 0), "K"),
)

# The order of the patches on the colour reference sheet, row by row.
PATCH_COLOURS: tuple[InkColour, ...] = (
    *TERRAIN.values(), ROAD, *PLAYERS.values(), *NEUTRALS,
)


def terrain_colour(token: str) -> InkColour:
    """The ink of a terrain token g, f, l or m (the board text's own tokens)."""
    try:
        return TERRAIN[token]
    except KeyError:
        raise ValueError(f"unknown terrain {token!r}; expected one of g, f, l, m") from None


def patch_colour(name: str) -> InkColour:
    for colour in PATCH_COLOURS:
        if colour.name == name:
            return colour
    names = ", ".join(colour.name for colour in PATCH_COLOURS)
    raise ValueError(f"unknown patch colour {name!r}; expected one of {names}")

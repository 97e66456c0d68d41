"""The kit's palette as the game-free colour classes want it (companion.vision.colour_classes)."""

from __future__ import annotations

from companion.kit.palette import PLAYERS, ROAD, TERRAIN
from companion.vision.colour_classes import PLAYER_CLASSES, TERRAIN_CLASSES, KitColours

KIT_COLOURS = KitColours(
    terrain={name: TERRAIN[token].rgb for token, name in zip("gflm", TERRAIN_CLASSES)},
    road=ROAD.rgb,
    players={name: PLAYERS[name].rgb for name in PLAYER_CLASSES},
)

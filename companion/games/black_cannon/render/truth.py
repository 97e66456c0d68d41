"""The ground truth of a Black Cannon render as JSON-able data: every ship (square, kind, fleet,
knocked over, hidden by the hand), the chests, and each die (its pips, style, whether it lies flat
and whether the hand hides its top), with the board-to-picture homography."""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.black_cannon.kit import pieces as kit
from companion.games.black_cannon.render.draw import BlackCannonFrame
from companion.games.black_cannon.render.scene import BlackCannonScene, square_of

FORMAT = "companion-black-cannon-truth/1"
HIDDEN_SHARE = 0.2     # a die or a tag with this share under the hand counts as hidden


def _share_under_hand(frame: BlackCannonFrame, pixels: np.ndarray) -> float:
    mask = np.zeros(frame.hand.shape, np.uint8)
    cv2.fillConvexPoly(mask, np.round(pixels).astype(np.int32), 1)
    inside = mask.astype(bool)
    return float(frame.hand[inside].mean()) if inside.any() else 0.0


def scene_truth(scene: BlackCannonScene, frame: BlackCannonFrame) -> dict:
    camera = scene.camera
    width, height = scene.geometry.size_mm
    grid = [(x, y) for x in np.linspace(0, width, 6) for y in np.linspace(0, height, 6)]
    seen = camera.project([(*scene.to_render(p), 0.0) for p in grid])
    homography, _ = cv2.findHomography(np.float64(grid), np.float64(seen))
    ships = []
    for ship in scene.ships:
        top = kit.HULL_HEIGHT_MM[ship.kind]
        half = kit.STAND_MM[1] / 2
        ring = [(ship.centre_mm[0] + dx, ship.centre_mm[1] + dy, -top) for dx in (-half, half) for dy in (-half, half)]
        pixels = camera.project(ring)
        ships.append({"fleet": ship.fleet, "kind": ship.kind, "square": ship.square, "carrying": ship.carrying,
                      "sunk": ship.sunk, "on_square": square_of(scene, ship.centre_mm),
                      "centre_mm": [round(ship.centre_mm[0] + width / 2, 2), round(ship.centre_mm[1] + height / 2, 2)],
                      "hidden_share": round(_share_under_hand(frame, cv2.convexHull(np.float32(pixels)).reshape(-1, 2)), 3),
                      "centre_px": [round(float(v), 2) for v in camera.project([(*ship.centre_mm, -top)])[0]]})
    dice = []
    for die in scene.dice:
        side = die.style.size_mm
        ring = [(die.centre_mm[0] + dx, die.centre_mm[1] + dy, -side) for dx in (-side / 2, side / 2) for dy in (-side / 2, side / 2)]
        pixels = cv2.convexHull(np.float32(camera.project(ring))).reshape(-1, 2)
        hidden = _share_under_hand(frame, pixels)
        dice.append({"pips": die.up, "style": die.style.name, "size_mm": side, "flat": not die.cocked,
                     "hidden_share": round(hidden, 3), "readable": not die.cocked and hidden < HIDDEN_SHARE,
                     "on_square": square_of(scene, die.centre_mm),
                     "centre_mm": [round(die.centre_mm[0] + width / 2, 2), round(die.centre_mm[1] + height / 2, 2)],
                     "centre_px": [round(float(v), 2) for v in camera.project([(*die.centre_mm, -side)])[0]]})
    chests: dict[str, int] = {}
    for square, _ in scene.chests:
        chests[square] = chests.get(square, 0) + 1
    return {"format": FORMAT, "seed": scene.seed, "size": [camera.width, camera.height],
            "board_to_image": np.round(homography, 6).tolist(), "camera": camera.to_json(),
            "light": scene.light.to_json(), "sensor": scene.sensor.to_json(),
            "hand": scene.hand.to_json() if scene.hand else None,
            "ships": ships, "chests": chests, "dice": dice,
            "die_style": scene.dice[0].style.name if scene.dice else None}

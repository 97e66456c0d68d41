"""Draw a Cannonades scene as a webcam photo and its exact ground truth.

The table is composed top-down in table mm (cards pasted in order with their shadows), lit, seen
through a tilted pinhole camera (a plane homography), a hand drawn over it, then developed by the
shared webcam sensor (companion.render.sensor: blur, shake, noise, sharpening, JPEG). The truth says
for every card how much of it shows and which of its markers are whole, from an exact label map."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from companion.games.cannonades.kit import cards, table
from companion.games.cannonades.render import looks, varied
from companion.games.cannonades.render.scene import HELD_OUT_STYLE, CardScene, PlacedCard, card_corners
from companion.render.colour import SRGB_TO_LINEAR, light_colour
from companion.render.sensor import develop
from companion.render.textures import CLOTHS, TABLE_PX_PER_MM, WOODS, table_texture

PX_PER_MM = 2.0                     # the top-down canvas
VIEW_MM = (-110.0, -110.0, table.PLAY_MM[0] + 110.0, table.PLAY_MM[1] + 110.0)
KEEP_MM = (-95.0, -95.0, table.PLAY_MM[0] + 95.0, table.PLAY_MM[1] + 95.0)   # what the camera frames
MARKER_WHOLE = 0.97                 # share of a marker's pixels that must show for it to count as visible
CARD_LIGHT = 0.35                   # a card's shadow darkens the table under its edge by this much


@dataclass(frozen=True)
class Rendered:
    image: np.ndarray
    jpeg: bytes | None
    truth: dict


def camera_homography(scene: CardScene, size: tuple[int, int], rng) -> np.ndarray:
    """Table mm -> image px: a pinhole camera tilted `tilt_deg` from straight down, from seat 1's side,
    turned `yaw_deg`, zoomed so the play area and its corner markers fill the frame."""
    tilt = math.radians(scene.tilt_deg)
    centre = np.array([*table.CENTRE, 0.0])
    distance = 1300.0
    eye = centre + np.array([0.0, distance * math.sin(tilt), -distance * math.cos(tilt)])
    forward = (centre - eye) / np.linalg.norm(centre - eye)
    down = np.array([0.0, 1.0, 0.0]) - forward * forward[1]
    down /= np.linalg.norm(down)
    right = np.cross(down, forward)
    rotation = np.stack([right, down, forward])
    yaw = math.radians(scene.yaw_deg)
    spin = np.array([[math.cos(yaw), -math.sin(yaw), 0], [math.sin(yaw), math.cos(yaw), 0], [0, 0, 1]])
    rotation = spin @ rotation
    translation = -rotation @ eye
    bare = np.column_stack([rotation[:, 0], rotation[:, 1], translation])   # f = 1, principal point 0
    keep = np.array([[KEEP_MM[0], KEEP_MM[1]], [KEEP_MM[2], KEEP_MM[1]], [KEEP_MM[2], KEEP_MM[3]], [KEEP_MM[0], KEEP_MM[3]]])
    seen = cv2.perspectiveTransform(keep[None].astype(np.float64), bare)[0]
    low, high = seen.min(axis=0), seen.max(axis=0)
    margin = rng.uniform(0.0, 0.05)
    scale = min(size[0] * (1 - 2 * margin) / (high[0] - low[0]), size[1] * (1 - 2 * margin) / (high[1] - low[1]))
    middle = (low + high) / 2
    zoom = np.array([[scale, 0, size[0] / 2 - scale * middle[0]], [0, scale, size[1] / 2 - scale * middle[1]], [0, 0, 1]])
    return zoom @ bare


@lru_cache(maxsize=len(WOODS) + len(CLOTHS))
def _table_top(material: str) -> np.ndarray:
    return table_texture(material, 0).levels[0]


def _canvas_to_table() -> np.ndarray:
    return np.array([[1 / PX_PER_MM, 0, VIEW_MM[0]], [0, 1 / PX_PER_MM, VIEW_MM[1]], [0, 0, 1]])


def _to_canvas(points) -> np.ndarray:
    points = np.asarray(points, np.float64)
    return (points - np.array(VIEW_MM[:2])) * PX_PER_MM


def compose_table(scene: CardScene) -> np.ndarray:
    """The top-down table (uint8 BGR sRGB) with the corner markers and every card, bottom card first."""
    from companion.kit.marker_image import marker_image

    width, height = int((VIEW_MM[2] - VIEW_MM[0]) * PX_PER_MM), int((VIEW_MM[3] - VIEW_MM[1]) * PX_PER_MM)
    wood = _table_top(scene.table_material)
    # One texture per material (made once), cut at a place and flipped as the seed says.
    pick = np.random.default_rng([scene.seed, 31])
    step = TABLE_PX_PER_MM / PX_PER_MM
    need_w, need_h = int(width * step), int(height * step)
    x0, y0 = int(pick.integers(0, wood.shape[1] - need_w + 1)), int(pick.integers(0, wood.shape[0] - need_h + 1))
    canvas = wood[y0:y0 + need_h, x0:x0 + need_w]
    canvas = cv2.resize(canvas, (width, height)) if step != 1 else canvas.copy()
    if pick.random() < 0.5:
        canvas = np.ascontiguousarray(canvas[::-1, ::-1])
    for marker_id, corners in table.table_marker_corners().items():
        (left, top), (right, bottom) = _to_canvas(corners[0]), _to_canvas(corners[2])
        pad = int(5 * PX_PER_MM)
        canvas[int(top) - pad:int(bottom) + pad, int(left) - pad:int(right) + pad] = (236, 238, 238)
        side = int(right - left)
        canvas[int(top):int(top) + side, int(left):int(left) + side] = marker_image(marker_id, side)[:, :, None]
    shape = _card_shape(scene)
    gloss = np.random.default_rng([scene.seed, 37]) if scene.look is not None else None
    for card in scene.cards:
        if card.role == "deck":
            for layer in range(6, 0, -1):   # the stack's edge shows under its top card
                shifted = PlacedCard(-1, False, (card.centre[0] + 0.35 * layer, card.centre[1] + 0.35 * layer),
                                     card.angle_deg, "deck", scale=card.scale)
                _paste(canvas, np.full_like(_back(scene), 205), shifted, shape)
        picture = _face(scene, card.index) if card.face_up else _back(scene)
        _paste(canvas, picture if gloss is None else varied.glossed(picture, gloss, scene.look, PX_PER_MM), card, shape)
    return canvas


def _back(scene: CardScene) -> np.ndarray:
    return looks.back(scene.style, PX_PER_MM) if scene.look is None else varied.back(scene.look, PX_PER_MM)


def _face(scene: CardScene, index: int) -> np.ndarray:
    if scene.look is None:
        return looks.face(scene.deck, index, scene.style, PX_PER_MM)
    return looks.inked_face(scene.deck, index, scene.look.paper, scene.look.ink, PX_PER_MM)


def _card_shape(scene: CardScene) -> np.ndarray | None:
    """A varied deck's card outline with its rounded corners; None: the named styles' square-cut cards."""
    if scene.look is None:
        return None
    width, height = (int(round(mm * PX_PER_MM)) for mm in cards.CARD_MM)
    return varied.rounded_mask(width, height, scene.look.corner_mm * PX_PER_MM)


def _paste(canvas: np.ndarray, picture: np.ndarray, card: PlacedCard, shape: np.ndarray | None = None) -> None:
    height, width = picture.shape[:2]
    source = np.float32([[0, 0], [width, 0], [0, height]])
    corners = _to_canvas([card.to_table(0, 0), card.to_table(cards.CARD_MM[0], 0), card.to_table(0, cards.CARD_MM[1])])
    where = _to_canvas(card_corners(card))
    left, top = np.floor(where.min(axis=0)).astype(int) - 8
    right, bottom = np.ceil(where.max(axis=0)).astype(int) + 8
    left, top = max(left, 0), max(top, 0)
    right, bottom = min(right, canvas.shape[1]), min(bottom, canvas.shape[0])
    if right <= left or bottom <= top:
        return
    affine = cv2.getAffineTransform(source, np.float32(corners - [left, top]))
    size = (right - left, bottom - top)
    warped = cv2.warpAffine(picture, affine, size, flags=cv2.INTER_AREA)
    outline = np.full((height, width), 255, np.uint8) if shape is None else shape
    mask = cv2.warpAffine(outline, affine, size).astype(np.float32) / 255.0
    shadow = cv2.GaussianBlur(np.roll(mask, (3, 3), (0, 1)), (0, 0), 3.0)
    region = canvas[top:bottom, left:right].astype(np.float32)
    region *= (1 - CARD_LIGHT * shadow)[:, :, None]
    region = region * (1 - mask[:, :, None]) + warped.astype(np.float32) * mask[:, :, None]
    canvas[top:bottom, left:right] = np.clip(region, 0, 255).astype(np.uint8)


def light_gain(scene: CardScene, size: tuple[int, int], rng) -> np.ndarray:
    """Per-pixel linear gain: the light's colour, a lamp's pool or a window's gradient, some unevenness."""
    width, height = size
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    kelvin = {"warm": rng.uniform(2700, 3500), "cool": rng.uniform(5500, 7500), "even": rng.uniform(4200, 5500)}[scene.light]
    tint = light_colour(kelvin).astype(np.float32)
    tint = tint / tint.max()
    if scene.light == "warm":       # a lamp's pool
        cx, cy = rng.uniform(0, width), rng.uniform(0, height)
        spread = rng.uniform(0.5, 1.0) * width
        gain = 0.35 + 0.85 * np.exp(-((xs - cx) ** 2 + (ys - cy) ** 2) / (2 * spread ** 2))
    elif scene.light == "cool":     # a window to one side
        angle = rng.uniform(0, 2 * math.pi)
        ramp = (xs * math.cos(angle) + ys * math.sin(angle)) / max(width, height)
        gain = 0.9 + rng.uniform(0.3, 0.6) * (ramp - ramp.mean())
    else:
        gain = np.full_like(xs, rng.uniform(0.85, 1.05))
    return np.clip(gain, 0.15, 1.6)[:, :, None] * tint


def hand_mask(scene: CardScene, homography: np.ndarray, size: tuple[int, int]) -> np.ndarray | None:
    """Where the hand and arm cover the picture (uint8 0/255), drawn in image space over the table."""
    if scene.hand is None:
        return None
    hand = scene.hand
    edge_point = {"bottom": (hand.along * table.PLAY_MM[0], table.PLAY_MM[1] + 400),
                  "top": (hand.along * table.PLAY_MM[0], -400), "left": (-400, hand.along * table.PLAY_MM[1]),
                  "right": (table.PLAY_MM[0] + 400, hand.along * table.PLAY_MM[1])}[hand.edge]
    reach = np.array(hand.reach)
    towards = reach - np.array(edge_point)
    towards /= np.linalg.norm(towards)
    side = np.array([-towards[1], towards[0]])
    wrist = reach - towards * 110
    mask = np.zeros(size[::-1], np.uint8)

    def draw(points_mm, thickness_mm):
        pixels = cv2.perspectiveTransform(np.float64(points_mm)[None], homography)[0]
        scale = np.linalg.norm(cv2.perspectiveTransform(np.float64([reach, reach + [10, 0]])[None], homography)[0][1]
                               - cv2.perspectiveTransform(np.float64([reach])[None], homography)[0][0]) / 10
        cv2.polylines(mask, [np.int32(pixels)], False, 255, max(2, int(thickness_mm * scale)), cv2.LINE_AA)
        return pixels

    draw([edge_point, wrist], 85)
    draw([wrist, wrist + towards * 40], 95)
    for spread, length in ((-30, 70), (-10, 80), (10, 75), (30, 60)):
        base = wrist + towards * 50 + side * spread
        draw([base, base + towards * length + side * spread * 0.3], 18)
    return mask


def render_scene(scene: CardScene, size: tuple[int, int] = (1280, 720)) -> Rendered:
    rng = np.random.default_rng([scene.seed, 29])
    homography = camera_homography(scene, size, rng)
    canvas = compose_table(scene)
    canvas = cv2.GaussianBlur(canvas, (0, 0), 0.6)
    to_image = homography @ _canvas_to_table()
    linear = SRGB_TO_LINEAR[canvas]
    radiance = cv2.warpPerspective(linear, to_image, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    radiance *= light_gain(scene, size, rng)
    covered = hand_mask(scene, homography, size)
    if covered is not None:
        soft = cv2.GaussianBlur(covered, (0, 0), 1.0).astype(np.float32)[:, :, None] / 255
        shade = cv2.GaussianBlur(covered, (0, 0), 12).astype(np.float32)[:, :, None] / 255
        under = cv2.warpAffine(shade, np.float32([[1, 0, 18], [0, 1, 24]]), size)[:, :, None]
        radiance *= 1 - 0.45 * under
        skin = SRGB_TO_LINEAR[np.array(scene.hand.skin[::-1], np.uint8)] * (0.6 + 0.4 * shade)
        radiance = radiance * (1 - soft) + skin * soft
    image, jpeg = develop(radiance * scene.sensor.exposure, scene.sensor, rng)
    return Rendered(image, jpeg, truth_of(scene, homography, size, covered))


def truth_of(scene: CardScene, homography: np.ndarray, size, covered) -> dict:
    labels = np.full(size[::-1], -1, np.int16)
    polygons = []
    for number, card in enumerate(scene.cards):
        pixels = cv2.perspectiveTransform(np.float64(card_corners(card))[None], homography)[0]
        polygons.append(pixels)
        cv2.fillPoly(labels, [np.int32(np.round(pixels))], number)
    if covered is not None:
        labels[covered > 127] = -2
    entries = []
    for number, card in enumerate(scene.cards):
        alone = np.zeros(size[::-1], np.uint8)
        cv2.fillPoly(alone, [np.int32(np.round(polygons[number]))], 1)
        area = max(int(alone.sum()), 1)
        visible = float(((labels == number) & (alone == 1)).sum()) / area
        entry = {"role": card.role, "face": "up" if card.face_up else "down", "seat": card.seat,
                 "area": table.area_of(*card.centre, scene.players) if card.role != "cannonade" else f"seat {card.seat}",
                 "centre_mm": [round(v, 1) for v in card.centre], "angle_deg": round(card.angle_deg % 360, 1),
                 "visible": round(visible, 3), "image_corners": np.round(polygons[number], 1).tolist()}
        if card.face_up:
            deck_card = scene.deck.cards[card.index]
            entry.update(card=deck_card.id, kind=deck_card.kind, markers_visible=[
                _marker_share(labels, number, card, corner, homography) >= MARKER_WHOLE for corner in (0, 1)])
            if deck_card.is_ship:
                entry["heading"] = table.heading(table.bow_angle(card.angle_deg, deck_card.sails))
        entries.append(entry)
    return {"game": "cannonades", "seed": scene.seed, "players": scene.players, "style": scene.style,
            "held_out": scene.style == HELD_OUT_STYLE, "table": scene.table_material,
            "camera": {"tilt_deg": round(scene.tilt_deg, 2), "yaw_deg": round(scene.yaw_deg, 2),
                       "homography": np.round(homography, 8).tolist()},
            "light": scene.light, "sensor": scene.sensor.to_json(), "hand": covered is not None,
            "hand_over": _areas_covered(covered, homography, scene.players), "cards": entries}


def _areas_covered(covered: np.ndarray | None, homography: np.ndarray, players: int) -> list[str]:
    """The areas of the play area (a seat's, the deck's, the pile's) the hand lies over: a card there may be under it."""
    if covered is None:
        return []
    rows, columns = np.nonzero(covered[::4, ::4] > 127)
    if not len(rows):
        return []
    points = cv2.perspectiveTransform(np.float64(np.column_stack([columns * 4, rows * 4]))[None], np.linalg.inv(homography))[0]
    on_play = points[(points[:, 0] >= 0) & (points[:, 0] <= table.PLAY_MM[0])
                     & (points[:, 1] >= 0) & (points[:, 1] <= table.PLAY_MM[1])]
    names = table.area_names(players)
    return sorted(names[index] for index in np.unique(table.area_indices(on_play, players))) if len(on_play) else []


def _marker_share(labels, number, card: PlacedCard, corner: int, homography) -> float:
    x, y = cards.marker_positions()[corner]
    quad = [card.to_table(x + dx, y + dy) for dx, dy in ((0, 0), (cards.MARKER_MM, 0), (cards.MARKER_MM, cards.MARKER_MM), (0, cards.MARKER_MM))]
    pixels = cv2.perspectiveTransform(np.float64(quad)[None], homography)[0]
    inside = np.zeros(labels.shape, np.uint8)
    cv2.fillPoly(inside, [np.int32(np.round(pixels))], 1)
    total = int(inside.sum())
    return float(((labels == number) & (inside == 1)).sum()) / total if total else 0.0

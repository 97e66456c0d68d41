"""The shared half of rendering a frame: bend a drawn canvas through the lens, light it with its
shadows, and what a frame is. A game's own render/ draws its scene onto the canvas first."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from companion.render.camera import Camera, ideal_canvas
from companion.render.canvas import DIRECT_SCALE, FLAT_SHADING, NEAR_MM, Canvas
from companion.render.colour import decode_image
from companion.render.hands import draw_hand, hand_shapes, shape_points
from companion.render.lighting import Light, penumbra_mm, table_light, towards_lamp
from companion.render.sensor import develop

FIELD_STEP = 4  # light varies slowly: it is worked out on a grid this coarse
CONTACT_SHADOW_MM = 2.5
SHEET_THICKNESS_MM = 0.6  # printed on card: enough for a thin shadow along the edges
PIECE_HEIGHT_MM = 15.0
HAND_SHADOW_BANDS_MM = (40.0, 100.0, 200.0, 320.0)
GLOSS_STRENGTH = 0.6
PAPER_GLOSS = 12  # of 255: matte print still shows a faint sheen under a lamp
# How tight the key light's reflection on a glossy table is: a small lamp gives a bright
# spot, a window or a ceiling a broad glow.
SHEEN_SHARPNESS = {"warm": 60.0, "cool": 18.0, "even": 25.0}

@dataclass(frozen=True)
class Frame:
    image: np.ndarray  # uint8 BGR, as the webcam delivers it
    hand: np.ndarray  # float32 share of each pixel covered by a hand, 0..1
    pieces: np.ndarray  # float32 share of each pixel covered by a piece, ship or clutter
    jpeg: bytes | None  # the compressed file `image` was decoded from, when the webcam compresses
    hand_shadow: np.ndarray  # float32 share of the key light the hand takes away, per pixel

    @property
    def hand_seen(self) -> bool:
        """Whether the hand or its shadow shows anywhere in the picture."""
        return bool(self.hand.max() > 0 or self.hand_shadow.max() > 0.01)


def through_lens(canvas: Canvas) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The canvas layers as the distorted, full-size picture sees them; the hand as a share."""
    ideal, camera = canvas.ideal, canvas.camera
    size = (camera.width, camera.height)

    def bend(layer: np.ndarray) -> np.ndarray:
        bent = cv2.remap(layer, ideal.map_x, ideal.map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        return cv2.resize(bent, size, interpolation=cv2.INTER_AREA) if ideal.scale > 1 else bent

    if canvas.hand is None:
        hand = np.zeros((camera.height, camera.width), np.float32)
    else:
        hand = bend(canvas.hand).astype(np.float32) / 255.0
    return bend(canvas.albedo), bend(canvas.shading), hand


@lru_cache(maxsize=8)
def _light_fields(camera: Camera, light: Light) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Direct and ambient light on the table behind every pixel of the picture, and the
    sheen the key light leaves there on a glossy surface (its reflection, blurred)."""
    cols = -(-camera.width // FIELD_STEP) + 1
    rows = -(-camera.height // FIELD_STEP) + 1
    us, vs = np.meshgrid(np.arange(cols) * FIELD_STEP, np.arange(rows) * FIELD_STEP)
    points = camera.table_points(np.column_stack([us.ravel(), vs.ravel()]).astype(np.float64))
    direct, ambient = table_light(light, points)
    halfway = towards_lamp(light, points) + (camera.centre - points) / np.linalg.norm(camera.centre - points, axis=1, keepdims=True)
    facing = np.clip(-halfway[:, 2] / np.linalg.norm(halfway, axis=1), 0, 1)
    sheen = direct * facing ** SHEEN_SHARPNESS[light.kind]
    fields = []
    for field in (direct, ambient, sheen):
        grid = field.reshape(rows, cols).astype(np.float32)
        full = cv2.resize(grid, ((cols - 1) * FIELD_STEP + 1, (rows - 1) * FIELD_STEP + 1), interpolation=cv2.INTER_LINEAR)
        fields.append(np.ascontiguousarray(full[:camera.height, :camera.width]))
    return fields[0], fields[1], fields[2]


def light_picture(camera: Camera, light: Light, exposure: float, albedo, shading, hand_share, slabs, standing,
                  hand) -> tuple[np.ndarray, np.ndarray]:
    """Linear light at the sensor for a drawn canvas (through the lens), with the shadows of
    `slabs` (flat cards) and `standing` objects (anything with .mesh()) and of the hand."""
    direct_field, ambient_field, sheen_field = _light_fields(camera, light)
    px_per_mm = camera.matrix[0][0] / camera.distance_mm
    piece_share = shading[:, :, 3].astype(np.float32) / 255.0
    open_table = (1 - piece_share) * (1 - hand_share)
    pieces_shadow = _piece_shadows(camera, light, slabs, standing, px_per_mm)
    contact = _contact_shadows(camera, standing, px_per_mm)
    hand_shadow = _hand_shadow(camera, light, hand, px_per_mm)
    shadow = np.maximum(pieces_shadow * open_table, hand_shadow * (1 - hand_share))
    contact *= open_table
    direct_share = shading[:, :, 0].astype(np.float32) / DIRECT_SCALE
    ambient_share = shading[:, :, 1].astype(np.float32) / 255.0
    gloss = shading[:, :, 2].astype(np.float32) / 255.0
    lit_direct = direct_field * (1 - shadow) * (1 - 0.15 * contact)
    amount = ambient_share * ambient_field * (1 - 0.55 * contact) + direct_share * lit_direct
    # Flat surfaces store how glossy they are; pieces and hands their highlight already.
    highlight = gloss * (open_table * sheen_field * (1 - shadow) + (1 - open_table) * lit_direct)
    radiance = decode_image(albedo) * amount[:, :, None] + (GLOSS_STRENGTH * highlight)[:, :, None]
    gains = (light.cast * exposure).astype(np.float32)
    return radiance * gains, hand_shadow


def _shadow_outline(camera: Camera, light: Light, points: np.ndarray, floor_z: float) -> np.ndarray | None:
    """The outline in the picture of the shadow `points` cast on the plane z = floor_z."""
    lamp = np.asarray(light.lamp_mm)
    points = points[points[:, 2] > lamp[2] + 1.0]
    if len(points) < 3:
        return None
    stretch = (floor_z - lamp[2]) / (points[:, 2] - lamp[2])
    on_floor = lamp + (points - lamp) * stretch[:, None]
    # A shadow reaching behind the camera cannot be projected; its visible part is kept.
    on_floor = on_floor[camera.to_camera(on_floor)[:, 2] > NEAR_MM]
    if len(on_floor) < 3:
        return None
    pixels = camera.project(on_floor)
    pixels = pixels[np.isfinite(pixels).all(axis=1) & (np.abs(pixels) < 1e5).all(axis=1)].astype(np.float32)
    if len(pixels) < 3:
        return None
    return cv2.convexHull(pixels).reshape(-1, 2)


def _fill(mask: np.ndarray, outline: np.ndarray, value: float) -> None:
    cv2.fillPoly(mask, [np.round(outline * 16).astype(np.int32)], value, cv2.LINE_8, 4)


def _soften(mask: np.ndarray, sigma_px: float) -> np.ndarray:
    if not mask.any():
        return mask
    if sigma_px <= 6:
        return cv2.GaussianBlur(mask, (0, 0), max(sigma_px, 0.5))
    # A wide blur is as good, and far cheaper, on a smaller copy.
    factor = int(sigma_px // 3)
    height, width = mask.shape
    small = cv2.resize(mask, (max(width // factor, 1), max(height // factor, 1)), interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (0, 0), sigma_px / factor)
    return cv2.resize(small, (width, height), interpolation=cv2.INTER_LINEAR)


def _piece_shadows(camera, light, slabs, standing, px_per_mm) -> np.ndarray:
    """Shadows of flat slabs (sheets, tiles: a thin rim beside them) and of standing objects."""
    mask = np.zeros((camera.height, camera.width), np.float32)
    for top, thickness in slabs:
        body = np.vstack([top, top + [0, 0, thickness]])
        outline = _shadow_outline(camera, light, body, top[0, 2] + thickness)
        if outline is not None:
            _fill(mask, outline, 1.0)
    for top, _ in slabs:  # a slab is never in its own shadow, nor in a neighbour's
        _fill(mask, camera.project(top).astype(np.float32), 0.0)
    mask = _soften(mask, 0.4 * px_per_mm)
    pieces = np.zeros_like(mask)
    for item in standing:
        mesh = item.mesh()
        for part in mesh.parts:
            outline = _shadow_outline(camera, light, part, mesh.base_z)
            if outline is not None:
                _fill(pieces, outline, 1.0)
    pieces = _soften(pieces, max(penumbra_mm(light, PIECE_HEIGHT_MM) / 2, 0.5) * px_per_mm)
    return np.maximum(mask * 0.8, pieces)


def _contact_shadows(camera, standing, px_per_mm) -> np.ndarray:
    """The dark rim where an object meets the surface it stands on (ambient occlusion)."""
    mask = np.zeros((camera.height, camera.width), np.float32)
    for item in standing:
        mesh = item.mesh()
        base = mesh.footprint
        centre = base.mean(axis=0)
        grown = centre + (base - centre) * (1 + CONTACT_SHADOW_MM / max(np.linalg.norm(base - centre, axis=1).max(), 1.0))
        _fill(mask, cv2.convexHull(camera.project(grown).astype(np.float32)).reshape(-1, 2), 1.0)
    return _soften(mask, CONTACT_SHADOW_MM * px_per_mm)


def _hand_shadow(camera, light, hand, px_per_mm) -> np.ndarray:
    """The hand's shadow, softer for the parts held higher (fingers sharp, the arm blurred)."""
    total = np.zeros((camera.height, camera.width), np.float32)
    if not hand:
        return total
    layers = {}
    for shape in hand:
        points = shape_points(shape)
        height = float(-points[:, 2].mean())
        band = min(range(len(HAND_SHADOW_BANDS_MM)), key=lambda i: abs(HAND_SHADOW_BANDS_MM[i] - height))
        outline = _shadow_outline(camera, light, points, 0.0)
        if outline is not None:
            layer = layers.setdefault(band, np.zeros_like(total))
            _fill(layer, outline, 1.0)
    for band, layer in layers.items():
        softness = max(penumbra_mm(light, HAND_SHADOW_BANDS_MM[band]) / 2, 1.0)
        total = np.maximum(total, _soften(layer, softness * px_per_mm))
    return total * 0.92

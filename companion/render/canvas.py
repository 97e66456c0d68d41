"""The supersampled, undistorted picture a scene is drawn on, with what lighting needs to know.

Three uint8 layers:
- `albedo`: the surface's sRGB colour (B, G, R);
- `shading`: how the surface faces the key light relative to the table (x 1/100), how much
  ambient light it gets (x 1/255), its gloss (x 1/255), and how much is a piece (0-255);
- `hand`: how much of the pixel is a hand or arm (0-255), made only when a hand is drawn.
Light is applied later, once the picture has gone through the lens: see frame.py.
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.render.camera import Camera, IdealCanvas
from companion.render.textures import Texture

SUBPIXEL_BITS = 4
SUBPIXEL = 1 << SUBPIXEL_BITS
FLAT_SHADING = (100, 255, 0, 0)
DIRECT_SCALE = 100.0
MAX_DIRECT = 2.55
NEAR_MM = 30.0  # points closer to the camera than this are not drawn


class Canvas:
    def __init__(self, camera: Camera, ideal: IdealCanvas):
        self.camera = camera
        self.ideal = ideal
        self.rotation = camera.rotation
        self.translation = np.array(camera.tvec)
        self.matrix = ideal.matrix
        self.albedo = np.zeros((ideal.height, ideal.width, 3), np.uint8)
        self.shading = np.empty((ideal.height, ideal.width, 4), np.uint8)
        self.shading[:] = FLAT_SHADING
        self.hand: np.ndarray | None = None
        self.eye = camera.centre

    # --- geometry -------------------------------------------------------------------

    def to_camera(self, points) -> np.ndarray:
        return np.asarray(points, dtype=np.float64).reshape(-1, 3) @ self.rotation.T + self.translation

    def project(self, points) -> tuple[np.ndarray, np.ndarray]:
        """Canvas pixels (N, 2) and depths (N,) of table points."""
        camera_points = self.to_camera(points)
        depth = camera_points[:, 2]
        pixels = camera_points @ self.matrix.T
        return pixels[:, :2] / np.maximum(depth, 1e-9)[:, None], depth

    def plane_homography(self, z: float) -> np.ndarray:
        """Table (x, y) at height z -> canvas pixels."""
        columns = np.column_stack([self.rotation[:, 0], self.rotation[:, 1], self.rotation[:, 2] * z + self.translation])
        return self.matrix @ columns

    def _roi(self, pixels, pad: int = 2):
        x0 = max(int(np.floor(pixels[:, 0].min())) - pad, 0)
        y0 = max(int(np.floor(pixels[:, 1].min())) - pad, 0)
        x1 = min(int(np.ceil(pixels[:, 0].max())) + pad, self.ideal.width)
        y1 = min(int(np.ceil(pixels[:, 1].max())) + pad, self.ideal.height)
        return (x0, y0, x1, y1) if x1 > x0 and y1 > y0 else None

    # --- drawing ----------------------------------------------------------------------

    def cover_table(self, texture: Texture, table_mm: tuple[float, float], gloss: float = 0.0) -> None:
        """The whole canvas shows the table top, its texture centred on the table origin and
        mirrored beyond its edges, so the table never ends inside the picture."""
        self.shading[:, :, 2] = int(round(gloss * 255))
        near = self.ideal.matrix[0, 0] / max(self.camera.distance_mm, 1.0)
        image, px_per_mm = texture.level_for(near)
        to_texture = np.array([[px_per_mm, 0, px_per_mm * table_mm[0] / 2 - 0.5],
                               [0, px_per_mm, px_per_mm * table_mm[1] / 2 - 0.5], [0, 0, 1]])
        # The table is magnified (the texture has fewer texels than the canvas has pixels),
        # so it loses nothing drawn at half size and enlarged.
        half = np.array([[0.5, 0, -0.25], [0, 0.5, -0.25], [0, 0, 1]])
        homography = half @ self.plane_homography(0.0) @ np.linalg.inv(to_texture)
        size = ((self.ideal.width + 1) // 2, (self.ideal.height + 1) // 2)
        table = cv2.warpPerspective(image, homography, size, flags=cv2.INTER_LINEAR,
                                    borderMode=cv2.BORDER_REFLECT_101)
        self.albedo = cv2.resize(table, (2 * size[0], 2 * size[1]),
                                 interpolation=cv2.INTER_LINEAR)[:self.ideal.height, :self.ideal.width].copy()

    def paste(self, texture: Texture, sheet_to_table: np.ndarray, size_mm: tuple[float, float],
              z: float = 0.0, shading=FLAT_SHADING) -> None:
        """A flat textured rectangle lying at height z. `sheet_to_table` (3x3) maps the
        rectangle's own mm frame (origin at its top-left corner) onto the table."""
        width, height = size_mm
        corners = np.array([[0, 0, 1], [width, 0, 1], [width, height, 1], [0, height, 1]], float)
        on_table = corners @ sheet_to_table.T
        table_points = np.column_stack([on_table[:, :2] / on_table[:, 2:], np.full(4, z)])
        pixels, depth = self.project(table_points)
        if (depth < NEAR_MM).any():
            return
        box = self._roi(pixels)
        if box is None:
            return
        edges = np.linalg.norm(np.roll(pixels, -1, axis=0) - pixels, axis=1)
        screen_scale = float(max(edges[0] / width, edges[1] / height, edges[2] / width, edges[3] / height))
        image, px_per_mm = texture.level_for(screen_scale)
        from_texture = np.array([[1 / px_per_mm, 0, 0.5 / px_per_mm], [0, 1 / px_per_mm, 0.5 / px_per_mm], [0, 0, 1]])
        x0, y0, x1, y1 = box
        shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], float)
        homography = shift @ self.plane_homography(z) @ sheet_to_table @ from_texture
        region = self.albedo[y0:y1, x0:x1].copy()
        cv2.warpPerspective(image, homography, (x1 - x0, y1 - y0), dst=region,
                            flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_TRANSPARENT)
        self.albedo[y0:y1, x0:x1] = region
        self._fill(self.shading, pixels, shading)

    def _fill(self, layer: np.ndarray, pixels: np.ndarray, value) -> None:
        points = np.round(pixels * SUBPIXEL).astype(np.int32)
        cv2.fillPoly(layer, [points], value, cv2.LINE_8, SUBPIXEL_BITS)

    def fill_polygon(self, pixels: np.ndarray, albedo_bgr, shading) -> None:
        """A flat polygon already projected: its albedo and its shading channels."""
        self._fill(self.albedo, pixels, tuple(albedo_bgr))
        self._fill(self.shading, pixels, shading)

    def visible_faces(self, faces, towards_lamp: np.ndarray):
        """Faces turned to the camera, farthest first, each with its shading channels."""
        drawn = []
        up = np.array([0.0, 0.0, -1.0])
        plane = max(float(towards_lamp @ up), 0.15)
        for face in faces:
            centre = face.points.mean(axis=0)
            to_eye = self.eye - centre
            if face.normal @ to_eye <= 0:
                continue
            pixels, depth = self.project(face.points)
            if (depth < NEAR_MM).any():
                continue
            facing = float(face.normal @ towards_lamp)
            direct = min(max(facing, 0.0) / plane, MAX_DIRECT)
            ambient = 0.72 + 0.28 * float(face.normal @ up)
            halfway = towards_lamp + to_eye / np.linalg.norm(to_eye)
            halfway /= np.linalg.norm(halfway)
            gloss = face.gloss * max(float(face.normal @ halfway), 0.0) ** 24 if facing > 0 else 0.0
            shading = (int(round(direct * DIRECT_SCALE)), int(round(ambient * 255)),
                       int(round(min(gloss, 1.0) * 255)), 255)
            drawn.append((float(np.linalg.norm(to_eye)), pixels, face.rgb[::-1], shading))
        drawn.sort(key=lambda item: -item[0])
        return drawn

    def draw_mesh(self, mesh, towards_lamp: np.ndarray) -> None:
        for _, pixels, bgr, shading in self.visible_faces(mesh.faces, towards_lamp):
            self.fill_polygon(pixels, bgr, shading)

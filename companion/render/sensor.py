"""The webcam's optics and sensor: lens fall-off, focus and shake, noise, sharpening, JPEG."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import cv2
import numpy as np

from companion.render.colour import encode_image


@dataclass(frozen=True)
class Sensor:
    exposure: float  # linear gain: white paper in the middle of the island ends near 0.8
    vignette: float  # light lost in the picture's corners, 0..1
    defocus_px: float  # Gaussian blur sigma
    shake_px: float  # length of a straight motion smear
    shake_deg: float
    read_noise: float  # linear standard deviation at black
    shot_noise: float  # extra variance per unit of signal
    sharpen: float  # the webcam's own unsharp mask
    saturation: float  # webcams mute colours a little
    black_level: float  # and never quite reach black
    jpeg_quality: int | None

    def to_json(self) -> dict:
        return {"exposure": round(self.exposure, 4), "vignette": round(self.vignette, 4),
                "defocus_px": round(self.defocus_px, 3), "shake_px": round(self.shake_px, 3),
                "shake_deg": round(self.shake_deg, 2), "read_noise": round(self.read_noise, 5),
                "shot_noise": round(self.shot_noise, 6), "sharpen": round(self.sharpen, 3),
                "saturation": round(self.saturation, 3), "black_level": round(self.black_level, 4),
                "jpeg_quality": self.jpeg_quality}


def choose_sensor(rng: random.Random, noisy: bool, jpeg_quality: int | None) -> Sensor:
    """A webcam's settings; `noisy` False gives a clean, sharp, noiseless one."""
    if not noisy:
        return Sensor(rng.uniform(0.88, 0.98), rng.uniform(0.1, 0.25), 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0,
                      jpeg_quality)
    shaken = rng.random() < 0.25
    return Sensor(
        exposure=rng.uniform(0.85, 1.0),
        vignette=rng.uniform(0.15, 0.4),
        defocus_px=rng.uniform(0.35, 1.0),
        shake_px=rng.uniform(1.0, 3.0) if shaken else 0.0,
        shake_deg=rng.uniform(0, 180),
        read_noise=rng.uniform(0.002, 0.005),
        shot_noise=rng.uniform(0.0003, 0.0012),
        sharpen=rng.uniform(0.2, 0.6),
        saturation=rng.uniform(0.8, 0.95),
        black_level=rng.uniform(0.004, 0.015),
        jpeg_quality=jpeg_quality,
    )


def develop(radiance: np.ndarray, sensor: Sensor, rng: np.random.Generator) -> tuple[np.ndarray, bytes | None]:
    """Linear BGR light (float32) at the sensor -> the uint8 BGR picture the webcam delivers,
    and its JPEG file when the webcam compresses."""
    height, width = radiance.shape[:2]
    image = radiance * _falloff(width, height, sensor.vignette)[:, :, None]
    if sensor.defocus_px > 0:
        image = cv2.GaussianBlur(image, (0, 0), sensor.defocus_px)
    if sensor.shake_px > 0:
        image = cv2.filter2D(image, -1, _smear(sensor.shake_px, sensor.shake_deg))
    if sensor.read_noise > 0 or sensor.shot_noise > 0:
        sigma = np.sqrt(sensor.read_noise ** 2 + sensor.shot_noise * np.clip(image, 0, None))
        grain = rng.standard_normal(image.shape, dtype=np.float32)
        # Demosaicing spreads each photosite's noise over its neighbours: blotchy, coloured grain.
        grain = cv2.GaussianBlur(grain, (0, 0), 0.6) * 1.9
        image = image + sigma * grain
    if sensor.saturation != 1.0 or sensor.black_level:
        luma = image @ np.array([0.0722, 0.7152, 0.2126], np.float32)  # B, G, R weights
        image = luma[:, :, None] + sensor.saturation * (image - luma[:, :, None])
        image = sensor.black_level + (1 - sensor.black_level) * image
    picture = encode_image(image)
    if sensor.sharpen > 0:
        soft = cv2.GaussianBlur(picture, (0, 0), 1.2)
        picture = cv2.addWeighted(picture, 1 + sensor.sharpen, soft, -sensor.sharpen, 0)
    if sensor.jpeg_quality is None:
        return picture, None
    ok, encoded = cv2.imencode(".jpg", picture, [cv2.IMWRITE_JPEG_QUALITY, int(sensor.jpeg_quality)])
    if not ok:
        raise RuntimeError(f"OpenCV could not encode a JPEG at quality {sensor.jpeg_quality}")
    return cv2.imdecode(encoded, cv2.IMREAD_COLOR), encoded.tobytes()


def _falloff(width: int, height: int, strength: float) -> np.ndarray:
    """Natural vignetting: about cos^4 of the field angle, scaled to `strength` at the corners."""
    xs = (np.arange(width, dtype=np.float32) - (width - 1) / 2) / ((width - 1) / 2)
    ys = (np.arange(height, dtype=np.float32) - (height - 1) / 2) / ((width - 1) / 2)
    radius_sq = xs[None, :] ** 2 + ys[:, None] ** 2
    corner_sq = 1 + (height / width) ** 2
    return 1 - strength * (radius_sq / corner_sq) ** 1.5


def _smear(length: float, angle_deg: float) -> np.ndarray:
    size = int(math.ceil(length)) * 2 + 1
    kernel = np.zeros((size, size), np.float32)
    centre = size // 2
    dx, dy = math.cos(math.radians(angle_deg)) * length / 2, math.sin(math.radians(angle_deg)) * length / 2
    cv2.line(kernel, (int(round(centre * 16 - dx * 16)), int(round(centre * 16 - dy * 16))),
             (int(round(centre * 16 + dx * 16)), int(round(centre * 16 + dy * 16))), 1.0, 1, cv2.LINE_AA, 4)
    return kernel / kernel.sum()

"""Colour arithmetic for the renderer: sRGB <-> linear light, and the colour of a light source."""

from __future__ import annotations

import numpy as np

# Light adds up in linear units; pictures are stored in sRGB. Lookup tables make the round
# trip cheap on full frames.
_SRGB_LEVELS = np.arange(256) / 255.0
SRGB_TO_LINEAR = np.where(_SRGB_LEVELS <= 0.04045, _SRGB_LEVELS / 12.92,
                          ((_SRGB_LEVELS + 0.055) / 1.055) ** 2.4).astype(np.float32)
_ENCODE_STEPS = 4096
_LINEAR_LEVELS = np.linspace(0.0, 1.0, _ENCODE_STEPS)
LINEAR_TO_SRGB = np.clip(np.round(255 * np.where(
    _LINEAR_LEVELS <= 0.0031308, 12.92 * _LINEAR_LEVELS,
    1.055 * _LINEAR_LEVELS ** (1 / 2.4) - 0.055)), 0, 255).astype(np.uint8)

# White points of a black body in sRGB (R, G, B) by colour temperature: the usual
# photographic reference values, interpolated between.
BLACK_BODY_SRGB = {
    2500: (255, 161, 72),
    3000: (255, 180, 107),
    3500: (255, 196, 137),
    4000: (255, 209, 163),
    4500: (255, 219, 186),
    5000: (255, 228, 206),
    5500: (255, 236, 224),
    6000: (255, 243, 239),
    6500: (255, 249, 253),
    7000: (245, 243, 255),
    7500: (235, 238, 255),
    8000: (227, 233, 255),
}


def to_linear(srgb) -> np.ndarray:
    """sRGB in 0..255 (any shape, integers or floats) to linear light in 0..1."""
    values = np.asarray(srgb, dtype=np.float64) / 255.0
    return np.where(values <= 0.04045, values / 12.92, ((values + 0.055) / 1.055) ** 2.4)


def to_srgb(linear) -> np.ndarray:
    """Linear light in 0..1 (any shape) to sRGB 0..255 as floats."""
    values = np.clip(np.asarray(linear, dtype=np.float64), 0.0, 1.0)
    return 255 * np.where(values <= 0.0031308, 12.92 * values, 1.055 * values ** (1 / 2.4) - 0.055)


def decode_image(image: np.ndarray) -> np.ndarray:
    """A uint8 sRGB picture as float32 linear light."""
    return SRGB_TO_LINEAR[image]


def encode_image(linear: np.ndarray) -> np.ndarray:
    """Float linear light (clipped to 0..1) as a uint8 sRGB picture."""
    index = np.clip(linear * (_ENCODE_STEPS - 1) + 0.5, 0, _ENCODE_STEPS - 1).astype(np.int32)
    return LINEAR_TO_SRGB[index]


def bgr_linear(rgb: tuple[int, int, int]) -> np.ndarray:
    """An sRGB (R, G, B) colour as linear (B, G, R), the channel order of OpenCV pictures."""
    return to_linear(rgb[::-1])


def light_colour(kelvin: float) -> np.ndarray:
    """Linear (B, G, R) of a black body at `kelvin`, scaled to a green of 1."""
    temperatures = sorted(BLACK_BODY_SRGB)
    kelvin = min(max(kelvin, temperatures[0]), temperatures[-1])
    upper = next(t for t in temperatures if t >= kelvin)
    lower = max(t for t in temperatures if t <= kelvin)
    share = 0.0 if upper == lower else (kelvin - lower) / (upper - lower)
    rgb = (1 - share) * np.array(BLACK_BODY_SRGB[lower]) + share * np.array(BLACK_BODY_SRGB[upper])
    linear = bgr_linear(tuple(rgb))
    return linear / linear[1]

"""What a caller fixes about a render (any game's): picture size, camera tilt, light, hand, noise."""

from __future__ import annotations

from dataclasses import dataclass

from companion.render.lighting import LIGHT_KINDS

MAX_TILT_DEG = 45.0


@dataclass(frozen=True)
class RenderOptions:
    """What the caller fixes; None leaves the choice to the seed."""

    size: tuple[int, int] = (1280, 720)
    tilt_deg: float | None = None
    light: str | None = None
    hand: bool = False
    clutter: bool = True
    noisy: bool = True  # sensor noise, blur and sharpening; False gives a clean picture
    jpeg_quality: int | None = None
    supersample: int = 2

    def __post_init__(self):
        width, height = self.size
        if width < 64 or height < 64:
            raise ValueError(f"image size {width}x{height} is too small (64x64 at least)")
        if self.tilt_deg is not None and not 0 <= self.tilt_deg <= MAX_TILT_DEG:
            raise ValueError(f"tilt {self.tilt_deg} degrees is outside 0..{MAX_TILT_DEG:g}")
        if self.light is not None and self.light not in LIGHT_KINDS:
            raise ValueError(f"unknown light {self.light!r}; expected one of {', '.join(LIGHT_KINDS)}")
        if self.jpeg_quality is not None and not 1 <= self.jpeg_quality <= 100:
            raise ValueError(f"JPEG quality {self.jpeg_quality} is outside 1..100")

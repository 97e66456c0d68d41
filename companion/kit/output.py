"""Write page images as PNG carrying their DPI, for 100% printing (the vector PDF is kit/pdf.py)."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import cv2
import numpy as np

from companion.kit.layout import MM_PER_INCH

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_bytes(image: np.ndarray, dpi: float) -> bytes:
    """A PNG of a BGR image carrying a pHYs chunk, so viewers and printers know its size."""
    ok, encoded = cv2.imencode(".png", image)
    if not ok:
        raise ValueError(f"OpenCV could not encode a {image.shape} image as PNG")
    data = encoded.tobytes()
    # pHYs must come before the image data; right after IHDR (always first) is the
    # simplest valid place. IHDR is 8 (length, type) + 13 (data) + 4 (CRC) bytes.
    ihdr_end = len(PNG_SIGNATURE) + 8 + 13 + 4
    pixels_per_metre = int(round(dpi / MM_PER_INCH * 1000))
    physical = struct.pack(">IIB", pixels_per_metre, pixels_per_metre, 1)  # 1 = metre
    return data[:ihdr_end] + _png_chunk(b"pHYs", physical) + data[ihdr_end:]


def write_png(path: Path, image: np.ndarray, dpi: float) -> Path:
    path = Path(path)
    path.write_bytes(png_bytes(image, dpi))
    return path


def png_dpi(data: bytes) -> float | None:
    """The DPI recorded in a PNG's pHYs chunk, or None when it has none."""
    if not data.startswith(PNG_SIGNATURE):
        raise ValueError("not a PNG: the first 8 bytes are not the PNG signature")
    position = len(PNG_SIGNATURE)
    while position + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        if kind == b"pHYs":
            x_per_unit, _, unit = struct.unpack(">IIB", data[position + 8:position + 17])
            return x_per_unit * MM_PER_INCH / 1000 if unit == 1 else None
        if kind == b"IDAT":
            return None
        position += 12 + length
    return None


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

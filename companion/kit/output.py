"""Write page images as PNG (with their DPI) and PDF (with the paper's size), for 100% printing."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import cv2
import numpy as np

from companion.kit.layout import MM_PER_INCH, Paper

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


def write_pdf(path: Path, pages: list[np.ndarray], paper: Paper, title: str = "") -> Path:
    """A PDF with one `paper`-sized page per image, each image filling its page exactly."""
    if not pages:
        raise ValueError(f"no pages to write to {path}")
    width_pt, height_pt = paper.size_points
    objects: list[bytes] = []  # object n is objects[n - 1]

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    catalog = add(b"")  # filled in once the page tree's number is known
    tree = add(b"")
    page_numbers = []
    for image in pages:
        rgb = np.ascontiguousarray(image[:, :, ::-1])
        height, width = rgb.shape[:2]
        pixels = zlib.compress(rgb.tobytes(), 6)
        xobject = add(
            b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceRGB "
            b"/BitsPerComponent 8 /Filter /FlateDecode /Length %d >>\nstream\n"
            % (width, height, len(pixels)) + pixels + b"\nendstream"
        )
        drawing = b"q %.4f 0 0 %.4f 0 0 cm /Im0 Do Q" % (width_pt, height_pt)
        content = add(b"<< /Length %d >>\nstream\n" % len(drawing) + drawing + b"\nendstream")
        page_numbers.append(add(
            b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %.4f %.4f] /Contents %d 0 R "
            b"/Resources << /XObject << /Im0 %d 0 R >> >> >>"
            % (tree, width_pt, height_pt, content, xobject)
        ))
    objects[catalog - 1] = b"<< /Type /Catalog /Pages %d 0 R >>" % tree
    kids = b" ".join(b"%d 0 R" % number for number in page_numbers)
    objects[tree - 1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, len(page_numbers))
    info = add(b"<< /Title (%s) /Producer (tabletop-companion) >>" % _pdf_text(title))

    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += (b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n"
            % (len(objects) + 1, catalog, info, xref))
    path = Path(path)
    path.write_bytes(bytes(out))
    return path


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _pdf_text(text: str) -> bytes:
    # A PDF literal string: keep it ASCII and escape the three characters it treats specially.
    ascii_text = text.encode("ascii", "replace")
    return ascii_text.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")

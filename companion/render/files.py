"""Writing a render's picture and its ground truth to files, for any game's `companion render` part."""

from __future__ import annotations

import json
from pathlib import Path

PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg")


def check_picture_path(out: Path) -> None:
    """ValueError unless `out` names a picture file a render can write."""
    if out.suffix.lower() not in PICTURE_SUFFIXES:
        raise ValueError(f"--out '{out}': the picture must be a .png or .jpg file")


def write_bytes(path: Path, data: bytes) -> None:
    """ValueError quoting the path when it cannot be written."""
    try:
        path.write_bytes(data)
    except OSError as error:
        raise ValueError(f"cannot write '{path}': {error.strerror}") from None


def write_truth_file(path: Path | None, truth: dict) -> Path | None:
    """The ground truth as indented JSON at `path` (nothing when None); the path written."""
    if path is None:
        return None
    write_bytes(path, (json.dumps(truth, indent=1) + "\n").encode("utf-8"))
    return path


VIDEO_CODECS = {".avi": "MJPG", ".mp4": "mp4v"}


def write_video(path: Path, frames: list, fps: float) -> None:
    """The frames (BGR arrays) as .avi (Motion JPEG) or .mp4 (MPEG-4 part 2); ValueError for another name or no codec."""
    import cv2

    path = Path(path)
    codec = VIDEO_CODECS.get(path.suffix.lower())
    if codec is None:
        raise ValueError(f"cannot write a clip to '{path}': the name must end in {' or '.join(VIDEO_CODECS)}")
    height, width = frames[0].shape[:2]
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*codec), fps, (width, height))
    if not writer.isOpened():
        raise ValueError(f"cannot write a clip to '{path}' with the {codec} codec")
    try:
        for frame in frames:
            writer.write(frame)
    finally:
        writer.release()


def write_clip_files(path: Path, frames: list, fps: float, truth: dict) -> None:
    """A rendered clip as a video (write_video) with its truth beside it (NAME.json)."""
    write_video(path, frames, fps)
    write_truth_file(Path(path).with_suffix(".json"), truth)

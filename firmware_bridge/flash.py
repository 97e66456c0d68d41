"""Puts the firmware on a real board: builds the HEX and uploads it with avrdude."""

from __future__ import annotations

import shutil
import subprocess

from .emulator import HEX, build

MCU = "atmega328p"


class FlashError(RuntimeError):
    """The upload could not run or failed; the message carries avrdude's own words."""


def avrdude_command(port: str, programmer: str = "arduino", baud: int = 115200) -> list[str]:
    """The upload command for an Uno's bootloader (optiboot talks at 115200 baud). -D keeps
    avrdude from erasing the chip, which the bootloader cannot do anyway."""
    return ["avrdude", "-p", MCU, "-c", programmer, "-P", port, "-b", str(baud), "-D",
            "-U", f"flash:w:{HEX}:i"]


def flash(port: str, programmer: str = "arduino", baud: int = 115200) -> str:
    """Builds and uploads; returns avrdude's report."""
    build("firmware")
    if shutil.which("avrdude") is None:
        raise FlashError("avrdude is not installed (apt-get install avrdude)")
    done = subprocess.run(avrdude_command(port, programmer, baud), capture_output=True, text=True)
    report = (done.stdout + done.stderr).strip()
    if done.returncode:
        raise FlashError(f"avrdude could not flash {port} (exit {done.returncode}):\n{report[-1500:]}")
    return report

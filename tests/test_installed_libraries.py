"""What the installed project loads: no display libraries, so `companion serve` starts on a bare Debian machine.

opencv-python links libGL and glib for its windows; the project shows no window and depends on
opencv-python-headless. This looks at every native library the project's modules load, as ldd
sees it, so a dependency that brings the windowed build back fails here, not on a user's machine.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

# Libraries of a desktop session that a headless server must not need.
DISPLAY_LIBRARIES = re.compile(r"^(libGL|libGLX|libEGL|libgthread|libglib|libgtk|libgdk|libX11|libxcb|libQt)", re.I)
PROJECT_MODULES = ("companion.cli", "companion.commands.serve", "companion.dashboard", "companion.live",
                   "companion.render", "companion.vision.markers", "companion.kit.output", "calibration.intrinsics",
                   "firmware_bridge.link", "cv2", "numpy")


def native_libraries_loaded() -> list[Path]:
    """Every shared library mapped into a fresh Python once the project's modules are imported: a new
    process, so what other tests imported (reportlab's Pillow, say, for `companion print`) is not counted."""
    script = ("import importlib, sys\n"
              f"for name in {PROJECT_MODULES!r}:\n"
              "    importlib.import_module(name)\n"
              "sys.stdout.write(open('/proc/self/maps').read())\n")
    maps = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    return sorted({Path(line.split()[-1]) for line in maps.splitlines()
                   if line.split()[-1].startswith("/") and ".so" in Path(line.split()[-1]).name})


def linked(library: Path) -> dict[str, str]:
    """ldd's answer for one library: {soname: where it resolves, or 'not found'}."""
    out = subprocess.run(["ldd", str(library)], capture_output=True, text=True, check=False).stdout
    links = {}
    for line in out.splitlines():
        match = re.match(r"\s*(\S+)\s+=>\s+(.*?)(?:\s+\(0x[0-9a-f]+\))?$", line)
        if match:
            links[match.group(1)] = match.group(2)
    return links


NO_LDD = shutil.which("ldd") is None or not Path("/proc/self/maps").exists()


@pytest.mark.skipif(NO_LDD, reason="needs Linux's /proc and ldd (Debian's libc-bin)")
def test_no_module_the_project_loads_needs_a_display_library():
    libraries = native_libraries_loaded()
    assert any("cv2" in str(path) for path in libraries), "OpenCV's native module was not found among those loaded"
    needs = {f"{library.name} -> {name}" for library in libraries for name in (library.name, *linked(library))
             if DISPLAY_LIBRARIES.match(name)}
    assert not needs, f"display libraries linked (install opencv-python-headless, not opencv-python): {sorted(needs)[:6]}"


@pytest.mark.skipif(NO_LDD, reason="needs Linux's /proc and ldd (Debian's libc-bin)")
def test_every_library_the_project_loads_resolves():
    missing = {f"{library.name} -> {name}" for library in native_libraries_loaded()
               for name, where in linked(library).items() if where == "not found"}
    assert not missing, f"shared libraries not found on this machine: {sorted(missing)}"

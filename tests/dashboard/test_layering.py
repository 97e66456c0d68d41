"""`companion serve` loads Flask only to run (the layers themselves: tests/test_layers.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


ROOT = Path(__file__).resolve().parents[2]
def test_the_serve_command_module_loads_no_web_server_or_opencv():
    probe = "import sys, companion.commands.serve; print(sorted(m for m in ('flask', 'waitress', 'cv2') if m in sys.modules))"
    loaded = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == "[]"

"""The dashboard sits on top: nothing below it imports it, and `companion serve` loads Flask only to run."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BELOW = [ROOT / "companion" / name for name in ("session.py", "tracking.py", "observation.py", "live.py")] + \
    sorted((ROOT / "companion" / "games").rglob("*.py"))


def imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


@pytest.mark.parametrize("path", BELOW, ids=lambda p: str(p.relative_to(ROOT)))
def test_rules_session_and_pipeline_never_import_the_dashboard(path):
    wrong = {m for m in imports(path) if m.startswith(("companion.dashboard", "flask", "waitress"))}
    assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}"


def test_the_serve_command_module_loads_no_web_server_or_opencv():
    probe = "import sys, companion.commands.serve; print(sorted(m for m in ('flask', 'waitress', 'cv2') if m in sys.modules))"
    loaded = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == "[]"

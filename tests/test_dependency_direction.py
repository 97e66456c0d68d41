"""docs/design.md, "Dependency direction": rules and text modules are pure; calibration and the bridge never import the dashboard."""

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT / "companion" / "games"
STDLIB = set(sys.stdlib_module_names)
# Pure modules: everything under companion/games except the camera readers (reader.py and
# its stages, reader_*.py).


def is_camera_reader(name: str) -> bool:
    return name == "reader" or name.startswith("reader_")


PURE = sorted(p for p in GAMES.rglob("*.py") if not is_camera_reader(p.stem))


def imported_modules(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against the module's package
                package = path.relative_to(ROOT).with_suffix("").parts[:-node.level]
                found.append((node.lineno, ".".join(package + ((node.module,) if node.module else ()))))
            else:
                found.append((node.lineno, node.module))
    return found


def is_pure(module: str) -> bool:
    top = module.split(".")[0]
    if top in STDLIB:
        return True
    if module.startswith("companion.games."):
        target = ROOT / Path(*module.split("."))
        return not is_camera_reader(target.name) and (target.with_suffix(".py").exists() or target.is_dir())
    return False


def test_the_pure_modules_are_found():
    names = {p.name for p in PURE}
    assert {"rules.py", "text.py"} <= names


@pytest.mark.parametrize("path", PURE, ids=lambda p: str(p.relative_to(ROOT)))
def test_rules_and_text_modules_import_only_the_standard_library_and_each_other(path):
    impure = [f"line {line}: {module}" for line, module in imported_modules(path) if not is_pure(module)]
    assert not impure, f"{path.relative_to(ROOT)} imports outside the pure rules: {impure}"


def test_the_checker_catches_an_impure_import(tmp_path):
    sneaky = GAMES / "cannonball_colony" / "_sneaky_probe.py"
    sneaky.write_text("import numpy\nfrom ..verdict import Verdict\n")
    try:
        found = [module for _, module in imported_modules(sneaky) if not is_pure(module)]
    finally:
        sneaky.unlink()
    assert found == ["numpy"]


@pytest.mark.parametrize("package", ["calibration", "firmware_bridge"])
def test_calibration_and_the_bridge_do_not_import_the_dashboard(package):
    for path in (ROOT / package).rglob("*.py"):
        for line, module in imported_modules(path):
            assert not (module or "").startswith(("companion.dashboard", "flask")), f"{path}:{line} imports {module}"

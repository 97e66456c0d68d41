"""DESIGN.md §2, the layers, checked by folder: a game is one folder, and inside it the subfolder
names the layer (top level pure rules, camera/, screens/, hardware/, kit/, render/). Shared code
never names a game; vision knows no game; calibration and the kit do not import each other."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
COMPANION = ROOT / "companion"
GAMES = COMPANION / "games"
STDLIB = set(sys.stdlib_module_names)
SHARED_GAME_MODULES = ("companion.games", "companion.games.plugin", "companion.games.verdict", "companion.games.answer", "companion.games.text_words",
                       "companion.games.excerpt")
# What each layer of a game folder may import besides the standard library, the shared game
# modules and its own game's pure rules. A layer may use the layers listed before it in LAYER_USES.
LAYER_LIBRARIES = {
    "pure": (),
    "kit": ("companion.kit", "numpy", "cv2"),
    "camera": ("numpy", "cv2", "companion.vision", "companion.tracking", "calibration", "companion.kit"),
    "render": ("numpy", "cv2", "companion.render", "companion.kit"),
    "hardware": ("numpy", "cv2", "companion.vision", "companion.hardware", "companion.session", "firmware_bridge"),
    "screens": ("flask", "companion.dashboard", "companion.session"),
}
LAYER_USES = {"pure": (), "kit": (), "camera": ("kit",), "render": ("kit", "camera"), "hardware": ("kit", "camera"),
              "screens": ()}


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


def within(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def game_and_layer(path: Path) -> tuple[str, str]:
    """('cannonball_colony', 'camera') for companion/games/cannonball_colony/camera/reader.py."""
    parts = path.relative_to(GAMES).parts
    if len(parts) == 2:
        return parts[0], "pure"
    return parts[0], parts[1].removesuffix(".py")


def named_game(module: str) -> str | None:
    """The game a module name belongs to, or None for shared code."""
    if not within(module, "companion.games") or module in SHARED_GAME_MODULES:
        return None
    return module.split(".")[2]


def layer_of(module: str) -> str:
    parts = module.split(".")
    if len(parts) > 4 and (GAMES / parts[2] / parts[3]).is_dir():
        return parts[3]
    return "pure"


def game_import_problem(path: Path, module: str) -> str | None:
    game, layer = game_and_layer(path)
    if layer not in LAYER_LIBRARIES:
        return f"{layer}/ is not a layer of a game folder ({', '.join(LAYER_LIBRARIES)})"
    if module.split(".")[0] in STDLIB or module in SHARED_GAME_MODULES:
        return None
    other = named_game(module)
    if other is not None:
        if other != game:
            return f"imports another game's module {module}"
        target = layer_of(module)
        return None if target in ("pure", layer, *LAYER_USES[layer]) else f"a {layer} module imports the {target} layer ({module})"
    if any(within(module, allowed) for allowed in LAYER_LIBRARIES[layer]):
        return None
    return f"a {layer} module imports {module}"


GAME_FILES = sorted(p for p in GAMES.glob("*/**/*.py"))
SHARED_FILES = sorted(p for p in COMPANION.rglob("*.py") if GAMES not in p.parents)


def rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def test_both_games_have_each_layer_in_its_folder():
    for game in ("cannonball_colony", "cannons_coastlines"):
        assert {"camera", "screens", "hardware", "kit", "render"} <= {p.name for p in (GAMES / game).iterdir() if p.is_dir()}


@pytest.mark.parametrize("path", GAME_FILES, ids=rel)
def test_a_game_file_imports_only_what_its_layer_may(path):
    problems = [f"line {line}: {problem}" for line, module in imported_modules(path)
                if (problem := game_import_problem(path, module))]
    assert not problems, f"{rel(path)}: {problems}"


@pytest.mark.parametrize("path", SHARED_FILES, ids=rel)
def test_shared_code_never_names_a_game(path):
    named = [f"line {line}: {module}" for line, module in imported_modules(path) if named_game(module)]
    assert not named, f"{rel(path)} names a game (its part belongs in the game's folder): {named}"


@pytest.mark.parametrize("path", sorted((COMPANION / "vision").rglob("*.py")), ids=rel)
def test_vision_knows_no_game_and_no_kit(path):
    wrong = [f"line {line}: {module}" for line, module in imported_modules(path)
             if within(module, "companion.games") or within(module, "companion.kit")]
    assert not wrong, f"{rel(path)} imports {wrong}: pass the game's sizes and ids in as parameters"


def test_calibration_and_the_kit_do_not_import_each_other_in_a_circle():
    def uses(folder: Path, prefix: str) -> list[str]:
        return [f"{rel(p)}:{line} {module}" for p in folder.rglob("*.py")
                for line, module in imported_modules(p) if within(module, prefix)]
    kit_uses_calibration = uses(COMPANION / "kit", "calibration")
    calibration_uses_kit = uses(ROOT / "calibration", "companion.kit")
    assert not (kit_uses_calibration and calibration_uses_kit), (kit_uses_calibration, calibration_uses_kit)


@pytest.mark.parametrize("package", ["calibration", "firmware_bridge"])
def test_calibration_and_the_bridge_do_not_import_the_dashboard(package):
    for path in (ROOT / package).rglob("*.py"):
        for line, module in imported_modules(path):
            assert not within(module, "companion.dashboard") and not within(module, "flask"), f"{path}:{line} imports {module}"


def test_the_checks_catch_each_kind_of_wrong_import():
    colony = GAMES / "cannonball_colony"
    assert game_import_problem(colony / "rules.py", "numpy")
    assert game_import_problem(colony / "rules.py", "companion.games.cannonball_colony.camera.reader")
    assert game_import_problem(colony / "camera" / "reader.py", "flask")
    assert game_import_problem(colony / "camera" / "reader.py", "companion.games.cannons_coastlines.table")
    assert game_import_problem(colony / "screens" / "table.py", "cv2")
    assert game_import_problem(colony / "oddments" / "x.py", "json")
    assert not game_import_problem(colony / "camera" / "reader.py", "cv2")
    assert not game_import_problem(colony / "camera" / "reader.py", "companion.games.cannonball_colony.kit.terrain")
    assert not game_import_problem(colony / "screens" / "table.py", "companion.games.cannonball_colony.text")
    assert named_game("companion.games.cannons_coastlines.rules") == "cannons_coastlines"
    assert named_game("companion.games.verdict") is None and named_game("companion.tracking") is None

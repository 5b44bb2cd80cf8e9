"""The rules, the core and the bots never import pygame or anything from the user interface.

Every module under `game/core` and `game/bots`, and every game's `rules.py`, `cards.py` and
`bots.py`, is parsed (not imported) and its imports checked, including relative imports and
`importlib.import_module("...")` / `__import__("...")` with a literal name. A subprocess then
imports the Ya Blew It! rules for real and checks that pygame never got loaded.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
FORBIDDEN = ("pygame", "pygame_ce", "game.ui")


def pure_modules() -> list[Path]:
    """The files that must stay free of drawing code (whichever of them exist)."""
    files: list[Path] = []
    for package in ("core", "bots"):
        files += sorted((GAME / package).rglob("*.py"))
    for name in ("rules.py", "cards.py", "bots.py"):
        files += sorted(GAME.glob(f"games/*/{name}"))
    return files


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_forbidden(name: str) -> bool:
    return any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN)


def imported_names(source: str, module: str = "game.games.x.rules",
                   is_package: bool = False) -> list[str]:
    """Every module name the source imports, with relative imports made absolute."""
    package = module if is_package else module.rpartition(".")[0]
    names: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                prefix = ".".join(base)
                target = f"{prefix}.{node.module}" if node.module else prefix
            else:
                target = node.module or ""
            names.append(target)
            names += [f"{target}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Call):
            func = node.func
            called = (func.attr if isinstance(func, ast.Attribute)
                      else func.id if isinstance(func, ast.Name) else "")
            if called in ("import_module", "__import__") and node.args \
                    and isinstance(node.args[0], ast.Constant) \
                    and isinstance(node.args[0].value, str):
                names.append(node.args[0].value)
    return names


def forbidden_imports(source: str, module: str = "game.games.x.rules",
                      is_package: bool = False) -> list[str]:
    return [n for n in imported_names(source, module, is_package) if is_forbidden(n)]


@pytest.mark.parametrize("source,expected", [
    ("import pygame", ["pygame"]),
    ("import pygame.display as d", ["pygame.display"]),
    ("from pygame import Rect", ["pygame", "pygame.Rect"]),
    ("from game.ui import scenes", ["game.ui", "game.ui.scenes"]),
    ("from game import ui", ["game.ui"]),
    ("from ...ui.widgets import Button", ["game.ui.widgets", "game.ui.widgets.Button"]),
    ("import importlib\nimportlib.import_module('pygame')", ["pygame"]),
    ("def f():\n    import pygame_ce", ["pygame_ce"]),
    ("from game.core.contract import Action", []),
    ("import pygments, game.uix, gamepad", []),
    ("from ..ya_blew_it import cards", []),
])
def test_the_import_checker_catches_what_it_should(source: str, expected: list[str]) -> None:
    assert forbidden_imports(source, "game.games.ya_blew_it.rules") == expected


def test_the_pure_modules_are_found() -> None:
    names = {module_name(p) for p in pure_modules()}
    assert {"game.core.contract", "game.core.rng", "game.games.ya_blew_it.rules",
            "game.games.ya_blew_it.cards"} <= names


@pytest.mark.parametrize("path", pure_modules(), ids=module_name)
def test_pure_modules_import_no_pygame_and_no_ui(path: Path) -> None:
    module = module_name(path)
    bad = forbidden_imports(path.read_text("utf-8"), module, path.name == "__init__.py")
    assert not bad, f"{module} imports {', '.join(bad)}: rules, core and bots must stay pure"


def test_importing_the_rules_does_not_load_pygame() -> None:
    code = ("import game.games.ya_blew_it.rules, game.core.contract; import sys; "
            "assert 'pygame' not in sys.modules, 'pygame was imported'")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr

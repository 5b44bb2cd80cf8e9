"""What the game does on its way to the first title frame, and what it leaves until after it:
the sound files load once the first frame is up (or at the first sound), the crash handler
imports its reporting modules only for a crash, and the backdrop's gradients are drawn a faster
way that gives exactly the same pixels."""

from __future__ import annotations

import os

# Headless drivers, before pygame is imported anywhere (conftest.py leaves them to each test file).
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import theme  # noqa: E402
from game.ui.scenes.title import TitleScene  # noqa: E402
from game.ui.sound import NAMES, Sounds  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def test_sounds_load_after_the_first_frame(app) -> None:
    assert not app.sounds._sounds  # nothing read while the window opened
    app.push(TitleScene())
    app.step(0.0)
    assert app.frames == 1
    assert set(app.sounds._sounds) == set(NAMES)  # the dummy audio driver plays them all


def test_a_sound_before_the_first_frame_loads_them(app) -> None:
    app.play("click")
    assert set(app.sounds._sounds) == set(NAMES)


def test_every_sound_the_tables_play_is_one_the_game_has() -> None:
    """A table asks for a sound by name; one the game does not have is silence (Big Dig's digs
    and goals were silent). Every name asked for in the source is loaded, and made by the
    generator whose files are shipped."""
    import re

    sys.path.insert(0, str(ROOT / "assets" / "sounds"))
    try:
        import generate
    finally:
        sys.path.pop(0)
    asked = set()
    for path in (ROOT / "game" / "ui").rglob("*.py"):
        for call in re.findall(r"""\.(?:_play|play)\(([^)]*)\)""", path.read_text("utf-8")):
            asked |= set(re.findall(r"""["']([a-z_]+)["']""", call))   # ("dig" if ... else "blast")
    assert {"dig", "coin", "blast", "win"} <= asked, asked
    assert asked <= set(NAMES), asked - set(NAMES)
    assert set(generate.EFFECTS) == set(NAMES)
    assert all((ROOT / "assets" / "sounds" / f"{name}.wav").is_file() for name in NAMES)


def test_sounds_load_once(monkeypatch: pytest.MonkeyPatch) -> None:
    sounds = Sounds(load=False)
    try:
        assert sounds.available  # asking loads them (and opens the dummy audio device)
        loaded = dict(sounds._sounds)
        monkeypatch.setattr(pygame.mixer, "Sound", lambda path: pytest.fail("loaded twice"))
        sounds.load()
        sounds.play("click")
        assert sounds._sounds == loaded
    finally:
        pygame.mixer.quit()


def test_the_crash_handler_leaves_reporting_modules_for_a_crash() -> None:
    """Installing the handler (every start) imports neither platform nor datetime nor tempfile."""
    code = ("import sys; from game.crash import install_crash_handler; install_crash_handler(); "
            "print(sorted(m for m in ('platform', 'datetime', 'tempfile') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def _gradient_by_lines(size: tuple[int, int], top: tuple[int, int, int],
                       bottom: tuple[int, int, int]) -> pygame.Surface:
    """The gradient as it used to be drawn: one full-width line per row."""
    surf = pygame.Surface(size)
    w, h = size
    for y in range(h):
        t = y / max(1, h - 1)
        pygame.draw.line(surf, tuple(int(a + (b - a) * t) for a, b in zip(top, bottom)), (0, y), (w, y))
    return surf


@pytest.mark.parametrize("size, top, bottom", [
    ((1280, 300), (8, 10, 22), (30, 26, 46)),
    ((1280, 220), (104, 56, 44), (40, 26, 24)),
    ((311, 151), (255, 236, 160), (196, 122, 28)),  # the golden title's shading
    ((5, 1), (0, 0, 0), (255, 255, 255)),
    ((1, 9), (255, 255, 255), (0, 0, 0)),
])
def test_gradient_pixels_are_unchanged(size, top, bottom) -> None:
    old, new = _gradient_by_lines(size, top, bottom), theme.vertical_gradient(size, top, bottom)
    assert new.get_size() == old.get_size()
    assert new.get_bitsize() == old.get_bitsize() and new.get_flags() == old.get_flags()
    assert pygame.image.tobytes(new, "RGBA") == pygame.image.tobytes(old, "RGBA")


def test_an_empty_gradient_is_an_empty_surface() -> None:
    assert theme.vertical_gradient((0, 10), (0, 0, 0), (9, 9, 9)).get_size() == (0, 10)
    assert theme.vertical_gradient((10, 0), (0, 0, 0), (9, 9, 9)).get_size() == (10, 0)

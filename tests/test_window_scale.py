"""The picture fills the window whatever its size: in a real window (X11 on Xvfb, on a desktop as
small as a 1366x768 laptop's) SDL scales the 1280x720 picture down to the smaller window the game
opens, and to a window dragged to its smallest, instead of showing the middle of it cropped.

Needs xvfb-run (the xvfb package): skipped without it, except on CI, where .ci/run installs it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ON_CI = os.environ.get("CI", "").lower() == "true"
ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import json, tempfile, warnings
import pygame
from pygame._sdl2 import video
from game.settings import Settings
from game.ui.app import App

warnings.simplefilter("ignore")
app = App(Settings(animation="instant", muted=True))

def look():
    for _ in range(5):
        app.step(1 / 60)
        pygame.display.flip()
        pygame.event.pump()
    window = pygame.Window.from_display_module()
    renderer = video.Renderer.from_window(window)
    return {"window": list(window.size), "scale": list(renderer.scale),
            "viewport": list(renderer.get_viewport())}

window = pygame.Window.from_display_module()
opened = look()
opened["shown"] = bool(pygame.display.get_active())
opened["position"] = list(window.position)
app._set_fullscreen(True)
full = look()
app._set_fullscreen(False)
back = look()
back["minimum"] = list(window.minimum_size)
# The player makes the window their own, goes to full screen and back: it comes back as theirs.
mine = (window.size[0] - 100, window.size[1] - 60)
window.size, window.position = mine, (20, 30)
look()
app._set_fullscreen(True)
look()
app._set_fullscreen(False)
theirs = look()
theirs["position"] = list(window.position)
window.size = (640, 360)
print(json.dumps({"opened": opened, "full": full, "back": back, "theirs": theirs,
                  "mine": list(mine), "smallest": look()}))
"""


def _probe(xvfb_run: str, screen: str, home: Path) -> dict[str, dict[str, list[float]]]:
    env = {**os.environ, "MOTHER_LODE_HOME": str(home), "SDL_AUDIODRIVER": "dummy"}
    for name in ("SDL_VIDEODRIVER", "SDL_HINT_RENDER_SCALE_QUALITY", "SDL_RENDER_SCALE_QUALITY"):
        env.pop(name, None)
    run = subprocess.run([xvfb_run, "-a", "-s", f"-screen 0 {screen}x24", sys.executable, "-c", PROBE],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    seen: dict[str, dict[str, list[float]]] = json.loads(run.stdout.strip().splitlines()[-1])
    return seen


def _xvfb_run() -> str:
    if not sys.platform.startswith("linux"):
        pytest.skip("tested on Linux, in an X11 window under Xvfb")
    xvfb_run = shutil.which("xvfb-run")
    if xvfb_run is None:
        if ON_CI:
            pytest.fail("CI must test the window's scaling under Xvfb: no xvfb-run")
        pytest.skip("no xvfb-run here (install the xvfb package)")
    return xvfb_run


def test_the_picture_is_scaled_to_a_window_smaller_than_it(tmp_path: Path) -> None:
    seen = _probe(_xvfb_run(), "1366x768", tmp_path)
    assert seen["opened"]["shown"], "the window was never shown"
    assert seen["full"]["window"] == [1366, 768]
    # Back from full screen, a window the player made their own is theirs again, where it was.
    assert seen["theirs"]["window"] == seen["mine"] and seen["theirs"]["position"] == [20, 30]
    # Back from full screen: the laptop's window again, and it may still be dragged smaller.
    assert seen["back"]["minimum"] == [640, 360]
    for case, (w, h) in (("opened", (1169, 658)), ("back", (1169, 658)), ("smallest", (640, 360))):
        got = seen[case]
        # A 1366x768 desktop has no room for 1280x720 with its frame: the window opens smaller.
        assert got["window"] == [w, h], (case, got)
        # The whole picture, scaled down to it, inside the window (not its middle, cropped).
        assert got["scale"][0] == pytest.approx(w / 1280, abs=0.01), (case, got)
        x, y, vw, vh = got["viewport"]
        assert x >= 0 and y >= 0 and vw * got["scale"][0] <= w + 1 and vh * got["scale"][1] <= h + 1, (case, got)


@pytest.mark.parametrize("screen", [(800, 600), (1024, 600), (1024, 768), (1152, 864)])
def test_on_a_screen_narrower_than_the_picture_the_window_opens_wholly_on_it(tmp_path: Path,
                                                                            screen: tuple[int, int]) -> None:
    """pygame opens the window at the picture's size from the screen's left edge; the smaller
    window the game fits to the screen was centred on that one and hung off the right (220
    pixels at 800x600, where the title's buttons are). It is centred on the screen."""
    got = _probe(_xvfb_run(), f"{screen[0]}x{screen[1]}", tmp_path)["opened"]
    (x, y), (w, h) = got["position"], got["window"]
    assert x >= 0 and y >= 0 and x + w <= screen[0] and y + h <= screen[1], got
    # Centred, so a taskbar at any edge has the room the window's size leaves it.
    assert abs(x - (screen[0] - w) // 2) <= 1 and abs(y - (screen[1] - h) // 2) <= 1, got


def test_a_desktop_with_room_opens_the_picture_at_its_own_size(tmp_path: Path) -> None:
    got = _probe(_xvfb_run(), "1920x1080", tmp_path)["opened"]
    assert got["window"] == [1280, 720] and got["scale"] == [1.0, 1.0] and got["shown"], got


def test_without_a_real_window_no_scaling_hint_is_set(tmp_path: Path) -> None:
    """With SDL's headless driver (tests, pictures drawn off screen) the window has nothing to
    scale, and pygame 2.5 given the hint could crash when the display was opened again."""
    code = ("import os; from game.settings import Settings; from game.ui.app import App; "
            "App(Settings(muted=True)); "
            "print(os.environ.get('SDL_HINT_RENDER_SCALE_QUALITY'), os.environ.get('SDL_RENDER_SCALE_QUALITY'))")
    env = {**os.environ, "MOTHER_LODE_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    for name in ("SDL_HINT_RENDER_SCALE_QUALITY", "SDL_RENDER_SCALE_QUALITY"):
        env.pop(name, None)
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip().splitlines()[-1] == "None None"


def test_the_window_for_each_desktop() -> None:
    from game.ui.app import window_size_for

    assert window_size_for((1366, 768)) == (1169, 658)      # a laptop: scaled down to fit
    assert window_size_for((1280, 720)) == (1084, 610)
    assert window_size_for((1600, 900)) == (1280, 720)      # room: the picture's own size
    assert window_size_for((1920, 1080)) == (1280, 720)
    assert window_size_for((2560, 1440)) == (1280, 720)     # (no room for twice: the bars)
    assert window_size_for((3840, 2160)) == (2560, 1440)    # a 4K screen: twice, pixel for pixel
    assert window_size_for((800, 600)) == (760, 427)
    assert window_size_for((500, 300)) == (640, 360)        # never under the smallest window
    # Opened by pygame on another display, fitted to its usable area (a laptop beside a large
    # first screen): no larger than that, with room for the title bar.
    assert window_size_for((1920, 1080), (1294, 728)) == (1223, 688)
    assert window_size_for((1920, 1080), (1920, 1080)) == (1280, 720)
    assert window_size_for((1366, 768), (1365, 768)) == (1169, 658)
    # The size the player left it at: kept where there is room, never under the smallest.
    assert window_size_for((1920, 1080), None, (1000, 600)) == (1000, 600)
    assert window_size_for((1920, 1080), None, (300, 200)) == (640, 360)
    assert window_size_for((1366, 768), (1366, 768), (1800, 1000)) == (1326, 658)


REMEMBER = """
import json, sys, warnings
import pygame
from game.settings import settings_path
from game.ui.app import App

warnings.simplefilter("ignore")
app = App()
window = pygame.Window.from_display_module()

def settle():
    for _ in range(5):
        app.step(1 / 60)
        pygame.event.pump()

settle()
opened = list(window.size)
if sys.argv[1] != "-":
    window.size = tuple(int(v) for v in sys.argv[1].split("x"))
    settle()
app.run()   # nothing on the stack: closes at once, as the game does
kept = json.loads(settings_path().read_text())["window_size"] if settings_path().exists() else None
print(json.dumps({"opened": opened, "kept": kept}))
"""


def _remember(xvfb_run: str, screen: str, home: Path, resize: str = "-") -> dict[str, object]:
    env = {**os.environ, "MOTHER_LODE_HOME": str(home), "SDL_AUDIODRIVER": "dummy"}
    for name in ("SDL_VIDEODRIVER", "SDL_HINT_RENDER_SCALE_QUALITY", "SDL_RENDER_SCALE_QUALITY"):
        env.pop(name, None)
    run = subprocess.run([xvfb_run, "-a", "-s", f"-screen 0 {screen}x24", sys.executable, "-c", REMEMBER,
                          resize], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    seen: dict[str, object] = json.loads(run.stdout.strip().splitlines()[-1])
    return seen


def test_the_window_opens_at_the_size_the_player_left_it(tmp_path: Path) -> None:
    xvfb_run = _xvfb_run()
    # Not changed by the player: nothing written, and the next start fits the desktop again.
    assert _remember(xvfb_run, "1920x1080", tmp_path) == {"opened": [1280, 720], "kept": None}
    first = _remember(xvfb_run, "1920x1080", tmp_path, "1000x600")
    assert first == {"opened": [1280, 720], "kept": [1000, 600]}
    assert _remember(xvfb_run, "1920x1080", tmp_path)["opened"] == [1000, 600]
    # On a smaller screen next time: no larger than it has room for, and remembered as it was,
    # for a larger screen after (the size the game cut it to is not the player's).
    settings = next(tmp_path.rglob("settings.json"))
    settings.write_text(json.dumps({"window_size": [1800, 1000]}))
    assert _remember(xvfb_run, "1366x768", tmp_path) == {"opened": [1326, 658], "kept": [1800, 1000]}
    assert _remember(xvfb_run, "2560x1440", tmp_path)["opened"] == [1800, 1000]


def test_a_remembered_window_size_is_checked_when_read(tmp_path: Path) -> None:
    from game.settings import _read

    assert _read({"window_size": [900, 500]})[0].window_size == [900, 500]
    for bad in ([900], [900, "500"], [0, 500], [900, 10**9], "900x500", [900.0, 500], [True, 500]):
        settings, wrong = _read({"window_size": bad})
        assert settings.window_size == [] and wrong == ["window_size"], bad


class _Window:
    """A stand-in for a real window (the dummy driver has none): what the game asks of it."""

    def __init__(self) -> None:
        self.size, self.position, self.maximize_calls = (1000, 600), (30, 40), 0

    def maximize(self) -> None:
        self.maximize_calls += 1


def test_a_maximised_window_comes_back_maximised_from_full_screen(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Full screen and back gave the player's window its size and place, which un-maximised a
    maximised one (from a review in a real window). It is maximised again, and a window that
    was not comes back at its own size and place."""
    import pygame

    from game.ui import app as app_module

    window, full = _Window(), [False]
    monkeypatch.setattr(app_module, "_display_window", lambda: window)
    monkeypatch.setattr(pygame.display, "is_fullscreen", lambda: full[0])
    monkeypatch.setattr(pygame.display, "toggle_fullscreen", lambda: full.__setitem__(0, not full[0]))
    monkeypatch.setattr(app_module, "_keep_readable", lambda size: None)
    app.handle(pygame.event.Event(pygame.WINDOWMAXIMIZED))
    window.size, window.position = (1920, 1050), (0, 0)
    app._set_fullscreen(True)
    window.size = (1920, 1080)
    app._set_fullscreen(False)
    assert window.maximize_calls == 1 and not full[0]
    # Made smaller again by the window manager's button: back as the player's own size.
    app.handle(pygame.event.Event(pygame.WINDOWRESTORED))
    window.size, window.position = (1000, 600), (30, 40)
    app._set_fullscreen(True)
    window.size, window.position = (1920, 1080), (0, 0)
    app._set_fullscreen(False)
    assert window.maximize_calls == 1 and window.size == (1000, 600) and window.position == (30, 40)


def test_full_screen_entered_by_the_desktop_is_known_to_the_settings_and_f11(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A window manager's own full screen (its menu, a Mac's green button) left Settings saying
    "Off", and F11 then asked for full screen again instead of leaving it."""
    import pygame

    from game.ui import app as app_module

    window, full = _Window(), [False]
    monkeypatch.setattr(app_module, "_display_window", lambda: window)
    monkeypatch.setattr(pygame.display, "is_fullscreen", lambda: full[0])
    monkeypatch.setattr(pygame.display, "toggle_fullscreen", lambda: full.__setitem__(0, not full[0]))
    monkeypatch.setattr(app_module, "_keep_readable", lambda size: None)
    assert not app.settings.fullscreen
    full[0] = True   # the desktop's doing
    window.size = (1920, 1080)
    app.handle(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1920, y=1080))
    assert app.settings.fullscreen
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    assert not full[0] and not app.settings.fullscreen


def test_a_maximised_window_is_not_remembered_as_the_players_size(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Maximising sends the window's new size, and then (or just before) the word that it is
    maximised: the size filling the desktop is not the one to open at next time."""
    import pygame

    from game.ui import app as app_module

    window = _Window()
    monkeypatch.setattr(app_module, "_display_window", lambda: window)
    monkeypatch.setattr(pygame.display, "is_fullscreen", lambda: False)

    def sized(w: int, h: int) -> None:
        window.size = (w, h)
        app.handle(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=w, y=h))

    sized(1000, 600)
    assert app.settings.window_size == [1000, 600]
    for size_first in (True, False):
        if size_first:
            sized(1920, 1050)
            app.handle(pygame.event.Event(pygame.WINDOWMAXIMIZED))
        else:
            app.handle(pygame.event.Event(pygame.WINDOWMAXIMIZED))
            sized(1920, 1050)
        assert app.settings.window_size == [1000, 600], size_first
        app.handle(pygame.event.Event(pygame.WINDOWRESTORED))
        sized(1000, 600)
    sized(900, 500)   # the player's own again
    assert app.settings.window_size == [900, 500]


def test_a_window_closed_maximised_opens_maximised_next_time(make_app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A window closed maximised opened next time at the last size the player had dragged it to
    (from a review in a real window): whether it is maximised is kept with its size, and the
    next start maximises it again; un-maximised before closing, it opens as it was."""
    import pygame

    from game.settings import load_settings
    from game.ui import app as app_module

    window = _Window()
    monkeypatch.setattr(app_module, "_display_window", lambda: window)
    monkeypatch.setattr(pygame.display, "is_fullscreen", lambda: False)
    first = make_app(None)
    assert window.maximize_calls == 0
    first.handle(pygame.event.Event(pygame.WINDOWMAXIMIZED))
    first.keep_window_size()
    assert load_settings().window_maximised
    second = make_app(None)
    assert window.maximize_calls == 1 and second.maximised
    second.handle(pygame.event.Event(pygame.WINDOWRESTORED))
    second.keep_window_size()
    assert not load_settings().window_maximised
    make_app(None)
    assert window.maximize_calls == 1

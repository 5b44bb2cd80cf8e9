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

opened = look()
pygame.Window.from_display_module().size = (640, 360)
print(json.dumps({"opened": opened, "smallest": look()}))
"""


def test_the_picture_is_scaled_to_a_window_smaller_than_it(tmp_path: Path) -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("tested on Linux, in an X11 window under Xvfb")
    xvfb_run = shutil.which("xvfb-run")
    if xvfb_run is None:
        if ON_CI:
            pytest.fail("CI must test the window's scaling under Xvfb: no xvfb-run")
        pytest.skip("no xvfb-run here (install the xvfb package)")
    env = {**os.environ, "MOTHER_LODE_HOME": str(tmp_path), "SDL_AUDIODRIVER": "dummy"}
    for name in ("SDL_VIDEODRIVER", "SDL_HINT_RENDER_SCALE_QUALITY", "SDL_RENDER_SCALE_QUALITY"):
        env.pop(name, None)
    run = subprocess.run([xvfb_run, "-a", "-s", "-screen 0 1366x768x24", sys.executable, "-c", PROBE],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    seen = json.loads(run.stdout.strip().splitlines()[-1])
    for case, (w, h) in (("opened", (1169, 658)), ("smallest", (640, 360))):
        got = seen[case]
        # A 1366x768 desktop has no room for 1280x720 with its frame: the window opens smaller.
        assert got["window"] == [w, h], (case, got)
        # The whole picture, scaled down to it, inside the window (not its middle, cropped).
        assert got["scale"][0] == pytest.approx(w / 1280, abs=0.01), (case, got)
        x, y, vw, vh = got["viewport"]
        assert x >= 0 and y >= 0 and vw * got["scale"][0] <= w + 1 and vh * got["scale"][1] <= h + 1, (case, got)

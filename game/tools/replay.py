"""`python -m game replay FILE --shots DIR [--every N]`: a replay drawn headless, one PNG a move.

The pictures come from the same replay viewer and table drawing as on screen (with SDL's dummy
video driver, so no window opens), which makes them good attachments to a bug report.
"""

from __future__ import annotations

import os
from pathlib import Path

from game.tools import cli
from game.core.text import for_terminal

MAX_EVERY = 1_000_000


@cli.edge("replay")
def main(argv: list[str]) -> int:
    parser = cli.ToolParser(prog="python -m game replay", description=__doc__.splitlines()[0])
    parser.add_argument("file", type=cli.input_file(), help="a replay or saved game (.json)")
    parser.add_argument("--shots", type=cli.output_folder("--shots"), required=True,
                        help="folder for the PNG pictures")
    parser.add_argument("--every", type=cli.whole("--every", 1, MAX_EVERY), default=1,
                        help="a picture every N moves (default 1)")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.core.contract import BadSave
    from game.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.replay import replay_scene_for_file

    from game.core.match import load_match

    try:
        # (A game not finished, a save say, is drawn as its viewer would show it: a hot-seat
        # game's hands stay hidden.)
        unfinished = not load_match(Path(args.file)).is_over()
        scene = replay_scene_for_file(Path(args.file), unfinished=unfinished)
    except BadSave as exc:
        print(for_terminal(f"{args.file}: {exc}"))
        return 1
    app = App(Settings(animation="instant", muted=True))
    try:
        app.push(scene)
        count = scene.shoot(Path(args.shots), args.every)
    finally:
        while app.stack:
            app.stack.pop().exit()
    print(for_terminal(f"{count} pictures of {scene.match.info.title} ({scene.total} moves) in {args.shots}"))
    return 0

"""Making your own map (Gold Mine) or board (Big Dig) from the setup: "Make your own map" puts a
copy of the chosen map, with its tileset, in the user maps folder under a name of its own, lists
it and chooses it. This is how a player of the executable, who has no maps/ folder to copy from,
starts a map to change in Tiled."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.tiled import MapError, check, copy_to_edit, map_game  # noqa: E402
from game.games.big_dig.tmx import load_board, shipped_board_path  # noqa: E402
from game.games.gold_mine.tmx import load_map, shipped_map_path  # noqa: E402


def test_a_copy_of_the_shipped_map_is_a_map_of_its_own_with_its_tileset(tmp_path: Path) -> None:
    path, name, copied = copy_to_edit(shipped_map_path(), tmp_path, "The Old Mountain")
    assert path == tmp_path / "the_old_mountain_copy.tmx" and name == "The Old Mountain copy"
    assert copied == ["gold_mine_tiles.tsx", "gold_mine_tiles.png"]
    game_map = load_map(path)
    original = load_map(shipped_map_path())
    assert game_map.name == name and map_game(path) == "gold_mine"
    assert game_map.tiles == original.tiles and check(path).startswith(f"{name}, 89 hexes")
    # A second copy, and a copy of the copy, are numbered from the original's name.
    second, name2, copied2 = copy_to_edit(shipped_map_path(), tmp_path, "The Old Mountain")
    third, name3, _ = copy_to_edit(path, tmp_path, name)
    assert (name2, name3) == ("The Old Mountain copy 2", "The Old Mountain copy 3")
    assert second.name == "the_old_mountain_copy_2.tmx" and third.name == "the_old_mountain_copy_3.tmx"
    assert copied2 == [] and load_map(third).name == name3
    assert (tmp_path / "the_old_mountain_copy.tmx").read_bytes() == path.read_bytes()


def test_a_copy_of_a_big_dig_side_stays_a_big_dig_board(tmp_path: Path) -> None:
    path, name, copied = copy_to_edit(shipped_board_path("b"), tmp_path, "Old Well Hollow")
    board = load_board(path)
    assert name == "Old Well Hollow copy" and board.name == name and map_game(path) == "big_dig"
    assert copied == ["big_dig_tiles.tsx", "big_dig_tiles.png"]
    assert board.cells == load_board(shipped_board_path("b")).cells


def test_a_tileset_the_player_changed_is_never_written_over(tmp_path: Path) -> None:
    mine = b"<tileset name='mine'/>"
    (tmp_path / "gold_mine_tiles.tsx").write_bytes(mine)
    _, _, copied = copy_to_edit(shipped_map_path(), tmp_path, "The Old Mountain")
    assert (tmp_path / "gold_mine_tiles.tsx").read_bytes() == mine
    assert "gold_mine_tiles.tsx" not in copied


def test_a_tileset_named_outside_the_maps_folder_is_not_followed(tmp_path: Path) -> None:
    source = tmp_path / "src"
    source.mkdir()
    text = shipped_map_path().read_text(encoding="utf-8").replace(
        'source="gold_mine_tiles.tsx"', 'source="../secret.tsx"')
    (tmp_path / "secret.tsx").write_text("<tileset/>", encoding="utf-8")
    (source / "odd.tmx").write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    path, _, copied = copy_to_edit(source / "odd.tmx", out, "Odd")
    assert copied == [] and sorted(p.name for p in out.iterdir()) == [path.name]


def test_a_file_that_is_not_a_map_is_refused_with_its_reason(tmp_path: Path) -> None:
    bad = tmp_path / "bad.tmx"
    bad.write_text("<notamap/>", encoding="utf-8")
    with pytest.raises(MapError, match="not a Tiled map"):
        copy_to_edit(bad, tmp_path / "out", "Bad")


# ---------------------------------------------------------------------------- the setup's button
@pytest.mark.parametrize("game", ["gold_mine", "big_dig"])
def test_make_your_own_copies_lists_and_chooses_the_map_and_says_where(app: Any, home: Path,
                                                                       game: str) -> None:
    from game.core.tiled import user_maps_dir
    from game.games import GAMES
    from game.ui.scenes.dialogs import MessageBox
    from game.ui.scenes.setup import SetupScene

    setup = SetupScene(GAMES[game])
    app.push(setup)
    assert setup.copy_button is not None and setup.maps is not None
    chosen = setup.maps.chosen
    assert chosen is not None and chosen.game_map is not None
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m"))
    box = app.top
    assert isinstance(box, MessageBox)
    said = " ".join(str(v) for v in vars(box).values())
    copies = sorted(p.name for p in user_maps_dir().glob("*.tmx"))
    assert len(copies) == 1 and copies[0] in said and "Tiled" in said
    # Listed, chosen and playable: a game can start on it at once.
    now = setup.maps.chosen
    assert now is not None and now.ok and now.path == user_maps_dir() / copies[0]
    assert now.title == f"{chosen.game_map.name} copy"
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert app.top is setup
    match = setup.build_match()
    key = "board" if game == "big_dig" else "map"
    assert match.config.options[key]["name"] == now.title


def test_a_copy_that_cannot_be_written_says_why_and_changes_nothing(app: Any, home: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import game.core.tiled as tiled
    from game.games import GAMES
    from game.ui.scenes.dialogs import MessageBox
    from game.ui.scenes.setup import SetupScene

    def refuse(*_: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tiled, "copy_to_edit", refuse)
    setup = SetupScene(GAMES["gold_mine"])
    app.push(setup)
    assert setup.maps is not None
    before = list(setup.maps.entries)
    setup.copy_map()
    box = app.top
    assert isinstance(box, MessageBox)
    said = " ".join(str(v) for v in vars(box).values())
    assert "Could not make a copy" in said and "Permission denied" in said
    assert setup.maps.entries == before


def test_a_long_names_copies_keep_their_numbers(tmp_path: Path) -> None:
    from game.core.tiled import MAX_NAME_LENGTH

    long_name = "The Very Long Winding Tunnel Under The Hill Road"
    names = [copy_to_edit(shipped_map_path(), tmp_path, long_name)[1] for _ in range(3)]
    assert [n.rsplit(" copy", 1)[1] for n in names] == ["", " 2", " 3"]
    assert all(len(n) <= MAX_NAME_LENGTH and "…" not in n for n in names)
    assert len(set(names)) == 3


def test_a_file_where_the_maps_folder_should_be_is_said_not_a_crash(app: Any, home: Path) -> None:
    """The setup opens (without the player's maps), says why in the map panel, and a copy says
    why too; nothing is written."""
    from game.core.tiled import user_maps_dir
    from game.games import GAMES
    from game.paths import user_data_dir
    from game.ui.scenes.dialogs import MessageBox
    from game.ui.scenes.setup import SetupScene

    folder = user_data_dir() / "maps"
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("not a folder", encoding="utf-8")
    with pytest.raises(OSError, match="is a file, not a folder"):
        user_maps_dir()
    for game in ("gold_mine", "big_dig"):
        setup = SetupScene(GAMES[game])
        app.push(setup)
        app.step(1 / 60)
        app.draw()
        assert setup.maps is not None and all(e.source == "comes with the game" for e in setup.maps.entries)
        assert "cannot be used" in setup.folder_hint[0] and "is a file" in setup.folder_hint[0]
        setup.copy_map()
        box = app.top
        assert isinstance(box, MessageBox)
        said = " ".join(str(v) for v in vars(box).values())
        assert "is a file, not a folder" in said and str(folder) in said
        app.pop()
        app.pop()
    assert folder.read_text(encoding="utf-8") == "not a folder"


def test_the_maps_folder_hint_fits_its_line_and_keeps_the_folders_name(
        app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A long user folder (an executable run from deep inside another folder, say) is not cut at
    its end, where the folder's name is: Big Dig first drops its 'One board for everyone.', then
    the path gives up part of its middle. One that fits is said whole."""
    from game.core.tiled import shown_path, user_maps_dir
    from game.games import GAMES
    from game.ui import theme
    from game.ui.scenes.setup import SetupScene

    for depth, game in ((1, "gold_mine"), (1, "big_dig"), (12, "big_dig"), (12, "gold_mine")):
        deep = tmp_path.joinpath(*[f"folder-{i}" for i in range(depth)], "MotherLode")
        monkeypatch.setenv("MOTHER_LODE_HOME", str(deep))
        setup = SetupScene(GAMES[game])
        app.push(setup)
        app.step(1 / 60)
        app.draw()
        folder = shown_path(user_maps_dir())
        # (A room the whole line just fits for the short folder; the table's usual for the deep.)
        room = theme.width_of(setup.folder_hint[0], 13) if depth == 1 else 520
        line = setup._folder_line(room)
        assert theme.width_of(line, 13) <= room
        assert line.endswith(os.sep.join(folder.split(os.sep)[-3:]))
        if depth == 1:
            assert line == setup.folder_hint[0] and folder in line
        else:
            assert "…" in line and line.startswith("Your own ")
        app.pop()


def test_fit_path_keeps_the_end_and_fits(app: Any) -> None:
    from game.ui import theme

    path = "/home/somebody/a/rather/long/way/down/to/the/MotherLode/maps"
    assert theme.fit_path(path, 2000, 13) == path
    for width in (400, 300, 200, 120):
        shown = theme.fit_path(path, width, 13)
        assert theme.width_of(shown, 13) <= width and "…" in shown
        head, _, tail = shown.partition("…")
        assert path.startswith(head) and path.endswith(tail) and len(tail) >= len(head)

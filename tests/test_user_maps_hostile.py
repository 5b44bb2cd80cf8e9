"""The user maps folder as the setup reads it: a map's parts the game does not read cost nothing
(object layers set aside before pytmx sees them, what is left bounded), start points are found
from the hex geometry instead of by trying every cell, each game reads its own first maps and says
how many it left out, and a map not changed since it was read is not read again.

Work is measured by counts (layers pytmx parsed, cells looked at, maps read), never by the clock.
"""

from __future__ import annotations

import os

# Headless drivers, before pygame is imported anywhere (conftest.py leaves them to each test file).
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random  # noqa: E402
import shutil  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402

from game.core import tiled  # noqa: E402
from game.core.tiled import MapError  # noqa: E402
from game.games.big_dig.tmx import load_board  # noqa: E402
from game.games.gold_mine.tmx import TiledHexLayout, load_map  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
MAPS = REPO / "maps"
GOLD = (MAPS / "gold_mine.tmx").read_text(encoding="utf-8")
BOARD = (MAPS / "big_dig_a.tmx").read_text(encoding="utf-8")


def with_tilesets(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for tsx in MAPS.glob("*.tsx"):
        shutil.copy(tsx, folder)
    return folder


def polygon_layer(name: str, corners: int, object_id: int = 100) -> str:
    points = " ".join(["1,1"] * corners)
    return (f'<objectgroup id="90" name="{name}"><object id="{object_id}" x="0" y="0">'
            f'<polygon points="{points}"/></object></objectgroup>')


@pytest.fixture
def parsed_layers(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the layers pytmx makes, map after map."""
    pytmx = tiled.pytmx_module()
    names: list[str] = []
    add_layer = pytmx.TiledMap.add_layer

    def spy(self: Any, layer: Any) -> None:
        names.append(layer.name)
        add_layer(self, layer)

    monkeypatch.setattr(pytmx.TiledMap, "add_layer", spy)
    return names


# -- object layers the game does not read ------------------------------------------------------


def test_a_gold_mine_map_s_other_object_layers_are_set_aside_before_pytmx(tmp_path, parsed_layers):
    folder = with_tilesets(tmp_path)
    path = folder / "drawn_on.tmx"
    path.write_text(GOLD.replace("</map>", polygon_layer("notes", 100_000) + "</map>"))
    assert load_map(path).name == "The Old Mountain"
    assert parsed_layers.count("starts") == 1 and "notes" not in parsed_layers


def test_a_big_dig_board_s_object_layers_are_set_aside_before_pytmx(tmp_path, parsed_layers):
    folder = with_tilesets(tmp_path)
    path = folder / "drawn_on.tmx"
    path.write_text(BOARD.replace("</map>", polygon_layer("notes", 100_000) + "</map>"))
    assert load_board(path).name
    assert parsed_layers == ["ground"]


def test_many_corners_in_the_starts_layer_are_refused_before_pytmx(tmp_path, parsed_layers):
    folder = with_tilesets(tmp_path)
    path = folder / "spiky.tmx"
    # (In the map's own starts layer: a second one would be refused for being a second.)
    text = GOLD.replace('<object id="1"', f'<object id="99" x="0" y="0"><polygon points="'
                        f'{" ".join(["1,1"] * (tiled.MAX_POINTS + 1))}"/></object>'
                        f'<object id="1"', 1)
    assert text != GOLD
    path.write_text(text)
    with pytest.raises(MapError, match=f"'starts' object layer have {tiled.MAX_POINTS + 1:,} "
                                       f"corners; at most {tiled.MAX_POINTS:,}"):
        load_map(path)
    assert parsed_layers == []


def test_tile_shapes_in_a_tileset_file_are_bounded(tmp_path, parsed_layers):
    folder = with_tilesets(tmp_path)
    tsx = (folder / "gold_mine_tiles.tsx").read_text(encoding="utf-8")
    shapes = "".join(f'<tile id="{100 + i}"><objectgroup><object id="1" x="0" y="0" width="2" '
                     f'height="2"/></objectgroup></tile>' for i in range(tiled.MAX_OBJECTS + 1))
    (folder / "gold_mine_tiles.tsx").write_text(tsx.replace("</tileset>", shapes + "</tileset>"))
    (folder / "shapes.tmx").write_text(GOLD)
    with pytest.raises(MapError, match=f"{tiled.MAX_OBJECTS + 1} objects in the tiles of the "
                                       f"tileset file 'gold_mine_tiles.tsx'"):
        load_map(folder / "shapes.tmx")
    assert parsed_layers == []


def test_too_many_properties_are_refused_before_parsing(tmp_path):
    folder = with_tilesets(tmp_path)
    many = "".join(f'<property name="p{i}" value="v"/>' for i in range(tiled.MAX_PROPERTIES))
    path = folder / "wordy.tmx"
    path.write_text(GOLD.replace("<properties>", "<properties>" + many, 1))
    with pytest.raises(MapError, match=f"holds {tiled.MAX_PROPERTIES + 9:,} custom properties"):
        tiled.map_game(path)   # the file's head alone is not parsed either
    with pytest.raises(MapError, match="custom properties; a map or tileset file may hold at most"):
        load_map(path)


# -- start points: the cell from the hex geometry ----------------------------------------------


def scanned_cell(layout: TiledHexLayout, px: float, py: float, width: int,
                 height: int) -> tuple[int, int] | None:
    """`cell_at` as it was: every cell of the map tried."""
    cells = [(c, r) for r in range(height) for c in range(width)]
    if not any(layout.contains(c, r, px, py) for c, r in cells):
        return None
    return min(cells, key=lambda cell: (layout.centre(*cell)[0] - px) ** 2
               + (layout.centre(*cell)[1] - py) ** 2)


def test_the_cell_of_a_point_is_the_one_the_scan_of_every_cell_finds():
    rng = random.Random(8)
    compared = found = 0
    for _ in range(60):
        tile_w = rng.randint(2, 90)
        layout = TiledHexLayout(tile_w, rng.randint(1, 90), rng.randint(1, tile_w - 1),
                                rng.random() < 0.5)
        width, height = rng.randint(1, 9), rng.randint(1, 9)
        right = width * layout.column_width + tile_w
        bottom = (height + 1) * tile_w * 2
        points = [(rng.uniform(-20, right + 20), rng.uniform(-20, bottom + 20)) for _ in range(60)]
        # Corners and centres too, where ties and edges are.
        points += [p for c in range(width) for r in range(height)
                   for p in [layout.centre(c, r), *layout.corners(c, r)]][:60]
        for px, py in points:
            want = scanned_cell(layout, px, py, width, height)
            assert layout.cell_at(px, py, width, height) == want, (layout, width, height, px, py)
            compared += 1
            found += want is not None
    assert compared >= 60 * 100 and found >= 1000


def test_a_start_point_looks_at_a_few_cells_of_a_large_map():
    layout = TiledHexLayout(64, 56, 32, False)
    for c, r in [(0, 0), (99, 99), (50, 7)]:
        x, y = layout.centre(c, r)
        near = layout.cells_near(x, y, 100, 100)
        assert (c, r) in near and len(near) <= 16   # of 10,000
        assert layout.cell_at(x, y, 100, 100) == (c, r)
    assert layout.cells_near(10**9, 10**9, 100, 100) == []


# -- each game its own first maps, and a word on the others ------------------------------------


def test_boards_filling_the_folder_leave_room_for_gold_mine_maps(home):
    from game.ui.scenes.setup import big_dig_boards, gold_mine_maps

    folder = with_tilesets(home / "data" / "maps")
    for i in range(tiled.MAX_USER_MAPS + 3):
        (folder / f"board_{i:02d}.tmx").write_text(BOARD)
    (folder / "my_mountain.tmx").write_text(GOLD)
    gold = gold_mine_maps()
    assert [(e.source, e.ok, e.note) for e in gold[1:]] == [("my_mountain.tmx", True, False)]
    boards = big_dig_boards()
    user = [e for e in boards[2:] if not e.note]
    assert len(user) == tiled.MAX_USER_MAPS and all(e.ok for e in user)
    note = boards[-1]
    assert note.note and not note.ok and note.title == "3 files not read"
    assert note.reason == (f"Only the first {tiled.MAX_USER_MAPS} boards, by file name, are read: "
                           f"3 more were left out. Move those you do not play out of your maps "
                           f"folder.")


def test_files_past_those_looked_at_are_counted(tmp_path, monkeypatch):
    monkeypatch.setattr(tiled, "MAX_USER_MAP_FILES", 4)
    folder = with_tilesets(tmp_path)
    for i in range(6):
        (folder / f"m{i}.tmx").write_text(GOLD)
    listed = tiled.user_maps("gold_mine", load_map, folder)
    assert [p.name for p, _ in listed.found] == ["m0.tmx", "m1.tmx", "m2.tmx", "m3.tmx"]
    assert (listed.left_out, listed.not_looked_at) == (0, 2)
    from game.ui.scenes.setup import left_out_note

    note = left_out_note(listed, "map")
    assert note is not None and note.reason.startswith(
        "Only the first 4 .tmx files of all games are looked at: 2 more were not.")


def test_a_file_whose_game_cannot_be_told_counts_for_every_game(tmp_path, monkeypatch):
    monkeypatch.setattr(tiled, "MAX_USER_MAPS", 2)
    folder = with_tilesets(tmp_path)
    (folder / "a_broken.tmx").write_text("<map")
    (folder / "b_board.tmx").write_text(BOARD)
    (folder / "c_map.tmx").write_text(GOLD)
    (folder / "d_map.tmx").write_text(GOLD)
    gold = tiled.user_maps("gold_mine", load_map, folder)
    assert [p.name for p, _ in gold.found] == ["a_broken.tmx", "c_map.tmx"] and gold.left_out == 1
    boards = tiled.user_maps("big_dig", load_board, folder)
    assert [p.name for p, _ in boards.found] == ["a_broken.tmx", "b_board.tmx"]
    assert boards.left_out == 0


# -- maps read once while they do not change ----------------------------------------------------


def settle(*paths: Path) -> None:
    """Date the files a minute back, as files the player saved a while ago."""
    for path in paths:
        info = path.stat()
        os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns - 60 * 10**9))


def test_unchanged_maps_are_not_read_again(tmp_path):
    folder = with_tilesets(tmp_path)
    paths = [folder / f"m{i}.tmx" for i in range(3)]
    for path in paths:
        path.write_text(GOLD)
    settle(*paths, *folder.glob("*.tsx"))
    reads: list[str] = []

    def load(path: Path) -> Any:
        reads.append(path.name)
        return load_map(path)

    first = tiled.user_maps("gold_mine", load, folder).found
    assert reads == ["m0.tmx", "m1.tmx", "m2.tmx"]
    again = tiled.user_maps("gold_mine", load, folder).found
    assert reads == ["m0.tmx", "m1.tmx", "m2.tmx"] and again == first
    # A map changed is read again; so are those whose tileset changed.
    paths[1].write_text(GOLD.replace("The Old Mountain", "The New Mountain"))
    settle(paths[1])
    reads.clear()
    names = [found.name for _p, found in tiled.user_maps("gold_mine", load, folder).found]
    assert reads == ["m1.tmx"] and names[1] == "The New Mountain"
    tsx = folder / "gold_mine_tiles.tsx"
    tsx.write_text(tsx.read_text(encoding="utf-8") + "\n")
    settle(tsx)
    reads.clear()
    tiled.user_maps("gold_mine", load, folder)
    assert reads == ["m0.tmx", "m1.tmx", "m2.tmx"]


def test_a_map_just_saved_is_read_every_time(tmp_path):
    """A file changed a moment ago may change again without its size or times changing."""
    folder = with_tilesets(tmp_path)
    (folder / "fresh.tmx").write_text(GOLD)
    reads: list[str] = []

    def load(path: Path) -> Any:
        reads.append(path.name)
        return load_map(path)

    for _ in range(2):
        tiled.user_maps("gold_mine", load, folder)
    assert reads == ["fresh.tmx", "fresh.tmx"]


def test_a_refused_map_is_remembered_without_what_its_reader_parsed(tmp_path):
    folder = with_tilesets(tmp_path)
    path = folder / "no_starts.tmx"
    path.write_text(GOLD.replace('name="starts"', 'name="begins"'))
    settle(path, *folder.glob("*.tsx"))
    (_p, found), = tiled.user_maps("gold_mine", load_map, folder).found
    assert isinstance(found, MapError) and "no object layer named 'starts'" in found.cause
    assert found.__traceback__ is None and found.__context__ is None


# -- the setup screen -----------------------------------------------------------------------------


def test_the_setup_ends_its_map_list_with_the_files_not_read(make_app, home, tmp_path):
    from game.games import GAMES
    from game.ui.scenes.setup import SetupScene

    folder = with_tilesets(home / "data" / "maps")
    for i in range(tiled.MAX_USER_MAPS + 2):
        (folder / f"mountain_{i:02d}.tmx").write_text(GOLD.replace("The Old Mountain",
                                                                   f"Mountain {i}"))
    app = make_app()
    scene = SetupScene(GAMES["gold_mine"])
    app.push(scene)
    entries = scene.maps.entries
    assert len(entries) == 1 + tiled.MAX_USER_MAPS + 1
    note = entries[-1]
    assert note.note and note.title == "2 files not read" and not scene.maps.choose(len(entries) - 1)
    scene.maps.scroll = len(entries) - scene.maps.visible
    scene.maps.hover = len(entries) - 1
    app.step(1 / 60)
    app.draw()
    app.screenshot(tmp_path / "setup_files_not_read.png")

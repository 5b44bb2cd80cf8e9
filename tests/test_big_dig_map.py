"""Big Dig boards from Tiled (game/games/big_dig/tmx.py, on the shared edge game/core/tiled.py):
the shipped sides load and can be played, the generator and the committed files agree, every
mistake a map maker can make is refused with a message naming the file (and the cell), through
`check-map` and through the setup's board list, and each game's list offers only its own maps.

The hostile files of issue 8 (sizes, bombs, FIFOs, file names...) are fed to both games' readers
in tests/test_hostile_maps.py.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from big_dig_boards import SMALL, TILESET, board_text, gid  # noqa: E402

from game.__main__ import main as game_main  # noqa: E402
from game.core import tiled  # noqa: E402
from game.core.tiled import MapError, map_game  # noqa: E402
from game.games.big_dig.board import (  # noqa: E402
    GOALS,
    ROCKS_NEEDED,
    Board,
    board_problems,
)
from game.games.big_dig.tmx import (  # noqa: E402
    list_user_boards,
    load_board,
    shipped_board_path,
)
from game.games.gold_mine.tmx import list_user_maps, load_map  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
sys.path.insert(0, str(MAPS))

import make_big_dig_maps  # noqa: E402
import make_big_dig_tileset  # noqa: E402


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def check_map(*args: str) -> tuple[int, str, str]:
    """`python -m game check-map ARGS` run in this process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = game_main(["check-map", *args])
    return status, out.getvalue(), err.getvalue()


# -- the shipped boards ----------------------------------------------------------------------------


@pytest.mark.parametrize("side", ["a", "b"])
def test_the_shipped_boards_load_and_every_goal_can_be_met(side):
    path = shipped_board_path(side)
    assert path.name == f"big_dig_{side}.tmx" and map_game(path) == "big_dig"
    board = load_board(path)
    assert board_problems(board) == []
    assert 10 <= board.width <= 12 and 10 <= board.height <= 12
    # What the design promises: objects to find, artifacts of several squares, rock enough,
    # water and oil in the bottom row, pipes at both edges.
    for kind in ("emerald", "amethyst", "coin"):
        assert 2 <= len(board.of_kind(kind)) <= 4, kind
    for kind in ("tablet", "skeleton"):
        assert len(board.of_kind(kind)) >= 3, kind
    assert len(board.of_kind("rock")) >= 2 * ROCKS_NEEDED
    for kind in ("water", "oil"):
        assert board.of_kind(kind) and all(y == board.height - 1 for _, y in board.of_kind(kind))
    left, right = board.path_ends("pipe")
    assert left and right
    # The light block is near the centre: its middle square within one of the board's middle.
    lx = sorted(x for x, _ in board.of_kind("light"))[4]
    ly = sorted(y for _, y in board.of_kind("light"))[4]
    assert abs(2 * lx - (board.width - 1)) <= 2 and abs(2 * ly - (board.height - 1)) <= 2
    # The board survives a save.
    assert Board.from_json(board.to_json()) == board


def test_the_two_sides_differ_and_name_their_side():
    a, b = load_board(shipped_board_path("a")), load_board(shipped_board_path("b"))
    assert a.cells != b.cells and a.name != b.name
    for side in ("a", "b"):
        text = shipped_board_path(side).read_text("utf-8")
        assert f'<property name="side" value="{side}"/>' in text
    with pytest.raises(ValueError):
        shipped_board_path("c")


def test_the_generator_wrote_what_is_committed():
    """The .tsx and the two .tmx are what the scripts write (edit the scripts, then run them)."""
    assert (MAPS / "big_dig_tiles.tsx").read_text("utf-8") == make_big_dig_tileset.tsx_text()
    for side in ("a", "b"):
        assert shipped_board_path(side).read_text("utf-8") == make_big_dig_maps.tmx_text(side)
        assert load_board(shipped_board_path(side)) == make_big_dig_maps.board_of(side)


def test_the_tileset_picture_matches_its_tsx_and_every_kind_has_a_tile():
    pygame = pytest.importorskip("pygame")
    image = pygame.image.load(str(MAPS / "big_dig_tiles.png"))
    tile, columns = make_big_dig_tileset.TILE, make_big_dig_tileset.COLUMNS
    rows = -(-len(make_big_dig_tileset.TILES) // columns)
    assert image.get_size() == (tile * columns, tile * rows)
    kinds = {t.kind for t in make_big_dig_tileset.TILES}
    assert kinds == set(make_big_dig_maps.CHARS.values())
    # Each tile is its own picture: no two the same.
    shots = [pygame.image.tobytes(image.subsurface(((i % columns) * tile, (i // columns) * tile,
                                                    tile, tile)), "RGBA")
             for i in range(len(make_big_dig_tileset.TILES))]
    assert len(set(shots)) == len(shots)


def test_the_goal_table_is_computed_from_the_board():
    for side in ("a", "b"):
        needs = make_big_dig_maps.goal_needs(make_big_dig_maps.board_of(side))
        assert set(needs) == set(GOALS)
        assert needs["rocks"].rocks == ROCKS_NEEDED
        assert needs["light"].squares >= 9
        board = make_big_dig_maps.board_of(side)
        assert needs["tablet"].squares >= len(board.targets("tablet"))
        # A path needs at least the board's height in squares (it climbs from the bottom row).
        for goal in ("water", "oil"):
            assert needs[goal].squares >= board.height - 1
    # A board where the path is straight down: exactly the height in squares.
    small = Board.from_json(_board_json(SMALL))
    needs = make_big_dig_maps.goal_needs(small)
    assert needs["water"].squares == small.height - 1 and needs["water"].rocks == 0


def _board_json(design: str) -> dict:
    from big_dig_boards import CHARS, rows_of

    rows = rows_of(design)
    surface = [CHARS[ch] for ch in rows[0]]
    return {"name": "small", "width": len(rows[0]), "height": len(rows) - 1,
            "rows": [" ".join(CHARS[ch] for ch in row) for row in rows[1:]],
            "tower": [c for c, k in enumerate(surface) if k == "tower"],
            "truck": [c for c, k in enumerate(surface) if k == "truck"]}


def test_check_map_reads_both_games():
    status, out, err = check_map(str(shipped_board_path("a")), str(shipped_board_path("b")),
                                 str(MAPS / "gold_mine.tmx"))
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith("OK: The Quarry Yard, Big Dig board, 12 x 12 squares")
    assert lines[2].startswith("OK: The Old Mountain, 89 hexes")


# -- mistakes, each refused with a clear message -------------------------------------------------


def swap(design: str, row: int, column: int, ch: str) -> str:
    rows = design.strip("\n").splitlines()
    rows[row] = rows[row][:column] + ch + rows[row][column + 1:]
    return "\n".join(rows) + "\n"


FLIPPED = ",".join(str(gid("dirt") | 0x80000000) if i == 9 else x
                   for i, x in enumerate(board_text().split('encoding="csv">')[1]
                                         .split("</data>")[0].split(",")))

# Boards sound in every other way: the light dirt, and the pipes (joined to each other), shut in by
# oil, so that a player could cross every square the top leads to and never meet that goal.
LIGHT_WALLED_IN = """
-WW--UU-
e.a.c#..
=.##...=
ooooo...
o:::o...
o:::o.T.
o:::o.T.
ooooo...
.#....S#
~~......
"""
PIPES_WALLED_IN = """
-WW--UU-
e.a.c#..
..##..S.
........
.:::..T.
.:::..T.
.:::...#
~......#
oooooooo
=......=
"""

# name -> (the map's text, words its reason must contain)
BAD: dict[str, tuple[str, str]] = {
    "no game property": (board_text(game=None), "a Big Dig board needs the map property game = big_dig"),
    "another game named": (board_text(game="ya_blew_it"), "'game' property is 'ya_blew_it'"),
    "hexagonal": (board_text(orientation="hexagonal"), "Big Dig boards must be 'orthogonal'"),
    "layer misnamed": (board_text(layer_name="terrain"), "named 'terrain'; it must be named 'ground'"),
    "no layer": (board_text(layers=0), "no tile layer"),
    "two layers": (board_text(layers=2), "has 2 tile layers"),
    "unknown kind": (board_text(tileset=TILESET.replace('value="coin"', 'value="gold"')),
                     "has kind 'gold'; it must be one of"),
    "no kind": (board_text(tileset=TILESET.replace('<property name="kind" value="oil"/>', "")),
                "has no 'kind' property"),
    "flipped tile": (board_text(data=FLIPPED), "the tile on cell (1, 1) is flipped horizontally"),
    "gid past the tileset": (board_text(data=board_text().split('encoding="csv">')[1]
                                        .split("</data>")[0].replace("4", "99", 1)),
                             "which is in no tileset"),
    "empty cell": (board_text(data="0," + board_text().split('encoding="csv">')[1]
                              .split("</data>")[0].split(",", 1)[1]), "cell (0, 0) is empty"),
    "too small": (board_text("-WU\n...\n"), "a Big Dig board has 4 to 30 columns (the tower and the truck"),
    # Three columns: the size every other check allows, with no room for the tower and the truck.
    "three columns": (board_text("WWU\n...\n...\n...\n"), "a Big Dig board has 4 to 30 columns"),
    "one tower tile": (board_text(swap(SMALL, 0, 2, "-")),
                       "exactly two tower tiles side by side (the water tower); it has 1 tower "
                       "tile (column 2)"),
    "towers apart": (board_text(swap(swap(SMALL, 0, 2, "-"), 0, 3, "W")),
                     "tower tiles side by side (the water tower); it has 2 tower tiles (columns 2, 4)"),
    "three truck tiles": (board_text(swap(SMALL, 0, 7, "U")), "it has 3 truck tiles"),
    "dirt in the sky": (board_text(swap(SMALL, 0, 0, ".")), "cell (0, 0) is dirt in the surface row"),
    "tower underground": (board_text(swap(SMALL, 3, 4, "W")), "cell (4, 3) is tower below the surface row"),
    # Every reason of board_problems, in the board's own words.
    "no emerald": (board_text(swap(SMALL, 1, 0, ".")), "no emerald square"),
    "too few rocks": (board_text(swap(SMALL, 1, 5, ".")), "grey rock squares can be reached; the "
                                                           "rock goal needs 5"),
    "light not a block": (board_text(swap(SMALL, 4, 1, ".")), "the light dirt must be one 3 x 3 block"),
    "no tablet": (board_text(swap(swap(SMALL, 4, 6, "."), 5, 6, ".")), "no tablet squares"),
    "tablet in two": (board_text(swap(SMALL, 5, 6, ".").replace(".:::....\n.......#",
                                                                 ".:::..T.\n.......#")),
                      "the tablet squares are not one piece"),
    "skeleton by the water": (board_text(swap(swap(SMALL, 8, 3, "."), 8, 1, "S")),
                              "the square at column 1, row 9 (Tiled's cell (0, 9)) around the skeleton can "
                              "never be crossed out (water)"),
    "no water": (board_text(swap(swap(SMALL, 9, 0, "."), 9, 1, ".")), "no water squares"),
    "water walled in": (board_text(swap(swap(SMALL, 9, 1, "o"), 8, 0, "o")),
                        "joins the water to the squares below the water tower"),
    "no right pipe": (board_text(swap(SMALL, 2, 7, ".")), "a pipe square is needed at the left "
                                                          "edge and at the right edge"),
    "light walled in": (board_text(LIGHT_WALLED_IN), "the light dirt at column 2, row 4 (Tiled's cell "
                                                     "(1, 4)) cannot be reached from the top"),
    "pipes walled in": (board_text(PIPES_WALLED_IN), "the pipes cannot be reached from the top"),
    # A third pipe, on the left in the open: the top reaches it, but it joins no right pipe.
    "a reached pipe joins none": (board_text(swap(PIPES_WALLED_IN, 2, 0, "=")),
                                  "joins a left pipe the top reaches to a right one"),
}


def _bad_cases() -> list[str]:
    return [c for c, (_text, reason) in BAD.items() if reason]


@pytest.mark.parametrize("case", _bad_cases())
def test_check_map_refuses_each_mistake_naming_the_file(tmp_path, case):
    text, reason = BAD[case]
    path = write(tmp_path, "my_board.tmx", text)
    status, out, err = check_map(str(path))
    assert status == 1 and out == "", out
    assert err.startswith(f"BAD: {path}: ") and err.count("\n") == 1, err
    assert reason in err, err
    assert "Traceback" not in err


def test_the_small_board_is_playable(tmp_path):
    board = load_board(write(tmp_path, "small_pit.tmx", board_text()))
    assert board.name == "Small Pit" and (board.width, board.height) == (8, 9)
    assert board.tower == (1, 2) and board.truck == (5, 6)
    assert board_problems(board) == []


def test_a_missing_or_broken_tileset_file(tmp_path):
    external = ' <tileset firstgid="1" source="tiles.tsx"/>'
    path = write(tmp_path, "b.tmx", board_text(tileset=external))
    with pytest.raises(MapError, match="the tileset file 'tiles.tsx' is missing"):
        load_board(path)
    (tmp_path / "tiles.tsx").write_text("<tileset><tile", "utf-8")
    with pytest.raises(MapError, match="'tiles.tsx' is not valid XML"):
        load_board(path)
    inner = TILESET.replace(' <tileset firstgid="1" ', '<tileset ')
    (tmp_path / "tiles.tsx").write_text('<?xml version="1.0"?>\n' + inner, "utf-8")
    assert load_board(path).width == 8


def test_several_problems_are_counted(tmp_path):
    bad = swap(swap(SMALL, 1, 0, "."), 2, 7, ".")
    with pytest.raises(MapError) as info:
        load_board(write(tmp_path, "two.tmx", board_text(bad)))
    assert "the board cannot be played: no emerald square" in str(info.value)
    assert "(and 1 more problem)" in str(info.value)


def test_a_gold_mine_map_is_not_a_big_dig_board_and_back():
    with pytest.raises(MapError, match="no 'game' property, so it is a Gold Mine map"):
        load_board(MAPS / "gold_mine.tmx")
    with pytest.raises(MapError, match="this is a Big Dig map"):
        load_map(shipped_board_path("a"))


# -- the user maps folder: each game lists its own -------------------------------------------------


def test_each_game_lists_only_its_own_maps(tmp_path):
    write(tmp_path, "a_board.tmx", board_text(name="My Pit"))
    write(tmp_path, "b_broken_board.tmx", board_text(swap(SMALL, 1, 0, "."), name="Broken"))
    (tmp_path / "c_mountain.tmx").write_bytes((MAPS / "gold_mine.tmx").read_bytes())
    for tsx in MAPS.glob("*.tsx"):
        (tmp_path / tsx.name).write_bytes(tsx.read_bytes())
    write(tmp_path, "d_not_xml.tmx", "<map")
    write(tmp_path, "e_unknown_game.tmx", board_text(game="chess"))
    boards = {p.name: found for p, found in list_user_boards(tmp_path)}
    maps = {p.name: found for p, found in list_user_maps(tmp_path)}
    assert set(boards) == {"a_board.tmx", "b_broken_board.tmx", "d_not_xml.tmx", "e_unknown_game.tmx"}
    assert set(maps) == {"c_mountain.tmx", "d_not_xml.tmx", "e_unknown_game.tmx"}
    assert isinstance(boards["a_board.tmx"], Board) and boards["a_board.tmx"].name == "My Pit"
    assert "no emerald square" in str(boards["b_broken_board.tmx"])
    assert "not valid XML" in str(boards["d_not_xml.tmx"]) == str(maps["d_not_xml.tmx"])
    assert "'chess'" in str(boards["e_unknown_game.tmx"])
    assert maps["c_mountain.tmx"].name == "The Old Mountain"


def test_the_setup_lists_sides_a_and_b_then_user_boards_with_reasons(tmp_path):
    from game.ui.scenes.setup import MAP_LISTS, big_dig_boards, gold_mine_maps

    assert MAP_LISTS["big_dig"] is big_dig_boards and MAP_LISTS["gold_mine"] is gold_mine_maps
    for case in _bad_cases():
        write(tmp_path, f"bad_{case.replace(' ', '_')}.tmx", BAD[case][0])
    write(tmp_path, "zz_good.tmx", board_text(name="Good Pit"))
    entries = big_dig_boards(tmp_path)
    assert [e.title for e in entries[:2]] == ["Side a: The Quarry Yard", "Side b: Old Well Hollow"]
    assert all(e.ok and e.source == "comes with the game" for e in entries[:2])
    assert entries[0].board == load_board(shipped_board_path("a"))
    by_file = {e.source: e for e in entries[2:]}
    assert by_file["zz_good.tmx"].ok and by_file["zz_good.tmx"].title == "Good Pit"
    # Every mistake shows in Big Dig's list with its reason, but for the map made for another
    # game (Gold Mine's, without a game property), which only Gold Mine's list offers.
    gold = {e.source: e for e in gold_mine_maps(tmp_path)[1:]}
    for case in _bad_cases():
        name = f"bad_{case.replace(' ', '_')}.tmx"
        shown = by_file.get(name) or gold[name]
        assert not shown.ok and BAD[case][1] in shown.reason, (case, shown.reason)
        assert (name in by_file) != (name in gold) or case == "another game named"
    assert "bad_no_game_property.tmx" in gold and "bad_no_game_property.tmx" not in by_file
    assert "zz_good.tmx" not in gold


def test_a_broken_install_is_listed_not_raised(tmp_path, monkeypatch):
    from game.games.big_dig import tmx as big_dig_tmx
    from game.ui.scenes.setup import big_dig_boards

    monkeypatch.setattr(big_dig_tmx, "shipped_board_path", lambda side: tmp_path / f"gone_{side}.tmx")
    entries = big_dig_boards(tmp_path / "none")
    assert [(e.title, e.ok) for e in entries] == [("Side a", False), ("Side b", False)]
    assert "cannot be read" in entries[0].reason


def test_check_map_through_python_m_game(tmp_path):
    bad = write(tmp_path, "bad.tmx", BAD["one tower tile"][0])
    run = subprocess.run([sys.executable, "-m", "game", "check-map", str(shipped_board_path("b")),
                          str(bad)], cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 1
    assert run.stdout.startswith("OK: Old Well Hollow, Big Dig board")
    assert run.stderr.startswith("BAD: ") and "bad.tmx" in run.stderr and "tower" in run.stderr


def test_limits_are_the_shared_ones():
    from game.games.big_dig import tmx as big_dig_tmx
    from game.games.gold_mine import tmx as gold_mine_tmx

    assert big_dig_tmx.MapError is gold_mine_tmx.MapError is tiled.MapError
    assert gold_mine_tmx.MAX_FILE_BYTES == tiled.MAX_FILE_BYTES


def test_the_map_guide_shows_what_the_script_computes():
    """docs/rules/big_dig_map.md shows each side's design and goal table as the script prints
    them: change a design, run the script, and bring the page in line."""
    guide = (ROOT / "docs" / "rules" / "big_dig_map.md").read_text("utf-8")
    for side in ("a", "b"):
        for line in make_big_dig_maps.report(side).splitlines()[1:]:
            assert line in guide, line
        picture = make_big_dig_maps.DESIGNS[side][1].strip("\n")
        assert f"```text\n{picture}\n```" in guide
    for ch, kind in make_big_dig_maps.CHARS.items():
        assert f"`{ch}` {kind}" in guide.replace("light dirt", "light").replace(
            "water tower", "tower").replace("oil truck", "truck").replace("ancient coin", "coin")


def test_a_gold_mine_map_may_name_its_game(tmp_path):
    text = (MAPS / "gold_mine.tmx").read_text("utf-8").replace(
        "<properties>", '<properties>\n  <property name="game" value=" Gold_Mine "/>', 1)
    for tsx in MAPS.glob("gold_mine_tiles.tsx"):
        (tmp_path / tsx.name).write_bytes(tsx.read_bytes())
    path = write(tmp_path, "named_game.tmx", text)
    assert map_game(path) == "gold_mine" and load_map(path).name == "The Old Mountain"
    assert [p.name for p, _m in list_user_maps(tmp_path)] == ["named_game.tmx"]
    assert list_user_boards(tmp_path) == []


def test_the_shipped_board_is_read_once():
    from game.games.big_dig.tmx import shipped_board

    assert shipped_board("a") is shipped_board("a")
    assert shipped_board("b") == load_board(shipped_board_path("b"))


@pytest.mark.parametrize("design", ["LIGHT_WALLED_IN", "PIPES_WALLED_IN"])
def test_a_game_saved_on_a_board_an_earlier_version_accepted_still_opens(tmp_path, design):
    """The light dirt and pipes reached from the top are checked by the map reader, for new
    games; a game saved on such a board before these checks came still opens and plays on."""
    import random

    from game.core.match import Match, Seat
    from game.games.big_dig.board import Board

    board = Board.from_json(_unchecked_board(tmp_path, globals()[design]))
    with pytest.raises(MapError, match="cannot be reached from the top"):
        load_board(write(tmp_path, "walled.tmx", board_text(globals()[design])))
    m = Match("big_dig", [Seat("Ana"), Seat("Bo")], 4, {"board": board.to_json()})
    rng = random.Random(4)
    for _ in range(6):
        m.apply(rng.choice(m.legal_actions()))
    again = Match.from_json(m.to_json())
    assert again.actions == m.actions and again.state.to_json() == m.state.to_json()


def _unchecked_board(tmp_path, design: str):
    """A board read from a .tmx without the goal checks (as a save made earlier holds it)."""
    import game.games.big_dig.tmx as tmx_module

    real = tmx_module.board_problems
    tmx_module.board_problems = lambda board, complete=True: []  # type: ignore[assignment]
    try:
        return load_board(write(tmp_path, "old.tmx", board_text(design))).to_json()
    finally:
        tmx_module.board_problems = real  # type: ignore[assignment]

"""Gold Mine maps: hex geometry, the Tiled loader, the shipped map's lint, and every malformed map.

Small maps are written as text into a temporary folder (`write_map`): a 3 x 3 compass whose six
neighbours of the centre cell hold mines worth 1-6, each value equal to the direction in which
it lies, so a single look at `value(step(centre, d))` proves which hex is where (plus a row of
dirt below, for start points).
"""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.contract import BadSave
from game.games.gold_mine.board import (
    DIRECTIONS,
    GoldMineMap,
    Hex,
    Tile,
    direction_to,
    distance,
    neighbours,
    opposite,
    step,
)
from game.core.tiled import map_game
from game.games.gold_mine.tmx import (
    MapError,
    TiledHexLayout,
    axial_to_offset,
    list_user_maps,
    load_map,
    main,
    offset_to_axial,
)

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
# Every Gold Mine map in maps/ (Big Dig's boards, with the map property game = big_dig, are
# linted in tests/test_big_dig_map.py).
SHIPPED = sorted(p for p in MAPS.glob("*.tmx") if map_game(p) == "gold_mine")

# -- geometry ------------------------------------------------------------------------------------

hexes = st.builds(Hex, st.integers(-50, 50), st.integers(-50, 50))
directions = st.sampled_from(DIRECTIONS)

# The on-screen sign of (dx, dy) for each direction, y pointing down.
SCREEN = {1: (0, -1), 2: (1, -1), 3: (1, 1), 4: (0, 1), 5: (-1, 1), 6: (-1, -1)}


def _sign(x: float) -> int:
    return 0 if abs(x) < 1e-9 else (1 if x > 0 else -1)


@settings(deadline=None)
@given(hexes, directions, st.integers(-8, 8))
def test_step_there_and_back(h, d, n):
    there = step(h, d, n)
    assert step(there, opposite(d), n) == h
    assert step(there, d, -n) == h
    assert distance(h, there) == abs(n)


@settings(deadline=None)
@given(hexes, directions, st.integers(0, 8))
def test_n_steps_are_n_single_steps_and_line_lists_them(h, d, n):
    walked = [h]
    for _ in range(n):
        walked.append(step(walked[-1], d))
    assert walked[-1] == step(h, d, n)
    m = _tiny_board()
    assert m.line(h, d, n) == walked[1:]
    if n:
        assert direction_to(h, walked[-1]) == d


@settings(deadline=None)
@given(hexes, hexes)
def test_distance_is_a_metric(a, b):
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)
    for n in neighbours(a):
        assert abs(distance(n, b) - distance(a, b)) <= 1


def test_neighbours_in_direction_order():
    h = Hex(2, -1)
    assert neighbours(h) == (Hex(2, -2), Hex(3, -2), Hex(3, -1), Hex(2, 0), Hex(1, 0), Hex(1, -1))
    assert all(distance(h, n) == 1 for n in neighbours(h))
    assert [opposite(d) for d in DIRECTIONS] == [4, 5, 6, 1, 2, 3]
    assert direction_to(h, h) is None
    assert direction_to(Hex(0, 0), Hex(1, 1)) is None


@pytest.mark.parametrize("bad", [0, 7, -1, "1", None])
def test_directions_are_die_faces(bad):
    with pytest.raises(ValueError, match="die face"):
        step(Hex(0, 0), bad)


@pytest.mark.parametrize("d", DIRECTIONS)
def test_directions_on_screen_axial_formula(d):
    # The pixel formula documented in board.py, for flat-topped hexes.
    def centre(h: Hex) -> tuple[float, float]:
        return 1.5 * h.q, math.sqrt(3) * (h.r + h.q / 2)

    for h in (Hex(0, 0), Hex(3, -2), Hex(-4, 7)):
        (x0, y0), (x1, y1) = centre(h), centre(step(h, d))
        assert (_sign(x1 - x0), _sign(y1 - y0)) == SCREEN[d]
        assert math.isclose(math.hypot(x1 - x0, y1 - y0), math.sqrt(3))


@pytest.mark.parametrize("stagger", ["odd", "even"])
@pytest.mark.parametrize("d", DIRECTIONS)
def test_directions_on_screen_in_tiled(stagger, d):
    """Step in axial, then ask Tiled's own layout where both cells are drawn."""
    layout = TiledHexLayout(64, 56, 32, stagger == "even")
    for column in range(6):
        for row in range(6):
            h = offset_to_axial(column, row, stagger)
            assert axial_to_offset(h, stagger) == (column, row)
            x0, y0 = layout.centre(column, row)
            x1, y1 = layout.centre(*axial_to_offset(step(h, d), stagger))
            assert (_sign(x1 - x0), _sign(y1 - y0)) == SCREEN[d]
            # Neighbours touch: regular hexes 64 wide are 56 apart, centre to centre.
            assert 55 <= math.hypot(x1 - x0, y1 - y0) <= 57


def test_offset_to_axial_known_cells():
    # Odd columns shifted down: cell (1, 0) is down-right of (0, 0), (2, 0) two columns right.
    assert offset_to_axial(0, 0, "odd") == Hex(0, 0)
    assert offset_to_axial(1, 0, "odd") == Hex(1, 0) == step(Hex(0, 0), 3)
    assert offset_to_axial(2, 0, "odd") == Hex(2, -1)
    assert offset_to_axial(0, 1, "odd") == step(Hex(0, 0), 4)
    # Even columns shifted down: cell (1, 0) is up-right of (0, 0).
    assert offset_to_axial(1, 0, "even") == Hex(1, -1) == step(Hex(0, 0), 2)
    assert offset_to_axial(3, 5, "even") == Hex(3, 3)
    with pytest.raises(ValueError):
        offset_to_axial(0, 0, "sideways")


def test_pixels_to_cells():
    layout = TiledHexLayout(64, 56, 32, stagger_even=False)
    assert layout.centre(0, 0) == (32, 28)
    assert layout.centre(1, 0) == (80, 56)  # columns 48 apart, odd ones 28 lower
    assert layout.cell_at(32, 28, 3, 3) == (0, 0)
    assert layout.cell_at(70, 50, 3, 3) == (1, 0)
    assert layout.cell_at(3, 28, 3, 3) == (0, 0)   # near the left corner, still inside
    assert layout.cell_at(2, 2, 3, 3) is None      # the corner outside every hexagon
    assert layout.cell_at(500, 500, 3, 3) is None


# -- the board types -----------------------------------------------------------------------------


def _tiny_board() -> GoldMineMap:
    tiles = {Hex(q, r): Tile("dirt") for q in range(3) for r in range(3)}
    tiles[Hex(1, 1)] = Tile("mine", "green", 20)
    tiles[Hex(2, 2)] = Tile("rock")
    tiles[Hex(0, 2)] = Tile("mine", "brown", 5)
    return GoldMineMap("tiny", tiles, (Hex(2, 0), Hex(0, 0), Hex(1, 0), Hex(0, 1)),
                       (Hex(1, 0), Hex(0, 0)))


def test_board_basics_and_order():
    m = _tiny_board()
    assert m.starts == (Hex(0, 0), Hex(0, 1), Hex(1, 0), Hex(2, 0))  # Hex order, as documented
    assert m.central == (Hex(0, 0), Hex(1, 0))
    assert m.tile(Hex(1, 1)) == Tile("mine", "green", 20)
    assert m.tile(Hex(5, 5)) is None and not m.on_map(Hex(5, 5)) and m.on_map(Hex(0, 0))
    assert m.value(Hex(1, 1)) == 20 and m.value(Hex(0, 0)) == 0 and m.value(Hex(9, 9)) == 0
    assert m.mine_hexes() == (Hex(0, 2), Hex(1, 1))
    assert m.rock_hexes() == (Hex(2, 2),)
    assert dict(m.colour_values) == {"brown": 5, "green": 20}
    assert list(m.colour_values) == ["brown", "green"]  # cheapest first
    assert m.total_treasure() == 25
    assert m.line(Hex(1, 0), 4, 3) == [Hex(1, 1), Hex(1, 2), Hex(1, 3)]  # off the map too
    assert m.line(Hex(1, 0), 4, 0) == []
    with pytest.raises(ValueError):
        m.line(Hex(1, 0), 4, -1)
    with pytest.raises((AttributeError, TypeError)):
        m.tiles[Hex(0, 0)] = Tile("rock")  # type: ignore[index]
    with pytest.raises(AttributeError):
        m.name = "other"  # type: ignore[misc]
    assert hash(m) == hash(_tiny_board()) and m == _tiny_board()


def test_board_json_round_trip():
    m = _tiny_board()
    data = json.loads(json.dumps(m.to_json()))
    assert GoldMineMap.from_json(data) == m
    with pytest.raises(BadSave):
        GoldMineMap.from_json({"name": "x", "tiles": [[0, 0, "lava", "", 0]], "starts": [],
                               "central": []})
    with pytest.raises(BadSave):
        GoldMineMap.from_json({"name": "x"})
    broken = m.to_json()
    broken["starts"] = broken["starts"][:3]
    with pytest.raises(BadSave, match="four"):
        GoldMineMap.from_json(broken)


@pytest.mark.parametrize("args, words", [
    (("lava",), "kind"),
    (("mine", "brown", 0), "value"),
    (("mine", "pink", 5), "colour"),
    (("mine", "brown", True), "value"),
    (("dirt", "", 5), "only mines"),
])
def test_tile_checks_itself(args, words):
    with pytest.raises(ValueError, match=words):
        Tile(*args)


def test_board_rejects_unplayable_parts():
    tiles = {Hex(q, 0): Tile("dirt") for q in range(5)}
    tiles[Hex(4, 0)] = Tile("rock")
    starts = (Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0))
    with pytest.raises(ValueError, match="on rock"):
        GoldMineMap("m", tiles, starts[:3] + (Hex(4, 0),), starts[:2])
    with pytest.raises(ValueError, match="off the map"):
        GoldMineMap("m", tiles, starts[:3] + (Hex(9, 0),), starts[:2])
    with pytest.raises(ValueError, match="central"):
        GoldMineMap("m", tiles, starts, starts[:3])
    tiles[Hex(5, 0)] = Tile("mine", "brown", 5)
    tiles[Hex(6, 0)] = Tile("mine", "brown", 6)
    with pytest.raises(ValueError, match="one value"):
        GoldMineMap("m", tiles, starts, starts[:2])


# -- tiny Tiled maps -----------------------------------------------------------------------------

DIRT, ROCK = 1, 2  # gids (firstgid 1): tile 0 dirt, tile 1 rock, tiles 2-7 mines worth 1-6

TSX = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="tiny" tilewidth="64" tileheight="56" tilecount="8" columns="8">
 <image source="tiny.png" width="512" height="56"/>
 <tile id="0"><properties><property name="kind" value="dirt"/></properties></tile>
 <tile id="1"><properties><property name="kind" value="rock"/></properties></tile>
 <tile id="2"><properties><property name="kind" value="mine"/><property name="colour" value="brown"/><property name="value" type="int" value="1"/></properties></tile>
 <tile id="3"><properties><property name="kind" value="mine"/><property name="colour" value="grey"/><property name="value" type="int" value="2"/></properties></tile>
 <tile id="4"><properties><property name="kind" value="mine"/><property name="colour" value="yellow"/><property name="value" type="int" value="3"/></properties></tile>
 <tile id="5"><properties><property name="kind" value="mine"/><property name="colour" value="blue"/><property name="value" type="int" value="4"/></properties></tile>
 <tile id="6"><properties><property name="kind" value="mine"/><property name="colour" value="green"/><property name="value" type="int" value="5"/></properties></tile>
 <tile id="7"><properties><property name="kind" value="mine"/><property name="colour" value="red"/><property name="value" type="int" value="6"/></properties></tile>
</tileset>
"""

MAP = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="{orientation}" renderorder="right-down" width="{width}" height="{height}" tilewidth="64" tileheight="56" infinite="0" hexsidelength="32" staggeraxis="{axis}" staggerindex="{stagger}" nextlayerid="3" nextobjectid="9">
 <tileset firstgid="1" source="{tileset}"/>
 <layer id="1" name="{layer}" width="{width}" height="{height}">
  <data encoding="csv">
{data}
</data>
 </layer>
 <objectgroup id="2" name="starts">
{objects}
 </objectgroup>
</map>
"""

# Centre cell (1, 1); each neighbour holds the mine whose value is its direction (gid = value + 2).
# With odd columns shifted down, (1, 1)'s neighbours: up (1,0), up-right (2,1), down-right (2,2),
# down (1,2), down-left (0,2), up-left (0,1). The corners (0,0) and (2,0) are dirt.
ODD_CELLS = [[DIRT, 3, DIRT], [8, DIRT, 4], [7, 6, 5]]
# With even columns shifted down, (1, 1) sits higher than its side columns: up (1,0),
# up-right (2,0), down-right (2,1), down (1,2), down-left (0,1), up-left (0,0).
EVEN_CELLS = [[8, 3, 4], [7, DIRT, 5], [DIRT, 6, DIRT]]


def _centre(column: int, row: int, stagger: str = "odd") -> tuple[float, float]:
    return TiledHexLayout(64, 56, 32, stagger == "even").centre(column, row)


def start_object(oid: int, column: int, row: int, central: bool | None = None, *,
                 stagger: str = "odd", dx: float = 0, dy: float = 0, name: str = "X",
                 shape: str = "<point/>", central_text: str | None = None) -> str:
    x, y = _centre(column, row, stagger)
    props = ""
    if central_text is not None:
        props = f'<properties><property name="central" value="{central_text}"/></properties>'
    elif central is not None:
        props = ('<properties><property name="central" type="bool" '
                 f'value="{"true" if central else "false"}"/></properties>')
    return (f'  <object id="{oid}" name="{name}" x="{x + dx:g}" y="{y + dy:g}">{props}{shape}'
            f'</object>')


def write_map(folder: Path, *, name: str = "tiny.tmx", cells: list[list[int]] | None = None,
              starts: list[str] | None = None, stagger: str = "odd", orientation: str = "hexagonal",
              axis: str = "x", layer: str = "terrain", tileset: str = "tiny.tsx",
              tsx: str | None = TSX, replace: tuple[str, str] | None = None) -> Path:
    """A small valid map (3 columns, 4 rows: the 3 x 3 compass plus a row of dirt) unless told
    otherwise; `replace` edits the final text."""
    if cells is None:
        cells = [row[:] for row in (ODD_CELLS if stagger == "odd" else EVEN_CELLS)]
        cells.append([DIRT, DIRT, DIRT])
    if starts is None:
        dirt = [(c, r) for r, row in enumerate(cells) for c, g in enumerate(row) if g == DIRT]
        starts = [start_object(i + 1, c, r, i < 2, stagger=stagger)
                  for i, (c, r) in enumerate(dirt[:4])]
    data = ",\n".join(",".join(str(g) for g in row) for row in cells)
    text = MAP.format(orientation=orientation, axis=axis, stagger=stagger, layer=layer,
                      tileset=tileset, width=len(cells[0]), height=len(cells), data=data,
                      objects="\n".join(starts))
    if replace:
        assert replace[0] in text, replace[0]
        text = text.replace(*replace)
    if tsx is not None:
        (folder / "tiny.tsx").write_text(tsx, encoding="utf-8")
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("stagger", ["odd", "even"])
def test_tiny_map_each_direction_finds_its_mine(tmp_path, stagger):
    m = load_map(write_map(tmp_path, stagger=stagger))
    centre = offset_to_axial(1, 1, stagger)
    for d in DIRECTIONS:
        assert m.value(step(centre, d)) == d, f"direction {d}"
    assert dict(m.colour_values) == {"brown": 1, "grey": 2, "yellow": 3, "blue": 4,
                                     "green": 5, "red": 6}
    assert len(m.tiles) == 12 and len(m.mine_hexes()) == 6
    assert m.name == "Tiny"  # no name property: the file name


def test_tiny_map_start_points_land_on_their_hexes(tmp_path):
    # Odd stagger; dirt cells: (0,0), (2,0), (1,1), (0,3), (1,3), (2,3).
    starts = [
        start_object(1, 0, 0, True, dx=20, dy=-5),     # off-centre, still nearest (0,0)
        start_object(2, 1, 1, True, dx=-10, dy=12),
        start_object(3, 2, 0, False, dx=12, dy=20),
        start_object(4, 1, 3),                         # no central property: not central
    ]
    m = load_map(write_map(tmp_path, starts=starts))
    expect = {offset_to_axial(c, r, "odd") for c, r in [(0, 0), (1, 1), (2, 0), (1, 3)]}
    assert set(m.starts) == expect
    assert set(m.central) == {offset_to_axial(0, 0, "odd"), offset_to_axial(1, 1, "odd")}


def test_object_class_x_and_untyped_central_are_accepted(tmp_path):
    starts = [
        start_object(1, 0, 0, name="", central_text="true").replace('name=""', 'class="X"'),
        start_object(2, 1, 1, central_text="True"),
        start_object(3, 2, 0, central_text="false"),
        start_object(4, 1, 3),
    ]
    m = load_map(write_map(tmp_path, starts=starts))
    assert len(m.central) == 2


def test_layer_offsets_move_the_points_with_the_hexes(tmp_path):
    # The starts layer is drawn 48 px right and 28 px lower: points written 48/28 less land
    # where the un-shifted points would.
    starts = [start_object(1, 0, 0, True, dx=-48, dy=-28), start_object(2, 1, 1, True, dx=-48, dy=-28),
              start_object(3, 2, 0, dx=-48, dy=-28), start_object(4, 1, 3, dx=-48, dy=-28)]
    path = write_map(tmp_path, starts=starts,
                     replace=('name="starts"', 'name="starts" offsetx="48" offsety="28"'))
    m = load_map(path)
    assert set(m.starts) == {offset_to_axial(c, r, "odd") for c, r in [(0, 0), (1, 1), (2, 0), (1, 3)]}


def test_text_properties_ignore_case(tmp_path):
    tsx = TSX.replace('value="dirt"', 'value="Dirt "').replace('value="grey"', 'value="GREY"')
    m = load_map(write_map(tmp_path, tsx=tsx))
    assert m.colour_values["grey"] == 2


def test_map_name_property_and_base64_zlib_data(tmp_path):
    import base64
    import struct
    import zlib

    cells = [row[:] for row in ODD_CELLS] + [[DIRT, DIRT, DIRT]]
    flat = [g for row in cells for g in row]
    blob = base64.b64encode(zlib.compress(struct.pack(f"<{len(flat)}I", *flat))).decode()
    path = write_map(tmp_path)
    text = path.read_text()
    start = text.index('<data encoding="csv">')
    end = text.index("</data>") + len("</data>")
    text = (text[:start] + f'<data encoding="base64" compression="zlib">{blob}</data>' + text[end:])
    text = text.replace('<tileset ', '<properties><property name="name" value="Little Hill"/>'
                                     '</properties>\n <tileset ')
    path.write_text(text)
    m = load_map(path)
    assert m.name == "Little Hill"
    assert m.value(step(Hex(1, 1), 1)) == 1


# -- every malformed map: one clear MapError naming the file and the cause -------------------------


def _error(path: Path) -> str:
    with pytest.raises(MapError) as info:
        load_map(path)
    message = str(info.value)
    assert str(path) in message and info.value.path == path
    assert "Traceback" not in message
    return message


def test_bad_xml(tmp_path):
    path = write_map(tmp_path, replace=("</map>", "</mop>"))
    assert "not valid XML" in _error(path)


def test_not_a_map(tmp_path):
    path = tmp_path / "t.tmx"
    path.write_text("<tileset/>")
    assert "not a Tiled map" in _error(path)


def test_missing_file(tmp_path):
    assert "cannot be read" in _error(tmp_path / "nowhere.tmx")


def test_wrong_orientation(tmp_path):
    path = write_map(tmp_path, orientation="orthogonal")
    assert "orientation is 'orthogonal'" in _error(path)


def test_wrong_stagger_axis(tmp_path):
    path = write_map(tmp_path, axis="y")
    assert "stagger axis is 'y'" in _error(path)


def test_unknown_stagger_index(tmp_path):
    path = write_map(tmp_path, replace=('staggerindex="odd"', 'staggerindex="third"'))
    assert "stagger index is 'third'" in _error(path)


def test_infinite_map(tmp_path):
    path = write_map(tmp_path, replace=('infinite="0"', 'infinite="1"'))
    assert "infinite" in _error(path)


def test_tile_id_out_of_range(tmp_path):
    cells = [row[:] for row in ODD_CELLS] + [[DIRT, DIRT, 42]]
    message = _error(write_map(tmp_path, cells=cells))
    assert "tile id 42" in message and "in no tileset" in message and "cell (2, 3)" in message


def test_hex_rotation_flag(tmp_path):
    cells = [row[:] for row in ODD_CELLS] + [[DIRT, DIRT, DIRT | 0x10000000]]
    message = _error(write_map(tmp_path, cells=cells))
    assert "rotated by 120 degrees" in message and "cell (2, 3)" in message


def test_flip_flag(tmp_path):
    cells = [row[:] for row in ODD_CELLS] + [[DIRT, ROCK | 0x80000000, DIRT]]
    message = _error(write_map(tmp_path, cells=cells))
    assert "flipped horizontally" in message and "cell (1, 3)" in message


def test_flags_on_a_mine_cell(tmp_path):
    cells = [row[:] for row in ODD_CELLS] + [[DIRT, DIRT, DIRT]]
    cells[0][1] |= 0x40000000 | 0x20000000
    assert "flipped vertically and flipped diagonally" in _error(write_map(tmp_path, cells=cells))


def test_missing_kind_property(tmp_path):
    tsx = TSX.replace('<tile id="1"><properties><property name="kind" value="rock"/></properties>'
                      '</tile>', "")
    cells = [row[:] for row in ODD_CELLS] + [[DIRT, ROCK, DIRT]]
    message = _error(write_map(tmp_path, cells=cells, tsx=tsx))
    assert "no 'kind' property" in message and "tile 1 of tileset 'tiny'" in message


def test_unknown_kind(tmp_path):
    tsx = TSX.replace('value="rock"', 'value="lava"')
    cells = [row[:] for row in ODD_CELLS] + [[DIRT, ROCK, DIRT]]
    assert "kind 'lava'" in _error(write_map(tmp_path, cells=cells, tsx=tsx))


def test_mine_without_value(tmp_path):
    tsx = TSX.replace('<property name="value" type="int" value="3"/>', "")
    assert "without a 'value'" in _error(write_map(tmp_path, tsx=tsx))


def test_mine_value_not_a_number(tmp_path):
    tsx = TSX.replace('<property name="value" type="int" value="3"/>',
                      '<property name="value" value="lots"/>')
    assert "value 'lots'" in _error(write_map(tmp_path, tsx=tsx))


def test_mine_without_colour_hints_the_spelling(tmp_path):
    tsx = TSX.replace('name="colour" value="yellow"', 'name="color" value="yellow"')
    message = _error(write_map(tmp_path, tsx=tsx))
    assert "without a 'colour'" in message and "spelled 'colour'" in message


def test_unknown_colour(tmp_path):
    tsx = TSX.replace('value="yellow"', 'value="pink"')
    assert "colour 'pink'" in _error(write_map(tmp_path, tsx=tsx))


def test_two_values_for_one_colour(tmp_path):
    tsx = TSX.replace('value="grey"', 'value="brown"')
    message = _error(write_map(tmp_path, tsx=tsx))
    assert "brown mines are worth 1" in message and "each colour has one value" in message


def test_no_mines(tmp_path):
    cells = [[DIRT] * 3 for _ in range(4)]
    assert "no mine" in _error(write_map(tmp_path, cells=cells))


def test_terrain_layer_name(tmp_path):
    message = _error(write_map(tmp_path, layer="Tile Layer 1"))
    assert "'Tile Layer 1'" in message and "'terrain'" in message


def test_two_tile_layers(tmp_path):
    extra = (' <layer id="5" name="decor" width="3" height="4"><data encoding="csv">'
             + ",".join(["0"] * 12) + "</data></layer>\n <objectgroup")
    path = write_map(tmp_path, replace=(" <objectgroup", extra))
    assert "2 tile layers" in _error(path)


def test_no_start_points(tmp_path):
    assert "no start points" in _error(write_map(tmp_path, starts=[]))


def test_no_starts_layer(tmp_path):
    path = write_map(tmp_path, replace=('name="starts"', 'name="spawns"'))
    assert "no object layer named 'starts'" in _error(path)


def test_three_start_points(tmp_path):
    starts = [start_object(1, 0, 0, True), start_object(2, 1, 1, True), start_object(3, 2, 0)]
    assert "3 start points" in _error(write_map(tmp_path, starts=starts))


def test_five_start_points(tmp_path):
    starts = [start_object(1, 0, 0, True), start_object(2, 1, 1, True), start_object(3, 2, 0),
              start_object(4, 0, 3), start_object(5, 1, 3)]
    assert "5 start points" in _error(write_map(tmp_path, starts=starts))


def test_start_on_rock(tmp_path):
    cells = [row[:] for row in ODD_CELLS] + [[DIRT, ROCK, DIRT]]
    starts = [start_object(1, 0, 0, True), start_object(2, 1, 1, True), start_object(3, 2, 0),
              start_object(4, 1, 3)]
    message = _error(write_map(tmp_path, cells=cells, starts=starts))
    assert "on rock" in message and "cell (1, 3)" in message


def test_start_on_a_mine(tmp_path):
    starts = [start_object(1, 0, 0, True), start_object(2, 1, 1, True), start_object(3, 2, 0),
              start_object(4, 1, 0)]
    assert "on a mine" in _error(write_map(tmp_path, starts=starts))


def test_start_off_the_map(tmp_path):
    cells = [row[:] for row in ODD_CELLS] + [[DIRT, DIRT, 0]]
    starts = [start_object(1, 0, 0, True), start_object(2, 1, 1, True), start_object(3, 2, 0),
              start_object(4, 2, 3)]
    message = _error(write_map(tmp_path, cells=cells, starts=starts))
    assert "empty (off the map)" in message
    starts[3] = start_object(4, 0, 0, dx=-400)
    assert "outside the map" in _error(write_map(tmp_path, cells=cells, starts=starts))


def test_two_starts_on_one_hex(tmp_path):
    starts = [start_object(1, 0, 0, True), start_object(2, 1, 1, True), start_object(3, 2, 0),
              start_object(4, 0, 0, dx=5)]
    assert "same hex" in _error(write_map(tmp_path, starts=starts))


@pytest.mark.parametrize("marked", [0, 1, 3, 4])
def test_central_marked_on_other_than_two(tmp_path, marked):
    cells = [(0, 0), (1, 1), (2, 0), (1, 3)]
    starts = [start_object(i + 1, c, r, i < marked) for i, (c, r) in enumerate(cells)]
    message = _error(write_map(tmp_path, starts=starts))
    assert f"{marked} start point" in message and "central" in message


def test_central_not_a_bool(tmp_path):
    starts = [start_object(1, 0, 0, central_text="yes please"), start_object(2, 1, 1, True),
              start_object(3, 2, 0), start_object(4, 1, 3)]
    assert "must be a bool" in _error(write_map(tmp_path, starts=starts))


def test_start_must_be_a_point(tmp_path):
    starts = [start_object(1, 0, 0, True, shape=""), start_object(2, 1, 1, True),
              start_object(3, 2, 0), start_object(4, 1, 3)]
    message = _error(write_map(tmp_path, starts=starts))
    assert "is a rectangle" in message and "point objects" in message


def test_other_objects_in_starts_layer(tmp_path):
    starts = [start_object(1, 0, 0, True), start_object(2, 1, 1, True), start_object(3, 2, 0),
              start_object(4, 1, 3), start_object(5, 0, 3, name="tree")]
    assert "not a start point" in _error(write_map(tmp_path, starts=starts))


def test_walled_in_start(tmp_path):
    # The start on cell (0, 3), bottom left, has three neighbours on the map, (0,2) up, (1,2)
    # up-right and (1,3) down-right, and all three are rock.
    cells = [[DIRT, 3, DIRT], [DIRT, DIRT, DIRT], [ROCK, ROCK, DIRT], [DIRT, ROCK, DIRT]]
    starts = [start_object(1, 0, 0, True), start_object(2, 2, 0, True), start_object(3, 1, 1),
              start_object(4, 0, 3)]
    assert "walled in" in _error(write_map(tmp_path, cells=cells, starts=starts))


def test_missing_tileset_file(tmp_path):
    path = write_map(tmp_path, tileset="gone.tsx")
    message = _error(path)
    assert "'gone.tsx' is missing" in message


def test_broken_tileset_file(tmp_path):
    path = write_map(tmp_path, tsx=TSX.replace("</tileset>", ""))
    assert "tileset file 'tiny.tsx' is not valid XML" in _error(path)


def test_map_error_pickles():
    import pickle

    err = MapError("some/map.tmx", "the cause")
    back = pickle.loads(pickle.dumps(err))
    assert str(back) == str(err) == "some/map.tmx: the cause" and back.cause == "the cause"
    assert isinstance(back, ValueError)


# -- user maps and check-map ---------------------------------------------------------------------


def test_list_user_maps(tmp_path):
    good = write_map(tmp_path, name="a_good.tmx")
    bad = write_map(tmp_path, name="b_bad.tmx", orientation="isometric")
    (tmp_path / "notes.txt").write_text("not a map")
    found = list_user_maps(tmp_path)
    assert [p for p, _ in found] == [good, bad]
    assert isinstance(found[0][1], GoldMineMap)
    assert isinstance(found[1][1], MapError) and "orientation" in str(found[1][1])
    assert list_user_maps(tmp_path / "missing") == []


def test_check_map_cli(tmp_path, capsys):
    assert main([str(MAPS / "gold_mine.tmx")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("OK: ") and "hexes" in out and "mines" in out
    bad = write_map(tmp_path, axis="y")
    assert main([str(bad)]) == 1
    captured = capsys.readouterr()
    assert str(bad) in captured.err and "stagger axis" in captured.err
    assert main([]) == 2
    err = capsys.readouterr().err
    assert "usage" in err and err.startswith("check-map: name at least one .tmx file\n")
    # A wrong option is named first, in one line, as the other tools name theirs.
    assert main(["--bogus", str(MAPS / "gold_mine.tmx")]) == 2
    assert capsys.readouterr().err.startswith("check-map: unrecognized option '--bogus'\n")
    assert main(["--help"]) == 0


def test_check_map_through_python_m_game(tmp_path):
    import subprocess

    run = subprocess.run([sys.executable, "-m", "game", "check-map", str(MAPS / "gold_mine.tmx")],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("OK: ")  # and no pygame greeting before it
    bad = write_map(tmp_path, orientation="orthogonal")
    run = subprocess.run([sys.executable, "-m", "game", "check-map", str(bad)],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 1 and "orientation" in run.stderr


def test_loading_a_map_keeps_pygame_out():
    """Rules and bots load maps headless: pytmx is used without the pygame it would pull in."""
    import subprocess

    code = ("import sys; from game.games.gold_mine.tmx import load_map; "
            "load_map('maps/gold_mine.tmx'); assert 'pytmx' in sys.modules; "
            "print('pygame' in sys.modules); import pygame; import pytmx.util_pygame")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[0] == "False"


# -- the shipped maps ----------------------------------------------------------------------------


def _script(name: str):
    spec = importlib.util.spec_from_file_location(f"_maps_{name}", MAPS / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_there_is_a_shipped_map():
    assert MAPS / "gold_mine.tmx" in SHIPPED


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_map_lint(path):
    m = load_map(path)
    assert len(m.starts) == 4 and len(m.central) == 2
    assert m.mine_hexes() and m.total_treasure() > 0
    # The central pair is apart, and rock never blocks a first step from a start point.
    assert distance(*m.central) >= 3
    for s in m.starts:
        around = [m.tile(n) for n in neighbours(s) if m.on_map(n)]
        assert len(around) >= 3 and not any(t.is_rock for t in around), f"start {s}"
    # Richer colours are rarer.
    counts = {c: sum(1 for h in m.mine_hexes() if m.tile(h).colour == c) for c in m.colour_values}
    by_value = sorted(m.colour_values, key=m.colour_values.get)
    assert [counts[c] for c in by_value] == sorted((counts[c] for c in by_value), reverse=True)


def test_shipped_map_is_fair():
    """Level on the straight-line reach (what 1-3 tunnels can collect from each start point).

    A quick check only: bot simulations are the real measure (the figures are in maps/README.md).
    """
    fairness = _script("fairness")
    m = load_map(MAPS / "gold_mine.tmx")
    _text, worst = fairness.report(m)
    assert worst <= 0.10


def test_fairness_counts_straight_tunnels_not_walking_steps():
    """Two mines two steps from their start points: one in a straight line, one round a corner.

    On foot both are equally near; a tunnel reaches the first in one move and the second only in
    two (and rock stops a tunnel where walking goes round it). The map is unfair, and the
    straight-line measure says so.
    """
    fairness = _script("fairness")
    tiles = {Hex(q, r): Tile("dirt") for q in range(-7, 8) for r in range(-7, 8)
             if distance(Hex(q, r), Hex(0, 0)) <= 7}
    a, b, c, d = Hex(-4, 2), Hex(4, -2), Hex(0, -6), Hex(0, 6)
    straight = step(a, 1, 2)                 # up, up
    corner = step(step(b, 1), 2)             # up, up-right
    behind_rock = step(c, 4, 2)              # down, down, with rock on the first step
    for h in (straight, corner, behind_rock):
        tiles[h] = Tile("mine", "green", 20)
    tiles[step(c, 4)] = Tile("rock")
    m = GoldMineMap("corners", tiles, (a, b, c, d), (a, b))
    assert direction_to(b, corner) is None
    assert fairness.reach(m, a)[0] == fairness.reach(m, b)[0] == 20          # k = 2 on foot
    assert fairness.line_reach(m, a, 1) == 18                                  # 20$ - 2 hexes
    assert fairness.line_reach(m, b, 1) == 0
    assert fairness.line_reach(m, b, 2) >= 18  # 1 + 1 hexes, or more
    assert fairness.line_reach(m, c, 1) == 0 and fairness.reach(m, c)[:2] == [0, 20]
    _text, worst = fairness.report(m)
    assert worst > 0.10


def test_shipped_map_shape_and_values():
    m = load_map(MAPS / "gold_mine.tmx")
    assert dict(m.colour_values) == {"brown": 5, "grey": 7, "yellow": 12, "blue": 15, "green": 20}
    assert 80 <= len(m.tiles) <= 120


def test_generated_files_are_up_to_date():
    """The .tsx and .tmx are what the generators write (edit the scripts, then run them)."""
    tiles = _script("make_tileset")
    assert (MAPS / "gold_mine_tiles.tsx").read_text(encoding="utf-8") == \
        tiles.tsx_text("gold_mine_tiles.png")
    maker = _script("make_map")
    assert (MAPS / "gold_mine.tmx").read_text(encoding="utf-8") == maker.tmx_text()
    import pygame

    image = pygame.image.load(str(MAPS / "gold_mine_tiles.png"))
    assert image.get_size() == (tiles.TILE_WIDTH * len(tiles.TILES), tiles.TILE_HEIGHT)


def _block(columns: int, rows: int, far: Hex | None = None) -> dict[Hex, Tile]:
    """A mountain `columns` wide and `rows` tall (rows of r + q/2), all dirt but one mine."""
    tiles = {Hex(q, r - q // 2): Tile("dirt") for q in range(columns) for r in range(rows)}
    tiles[Hex(1, 1)] = Tile("mine", "green", 20)
    if far is not None:
        tiles[far] = Tile("dirt")
    return tiles


STARTS = ((Hex(0, 0), Hex(0, 1), Hex(2, 0), Hex(2, 1)), (Hex(0, 0), Hex(2, 0)))


def test_a_map_larger_than_the_table_can_show_is_refused_in_a_file_and_in_a_save() -> None:
    from game.games.gold_mine.board import MAX_COLUMNS, MAX_ROWS, extent

    largest = GoldMineMap("largest", _block(MAX_COLUMNS, MAX_ROWS), *STARTS)
    assert extent(largest.tiles) == (MAX_COLUMNS, MAX_ROWS)
    for wide, tall in ((MAX_COLUMNS + 1, 10), (10, MAX_ROWS + 1)):
        with pytest.raises(ValueError, match=f"may be at most {MAX_COLUMNS} columns wide"):
            GoldMineMap("big", _block(wide, tall), *STARTS)
    # A save's map is held to the same limits: one hex far away, or too many hexes.
    data = _tiny_board().to_json()
    far = {**data, "tiles": data["tiles"] + [[10**15, 0, "dirt", "", 0]]}
    with pytest.raises(BadSave, match="at most 40 columns wide"):
        GoldMineMap.from_json(far)
    many = {**data, "tiles": [[q, 0, "dirt", "", 0] for q in range(MAX_COLUMNS * MAX_ROWS + 1)]}
    with pytest.raises(BadSave, match="more than the 1,440 hexes"):
        GoldMineMap.from_json(many)


def test_the_summary_counts_in_words() -> None:
    summary = _tiny_board().summary()
    assert summary.startswith("9 hexes, 2 mines (") and ", 1 rock, " in summary, summary


def test_a_saved_maps_hex_in_the_wrong_shape_is_named_in_words() -> None:
    data = _tiny_board().to_json()
    with pytest.raises(BadSave, match=r"a hex is written \[1\], not as \[q, r, kind, colour, value\]"):
        GoldMineMap.from_json({**data, "tiles": data["tiles"] + [[1]]})

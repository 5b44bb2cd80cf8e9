"""Hostile maps (issue 8): files built to crash, freeze or exhaust the game are refused with a clear
reason, before the work they would cause, through the real entry points: the `check-map` command
(also on a terminal that only takes ASCII) and the setup screen's map list. Gold Mine's maps and
Big Dig's boards are read through one shared edge (game/core/tiled.py), and every class below is
fed to both games' readers (`GAMES`): what one game's reader refuses, the other's refuses too.

Memory is bounded by construction (sizes are checked before anything is read, parsed or
inflated); the tests that feed decompression bombs also measure the peak of Python's allocations
while the map is refused, which is deterministic, unlike time.
"""

from __future__ import annotations

import os

# Headless drivers, before pygame is imported anywhere (conftest.py leaves them to each test file).
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import base64  # noqa: E402
import contextlib  # noqa: E402
import io  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tracemalloc  # noqa: E402
import unicodedata  # noqa: E402
import zlib  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Callable  # noqa: E402

import pytest  # noqa: E402

from big_dig_boards import TILESET as BIG_DIG_TILESET  # noqa: E402
from big_dig_boards import board_text  # noqa: E402
from game.__main__ import main as game_main  # noqa: E402
from game.core import tiled  # noqa: E402
from game.games.big_dig.tmx import load_board  # noqa: E402
from game.games.gold_mine import tmx  # noqa: E402
from game.games.gold_mine.board import MAX_NAME_LENGTH, clean_name  # noqa: E402
from game.games.gold_mine.tmx import MapError, TiledHexLayout, load_map  # noqa: E402

REPO = Path(__file__).resolve().parents[1]

# A small playable map: 3 columns x 2 rows of dirt (gid 1) with one mine (gid 2), an inline
# tileset, and four start points on dirt cells, two of them central.
CELLS = [[1, 2, 1], [1, 1, 1]]
LAYOUT = TiledHexLayout(64, 56, 32, False)
TILESET = """ <tileset firstgid="1" name="t" tilewidth="64" tileheight="56" tilecount="2" columns="0">
  <tile id="0"><properties><property name="kind" value="dirt"/></properties></tile>
  <tile id="1"><properties><property name="kind" value="mine"/><property name="colour" value="red"/><property name="value" value="3"/></properties></tile>
 </tileset>"""


def _starts() -> str:
    points = []
    for i, (c, r) in enumerate([(0, 0), (2, 0), (0, 1), (2, 1)]):
        x, y = LAYOUT.centre(c, r)
        central = "true" if i < 2 else "false"
        points.append(f'  <object id="{i + 1}" name="X" x="{x:g}" y="{y:g}"><properties>'
                      f'<property name="central" type="bool" value="{central}"/></properties>'
                      f'<point/></object>')
    return "\n".join(points)


def map_text(*, width: int = 3, height: int = 2, data: str | None = None,
             encoding: str = "csv", compression: str | None = None, name: str | None = None,
             tileset: str = TILESET, layers: int = 1, padding: str = "") -> str:
    """The small map's XML, or a hostile variant of it (the declared size, the layer data...)."""
    if data is None:
        data = ",".join(str(g) for row in CELLS for g in row)
    props = (f' <properties><property name="name" value="{name}"/></properties>\n'
             if name is not None else "")
    packed = f' compression="{compression}"' if compression else ""
    layer = (f' <layer id="{{i}}" name="terrain" width="{width}" height="{height}">'
             f'<data encoding="{encoding}"{packed}>{data}</data></layer>\n')
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<map version="1.10" orientation="hexagonal" renderorder="right-down" '
            f'width="{width}" height="{height}" tilewidth="64" tileheight="56" infinite="0" '
            f'hexsidelength="32" staggeraxis="x" staggerindex="odd">\n{props}{tileset}\n'
            + "".join(layer.format(i=i + 1) for i in range(layers))
            + f' <objectgroup id="99" name="starts">\n{_starts()}\n </objectgroup>\n'
            f'{padding}</map>\n')


def write(folder: Path, name: str | bytes, text: str) -> Path:
    """A map file; `name` may be bytes that are not UTF-8 (file names on Linux are bytes)."""
    path = Path(os.fsdecode(os.fsencode(folder) + b"/" + os.fsencode(name)))
    path.write_text(text, encoding="utf-8")
    return path


def bomb(compression: str, size: int) -> str:
    """Base64 of `size` zero bytes, compressed: a few KB that inflate to `size` bytes."""
    packer = zlib.compressobj(9, zlib.DEFLATED, zlib.MAX_WBITS | (16 if compression == "gzip" else 0))
    chunk = bytes(1 << 20)
    packed = b"".join(packer.compress(chunk) for _ in range(size >> 20)) + packer.flush()
    return base64.b64encode(packed).decode("ascii")


# The two games on Tiled maps: each one's map text (same keywords), tileset, reader and the
# setup's list of its maps.
GAMES = {
    "gold_mine": (map_text, TILESET, load_map),
    "big_dig": (board_text, BIG_DIG_TILESET, load_board),
}


def hostile(game: str) -> dict[str, tuple[Callable[[Path], Path], str]]:
    """name -> (a function writing the hostile file in a folder, words its reason must contain),
    for `game`'s maps."""
    text, tileset, _load = GAMES[game]
    cases: dict[str, tuple[Callable[[Path], Path], str]] = {
        "declares 10000 x 10000": (lambda d: write(d, "huge_grid.tmx", text(width=10000, height=10000)),
                                   "too big (10000 x 10000 cells)"),
        "declares 2000 x 2000": (lambda d: write(d, "big_grid.tmx", text(width=2000, height=2000)),
                                 "too big (2000 x 2000 cells)"),
        "declares 1 x 100000": (lambda d: write(d, "long_grid.tmx", text(width=1, height=100000)),
                                "too big (1 x 100000 cells)"),
        "zlib bomb": (lambda d: write(d, "zlib_bomb.tmx", text(
            encoding="base64", compression="zlib", data=bomb("zlib", 64 << 20))),
            "inflates to more than 40,000 bytes"),
        "gzip bomb": (lambda d: write(d, "gzip_bomb.tmx", text(
            encoding="base64", compression="gzip", data=bomb("gzip", 64 << 20))),
            "inflates to more than 40,000 bytes"),
        "file over the size limit": (lambda d: write(d, "padded.tmx", text(
            padding="<!--" + "x" * tmx.MAX_FILE_BYTES + "-->")), "too large"),
        "tileset image cut in a billion tiles": (lambda d: write(d, "tiles_bomb.tmx", text(
            tileset=' <tileset firstgid="1" name="t" tilewidth="1" tileheight="1" tilecount="2">'
                    '<image source="t.png" width="100000" height="100000"/></tileset>')),
            "cuts too many tiles"),
        "tileset declaring a billion tiles": (lambda d: write(d, "tilecount.tmx", text(
            tileset=tileset.replace(f'tilecount="{_tilecount(tileset)}"', 'tilecount="1000000000"'))),
            "declares 1,000,000,000 tiles"),
        "500 tile layers": (lambda d: write(d, "layers.tmx", text(layers=500)),
                            "has 500 tile layers"),
        # Each tileset is read in full, by us and by pytmx: 30,000 of them took seconds.
        "40 tilesets": (lambda d: write(d, "forty_tilesets.tmx", text(tileset=tileset + "".join(
            f'<tileset firstgid="{100 + 10 * i}" source="t.tsx"/>' for i in range(40)))),
            "uses 41 tilesets; a map may use at most 32"),
        # A parsed tag costs far more memory than its bytes: counted before parsing.
        "30,000 tilesets": (lambda d: write(d, "tilesets.tmx", text(tileset=tileset + "".join(
            f'<tileset firstgid="{100 + 10 * i}" source="t.tsx"/>' for i in range(30_000)))),
            "XML tags; a map or tileset file may hold at most 20,000"),
        "300,000 empty elements": (lambda d: write(d, "elements.tmx", text(padding="<a/>" * 300_000)),
                                   "holds 300,0"),
    }
    # Entities that expand tenfold a level: a few hundred bytes that parse into 100,000
    # elements. Tiled never declares an entity, so none is read, in a map or a tileset.
    cases["XML entities"] = (lambda d: write(d, "entities.tmx", text(padding="&e4;").replace(
        "<map ", ENTITIES + "<map ", 1)), "declares XML entities")
    cases["XML entities in a tileset file"] = (lambda d: _with_tileset(
        d, "tsx_entities", text, ENTITIES + (
        '<tileset name="t" tilewidth="64" tileheight="56" tilecount="1" columns="0">&e4;'
        '</tileset>')), "declares XML entities")
    cases["a cell of -1"] = (lambda d: write(d, "minus.tmx", text(data="-1," * 5 + "1")),
                             "which is not a tile number")
    cases["a class property in a tileset file"] = (lambda d: _with_tileset(d, "tsx_class", text, (
        '<tileset name="t" tilewidth="64" tileheight="56" tilecount="1" columns="0">'
        '<tile id="0"><properties><property name="kind" type="class"/></properties></tile>'
        '</tileset>')), "is a class property")
    if game == "gold_mine":
        cases["a thousand start points"] = (lambda d: write(d, "starts.tmx", map_text().replace(
            _starts(), _starts() + "\n" + "\n".join(
                f'<object id="{100 + i}" name="X" x="1" y="1"><point/></object>' for i in range(1000)))),
            "holds 1004 objects")
    return cases


ENTITIES = ('<!DOCTYPE map [<!ENTITY e0 "<b/><b/><b/><b/><b/><b/><b/><b/><b/><b/>">'
            + "".join(f'<!ENTITY e{i} "{f"&e{i - 1};" * 10}">' for i in range(1, 5)) + "]>\n")


def _with_tileset(folder: Path, name: str, text: Callable[..., str], tsx: str) -> Path:
    """The map `name`.tmx whose only tileset is the file `name`.tsx holding `tsx`."""
    (folder / f"{name}.tsx").write_text('<?xml version="1.0" encoding="UTF-8"?>\n' + tsx,
                                        encoding="utf-8")
    return write(folder, f"{name}.tmx", text(tileset=f' <tileset firstgid="1" source="{name}.tsx"/>'))


def _tilecount(tileset: str) -> str:
    return tileset.split('tilecount="')[1].split('"')[0]


HOSTILE = hostile("gold_mine")
CASES = [(game, case) for game in GAMES for case in sorted(hostile(game))]


@pytest.mark.parametrize("game", GAMES)
def test_deep_nesting_is_read_without_recursion(tmp_path, game):
    """Elements nested thousands deep (groups around the layer, stray elements, class
    properties), as deep as the file's limit on tags allows, are read or refused with a reason,
    never a RecursionError."""
    text_of, _tileset, load = GAMES[game]
    n = tiled.MAX_TAGS // 2 - 100
    around = text_of().replace(' <layer id="1"', "<group>" * n + ' <layer id="1"').replace(
        "</layer>", "</layer>" + "</group>" * n)
    assert load(write(tmp_path, "groups.tmx", around)).name == "Groups"
    stray = text_of(padding="<a>" * n + "</a>" * n)
    assert load(write(tmp_path, "stray.tmx", stray)).name == "Stray"
    depth = tiled.MAX_TAGS // 4 - 100
    nested = ('<property name="p" type="class"><properties>' * depth
              + '</properties></property>' * depth)
    if game == "gold_mine":
        classes = map_text().replace('name="starts">', 'name="starts"><properties>' + nested
                                     + '</properties>')
    else:  # among the map's own properties, next to the one naming the game
        classes = board_text(extra_props=nested)
    status, out, err = check_map(str(write(tmp_path, "classes.tmx", classes)))
    assert status == 1 and "class properties are not supported" in err and "Traceback" not in err


@pytest.mark.parametrize("game", GAMES)
def test_an_image_layer_with_no_image_yet_is_left_out(tmp_path, game):
    """Tiled saves an image layer whose image is not chosen yet as an empty element; it draws
    nothing, so the map is read as if it were not there (pytmx alone fails on it)."""
    text_of, _tileset, load = GAMES[game]
    empty = ('<imagelayer id="50" name="Image Layer 1"/>'
             '<group id="60" name="g"><imagelayer id="51" name="Image Layer 2"/></group>')
    loaded = load(write(tmp_path, "empty_image.tmx", text_of(padding=empty)))
    assert loaded == load(write(tmp_path, "empty_image.tmx", text_of()))


def test_a_hex_map_without_a_side_length_or_a_start_point_without_a_place_says_so(tmp_path):
    status, _out, err = check_map(str(write(tmp_path, "no_side.tmx",
                                            map_text().replace('hexsidelength="32" ', ""))))
    assert status == 1 and "the map has no hexsidelength; it must be a whole number" in err
    assert "None" not in err
    x, y = LAYOUT.centre(0, 0)
    nowhere = map_text().replace(f'x="{x:g}" y="{y:g}"', 'x="nan" y="inf"', 1)
    status, _out, err = check_map(str(write(tmp_path, "nan.tmx", nowhere)))
    assert status == 1 and "start point object id 1 has no position on the map" in err, err


def check_map(*args: str) -> tuple[int, str, str]:
    """`python -m game check-map ARGS` run in this process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = game_main(["check-map", *args])
    return status, out.getvalue(), err.getvalue()


def test_the_small_map_is_playable(tmp_path):
    """The base of every hostile variant below is a good map: what they change is what fails."""
    m = load_map(write(tmp_path, "small.tmx", map_text(name="Small")))
    assert m.name == "Small" and len(m.tiles) == 6 and len(m.starts) == 4
    b = load_board(write(tmp_path, "board.tmx", board_text(name="Board")))
    assert b.name == "Board" and b.width == 8


@pytest.mark.parametrize("game,case", CASES)
def test_check_map_refuses_hostile_maps_with_a_reason_and_bounded_memory(tmp_path, game, case):
    make, reason = hostile(game)[case]
    path = make(tmp_path)
    tracemalloc.start()
    try:
        status, out, err = check_map(str(path))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert status == 1 and out == ""
    assert err.startswith("BAD: ") and err.count("\n") == 1, err
    assert reason in err, err
    assert "Traceback" not in err
    # The file itself is at most 2 MiB and is read once; the bombs would need 64 MB and more.
    assert peak < 3 * tmx.MAX_FILE_BYTES + (8 << 20), f"{case}: peak {peak:,} bytes"


def test_limits_at_the_edge_are_accepted_and_just_past_it_refused(tmp_path):
    # A map as big as the table shows is read (40 x 36 of the small map's pattern); larger ones
    # are refused, a 100 x 100 one (within the file reader's limits) for its size on the table,
    # and one cell past the reader's limit before anything is inflated.
    def layer(width: int, height: int) -> str:
        gids = [1] * (width * height)
        gids[1] = 2
        return base64.b64encode(zlib.compress(b"".join(g.to_bytes(4, "little") for g in gids))).decode()

    m = load_map(write(tmp_path, "edge.tmx", map_text(width=40, height=36, encoding="base64",
                                                      compression="zlib", data=layer(40, 36))))
    assert len(m.tiles) == 40 * 36
    side = 100
    data = layer(side, side)
    with pytest.raises(MapError, match="may be at most 40 columns wide and 36 rows tall"):
        load_map(write(tmp_path, "wide.tmx", map_text(width=side, height=side, encoding="base64",
                                                      compression="zlib", data=data)))
    with pytest.raises(MapError, match="too big"):
        load_map(write(tmp_path, "past.tmx", map_text(width=side + 1, height=side,
                                                      encoding="base64", compression="zlib",
                                                      data=data)))


@pytest.mark.parametrize("game", GAMES)
def test_a_layer_with_trailing_or_cut_compressed_data_is_refused(tmp_path, game):
    text_of, _tileset, load = GAMES[game]
    raw = b"".join(g.to_bytes(4, "little") for row in CELLS for g in row)
    packed = zlib.compress(raw)
    for data, reason in ((packed + packed, "extra data"), (packed[:-6], "cut short")):
        text = text_of(encoding="base64", compression="zlib", data=base64.b64encode(data).decode())
        with pytest.raises(MapError, match=reason):
            load(write(tmp_path, "odd.tmx", text))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_check_map_does_not_wait_on_a_fifo(tmp_path):
    fifo = tmp_path / "pipe.tmx"
    os.mkfifo(fifo)
    status, out, err = check_map(str(fifo))
    assert status == 1 and "not a regular file" in err
    # Nor does either game's reader, nor a tileset file that is a FIFO.
    for game, (text_of, _tileset, load) in GAMES.items():
        with pytest.raises(MapError, match="not a regular file"):
            load(fifo)
        os.mkfifo(tmp_path / f"{game}.tsx")
        path = write(tmp_path, f"{game}.tmx", text_of(
            tileset=f' <tileset firstgid="1" source="{game}.tsx"/>'))
        with pytest.raises(MapError, match=f"the tileset file '{game}.tsx' is not a regular file"):
            load(path)


# -- names: what a map can make the game print or draw -------------------------------------------

FORGING_NAMES = [
    "Nice&#10;OK: Forged, 91 hexes",           # a newline, then a fake OK line
    "Calm&#13;OK: overwritten line",            # a carriage return
    "Next\u0085OK: after a NEL",                # Unicode line breaks XML lets through
    "Para\u2029OK: after a paragraph mark",
    "abc\u202eevil",                            # a right-to-left override
    "Long " + "x" * 30_000,                     # an absurd length
]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", FORGING_NAMES)
def test_map_names_are_cleaned_where_they_come_in(tmp_path, name, game):
    text_of, _tileset, load = GAMES[game]
    m = load(write(tmp_path, "named.tmx", text_of(name=name)))
    assert len(m.name) <= MAX_NAME_LENGTH and m.name.strip()
    assert all(unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Zl", "Zp") for ch in m.name)
    assert m.name.startswith(name[:3])
    # A saved map is cleaned the same way when it comes back from a save.
    data = m.to_json()
    data["name"] = "Saved\x1b[2J\x00\ud800\nOK: fake"
    back = type(m).from_json(data)
    assert back.name == "Saved [2J OK: fake"


@pytest.mark.skipif(sys.platform != "linux", reason="file names as arbitrary bytes")
@pytest.mark.parametrize("game", GAMES)
def test_a_name_with_nothing_visible_falls_back_to_the_file_name(tmp_path, game):
    text_of, _tileset, load = GAMES[game]
    assert load(write(tmp_path, "the_deep_end.tmx", text_of(name="\u202e&#10;\u2028"))).name == "The Deep End"
    assert load(write(tmp_path, b"\x1b[1m\xff_x.tmx", text_of())).name == "[1M\ufffd X"
    unnamed = {"gold_mine": "Unnamed map", "big_dig": "Unnamed board"}[game]
    assert load(write(tmp_path, b"\x07.tmx", text_of())).name == unnamed


def test_clean_name():
    assert clean_name("  a\tb\n\nc  ") == "a b c"
    assert clean_name("\x00\x1b\ud800") == ""
    assert clean_name(None) == "" and clean_name(12) == ""
    long = clean_name("y" * 1_000_000)
    assert len(long) == MAX_NAME_LENGTH and long.endswith("\u2026")
    assert clean_name("Mine d'Or \u00e9\u2603") == "Mine d'Or \u00e9\u2603"  # visible text stays


@pytest.mark.skipif(sys.platform != "linux", reason="file names as arbitrary bytes")
@pytest.mark.parametrize("game", GAMES)
def test_check_map_cannot_print_a_forged_line_or_escape_codes(tmp_path, game):
    text_of = GAMES[game][0]
    good = [
        write(tmp_path, "forge.tmx", text_of(name="Nice&#10;OK: Forged, 91 hexes")),
        write(tmp_path, b"esc\x1b[2J\x1b[31m\nOK: fake\x07.tmx", text_of()),  # no name: the file's
        write(tmp_path, b"\xff\xfe.tmx", text_of(name="Bytes")),
    ]
    bad = write(tmp_path, b"bad\x1b]0;title\x07\nOK: bad\xff.tmx", text_of(width=5000, height=5000))
    status, out, err = check_map(*(str(p) for p in good + [bad]))
    assert status == 1
    lines = out.splitlines()
    assert len(lines) == len(good) and all(line.startswith("OK: ") for line in lines), out
    assert err.count("\n") == 1 and err.startswith("BAD: ") and "too big" in err
    for text in (out, err):
        assert "\x1b" not in text and "\x07" not in text and "\r" not in text
        assert all(ch.isprintable() for line in text.splitlines() for ch in line)
    assert "\\x1b" in out and "\\udcff" in out  # escaped, so the player sees what is there


@pytest.mark.skipif(sys.platform != "linux", reason="file names as arbitrary bytes")
@pytest.mark.parametrize("game", GAMES)
def test_check_map_on_a_strict_ascii_terminal(tmp_path, game):
    text_of = GAMES[game][0]
    files = [
        write(tmp_path, b"\xff\xfe.tmx", text_of(name="Caf\u00e9 \u2603 Mountain")),
        write(tmp_path, b"bad\xe9\x1b[2J.tmx", text_of(width=3000, height=3000)),
        write(tmp_path, "accent\u00e9.tmx", text_of(encoding="base64", compression="zlib",
                                                    data=bomb("zlib", 8 << 20))),
    ]
    env = {**os.environ, "PYTHONIOENCODING": "ascii:strict", "LC_ALL": "C",
           "MOTHER_LODE_HOME": str(tmp_path / "home"), "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-m", "game", "check-map", *map(os.fsencode, files)],
                          cwd=REPO, env=env, capture_output=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert b"Traceback" not in done.stderr and b"Traceback" not in done.stdout
    out, err = done.stdout.decode("ascii"), done.stderr.decode("ascii")  # pure ASCII, or this fails
    summary = {"gold_mine": "6 hexes", "big_dig": "Big Dig board, 8 x 9 squares"}[game]
    assert out.startswith(f"OK: Caf\\xe9 \\u2603 Mountain, {summary}") and out.count("\n") == 1, out
    assert "\\udcff\\udcfe.tmx" in out
    bad = err.splitlines()
    assert len(bad) == 2 and all(line.startswith("BAD: ") for line in bad), err
    assert "too big (3000 x 3000 cells)" in err and "inflates to more than" in err
    assert "\x1b" not in err and not (tmp_path / "home" / "logs").exists()


# -- the setup screen's map list -----------------------------------------------------------------


@pytest.mark.skipif(sys.platform != "linux", reason="file names as arbitrary bytes")
def test_setup_lists_hostile_maps_with_their_reasons(make_app, home, tmp_path):
    from game.games import GAMES
    from game.ui.scenes.setup import SetupScene

    folder = home / "data" / "maps"
    folder.mkdir(parents=True)
    reasons = {}
    for case, (make, reason) in HOSTILE.items():
        reasons[make(folder).name] = reason
    good = write(folder, b"good\xff\xfe.tmx", map_text(name="Good&#10;OK: forged\u202e"))
    weird = write(folder, b"weird\x1b[2J\n\xc3.tmx", "<map>not a Gold Mine map</map>")
    reasons[weird.name] = "orientation"
    app = make_app()
    scene = SetupScene(GAMES["gold_mine"])
    app.push(scene)
    entries = scene.maps.entries
    assert entries[0].ok and entries[0].source == "comes with the game"
    by_file = {e.source: e for e in entries[1:]}
    assert len(by_file) == len(HOSTILE) + 2
    for entry in entries:  # everything drawn is drawable text, on one line
        for text in (entry.title, entry.source, entry.reason):
            assert all(unicodedata.category(ch) not in ("Cc", "Cf", "Cs") for ch in text), text
    playable = by_file[tmx.shown_file_name(good)]
    assert playable.ok and playable.source == "good\ufffd\ufffd.tmx"
    assert playable.title == "Good OK: forged"
    for file_name, reason in reasons.items():
        entry = by_file[tmx.shown_file_name(file_name)]
        assert not entry.ok and reason in entry.reason, (file_name, entry.reason)
    assert by_file[tmx.shown_file_name(weird)].source == "weird [2J \ufffd.tmx"
    # Every row drawn, and each refused one pointed at (its reason is drawn in the side panel).
    for i in range(len(entries)):
        scene.maps.hover = i
        app.step(1 / 60)
        app.draw()
    app.screenshot(tmp_path / "setup_hostile_maps.png")


def test_the_user_maps_folder_is_read_up_to_its_limit(tmp_path):
    for i in range(tmx.MAX_USER_MAPS + 5):
        (tmp_path / f"m{i:03}.tmx").write_text("<map/>", encoding="utf-8")
    listed = tmx.list_user_maps(tmp_path)
    assert [p.name for p, _ in listed] == [f"m{i:03}.tmx" for i in range(tmx.MAX_USER_MAPS)]


@pytest.mark.skipif(sys.platform != "linux", reason="file names as arbitrary bytes")
def test_the_setup_lists_hostile_big_dig_boards_with_their_reasons(home, tmp_path):
    """Big Dig's board list (what its setup shows) refuses the same files with the same reasons,
    and Gold Mine's list does not offer them; the hostile Gold Mine maps stay out of Big Dig's."""
    from game.ui.scenes.setup import big_dig_boards, gold_mine_maps

    folder = tmp_path / "maps"
    folder.mkdir()
    reasons = {make(folder).name: reason for make, reason in hostile("big_dig").values()}
    good = write(folder, b"good\xff\xfe.tmx", board_text(name="Good&#10;OK: forged\u202e"))
    gold = write(folder, "zz_gold.tmx", map_text(width=5000, height=5000))
    entries = big_dig_boards(folder)
    assert [e.source for e in entries[:2]] == ["comes with the game"] * 2
    by_file = {e.source: e for e in entries[2:]}
    for entry in entries:
        for text in (entry.title, entry.source, entry.reason):
            assert all(unicodedata.category(ch) not in ("Cc", "Cf", "Cs") for ch in text), text
    playable = by_file[tmx.shown_file_name(good)]
    assert playable.ok and playable.title == "Good OK: forged"
    for file_name, reason in reasons.items():
        entry = by_file[tmx.shown_file_name(file_name)]
        assert not entry.ok and reason in entry.reason, (file_name, entry.reason)
    assert tmx.shown_file_name(gold) not in by_file
    # Gold Mine's list: the Big Dig boards are not offered, except those whose game cannot be
    # told (the file too large to read, with too many tags to parse, or declaring entities),
    # which both lists show with the reason.
    gold_list = {e.source: e for e in gold_mine_maps(folder)[1:]}
    assert set(gold_list) == {"padded.tmx", "tilesets.tmx", "elements.tmx", "entities.tmx",
                              "zz_gold.tmx"}
    assert "too large" in gold_list["padded.tmx"].reason
    assert "XML tags" in gold_list["elements.tmx"].reason


def test_check_map_given_a_folder_says_so_and_checks_the_rest(tmp_path):
    folder = tmp_path / "a folder.tmx"
    folder.mkdir()
    good = write(tmp_path, "good.tmx", map_text())
    status, out, err = check_map(str(good), str(folder), str(good))
    assert status == 1 and out.count("OK: ") == 2
    assert "BAD:" in err and "not a regular file" in err and "Is a directory" not in err


def test_letters_no_font_of_the_game_draws_are_left_out_of_a_map_name(tmp_path):
    """The game's fonts draw no Chinese and no emoji: such letters of a map's name are left out
    where the name comes in (a box would show for each), and a name left empty falls back to the
    file's name. A command (no fonts) keeps them."""
    from game.core import text
    from game.ui import theme   # the game's window sets the check when it loads its fonts

    assert not theme.drawn_by_the_fonts("地") and not theme.drawn_by_the_fonts("💣")
    mixed = write(tmp_path, "mixed.tmx", map_text(name="地图 Peak 💣"))
    only = write(tmp_path, "north_face.tmx", map_text(name="地图"))
    assert load_map(mixed).name == "Peak"
    assert load_map(only).name == "North Face"
    # A file's name keeps a mark where such a letter was, so the file can still be found.
    assert tmx.shown_file_name(tmp_path / "地图 1.tmx") == "\ufffd\ufffd 1.tmx"
    text.set_drawable(None)
    try:
        assert load_map(mixed).name == "地图 Peak 💣"
    finally:
        text.set_drawable(theme.drawn_by_the_fonts)

"""Fast checks of the packaging pieces: icon files, the spec, the build script's generated
inputs, the .desktop entry, the crash reporter and data-path resolution from a checkout.

The build itself (PyInstaller, then running the executable) is tests/test_frozen_smoke.py.
"""

from __future__ import annotations

import ast
import configparser
import importlib.util
import re
import struct
import subprocess
import sys
import threading
from pathlib import Path, PurePosixPath, PureWindowsPath
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def load_build_module(name: str) -> ModuleType:
    """build/<name>.py, loaded by path (build/ is a folder of scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(f"_ml_build_{name}", BUILD / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def icon_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return load_build_module("icon").write_icons(tmp_path_factory.mktemp("icons"))


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_MAGIC, "not a PNG"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


# --------------------------------------------------------------------------- icon
def test_draw_icon_needs_no_display() -> None:
    """draw_icon works on plain surfaces, before pygame.init() and without a window."""
    import pygame

    from game.icon import ICON_SIZES, draw_icon

    for size in ICON_SIZES:
        surface = draw_icon(size)
        assert surface.get_size() == (size, size)
        assert surface.get_flags() & pygame.SRCALPHA
    big = draw_icon(64)
    # Rounded corners are see-through; the middle (the gem) is solid.
    assert big.get_at((0, 0)).a == 0
    assert big.get_at((32, 34)).a == 255


def test_ico_is_valid(icon_files: dict[str, Path]) -> None:
    data = icon_files["ico"].read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind) == (0, 1)
    assert count >= 1
    sizes = []
    for i in range(count):
        width, height, colours, zero, planes, bits, length, offset = struct.unpack_from(
            "<BBBBHHII", data, 6 + 16 * i
        )
        assert zero == 0 and colours == 0 and planes == 1 and bits == 32
        assert 6 + 16 * count <= offset and offset + length <= len(data), "entry points outside"
        side = width or 256
        assert png_size(data[offset : offset + length]) == (side, height or 256)
        sizes.append(side)
    assert {256, 48, 32, 16} <= set(sizes)


def test_icns_is_valid(icon_files: dict[str, Path]) -> None:
    data = icon_files["icns"].read_bytes()
    assert data[:4] == b"icns"
    (total,) = struct.unpack_from(">I", data, 4)
    assert total == len(data)
    expected = {b"icp4": 16, b"icp5": 32, b"icp6": 64, b"ic07": 128, b"ic08": 256, b"ic09": 512,
                b"ic11": 32, b"ic12": 64, b"ic13": 256, b"ic14": 512}
    seen = set()
    pos = 8
    while pos < len(data):
        ostype = data[pos : pos + 4]
        (length,) = struct.unpack_from(">I", data, pos + 4)
        assert length > 8 and pos + length <= len(data)
        assert png_size(data[pos + 8 : pos + length]) == (expected[ostype],) * 2
        seen.add(ostype)
        pos += length
    assert pos == len(data)
    assert {b"ic07", b"ic08", b"ic09"} <= seen


def test_png_icon(icon_files: dict[str, Path]) -> None:
    assert png_size(icon_files["png"].read_bytes()) == (256, 256)


# --------------------------------------------------------------------------- spec and build script
def _absolute(text: str) -> bool:
    return PurePosixPath(text).is_absolute() or PureWindowsPath(text).is_absolute()


def test_spec_has_no_absolute_paths() -> None:
    source = (BUILD / "mother-lode.spec").read_text(encoding="utf-8")
    assert str(ROOT) not in source
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            value = node.value
            if "\n" in value or " " in value:
                continue  # prose (docstrings, messages), not a path
            assert not _absolute(value), f"absolute path in the spec: {value!r}"
    # Paths hang off SPECPATH, and the big optional packages stay out.
    assert "SPECPATH" in source
    for name in ("tkinter", "numpy", "unittest", "pydoc"):
        assert f'"{name}"' in source
    assert "console=False" in source
    # The one-file program stores its libraries unless build.py asks for compression, and the
    # one-folder build is there for a faster start.
    assert 'os.environ.get("MOTHER_LODE_STORE_BINARIES", "1") == "1"' in source
    assert "COLLECT(" in source and 'os.environ.get("MOTHER_LODE_ONE_FOLDER")' in source


def test_version_info_is_generated_from_the_game_version() -> None:
    build = load_build_module("build")
    from game import __version__

    assert build.game_version() == __version__
    text = build.version_info_text("1.2.3rc1")
    tree = ast.parse(text, mode="eval")  # PyInstaller evaluates it as one expression
    assert isinstance(tree.body, ast.Call) and tree.body.func.id == "VSVersionInfo"
    assert "filevers=(1, 2, 3, 0)" in text
    assert "StringStruct('ProductName', 'Mother Lode')" in text
    assert "StringStruct('ProductVersion', '1.2.3rc1')" in text


PYI_READS_VERSION_FILE = """
import sys, types
# versioninfo imports Windows-only helpers at the top; parsing and packing need neither.
sys.modules.setdefault("pefile", types.ModuleType("pefile"))
import PyInstaller.compat as compat
if not hasattr(compat, "win32api"):
    compat.win32api = None
from PyInstaller.utils.win32 import versioninfo
info = versioninfo.load_version_info_from_text_file(sys.argv[1])
assert len(info.toRaw()) > 200
print(info)
"""


def test_pyinstaller_reads_the_version_file(tmp_path: Path) -> None:
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.skip("PyInstaller is not installed: pip install -e .[test]")
    build = load_build_module("build")
    path = tmp_path / "version_info.txt"
    path.write_text(build.version_info_text("2.5.1"), encoding="utf-8")
    # In a subprocess: the stubs above must not leak into this test session.
    result = subprocess.run([sys.executable, "-c", PYI_READS_VERSION_FILE, str(path)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "'ProductVersion', '2.5.1'" in result.stdout


def test_output_names_per_system() -> None:
    build = load_build_module("build")
    assert build.output_path("linux").name == "mother-lode"
    assert build.output_path("win32").name == "mother-lode.exe"
    assert build.output_path("darwin").name == "Mother Lode.app"
    assert build.executable_path("darwin").parts[-3:] == ("Contents", "MacOS", "mother-lode")
    # --one-folder: the program inside its folder; macOS builds its bundle either way.
    assert build.executable_path("linux", one_folder=True).parts[-2:] == ("mother-lode-folder", "mother-lode")
    assert build.executable_path("win32", one_folder=True).parts[-2:] == ("mother-lode-folder",
                                                                          "mother-lode.exe")
    assert build.output_path("darwin", one_folder=True) == build.output_path("darwin")
    assert build.DIST == ROOT / "dist"
    assert build.WORK == ROOT / ".pyinstaller-work"  # never inside build/


def test_build_reports_missing_pyinstaller(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    build = load_build_module("build")
    real = importlib.util.find_spec
    monkeypatch.setattr(
        build.importlib.util, "find_spec", lambda name, *a: None if name == "PyInstaller" else real(name, *a)
    )
    assert build.main([]) == 2
    assert "pip install .[build]" in capsys.readouterr().err


def test_measure_startup_needs_an_executable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    build = load_build_module("build")
    missing = tmp_path / "no-such-program"
    assert build.main(["--no-build", "--measure-startup", "1", "--exe", str(missing)]) == 2
    assert f"{missing} does not exist" in capsys.readouterr().err


def test_generated_files_are_ignored_by_git() -> None:
    ignored = (BUILD / ".gitignore").read_text(encoding="utf-8").split()
    assert "generated/" in ignored


def test_desktop_entry() -> None:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(BUILD / "mother-lode.desktop", encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Mother Lode"
    assert entry["Exec"] == "mother-lode"
    assert entry["Icon"] == "mother-lode"
    assert entry["Terminal"] == "false"
    assert set(entry["Categories"].rstrip(";").split(";")) >= {"Game", "BoardGame"}


def test_release_workflow_covers_three_systems() -> None:
    text = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    for needle in ("ubuntu-", "windows-", "macos-", "build/build.py", "SDL_VIDEODRIVER: dummy",
                   "actions/upload-artifact", "tags:", "python-version: \"3.11\""):
        assert needle in text, needle
    assert "\t" not in text, "YAML forbids tabs for indentation"
    try:
        import yaml  # type: ignore[import-untyped]
    except ImportError:
        return
    data = yaml.safe_load(text)
    assert set(data["jobs"]) >= {"build"}


# --------------------------------------------------------------------------- crash reporting
@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MOTHER_LODE_HOME", str(tmp_path))
    monkeypatch.setenv("MOTHER_LODE_NO_DIALOG", "1")
    return tmp_path


def _boom() -> int:
    raise ValueError("the mine caved in")


def test_run_guarded_writes_a_log(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from game import __version__
    from game.crash import run_guarded

    assert run_guarded(_boom, show=False) == 1
    logs = sorted((home / "logs").glob("crash-*.log"))
    assert len(logs) == 1
    assert re.fullmatch(r"crash-\d{8}-\d{6}\.log", logs[0].name)
    text = logs[0].read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text
    assert "ValueError: the mine caved in" in text
    assert "_boom" in text
    assert f"Mother Lode {__version__}" in text
    assert "python:" in text and "platform:" in text and "pygame:" in text
    err = capsys.readouterr().err
    assert "ValueError: the mine caved in" in err and str(logs[0]) in err


def test_run_guarded_passes_results_and_exits_through() -> None:
    from game.crash import run_guarded

    assert run_guarded(lambda: 0) == 0
    assert run_guarded(lambda: None) == 0
    assert run_guarded(lambda: 3) == 3
    with pytest.raises(SystemExit):
        run_guarded(lambda: sys.exit(4))


def test_report_crash_returns_the_path(home: Path) -> None:
    from game.crash import report_crash

    try:
        _boom()
    except ValueError as exc:
        path = report_crash(type(exc), exc, exc.__traceback__, show=False)
    assert path is not None and path.parent == home / "logs"
    assert "the mine caved in" in path.read_text(encoding="utf-8")
    # Two crashes in the same second get two files.
    again = report_crash(ValueError, ValueError("again"), None, show=False)
    assert again is not None and again != path and again.exists()


def test_installed_hooks_report(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.crash import install_crash_handler

    # monkeypatch restores both hooks after the test.
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    install_crash_handler(show=False)
    try:
        _boom()
    except ValueError:
        sys.excepthook(*sys.exc_info())  # what Python does with an uncaught exception
    worker = threading.Thread(target=_boom, name="bot-worker")
    worker.start()
    worker.join()
    texts = [p.read_text(encoding="utf-8") for p in (home / "logs").glob("crash-*.log")]
    assert len(texts) == 2
    assert any("thread:    bot-worker" in t for t in texts)


def test_dialog_shows_the_log_path(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    from game import crash

    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(pygame.display, "message_box", lambda title, message, **kw: shown.append((title, message)))
    monkeypatch.setattr(pygame.display, "get_init", lambda: False)  # leave any open window alone
    path = crash.report_crash(ValueError, ValueError("x"), None, show=True)
    assert len(shown) == 1
    assert str(path) in shown[0][1]
    assert "Mother Lode" in shown[0][0]


def test_dialog_is_off_when_asked_or_headless(monkeypatch: pytest.MonkeyPatch) -> None:
    from game import crash

    monkeypatch.setenv("MOTHER_LODE_NO_DIALOG", "1")
    assert not crash._dialog_allowed(None)
    monkeypatch.delenv("MOTHER_LODE_NO_DIALOG")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert not crash._dialog_allowed(None)
    assert crash._dialog_allowed(True)
    assert not crash._dialog_allowed(False)


def test_log_file_rotates(tmp_path: Path) -> None:
    """The game's log keeps at most `backups` older files, each about `max_bytes` long."""
    import logging

    from game.ui.main import RotatingLog

    path = tmp_path / "game.log"
    handler = RotatingLog(path, max_bytes=1000, backups=2)
    handler.setFormatter(logging.Formatter("%(message)s"))
    logger = logging.Logger("rotation-test")  # not registered: no other test sees it
    logger.addHandler(handler)
    try:
        for i in range(100):
            logger.warning("line %03d %s", i, "x" * 40)  # 49 bytes a line: ~5 files' worth
    finally:
        handler.close()
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["game.log", "game.log.1", "game.log.2"]
    for name in names:
        assert (tmp_path / name).stat().st_size <= 1000 + 49
    # The newest lines are in game.log, the ones before them in .1, then .2; nothing is mixed up.
    newest = (tmp_path / "game.log").read_text(encoding="utf-8").splitlines()
    older = (tmp_path / "game.log.1").read_text(encoding="utf-8").splitlines()
    assert newest[-1].startswith("line 099")
    assert int(older[-1][5:8]) + 1 == int(newest[0][5:8])


# --------------------------------------------------------------------------- data paths
def test_data_paths_resolve_from_a_checkout() -> None:
    from game import paths

    assert paths.data_root() == ROOT
    assert paths.asset("fonts", "DejaVuSans.ttf").is_file()
    assert paths.rules_doc("x.md").parent == ROOT / "docs" / "rules"
    assert paths.map_file("x").parent == ROOT / "maps"


def test_user_folders_follow_mother_lode_home(home: Path) -> None:
    from game import paths

    for folder in (paths.user_data_dir(), paths.user_config_dir(), paths.user_log_dir()):
        assert folder.is_dir() and home in folder.parents


def test_data_paths_resolve_from_a_bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game import paths

    # PyInstaller's bootloader sets sys._MEIPASS; the spec copies the data under the same names.
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.data_root() == tmp_path
    assert paths.asset("fonts", "a.ttf") == tmp_path / "assets" / "fonts" / "a.ttf"
    assert paths.rules_doc("r.md") == tmp_path / "docs" / "rules" / "r.md"

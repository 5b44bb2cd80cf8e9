"""Build the double-click executable for this system.

    pip install .[build]            (PyInstaller; quote it in zsh: '.[build]')
    python build/build.py           -> dist/mother-lode, dist/mother-lode.exe or "dist/Mother Lode.app"

Steps: draw the icons (build/icon.py -> build/generated/icon.png/.ico/.icns), write the Windows
version resource from game.__version__ (build/generated/version_info.txt), then run PyInstaller
on build/mother-lode.spec with its work files in .pyinstaller-work/ (never in build/) and its
output in dist/. On Linux it also puts mother-lode.desktop and mother-lode.png next to the
executable, for players who want a menu entry.

Options:
    --clean                 drop PyInstaller's cache first (slower, for a from-scratch build)
    --compress-binaries     zlib-compress the shared libraries inside the one-file program:
                            a file less than half the size, but every start inflates them again
                            (slower; by default they are stored as they are)
    --one-folder            build dist/mother-lode-folder/ (the program and its libraries side by
                            side) instead of one file: the fastest start, as nothing is unpacked
                            (see the README's build section for the trade-off); macOS always
                            builds its app bundle, which is such a folder
    --verbose               show PyInstaller's INFO log
    --measure-startup N     after building (or with --no-build), start the executable, the game
                            from source and a bare pygame window N times each (`--first-frame`)
                            and report the median times to the first title frame and to exit,
                            with SDL's dummy video driver and in a real window (an X11 window on
                            Xvfb through `xvfb-run -a` on Linux, the desktop elsewhere)
    --video dummy|real|both which of the two to measure (default both)
    --exe PATH              measure this executable instead of the one in dist/; repeat it to
                            compare builds in the same runs (e.g. one file and one folder)
    --no-build              skip the build (use with --measure-startup)
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SPEC = HERE / "mother-lode.spec"
GENERATED = HERE / "generated"
WORK = ROOT / ".pyinstaller-work"
DIST = ROOT / "dist"

APP_NAME = "Mother Lode"
EXE_NAME = "mother-lode"
ONE_FOLDER_NAME = f"{EXE_NAME}-folder"  # `--one-folder`: dist/mother-lode-folder/mother-lode
SIZE_GOAL_MB = 40.0
START_GOAL_S = 1.0


class BuildError(Exception):
    """A problem the person building can fix; printed without a traceback."""


# --------------------------------------------------------------------------- outputs
def output_path(platform: str = sys.platform, one_folder: bool = False) -> Path:
    """Where PyInstaller leaves the executable, its folder (`one_folder`) or the app bundle."""
    if platform == "darwin":
        return DIST / f"{APP_NAME}.app"  # always a folder: the bundle
    if one_folder:
        return DIST / ONE_FOLDER_NAME
    if platform.startswith("win"):
        return DIST / f"{EXE_NAME}.exe"
    return DIST / EXE_NAME


def executable_path(platform: str = sys.platform, one_folder: bool = False) -> Path:
    """The file to run: the output itself, or the program inside the folder or macOS bundle."""
    out = output_path(platform, one_folder)
    if platform == "darwin":
        return out / "Contents" / "MacOS" / EXE_NAME
    if one_folder:
        return out / (f"{EXE_NAME}.exe" if platform.startswith("win") else EXE_NAME)
    return out


def size_bytes(path: Path) -> int:
    """A file's size, or the total of the files in a folder (an app bundle)."""
    if path.is_dir():
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())
    return path.stat().st_size


# --------------------------------------------------------------------------- generated inputs
def game_version() -> str:
    """game.__version__, read from the source so the build does not import the game."""
    text = (ROOT / "game" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r"""^__version__\s*=\s*["']([^"']+)["']""", text, re.MULTILINE)
    if not match:
        raise BuildError("no __version__ = '...' line in game/__init__.py")
    return match.group(1)


def version_tuple(version: str) -> tuple[int, int, int, int]:
    """'1.2.3rc1' -> (1, 2, 3, 0): Windows wants four 16-bit numbers."""
    numbers = [int(n) for n in re.findall(r"\d+", version.split("+")[0])[:3]]
    numbers += [0] * (4 - len(numbers))
    return (numbers[0], numbers[1], numbers[2], numbers[3])


def version_info_text(version: str) -> str:
    """A PyInstaller version-resource file (a Python expression PyInstaller evaluates)."""
    vt = version_tuple(version)
    strings = {
        "CompanyName": APP_NAME,
        "FileDescription": APP_NAME,
        "FileVersion": version,
        "InternalName": EXE_NAME,
        "LegalCopyright": "MIT licence",
        "OriginalFilename": f"{EXE_NAME}.exe",
        "ProductName": APP_NAME,
        "ProductVersion": version,
    }
    table = ",\n".join(f"          StringStruct({k!r}, {v!r})" for k, v in strings.items())
    # 0x040904B0 = US English, Unicode; OS 0x40004 = Windows NT; fileType 1 = application.
    return f"""# Generated by build/build.py from game.__version__; do not edit.
VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={vt},
    prodvers={vt},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
  ),
  kids=[
    StringFileInfo([
      StringTable(
        '040904B0',
        [
{table}
        ])
    ]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def _load_icon_module() -> ModuleType:
    # Loaded by path: "icon" is too generic a name to put build/ on sys.path for.
    spec = importlib.util.spec_from_file_location("mother_lode_build_icon", HERE / "icon.py")
    if spec is None or spec.loader is None:
        raise BuildError("cannot load build/icon.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def generate_inputs() -> dict[str, Path]:
    """Write the icons and the version file into build/generated/; return their paths."""
    if importlib.util.find_spec("pygame") is None:
        raise BuildError("pygame-ce is not installed: pip install .[build]")
    written = dict(_load_icon_module().write_icons(GENERATED))
    version_file = GENERATED / "version_info.txt"
    version_file.write_text(version_info_text(game_version()), encoding="utf-8")
    written["version"] = version_file
    return written


# --------------------------------------------------------------------------- build
def check_pyinstaller() -> None:
    if importlib.util.find_spec("PyInstaller") is None:
        raise BuildError(
            "PyInstaller is not installed for this Python "
            f"({sys.executable}).\nInstall the build tools with:  pip install .[build]"
        )


def run_pyinstaller(*, clean: bool, verbose: bool, compress_binaries: bool = False,
                    one_folder: bool = False) -> None:
    command = [
        sys.executable, "-m", "PyInstaller",
        "--noconfirm",
        "--workpath", str(WORK),
        "--distpath", str(DIST),
        "--log-level", "INFO" if verbose else "WARN",
    ]
    if clean:
        command.append("--clean")
    command.append(str(SPEC))
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    # Read by the spec:
    env["MOTHER_LODE_STORE_BINARIES"] = "0" if compress_binaries else "1"
    env["MOTHER_LODE_ONE_FOLDER"] = "1" if one_folder else "0"
    result = subprocess.run(command, cwd=ROOT, env=env)
    if result.returncode != 0:
        raise BuildError(f"PyInstaller failed (exit {result.returncode}); rerun with --verbose")


def add_linux_extras(icon_png: Path) -> list[Path]:
    """The menu entry and its icon, next to the Linux executable."""
    desktop = DIST / f"{EXE_NAME}.desktop"
    icon = DIST / f"{EXE_NAME}.png"
    shutil.copyfile(HERE / f"{EXE_NAME}.desktop", desktop)
    shutil.copyfile(icon_png, icon)
    return [desktop, icon]


def build(*, clean: bool = False, verbose: bool = False, compress_binaries: bool = False,
          one_folder: bool = False) -> Path:
    """Generate the inputs, run PyInstaller and return the output path."""
    check_pyinstaller()
    generated = generate_inputs()
    started = time.perf_counter()
    run_pyinstaller(clean=clean, verbose=verbose, compress_binaries=compress_binaries,
                    one_folder=one_folder)
    out = output_path(one_folder=one_folder)
    if not out.exists():
        raise BuildError(f"PyInstaller finished but {out} is missing")
    mb = size_bytes(out) / 1e6
    print(f"built {out} ({mb:.1f} MB) in {time.perf_counter() - started:.0f} s")
    if mb > SIZE_GOAL_MB:
        print(f"warning: over the {SIZE_GOAL_MB:.0f} MB goal", file=sys.stderr)
    if sys.platform.startswith("linux"):
        for extra in add_linux_extras(generated["png"]):
            print(f"      {extra}")
    return out


# --------------------------------------------------------------------------- start time
def _startup_module() -> ModuleType:
    """game/tools/startup.py, the measurement `python -m game bench` uses too."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import game.tools.startup as startup

    return startup


def measure_startup(runs: int, video: str = "both", exes: list[Path] | None = None) -> list[dict]:
    """Start the executable (or each of `exes`), the game from source and a bare pygame window
    `runs` times each, with the dummy video driver and/or in a real window (`video`: dummy, real
    or both); print the medians to the first title frame and to exit, and whether each frozen
    program meets the goal. Returns the reports (see game/tools/startup.py)."""
    exes = exes or [executable_path()]
    for exe in exes:
        if not exe.exists():
            raise BuildError(f"{exe} does not exist; build first")
    startup = _startup_module()
    progs = startup.programs(*(exe.resolve() for exe in exes))
    reports = []
    try:
        for which in (["dummy", "real"] if video == "both" else [video]):
            reports.append(startup.measure_video(which, progs, runs))
    except startup.StartupError as exc:
        raise BuildError(str(exc)) from None
    print(startup.format_report(reports))
    for report in reports:
        for name in startup.frozen_programs(report):
            ms = startup.first_frame_ms(report, name)
            verdict = "within" if ms <= START_GOAL_S * 1000 else "OVER"
            print(f"{name}, {report['video']}: first frame {ms / 1000:.2f} s, {verdict} the "
                  f"{START_GOAL_S:.1f} s goal")
    return reports


# --------------------------------------------------------------------------- command line
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python build/build.py", description="Build the Mother Lode executable for this system."
    )
    parser.add_argument("--clean", action="store_true", help="drop PyInstaller's cache first")
    parser.add_argument("--verbose", action="store_true", help="show PyInstaller's INFO log")
    parser.add_argument("--compress-binaries", action="store_true",
                        help="one file: compress the shared libraries (a smaller file that "
                             "starts slower)")
    parser.add_argument("--one-folder", action="store_true",
                        help=f"a folder (dist/{ONE_FOLDER_NAME}/) instead of one file: nothing to "
                             "unpack on each start (macOS always builds its app bundle)")
    parser.add_argument("--measure-startup", type=int, metavar="N", default=0,
                        help="start the built executable, the game from source and a bare pygame "
                             "window N times each and report the times to the first frame")
    parser.add_argument("--video", choices=("dummy", "real", "both"), default="both",
                        help="with --measure-startup: SDL's dummy driver, a real window "
                             "(Xvfb on Linux), or both (the default)")
    parser.add_argument("--exe", type=Path, action="append", default=[],
                        help="with --measure-startup: time this executable instead of the build's "
                             "(repeat it to compare builds)")
    parser.add_argument("--no-build", action="store_true", help="skip the build step")
    args = parser.parse_args(argv)
    try:
        if not args.no_build:
            build(clean=args.clean, verbose=args.verbose,
                  compress_binaries=args.compress_binaries, one_folder=args.one_folder)
        if args.measure_startup:
            exes = args.exe or [executable_path(one_folder=args.one_folder)]
            measure_startup(args.measure_startup, args.video, exes)
    except BuildError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

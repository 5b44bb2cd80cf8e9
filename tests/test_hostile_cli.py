"""Hostile command lines and crash reports (issue 8, classes 9 and 10).

Every bad number or path given to a tool (simulate, demo, replay, verify, bench, startup) ends in
one line on stderr and exit code 2, before any work: no traceback, no crash log. `simulate`
streams its games, so memory does not grow with `--games`, and `--jobs` is lowered to the CPUs.
A crash report is written even when the log folder cannot be, in the temp folder, and the message
says where; the report leaves out the home folder and the names of the seats.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
import tracemalloc
import weakref
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game import __main__ as entry  # noqa: E402
from game import crash  # noqa: E402
from game.tools import cli, simulate  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GAME = "ya_blew_it"


@pytest.fixture(autouse=True)
def _keep_hooks(monkeypatch: pytest.MonkeyPatch) -> None:
    """`main` installs the crash handler; put Python's (and pytest's) hooks back afterwards."""
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    monkeypatch.setenv(crash.NO_DIALOG_ENV, "1")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "home"
    monkeypatch.setenv("MOTHER_LODE_HOME", str(path))
    return path


@pytest.fixture
def blocker(tmp_path: Path) -> Path:
    """A regular file: nothing can be made under it, not even by root."""
    path = tmp_path / "file.txt"
    path.write_text("in the way", encoding="utf-8")
    return path


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str], home: Path) -> str:
    """Run `python -m game ARGV` in this process; check it refused cleanly; return the line."""
    assert entry.main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(argv[0] + ": ")
    assert not home.exists() or not list(home.rglob("crash-*.log"))
    return lines[0]


# --------------------------------------------------------------------------- numbers
@pytest.mark.parametrize("argv, words", [
    (["simulate", GAME, "--seats", "easy,easy", "--games", "1000000000"], "--games must be from 1 to 10,000,000"),
    (["simulate", GAME, "--seats", "easy,easy", "--games", "0"], "--games must be from 1"),
    (["simulate", GAME, "--seats", "easy,easy", "--games", "-12"], "--games must be from 1"),
    (["simulate", GAME, "--seats", "easy,easy", "--games", "ten"], "--games takes a whole number"),
    (["simulate", GAME, "--seats", "easy,easy", "--games", "1e9"], "--games takes a whole number"),
    (["simulate", GAME, "--seats", "easy,easy", "--games", "2.5"], "--games takes a whole number"),
    (["simulate", GAME, "--seats", "easy,easy", "--games", "9" * 5000], "--games takes a whole number"),
    (["simulate", GAME, "--seats", "easy,easy", "--games", ""], "--games takes a whole number"),
    (["simulate", GAME, "--seats", "easy,easy", "--jobs", "0"], "--jobs must be 1 or more"),
    (["simulate", GAME, "--seats", "easy,easy", "--jobs", "-300"], "--jobs must be 1 or more"),
    (["simulate", GAME, "--seats", "easy,easy", "--jobs", "many"], "--jobs takes a whole number"),
    (["simulate", GAME, "--seats", "easy,easy", "--seed", "-1"], "--seed must be from 0"),
    (["simulate", GAME, "--seats", "easy,easy", "--seed", str(2**64)], "--seed must be from 0"),
    (["simulate", GAME, "--seats", ",".join(["easy"] * 100_000)], "2 to 6 players"),
    (["simulate", GAME, "--seats", "x" * 100_000 + ",easy"], "unknown bot level"),
    (["demo", GAME, "--players", "0", "--shots", "{tmp}/s"], "--players must be from 1 to 99"),
    (["demo", GAME, "--players", "1000", "--shots", "{tmp}/s"], "--players must be from 1 to 99"),
    (["demo", GAME, "--players", "9", "--shots", "{tmp}/s"], "2 to 6 players"),
    (["demo", GAME, "--players", "four", "--shots", "{tmp}/s"], "--players takes a whole number"),
    (["demo", GAME, "--max-frames", "0", "--shots", "{tmp}/s"], "--max-frames must be from 1"),
    (["demo", GAME, "--max-frames", "10" + "0" * 30, "--shots", "{tmp}/s"], "--max-frames must be from 1"),
    (["demo", GAME, "--every", "-1", "--shots", "{tmp}/s"], "--every must be from 0"),
    (["demo", GAME, "--seed", "-5", "--shots", "{tmp}/s"], "--seed must be from 0"),
    (["demo", "no_such_game", "--shots", "{tmp}/s"], "unknown game"),
    (["replay", "{tmp}/r.json", "--shots", "{tmp}/s", "--every", "0"], "--every must be from 1"),
    (["replay", "{tmp}/r.json", "--shots", "{tmp}/s", "--every", "-3"], "--every must be from 1"),
    (["replay", "{tmp}/r.json", "--shots", "{tmp}/s", "--every", "99999999"], "--every must be from 1"),
    (["replay", "{tmp}/r.json", "--shots", "{tmp}/s", "--every", "x"], "--every takes a whole number"),
    (["bench", "--game", "no_such_game"], "invalid choice"),
])
def test_bad_numbers_are_one_line_and_exit_2(argv: list[str], words: str, tmp_path: Path,
                                              home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "r.json").write_text("{}", encoding="utf-8")
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    line = _refused(argv, capsys, home)
    assert words in line
    assert len(line) < 300  # a 100,000-character argument is not echoed back whole


@pytest.mark.parametrize("runs, words", [("0", "must be from 1 to 1,000"), ("-2", "must be from 1"),
                                         ("1000001", "must be from 1 to 1,000"),
                                         ("some", "takes a whole number")])
def test_startup_runs_are_checked(runs: str, words: str, capsys: pytest.CaptureFixture[str]) -> None:
    from game.tools import startup

    assert startup.main(["--runs", runs]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    assert err.startswith("startup: --runs ") and words in err
    assert len(err.strip().splitlines()) == 1


def test_startup_exe_must_be_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from game.tools import startup

    for exe in (tmp_path / "missing", tmp_path):
        assert startup.main(["--exe", str(exe), "--runs", "1"]) == 2
        err = capsys.readouterr().err
        assert "Traceback" not in err and str(exe) in err
        assert len(err.strip().splitlines()) == 1


def test_help_still_works(capsys: pytest.CaptureFixture[str]) -> None:
    for tool in ("simulate", "demo", "replay", "verify", "bench"):
        assert entry.main([tool, "--help"]) == 0
        assert "usage:" in capsys.readouterr().out


# --------------------------------------------------------------------------- paths
def _shot_places(tmp_path: Path, blocker: Path) -> list[str]:
    return [
        str(blocker / "shots"),              # a folder under a regular file
        str(blocker / "deeper" / "shots"),   # several levels under it
        str(blocker),                        # the file itself where the folder should be
        "",                                  # no name at all
        str(tmp_path / "bad\x00name"),       # a name no file system takes
    ]


def test_demo_shots_at_an_unwritable_place(tmp_path: Path, blocker: Path, home: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    for place in _shot_places(tmp_path, blocker):
        line = _refused(["demo", GAME, "--players", "2", "--shots", place], capsys, home)
        assert line.startswith("demo: --shots")
    assert blocker.read_text(encoding="utf-8") == "in the way"  # nothing lost


def test_replay_shots_at_an_unwritable_place(tmp_path: Path, blocker: Path, home: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    replay = tmp_path / "game.json"
    replay.write_text("{}", encoding="utf-8")
    for place in _shot_places(tmp_path, blocker):
        line = _refused(["replay", str(replay), "--shots", place], capsys, home)
        assert line.startswith("replay: --shots")


@pytest.mark.parametrize("tool", ["verify", "replay"])
def test_input_files_must_be_regular_files(tool: str, tmp_path: Path, home: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)  # reading it would wait forever for a writer
    folder = tmp_path / "a folder.json"
    folder.mkdir()
    cases = {str(tmp_path / "missing.json"): "no such file", str(fifo): "not a regular file",
             str(folder): "not a regular file", str(tmp_path / "x\x1b[2J\rOK: fine"): "no such file"}
    extra = ["--shots", str(tmp_path / "s")] if tool == "replay" else []
    for path, words in cases.items():
        line = _refused([tool, path, *extra], capsys, home)
        assert words in line
        assert "\x1b" not in line and "\r" not in line  # escape codes are printed escaped


def test_demo_in_a_real_process_refuses_cleanly(tmp_path: Path, blocker: Path) -> None:
    """The whole program, as a player would run it: exit 2, one line, no crash log anywhere."""
    home = tmp_path / "home"
    env = {**os.environ, "MOTHER_LODE_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           "MOTHER_LODE_NO_DIALOG": "1", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "game", "demo", GAME, "--shots", str(blocker / "shots")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        f"demo: --shots {blocker / 'shots'}: the folder cannot be made (Not a directory)"]
    assert not home.exists() or not list(home.rglob("crash-*.log"))


def test_an_error_during_the_work_is_one_line(monkeypatch: pytest.MonkeyPatch, home: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """What the machine refuses mid-run (a full disk) is one line and exit 1, not a crash."""
    def full_disk(argv: list[str]) -> int:
        raise OSError(28, "No space left on device", "/somewhere/01.png")

    monkeypatch.setattr("game.tools.demo.main", full_disk)
    assert entry.main(["demo", GAME, "--shots", "x"]) == 1
    err = capsys.readouterr().err
    assert err.strip() == "demo: No space left on device: /somewhere/01.png"
    assert not home.exists() or not list(home.rglob("crash-*.log"))


# --------------------------------------------------------------------------- simulate at scale
def test_jobs_is_lowered_to_the_cpus(monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    used: list[int] = []
    real = simulate.simulate

    def spy(game: str, levels: list[str], games: int, seed: int, jobs: int = 1, **kw: object) -> dict:
        used.append(jobs)
        return real(game, levels, games, seed, 1)

    monkeypatch.setattr(cli, "usable_cpus", lambda: 3)
    monkeypatch.setattr(simulate, "simulate", spy)
    for asked, want in (("300", 3), ("4", 3), ("3", 3), ("2", 2), (str(10**30), 3)):
        assert entry.main(["simulate", GAME, "--seats", "easy,easy", "--games", "2", "--jobs", asked]) == 0
        err = capsys.readouterr().err
        assert used[-1] == want
        assert ("using 3" in err) == (int(asked) > 3)


def test_the_executable_simulates_in_several_processes(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    # The executable carries multiprocessing (for the hard bot's search pool): --jobs is capped
    # by the CPUs only, as from source.
    monkeypatch.setattr(cli.sys, "frozen", True, raising=False)
    monkeypatch.setattr(cli, "usable_cpus", lambda: 8)
    assert cli.cap_jobs("simulate", 4) == 4
    assert capsys.readouterr().err == ""
    assert cli.cap_jobs("simulate", 9) == 8
    assert "using 8" in capsys.readouterr().err


def test_usable_cpus_is_a_sane_count() -> None:
    assert 1 <= cli.usable_cpus() <= (os.cpu_count() or 1)


def _tiny_game(spec: simulate.GameSpec) -> simulate.GameResult:
    """A stand-in for a real game: the same shape of result, at almost no cost."""
    return simulate.GameResult(spec.index, (1.0, 0.0), (spec.seed % 7, 3), 5, {"rounds": 2.0})


def test_simulate_holds_nothing_per_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Results are folded in and dropped: at most a couple alive at once, and the memory peak of
    60,000 games stays far below what one stored spec or result per game would take."""
    alive = 0
    most = 0

    def counted(spec: simulate.GameSpec) -> simulate.GameResult:
        nonlocal alive, most
        result = _tiny_game(spec)
        alive += 1
        most = max(most, alive)

        def gone() -> None:
            nonlocal alive
            alive -= 1

        weakref.finalize(result, gone)
        return result

    monkeypatch.setattr(simulate, "play_game", counted)
    games = 60_000
    tracemalloc.start()
    try:
        report = simulate.simulate(GAME, ["easy", "easy"], games, seed=5, progress=open(os.devnull, "w"))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert report["games"] == games
    assert report["seats"][0]["wins"] == games  # every result was counted
    assert report["table"]["rounds"] == 2.0
    assert most <= 2
    # One GameSpec alone is over 100 bytes; 60,000 of them would be several megabytes.
    assert peak < 1_000_000, peak


def test_the_worker_pool_gets_games_a_batch_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    pulled = 0

    def specs(count: int):
        nonlocal pulled
        for spec in simulate.iter_specs(GAME, ["easy", "easy"], count, 3):
            pulled += 1
            yield spec

    monkeypatch.setattr(simulate, "play_game", _tiny_game)
    jobs = 2
    count = jobs * simulate.BATCH_PER_JOB * 5 + 7
    ahead = 0
    seen = []
    for done, result in enumerate(simulate._play_all(specs(count), jobs, count), start=1):
        ahead = max(ahead, pulled - done)
        seen.append(result.index)
    assert seen == list(range(count))  # in game order, none lost
    assert ahead < jobs * simulate.BATCH_PER_JOB


def test_the_seeds_stream() -> None:
    stream = simulate.iter_specs(GAME, ["easy", "easy"], simulate.MAX_GAMES, 1)
    assert not isinstance(stream, (list, tuple))
    first = [next(stream) for _ in range(3)]
    assert [spec.seed for spec in first] == simulate.game_seeds(1, GAME, 3)
    with pytest.raises(ValueError):
        simulate.simulate(GAME, ["easy", "easy"], simulate.MAX_GAMES + 1, 1)


def test_the_largest_count_is_accepted_by_the_command_line() -> None:
    parser = simulate._parser()
    args = parser.parse_args([GAME, "--seats", "easy,easy", "--games", f"{simulate.MAX_GAMES}"])
    assert args.games == simulate.MAX_GAMES
    args = parser.parse_args([GAME, "--seats", "easy,easy", "--games", "10_000_000"])
    assert args.games == simulate.MAX_GAMES


# --------------------------------------------------------------------------- crash reports
def _crash_with_a_match(home_text: str) -> None:
    from game.core.match import Match, Seat

    match = Match(GAME, [Seat("Quillon Hartwell"), Seat("Mabel Stonebridge", "bot", "easy")], 4)
    raise RuntimeError(f"{match.seats[0].name} could not open {home_text}/Games/save.json")


def _unwritable_homes(tmp_path: Path) -> list[Path]:
    blocker = tmp_path / "file.txt"
    blocker.write_text("x", encoding="utf-8")
    logs_taken = tmp_path / "logs-taken"
    logs_taken.mkdir()
    (logs_taken / "logs").write_text("a file where the log folder goes", encoding="utf-8")
    return [blocker / "home", blocker, blocker / "a" / "b", logs_taken]


def test_a_crash_report_falls_back_to_the_temp_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    for place in _unwritable_homes(tmp_path):
        monkeypatch.setenv("MOTHER_LODE_HOME", str(place))
        try:
            raise ValueError("the mine caved in")
        except ValueError as exc:
            path = crash.report_crash(type(exc), exc, exc.__traceback__, show=False)
        assert path is not None and path.parent == temp / crash.FALLBACK_FOLDER
        assert "the mine caved in" in path.read_text(encoding="utf-8")
        err = capsys.readouterr().err
        last = err.strip().splitlines()[-1]
        assert "the log folder could not be written" in last
        assert "temp folder" in last and str(path) in last


def test_the_dialog_says_where_the_report_went(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    monkeypatch.setenv("MOTHER_LODE_HOME", str(_unwritable_homes(tmp_path)[0]))
    shown: list[str] = []
    monkeypatch.setattr(pygame.display, "message_box", lambda title, text, **kw: shown.append(text))
    monkeypatch.setattr(pygame.display, "get_init", lambda: False)
    path = crash.report_crash(ValueError, ValueError("x"), None, show=True)
    assert path is not None and len(shown) == 1
    assert str(path) in shown[0] and "temp folder" in " ".join(shown[0].split())
    assert "read it before you share it" in " ".join(shown[0].split())
    assert all(len(line) <= 72 or line == str(path) for line in shown[0].splitlines())


def test_no_writable_folder_at_all_is_still_not_a_second_crash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file.txt"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setattr(tempfile, "tempdir", str(blocker / "tmp"))
    monkeypatch.setenv("MOTHER_LODE_HOME", str(blocker / "home"))
    assert crash.report_crash(ValueError, ValueError("x"), None, show=False) is None
    err = capsys.readouterr().err
    assert "could not write a crash log" in err and "ValueError: x" in err
    assert crash._message(None, "no folder").startswith(crash.APP_NAME)


def test_the_report_leaves_out_home_and_seat_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Through the real hook for an uncaught exception, with a match in the crashing frame."""
    user_home = tmp_path / "home-of-adelaide"
    user_home.mkdir()
    monkeypatch.setenv("HOME", str(user_home))
    monkeypatch.setenv("MOTHER_LODE_HOME", str(user_home / ".motherlode"))
    monkeypatch.setattr(sys, "argv", ["mother-lode", str(user_home / "maps" / "mine.tmx")])
    crash.install_crash_handler(show=False)
    try:
        _crash_with_a_match(str(user_home))
    except RuntimeError:
        sys.excepthook(*sys.exc_info())
    logs = list((user_home / ".motherlode" / "logs").glob("crash-*.log"))
    assert len(logs) == 1
    text = logs[0].read_text(encoding="utf-8")
    assert "RuntimeError" in text and "Games/save.json" in text  # the error itself is kept
    for private in ("Quillon Hartwell", "Mabel Stonebridge", "home-of-adelaide", str(user_home)):
        assert private not in text
    assert "<player> could not open ~/Games/save.json" in text
    assert "~/maps/mine.tmx" in text  # argv too
    capsys.readouterr()


def test_the_report_leaves_out_the_names_the_players_files_keep(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """A crash outside any game (the Statistics screen, say) quoted a player's name: the names
    of the statistics and of the last setup are left out too, read as the files are, without
    setting a damaged one aside."""
    import json

    home = tmp_path / "ml"
    monkeypatch.setenv("MOTHER_LODE_HOME", str(home))
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text(json.dumps({"names": ["Dr. Hidden Name"]}), "utf-8")
    (home / "data").mkdir()
    stats = {"format": 1, "recorded": [], "profiles": [{"name": "Wilhelmina Quarry", "games": "damaged"}]}
    (home / "data" / "stats.json").write_text(json.dumps(stats), "utf-8")
    crash.install_crash_handler(show=False)
    try:
        raise KeyError("no record for Wilhelmina Quarry, nor for Dr. Hidden Name")
    except KeyError:
        sys.excepthook(*sys.exc_info())
    text = next((home / "logs").glob("crash-*.log")).read_text(encoding="utf-8")
    assert "Wilhelmina" not in text and "Hidden Name" not in text
    assert "no record for <player>, nor for <player>" in text
    assert (home / "data" / "stats.json").exists() and not list((home / "data").glob("stats.unreadable*"))
    capsys.readouterr()


def test_the_crash_dialog_is_in_lines_short_enough_for_any_screen() -> None:
    """The native box sizes itself to its longest line: one line of the whole text ran past the
    screen's edges. A path stays whole on a line of its own."""
    path = Path("/home/Maria Jose Garcia/.local/state/MotherLode/log/crash-20261127-193000.log")
    text = crash.wrapped(crash._message(path), [str(path)])
    assert str(path) in text.splitlines()   # whole, spaces and all
    assert all(len(line) <= 72 for line in text.splitlines() if line != str(path))
    assert "read it before you share it" in " ".join(text.split())


def test_scrub_leaves_words_that_merely_contain_a_name() -> None:
    assert crash.scrub("Bo met Bob at Bo's", ["Bo"]) == "<player> met Bob at <player>'s"


def test_the_executable_names_itself_in_its_help(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """A player of the executable has no `python -m game`: its help and usage say `mother-lode`;
    run from the source they say `python -m game`."""
    from game.__main__ import main
    from game.core import tiled
    from game.tools import simulate

    for frozen, command in ((False, "python -m game"), (True, "mother-lode")):
        if frozen:
            monkeypatch.setattr(sys, "frozen", True, raising=False)
        assert main(["--help"]) == 0
        said = capsys.readouterr().out
        assert f"{command} check-map FILE" in said and f"{command} simulate GAME" in said
        assert tiled.main(["--help"]) == 0
        assert capsys.readouterr().out.startswith(f"usage: {command} check-map FILE")
        assert simulate.main(["--help"]) == 0
        assert f"usage: {command} simulate" in capsys.readouterr().out
        if frozen:
            assert "python -m game" not in said
            # Nor in a tool's own help (its description names the command), nor after a
            # command the executable does not know.
            from game.tools import bench, demo, replay, verify

            for tool in (bench, demo, replay, verify):
                assert tool.main(["--help"]) == 0
                assert "python -m game" not in capsys.readouterr().out, tool.__name__
            assert main(["bogus"]) == 2
            assert "python -m game" not in capsys.readouterr().err


@pytest.mark.parametrize("platform, windowed", [("win32", True), ("darwin", True), ("linux", False)])
def test_demo_draws_in_a_window_wherever_there_is_one(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                      platform: str, windowed: bool) -> None:
    """Without DISPLAY or WAYLAND_DISPLAY a Linux machine has no screen, so `demo` draws headless;
    Windows and macOS never set them and always have one."""
    from game.tools import demo

    monkeypatch.setattr(demo.sys, "platform", platform)
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("MOTHER_LODE_HOME", str(tmp_path))
    demo._prepare_environment()
    assert (os.environ.get("SDL_VIDEODRIVER") != "dummy") == windowed


def test_a_tools_output_is_its_own(tmp_path: Path) -> None:
    """pygame greets the terminal on import ("pygame-ce 2.5.8 (SDL ...)"); the game hides that,
    and a tool (demo here) did not: its output starts with its own words."""
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    env.update(MOTHER_LODE_HOME=str(tmp_path / "home"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    run = subprocess.run([sys.executable, "-m", "game", "demo", "ya_blew_it", "--players", "2", "--seed", "1",
                          "--speed", "instant", "--max-frames", "1", "--shots", str(tmp_path / "shots")],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert "did not finish" in run.stderr          # (one frame: the demo stops at once, and says so)
    assert "pygame-ce" not in run.stdout + run.stderr

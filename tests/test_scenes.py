"""The shared screens, driven headless: each enters, updates and draws; menus do what they say;
saves and settings land in the (temporary) user folders."""

from __future__ import annotations

import os

# Headless drivers, before pygame is imported anywhere (conftest.py leaves them to each test file).
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json  # noqa: E402
import logging  # noqa: E402
import random  # noqa: E402
from pathlib import Path  # noqa: E402
from types import SimpleNamespace  # noqa: E402
from typing import Any, Callable, Iterator  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from helpers import click as click_at  # noqa: E402
from helpers import finished_match, played, spy_text  # noqa: E402
from helpers import key_event as key  # noqa: E402

from game import saves  # noqa: E402
from game.core.contract import Outcome, PlayerScore  # noqa: E402
from game.core.match import BOT, HUMAN, Match, Seat  # noqa: E402
from game.games import GAMES  # noqa: E402
from game.settings import load_settings, settings_path  # noqa: E402
from game.ui import tables  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.scene import Scene  # noqa: E402
from game.ui.scenes.dialogs import MessageBox, PassScreen, PauseMenu  # noqa: E402
from game.ui.scenes.results import ResultsScene  # noqa: E402
from game.ui.scenes.rulebook import RulesScene, parse_inline, parse_markdown  # noqa: E402
from game.ui.scenes.settings_scene import SettingsScene  # noqa: E402
from game.ui.scenes.setup import SetupScene  # noqa: E402
from game.ui.scenes.title import TitleScene  # noqa: E402

INFO = GAMES["ya_blew_it"]

SAMPLE_RULES = """# Ya Blew It!

A push-your-luck game for **2 to 6 players**. Use `roll` to *steal* a [Claim](#claim).

## Setting up

- Every player takes a **Cursed Gem**
  that scores against them
  - nested note
- A Faulty Detonator

1. Shuffle
2. Deal

| Gems | Points | Note |
|:---|:---:|---:|
| 1 | 1 | a single gem |
| 2 | 3 | |

## Playing

> A quoted decision.

```
roll
```

---

### Scoring

""" + "\n\n".join(f"Paragraph {i} with enough words to wrap across the page at least once or twice. " * 3
                  for i in range(12))


# ============================================================================ fixtures and helpers
# `home` (user folders in a temporary folder) and `make_app` are in conftest.py.
@pytest.fixture
def app(make_app: Callable[..., App]) -> App:
    """An App with the settings of the (temporary) user folder, recording the sounds it plays."""
    a = make_app(None)
    a.played = []  # type: ignore[attr-defined]
    real_play = a.play

    def record(name: str) -> None:
        a.played.append(name)  # type: ignore[attr-defined]
        real_play(name)

    a.play = record  # type: ignore[method-assign]
    return a


class DummyTable(Scene):
    """Stands in for a game table, so these tests do not depend on one."""

    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match = match
        self.draws = 0

    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1
        surface.fill((1, 2, 3))


@pytest.fixture
def dummy_tables(monkeypatch: pytest.MonkeyPatch) -> list[DummyTable]:
    made: list[DummyTable] = []

    def table_for(match: Match) -> Scene:
        t = DummyTable(match)
        made.append(t)
        return t

    monkeypatch.setattr(tables, "table_for", table_for)
    return made


def frames(app: App, n: int = 5, dt: float = 1 / 60) -> None:
    for _ in range(n):
        if app.top is not None:
            app.top.update(dt)
        app.draw()


def click(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def new_match(seats: int = 3, seed: int = 11, moves: int = 4) -> Match:
    return played(INFO.name, seed, moves, [Seat("Ana")] + [Seat(f"Bot {i}", BOT, "easy") for i in range(1, seats)])


def varied(surface: pygame.Surface) -> int:
    """How many distinct colours a coarse grid of the picture has: a blank screen has one."""
    return len({tuple(surface.get_at((x, y))) for x in range(0, 1280, 40) for y in range(0, 720, 40)})


def title_labels(scene: TitleScene) -> list[str]:
    return [b.label for b in scene.buttons]


# ============================================================================ every scene draws
SCENES: dict[str, Callable[[], Scene]] = {
    "title": TitleScene,
    "setup": lambda: SetupScene(INFO),
    "settings": SettingsScene,
    "rules": lambda: RulesScene(INFO),
    "results": lambda: ResultsScene(finished_match(5)),
    "message": lambda: MessageBox("Hello", "Some text " * 30, [("Yes", pygame.K_y, None),
                                                              ("No", pygame.K_ESCAPE, None)]),
    "pause": lambda: PauseMenu(new_match()),
    "pass": lambda: PassScreen("Ana", lambda: None),
}


@pytest.mark.parametrize("name", ["title", "settings", "pause"])
def test_up_and_down_move_the_focus_through_a_menu(app: App, name: str) -> None:
    """The title, Settings and the pause menu are lists one above another: Down and Up move the
    keyboard's focus as Tab and Shift+Tab do (first Down: the first; first Up: the last)."""
    app.reset(TitleScene())
    scene = SCENES[name]()
    if name != "title":
        app.push(scene)
    else:
        scene = app.top
    frames(app, 2)
    ring = scene.ring  # type: ignore[attr-defined]
    assert len(ring.widgets) >= 2 and ring.index == -1
    app.handle(key(pygame.K_DOWN))
    assert ring.index == 0 and ring.widgets[0].focused
    first = ring.widgets[0].rect
    app.handle(key(pygame.K_DOWN))
    below = ring.widgets[ring.index].rect
    # The next one down: in the next row, the nearest across it (in the title, under the first).
    assert ring.widgets[ring.index].focused and not ring.widgets[0].focused
    assert below.centery > first.centery + first.h // 2
    assert abs(below.centerx - first.centerx) == min(
        abs(w.rect.centerx - first.centerx) for w in ring.widgets if abs(w.rect.centery - below.centery) < 4)
    app.handle(key(pygame.K_UP))
    assert ring.index == 0
    app.handle(key(pygame.K_UP))
    assert ring.index == len(ring.widgets) - 1   # nothing above: round to the last
    app.handle(key(pygame.K_TAB))
    assert ring.index == 0


@pytest.mark.parametrize("name", list(SCENES))
def test_every_scene_enters_updates_and_draws(app: App, name: str) -> None:
    app.reset(TitleScene())
    scene = SCENES[name]()
    if name == "title":
        app.reset(scene)
    else:
        app.push(scene)
    assert app.top is scene
    frames(app, 30)
    frames(app, 3, dt=0.5)  # a long frame must not break any animation
    assert varied(app.screen) > 8, f"{name} drew an almost blank screen"


def test_rules_page_renders_markdown_and_scrolls(app: App, tmp_path: Path) -> None:
    doc = tmp_path / "rules.md"
    doc.write_text(SAMPLE_RULES, encoding="utf-8")
    app.reset(TitleScene())
    page = RulesScene(INFO, path=doc)
    app.push(page)
    assert not page.error
    assert [t for t, _ in page.toc] == ["Setting up", "Playing"]
    assert page.max_scroll > 0
    app.handle(key(pygame.K_END))
    frames(app, 60)
    assert page.scroll == pytest.approx(page.max_scroll)
    app.handle(key(pygame.K_HOME))
    app.handle(key(pygame.K_PAGEDOWN))
    frames(app, 60)
    assert 0 < page.scroll < page.max_scroll
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=20, flipped=False))
    frames(app, 60)
    assert page.scroll == 0
    app.handle(key(pygame.K_ESCAPE))
    assert isinstance(app.top, TitleScene)


def test_markdown_blocks_and_inline_styles() -> None:
    blocks = parse_markdown(SAMPLE_RULES)
    kinds = [b.kind for b in blocks]
    assert kinds[:3] == ["h", "p", "h"]
    assert {"li", "table", "quote", "code", "hr"} <= set(kinds)
    items = [b for b in blocks if b.kind == "li"]
    assert items[0].text == "Every player takes a **Cursed Gem** that scores against them"
    assert [b.level for b in items[:2]] == [0, 1] and items[3].marker == "1."
    table = next(b for b in blocks if b.kind == "table")
    assert table.aligns == ("left", "center", "right")
    assert table.rows[2] == ("2", "3", "")
    pieces = parse_inline("a **bold** and `code` and *it* and [link](x.md#y) and [web](https://x.org)")
    assert ("bold", "b", "") in pieces and ("code", "c", "") in pieces and ("it", "i", "") in pieces
    # A link the page can follow keeps its target; a web address is plain text (no browser opens).
    assert ("link", "l", "x.md#y") in pieces and ("web", "", "") in pieces


def test_a_link_to_another_rules_page_opens_it_and_close_comes_back(app: App, tmp_path: Path) -> None:
    from game.ui.scenes.rulebook import slug

    (tmp_path / "rules.md").write_text(
        "# Ya Blew It!\n\nMake your own: see [the map guide](maps.md#limits), or "
        "[Tiled](https://www.mapeditor.org/).\n\n" + "More words.\n\n" * 40
        + "## Last part\n\nBack to [the top](#ya-blew-it).\n", encoding="utf-8")
    (tmp_path / "maps.md").write_text(
        "# The map guide: how to make one\n\n" + "Words.\n\n" * 60 + "## Limits\n\nAt most 40.\n",
        encoding="utf-8")
    app.settings.animation = "instant"   # (scrolls land at once)
    app.reset(TitleScene())
    rules = RulesScene(INFO, path=tmp_path / "rules.md")
    app.push(rules)
    frames(app, 2)
    # One followable link on the page (the web address is not one), drawn underlined.
    assert [t for _, t in rules.page.links] == ["maps.md#limits", "#ya-blew-it"]
    rect, _ = rules.page.links[0]
    at = (rules.view.x + rect.centerx, rules.view.y + rect.centery)
    assert rules.link_at(at) == "maps.md#limits"
    assert rules.link_at((at[0], at[1] + 200)) == ""
    app.handle(click(at))
    guide = app.top
    assert isinstance(guide, RulesScene) and guide is not rules
    assert guide.path == tmp_path / "maps.md" and guide.title == "The map guide"
    # It opened at the heading the link names.
    limits = next(y for _, text, y in guide.page.headings if slug(text) == "limits")
    assert guide.scroll > 0 and abs(guide.target - min(limits - 6, guide.max_scroll)) < 1
    frames(app, 2)
    # A link back to the page it was opened from goes back to it, not to a second copy.
    guide.follow("rules.md")
    assert app.top is rules
    app.handle(click(at))
    assert app.top is not rules
    app.handle(key(pygame.K_ESCAPE))
    assert app.top is rules and rules.title == INFO.title
    # A link to a heading of the same page scrolls there; the page stays.
    rules.scroll_to(rules.max_scroll)
    rules.scroll = rules.target
    rect, _ = rules.page.links[1]
    app.handle(click((rules.view.x + rect.centerx, rules.view.y + rect.centery - int(rules.scroll))))
    assert app.top is rules and rules.target == 0
    # A link to a page that is not there opens a page that says so, and closes again.
    rules.follow("nowhere.md")
    assert isinstance(app.top, RulesScene) and app.top.error
    frames(app, 2)
    app.handle(key(pygame.K_ESCAPE))
    assert app.top is rules


def test_the_links_of_a_rules_page_are_reached_by_tab_and_opened_by_enter(app: App, tmp_path: Path) -> None:
    """A keyboard reader: Tab goes from Close to each link in turn (scrolling it into view),
    back to Close after the last; Enter opens the link Tab is on, as a click does."""
    (tmp_path / "rules.md").write_text(
        "# Ya Blew It!\n\nMake your own: see [the map guide](maps.md#limits).\n\n" + "More words.\n\n" * 60
        + "## Last part\n\nBack to [the top](#ya-blew-it).\n", encoding="utf-8")
    (tmp_path / "maps.md").write_text("# The map guide\n\n## Limits\n\nAt most 40.\n", encoding="utf-8")
    app.settings.animation = "instant"
    app.reset(TitleScene())
    rules = RulesScene(INFO, path=tmp_path / "rules.md")
    app.push(rules)
    frames(app, 2)
    app.handle(key(pygame.K_TAB))
    assert rules.close_button.focused and rules.link_focus is None
    app.handle(key(pygame.K_TAB))
    app.handle(key(pygame.K_TAB))
    assert rules.link_focus == 1 and not rules.close_button.focused
    # The second link is far down the page: it was scrolled into view.
    rect = rules.link_groups[1][1][0]
    assert rules.target <= rect.top and rect.bottom <= rules.target + rules.view.h
    app.handle(key(pygame.K_TAB))
    assert rules.link_focus is None and rules.close_button.focused   # round to Close
    app.handle(key(pygame.K_TAB, pygame.KMOD_SHIFT))
    assert rules.link_focus == 1                                         # and back
    app.handle(key(pygame.K_TAB, pygame.KMOD_SHIFT))
    assert rules.link_focus == 0
    # Scrolled away from it since, Enter first brings the link back into view, then opens it.
    rules.scroll_to(rules.max_scroll)
    app.handle(key(pygame.K_RETURN))
    assert app.top is rules and rules.target < rules.max_scroll
    frames(app, 1)
    app.handle(key(pygame.K_RETURN))
    guide = app.top
    assert isinstance(guide, RulesScene) and guide.path == tmp_path / "maps.md"
    app.handle(key(pygame.K_ESCAPE))
    assert app.top is rules


def test_missing_rules_page_says_so(app: App, tmp_path: Path) -> None:
    app.reset(TitleScene())
    page = RulesScene(INFO, path=tmp_path / "nowhere.md")
    app.push(page)
    frames(app, 5)
    assert page.error
    app.handle(key(pygame.K_END))  # scrolling an empty page is harmless
    frames(app, 5)


# ============================================================================ title and saves
def test_title_offers_continue_only_with_a_saved_game(app: App) -> None:
    title = TitleScene()
    app.reset(title)
    assert "Resume" not in title_labels(title) and not title.continue_panel.h
    assert app.top is title
    m = new_match()
    saves.autosave(m)
    title2 = TitleScene()
    app.reset(title2)
    assert title_labels(title2)[:2] == ["Resume", "Delete"]
    assert [e.path.stem for e in title2.saves] == [m.match_id]
    assert title2.saves[0].seats[0] == "Ana" and title2.saves[0].title == INFO.title
    # Every listed game is a registered one, and every registered game is listed.
    assert [info.name for info, _ in title2.game_rows] == list(GAMES)


def test_continue_opens_the_saved_game(app: App, dummy_tables: list[DummyTable]) -> None:
    m = new_match(moves=6)
    saves.autosave(m)
    title = TitleScene()
    app.reset(title)
    app.handle(key(pygame.K_c))
    assert len(dummy_tables) == 1 and app.top is dummy_tables[0]
    assert app.stack[0] is title  # pushed over the title
    assert dummy_tables[0].match.actions == m.actions


@pytest.mark.parametrize("damage", ["garbage", "truncated", "illegal move"])
def test_damaged_save_is_set_aside_with_a_message(app: App, damage: str) -> None:
    m = new_match(moves=6)
    saves.autosave(m)
    path = saves.save_path(m)
    text = path.read_text(encoding="utf-8")
    if damage == "garbage":
        path.write_bytes(b"\x00\xff not a save")
    elif damage == "truncated":
        path.write_text(text[: len(text) // 2], encoding="utf-8")
    else:
        data = json.loads(text)
        data["actions"].append("fly:away")
        path.write_text(json.dumps(data), encoding="utf-8")
    title = TitleScene()
    app.reset(title)
    if damage == "illegal move":
        # The list reads only the summary: the damage shows when the game is resumed.
        assert len(title.saves) == 1
        app.handle(key(pygame.K_c))
    box = app.top
    assert isinstance(box, MessageBox), "the damaged save was not reported"
    assert ("could not be resumed" if damage == "illegal move" else "could not be read") in box.text
    kept = list(path.parent.glob(f"{m.match_id}.unreadable-*"))
    assert len(kept) == 1 and kept[0].read_bytes()  # kept aside, not deleted
    assert not path.exists()
    assert "Resume" not in title_labels(title)
    frames(app, 10)
    app.handle(key(pygame.K_RETURN))
    assert app.top is title
    frames(app, 5)
    app.handle(key(pygame.K_s))  # the menu still works
    assert isinstance(app.top, SettingsScene)


@pytest.mark.parametrize("where", ["saves", "replays"])
def test_a_file_from_a_newer_version_is_told_of_once_not_after_every_dialog(app: App, where: str) -> None:
    """The lists are read again whenever their screen comes back to the top; a newer version's
    file stays where it is, so its message came back at once and the screen could not be left.
    (So would a damaged save that cannot be moved aside: a message is told once a run.)"""
    from game.ui.scenes.replays import ReplaysScene

    m = new_match(moves=6)
    if where == "saves":
        saves.autosave(m)
    else:   # two, so that one is left to list (and to ask to delete)
        saves.write_replay(finished_match(5))
        saves.write_replay(finished_match(6))
    saves.flush()
    path = next((saves.saves_dir() if where == "saves" else saves.replays_dir()).glob("*.json"))
    path.write_text(json.dumps({**json.loads(path.read_text("utf-8")), "format": 99}), "utf-8")
    title = TitleScene()
    app.reset(title)
    if where == "replays":
        app.push(ReplaysScene())
    box = app.top
    assert isinstance(box, MessageBox) and "made by a newer version" in box.text
    below = app.stack[-2]
    app.handle(key(pygame.K_ESCAPE))   # dismissed: the screen under it reads its folder again
    frames(app, 3)
    assert app.top is below, [type(s).__name__ for s in app.stack]
    for _ in range(3):   # a dialog over it, and back
        app.handle(key(pygame.K_s if where == "saves" else pygame.K_DELETE))
        frames(app, 3)
        assert app.top is not below
        app.handle(key(pygame.K_ESCAPE))
        frames(app, 3)
        assert app.top is below, [type(s).__name__ for s in app.stack]


def test_a_damaged_save_that_cannot_be_moved_aside_is_told_of_once(app: App,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """In a read-only folder a damaged save stays where it is, and its message came back after
    every dialog: the title could not be used at all."""
    m = new_match(moves=6)
    saves.autosave(m)
    saves.save_path(m).write_bytes(b"\x00 not a save")

    def refuse(path: Path) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(saves, "set_aside", refuse)
    title = TitleScene()
    app.reset(title)
    assert isinstance(app.top, MessageBox) and "could not be moved aside" in app.top.text
    app.handle(key(pygame.K_RETURN))
    frames(app, 3)
    assert app.top is title
    app.handle(key(pygame.K_s))
    frames(app, 3)
    assert isinstance(app.top, SettingsScene)
    app.handle(key(pygame.K_ESCAPE))
    frames(app, 3)
    assert app.top is title


def test_a_short_message_box_is_as_tall_as_its_lines(app: App) -> None:
    """The scrolling's floor of three lines is for a box that scrolls: one line takes one line."""
    one, three = MessageBox("Note", "Just so you know."), MessageBox("Note", "A\nB\nC")
    assert one.shown == 1 and one.rect.h == 96 + 27 + 90
    assert three.rect.h - one.rect.h == 2 * 27


def test_a_message_taller_than_the_window_scrolls_inside_its_box(app: App) -> None:
    """Eight damaged files' messages made a box 1,023 pixels tall: its title, its last lines and
    its OK button were off the screen."""
    text = "\n\n".join(f"A saved game could not be read: {i:016x}.json (not valid JSON). It was "
                         f"kept as {i:016x}.unreadable-20261127.json." for i in range(8))
    app.reset(TitleScene())
    box = MessageBox("Your files", text)
    app.push(box)
    frames(app, 20)
    screen = app.screen.get_rect()
    assert screen.contains(box.rect) and all(screen.contains(b.rect) for b in box.buttons)
    assert box.shown < len(box.lines) and box.top == 0
    app.handle(key(pygame.K_PAGEDOWN))
    app.handle(key(pygame.K_DOWN))
    assert box.top == min(box.shown, len(box.lines) - box.shown) > 0
    for _ in range(20):
        app.handle(key(pygame.K_DOWN))
    assert box.top == len(box.lines) - box.shown   # the last line in view, no further
    frames(app, 1)
    app.handle(key(pygame.K_RETURN))
    assert not isinstance(app.top, MessageBox)


@pytest.fixture
def run_game_safely(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """For a test that runs `main.run_game()`: pygame stays up for the other tests, and the logging
    it sets up, and the lock on the user folder it takes, are taken down again afterwards."""
    from game import instance

    monkeypatch.setattr(pygame, "quit", lambda: None)
    root = logging.getLogger()
    before = list(root.handlers)
    yield
    instance.release()
    for h in root.handlers[:]:
        if h not in before:
            root.removeHandler(h)
            h.close()
    if hasattr(root, "_mother_lode"):
        del root._mother_lode  # type: ignore[attr-defined]
    pygame.display.quit()


@pytest.mark.usefixtures("run_game_safely")
def test_run_game_starts_despite_a_damaged_save(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui import main

    (saves.saves_dir() / "0123abcd.json").write_text("{ broken", encoding="utf-8")
    seen: dict[str, object] = {}

    def short_run(self: App) -> None:  # a few frames instead of the endless loop
        for _ in range(3):
            self.top.update(1 / 60)
            self.draw()
        seen["stack"] = [type(s).__name__ for s in self.stack]
        seen["text"] = getattr(self.top, "text", "")

    monkeypatch.setattr(App, "run", short_run)
    assert main.run_game() == 0
    assert seen["stack"] == ["TitleScene", "MessageBox"]
    assert "could not be read" in str(seen["text"])
    assert list(saves.saves_dir().glob("0123abcd.unreadable-*"))
    assert (home / "logs" / main.LOG_FILE).exists()


@pytest.mark.usefixtures("run_game_safely")
def test_run_game_reports_a_crash_and_returns_1(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui import main

    def boom(self: App) -> None:
        raise RuntimeError("kaboom in the loop")

    monkeypatch.setenv("MOTHER_LODE_NO_DIALOG", "1")
    monkeypatch.setattr(App, "run", boom)
    assert main.run_game() == 1
    assert "kaboom in the loop" in (home / "logs" / main.LOG_FILE).read_text(encoding="utf-8")


@pytest.mark.usefixtures("run_game_safely")
def test_a_second_copy_says_the_game_is_already_open_and_touches_nothing(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two copies on one saved game each saved over the other's moves (and a finished game came
    back to Continue). While one copy runs, a second one started on the same folders says so and
    opens neither the title nor any save; once the first has ended (however it ended: the
    system lets go of the lock), a copy starts as usual."""
    import subprocess
    import sys

    from game import instance
    from game.ui import main

    m = new_match(moves=3)
    saves.autosave(m)
    saves.flush()
    before = saves.save_path(m).read_bytes()
    settings_path().write_text("{ damaged", "utf-8")   # not even set aside by the second copy
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys; from game import instance; instance.hold(); "
                               "print('held', flush=True); sys.stdin.read()"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, env={**os.environ, "MOTHER_LODE_HOME": str(home)})
    seen: dict[str, object] = {}

    def short_run(self: App) -> None:
        for _ in range(3):
            self.top.update(1 / 60)
            self.draw()
        seen["stack"] = [type(s).__name__ for s in self.stack]
        seen["text"] = getattr(self.top, "text", "")

    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == b"held"
        monkeypatch.setattr(instance, "_held", None)
        monkeypatch.setattr(App, "run", short_run)
        assert main.run_game() == 0
        assert seen["stack"] == ["MessageBox"]
        assert "already open in another window" in str(seen["text"])
        assert saves.save_path(m).read_bytes() == before
        assert settings_path().read_text("utf-8") == "{ damaged"
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(20)
    monkeypatch.setattr(instance, "_held", None)
    instance.hold()   # the first copy has ended: free again
    assert instance._held is not None
    instance.release()


def test_a_disk_that_keeps_no_locks_still_plays(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Some network and mounted folders refuse any lock (ENOLCK): that is not another copy
    running, and the game plays without one rather than never."""
    import errno

    from game import instance

    fcntl = pytest.importorskip("fcntl", reason="the lock of POSIX systems")

    def no_locks(fd: int, how: int) -> None:
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(instance, "_held", None)
    monkeypatch.setattr(fcntl, "flock", no_locks)
    instance.hold()   # no AlreadyRunning
    assert instance._held is None

    def held(fd: int, how: int) -> None:
        raise OSError(errno.EWOULDBLOCK, "Resource temporarily unavailable")

    monkeypatch.setattr(fcntl, "flock", held)
    with pytest.raises(instance.AlreadyRunning):
        instance.hold()


def test_title_escape_asks_before_quitting(app: App) -> None:
    app.reset(TitleScene())
    app.handle(key(pygame.K_ESCAPE))
    assert isinstance(app.top, MessageBox) and app.running
    app.handle(key(pygame.K_ESCAPE))  # Stay
    assert isinstance(app.top, TitleScene) and app.running
    app.handle(key(pygame.K_ESCAPE))
    app.handle(key(pygame.K_q))
    assert not app.running


# ============================================================================ setup
def test_setup_builds_the_chosen_match(app: App, dummy_tables: list[DummyTable]) -> None:
    title = TitleScene()
    app.reset(title)
    # With one game N starts it; with several, the digit of its place in the list does.
    place = list(GAMES).index(INFO.name)
    app.handle(key(pygame.K_n if len(GAMES) == 1 else pygame.K_1 + place))
    setup = app.top
    assert isinstance(setup, SetupScene) and setup.info is INFO
    setup.set_players(4)
    setup.set_seat(1, level="easy")
    setup.set_seat(2, human=True, name="Bo")
    setup.set_seat(3, level="normal")
    # Type a seed and a name with real events: click the field, then TEXTINPUT.
    app.handle(click(setup.seed.rect.center))
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="42x7"))  # letters are refused
    app.handle(click(setup.rows[0].name.rect.center))
    for _ in range(10):
        app.handle(key(pygame.K_BACKSPACE))
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="Zed"))
    app.handle(key(pygame.K_r))  # typed into the field, not the Rules shortcut
    assert app.top is setup
    app.handle(key(pygame.K_ESCAPE))  # leaves the field (and does not leave the setup)
    assert app.top is setup and not setup.rows[0].name.focused
    setup.set_first(2)
    frames(app, 5)
    m = setup.build_match()
    assert m.seed == 427
    assert [(s.name, s.kind, s.level) for s in m.seats] == [
        ("Zed", HUMAN, ""), (setup.rows[1].name.value, BOT, "easy"), ("Bo", HUMAN, ""),
        (setup.rows[3].name.value, BOT, "normal")]
    assert m.config.options["first_player"] == 2 and m.to_move() is not None
    app.handle(key(pygame.K_RETURN))  # Start
    assert len(dummy_tables) == 1 and app.top is dummy_tables[0]
    assert app.stack == [title, dummy_tables[0]]  # the setup was replaced; the title stays below
    started = dummy_tables[0].match
    assert [s.name for s in started.seats] == [
        "Zed", setup.rows[1].name.value, "Bo", setup.rows[3].name.value]
    listed, messages = saves.list_saves()
    assert not messages and [e.path.stem for e in listed] == [started.match_id]
    loaded, message = saves.resume(listed[0])
    assert message is None and loaded is not None and loaded.seed == 427
    assert [s.to_json() for s in loaded.seats] == [s.to_json() for s in started.seats]
    # The next setup offers the human seats their names again (kept in the settings), so a
    # player's statistics stay under one name; the bots get names of their own.
    assert load_settings().names == ["Zed", "Bo"]
    app.push(SetupScene(INFO))
    again = app.top
    assert isinstance(again, SetupScene)
    assert again.rows[0].name.value == "Zed" and again.seat_name(again.rows[0]) == "Zed"
    again.set_seat(1, human=True)
    assert again.rows[1].name.value == "Bo"
    again.set_seat(2, human=True)
    assert again.rows[2].name.value == "Player 3"


def test_enter_in_the_seed_field_starts_the_game_with_the_seed_typed(
        app: App, dummy_tables: list[DummyTable]) -> None:
    title = TitleScene()
    app.reset(title)
    setup = SetupScene(INFO)
    app.push(setup)
    app.handle(click(setup.seed.rect.center))
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="314"))
    assert setup.seed.focused
    app.handle(key(pygame.K_RETURN))  # one Enter: the Start button's key
    assert len(dummy_tables) == 1 and app.top is dummy_tables[0]
    assert dummy_tables[0].match.seed == 314 and not setup.seed.focused


def test_typing_into_a_name_the_setup_filled_in_replaces_it(app: App) -> None:
    """Click (or Tab) into "Player 1" and type: the name becomes what was typed, not "Player 1Zed";
    a name the player typed is added to, as any text is."""
    app.reset(TitleScene())
    setup = SetupScene(INFO)
    app.push(setup)
    field = setup.rows[0].name
    assert field.value == setup.rows[0].default != ""
    app.handle(click(field.rect.center))
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="Zed"))
    assert field.value == "Zed"
    app.handle(key(pygame.K_ESCAPE))
    app.handle(click(field.rect.center))
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="a"))
    assert field.value == "Zeda"
    # By Tab: the next seat's filled-in name is replaced too.
    other = setup.rows[1].name
    while not other.focused:
        app.handle(key(pygame.K_TAB))
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="Bo"))
    assert other.value == "Bo"


def test_a_name_field_emptied_plays_as_its_seat_number_not_as_the_last_player(app: App) -> None:
    """The setup fills a human seat with the name of the last game's player there; a guest who
    empties the field plays as "Player 1", which the field shows in grey, and so is not counted
    in that player's statistics."""
    app.settings.names = ["Ana", "Bo"]
    app.reset(TitleScene())
    setup = SetupScene(INFO)
    app.push(setup)
    setup.set_seat(0, human=True)
    setup.set_seat(1, level="easy")
    field = setup.rows[0].name
    assert field.value == "Ana"
    app.handle(click(field.rect.center))
    app.handle(key(pygame.K_a, pygame.KMOD_CTRL))
    app.handle(key(pygame.K_BACKSPACE))
    assert field.value == ""
    app.step(1 / 60)
    assert field.placeholder == "Player 1" and setup.first.values[1] == "Player 1"
    match = setup.build_match()
    assert [s.name for s in match.seats][0] == "Player 1"
    # A bot's emptied name falls back to its own miner's name, shown the same way.
    setup.set_seat(1, name="")
    bot_name = setup.seats()[1].name
    assert bot_name not in ("", "Ana", "Player 2") and setup.rows[1].name.placeholder == bot_name


def test_esc_in_a_field_leaves_the_typing_but_keeps_the_focus_ringed(app: App) -> None:
    """Esc ends the typing in a name or the seed; the keyboard's focus stays on that field, drawn
    as a ring round it, and Tab goes on from there."""
    app.reset(TitleScene())
    setup = SetupScene(INFO)
    app.push(setup)
    while not setup.seed.focused:
        app.handle(key(pygame.K_TAB))
    at = setup.ring.index
    app.handle(key(pygame.K_ESCAPE))
    assert not setup.seed.focused and setup.seed.ringed and app.top is setup
    others = [w for w in setup.ring.widgets if w is not setup.seed]
    assert not any(getattr(w, "ringed", False) or getattr(w, "focused", False) for w in others)
    app.handle(key(pygame.K_TAB))
    assert setup.ring.index == at + 1 and not setup.seed.ringed


def test_the_setup_offers_each_games_last_setup_again(app: App, dummy_tables: list[DummyTable]) -> None:
    app.reset(TitleScene())
    setup = SetupScene(INFO)
    app.push(setup)
    setup.set_players(4)
    setup.set_seat(1, level="hard")
    setup.set_seat(2, human=True, name="Bo")
    setup.set_seat(3, level="easy")
    setup.start()
    kept = load_settings().setups[INFO.name]
    assert kept["players"] == 4 and kept["seats"] == ["human", "hard", "human", "easy"]
    again = SetupScene(INFO)
    app.push(again)
    assert again.players == 4
    assert [(r.is_human, r.level if not r.is_human else "") for r in again.rows[:4]] == [
        (True, ""), (False, "hard"), (True, ""), (False, "easy")]
    assert again.rows[2].name.value == "Bo"
    # Another game keeps its own: nothing was set up for it yet, so it starts as always.
    other_info = next(g for name, g in GAMES.items() if name != INFO.name and g.max_players >= 3)
    other = SetupScene(other_info)
    app.push(other)
    assert other.players == min(max(3, other_info.min_players), other_info.max_players)
    assert [r.is_human for r in other.rows[:2]] == [True, False] and other.rows[1].level == "normal"


def test_the_setup_says_who_plays_in_words_that_fit_the_count(app: App, monkeypatch) -> None:
    from game.ui.scenes import setup as setup_mod

    drawn = spy_text(monkeypatch, setup_mod)
    setup = SetupScene(INFO)
    app.reset(setup)
    seen = {}
    for players, humans in ((2, 1), (3, 1), (2, 2)):
        setup.set_players(players)
        for i in range(1, players):
            if i < humans:
                setup.set_seat(i, human=True)
            else:
                setup.set_seat(i, level="normal")
        drawn.clear()
        setup.draw(app.screen)
        seen[(players, humans)] = [t for t in drawn if "human" in t.lower()]
    assert "One human against a bot." in seen[(2, 1)]
    assert "One human against bots." in seen[(3, 1)]
    assert any(t.startswith("2 humans share this screen") for t in seen[(2, 2)])


def test_setup_offers_the_hard_bot(app: App) -> None:
    setup = SetupScene(INFO)
    app.reset(setup)
    row = setup.rows[1]
    assert row.kind.values[1:] == ["Bot: easy", "Bot: normal", "Bot: hard"]
    row.kind.index = row.kind.values.index("Bot: hard")
    setup._kind_changed(row)
    frames(app, 2)
    m = setup.build_match()
    assert (m.seats[1].kind, m.seats[1].level) == (BOT, "hard")
    assert m.seats[1].describe().endswith("(hard bot)")
    assert getattr(m.bot(1), "remote", False)  # the table sends it to the search pool


def test_setup_first_player_random_is_none_and_seat_zero_is_zero(app: App) -> None:
    setup = SetupScene(INFO)
    app.reset(TitleScene())
    app.push(setup)
    assert setup.build_match().config.options["first_player"] is None
    setup.set_first(0)
    assert setup.build_match().config.options["first_player"] == 0


def test_setup_player_count_stays_within_the_game_limits(app: App) -> None:
    setup = SetupScene(INFO)
    app.reset(TitleScene())
    app.push(setup)
    setup.set_players(99)
    assert setup.players == INFO.max_players == len(setup.seats())
    setup.set_players(-3)
    assert setup.players == INFO.min_players == len(setup.seats())
    right_arrow = (setup.count.rect.right - 16, setup.count.rect.centery)
    seen = set()
    for _ in range(2 * (INFO.max_players - INFO.min_players + 1)):
        app.handle(click(right_arrow))
        seen.add(setup.players)
        assert len(setup.seats()) == setup.players
        frames(app, 1)
    assert seen == set(range(INFO.min_players, INFO.max_players + 1))


def test_setup_bot_names_follow_the_kind_unless_edited(app: App) -> None:
    setup = SetupScene(INFO, rng=random.Random(1))
    app.reset(TitleScene())
    app.push(setup)
    row = setup.rows[1]
    assert not row.is_human and row.name.value not in ("", "Player 2")
    setup.set_seat(1, human=True)
    assert row.name.value == "Player 2"
    setup.set_seat(1, name="Mine")
    setup.set_seat(1, level="easy")
    assert row.name.value == "Mine"


def test_setup_refuses_two_players_of_one_name(app: App) -> None:
    """"Sam" and " sam" would be one player to the statistics (the loser's game vanished into the
    winner's record) and one name in the log: the setup asks for a name each, and starts nothing."""
    app.reset(TitleScene())
    setup = SetupScene(INFO, rng=random.Random(1))
    app.push(setup)
    setup.set_players(2)
    setup.set_seat(0, human=True, name="Sam")
    setup.set_seat(1, human=True, name=" sam")
    setup.start()
    assert isinstance(app.top, MessageBox) and app.stack[-2] is setup
    assert "Two players are called Sam: give each a name of their own." in app.top.text
    assert saves.list_saves() == ([], [])
    app.handle(key(pygame.K_RETURN))
    setup.set_seat(1, name="Sammy")
    setup.start()
    assert not isinstance(app.top, MessageBox) and app.top is not setup


def test_setup_escape_goes_back(app: App) -> None:
    title = TitleScene()
    app.reset(title)
    app.push(SetupScene(INFO))
    app.handle(key(pygame.K_ESCAPE))
    assert app.top is title


def test_start_without_a_table_explains_and_saves_nothing(app: App,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(match: Match) -> Scene:
        raise ImportError("no table module")

    monkeypatch.setattr(tables, "table_for", missing)
    app.reset(TitleScene())
    setup = SetupScene(INFO)
    app.push(setup)
    app.handle(key(pygame.K_RETURN))
    assert isinstance(app.top, MessageBox) and app.stack[-2] is setup
    assert saves.list_saves() == ([], [])


# ============================================================================ settings
def test_settings_apply_and_persist(app: App) -> None:
    app.reset(TitleScene())
    app.push(SettingsScene())
    start = load_settings()
    app.handle(key(pygame.K_a))          # animation: normal -> fast
    app.handle(key(pygame.K_MINUS))      # volume down one step
    app.handle(key(pygame.K_c))          # colour symbols off
    app.handle(key(pygame.K_m))          # mute
    frames(app, 3)
    saved = json.loads(settings_path().read_text(encoding="utf-8"))
    assert saved["animation"] == "fast" and app.settings.animation == "fast"
    assert saved["volume"] == pytest.approx(start.volume - 0.1)
    assert saved["colour_symbols"] is False and saved["muted"] is True
    assert app.sounds.volume == 0.0  # muted takes effect at once
    assert "click" in app.played  # type: ignore[attr-defined]
    app.handle(key(pygame.K_MINUS))      # turning it down keeps the mute
    assert load_settings().muted is True and load_settings().volume == pytest.approx(start.volume - 0.2)
    for _ in range(15):
        app.handle(key(pygame.K_EQUALS))
    assert load_settings().volume == pytest.approx(1.0)  # stops at 100%, does not wrap to 0
    assert load_settings().muted is False  # turning the volume up lifts the mute
    for _ in range(15):
        app.handle(key(pygame.K_MINUS))
    assert load_settings().volume == pytest.approx(0.0)
    # Not muted at 0% is silent too, and the Sound row says so instead of "On".
    settings = app.top
    assert isinstance(settings, SettingsScene) and settings.mute.value == "Silent (0%)"
    app.handle(key(pygame.K_EQUALS))
    assert settings.mute.value == "On"
    app.handle(key(pygame.K_ESCAPE))
    assert isinstance(app.top, TitleScene)


def test_f11_with_settings_that_cannot_be_written_keeps_the_game_running(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A read-only or full disk made F11 end the game with the crash screen (the Settings screen
    already said so in words): the window switches, and the setting is kept when it can be."""
    import game.ui.app as app_module

    def refuse(settings: object) -> None:
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(app_module, "save_settings", refuse)
    app.reset(TitleScene())
    before = app.settings.fullscreen
    app.handle(key(pygame.K_F11))
    frames(app, 2)
    assert app.running and app.settings.fullscreen is (not before)


def test_settings_cyclers_work_with_tab_and_arrows(app: App) -> None:
    app.reset(TitleScene())
    scene = SettingsScene()
    app.push(scene)
    app.handle(key(pygame.K_TAB))      # animation speed
    app.handle(key(pygame.K_LEFT))     # normal -> slow
    assert load_settings().animation == "slow"
    app.handle(key(pygame.K_TAB))
    app.handle(key(pygame.K_TAB))
    app.handle(key(pygame.K_TAB))      # fullscreen
    app.handle(key(pygame.K_RIGHT))
    assert load_settings().fullscreen is True


# ============================================================================ results
def test_results_show_the_winner(app: App, dummy_tables: list[DummyTable]) -> None:
    m = finished_match(5)
    app.reset(TitleScene())
    results = ResultsScene(m, rng=random.Random(0))
    app.replace(results)
    # (The table sounded the end as the game ended: the results add no second fanfare.)
    assert "win" not in app.played  # type: ignore[attr-defined]
    outcome = m.state.outcome()
    big, _ = results.headline()
    if outcome.is_tie:
        assert big == "A shared win!"
    else:
        assert big == f"{m.seats[outcome.winners[0]].name} wins!"
    assert results.order[0].total == max(s.total for s in outcome.scores)
    frames(app, 90)
    assert results.sparks, "no celebration"
    # ... under the words: a spark rising to the line under the headline is gone by then.
    from game.ui.scenes.results import SPARK_CEILING

    for _ in range(120):
        frames(app, 1)
        assert all(s.y > SPARK_CEILING for s in results.sparks)
    app.handle(key(pygame.K_p))  # Play again: same seats, new seed
    again = dummy_tables[-1].match
    assert app.top is dummy_tables[-1]
    assert again.seats == m.seats and again.seed != m.seed and not again.actions
    assert [e.path.stem for e in saves.list_saves()[0]] == [again.match_id]


def test_results_say_what_the_final_blast_took(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ya Blew It!'s cards end with a note of what the final Fire in the Hole took from each
    player, at the foot of the card, clear of the score lines."""
    from game.ui.scenes import results as results_mod

    m = finished_match(5)
    app.reset(TitleScene())
    results = ResultsScene(m, rng=random.Random(0))
    app.push(results)
    placed: list[tuple[str, pygame.Rect]] = []
    real = results_mod.theme.text

    def spy(surface: pygame.Surface, words: str, *args: object, **kw: object) -> pygame.Rect:
        rect = real(surface, words, *args, **kw)
        placed.append((words, rect))
        return rect

    frames(app, 2)
    monkeypatch.setattr(results_mod.theme, "text", spy)
    app.draw()
    notes = [(w, r) for w, r in placed if w.startswith("Final blast, a roll of ")]
    assert len(notes) == len(m.seats), [w for w, _ in placed]
    cards = dict(results.cards)
    for words, rect in notes:
        assert any(c.contains(rect) for c in cards.values()), (words, rect)
    assert all(results.notes[p] for p in range(len(m.seats)))
    # ... under the score lines of its card, never over one.
    scores = {label for s in results.outcome.scores for label, _ in s.breakdown}
    lines = [r for w, r in placed if w in scores]
    assert lines
    for _, note in notes:
        assert not any(note.colliderect(line) for line in lines)
        same_card = [line for line in lines if abs(line.x - note.x) < 4]
        assert same_card and note.top >= max(line.bottom for line in same_card)


def test_six_results_cards_show_each_hint_count_and_score_line_whole(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """At six players the cards are narrow: the line under a name ("human, 5 hints") is drawn
    smaller rather than cut, and a long score line ("Cursed Sapphire x2 (1 wild)") takes two
    lines where the card has room, so every card says in full what it counts."""
    from game.ui.scenes import results as results_mod

    m = Match("ya_blew_it", [Seat(n) for n in ["Ana", "Bo", "Cyd", "Dee", "Eli", "Flo"]], 17)
    rng = random.Random(17)
    while not m.is_over():
        p = m.to_move()
        if p is not None and rng.random() < 0.1:
            m.note_hint(p)
        m.apply(rng.choice(m.legal_actions()))
    app.reset(TitleScene())
    results = ResultsScene(m, rng=random.Random(1))
    app.push(results)
    frames(app, 2)
    drawn = spy_text(monkeypatch, results_mod)
    results.draw(app.screen)
    whos = [results.who(p) for p in range(6)]
    assert any("hints" in w for w in whos) and all(w in drawn for w in whos), drawn
    assert not [d for d in drawn if d.endswith("…")], drawn
    labels = [label for s in results.outcome.scores for label, _ in s.breakdown]
    halves = {f"{a} {b}" for a, b in zip(drawn, drawn[1:])}
    assert all(label in drawn or label in halves for label in labels), (labels, drawn)
    assert [label for label in labels if label not in drawn], "no line needed two"


def test_results_tie_is_a_shared_win(app: App) -> None:
    m = finished_match(5)
    tie = Outcome((PlayerScore(0, 9, (("Ruby x3", 9),)), PlayerScore(1, 9, (("Topaz x3", 9),)),
                   PlayerScore(2, 4, (("Cursed Jade x2", -3), ("Amber x4", 7))),), (0, 1))
    m.state = SimpleNamespace(outcome=lambda: tie)  # type: ignore[assignment]
    app.reset(TitleScene())
    results = ResultsScene(m)
    app.replace(results)
    big, small = results.headline()
    assert big == "A shared win!" and "Ana" in small and "Dusty" in small and "Nell" not in small
    assert results.rank == {0: 1, 1: 1, 2: 3}
    frames(app, 30)
    app.handle(key(pygame.K_ESCAPE))  # Back to menu
    assert len(app.stack) == 1 and isinstance(app.top, TitleScene)


# ============================================================================ dialogs
def test_message_box_closes_before_its_callback(app: App) -> None:
    title = TitleScene()
    app.reset(title)
    calls: list[Scene | None] = []
    box = MessageBox("Q", "Sure?", [("Yes", pygame.K_y, lambda: calls.append(app.top)),
                                    ("No", pygame.K_ESCAPE, None)])
    app.push(box)
    app.handle(key(pygame.K_y))
    app.handle(key(pygame.K_y))  # a second press does nothing more
    assert calls == [title] and app.top is title
    app.push(MessageBox("Note", "Just so you know."))
    app.handle(key(pygame.K_ESCAPE))
    assert app.top is title


def test_pause_menu_actions(app: App, dummy_tables: list[DummyTable]) -> None:
    m = new_match(moves=5)
    title = TitleScene()
    app.reset(title)
    app.push(DummyTable(m))
    app.push(PauseMenu(m))
    app.handle(key(pygame.K_r))
    assert isinstance(app.top, RulesScene)
    app.handle(key(pygame.K_ESCAPE))
    assert isinstance(app.top, PauseMenu)
    app.handle(key(pygame.K_s))
    assert isinstance(app.top, SettingsScene)
    app.handle(key(pygame.K_ESCAPE))
    app.handle(key(pygame.K_ESCAPE))  # Resume
    assert isinstance(app.top, DummyTable)
    app.push(PauseMenu(m))
    app.handle(key(pygame.K_m))  # Save and leave to menu
    assert len(app.stack) == 1 and isinstance(app.top, TitleScene)
    assert title_labels(app.top)[0] == "Resume"
    assert [e.path.stem for e in app.top.saves] == [m.match_id]
    assert app.top.saves[0].moves == len(m.actions)
    saves.save_path(m).unlink()
    app.push(PauseMenu(m))
    app.handle(key(pygame.K_q))  # Quit game
    assert not app.running and saves.save_path(m).exists()


def test_with_saves_failing_leaving_or_closing_asks_first(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a full disk every move says it could not be saved; leaving, quitting or closing the
    window then lost those moves without a word, under a menu saying the game is saved after
    every move. Each now asks first; closing again (or "Quit anyway") closes."""
    import game.ui.tables.base as table_base

    def full(match: Match, **kw: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(table_base, "autosave", full)
    monkeypatch.setattr(saves, "autosave", full)
    m = new_match(moves=5)
    app.reset(TitleScene())
    table = tables.table_for(m)
    app.push(table)
    frames(app, 3)
    # The window's close button: asked, and the game goes on.
    app.handle(pygame.event.Event(pygame.QUIT))
    box = app.top
    assert app.running and isinstance(box, MessageBox) and box.title == "Quit without saving?"
    assert "No space left on device" in box.text
    frames(app, 20)
    app.handle(key(pygame.K_ESCAPE))   # Stay
    assert app.running and app.top is table
    # The menu says so, and its Save and leave asks too.
    app.push(PauseMenu(m))
    menu = app.top
    assert isinstance(menu, PauseMenu) and menu.unsaved == "No space left on device"
    app.handle(key(pygame.K_m))
    assert isinstance(app.top, MessageBox) and app.top.title == "Leave without saving?"
    frames(app, 20)
    app.handle(key(pygame.K_ESCAPE))   # Stay
    assert app.top is menu
    app.handle(key(pygame.K_m))
    frames(app, 20)
    app.handle(key(pygame.K_l))        # Leave anyway
    assert isinstance(app.top, TitleScene)
    # Closing twice closes: the player insisted.
    app.push(tables.table_for(m))
    frames(app, 3)
    app.handle(pygame.event.Event(pygame.QUIT))
    assert app.running
    app.handle(pygame.event.Event(pygame.QUIT))
    assert not app.running


def curtain_over_a_table(app: App) -> tuple[DummyTable, PassScreen, list[bool]]:
    """A table with the curtain up over it; the list fills with True when the curtain lifts."""
    m = new_match()
    table = DummyTable(m)
    app.reset(TitleScene())
    app.push(table)
    ready: list[bool] = []
    curtain = PassScreen("Ana", lambda: ready.append(True), match=m)
    app.push(curtain)
    return table, curtain, ready


def test_pass_screen_hides_the_table_until_ready(app: App) -> None:
    table, curtain, ready = curtain_over_a_table(app)
    before = table.draws
    frames(app, 10)
    assert table.draws == before, "the table showed through the curtain"
    app.handle(key(pygame.K_ESCAPE))  # the game menu opens over the curtain, the table stays hidden
    assert isinstance(app.top, PauseMenu)
    frames(app, 3)
    assert table.draws == before
    app.handle(key(pygame.K_ESCAPE))
    assert app.top is curtain and not ready
    frames(app, 40)
    app.handle(key(pygame.K_SPACE))
    app.handle(key(pygame.K_SPACE))
    assert ready == [True] and app.top is table


def test_only_a_fresh_press_after_the_curtain_wakes_lifts_it(app: App) -> None:
    """Space skips a table's animations and Enter confirms a move: a player hurrying the last
    move along (a tap, a key held down, a double click) must not lift the next player's curtain.
    Its button wakes ARMS_AFTER seconds after it comes up, and a repeated key never lifts it."""
    table, curtain, ready = curtain_over_a_table(app)
    frames(app, 1)
    for k in (pygame.K_SPACE, pygame.K_RETURN):   # pressed just as it came: not for it
        app.handle(key(k))
        app.handle(pygame.event.Event(pygame.KEYUP, key=k, mod=0))
    click_at(app, curtain.button.rect.center)
    assert not ready and app.top is curtain and not curtain.button.enabled
    app.handle(key(pygame.K_SPACE))               # held down through the waking: repeats only
    while not curtain.armed:
        frames(app, 1)
    assert curtain.button.enabled
    app.handle(key(pygame.K_SPACE))
    assert not ready and app.top is curtain
    app.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0))
    app.handle(key(pygame.K_SPACE))               # a fresh press
    assert ready == [True] and app.top is table


def test_real_table_opens_from_setup_if_present(app: App) -> None:
    pytest.importorskip("game.ui.tables.ya_blew_it")
    app.reset(TitleScene())
    setup = SetupScene(INFO)
    app.push(setup)
    setup.set_players(2)
    setup.set_seat(1, level="easy")
    app.handle(key(pygame.K_RETURN))
    assert type(app.top).__name__ != "SetupScene" and not isinstance(app.top, MessageBox)
    frames(app, 20)
    app.handle(key(pygame.K_ESCAPE))
    assert isinstance(app.top, PauseMenu)


def test_the_title_shows_every_games_name_whole(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.scenes import title as title_mod

    app.reset(TitleScene())
    drawn: list[str] = []
    real = title_mod.theme.text

    def spy(surface: pygame.Surface, words: str, *args: object, **kw: object) -> object:
        drawn.append(words)
        return real(surface, words, *args, **kw)

    monkeypatch.setattr(title_mod.theme, "text", spy)
    app.draw()
    titles = [info.title for info in GAMES.values()]
    assert all(t in drawn for t in titles), [d for d in drawn if d.endswith("…")]


def test_the_pause_menu_keeps_the_seed_of_a_game_with_hidden_hands_until_it_ends() -> None:
    from game.ui.scenes.dialogs import PauseMenu

    hidden = Match("grim_prospects", [Seat("Ana"), Seat("Bo")], 7)
    open_game = Match("ya_blew_it", [Seat("Ana"), Seat("Bo")], 7)
    assert "seed" not in PauseMenu(hidden).subtitle()
    assert "seed 7" in PauseMenu(open_game).subtitle()
    rng = random.Random(7)
    while not hidden.is_over():
        hidden.apply(rng.choice(hidden.legal_actions()))
    assert "seed 7" in PauseMenu(hidden).subtitle()


@pytest.mark.parametrize("game", list(GAMES))
def test_the_setups_rules_button_lies_inside_its_panel(app: App, game: str) -> None:
    from game.ui.scenes.setup import MAP_PANEL, SetupScene

    scene = SetupScene(GAMES[game])
    app.push(scene)
    button = scene.rules_button.rect
    if scene.maps is None:   # under the seed, in the table's panel
        assert pygame.Rect(28, 150, 480, scene.panel_h).contains(button), (game, button)
    else:                    # on the bottom row, under the map panel
        assert button.top >= MAP_PANEL.bottom


def test_the_window_draws_fewer_frames_while_nobody_uses_or_sees_it(app: App) -> None:
    from game.ui.app import FPS, HIDDEN_FPS, UNFOCUSED_FPS

    app.reset(TitleScene())
    assert app.frame_rate() == FPS
    app.handle(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    assert app.frame_rate() == UNFOCUSED_FPS < FPS
    app.handle(pygame.event.Event(pygame.WINDOWMINIMIZED))
    assert app.frame_rate() == HIDDEN_FPS < UNFOCUSED_FPS
    app.handle(pygame.event.Event(pygame.WINDOWRESTORED))
    assert app.frame_rate() == UNFOCUSED_FPS
    app.handle(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    assert app.frame_rate() == FPS


def test_the_curtain_shows_a_long_name_whole(app: App, monkeypatch) -> None:
    from game.ui.scenes import dialogs

    drawn = spy_text(monkeypatch, dialogs)
    name = "W" * 16
    curtain = dialogs.PassScreen(name, hint="Your hand stays face down.")
    app.reset(curtain)
    curtain.draw(app.screen)
    assert name in drawn and f"I am {name}: show me" == curtain.button.label
    assert not any(t.endswith("…") for t in drawn), drawn


def test_the_title_says_how_the_keyboard_reaches_every_button(app: App, monkeypatch) -> None:
    from game.ui.scenes import title as title_mod

    drawn = spy_text(monkeypatch, title_mod)
    title = TitleScene()
    app.reset(title)
    title.draw(app.screen)
    assert title_mod.KEYS_LINE in drawn and "Tab" in title_mod.KEYS_LINE and "Enter" in title_mod.KEYS_LINE
    # Under a screen opened over it (Replays, where ↓ ↑ choose rows) the title does not say it.
    from game.ui.scenes.replays import ReplaysScene

    app.push(ReplaysScene())
    drawn.clear()
    app.draw()
    assert title_mod.KEYS_LINE not in drawn and drawn


def test_the_window_cannot_be_dragged_smaller_than_half_the_picture(app: App) -> None:
    """The picture is scaled to the window: below half its size each way the smallest words
    could not be read, so the window system is told not to shrink it further."""
    import warnings

    from game.ui.app import MIN_WINDOW

    assert MIN_WINDOW == (640, 360)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    assert tuple(window.minimum_size) == MIN_WINDOW


def test_a_letter_with_cmd_ctrl_or_alt_is_the_systems_not_the_games(app: App) -> None:
    """Cmd+H hides a Mac app and Cmd+M minimises it; AltGr (Ctrl and right Alt on Windows) types
    '@' or 'ą': none of them may also fire the game's H (hint), M, Q or A, nor undo. Ctrl/Cmd+Z
    still undoes, and Ctrl/Cmd+A selects all only while a field is typed in."""
    seen: list[Any] = []
    app.reset(TitleScene())
    probe = Scene()
    probe.handle_event = lambda event: seen.append(event) or True  # type: ignore[method-assign]
    app.push(probe)
    for mod in (pygame.KMOD_META, pygame.KMOD_LCTRL, pygame.KMOD_LALT, pygame.KMOD_RALT | pygame.KMOD_LCTRL):
        for k in (pygame.K_h, pygame.K_m, pygame.K_q, pygame.K_a, pygame.K_1):
            app.handle(key(k, mod))
    app.handle(key(pygame.K_z, pygame.KMOD_RALT | pygame.KMOD_LCTRL))   # AltGr+Z: 'ż', no undo
    assert seen == []
    app.handle(key(pygame.K_z, pygame.KMOD_META))
    app.handle(key(pygame.K_h))
    assert [(e.key, bool(e.mod & pygame.KMOD_META)) for e in seen] == [(pygame.K_z, True), (pygame.K_h, False)]
    # In the setup, with a name being typed, Ctrl+A reaches the field and selects its text.
    app.pop()
    setup = SetupScene(INFO)
    app.push(setup)
    field = setup.rows[0].name
    app.handle(click(field.rect.center))
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="x"))
    app.handle(key(pygame.K_a, pygame.KMOD_LCTRL))
    assert field.selected
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="Zed"))
    assert field.value == "Zed"


def test_typing_replaces_a_selected_name_as_sdl_sends_the_keys(app: App) -> None:
    """SDL sends a key's KEYDOWN (and Shift's) before the TEXTINPUT it types: the field dropped
    its selection at the KEYDOWN, so a name filled in for the player ("Player 1", selected as the
    field is clicked) or selected with Ctrl+A was typed onto ("Player 1bob") instead of over."""
    setup = SetupScene(INFO)
    app.push(setup)
    field = setup.rows[0].name
    field.value = field.default = "Player 1"

    def typed(text: str) -> None:
        for ch in text:
            if ch.isupper():
                app.handle(key(pygame.K_LSHIFT))
            app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(ch.lower()),
                                          mod=pygame.KMOD_SHIFT if ch.isupper() else 0, unicode=ch, scancode=0))
            app.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))

    app.handle(click(field.rect.center))
    assert field.focused and field.selected
    typed("Bob")
    assert field.value == "Bob"
    app.handle(key(pygame.K_a, pygame.KMOD_LCTRL))
    typed("zed")
    assert field.value == "zed"
    app.handle(key(pygame.K_a, pygame.KMOD_LCTRL))
    app.handle(key(pygame.K_RIGHT))          # an arrow leaves the text unselected: typing adds
    typed("x")
    assert field.value == "zedx"
    app.handle(key(pygame.K_a, pygame.KMOD_LCTRL))
    app.handle(key(pygame.K_DELETE))
    assert field.value == ""


def test_cmd_backspace_is_delete_in_the_replays_and_statistics_lists(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Mac keyboard's Backspace closes those lists; with Cmd, it deletes as Delete does."""
    from game.ui.scenes.replays import ReplaysScene
    from game.ui.scenes.statistics import StatisticsScene

    asked: list[str] = []
    monkeypatch.setattr(ReplaysScene, "ask_delete", lambda self, i: asked.append("replay"))
    monkeypatch.setattr(StatisticsScene, "ask_forget", lambda self: asked.append("player"))
    app.reset(TitleScene())
    for scene in (ReplaysScene(), StatisticsScene()):
        app.push(scene)
        app.handle(key(pygame.K_BACKSPACE, pygame.KMOD_LMETA))
        assert app.top is scene
    assert asked == ["replay", "player"]


def test_a_resized_window_tells_the_screen_where_the_pointer_now_is(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """SDL sends no motion when the window is resized or goes full screen under a still pointer:
    the hover and a tooltip stayed where the pointer had been in the picture."""
    seen: list[tuple[int, int]] = []

    class Listener(Scene):
        def handle_event(self, event: pygame.event.Event) -> bool:
            if event.type == pygame.MOUSEMOTION:
                seen.append(tuple(event.pos))
            return True

    app.reset(Listener())
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: True)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (12, 544))
    app.handle(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=900, y=500))
    assert seen == [(12, 544)]
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: False)   # the pointer is elsewhere
    app.handle(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1280, y=720))
    assert seen == [(12, 544)]


@pytest.mark.parametrize("desktop, size", [((1366, 768), (1169, 658)), ((1280, 720), (1084, 610)), ((600, 400), (640, 360)),
                                           ((1920, 1080), (1280, 720))])
def test_the_window_opens_within_a_small_desktop(app: App, monkeypatch: pytest.MonkeyPatch,
                                                 desktop: tuple[int, int], size: tuple[int, int]) -> None:
    """A 1366x768 laptop (or a 1920x1080 one that Windows scales by 150%, a 1280x720 desktop) has
    no room for a 1280x720 window with its title bar over a taskbar: the window opens smaller,
    the picture scaled to it, never under half size; a large desktop keeps it whole."""
    import warnings

    from game.ui import app as app_mod

    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [desktop])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
        window.size = (1280, 720)
        app_mod._fit_to_desktop()
        assert tuple(window.size) == size
    assert pygame.display.get_surface().get_size() == (1280, 720)   # the picture is the same


@pytest.mark.parametrize("game", list(GAMES))
def test_a_table_left_is_freed_at_once_and_draws_again_if_shown(app: App, game: str) -> None:
    """A table held only by its own reference cycles (buttons that call its methods) kept its
    pictures, megabytes of them, until a rare full collection: after Play again dozens of games
    stayed in memory. The App collects once a scene has left; a table let go drops its pictures
    (`release_pictures`), drawn again should it be shown again."""
    import gc
    import weakref

    from game.ui.tables import table_for

    app.reset(TitleScene())
    m = played(game, 3, 6, [Seat("Ana"), Seat("Bo", BOT, "easy")])
    kept = table_for(m)
    app.push(kept)
    frames(app, 3)
    before = _pixels_held(kept)
    app.pop()
    assert before > 0 and _pixels_held(kept) == 0, (before, _pixels_held(kept))
    kept.draw(app.screen)   # let go and shown again: drawn afresh, whole
    app.push(kept)
    frames(app, 2)
    app.pop()
    del kept
    gone = table_for(played(game, 4, 6, [Seat("Ana"), Seat("Bo", BOT, "easy")]))
    app.push(gone)
    frames(app, 3)
    ref = weakref.ref(gone)
    del gone
    gc.disable()   # (no collection of Python's own may do the App's work)
    try:
        app.pop()
        assert ref() is not None   # the cycles hold it until the frame after ...
        app.step(1 / 60)
        assert ref() is None       # ... when the App has collected them
    finally:
        gc.enable()
    # A dialog closed is not worth a collection (a table left by an Undo is).
    app.push(MessageBox("A word", "Nothing more."))
    app.pop()
    assert not app._collect_due


def _pixels_held(obj: object, depth: int = 4) -> int:
    """The bytes of the pictures `obj` keeps in its attributes (and theirs, `depth` deep)."""
    seen: set[int] = set()

    def walk(o: object, d: int) -> int:
        if id(o) in seen or d < 0:
            return 0
        seen.add(id(o))
        if isinstance(o, pygame.Surface):
            return o.get_bytesize() * o.get_width() * o.get_height()
        if isinstance(o, dict):
            return sum(walk(v, d - 1) for v in o.values())
        if isinstance(o, (list, tuple)):
            return sum(walk(v, d - 1) for v in o)
        if isinstance(o, App):   # (the window's, not the table's)
            return 0
        if hasattr(o, "__dict__") and not isinstance(o, type) and o.__class__.__module__.startswith("game."):
            return sum(walk(v, d - 1) for v in vars(o).values())
        return 0

    return walk(obj, depth)


@pytest.mark.parametrize("name", ["title", "results"])
def test_a_first_enter_shows_where_enter_goes_and_the_next_presses_it(app: App, name: str) -> None:
    """With nothing focused, Enter on the title and the results did nothing (a keyboard player
    had to find Tab first). It now focuses the gold button, and only a second Enter presses it:
    an Enter meant for the table just left never starts a new game."""
    from game.ui.scenes.results import ResultsScene

    app.reset(TitleScene())
    if name == "results":
        app.push(ResultsScene(finished_match(3), rng=random.Random(2)))
    scene = app.top
    frames(app, 2)
    ring = scene.ring  # type: ignore[union-attr]
    assert ring.index == -1
    app.handle(key(pygame.K_RETURN))
    assert app.top is scene
    focused = ring.widgets[ring.index]
    assert focused.focused and focused.primary
    app.handle(key(pygame.K_RETURN))   # Enter held: the keyboard's repeat presses nothing
    assert app.top is scene
    app.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    app.handle(key(pygame.K_RETURN))
    assert app.top is not scene


def test_the_statistics_say_that_a_game_left_unfinished_is_not_counted(app: App, home: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Leaving a game, or deleting its save, counts nothing, as the screen now says (it said
    that every finished game counts, which only implied it)."""
    from game.stats import load_stats
    from game.ui.scenes import statistics

    said = spy_text(monkeypatch, statistics)
    m = played("ya_blew_it", 3, 6)
    saves.autosave(m)
    saves.flush()
    (entry,), _ = saves.list_saves()
    saves.delete_file(entry.path)   # (Delete under Continue)
    assert load_stats()[0].profiles == []
    app.reset(TitleScene())
    app.push(statistics.StatisticsScene())
    frames(app, 2)
    assert any(words.startswith("Only finished games count") for words in said), said[:5]

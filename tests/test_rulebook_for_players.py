"""The in-game rules speak to players: the notes for developers in the rules pages (the tests
that pin a reading, where data lives, the command behind a figure) are left out, so no page on
screen shows a file path, a command line or a test name, while the rules themselves stay."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import re  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from game import paths  # noqa: E402
from game.games import GAMES  # noqa: E402
from game.ui.scenes.rulebook import Run, for_players, parse_markdown, plain  # noqa: E402

# What only a developer needs: a path or a file name, a command line, a test's name.
DEVELOPER_WORDS = [
    (re.compile(r"\b[\w-]+\.(?:py|toml|md|tmx|tsx|json|png|txt|cfg|yml)\b"), "a file name"),
    (re.compile(r"\b(?:game|tests|docs|build|maps)/"), "a path in the project"),
    (re.compile(r"[A-Za-z_]\w*/[A-Za-z_][\w.]*/\w"), "a path"),
    (re.compile(r"\bpython3?\b|\bpytest\b|\bpip\b|(?:^|\s)-m\s|(?:^|\s)--[a-z]"), "a command line"),
    (re.compile(r"\btest_\w+|::"), "a test's name"),
]


def developer_words(text: str) -> list[str]:
    return [what for pattern, what in DEVELOPER_WORDS if pattern.search(text)]


def test_the_finder_finds_developer_words() -> None:
    assert developer_words("the data lives in `game/games/ya_blew_it/cards.toml`") == \
        ["a file name", "a path in the project", "a path"]
    assert developer_words("python -m game simulate ya_blew_it --games 300") == ["a command line"]
    assert developer_words("Test: tests/test_x.py::test_a_wild_gem_ends_the_draw") == \
        ["a file name", "a path in the project", "a test's name"]
    assert developer_words("Sets score 1/3/6/10/15/20; roll or pass, up/down, −5$ for the tunnel") == []


def test_notes_for_developers_are_left_out_to_the_end_of_their_paragraph() -> None:
    page = "\n".join([
        "# Rules",
        "",
        "Rulebook: \"roll the die\". The die has eight sides.",
        "Tests: `tests/test_rules.py::test_dice`,",
        "`tests/test_rules.py::test_more`.",
        "",
        "Testing your luck is the whole game.",
        "",
        "Developers: the data lives in `cards.toml`.",
        "",
        "- A list item",
        "- Developers: measured with `python -m game simulate`",
        "  over 300 games",
        "- Another item",
        "",
        "```",
        "Tests: inside a code block stay",
        "```",
    ])
    kept = for_players(page)
    blocks = parse_markdown(kept)
    texts = [plain(b.text) for b in blocks]
    assert texts == ["Rules", "Rulebook: \"roll the die\". The die has eight sides.",
                     "Testing your luck is the whole game.", "A list item", "Another item",
                     "Tests: inside a code block stay"]


def test_a_section_marked_for_developers_is_left_out_with_its_subsections() -> None:
    page = "\n".join([
        "# Rules",
        "## Play",
        "Roll the die.",
        "## Measuring",
        "<!-- developers: this section -->",
        "The always_dig bot digs.",
        "### Its figures",
        "18.9% against normal.",
        "## Speed",
        "A move takes 1 ms.",
        "### Kept too",
        "<!-- a comment that is not the mark -->",
        "Words.",
    ])
    texts = [plain(b.text) for b in parse_markdown(for_players(page))]
    assert texts == ["Rules", "Play", "Roll the die.", "Speed", "A move takes 1 ms.", "Kept too",
                     "Words."]


def test_grim_prospects_in_game_rules_leave_out_the_measuring_bots() -> None:
    import pygame

    pygame.font.init()
    words = " ".join(_shown_texts("grim_prospects"))
    assert "always_dig" not in words and "measuring bots" not in words
    # ... and keep the figures a player may care about.
    assert "Normal against easy" in words and "No card decides a game" in words
    assert "always_dig" in paths.rules_doc("grim_prospects.md").read_text(encoding="utf-8")


def _shown_texts(game: str) -> list[str]:
    """Every piece of text the in-game rules page of `game` puts on screen, block by block, and
    then run by run as the scene lays them out."""
    from game.ui.scenes.rulebook import RulesScene

    info = GAMES[game]
    source = paths.rules_doc(info.rules_doc).read_text(encoding="utf-8")
    out = []
    for block in parse_markdown(for_players(source)):
        out.append(plain(block.text))
        out += [plain(cell) for row in block.rows for cell in row]
    scene = RulesScene(info)
    assert not scene.error
    out += [item.text for _, _, item in scene.page.items if isinstance(item, Run)]
    return [t for t in out if t]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_rules_page_shows_a_path_a_command_or_a_test(game: str) -> None:
    import pygame

    pygame.font.init()
    shown = _shown_texts(game)
    words = " ".join(shown)
    assert len(words) > 5000, "the rules themselves are there"
    assert "Interpretations" in words and "Rulebook:" in words
    bad = [(t, developer_words(t)) for t in shown if developer_words(t)]
    assert not bad, bad[:10]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_source_pages_keep_their_notes_for_developers(game: str) -> None:
    """The Markdown itself still names the test next to each reading (for developers)."""
    source = paths.rules_doc(GAMES[game].rules_doc).read_text(encoding="utf-8")
    assert "tests/test_" in source and "tests/test_" not in for_players(source)


@pytest.mark.parametrize("page", sorted(p.name for p in paths.rules_doc("x").parent.glob("*.md")))
def test_nothing_on_a_rules_page_reaches_past_its_right_edge(page: str) -> None:
    """Wide tables (Grim Prospects' nine columns of figures) give up padding and type size until
    they fit: the page cannot scroll sideways, so anything past its edge would be cut."""
    import pygame

    from game.ui.scenes.rulebook import RulesScene

    pygame.font.init()
    scene = RulesScene(GAMES["ya_blew_it"], path=paths.rules_doc(page))
    assert not scene.error
    width = scene.view.w
    over = [(item.text, item.x + item.look.font().size(item.text)[0] - width)
            for _, _, item in scene.page.items
            if isinstance(item, Run) and item.x + item.look.font().size(item.text)[0] > width + 1]
    assert not over, over[:5]


def test_table_columns_share_the_page_and_never_go_under_their_longest_word() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from game.ui.scenes.rulebook import column_widths

    @settings(max_examples=300, deadline=None)
    @given(st.lists(st.tuples(st.integers(20, 400), st.integers(20, 200)), min_size=1, max_size=10),
           st.integers(100, 1000))
    def check(cols: list[tuple[int, int]], width: int) -> None:
        natural = [max(n, low) for n, low in cols]
        least = [low for _, low in cols]
        widths = column_widths(natural, least, width)
        assert all(w >= low for w, low in zip(widths, least))
        assert all(w <= n for w, n in zip(widths, natural))
        if sum(least) <= width:
            assert sum(widths) <= width
        if sum(natural) <= width:
            assert widths == natural

    check()


def test_a_picture_in_characters_is_set_on_a_grid_and_long_code_lines_wrap_whole() -> None:
    import pygame

    from game.ui.scenes.rulebook import layout

    pygame.font.init()
    picture = ["-WW-", ".#:.", "oo~~"]
    page = layout(parse_markdown("```text\n" + "\n".join(picture) + "\n```"), 600)
    runs = [item for _, _, item in page.items if isinstance(item, Run)]
    assert "".join(r.text for r in runs) == "".join(picture)   # one run a character
    rows = sorted({r.y for r in runs})
    columns = [[r for r in runs if r.y == y] for y in rows]
    # Each column's cells share their middle, whatever the characters' own widths.
    for i in range(4):
        middles = {r.x + r.look.font().size(r.text)[0] // 2 for r in (row[i] for row in columns)}
        assert max(middles) - min(middles) <= 1, (i, middles)
    long_line = "BAD: my_pit.tmx: " + "the square cannot be crossed out, " * 8 + "end"
    page = layout(parse_markdown("```text\n" + long_line + "\n```"), 600)
    runs = [item for _, _, item in page.items if isinstance(item, Run)]
    assert len(runs) > 1 and "…" not in "".join(r.text for r in runs)
    assert " ".join(r.text for r in runs).split() == long_line.split()
    assert all(r.x + r.look.font().size(r.text)[0] <= 600 for r in runs)


def test_a_line_of_tildes_inside_a_backtick_block_does_not_end_it() -> None:
    """Big Dig's board pictures draw water as "~~~": inside a ``` block that is a picture, not a
    fence, so the notes for developers after the block are still left out."""
    page = "```text\n~~~..#\n..#~~~\n```\n\nDevelopers: the reader is `x.py`.\n\nFor players.\n"
    texts = [plain(b.text) for b in parse_markdown(for_players(page))]
    assert texts == ["~~~..#\n..#~~~", "For players."]


def test_a_long_section_name_in_the_sidebar_goes_on_two_lines_uncut() -> None:
    import pygame

    from game.ui.scenes.rulebook import toc_lines

    pygame.font.init()
    rect = pygame.Rect(0, 0, 250, 34)
    assert toc_lines("Limits", rect) == [("Limits", 16, 17)]
    long = toc_lines("The tileset: what every tile means", rect)
    assert len(long) == 2 and all(size == 14 for _, size, _ in long)
    assert " ".join(line for line, _, _ in long) == "The tileset: what every tile means"
    assert all(top < rect.bottom and top > rect.top for _, _, top in long)


def test_the_contents_mark_the_section_whose_heading_is_near_the_top_of_the_view() -> None:
    import pygame

    from game.ui.scenes.rulebook import RulesScene

    pygame.font.init()
    scene = RulesScene(GAMES["gold_mine"])
    names = [name for name, _ in scene.toc]
    i = names.index("Interpretations")
    # The heading 35 pixels below the top: the reader is in that section, not the one before.
    scene.scroll_to(scene.toc[i][1] - 35)
    assert scene.section_index() == i
    # The end of the section before still fills the top of the view: that one.
    scene.scroll_to(scene.toc[i][1] - scene.view.h // 2)
    assert scene.section_index() == i - 1
    # Going to the next and the previous section from there.
    scene.jump_section(1)
    assert scene.section_index() == i
    scene.jump_section(-1)
    assert scene.section_index() == i - 1
    # At the page's foot, the last section (its heading may never reach the top).
    scene.scroll_to(scene.max_scroll)
    assert scene.section_index() == len(names) - 1


def test_the_previous_section_leaves_the_pages_foot_when_its_last_headings_share_a_screen(tmp_path: Path) -> None:
    import pygame

    from game.ui.scenes.rulebook import RulesScene

    pygame.font.init()
    long = "\n\n".join("A line of the rules that goes on for a while. " * 6 for _ in range(40))
    page = tmp_path / "short_ends.md"
    page.write_text(f"# Rules\n\n## First\n\n{long}\n\n## Second\n\nOne line.\n\n"
                    "## Third\n\nOne line.\n\n## Fourth\n\nOne line.\n", encoding="utf-8")
    scene = RulesScene(GAMES["ya_blew_it"], path=page)
    assert [name for name, _ in scene.toc] == ["First", "Second", "Third", "Fourth"]
    scene.scroll_to(scene.max_scroll)
    assert scene.section_index() == 3
    scene.jump_section(-1)
    # Second, Third and Fourth all lie in the last screen: the view goes back to First.
    assert scene.target < scene.max_scroll and scene.section_index() == 0
    scene.jump_section(1)
    assert scene.target == scene.max_scroll
    # Above the first heading, Previous goes to the page's top, not down to that heading.
    scene.scroll_to(1.0)
    assert scene.toc[0][1] - 6 > 1.0
    scene.jump_section(-1)
    assert scene.target == 0.0


def _at_the_table(game: str) -> str:
    """The "At the table" section of a game's page as players see it."""
    text = for_players(paths.rules_doc(f"{game}.md").read_text("utf-8"))
    found = re.search(r"^### At the table\n(.*?)(?=^#)", text, re.S | re.M)
    assert found is not None, f"{game}'s rules page has no At the table section"
    return found.group(1)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_rules_page_says_how_to_play_at_the_table(game: str) -> None:
    """The rules screen explained the rules only: which key does what at the table was in the
    README alone. Each page ends its How to play with the keys, those every table knows and the
    game's own moves (each table's move keys, read from the table, named in bold)."""
    import pygame

    from game.ui.tables.grim_drawing import ACTIONS as GRIM_ACTIONS
    from game.ui.tables.ya_blew_it_drawing import ACTION_UI

    section = _at_the_table(game)
    for words in ("Esc", "F1", "Ctrl+Z", "Space", "H"):
        assert re.search(rf"\b{re.escape(words)}\b", section), f"{game}: {words} is not named"
    moves = {
        "ya_blew_it": [k for _, k in ACTION_UI.values()],
        "grim_prospects": [k for _, _, k in GRIM_ACTIONS],
        "diamond_in_the_rough": [pygame.K_b, pygame.K_r, pygame.K_i, pygame.K_t, pygame.K_p],
        "big_dig": [pygame.K_r, pygame.K_m, pygame.K_e, pygame.K_d, pygame.K_p, pygame.K_o],
        "gold_mine": [pygame.K_TAB, pygame.K_RETURN, pygame.K_BACKSPACE],
    }[game]
    for k in moves:
        name = {"return": "Enter", "backspace": "Backspace", "tab": "Tab"}.get(pygame.key.name(k),
                                                                          pygame.key.name(k).upper())
        assert f"**{name}**" in section, f"{game}: the key {name} is not named"

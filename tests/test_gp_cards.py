"""Grim Prospects card faces: every word fits its place at every size, the effect line is set
large enough to read at 1280x720, the abilities differ by symbol and not only by colour, every
card kind has a face of its own, faces are cached, and every face drawn is reported to the face
log (the hot-seat no-leak test relies on it)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from itertools import combinations  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from gp_card_sheet import contact_sheet  # noqa: E402

from game.games.grim_prospects.cards import ABILITIES, deck, kinds  # noqa: E402
from game.ui import gp_cards, privacy, theme  # noqa: E402


@pytest.fixture(autouse=True)
def display() -> None:
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))


def test_every_word_on_every_face_fits_its_place_at_every_size() -> None:
    gp_cards._face.cache_clear()
    gp_cards._back.cache_clear()
    from game.ui.tables.grim_drawing import TINY

    with theme.watch_clipping() as clipped:
        sheet = contact_sheet()
        gp_cards.face(0, (80, 112))  # a size between the table's, too
        for c in kinds().values():   # and the five-player table's rivals (short names there)
            gp_cards.face(c.id, TINY)
    assert not clipped, [c.text for c in clipped]
    assert gp_cards.name_lines(kinds()["torch"], TINY)[1] == ["Torch"]
    assert gp_cards.name_lines(kinds()["torch"], gp_cards.SMALL)[1] == ["Surefire", "Torch"]
    assert sheet.get_width() >= 1280


def test_the_effect_line_is_set_large_enough_to_read() -> None:
    # DejaVu/Roboto Slab at 11 px is the smallest that reads comfortably at 1280x720.
    assert gp_cards.effect_size(gp_cards.HAND) >= 11
    assert gp_cards.effect_size(gp_cards.CHOOSER) >= 16
    assert gp_cards.effect_size(gp_cards.SMALL) == 0, "the small size shows no effect line"


def glyph_mask(ability: str, size: int = 48) -> set[tuple[int, int]]:
    """The pixels of the symbol alone: the near-white glyph, whatever the disc's colour."""
    icon = gp_cards.ability_icon(ability, size)
    return {(x, y) for x in range(size) for y in range(size)
            if min(icon.get_at((x, y))[:3]) > 200 and icon.get_at((x, y))[3] > 200}


def test_the_abilities_differ_by_their_symbols_not_only_by_colour() -> None:
    masks = {a: glyph_mask(a) for a in (*ABILITIES, "")}
    for a in masks:
        assert len(masks[a]) > 120, f"the {a or 'no-ability'} symbol is barely there"
    for a, b in combinations(masks, 2):
        differ = len(masks[a] ^ masks[b]) / len(masks[a] | masks[b])
        assert differ > 0.35, f"the {a} and {b} symbols are too alike ({differ:.2f})"


@pytest.mark.parametrize("size", gp_cards.SIZES)
def test_every_card_kind_has_a_face_of_its_own(size: tuple[int, int]) -> None:
    faces = {key: pygame.image.tobytes(gp_cards._face(key, size), "RGBA") for key in kinds()}
    assert len(set(faces.values())) == len(faces) == 20
    back = pygame.image.tobytes(gp_cards.back(size), "RGBA")
    assert back not in faces.values()


def test_faces_are_cached_per_kind_and_size() -> None:
    irons = [c.id for c in deck() if c.key == "iron"]
    a = gp_cards.face(irons[0], gp_cards.HAND)
    assert gp_cards.face(irons[1], gp_cards.HAND) is a
    assert gp_cards.face(irons[0], gp_cards.CHOOSER) is not a
    assert gp_cards.face(irons[0], gp_cards.CHOOSER).get_size() == gp_cards.CHOOSER
    assert gp_cards.back(gp_cards.SMALL) is gp_cards.back(gp_cards.SMALL)


def test_the_coin_shows_points_and_sigils_their_range() -> None:
    by_key = kinds()
    assert gp_cards.points_label(by_key["gold"]) == str(by_key["gold"].points)
    assert gp_cards.points_label(by_key["sightless"]) == "1–5"
    assert gp_cards.points_label(by_key["pickaxe"]) == "" and gp_cards.points_label(by_key["dynamite"]) == ""
    assert gp_cards.points_label(by_key["crystal"]) == "1/3"   # worth 1, or 3 to the most Crystals


def test_a_hidden_card_has_no_face() -> None:
    with pytest.raises(ValueError):
        gp_cards.face(gp_cards.HIDDEN)  # (an index of -1 would otherwise be the deck's last card)


def test_every_face_drawn_is_reported_and_backs_are_not() -> None:
    target = pygame.Surface((400, 200))
    gp_cards.privacy.record(5)  # recording is off outside `recording()`: nothing is kept
    assert privacy.frame_faces() == []
    with privacy.recording():
        gp_cards.draw_card(target, 7, (0, 0, *gp_cards.HAND))
        gp_cards.draw_card(target, None, (100, 0, *gp_cards.HAND))
        gp_cards.draw_card(target, gp_cards.HIDDEN, (200, 0, *gp_cards.SMALL))
        gp_cards.face(40, gp_cards.SMALL)
        assert privacy.frame_faces() == [7, 40]
        privacy.new_frame()
        assert privacy.frame_faces() == []
        gp_cards.prewarm([gp_cards.SMALL])
        assert privacy.frame_faces() == [], "prewarming is no face shown"
    assert privacy.frame_faces() == []
    # A back in the hidden slot really is the back.
    back = gp_cards.back(gp_cards.SMALL)
    drawn, shown = target.get_at((232, 45)), back.get_at((32, 45))
    assert all(abs(drawn[i] - shown[i]) <= 2 for i in range(3))

"""The theme's words stay readable: every ink a line of words is drawn in has a contrast of at
least 4.5:1 (the usual floor for small text) on each dark background it is drawn on. The
quietest ink, for the key lines and asides, measured 2.2-3.5:1 (from an accessibility review);
only a button that cannot be pressed keeps a label meant to look switched off."""

from __future__ import annotations

import pytest

from game.ui import theme


def _luminance(rgb: tuple[int, int, int]) -> float:
    def channel(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_contrast_is_measured_as_usual() -> None:
    assert contrast((255, 255, 255), (0, 0, 0)) == pytest.approx(21.0)
    assert contrast((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize("ink", ["INK", "INK_DIM", "INK_FAINT"])
@pytest.mark.parametrize("background", ["BG", "BG_DEEP", "PANEL", "FELT"])
def test_every_ink_for_words_reads_on_every_background(ink: str, background: str) -> None:
    ratio = contrast(getattr(theme, ink), getattr(theme, background))
    assert ratio >= 4.5, f"{ink} on {background}: {ratio:.2f}:1"


def test_the_inks_keep_their_order_and_a_switched_off_label_looks_off() -> None:
    on = [_luminance(getattr(theme, name)) for name in ("INK", "INK_DIM", "INK_FAINT", "INK_OFF")]
    assert on == sorted(on, reverse=True) and len(set(on)) == 4
    assert contrast(theme.INK_OFF, theme.PANEL) < 3.0

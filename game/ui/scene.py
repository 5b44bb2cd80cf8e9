"""The scene lifecycle: enter, pause, resume, exit; handle_event; update(dt); draw."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    """A screen on the scene stack. Only the top scene gets input and updates.

    A scene with `overlay = True` is drawn over the scene beneath it (dialogs, curtains).
    """

    overlay = False
    # A scene that holds many pictures (a table, a replay of one): once it has left the stack the
    # App collects the reference cycles that keep it (`App._leave`); a dialog is not worth it.
    collect_on_leave = False

    def __init__(self) -> None:
        self.app: "App | None" = None

    def enter(self) -> None:
        """Pushed onto the stack (self.app is set)."""

    def exit(self) -> None:
        """Popped off the stack."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene on top was popped."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to input; return True when the event was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto the 1280x720 logical surface."""

    def on_quit(self) -> str | None:
        """The window is closing: keep whatever must not be lost; a message for the player when
        something could not be kept (the App then asks before it closes)."""

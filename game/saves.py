"""The autosave: written after every action, so a killed process resumes where it was."""

from __future__ import annotations

from pathlib import Path

from game import paths
from game.core.match import Match, load_or_set_aside


def autosave_path() -> Path:
    return paths.user_data_dir() / "autosave.json"


def autosave(match: Match) -> None:
    """Save `match` atomically; a finished game is removed instead (there is nothing to continue)."""
    if match.is_over():
        clear_autosave()
    else:
        match.save(autosave_path())


def clear_autosave() -> None:
    try:
        autosave_path().unlink()
    except FileNotFoundError:
        pass


def load_autosave() -> tuple[Match | None, str | None]:
    """The game to continue, if any, and a message for the player if the save was unreadable."""
    return load_or_set_aside(autosave_path())

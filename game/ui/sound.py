"""Short sound effects from `assets/sounds/`. With no audio device the game simply stays silent."""

from __future__ import annotations

import logging

import pygame

from game import paths

NAMES = ("draw", "dice", "steal", "blast", "click", "win", "dig", "coin", "lose")
log = logging.getLogger(__name__)


class Sounds:
    """The sound effects. With `load=False` nothing is read until `load()` or the first sound:
    the app loads them right after its first frame, so the title appears a little sooner."""

    def __init__(self, *, load: bool = True) -> None:
        self.volume = 0.7
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._loaded = False
        if load:
            self.load()

    def load(self) -> None:
        """Open the audio device (if pygame.init has not) and read the sounds; once."""
        if self._loaded:
            return
        self._loaded = True
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
        except pygame.error as exc:
            log.info("no audio device, playing silently: %s", exc)
            return
        for name in NAMES:
            path = paths.asset("sounds", f"{name}.wav")
            try:
                self._sounds[name] = pygame.mixer.Sound(str(path))
            except (pygame.error, FileNotFoundError) as exc:
                log.warning("sound %s not loaded: %s", path, exc)

    @property
    def available(self) -> bool:
        self.load()
        return bool(self._sounds)

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, volume))

    def play(self, name: str) -> None:
        """Play sound `name`; an audio device lost on the way (unplugged, taken by the system)
        leaves the game silent from then on, never stopped."""
        self.load()
        snd = self._sounds.get(name)
        if snd is not None and self.volume > 0:
            try:
                snd.set_volume(self.volume)
                snd.play()
            except pygame.error as exc:
                log.warning("the sound stopped working, playing silently: %s", exc)
                self._sounds = {}

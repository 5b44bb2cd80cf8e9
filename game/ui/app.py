"""The pygame main loop: a scene stack drawn at 1280x720 and scaled to the window.

The window is resizable; SDL scales the logical picture to fit, letterboxed, and maps the mouse
back to logical coordinates, so scenes only ever think in 1280x720.
"""

from __future__ import annotations

import gc
import logging
import os
import sys
import warnings
from pathlib import Path

import pygame

from game import APP_NAME, __version__
from game.settings import Settings, load_settings_checked, save_settings
from game.ui import theme
from game.ui.scene import Scene
from game.ui.sound import Sounds

log = logging.getLogger(__name__)

FPS = 60
# Frames a second while nobody needs them: the window without the keyboard (a player watching
# it from the side still sees it move), and the window minimised or hidden. The game goes on
# (time is measured, not counted in frames); only the drawing slows down, sparing the processor.
UNFOCUSED_FPS = 30
HIDDEN_FPS = 5


_HELD = pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT


def _system_shortcut(event: pygame.event.Event, typing: bool) -> bool:
    """A letter or digit pressed with Ctrl, Cmd or Alt that is not one of ours: the system's
    (Cmd+H hides a Mac app, Cmd+M minimises it; AltGr, which Windows may report as Ctrl and right
    Alt, types '@' or 'ą'), never the game's one-key shortcut for that letter. Ours: Ctrl/Cmd+Z
    (undo), and Ctrl/Cmd+A (select all) while a text field is being typed in (`typing`)."""
    key, mod = event.key, getattr(event, "mod", 0)
    if not mod & _HELD or not (pygame.K_a <= key <= pygame.K_z or pygame.K_0 <= key <= pygame.K_9):
        return False
    if mod & pygame.KMOD_RALT or not mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
        return True
    return not (key == pygame.K_z or (key == pygame.K_a and typing))


# The smallest window the player may drag it to: half the picture each way, where the smallest
# words (12 points) are still about as tall as a lower-case letter of a book's footnote.
MIN_WINDOW = (theme.WIDTH // 2, theme.HEIGHT // 2)


def _keep_readable(size: tuple[int, int]) -> None:
    """Stop the window being dragged smaller than `size` (the picture is scaled to it, and words
    shrink with it). Left alone where the window system or this pygame cannot say so."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)   # (the display module's window)
            pygame.Window.from_display_module().minimum_size = size
    except (AttributeError, pygame.error) as exc:
        log.info("no smallest window size: %s", exc)


HEADLESS = ("dummy", "offscreen")   # SDL's video drivers that draw into memory, not a window


def _scale_smoothly() -> None:
    """Have SDL scale the picture to the window by any factor, filtered, before the window opens.
    By default a SCALED window takes whole factors only (1x, 2x), never below 1x: a window smaller
    than the picture (a laptop's, see `_fit_to_desktop`, or one dragged smaller) showed its middle,
    cropped, losing the buttons at its foot; and its nearest-pixel sampling made words ragged.
    pygame reads the first hint below under that very name (it then also opens the window as
    large as the desktop, which `_fit_to_desktop` undoes); the second is SDL's own. A value the
    player's environment already gives is left as it is. Not for a headless driver, which has
    no window to scale (and pygame 2.5 with it can crash when the display is opened again)."""
    if pygame.display.get_driver() in HEADLESS:
        return
    os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")
    os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")


# A maximise's size change and the word that it is one come this close together.
MAXIMISE_MS = 500

# Room the desktop keeps round a window: its title bar, a taskbar or dock, a margin.
FRAME_ROOM = (40, 110)


TITLE_BAR = 40   # room for a window's title bar, which a display's usable area leaves in


def window_size_for(desktop: tuple[int, int], opened: tuple[int, int] | None = None,
                    wanted: tuple[int, int] | None = None) -> tuple[int, int]:
    """The window the game opens on a desktop of this size: the picture at the largest whole
    scale that leaves room for the desktop's frame and bars (`FRAME_ROOM`) — 1280x720, or
    2560x1440 on a 4K screen — or, where even 1280x720 has no room, scaled down to fit, never
    under `MIN_WINDOW`. `opened`: the window pygame opened, the picture fitted to the usable
    area of the display it is on (which may be another than the first, whose size `desktop`
    is): no larger than that, with room for a title bar. `wanted`: the size the player gave the
    window last time (`Settings.window_size`), kept as far as this desktop has room for it."""
    dw, dh = desktop
    room = [dw - FRAME_ROOM[0], dh - FRAME_ROOM[1]]
    if opened is not None:
        room = [min(room[0], opened[0]), min(room[1], opened[1] - TITLE_BAR)]
    if wanted is not None:
        return (max(MIN_WINDOW[0], min(wanted[0], room[0])), max(MIN_WINDOW[1], min(wanted[1], room[1])))
    k = min((dw - FRAME_ROOM[0]) / theme.WIDTH, (dh - FRAME_ROOM[1]) / theme.HEIGHT)
    k = float(int(k)) if k >= 1.0 else k
    if opened is not None:
        k = min(k, opened[0] / theme.WIDTH, (opened[1] - TITLE_BAR) / theme.HEIGHT)
    return (max(MIN_WINDOW[0], int(theme.WIDTH * k)), max(MIN_WINDOW[1], int(theme.HEIGHT * k)))


def _fitted_by_pygame() -> bool:
    """Whether pygame opened the window fitted to its display's usable area: it does where it is
    told to scale by any factor (`_scale_smoothly`, unless the player's environment says no)."""
    return os.environ.get("SDL_HINT_RENDER_SCALE_QUALITY", "0").strip().lower() not in ("0", "false", "")


def _fit_to_desktop(opening: bool = False, wanted: tuple[int, int] | None = None) -> tuple[int, int] | None:
    """Size the window for the desktop (`window_size_for`) and centre it: a 1366x768 laptop, or
    a 1920x1080 one that Windows scales by 150%, would otherwise hide its foot, and the buttons
    there, under the taskbar; and a larger desktop would get a window as large as itself.
    `wanted`: the size the player left the window at last time. Returns the size given, if any."""
    window = _display_window()
    if window is None:
        return None
    try:
        sizes = pygame.display.get_desktop_sizes()
        if not sizes:
            return None
        (x, y), (w, h) = window.position, window.size
        size = window_size_for(sizes[0], (w, h) if opening and _fitted_by_pygame() else None, wanted)
        # Round the window's own centre (pygame opened it on the display under the mouse;
        # WINDOWPOS_CENTERED would move it to the first display).
        window.size = size
        px, py = x + (w - size[0]) // 2, y + (h - size[1]) // 2
        if pygame.display.get_num_displays() == 1:
            # One screen: centred on it. On a screen narrower than the picture pygame opens the
            # window at the picture's size from the screen's left edge, and the smaller window
            # centred on that one hung off the right (800x600: 220 pixels, the title's buttons).
            # (With several screens their places are unknown here: the window's own centre.)
            dw, dh = sizes[0]
            px, py = max(0, (dw - size[0]) // 2), max(0, (dh - size[1]) // 2)
        window.position = (px, py)
        log.info("the desktop is %dx%d: the window opens at %dx%d", *sizes[0], *size)
        return size
    except (pygame.error, ValueError) as exc:
        log.info("the window keeps its size: %s", exc)
        return None


def _display_window() -> pygame.Window | None:
    """The display module's window, where this pygame and a real window have one."""
    if pygame.display.get_driver() in HEADLESS:
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)   # (the display module's window)
            return pygame.Window.from_display_module()
    except (AttributeError, pygame.error):
        return None


def _show_window() -> None:
    window = _display_window()
    if window is not None:
        window.show()


class App:
    def __init__(self, settings: Settings | None = None, *, fps: int = FPS) -> None:
        # Bots think on a worker thread; a short GIL switch interval lets the frame loop take the
        # interpreter back within half a millisecond instead of 5 ms, so frames stay smooth.
        sys.setswitchinterval(0.0005)
        pygame.init()
        # Messages for the player about their files (a damaged settings file set aside, ...),
        # shown by the title screen.
        self.notices: list[str] = []
        if settings is None:
            settings, notice = load_settings_checked()
            if notice:
                self.notices.append(notice)
        self.settings = settings
        pygame.display.set_caption(f"{APP_NAME} {__version__}")
        from game.icon import draw_icon

        pygame.display.set_icon(draw_icon(64))
        flags = pygame.SCALED | pygame.RESIZABLE
        _scale_smoothly()
        real_window = pygame.display.get_driver() not in HEADLESS
        if real_window:
            flags |= pygame.HIDDEN   # shown once it has its size (see _fit_to_desktop)
        with warnings.catch_warnings():
            # Without a screen (pictures drawn headless, tests) SDL has no renderer to scale
            # with, and says so on every start: nothing a player needs to read.
            if pygame.display.get_driver() == "dummy":
                warnings.filterwarnings("ignore", message="no fast renderer available")
            self.screen = pygame.display.set_mode((theme.WIDTH, theme.HEIGHT), flags)
        _keep_readable(MIN_WINDOW)
        kept = settings.window_size
        wanted = (kept[0], kept[1]) if len(kept) == 2 else None
        # The size the game gave the window for this desktop: not the player's choice, never
        # remembered as theirs (a remembered size cut down to a smaller screen stays as it was,
        # for a larger one next time; a size the game chose is chosen again next time).
        self._given = _fit_to_desktop(opening=True, wanted=wanted)
        # As in the settings file: written if changed.
        self._window_kept = (list(settings.window_size), settings.window_maximised)
        # The remembered size before the last change, and when that change came: a maximise
        # (whose size change may come just before the word that it is one) takes it back.
        self._size_before: tuple[list[int], int] = (list(settings.window_size), -10_000)
        if real_window:
            _show_window()
        # The window the player had before full screen: its size and place, and whether it was
        # maximised (it comes back so).
        self._windowed: tuple[tuple[int, int], tuple[int, int], bool] | None = None
        self.maximised = False   # the window fills the desktop by the window manager's button
        if settings.window_maximised and not settings.fullscreen:
            self._maximise()
        if self.settings.fullscreen:
            self._set_fullscreen(True)
        self.clock = pygame.time.Clock()
        self.fps = fps
        self.stack: list[Scene] = []
        self.running = True
        self.sounds = Sounds(load=False)  # loaded after the first frame (see step)
        self.sounds.set_volume(self.settings.effective_volume())
        self.frames = 0
        self._collect_due = False   # a scene has left the stack: collect after the next frame
        self.unfocused = False   # another window has the keyboard
        self.told: set[str] = set()   # messages about the player's files shown in this run
        self.keys_down: set[int] = set()   # the keys held now (`_note_keys`)
        self.asked_to_quit = False    # "Quit without saving?" is on the screen
        self.read_only = False        # a second copy of the game: it writes nothing of the player's
        self.hidden = False      # the window is minimised or hidden
        pygame.key.set_repeat(350, 40)

    # ----------------------------------------------------------- scene stack
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        if self.top:
            self.top.pause()
        scene.app = self
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        self._leave(scene)
        if self.top:
            self.top.resume()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.stack:
            self._leave(self.stack.pop())
        scene.app = self
        self.stack.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Empty the stack and show `scene` (back to the title screen)."""
        while self.stack:
            self._leave(self.stack.pop())
        self.push(scene)

    def _leave(self, scene: Scene) -> None:
        """`scene` leaves the stack. A scene is held in reference cycles (its buttons call its
        own methods), which Python frees only at a full collection, rarely run: a table left
        behind kept megabytes of pictures for dozens of games. For such a scene
        (`Scene.collect_on_leave`) one is run after the next frame, at a change of screen, where a
        few milliseconds are not seen."""
        scene.exit()
        self._collect_due = self._collect_due or scene.collect_on_leave

    # ----------------------------------------------------------- settings
    def apply_settings(self) -> None:
        self.sounds.set_volume(self.settings.effective_volume())
        self._set_fullscreen(self.settings.fullscreen)
        if not self.read_only:
            save_settings(self.settings)

    def _set_fullscreen(self, on: bool) -> None:
        if bool(pygame.display.is_fullscreen()) != on:
            window = _display_window()
            if on and window is not None:   # the player's, to come back to
                self._windowed = (window.size, window.position, self.maximised)
            try:
                pygame.display.toggle_fullscreen()
            except pygame.error:
                return
            if not on:
                # pygame gives the window back at 1280x720 and no smaller: the window the player
                # had (or one that fits the desktop), and the smallest they may drag it to.
                _keep_readable(MIN_WINDOW)
                if window is not None and self._windowed is not None:
                    size, position, maximised = self._windowed
                    if maximised:
                        window.maximize()
                    else:
                        window.size, window.position = size, position
                else:
                    _fit_to_desktop()

    def toggle_fullscreen(self) -> None:
        """F11, anywhere: the window changes at once; the setting is kept when it can be (a
        read-only or full disk must not end the game over it)."""
        self.settings.fullscreen = not self.settings.fullscreen
        try:
            self.apply_settings()
        except OSError as exc:
            log.error("settings not saved after F11: %s", exc)

    def play(self, sound: str) -> None:
        self.sounds.play(sound)

    # ----------------------------------------------------------- loop
    def quit(self, *, anyway: bool = False) -> None:
        """Close the game; every scene on the stack may save first. Where something could not
        be kept (a full disk), the player is asked first, once: closing again, or "Quit anyway",
        closes."""
        problems = [m for scene in reversed(self.stack) if (m := scene.on_quit())]
        if problems and not anyway and not self.asked_to_quit:
            from game.ui.scenes.dialogs import MessageBox

            self.asked_to_quit = True

            def stay() -> None:
                self.asked_to_quit = False

            self.push(MessageBox("Quit without saving?",
                                 f"{problems[0]} Quit anyway, and the moves since the last save are "
                                 "lost; or stay, and put that right first.",
                                 [("Quit anyway", pygame.K_q, lambda: self.quit(anyway=True)),
                                  ("Stay", pygame.K_ESCAPE, stay)], default=1))
            return
        self.running = False

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        self._note_window(event)
        self._note_keys(event)
        if event.type == pygame.KEYDOWN:
            # (On a Mac, Ctrl+Cmd+F is the system's own full-screen key, which SDL's window menu
            # already answers.)
            if event.key == pygame.K_F11:
                self.toggle_fullscreen()
                return
            if _system_shortcut(event, typing=bool(getattr(self.top, "typing", lambda: False)())):
                return
        if self.top:
            self.top.handle_event(event)
        if event.type == pygame.WINDOWSIZECHANGED and pygame.mouse.get_focused():
            # The picture moved under a pointer that did not (a resize, full screen): SDL says no
            # motion, and the hover and a tooltip would stay where the pointer was in the picture.
            self.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pygame.mouse.get_pos(), rel=(0, 0),
                                           buttons=pygame.mouse.get_pressed()))

    def _note_keys(self, event: pygame.event.Event) -> None:
        """Which keys are held, from the events themselves: a key-down of a key already held is
        the keyboard repeating it (`event.repeat`), which a key that acts once a press (the
        hot-seat peek) leaves alone, whichever screen the press began on."""
        if event.type == pygame.KEYDOWN:
            event.repeat = event.key in self.keys_down
            self.keys_down.add(event.key)
        elif event.type == pygame.KEYUP:
            self.keys_down.discard(event.key)
        elif event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            self.keys_down.clear()   # (the key-ups go to another window)

    def step(self, dt: float) -> None:
        """One frame: input, update, draw, flip."""
        for event in pygame.event.get():
            self.handle(event)
            if not self.running:
                return
        if self.top:
            self.top.update(dt)
        self.draw()
        pygame.display.flip()
        self.frames += 1
        if self._collect_due:
            self._collect_due = False
            gc.collect()
        if self.frames == 1:
            # The title is on screen: now read the sound files, which it did not need.
            self.sounds.load()

    def draw(self) -> None:
        surface = self.screen
        # Draw from the lowest scene that an overlay sits on, upwards.
        start = len(self.stack) - 1
        while start > 0 and self.stack[start].overlay:
            start -= 1
        if start < 0:
            surface.fill(theme.BG)
        for scene in self.stack[max(start, 0):]:
            scene.draw(surface)

    def _note_window(self, event: pygame.event.Event) -> None:
        if event.type == pygame.WINDOWFOCUSLOST:
            self.unfocused = True
        elif event.type == pygame.WINDOWFOCUSGAINED:
            self.unfocused = False
        elif event.type in (pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN):
            self.hidden = True
        elif event.type in (pygame.WINDOWRESTORED, pygame.WINDOWSHOWN, pygame.WINDOWMAXIMIZED,
                            pygame.WINDOWEXPOSED):
            self.hidden = False
        if event.type in (pygame.WINDOWSIZECHANGED, pygame.WINDOWMAXIMIZED, pygame.WINDOWRESTORED):
            self._note_window_size(event)

    def _note_window_size(self, event: pygame.event.Event) -> None:
        """The window's size as the player gives it, kept when the game closes; whether it is
        maximised; and full screen entered or left by the desktop itself (its window menu, a
        Mac's green button): the setting follows, so that F11 and Settings do what they say."""
        full = bool(pygame.display.is_fullscreen())
        if event.type == pygame.WINDOWSIZECHANGED:
            self.settings.fullscreen = full
            window = _display_window()
            if not full and not self.maximised and window is not None and tuple(window.size) != self._given:
                self._size_before = (list(self.settings.window_size), pygame.time.get_ticks())
                self.settings.window_size = list(window.size)
        elif full:
            return
        elif event.type == pygame.WINDOWMAXIMIZED:
            self.maximised = self.settings.window_maximised = True
            before, when = self._size_before
            if pygame.time.get_ticks() - when < MAXIMISE_MS:
                self.settings.window_size = before   # (that size was the maximise's)
        else:
            self.maximised = self.settings.window_maximised = False

    def _maximise(self) -> None:
        """Open the window maximised, as the player left it last time (where there is a window and
        the window system lets it be)."""
        window = _display_window()
        if window is None:
            return
        try:
            window.maximize()
        except pygame.error as exc:
            log.info("the window is not maximised: %s", exc)
            return
        self.maximised = True

    def keep_window_size(self) -> None:
        """Write the window's size, and whether it is maximised, to the settings as the game
        closes, when the player changed them (so the next start opens it so). A disk that refuses
        loses only that."""
        kept = (list(self.settings.window_size), self.settings.window_maximised)
        if self.read_only or kept == self._window_kept:
            return
        try:
            save_settings(self.settings)
            self._window_kept = kept
        except OSError as exc:
            log.error("the window's size not kept: %s", exc)

    def frame_rate(self) -> int:
        """The frames a second to draw now: fewer while the window is not looked at or used."""
        if self.hidden:
            return min(self.fps, HIDDEN_FPS)
        if self.unfocused:
            return min(self.fps, UNFOCUSED_FPS)
        return self.fps

    def run(self) -> None:
        while self.running and self.stack:
            dt = self.clock.tick(self.frame_rate()) / 1000.0
            self.step(min(dt, 0.25 if self.hidden else 0.1))
        self.keep_window_size()
        pygame.quit()

    def screenshot(self, path: Path) -> None:
        """Save the current logical picture as a PNG."""
        path.parent.mkdir(parents=True, exist_ok=True)
        self.draw()
        pygame.image.save(self.screen, str(path))

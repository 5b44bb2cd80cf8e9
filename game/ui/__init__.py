"""Everything on screen: the app shell, scenes, widgets and the game tables (pygame lives here only)."""

import os

# pygame prints a greeting on import; a game should open its window quietly.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

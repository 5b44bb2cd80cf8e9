"""Everything on screen: the app shell, scenes, widgets and the game tables (pygame lives here only)."""

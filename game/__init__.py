"""Mother Lode: five mining-themed tabletop games, with local multiplayer and bots."""

__version__ = "0.1.0"
APP_NAME = "Mother Lode"

"""starpress: board-game data to print-and-play kits, a rules site and step-through bots."""

__version__ = "0.1.0"

"""starpress: board-game data to print-and-play kits, a rules site and step-through bots."""


def __getattr__(name: str) -> str:
    """`starpress.__version__`, asked when it is read (`starpress.core.version`)."""
    if name == "__version__":
        from starpress.core.version import tool_version

        return tool_version()
    raise AttributeError(f"module 'starpress' has no attribute {name!r}")

"""One folder per game with a bot: its rules, bot, data, game script and modelled players."""

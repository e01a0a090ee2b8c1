"""Ascending Empires's bot: its rules, data, game script and modelled players."""

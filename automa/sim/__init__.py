"""Simulations: many games of a bot, at scale, summarised and charted."""

"""Automa: the games' bots as deterministic, seeded, step-through programs."""

"""The engine every bot runs on: state, driver, choices, PRNG, voice, words, sessions."""

"""A fully specified PRNG, so a seed means the same draws on every Python and machine.

PCG32 (O'Neill 2014, "XSH RR" output, 64-bit LCG state) written out here instead of
Python's `random`, whose algorithms (shuffle, choice) may change between versions. Each
deck or bag draws from its own named stream, derived from the seed and the name with
SplitMix64, so adding a deck never shifts the draws of another.
"""

from __future__ import annotations

import secrets
from collections.abc import MutableSequence
from typing import TypeVar

MASK64 = (1 << 64) - 1
MULTIPLIER = 6364136223846793005
T = TypeVar("T")


def splitmix64(value: int) -> int:
    """One SplitMix64 step (Steele, Lea, Flood 2014): a well-mixed 64-bit value."""
    value = (value + 0x9E3779B97F4A7C15) & MASK64
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & MASK64
    return value ^ (value >> 31)


def fnv1a64(text: str) -> int:
    """FNV-1a 64-bit hash of a stream name (stable, unlike Python's hash())."""
    value = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        value = ((value ^ byte) * 0x100000001B3) & MASK64
    return value


class Pcg32:
    """PCG32 with a given initial state and stream (increment)."""

    def __init__(self, state: int, sequence: int) -> None:
        self.increment = ((sequence << 1) | 1) & MASK64
        self.state = 0
        self.next_u32()
        self.state = (self.state + state) & MASK64
        self.next_u32()

    def next_u32(self) -> int:
        old = self.state
        self.state = (old * MULTIPLIER + self.increment) & MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rotation = old >> 59
        return ((xorshifted >> rotation) | (xorshifted << ((-rotation) & 31))) & 0xFFFFFFFF

    def below(self, bound: int) -> int:
        """A uniform integer in [0, bound), without modulo bias (rejection sampling)."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        threshold = (1 << 32) % bound
        while True:
            value = self.next_u32()
            if value >= threshold:
                return value % bound

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, from the last position down."""
        for index in range(len(items) - 1, 0, -1):
            other = self.below(index + 1)
            items[index], items[other] = items[other], items[index]


class Streams:
    """Named, independent PCG32 streams from one seed."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._streams: dict[str, Pcg32] = {}

    def __getitem__(self, name: str) -> Pcg32:
        if name not in self._streams:
            mixed = splitmix64(self.seed ^ fnv1a64(name))
            self._streams[name] = Pcg32(mixed, splitmix64(mixed))
        return self._streams[name]


def fresh_seed() -> int:
    """A new seed for a game nobody asked a seed for (printed, so it can be replayed): at
    most 6 digits, short enough to read aloud and for its save file's name; any seed of the
    PRNG's 64 bits is still accepted when given."""
    return 1 + secrets.randbelow(999_999)

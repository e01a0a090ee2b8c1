"""A whole table-mode game played through the real command line in a pseudo-terminal."""

from __future__ import annotations

import sys
from collections import deque
from pathlib import Path

import pexpect
import pytest

from automa.afternova import Blueprint, Bot, BotRules
from automa.afternova_game import Catalogue
from starpress.load import load_games
from tests.conftest import ROOT

WORDS = {
    "it": {
        "purple": "viola",
        "green": "verde",
        "black": "nero",
        "white": "bianco",
        "orange": "arancione",
    },
    "en": {colour: colour for colour in ("purple", "green", "black", "white", "orange")},
}
PROMPTS = {
    "it": [
        r"\(Invio per continuare\)",  # 0: a step was shown; a person presses Enter
        r"Astronave del Bot: numero",  # 1
        r"Progetto scoperto in posizione",  # 2
        r"\[b\] turno del Bot",  # 3
        r"Colore del Frammento estratto",  # 4
        r"Obiettivo segreto del Bot",  # 5
        r"Punteggio del Bot: Progetti (\d+) \+ obiettivo (\d+) \+ Frammenti (\d+) = (\d+) PV",  # 6
        r"'99' non va bene: scrivi un numero da 1 a 10\.",  # 7
    ],
    "en": [
        r"\(press Enter to continue\)",
        r"Bot's Starship: card number",
        r"Face-up Blueprint in position",
        r"\[b\] Bot's turn",
        r"Color of the Fragment drawn",
        r"The Bot's secret objective",
        r"Bot's score: Blueprints (\d+) \+ objective (\d+) \+ Fragments (\d+) = (\d+) VP",
        r"'99' does not work: type a number from 1 to 10\.",
    ],
}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_person_plays_a_whole_game_at_the_table(lang: str, tmp_path: Path) -> None:
    game = load_games(ROOT, ["afternova"])["afternova"]
    catalogue = Catalogue.from_game(game)
    rules = BotRules.from_content(game.automa)
    # the person reveals Blueprints 1, 2, 3, … in that order; a mirror of the Bot tells the
    # test which colour finishes its leftmost Blueprint, so the game reaches its end
    numbers = iter(range(1, 41))
    to_reveal: deque[int] = deque()

    def draw(unseen: bool) -> Blueprint:
        number = next(numbers)
        to_reveal.append(number)
        card = catalogue.blueprints[number]
        return Blueprint(card.card, card.cost, card.vp)

    mirror = Bot(capacity=4, objective=("black", "white"))
    mirror.row = [draw(False) for _ in range(3)]
    child = pexpect.spawn(
        sys.executable,
        [
            "-m",
            "starpress",
            "automa",
            "afternova",
            "play",
            "--mode",
            "table",
            "--seed",
            "11",
            "--save",
            str(tmp_path / "game.jsonl"),
            "--lang",
            lang,
        ],
        cwd=str(ROOT),
        encoding="utf-8",
        timeout=30,
    )
    told_wrong = pressed_enter = 0
    score: list[int] = []
    while not score:
        index = child.expect(PROMPTS[lang])
        if index == 0:
            pressed_enter += 1
            child.sendline("")
        elif index == 1:
            child.sendline("4" if told_wrong else "99")
        elif index == 2:
            child.sendline(str(to_reveal.popleft()))
        elif index == 3:
            child.sendline("b")
        elif index == 4:
            colour = next(iter(mirror.row[0].free()))
            rules.place(mirror, colour, draw)
            child.sendline(WORDS[lang][colour])
        elif index == 5:
            child.sendline(f"{WORDS[lang]['black']} {WORDS[lang]['white']}")
        elif index == 6:
            score = [int(value) for value in child.match.groups()]
        else:
            told_wrong += 1
    child.expect(PROMPTS[lang][0])  # the score is a step too
    child.sendline("")
    child.expect(pexpect.EOF)
    assert told_wrong == 1 and pressed_enter > 20 and len(mirror.completed) == 6
    expected = rules.score(mirror)
    assert score == [
        expected["blueprints"],
        expected["objective"],
        expected["fragments"],
        expected["total"],
    ]

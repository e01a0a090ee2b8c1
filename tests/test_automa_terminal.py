"""A whole table-mode game played through the real command line in a pseudo-terminal."""

from __future__ import annotations

import sys
from collections import deque
from pathlib import Path

import pexpect
import pytest

from starpress.automa.games.afternova.catalogue import Catalogue
from starpress.automa.games.afternova.rules import Blueprint, Bot, BotRules
from starpress.core.i18n import localize
from starpress.core.load import load_games
from tests.conftest import ROOT
from tests.patience import LAST_RESORT

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
        r"Astronave del Bot: il segno",  # 1
        r"Progetto scoperto in posizione",  # 2
        r"\[b\] turno del Bot",  # 3
        r"Colore del Frammento estratto",  # 4
        r"Obiettivo segreto del Bot",  # 5
        r"Punteggio del Bot: Progetti (\d+) \+ obiettivo (\d+) \+ Frammenti (\d+) = (\d+) PV",  # 6
        r"'99' non è una delle carte possibili",  # 7
        r"(?:Punteggio finale di ([^\n]+)|Il tuo punteggio finale) \(PV\)",  # 8: a score
        r"(Vincitore|Pareggio): ([^\n]+?)\.?  \[[^\]\n]+\]",  # 9: the rule by its title
        r"Bot: fila ",  # 10: the status
        r"A ogni domanda e a ogni pausa",  # 11: the help
    ],
    "en": [
        r"\(press Enter to continue\)",
        r"Bot's Starship: the mark",
        r"Face-up Blueprint in position",
        r"\[b\] Bot's turn",
        r"Color of the Fragment drawn",
        r"The Bot's secret objective",
        r"Bot's score: Blueprints (\d+) \+ objective (\d+) \+ Fragments (\d+) = (\d+) VP",
        r"'99' is not one of the cards here",
        r"(?:Final score of ([^\n]+)|Your final score) \(VP\)",
        r"(Winner|Tie): ([^\n]+?)\.?  \[[^\]\n]+\]",
        r"Bot: row ",
        r"At every question and every pause",
    ],
}
SEAT_2 = {"it": "chi siede al 2º posto", "en": "the player in seat 2"}


class Mirror:
    """What a person at the table does for the Bot, played along by a test: they reveal
    Blueprints 1, 2, 3, … in that order, and a mirror of the Bot (`bot`, with its row of
    `row_size`) tells the test which colour finishes its leftmost Blueprint, so a table
    game reaches its end."""

    def __init__(self, catalogue: Catalogue, row_size: int) -> None:
        self.catalogue = catalogue
        self.numbers = iter(range(1, 41))
        self.to_reveal: deque[int] = deque()
        self.bot = Bot(capacity=4, objective=("black", "white"))
        self.bot.row = [self.draw(False) for _ in range(row_size)]

    def draw(self, unseen: bool) -> Blueprint:
        number = next(self.numbers)
        self.to_reveal.append(number)
        card = self.catalogue.blueprints[number]
        return Blueprint(card.card, card.cost, card.vp)


def names(lang: str) -> dict[str, str]:
    """The cards' names in a language, by card id."""
    game = localize(ROOT, load_games(ROOT, ["afternova"])["afternova"], lang)
    return {card.id: str(card.name) for card in game.cards if card.name}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_person_plays_a_whole_game_at_the_table(lang: str, tmp_path: Path) -> None:
    """Two people and the Bot: cards named by mark or by name (Tab completes it), status and
    help at a question, both people's score pads asked and the winner named, last."""
    game = load_games(ROOT, ["afternova"])["afternova"]
    catalogue = Catalogue.from_game(game)
    rules = BotRules.from_content(game.automa)
    ship = names(lang)["afternova.card.starship-04"]
    table = Mirror(catalogue, 3)
    mirror, draw, to_reveal = table.bot, table.draw, table.to_reveal
    child = pexpect.spawn(
        sys.executable,
        ["-m", "starpress", "automa", "afternova", "play", "--mode", "table", "--seed", "11",
         "--save", str(tmp_path / "game.jsonl"), "--lang", lang],
        cwd=str(ROOT),
        encoding="utf-8",
        timeout=LAST_RESORT,
    )  # fmt: skip
    told_wrong = pressed_enter = scores_asked = 0
    seen: set[int] = set()
    score: list[int] = []
    winner: tuple[str, ...] = ()
    while not winner:
        index = child.expect(PROMPTS[lang])
        first = index not in seen
        seen.add(index)
        if index == 0:
            pressed_enter += 1
            child.sendline("s" if pressed_enter == 1 else "")  # the status at a pause
        elif index == 1:
            if told_wrong:
                child.send(ship[:4] + "\t")  # the terminal completes the Starship's name
                child.expect_exact(ship[4:])  # … echoing the rest of it
                child.sendline("")
            else:
                child.sendline("99")
        elif index == 2:
            child.sendline("?" if first else f"B {to_reveal.popleft()}/40")
        elif index == 3:
            child.sendline("s" if first else "b")  # the status at a question
        elif index == 4:
            colour = next(iter(mirror.row[0].free()))
            rules.place(mirror, colour, draw)
            child.sendline(WORDS[lang][colour])
        elif index == 5:
            child.sendline(f"{WORDS[lang]['black']} {WORDS[lang]['white']}")
        elif index == 6:
            score = [int(value) for value in child.match.groups()]
        elif index == 7:
            told_wrong += 1
        elif index == 8:  # seat 2 ties with the Bot, seat 3 scores less
            scores_asked += 1
            # the score pad: printed VP, Fragments left, objective icons, typed on one line
            child.sendline(f"{score[3] - (scores_asked - 1) * 5} 0 0")
        elif index == 9:
            winner = child.match.groups()
    child.expect(pexpect.EOF)  # the winner is the last line: no Enter after it
    # at the table every step of the Bot is followed by a question: no pause to press Enter
    assert told_wrong == 1 and pressed_enter == 0 and len(mirror.completed) == 6
    assert {10, 11} <= seen  # the status and the help were shown
    expected = rules.score(mirror)
    assert score == [
        expected["blueprints"],
        expected["objective"],
        expected["fragments"],
        expected["total"],
    ]
    # a tie goes to the later player in turn order, and the Bot plays first
    assert scores_asked == 2 and winner[1].startswith(SEAT_2[lang])
    logged = (tmp_path / "game.jsonl").read_text("utf-8")
    assert '"raw": "S 4/10"' in logged  # the name typed is logged as the card's mark

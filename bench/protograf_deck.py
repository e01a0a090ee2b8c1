"""The peer deck drawn by protograf (`../shared/bench/peer-deck/protograf_deck.py`) with
`CARDS=N` cards (default 108), so it can be measured at the sizes starpress is: the same
frame, title, wrapped body text, value badge, grid marks and back; only the card count is
read from the environment. Run with protograf's own Python (`bench/.venv-protograf`)."""

import os

import protograf as pg

out = os.environ.get("PEER_OUT", "/tmp/peer_protograf.pdf")
cards = int(os.environ.get("CARDS", "108"))
body = (
    "Gain two energy and one ore. When this card is discarded, draw one action card and "
    "reveal a planet."
)
rows = [["ID", "Title", "Body", "Value"]]
for i in range(cards):
    rows.append([i + 1, f"Card number {i + 1}", body, i % 7])
pg.Create(filename=out, margin=0.5, paper="A4")
pg.Data(data_list=rows)
pg.Deck(cards=1, card_size="poker", grid_marks=True, rounding=0.3, fill="white", stroke="gray")
frame = pg.rectangle(
    x=0.3, y=0.3, width=5.75, height=8.29, stroke="black", fill=None, stroke_width=1, rounding=0.2
)
pg.Card("all", frame)
pg.Card("all", pg.text(text=pg.T("{{ Title }}"), x=0.5, y=0.6, width=5.3, height=1.0, font_size=12))
body_box = pg.text(
    text=pg.T("{{ Body }}"), style="font-size:9px;", x=0.5, y=4.5, width=5.3, height=3.0, wrap=True
)
pg.Card("all", body_box)
badge = pg.circle(
    x=5.2, y=1.0, radius=0.5, fill="#113355", label=pg.T("{{ Value }}"), label_stroke="white",
    label_size=14,
)  # fmt: skip
pg.Card("all", badge)
back = pg.rectangle(x=0.3, y=0.3, width=5.75, height=8.29, fill="#223366", rounding=0.2)
pg.CardBack("all", back)
pg.Save()

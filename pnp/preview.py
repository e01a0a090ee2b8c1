"""One card as PNGs (`starpress pnp GAME --card ID --png`): its front and its back, as the
print-shop export draws them, to look at a card without building the whole kit."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from starpress.core import counts
from starpress.core.errors import InputError
from starpress.core.load import ContentError, UnknownGame
from starpress.core.project import Project
from starpress.pdf.units import MM
from starpress.pnp.build import plan
from starpress.pnp.command import kit_options
from starpress.pnp.export import PNG, Design, Source, _rasterise
from starpress.pnp.faces import DrawError
from starpress.pnp.kit import printed_faces
from starpress.pnp.request import Request


def card_pngs(source: Source, card_id: str, out_dir: Path) -> list[Path]:
    """`<card>-front.png` and, when it has a back (its own or the component's), `<card>-back.png`,
    at the print shop's resolution with bleed."""
    faces = printed_faces(source.game, source.templates, proof=True)
    face = next((face for face in faces if face.card.id == card_id), None)
    if face is None:
        cards = [card.id for card in source.game.cards]
        near = [other for other in cards if card_id.split(".")[-1] in other][:5]
        hint = f" (did you mean {', '.join(near)}?)" if near else ""
        raise InputError(None, f"--card: no printed card '{card_id}' in {source.game.id}{hint}")
    found = [Design(face, "front", f"{card_id}-front")]
    if face.back is not None:
        found.append(Design(face, "back", f"{card_id}-back"))
    return _rasterise(source, found, out_dir, PNG["dpi"], PNG["bleed_mm"] * MM)


def run(root: Path, request: Request, card_id: str, console: Console, errors: Console) -> int:
    """`starpress pnp GAME --card ID --png`: the card's PNGs in `<out>/preview/`."""
    try:
        options = kit_options(root, request)
        written: list[Path] = []
        for job in plan(root, [request.target], request.lang, options):
            game = job.localized()  # with the catalog `plan` read and checked
            source = Source(
                game, job.templates, Project(root).game_folder(game.id), job.options.lang
            )
            folder = request.out / "preview" / f"{game.id}-{job.options.lang}"
            written.extend(card_pngs(source, card_id, folder))
    except (InputError, UnknownGame, DrawError) as error:
        errors.print(f"[red]error:[/red] {error}", highlight=False, soft_wrap=True)
        return 2
    except ContentError as error:
        for problem in error.problems:
            errors.print(str(problem), markup=False, highlight=False, soft_wrap=True)
        errors.print(
            f"[red]error:[/red] {counts.count(len(error.problems), 'problem', 'problems')}",
            highlight=False,
        )
        return 2
    for path in written:
        console.print(f"wrote {path}", highlight=False, soft_wrap=True)
    return 0

"""Rich text fitting: wrapping, shrinking, and icons on the baseline."""

from __future__ import annotations

import pytest

from starpress.pdf.fonts import register_fonts
from starpress.pnp import textfit

FAMILY = "DejaVuSansCondensed"


@pytest.fixture(autouse=True)
def fonts() -> None:
    register_fonts()


def fit(text: str, width: float, height: float, size: float = 10, minimum: float = 5):  # type: ignore[no-untyped-def]
    words = textfit.measure(text, FAMILY, False, "demo", {})
    return textfit.fit(words, width, height, size, minimum, 1.2, FAMILY)


def test_short_text_keeps_its_size() -> None:
    fitted = fit("Gain 2 :coin:.", 100, 20)
    assert (fitted.size, fitted.overflow) == (10, False)


def test_long_text_shrinks_until_it_fits() -> None:
    text = "Draw two cards, then discard one card of your choice. " * 3
    fitted = fit(text, 100, 40)
    assert 5 <= fitted.size < 10 and not fitted.overflow
    assert fitted.height <= 40


def test_text_that_cannot_fit_is_overflow_at_the_minimum_size() -> None:
    fitted = fit("word " * 200, 50, 10, minimum=6)
    assert fitted.overflow and fitted.size == 6


def test_icons_sit_on_the_baseline_also_in_centred_wrapped_lines() -> None:
    fitted = fit(":coin: and :coin: on two lines of centred text :coin:", 60, 40)
    texts: list[tuple[str, float, float]] = []
    icons: list[tuple[str, float, float, float]] = []
    textfit.draw_lines(
        fitted,
        0,
        40,
        60,
        "center",
        lambda text, font, size, x, y: texts.append((text, x, y)),
        lambda icon, x, y, size: icons.append((icon, x, y, size)),
    )
    lines = sum(len(paragraph) for paragraph in fitted.lines)
    assert lines >= 2
    first = 40 - fitted.ascent
    baselines = [first - number * fitted.size * 1.2 for number in range(lines)]
    assert {round(y, 6) for _t, _x, y in texts} <= {round(b, 6) for b in baselines}
    for _icon, _x, y, size in icons:
        # the icon's bottom is a small, fixed drop below one of the text baselines
        drop = textfit.ICON_DROP * fitted.size
        assert any(abs((y + drop) - baseline) < 1e-6 for baseline in baselines)
        assert size == pytest.approx(textfit.ICON_EM * fitted.size)
    # centred: every line's middle is the box's middle
    assert all(0 <= x <= 60 for _t, x, _y in texts)


def test_text_made_only_of_icons_fits_and_draws_icons() -> None:
    fitted = fit(":coin: :coin: :coin:", 40, 15, size=20)
    drawn: list[str] = []
    textfit.draw_lines(
        fitted, 0, 15, 40, "left", lambda *args: None, lambda icon, x, y, size: drawn.append(icon)
    )
    assert drawn == ["coin", "coin", "coin"] and not fitted.overflow


def _line_texts(fitted: textfit.Fitted) -> list[list[str]]:
    """Each line as its words, an icon word shown as its icon ids."""
    return [
        ["".join(piece.text or f":{piece.icon}:" for piece in word) for word in line.words]
        for paragraph in fitted.lines
        for line in paragraph
    ]


@pytest.mark.parametrize("width", [30, 36, 42, 48, 54, 60, 70])
def test_punctuation_and_icons_stay_with_the_word_before_them(width: float) -> None:
    # at some of these widths a plain greedy wrap leaves "." or ":coin: ." on a line alone
    fitted = fit("Whenever you take a planet, +1 :coin: . If you lose, :coin: :coin:.", width, 200)
    lines = _line_texts(fitted)
    assert not fitted.overflow
    for words in lines[1:]:
        assert not all(word.strip(".,") == "" or word.startswith(":") for word in words), lines


def test_a_long_run_of_icons_still_wraps() -> None:
    fitted = fit("Faces: " + " · ".join([":coin: :coin:"] * 8), 80, 200)
    assert not fitted.overflow and len(_line_texts(fitted)) >= 3


TEXTS = [
    "Gain 2 :coin:.",
    "Draw two cards, then discard one card of your choice. " * 3,
    "Move up to three spaces.\n- Attack a ship next to you.\n- Or repair :coin: :coin: one hull.",
    "Supercalifragilistic expialidocious words, wider than the narrowest boxes.",
]


@pytest.mark.parametrize("text", TEXTS)
def test_the_size_is_the_largest_that_wraps_into_the_box(text: str) -> None:
    """The area bound and the bisection pick what trying every size from the largest
    down would pick, and the bound never rules out a size at which the text fits."""
    words = textfit.measure(text, FAMILY, False, "demo", {})
    widths = [sum(piece.width for word in paragraph for piece in word) for paragraph in words]
    for width in (30, 55, 90, 160):
        for height in (12, 25, 48, 100):
            sizes = [24 - step * textfit.SIZE_STEP for step in range(77)]  # 24 pt down to 5 pt
            fitting = []
            for size in sizes:
                lines = textfit._wrap(words, width / size, FAMILY)
                if lines is not None and textfit._height(lines, size, 1.2, FAMILY) <= height + 0.01:
                    fitting.append(size)
            for size in fitting:
                assert not textfit._too_tall_by_area(widths, width, height, size, 1.2, FAMILY)
            fitted = textfit.fit(words, width, height, 24, 5, 1.2, FAMILY)
            assert fitted.overflow is not fitting
            assert fitted.size == (fitting[0] if fitting else 5)


def test_sizes_too_large_for_the_area_are_not_wrapped(monkeypatch: pytest.MonkeyPatch) -> None:
    """A long text in a small box, from 40 pt down: the bound skips the large sizes and
    the text is wrapped at the first size the bound leaves, where it fits."""
    wrapped: list[float] = []
    real_wrap = textfit._wrap

    def counting_wrap(paragraphs, width, family, force=False):  # type: ignore[no-untyped-def]
        wrapped.append(width)
        return real_wrap(paragraphs, width, family, force)

    monkeypatch.setattr(textfit, "_wrap", counting_wrap)
    fitted = fit("Draw two cards, then discard one of them. " * 4, 120, 60, size=40)
    assert not fitted.overflow and fitted.size < 12
    assert len(wrapped) <= 3

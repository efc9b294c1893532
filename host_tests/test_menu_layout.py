"""Every menu page's layout, measured on both screens (320x240 PyPortal, 480x320 Titano)
and in both games: the title row never touches a button, no two buttons overlap, every
button lies on the screen with its label inside it, and a text line written on a menu
page (a chooser's game line, the New game page's foot note) is under no button."""

import pytest

from apptools import start

SIZES = [(320, 240), (480, 320)]
PAGES = ("main", "new", "prefs", "help", "games")


def boxes(menus):
    """Every shown button's box (x, y, w, h), halves of a setting joined again."""
    return [b for b in menus.boxes if b is not None]


def check(app, page):
    m = app.menus
    ch = m.ch
    bs = boxes(m)
    assert bs, page
    w, h = app.p.width, app.p.height
    for x, y, bw, bh in bs:
        assert y >= ch + 1, (page, "title touches a button", (x, y, bw, bh), ch)
        assert x >= 0 and y >= 0 and x + bw <= w and y + bh <= h, (page, (x, y, bw, bh))
    for i, a in enumerate(bs):
        for b in bs[i + 1:]:
            apart = (a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or
                     a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1])
            assert apart, (page, a, b)
    # every label row inside its box; every other written row under no box
    from tools.sim import screen_text
    lines = screen_text(app).split("\n")
    for r, line in enumerate(lines[1:], 1):
        if not line.strip():
            continue
        top, bottom = r * ch, (r + 1) * ch
        inside = [b for b in bs if b[1] <= top and bottom <= b[1] + b[3]]
        cut = [b for b in bs if b[1] < bottom and top < b[1] + b[3] and b not in inside]
        assert not cut, (page, "a text row cut by a button", r, line)


@pytest.mark.parametrize("size", SIZES, ids=["320x240", "480x320"])
@pytest.mark.parametrize("game", ["S", "W", "B"])
def test_every_menu_page_keeps_title_buttons_and_text_apart(size, game):
    app, d, p = start(prefs={"game": game, "variant": "bridge"}, size=size)
    d.press("menu")
    for page in PAGES:
        app.menus.open(page)
        check(app, page)


@pytest.mark.parametrize("size", SIZES, ids=["320x240", "480x320"])
def test_the_chooser_on_a_first_start_is_laid_out_too(size):
    app, d, p = start(size=size, tutorial_done=False)
    assert app.menus.page == "games"
    check(app, "games")


def test_the_check_fails_on_the_old_titano_layout(monkeypatch):
    """With the label row in a slot's upper row (the old layout) the Titano's first
    buttons reach into the title: the measure says so."""
    from quadpocket import menus as mod
    app, d, p = start(size=(480, 320))
    d.press("menu")
    m = app.menus
    m.m = (m.k * m.ch - m.ch) // 2 - 2  # the old margin
    real = mod.Menus._show

    def old_show(self, title, rows, buttons, per_row):
        k = self.k
        real(self, title, rows, buttons, per_row)
        for i in range(mod.SLOTS):  # move every box to the old label row
            if self.boxes[i] is not None and per_row == 2:
                row = 1 + (i // 2) * k + (k - 1) // 2
                x, _, bw, bh = self.boxes[i]
                self.boxes[i] = (x, row * self.ch - self.m, bw, bh)

    monkeypatch.setattr(mod.Menus, "_show", old_show)
    m.open("main")
    with pytest.raises(AssertionError):
        check(app, "main")

"""A text page's screen (quadpocket.menus): its size and, under menus at text scale 2 (the
Titano), its body grid at scale 1 (fine), then its lines, title and buttons (render).
Imported for each and dropped right after, so neither its code nor quadpocket.pages'
(the words) is loaded while the other works.
"""

from quadpocket import view


def render(m):
    """Show menus m's text page (m.lines) from line m.at: the title with the screen's
    number, the lines, and Prev (or Step on a finished game's move list), Next, Back."""
    body = m.body()
    n = max(1, (len(m.lines) + body - 1) // body)
    k = m.at // body
    title = m.title
    if n > 1:
        title = "%s  %d/%d" % (title, k + 1, n)
    # a move list with a turn in it, of any game, finished or not: Step (quadpocket.review)
    step = m.steps
    buttons = [("prev", "< Prev") if k > 0 else ("review", "Step") if step else None,
               ("next", "Next >") if k + 1 < n else None,
               ("back", "Back")]
    rows = m.lines[m.at:m.at + body]
    f = m.fine
    if f is None:  # the body on the menu grid, after a space
        m._show(title, [" " + s for s in rows], buttons, 3)
        return
    for r in range(body):
        view.put(f, r, rows[r] if r < len(rows) else "", f.width)
    m._show(title, (), buttons, 3)


ROOM = 14 * 1024  # bytes free (after a collection) below which no body grid is made


def fine(m, big=False):
    """A text page's body on menus m (quadpocket.menus): m.nb rows above the button band;
    big (About): on the menu grid at its scale; else under menus at text scale 2 (the
    Titano) in a grid of its own at scale 1, m.fine (6 x
    12 px glyphs, 76 to a line, 12 px in from each side, centred between the title and
    the buttons), made before the page's text so that its 1.4 KB find a hole in one
    piece (made after, the heap mid-game had none: tools.app_heap --smallest --titano).
    With less than ROOM free, or no room for it in one piece, the body stays on the menu
    grid at scale 2: a pass-and-play game of 5 or 6 on the Titano keeps about 11-12 KB
    free at its menu, Still's Quad against the computer 19, Trek 17, 4 humans 15
    (tools.app_heap --titano, 100 KB budget); host_tests/test_app_vm_variants.py. A
    platform's `text_room` replaces ROOM (the firmware route's: 12 KB, which a game of six
    leaves on the Titano in its 64 KB; host_tests/test_firmware_heap.py)."""
    m.nb = n = screen_rows(m)
    ch = m.ch
    if big and ch > 12:  # About: the Titano's text at the menus' scale, 24 px a row
        if m.fine is not None:
            m.group.remove(m.fine)
            m.fine = None
        m.nb = _band(m) // ch - 1
        return
    if ch > 12 and m.fine is None:
        band = _band(m)
        import displayio
        from quadpocket import view
        import gc
        gc.collect()
        try:
            # (CPython has no mem_free; the firmware route's platform sets its own room)
            if getattr(gc, "mem_free", lambda: ROOM)() < getattr(m.app.p, "text_room", ROOM):
                raise MemoryError
            m.fine = displayio.TileGrid(
                m.tg.bitmap, pixel_shader=m.app.pals[0], width=width(m), height=n,
                tile_width=6, tile_height=12, default_tile=view.FONT[0], x=m.cw,
                y=ch + (band - ch - 12 * n) // 2)
        except MemoryError:
            m.nb = band // ch - 1
            return
        m.group.append(m.fine)


def _band(m):
    """The top of menus m's button band on a text page."""
    k = m.k
    return (m.rows - k + (k - 1) // 2) * m.ch - m.m


def screen_rows(m):
    """Text rows of a text page on menus m, above its buttons: 16 on the PyPortal, 19 on
    the Titano (at text scale 1, from under the title)."""
    ch = m.ch
    return _band(m) // ch - 1 if ch == 12 else (_band(m) - ch) // 12


def width(m):
    """A text page's line on menus m: 52 characters on the PyPortal, 76 on the Titano."""
    return m.cols - 1 if m.ch == 12 else (m.w - 2 * m.cw) // 6


def tap(self, name):
    """A tap on text page menus `self` (the menus' own: prev, next, review, back)."""
    body = self.body()
    if name == "prev" and self.at > 0:
        self.at -= body
        self.render_text()
    elif name == "next":
        self.at += body
        self.render_text()
    elif name == "review":
        self.lines = []
        self.app.use("review").start(self.app)
    elif name == "back":
        self.lines = []
        if self.back == "play":
            self.app.show(self.app.play.group, "play")
        else:
            self.open(self.back)

"""Help, read as a player reads it: every topic opened from the Help menu and paged through
with Next on both screens (320x240 PyPortal, 480x320 Titano). Every line fits the text
grid, every block of text is shown whole on one screen, nothing is lost between screens,
and the help covers what the player needs (each preference, each variant, the screen)."""

import os
import re

import pytest

from apptools import screen_text, start

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HELP = os.path.join(ROOT, "lib", "face_still", "help.txt")     # Still's Quad's own topics
SHELL = os.path.join(ROOT, "lib", "quadpocket", "help.txt")    # every game's: Preferences, About
SIZES = [(320, 240), (480, 320)]


def _topics():
    """{title: paragraphs} straight from the game's help.txt and then the shell's, as the
    Help menu lists them (an independent little parser)."""
    topics = {}
    for path in (HELP, SHELL):
        cur = None
        for line in open(path).read().split("\n"):
            if line.startswith("= "):
                cur = line[2:]
                topics[cur] = []
            elif cur is not None and not line.startswith("#"):
                topics[cur].append(line)
    return topics


def _blocks(paras):
    """Runs of non-empty paragraphs (what must stay on one screen)."""
    out, cur = [], []
    for p in paras + [""]:
        if p and p != "--":
            cur.append(p)
        elif cur:
            out.append(cur)
            cur = []
    return out


def _words(text):
    return " ".join(text.split())


def _read_topic(app, d, name):
    """(title line, [screen bodies]) of help topic `name`, paging with Next to the end."""
    d.press(name)
    assert app.mode == "text"
    screens = []
    titles = []
    while True:
        text = screen_text(app)
        lines = text.split("\n")
        titles.append(lines[0])
        m = app.menus
        _read_topic.grid = (m.cols, (m.fine.width if m.fine else m.cols - 1) + 1, m.body())
        body_rows = lines[1:1 + m.body()]
        screens.append(body_rows)
        # no button covers text: the last written row ends above every button's top
        written = [i for i, ln in enumerate(body_rows) if ln.strip()]
        if written:
            f = m.fine  # the Titano's body grid (12 px rows from its y), else the menu's
            bottom = f.y + (written[-1] + 1) * 12 if f else (written[-1] + 2) * m.ch
            tops = [r[1] for _, r in m.rects()]
            assert bottom <= min(tops), (name, len(screens), body_rows[written[-1]])
        if not any(n == "next" for n, _ in m.rects()):
            break
        d.press("next")
    d.press("back")
    return titles, screens


@pytest.fixture(scope="module", params=SIZES, ids=["320x240", "480x320"])
def shown(request):
    """Every help topic as the app shows it: {title: (title lines, screens)}, and the grid."""
    app, d, p = start(size=request.param)
    d.press("menu")
    d.press("help")
    names = [(n, r) for n, r in app.menus.rects() if n.startswith("topic")]
    out = {}
    titles = [t for t in _topics() if t != "About"]
    assert len(names) == len(titles)
    for i, (name, _) in enumerate(names):
        out[titles[i]] = _read_topic(app, d, name)
    grid = _read_topic.grid  # title's width; a body line's (after " "); body rows
    d.press("back")
    out["About"] = _read_topic(app, d, "about")
    return request.param, grid, out


def test_every_topic_is_in_the_help_menu_with_its_whole_title(shown):
    size, (cols, width, rows), out = shown
    topics = _topics()
    assert list(out) == list(topics)  # About is reached from the main menu
    assert len(topics) - 1 <= 11      # the Help menu has 12 buttons, one is Back
    for t in topics:
        assert len(t) <= 18, t        # a button is cols // 2 characters wide (20 on Titano)


def test_every_line_fits_the_text_grid(shown):
    size, (cols, width, rows), out = shown
    for title, (titles, screens) in out.items():
        for tl in titles:
            assert tl.strip().startswith(title), (tl, title)
            assert len(tl) <= cols
        for body in screens:
            assert len(body) <= rows
            for line in body:
                assert len(line) <= width, (size, title, line)


def test_the_titano_shows_each_topic_in_no_more_screens_than_the_pyportal(shown):
    """The bigger screen shows more: on the 480x320 Titano a text page's body is at text
    scale 1 (the menus stay at 2), so no topic takes more screens there than on the
    320x240 PyPortal, and "The game screen" takes 3 (4 on the PyPortal; it took 10 with
    the body at scale 2, 39 characters by 9 rows)."""
    size, grid, out = shown
    if size != SIZES[1]:
        return
    small = _screens_on(SIZES[0])
    big = {t: len(out[t][1]) for t in out}
    assert all(big[t] <= small[t] for t in small), (small, big)
    assert big["The game screen"] <= 3, big


def _screens_on(size):
    app, d, p = start(size=size)
    d.press("menu")
    d.press("help")
    names = [n for n, _ in app.menus.rects() if n.startswith("topic")]
    titles = [t for t in _topics() if t != "About"]
    return {t: len(_read_topic(app, d, n)[1]) for t, n in zip(titles, names)}


def test_the_titano_body_is_small_text_inside_the_screen_with_margins(shown):
    """On the Titano the body grid draws 6 x 12 px glyphs (text scale 1) with a margin of
    12 px left and right, starts under the title row and ends above the buttons, and is
    dropped on a menu page (New game's Start builds a game from there); on the PyPortal
    the body is on the menu grid (no second grid), as before."""
    size, grid, out = shown
    app, d, p = start(size=size)
    d.press("menu")
    d.press("help")
    d.press("topic1")
    m = app.menus
    if size == SIZES[0]:
        assert m.fine is None and m.body() == 16 and m.ch == 12
        return
    f = m.fine
    assert f is not None and m.ch == 24
    assert f.x >= 12 and f.x + f.width * 6 <= size[0] - 12
    assert f.y >= m.ch  # under the title row
    assert f.y + m.body() * 12 <= min(b[1] for _, b in m.rects())
    assert f.width >= 70 and m.body() >= 18  # at least 70 x 18 characters
    d.press("back")
    assert m.fine is None and f not in list(m.group)  # menu pages do not keep it


def test_with_no_room_for_the_body_grid_the_titano_shows_the_text_at_scale_2(monkeypatch):
    """A heap too tight for the body grid's 1.4 KB (a MemoryError making it) leaves the
    page as it was before the grid: on the menu grid, 9 rows of 39 characters, every line
    whole and the next screen one Next away."""
    import displayio
    app, d, p = start(size=SIZES[1])
    d.press("menu")
    d.press("help")
    real = displayio.TileGrid

    def tight(*a, **k):
        if k.get("height", 1) > 1 and k.get("width", 1) > 40:  # the body grid only
            raise MemoryError("memory allocation failed")
        return real(*a, **k)
    monkeypatch.setattr(displayio, "TileGrid", tight)
    d.press("topic4")  # The game screen
    m = app.menus
    assert app.mode == "text" and m.fine is None and m.body() == 9
    assert max(len(s) for s in m.lines) <= m.cols - 1
    lines = screen_text(app).split("\n")
    assert lines[0].strip().startswith("The game screen  1/")
    assert [s.strip() for s in lines[1:10]] == [s.strip() for s in m.lines[:9]]
    d.press("next")
    assert screen_text(app).split("\n")[0].strip().startswith("The game screen  2/")


def test_every_block_is_shown_whole_on_one_screen(shown):
    """Each run of paragraphs (and each picture with its caption) is on one screen, in
    order, with its words unchanged and no word cut; the screens together hold nothing
    else."""
    size, grid, out = shown
    for title, paras in _topics().items():
        titles, screens = out[title]
        texts = [_words(" ".join(body)) for body in screens]
        blocks = _blocks(paras)
        at = 0
        for block in blocks:
            pics = [p[1:].rstrip() for p in block if p.startswith("|")]
            words = _words(" ".join(p if not p.startswith("|") else p[1:] for p in block))
            words = words.replace("{version}", "")
            if "{version}" in " ".join(block):
                words = words.split("  ")[0].strip()  # the part before the version
            while at < len(texts) and words not in texts[at]:
                at += 1
            assert at < len(texts), ("not whole on any screen", size, title, words)
            for pic in pics:  # pictures keep their spacing, line by line
                assert any(line[1:].rstrip() == pic for line in screens[at]), (size, pic)
        shown_words = sum(len(t.split()) for t in texts)
        want = sum(len(_words(" ".join(p.lstrip("|") for p in b)).split()) for b in blocks)
        if title != "About":
            assert shown_words == want, (size, title, shown_words, want)
        if len(screens) > 1:
            assert titles[0].endswith(" 1/%d" % len(screens))


def test_the_tilted_square_picture_is_a_square():
    """The picture's X marks sit on a square of the board it labels (independent check:
    equal sides and a right angle), and the caption names those cells."""
    paras = _topics()["Tilted squares"]
    pics = []
    cur = []
    for p in paras + [""]:
        if p.startswith("|"):
            cur.append(p[1:])
        elif cur:
            pics.append((cur, p))
            cur = []
    assert pics
    for rows, caption in pics:
        cols_line = rows[-1]
        letters = [(m.start(), m.group()) for m in re.finditer(r"[a-k]", cols_line)]
        cells = []
        for row in rows[:-1]:
            num = int(row.split()[0])
            for pos, ch in enumerate(row):
                if ch == "X":
                    col = [c for x, c in letters if x == pos]
                    assert col, (row, pos)
                    cells.append((ord(col[0]) - 97, num - 1))
        assert len(cells) == 4
        # order round the square: sort by angle about the centre
        cx = sum(c for c, _ in cells) / 4.0
        cy = sum(r for _, r in cells) / 4.0
        import math
        cells.sort(key=lambda c: math.atan2(c[1] - cy, c[0] - cx))
        sides = [(cells[(i + 1) % 4][0] - cells[i][0], cells[(i + 1) % 4][1] - cells[i][1])
                 for i in range(4)]
        for (a, b), (c, e) in zip(sides, sides[1:] + sides[:1]):
            assert (c, e) == (-b, a)  # each side is the last turned a quarter
        for c, r in cells:
            assert "%s%d" % (chr(97 + c), r + 1) in caption, caption


def test_help_covers_what_the_player_needs():
    text = _words(open(HELP).read())
    topics = _topics()
    for t in ("Preferences", "Variants", "New game", "Tilted squares", "History",
              "The game screen", "Strategy"):
        assert t in topics
    app, d, p = start()
    d.press("menu")
    # every preference the Preferences menu shows, by its label ("Show move: on"), and
    # every setting of the New game page, in their topics
    for page, topic, least in (("prefs", "Preferences", 6), ("new", "New game", 7)):
        d.press(page)
        shown = screen_text(app).split("\n")[1:]
        labels = re.findall(r"([A-Z0-9][\w-]*(?: [a-z]+)?)\*?: ", "\n".join(shown))
        assert len(labels) >= least, labels
        words = _words(" ".join(topics[topic]))
        for label in labels:
            assert label in words, (topic, label)
        d.press("back")
    variants = _words(" ".join(topics["Variants"]))
    for v in ("Trek", "Rapid", "Duel", "Bridge", "Move to?", "put it back"):
        assert v in variants, v
    rules = _words(" ".join(topics["New game"]))
    for o in ("One-short", "7 stars", "Claim mode", "Quad!"):
        assert o in rules, o
    screen = _words(" ".join(topics["The game screen"]))
    for w in ("Blue frames", "round number", "Moves", "both ends", "variant"):
        assert w in screen, w
    strategy = _words(" ".join(topics["Strategy"]))
    for w in ("double threat", "Star timing", "Star a threat and attack elsewhere"):
        assert w in strategy, w
    assert "Keith Still" in " ".join(topics["History"])


def test_what_the_help_says_matches_the_game():
    """Issue 22's help points, each against the engine where it can be: the star count of
    every board size (two players) as quadcore's Rules gives it; a star spoils every
    square through its cell; both turning directions find a square; a diamond-shaped
    square counts (the smallest tilted square is one); Bridge partners play in silence."""
    import re as _re
    from quadcore.rules import Rules
    topics = _topics()
    text = {t: " ".join(p for p in ps if not p.startswith("|")) for t, ps in topics.items()}
    counts = {}
    words = {"none": 0, "one": 1}
    for m in _re.finditer(r"(\d+|none) on (\d+)x\2", text["New game"]):
        counts[int(m.group(2))] = words.get(m.group(1), None) if not m.group(1).isdigit() \
            else int(m.group(1))
    m = _re.search(r"(\d+) stars on (\d+)x\2 or larger", text["New game"])
    assert m, "the largest boards' star count"
    for n in range(int(m.group(2)), 16):
        counts[n] = int(m.group(1))
    assert sorted(counts) == list(range(5, 16)), counts
    for n, k in counts.items():
        assert Rules(size=n).stars == k, (n, k)
    assert "every square through its cell" in text["Stars"]
    assert "blocks a square" not in " ".join(text.values())
    find = text["Tilted squares"][text["Tilted squares"].index("To find one"):]
    assert "left" in find and "right" in find
    assert "diamond" in text["Tilted squares"]
    assert not _re.search(r"diamonds that are not square do not count", text["What is Quad"])
    assert "counts" in text["What is Quad"][text["What is Quad"].index("diamond") - 60:]
    assert "no talking" in text["Variants"]

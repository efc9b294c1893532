"""The words of the text pages: help topics and About (read from help.txt in this folder,
so they never sit in compiled code), statistics and the move list. Imported while a page
is made and dropped right after: only the wrapped lines stay while the page is shown.
"""

from quadpocket.play import LEVELS, level_name


def text(app, what, width):
    """(title, lines of at most width characters) for page what: "topics" (the help
    topics' titles, not wrapped), "topic<i>", "about", "stats" or "moves"."""
    wq = app.prefs.game == "W"  # Winther's Quad: its own help, stats and moves
    name = "wq_help.txt" if wq else "help.txt"
    if what == "topics":
        return "Help", help_topics(name=name)
    if what == "stats":
        return "Statistics", (app.use("wq_start").stats_lines(app) if wq else stats(app))
    if what == "moves" and wq:
        return "Moves", app.use("wq_start").move_lines(app.play.game, width)
    if what == "wqtutorial":
        return "Tutorial", layout(help_topics("", "Tutorial", "wq_help.txt"), width,
                                  app.menus.body(), app.menus.body())
    if what == "moves":
        g = app.play.game
        return "Moves (%dx%d)" % (g.n, g.n), moves(g, width, app.play.s.cpu)
    # A help topic or About, laid out in screens of the rows a text page shows
    # (quadpocket.menus.Menus.body: between the title and the button band).
    m = app.menus
    rows = top = m.body() if m is not None else 0
    if what == "about":
        return "About", layout(help_topics(str(app.p.version), "About") + games(app),
                               width, rows, top)
    title = help_topics(name=name)[int(what[5:])]
    return title, layout(help_topics("", title, name), width, rows, top)


def games(app):
    """About's list of the games and their inventors (quadpocket.games)."""
    g = app.use("games")
    out = ["", "Games:"]
    here = getattr(app.p, "games", "SW")
    for row in g.GAMES:
        out.append("- %s, by %s%s" % (row[1], row[2],
                                     "" if row[0] in here else " (needs more memory)"))
    out += ["", "Coming:"]
    for row in g.COMING:
        out.append("- %s: %s" % (row[0], row[1]))
    return out


def layout(paras, width, rows=0, top=0):
    """The lines of a help topic, laid out in screens of `rows` lines (0: one long page)
    of which the first `top` are free to write (0: all).

    A block is a run of non-empty paragraphs; blocks are separated by one blank line.
    Paragraphs are word-wrapped to width; "|" lines are kept as written (pictures). A
    block never straddles two screens: one that does not fit in the free rows below what
    is already on the screen starts the next (blank lines fill the rest, so the text
    page's Next shows it from its first line). A "--" line starts a new screen."""
    top = top or rows
    out = []
    start = 0  # first line of the current screen
    lines = []  # the block being gathered
    for para in paras + ["--"]:
        if para and para != "--":
            if para[:1] == "|":
                lines.append(para[1:width + 1])
            else:
                lines.extend(wrap([para], width))
            continue
        if lines:
            n = len(out) - start  # lines already on this screen
            if n and rows and n + 1 + len(lines) > top:
                start = _new_screen(out, rows)
            elif n:
                out.append("")
            out.extend(lines)
            lines = []
        if para == "--" and len(out) > start:
            start = _new_screen(out, rows)
    while out and not out[-1]:
        out.pop()
    return out


def _new_screen(out, rows):
    if not rows:
        out.append("")  # one long page: a blank line where a screen would end
    while rows and len(out) % rows:
        out.append("")
    return len(out)


def help_topics(version="", want=None, name="help.txt"):
    """Titles of the help topics in help.txt, or (want given) that topic's paragraphs.
    Lines starting with "= " open a topic; "#" lines are comments; {version} is filled
    in. Read line by line: only the wanted text is ever in memory (the longest topic is
    under 2 KB)."""
    f = __file__
    path = f[:max(f.rfind("/"), f.rfind("\\")) + 1] + name
    titles = []
    paras = []
    with open(path) as fh:
        for line in fh:
            line = line.rstrip()
            if line.startswith("= "):
                titles.append(line[2:])
            elif want is not None and titles and titles[-1] == want and \
                    not line.startswith("#"):
                paras.append(line.replace("{version}", version))
    if want is None:
        return titles
    while paras and not paras[-1]:
        paras.pop()
    return paras


def wrap(paras, width):
    """Word-wrap paragraphs to lines of at most width characters ("" stays a blank line)."""
    out = []
    for para in paras:
        line = ""
        for word in para.split(" "):
            while len(word) > width:
                if line:
                    out.append(line)
                    line = ""
                out.append(word[:width])
                word = word[width:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line = line + " " + word
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


def stats(app):
    st = app.use("storage").Store(app.p.nvm).stats
    lines = ["Standard games against the computer", "(variants are not counted):", "",
             "%-8s %4s %4s %4s %6s %4s" % ("Level", "Won", "Lost", "Draw", "Streak", "Best")]
    for lv in LEVELS:
        d = st[lv]
        lines.append("%-8s %4d %4d %4d %6d %4d" % (level_name(lv), d["wins"], d["losses"],
                                                   d["draws"], d["streak"], d["best"]))
    return lines


def who(seat, cpu):
    """A seat as the move list names it: You / CPU against the computer, else P1..P6."""
    if cpu >= 0:
        return "CPU" if seat == cpu else "You"
    return "P%d" % (seat + 1)


def moves(game, width, cpu=-1):
    """The game's turns, numbered, each with who played it, several per line when they
    fit."""
    turns = [game.turn_text(t) for t in game.history]
    if game.current:
        turns.append(game.turn_text(game.current) + " ...")
    k = game.rules.players
    items = ["%d.%s %s" % (i + 1, who(i % k, cpu), t) for i, t in enumerate(turns)]
    size = max([len(s) for s in items] + [1]) + 2
    per = max(1, width // size)
    lines = []
    for i in range(0, len(items), per):
        lines.append("".join(s + " " * (size - len(s)) for s in items[i:i + per]))
    return lines or ["No moves yet."]

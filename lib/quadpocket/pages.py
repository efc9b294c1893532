"""The words of the text pages: help topics and About (read from the shell's help.txt in
this folder and the shown face's in its package, so they never sit in compiled code),
statistics and the move list (the face's, through its start module). Imported while a page
is made and dropped right after: only the wrapped lines stay while the page is shown.
"""

def text(app, what, width):
    """(title, lines of at most width characters) for page what: "topics" (the help
    topics' titles, not wrapped), "topic<i>", "about", "stats", "moves" or "tutorial" (a
    face's tutorial as a text page). A face's help is the help.txt in its package; the
    shell's (Preferences, About) is this folder's; statistics and the move list come from
    the face's pages module."""
    if what in ("stats", "moves"):
        face = app.use(app.face + ".pages")  # small: the face's start module stays out
        if what == "stats":
            return "Statistics", face.stats_lines(app)
        lines = columns(face.move_items(app), width)
        if app.play.game.result is not None:  # the move list ends with the result
            lines += wrap(app.use("review").result(app.play), width)
        return face.move_title(app), lines
    import sys
    face = sys.modules[app.face] if app.face else None  # the face's package: resident
    mine = _path(__file__, "help.txt")
    theirs = _path(face.__file__, "help.txt") if face else mine
    own = help_topics(name=theirs) if face else []
    if what == "topics":
        return "Help", own + [t for t in help_topics(name=mine) if t != "About"]
    # A help topic or About, laid out in screens of the rows a text page shows
    # (quadpocket.menus.Menus.body: between the title and the button band).
    m = app.menus
    rows = top = m.body() if m is not None else 0
    if what == "about":
        import quadpocket
        v = "%s, %s" % (app.p.version, route(quadpocket.__file__))
        return "About", layout(help_topics(v, "About", mine) + games(app), width, rows, top)
    if what == "tutorial":
        title, name = "Tutorial", theirs
    else:
        i = int(what[5:])
        name = theirs if i < len(own) else mine
        title = own[i] if i < len(own) else help_topics(name=mine)[i - len(own)]
    return title, layout(help_topics("", title, name), width, rows, top)


def stats(head, c, rows):
    """A game's statistics page: head (its lines), the columns' titles, then a row a (level
    name, i): the games won, lost and drawn against it, three counts of two bytes (high
    first) from c[i] on (the face's settings and statistics record, play.conf)."""
    lines = head + ["", "%-8s %4s %4s %4s" % ("Level", "Won", "Lost", "Draw")]
    for name, i in rows:
        lines.append("%-8s %4d %4d %4d" % (name, c[i] << 8 | c[i + 1], c[i + 2] << 8 | c[i + 3],
                                           c[i + 4] << 8 | c[i + 5]))
    return lines


def _path(f, name):
    """name in the folder of the module file f. A module frozen into the firmware has a
    relative file name ("face_still/__init__.py"): its data is in the drive's lib/."""
    if _frozen(f):
        f = "lib/" + f
    return f[:max(f.rfind("/"), f.rfind("\\")) + 1] + name


def _frozen(f):
    return f[:1] not in "/\\" and ":" not in f


def route(f):
    """Where the games' code runs from, for About, given a package's file name f: frozen
    into the firmware (docs/device.md, "The firmware route"), or its files' kind."""
    if _frozen(f):
        return "games frozen in the firmware"
    return "games from %s files" % f[f.rfind("."):]


def games(app):
    """About's list of the games and their inventors (quadpocket.games)."""
    g = app.use("games")
    here = getattr(app.p, "games", "SWXB")
    out = ["", "Games:"]
    for row in g.GAMES:
        out.append("- %s, by %s%s" % (row[1], row[2], "" if row[0] in here
                                      else " (needs more memory)"))
    if g.COMING:  # (none: no heading over nothing)
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


def help_topics(version="", want=None, name=None):
    """Titles of the help topics in the help file at path name (this folder's help.txt
    if None), or (want given) that topic's paragraphs. Lines starting with "= " open a
    topic; "#" lines are comments; {version} is filled in. Read line by line: only the
    wanted text is ever in memory (the longest topic is under 2 KB)."""
    path = name or _path(__file__, "help.txt")
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


def columns(items, width):
    """The move list's items (numbered turns) several to a line when they fit."""
    size = max([len(s) for s in items] + [1]) + 2
    per = max(1, width // size)
    lines = []
    for i in range(0, len(items), per):
        lines.append("".join(s + " " * (size - len(s)) for s in items[i:i + per]))
    return lines or ["No moves yet."]

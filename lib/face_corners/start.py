"""The corner polyomino game's entry points (docs/shell.md): begin, resume, new_game,
show, load_session; its settings and statistics in nvm; the end of a game (the
screen's build is face_corners.build). Loaded through App.use when needed and
dropped after (only the face's package, face_corners, stays resident).

Its nvm regions (its row in quadpocket.games; records.py's record format, two alternating
copies of each, so a torn write leaves the older copy):

    4416  settings + stats  A, B   64 bytes each  tag "b"
    4544  game              A, B  256 bytes each  tag "B"   (84 placements at most: 186 B)

Settings + stats payload (40 bytes): 0 variant (corners.VARIANTS), 1 start rule
(corners.STARTS), 2-5 who plays player k (0 a person, else the computer at the level
face_corners.KINDS names: 1 Custom, 2 Easy, 3 Average, 4 Expert, 5 Trainer), 6-8 Custom's
weights in tenths + 128 (piece size, own places, enemy places), 9 pieces checked, then per
computer level (custom, easy, average, expert, trainer) wins, losses, draws of a person
against it, two bytes each, high first. A record of 34 bytes (before Trainer) is read with
its Trainer figures 0.
"""

from corners import Game, STARTS, VARIANTS
from face_corners import TRAINER, Session, marks, settle

CONF_OFF = 4416
CONF_SIZE = 64
GAME_OFF = 4544
GAME_SIZE = 256
T_CONF = 0x62  # "b"
T_GAME = 0x42  # "B"
DEFAULT = bytes((0, 0, 0, 3, 3, 3, 138, 131, 125, 5)) + bytes(30)
OLD = 34  # the record's length before the Trainer level
STRENGTH = (0, 1, 3, 4, 5, 2)  # of each kind of player: Custom, Trainer, Easy, ...

# --- records ------------------------------------------------------------------------------

def fits(d):
    """A stored settings record this face can use: variant, start rule, players and
    pieces checked it knows (its length is checked by quadpocket.facesave.read_conf)."""
    return d[0] < len(VARIANTS) and d[1] < len(STARTS) and max(d[2:6]) <= TRAINER \
        and 1 <= d[9] <= 21


def load_session(data):
    """Session from its saved bytes; ValueError if damaged or another game's."""
    # resume's App.use loaded quadpocket.facesave: this import finds it there
    from quadpocket.facesave import check_header, session
    cpu = check_header(data, Session.magic, Session.version, 10, 4)
    kinds = data[6:10]
    if max(kinds) > TRAINER:
        raise ValueError("session header is damaged")
    comp = [k for k in range(4) if kinds[k]]
    if cpu != (comp[0] if comp else -1):
        raise ValueError("session header is damaged")
    game = Game.from_bytes(data[10:])
    if max(kinds[game.nplayers:]) if game.nplayers < 4 else 0:
        raise ValueError("session header is damaged")
    s = session(Session, game, kinds, data)
    settle(game)
    return s


# --- the face on the shell ----------------------------------------------------------------

def conf(app):
    """This game's settings and statistics, read once it is shown (kept on the screen)."""
    play = app.play
    if play.conf:
        return play.conf
    c = app.use("facesave").read_conf(app, CONF_OFF, CONF_SIZE, T_CONF, DEFAULT, fits)
    if play.conf_slots[0] >= 0 and play.conf_slots[2] == OLD:  # kept from before Trainer
        c = app.use("facesave").read_conf(app, CONF_OFF, CONF_SIZE, T_CONF, DEFAULT[:OLD],
                                          fits)
        c.extend(bytes(len(DEFAULT) - OLD))
    return c


def resume(app, data=None):
    conf(app)
    app.use("facesave").resume(app, data, load_session, show, new_game)


begin = resume


def recolour(app):
    """The pieces' colours again after the shell set the sheet's (a contrast change)."""
    b = app.play.board
    if b is not None and app.play.game is not None:
        app.use("face_corners.build").colours(b.palette, app.prefs.contrast,
                                              app.play.game.ncol == 2)


def show(app, session, mode=True):
    play = app.play
    play.stop_thinking()
    play.s = session
    g = play.game = session.game
    app.session = session
    if play.key != ("B", g.width):
        app.use("face_corners.build").views(app, play, g)
    else:
        app.use("face_corners.build").colours(play.board.palette, app.prefs.contrast,
                                              g.width == 14)
        play.pk.seen[0:4] = [-1] * 4
    cm = play.cm
    for i in range(len(cm)):
        cm[i] = 0
    play.pivot = play.piece = play.ghost = None
    play.picking = play.hinted = False
    play.outs = g.out
    settle(g)
    marks(play)
    play.app.use("kit").shown(play, mode)


def new_game(app, msg=""):
    c = conf(app)
    play = app.play
    play.stop_thinking()
    variant = VARIANTS[c[0]]
    start = "fixed" if variant == "duo" else STARTS[c[1]]
    g = play.game
    if g is not None and g.variant == variant and g.start == start:
        # the same kind of game: the old one taken back to its start (undo restores every
        # byte), so no new board's tables are built in a heap the game has cut up
        while g.plies:
            g.undo()
    else:
        g = None
        play.clear()
        g = Game(variant, start)
    kinds = bytearray(c[2:6])
    for k in range(g.nplayers, 4):
        kinds[k] = 0
    # Who moves first (a shared preference): the computer, when the first player is a
    # person and the computer plays another, swaps places with that person for the game.
    if app.prefs.first == "computer" and not kinds[0]:
        for k in range(1, g.nplayers):
            if kinds[k]:
                kinds[0], kinds[k] = kinds[k], 0
                break
    s = Session(g, kinds, app.p.ticks_ms())
    show(app, s)
    play.msg = msg
    app.save_session()


# --- the end of a game --------------------------------------------------------------------

def game_over(play, fresh):
    app = play.app
    g = play.game
    s = play.s
    scores = g.player_scores()
    win = g.winners()
    names = g.colours
    # the result, then a line a player (its score, * the winners), a blank line, then one
    # a colour (the pieces left in hand): 11 lines at most, the Titano's panel rows at the end
    lines = []
    for k in range(g.nplayers):
        who = "+".join([names[c] for c in range(g.ncol) if g.player_of(c, 0) == k
                        and not (g.variant == "classic_3" and c == 3)])
        lines.append("%s: %d%s" % (who, scores[k], " *" if k in win else ""))
    lines.append("")
    for c in range(g.ncol):
        lines.append("%s: %d left" % (names[c], bin(g.board.left[c]).count("1")))
    people = [k for k in range(g.nplayers) if not s.kinds[k]]
    outcome = None
    if len(people) == 1 and len(people) < g.nplayers:
        me = people[0]
        outcome = 0 if win == [me] else 2 if me in win else 1
        head = ("You win!", "You lose", "Draw")[outcome]
    elif len(win) > 1:
        head = "Draw"
    else:
        head = lines[win[0]].split(":")[0] + (" win" if "+" in lines[win[0]] else " wins")
    lines.insert(0, head)
    play.result = lines
    if fresh:
        app.sound("win" if outcome in (0, None) else "loss" if outcome == 1 else "marble")
    if outcome is not None and not s.recorded:
        # the statistics of the strongest level played against (Custom the weakest)
        lv = max([s.kinds[k] for k in range(g.nplayers)], key=lambda k: STRENGTH[k]) - 1
        c = conf(app)
        if outcome == 0 and app.prefs.auto_advance:
            # auto-advance (a shared preference): each computer player a level up after
            # a win (Trainer to Easy; Custom stays as it is)
            for k in range(4):
                if c[2 + k] == TRAINER:
                    c[2 + k] = 2
                elif 2 <= c[2 + k] < 4:
                    c[2 + k] += 1
        app.use("kit").tally(app, c, 10 + lv * 6, outcome, False)
    app.save_session()
    if fresh:  # the game record and its .blksgf file (face_corners.record), after the save
        app.use("face_corners.record").end(app, play, g)
    app.changed()

"""The computer player of the corner polyomino game: four levels and a hint.

    choose(game, level, seed=0) -> "e10,e11,..."  the move of the colour to move; game unchanged
    think(game, level, seed=0)  -> generator      yields None while working, then the move
    hint(game, seed=0)          -> what Expert would play
    CUSTOM                      the seed's weights, editable (the face's Options >> AI page)

Levels (docs/corners-rules.md, "The computer player"):
- Custom: the seed's rating, 1-ply: piece-size weight x the piece's squares + spaces
  weight x the colour's own corner places where one of its `own_check` biggest pieces in
  hand still fits after the move + enemy weight x the same count for the enemy colours
  (`enemy_check` pieces). Weights in tenths. Rated the biggest pieces first until a budget
  of corner places checked (CUSTOM_WORK: within Expert's 2.0 M4-seconds on the device),
  each size in a spread order: it rates a sample of 10-70 moves, not every move.
- Easy: a static look at every move (rank: the piece's size, the corner places it adds,
  the enemies' usable corner places it covers, a pull towards the centre while the colour
  is young; the parts that depend on a cell read from two tables made once a decision;
  the best kept as unsorted keys, sorted in place when their list is full and at the end),
  picking at random among its best three.
- Average and Expert: the same static look (Expert's with `ring` more for each square
  next to an enemy's usable corner place, one that enemy could still cover: the room
  around the place, not only the place; in Duo the colour moving second has no ring but
  orders its moves by the look plus a preference per piece, PREF, which chooses the moves
  judged and is not part of their value), then the best moves by it, best first, each
  made and judged until a budget of race cells is spent (SETTINGS; Expert's about twice
  Average's) by
  - territory: a breadth-first race from every colour's corner places over the cells it
    may still cover; a cell is a colour's when it gets there first alone (cells reached
    at once by two are nobody's); own cells - the enemy's (Duo) or 5/12 of all three
    enemies' (Classic, `cmean`), x `terr`; in classic_2 (`mate`) ours and the
    partner's - both enemies';
  - pieces that still fit: the squares of the pieces in hand that can be laid somewhere
    (fit_squares), own - the enemy's (Classic: 5/12 of the three's; classic_2: the two
    sides'), x `fit`;
  plus the static look. In Duo the race runs on whole rows (territory2: two board rows
  a 30-bit int, a level at a time, from the decision's root masks less what the moves
  since covered; same values as the queue race), and Average first judges its best `cut`
  by the race alone, the move not even made, then adds the fit term to the best `fitk`
  by it while the budget lasts; Average's race stops at level `lvl` (6): the cells not
  reached by then are nobody's. The Duo race gives the colour to move a head start
  (`tempo` levels: Average's 3, Expert's 4, and 5 for Expert's colour moving second):
  the colour that moved last enters the race from its corner places only at that level,
  so a corner place the enemy reaches first next move counts for it;
  Classic's queue race the same (`ctempo`, 3 levels): the colour that moved last enters
  it after the three that move before it again.
  Expert in Duo and classic_2 then looks a move further (`k1`, `ck1`, `k2`, `ply1`): the
  first judgement stops at `ply1` cells; its best k1 (classic_2: ck1) moves are each
  answered by the enemy's (in classic_2 the next colour's) best k2 by the static look
  (chosen once, before our move), an answer judged by territory alone, and a move is
  valued at the mean of its first value and its worst answer's, while the budget lasts.
  Expert in Duo and classic_2 first asks the variant's opening book (corners/book.py,
  setting `book`) for the first plies (BOOKS: Duo 16, classic_2 24) and plays its move
  when it has the position and the move is legal; where the book holds several near-equal
  moves, or the position is its own mirror image (Duo's empty board), the seeded
  generator draws one.
Ties are broken by noise from the seeded generator (quadutil.Rng): the same position,
level and seed give the same move on every machine. The board is used in place and is as it
came at every yield; the scratch is made once (_scratch, at the first move) so a node
allocates nothing (docs/corners.md has the costs).
"""

from quadutil import Rng

from .board import MAXMOVES, OCC, PAD
from .pieces import FIRST, MAXD, NCELL, ND, NPIECES, OPEN, PIECE, SIZE

LEVELS = ("custom", "easy", "average", "expert")
# The seed's rating: weights in tenths (1.0 / 0.3 / -0.3) and the pieces checked (5).
CUSTOM = {"size": 10, "spaces": 3, "enemy": -3, "own_check": 5, "enemy_check": 5}
# Average and Expert: every move gets a static look (rank: weights of piece size, the own
# corner places it adds, the enemies' it covers, the pull to the centre while fewer than
# `young` squares are down); the best `cut` of them (Duo; Classic's board is twice the
# cells and gets half) are then judged after the move by territory (weight `terr` a cell)
# and by the squares of the pieces each side can still lay (weight `fit` a square), best
# first, until `work` is spent: a count of race cells visited (the whole decision counted
# in them: generating the moves as 500, the static look as 2 a move, a piece tried at a
# place by fit_squares as FIT_COST, a hint checked 1; a Duo race 5 a level + 40 with its
# make, 26 without), not a clock, so the move is the same on every machine. A Duo race
# stops after level `lvl` (0: when both fronts die out).
# On the WASI VM a Classic race costs ~22 k fuel a cell it visits (3 M), a Duo race on rows
# ~0.36 M + 0.11 M a level (4-11 levels; Average's at most 7), a make and unmake ~0.37 M,
# the static look ~37-44 k a move keeping 60, generating the moves 7-13 M; the budgets
# keep the worst move of the suite under 1.0 M4-s (Average) and 2.0 (Expert)
# (python -m tools.corners_vm --fuel). Expert's second look (Duo, classic_2; 0 for none): the
# first judgement stops at `ply1`, then its best `k1` (classic_2: `ck1`) moves meet the
# enemy's best `k2` answers (the enemy's moves generated and looked at are charged as
# ours), each answer a race, until `work`; the answers share tm with our kept moves, so
# Duo, keeping 90, gets TOPK - 90 = 6 of them, classic_2 all 8 (ply1 6800 and k2 8 against
# 6000 and 5: on fresh games about +1 against Pentobi level 4, 0 against 3; docs/corners.md).
# `tempo` (Duo): the colour to move starts the race that many levels ahead of the one
# that moved last (a pair: when colour 0 judges, when colour 1 does; a tuple, not a second
# key, as a bigger dict cost heap and fuel); `ctempo` the same in Classic's race: the
# colour that moved last enters it at level ctempo, the others at 0. `mate`
# (classic_2): the partner's race cells and fit squares count for us, both enemies'
# against. `ring`: the static look's weight of a square next to (by an edge) an enemy's
# usable corner place that the enemy may cover (Expert only; ~3-4M fuel a move). Duo's
# colour 1 (moving second) takes `ring2` instead of `ring`, and `pref2`: the weight of
# PREF in 80ths (80: PREF itself) in the order the moves are kept in, taken off their
# value again (colour 0 and Classic: none). `cmean` (Classic for four and three, every
# colour for itself): the race cells and fit squares counted against the colour are
# cmean / 12 of all three enemies' together, not the best enemy's (0): chasing whoever
# leads lets the others run (5: of 0, 2, 4, 5, 6 and 8 on tuning games against Pentobi
# level 2, 5 and 6 alike and 0 far below; docs/corners.md). `book` (the variants in
# BOOKS): play the opening book's move where it has one (corners/book.py).
SETTINGS = {
    "easy": {"size": 60, "own": 12, "enemy": 16, "centre": 2, "young": 30, "cut": 0,
             "terr": 0, "work": 0, "fit": 0, "k1": 0, "ck1": 0, "k2": 0, "ply1": 0,
             "fitk": 0, "lvl": 0, "tempo": (0, 0), "ctempo": 0, "mate": 0, "ring": 0,
             "ring2": 0, "pref2": 0, "cmean": 0, "book": 0},
    "average": {"size": 60, "own": 12, "enemy": 32, "centre": 2, "young": 30, "cut": 60,
                "terr": 20, "work": 5400, "fit": 20, "k1": 0, "ck1": 0,
                "k2": 0, "ply1": 0, "fitk": 12, "lvl": 6, "tempo": (3, 3), "ctempo": 3,
                "mate": 1, "ring": 0, "ring2": 0, "pref2": 0, "cmean": 5,
                "book": 0},
    "expert": {"size": 60, "own": 12, "enemy": 32, "centre": 2, "young": 30, "cut": 90,
               "terr": 20, "work": 10700, "fit": 20, "k1": 12, "ck1": 8,
               "k2": 8, "ply1": 6800, "fitk": 0, "lvl": 0, "tempo": (4, 5), "ctempo": 3,
               "mate": 1, "ring": 32, "ring2": 0, "pref2": 80, "cmean": 5,
               "book": 1},
}
# A fit_squares trial of one piece at one place, in the budget's race cells (its fuel on
# the WASI VM against a race cell's: see SETTINGS).
FIT_COST = 4
# Custom's budget, in corner places checked (~ fuel, see run): the worst move of the
# suite within Expert's 2.0 M4-seconds.
CUSTOM_WORK = 1900
K1MAX = 12      # the most of our moves the second look answers
# The variants with an opening book (corners/<variant>.book) and the first plies it answers
BOOKS = {"duo": 16, "classic_2": 24}
TOPK = 96       # the most moves kept for a closer look (Expert's cut is 90)
KEEP = 128      # the static look's unsorted keys of the moves that may be among the best
_SCR = None
# PREF[p]: how much sooner than its size says piece p is worth laying, in the units of
# the static look's score (a square is SETTINGS' size): the big and awkward pieces first.
# Fitted to Pentobi level 6's choices in 4,541 of our positions (games 3000-3299, branch
# corn8; tools/lab/corners_fit.py makes such a table); docs/corners.md has how it was chosen.
PREF = (0, -90, 36, -6, 223, 87, 87, 170, 177, 392, 413, 256, 299, 245, 291, 255, 272, 487,
        810, 311, 408)
ND_ALL = len(NCELL)   # the orientations (91)
TOP = 2 ** 30 - 1   # an unused key of the static look's (rank)
_NB5 = (0, 1, -1, 15, -15)   # a Duo cell and its edge neighbours (stride 15)


# The player's scratch, made once: the moves (MAXMOVES), the best TOPK of them by the
# static look and their scores; the race's owner bits and levels a cell (Classic's padded
# board has 596 cells) and its queue (each board square enters it once: 400 at most);
# fit_squares' hints (a cell a colour and piece).
def _scratch():
    global _SCR
    if _SCR is None:
        from array import array
        _SCR = (array("H", bytes(2 * MAXMOVES)), array("H", bytes(2 * TOPK)),
                array("h", bytes(2 * TOPK)), bytearray(600), bytearray(600),
                array("H", bytes(800)), array("H", bytes(8 * NPIECES)),
                array("i", bytes(4 * 2 * K1MAX)), array("i", bytes(4 * 79)), [0] * KEEP,
                array("h", bytes(2 * ND_ALL)))
    return _SCR


def think(game, level, seed=0):
    return Player(game, level, seed).run()


def choose(game, level, seed=0):
    t = None
    for t in think(game, level, seed):
        pass
    return t


def hint(game, seed=0):
    return choose(game, "expert", seed)


def enemies(game, c):
    """The colours of the other players than the one who plays colour c."""
    v = game.variant
    if v == "classic_2":
        return [d for d in range(4) if d % 2 != c % 2]
    return [d for d in range(game.ncol) if d != c]


def biggest(left, k):
    """The mask of the k biggest pieces of hand `left` (bigger number first on a tie)."""
    m = 0
    for p in range(NPIECES - 1, -1, -1):
        if k <= 0:
            break
        if left >> p & 1 and SIZE[p] == 5:
            m |= 1 << p
            k -= 1
    for size in (4, 3, 2, 1):
        for p in range(NPIECES - 1, -1, -1):
            if k <= 0:
                return m
            if left >> p & 1 and SIZE[p] == size:
                m |= 1 << p
                k -= 1
    return m


def corner_dirs(b, c, a):
    """The diagonal directions (pieces.OPEN's bits) from corner place a to colour c's
    squares; 16 (any cell of a piece) before its first piece."""
    if not b.placed[c]:
        return 16
    cells = b.cells
    dnb = b.dnb
    v = c + 1
    dirs = 0
    for d in range(4):
        if cells[a + dnb[d]] == v:
            dirs |= 1 << d
    return dirs


def fits_piece(b, a, p, mask, dirs):
    """A placement (a move int, never 0) of piece p over corner place a (reached from
    `dirs`), its squares free of `mask` in b.blk; 0 if there is none."""
    blk = b.blk
    off = b.off
    for o in range(FIRST[p], FIRST[p + 1]):
        bo = o * 5
        e = bo + NCELL[o]
        for q in range(bo, e):
            if not OPEN[q] & dirs:
                continue
            an = a - off[q]
            for r in range(bo, e):
                if blk[an + off[r]] & mask:
                    break
            else:
                return an << 7 | o
    return 0


def fits_at(b, c, a, pieces):
    """Whether some piece of mask `pieces` can be laid by colour c over corner place a."""
    mask = OCC | 1 << c
    if b.blk[a] & mask:
        return False
    dirs = corner_dirs(b, c, a)
    if not dirs:
        return False
    for p in range(NPIECES):
        if pieces >> p & 1 and fits_piece(b, a, p, mask, dirs):
            return True
    return False


def places(b, c, pieces):
    """How many of colour c's corner places take a piece of mask `pieces`."""
    n = 0
    cl = b.cl[c]
    for j in range(b.base(c), b.ncl[c]):
        if fits_at(b, c, cl[j], pieces):
            n += 1
    return n


class Player:
    """One decision. The game's board is used in place; at every yield it is as it came."""

    # Classic: SETTINGS' cmean (0: the best enemy counts), set on the instance only there
    # (set in __init__ for every level and variant, it cost a Duo move 3 M fuel more)
    cmean = 0

    def __init__(self, game, level, seed=0, weights=None):
        if level not in LEVELS:
            raise ValueError("level must be one of %s" % ", ".join(LEVELS))
        if game.over:
            raise ValueError("the game is over")
        self.game = game
        self.b = game.board
        self.level = level
        self.rng = Rng(seed * 4 + LEVELS.index(level))
        self.w = weights if weights is not None else CUSTOM
        self.nodes = 0
        self.work = 0       # cells the territory races have visited (the budget's unit)
        self.fm = [0, 0, 0, 0]  # per colour: its pieces that fit somewhere before the move
        self.found = 0
        self.p0 = -1        # Duo: the ply of the race's root masks (rows)
        self.n0 = self.n1 = 0   # and the lengths of the two corner lists then
        self.cap = 99       # Duo: the race's last level (SETTINGS' lvl; 0 for none)
        self.tempo = 0      # Duo: levels the colour to move starts the race ahead
        self.ctempo = 0     # Classic: the level the colour that moved last enters at
        self.mate = -1      # classic_2 (SETTINGS' mate): the partner colour
        self.pref = 0       # the weight of PREF in the static look (80ths)
        self.ring = 0       # SETTINGS' ring for this colour

    def run(self):
        g = self.game
        b = self.b
        c = g.turn
        lv = self.level
        # The scratch first, book or not: made at the game's first decision it finds the
        # heap whole (made later, after the book's moves, it may not: 16 KB more).
        moves, tm, ts, _, _, _, _, two, _, _, _ = _scratch()
        if b.ply < BOOKS.get(g.variant, 0) and lv != "custom" and SETTINGS[lv]["book"]:
            # the opening book (corners/book.py): its move when it has one, legal here (of
            # several near-equal ones, the one this seed draws)
            from .book import move, path
            m = move(b, path(g.variant), self.rng)
            if m and g.why_not(m) is None:
                yield g.text_of(m)
                return
        n = b.gen(c, moves, 0, MAXMOVES)
        en = enemies(g, c)
        if lv == "custom":
            # The seed's rating, move by move, the pieces by size (biggest first, or the
            # smallest when the size weight is negative) until CUSTOM_WORK is spent.
            w = self.w
            self.work = n
            step = -1 if w["size"] >= 0 else 1
            size = 5 if step < 0 else 1
            best = -32768
            bm = moves[0]
            j = 0
            while 1 <= size <= 5 and self.work < CUSTOM_WORK:
                for i in range(n):
                    if self.work >= CUSTOM_WORK:
                        break
                    # In a spread order (7919 is a prime above MAXMOVES): a cut-off
                    # leaves moves unrated at every corner place, not the last places.
                    m = moves[i * 7919 % n]
                    if SIZE[PIECE[m & 127]] != size:
                        continue
                    b.make(m, c)
                    self.nodes += 1
                    s = w["size"] * size
                    if w["spaces"]:
                        s += w["spaces"] * places(b, c, biggest(b.left[c], w["own_check"]))
                        self.work += b.ncl[c] - b.base(c)
                    if w["enemy"]:
                        for d in en:
                            s += w["enemy"] * places(b, d, biggest(b.left[d],
                                                                   w["enemy_check"]))
                            self.work += b.ncl[d] - b.base(d)
                    b.unmake()
                    self.work += 8
                    # A rating beyond +-4000 tenths is clipped (scores in 16 bits).
                    s = -4000 if s < -4000 else 4000 if s > 4000 else s
                    s = s * 8 + self.rng.below(8)
                    if s > best:
                        best = s
                        bm = m
                    j += 1
                    if j & 15 == 15:
                        yield None
                size += step
            yield g.text_of(bm)
            return
        st = SETTINGS[lv]
        self.st = st
        self.cap = st["lvl"] or 99
        self.ctempo = st["ctempo"]
        if st["mate"] and len(en) == 2:
            self.mate = 6 - c - en[0] - en[1]
        # Duo: the colour moving second (1) plays with its own ring, preference and
        # head start
        second = b.ncol == 2 and c == 1
        self.tempo = st["tempo"][second]
        self.pref = st["pref2"] if second else 0
        if b.ncol == 4 and self.mate < 0:
            self.cmean = st["cmean"]
        self.ring = st["ring2"] if second else st["ring"]
        # 1: every move by a static look (no make): cheap enough for all of them. Only the
        # best k are kept, best first (a tie keeps the earlier), in tm / ts: Easy's three,
        # or the `cut` that territory will judge (fewer on the bigger board: territory
        # costs about its cells).
        k = 3 if lv == "easy" else st["cut"] * 196 // (b.width * b.width)
        k = 1 if k < 1 else TOPK if k > TOPK else k
        yield from self.rank(c, en, n, k, 0)
        kn = self.kn
        if lv == "easy":
            # One of the best three by the static look, at random.
            yield g.text_of(tm[self.rng.below(kn)])
            return
        if b.ncol == 2:
            self.rows()
        # 2: those by territory after the move, on top of the static look.
        if st["terr"] == 0 or kn == 1:
            yield g.text_of(tm[0])
            return
        best = -10 ** 8
        bi = 0
        wt = st["terr"] * 8
        # The budget counts the whole decision in race cells: generating the moves ~500,
        # the static look 2 a move (their fuel: see SETTINGS).
        self.work = 500 + n * 2
        pw = st["fit"] * 8
        mo = me = None
        cm = self.cmean
        if pw:
            # Each colour's pieces that fit somewhere now (a move can only take places
            # from the enemies, and gives the mover new ones only at its new corners).
            fm = self.fm
            for d in range(b.ncol):
                if d == c or d in en or d == self.mate:
                    self.fit_squares(d, b.left[d], 0, -1)
                    fm[d] = self.found
            if b.ncol == 2:
                # Duo: where each colour's last found placements lie (a bit a group of
                # pieces, p & 7), ours in nwt and the enemy's in val (the static look's
                # arrays, free while the race runs on rows): a node checks only the pieces
                # of the groups its move came near.
                sc = _scratch()
                mo = sc[3]
                me = sc[4]
                self.untables(mo)
                self.untables(me)
                self.mark(c, fm[c], mo)
                self.mark(en[0], fm[en[0]], me)
        # Our best k1 by this first look are kept for the second (two: their values, then
        # their indices in tm), best first.
        k1 = st["k1"] if b.ncol == 2 else st["ck1"] if self.mate >= 0 else 0
        nb = 0
        w1 = st["ply1"] if k1 else st["work"]
        fk = st["fitk"] if mo and not k1 else 0
        if fk:
            # (Duo, fitk: the race alone first, then the fit term for its best fitk)
            k1 = fk if fk < K1MAX else K1MAX
            p1 = pw
            pw = 0
            w1 -= k1 * 60
        for i in range(kn):
            if self.work >= w1:
                break
            m = tm[i]
            if fk:
                s = self.territory2(c, m) * wt + ts[i]
            else:
                b.make(m, c)
                s = self.territory(c, en) * wt + ts[i]
            if pw:
                left = b.left[c]
                f = self.fit_squares(c, fm[c] & left, left & ~fm[c], b.hn[b.ply - 1],
                                     mo)
                worst = 0
                q = self.mate
                for d in en:
                    v = self.fit_squares(d, fm[d], 0, 0, me)
                    if q >= 0 or cm:
                        worst += v
                    elif v > worst:
                        worst = v
                if cm:
                    worst = worst * cm // 12
                if q >= 0:
                    f += self.fit_squares(q, fm[q], 0, 0, me)
                s += (f - worst) * pw
            if not fk:
                b.unmake()
            self.nodes += 1
            if s > best:
                best = s
                bi = i
            if nb < k1 or (k1 and s > two[nb - 1]):
                j = nb if nb < k1 else k1 - 1
                while j and two[j - 1] < s:
                    two[j] = two[j - 1]
                    two[K1MAX + j] = two[K1MAX + j - 1]
                    j -= 1
                two[j] = s
                two[K1MAX + j] = i
                if nb < k1:
                    nb += 1
            if i & 3 == 3:
                yield None
        if fk:
            best = -10 ** 8
            est = 0
            for j in range(nb):
                if self.work + est > st["work"]:
                    break
                w0 = self.work
                i = two[K1MAX + j]
                b.make(tm[i], c)
                left = b.left[c]
                f = self.fit_squares(c, fm[c] & left, left & ~fm[c], b.hn[b.ply - 1],
                                     mo)
                s = two[j] + (f - self.fit_squares(en[0], fm[en[0]], 0, 0, me)) * p1
                b.unmake()
                self.work += 16
                est = self.work - w0
                if s > best:
                    best = s
                    bi = i
            nb = 0
        if nb > 1:
            # 3 (Duo, classic_2): each of our best nb moves answered by the enemy's
            # (classic_2: the next colour's) best k2 by the static look (chosen once, now,
            # into tm / ts after our kn), a move valued at the mean of its first value and
            # its worst answer's, while the budget lasts (a move is begun only if its
            # answers, at the last one's cost, fit).
            e = (c + 1) % b.ncol    # (the next colour: an enemy in both)
            ne = b.gen(e, moves, 0, MAXMOVES)
            self.work += 500 + ne * (30 + st["k2"]) // 20
            na = 0
            if ne:
                k = st["k2"]
                k = 1 if k < 1 else TOPK - kn if k > TOPK - kn else k
                yield from self.rank(e, enemies(g, e), ne, k, kn)
                na = self.kn
            best = -10 ** 8
            est = na * 300
            for j in range(nb if na else 0):
                if self.work + est > st["work"]:
                    break
                w0 = self.work
                i = two[K1MAX + j]
                b.make(tm[i], c)
                worst = 10 ** 8
                for q in range(kn, kn + na):
                    r = tm[q]
                    # (our move set only c's edges: for e only its squares can clash)
                    if b.fits(r, e):
                        b.make(r, e)
                        s = self.territory(c, en) * wt + ts[i] - ts[q]
                        b.unmake()
                        self.nodes += 1
                        self.work += 24     # (the answer's own make)
                        if s < worst:
                            worst = s
                b.unmake()
                s = two[j] if worst == 10 ** 8 else (two[j] + worst) // 2
                if s > best:
                    best = s
                    bi = i
                est = self.work - w0
                yield None
        yield g.text_of(tm[bi])

    def rank(self, c, en, n, k, o0):
        """(A generator.) The best k of moves[0:n], colour c's, by the static look (piece
        size, the corner places it adds, the enemies' usable ones it covers, the pull to
        the centre while young), best first (a tie keeps the earlier), into tm / ts from
        index o0; self.kn = how many. The look's parts that depend on a cell, not on the
        move, are read from two tables made once (tables): a move is a few additions."""
        bias = self.tables(c, en)
        moves, tm, ts, nwt, val, _, _, _, _, keys, ob = _scratch()
        b = self.b
        st = self.st
        doff = b.doff
        off = b.off
        ow = st["own"]
        sb = st["size"] - bias
        rng = self.rng
        pw = self.pref
        for o in range(ND_ALL):
            ob[o] = NCELL[o] * sb + PREF[PIECE[o]] * pw // 80
        # A move that may be among the best k goes into keys, unsorted, as one int that
        # sorts best first, the earlier first on a tie: its index - its score x 2048 (a
        # score fits 16 bits, an index 11); when keys is full it is sorted (in place, by
        # the VM's own sort) and the best k kept, the k-th's score the new bar `low`.
        # Unused keys are TOP: after every move that has a key.
        for j in range(KEEP):
            keys[j] = TOP
        f = 0
        low = -10 ** 8
        for i in range(n):
            m = moves[i]
            o = m & 127
            a = m >> 7
            s = ob[o]
            for q in range(o * 5, o * 5 + NCELL[o]):
                s += val[a + off[q]]
            q = o * MAXD
            for q in range(q, q + ND[o]):
                s += nwt[a + doff[q]] * ow
            s = -4000 if s < -4000 else 4000 if s > 4000 else s
            s *= 8
            # The noise (0-7) is drawn only for a move that may enter the best k.
            if s + 7 > low:
                s += rng.below(8)
                if s > low:
                    keys[f] = i - s * 2048
                    f += 1
                    if f == KEEP:
                        keys.sort()
                        f = k
                        low = -(keys[k - 1] >> 11)
            if i & 63 == 63:
                yield None
        keys.sort()
        kn = 0
        for j in range(k):
            q = keys[j]
            if q == TOP:
                break
            m = moves[q & 2047]
            tm[o0 + j] = m
            q = -(q >> 11)
            if pw:
                # (the piece's preference chose the moves kept, it is not their value)
                q -= PREF[PIECE[m & 127]] * pw // 80 * 8
            ts[o0 + j] = q
            kn += 1
        self.untables()
        self.kn = kn

    def tables(self, c, en):
        """The static look's two cell tables, made in the race's arrays of the scratch
        (the race does not run meanwhile): nwt[i] is 1 where cell i would be a new corner
        place of colour c (free of c's edges and not yet its corner place), val[i] the
        enemies' usable corner places at i x their weight, or `ring` where i is next to
        one that enemy could still cover, less the pull to the centre while c is young,
        plus the bias returned (which keeps it in a byte). Every cell
        from the board's first to its last is written, so a look stopped at a yield
        leaves nothing the next one reads; untables clears nwt for the race."""
        b = self.b
        st = self.st
        _, _, _, nwt, val, _, _, _, _, _, _ = _scratch()
        blk = b.blk
        cm = b.cm
        w = b.width
        sd = b.stride
        bit = 1 << c
        mask = OCC | bit
        emask = 0
        for d in en:
            emask |= 1 << d
        hw = st["enemy"] * 2 // len(en)
        half = w - 1
        cw = st["centre"] if b.placed[c] < st["young"] else 0
        bias = cw * 2 * half
        ring = self.ring
        nbr = b.nbr
        for y in range(w):
            i = (y + PAD) * sd + PAD
            dy = 2 * y - half
            dy = cw * (dy if dy > 0 else -dy)
            for x in range(w):
                v = blk[i]
                nwt[i] = 0 if v & mask or cm[i] & bit else 1
                e = cm[i] & emask & ~v
                h = 0
                while e:
                    h += 1
                    e &= e - 1
                dx = 2 * x - half
                q = bias + h * hw - dy - cw * (dx if dx > 0 else -dx)
                if ring and not h and not v & mask:
                    # (a free edge neighbour k of an enemy's usable corner place, and i
                    # free of that enemy's edges: covering i spoils the place's room)
                    for k in nbr:
                        k += i
                        if blk[k] < 16 and cm[k] & emask & ~blk[k] & ~v:
                            q += ring
                            break
                val[i] = 0 if q < 0 else 255 if q > 255 else q
                i += 1
            nwt[i] = 0      # the border column
        return bias

    def untables(self, nwt=None):
        """Clears nwt (the race's owner bits) where tables wrote it (or any cell array)."""
        b = self.b
        if nwt is None:
            nwt = _scratch()[3]
        sd = b.stride
        for i in range(PAD * sd + PAD, (PAD + b.width) * sd + PAD):
            nwt[i] = 0

    def mark(self, d, pm, mp):
        """Marks in cell array mp the squares of colour d's hinted placements of the pieces
        of mask pm (bit p & 7 for piece p)."""
        b = self.b
        hint = _scratch()[6]
        off = b.off
        for p in range(NPIECES):
            if pm >> p & 1:
                m = hint[d * NPIECES + p]
                a = m >> 7
                o = m & 127
                for q in range(o * 5, o * 5 + NCELL[o]):
                    mp[a + off[q]] |= 1 << (p & 7)

    def fit_squares(self, d, pm, xm, lo, mp=None):
        """The squares of colour d's pieces that can still be laid somewhere: those of mask
        pm over any of its corner places, those of mask xm over the places from index lo of
        its list on (the new ones). With lo >= 0 each piece of pm is tried first where it
        last fitted (the scratch's hints, set by a call with lo = -1 on this position: only
        a shortcut, the answer is the same without them); self.found is the mask of the
        pieces that fit."""
        b = self.b
        hint = _scratch()[6]
        blk = b.blk
        cm = b.cm
        off = b.off
        bit = 1 << d
        mask = OCC | bit
        cl = b.cl[d]
        ncl = b.ncl[d]
        base = b.base(d)
        h0 = d * NPIECES
        tot = 0
        found = 0
        calls = 0
        g = -1
        if mp is not None:
            # (Duo, a node one move from where the hints were found, marked in mp: only
            # the pieces of the groups the move's squares (and for its mover their edge
            # neighbours) touch can have lost their placement.)
            m = b.hm[b.ply - 1]
            a = m >> 7
            o = m & 127
            g = 0
            h = 1 if b.hc[b.ply - 1] == d else 0
            s = b.stride * h
            for q in range(o * 5, o * 5 + NCELL[o]):
                i = a + off[q]
                g |= mp[i] | mp[i + s] | mp[i - s] | mp[i + h] | mp[i - h]
            calls = 3
        for p in range(NPIECES):
            if pm >> p & 1:
                j = base
                if lo >= 0:
                    if not g >> (p & 7) & 1:
                        tot += SIZE[p]
                        found |= 1 << p
                        continue
                    # The placement found last (a move int): still legal if its squares
                    # are free and one of them is a usable corner place of d (cm marks
                    # the cells diagonal to d's pieces, or its starts before the first).
                    m = hint[h0 + p]
                    calls += 1
                    a = m >> 7
                    o = m & 127
                    corner = 0
                    for r in range(o * 5, o * 5 + NCELL[o]):
                        i = a + off[r]
                        if blk[i] & mask:
                            break
                        corner |= cm[i]
                    else:
                        if corner & bit:
                            tot += SIZE[p]
                            found |= 1 << p
                            continue
            elif xm >> p & 1:
                j = lo if lo > base else base
            else:
                continue
            while j < ncl:
                a = cl[j]
                j += 1
                if blk[a] & mask:
                    continue
                dirs = corner_dirs(b, d, a)
                if not dirs:
                    continue
                calls += FIT_COST
                m = fits_piece(b, a, p, mask, dirs)
                if m:
                    # (a placement at one of the move's new places stays the node's)
                    if lo <= 0 or j <= lo:
                        hint[h0 + p] = m
                        if mp is not None:
                            self.mark(d, 1 << p, mp)
                    tot += SIZE[p]
                    found |= 1 << p
                    break
        self.work += calls
        self.found = found
        return tot

    def rows(self):
        """Duo: the squares each colour may cover now, as the race's masks (r[0:14]: colour
        d's chunk k at d * 7 + k, a chunk two board rows of the padded stride 15, bit t =
        cell PAD * 15 + PAD + 30 * k + t: under 2**30) and its usable corner places
        (r[65:79], the same layout); the root of territory2's nodes."""
        b = self.b
        r = _scratch()[8]
        blk = b.blk
        i = PAD * 15 + PAD
        for k in range(7):
            v0 = v1 = 0
            for t in range(30):
                x = blk[i]
                if not x & 0xF1:
                    v0 |= 1 << t
                if not x & 0xF2:
                    v1 |= 1 << t
                i += 1
            r[k] = v0
            r[7 + k] = v1
            r[65 + k] = r[72 + k] = 0
        for d in range(2):
            self.seeds(d, 0, 65 + 7 * d)
        self.p0 = b.ply
        self.n0 = b.ncl[0]
        self.n1 = b.ncl[1]

    def seeds(self, d, j, f):
        """Adds colour d's usable corner places from index j of its list (its base at
        least) to the chunks at r[f:f + 7]."""
        b = self.b
        r = _scratch()[8]
        blk = b.blk
        mask = OCC | 1 << d
        cl = b.cl[d]
        f0 = b.base(d)
        for j in range(j if j > f0 else f0, b.ncl[d]):
            a = cl[j]
            if blk[a] & mask:
                continue
            t = a - (PAD * 15 + PAD)
            k = t // 30
            r[f + k] |= 1 << t - 30 * k

    def territory2(self, c, mv=0):
        """territory in Duo, the same race on whole rows at once: per level each colour's
        front spreads one step (shifts of its chunks), less the cells reached before;
        cells two colours reach at the same level are nobody's and stop both. The masks of
        what each colour may cover are the root's (rows) less the squares near the moves
        made since (each move's squares and their edge neighbours, read from blk); its
        corner places the root's still free and those the moves since added."""
        b = self.b
        if self.p0 < 0 or self.p0 > b.ply:
            self.rows()
        r = _scratch()[8]
        blk = b.blk
        off = b.off
        # r[14:28] the node's masks, r[28:44] the fronts (colour d's chunk k at 28 + 8 *
        # d + k; 35 and 43 stay 0), r[44:58] the cells owned, r[58:65] the cells reached.
        for k in range(14):
            r[14 + k] = r[k]
        hm = b.hm
        for p in range(self.p0, b.ply):
            m = hm[p]
            if not m:
                continue
            a = m >> 7
            o = m & 127
            for q in range(o * 5, o * 5 + NCELL[o]):
                i = a + off[q]
                for j in _NB5:
                    j += i
                    x = blk[j]
                    t = j - (PAD * 15 + PAD)
                    if t < 0 or t >= 210:
                        continue
                    k = t // 30
                    t = 1 << t - 30 * k
                    if x & 0xF1:
                        r[14 + k] &= ~t
                    if x & 0xF2:
                        r[21 + k] &= ~t
        if mv:
            # c's move mv, not made: its squares are no one's to cover, their edge
            # neighbours not c's, and its corner places are c's where c may cover them.
            a = mv >> 7
            o = mv & 127
            for q in range(o * 5, o * 5 + NCELL[o]):
                i = a + off[q]
                for j in _NB5:
                    t = i + j - (PAD * 15 + PAD)
                    if t < 0 or t >= 210:
                        continue
                    k = t // 30
                    t = ~(1 << t - 30 * k)
                    r[14 + 7 * c + k] &= t
                    if not j:
                        r[21 - 7 * c + k] &= t
        for k in range(7):
            r[28 + k] = r[65 + k] & r[14 + k]
            r[36 + k] = r[72 + k] & r[21 + k]
        if mv:
            doff = b.doff
            for q in range(o * MAXD, o * MAXD + ND[o]):
                t = a + doff[q] - (PAD * 15 + PAD)
                if t < 0 or t >= 210:
                    continue
                k = t // 30
                t = 1 << t - 30 * k
                if r[14 + 7 * c + k] & t:
                    r[28 + 8 * c + k] |= t
        if self.p0 < b.ply:
            self.seeds(0, self.n0, 28)
            self.seeds(1, self.n1, 36)
        for k in range(44, 65):
            r[k] = 0
        # The colour that moved last (dl) starts `tempo` levels behind the one to move:
        # its corner places wait in its owned chunks (empty till then) until level tl.
        tl = self.tempo or -1
        if tl > 0:
            dl = c if mv else b.hc[b.ply - 1]
            for k in range(7):
                r[44 + 7 * dl + k] = r[28 + 8 * dl + k]
                r[28 + 8 * dl + k] = 0
        lv = -1
        more = 1
        cap = self.cap
        while more and lv < cap:
            lv += 1
            more = lv < tl
            p0 = p1 = 0
            c0 = r[28]
            c1 = r[36]
            for k in range(7):
                q0 = r[29 + k]
                q1 = r[37 + k]
                if lv:
                    x0 = x1 = 0
                    if c0 | p0 | q0:
                        x0 = (c0 << 1 | c0 >> 1 | (c0 & 0x7FFF) << 15 | c0 >> 15 |
                              p0 >> 15 | (q0 & 0x7FFF) << 15) & r[14 + k]
                    if c1 | p1 | q1:
                        x1 = (c1 << 1 | c1 >> 1 | (c1 & 0x7FFF) << 15 | c1 >> 15 |
                              p1 >> 15 | (q1 & 0x7FFF) << 15) & r[21 + k]
                else:
                    x0 = c0     # level 0: the corner places
                    x1 = c1
                if lv == tl:
                    if dl:
                        x1 |= r[51 + k]
                        r[51 + k] = 0
                    else:
                        x0 |= r[44 + k]
                        r[44 + k] = 0
                if x0 | x1:
                    u = r[58 + k]
                    x0 &= ~u
                    x1 &= ~u
                    t = x0 & x1
                    r[58 + k] = u | x0 | x1
                    if t:
                        x0 ^= t
                        x1 ^= t
                    r[44 + k] |= x0
                    r[51 + k] |= x1
                    more |= x0 | x1
                r[28 + k] = x0
                r[36 + k] = x1
                p0 = c0
                c0 = q0
                p1 = c1
                c1 = q1
        # own - the enemy's: the squares owned counted 30 bits at a time (SWAR)
        n = 0
        for k in range(44, 58):
            x = r[k]
            x -= x >> 1 & 0x15555555
            x = (x & 0x33333333) + (x >> 2 & 0x33333333)
            x = x + (x >> 4) & 0x0F0F0F0F
            x += x >> 8
            x = x + (x >> 16) & 63
            n += x if k < 51 else -x
        self.work += lv * 5 + (26 if mv else 40)
        return n if c == 0 else -n

    def territory(self, c, en):
        """Own reachable cells minus the enemy's (Duo) / best enemy's (Classic; with
        cmean, cmean / 12 of all the enemies'; classic_2 with a partner: ours and the
        partner's minus both enemies'): a race
        from every colour's corner places over the cells it may cover; a cell is the
        colour's that reaches it first, alone (cells reached at once by two are nobody's
        and stop both)."""
        b = self.b
        if b.ncol == 2:
            return self.territory2(c)
        _, _, _, own, stamp, queue, _, _, _, _, _ = _scratch()
        blk = b.blk
        # The colour that moved last (ml) enters the race at level ctempo, after the
        # others: its corner places are queued when that level's cells come up (pend).
        ml = b.hc[b.ply - 1] if self.ctempo and b.ply else -1
        pend = self.ctempo if ml >= 0 else 255
        e = 0           # the level the colours seeded now enter at
        tail = head = 0
        s = b.stride
        while True:
            for d in range(b.ncol):
                if (d == ml) == (e == 0):
                    continue
                bit = 1 << d
                mask = OCC | bit
                cl = b.cl[d]
                for j in range(b.base(d), b.ncl[d]):
                    a = cl[j]
                    if blk[a] & mask or own[a] & bit:
                        continue
                    if not own[a]:
                        queue[tail] = a
                        stamp[a] = e
                        tail += 1
                    elif stamp[a] != e:
                        continue        # (another colour got there first)
                    own[a] |= bit
            # One pass over the queue, which is in order of distance: stamp[] is the
            # level a cell was reached at; the four steps are written out (a loop over
            # them cost ~12% more fuel on the WASI VM).
            while head < tail:
                i = queue[head]
                head += 1
                v = own[i]
                if v & (v - 1):
                    continue
                lv = stamp[i] + 1
                if lv > pend:
                    head -= 1
                    break
                mask = OCC | v
                y = i + 1
                if not blk[y] & mask:
                    if not own[y]:
                        own[y] = v
                        stamp[y] = lv
                        queue[tail] = y
                        tail += 1
                    elif stamp[y] == lv:
                        own[y] |= v
                y = i - 1
                if not blk[y] & mask:
                    if not own[y]:
                        own[y] = v
                        stamp[y] = lv
                        queue[tail] = y
                        tail += 1
                    elif stamp[y] == lv:
                        own[y] |= v
                y = i + s
                if not blk[y] & mask:
                    if not own[y]:
                        own[y] = v
                        stamp[y] = lv
                        queue[tail] = y
                        tail += 1
                    elif stamp[y] == lv:
                        own[y] |= v
                y = i - s
                if not blk[y] & mask:
                    if not own[y]:
                        own[y] = v
                        stamp[y] = lv
                        queue[tail] = y
                        tail += 1
                    elif stamp[y] == lv:
                        own[y] |= v
            if pend == 255:
                break
            e = pend
            pend = 255
        self.work += tail + 20      # (the 20: a territory's fixed cost, in cells)
        cnt0 = cnt1 = cnt2 = cnt3 = 0
        for j in range(tail):
            i = queue[j]
            v = own[i]
            own[i] = 0
            if v == 1:
                cnt0 += 1
            elif v == 2:
                cnt1 += 1
            elif v == 4:
                cnt2 += 1
            elif v == 8:
                cnt3 += 1
        # own - the enemy's (Duo) or the best enemy's (Classic; with cmean a share of
        # all of theirs); with a partner (mate) the two sides' cells: ours and the
        # partner's less both enemies'
        m = self.mate
        mine = worst = 0
        for d in range(4):
            v = cnt0 if d == 0 else cnt1 if d == 1 else cnt2 if d == 2 else cnt3
            if d == c or d == m:
                mine += v
            elif d in en:
                if m >= 0 or self.cmean:
                    worst += v
                elif v > worst:
                    worst = v
        if self.cmean:
            worst = worst * self.cmean // 12
        return mine - worst

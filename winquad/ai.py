"""The computer player for Winther's Quad: four levels, a hint, the same contract as
quadcore.ai.

    choose(game, level, seed=0) -> "d4-d5xd6"  the turn for the side to move; game unchanged
    think(game, level, seed=0)  -> generator   yields None while working, then the turn
    hint(game, seed=0)          -> what Expert would play

Alpha-beta (negamax) with iterative deepening on the unchecked Board, a budget of node
units (see SETTINGS), never a clock, so the move is the same on every machine and VM. Noise
comes from the project's seeded PRNG (quadutil.Rng). The evaluation is one table lookup
per row and per column (see winquad.tables): for each side it counts the four-cell windows
that hold 2 or 3 of its counters and no enemy one and could still become an exact four
(open twos and threes, overline-aware), the enemy counters it could take next turn ("empty,
enemy, ours" in a line), and its counters with room to step along the line (mobility);
then counters owned (on the board and in hand) and the side to move; in the drop phase,
completion cells and (Average, Expert) open-three makers (_judge). Moves are ordered by
killer and history; the threat search (vcf) proves wins made of drops that each threaten a
four. docs/winther-computer.md says what each level sees and what it costs.

Repetition is not seen by the search (the game's draw rule still applies to what is played).
"""

from quadutil import Rng

from .board import FOUR, NB, OFF, POP, RIM
from .notation import format_turn
from .tables import (C1, CAPL, DEEPEST, FKILL, FSTEP, HIST, KILLER, LC, LINE, LV, M2,
                     MAXDEPTH, MAXGEN, MKL, NOISE, P3, PLY, ROOT, ROOTMAX, SCORE, T3, TCELLS,
                     VCAP, VPLY, VWIN)

LEVELS = ("trainer", "easy", "average", "expert")

# Per level: depth (deepest iteration), budget (node units for the whole decision),
# noise (random points 0..noise added to each root move's score), then the threat search
# (vcf, drop phase): its depth in own drops (0: none) and its node cap, the node units
# kept beyond the budget to check the best moves against the opponent's threats (0:
# none), and 1 if the evaluation looks for open-three makers. A node unit is about one
# drop-phase frontier leaf, ~50-65 k fuel on the MicroPython WASI VM: a move made counts
# 1, a leaf valued the long way 3, a whole evaluation 2, generating the moves of an inner
# node 8, the frontier's set-up 4, a step of the threat search 2 to 6, as they cost about
# that much more. The budgets keep the worst move of the suite under the device budgets
# (117 M fuel ~ one M4-second: Trainer and Easy 0.3 s, Average 1.0 s, Expert 2.0 s;
# docs/winther-computer.md, python -m tools.wq_vm).
#   Trainer: one ply (its own turn), with noise far above a quiet move's worth: it takes
#     a win and blocks a three in the drop phase (forced), little else.
#   Easy: two plies (its turn and the answer): blocks every three that threatens a four,
#     in both phases, and sees an open three (two completion cells) coming; wide noise.
#   Average: three plies as far as its budget reaches, open-three makers, wins by threats
#     up to 4 drops long.
#   Expert: deeper (late moves reduced), open-three makers, wins by threats up to 8
#     drops long, and of its best moves takes the first that leaves the opponent none.
SETTINGS = {
    "trainer": (1, 300, 250, 0, 0, 0, 0),
    "easy": (2, 420, 30, 0, 0, 0, 0),
    "average": (3, 1250, 4, 4, 200, 0, 1),
    "expert": (6, 2800, 1, 8, 600, 600, 1),
}

INF = 32000
WIN = 30000
MATERIAL = 40         # one counter owned (a capture swings 40 points)
THREAT_WIN = 5000    # a won-looking open three (below WIN: not proven)
TEMPO = 6             # the side to move
MAKER = 1500          # Expert, drop phase: the side to move can drop an open three
MAKER_THREAT = 40     # ... the other side can
LATE = 4              # Expert: moves after the first LATE at a node of depth 3+ are reduced
if max(v[0] for v in SETTINGS.values()) > DEEPEST:
    raise ValueError("a level searches deeper than winquad.tables' scratch holds")
if max(v[2] for v in SETTINGS.values()) > 255 or max(2 * v[3] for v in SETTINGS.values()) > VPLY:
    raise ValueError("a level's noise or threat depth exceeds winquad.tables' scratch")


def think(game, level, seed=0):
    """Start thinking; ValueError at once for a bad level or a finished game."""
    if level not in LEVELS:
        raise ValueError("unknown level %r (choose %s)" % (level, ", ".join(LEVELS)))
    if game.result is not None:
        raise ValueError("the game is over: there is no move to make")
    return Player(game, level, seed).run()


def choose(game, level, seed=0):
    """The computer's turn as one line of notation; the game is left as it was."""
    turn = None
    for step in think(game, level, seed):
        turn = step
    return turn


def hint(game, seed=0):
    """What Expert would play for the side to move."""
    return choose(game, "expert", seed)


def trainer_highlights(game, seat):
    """Cells where `seat` would make an exact four with one turn (a drop there, or a step
    into it), sorted: what the Trainer level shows the player."""
    b = game.board
    out = []
    if game.result is not None:
        return out
    cells = b.cells
    for x in range(64):
        if cells[x]:
            continue
        r, f = x >> 3, x & 7
        ln = b.ln
        base = seat << 4
        if b.hand[seat]:
            if FOUR[ln[base + r] | 1 << f] or FOUR[ln[base + 8 + f] | 1 << r]:
                out.append(x)
            continue
        for d in range(4):
            y = NB[x * 4 + d]
            if y != OFF and cells[y] == seat + 1:
                m = x | y << 6
                b.make(m, seat)
                hit = b.has_four(seat)
                b.unmake(m, seat)
                if hit:
                    out.append(x)
                    break
    return out


def _judge(s, cw, cb, c, hand_c, hand_e):
    """The static value for c to move, from White's line sum s (material included) and each
    side's completion cells (cw, cb: their count + 128 x the lines where one drop would
    make two, when the level looks for those; see _maker)."""
    v = (s if c == 0 else -s) + TEMPO
    if hand_c:
        # Drop phase: a cell that completes an exact four wins for the side to move; two for
        # the other side cannot both be blocked by one drop (a capture might still break
        # one, so this is THREAT_WIN, not WIN).
        mine = cw if c == 0 else cb
        theirs = cb if c == 0 else cw
        if mine & 127:
            return THREAT_WIN
        if theirs & 127 >= 2 and hand_e:
            return -THREAT_WIN
        v -= 60 * (theirs & 127)
        if mine >> 7 and not theirs & 127 and hand_c > 1:
            # we can drop an open three (two completion cells) now: they must answer
            # with a four threat of their own or a capture, or lose
            v += MAKER
        if theirs >> 7:
            v -= MAKER_THREAT
    return v


def _maker(o, p):
    """1 when one more counter of the side holding o, in a line where the other side holds
    p, would leave two completion cells in it (an open three), else 0."""
    cand = M2[o] & ~(o | p) & 255
    while cand:
        t = cand & -cand
        cand ^= t
        q = o | t
        if POP[C1[q] & ~(q | p) & 255] >= 2:
            return 1
    return 0


class Player:
    """One decision. The game's board is used in place; at every yield it is as it came."""

    def __init__(self, game, level, seed):
        self.game = game
        self.b = game.board
        (self.depth, self.budget, self.noise, self.vdepth, self.vnodes,
         self.reserve, self.makers) = SETTINGS[level]
        self.late = LATE if level == "expert" else 255
        self.reached = 0   # the deepest iteration done for every root move
        self.vcap = 0
        # The same seed gives other (repeatable) noise on other turns.
        self.rng = Rng(seed * 4099 + game.plies * 131 + 7)
        self.nodes = 0
        self.stop = False
        for i in range(MAXDEPTH + 1):
            KILLER[i] = 0
            FKILL[i] = 255
            FSTEP[i] = 0xFFFF
        for i in range(128):
            HIST[i] = 0

    def run(self):
        b = self.b
        c = self.game.turn
        e = 1 - c
        root = ROOT
        n = b.gen(c, root, 0, ROOTMAX)
        # A win now needs no search (and Trainer must not miss one either).
        for i in range(n):
            if self.wins(root[i], c):
                yield _fmt(root[i])
                return
        n = self.forced(c, root, n)
        if n == 1:
            yield _fmt(root[0])   # one block, nothing to weigh
            return
        if self.vdepth:
            # A win by threats alone (proven: see vcf) needs no search either. The first
            # drop is tried eight cells at a time, a tick between.
            self.vcap = self.nodes + self.vnodes
            for x0 in range(0, 64, 8):
                if self.vcf(c, self.vdepth, 1, x0, x0 + 8):
                    yield _fmt(VWIN[1])
                    return
                if self.nodes >= self.vcap:
                    break
                yield None
        for i in range(n):
            NOISE[i] = self.rng.below(self.noise + 1)
            SCORE[i] = 0
        for depth in range(1, self.depth + 1):
            done = 0
            alpha = -INF
            for i in range(n):
                m = root[i]
                b.make(m, c)
                self.nodes += 1
                v = self.outcome(m, c)
                b.unmake(m, c)
                if v is None:
                    # The window is widened by the noise: a move within `noise` points of
                    # the best needs its true score, or noise could never pick it. (Not
                    # around a decided score: a plateau of -THREAT_WIN would never cut.)
                    w = self.noise if -1000 < alpha < 1000 else 0
                    if depth < 3:
                        b.make(m, c)
                        v = -self.negamax(e, depth - 1, -INF, w - alpha, 1)
                        b.unmake(m, c)
                    else:
                        # negamax(e, depth - 1, -INF, w - alpha, 1) written out here, so
                        # that every answer of e is followed by a tick (with m taken
                        # back: at every tick the board is as it came).
                        if self.nodes >= self.budget:
                            self.stop = True
                            break
                        beta = w - alpha
                        b.make(m, c)
                        k = self.moves_at(e, 1)
                        b.unmake(m, c)
                        best = -INF
                        a1 = -INF
                        bm = KILLER[1]
                        if k == 0:
                            best = 1 - WIN   # e is stalemated
                        for j in range(k):
                            mm = PLY[0][j]
                            b.make(m, c)
                            b.make(mm, e)
                            self.nodes += 1
                            u = self.outcome(mm, e)
                            if u is None and j >= self.late:
                                # a late answer, as in negamax
                                u = -self.negamax(c, depth - 3, -a1 - 1, -a1, 2)
                                if u > a1 and not self.stop:
                                    u = -self.negamax(c, depth - 2, -beta, -a1, 2)
                            elif u is None:
                                u = -self.negamax(c, depth - 2, -beta, -a1, 2)
                            elif u < 0:
                                u = 1 - WIN
                            else:
                                u = WIN - 1
                            b.unmake(mm, e)
                            b.unmake(m, c)
                            if self.stop:
                                break
                            if u > best:
                                best = u
                                bm = mm
                                if u > a1:
                                    a1 = u
                                    if a1 >= beta:
                                        break
                            yield None
                        if not self.stop and k:
                            self.learn(e, bm, depth - 1, 1)
                        v = -best
                elif v < 0:
                    v = -WIN
                else:
                    v = WIN
                if self.stop:
                    break
                if v > alpha:
                    alpha = v
                SCORE[i] = v
                done += 1
                yield None
            if not done:
                break
            if done == n:
                self.reached = depth
            # Best first for the next pass (insertion sort in place: no lists). Moves the
            # budget did not reach keep their old order behind.
            for i in range(1, done):
                m, v, z = root[i], SCORE[i], NOISE[i]
                j = i
                while j and SCORE[j - 1] + NOISE[j - 1] < v + z:
                    root[j], SCORE[j], NOISE[j] = root[j - 1], SCORE[j - 1], NOISE[j - 1]
                    j -= 1
                root[j], SCORE[j], NOISE[j] = m, v, z
            if self.stop or SCORE[0] >= WIN - 100 or SCORE[0] <= 100 - WIN:
                break
        pick = 0
        if self.reserve and b.hand[c] > 1 and b.hand[e]:
            # The best moves in turn: the first after which the opponent has no win by
            # threats alone (and no completion cell), while the reserve lasts (a check cut
            # short by it proves nothing, and that move is taken). The check is sliced
            # like the one above, with m made around each slice only.
            end = self.budget + self.reserve
            for i in range(n):
                if self.nodes >= end:
                    break
                m = root[i]
                b.make(m, c)
                lost = self.outcome(m, c) is None and self.has_cc(e)
                quiet = not lost and self.outcome(m, c) is None
                b.unmake(m, c)
                if quiet:
                    self.vcap = self.nodes + self.vnodes
                    if self.vcap > end:
                        self.vcap = end
                    for x0 in range(0, 64, 8):
                        b.make(m, c)
                        lost = self.vcf(e, self.vdepth, 1, x0, x0 + 8)
                        b.unmake(m, c)
                        if lost or self.nodes >= self.vcap:
                            break
                        yield None
                yield None
                if not lost:
                    pick = i
                    break
        yield _fmt(root[pick])

    def wins(self, m, c):
        b = self.b
        b.make(m, c)
        w = self.outcome(m, c) == WIN
        b.unmake(m, c)
        return w

    def outcome(self, m, c):
        """WIN or -WIN for the mover c (who just played m) if the game is over, else None.
        Stalemate shows up one ply later, as a side with no move."""
        b = self.b
        if b.has_four(c):
            return WIN
        e = 1 - c
        if m >> 12 and b.has_four(e):
            return -WIN
        if not b.on[e] and not b.hand[e]:
            return WIN
        return None

    def evaluate(self, c):
        """Static value for c to move (also the oracle the frontier's shortcut is tested
        against)."""
        b = self.b
        ln = b.ln
        t3 = T3
        lv = LV
        c1 = C1
        pop = POP
        s = -16 * 128
        cw = cb = 0
        drops = b.hand[c]  # completion cells count only while the side to move drops
        mk = drops and self.makers
        for i in range(16):
            w = ln[i]
            bl = ln[16 + i]
            s += lv[t3[w] + 2 * t3[bl]]
            if drops and c1[w] | c1[bl]:
                f = ~(w | bl)
                cw += pop[c1[w] & f]
                cb += pop[c1[bl] & f]
            if mk:
                f = ~(w | bl) & 255
                if M2[w] & f:
                    cw += _maker(w, bl) << 7
                if M2[bl] & f:
                    cb += _maker(bl, w) << 7
        s += MATERIAL * (b.on[0] + b.hand[0] - b.on[1] - b.hand[1])
        return _judge(s, cw, cb, c, b.hand[c], b.hand[1 - c])

    def negamax(self, c, depth, alpha, beta, ply):
        """Value for c to move; wins sooner score higher (WIN - ply)."""
        if depth <= 0 or ply >= MAXDEPTH:
            self.nodes += 2   # a whole evaluation: about two frontier leaves
            return self.evaluate(c)
        if self.nodes >= self.budget:
            self.stop = True
            return 0
        b = self.b
        if depth == 1:
            if b.hand[c]:
                return self.frontier(c, alpha, beta, ply)
            return self.frontier_steps(c, alpha, beta, ply)
        k = self.moves_at(c, ply)
        if k == 0:
            return ply - WIN   # no move: stalemated (a drop always finds a cell)
        buf = PLY[ply - 1]
        km = buf[0]
        best = -INF
        bm = km
        e = 1 - c
        late = self.late if depth >= 2 else 255
        for i in range(k):
            m = buf[i]
            b.make(m, c)
            self.nodes += 1
            v = self.outcome(m, c)
            if v is None:
                if i >= late:
                    # A late move (past the killer and the history's best) is first
                    # searched one ply shallower with a null window; only one that
                    # still beats alpha gets the full search.
                    v = -self.negamax(e, depth - 2, -alpha - 1, -alpha, ply + 1)
                    if v > alpha and not self.stop:
                        v = -self.negamax(e, depth - 1, -beta, -alpha, ply + 1)
                else:
                    v = -self.negamax(e, depth - 1, -beta, -alpha, ply + 1)
            elif v < 0:
                v = ply - WIN
            else:
                v = WIN - ply
            b.unmake(m, c)
            if self.stop:
                return 0
            if v > best:
                best = v
                bm = m
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        self.learn(c, bm, depth, ply)
        return best

    def moves_at(self, c, ply):
        """The moves of c at an inner node of this ply, in PLY[ply - 1], best guesses
        first; returns how many (0: c is stalemated)."""
        b = self.b
        buf = PLY[ply - 1]
        k = b.gen(c, buf, 0, MAXGEN)
        self.nodes += 8   # generating costs about eight frontier leaves (~350-420 k fuel)
        if k == 0:
            return 0
        k = self.forced(c, buf, k)
        # The killer first: the move that was best at this ply last time, if legal here.
        km = KILLER[ply]
        for i in range(k):
            if buf[i] == km:
                buf[i] = buf[0]
                buf[0] = km
                break
        # Then the moves whose cell was best most often elsewhere in this search (history
        # heuristic): the three with the highest HIST, by selection (no sort).
        hb = c << 6
        for j in range(1, 4 if k > 4 else k):
            hi = j
            hv = HIST[hb + (buf[j] & 63)]
            for i in range(j + 1, k):
                w = HIST[hb + (buf[i] & 63)]
                if w > hv:
                    hv = w
                    hi = i
            if hi != j:
                m = buf[j]
                buf[j] = buf[hi]
                buf[hi] = m
        return k

    def learn(self, c, bm, depth, ply):
        """Sibling positions mostly share their best move (the same threat, the same
        block): try it first at this ply next time (KILLER), and count it for its cell
        (HIST)."""
        KILLER[ply] = bm
        i = (c << 6) + (bm & 63)
        if HIST[i] < 60000:
            HIST[i] += depth * depth

    # -- threat sequences (drop phase) ---------------------------------------------------
    def has_cc(self, c):
        """True when c has a completion cell: an empty cell where one more counter of c
        makes an exact four."""
        ln = self.b.ln
        c1 = C1
        own = c << 4
        opp = own ^ 16
        for i in range(16):
            o = ln[own + i]
            if c1[o] & ~(o | ln[opp + i]):
                return True
        return False

    def vcf(self, c, depth, ply, x0=0, x1=64):
        """True when c, to move in the drop phase with no completion cell of its own, wins
        by threats alone: each drop of c makes a completion cell (so the other side must
        drop on it or take a counter to stop an exact four), and within `depth` drops of c
        a threat cannot be stopped. Every answer of the defender that could matter (each
        drop on a completion cell of c, each drop that takes counters, with every choice
        of captures) is tried, so a True is a proven win; c's own drops take every counter
        they can. False when none is found within depth and the node cap (self.vcap).
        x0, x1: the cells tried for c's first drop (run tries them in slices).
        VWIN[ply] is c's first drop of the win. Uses VCAP[ply * 16:] for the defender's
        capture spots; allocates nothing."""
        b = self.b
        e = 1 - c
        if (depth <= 0 or ply >= VPLY or self.nodes >= self.vcap or not b.hand[c]
                or b.hand[e] < 1 or (b.hand[0] == b.n - 1)):
            return False
        ln = b.ln
        cells = b.cells
        c1 = C1
        own = c << 4
        opp = own ^ 16
        # The defender's completion cells: with one, our drop must go there; with two we
        # cannot stop both.
        ecc = 0
        for i in range(16):
            p = ln[opp + i]
            ecc += POP[c1[p] & ~(p | ln[own + i]) & 255]
        if ecc > 1:
            return False
        self.nodes += 4   # the 16 lines above and the scan of 64 cells below
        for x in range(x0, x1):
            if cells[x]:
                continue
            r = x >> 3
            f = x & 7
            o = ln[own + r] | 1 << f
            o2 = ln[own + 8 + f] | 1 << r
            if not (c1[o] & ~(o | ln[opp + r]) or c1[o2] & ~(o2 | ln[opp + 8 + f])):
                continue   # not a threat
            if ecc and not (c1[ln[opp + r]] >> f & 1 or c1[ln[opp + 8 + f]] >> r & 1):
                continue   # their four comes first
            m = x | x << 6 | b.captures(x, c) << 12
            b.make(m, c)
            self.nodes += 2   # made, judged and the defender's cells counted
            v = self.outcome(m, c)
            ok = v == WIN
            if v is None and not self.has_cc(e):
                ok = self.vcf_answers(c, depth, ply + 1)
            b.unmake(m, c)
            if ok:
                VWIN[ply] = m
                return True
            if self.nodes >= self.vcap:
                return False
        return False

    def vcf_answers(self, c, depth, ply):
        """After c's threat: True when every answer of e loses (see vcf)."""
        b = self.b
        e = 1 - c
        if not b.hand[e]:
            return False   # its answer would be a step: not followed here
        ln = b.ln
        cells = b.cells
        c1 = C1
        own = c << 4
        opp = own ^ 16
        base = ply * 16
        vcap = VCAP
        for i in range(16):
            o = ln[opp + i]    # the defender's counters flank ours: "empty, ours, theirs"
            p = ln[own + i]
            vcap[base + i] = ~(o | p) & (((p << 1) & (o << 2)) | ((p >> 1) & (o >> 2))) & 255
        self.nodes += 6   # the 16 lines above and the 64 cells below (~300 k fuel)
        for y in range(64):
            if cells[y]:
                continue
            r = y >> 3
            f = y & 7
            block = c1[ln[own + r]] >> f & 1 or c1[ln[own + 8 + f]] >> r & 1
            caps = 0
            if vcap[base + r] >> f & 1 or vcap[base + 8 + f] >> r & 1:
                caps = b.captures(y, e)
            if not (block or caps):
                continue   # leaves our four to be made
            s = caps
            while True:
                if s or block:
                    m = y | y << 6 | s << 12
                    b.make(m, e)
                    self.nodes += 2   # made, judged and our cells counted
                    v = self.outcome(m, e)
                    if v is None:
                        ok = self.has_cc(c) or self.vcf(c, depth - 1, ply + 1)
                    else:
                        ok = v < 0
                    b.unmake(m, e)
                    if not ok:
                        return False
                if not s:
                    break
                s = (s - 1) & caps
        return True

    def forced(self, c, buf, k):
        """Drop phase, both sides still dropping: when the opponent has a cell that would
        complete an exact four (an open three) and we have none, every turn that neither
        drops there nor captures loses at once, so only those are kept (in buf[:k]; the
        new end is returned). Exact, and it cuts ~60 moves to a handful: what lets the
        search see two turns further in the races of the drop phase."""
        b = self.b
        e = 1 - c
        if not b.hand[c] or not b.hand[e]:
            return k
        ln = b.ln
        c1 = C1
        nt = 0
        for i in range(16):
            w = ln[i]
            bl = ln[16 + i]
            free = ~(w | bl)
            mw = c1[w] & free   # White's completion cells in this line
            mb = c1[bl] & free
            if not (mw | mb):
                continue
            if (mw if c == 0 else mb):
                return k          # we complete a four ourselves: nothing is forced
            o = mb if c == 0 else mw
            for t in range(8):
                if o >> t & 1 and nt < 16:
                    TCELLS[nt] = (i << 3) + t if i < 8 else (t << 3) + i - 8
                    nt += 1
        if not nt:
            return k
        j = 0
        for i in range(k):
            m = buf[i]
            keep = m >> 12
            if not keep:
                to = m & 63
                for q in range(nt):
                    if TCELLS[q] == to:
                        keep = 1
                        break
            if keep:
                buf[j] = m
                j += 1
        return j if j else k

    def frontier(self, c, alpha, beta, ply):
        """negamax(c, depth=1) in the drop phase without making the moves: a drop that
        takes nothing changes one row and one column, so its leaf value is the parent's
        line sum with two entries swapped (two table lookups each, instead of make, a
        16-line evaluation and unmake). Drops that capture go the long way. The drop that
        cut off at this ply last time (FKILL) is tried first: siblings are mostly refuted
        by the same drop."""
        b = self.b
        ln = b.ln
        cells = b.cells
        t3 = T3
        lv = LV
        c1 = C1
        pop = POP
        capl = CAPL
        e = 1 - c
        add = c + 1
        own = c << 4
        opp = own ^ 16
        s = -16 * 128 + MATERIAL * (b.on[0] + b.hand[0] - b.on[1] - b.hand[1])
        co = ce = 0   # completion cells of c (own) and of e, all lines; LC: per line
        mk = self.makers
        m2 = M2
        for i in range(16):
            o = ln[own + i]
            p = ln[opp + i]
            j = t3[ln[i]] + 2 * t3[ln[16 + i]]
            LINE[i] = j
            s += lv[j]
            f = ~(o | p)
            a = pop[c1[o] & f]
            z = pop[c1[p] & f]
            LC[i] = a | z << 4
            co += a
            ce += z
            # where a counter of c would flank one of e in this line: "empty, e, c"
            capl[i] = f & (((p << 1) & (o << 2)) | ((p >> 1) & (o >> 2))) & 255
            if mk:
                a = _maker(o, p) if m2[o] & f & 255 else 0
                z = _maker(p, o) if m2[p] & f & 255 else 0
                MKL[i] = a | z << 1
                co += a << 7
                ce += z << 7
        hand_c = b.hand[c] - 1
        hand_e = b.hand[e]
        rim = c == 0 and b.hand[0] == b.n - 1
        best = -INF
        self.nodes += 4   # the 16 lines above cost about four leaves (~200 k fuel)
        kx = FKILL[ply]
        for k in range(-1, 64):
            if k < 0:
                x = kx
                if x >= 64:
                    continue
            elif k == kx:
                continue
            else:
                x = k
            if cells[x] or (rim and not RIM[x]):
                continue
            self.nodes += 1
            r = x >> 3
            f = x & 7
            if capl[r] >> f & 1 or capl[8 + f] >> r & 1:
                v = self.slow_drops(x, c, ply)
            elif FOUR[ln[own + r] | 1 << f] or FOUR[ln[own + 8 + f] | 1 << r]:
                v = WIN - ply
            else:
                jr = LINE[r]
                jc = LINE[8 + f]
                jr2 = jr + add * P3[f]
                jc2 = jc + add * P3[r]
                s2 = s - lv[jr] - lv[jc] + lv[jr2] + lv[jc2]
                # completion cells of the row and the column with the counter dropped
                o = ln[own + r] | 1 << f
                p = ln[opp + r]
                o2 = ln[own + 8 + f] | 1 << r
                p2 = ln[opp + 8 + f]
                a = LC[r]
                z = LC[8 + f]
                q = ~(o | p)
                q2 = ~(o2 | p2)
                co2 = co - (a & 15) - (z & 15) + pop[c1[o] & q] + pop[c1[o2] & q2]
                ce2 = ce - (a >> 4) - (z >> 4) + pop[c1[p] & q] + pop[c1[p2] & q2]
                if mk:
                    # the row's and the column's makers again (a call only where the
                    # table shows a candidate cell)
                    a = MKL[r]
                    z = MKL[8 + f]
                    d = -(a & 1) - (z & 1)
                    d2 = -(a >> 1) - (z >> 1)
                    if m2[o] & q & 255:
                        d += _maker(o, p)
                    if m2[o2] & q2 & 255:
                        d += _maker(o2, p2)
                    if m2[p] & q & 255:
                        d2 += _maker(p, o)
                    if m2[p2] & q2 & 255:
                        d2 += _maker(p2, o2)
                    co2 += d << 7
                    ce2 += d2 << 7
                if c == 0:
                    v = -_judge(s2, co2, ce2, e, hand_e, hand_c)
                else:
                    v = -_judge(s2, ce2, co2, e, hand_e, hand_c)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        FKILL[ply] = x
                        break
        return best

    def frontier_steps(self, c, alpha, beta, ply):
        """negamax(c, depth=1) in the move phase, the same shortcut: a step that takes
        nothing changes three lines (the row or column it runs along, and the two lines
        across it at both ends). Steps that capture go the long way."""
        b = self.b
        ln = b.ln
        cells = b.cells
        t3 = T3
        lv = LV
        s = -16 * 128 + MATERIAL * (b.on[0] + b.hand[0] - b.on[1] - b.hand[1])
        capl = CAPL
        own = c << 4
        opp = own ^ 16
        for i in range(16):
            j = t3[ln[i]] + 2 * t3[ln[16 + i]]
            LINE[i] = j
            s += lv[j]
            o = ln[own + i]
            p = ln[opp + i]
            # "empty, enemy, ours": where a step would flank (the counter that steps is
            # one cell from where it lands, never its flanker two cells away)
            capl[i] = ~(o | p) & (((p << 1) & (o << 2)) | ((p >> 1) & (o >> 2))) & 255
        e = 1 - c
        add = c + 1
        best = -INF
        mine = c + 1
        self.nodes += 4   # the 16 lines above: about four leaves (~150 k fuel)
        # The step that cut off at this ply last time first (FSTEP: x << 2 | direction),
        # as in frontier: siblings are mostly refuted by the same step.
        ks = FSTEP[ply]
        for t in range(-1, 64):
            if t < 0:
                x = ks >> 2
                d0 = ks & 3
                d1 = d0 + 1
                if x >= 64:
                    continue
            else:
                x = t
                d0 = 0
                d1 = 4
            if cells[x] != mine:
                continue
            r1 = x >> 3
            f1 = x & 7
            for d in range(d0, d1):
                y = NB[x * 4 + d]
                if y == OFF or cells[y] or (t >= 0 and (x << 2 | d) == ks):
                    continue
                self.nodes += 1
                r2 = y >> 3
                f2 = y & 7
                if capl[r2] >> f2 & 1 or capl[8 + f2] >> r2 & 1:
                    v = self.slow_steps(x, y, b.captures(y, c), c, ply)
                elif r1 == r2:
                    # Along row r1: the row and the columns f1 (loses x) and f2 (gains y).
                    if (FOUR[ln[own + r1] ^ (1 << f1) ^ (1 << f2)]
                            or FOUR[ln[own + 8 + f1] & ~(1 << r1)]
                            or FOUR[ln[own + 8 + f2] | 1 << r1]):
                        v = WIN - ply
                    else:
                        a = LINE[r1]
                        p = LINE[8 + f1]
                        q = LINE[8 + f2]
                        v = -_judge(s - lv[a] - lv[p] - lv[q] + lv[a + add * (P3[f2] - P3[f1])]
                                    + lv[p - add * P3[r1]] + lv[q + add * P3[r1]],
                                    0, 0, e, 0, 0)
                else:
                    if (FOUR[ln[own + 8 + f1] ^ (1 << r1) ^ (1 << r2)]
                            or FOUR[ln[own + r1] & ~(1 << f1)]
                            or FOUR[ln[own + r2] | 1 << f1]):
                        v = WIN - ply
                    else:
                        a = LINE[8 + f1]
                        p = LINE[r1]
                        q = LINE[r2]
                        v = -_judge(s - lv[a] - lv[p] - lv[q] + lv[a + add * (P3[r2] - P3[r1])]
                                    + lv[p - add * P3[f1]] + lv[q + add * P3[f1]],
                                    0, 0, e, 0, 0)
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            FSTEP[ply] = x << 2 | d
                            return best
        if best == -INF:
            return ply - WIN   # no step: stalemated
        return best

    def slow_steps(self, x, y, caps, c, ply):
        """Best of the steps x -> y with each non-empty choice of captures and none."""
        b = self.b
        best = -INF
        s = caps
        while True:
            m = y | x << 6 | s << 12
            self.nodes += 2   # made and fully evaluated: ~3 frontier leaves
            b.make(m, c)
            v = self.outcome(m, c)
            if v is None:
                v = -self.evaluate(1 - c)
            elif v < 0:
                v = ply - WIN
            else:
                v = WIN - ply
            b.unmake(m, c)
            if v > best:
                best = v
            if not s:
                return best
            s = (s - 1) & caps

    def slow_drops(self, x, c, ply):
        """Best of the drops on x with each choice of captures, made and evaluated: a drop
        is a step from x to x in the move code, so slow_steps serves both."""
        return self.slow_steps(x, x, self.b.captures(x, c), c, ply)


def _fmt(m):
    to = m & 63
    frm = (m >> 6) & 63
    caps = m >> 12
    return format_turn(frm, to, [NB[to * 4 + d] for d in range(4) if caps >> d & 1])

"""Reference players of the Quax family, for measuring quax.ai (host only, CPython, no device
limits). They share no code with quax/ai: each has its own shortest-path search and its own
playouts, and they use the engine (quax.Game) only to list and play legal turns.

greedy(game, rng)        1 ply: every legal turn (swap included), the one after which the
                         enemy's shortest edge-to-edge chain minus ours is largest (a
                         Dijkstra over the cells: own stone 0, empty 1, enemy a wall, the
                         diagonal steps each rule set allows); a win at once first; ties by
                         rng.
Mcts(playouts).choose(game, rng)
                         Monte Carlo tree search, UCT + RAVE (all moves as first), random
                         playouts to a full board, `playouts` of them a move (1,000 for the
                         issue's MCTS-1000).
random_player(game, rng) any legal turn.

Figures: docs/quax.md, "Strength" (the reference players of `python -m tools.lab.quax_ladder`).
"""

import heapq
import math

from quax import Game, format_move
from quax.board import CROSSWAY, LINK, QUADREX, QUAX, QUICKWAY

BIG = 10 ** 6


# -- greedy -------------------------------------------------------------------------------------
def chain_cost(game, colour):
    """Fewest stones (and Quax link turns) colour still needs for an edge-to-edge chain."""
    n = game.n
    b = game.board
    cells, links = b.cells, b.links
    rule = game.rule
    own, foe = colour + 1, 2 - colour
    dist = {}
    heap = []
    for i in range(n):
        x = i if colour == 0 else i * n
        if cells[x] != foe:
            d = 0 if cells[x] == own else 1
            dist[x] = d
            heap.append((d, x))
    heapq.heapify(heap)
    while heap:
        d, x = heapq.heappop(heap)
        if d > dist.get(x, BIG):
            continue
        f, r = x % n, x // n
        if (r == n - 1) if colour == 0 else (f == n - 1):
            return d
        steps = []
        for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if 0 <= f + df < n and 0 <= r + dr < n:
                steps.append(((r + dr) * n + f + df, 0))
        if rule != QUADREX:
            for df in (-1, 1):
                for dr in (-1, 1):
                    if not (0 <= f + df < n and 0 <= r + dr < n):
                        continue
                    y = (r + dr) * n + f + df
                    s1, s2 = r * n + f + df, (r + dr) * n + f
                    lo = min(x, y, s1, s2)
                    mine = 1 if min(x, y) == lo else 2      # which diagonal x-y is
                    both_foe = cells[s1] == foe and cells[s2] == foe
                    if rule == CROSSWAY:
                        if not both_foe:
                            steps.append((y, 0))
                    elif links[lo] == mine:
                        steps.append((y, 0))
                    elif links[lo]:
                        continue
                    elif rule == QUICKWAY:
                        if not both_foe:
                            steps.append((y, 0))
                    else:
                        steps.append((y, 1))
        for y, extra in steps:
            if cells[y] == foe:
                continue
            nd = d + extra + (0 if cells[y] == own else 1)
            if nd < dist.get(y, BIG):
                dist[y] = nd
                heapq.heappush(heap, (nd, y))
    return BIG


def greedy(game, rng):
    """The greedy reference's turn (notation); the game is left as it was."""
    me_seat = game.seat(game.turn)
    best, pool = None, []
    for m in game.moves():
        game.apply_move(m)
        if game.result is not None and game.result[0] == "win":
            won = game.seat(game.result[1]) == me_seat
            game.undo()
            if won:
                return format_move(m, game.n)
            continue
        mine = game.turn ^ 1 if m != 4000 else 0       # after a swap we play Black
        v = chain_cost(game, mine ^ 1) - chain_cost(game, mine)
        game.undo()
        if best is None or v > best:
            best, pool = v, [m]
        elif v == best:
            pool.append(m)
    return format_move(pool[rng.below(len(pool))], game.n)


def random_player(game, rng):
    ms = game.moves()
    return format_move(ms[rng.below(len(ms))], game.n)


# -- MCTS with UCT + RAVE -----------------------------------------------------------------------
class _State:
    """The reference's own copy of a position: cells 0/1/2, links by block, who moves."""

    def __init__(self, game):
        self.n = game.n
        self.rule = game.rule
        self.cells = list(game.board.cells)
        self.links = list(game.board.links)
        self.turn = game.turn
        self.swapped = game.swapped
        self.can_swap = game.can_swap()

    def copy(self):
        s = _State.__new__(_State)
        s.n, s.rule = self.n, self.rule
        s.cells, s.links = list(self.cells), list(self.links)
        s.turn, s.swapped, s.can_swap = self.turn, self.swapped, self.can_swap
        return s

    def checker(self, x, c):
        """Would colour c on x complete a two-and-two checkerboard?"""
        n, cells = self.n, self.cells
        f, r = x % n, x // n
        own, foe = c + 1, 2 - c
        for df in (-1, 1):
            for dr in (-1, 1):
                if 0 <= f + df < n and 0 <= r + dr < n:
                    if (cells[(r + dr) * n + f + df] == own and cells[r * n + f + df] == foe
                            and cells[(r + dr) * n + f] == foe):
                        return True
        return False

    def moves(self):
        """Drops, crosscut links (Quax, Link) and swap: ('d', x), ('l', block, diag), ('s',)."""
        c, n, cells = self.turn, self.n, self.cells
        out = [("d", x) for x in range(n * n) if not cells[x]
               and not (self.rule == CROSSWAY and self.checker(x, c))]
        if self.rule in (QUAX, LINK):
            own, foe = c + 1, 2 - c
            for b in range(n * n):
                if b % n == n - 1 or b // n == n - 1 or self.links[b]:
                    continue
                q = (cells[b], cells[b + 1], cells[b + n], cells[b + n + 1])
                if q == (own, foe, foe, own):
                    out.append(("l", b, 1))
                elif q == (foe, own, own, foe):
                    out.append(("l", b, 2))
        if self.can_swap:
            out.append(("s",))
        return out

    def play(self, mv, order=None, k=0):
        if mv[0] == "s":
            self.swapped = not self.swapped
            self.can_swap = False
            return
        self.can_swap = False
        c = self.turn
        self.turn ^= 1
        if mv[0] == "l":
            self.links[mv[1]] = mv[2]
            return
        if mv[0] == "p":
            return
        self.put(mv[1], c, order, k)

    def put(self, x, c, order=None, k=0):
        self.cells[x] = c + 1
        if order is not None:
            order[x] = k
        if self.rule == QUADREX:
            self.fill(x)

    def fill(self, x):
        n, cells = self.n, self.cells
        todo = [x]
        while todo:
            s = todo.pop()
            f, r = s % n, s // n
            for bf, br in ((f - 1, r - 1), (f, r - 1), (f - 1, r), (f, r)):
                if not (0 <= bf < n - 1 and 0 <= br < n - 1):
                    continue
                b = br * n + bf
                q = (b, b + 1, b + n, b + n + 1)
                empty = [i for i in range(4) if not cells[q[i]]]
                if len(empty) != 1:
                    continue
                i = empty[0]
                u, v, o = {0: (1, 2, 3), 1: (0, 3, 2), 2: (0, 3, 1), 3: (1, 2, 0)}[i]
                if cells[q[u]] == cells[q[v]] != cells[q[o]]:
                    cells[q[i]] = cells[q[u]]
                    todo.append(q[i])

    def winner_full(self, order):
        """The colour joined on this (filled) board; Quax and Link crosscuts go to the pair
        that stood first, as Quickway's links do."""
        n, cells, links = self.n, self.cells, self.links
        for colour in (0, 1):
            own = colour + 1
            seen = set(x for x in range(n) for x in [x if colour == 0 else x * n]
                       if cells[x] == own)
            todo = list(seen)
            while todo:
                x = todo.pop()
                f, r = x % n, x // n
                if (r == n - 1) if colour == 0 else (f == n - 1):
                    return colour
                for df in (-1, 0, 1):
                    for dr in (-1, 0, 1):
                        if (df or dr) and 0 <= f + df < n and 0 <= r + dr < n:
                            y = (r + dr) * n + f + df
                            if cells[y] != own or y in seen:
                                continue
                            if df and dr and not self.diag_ok(x, y, df, dr, own, order):
                                continue
                            seen.add(y)
                            todo.append(y)
        return -1

    def diag_ok(self, x, y, df, dr, own, order):
        if self.rule == QUADREX:
            return False
        if self.rule == CROSSWAY:
            return True
        n, cells = self.n, self.cells
        s1, s2 = x + df, x + dr * n
        lo = min(x, y, s1, s2)
        mine = 1 if min(x, y) == lo else 2
        if self.links[lo]:
            return self.links[lo] == mine
        if cells[s1] != cells[s2] or cells[s1] == own:
            return True      # no crosscut: the two are joined through a corner anyway
        return max(order[x], order[y]) < max(order[s1], order[s2])


class _Node:
    __slots__ = ("move", "seat", "children", "n", "w", "an", "aw")

    def __init__(self, move, seat):
        self.move, self.seat = move, seat
        self.children = None
        self.n = self.w = self.an = self.aw = 0


class Mcts:
    """UCT + RAVE over drops, crosscut links and swap; `playouts` random playouts a move."""

    def __init__(self, playouts=1000, rave_k=300.0, c=0.2):
        self.playouts, self.k, self.c = playouts, rave_k, c

    def choose(self, game, rng):
        if game.moves() == [4001]:
            return "pass"
        root_state = _State(game)
        root = _Node(None, None)
        for _ in range(self.playouts):
            self._iterate(root, root_state.copy(), rng)
        best = max(root.children, key=lambda ch: ch.n)
        mv = best.move
        if mv[0] == "s":
            return "swap"
        if mv[0] == "l":
            return format_move(1024 + 2 * mv[1] + mv[2] - 1, game.n)
        return format_move(mv[1], game.n)

    def _select(self, node):
        logn = math.log(node.n + 1)
        best, bv = None, -1e9
        for ch in node.children:
            if ch.n:
                q = ch.w / ch.n
            else:
                q = 1.0
            if ch.an:
                beta = math.sqrt(self.k / (3 * ch.n + self.k))
                q = (1 - beta) * q + beta * (ch.aw / ch.an) if ch.n else ch.aw / ch.an + 0.5
            v = q + self.c * math.sqrt(logn / (ch.n + 1))
            if v > bv:
                best, bv = ch, v
        return best

    def _iterate(self, root, s, rng):
        path = [root]
        node = root
        while node.children:
            node = self._select(node)
            s.play(node.move)
            path.append(node)
        if node.n or node is root:
            mvs = s.moves()
            seat = s.turn ^ (1 if s.swapped else 0)
            node.children = [_Node(m, seat) for m in mvs]
            if node.children:
                node = node.children[rng.below(len(node.children))]
                s.play(node.move)
                path.append(node)
        order = self._playout(s, rng)
        wc = s.winner_full(order)
        wseat = wc ^ (1 if s.swapped else 0)
        n, cells = s.n, s.cells
        for i, nd in enumerate(path):
            nd.n += 1
            if nd.seat is not None and nd.seat == wseat:
                nd.w += 1
            if nd.children:
                # all moves as first: a child's drop whose cell ended in its mover's colour
                for ch in nd.children:
                    if ch.move[0] == "d":
                        col = cells[ch.move[1]]
                        if col and (col - 1) ^ (1 if s.swapped else 0) == ch.seat:
                            ch.an += 1
                            if ch.seat == wseat:
                                ch.aw += 1

    def _playout(self, s, rng):
        n = s.n
        N = n * n
        order = [0] * N
        empties = [x for x in range(N) if not s.cells[x]]
        for i in range(len(empties) - 1, 0, -1):
            j = rng.below(i + 1)
            empties[i], empties[j] = empties[j], empties[i]
        k = 1
        c = s.turn
        if s.rule == CROSSWAY:
            left = empties
            stuck = 0
            while left and stuck < 2:
                for i, x in enumerate(left):
                    if not s.checker(x, c):
                        s.put(x, c)
                        left.pop(i)
                        stuck = 0
                        break
                else:
                    stuck += 1
                c ^= 1
            return order
        for x in empties:
            if s.cells[x]:
                continue       # Quadrex filled it
            s.put(x, c, order, k)
            k += 1
            c ^= 1
        return order


def mcts1000(game, rng):
    return Mcts(1000).choose(game, rng)

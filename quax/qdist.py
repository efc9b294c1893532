"""Quadrex's two-distance, the measure of quax.ai's player on Quadrex boards up to QN x QN,
Expert's answers (reply) and its ladder reading (ladder) there (quax.ai.tables() loads
this module for them only, so the other rule sets and the larger boards do not carry it)."""

from array import array

INF = 9999  # quax.ai.INF (this module does not import the player: no circle)


def arrays(t):
    """The two-distance's own arrays (made only for the boards that use it)."""
    N = t.N
    t.comp = bytearray(N)                   # a stone's chain (1, 2, ...)
    t.lib = array("H", bytes(2 * 8 * N))    # the cells beside each chain
    t.ls = array("H", bytes(2 * (N + 1)))   # chain k's cells from ls[k] to ls[k + 1]
    t.ce = bytearray(N)                     # the edges chain k touches
    t.cm = array("H", bytes(2 * N))         # the last node to take chain k's cells
    t.rp = array("H", bytes(2 * 16))        # quax.ai.Player._reply: the answers tried


def tdist(t, c, side, dist):
    """Quadrex: colour c's two-distance from its edge `side` to every empty cell
    (dist) and to the other edge (returned; INF if none). An empty cell counts one more than
    its second-best neighbour (the enemy blocks the best way: a cell counts once two ways
    reach it); the edge's cells count 1. Own stones are seen through: a node's neighbours
    are the empty cells beside it and beside the own chains beside it (a chain touching the
    edge makes its neighbours edge cells); beside means the four sides and the diagonals
    whose other two corners are not both the enemy's (a diagonal pair is joined in
    Quadrex). The other edge counts its second-best cell, or the value of a node whose
    chain touches it. The chains are labelled first, each with its list of empty cells
    beside it (t.lib, from t.ls[k]; t.ce[k]: 1 on the own edge, 2 on the other), so a node
    takes a chain's cells in one pass. Then breadth first (values only grow); a cell hit
    once holds the hitting node's mark (above INF) until another node hits it; a chain
    holds the mark of the last node that took its cells (t.cm)."""
    n = t.n
    N = t.N
    cells = t.cells
    nb = t.nb
    dg = t.dg
    q = t.q
    st = t.fst
    comp = t.comp
    lib = t.lib
    ls = t.ls
    ce = t.ce
    cm = t.cm
    foe = 2 - c
    own = c + 1
    if c == 0:
        x0 = 0 if side == 0 else N - n
        step = 1
    else:
        x0 = 0 if side == 0 else n - 1
        step = n
    end = n - 1 if side == 0 else 0  # the other edge: x // n (Black) or x % n == end
    beg = n - 1 - end
    # Label the chains (dist is the scratch that keeps a chain's cells apart).
    for i in range(N):
        comp[i] = 0
        dist[i] = INF
    k = 0
    p = 0
    for x in range(N):
        if cells[x] != own or comp[x]:
            continue
        k += 1
        comp[x] = k
        ls[k - 1] = p
        e = 0
        st[0] = x
        sp = 1
        while sp:
            sp -= 1
            s_ = st[sp]
            r = s_ // n if c == 0 else s_ % n
            if r == beg:
                e |= 1
            if r == end:
                e |= 2
            for kk in range(8):
                if kk < 4:
                    z = nb[s_ * 4 + kk]
                else:
                    i = s_ * 16 + 4 * kk - 16
                    z = dg[i]
                    if z >= 0 and cells[dg[i + 1]] == foe and cells[dg[i + 2]] == foe:
                        continue
                if z < 0:
                    continue
                wz = cells[z]
                if wz == own:
                    if not comp[z]:
                        comp[z] = k
                        st[sp] = z
                        sp += 1
                elif wz == 0 and dist[z] != k:
                    dist[z] = k
                    lib[p] = z
                    p += 1
        ce[k - 1] = e
        cm[k - 1] = 0
    ls[k] = p
    for i in range(N):
        dist[i] = INF
    tail = 0
    far = INF
    far1 = INF
    # The edge: its empty cells and the cells beside its chains count 1.
    for i in range(n):
        y = x0 + i * step
        w = cells[y]
        if w == own:
            k = comp[y] - 1
            if ce[k] & 2:
                far = 0
            for j in range(ls[k], ls[k + 1]):
                z = lib[j]
                if dist[z] == INF:
                    dist[z] = 1
                    q[tail] = z
                    tail += 1
        elif w == 0 and dist[y] == INF:
            dist[y] = 1
            q[tail] = y
            tail += 1
    mark = INF
    head = 0
    while head != tail:
        x = q[head]
        head += 1
        v = dist[x]
        if v >= far:
            break
        if (x // n if c == 0 else x % n) == end:
            if far1 < INF:
                far = v
                break
            far1 = v
        mark += 1
        m = mark
        for kk in range(8):
            if kk < 4:
                z = nb[x * 4 + kk]
            else:
                i = x * 16 + 4 * kk - 16
                z = dg[i]
                if z >= 0 and cells[dg[i + 1]] == foe and cells[dg[i + 2]] == foe:
                    continue
            if z < 0:
                continue
            wz = cells[z]
            if wz == own:
                k = comp[z] - 1
                if cm[k] == m:
                    continue
                cm[k] = m
                if ce[k] & 2 and v < far:
                    far = v  # an own chain on the other edge, reached by this node
                a = ls[k]
                b = ls[k + 1]
            elif wz == 0:
                a = -1
                b = 0
            else:
                continue
            while a < b:
                if a >= 0:
                    z = lib[a]
                a += 1
                dz = dist[z]
                if dz < INF:
                    continue
                if dz == INF:
                    dist[z] = m
                elif dz != m:
                    dist[z] = v + 1
                    q[tail] = z
                    tail += 1
    for i in range(N):
        if dist[i] > INF:
            dist[i] = INF
    return far


def tried(rp, r, y):
    """Whether cell y is among the answers rp[:r] already chosen."""
    for j in range(r):
        if rp[j] == y:
            return True
    return False


def reply(pl, t, c, w, move, fill, QR, QE):
    """Generator (quax.ai.Player._reply: Quadrex, Expert): the QR[0] best candidates by
    their one-ply value (rank, lower first), each answered by QE cells on the enemy's best
    chains after it (the lowest sum of its two-distances from both edges; ties by the
    root's order) and then by the candidates of the root's order (t.ro), QR[1] answers in
    all, fills played out (fill: quax.ai.fill); the candidate whose worst answer leaves
    the best value (the enemy's cost minus ours). Returns the cell; pl.searches counts."""
    cells = t.cells
    cand = t.cand
    rank = t.rank
    ro = t.ro
    e = 1 - c
    kk = QR[0] if QR[0] < w else w
    for i in range(kk):
        best = i
        for j in range(i + 1, w):
            if rank[cand[j]] < rank[cand[best]]:
                best = j
        cand[i], cand[best] = cand[best], cand[i]
    top = -INF - 1
    rp = t.rp
    N = t.N
    for i in range(kk):
        x = cand[i]
        cells[x] = c + 1
        nf = fill(t, x)
        # The answers: the QE cells on the enemy's best chains after x (its two-distance
        # from both edges; ties by the root's order), then the root's order.
        r = 0
        if QE:
            pa, pb = t.d[2], t.d[3]
            tdist(t, e, 0, pa)
            tdist(t, e, 1, pb)
            pl.searches += 2
            yield None
            while r < QE:
                best = -1
                bp = INF
                for y in range(N):
                    if cells[y]:
                        continue
                    p = pa[y] + pb[y]
                    if (p < bp or (p == bp and best >= 0 and rank[y] < rank[best])) and \
                            not tried(rp, r, y):
                        best = y
                        bp = p
                if best < 0:
                    break
                rp[r] = best
                r += 1
        for j in range(w if w < 16 else 16):
            y = ro[j]
            if r >= QR[1]:
                break
            if not cells[y] and not tried(rp, r, y):
                rp[r] = y
                r += 1
        worst = INF + 1
        for j in range(r):
            y = rp[j]
            cells[y] = e + 1
            n2 = fill(t, y, nf)
            b = tdist(t, e, 0, t.d[1])
            if b == 0:
                v = -INF
            else:
                a = tdist(t, c, 0, t.d[0])
                v = INF if a == 0 else b - a
            pl.searches += 2
            cells[y] = 0
            for j2 in range(nf, nf + n2):
                cells[t.fl[j2]] = 0
            if v < worst:
                worst = v
            yield None
            if worst <= top:
                break
        cells[x] = 0
        for j in range(nf):
            cells[t.fl[j]] = 0
        if worst > top:
            top = worst
            move = x
    return move


def ladder(t, c, x, k, fill):
    """Quadrex, Expert (quax.ai.LAD): colour c's stone on x stands straight ahead of an
    enemy stone h (towards one of the enemy's edges), the enemy's diagonal step ahead on
    one side is shut (c holds both its other corners), the other one open: a ladder. Plays
    it out on the scratch cells (the enemy steps diagonally ahead, its fill follows; c
    blocks straight ahead of the new stone, its fills follow) until the enemy's stone
    stands on its edge, or its next step or block cell is taken, shut or off the board.
    Kept only if the enemy wins it (on its edge, or at a stone of its own): the stones and
    fills listed in t.fl[k:] for the caller to take back, their number returned; else
    taken back (the enemy would not run it) and 0 returned, as for no ladder."""
    n = t.n
    cells = t.cells
    fl = t.fl
    own = c + 1
    en = 2 - c
    k0 = k
    f0 = x % n
    r0 = x // n
    for d in (1, -1):
        # a: the enemy's step ahead (along its own axis), s: the shut side
        if c:
            af, ar = 0, d   # the enemy is Black: bottom and top
        else:
            af, ar = d, 0
        hf = f0 - af
        hr = r0 - ar
        if hf < 0 or hr < 0 or hf >= n or hr >= n or cells[hr * n + hf] != en:
            continue
        for s in (1, -1):
            if c:
                sf, sr = s, 0
            else:
                sf, sr = 0, s
            # shut: h + s is c's (x = h + a is c's), or h + a + s is off the board or c's
            pf, pr = hf + sf, hr + sr
            if 0 <= pf < n and 0 <= pr < n:
                if cells[pr * n + pf] != own:
                    qf, qr = pf + af, pr + ar
                    if 0 <= qf < n and 0 <= qr < n and cells[qr * n + qf] != own:
                        continue
            # open: h + a - s empty, h - s not c's
            qf, qr = hf + af - sf, hr + ar - sr
            if not (0 <= qf < n and 0 <= qr < n) or cells[qr * n + qf]:
                continue
            pf, pr = hf - sf, hr - sr
            if 0 <= pf < n and 0 <= pr < n and cells[pr * n + pf] == own:
                continue
            # the ladder, at most n steps
            ok = 0
            for _ in range(n):
                qf, qr = hf + af - sf, hr + ar - sr
                if not (0 <= qf < n and 0 <= qr < n):
                    break
                y = qr * n + qf
                if cells[y]:
                    ok = cells[y] == en
                    break
                pf, pr = hf - sf, hr - sr
                if 0 <= pf < n and 0 <= pr < n and cells[pr * n + pf] == own:
                    break
                cells[y] = en
                fl[k] = y
                k += 1
                k += fill(t, y, k)
                hf, hr = qf, qr
                qf, qr = hf + af, hr + ar
                if not (0 <= qf < n and 0 <= qr < n):
                    ok = 1
                    break
                y = qr * n + qf
                if cells[y]:
                    ok = cells[y] == en
                    break
                cells[y] = own
                fl[k] = y
                k += 1
                k += fill(t, y, k)
            if ok:
                return k - k0
            while k > k0:
                k -= 1
                cells[fl[k]] = 0
            return 0
    return 0

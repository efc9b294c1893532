"""Differential test of the corner polyomino engine against Pentobi's GTP engine
(tools/pentobi.py): in random games of Duo, Classic and classic_2 the legal moves of every
colour at every position (`all_legal`) and the final scores (`final_score`) agree. Skipped
with one line where pentobi-gtp is absent."""

from array import array

import pytest

from corners import Game
from corners.board import MAXMOVES
from quadutil import Rng
from tools import pentobi

pytestmark = pytest.mark.skipif(not pentobi.available(), reason=pentobi.MISSING)


def pentobi_score(variant, g):
    """Our scores in Pentobi's final_score form: Duo and classic_2 the first player's lead
    ("B+3", "W+2", "0"), Classic each colour's points (squares placed + bonus)."""
    s = g.scores()
    if variant in ("duo", "classic_2"):
        p = g.player_scores()
        d = p[0] - p[1]
        return "0" if d == 0 else ("B+%d" % d if d > 0 else "W+%d" % -d)
    return " ".join(str(v + 89) for v in s)


@pytest.mark.parametrize("variant", ["duo", "classic", "classic_2"])
def test_all_legal_and_final_score_agree(variant):
    buf = array("H", bytes(2 * MAXMOVES))
    for seed in range(3):
        g = Game(variant)
        rng = Rng(seed)
        with pentobi.Gtp(variant) as p:
            while not g.over:
                for c in range(g.ncol):
                    k = g.board.gen(c, buf, 0, MAXMOVES)
                    mine = {frozenset(g.text_of(buf[i]).split(",")) for i in range(k)}
                    assert mine == p.all_legal(c), (variant, seed, g.plies, c)
                ms = g.moves()
                # Big pieces first now and then, so games run long and reach the bonus.
                if rng.below(2):
                    ms = [m for m in ms if len(g.cells_of(m)) == max(len(g.cells_of(x))
                                                                       for x in ms)]
                m = ms[rng.below(len(ms))]
                p.play(g.turn, g.text_of(m))
                g.apply_move(m)
            assert p.final_score() == pentobi_score(variant, g)


# Duo: Black walls itself in (fewest own corner places every move) against Pentobi level 2,
# then White, alone, places all its 21 pieces (the last not the single square): -70 / +15.
FULL_HAND = ("a10,b10,c10,d10,e10 j3,i4,j4,k4,j5 f11,f12,f13,f14 g5,h5,h6,i6,i7 f9 "
             "g7,f8,g8,h8,h9 e7,f7,e8 d5,c6,d6,e6,f6 g10,h10 i10,i11,j11,k11,i12 j8,i9,j9,j10 "
             "k6,k7,l7,k8,l8 c2,d2,c3,b4,c4 l12,m12,j13,k13,l13 k2,l2,m2,m3,m4 a9,b9,c9,d9,e9 "
             "g1,h1,i1,g2,i2 m6,n6,n7,n8,n9 g11,g12,g13,h13 e3,f3,e4,f4 a6,a7,b7 a1,a2,a3 "
             "l10,m10 f10 e11,d12,e12,e13 b11,c11,a12,b12 a14,b14,c14,d14").split()


def test_a_full_hand_bonus_agrees():
    """A colour that places every piece gets the seed's +15, as in Pentobi's score."""
    g = Game("duo")
    with pentobi.Gtp("duo") as p:
        for mv in FULL_HAND:
            p.play(g.turn, mv)
            g.play(mv)
        assert g.over and not g.board.left[1] and g.board.last[1] != 0
        assert g.scores() == [-70, 15]
        assert p.final_score() == pentobi_score("duo", g) == "W+85"

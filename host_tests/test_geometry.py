"""Square tables against the closed form and two slow, independent enumerators."""
from itertools import combinations

import pytest

from quadcore.geometry import Geometry, geometry

SIZES = range(5, 16)


def closed_form(n):
    return (n ** 4 - n ** 2 - 48 * n + 84) // 12


def cells_of(n):
    return [(c, r) for r in range(n) for c in range(n)
            if not (c in (0, n - 1) and r in (0, n - 1))]


def squares_by_sides(n):
    """Every square as a frozenset of (col, row): each ordered pair of cells as one side."""
    cells = set(cells_of(n))
    out = set()
    for p in cells:
        for q in cells:
            if p == q:
                continue
            vx, vy = q[0] - p[0], q[1] - p[1]
            a = (q[0] - vy, q[1] + vx)
            b = (p[0] - vy, p[1] + vx)
            if a in cells and b in cells:
                out.add(frozenset((p, q, a, b)))
    return out


def is_square(pts):
    d = sorted((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 for a, b in combinations(pts, 2))
    return d[0] > 0 and d[0] == d[1] == d[2] == d[3] and d[4] == d[5] == 2 * d[0]


def engine_squares(n):
    g = Geometry(n)
    return {frozenset((x % n, x // n) for x in g.corners(s)) for s in range(g.nsq)}


@pytest.mark.parametrize("n", SIZES)
def test_count_matches_closed_form(n):
    assert Geometry(n).nsq == closed_form(n)


def test_standard_board_has_1173_squares():
    assert geometry(11).nsq == 1173 == closed_form(11)


@pytest.mark.parametrize("n", SIZES)
def test_same_squares_as_side_enumerator(n):
    assert engine_squares(n) == squares_by_sides(n)


@pytest.mark.parametrize("n", [5, 6])
def test_same_squares_as_four_point_brute_force(n):
    brute = {frozenset(q) for q in combinations(cells_of(n), 4) if is_square(q)}
    assert engine_squares(n) == brute


@pytest.mark.parametrize("n", SIZES)
def test_corners_are_in_drawing_order_and_distinct(n):
    g = Geometry(n)
    for s in range(g.nsq):
        pts = [(x % n, x // n) for x in g.corners(s)]
        assert len(set(pts)) == 4
        sides = [(pts[(i + 1) % 4][0] - pts[i][0], pts[(i + 1) % 4][1] - pts[i][1])
                 for i in range(4)]
        for i in range(4):  # each side is the previous one turned by 90 degrees
            (ax, ay), (bx, by) = sides[i], sides[(i + 1) % 4]
            assert (bx, by) == (-ay, ax)


@pytest.mark.parametrize("n", SIZES)
def test_incidence_lists_exactly_the_squares_through_each_cell(n):
    g = Geometry(n)
    through = {x: set() for x in range(n * n)}
    for s in range(g.nsq):
        for x in g.corners(s):
            through[x].add(s)
    for x in range(n * n):
        lst = list(g.squares_through(x))
        assert len(lst) == len(set(lst))
        assert set(lst) == through[x]
        if not g.valid[x]:
            assert lst == []
    assert len(g.cell_sq) == 4 * g.nsq


@pytest.mark.parametrize("n", SIZES)
def test_square_set_has_the_boards_eight_symmetries(n):
    sq = engine_squares(n)
    m = n - 1
    maps = [lambda c, r: (r, c), lambda c, r: (m - c, r), lambda c, r: (c, m - r),
            lambda c, r: (m - r, c), lambda c, r: (m - c, m - r)]
    for f in maps:
        assert {frozenset(f(*p) for p in s) for s in sq} == sq


def test_corner_cells_removed():
    g = Geometry(11)
    assert [x for x in range(121) if not g.valid[x]] == [0, 10, 110, 120]
    assert g.ncells == 117


def test_table_bytes_within_device_budget():
    # device-budget.md: engine tables <= 16 KB for n = 11 (payload bytes; the VM test
    # measures the real heap figure)
    assert geometry(11).table_bytes() <= 16 * 1024


def test_bad_size_rejected():
    with pytest.raises(ValueError):
        Geometry(4)
    with pytest.raises(ValueError):
        Geometry(16)


def test_cache_keeps_only_latest_size():
    a = geometry(9)
    assert geometry(9) is a
    geometry(11)
    assert geometry(9) is not a

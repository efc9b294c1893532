"""Readers for the computer player's test data in host_tests/data (host only)."""

from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"


def blocks(path):
    """[(header lines without '# ', record lines)] from a file of '#'-headed records."""
    out = []
    for chunk in Path(path).read_text().split("\n\n"):
        lines = [ln.strip() for ln in chunk.strip().splitlines() if ln.strip()]
        if not lines:
            continue
        head = [ln[1:].strip() for ln in lines if ln.startswith("#")]
        rec = [ln for ln in lines if not ln.startswith("#")]
        out.append((head, rec))
    return out


def tactics(path=DATA / "ai_tactics.txt"):
    """[{name, size, record, marble (set or None), cover (set), maxstars (int or None)}]."""
    out = []
    for head, rec in blocks(path):
        first = head[0].split()
        item = dict(name=first[0], size=int(first[2]), record=rec, marble=None, cover=set(),
                    maxstars=None)
        for h in head[1:]:
            key, _, val = h.partition(":")
            if key == "marble":
                item["marble"] = set(val.split())
            elif key == "cover":
                item["cover"] = set(val.split())
            elif key == "maxstars":
                item["maxstars"] = int(val)
        out.append(item)
    return out


def small_boards(path=DATA / "ai_small_boards.txt"):
    """[{name, size, stars, win_in, record, winning (set of turn strings)}]."""
    out = []
    for i, (head, rec) in enumerate(blocks(path)):
        f = head[0].split()
        wins = head[1].partition(":")[2]
        out.append(dict(name="small-%d-%s" % (i + 1, f[1]), size=int(f[1]), stars=int(f[3]),
                        win_in=f[5], record=rec,
                        winning={w.strip() for w in wins.split("|") if w.strip()}))
    return out


def parse_turn_text(text):
    """('e6' marble, {'f7', ...} stars) from a turn like '*f7 e6'."""
    stars = set()
    marble = None
    for tok in text.split():
        if tok.startswith("*"):
            stars.add(tok[1:])
        else:
            marble = tok
    return marble, stars

"""Power cuts while the nvm is written: two copies of every record, and on the SAMD51
(whole-block erase and rewrite, tools/nvm_cuts.py) a layout where what matters is
programmed first, and fewer writes."""

import pytest

from apptools import start

from quadpocket.storage import Store
from tools import nvm_cuts

HDR = 8


class TornNvm:
    """A bytearray whose next slice write can be torn: only its first `torn` bytes land
    (a board whose nvm write touches only the bytes written)."""

    def __init__(self, size=8192):
        self.buf = bytearray(b"\xff" * size)
        self.torn = None
        self.writes = 0

    def __len__(self):
        return len(self.buf)

    def __getitem__(self, i):
        return self.buf[i]

    def __setitem__(self, i, value):
        start, stop, _ = i.indices(len(self.buf))
        self.writes += 1
        if self.torn is not None:
            k, self.torn = self.torn, None
            self.buf[start:start + k] = value[:k]
            return
        self.buf[i] = value


def test_torn_prefs_write_keeps_the_previous_prefs():
    """One copy of the preferences made 80 of 112 such cuts reset them to defaults."""
    for k in range(0, HDR + 31):
        nvm = TornNvm()
        st = Store(nvm)
        st.prefs.level = "expert"
        st.prefs.tutorial_done = True
        st.save_prefs()
        st.prefs.sound = 0
        st.save_prefs()            # the copy a cut must not take away
        st.prefs.variant = "rapid"
        nvm.torn = k
        st.save_prefs()
        p = Store(nvm).prefs
        assert (p.level, p.sound, p.tutorial_done) == ("expert", 0, 255), k  # (every game's)
        assert p.variant in ("standard", "rapid"), k
        # and the next write does not go over the good copy
        st2 = Store(nvm)
        st2.prefs.contrast = True
        st2.save_prefs()
        assert Store(nvm).prefs.contrast and Store(nvm).prefs.sound == 0, k


def test_torn_stats_write_keeps_the_previous_stats():
    """One copy of the statistics made 156 of 196 such cuts reset them."""
    for k in range(0, HDR + 40):
        nvm = TornNvm()
        st = Store(nvm)
        for _ in range(3):
            st.record_result("expert", "win")
        nvm.torn = k
        st.record_result("expert", "loss")
        s = Store(nvm).stats["expert"]
        assert (s["wins"], s["best"]) == (3, 3), k
        assert s["losses"] in (0, 1), k


def test_menu_changes_are_written_once_when_the_menu_closes():
    app, d, p = start(prefs=dict(sound=0))
    before = p.nvm.writes
    d.press("menu")
    d.press("new")
    for name in ("level", "level", "level", "claim", "claim"):
        d.press(name)
    d.press("back")
    d.press("prefs")
    d.press("confirm")
    assert p.nvm.writes == before  # nothing yet: one write per tap was the old way
    d.press("back")
    d.press("resume")
    assert p.nvm.writes == before + 1
    # (Confirm tap stepped from off, the tests' usual, to auto)
    assert Store(p.nvm).prefs.level == app.prefs.level and Store(p.nvm).prefs.confirm == 0
    # Nothing changed: nothing written.
    d.press("menu")
    d.press("resume")
    assert p.nvm.writes == before + 1


@pytest.fixture(scope="module")
def cuts():
    nvm = nvm_cuts.session()
    return nvm, nvm_cuts.classify(nvm)


def test_session_writes_as_few_times_as_it_needs(cuts):
    nvm, rows = cuts
    labels = [r[0] for r in rows]
    assert labels.count("menu") == 1  # six preference taps, one write
    rounds = labels.count("round")
    assert 10 <= rounds <= 40  # about one write a round
    assert len(rows) <= rounds + 4
    for _, start, stop, _ in rows:
        assert stop - start <= 1024


def test_a_cut_after_page_0_never_resets_anything(cuts):
    """Every write rewrites the whole block, page 0 first. Once page 0 (stats, prefs and a
    game under ~300 bytes) is programmed, a cut can at most cost the last round."""
    nvm, rows = cuts
    for before, after, start, stop, label in nvm.log:
        b = nvm_cuts.state(before)
        a = nvm_cuts.state(after)
        images = list(nvm_cuts.cut_images(after))
        for q, img in enumerate(images):
            if q * nvm_cuts.QUAD < 512 + nvm_cuts.QUAD:
                continue  # during the erase or page 0
            s = nvm_cuts.state(img)
            assert s[1] in (a[1], b[1]) and s[0] in (a[0], b[0]), (label, q)
            assert s[2] is not None or a[2] is None, (label, q)


def test_cut_figures_stay_below_the_old_layouts(cuts):
    """README figures: the old layout (one copy of prefs and stats, game slots at 1024 and
    2048, a write per preference tap) lost the whole game in progress at 1358 of 10,260
    cut points of the same session (13.2%); now at most 5%."""
    nvm, rows = cuts
    tot = dict((k, 0) for k in nvm_cuts.KEYS)
    for r in rows:
        for k in tot:
            tot[k] += r[3][k]
    assert tot["cuts"] == 513 * len(rows)
    assert tot["game_lost"] <= 0.05 * tot["cuts"]
    assert tot["stats_lost"] <= 0.01 * tot["cuts"]
    assert tot["prefs_lost"] <= 0.03 * tot["cuts"]
    assert tot["game_rolled_back"] <= 0.08 * tot["cuts"]

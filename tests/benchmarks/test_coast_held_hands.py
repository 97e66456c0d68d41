"""The held-hands benchmark counts the way its report says: a tiny clip's truth and made-up readings, the counts
written out beside them."""

from benchmarks.coast_held_hands import summary, tally_clip

# frame:     0 still  1 still  2 hand (moving)  3 hand (held)  4 hand (held)  5 new state  6 still
TRUTH = {"states": [{}, {}],
         "frames": [{"state": 0, "still": False, "hand": False}, {"state": 0, "still": True, "hand": False},
                    {"state": 0, "still": False, "hand": True}, {"state": 1, "still": False, "hand": True},
                    {"state": 1, "still": False, "hand": True}, {"state": 1, "still": False, "hand": False},
                    {"state": 1, "still": True, "hand": False}]}
# (a hand said to be over the table, motion, a table committed) per frame
SEEN = [(False, 0.0, False), (False, 0.0, True), (False, 0.05, False), (True, 0.0, False), (False, 0.0, True),
        (False, 0.02, False), (True, 0.0, False)]


def test_one_clip_is_counted_as_its_frames_say():
    tally = tally_clip(TRUTH, SEEN, max_motion=0.004)
    assert tally == {"hand frames": 3, "calm hand frames": 2, "hand seen": 1, "calm hand seen": 1,
                     "clear still frames": 2, "clear taken for a hand": 1,   # frame 6: a still table taken for a hand
                     "commits under a hand": 1,                               # frame 4: committed, the hand held
                     "states committed": 1, "states": 2}                      # state 1 was committed only under it


def test_the_summary_adds_up_clips_and_gives_medians_and_p90s():
    tally = dict(tally_clip(TRUTH, SEEN, 0.004), **{"arm ms": [0.1, 0.1, 5.0], "read ms": [10.0, 20.0, 30.0]})
    total = summary([tally, tally])
    assert total["hand frames"] == 6 and total["commits under a hand"] == 2
    assert total["arm ms median, p90"] == (0.1, 5.0) and total["read ms median, p90"] == (20.0, 30.0)

"""The counter fit's --varied-weight: a VARIED view's rows weigh what they are told against TRAIN views' rows."""

import numpy as np

from benchmarks import colony_train_counter


def test_varied_views_weigh_their_given_weight_and_training_views_one():
    groups = np.array([1000, 1659, 100000, 100259])
    assert colony_train_counter.view_weights(groups, 0.25).tolist() == [1.0, 1.0, 0.25, 0.25]


def test_the_trees_follow_the_heavier_kind_of_view_where_the_two_disagree():
    rng = np.random.default_rng(0)
    rows = rng.uniform(0, 1, (400, 1))
    labels = (rows[:, 0] > 0.5).astype(int)
    groups = np.repeat([1000, 100000], 200)      # the VARIED half says the opposite
    labels[200:] = 1 - labels[200:]
    light = colony_train_counter._grow(rows, labels, colony_train_counter.view_weights(groups, 0.2))
    heavy = colony_train_counter._grow(rows, labels, colony_train_counter.view_weights(groups, 5.0))
    probe = np.array([[0.2], [0.8]])
    assert light.predict(probe).tolist() == [0, 1]
    assert heavy.predict(probe).tolist() == [1, 0]

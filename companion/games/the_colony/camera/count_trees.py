"""The egg counter's boosted trees: the walker is shared (companion/vision/boosted_trees.py), kept here
under the names The Colony's camera and its fitting script use."""

from companion.vision.boosted_trees import BoostedTrees as CountTrees
from companion.vision.boosted_trees import load_trees as count_trees
from companion.vision.boosted_trees import trees_arrays

__all__ = ["CountTrees", "count_trees", "trees_arrays"]

"""Work arrays kept from call to call: the same memory for a name in one thread, fresh for another shape, type or
thread."""

import threading

import numpy as np

from companion.vision.scratch import scratch


def test_a_name_asked_again_is_the_same_memory_until_its_shape_or_type_changes():
    first = scratch("test scratch", (4, 5, 3), np.float32)
    first[:] = 7
    again = scratch("test scratch", (4, 5, 3), np.float32)
    assert again is first and again.shape == (4, 5, 3) and again.dtype == np.float32
    other_name = scratch("test scratch other", (4, 5, 3), np.float32)
    assert not np.shares_memory(other_name, first)
    reshaped = scratch("test scratch", (5, 4, 3), np.float32)
    retyped = scratch("test scratch", (5, 4, 3), np.uint8)
    assert reshaped.shape == (5, 4, 3) and not np.shares_memory(reshaped, first)
    assert retyped.dtype == np.uint8 and not np.shares_memory(retyped, reshaped)


def test_each_thread_has_its_own_arrays():
    mine = scratch("test scratch thread", (8, 8), np.uint8)
    theirs = []
    worker = threading.Thread(target=lambda: theirs.append(scratch("test scratch thread", (8, 8), np.uint8)))
    worker.start()
    worker.join()
    assert theirs[0].shape == mine.shape and not np.shares_memory(theirs[0], mine)

"""Work arrays kept from one call to the next, one set a thread.

A reader that makes a dozen fresh arrays of a few MB for every photo and drops them again pays for the memory each
time: the C library hands such blocks back to the system when they are freed, and the next photo's arrays fault in
fresh zeroed pages (measured on Black Cannon's 888 x 888 table view: about 14 ms a photo of 160, one thread). An
array asked for here under a name is the same memory on every call of the same thread, until a call asks for it in
another shape or type. Its contents are left as they were: the caller writes it whole before reading it, is done
with it before asking for the same name again, and never hands it out (a result that outlives the call is made fresh).
"""

from __future__ import annotations

import threading

import numpy as np

_LOCAL = threading.local()


def scratch(name: str, shape: tuple[int, ...], dtype) -> np.ndarray:
    """An array of `shape` and `dtype`, contents undefined, the same memory each time this thread asks for `name`."""
    arrays = getattr(_LOCAL, "arrays", None)
    if arrays is None:
        arrays = _LOCAL.arrays = {}
    shape, dtype = tuple(int(side) for side in shape), np.dtype(dtype)
    array = arrays.get(name)
    if array is None or array.shape != shape or array.dtype != dtype:
        array = arrays[name] = np.empty(shape, dtype)
    return array

"""Tabletop Companion: sees a physical game table, referees it, and shows it on a tablet."""

import os

__version__ = "0.1.0"

# The camera readers multiply small matrices (a few hundred rows) every frame. OpenBLAS
# would spread each over threads that, on a busy two-core machine, wait far longer than the
# sums take: measured 0.5 ms on one thread against 16 ms (and 600 ms in 12-row chunks) on
# two while other work ran. The thread count is fixed when numpy loads, and every entry
# point (the `companion` command, `python -m companion`) imports this package first.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

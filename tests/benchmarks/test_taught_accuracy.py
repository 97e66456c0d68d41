"""The taught benchmark goes on past a seed whose teaching photo shows no sheet, and says how many there were."""

import shutil

import cv2
import numpy as np
import pytest

from benchmarks import taught_accuracy


@pytest.mark.slow   # one island and its teaching sheet rendered, then read twice
def test_a_seed_whose_sheet_is_not_found_is_counted_and_the_next_is_scored(tmp_path, capsys):
    island, truth, sheet = taught_accuracy.render_pair(7001, False, tmp_path)
    for path in (island, truth, sheet):   # seed 7002: the same table, its sheet in view
        shutil.copy(path, path.with_name(path.name.replace("7001", "7002")))
    cv2.imwrite(str(sheet), np.full_like(cv2.imread(str(sheet)), 200))   # 7001: only the table in the photo

    result = taught_accuracy.evaluate([7001, 7002], False, tmp_path)

    assert result["sheet_not_found"] == [7001]
    for mode in ("untaught", "taught"):   # 7002's boards alone are scored
        assert sum(result["results"][mode]["cells"].values()) == 36 * sum(result["results"][mode]["boards"].values()) > 0
    taught_accuracy.report("tuned", result)
    assert "teaching sheet not found (seed not scored): 1 seeds, 7001" in capsys.readouterr().out

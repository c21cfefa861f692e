"""The vector index gives every process the same candidates: its graph is written to disk, not rebuilt by several
threads at each start (which changed 4 of the 60 dense candidates of one query from one run to the next)."""

from __future__ import annotations

import subprocess
import sys

# One process asks the seeds store for the dense candidates of a query and prints their ids.
_ASK = """
import json, sys
from pathlib import Path
from assistant.core import Assistant
from assistant.models import Filters
from assistant.settings import Settings
a = Assistant.from_settings(Settings(store_dir=Path(sys.argv[1])))
print(json.dumps(sorted(a.retriever().dense("Put those two side by side.", Filters()))))
"""


def test_every_process_reads_the_same_dense_candidates(seeded_store):
    runs = {
        subprocess.run(
            [sys.executable, "-c", _ASK, str(seeded_store)], capture_output=True, text=True, check=True
        ).stdout
        for _ in range(4)
    }
    assert len(runs) == 1 and runs.pop().count('"') >= 120

"""General English word frequency: `zipf_frequency` of the `wordfreq` package, imported without its stack walk."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import locate


def _caller_dir() -> Path:
    """What `locate.this_dir()` answers (the calling module's folder, else the working directory), read from one
    frame. locate builds `inspect.stack()`, every frame's source lines and module, to use its second entry: wordfreq
    calls it when imported, ~0.2 CPU s of a cold `ask` once a thousand modules are loaded."""
    caller = sys._getframe(1).f_globals
    if "__file__" in caller:
        return Path(os.path.abspath(caller["__file__"])).parent
    return Path(os.path.abspath(os.getcwd()))


locate.this_dir = _caller_dir

from wordfreq import zipf_frequency  # noqa: E402  # after the patch: wordfreq finds its data folder when imported

__all__ = ["zipf_frequency"]

"""General English word frequency: `zipf_frequency` of the `wordfreq` package, for plain words read from a table of
its English list kept beside the model export (`.cache/`), so a start imports neither wordfreq nor its stack.

Importing wordfreq (langcodes, ftfy, regex, msgpack) and reading its English list took ~0.4 CPU s of a cold `ask`
(0.25-0.42 s import, 0.13 s list, load 1-8) for the few dozen words a question looks up. To wordfreq's English
tokenizer a word of lower-case ASCII letters is one token, and one of such runs joined by single hyphens
("decision-making", "state-of-the-art") is its runs; the table holds the list's frequency of every token of 1-WIDTH
such letters, and the value is combined and rounded as wordfreq does (`_word_frequency`): the same float, checked
over all 289,018 such words of its list, their hyphenated pairs and random strings. Any other word, or no table,
asks wordfreq itself (imported then).
"""

from __future__ import annotations

import hashlib
import math
import os
import re
import shutil
import sys
import threading
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path

import numpy as np

CACHE = Path(__file__).resolve().parents[2] / ".cache"  # where `assistant prepare` keeps the ONNX export too
# Letters of the longest word the table holds: 5 of the list's 289,023 plain words are longer (wordfreq answers them).
WIDTH = 24
_PLAIN = re.compile(rf"[a-z]{{1,{WIDTH}}}")
_RUNS = re.compile(rf"[a-z]{{1,{WIDTH}}}(?:-[a-z]{{1,{WIDTH}}})*")
FORMAT = 2  # the table's layout; a new one makes a new folder
_lock = threading.Lock()


def zipf_frequency(word: str, lang: str) -> float:
    """wordfreq's `zipf_frequency(word, lang)`: log10 of the word's frequency per billion words, 0 when unlisted."""
    if lang == "en" and _RUNS.fullmatch(word) and (table := english()) is not None:
        words, freqs = table
        one_over = 0.0
        for token in word.split("-"):  # as wordfreq combines a word's tokens: 1 / f = 1 / f1 + 1 / f2 + ...
            key = token.encode("ascii")
            i = int(np.searchsorted(words, key))
            if i == len(words) or words[i] != key:
                return 0.0  # a token not listed: wordfreq's minimum
            one_over += 1.0 / float(freqs[i])
        freq = 1.0 / one_over
        freq = round(freq, math.floor(-math.log(freq, 10)) + 3)  # 3 significant digits, as wordfreq rounds
        return round(math.log(freq, 10) + 9, 2)
    return _wordfreq().zipf_frequency(word, lang)


def table_dir(cache: Path = CACHE) -> Path | None:
    """The table's folder, named by the stamp of wordfreq's English list (a new wordfreq makes a new table)."""
    spec = find_spec("wordfreq")
    if spec is None or not spec.submodule_search_locations:
        return None
    data = Path(next(iter(spec.submodule_search_locations))) / "data" / "large_en.msgpack.gz"
    stat = data.stat()
    stamp = hashlib.sha1(f"{FORMAT}:{stat.st_size}:{stat.st_mtime_ns}".encode()).hexdigest()[:10]
    return Path(cache) / f"wordfreq-en-{stamp}"


@lru_cache(maxsize=1)
def english(cache: Path = CACHE) -> tuple[np.ndarray, np.ndarray] | None:
    """The plain English words, sorted (bytes of WIDTH), and their frequencies in wordfreq's list: read
    memory-mapped, or made from wordfreq once (~0.5 s) and kept. None when it can be neither read nor made."""
    folder = table_dir(cache)
    if folder is None:
        return None
    with _lock:
        try:
            return np.load(folder / "words.npy", mmap_mode="r"), np.load(folder / "freqs.npy", mmap_mode="r")
        except (FileNotFoundError, ValueError):
            pass
        words, freqs = _made()
        tmp = folder.with_name(f"{folder.name}.tmp{os.getpid()}")
        try:
            folder.parent.mkdir(parents=True, exist_ok=True)
            shutil.rmtree(tmp, ignore_errors=True)
            tmp.mkdir()
            np.save(tmp / "words.npy", words)
            np.save(tmp / "freqs.npy", freqs)
            os.replace(tmp, folder)
        except OSError:  # a read-only checkout (or another process got there first): answer from memory
            shutil.rmtree(tmp, ignore_errors=True)
        return words, freqs


def _made() -> tuple[np.ndarray, np.ndarray]:
    listed = _wordfreq().get_frequency_dict("en", "best")
    plain = sorted(w for w in listed if _PLAIN.fullmatch(w))
    words = np.array([w.encode("ascii") for w in plain], dtype=f"S{WIDTH}")
    return words, np.array([listed[w] for w in plain], dtype=np.float64)


def _caller_dir() -> Path:
    """What `locate.this_dir()` answers (the calling module's folder, else the working directory), read from one
    frame. locate builds `inspect.stack()`, every frame's source lines and module, to use its second entry: wordfreq
    calls it when imported, ~0.2 CPU s of a cold `ask` once a thousand modules are loaded."""
    caller = sys._getframe(1).f_globals
    if "__file__" in caller:
        return Path(os.path.abspath(caller["__file__"])).parent
    return Path(os.path.abspath(os.getcwd()))


def _wordfreq():
    """The wordfreq package, imported on first need (after the patch: it finds its data folder when imported)."""
    import locate

    locate.this_dir = _caller_dir
    import wordfreq

    return wordfreq


__all__ = ["english", "zipf_frequency"]

"""The English word frequencies a start reads from a table agree with wordfreq's, and a start imports no wordfreq."""

import random
import subprocess
import sys

import pytest

from assistant.vendors import word_frequency


@pytest.fixture(scope="module")
def wordfreq():
    return word_frequency._wordfreq()


def test_the_table_gives_wordfreqs_values(wordfreq):
    rng = random.Random(3)
    words = ["the", "ice", "forecasting", "pruning", "factorization", "achieve", "qzxvq", "a" * 30]
    words += ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(1, 10))) for _ in range(300)]
    words += ["decision-making", "state-of-the-art", "many-core", "cunnqs-sci", "ice-qzxvq"]  # tokens combined
    words += ["resnet-50", "Sentinel", "don't", "café", "3d", "a--b", "-ice"]  # not plain: wordfreq answers them
    assert word_frequency.english() is not None
    assert [word_frequency.zipf_frequency(w, "en") for w in words] == [wordfreq.zipf_frequency(w, "en") for w in words]


def test_looking_a_word_up_does_not_import_wordfreq():
    """wordfreq's import and list were ~0.4 CPU s of every cold `ask` at 10k papers."""
    word_frequency.english()  # the table exists (made by this process if needed)
    code = (
        "import sys; from assistant.answer.evidence import distinct; "
        "print(distinct.zipf('forecasting'), distinct.ordinary('together'), distinct.zipf('decision-making'), "
        "'wordfreq' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["4.09", "True", "5.05", "False"]

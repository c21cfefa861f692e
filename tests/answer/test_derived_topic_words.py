"""A topic word the paper says only in another derived form the stemmer does not join ("altimetry" for "radar
altimeter waveforms", "Antarctica" for "Antarctic"): the table's own words of the same long stem, close to it by
meaning, count as the word wherever a topic's words are matched to a paper's."""

from __future__ import annotations

from assistant.answer.evidence.topic_core import DERIVED_MEANING, VersionedNames, holds
from assistant.models import Filters, Message

LEADS = "Detecting Leads in Winter Sea Ice with CryoSat-2 Waveforms"
SNOW = "Snow Depth on Sea Ice from Dual-Frequency Altimetry"


def _closeness(pairs: dict[frozenset[str], float]):
    return lambda a, b: pairs.get(frozenset({a, b}), 0.0)


def test_a_derived_form_of_one_long_stem_counts_when_near_in_meaning():
    similar = _closeness(
        {
            frozenset({"altimetry", "altimeter"}): DERIVED_MEANING + 0.02,
            frozenset({"transform", "transformer"}): DERIVED_MEANING - 0.03,
        }
    )
    names = VersionedNames(["altimeter", "altimetric", "transformer", "alternative", "sentinel-2"], similar)
    assert names.of("altimetry") == {"altimeter"}  # "altimetric" shares the stem but not the meaning here
    assert holds("altimetry", frozenset({"radar", "altimeter", "waveforms"}), names)
    # sharing letters is not being one word: "transformer" is not a form of "transform"
    assert not holds("transform", frozenset({"transformer"}), names)
    # without a measure of meaning only versioned names join
    assert VersionedNames(["altimeter"]).of("altimetry") == frozenset()
    # a word of ordinary English is a question's wording as often as its subject: it keeps its own forms
    ordinary = VersionedNames(["different"], lambda a, b: 1.0)
    assert ordinary.of("differently") == frozenset()
    # a name with a number is written one way
    assert names.of("sentinel-1") == frozenset()


def test_a_verbs_or_adverbs_inflection_is_no_derived_form():
    """ "quantizing" is a process, "quantization" the thing a paper is about; "compiled" is not "compiler": MiniLM puts
    such pairs as close as "altimetry" and "altimeter", so the inflection, on either side, keeps its own forms."""
    near = VersionedNames(["quantization", "compiled", "compiler", "firstly", "first", "altimeter"], lambda a, b: 0.9)
    assert near.of("quantizing") == frozenset()
    assert near.of("compiler") == frozenset()
    assert near.of("compiled") == frozenset()
    assert near.of("firstly") == frozenset()
    assert near.of("altimetry") == {"altimeter"}


def test_a_word_much_longer_than_another_of_its_stem_is_a_further_derivation():
    """ "parallelization" joined to "parallel" made "parallelizing the HONPAS package" ground one paper as a whole, so
    a follow-up's "the other one" had no other paper to point back to."""
    near = VersionedNames(["parallel", "antarctic", "compute"], lambda a, b: 0.9)
    assert near.of("parallelization") == frozenset()
    assert near.of("computation") == frozenset()
    assert near.of("antarctica") == {"antarctic"}


def test_the_tables_derived_forms_are_checked_by_meaning(tanaka):
    names = tanaka.answerer().corpus.topics._names()
    assert "altimeter" in names.of("altimetry")
    assert "antarctic" in names.of("antarctica")


def test_a_topic_list_reads_the_papers_derived_form(tanaka):
    corpus = tanaka.answerer().corpus
    hers = [p for p in corpus.papers if p.is_author_work]
    on = {sp.paper.title for sp in corpus.topics.papers_on("radar altimetry", hers)}
    assert {LEADS, SNOW} <= on
    answer = tanaka.answer([Message(role="user", content="Which of her papers rely on altimetry?")], Filters())
    assert {LEADS, SNOW} <= {c.title for c in answer.citations}


def test_a_doers_noun_is_no_form_of_its_verb():
    """ "compilers" and "compiles" (the same length, neither an -ed or -ing form) are a noun and a verb's form: joined,
    a summary on compiler code generation lost its key words' reading."""
    near = VersionedNames(["compiles", "simulates", "images", "antarctic"], lambda a, b: 0.9)
    assert near.of("compilers") == frozenset()
    assert near.of("simulator") == frozenset()
    assert near.of("imagery") == {"images"}
    assert near.of("antarctica") == {"antarctic"}


def test_a_derived_form_places_a_paper_on_a_topic_but_says_no_whole_phrase(tanaka):
    """ "CryoSat-2 altimetry": the leads paper writes "CryoSat-2 radar altimeter waveforms", the snow-depth paper
    "Altimetry" in its title and "CryoSat-2" in another sentence. Read as said in one sentence through "altimeter",
    the phrase grounded the leads paper alone as a whole, and the list lost the snow-depth paper that reading the
    name alone finds; the leads paper is still on "altimetry"."""
    corpus = tanaka.answerer().corpus
    hers = [p for p in corpus.papers if p.is_author_work]
    names = corpus.topics._names()
    assert "altimeter" in names.of("altimetry") and "altimeter" not in names.of("altimetry", derived=False)
    assert not corpus.topics.grounds("CryoSat-2 altimetry", hers)
    assert LEADS in {sp.paper.title for sp in corpus.topics.papers_on("altimetry", hers)}
    answer = tanaka.answer([Message(role="user", content="Which of her papers use CryoSat-2 altimetry?")], Filters())
    assert {LEADS, SNOW} <= {c.title for c in answer.citations}

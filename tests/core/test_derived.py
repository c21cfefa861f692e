"""What answers derive from every paper is computed at ingest, stored with the table's digest, and read back the
same at start: a start never mines the abstracts again, and what it reads equals what mining gives."""

from __future__ import annotations

import numpy as np

from assistant.answer.corpus import Corpus
from assistant.answer.evidence.acronyms import Acronyms
from assistant.answer.plan.conversation import deletion_index, fuzzy_names, short_names, squashed_names
from assistant.index.derived import FOLDER, DeletionIndex, Derived, sweep
from assistant.index.derived import deletion_index as deletion_index_of


def test_an_ingest_stores_the_derived_items_under_the_tables_digest(assistant, seeded_store):
    table = assistant.table()
    folder = seeded_store / FOLDER / table.digest
    stored = sorted(p.name for p in folder.iterdir())
    assert any(n.startswith("short-names-") for n in stored)
    assert any(n.startswith("acronyms-") for n in stored)
    assert any(n.startswith("deletions-") for n in stored)
    assert [p.name for p in (seeded_store / FOLDER).iterdir()] == [table.digest]


def test_the_stored_items_equal_what_mining_the_papers_gives(assistant):
    table = assistant.table()
    corpus = assistant.answerer().corpus
    assert corpus.names == short_names(table.papers)
    mined = Acronyms.of(table.papers)
    assert corpus.picker.acronyms.long_forms == mined.long_forms
    assert corpus.picker.acronyms.spelt == mined.spelt
    expected = deletion_index(corpus.squashed)
    for variant, owners in list(expected.items())[:2000]:
        assert corpus.deletions.get(variant, set()) == owners
    assert corpus.deletions.get("no such name at all", set()) == set()


def test_typo_lookup_through_the_stored_index_finds_the_same_papers(assistant):
    corpus = assistant.answerer().corpus
    lexical = corpus.retriever.lexical
    long_names = [n for n in corpus.squashed if len(n) >= 9][:30]
    assert long_names
    for name in long_names:
        typo = name[:3] + name[4] + name[3] + name[5:]  # two neighbours swapped
        assert fuzzy_names(typo, corpus.squashed, lexical, corpus.deletions) == fuzzy_names(
            typo, corpus.squashed, lexical, deletion_index(corpus.squashed)
        )


def test_a_missing_or_cut_short_item_is_computed_again_and_kept(tmp_path):
    derived = Derived(tmp_path, "abc")
    calls = []

    def compute():
        calls.append(1)
        return {"x": "1"}

    assert derived.json("names", compute) == {"x": "1"}
    assert derived.json("names", compute) == {"x": "1"}
    assert len(calls) == 1
    (tmp_path / FOLDER / "abc" / "names.json").write_text('{"x": ')  # a crash mid-write (not via rename)
    assert derived.json("names", compute) == {"x": "1"}
    assert len(calls) == 2


def test_the_deletion_index_arrays_round_trip_through_the_store(tmp_path):
    names = squashed_names(short_names([]))  # empty corpus: an empty index answers the default
    derived = Derived(tmp_path, "d")
    kept, arrays = DeletionIndex.arrays(["dynatrain", "fpxint", "moedisco"], 7)
    assert kept == ["dynatrain", "moedisco"]
    loaded = derived.arrays("deletions", lambda: arrays)
    again = derived.arrays("deletions", lambda: {})
    index = DeletionIndex(kept, again["hashes"], again["owners"])
    assert index.get("dnatrain") == {"dynatrain"} and index.get("moedisc") == {"moedisco"}
    assert index.get("fpxint") is None
    assert len(loaded["hashes"]) == len(again["hashes"]) == 10 + 9
    assert DeletionIndex([], *DeletionIndex.arrays(names, 7)[1].values()).get("x", set()) == set()
    assert DeletionIndex([], *DeletionIndex.arrays(names, 7)[1].values()).union({"x"}) == set()


def test_one_search_for_many_variants_gives_what_a_lookup_each_gives():
    kept, arrays = DeletionIndex.arrays(["dynatrain", "fpxint", "moedisco", "moediscoo"], 7)
    index = DeletionIndex(kept, arrays["hashes"], arrays["owners"])
    variants = {"dnatrain", "moedisco", "fpxint", "nothing", "moediscoo"}
    assert index.union(variants) == {"dynatrain", "moedisco", "moediscoo"}
    assert index.union(variants) == set().union(*(index.get(v, set()) for v in variants))
    assert index.union([]) == set()


def test_an_item_is_named_by_the_code_that_makes_it(tmp_path):
    from assistant.index.derived import code_digest

    rules = tmp_path / "rules.py"
    rules.write_text("A = 1\n")
    first = code_digest(rules)
    rules.write_text("A = 2\n")
    assert code_digest(rules) != first and len(first) == 8


def test_items_an_older_rule_made_go_when_every_item_is_asked_for(tmp_path):
    old = Derived(tmp_path, "d")
    old.json("names-aaaa", lambda: 1)
    new = Derived(tmp_path, "d")
    new.json("names-bbbb", lambda: 2)
    new.arrays("index-bbbb", lambda: {"x": np.arange(3)})
    new.drop_unused()
    assert sorted(p.name for p in (tmp_path / FOLDER / "d").iterdir()) == ["index-bbbb", "names-bbbb.json"]


def test_the_typo_index_follows_the_names_it_is_built_from(tmp_path):
    derived = Derived(tmp_path, "d")
    first = deletion_index_of(derived, ["dynatrain", "moedisco"], 7)
    second = deletion_index_of(derived, ["moedisco", "dynatrain", "atomworld"], 7)  # names a new rule made
    assert first.get("dnatrain") == {"dynatrain"}
    assert second.get("dnatrain") == {"dynatrain"} and second.get("atomwold") == {"atomworld"}


def test_sweep_keeps_only_the_current_tables_items(tmp_path):
    Derived(tmp_path, "old").json("a", lambda: 1)
    Derived(tmp_path, "new").json("a", lambda: 2)
    sweep(tmp_path, keep="new")
    assert [p.name for p in (tmp_path / FOLDER).iterdir()] == ["new"]


def test_prepare_on_a_store_without_derived_items_writes_them(fresh_store):
    import shutil

    from assistant.core import Assistant
    from assistant.settings import Settings

    shutil.rmtree(fresh_store / FOLDER)
    settings = Settings(store_dir=fresh_store)
    table = Assistant.from_settings(settings).table()
    Corpus.prepare(settings, table, Assistant.from_settings(settings).store.sentences)
    assert any(p.name.startswith("short-names-") for p in (fresh_store / FOLDER / table.digest).iterdir())


def test_an_ingests_last_step_stores_the_items_a_start_builds_with_the_model(fresh_store):
    # The kinds' vectors and reading need the model and BM25: the ingest's clean-up had removed them, so the first
    # start after every ingest computed them again.
    import shutil

    from assistant.core import Assistant
    from assistant.settings import Settings

    shutil.rmtree(fresh_store / FOLDER)
    assistant = Assistant.from_settings(Settings(store_dir=fresh_store))
    assistant._prepare_answers()
    stored = [p.name for p in (fresh_store / FOLDER / assistant.table().digest).iterdir()]
    for item in ("kind-texts-", "kind-vectors-", "kind-reading-", "kind-may-", "short-names-"):
        assert any(n.startswith(item) for n in stored), item


def test_the_kinds_reading_read_from_the_store_equals_reading_the_index(assistant):
    from assistant.answer.evidence.topic_terms import content_terms

    topics = assistant.answerer().corpus.topics
    reading = topics.kind_reading
    assert reading is not None and len(reading.rows) > 5
    texts = list(reading.rows)
    try:
        topics.kind_reading = None  # read from the index, as without the stored reading
        fresh = {k: (topics.query_terms(k.split()).weights, topics.scope_free(k.split())) for k in texts}
    finally:
        topics.kind_reading = reading
    for k in texts:
        weights, mask = fresh[k]
        assert topics.query_terms(k.split()).weights == weights
        if weights:
            assert np.array_equal(topics.scope_free(k.split()), mask), k
            assert mask.any()
    assert content_terms(texts[0]) == texts[0].split()

"""Structured questions are answered exactly from the paper table, and cite what they count."""

from __future__ import annotations

import re
from collections import Counter

from assistant.answer.plan.plan import LIST_PAGE
from assistant.models import Message


def ask(assistant, text, **kw):
    from assistant.models import Filters

    return assistant.answer([Message(role="user", content=text)], Filters(**kw) if kw else None)


def test_count_per_year_matches_table_and_cites_each(assistant):
    mine = [p for p in assistant.papers() if p.is_author_work]
    for year, n in Counter(p.year for p in mine).items():
        a = ask(assistant, f"How many of the author's papers are from {year}?")
        assert re.search(rf"\b{n}\b", a.answer), a.answer
        assert len(a.citations) == n
        assert all(c.year == year and c.is_author_work for c in a.citations)


def test_total_count(assistant):
    a = ask(assistant, "How many papers has Yunquan Zhang written?")
    assert "29" in a.answer and len(a.citations) == 29


def test_per_year_breakdown_lists_every_paper(assistant):
    a = ask(assistant, "How many papers per year does the author have?")
    assert "2025: 9" in a.answer and "2020: 4" in a.answer
    assert len(a.citations) == 29


def test_coauthors_merge_spelling_variants(assistant):
    a = ask(assistant, "Who are the author's most frequent co-authors?")
    assert "Daning Chen:" not in a.answer
    top_two = set(a.answer.splitlines()[1:3])
    # Seven each: Daning Cheng's count includes CALM, where the page spells him "Daning Chen".
    assert {line.split(" [")[0] for line in top_two} == {"- Boyang Zhang: 7 papers", "- Daning Cheng: 7 papers"}, (
        a.answer
    )


def test_attribution_yes_and_no_with_reason(assistant):
    no = ask(assistant, "Is FedML Parrot one of Yunquan Zhang's papers?")
    assert no.answer.startswith("No.") and "not Yunquan Zhang's" in no.answer
    assert no.citations[0].title.startswith("FedML Parrot") and not no.citations[0].is_author_work
    yes = ask(assistant, "Is MoQE by Yunquan Zhang?")
    assert yes.answer.startswith("Yes.") and yes.citations[0].is_author_work
    unknown = ask(assistant, "Is Attention Is All You Need one of Yunquan Zhang's papers?")
    assert unknown.citations == [] and "cannot find" in unknown.answer


def test_earliest_and_latest(assistant):
    early = ask(assistant, "What is the author's earliest paper?")
    assert early.citations[0].arxiv_id == "1505.08023"
    late = ask(assistant, "What is Yunquan Zhang's most recent paper?")
    assert late.citations[0].year == 2026


def test_year_filter_lists_only_those_years(assistant):
    a = ask(assistant, "Which of the author's papers are from before 2021?")
    assert a.citations and all(c.year <= 2020 for c in a.citations)
    assert len(a.citations) == 6  # 2020: 4, 2019: 1, 2015: 1
    themes = ask(assistant, "What did the author work on before 2021?")  # answered by theme
    assert "research theme" in themes.answer and all(c.year <= 2020 for c in themes.citations)


def test_code_papers(assistant):
    a = ask(assistant, "Which of the author's papers have code?")
    assert {c.paper_id for c in a.citations} == {p.id for p in assistant.papers() if p.is_author_work and p.has_code}


def test_paper_metadata_answers(assistant):
    who = ask(assistant, "Who wrote the BCD paper?")  # "BCD" is the abbreviation its abstract defines
    assert "Zeyu Liu, Yan Li, Yunquan Zhang et al." in who.answer and who.citations[0].arxiv_id == "2506.12037"
    when = ask(assistant, "When was the block coordinate descent paper published?")
    assert "2025-05-22" in when.answer and "disagree" in when.answer and "2025-05-23" in when.answer
    ident = ask(assistant, "What is the arXiv ID of FP=xINT?")
    assert "arXiv:2412.06865" in ident.answer
    none = ask(assistant, "What is the arXiv ID of the CALM paper?")
    assert "no arXiv ID" in none.answer and none.citations[0].title.startswith("CALM")


def test_joint_papers_with_a_coauthor(assistant):
    a = ask(assistant, "Which papers did Yunquan Zhang write with Daning Cheng?")
    assert len(a.citations) == 7 and all("Daning Cheng" in c.authors for c in a.citations)
    n = ask(assistant, "How many papers has the author written with Boyang Zhang?")
    assert "7 (seven)" in n.answer


def test_papers_not_by_the_author(assistant):
    a = ask(assistant, "How many papers in the corpus are not by the author?")
    assert "50" in a.answer and not any(c.is_author_work for c in a.citations)
    # A count of more than a page lists its first page and offers the rest.
    assert len(a.citations) == LIST_PAGE and f"And {50 - LIST_PAGE} more: ask for the rest" in a.answer


def test_which_of_those_came_out_first_orders_all_of_them(assistant):
    listed = ask(assistant, "Which papers did Yunquan Zhang write in 2022?")
    history = [
        Message(role="user", content="Which papers did Yunquan Zhang write in 2022?"),
        Message(role="assistant", content=listed.answer),
        Message(role="user", content="Which of those came out first?"),
    ]
    first = assistant.answer(history)
    n = len(listed.citations)
    # about those papers, not "his earliest" overall; every one of them accounted for, none skipped
    assert first.answer.startswith(f"Of those {n} papers, the first to come out was "), first.answer
    assert {c.paper_id for c in first.citations} == {c.paper_id for c in listed.citations}
    # the first paper dated to the day wins; the two known only by their year are named as possibly earlier
    day_dated = sorted((c for c in listed.citations if c.arxiv_id), key=lambda c: c.arxiv_id)
    assert first.citations[0].arxiv_id == day_dated[0].arxiv_id
    assert "Dated only to the year, so each may have come out before it" in first.answer


def test_earliest_orders_by_date_then_arxiv_id_and_names_ties():
    from assistant.answer.check.citations import Citations
    from assistant.answer.write import order
    from tests.conftest import make_paper

    papers = [
        make_paper(id="c", title="Gamma", date="2023-05-01", arxiv_id="2305.00009"),
        make_paper(id="b", title="Beta", date="2023-04-02", arxiv_id="2304.00200"),
        make_paper(id="a", title="Alpha", date="2023-04-02", arxiv_id="2304.00100"),
        make_paper(id="u", title="Undated", date=None, date_precision=None, year=None),
    ]
    text = order.extreme(False, papers, Citations(), lambda p: p.abstract, "Ada Lovelace", "x", among_those=True)
    assert text.startswith("Of those 4 papers, the first to come out were 2 papers tied on 2023-04-02: *Alpha*")
    assert text.index("*Alpha*") < text.index("*Beta*") < text.index("*Gamma*") < text.index("*Undated*")
    assert "(listed by arXiv id)" in text and "No date in the sources: *Undated*" in text
    last = order.extreme(True, papers, Citations(), lambda p: p.abstract, "Ada Lovelace", "x", among_those=True)
    assert last.startswith("Of those 4 papers, the last to come out was *Gamma*")


def test_a_paper_dated_to_a_year_wholly_before_the_day_dated_ones_is_the_earliest():
    from assistant.answer.check.citations import Citations
    from assistant.answer.write import order
    from tests.conftest import make_paper

    papers = [
        make_paper(id="d", title="Day", date="2019-07-28"),
        make_paper(id="y", title="Year", date="2018", date_precision="year", year=2018),
        make_paper(id="n", title="Newer year", date="2025", date_precision="year", year=2025),
    ]
    text = order.extreme(False, papers, Citations(), lambda p: p.abstract, "Ada Lovelace", "x")
    assert text.startswith("The earliest of x is *Year*")
    assert order.extreme(True, papers, Citations(), lambda p: p.abstract, "Ada Lovelace", "x").startswith(
        "The latest of x is *Newer year*"
    )


def test_answers_name_sources_as_a_person_would_and_tools_keep_the_files(assistant):
    from tests.conftest import SEEDS

    files = [f.name for f in SEEDS.glob("*.txt")]
    mine = ask(assistant, "Is cuNNQS-SCI Yunquan Zhang's paper?")
    theirs = ask(assistant, "Is AdaProp Yunquan Zhang's paper?")
    for a in (mine, theirs):
        assert not [f for f in files if f in a.answer], a.answer
    assert "Listed on Yunquan Zhang's own pages: the profile page" in mine.answer
    assert "It appears only in the paper listing (a listing of another research group)" in theirs.answer
    # the stored record (papers --json, /api/papers) still names the files, for tools
    paper = assistant.paper(mine.citations[0].paper_id)
    assert any(s.file in paper.attribution for s in paper.sources)


def test_without_file_names_speaks_a_run_of_files_once():
    from assistant.models import Source
    from assistant.presenter import without_file_names

    sources = [Source(file="a_1.txt", line=3, shape="profile_cards"), Source(file="b.bib", line=9, shape="bibtex")]
    assert without_file_names("listed on X's own pages: a_1.txt, b.bib", sources) == (
        "listed on X's own pages: the profile page and the BibTeX export"
    )
    assert without_file_names("2024 in a_1.txt:3; 2023 in b.bib:9", sources) == (
        "2024 in the profile page; 2023 in the BibTeX export"
    )


def test_topic_lists_are_newest_first_and_say_so(assistant):
    from assistant.answer.write.order import order_key

    for question in ("Which papers are about model compression?", "Which papers are about stencil computation?"):
        a = ask(assistant, question)
        head = a.answer.splitlines()[0]
        assert head.endswith(", newest first):"), head
        keys = [order_key(assistant.paper(c.paper_id)) for c in a.citations]
        assert len(keys) >= 2 and keys == sorted(keys, reverse=True), question


def test_also_relevant_only_when_the_extra_paper_answers_as_well_as_the_lead(assistant):
    # The LLC paper answers this; MoQE (a quantization paper near it in the index) does not: no "Also relevant".
    llc = ask(assistant, "How does LLC deal with quantization inside its lossless neighbourhood?")
    assert "Also relevant:" not in llc.answer and len(llc.citations) == 1, llc.answer
    # Two papers that both answer keep each other: the follow-up finds the loss driven by the layers' inputs.
    inputs = ask(assistant, "Which work shows that quantizing the inputs of a layer matters more than its weights?")
    assert inputs.answer.count("Also relevant:") == 1 and "layer inputs" in inputs.answer.split("Also relevant:")[1]
    assert "MoQE" not in inputs.answer

"""Questions composed over the table (superlatives of a reported quantity, shared authors, nested references, averages)
and follow-ups that point by date, by correction or by "the other one"."""

from __future__ import annotations

import re
from types import SimpleNamespace

from assistant.answer.plan import phrases
from assistant.answer.plan.slots import SlotReader
from assistant.models import Filters, Message
from tests.asking import ask
from tests.conftest import converse, make_paper, titles


def test_the_superlative_of_a_reported_quantity_reads_every_paper(assistant):
    answer = ask(assistant, "What is the largest GPU count any of his papers reports?")
    assert answer.meta["plan"]["route"] == "quantity_extreme" and answer.meta["plan"]["quantity"] == ["GPU", "largest"]
    assert "is 64" in answer.answer and "64 GPUs" in answer.citations[0].quote
    speed = ask(assistant, "What is the highest speedup reported in his papers?")
    # "up to 4963x … faster computation" is a speedup though the sentence never says the word; 7.1x comes next.
    assert "4963x" in speed.answer.split("\n")[0] and "7.1x" in speed.answer
    # A model number is not a count ("RTX 4090 GPU clusters").
    assert "4090" not in answer.answer.split("\n")[0]


def test_a_speedup_is_read_however_the_abstract_writes_it():
    from assistant.answer.evidence.quantity import extreme

    said = {
        "a": "It delivers up to 4963x (3185x on average) faster computation with 485x lower memory usage.",
        "b": "The emulator runs 300 times faster than the model on one GPU.",
        "c": "It outperforms elastic systems by up to three orders of magnitude.",
        "d": "We reach a 7.1x speedup over the baseline.",
        "e": "It needs 900x lower memory and our contribution is two-fold.",
    }
    papers = [make_paper(id=k, abstract=v) for k, v in said.items()]
    assert [(r.paper.id, r.said, r.value) for r in extreme("speedup", papers, 1)] == [
        ("a", "4963x", 4963.0),
        ("c", "three orders of magnitude", 1000.0),
        ("b", "300 times", 300.0),
        ("d", "7.1x", 7.1),
    ]
    assert extreme("GPU", papers, 1) == []  # "300 times faster than the model on one GPU" counts no GPUs


def test_a_model_size_is_read_from_its_parameter_count():
    from assistant.answer.evidence.quantity import extreme

    said = {
        "a": "We train dense and sparse networks of up to 340B parameters on 512 GPUs.",
        "b": "The 13 billion parameter model is tuned with a batch size of 4096.",
        "c": "Our small model reaches 91% accuracy.",
    }
    papers = [make_paper(id=k, abstract=v) for k, v in said.items()]
    # The question's "model size" is reported as parameters (data/quantity_nouns.txt), not as any "size".
    found = extreme("size", papers, 1, "What is the largest model size any of her papers trains?")
    assert [(r.paper.id, r.said, r.value) for r in found] == [("a", "340B", 340e9), ("b", "13 billion", 13e9)]
    # Unqualified, "size" is read as itself: the batch size.
    assert [(r.paper.id, r.value) for r in extreme("size", papers, 1, "What is the largest size?")] == [("b", 4096.0)]


def test_quantity_phrases():
    assert phrases.quantity_extreme("Which paper uses the most GPUs?") == phrases.Extreme(1, "GPUs")
    assert phrases.quantity_extreme("the fewest nodes he used") == phrases.Extreme(-1, "nodes")
    assert phrases.quantity_extreme("What is the most recent paper?") is None


def test_shared_authors_of_two_named_papers(assistant):
    answer = ask(assistant, "Who wrote both MoQE and CALM?")
    assert answer.meta["plan"]["route"] == "shared_authors"
    assert "Jinhao Zhang" in answer.answer and "Yunquan Zhang" in answer.answer
    assert "Boyang Zhang" not in answer.answer.split(" among ")[0]  # on MoQE only
    assert "part of the author list" in answer.answer  # both lists end in "et al."


def test_a_nested_reference_finds_the_person_then_their_other_papers(assistant):
    answer = ask(assistant, "The first author of CALM: what else did they write?")
    plan = answer.meta["plan"]
    assert plan["route"] == "list" and plan["person"] == "Jinhao Zhang" and plan["leaves_out"]
    assert any("MoQE" in t for t in titles(answer)) and not any("CALM" in t for t in titles(answer))


def test_average_papers_per_year(assistant):
    answer = ask(assistant, "What is his average number of papers per year since 2020?")
    assert answer.meta["plan"]["route"] == "average"
    assert "27 papers over the 7 years 2020–2026, 3.9 per year on average" in answer.answer


def test_a_relative_date_counts_from_the_paper_pointed_back_to(assistant):
    first, later = converse(
        assistant, "What's the oldest paper on his list?", "And what did he publish four years after that one?"
    )
    assert "2015" in first.answer
    # 2015 + 4: the one paper of 2019 is the paper asked about (placed.related_within), not a list of one
    assert titles(later) == ["HPC AI500: A Benchmark Suite for HPC AI Systems"]
    assert "14 scientific DL benchmarks" in later.answer or "AIBench" in later.answer


def test_the_other_one_is_the_paper_the_previous_answer_did_not_lead_with(assistant):
    *_, other = converse(
        assistant,
        "Which of his papers are about stencil computation?",
        "Which of those came out first?",
        "What speedup does the other one report?",
    )
    assert "SparStencil" in other.citations[0].display_title and "7.1x" in other.answer


def test_a_correction_picks_among_earlier_answers_papers(assistant):
    *_, corrected = converse(
        assistant,
        "Which of his papers are about HONPAS?",
        "Tell me about the static one.",
        "No, I meant the dynamic one.",
    )
    assert all("dynamic" in t for t in titles(corrected))


def test_that_co_author_is_never_the_author_himself(assistant):
    _, newest = converse(
        assistant, "Who are his most frequent co-authors?", "What is the newest of his papers with that co-author?"
    )
    plan = newest.meta["plan"]
    assert plan["route"] == "latest" and plan["coauthor"] == "Daning Cheng"


def test_a_comparison_whose_sides_share_their_head_words(assistant):
    """ "the static and dynamic HONPAS papers": each side is found, the first borrowing the second's "HONPAS"."""
    answer = ask(assistant, "Compare the static and dynamic HONPAS papers.")
    assert answer.meta["plan"]["route"] == "compare"
    assert [("static" in t, "dynamic" in t) for t in titles(answer)] == [(True, False), (False, True)]


def test_sides_described_as_the_a_and_the_b_papers_with_words_after(assistant):
    """ "the static and the dynamic HONPAS papers differ in …": a second "the" and a question going on after "papers"
    still give two sides, each the paper whose title holds its own word and the shared one."""
    answer = ask(
        assistant,
        "How do the static and the dynamic HONPAS papers differ in the way they spread the ERI calculations over "
        "processes?",
    )
    assert answer.meta["plan"]["route"] == "compare"
    assert [("static" in t, "dynamic" in t) for t in titles(answer)] == [(True, False), (False, True)]


def _reader(*titles):
    papers = [make_paper(id=f"p{i}", title=t, display_title=t) for i, t in enumerate(titles)]
    return SlotReader(
        SimpleNamespace(papers=papers, authors_papers=[p for p in papers if p.is_author_work], principal="Ada Lovelace")
    )


def test_described_pair_matches_each_side_word_among_titles_sharing_the_rest():
    reader = _reader(
        "Sparse kernels for stencil codes on GPUs",
        "Dense kernels for stencil codes",
        "Sparse attention kernels",
    )
    question = "What separates the sparse and the dense stencil papers?"
    assert reader._described_pair(question) == ["p0", "p1"]
    assert reader._described_pair("Compare the dense and sparse stencil works") == ["p1", "p0"]
    # A side word two titles share is no side: no pair rather than a guess.
    assert (
        _reader("Sparse stencil codes", "Sparse stencil kernels", "Dense stencil codes")._described_pair(question) == []
    )
    # A side no title holds: no pair.
    assert reader._described_pair("Compare the sparse and the blocked stencil papers") == []


def test_a_reported_count_in_millions(assistant):
    answer = ask(assistant, "Which of his papers scaled to the most CPU cores, and how many?")
    assert answer.meta["plan"]["quantity"] == ["cores", "largest"] and "is 20 million" in answer.answer


def test_a_correction_by_description_picks_the_paper_described_not_the_one_rejected(assistant):
    *_, corrected, then = converse(
        assistant,
        "Which of his papers proposes a general lossless compression framework built on the total differential?",
        "Not that one, sorry. I meant his other lossless compression paper, the one about low-rank factorization.",
        "By how much did it shrink ResNext50 while still beating the original model?",
    )
    assert titles(corrected) == ["Lossless Model Compression via Joint Low-Rank Factorization Optimization"]
    assert "70" in then.answer


def test_the_following_year_counts_from_the_paper_the_previous_answer_was_about(assistant):
    _, later = converse(
        assistant, "Tell me about his AIPerf benchmark paper.", "What did he publish the following year?"
    )
    # 2020 + 1: the one paper of 2021 is the paper asked about (placed.related_within), not a list of one
    assert titles(later)[:1] == [
        "An Accurate and Efficient Large-scale Regression Method through Best Friend Clustering"
    ]


def test_correction_phrases():
    from assistant.answer.plan import phrases

    assert phrases.CORRECTION.search("No, I meant the dynamic one.")
    assert phrases.CORRECTION.search("Sorry, wrong one: the older one")
    assert not phrases.CORRECTION.search("Sorry, which of his papers are about stencils?")
    assert not phrases.CORRECTION.search("What do they mean by lossless?")


def _dated_reader(*papers):
    records = [
        make_paper(
            id=f"p{i}", title=t, display_title=t, date=d, year=int(d[:4]), date_precision="month", is_author_work=True
        )
        for i, (t, d) in enumerate(papers)
    ]
    corpus = SimpleNamespace(
        papers=records,
        authors_papers=[p for p in records if p.is_author_work],
        principal="Ada Lovelace",
        topics=SimpleNamespace(papers_on=lambda *a: []),
    )
    return SlotReader(corpus)


def test_the_two_x_papers_are_the_only_two_titles_sharing_x_earlier_first():
    reader = _dated_reader(
        ("Dynamic load balancing for stencil codes", "2021-05"),
        ("Static tiling of stencil codes", "2019-02"),
        ("Sparse attention kernels", "2020-01"),
    )
    for question in (
        "Compare the two stencil papers.",
        "What do both stencil papers measure?",
        "How do his two papers on stencil codes differ?",
    ):
        assert reader._two_described(question) == ["p1", "p0"], question
    # Three titles share the word: no pair rather than a guess; none share it: no pair either.
    three = _dated_reader(("Stencil a", "2019-01"), ("Stencil b", "2020-01"), ("Stencil c", "2021-01"))
    assert three._two_described("Compare the two stencil papers.") == []
    assert reader._two_described("Compare the two quantum papers.") == []


def test_a_parenthesis_tells_the_two_sides_apart_and_orders_them():
    reader = _dated_reader(
        ("A general and stable lossless compression framework", "2024-12"),
        ("Lossless compression via joint low-rank factorization", "2024-12"),
        ("Lossless compression of gradients", "2023-01"),
    )
    question = "The two lossless-compression papers from December 2024 (the joint low-rank one and the general one)?"
    assert reader._two_described(question) == ["p1", "p0"]
    # Without the dates three titles share the words; the parenthesis still picks exactly two.
    assert reader._two_described("the two lossless compression papers (the general one and the joint one)") == [
        "p0",
        "p1",
    ]


def test_the_two_x_papers_fall_back_to_the_papers_whose_text_is_on_x():
    records = [
        make_paper(id=f"p{i}", title=f"Title {i}", display_title=f"Title {i}", date=f"202{i}-01-01") for i in range(3)
    ]
    asked = []

    def papers_on(topic, pool):
        asked.append(topic)
        return [SimpleNamespace(paper=records[2]), SimpleNamespace(paper=records[0])]

    reader = SlotReader(
        SimpleNamespace(
            papers=records,
            authors_papers=[p for p in records if p.is_author_work],
            principal="Ada Lovelace",
            topics=SimpleNamespace(papers_on=papers_on),
        )
    )
    assert reader._two_described("Compare his two papers on graph coloring.") == ["p0", "p2"]
    assert asked == ["graph coloring"]


def test_both_papers_with_a_coauthor_in_a_position(assistant):
    answer = ask(assistant, "Both papers he co-wrote with Jinhao Zhang as first author: which models did they use?")
    assert answer.meta["plan"]["route"] == "compare"
    assert sorted(t.split(":")[0] for t in titles(answer)) == ["CALM", "MoQE"]


def test_two_papers_described_by_a_shared_title_word_are_compared(assistant):
    answer = ask(assistant, "Compare the two HONPAS papers: how does each spread the integrals over processes?")
    assert answer.meta["plan"]["route"] == "compare"
    assert sorted(("static" in t, "dynamic" in t) for t in titles(answer)) == [(False, True), (True, False)]


def test_sides_each_picked_out_by_one_title_word(assistant):
    answer = ask(assistant, "Compare the static paper and the dynamic paper.")
    assert answer.meta["plan"]["route"] == "compare"
    assert [("static" in t, "dynamic" in t) for t in titles(answer)] == [(True, False), (False, True)]


def test_the_time_between_two_named_papers(assistant):
    answer = ask(assistant, "How much time passed between MoQE and CALM?")
    assert answer.meta["plan"]["route"] == "elapsed"
    assert answer.answer.startswith("131 days (about 4 months) passed between *MoQE")
    assert "dated 9 August 2025 and 18 December 2025" in answer.answer
    assert len(answer.citations) == 2
    # The same question the other way round counts from the earlier paper.
    back = ask(assistant, "How long after CALM did MoQE come out?")
    assert back.meta["plan"]["route"] == "elapsed" and back.answer.startswith("131 days")


def test_a_question_about_length_that_is_not_about_time_is_not_elapsed(assistant):
    assert ask(assistant, "How long is the MoQE paper?").meta["plan"]["route"] != "elapsed"


def test_the_time_between_two_dates_one_paper_states():
    from assistant.answer.write import composed

    paper = make_paper(
        id="x",
        comments=["Accepted at Venue B (March 1, 2025). First submitted to Venue A on 15 September 2024."],
    )
    one = composed.elapsed(SimpleNamespace(by_id={"x": paper}), SimpleNamespace(named=["x"]))
    assert one.answer.startswith("167 days (about 5 months) passed between 15 September 2024")
    assert "(First submitted to Venue A on)" in one.answer and "1 March 2025 (Accepted at Venue B)" in one.answer
    assert one.citations[0].quote.startswith("Accepted at Venue B")
    # A paper with one date has no span; two papers dated only to the month are counted in months, and said so.
    single = composed.elapsed(SimpleNamespace(by_id={"x": make_paper(id="x")}), SimpleNamespace(named=["x"]))
    assert "only one date" in single.answer
    a = make_paper(
        id="a",
        title="A",
        date="2024-12",
        date_precision="month",
        notes=["date taken from the arXiv id (YYMM): month precision"],
    )
    b = make_paper(id="b", title="B", date="2025-06-20", date_precision="day", year=2025)
    months = composed.elapsed(SimpleNamespace(by_id={"a": a, "b": b}), SimpleNamespace(named=["b", "a"]))
    assert months.answer.startswith("About 6 months passed between *A*")
    assert "dated only by the month of the arXiv id" in months.answer


def test_a_span_of_months_says_which_papers_only_their_arxiv_id_dates(assistant):
    answer = ask(assistant, "Which papers did he put out in the first half of 2025?")
    note = answer.answer.split("Dated by the year and month of the arXiv id")[1].split("\n")[0]
    cited = {c.arxiv_id for c in answer.citations}
    # Every paper the note names is cited and carries the arXiv-id date; a paper a source dates is not named.
    assert "arXiv:2505.20094" in note and "2505.20094" in cited
    assert "2502.15802" in cited and "arXiv:2502.15802" not in note
    # A span of whole years needs no such note.
    assert "arXiv id" not in ask(assistant, "Which papers did he put out in 2025?").answer


def test_a_bound_on_a_reported_quantity_lists_the_papers_past_it(assistant):
    """ "a speedup of more than 100x": the papers whose abstract reports a figure past the bound, a factor compared
    with factors only ("4963x faster" is a speedup though the sentence never says the word)."""
    answer = assistant.answer(
        [Message(role="user", content="Which of his papers report a speedup above 100x?")], Filters()
    )
    assert answer.meta["plan"]["route"] == "quantity_threshold"
    assert "4963x" in answer.answer and answer.citations[0].paper_id == "2505.20094" and "7.1x" not in answer.answer
    # "outperforming … by up to three orders of magnitude" is a factor of 1000 in a sentence about speed.
    assert any("orders of magnitude" in c.quote for c in answer.citations[1:])
    lower = assistant.answer(
        [Message(role="user", content="Which of his papers report a speedup above 5x?")], Filters()
    )
    assert {"7.1x", "4963x"} <= set(re.findall(r"\d+(?:\.\d+)?x", lower.answer)) and "2.32X" not in lower.answer
    none = assistant.answer(
        [Message(role="user", content="Which of his papers report more than 10000x speedup?")], Filters()
    )
    assert none.answer.startswith("None of Yunquan Zhang's papers reports speedup more than 10000x")
    assert "The largest they report is 4963x" in none.answer


def test_a_selection_by_author_position_then_a_question_asked_of_the_paper(assistant):
    """ "Take the paper where P is second author. What bound does it prove?": the table selects the paper, the fact
    is read from it; asking which paper that is stays a list of the selection."""
    answer = ask(
        assistant,
        "Take the paper where Zeyu Liu is the second author rather than the lead. What kind of complexity bound does "
        "it prove?",
    )
    plan = answer.meta["plan"]
    assert plan["route"] == "fact" and plan["author_position"] == 2 and plan["topic"] == ""
    assert titles(answer) == ["A Qualitative Test-Risk Mechanism for Scaling Behavior in Normalized Residual Networks"]
    assert "Rademacher complexity bound" in answer.answer
    which = ask(assistant, "Which paper has Zeyu Liu as second author?")
    assert which.meta["plan"]["route"] == "list" and "listing Zeyu Liu as second author" in which.answer


def test_selection_slots_said_outright():
    from assistant.answer.plan.selection import asks_of_selection

    assert asks_of_selection("Take the paper where X is the second author. What bound does it prove?")
    assert asks_of_selection("What does the paper with X as first author propose?")
    assert not asks_of_selection("Which paper has X as second author?")
    assert not asks_of_selection("How many papers list X as first author?")


def test_stacked_conditions_are_all_said_and_applied(assistant):
    answer = ask(assistant, "Which of his 2025 papers list him as second author and involve LLMs?")
    assert answer.answer.startswith(
        "Yunquan Zhang's papers from 2025 listing Yunquan Zhang as second author, on “LLMs”"
    )
    # Exploiting Block Coordinate Descent (2025, LLM training) lists him third: out.
    assert not any("Block Coordinate" in t for t in titles(answer))


def test_both_groups_said_outright_is_the_whole_corpus(assistant):
    answer = ask(
        assistant,
        "Across the whole corpus - his papers and the other group's - which papers deal with Mixture-of-Experts "
        "models?",
    )
    assert answer.meta["plan"]["scope"] == "all"
    cited = titles(answer)
    assert any(t.startswith("MoQE") for t in cited) and any(t.startswith("FSMoE") for t in cited)
    assert phrases.both_groups("Across every paper in the collection, including ones she did not author, which …?")
    assert not phrases.both_groups("Which papers by other groups use buoys?")


def test_a_negated_topic_among_a_positive_one_is_a_filtered_list(assistant):
    answer = ask(assistant, "Among his model-compression papers, which ones do not use quantization?")
    plan = answer.meta["plan"]
    assert plan["route"] == "list" and plan["negated_topic"] == "quantization"
    assert "and not on “quantization”" in answer.answer.split("\n")[0]
    assert not any("FP=xINT" in t or "Compression for Better" in t for t in titles(answer))


def test_a_selection_asked_how_many_of_something_else_is_a_fact_of_the_paper(assistant):
    answer = ask(
        assistant,
        "In the paper where Mingrui Zan is the first author and he is second, into how many sub-abilities were the "
        "benchmarks grouped?",
    )
    assert answer.meta["plan"]["route"] == "fact" and "11 sub-abilities" in answer.answer


def test_a_plural_list_form_is_a_list_whatever_the_vote(assistant):
    answer = ask(
        assistant,
        "Across the whole corpus, both his papers and the other group's, which ones deal with Mixture-of-Experts "
        "models?",
    )
    assert answer.meta["plan"]["route"] == "list" and answer.meta["plan"]["scope"] == "all"
    assert len(answer.citations) >= 4


def test_a_selection_picked_by_date_then_asked_about(assistant):
    """ "P is first author on two of his papers. Which of the two is newer, and does it …?": select, pick the newer,
    then ask of it; without the further question, the earliest/latest of the selection."""
    answer = ask(
        assistant,
        "Jinhao Zhang is first author on two of his papers. Which of the two is newer, and does it require "
        "fine-tuning?",
    )
    assert titles(answer) == ["CALM: A CKA-Guided Adaptive Layer-Wise Modularization Framework for LLM Quantization"]
    assert "fine-tuning-free" in answer.answer
    older = ask(assistant, "Of his papers with Jinhao Zhang as first author, which is older?")
    assert older.meta["plan"]["route"] == "earliest" and titles(older)[0].startswith("MoQE")
    assert phrases.date_pick("Which of the two is newer, and does it need fine-tuning?") == ("latest", True)
    assert phrases.date_pick("Which is the first author of X?") is None


def test_a_note_the_listing_carries_is_asked_for_literally(assistant):
    answer = ask(assistant, "Which of his arXiv papers are marked as still under review?")
    plan = answer.meta["plan"]
    assert plan["route"] == "list" and plan["literal"] == "under review"
    assert len(answer.citations) == 5 and all("review" in c.quote.casefold() for c in answer.citations[:1])
    assert phrases.marked('Which papers are marked "accepted"?') == "accepted"
    assert phrases.marked("Which papers are about marked point processes?") is None


def test_a_person_found_from_a_paper_then_their_papers(assistant):
    """ "the first author of CALM", "MoQE's first author": the paper only finds the person; the operation runs over
    that person's papers (a count with him, the newest), and the paper's name is no topic."""
    count = ask(assistant, "How many papers did the first author of CALM write with him?")
    plan = count.meta["plan"]
    assert plan["route"] == "count" and plan["person"] == "Jinhao Zhang" and plan["topic"] == ""
    assert "2 (two)" in count.answer
    newest = ask(assistant, "What is the newest paper by MoQE's first author?")
    assert newest.meta["plan"]["route"] == "latest" and titles(newest)[0].startswith("CALM")
    who = ask(assistant, "Who is the second author of CALM?")
    assert who.meta["plan"]["route"] == "authors" and "Its second author is Yunquan Zhang" in who.answer


def test_a_paper_fact_of_a_selected_paper(assistant):
    answer = ask(assistant, "When was the paper with Zeyu Liu as first author published?")
    assert answer.meta["plan"]["route"] == "when" and "is dated May 22, 2025 (2025-05-22)" in answer.answer


def test_its_first_author_is_found_from_the_paper_pointed_back_to(assistant):
    *_, other = converse(assistant, "What is MoQE?", "What else did its first author write?")
    assert other.meta["plan"]["person"] == "Jinhao Zhang"
    assert titles(other) == ["CALM: A CKA-Guided Adaptive Layer-Wise Modularization Framework for LLM Quantization"]
    *_, last = converse(assistant, "Tell me about the CALM paper.", "Who is its last author?")
    assert "its last author is not known from the sources" in last.answer  # the list ends in "et al."


def test_the_earliest_of_a_topic_is_the_earliest_paper_on_it(assistant):
    answer = ask(assistant, "What is his earliest paper on quantization?")
    plan = answer.meta["plan"]
    assert plan["route"] == "earliest" and plan["topic"] == "quantization"
    assert answer.answer.startswith("The earliest of Yunquan Zhang's papers on “quantization” is")
    assert "2202.05137" in answer.answer.split(". Next")[0]
    plain = ask(assistant, "What's the oldest paper on his list?")
    assert plain.meta["plan"]["topic"] == "" and "2015" in plain.answer


def test_an_elapsed_time_to_a_paper_described_by_one_rare_word(assistant):
    """ "his MiniFE paper" describes the untitled 2015 preprint by one rare corpus term: the elapsed time is counted
    between it and the paper named, not answered as a fact of the named one."""
    answer = ask(assistant, "How long after his MiniFE paper did the HPC AI500 benchmark come out?")
    assert answer.meta["plan"]["route"] == "elapsed"
    assert {c.arxiv_id for c in answer.citations} >= {"1505.08023"} and "four years" in answer.answer

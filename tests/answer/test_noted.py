"""A paper reached through a field of the table rather than its text (a listing's comment, its venue, its
categories), then asked a fact: made-up field values on made-up papers, and the seed corpus's comments."""

from __future__ import annotations

from assistant.answer.plan.noted import field_pick
from assistant.models import Filters, Message
from tests.asking import ask
from tests.conftest import make_paper


def test_the_words_a_field_holds_and_the_text_does_not_pick_the_paper():
    pool = [
        make_paper(id="a", title="Kiln surrogates", abstract="We plan kilns.", comments=["Accepted to KDD'24"]),
        make_paper(id="b", title="Glacier towers", abstract="We label glaciers.", comments=["Under review"]),
        make_paper(id="c", title="KDD tricks", abstract="A KDD'24 result.", comments=["Accepted to ICML'24"]),
    ]
    assert field_pick(["accepted", "KDD'24"], pool) == "a"  # c holds "KDD" in its text: the field reaches a
    assert field_pick(["accepted"], pool) is None  # one field word says too little
    assert field_pick(["kilns", "surrogates"], pool) is None  # words of the text are the resolver's, not a field's


def test_a_paper_reached_through_its_listing_comment_is_asked_the_fact(assistant):
    q = "Which of his works was accepted to SC'25 after an earlier ISCA'25 submission, and what's its top speedup?"
    answer = assistant.answer([Message(role="user", content=q)], Filters())
    assert [c.arxiv_id for c in answer.citations] == ["2506.22969"]
    assert "7.1x" in answer.answer


def test_a_note_links_the_paper_it_names_and_the_paper_carrying_it():
    from assistant.answer.plan.noted import linked

    carrier = make_paper(
        id="a", arxiv_id="2301.00002", comments=["arXiv admin note: text overlap with arXiv:2301.00001"]
    )
    named = make_paper(id="b", arxiv_id="2301.00001")
    other = make_paper(id="c", arxiv_id="2301.00003", comments=["Accepted to KDD'24"])
    papers = [carrier, named, other]
    assert [p.id for p in linked(carrier, papers)] == ["b"]
    assert [p.id for p in linked(named, papers)] == ["a"]
    assert linked(other, papers) == []


def test_the_other_paper_of_a_note_is_asked_not_the_one_carrying_it(assistant):
    # 2207.10083 carries "arXiv admin note: text overlap with arXiv:2202.05137"; the ask points to the relative.
    q = (
        "There's a preprint of his with an admin note about text overlap with another of his preprints. "
        "What does that other one compare its layout algorithm against?"
    )
    answer = assistant.answer([Message(role="user", content=q)], Filters())
    assert [c.arxiv_id for c in answer.citations] == ["2202.05137"]
    assert "hessian" in answer.answer.casefold()


def test_a_later_paper_whose_note_names_the_one_described_is_asked(assistant):
    q = (
        "In February 2022 he posted a short note on quantizing a layer's inputs. Some later preprint of his "
        "overlaps with it in text. In that later one, which networks are hard to quantize?"
    )
    answer = assistant.answer([Message(role="user", content=q)], Filters())
    assert [c.arxiv_id for c in answer.citations] == ["2207.10083"]
    assert "identity mapping" in answer.answer


def test_when_a_listing_event_happened_is_read_from_the_comments_dates(assistant):
    # "when did it get accepted to SC'25, and when submitted to ISCA?": the comment's dates with their events, not
    # only the paper's own (month-only) date
    answer = ask(
        assistant,
        "When did the sparse-tensor-core stencil paper get accepted to SC'25, and when had it first been submitted "
        "to ISCA?",
    )
    assert "June 3, 2025" in answer.answer and "Nov 22, 2024" in answer.answer, answer.answer
    plain = ask(assistant, "When was MoQE published?")
    assert "comments" not in plain.answer

"""The /v1 reply limits on their own: sentence boundaries, the cut that keeps only the kept sentences' references."""

from __future__ import annotations

from assistant.api import openai_extras as extras
from assistant.api.routes.openai_compat import reply
from assistant.models import Answer, Citation


def cite(n: int, pid: str, arxiv: str | None = None) -> Citation:
    return Citation(
        n=n,
        paper_id=pid,
        title=f"Paper {pid}",
        display_title=f"Paper {pid}",
        arxiv_id=arxiv,
        year=2024,
        authors=["A. Author"],
        is_author_work=True,
        quote="q",
    )


def test_sentence_ends_skip_abbreviations_and_decimals():
    text = "Zhang et al. report 1.5x speed-ups [1]. It scales, e.g. to 90% efficiency [2]!\n- a list item [3]"
    ends = extras.sentence_ends(text)
    assert [text[:e].rstrip()[-6:] for e in ends] == ["s [1].", "y [2]!", "em [3]"]


def test_a_cut_keeps_whole_sentences_and_renumbers_their_references():
    answer = Answer(
        answer="First claim [2]. Second claim [1] [2]. Third claim [3].",
        citations=[cite(1, "a", "2401.00001"), cite(2, "b"), cite(3, "c")],
    )
    whole = extras.tokens.count(reply(answer))
    same, cut = extras.within(answer, whole, reply)
    assert (same, cut) == (answer, False)
    first_only = Answer(answer="First claim [1].", citations=[cite(1, "b")])
    shorter, cut = extras.within(answer, extras.tokens.count(reply(first_only)), reply)
    assert cut and shorter.answer == "First claim [1]." and [(c.n, c.paper_id) for c in shorter.citations] == [(1, "b")]
    nothing, cut = extras.within(answer, 3, reply)
    assert cut and (nothing.answer, nothing.citations) == ("", [])


def test_annotations_span_the_reference_lines_of_arxiv_papers():
    answer = Answer(answer="A [1] and B [2].", citations=[cite(1, "a", "2401.00001"), cite(2, "b")])
    content = reply(answer)
    (note,) = extras.annotations(content, answer)
    span = content[note["url_citation"]["start_index"] : note["url_citation"]["end_index"]]
    assert span.startswith("[1] Paper a") and span.endswith("https://arxiv.org/abs/2401.00001")


def test_a_list_is_cut_between_whole_items_never_to_its_heading_alone():
    heading = "Papers on compression (3 papers, newest first):"
    items = [
        "- *Paper a* (2025): It shares parameters [1]. It recasts sharing as coloring [1].",
        "- *Paper b* (2024): It bounds the error per layer [2]. The first layer tolerates more [2].",
        "- *Paper c* (2023): It expands low-bit bases [3].",
    ]
    answer = Answer(
        answer="\n".join([heading, *items]), citations=[cite(1, "a"), cite(2, "b"), cite(3, "c", "2401.00003")]
    )
    two = Answer(answer="\n".join([heading, *items[:2]]), citations=[cite(1, "a"), cite(2, "b")])
    budget = extras.tokens.count(reply(two))
    for spare in (0, 12):  # room for the next item's first sentence is not room for the item
        cut, was_cut = extras.within(answer, budget + spare, reply)
        assert was_cut and cut.answer == two.answer and [c.paper_id for c in cut.citations] == ["a", "b"]
    # room for the heading but not its first whole item: nothing, as when not one sentence fits
    one = Answer(answer="\n".join([heading, items[0]]), citations=[cite(1, "a")])
    cut, was_cut = extras.within(answer, extras.tokens.count(reply(one)) - 1, reply)
    assert was_cut and (cut.answer, cut.citations) == ("", [])


def test_a_table_is_cut_between_whole_rows_never_inside_one_or_before_its_first_row():
    intro = "MoQE and CALM side by side:"
    header, separator = "|  | *Paper a* | *Paper b* |", "|---|---|---|"
    rows = [
        "| Problem | Experts cost memory [1]. Each expert is one bit width [1]. | Layers differ [2]. |",
        "| Result | It keeps accuracy [1]. | It beats uniform bits [2]. It needs no tuning [2]. |",
    ]
    text = "\n".join([intro, header, separator, *rows])
    points = extras.cut_points(text)
    cuts = [text[:p].rstrip() for p in points]
    assert all(c.endswith("|") or c == text for c in cuts)  # after a whole row, never mid-cell
    assert text[: text.index(rows[0])].rstrip() not in cuts  # header and separator alone are no table
    assert intro not in cuts  # an introduction without its table says nothing
    answer = Answer(answer=text, citations=[cite(1, "a"), cite(2, "b", "2401.00002")])
    first = Answer(
        answer="\n".join([intro, header, separator, rows[0]]), citations=[cite(1, "a"), cite(2, "b", "2401.00002")]
    )
    cut, was_cut = extras.within(answer, extras.tokens.count(reply(first)) + 8, reply)
    assert was_cut and cut.answer.split("\n")[-1] == rows[0] and [c.paper_id for c in cut.citations] == ["a", "b"]
    cut, was_cut = extras.within(answer, extras.tokens.count(reply(first)) - 1, reply)
    assert was_cut and (cut.answer, cut.citations) == ("", [])

"""Two papers set side by side with no comparison word ("A or B", "how does A measure up to B"): a comparison when
each side is a paper the question names or the paper its title words pick out; a part tied to a paper only by a
search or by meaning, or the halves of one title split at its colon, set no sides out."""

from __future__ import annotations

from tests.asking import ask


def cited(answer):
    return list(dict.fromkeys(c.paper_id for c in answer.citations))


def test_which_of_two_named_papers_joined_by_or_is_a_comparison(assistant):
    answer = ask(assistant, "Which one speeds up training more, DynaTrain or MoE-DisCo?")
    assert answer.meta["plan"]["route"] == "compare"
    assert [i.split("-")[0] for i in cited(answer)] == ["dynatrain", "moe"]


def test_two_sides_described_by_their_title_words_measured_up_to_each_other(tanaka):
    answer = ask(tanaka, "How does the crevasse detection paper measure up to the calving front delineation one?")
    assert answer.meta["plan"]["route"] == "compare"
    assert cited(answer)[0] == "2402.04567" and cited(answer)[1].startswith("calving-front")


def test_a_title_split_at_its_colon_is_one_paper_not_two_sides(assistant):
    answer = ask(assistant, "What does CALM: A CKA-Guided Adaptive Layer-Wise Modularization Framework propose?")
    assert answer.meta["plan"]["route"] != "compare"


def test_a_part_tied_to_a_paper_only_by_meaning_is_no_side(tanaka):
    answer = ask(tanaka, "Her coastline extraction model was pretrained with two million images, right?")
    assert answer.meta["plan"]["route"] != "compare"

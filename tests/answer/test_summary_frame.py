"""A summary's topic is read from where the question puts it, not from the words of its frame: a paper noun's
modifiers stop at a word that opens a phrase of its own ("the big picture of his research"), and a demonstrative
object ("an overview of that thread would be great", "sum up that line of work") points back and is frame; asked
after a list, it sums up that list's papers."""

from __future__ import annotations

from assistant.answer.plan.content import content_of, frame_places, places, points_back, without_pointed
from assistant.answer.plan.conversation import restates_list
from tests.asking import ask


def test_the_modifiers_of_a_paper_noun_stop_at_a_word_opening_a_phrase():
    question = "Give me the big picture of his research on large language models."
    assert {"big", "picture"}.isdisjoint(set().union(*places(question)))
    assert content_of("big picture large language models", question) == "large language models"
    # modifiers right before the noun are still the topic's place
    assert {"stencil", "computation"} <= set().union(*places("Summarize his stencil computation papers."))
    assert "gist" not in set().union(*places("Give me the gist of his papers where a router picks an expert."))


def test_a_demonstrative_object_is_frame_not_a_topic_place():
    question = "How has he tackled load balancing over many processors? An overview of that thread would be great."
    assert {"thread", "great"} <= frame_places(question)
    assert {"thread", "great"}.isdisjoint(set().union(*places(question)))
    assert without_pointed("load balancing processors thread great", question) == "load balancing processors"
    # a relative "that" is no demonstrative: after a noun, or before a verb
    assert not frame_places("What has he worked on that involves sparse matrices?")
    assert not frame_places("how she deals with human labels that disagree")
    assert not frame_places("Papers she led, from 2023 or later, that use Sentinel-1 imagery?")
    # "those X where …" is described right there: a topic place, not a pointer back
    described = "Overview please: his papers on those grid-update kernels where every point is recomputed."
    assert not frame_places(described) and "kernels" in set().union(*places(described))


def test_a_summary_of_a_pointer_back_restates_the_previous_list():
    assert points_back("Can you sum up that line of work?") and points_back("Give me an overview of that thread.")
    assert not points_back("Can you sum up his work on stencils?")
    assert restates_list("Can you summarise that line of work?") and restates_list("Can you summarise them?")
    assert not restates_list("Can you summarise his quantization papers?")


def test_the_big_picture_of_a_topic_is_all_the_papers_on_it(assistant):
    answer = ask(assistant, "Give me the big picture of his research on large language models.")
    assert answer.meta["plan"]["topic"] == "large language models"
    titles = {c.title for c in answer.citations}
    assert {
        "DynaTrain: Fast Online Parallelism Switching for Elastic LLM Training",
        "MoE-DisCo:Low Economy Cost Training Mixture-of-Experts Models",
        "Exploiting Block Coordinate Descent for Cost-Effective LLM Model Training",
    } <= titles


def test_summing_up_that_line_of_work_after_a_list_cites_every_paper_of_it(assistant):
    listed = ask(assistant, "Which of his papers are about stencil computations?")
    summed = ask(assistant, "Which of his papers are about stencil computations?", "Can you sum up that line of work?")
    assert len(listed.citations) == 2
    assert {c.paper_id for c in summed.citations} == {c.paper_id for c in listed.citations}


def test_a_demonstrative_before_a_name_or_a_value_is_no_pointer_back():
    from assistant.answer.plan.content import frame_places

    assert frame_places("Which papers is she first author on that use Sentinel-1 imagery?") == set()
    assert frame_places("An overview of that thread would be great.") >= {"thread"}

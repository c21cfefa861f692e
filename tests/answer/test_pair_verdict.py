"""A claim asked of two or more papers the question names or describes ("do both A and B …", "does either A or B
…", "do A, B and C all …", "neither A nor B …") opens with the set's verdict, decided paper by paper; a statement with
a tag ("…, right?") is a yes/no question about the statement; a genuine comparison stays a comparison.

The wordings were written before the capability was built (none is a copy of a regression question): on the seeds
and on the second corpus, each with the verdict its papers' abstracts give ("no" where one paper of "both" does not
say it: the abstracts not saying it is also read as "no" by `evaluation_rules.verdict`)."""

from __future__ import annotations

import pytest

from assistant.answer.plan.phrases.named_sets import over_named, over_pointed
from assistant.evaluation_rules import verdict
from assistant.models import Filters, Message

# (corpus, question, expected verdict)
PAIRS = [
    ("seeds", "Do both the BCD paper and the MoE-DisCo paper train on low-cost hardware?", "yes"),
    ("seeds", "Are MoQE and CALM both about quantizing models?", "yes"),
    (
        "seeds",
        "Does either the SparStencil paper or the HONPAS dynamic distribution paper use sparse tensor cores?",
        "yes",
    ),
    ("seeds", "Do both the static and the dynamic HONPAS papers compute electron repulsion integrals?", "yes"),
    ("seeds", "Do AIPerf and HPC AI500 both propose a benchmark suite?", "yes"),
    ("seeds", "Does neither the IAAT paper nor the RACE paper deal with model quantization?", "yes"),
    ("seeds", "Do both the Sunway quantum chemistry paper and the MiniFE paper use the Julia language?", "no"),
    ("seeds", "Do CALM, MoQE and FP=xINT all deal with quantization?", "yes"),
    ("seeds", "Is either SwarmThinkers or the AtomWorld paper built on kinetic Monte Carlo?", "yes"),
    ("seeds", "Did both the BCD paper and CALM run experiments on RTX 4090 GPUs?", "no"),
    ("seeds", "MoQE came out in 2025, correct?", "yes"),
    ("corpus2", "Do both her crevasse paper and her coastline extraction paper use vision transformers?", "yes"),
    (
        "corpus2",
        "Are the ice drift forecast paper and the seasonal forecast paper both based on graph neural networks?",
        "no",
    ),
    ("corpus2", "Does either the melt pond paper or the coastline paper use Sentinel-2 imagery?", "yes"),
    ("corpus2", "Do both the lead detection paper and the snow depth paper use CryoSat-2 data?", "yes"),
    (
        "corpus2",
        "Do the iceberg detection paper, the sea-ice type classification paper and the ice charting paper all work on "
        "Sentinel-1 images?",
        "yes",
    ),
    ("corpus2", "Does neither the route planning paper nor the label noise paper use Sentinel-1 images?", "yes"),
    (
        "corpus2",
        "Do both the Fourier neural operator paper and the on-board ice classification paper run on an FPGA?",
        "no",
    ),
    (
        "corpus2",
        "Were both the domain adaptation paper and the polar SAR foundation model trained on Sentinel-1 data?",
        "yes",
    ),
    ("corpus2", "Ole Hansen was the first author of the ice drift forecast paper, right?", "yes"),
    ("corpus2", "The calving front paper came out in 2023, didn't it?", "no"),
    ("corpus2", "Keiko was the first author of the lead detection paper, right?", "no"),
]
# Written after the first implementation, as a check of it (the "as well as" joint was added after one of them
# failed): 9 of 10 right when written, 10 of 10 open with a verdict.
LATER = [
    ("seeds", "Do DynaTrain and MoE-DisCo both target LLM training?", "yes"),
    ("seeds", "Are both the static HONPAS paper and the dynamic HONPAS paper run on Tianhe-2?", "no"),
    ("seeds", "Does either CALM or MoQE use a router?", "yes"),
    ("seeds", "Neither AIPerf nor HPC AI500 uses LINPACK as its workload, right?", "yes"),
    ("seeds", "Is the Sunway paper as well as cuNNQS-SCI about quantum chemistry?", "yes"),
    ("corpus2", "Did both the snow depth paper and the lead detection paper use gradient-boosted trees?", "yes"),
    ("corpus2", "Are her melt pond paper and her coastline paper both about Antarctica?", "no"),
    ("corpus2", "Does either the route planning paper or the seasonal forecast paper use ensembles?", "yes"),
    ("corpus2", "Do the FNO emulator and the drift forecast paper both use graph neural networks?", "no"),
    ("corpus2", "Were both the iceberg detection paper and the crevasse paper tested on Sentinel-1 scenes?", "yes"),
]
# Genuine comparisons of the same papers: they stay comparisons (no verdict over the pair).
COMPARISONS = [
    ("seeds", "How do MoQE and CALM differ in the way they quantize a model?"),
    ("seeds", "Which of the BCD paper and MoE-DisCo cuts training cost more?"),
    ("corpus2", "How do her crevasse paper and her calving-front paper differ in the networks they train?"),
    ("corpus2", "Which of the lead detection paper and the snow depth paper uses ICESat-2?"),
]
# Measured when the capability was built: before it, 7 of the 22 opened with a verdict and 5 were the expected one;
# after, 22 and 18. The 4 others are the one-paper verdict's own: "train on low-cost hardware" is a No for the BCD
# paper asked alone too, and so are "use CryoSat-2 data" of the lead paper, "trained on Sentinel-1 data" of the domain
# adaptation paper and "work on Sentinel-1 images" of the ice charting paper (each "The abstracts do not say" alone).
# With LATER: 32 of 32 open with a verdict, 27 right.
RIGHT_AT_LEAST = 26


def _route(answer) -> str | None:
    return (answer.meta or {}).get("plan", {}).get("route")


def test_a_claim_over_named_papers_opens_with_the_sets_verdict(assistant, tanaka):
    by_corpus = {"seeds": assistant, "corpus2": tanaka}
    missing, right = [], 0
    for corpus, question, expected in PAIRS + LATER:
        text = by_corpus[corpus].answer([Message(role="user", content=question)], Filters()).answer
        said, _ = verdict(text)
        if said is None:
            missing.append((question, text[:120]))
        right += said == expected
    assert missing == [] and right >= RIGHT_AT_LEAST, (missing, right)


@pytest.mark.parametrize(("corpus", "question"), COMPARISONS)
def test_a_comparison_of_the_same_papers_stays_a_comparison(assistant, tanaka, corpus, question):
    answer = {"seeds": assistant, "corpus2": tanaka}[corpus].answer([Message(role="user", content=question)], Filters())
    assert _route(answer) != "set_verdict"
    assert verdict(answer.answer)[0] is None


def test_each_paper_is_listed_with_its_own_evidence(assistant):
    question = (
        "Do both his BCD paper and MoE-DisCo claim to cut training cost compared with ordinary full-parameter training?"
    )
    answer = assistant.answer([Message(role="user", content=question)], Filters())
    assert answer.answer.startswith("Yes: both papers named")
    assert len(answer.citations) == 2 and _route(answer) == "set_verdict"


def _over(text: str, *sides: str):
    return over_named(text, [(text.index(s), text.index(s) + len(s)) for s in sides])


def test_the_quantifier_and_the_claim_are_read_around_the_papers():
    both = _over("Do both the crevasse paper and CALM use Sentinel-1 images", "the crevasse paper", "CALM")
    assert (both.quantifier, both.claim) == ("all", "use Sentinel-1 images")
    assert both.asked == ("Does the crevasse paper use Sentinel-1 images?", "Does CALM use Sentinel-1 images?")
    after = _over("Are MoQE, CALM and FP=xINT all about quantization", "MoQE", "CALM", "FP=xINT")
    assert (after.quantifier, after.count, after.claim) == ("all", 3, "about quantization")
    assert _over("Does either A1 or B2 run on GPUs", "A1", "B2").quantifier == "any"
    assert _over("Does neither A1 nor B2 run on GPUs", "A1", "B2").quantifier == "none"
    assert _over("A1 and B2 both run on GPUs", "A1", "B2").asked == ("A1 run on GPUs", "B2 run on GPUs")
    assert _over("Do both A1 and B2 claim to cut cost", "A1", "B2").claim == "cut cost"
    statement = _over("A1 and B2 were both published in 2025", "A1", "B2")
    assert (statement.claim, statement.asked[0]) == ("published in 2025", "A1 was published in 2025")
    assert _over("Do both A1 and B2 have code released", "A1", "B2").claim == "have code released"


def test_papers_that_are_not_the_subject_or_a_claim_that_relates_them_are_no_set():
    assert _over("Did A1 or B2 run on GPUs", "A1", "B2") is None  # which of them: a comparison
    assert _over("Do both A1 and B2 use the same dataset", "A1", "B2") is None
    assert _over("Do A1 and B2 differ in accuracy", "A1", "B2") is None
    assert _over("Does A1 cite B2 in its experiments", "A1", "B2") is None  # B2 is in the claim, not the subject


@pytest.mark.parametrize(
    ("question", "opens"),
    [
        ("Keiko was the first author of the ice drift forecast paper, right?", "No: *Ice Drift Forecasts"),
        ("Keiko was the first author of the coastline extraction paper, right?", "Yes: *Coastline Extraction"),
    ],
)
def test_a_role_claimed_of_the_author_by_her_given_name_is_checked_on_the_byline(tanaka, question, opens):
    # "the first author of X" in a claim that names who holds it is where the claim is checked, not a step to X's
    # first author and their papers (a list of her papers with García answered it before)
    answer = tanaka.answer([Message(role="user", content=question)], Filters()).answer
    assert answer.startswith(opens) and "first author is" in answer.split("\n")[0]


def test_the_papers_an_answer_showed_pointed_back_to_are_a_set_too():
    both = over_pointed("Do both of them evaluate on LLaMA", ["MoQE", "CALM"])
    assert (both.quantifier, both.claim, both.asked[1]) == ("all", "evaluate on LLaMA", "Does CALM evaluate on LLaMA?")
    assert over_pointed("Are they both about quantization", ["MoQE", "CALM"]).asked[0] == "Is MoQE about quantization?"
    assert over_pointed("Does either one use a router", ["MoQE", "CALM"]).quantifier == "any"
    assert over_pointed("Are all three evaluated on GPUs", ["A1", "B2"]) is None  # three said, two shown
    assert over_pointed("Do both of them use the same dataset", ["A1", "B2"]) is None
    assert over_pointed("Does it use a router", ["A1", "B2"]) is None


def test_a_yes_no_question_about_both_papers_an_answer_compared_gets_a_verdict_over_them(assistant):
    asked = [Message(role="user", content="Compare MoQE and CALM.")]
    asked.append(Message(role="assistant", content=assistant.answer(asked, Filters()).answer))
    asked.append(Message(role="user", content="Do both of them evaluate on LLaMA?"))
    answer = assistant.answer(asked, Filters())
    assert answer.answer.startswith("Yes: both papers named") and _route(answer) == "set_verdict"


@pytest.mark.parametrize(
    ("question", "opens"),
    [
        ("Was the coastline extraction paper published after 2019?", "Yes"),
        ("Was the coastline extraction paper published before 2021?", "No"),
    ],
)
def test_a_year_range_claimed_of_a_paper_is_checked_as_a_range(tanaka, question, opens):
    # "after 2019" of a 2023 paper was read as the year 2019 ("it came out in 2023, not 2019")
    assert tanaka.answer([Message(role="user", content=question)], Filters()).answer.startswith(f"{opens}: *Coastline")

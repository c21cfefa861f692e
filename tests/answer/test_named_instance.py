"""A list whose condition is naming a member of a kind ("which of his papers name a specific NVIDIA GPU model?") is
decided per paper by whether its own text names one beside the kind's word (evidence/named_instance.py), not by a
topic made of the kind's words: a paper that only says "GPUs" or "supercomputers" names none."""

from __future__ import annotations

from assistant.answer.evidence.named_instance import kind_words, names_one
from assistant.answer.plan import phrases
from assistant.models import Filters, Message


def test_the_kind_is_read_after_specific_or_particular():
    assert phrases.named_kind("Which of his papers name a specific NVIDIA GPU model?") == "NVIDIA GPU model"
    assert phrases.named_kind("which of his papers name the specific supercomputer they ran on?") == ("supercomputer")
    assert phrases.named_kind("Which of her papers name a particular Arctic sea or strait?") == "Arctic sea or strait"
    # naming the kind itself, or "specific" without a verb of naming, is no such condition
    assert phrases.named_kind("Which papers name the datasets they use?") == ""
    assert phrases.named_kind("Which of his papers are about a specific application?") == ""
    # examples after the kind are kinds of it too; a named example is a member, no kind's word
    q = "which of his papers name the specific hardware they ran on, like a particular chip, platform or supercomputer?"
    assert kind_words(phrases.named_kind(q)) >= {"hardware", "chip", "platform", "supercomputer"}
    assert "tianhe-2" not in kind_words(phrases.named_kind("which name the specific supercomputer (e.g. Tianhe-2)?"))
    # naming none is asked as a negated topic, not as this condition
    assert phrases.named_kind("Among his LLM training papers, which one doesn't name any particular GPU model?") == ""


def test_a_name_beside_the_kinds_word_names_one():
    assert kind_words("NVIDIA GPU model") >= {"gpu", "gpus", "nvidia"} and "model" not in kind_words("GPU model")
    assert "arctic" not in kind_words("Arctic sea or strait")  # a modifier narrows the kind, it names none
    assert names_one("GPU", "on a single A100 GPU.")
    assert names_one("GPU", "requires high-bandwidth GPUs (e.g., A100), and")
    assert names_one("supercomputer", "calculations on Tianhe-2 supercomputers, including")
    assert names_one("sea or strait", "On 412 scenes from the Fram Strait the model reaches 91.3%")
    assert not names_one("supercomputer", "co-designs this formulation with modern supercomputers")
    # further on in the clause, a name no English word spells
    assert names_one("supercomputer", "sustained across five leadership supercomputers, 48% of the Lineshine peak")
    assert not names_one("supercomputer", "sustained across five leadership supercomputers, 48% of the Linear peak")
    assert not names_one("sea", "On 2023 Northern Sea Route transits the routes were shorter")  # a route's name
    # a title capitalises every word: there only a word outside the English vocabulary is a name
    assert not names_one("sea", "Deep Learning for Sea Ice: A Tutorial Review", titled=True)
    assert names_one("sea", "Sea-Ice Thickness Retrieval Intercomparison over the Barents Sea", titled=True)


def test_papers_naming_a_gpu_model_are_listed_and_those_saying_gpus_are_not(assistant):
    q = "Which of his papers name a specific NVIDIA GPU model?"
    answer = assistant.answer([Message(role="user", content=q)], Filters())
    assert answer.meta["plan"]["instance_of"] == "NVIDIA GPU model"
    titles = {c.title for c in answer.citations}
    assert "AIPerf: Automated machine learning as an AI-HPC benchmark" in titles
    assert not any(t and "SparStencil" in t for t in titles)  # sparse tensor cores, no GPU model named
    assert "A100" in answer.answer and "read the topic as" not in answer.answer

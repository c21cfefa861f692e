"""A class noun the claim puts after a name is met by a sentence naming a product of that name ("Huawei accelerators"
- "4096 Huawei Ascend 910"), and a verb before a preposition whose named object the sentence says is the sentence's
own in other words; another vendor's product meets nothing."""

from __future__ import annotations

from assistant.answer.evidence.claim_terms import verb_of_met_object
from assistant.answer.evidence.named_product import class_words
from tests.conftest import said_verdict

SENTENCE = "from 4 nodes with 32 NVIDIA Tesla T4 (56.1 Tera-OPS measured), up to 512 nodes with 4096 Huawei Ascend 910."


def test_a_product_named_for_the_vendor_meets_the_class_noun():
    assert class_words("Did it run on Huawei AI accelerators?", SENTENCE) == {"accelerators"}
    assert class_words("Did it use NVIDIA GPUs?", SENTENCE) == {"gpus"}


def test_another_vendor_or_the_class_word_itself_is_no_product():
    assert class_words("Did it use AMD GPUs?", SENTENCE) == set()
    assert class_words("Did it use Huawei accelerators?", "Huawei accelerators were used.") == set()


def test_a_verb_before_the_named_object_the_sentence_says():
    assert verb_of_met_object("Did it run on Huawei accelerators?", "run", SENTENCE)
    assert not verb_of_met_object("Did it run on Cambricon accelerators?", "run", SENTENCE)
    assert not verb_of_met_object("Did it run on accelerators?", "run", SENTENCE)


def test_the_verdict_reads_the_product_as_the_vendors_accelerator(assistant):
    said, text = said_verdict(assistant, "Did AIPerf run on Huawei AI accelerators?")
    assert said == "yes", text
    said, text = said_verdict(assistant, "Did AIPerf run on AMD accelerators?")
    assert said != "yes", text

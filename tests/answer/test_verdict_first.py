"""Every yes/no question of every question set in tests/data opens with a verdict: Yes, No or "The abstracts do not
say" (read the way `assistant eval` reads it), on the seeds and on the second corpus; and the verdict is mostly the
expected one."""

from __future__ import annotations

import json

from assistant.evaluation_rules import verdict
from assistant.models import Filters, Message
from tests.conftest import DATA


def _sets() -> dict[str, list[str]]:
    """Every question set holding yes/no questions, by the corpus it is asked of (its name says "corpus2")."""
    found: dict[str, list[str]] = {"seeds": [], "corpus2": []}
    for path in sorted(DATA.glob("*.json")):
        data = json.loads(path.read_text())
        if not isinstance(data, dict) or not any(q.get("kind") == "verify" for q in data.get("questions", [])):
            continue
        found["corpus2" if "corpus2" in path.stem else "seeds"].append(path.name)
    return found


SETS = _sets()
# Verdicts the other way (mostly "The abstracts do not say" where a sentence states the claim in other words, and
# set verdicts left open by them), measured on the commit that extended this test to every set: 11 of 311 on the
# seeds, 9 of 239 on the second corpus; 7 and 6 since claims are read in other words and against opposites and
# counts (evidence/restated.py: r20s07, r25s15, r27s12, r27xs44, r23c10, r26c09, r27c12 now right); r28 (blind,
# joined after that) adds 1 and 3: r28s18 (No where a sentence says it), r28c11 (Yes to a false claim), r28xc32 and
# r28xc37 (set verdicts read as No); r30 (blind, session 27, r29's files were lost) adds 2 and 1: r30s15 (a verb
# in other words, "manages" for "achieve", read as a rival term), r30xs40 ("any" over his papers: "more than 4,000 AI
# accelerator chips" is not bound to "4096 Huawei Ascend 910"), r30c09 (No to a Yes: 82% "without labels"); r31
# (blind, session 28) adds 2 and 1: r31s17 (Yes to a false claim about the dynamic HONPAS paper), r31xs38 (No where
# the SwarmThinkers abstract states it), r31c09 ("The abstracts do not say" where a sentence states it); the set
# verdicts over named papers (plan/named_set.py) add r31xs44 and r31xc36 and take r31xc31 off: "The abstracts do not
# say" where one paper's own verdict is unsaid ("run experiments on Qwen", "radar images" of a SAR abstract); r32
# (blind, session 29) adds 2 and 1: r32xs42 (Yes to "about 37 models over 80-plus benchmarks", a false count), r32xs45
# (No where MoQE's abstract names ImageNet and WikiText in other words), r32xc33 ("both of her papers with Yuki Sato",
# a set described by a co-author, read as No). Session 30 (a claim read in parts, write/verdict_parts.py) takes 3 and 1
# off: r16s13 and r32xs42 (two counts bound to each other's nouns), r28s18 ("roughly 8%" against 8.31%), r25xc36 (the
# record's venue held on another group's paper asked as hers). r33 (blind, session 30) adds 4 and 2: r33s18
# ("The abstracts do not say" to a Yes: the machine the HONPAS runs used), r33xs42 and r33xs45 (No to a Yes: a
# described simulation's hardware, a model size in 2026), r33xs44 (Yes to "over 80 models across 11 benchmarks"),
# r33c08 (Yes to "classified Sentinel-1 radar images" of the CryoSat-2 waveform paper), r33c13 ("The abstracts do not
# say" to a Yes: a long-term thinning of the snow). r36 (blind, session 33; the files of r34 and r35 were lost) adds
# 3 and 2: r36s43 (Yes to AtomWorld "only on a single supercomputer", which names five), r36xs30 ("The abstracts do
# not say" where the meta study's sentence states it), r36xs31 (Yes to "still done centrally": the sentence states the
# problem cuNNQS-SCI removes), r36c29 and r36xc20 (Yes to "from a single SAR acquisition" of the calving-front method,
# which uses stacks of six). r38 (blind, session 35; r37's files were lost) adds 1 and 2, each "The abstracts do not
# say" to a Yes over two papers named: r38xs38 (both HONPAS papers spread the electron repulsion integrals, which the
# static one calls "ERIs"), r38xc26 (the iceberg and calving-front papers both use Greenland data: the second paper is
# not read from "her calving-front work"), r38xc29 (CryoSat-2 said in the lead paper's title only). r39 (blind, session
# 36) adds 0 and 1: r39c06 (Yes to "the snow … getting deeper over time" of the paper showing "snow thinning by 1.5 cm
# per decade": the direction word is four words from its subject, so no direction is bound; it was read as an
# overview of her work over time before, with no verdict at all).
WRONG_SEEDS = 20
WRONG_CORPUS2 = 18
# The yes/no questions still answered without a verdict, by their known causes (remove each when it is read):
# r11c06 "OpenAlex gives the first
# author of … as 田中 恵子. Is that the same Keiko Tanaka?" is no yes/no question to phrases.claims ("that" before an
# article is read as a determiner), and read as one its claim names the person only in another script, which the
# record check does not match (it answered "The abstracts do not say"). (r30xs42, "Do both his BCD paper and MoE-DisCo
# claim to cut …?", r31xc36 and r31xs44, of the same shape, are read as a verdict over the papers named since
# plan/named_set.py; r31xc31, "Keiko was the first author of …, right?", as a claim checked on the byline.)
# r32xs40 "Does any of his work report results on Huawei Ascend chips?" (blind, session 29) is read as a list of the
# papers that do, with no verdict before it; r33xs40 "Are all three of the compression papers he posted on 9 December
# 2024 promising …?" (the set named by an article and a clause, not a possessive: read as a count of the papers with
# code) and r33xc37 "Is Tanaka the first author on every paper she wrote with Ivan Petrov?" ("every" with a singular
# paper noun: read as a list) likewise (blind, session 30): phrases/quantifiers.py reads neither set.
KNOWN_MISSING = {"r11c06", "r32xs40", "r33xs40", "r33xc37"}


def test_every_set_with_yes_no_questions_is_read():
    # the sets up to r39 and the verify forms: a set renamed or left out would pass unread
    assert len(SETS["seeds"]) >= 42 and len(SETS["corpus2"]) >= 41, SETS
    assert "first_contact_r39x_seeds.json" in SETS["seeds"] and "verify_forms_corpus2.json" in SETS["corpus2"]


def yes_no(names: list[str]) -> list[dict]:
    found = [q for n in names for q in json.loads((DATA / n).read_text())["questions"] if q["kind"] == "verify"]
    assert len(found) >= 8
    return found


def opened(assistant, questions: list[dict]) -> tuple[list, list]:
    missing, wrong = [], []
    for q in questions:
        text = assistant.answer([Message(role="user", content=q["question"])], Filters()).answer
        said, _ = verdict(text)
        if said is None:
            missing.append((q["id"], text[:120]))
        elif q.get("expect") and said != q["expect"]:
            wrong.append((q["id"], text[:120]))
    return missing, wrong


def test_every_yes_no_question_on_the_seeds_opens_with_a_verdict(assistant):
    missing, wrong = opened(assistant, yes_no(SETS["seeds"]))
    assert [m for m in missing if m[0] not in KNOWN_MISSING] == [] and len(wrong) <= WRONG_SEEDS, (missing, wrong)


def test_every_yes_no_question_on_the_second_corpus_opens_with_a_verdict(tanaka):
    missing, wrong = opened(tanaka, yes_no(SETS["corpus2"]))
    assert [m for m in missing if m[0] not in KNOWN_MISSING] == [] and len(wrong) <= WRONG_CORPUS2, (missing, wrong)

"""One presenter: authors, derived titles, arXiv ids and LaTeX written the same way for every interface."""

from __future__ import annotations

import json
import random
import re

import pytest

from assistant import presenter
from assistant.models import Answer, Citation, Final, Message, Token
from tests.conftest import DATA


def cite(**fields) -> Citation:
    base = dict(
        n=1,
        paper_id="p",
        title="A Title",
        display_title="A Title",
        arxiv_id=None,
        year=2024,
        authors=["A", "B"],
        authors_truncated=False,
        is_author_work=True,
        quote="q",
    )
    return Citation(**{**base, **fields})


def test_authors_end_in_one_et_al():
    assert presenter.authors(["A", "B", "C", "D"], False) == "A, B, C et al."
    assert presenter.authors(["A", "B"], True) == "A, B et al."
    assert presenter.authors(["A", "B"], False) == "A, B"
    assert presenter.authors([], False) == ""
    assert presenter.authors(["A", "B", "C", "D"], True, shown=None) == "A, B, C, D et al."


def test_reference_line_never_doubles_a_full_stop():
    line = presenter.reference_line(cite(authors=["A", "B"], authors_truncated=True, title="Speed…"), 1, links=True)
    assert ".." not in line.replace("…", "")
    assert line == "[1] Speed… · A, B et al. · 2024"


def test_derived_title_is_marked_once_and_the_arxiv_id_shown_once():
    c = cite(title=None, display_title="SwarmThinkers (arXiv:2505.20094)", arxiv_id="2505.20094", authors=[])
    line = presenter.reference_line(c, 2, links=True)
    assert line == "[2] SwarmThinkers (derived title) · 2024 · arXiv:2505.20094 · https://arxiv.org/abs/2505.20094"
    assert (
        line.count("2505.20094") == 2 and line.count("derived") == 1
    )  # the id once, plus the link the /v1 clients follow


@pytest.mark.parametrize(
    ("latex", "text"),
    [
        ("speeds of 1.42$\\times$ over", "speeds of 1.42× over"),
        ("\\textit{ab initio} simulations", "ab initio simulations"),
        ("error $\\delta$ and $10^{3}$ steps, $O(n^2)$", "error δ and 10³ steps, O(n²)"),
        ("costs \\$5 and 50\\% of ``it''", "costs $5 and 50% of “it”"),
        ("\\textbf{L}oss\\textbf{L}ess", "LossLess"),
        ("plain text stays as it is", "plain text stays as it is"),
    ],
)
def test_latex_becomes_plain_unicode(latex, text):
    assert presenter.plain_text(latex) == text


def seed_texts(assistant) -> list[str]:
    return [a for p in assistant.papers() for a in p.abstracts if a]


def test_streamed_pieces_render_as_the_whole_text(assistant):
    texts = seed_texts(assistant) + [
        "a $x$ b \\textbf {LLC} and $a b$ then \\\\ x \\ y",
        "stray $5 then more words and $y$",
    ]
    for seed, text in enumerate(texts):
        rnd = random.Random(seed)
        renderer, out, i = presenter.StreamRenderer(), "", 0
        while i < len(text):
            k = rnd.randint(1, 15)
            out += renderer.feed(text[i : i + k])
            i += k
        assert out + renderer.flush() == presenter.plain_text(text), text[:80]


def test_shown_quotes_are_verbatim_spans_of_the_shown_answer_and_abstract(assistant):
    questions = json.loads((DATA / "dev_questions.json").read_text())["questions"]
    checked = spans = 0
    for q in questions + [
        {"question": "What compression does CET achieve on ResNet-34?"},
        {"question": "What is LLC?"},
    ]:
        raw = assistant.answer([Message(role="user", content=(q.get("turns") or [q["question"]])[0])])
        shown = presenter.present_answer(raw)
        for before, after in zip(raw.citations, shown.citations, strict=True):
            if before.quote.rstrip(".") in raw.answer:  # the answer puts its [n] before the full stop
                assert after.quote.rstrip(".") in shown.answer
                spans += 1
            abstracts = [presenter.plain_text(a) for a in assistant.paper(before.paper_id).abstracts]
            assert any(after.quote in a for a in abstracts)
            checked += 1
    assert checked >= 15 and spans >= 10
    # the abstracts with LaTeX are among them: the rendering is not a no-op on the seeds
    latex = [a for a in seed_texts(assistant) if re.search(r"\$|\\[a-z]", a)]
    assert latex and all(presenter.plain_text(a) != a for a in latex)


def test_present_events_renders_tokens_and_final_answer_alike():
    final = Answer(answer="It is 11$\\times$ smaller [1].", citations=[cite(quote="It is 11$\\times$ smaller")])
    events = [Token(t) for t in re.findall(r"\S+\s*", final.answer)] + [Final(final)]
    out = list(presenter.present_events(iter(events)))
    streamed = "".join(e.text for e in out if isinstance(e, Token))
    shown = out[-1].answer
    assert streamed == shown.answer == "It is 11× smaller [1]."
    assert shown.citations[0].quote == "It is 11× smaller"


def test_no_answer_or_reference_writes_et_al_twice_dotted(assistant):
    files = ["dev_questions.json", "extra_questions.json"]
    questions = [q for f in files for q in json.loads((DATA / f).read_text())["questions"]]
    for q in questions:
        messages = []
        for turn in q.get("turns") or [q["question"]]:
            messages.append(Message(role="user", content=turn))
            shown = presenter.present_answer(assistant.answer(messages))
            messages.append(Message(role="assistant", content=shown.answer))
            text = shown.answer + "\n" + "\n".join(presenter.reference_line(c, c.n) for c in shown.citations)
            assert "et al.." not in text and "et al. ." not in text, text


def test_present_events_refuses_an_event_that_is_not_typed():
    # every view matches on Token and Final: an untyped event (the old {"type": ...} dicts) fails where it enters
    with pytest.raises(TypeError, match="not an answer stream event"):
        list(presenter.present_events(iter([{"type": "token", "text": "a"}])))

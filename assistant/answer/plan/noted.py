"""A paper reached through a field of the table rather than its text: "which of his works was accepted to SC'25 after
an earlier ISCA'25 submission, and what is its top speedup?" (its listing's comment), "the preprint with a text-
overlap note with 2202.05137 — what does it say …?"; or through another paper's note ("One of his preprints carries
an arXiv note saying its text overlaps with another of his preprints. What does that other preprint say …?": the
paper the note names by an arXiv id of the corpus, or the one whose note names it). The describing clause is scored
against the fields every paper of the table has (comments, venue, categories), one weight per word as the resolver
weighs a title's words: the words a paper holds in a field but not in its own text are what reach it. Mixed into the
SlotReader (which gives `corpus` and `_content`)."""

from __future__ import annotations

import math
import re

from assistant.answer.plan import phrases
from assistant.answer.plan.phrases.picks import THEN_ASKS
from assistant.index.bm25 import terms, variants
from assistant.index.sentence_index import paper_sentences
from assistant.models import Paper

# The describing clause ends where the ask begins: ", and what …", " — what …", ": how …", or with the statement
# ("One of his papers was first sent to ISCA'25. How many kernels …?").
_STATEMENT_ENDS = r"(?<=\w\w)\.\s+(?=[A-Z])"
_ASK_BEGINS = re.compile(THEN_ASKS.pattern + rf"|\s+[—–-]\s+|\s*[—–]\s*|[:;?]\s+|{_STATEMENT_ENDS}", re.I)
# A statement about a person ("The co-author on her X paper also joined her on …") reaches its paper through them.
_PERSON_SAID = re.compile(r"\b(?:co-?authors?|authors?|collaborators?|whoever|person)\b", re.I)
# An arXiv id a comment names ("arXiv admin note: text overlap with arXiv:2202.05137").
_ARXIV_ID = re.compile(r"\b\d{4}\.\d{4,5}\b")
# Two field words at least: one ("accepted", "preprint") is said of too many papers to pick one.
MIN_FIELD_WORDS = 2
# The picked paper's field weight leads the next paper's by this share of its own.
FIELD_LEAD = 0.3


def field_terms(paper: Paper) -> frozenset[str]:
    """The terms of the table's fields for a paper that are not its text: comments, venue, categories."""
    return frozenset(t for text in (*paper.comments, paper.venue or "", *paper.categories) for t in terms(text))


def text_terms(paper: Paper) -> frozenset[str]:
    return frozenset(t for text in (paper.title or "", *paper_sentences(paper)) for t in terms(text))


def field_pick(words: list[str], pool: list[Paper]) -> str | None:
    """The one paper of the pool whose fields (not its text) hold most of the description's weight, by at least
    MIN_FIELD_WORDS words and FIELD_LEAD ahead of the next; None otherwise."""
    described = list(dict.fromkeys(t for w in words for t in terms(w)))
    if not described or not pool:
        return None
    fields = {p.id: field_terms(p) for p in pool}
    texts = {p.id: text_terms(p) for p in pool}
    n = len(pool)
    score: dict[str, float] = {}
    count: dict[str, int] = {}
    for t in described:
        forms = variants(t)  # once per word: which papers hold it in a field, which in their text
        hits = {pid: (bool(forms & fields[pid]), bool(forms & texts[pid])) for pid in fields}
        anywhere = sum(in_field or in_text for in_field, in_text in hits.values())
        weight = math.log(1 + n / max(1, anywhere))
        for pid, (in_field, in_text) in hits.items():
            if in_field and not in_text:
                score[pid] = score.get(pid, 0.0) + weight
                count[pid] = count.get(pid, 0) + 1
    ranked = sorted(score.items(), key=lambda kv: -kv[1])
    if not ranked or count[ranked[0][0]] < MIN_FIELD_WORDS:
        return None
    if len(ranked) > 1 and ranked[1][1] > ranked[0][1] * (1 - FIELD_LEAD):
        return None
    return ranked[0][0]


def linked(paper: Paper, papers: list[Paper]) -> list[Paper]:
    """The papers a record note links `paper` to: those whose arXiv id its comments name, and those whose comments
    name its arXiv id."""
    named = {m.group() for c in paper.comments for m in _ARXIV_ID.finditer(c)}
    own = paper.arxiv_id or ""
    return [
        p
        for p in papers
        if p.id != paper.id and ((p.arxiv_id or "") in named or (own and any(own in c for c in p.comments)))
    ]


class NotedReader:
    def noted_path(self, question: str, named: list[str], focus, span) -> tuple[str, str, bool, str] | None:
        """The paper reached through a table field: through the note of the paper a statement reaches, else its own."""
        return (
            self.carrier_path(question, named, focus, span)
            or self.linked_path(question, named, focus, span)
            or self.field_path(question, named, focus, span)
        )

    def carrier_path(self, question: str, named: list[str], focus, span) -> tuple[str, str, bool, str] | None:
        """The paper whose record note names the arXiv id the question says, when the words before the id are the
        note's ("the one arXiv flags for text overlap with arXiv:2202.05137: what does it say …?"): the id only names
        the paper the note points to, the paper meant is the one carrying it. None when no one paper's note names the
        id in MIN_FIELD_WORDS of the words said before it ("his arXiv note on X (2202.05137)" shares one, "note", with
        "arXiv admin note: text overlap with …": the id's own paper, r21s96)."""
        for m in _ARXIV_ID.finditer(question):
            said = set(terms(_ASK_BEGINS.split(question[: m.start()])[-1]))
            carriers = [
                p
                for p in self.corpus.authors_papers
                if p.arxiv_id != m.group()
                and any(
                    m.group() in c and len(said & set(terms(c.replace(m.group(), " "))) - {"arxiv"}) >= MIN_FIELD_WORDS
                    for c in p.comments
                )
            ]
            if len(carriers) == 1:
                asked = phrases.asked_after(question, m.end()) or question[m.end() :].strip(" ,.;:-–—")
                return carriers[0].id, "fact", True, asked.strip()
        return None

    def linked_path(self, question: str, named: list[str], focus, span) -> tuple[str, str, bool, str] | None:
        """The paper a record note links to the one the statement before the ask reaches through that note, when the
        ask points back to the relative ("that other preprint", "that later one"): the one of the two that the
        ask's comparative dates ("later"), else the one the question's dates or its named paper do not already
        take, else the one the note names; with the fact route and the clause asked of it. None otherwise."""
        asked = phrases.asked_after(question, 0)
        scene = phrases.scene_before(question, asked)
        pointing = question[len(scene) :]  # the sentence that asks ("According to that later one, what …?")
        if not scene or not phrases.THAT_RELATIVE.search(pointing):
            return None
        papers = self.corpus.authors_papers
        carriers = [p for p in papers if p.comments and linked(p, papers)]
        words = self._content(scene)
        carrier = self.corpus.by_id.get(words and field_pick(words, carriers) or "")
        pair = [carrier, *linked(carrier, papers)] if carrier else []
        if len(pair) != 2:
            return None  # no note reached, or one naming several papers: which is meant is not the record's
        if direction := phrases.placed_direction(pointing):
            dated = [p for p in pair if p.date]
            if len(dated) < 2 or dated[0].date == dated[1].date:
                return None
            picked = max(dated, key=lambda p: p.date) if direction > 0 else min(dated, key=lambda p: p.date)
        else:
            taken = [p for p in pair if p.id in (*named, *focus) or (span is not None and span.admits(p))]
            picked = next((p for p in pair if p not in taken), None) if len(taken) == 1 else pair[1]
        return (picked.id, "fact", True, asked.strip()) if picked else None

    def field_path(self, question: str, named: list[str], focus, span) -> tuple[str, str, bool, str] | None:
        """The one paper of the author's (within the question's years) that the clause before the ask reaches through
        a table field, with the fact route and the clause asked of it; None when nothing is named by a field."""
        if named or focus:
            return None
        parts = _ASK_BEGINS.split(question.strip(), maxsplit=1)
        if len(parts) < 2 or not parts[1].strip(" ?"):
            return None
        if re.match(rf"{re.escape(parts[0])}{_STATEMENT_ENDS}", question.strip()) and (
            _PERSON_SAID.search(parts[0]) or self._coauthor_in(parts[0])
        ):
            return None  # a statement of a person's: the paper is reached through them (people_paths)
        words = self._content(parts[0])
        pool = [p for p in self.corpus.authors_papers if span is None or span.admits(p)]
        pid = words and field_pick(words, pool)
        return (pid, "fact", False, parts[1].strip()) if pid else None

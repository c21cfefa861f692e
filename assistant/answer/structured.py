"""Questions answered exactly from the paper table: counts, years, earliest/latest, co-authors, code, categories, attribution."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable

from assistant.answer.citations import Citations
from assistant.answer.format import name, owner_note, plural, when
from assistant.answer.intents import NUMBER_WORDS, Intent
from assistant.models import Paper

Quote = Callable[[Paper], str]  # the sentence of a paper's abstract that supports citing it


def _scope_words(intent: Intent, principal: str, author_scope: bool) -> str:
    who = f"{principal}'s papers" if author_scope else "the papers in the corpus"
    if intent.year_from and intent.year_from == intent.year_to:
        return f"{who} from {intent.year_from}"
    if intent.year_from and intent.year_to:
        return f"{who} from {intent.year_from} to {intent.year_to}"
    if intent.year_from:
        return f"{who} from {intent.year_from} on"
    if intent.year_to:
        return f"{who} up to {intent.year_to}"
    return who


def _count_words(n: int) -> str:
    return f"{n} ({NUMBER_WORDS[n]})" if n in NUMBER_WORDS and n > 0 else str(n)


def _date_key(p: Paper) -> tuple[int, int, int]:
    if not p.date:
        return (0, 0, 0)
    parts = [int(x) for x in p.date.split("-")] + [0, 0]
    return parts[0], parts[1], parts[2]


def _lines(papers: list[Paper], cites: Citations, quote: Quote, principal: str) -> list[str]:
    return [f"- {name(p)}{when(p)}{owner_note(p, principal)} {cites.cite(p, quote(p))}" for p in papers]


def count(intent: Intent, papers: list[Paper], cites: Citations, quote: Quote, principal: str, author_scope: bool, topic: str = "") -> str:
    scope = _scope_words(intent, principal, author_scope)
    about = f" on {topic}" if topic else ""
    if not papers:
        return f"None of {scope}{about} are in the corpus: the count is 0."
    papers = sorted(papers, key=_date_key, reverse=True)
    if intent.year_from or intent.year_to or topic:
        head = f"{_count_words(len(papers))} of {scope}{about} are in the corpus"
    else:
        head = f"The corpus holds {_count_words(len(papers))} of {scope}"
    return head + ":\n" + "\n".join(_lines(papers, cites, quote, principal))


def per_year(papers: list[Paper], cites: Citations, quote: Quote, principal: str, author_scope: bool) -> str:
    by_year: dict[int | None, list[Paper]] = defaultdict(list)
    for p in papers:
        by_year[p.year].append(p)
    who = f"{principal}'s papers" if author_scope else "Papers in the corpus"
    lines = [f"{who} per year ({plural(len(papers), 'paper')} in all):"]
    for year in sorted((y for y in by_year if y is not None), reverse=True):
        group = by_year[year]
        lines.append(f"- {year}: {len(group)} " + "".join(cites.cite(p, quote(p)) for p in group))
    if None in by_year:
        lines.append(f"- undated: {len(by_year[None])} " + "".join(cites.cite(p, quote(p)) for p in by_year[None]))
    return "\n".join(lines)


def extreme(latest: bool, papers: list[Paper], cites: Citations, quote: Quote, principal: str, author_scope: bool) -> str:
    dated = [p for p in papers if p.date]
    if not dated:
        return "No dated papers match, so there is no earliest or latest one to give."
    dated.sort(key=_date_key, reverse=latest)
    best = dated[0]
    word = "latest" if latest else "earliest"
    who = f"{principal}'s papers" if author_scope else "the papers in the corpus"
    text = f"The {word} of {who} is {name(best)}{when(best)}, dated {best.date} {cites.cite(best, quote(best))}."
    # A year-only date cannot be ordered within its year: say which papers could also be the answer.
    close = [p for p in dated[1:] if p.year == best.year and (p.date_precision != "day" or best.date_precision != "day")]
    if close:
        text += f" Dates in {best.year} are not all known to the day; also from {best.year}: " + "; ".join(f"{name(p)} ({p.date}) {cites.cite(p, quote(p))}" for p in close[:4]) + "."
    nxt = [p for p in dated[1:] if p.year != best.year][:2]
    if nxt:
        text += " Next: " + "; ".join(f"{name(p)} ({p.date}) {cites.cite(p, quote(p))}" for p in nxt) + "."
    return text


def canonical_coauthors(papers: list[Paper], principal: str) -> Counter:
    counts: Counter = Counter()
    for p in papers:
        for a in dict.fromkeys(p.authors):
            if a.casefold() != principal.casefold():
                counts[a] += 1
    return counts


def coauthors(papers: list[Paper], cites: Citations, quote: Quote, principal: str, topic: str = "", top: int = 8) -> str:
    counts = canonical_coauthors(papers, principal)
    about = f" on {topic}" if topic else ""
    if not counts:
        return f"None of {principal}'s papers{about} in the corpus list co-authors."
    with_lists = [p for p in papers if p.authors]
    truncated = sum(p.authors_truncated for p in with_lists)
    lines = [f"{principal}'s most frequent co-authors{about}, counted over the {plural(len(with_lists), 'paper')} whose sources list authors:"]
    for who, n in counts.most_common(top):
        theirs = [p for p in with_lists if who in p.authors]
        lines.append(f"- {who}: {plural(n, 'paper')} " + "".join(cites.cite(p, quote(p)) for p in theirs))
    notes = []
    if truncated:
        notes.append(f"{truncated} of those author lists are cut short (\"et al.\"), so counts are lower bounds")
    unlisted = len(papers) - len(with_lists)
    if unlisted:
        notes.append(f"{plural(unlisted, 'paper')} have no author list in the sources")
    if notes:
        lines.append("Note: " + "; ".join(notes) + ".")
    return "\n".join(lines)


def with_code(papers: list[Paper], cites: Citations, quote: Quote, principal: str, author_scope: bool) -> str:
    coded = [p for p in papers if p.has_code]
    who = f"{principal}'s papers" if author_scope else "the papers in the corpus"
    if not coded:
        return f"None of {who} is marked as having code in the sources."
    return f"{_count_words(len(coded))} of {who} have code (a \"Code\" mark on the listing or a code link in the abstract):\n" + "\n".join(_lines(coded, cites, quote, principal))


def categories(papers: list[Paper], cites: Citations, quote: Quote, principal: str, author_scope: bool) -> str:
    by_cat: dict[str, list[Paper]] = defaultdict(list)
    for p in papers:
        for c in p.categories:
            by_cat[c].append(p)
    who = f"{principal}'s papers" if author_scope else "the papers in the corpus"
    if not by_cat:
        return f"None of {who} carries an arXiv category in the sources."
    uncategorised = sum(1 for p in papers if not p.categories)
    lines = [f"arXiv categories of {who} (as listed in the sources):"]
    for cat, group in sorted(by_cat.items(), key=lambda kv: -len(kv[1])):
        lines.append(f"- cs.{cat}: {plural(len(group), 'paper')} " + "".join(cites.cite(p, quote(p)) for p in group))
    if uncategorised:
        lines.append(f"{plural(uncategorised, 'paper')} have no category in the sources.")
    return "\n".join(lines)


def attribution(subject: str, paper: Paper | None, cites: Citations, quote: Quote, principal: str) -> str:
    if paper is None:
        return f"I cannot find a paper matching “{subject}” in the corpus, so nothing here shows it is {principal}'s; it is not among the papers the corpus holds."
    marker = cites.cite(paper, quote(paper))
    if paper.is_author_work:
        return f"Yes. {name(paper)}{when(paper)} is {principal}'s paper {marker}. Reason: {paper.attribution}."
    authors = ", ".join(paper.authors) + (" et al." if paper.authors_truncated else "")
    text = f"No. {name(paper)}{when(paper)} is not {principal}'s paper {marker}. Reason: {paper.attribution}."
    if paper.authors_truncated:
        text += f" (Its listed authors are {authors}; the list is cut short, so this rests on whose listing it comes from.)"
    return text


_TITLE_WORD = re.compile(r"[a-z0-9]+(?:[=+-][a-z0-9]+)*")


def title_match(subject: str, papers: list[Paper]) -> Paper | None:
    """The paper a question names, by its title, its short name ("FedML Parrot") or its arXiv id."""
    s = subject.casefold().strip()
    if m := re.search(r"\d{4}\.\d{4,5}", s):
        for p in papers:
            if p.arxiv_id == m.group():
                return p
    want = set(_TITLE_WORD.findall(s)) - {"the", "a", "an", "paper", "of", "on", "for", "in", "and"}
    if not want:
        return None
    best, best_score = None, 0.0
    for p in papers:
        label = (p.title or p.display_title).casefold()
        words = set(_TITLE_WORD.findall(label))
        short = label.split(":")[0].strip()
        if s.strip(" *\"'") in (label, short):
            return p
        score = len(want & words) / len(want)
        if score > best_score:
            best, best_score = p, score
    return best if best_score >= 0.75 else None

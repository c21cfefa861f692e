"""Questions answered exactly from the paper table: counts, years, earliest/latest, co-authors, code, categories,
attribution."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable

from assistant import presenter
from assistant.answer.check.citations import Citations
from assistant.answer.evidence.code_statement import code_statement
from assistant.answer.plan import phrases
from assistant.answer.plan.phrases import NUMBER_WORDS
from assistant.answer.plan.plan import QueryPlan
from assistant.answer.write.format import name, owner_note, plural, when
from assistant.answer.write.order import date_key, spoken_date
from assistant.answer.write.pages import page_of
from assistant.models import Paper

Quote = Callable[[Paper], str]  # the sentence of a paper's abstract that supports citing it


def scope_phrase(plan, principal: str, scope: str, coauthor: str | None = None, dates=None) -> str:
    """ "The author's papers with a co-author from 2020": what a structured answer is about; `dates` (a
    phrases.DateSpan) when the span is to the month."""
    who = {
        "author": f"{principal}'s papers",
        "all": "the papers in the corpus",
        "others": f"the papers in the corpus not by {principal}",
    }[scope]
    if coauthor:
        who += f" with {coauthor}"
    if dates is not None and dates.by_month:
        said = dates.describe()
        return f"{who} from {said}" if not said.startswith("up to") else f"{who} {said}"
    if plan.year_from and plan.year_from == plan.year_to:
        return f"{who} from {plan.year_from}"
    if plan.year_from and plan.year_to:
        return f"{who} from {plan.year_from} to {plan.year_to}"
    if plan.year_from:
        return f"{who} from {plan.year_from} on"
    if plan.year_to:
        return f"{who} up to {plan.year_to}"
    return who


def _count_words(n: int) -> str:
    return f"{n} ({NUMBER_WORDS[n]})" if n in NUMBER_WORDS and n > 0 else str(n)


MARKERS_PER_LINE = 10  # citations on one line of a per-year, per-category or per-co-author breakdown


def _lines(papers: list[Paper], cites: Citations, quote: Quote, principal: str, plan=None) -> tuple[str, list[str]]:
    """The heading's span on a later page (", 31–60") and one cited line per paper of the plan's page, in the given
    order, then the rest offered (pages.py)."""
    page = page_of(papers, plan)
    lines = [f"- {name(p)}{when(p)}{owner_note(p, principal)} {cites.cite(p, quote(p))}" for p in page.items]
    return page.span(), lines + page.closing()


def _more(papers: list) -> str:
    """What a breakdown line cut at MARKERS_PER_LINE citations leaves out."""
    return f" (+{len(papers) - MARKERS_PER_LINE} more)" if len(papers) > MARKERS_PER_LINE else ""


def _markers(papers: list[Paper], cites: Citations, quote: Quote) -> str:
    """The citations of a breakdown line, at most MARKERS_PER_LINE of them, then how many more the count holds."""
    return "".join(cites.cite(p, quote(p)) for p in papers[:MARKERS_PER_LINE]) + _more(papers)


def count(
    plan, papers: list[Paper], cites: Citations, quote: Quote, principal: str, scope: str, topic: str = ""
) -> str:
    about = f" {'about' if scope.endswith(' on') else 'on'} {topic}" if topic else ""  # not "from 2022 on on"
    if not papers:
        return f"None of {scope}{about} are in the corpus: the count is 0."
    papers = sorted(papers, key=date_key, reverse=True)
    if plan.year_from or plan.year_to or topic:
        head = f"{_count_words(len(papers))} of {scope}{about} are in the corpus"
    elif scope == "the papers in the corpus":
        mine = sum(p.is_author_work for p in papers)
        head = f"The corpus holds {_count_words(len(papers))} papers, {mine} of them {principal}'s"
    elif scope.startswith("the papers in the corpus"):
        head = f"The corpus holds {_count_words(len(papers))} papers{scope[len('the papers in the corpus') :]}"
    else:
        head = f"The corpus holds {_count_words(len(papers))} of {scope}"
    span, lines = _lines(papers, cites, quote, principal, plan)
    return head + span + ":\n" + "\n".join(lines)


def per_year(papers: list[Paper], cites: Citations, quote: Quote, principal: str, who: str) -> str:
    by_year: dict[int | None, list[Paper]] = defaultdict(list)
    for p in papers:
        by_year[p.year].append(p)
    years = sorted(y for y in by_year if y is not None)
    spanned = f", from {years[0]} to {years[-1]}" if len(years) > 1 else ""
    lines = [f"{who[0].upper()}{who[1:]} per year ({plural(len(papers), 'paper')} in all{spanned}):"]
    for year in sorted((y for y in by_year if y is not None), reverse=True):
        group = by_year[year]
        lines.append(f"- {year}: {len(group)} " + _markers(group, cites, quote))
    if None in by_year:
        lines.append(f"- undated: {len(by_year[None])} " + _markers(by_year[None], cites, quote))
    return "\n".join(lines)


def canonical_coauthors(papers: list[Paper], principal: str) -> Counter:
    counts: Counter = Counter()
    for p in papers:
        for a in dict.fromkeys(p.authors):
            if a.casefold() != principal.casefold():
                counts[a] += 1
    return counts


def coauthors(
    papers: list[Paper], cites: Citations, quote: Quote, principal: str, topic: str = "", top: int = 8
) -> str:
    counts = canonical_coauthors(papers, principal)
    about = f" on {topic}" if topic else ""
    if not counts:
        return f"None of {principal}'s papers{about} in the corpus list co-authors."
    with_lists = [p for p in papers if p.authors]
    truncated = sum(p.authors_truncated for p in with_lists)
    lines = [
        f"{principal}'s most frequent co-authors{about}, counted over the "
        f"{plural(len(with_lists), 'paper')} whose sources list authors ({plural(len(counts), 'distinct co-author')} "
        "in all):"
    ]
    for who, n in counts.most_common(top):
        theirs = [p for p in with_lists if who in p.authors]
        markers = [cites.cite(p, quote(p)) for p in theirs[:MARKERS_PER_LINE]]
        lines.append(
            f"- {who}: {plural(n, 'paper')} " + "".join(sorted(markers, key=lambda m: int(m[1:-1]))) + _more(theirs)
        )
    notes = []
    if truncated:
        notes.append(f'{truncated} of those author lists are cut short ("et al."), so counts are lower bounds')
    unlisted = len(papers) - len(with_lists)
    if unlisted:
        notes.append(f"{plural(unlisted, 'paper')} have no author list in the sources")
    if notes:
        lines.append("Note: " + "; ".join(notes) + ".")
    return "\n".join(lines)


def with_code(papers: list[Paper], cites: Citations, quote: Quote, principal: str, who: str, plan=None) -> str:
    if plan and plan.code_absent:
        return without_code(papers, cites, quote, principal, who, plan)
    said = bool(plan and plan.code_said)  # "which say their code is released": the abstract's own statement too
    stated = {p.id: s for p in papers if said and not p.has_code and (s := code_statement(p))}
    coded = [p for p in papers if p.has_code or p.id in stated]
    if not coded:
        return f"None of {who} is marked as having code in the sources."
    span, lines = _lines(coded, cites, lambda p: stated.get(p.id) or quote(p), principal, plan)
    how = (
        ", a code link in the abstract or an abstract saying its code is or will be released"
        if said
        else (" or a code link in the abstract")
    )
    return f'{_count_words(len(coded))} of {who} have code (a "Code" mark on the listing{how}){span}:\n' + "\n".join(
        lines
    )


def without_code(papers: list[Paper], cites: Citations, quote: Quote, principal: str, who: str, plan) -> str:
    """The papers with no code: no Code mark, no code link in the abstract and no abstract saying it is released."""
    bare = [p for p in papers if not p.has_code and not code_statement(p)]
    who += f" on “{plan.topic}”" if plan.topic else ""  # "which of his compression papers …": the topic's papers
    if not bare:
        return f"Every one of {who} has code or says its code is or will be released."
    span, lines = _lines(bare, cites, quote, principal, plan)
    return (
        f'{_count_words(len(bare))} of {who} have no code (no "Code" mark on the listing, no code link in the abstract '
        f"and no abstract saying its code is or will be released){span}:\n" + "\n".join(lines)
    )


def categories(papers: list[Paper], cites: Citations, quote: Quote, principal: str, who: str) -> str:
    by_cat: dict[str, list[Paper]] = defaultdict(list)
    for p in papers:
        for c in p.categories:
            by_cat[c].append(p)
    if not by_cat:
        return f"None of {who} carries an arXiv category in the sources."
    uncategorised = sum(1 for p in papers if not p.categories)
    lines = [f"arXiv categories of {who} (as listed in the sources):"]
    for cat, group in sorted(by_cat.items(), key=lambda kv: -len(kv[1])):
        lines.append(f"- cs.{cat}: {plural(len(group), 'paper')} " + _markers(group, cites, quote))
    if uncategorised:
        lines.append(f"{plural(uncategorised, 'paper')} have no category in the sources.")
    return "\n".join(lines)


def _reason(paper: Paper) -> str:
    # The stored reason names source files (kept for `papers --json`); a person reads what the sources are.
    return presenter.without_file_names(paper.attribution, paper.sources)


def attribution(subject: str, paper: Paper | None, cites: Citations, quote: Quote, principal: str) -> str:
    if paper is None:
        return (
            f"I cannot find a paper matching “{subject}” in the corpus, so nothing here shows "
            f"it is {principal}'s; it is not among the papers the corpus holds."
        )
    marker = cites.cite(paper, quote(paper))
    if paper.is_author_work:
        return f"Yes. {name(paper)}{when(paper)} is {principal}'s paper {marker}. Reason: {_reason(paper)}."
    authors = ", ".join(paper.authors) + (" et al." if paper.authors_truncated else "")
    reason = re.sub(rf"^Not {re.escape(principal)}'s:\s*", "", _reason(paper))
    text = (
        f"No. {name(paper)}{when(paper)} is not {principal}'s paper {marker}. Reason: {reason[0].upper()}{reason[1:]}."
    )
    if paper.authors_truncated:
        text += (
            f" (Its listed authors are {authors}; the list is cut short, so this rests on whose listing it comes from.)"
        )
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


def authors_of(paper: Paper, cites: Citations, quote: Quote, principal: str) -> str:
    marker = cites.cite(paper, quote(paper))
    if not paper.authors:
        return (
            f"The sources list no authors for {name(paper)}{when(paper)} {marker}. "
            f"It is counted as {'' if paper.is_author_work else 'not '}{principal}'s paper: {_reason(paper)}."
        )
    listed = ", ".join(paper.authors)
    if not paper.is_author_work:
        marker += f"; it is not {principal}'s paper"
    if paper.authors_truncated:
        return (
            f"{name(paper)}{when(paper)} is by {listed} et al. {marker}; the sources give "
            f"only these first {plural(len(paper.authors), 'author')}."
        )
    return f"{name(paper)}{when(paper)} is by {listed} {marker}."


def date_of(paper: Paper, cites: Citations, quote: Quote) -> str:
    marker = cites.cite(paper, quote(paper))
    if not paper.date:
        return f"The sources give no date for {name(paper)} {marker}."
    precision = {"day": "", "month": " (month only)", "year": " (year only)"}[paper.date_precision or "day"]
    # as a reader says it, and as the sources write it ("May 12, 2026 (2026-05-12)")
    said = spoken_date(paper)
    written = f"{said} ({paper.date})" if said != paper.date else paper.date
    text = f"{name(paper)}{when(paper)} is dated {written}{precision} {marker}."
    for note in paper.notes:
        if "date" in note or "year" in note:
            text += f" Note: {note}."
    for conflict in paper.conflicts:
        if conflict.field == "date":
            text += (
                " The sources disagree: "
                + "; ".join(
                    f"{v['value']} in {presenter.without_file_names(v['source'], paper.sources)}"
                    for v in conflict.values
                )
                + "."
            )
    return text


def event_dates(route: str, question: str, paper: Paper, cites: Citations) -> list[str]:
    """When the question asks the date of a listing event ("when was it accepted to SC'25, and when submitted to
    ISCA?"): the dates the paper's comments state with what happened on each, quoted, said before its own date."""
    if route != "when" or not phrases.LISTING_EVENTS.search(question):
        return []
    for comment in paper.comments:
        found = [s for s in phrases.stated_dates(comment) if s.before]
        if found:
            said = "; ".join(f"{s.before}: {s.said}" for s in found)
            return [f"The arXiv comments of {name(paper)} state the dates ({said}) {cites.cite(paper, comment)}."]
    return []


def arxiv_of(paper: Paper, cites: Citations, quote: Quote) -> str:
    marker = cites.cite(paper, quote(paper))
    if not paper.arxiv_id:
        return f"The sources give no arXiv ID for {name(paper)}{when(paper)} {marker}."
    dated = f", dated {paper.date}" if paper.date else ""
    return f"{name(paper)} is arXiv:{paper.arxiv_id} (https://arxiv.org/abs/{paper.arxiv_id}){dated} {marker}."


def overview(
    themes: list, papers: list[Paper], cites: Citations, quote: Quote, principal: str, who: str, timeline: bool = False
) -> str:
    """One line per research theme: label, years, size, representative papers cited."""
    by_id = {p.id: p for p in papers}
    rows = []
    for theme in themes:
        members = [by_id[i] for i in theme.paper_ids if i in by_id]
        if not members:
            continue
        years = [p.year for p in members if p.year]
        span = (f"{min(years)}" if min(years) == max(years) else f"{min(years)}–{max(years)}") if years else "undated"
        reps = [by_id[i] for i in theme.representative if i in by_id] or members[:2]
        rows.append((min(years) if years else 9999, theme, members, span, reps))
    if not rows:
        return f"None of {who} are in the corpus, so there are no themes to show."
    if timeline:
        rows.sort(key=lambda r: (r[0], r[1].id))
        head = f"How {principal}'s work has moved over time, theme by theme (by first year, computed from the corpus):"
    else:
        rows.sort(key=lambda r: (-len(r[2]), r[1].id))
        head = f"{who[0].upper()}{who[1:]} fall into {plural(len(rows), 'research theme')} (computed from the corpus):"
    lines = [head]
    for _, theme, members, span, reps in rows:
        shown = ", ".join(f"{name(p)} {cites.cite(p, quote(p))}" for p in reps[:2])
        lines.append(f"- **{theme.label}** ({span}, {plural(len(members), 'paper')}): e.g. {shown}")
    if timeline:
        dated = sorted((p for p in papers if p.year), key=lambda p: p.year)
        if dated:
            early = Counter(
                t.label for t in themes for p in dated[: max(1, len(dated) // 3)] if p.id in t.paper_ids
            ).most_common(1)
            late = Counter(
                t.label for t in themes for p in dated[-max(1, len(dated) // 3) :] if p.id in t.paper_ids
            ).most_common(1)
            if early and late:
                lines.append(
                    f"Earlier papers ({dated[0].year}–{dated[len(dated) // 3].year}) are mostly about "
                    f"{early[0][0]}; the latest ({dated[-(len(dated) // 3)].year}–{dated[-1].year}) "
                    f"mostly about {late[0][0]}."
                )
    return "\n".join(lines)


def position_phrase(plan: QueryPlan) -> str:
    """ " listing Boyang Zhang as first author", " whose first author is surnamed Zhang": the position
    slot, said."""
    if not (plan.position or plan.surname):
        return ""
    nth = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", -1: "last"}.get(plan.position or 1, "first")
    if plan.person:
        return f" {'not ' if plan.position_negated else ''}listing {plan.person} as {nth} author"
    return f" whose {nth} author is surnamed {plan.surname}" if plan.surname else ""

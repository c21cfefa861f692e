"""The second step of a question asked in two (phrases.hops): the bridge finds a person (an author of a paper it
describes, by position or as the co-author) or a paper; the ask is about another paper reached from it, narrowed by
what the ask and the rest of the bridge say (a year, placed later or earlier, the person's position on it, the team's
size, another person on it) and, among several left, by its description. Mixed into the SlotReader (which gives
`corpus`, `people_in`, `named_in`, `_anchor`, `_described_joint`, `asked_route`)."""

from __future__ import annotations

from assistant.answer.plan import counted_dates, dated, phrases
from assistant.answer.plan.people import author_at, same_person
from assistant.answer.plan.phrases import hops
from assistant.answer.plan.phrases.reference import references
from assistant.answer.plan.work_kinds import kind_of
from assistant.models import Paper


class HopPath:
    def hop_path(self, question: str, named: list[str], focus: list[str], span) -> tuple[str, str, bool, str] | None:
        """The one paper the ask of a two-step question is about, with the route and the clause asked of it; None
        when the question is not in two steps, or the steps lead to no one paper clearly."""
        hop = hops.split_hop(question)
        if hop is None or not hops.asks_what(hop.ask) or hops.SEVERAL.search(hop.ask):
            return None
        described, asked = hops.asked_clause(hop.ask)
        onward = f"{hop.onward_text} {described}".strip()
        anchors = self._hop_anchors(hop.anchor_text)
        if not anchors and (subject := self._subject_anchors(hop)):
            # "Ivan Petrov co-wrote her 2024 snow depth paper. …": the person is the bridge's subject, the paper its
            # object; what the bridge says after the person described the anchor, not the next paper
            anchors, onward = subject, described
        if not anchors:
            # "Mei Lin worked with her on on-board processing. Which later preprint …?": a person named with no paper
            # found (measured: 4 up, 8 down over the multihop items when read as that person's papers at large)
            return None
        if len(anchors) == 1 and (held := self._role_held(hop.anchor_text, anchors[0])):
            anchors = [held]
        people = self._hop_people(hop, anchors)
        said = f"{onward} {hop.ask}"
        # "the most recent paper the two of them wrote together", "the very first paper they did together": the
        # pair's joint papers picked by date, the bridge's own among them unless the ask says another
        pick = hops.pair_pick(said) if people else None
        if people is None and not hops.ANOTHER.search(said):
            return None  # the ask is of the bridge's own paper ("His 2019 paper says X. What is that one called?")
        if people is not None and not (pick or hops.POINTED.search(said)):
            return None
        kept = {a.id for a in anchors} if pick and not hops.ANOTHER.search(said) else set()
        pool = [p for p in self.corpus.authors_papers if p.id in kept or all(p.id != a.id for a in anchors)]
        if people is not None:
            pool = [p for p in pool if any(same_person(a, who) for a in p.authors for who in people)]
        pool = self._hop_narrowed(pool, anchors, people, onward)
        if pick and len(pool) > 1:
            ends = dated.extreme(pool, pick == "latest")
            pool = [ends.paper] if ends and len(ends.tied) == 1 else []
        if len(pool) == 2 and hops.NEGATED.search(described):
            # "the one that isn't about mixture-of-experts", of two: the other than the one the words describe
            picked = self._described_joint(hops.NEGATED.sub(" ", described), "", pool)
            pool = [p for p in pool if p.id != picked] if picked else []
        elif len(pool) > 1:
            picked = self._described_joint(onward, asked, pool)
            pool = [self.corpus.by_id[picked]] if picked else []
        if len(pool) != 1:
            return None
        # a field of the table is asked by its noun ("who wrote it?"); "when in the season does it peak?" is its text's
        route = self.asked_route(asked) if phrases.asked_fields(asked) else "fact"
        return pool[0].id, route, True, hops.asked_of_paper(hop.ask)

    def _hop_anchors(self, text: str) -> list[Paper]:
        """The papers the bridge starts from: those it names, else each it describes ("the melt-pond and the
        crevasse papers" -> two)."""
        if known := self.named_in(text):
            return [self.corpus.by_id[i] for i in known if i in self.corpus.by_id]
        if picked := self._hop_picked(text):
            return [picked]
        found = [self._anchor(text[: r.span[1]], [], (r.span[1], r.span[1])) for r in references(text)]
        out = list({p.id: p for p in found if p is not None}.values())
        if not out and (one := self._anchor(text, [], (len(text), len(text)))):
            out = [one]
        if not out and (words := self._content(phrases.without_dates(text))):
            # "her co-author on the Sentinel-1 to RADARSAT-2 adaptation work": no reference phrase reads it whole
            pool = self.corpus.authors_papers
            pid = self.resolver.best(words, pool) or self._closest(" ".join(words), pool)
            out = [self.corpus.by_id[pid]] if pid else []
        return out

    def _subject_anchors(self, hop: hops.Hop) -> list[Paper]:
        """The papers a bridge whose subject is a named person describes after them ("Anna de Vries co-authored her
        melt pond study"), when the words before the relation name only that person; [] otherwise."""
        head = hop.anchor_text
        if not self.people_in(head) or self._content(self._without_people(head)):
            return []
        return self._hop_anchors(self._without_people(hop.bridge))

    def _role_held(self, text: str, anchor: Paper) -> Paper | None:
        """The anchor a bridge describes among the papers where the person it names holds the role it says ("Zeyu
        Liu is first author on his cheap-LLM-training paper"), when the paper read from the description alone has
        someone else there; None when it already fits or nothing better is found."""
        role = phrases.anchor_role(text)
        said = [m.name for m in self.people_in(text) if not same_person(m.name, self.corpus.principal)]
        if role is None or len(said) != 1 or ((at := author_at(anchor, role)) and same_person(at, said[0])):
            return None
        pool = [p for p in self.corpus.authors_papers if (at := author_at(p, role)) and same_person(at, said[0])]
        if len(pool) > 1 and (words := self._content(self._without_people(text))):
            picked = self.resolver.best(words, pool) or self._closest(" ".join(words), pool)
            pool = [self.corpus.by_id[picked]] if picked else []
        return pool[0] if len(pool) == 1 else None

    def _hop_picked(self, text: str) -> Paper | None:
        """The paper a bridge picks by date ("her first IGARSS paper", "her first paper with Yuki Sato", "her first
        conference paper"): the earliest (latest) of the author's papers its venue, kind of work, years and the
        people it names admit; None when it picks none or a tie."""
        if not (pick := phrases.date_extreme(text)):
            return None
        venues = self.exclusions(text)[2]
        kind = phrases.work_type_of_one(text)
        span = phrases.dates(text)
        principal = self.corpus.principal
        people = [m.name for m in self.people_in(text) if not same_person(m.name, principal)]
        pool = [
            p
            for p in self.corpus.authors_papers
            if (not venues or phrases.in_venues(p, venues))
            and (kind is None or p.work_type == kind or kind_of(p) == kind)
            and (span is None or span.relative is not None or span.admits(p) is not False)
            and all(any(same_person(a, who) for a in p.authors) for who in people)
        ]
        ends = dated.extreme(pool, pick == "latest")
        return ends.paper if ends and len(ends.tied) == 1 else None

    def _hop_people(self, hop: hops.Hop, anchors: list[Paper]) -> list[str] | None:
        """The person the bridge finds: the author at the position it says ("the last author of X"), the co-author
        the anchors share ("the co-author of X"), or a person it names; None when it finds a paper, not a person."""
        principal = self.corpus.principal
        text = hop.anchor_text
        if (position := phrases.anchor_role(text)) is not None:
            who = author_at(anchors[0], position) if len(anchors) == 1 else None
            return [who] if who else []
        if hops.COAUTHOR_OF.search(text):
            # "a co-author besides Ole Hansen": the person named after it is not the one meant
            set_aside = [m.name for m in self.people_in(text) if hops.BESIDES.search(text[: m.start])]
            shared = [a for a in anchors[0].authors if not any(same_person(a, b) for b in [principal, *set_aside])]
            return [a for a in shared if all(any(same_person(a, b) for b in p.authors) for p in anchors[1:])]
        said = [m.name for m in self.people_in(hop.bridge) if not same_person(m.name, principal)]
        return said or None

    def _hop_narrowed(self, pool: list[Paper], anchors: list[Paper], people: list[str] | None, onward: str) -> list:
        """The pool less the papers the onward words rule out: their dates, placed against the anchor's, the person's
        position on the paper, the team's size, another person named on it."""
        anchor = anchors[0]
        if (span := phrases.dates(onward)) is not None and span.relative is not None:
            # "published the year after it": counted from the bridge's paper (plan/counted_dates)
            span = counted_dates.resolved(span, [], anchor)[0]
        if span is not None:
            pool = [p for p in pool if span.admits(p) is not False]
        if (direction := hops.placed(onward)) and anchor.date:
            pool = [p for p in pool if p.date and (p.date > anchor.date if direction > 0 else p.date < anchor.date)]
        if people and (position := hops.position_said(onward)) is not None:
            at = {p.id: author_at(p, position) for p in pool}
            pool = [p for p in pool if at[p.id] and any(same_person(at[p.id], who) for who in people)]
        if (team := phrases.team_size(onward)) is not None:
            pool = [p for p in pool if team.admits(len(p.authors))]
        elif people and hops.PAIR.search(onward):
            pool = [p for p in pool if len(p.authors) == 2]
        principal = self.corpus.principal
        others = [m.name for m in self.people_in(onward) if not same_person(m.name, principal)]
        others = [o for o in others if not any(same_person(o, who) for who in people or [])]
        return [p for p in pool if all(any(same_person(a, o) for a in p.authors) for o in others)]

"""Topic membership against the visible question sets: every topic, summary, both-groups, filter, near-negative and
negation item's topic (and negated topic) as the planner reads it, the papers in its scope labelled by the item
(expected papers in, the rest out, allowed ones unlabelled; a negated topic's members are the scope's papers the item
does not expect), and the items scored as sets (found share minus 0.25 per extra paper) through
TopicMatcher.papers_on. With --fit, the four weights of evidence/topic_score.py fitted on one corpus's pairs and
checked on the other's, both ways (needs scikit-learn).

    python -m bench.topic_membership --seeds store --corpus2 /tmp/c2-wt/store [--fit]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from assistant.core import Assistant
from assistant.evaluation_rules import matches
from assistant.models import Filters, Message
from assistant.settings import Settings

KINDS = {"topic", "summary", "negation", "both_groups", "filter", "near_negative"}
SEED_SETS = ["dev_questions", "extra_questions", "dev_hard_questions", "dev_new_kinds", "first_contact_seeds"] + [
    f"first_contact_{r}_seeds" for r in ("end", "r3", "r4", "r5", "r6")
]
C2_SETS = ["corpus2_questions", "first_contact_corpus2"] + [
    f"first_contact_{r}_corpus2" for r in ("end", "r3", "r4", "r5", "r6")
]


class _Cited:  # what evaluation_rules.matches reads of a citation
    def __init__(self, paper):
        self.title, self.display_title = paper.title or "", paper.display_title
        self.arxiv_id, self.paper_id = paper.arxiv_id, paper.id


def items(store: Path, sets: list[str]) -> tuple[object, list[dict]]:
    """The answerer of a store and each item's (topic, scope, labels), the topic as its plan reads it."""
    corpus = store.parent / "corpus" if (store.parent / "corpus").exists() else Path("seeds")
    answerer = Assistant.from_settings(Settings(store_dir=store, seeds_dir=corpus)).answerer()
    out = []
    for name in sets:
        for q in json.loads(Path(f"tests/data/{name}.json").read_text())["questions"]:
            if q["kind"] not in KINDS or "question" not in q:
                continue
            plan = answerer.plan([Message(role="user", content=q["question"])], Filters())
            if plan.literal or not (plan.topic or plan.negated):
                continue
            scope = answerer.tables.scoped(plan)
            unlabelled = (q.get("allowed_papers") or []) + (q.get("related_others") or [])
            labels = {}
            for p in scope:
                cited = _Cited(p)
                if any(matches(e, cited) for e in q.get("expected_papers") or []):
                    labels[p.id] = 1
                elif not any(matches(e, cited) for e in unlabelled):
                    labels[p.id] = 0
            for which, topic in (("topic", plan.topic), ("negated", plan.negated)):
                if not topic:
                    continue
                if which == "negated":  # a member of the negated topic is a paper the item leaves out
                    known = {i: 1 - y for i, y in labels.items() if y == 1 or not plan.topic}
                else:  # with a negated topic too, a paper left out may be on the topic
                    known = {i: y for i, y in labels.items() if y == 1 or not plan.negated}
                out.append(dict(id=q["id"], topic=topic, negated=which == "negated", scope=scope, labels=known))
    return answerer, out


def set_score(members: set[str], labels: dict[str, int]) -> float:
    expected = sum(labels.values())
    found = sum(1 for i, y in labels.items() if y and i in members)
    extra = sum(1 for i, y in labels.items() if not y and i in members)
    if not expected:
        return 0.0 if extra else 1.0
    return max(0.0, found / expected - 0.25 * extra)


def scored(answerer, rows: list[dict], score: bool = True) -> float:
    """The items' mean set score, with the membership score or by the words' rules alone (`score=False`; a negated
    topic is read by papers_touching either way)."""
    topics = answerer.corpus.topics
    out = []
    for r in rows:
        if r["negated"]:
            members = topics.papers_touching(r["topic"], r["scope"])
        else:
            members = {sp.paper.id for sp in topics.papers_on(r["topic"], r["scope"], scored=score)}
        out.append(set_score(members, r["labels"]))
    return float(np.mean(out)) if out else 0.0


def features(answerer, rows: list[dict]) -> tuple[np.ndarray, np.ndarray, list[int]]:
    """Per labelled pair: grounded by the words, closest-sentence and title cosines, stem coverage (the best
    alternative's); and each pair's item."""
    from assistant.answer.evidence import distinct
    from assistant.answer.evidence.topic_terms import alternatives, content_terms
    from assistant.answer.evidence.weigh import QueryTerms

    m = answerer.corpus.topics
    x, y, item = [], [], []
    for n, r in enumerate(rows):
        scope = r["scope"]
        grounded = {sp.paper.id for sp in m._grounded(r["topic"], scope)}
        best: dict[str, list[float]] = {}
        for alt in alternatives(r["topic"]):
            qterms = QueryTerms.of(" ".join(content_terms(alt)), m.lexical)
            qterms = distinct.scope_weighted(qterms, *m._scope_df(scope, m._at(scope)))
            sims = m._best_sims(alt, scope)
            titled = [p for p in scope if p.title]
            titles = dict(zip((p.id for p in titled), m.picker.vectors([p.title for p in titled]) @ m._query(alt)))
            for p in scope:
                f = [float(p.id in grounded), sims.get(p.id, 0.0), float(titles.get(p.id, 0.0))]
                f.append(m._stem_coverage(qterms, p))
                if p.id not in best or sum(f) > sum(best[p.id]):
                    best[p.id] = f
        for pid, label in r["labels"].items():
            x.append(best.get(pid, [0.0] * 4))
            y.append(label)
            item.append(n)
    return np.array(x), np.array(y), item


def fit(train, test) -> None:
    from sklearn.linear_model import LogisticRegression

    (xa, ya, ia), (xb, yb, ib) = train, test
    model = LogisticRegression(class_weight="balanced", max_iter=1000).fit(xa, ya)
    w, b = model.coef_[0], model.intercept_[0]

    def mean_set_score(x, y, it, threshold):
        z = x @ w + b
        per: dict[int, dict[str, int]] = {}
        members: dict[int, set[str]] = {}
        for k, (zz, label, n) in enumerate(zip(z, y, it)):
            per.setdefault(n, {})[str(k)] = int(label)
            if zz >= threshold:
                members.setdefault(n, set()).add(str(k))
        return float(np.mean([set_score(members.get(n, set()), labels) for n, labels in per.items()]))

    threshold = max(np.arange(-3, 4, 0.1), key=lambda t: mean_set_score(xa, ya, ia, t))
    print(
        f"  weights (grounded, sentence, title, stems) {np.round(w, 2).tolist()} bias {b:.2f}"
        f" threshold {threshold:.1f}:"
        f" fitted on {mean_set_score(xa, ya, ia, threshold):.3f}, held out {mean_set_score(xb, yb, ib, threshold):.3f}"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="store")
    ap.add_argument("--corpus2", required=True)
    ap.add_argument("--fit", action="store_true")
    args = ap.parse_args()
    seeds, seed_rows = items(Path(args.seeds), SEED_SETS)
    c2, c2_rows = items(Path(args.corpus2), C2_SETS)
    for name, answerer, rows in (("seeds", seeds, seed_rows), ("corpus 2", c2, c2_rows)):
        before, after = scored(answerer, rows, score=False), scored(answerer, rows)
        print(f"{name}: {len(rows)} topics, words alone {before:.3f}, with the membership score {after:.3f}")
    if args.fit:
        a, b = features(seeds, seed_rows), features(c2, c2_rows)
        print("fitted on the seeds, checked on corpus 2:")
        fit(a, b)
        print("fitted on corpus 2, checked on the seeds:")
        fit(b, a)


if __name__ == "__main__":
    main()

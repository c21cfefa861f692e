"""Frame or subject, per word of a question, learned from every writer's labelled questions.

Each content word of a visible question (plan/intents.topic_words, less the people named and the years) is labelled
from the item's expected papers: subject when a form of it is in one of them (title, abstract, record) and in few
papers of the corpus (at most SUBJECT_SHARE), frame when it is in none of them; an out-of-corpus or near-negative
item's words that no paper holds are subject ("prizes": what the corpus does not cover). Words neither way are left
unlabelled.

`--collect` plans every item (both corpora) and stores the rows; `--fit` fits a plain numpy logistic regression over
plan/frame.py's features leaving one writer out at a time (team sets fit only, never held out), prints the per-writer
table against the planner's current topic on the same words, and writes the weights fitted on every writer with the
question-share lexicon (computed from all sets' questions) to assistant/answer/plan/data/frame_words.json.

    python -m bench.frame_words --collect --seeds store --corpus2 /tmp/c2-wt/store
    python -m bench.frame_words --fit
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path

import numpy as np

ROWS = Path("/tmp/frame_words_rows.json")
OUT = Path("assistant/answer/plan/data/frame_words.json")
SUBJECT_SHARE = 0.25  # a subject word is in at most this share of the corpus's papers
UNANSWERABLE = {"out_of_corpus", "near_negative"}
TEAM = ("dev_", "extra_questions", "probe_", "verify_forms_", "corpus2_questions")


def writer_of(name: str) -> str | None:
    """The writer of a set (r3 … r11, first, end; both corpora are one writer), None for a team set."""
    if name.startswith(TEAM):
        return None
    m = re.fullmatch(r"first_contact_(?:(r\d+|end)_)?(?:seeds|corpus2)", name)
    return (m.group(1) or "first") if m else None


def _sets(corpus: str) -> list[str]:
    """The visible sets of one corpus (writers' and team's)."""
    out = []
    for path in sorted(Path("tests/data").glob("*.json")):
        n = path.stem
        if not (
            n.startswith(("first_contact", "dev_", "extra_", "probe_", "verify_forms")) or n == "corpus2_questions"
        ):
            continue
        if (n.endswith("corpus2") or n == "corpus2_questions") == (corpus == "corpus2"):
            out.append(n)
    return out


def collect(store: Path, corpus: str) -> list[dict]:
    from assistant.answer.evidence import distinct
    from assistant.answer.plan import frame
    from assistant.answer.plan.intents import topic_words
    from assistant.core import Assistant
    from assistant.evaluation_rules import matches
    from assistant.models import Filters, Message
    from assistant.settings import Settings
    from bench.topic_membership import _Cited

    seeds = store.parent / "tanaka" if corpus == "corpus2" else Path("seeds")
    answerer = Assistant.from_settings(Settings(store_dir=store, seeds_dir=seeds)).answerer()
    c = answerer.corpus
    papers = list(c.by_id.values())
    vocab = {p.id: c.topics.vocabulary_of(p) for p in papers}
    rows = []
    for name in _sets(corpus):
        for q in json.loads(Path(f"tests/data/{name}.json").read_text())["questions"]:
            text = q.get("question")
            if not text or q.get("turns"):
                continue
            expected = q.get("expected_papers") or []
            if not expected and q.get("kind") not in UNANSWERABLE:
                continue
            exp_ids = [p.id for p in papers if any(matches(e, _Cited(p)) for e in expected)]
            if expected and not exp_ids:
                continue
            names = {
                t.casefold()
                for s in c.everyone_words.among(text)
                if re.search(rf"(?<!\w){re.escape(s)}(?!\w)", text, re.I)
                for t in re.findall(r"\w+", s)
            }
            words = [w for w in topic_words(text, c.principal) if w.casefold() not in names and not w.isdigit()]
            words = list(dict.fromkeys(words))
            if not words:
                continue
            plan = answerer.plan([Message(role="user", content=text)], Filters())
            topic = plan.topic or (plan.subject if plan.route in ("list", "count", "code", "coauthors") else "")
            topic_vocab = frozenset(t for w in topic.split() for t in distinct.terms(w))
            feats = frame.question_features(text, words, lambda w: c.topics.holding(w, papers) / len(papers))
            for w, f in zip(words, feats):
                share = c.topics.holding(w, papers) / len(papers)
                in_expected = any(distinct.held(w, vocab[i]) for i in exp_ids)
                if exp_ids:
                    label = 1 if in_expected and share <= SUBJECT_SHARE else 0 if not in_expected else None
                else:
                    label = 1 if share == 0 else None
                rows.append(
                    dict(
                        set=name,
                        writer=writer_of(name),
                        id=q["id"],
                        word=w,
                        label=label,
                        kept=bool(topic) and distinct.held(w, topic_vocab),
                        route=plan.route,
                        topic_route=bool(topic),
                        features=f,
                    )
                )
    return rows


def questions_of(sets: list[str]) -> list[str]:
    out = []
    for name in sets:
        for q in json.loads(Path(f"tests/data/{name}.json").read_text())["questions"]:
            out += [q["question"]] if q.get("question") else list(q.get("turns") or [])
    return out


def lexicon(questions: list[str], rows: list[dict]) -> dict[str, list[float]]:
    """Each word's (stem's) share of the questions holding it, and how often it was labelled frame and subject, from
    these questions and rows only (the fold's)."""
    from assistant.answer.plan import frame

    n = Counter(frame.key(w) for q in questions for w in set(frame.keys(q)))
    framed = Counter(frame.key(r["word"]) for r in rows if r["label"] == 0)
    subject = Counter(frame.key(r["word"]) for r in rows if r["label"] == 1)
    keys = {k for k, c in n.items() if c >= 2} | set(framed) | set(subject)
    return {k: [n[k] / max(1, len(questions)), framed[k], subject[k]] for k in keys}


def group(r: dict) -> str:
    return r["writer"] or "team"


VECS = Path("/tmp/frame_words_vecs.npz")


def embedded(words: set[str]) -> dict[str, np.ndarray]:
    """The words' MiniLM vectors (normalised), cached in VECS."""
    from assistant.vendors.embeddings import MiniLMEmbeddings

    have = dict(np.load(VECS)) if VECS.exists() else {}
    missing = sorted(w for w in words if w not in have)
    if missing:
        from assistant.settings import Settings

        s = Settings()
        model = MiniLMEmbeddings(backend=s.embedding_backend, cache_dir=s.model_cache_dir)
        for w, v in zip(missing, model.embed_array(missing)):
            have[w] = np.asarray(v, dtype=np.float32)
        np.savez(VECS, **have)
    return have


def direction(rows: list[dict], vecs: dict[str, np.ndarray]) -> np.ndarray:
    """A logistic direction in MiniLM space telling subject words from frame words (each word type once, labelled by
    its majority), strongly regularised."""
    from assistant.answer.plan import frame

    by: dict[str, list[int]] = {}
    for r in rows:
        by.setdefault(r["word"], []).append(r["label"])
    words = sorted(by)
    x = np.array([vecs[w] * frame.MEANING_SCALE for w in words])
    y = np.array([float(np.mean(by[w]) >= 0.5) for w in words])
    return logistic(x, y, l2=10.0, steps=300)


def train_matrix(rows: list[dict], questions: list[str], vecs) -> np.ndarray:
    """The training rows' inputs, each row's frame/subject counts read without its own writer's rows (the team's
    sets as one writer), so the weight of that evidence is fitted as it will be met: on words seen only elsewhere."""
    from assistant.answer.plan import frame

    whole = lexicon(questions, rows)
    by, dirs = {}, {}
    for g in {group(r) for r in rows}:
        by[g] = lexicon([], [r for r in rows if group(r) == g])
        dirs[g] = direction([r for r in rows if group(r) != g], vecs)
    out = []
    for r in rows:
        k = frame.key(r["word"])
        seen = list(whole.get(k, [0.0, 0, 0]))
        own = by[group(r)].get(k)
        if own:
            seen[1] -= own[1]
            seen[2] -= own[2]
        out.append(frame.vector(with_rule(r["features"]), seen, frame.meaning(vecs[r["word"]], dirs[group(r)])))
    return np.array(out)


def logistic(x: np.ndarray, y: np.ndarray, l2: float = 1.0, steps: int = 3000) -> np.ndarray:
    """Plain numpy logistic regression, balanced classes, L2 on the weights (not the bias); returns [w..., b]."""
    xb = np.hstack([x, np.ones((len(x), 1))])
    pos = y.mean()
    sw = np.where(y == 1, 0.5 / pos, 0.5 / (1 - pos))
    w = np.zeros(xb.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-xb @ w))
        g = xb.T @ (sw * (p - y)) / len(y)
        g[:-1] += l2 * w[:-1] / len(y)
        w -= 0.5 * g
    return w


def with_rule(f: list[float]) -> list[float]:
    """Rows collected before the rule's verdict was a feature get it from their own features."""
    return f if len(f) >= 9 else [*f, float(f[3] or f[2] or f[0] > 0)]


def matrix(rows: list[dict], lex: dict[str, list[float]], cents: np.ndarray, vecs) -> np.ndarray:
    from assistant.answer.plan import frame

    return np.array(
        [
            frame.vector(
                with_rule(r["features"]), lex.get(frame.key(r["word"]), []), frame.meaning(vecs[r["word"]], cents)
            )
            for r in rows
        ]
    )


def scores(pred: np.ndarray, y: np.ndarray) -> tuple[float, float, float]:
    kept = float(pred[y == 1].mean()) if (y == 1).any() else float("nan")
    dropped = float(1 - pred[y == 0].mean()) if (y == 0).any() else float("nan")
    return kept, dropped, float(np.nanmean([kept, dropped]))


def fit() -> None:
    from assistant.answer.plan import frame

    rows = [r for r in json.loads(ROWS.read_text()) if r["label"] is not None]
    vecs = embedded({r["word"] for r in rows})
    writers = sorted({r["writer"] for r in rows if r["writer"]})
    sets = sorted({r["set"] for r in json.loads(ROWS.read_text())})
    print(f"{len(rows)} labelled words ({sum(r['label'] for r in rows)} subject), writers {writers}")
    table, weights = [], []
    head = f"{'writer':8} {'n':>4}  {'rule kept/dropped/bal':>26}  {'learned kept/dropped/bal':>26}  topic-route only"
    print(head)
    for held_out in writers:
        train = [r for r in rows if r["writer"] != held_out]
        test = [r for r in rows if r["writer"] == held_out]
        questions = questions_of([s for s in sets if writer_of(s) != held_out])
        lex, cents = lexicon(questions, train), direction(train, vecs)
        w = logistic(train_matrix(train, questions, vecs), np.array([r["label"] for r in train], float))
        weights.append(w)
        y = np.array([r["label"] for r in test])
        learned = (matrix(test, lex, cents, vecs) @ w[:-1] + w[-1] >= 0).astype(float)
        current = np.array([r["kept"] for r in test], float)
        on = np.array([r["topic_route"] for r in test])
        # the rule content_of applies: a word in a topic place, or any word when the question has none, or a word
        # some paper uses
        rule = np.array([f[3] or f[2] or f[0] > 0 for f in (r["features"] for r in test)], float)
        c, lrn = scores(rule, y), scores(learned, y)
        ct, lt = scores(current[on], y[on]), scores(learned[on], y[on])
        table.append((held_out, len(test), c, lrn, ct, lt))
        print(
            f"{held_out:8} {len(test):4}  {c[0]:.2f} / {c[1]:.2f} / {c[2]:.2f}{'':8}  {lrn[0]:.2f} / {lrn[1]:.2f} / "
            f"{lrn[2]:.2f}{'':8}  cur {ct[2]:.2f} learned {lt[2]:.2f} (n={int(on.sum())})"
        )
    mean = lambda k, i: float(np.nanmean([t[k][i] for t in table]))  # noqa: E731
    print(
        f"{'mean':8} {'':4}  {mean(2, 0):.2f} / {mean(2, 1):.2f} / {mean(2, 2):.2f}{'':8}  {mean(3, 0):.2f} / "
        f"{mean(3, 1):.2f} / {mean(3, 2):.2f}{'':8}  cur {mean(4, 2):.2f} learned {mean(5, 2):.2f}"
    )
    spread = np.array(weights)
    print("fold weight spread (min..max):")
    for name, lo, hi in zip([*frame.FEATURES, "bias"], spread.min(0), spread.max(0)):
        print(f"  {name:18} {lo:+.2f} .. {hi:+.2f}")
    lex, cents = lexicon(questions_of(sets), rows), direction(rows, vecs)
    w = logistic(train_matrix(rows, questions_of(sets), vecs), np.array([r["label"] for r in rows], float))
    OUT.write_text(
        json.dumps(
            dict(
                about="Frame or subject per question word (plan/frame.py); fitted by `python -m bench.frame_words "
                "--fit` on every visible set's labelled words, both corpora; lexicon: each word's share of the "
                "questions of those sets (words in 2+ questions).",
                sets=sets,
                leave_one_writer_out={
                    t[0]: dict(n=t[1], rule_balanced=round(t[2][2], 3), learned_balanced=round(t[3][2], 3))
                    for t in table
                },
                mean_rule=round(mean(2, 2), 3),
                mean_learned=round(mean(3, 2), 3),
                features=list(frame.FEATURES),
                weights=[round(float(v), 4) for v in w[:-1]],
                bias=round(float(w[-1]), 4),
                direction=[round(float(v), 5) for v in cents],
                lexicon={k: [round(v[0], 4), v[1], v[2]] for k, v in sorted(lex.items())},
            ),
            indent=1,
        )
        + "\n"
    )
    print("weights:", dict(zip(frame.FEATURES, np.round(w[:-1], 2))), "bias", round(float(w[-1]), 2))


KEEP_UNSEEN = 0.85  # the share of subject words no paper holds that the margin must keep, as a new writer meets them


def margin() -> None:
    """The margin below 0 a word no paper holds must score to be frame: the smallest (in steps of 0.5) at which
    KEEP_UNSEEN of the labelled subject words no paper holds are kept when their own frame/subject counts are left
    out of the lexicon (as a writer the fit never saw meets them); written beside the weights."""
    from assistant.answer.plan import frame

    data = json.loads(OUT.read_text())
    rows = [r for r in json.loads(ROWS.read_text()) if r["label"] is not None and r["features"][1] == 1]
    vecs = embedded({r["word"] for r in rows})
    w, b, direc = np.array(data["weights"]), data["bias"], np.array(data["direction"])
    z = np.array(
        [
            b
            + w
            @ np.array(
                frame.vector(
                    with_rule(r["features"]),
                    [data["lexicon"].get(frame.key(r["word"]), [0.0])[0], 0, 0],
                    frame.meaning(vecs[r["word"]], direc),
                )
            )
            for r in rows
        ]
    )
    y = np.array([r["label"] for r in rows])
    for t in np.arange(0, 6.01, 0.5):
        kept, dropped = float(np.mean(z[y == 1] > -t)), float(np.mean(z[y == 0] <= -t))
        print(f"margin {t:.1f}: subject kept {kept:.2f}, frame dropped {dropped:.2f}")
        if kept >= KEEP_UNSEEN:
            data["no_paper_margin"] = float(t)
            data["no_paper_margin_about"] = (
                f"words no paper holds, their own counts left out: subject kept {kept:.2f} ({int((y == 1).sum())}), "
                f"frame dropped {dropped:.2f} ({int((y == 0).sum())})"
            )
            OUT.write_text(json.dumps(data, indent=1) + "\n")
            return


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--collect", action="store_true")
    ap.add_argument("--fit", action="store_true")
    ap.add_argument("--margin", action="store_true")
    ap.add_argument("--seeds", type=Path, default=Path("store"))
    ap.add_argument("--corpus2", type=Path)
    a = ap.parse_args()
    if a.collect:
        rows = collect(a.seeds, "seeds") + (collect(a.corpus2, "corpus2") if a.corpus2 else [])
        ROWS.write_text(json.dumps(rows))
        print(len(rows), "rows")
    if a.fit:
        fit()
    if a.fit or a.margin:
        margin()


if __name__ == "__main__":
    main()

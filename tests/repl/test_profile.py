"""/profile over a fake with a hand-made Profile: the themes table, the per-year bars, co-authors, in both views."""

from __future__ import annotations

import io

from rich.console import Console

from assistant.models import CoauthorCount, Profile, ThemeSummary, YearCount
from assistant.repl.plain_view import LineReader, PlainView
from assistant.repl.profile import MAX_BAR, year_rows
from assistant.repl.rich_view import RichView
from assistant.repl.session import ChatSession
from tests.repl.fakes import FakeAssistant


def theme(id: int, label: str, ids: list[str], years: tuple[int | None, int | None]) -> ThemeSummary:
    return ThemeSummary(
        id=id,
        label=label,
        terms=label.split(", "),
        paper_ids=ids,
        representative=ids[:1],
        year_from=years[0],
        year_to=years[1],
    )


# Theme ids out of list order on purpose: users see the themes numbered by their place in the list.
PROFILE = Profile(
    principal_author="Yunquan Zhang",
    papers=9,
    author_papers=6,
    themes=[
        theme(2, "stencil computations, data reuse", ["s1", "s2", "s3"], (2019, 2022)),
        theme(0, "quantization, low-bit", ["q1", "q2"], (2022, 2022)),
        theme(1, "quantum chemistry", ["c1"], (None, None)),
    ],
    per_year=[
        YearCount(year=2019, total=1, by_theme={2: 1}, paper_ids=["s1"]),
        YearCount(year=2021, total=1, by_theme={2: 1}, paper_ids=["s2"]),
        YearCount(year=2022, total=3, by_theme={0: 2, 2: 1}, paper_ids=["q1", "q2", "s3"]),
    ],
    undated=["c1"],
    coauthors=[
        CoauthorCount(name="Boyang Zhang", papers=2, paper_ids=["q1", "q2"], themes={0: 2}),
        CoauthorCount(name="Daning Cheng", papers=1, paper_ids=["s3"], themes={2: 1}),
    ],
    truncated_author_lists=1,
)


def plain(fake, script: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    rc = ChatSession(fake, LineReader(io.StringIO(script)), PlainView(out, err), interactive=False).run()
    return rc, out.getvalue(), err.getvalue()


def test_plain_profile_transcript():
    rc, out, err = plain(FakeAssistant(profile=PROFILE), "/profile\n/PROFILE extra words\n")
    block = """\
Yunquan Zhang: 6 papers in 3 themes, 2019–2022.

Themes:
  #  theme                             years      papers
  1  stencil computations, data reuse  2019–2022       3
  2  quantization, low-bit             2022            2
  3  quantum chemistry                 undated         1

Papers per year (#: theme):
2019 █   1  #1
2020     0
2021 █   1  #1
2022 ███ 3  #1, #2 ×2

Not in the chart: 1 undated paper.
Co-authors: 2 people, most often Boyang Zhang (2). Counts are lower bounds: 1 of the 6 papers lists only the first authors.

"""  # noqa: E501
    assert out == block * 2  # the command is case-insensitive and ignores what follows it
    assert (
        rc == 0 and err == "3 papers indexed, 2 by Yunquan Zhang; answer mode: extractive. Type /help for commands.\n"
    )


def test_rich_profile_transcript_and_theme_colours():
    buf = io.StringIO()
    console = Console(file=buf, width=100, color_system=None, highlight=False)
    ChatSession(FakeAssistant(profile=PROFILE), LineReader(io.StringIO("/profile\n")), RichView(console)).run()
    text = "\n".join(line.rstrip() for line in buf.getvalue().splitlines())
    assert (
        text
        == """\
3 papers indexed, 2 by Yunquan Zhang; answer mode: extractive. Type /help for commands.
Yunquan Zhang: 6 papers in 3 themes, 2019–2022.
  # ┃ theme                            ┃ years     ┃ papers
━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━╇━━━━━━━
■ 1 │ stencil computations, data reuse │ 2019–2022 │      3
■ 2 │ quantization, low-bit            │ 2022      │      2
■ 3 │ quantum chemistry                │ undated   │      1

Papers per year (#: theme)
2019 █   1  #1
2020     0
2021 █   1  #1
2022 ███ 3  #1, #2 ×2

Not in the chart: 1 undated paper.
Co-authors: 2 people, most often Boyang Zhang (2). Counts are lower bounds: 1 of the 6 papers lists
only the first authors.
"""
    )

    buf = io.StringIO()
    console = Console(file=buf, width=100, color_system="truecolor", force_terminal=True, highlight=False)
    RichView(console).profile(PROFILE)
    # 2022: one block in theme 1's colour, then two in theme 2's: the web UI's first two theme colours
    assert "\x1b[38;2;78;121;167m█\x1b[0m\x1b[38;2;242;142;43m██\x1b[0m" in buf.getvalue()


def test_busy_years_scale_down_and_small_ones_still_show():
    busy = PROFILE.model_copy(
        update={
            "per_year": [
                YearCount(year=2020, total=100, by_theme={0: 99, 2: 1}, paper_ids=[f"p{i}" for i in range(100)]),
                YearCount(year=2021, total=1, by_theme={1: 1}, paper_ids=["x"]),
            ],
            "undated": [],
        }
    )
    rows = {r.year: r for r in year_rows(busy)}
    assert rows[2020].blocks == 33 <= MAX_BAR  # 3 papers a block
    assert rows[2020].segments == [(1, 1), (2, 32)]  # the one stencil paper keeps its block
    assert rows[2021].blocks == 1
    _, out, _ = plain(FakeAssistant(profile=busy), "/profile\n")
    assert f"2020 {'█' * 33} 100  #1, #2 ×99\n" in out
    assert "Each █ is 3 papers.\n" in out


def test_no_author_papers_says_so():
    empty = Profile(
        principal_author="Yunquan Zhang",
        papers=3,
        author_papers=0,
        themes=[],
        per_year=[],
        undated=[],
        coauthors=[],
        truncated_author_lists=0,
    )
    _, out, _ = plain(FakeAssistant(profile=empty), "/profile\n")
    assert out == "No papers by Yunquan Zhang in the store.\n\n"


def test_help_lists_profile_and_a_typo_is_pointed_to_it():
    rc, out, err = plain(FakeAssistant(), "/help\n/profil\n")
    assert "/profile        the author's research themes and papers per year\n" in out
    assert "error: Unknown command /profil (did you mean /profile?): type /help for the commands.\n" in err

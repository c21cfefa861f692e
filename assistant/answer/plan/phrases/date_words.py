"""The words dates are said in: month names and their abbreviations, parts of a year, and small numbers as words."""

from __future__ import annotations

MONTHS = {
    name: i
    for i, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ],
        start=1,
    )
    for name in names
}
# Parts of a year, as (first month, last month). "early/mid/late" split the year in thirds, as people mean them.
PARTS = {
    "first half": (1, 6),
    "h1": (1, 6),
    "second half": (7, 12),
    "latter half": (7, 12),
    "h2": (7, 12),
    "early": (1, 4),
    "beginning": (1, 4),
    "start": (1, 4),
    "mid": (5, 8),
    "middle": (5, 8),
    "late": (9, 12),
    "end": (9, 12),
    "first quarter": (1, 3),
    "q1": (1, 3),
    "second quarter": (4, 6),
    "q2": (4, 6),
    "third quarter": (7, 9),
    "q3": (7, 9),
    "fourth quarter": (10, 12),
    "last quarter": (10, 12),
    "q4": (10, 12),
    "spring": (3, 5),
    "summer": (6, 8),
    "autumn": (9, 11),
    "fall": (9, 11),
}
NUMBER_WORDS = {
    0: "zero",
    1: "one",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "eleven",
    12: "twelve",
    13: "thirteen",
    14: "fourteen",
    15: "fifteen",
    16: "sixteen",
    17: "seventeen",
    18: "eighteen",
    19: "nineteen",
    20: "twenty",
}

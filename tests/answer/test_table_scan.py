"""A scan of the lazy table yields each paper as indexing it does: the same record, made once."""

from __future__ import annotations


def test_iterating_the_table_gives_the_records_indexing_gives(assistant):
    papers = assistant.table().papers
    early = [papers[i] for i in (0, 5, len(papers) - 1)]  # some made before the scan, the rest by it

    scanned = list(papers)

    assert len(scanned) == len(papers)
    assert [p.id for p in scanned] == [papers[i].id for i in range(len(papers))]
    assert all(scanned[i] is papers[i] for i in range(len(papers)))
    assert scanned[0] is early[0] and scanned[5] is early[1] and scanned[-1] is early[2]

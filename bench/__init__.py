"""Benchmarks: each script prints a table with the machine's cores; run with `python -m bench.NAME`."""

"""``make bench``: the status call against a bare Pyramid JSON view, served the same way in the same run.

``python -m tests.bench --help`` lists the knobs; ``python -m tests.bench.profiling`` profiles the
status call in-process.
"""

"""Run calls at the same moment, each on its own thread (a barrier lets them go together): what two
workers, or many members, do at once."""

import threading


def at_once(calls, seconds: float = 120) -> list:
    """Each call's answer, in order; any exception a call raised fails the test, named."""
    start, answers, problems = threading.Barrier(len(calls)), [None] * len(calls), []

    def run(n, call):
        start.wait()
        try:
            answers[n] = call()
        except Exception as exc:  # noqa: BLE001 -- reported below
            problems.append(repr(exc))

    threads = [threading.Thread(target=run, args=(n, call)) for n, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds)
    assert problems == []
    return answers

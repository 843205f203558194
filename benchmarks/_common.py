"""Helpers shared by the benchmark scripts (run as scripts: this folder is on sys.path)."""
import solver.dd as dd


def count_positions(fn) -> int:
    """Double-dummy positions that ``fn()`` solves through ``solver.dd.solve_batch`` (an untimed run)."""
    seen = [0]
    real = dd.solve_batch

    def counting(hands, *a, **k):
        seen[0] += len(hands)
        return real(hands, *a, **k)

    dd.solve_batch = counting
    try:
        fn()
    finally:
        dd.solve_batch = real
    return seen[0]

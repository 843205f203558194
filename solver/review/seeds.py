"""The review's seeds, kept under this name for the review's modules and for old imports: they live in
:mod:`solver.seeds`, with every other default seed."""
from ..seeds import (advice_seed, comparison_seed, content_seed, decision_seed, decision_stream, default_seed,
                     exchange_seed, record_seed, view_seed)

__all__ = ["content_seed", "default_seed", "record_seed", "decision_stream", "decision_seed", "advice_seed",
           "comparison_seed", "view_seed", "exchange_seed"]

"""The engine's version: the installed distribution's (``euchre-dd``), ``"unknown"`` in a source
tree that was never installed. Results that depend on the engine carry it (``solver.__version__``,
the corpus review's lines)."""
from importlib import metadata as _metadata

try:
    VERSION = _metadata.version("euchre-dd")
except _metadata.PackageNotFoundError:      # run from a source tree that was never installed
    VERSION = "unknown"
__version__ = VERSION

__all__ = ["VERSION", "__version__"]

"""Sphinx configuration of the euchre-dd documentation: MyST Markdown pages, the Python API from the
docstrings (autodoc with napoleon), the HTTP reference from the service's own OpenAPI document."""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

from solver.version import __version__  # noqa: E402  (the installed engine: `pip install -e .`)

project = "euchre-dd"
author = "the euchre-dd authors"
copyright = "the euchre-dd authors, MIT licence"
release = version = __version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "openapi_reference",       # docs/_ext/openapi_reference.py
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build", "_ext"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3           # [text](#a-heading) links between and within pages

autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": False}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
napoleon_google_docstring = True
napoleon_numpy_docstring = True
nitpicky = False

html_theme = "furo"
html_title = f"euchre-dd {release}"
html_static_path = []
napoleon_use_ivar = True           # a dataclass's "Attributes:" as fields: its members are documented once
# The annotated JSON samples (// comments, ... elisions) are deliberately not strict JSON: the tests strip
# the annotations and compare them with real output (tests/test_readme_examples.py).
suppress_warnings = ["misc.highlighting_failure"]

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
    "sphinx.ext.intersphinx",
    "openapi_reference",       # docs/_ext/openapi_reference.py
    "public_names",            # docs/_ext/public_names.py: solver.game.Hand links to solver.Hand
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build", "_ext", "_inventories"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3           # [text](#a-heading) links between and within pages

# a flag named here is on whatever its value (False too): the members, undocumented ones too, no base classes
autodoc_default_options = {"members": True, "undoc-members": True}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
napoleon_google_docstring = True
napoleon_numpy_docstring = True
nitpicky = True                    # every reference resolves (tests/test_docs.py builds with -n -W)
# Python's and numpy's own inventories when the network answers; offline, the local subset of the names
# these pages link to (docs/_inventories/, Sphinx inventory format 1), so the build never needs the network
intersphinx_mapping = {
    "python": ("https://docs.python.org/3", (None, "_inventories/python.txt")),
    "numpy": ("https://numpy.org/doc/stable", (None, "_inventories/numpy.txt")),
}
intersphinx_timeout = 5            # seconds per inventory before the local one is read
# create_app's return type: flask-openapi3 publishes no Sphinx inventory to link it to
nitpick_ignore = [("py:class", "flask_openapi3.openapi.OpenAPI")]

html_theme = "furo"
html_title = f"euchre-dd {release}"
html_static_path = []
napoleon_use_ivar = True           # a dataclass's "Attributes:" as fields: its members are documented once
# The annotated JSON samples (// comments, ... elisions) are deliberately not strict JSON: the tests strip
# the annotations and compare them with real output (tests/test_readme_examples.py).
suppress_warnings = ["misc.highlighting_failure"]

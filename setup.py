"""Build the Cython double-dummy core; metadata lives in pyproject.toml."""
import platform

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

compile_args = ["-O3", "-fno-tree-vectorize"]   # the vectorised key and move loops ran 3-4% slower (benchmarks/bench_solve.py)
if platform.machine().lower() in ("x86_64", "amd64"):
    compile_args.append("-mpopcnt")      # one instruction for the many bit counts of the search

extensions = [
    Extension(
        "solver._search",
        ["solver/_search.pyx"],
        include_dirs=[numpy.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=compile_args,
    )
]

setup(ext_modules=cythonize(extensions, compiler_directives={"language_level": "3"}))

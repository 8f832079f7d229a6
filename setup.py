"""Build script for the one compiled module, swisslearn.matching._blossom.

Everything else about the package lives in pyproject.toml; this file only
declares the Cython extension (the exact big-integer blossom matching, see
swisslearn/matching/weighted.py).  The extension is optional: if Cython is
missing or the C compiler fails, the install still succeeds and the
matching falls back to networkx (slower, same results up to ties).
"""

from setuptools import Extension, setup

try:
    from Cython.Build import cythonize
except ImportError:  # no Cython: pure-Python install, networkx fallback
    cythonize = None

extensions = []
if cythonize is not None:
    extensions = cythonize(
        [
            Extension(
                "swisslearn.matching._blossom",
                ["swisslearn/matching/_blossom.pyx"],
                optional=True,
            )
        ],
        compiler_directives={"language_level": "3"},
        quiet=True,
    )
    for extension in extensions:
        extension.optional = True

setup(ext_modules=extensions)

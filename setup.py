"""Build script for what pyproject.toml cannot say.

* The one compiled module, swisslearn.matching._blossom (the exact
  big-integer blossom matching, see swisslearn/matching/weighted.py).  The
  extension is optional: if Cython is missing or the C compiler fails, the
  install still succeeds and the matching falls back to networkx (slower,
  same results up to ties).
* The course shipped in the package: the repository keeps the notebooks in
  ``notebooks/`` and their tournaments in ``data/`` (one copy to edit); a
  built wheel carries both as ``swisslearn/_cours/`` (``swisslearn cours``
  copies them from there, see swisslearn/course.py).  An editable install
  reads the repository's folders instead.
"""

import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

# The course's files, as swisslearn/course.py's PATTERNS list them.
COURSE_PATTERNS = ("notebooks/*.ipynb", "notebooks/*.md", "data/*")


def copy_course_into(build_lib: str) -> list[Path]:
    """Copy the course into ``build_lib``'s package; the files written."""
    root = Path(__file__).resolve().parent
    target = Path(build_lib) / "swisslearn" / "_cours"
    written = []
    for pattern in COURSE_PATTERNS:
        for source in sorted(root.glob(pattern)):
            if source.is_file():
                destination = target / source.relative_to(root)
                destination.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, destination)
                written.append(destination)
    return written


class BuildWithCourse(build_py):
    """build_py, then the course copied into the built package."""

    def run(self) -> None:
        super().run()
        if not getattr(self, "editable_mode", False):  # editable: the repository is read
            copy_course_into(self.build_lib)


def extensions() -> list[Extension]:
    try:
        from Cython.Build import cythonize
    except ImportError:  # no Cython: pure-Python install, networkx fallback
        return []
    built = cythonize(
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
    for extension in built:
        extension.optional = True
    return list(built)


# setuptools runs this file as __main__; tests/test_course.py loads it under
# another name to call copy_course_into alone.
if __name__ == "__main__":
    setup(ext_modules=extensions(), cmdclass={"build_py": BuildWithCourse})

"""FIDE (Dutch) System C.04.3 as in force from 1 July 2017 to 31 January
2026 (``--system dutch-2017``): the Baku 2016 text.  See
:mod:`swisslearn.dutch2017.procedure`."""

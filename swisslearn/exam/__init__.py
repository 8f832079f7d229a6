"""The exam as it is set (issue 30): a whole round to pair from the players'
pairing cards and the standings, on screen or on paper, marked line by line.

The modules of this package each hold one concern; import them directly
(``from swisslearn.exam.targets import round_for_rule``).
"""

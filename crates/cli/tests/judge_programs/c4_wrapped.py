"""A connect4 program built on `gametree solve connect4` (argv[2]) that spoils its scores.

argv[1] is the spoiling: `negate` negates every score; `first-player-view` gives every
score from the first player's view (negated when the second player is to move, i.e. after
an odd number of moves), a misreading of SPEC §4.1.
"""
import subprocess
import sys

mode, gametree = sys.argv[1], sys.argv[2]
solved = subprocess.run([gametree, "solve", "connect4"], stdin=sys.stdin, capture_output=True, text=True, check=True)
for line in solved.stdout.splitlines():
    position, score, nodes, micros = line.split()
    score = int(score)
    if mode == "negate" or (mode == "first-player-view" and len(position) % 2 == 1):
        score = -score
    print(position, score, nodes, micros)

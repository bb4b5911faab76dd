# tictactoe-ccf, right answers but all on one line: a presentation error.
import sys
from functools import lru_cache

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


@lru_cache(maxsize=None)
def score(board):
    empty = board.count(0)
    for player, sign in ((1, 1), (2, -1)):
        if any(all(board[i] == player for i in line) for line in LINES):
            return sign * (empty + 1)
    if empty == 0:
        return 0
    player = 1 if board.count(1) == board.count(2) else 2
    values = [score(board[:i] + (player,) + board[i + 1:]) for i in range(9) if board[i] == 0]
    return max(values) if player == 1 else min(values)


data = sys.stdin.read().split()
print(" ".join(str(score(tuple(int(x) for x in data[1 + 9 * k:10 + 9 * k]))) for k in range(int(data[0]))))

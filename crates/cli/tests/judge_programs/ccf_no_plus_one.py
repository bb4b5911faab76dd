# tictactoe-ccf misreading: a win scores the empty cells, without the +1.
import sys
from functools import lru_cache

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def won(board, player):
    return any(all(board[i] == player for i in line) for line in LINES)


@lru_cache(maxsize=None)
def score(board):
    empty = board.count(0)
    if won(board, 1):
        return empty
    if won(board, 2):
        return -empty
    if empty == 0:
        return 0
    player = 1 if board.count(1) == board.count(2) else 2
    values = [score(board[:i] + (player,) + board[i + 1:]) for i in range(9) if board[i] == 0]
    return max(values) if player == 1 else min(values)


data = sys.stdin.read().split()
count = int(data[0])
for k in range(count):
    print(score(tuple(int(x) for x in data[1 + 9 * k:10 + 9 * k])))

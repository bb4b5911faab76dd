# matchsticks, correct: a winning move if there is one, else any legal move; with no legal
# move, nothing on stdout and exit status 1.
import sys
from functools import lru_cache


def legal(board, cell, stick):
    row, column = divmod(cell, 4)
    directions = [(0, -1), (0, 1)] if stick == "-" else [(-1, 0), (1, 0)]
    for dr, dc in directions:
        r, c = row + dr, column + dc
        while 0 <= r < 3 and 0 <= c < 4:
            other = board[r * 4 + c]
            if other != "0":
                if other == stick:
                    return False
                break
            r, c = r + dr, c + dc
    return True


def moves(board):
    return [board[:cell] + stick + board[cell + 1:] for cell in range(12) if board[cell] == "0"
            for stick in "1-" if legal(board, cell, stick)]


@lru_cache(maxsize=None)
def wins(board):
    return any(not wins(child) for child in moves(board))


board = "".join(sys.stdin.read().split())
children = moves(board)
if not children:
    sys.stderr.write("no legal move\n")
    sys.exit(1)
best = next((child for child in children if not wins(child)), children[0])
print("\n".join(best[i * 4:i * 4 + 4] for i in range(3)))

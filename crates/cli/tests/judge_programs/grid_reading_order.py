# product-grid misreading: the numbers go into the empty cells in reading order, with no
# choice of cell, and the filled board is scored.
import sys

data = list(map(int, sys.stdin.read().split()))
for k in range(data[0]):
    board = data[1 + 9 * k:10 + 9 * k]
    numbers = iter(sorted(set(range(1, 10)) - set(board)))
    board = [cell or next(numbers) for cell in board]
    x = sum(board[3 * i] * board[3 * i + 1] * board[3 * i + 2] for i in range(3))
    y = sum(board[i] * board[i + 3] * board[i + 6] for i in range(3))
    print("first" if x > y else "second" if x < y else "tie")

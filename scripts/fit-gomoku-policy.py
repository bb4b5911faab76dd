#!/usr/bin/env python3
"""Fits the learned gomoku move ordering (crates/games/src/gomoku/policy_weights.rs).

Input: the output of

    cargo run --release -p gametree-games --example policy_features -- EXCLUDE GAMES... > policy.txt

one line per quiet position of recorded games: the move played and every candidate cell
with its features. The model is a conditional logit (a softmax over the candidates of a
position) whose score for a cell is a sum of weights:

  * the combination of the cell's four line patterns for the side to move (714 weights)
    and for the other side (714);
  * the king distance (1, 2, 3 or more) to the last move (3) and to the one before (3);
  * the pair (class for the side to move, class for the other side) (12 x 12);
  * the pair (distance to the last move, class for the other side) (3 x 12).

It is fitted by L-BFGS with a small L2 penalty on 85 % of the games; the other 15 % give
the accuracy printed beside that of the order of the build that extracted the data (the
RANK column: the hand-made order before the learned one landed). Needs numpy and scipy.

Usage: scripts/fit-gomoku-policy.py policy.txt [OUTPUT.rs]
"""

import sys

import numpy as np
import scipy.sparse as sparse
from scipy.optimize import minimize

SCALE = 1000  # logit units to integer weights
PENALTY = 1e-5
COMBINATIONS = [a * 1000 + b * 100 + c * 10 + d
                for a in range(1, 10) for b in range(a + 1) for c in range(b + 1) for d in range(c + 1)]
INDEX = {key: index for index, key in enumerate(COMBINATIONS)}
N = len(COMBINATIONS)  # 714
CLASS_PAIR = 2 * N + 6
DISTANCE_CLASS = CLASS_PAIR + 144
FEATURES = DISTANCE_CLASS + 36


def class_of(key):
    """The class of a combination, as `class_of` in crates/games/src/gomoku/mod.rs."""
    codes = [key // 1000, key // 100 % 10, key // 10 % 10, key % 10]
    best = max(codes)
    fours = sum(code >= 7 for code in codes)
    threes = sum(code == 6 for code in codes)
    if best == 9:
        return 11
    if best == 8 or fours >= 2:
        return 10
    if fours == 1 and threes >= 1:
        return 9
    if fours == 1:
        return 8
    if threes >= 2:
        return 7
    return best


def read(path):
    rows, columns, played, group, ranks, games = [], [], [], [], [], []
    row = position = 0
    for line in open(path):
        head, rest = line.split('|')
        game, _ply, rank, _candidates = head.split()
        candidates = rest.split()
        if not any(candidate.endswith(',1') for candidate in candidates):
            continue  # the move played was no candidate (far from every stone)
        ranks.append(int(rank))
        games.append(int(game))
        for candidate in candidates:
            mover, waiter, last, previous, chosen = candidate.split(',')
            mover, waiter, last, previous = int(mover), int(waiter), int(last), int(previous)
            features = [2 * N + last - 1, 2 * N + 3 + previous - 1,
                        CLASS_PAIR + class_of(mover) * 12 + class_of(waiter),
                        DISTANCE_CLASS + (last - 1) * 12 + class_of(waiter)]
            if mover in INDEX:
                features.append(INDEX[mover])
            if waiter in INDEX:
                features.append(N + INDEX[waiter])
            rows += [row] * len(features)
            columns += features
            played.append(int(chosen))
            group.append(position)
            row += 1
        position += 1
    matrix = sparse.csr_matrix((np.ones(len(rows)), (rows, columns)), shape=(row, FEATURES))
    return matrix, np.array(played, dtype=float), np.array(group), np.array(ranks), np.array(games)


def starts_of(group):
    return np.r_[0, np.flatnonzero(np.diff(group)) + 1]


def group_softmax(scores, starts):
    lengths = np.diff(np.r_[starts, len(scores)])
    top = np.maximum.reduceat(scores, starts)
    exponentials = np.exp(scores - np.repeat(top, lengths))
    sums = np.add.reduceat(exponentials, starts)
    return exponentials / np.repeat(sums, lengths), np.log(sums) + top


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    output = sys.argv[2] if len(sys.argv) > 2 else 'crates/games/src/gomoku/policy_weights.rs'
    matrix, played, group, ranks, games = read(sys.argv[1])
    rng = np.random.default_rng(2)
    unique = np.unique(games)
    held_out_games = set(unique[rng.random(len(unique)) < 0.15])
    held_out = np.array([game in held_out_games for game in games])
    rows_held_out = held_out[group]

    train = np.flatnonzero(~rows_held_out)
    train_matrix, train_played = matrix[train], played[train]
    train_starts = starts_of(group[train])

    def objective(weights):
        scores = train_matrix @ weights
        probabilities, log_sums = group_softmax(scores, train_starts)
        count = len(train_starts)
        loss = (log_sums.sum() - (scores * train_played).sum()) / count + PENALTY * weights @ weights
        gradient = train_matrix.T @ (probabilities - train_played) / count + 2 * PENALTY * weights
        return loss, gradient

    result = minimize(objective, np.zeros(FEATURES), jac=True, method='L-BFGS-B', options={'maxiter': 2000})
    weights = result.x

    test = np.flatnonzero(rows_held_out)
    scores, chosen, starts = matrix[test] @ weights, played[test], starts_of(group[test])
    ends = np.r_[starts[1:], len(scores)]
    learned_ranks = np.array([(scores[start:end] > scores[start + np.argmax(chosen[start:end])]).sum()
                              for start, end in zip(starts, ends)])
    current = ranks[held_out]
    print(f'{len(ranks)} positions, {held_out.sum()} held out')
    print('held-out move found first, in the first 3, 8, 20:')
    print('  the extracting build\'s order: %.3f %.3f %.3f %.3f'
          % tuple(((current >= 0) & (current < k)).mean() for k in (1, 3, 8, 20)))
    print('  this fit:                     %.3f %.3f %.3f %.3f' % tuple((learned_ranks < k).mean() for k in (1, 3, 8, 20)))

    def integers(values):
        return ', '.join(str(int(round(max(-32000, min(32000, value * SCALE))))) for value in values)

    with open(output, 'w') as file:
        file.write('// Generated by scripts/fit-gomoku-policy.py: move-choice logit weights times %d.\n' % SCALE)
        file.write('const POLICY: [[i16; %d]; 2] = [\n' % N)
        for side in range(2):
            file.write('    [' + integers(weights[side * N:(side + 1) * N]) + '],\n')
        file.write('];\n')
        file.write('/// By king distance 1, 2, 3 or more to the last move.\n')
        file.write('pub(super) const DISTANCE_LAST: [i32; 3] = [%s];\n' % integers(weights[2 * N:2 * N + 3]))
        file.write('/// By king distance 1, 2, 3 or more to the move before the last.\n')
        file.write('pub(super) const DISTANCE_PREVIOUS: [i32; 3] = [%s];\n' % integers(weights[2 * N + 3:2 * N + 6]))
        file.write("/// By the cell's class for the side to move and for the other side.\n")
        file.write('pub(super) const CLASS_PAIR: [[i32; 12]; 12] = [\n')
        for own in range(12):
            file.write('    [' + integers(weights[CLASS_PAIR + own * 12:CLASS_PAIR + own * 12 + 12]) + '],\n')
        file.write('];\n')
        file.write("/// By king distance to the last move and the cell's class for the other side.\n")
        file.write('pub(super) const DISTANCE_CLASS: [[i32; 12]; 3] = [\n')
        for distance in range(3):
            start = DISTANCE_CLASS + distance * 12
            file.write('    [' + integers(weights[start:start + 12]) + '],\n')
        file.write('];\n')
    print('wrote', output)


if __name__ == '__main__':
    main()

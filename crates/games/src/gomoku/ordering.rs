//! Learned move ordering: how likely a strong player is to choose each cell, as a sum of
//! weights fitted to the moves of strong engines in recorded games.
//!
//! A cell's score adds a weight for the combination of its four line patterns for the side
//! to move and another for the other side (the combination is the multiset of the four
//! [`Pattern`](super::Pattern) codes: 714 kinds besides "nothing anywhere"), weights for its king distance
//! to the last two moves, one for the pair of its classes (for the side to move, for the
//! other side) and one for its distance to the last move with its class for the other side.
//! The weights are a conditional logit model (a softmax over the candidates of a
//! position) fitted by `scripts/fit-gomoku-policy.py` to the data that
//! `examples/policy_features.rs` extracts from `gametree match --save` records, and written
//! to `policy_weights.rs`.
//!
//! On held-out games the strong engine's move came first in this ordering 34 % of the time
//! and among the first 20 in 96 %, against 27 % and 94 % for the hand-made pattern values
//! it replaced (see the README).

use std::sync::OnceLock;

include!("policy_weights.rs");

/// Index of the side to move's weight in a [`table`] entry.
pub(super) const MOVER: usize = 0;
/// Index of the other side's weight in a [`table`] entry.
pub(super) const WAITER: usize = 1;

/// The index of a combination of four pattern codes (in any order) among the non-increasing
/// quadruples of `0..=9` other than all zero, in the order the fitting script lists them
/// (lexicographic, first code slowest); `None` for all zero. With the codes sorted
/// `a >= b >= c >= d`, the quadruples before it number C(a+3,4) − 1 (a smaller first code,
/// less the all-zero one), then C(b+2,3), C(c+1,2) and d.
fn combination_index(mut codes: [u8; 4]) -> Option<usize> {
    codes.sort_unstable_by(|a, b| b.cmp(a));
    let [a, b, c, d] = codes.map(usize::from);
    if a == 0 {
        return None;
    }
    let choose = |n: usize, k: usize| (0..k).fold(1, |product, i| product * (n - i) / (i + 1));
    Some(choose(a + 3, 4) - 1 + choose(b + 2, 3) + choose(c + 1, 2) + d)
}

/// The weights of every packed pattern word (four bits a direction, direction 0 lowest),
/// for the side to move ([`MOVER`]) and for the other side ([`WAITER`]).
pub(super) fn table() -> &'static [[i32; 2]] {
    static TABLE: OnceLock<Vec<[i32; 2]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..1usize << 16)
            .map(|index| {
                super::unpacked_patterns(index, false)
                    .and_then(combination_index)
                    .map_or([0, 0], |combination| [i32::from(POLICY[MOVER][combination]), i32::from(POLICY[WAITER][combination])])
            })
            .collect()
    })
}

/// The index of a king distance in [`DISTANCE_LAST`] and its kin: 1, 2, 3 or more (or no
/// such move).
pub(super) fn distance_index(distance: Option<i32>) -> usize {
    distance.map_or(2, |distance| (distance.clamp(1, 3) - 1) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_combination_has_its_own_index() {
        // The fitting script's order: first code slowest, each code at most the one before.
        let mut expected = 0;
        let mut seen = vec![false; POLICY[MOVER].len()];
        for a in 1..=9u8 {
            for b in 0..=a {
                for c in 0..=b {
                    for d in 0..=c {
                        assert_eq!(combination_index([d, b, a, c]), Some(expected), "{a}{b}{c}{d}");
                        assert!(!seen[expected], "{a}{b}{c}{d} shares index {expected}");
                        seen[expected] = true;
                        expected += 1;
                    }
                }
            }
        }
        assert!(seen.iter().all(|&found| found));
        assert_eq!(combination_index([0, 0, 0, 0]), None);
        assert_eq!(combination_index([0, 1, 0, 0]), Some(0));
        assert_eq!(combination_index([9, 9, 9, 9]), Some(713));
    }

    #[test]
    fn the_table_sees_the_directions_in_any_order() {
        let table = table();
        let pack = |codes: [u16; 4]| usize::from(codes[0] | codes[1] << 4 | codes[2] << 8 | codes[3] << 12);
        assert_eq!(table[pack([7, 6, 0, 2])], table[pack([2, 0, 7, 6])]);
        assert_eq!(table[pack([0, 0, 0, 0])], [0, 0]);
        assert_eq!(table[pack([10, 0, 0, 0])], [0, 0]);
        // An open four for the side to move is worth more than an open two.
        assert!(table[pack([8, 0, 0, 0])][MOVER] > table[pack([4, 0, 0, 0])][MOVER]);
    }
}

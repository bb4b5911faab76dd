//! Line patterns: what a stone played on a cell makes along one line, looked up in a
//! table keyed by the ten cells around it (five on each side).
//!
//! A key holds 2 bits per neighbour, nearest-to-farthest order fixed by
//! [`neighbour_slot`]: `0` empty, `1` black, `2` white, `3` off the board. The boards keep
//! one key per cell and direction, updated by a few bit operations per move, so a cell's
//! pattern for either colour is one table lookup. Under freestyle the two far neighbours
//! never matter, and the table leaves them out ([`PatternTable::reach`]).
//!
//! Under renju the colours differ: white's patterns are freestyle's (an overline wins for
//! white), black's are the standard rule's, with two more codes for the line shapes that
//! make a move forbidden to black on their own: [`OVERLINE`] and [`DOUBLE_FOUR_LINE`]
//! (two fours along one line, such as `x.xxx.x` filled in the middle). Black's open four
//! is then always a straight four (`.xxxx.`), and an open three one that can become a
//! straight four without an overline or a double four on that line.

use std::sync::OnceLock;

use super::Rule;

/// How far a pattern looks on each side of its cell.
pub const REACH: i32 = 5;

/// What a stone on a cell makes along one line, from nothing to five (ordered by strength).
///
/// Defined recursively over the line: five if it completes five (exactly five under the
/// standard rule); an open four if two different points then complete five, a four if one
/// does; otherwise one step below the best the next stone on the line can make (a three is
/// a stone short of a four: open if it can become an open four).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Pattern {
    /// Nothing: no five can ever contain this stone along the line.
    None = 0,
    /// One stone that can grow into a closed two.
    Block1 = 1,
    /// One stone that can grow into an open two.
    Flex1 = 2,
    /// A two that can only become a closed three.
    Block2 = 3,
    /// An open two: it can become an open three.
    Flex2 = 4,
    /// A closed three: it can become a four, not an open four.
    Block3 = 5,
    /// An open three: one more stone makes an open four.
    Flex3 = 6,
    /// A four: exactly one point completes five.
    Block4 = 7,
    /// An open four: two points complete five, so it cannot be stopped.
    Flex4 = 8,
    /// Five in a row (a win).
    Five = 9,
}

/// Renju, black only: the stone would make six or more in a row along this line.
pub const OVERLINE: u8 = 10;
/// Renju, black only: the stone would make two fours along this line (two points would
/// each complete a different five), which is a double four by itself.
pub const DOUBLE_FOUR_LINE: u8 = 11;

impl Pattern {
    const ALL: [Pattern; 10] = [
        Pattern::None,
        Pattern::Block1,
        Pattern::Flex1,
        Pattern::Block2,
        Pattern::Flex2,
        Pattern::Block3,
        Pattern::Flex3,
        Pattern::Block4,
        Pattern::Flex4,
        Pattern::Five,
    ];

    /// The pattern with this code (`0..=9`); the codes black's lines have under renju for
    /// a move that makes an overline (10) or two fours along the line (11), and anything
    /// else above 9, read as [`Pattern::None`]: such a move is forbidden to black, so the
    /// line offers it nothing.
    #[must_use]
    pub fn from_code(code: u8) -> Pattern {
        Pattern::ALL.get(usize::from(code)).copied().unwrap_or(Pattern::None)
    }

    /// One stone less: what a line one stone short of `self` is.
    fn demoted(self) -> Pattern {
        match self {
            Pattern::Five | Pattern::None | Pattern::Block1 | Pattern::Flex1 => Pattern::None,
            Pattern::Flex4 => Pattern::Flex3,
            Pattern::Block4 => Pattern::Block3,
            Pattern::Flex3 => Pattern::Flex2,
            Pattern::Block3 => Pattern::Block2,
            Pattern::Flex2 => Pattern::Flex1,
            Pattern::Block2 => Pattern::Block1,
        }
    }
}

/// The bit slot (0..10) of the neighbour `offset` cells away (`offset` in ±1..=±5).
#[must_use]
pub const fn neighbour_slot(offset: i32) -> u32 {
    if offset < 0 {
        (offset + REACH) as u32
    } else {
        (offset + REACH - 1) as u32
    }
}

/// Cell codes in keys.
pub const EMPTY: u32 = 0;
/// Off-board code.
pub const WALL: u32 = 3;

const KEY_BITS: u32 = 4 * REACH as u32;
const KEYS: usize = 1 << KEY_BITS;

/// The pattern tables of one rule: for each key, the pattern black makes and the one white
/// makes by playing on the centre cell.
pub struct PatternTable {
    /// Black's code in the low four bits, white's in the high four: one memory access
    /// per lookup. As long as the longest reach needs under every rule, so that `lookup`
    /// indexes an array it cannot overrun, with no bounds check; under freestyle only its
    /// first 65,536 entries are used (and the others never touched, so never mapped).
    codes: Box<[u8; KEYS]>,
    /// How far the rule's patterns look on each side: [`REACH`] under the standard rule
    /// (an overline is told from a five by the sixth cell), one less under freestyle,
    /// where a five through the centre lies within four cells of it and a longer line wins
    /// as well. The table is indexed by the key bits of those neighbours only, so a board
    /// need not keep the others up to date (65,536 entries under freestyle instead of a
    /// million).
    reach: i32,
    /// The table index of a key is `(key >> shift) & mask`. Both follow from `reach` but
    /// are kept: `lookup` runs for every neighbour of every move, and computing them there
    /// cost more instructions than the smaller table saved (callgrind).
    shift: u32,
    mask: u32,
}

impl PatternTable {
    /// The table of `rule`, built on first use (about a second of work, once per process).
    #[must_use]
    pub fn get(rule: Rule) -> &'static PatternTable {
        static FREESTYLE: OnceLock<PatternTable> = OnceLock::new();
        static STANDARD: OnceLock<PatternTable> = OnceLock::new();
        static RENJU: OnceLock<PatternTable> = OnceLock::new();
        match rule {
            Rule::Freestyle => FREESTYLE.get_or_init(|| PatternTable::build(rule)),
            Rule::Standard => STANDARD.get_or_init(|| PatternTable::build(rule)),
            Rule::Renju => RENJU.get_or_init(|| PatternTable::build(rule)),
        }
    }

    /// Pattern codes for (black, white) on a cell whose neighbourhood key is `key`.
    #[inline]
    #[must_use]
    pub fn lookup(&self, key: u32) -> (u8, u8) {
        let codes = self.codes[((key >> self.shift) & self.mask) as usize & (KEYS - 1)];
        (codes & 15, codes >> 4)
    }

    /// How far the patterns of this table's rule look on each side of a cell (4 or 5).
    #[must_use]
    pub fn reach(&self) -> i32 {
        self.reach
    }

    fn build(rule: Rule) -> PatternTable {
        // `own` perspective: code 1 is the player on the centre, 2 the opponent. Each
        // colour's lines follow its own kind of five.
        let (black, white) = match rule {
            Rule::Freestyle => (Lines::Freestyle, Lines::Freestyle),
            Rule::Standard => (Lines::Standard, Lines::Standard),
            Rule::Renju => (Lines::RenjuBlack, Lines::Freestyle),
        };
        let memo_of = |lines: Lines| {
            let mut memo = vec![u8::MAX; KEYS];
            for key in 0..KEYS as u32 {
                classify(key, lines, &mut memo);
            }
            memo
        };
        let black_memo = memo_of(black);
        let white_memo = if white == black { None } else { Some(memo_of(white)) };
        let white_memo = white_memo.as_ref().unwrap_or(&black_memo);
        let reach = match rule {
            Rule::Standard | Rule::Renju => REACH,
            Rule::Freestyle => REACH - 1,
        };
        // The far neighbours hold slots 0 and 2·REACH−1 (see `neighbour_slot`): shift the
        // inner slots down by one slot, and leave the far ones empty.
        let skipped = 2 * (REACH - reach) as u32;
        let mut codes: Box<[u8; KEYS]> = vec![0; KEYS].try_into().expect("KEYS entries");
        for (inner, codes) in codes.iter_mut().take(1 << (4 * reach)).enumerate() {
            let key = (inner as u32) << skipped;
            *codes = black_memo[key as usize] | (white_memo[swap_colours(key) as usize] << 4);
        }
        PatternTable { codes, reach, shift: skipped, mask: (1 << (4 * reach)) - 1 }
    }
}

/// Swaps codes 1 and 2 in every slot of a key.
fn swap_colours(key: u32) -> u32 {
    let mut swapped = 0;
    for slot in 0..(2 * REACH as u32) {
        let code = (key >> (2 * slot)) & 3;
        let code = match code {
            1 => 2,
            2 => 1,
            other => other,
        };
        swapped |= code << (2 * slot);
    }
    swapped
}

fn code_at(key: u32, offset: i32) -> u32 {
    (key >> (2 * neighbour_slot(offset))) & 3
}

/// Which fives count for the colour whose patterns a table holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lines {
    /// Five or more.
    Freestyle,
    /// Exactly five; an overline makes nothing.
    Standard,
    /// Exactly five, and the shapes that forbid a move to black have their own codes
    /// ([`OVERLINE`], [`DOUBLE_FOUR_LINE`]); threes and fours only grow through moves that
    /// are not forbidden along the line.
    RenjuBlack,
}

/// The pattern of a stone of colour 1 on the centre of the line `key`.
fn classify(key: u32, lines: Lines, memo: &mut [u8]) -> u8 {
    if memo[key as usize] != u8::MAX {
        return memo[key as usize];
    }
    let mut run = 1;
    for direction in [-1, 1] {
        let mut offset: i32 = direction;
        while offset.abs() <= REACH && code_at(key, offset) == 1 {
            run += 1;
            offset += direction;
        }
    }
    let result = if run == 5 || (run > 5 && lines == Lines::Freestyle) {
        Pattern::Five as u8
    } else if run > 5 && lines == Lines::RenjuBlack {
        OVERLINE
    } else if run > 5 {
        // An overline under the standard rule: nothing through this stone can be five.
        Pattern::None as u8
    } else {
        let mut fives = Vec::new();
        let mut best = Pattern::None;
        for offset in (-REACH..=REACH).filter(|&offset| offset != 0) {
            if code_at(key, offset) != EMPTY {
                continue;
            }
            let child = key | (1 << (2 * neighbour_slot(offset)));
            let code = classify(child, lines, memo);
            if code == Pattern::Five as u8 {
                fives.push(offset);
            } else if code <= Pattern::Five as u8 {
                // (A renju line never grows through a move that is forbidden on it.)
                best = best.max(Pattern::from_code(code));
            }
        }
        match fives[..] {
            [] => best.demoted() as u8,
            [_] => Pattern::Block4 as u8,
            // Renju tells a straight four, `.xxxx.`, from two fours on one line.
            [low, high]
                if lines == Lines::RenjuBlack
                    && !(high - low == 5 && (low + 1..high).all(|offset| offset == 0 || code_at(key, offset) == 1)) =>
            {
                DOUBLE_FOUR_LINE
            }
            [_, _, _, ..] if lines == Lines::RenjuBlack => DOUBLE_FOUR_LINE,
            _ => Pattern::Flex4 as u8,
        }
    };
    memo[key as usize] = result;
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Builds a key from a picture of the line: `x` own, `o` opponent, `.` empty, `|` wall,
    /// with `*` marking the centre.
    fn key_of(picture: &str) -> u32 {
        let cells: Vec<char> = picture.chars().collect();
        let centre = cells.iter().position(|&c| c == '*').expect("centre") as i32;
        let mut key = 0;
        for offset in (-REACH..=REACH).filter(|&offset| offset != 0) {
            let index = centre + offset;
            let code = if index < 0 || index >= cells.len() as i32 {
                WALL
            } else {
                match cells[index as usize] {
                    'x' => 1,
                    'o' => 2,
                    '.' => EMPTY,
                    _ => WALL,
                }
            };
            key |= code << (2 * neighbour_slot(offset));
        }
        key
    }

    fn pattern(rule: Rule, picture: &str) -> Pattern {
        Pattern::from_code(PatternTable::get(rule).lookup(key_of(picture)).0)
    }

    #[test]
    fn known_shapes_are_classified() {
        let rule = Rule::Freestyle;
        assert_eq!(pattern(rule, "......xx*xx......"), Pattern::Five);
        assert_eq!(pattern(rule, "......x*xxx......"), Pattern::Five);
        assert_eq!(pattern(rule, "......xx*xxx......"), Pattern::Five);
        assert_eq!(pattern(rule, "......*xxx......."), Pattern::Flex4);
        assert_eq!(pattern(rule, "......o*xxx......"), Pattern::Block4);
        assert_eq!(pattern(rule, ".....x.*xx.x....."), Pattern::Flex4);
        assert_eq!(pattern(rule, "......*xx........"), Pattern::Flex3);
        assert_eq!(pattern(rule, "......*x.x......."), Pattern::Flex3);
        assert_eq!(pattern(rule, "......o*xx..o...."), Pattern::Block3);
        assert_eq!(pattern(rule, "|*xx..o"), Pattern::Block3);
        assert_eq!(pattern(rule, "|*xx.o"), Pattern::None);
        assert_eq!(pattern(rule, "......*x........."), Pattern::Flex2);
        assert_eq!(pattern(rule, "......o*x...o...."), Pattern::Block2);
        assert_eq!(pattern(rule, "......o*....o...."), Pattern::Block1);
        assert_eq!(pattern(rule, "......o*..o......"), Pattern::None);
        assert_eq!(pattern(rule, "......*.........."), Pattern::Flex1);
    }

    #[test]
    fn the_standard_rule_does_not_count_overlines() {
        assert_eq!(pattern(Rule::Standard, "......xx*xxx......"), Pattern::None);
        assert_eq!(pattern(Rule::Standard, ".....x.*xxx......"), Pattern::Block4);
        assert_eq!(pattern(Rule::Freestyle, ".....x.*xxx......"), Pattern::Flex4);
        assert_eq!(pattern(Rule::Standard, "......xx*xx......"), Pattern::Five);
    }

    /// The freestyle table leaves out the neighbours five cells away, on the claim that
    /// they never change a pattern under that rule: every key, whatever its far cells,
    /// must give what the full recursion gives.
    #[test]
    fn freestyle_patterns_ignore_the_far_neighbours() {
        let table = PatternTable::get(Rule::Freestyle);
        assert_eq!((table.reach(), table.mask + 1), (4, 1 << 16));
        let mut memo = vec![u8::MAX; KEYS];
        for key in 0..KEYS as u32 {
            let black = classify(key, Lines::Freestyle, &mut memo);
            let white = classify(swap_colours(key), Lines::Freestyle, &mut memo);
            assert_eq!(table.lookup(key), (black, white), "key {key:#07x}");
        }
        let standard = PatternTable::get(Rule::Standard);
        assert_eq!((standard.reach(), standard.mask + 1), (5, 1 << 20));
    }

    #[test]
    fn white_sees_the_mirror_of_black() {
        let table = PatternTable::get(Rule::Freestyle);
        let key = key_of("......*xxx.......");
        assert_eq!(table.lookup(swap_colours(key)).1, Pattern::Flex4 as u8);
        assert_eq!(table.lookup(key_of("|*xxx.......")).1, Pattern::None as u8);
    }
}

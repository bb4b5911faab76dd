//! What the judge needs to know about a contest problem: how to generate and write test
//! cases, which answers are right, and the solvers of the common misreadings.

use std::fmt::Debug;
use std::hash::Hash;

/// The set of answers a solver accepts for one case.
///
/// An answer is the case's part of the output, its whitespace-separated tokens joined by
/// `\n` (`first`, `-4`, or the three rows of a matchsticks board). The empty answer means
/// "the program printed nothing" (for matchsticks: "no legal move").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reference {
    /// Exactly this answer.
    Exact(String),
    /// Any one of these answers (a special checker: several moves are right).
    AnyOf(Vec<String>),
    /// The first `compared` tokens of this answer exactly, then as many unsigned integers
    /// as the answer has further tokens, of any value (connect4's nodes and microseconds,
    /// which differ between programs).
    Leading {
        /// One accepted answer (its free tokens are examples).
        answer: String,
        /// How many leading tokens are compared.
        compared: usize,
    },
}

impl Reference {
    /// Whether `answer` is accepted.
    #[must_use]
    pub fn accepts(&self, answer: &str) -> bool {
        match self {
            Reference::Exact(expected) => expected == answer,
            Reference::AnyOf(options) => options.iter().any(|option| option == answer),
            Reference::Leading { answer: expected, compared } => {
                let expected: Vec<&str> = expected.split('\n').collect();
                let given: Vec<&str> = answer.split('\n').collect();
                given.len() == expected.len()
                    && given[..*compared] == expected[..*compared]
                    && given[*compared..].iter().all(|token| !token.is_empty() && token.bytes().all(|byte| byte.is_ascii_digit()))
            }
        }
    }

    /// One accepted answer, to show (the first of several).
    #[must_use]
    pub fn example(&self) -> &str {
        match self {
            Reference::Exact(expected) => expected,
            Reference::AnyOf(options) => options.first().map_or("", String::as_str),
            Reference::Leading { answer, .. } => answer,
        }
    }

    /// How many answers are accepted.
    #[must_use]
    pub fn count(&self) -> usize {
        match self {
            Reference::Exact(_) | Reference::Leading { .. } => 1,
            Reference::AnyOf(options) => options.len(),
        }
    }
}

/// A solver of a problem under some reading of its statement: the correct one or a
/// misreading.
pub struct Solver<C> {
    /// A short stable name (`correct`, `reading-order-fill`, …), used in reports.
    pub name: &'static str,
    /// What this reading of the statement does, in one sentence.
    pub description: &'static str,
    /// The answers this reading accepts for a case.
    pub reference: fn(&C) -> Reference,
}

impl<C> Clone for Solver<C> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<C> Copy for Solver<C> {}

impl<C> Debug for Solver<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver").field("name", &self.name).finish()
    }
}

/// A contest problem the judge can grade.
pub trait Problem: Send + Sync {
    /// One test case (one board).
    type Case: Copy + Eq + Hash + Debug + Send + Sync;

    /// The problem's name on the command line (`product-grid`).
    fn name(&self) -> &'static str;

    /// The most cases one input file holds under the original limits (T ≤ this).
    fn cases_per_file(&self) -> usize;

    /// The names of the strata: classes of cases that every test set covers.
    fn strata(&self) -> Vec<String>;

    /// The stratum (an index into [`Problem::strata`]) a case belongs to.
    fn stratum(&self, case: &Self::Case) -> usize;

    /// A random case of `stratum`, or `None` if this draw missed it (the caller retries).
    fn random_case(&self, stratum: usize, rng: &mut fastrand::Rng) -> Option<Self::Case>;

    /// Every case, when the space is small enough to test exhaustively.
    fn all_cases(&self) -> Option<Vec<Self::Case>>;

    /// The input file for these cases, in the contest format.
    fn write_input(&self, cases: &[Self::Case]) -> String;

    /// How many output tokens (whitespace-separated words) answer one case.
    fn tokens_per_case(&self) -> usize;

    /// Whether a run that prints nothing and exits with status 1 is an answer (the empty
    /// answer) rather than a crash: matchsticks' way of saying "no legal move".
    fn empty_exit_one_is_answer(&self) -> bool {
        false
    }

    /// The output text for these answers (each answer's tokens joined by `\n`): by default
    /// one token per line; a problem whose output has one line per case overrides it.
    fn layout(&self, answers: &[&str]) -> String {
        canonical_output(answers)
    }

    /// The solvers: the correct one first, then one per misreading.
    fn solvers(&self) -> Vec<Solver<Self::Case>>;

    /// Cases one step smaller than `case` (fewer blanks or stones), for shrinking.
    fn shrink(&self, case: &Self::Case) -> Vec<Self::Case>;

    /// The minimax line behind the correct answer, for people.
    fn explain(&self, case: &Self::Case) -> String;

    /// The correct reference for a case.
    fn correct(&self, case: &Self::Case) -> Reference {
        (self.solvers()[0].reference)(case)
    }
}

/// Formats answers for a file: each case's answer (tokens joined by `\n`), one line per
/// token, with a final newline.
#[must_use]
pub fn canonical_output(answers: &[&str]) -> String {
    let mut out = String::new();
    for answer in answers {
        for token in answer.split('\n').filter(|token| !token.is_empty()) {
            out.push_str(token);
            out.push('\n');
        }
    }
    out
}

/// The input format both 3×3 contest problems share: `T`, then each board as three lines
/// of three numbers.
pub(crate) fn write_numbered_boards(boards: &[[u8; 9]]) -> String {
    let mut text = format!("{}\n", boards.len());
    for board in boards {
        for row in board.chunks(3) {
            text.push_str(&format!("{} {} {}\n", row[0], row[1], row[2]));
        }
    }
    text
}

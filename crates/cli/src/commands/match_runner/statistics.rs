//! What a match's results say about the engines' difference in strength: the score of
//! single games, the score of game pairs (each opening played with both colours), and a
//! sequential probability ratio test (SPRT) that stops a match once it has decided.
//!
//! Games come in pairs: the second game of a pair replays the first one's opening with
//! the colours swapped. From a lopsided opening (in gomoku black wins most of them) the
//! two games of a pair tend to split, so the pair's total (0, ½, 1, 1½ or 2 points for
//! engine A: the "pentanomial" counts) varies less than two independent games would, and
//! intervals computed from pairs are the honest ones. As in the usual engine-testing
//! practice, the SPRT's log-likelihood ratio uses the normal approximation over pairs:
//! `LLR = n (s1 - s0) (2 m - s0 - s1) / (2 v)`, where `m` and `v` are the mean and variance
//! of the per-game score of a pair, `n` the number of pairs, and `s0`, `s1` the expected
//! scores under the two hypotheses (logistic Elo).

/// Expected score of the stronger side for a logistic Elo difference.
#[must_use]
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The logistic Elo difference of a score strictly between 0 and 1.
#[must_use]
pub fn elo_of_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// An Elo difference for printing: `+35`, `-120`, `-inf`, `+inf` (never `-0`).
#[must_use]
pub fn format_elo(score: f64) -> String {
    if score <= 0.0 {
        "-inf".to_string()
    } else if score >= 1.0 {
        "+inf".to_string()
    } else {
        // `+ 0.0` turns the -0 of an even score into 0.
        format!("{:+.0}", elo_of_score(score) + 0.0)
    }
}

/// Counts of game pairs by engine A's points in the pair: 0, ½, 1, 1½, 2.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u32; 5]);

impl Pentanomial {
    /// Adds a pair from A's points in its two games (each 0, ½ or 1, given in halves:
    /// 0, 1 or 2).
    pub fn add(&mut self, first_halves: u8, second_halves: u8) {
        self.0[usize::from(first_halves + second_halves).min(4)] += 1;
    }

    /// Number of pairs.
    #[must_use]
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }

    /// Mean and variance of the per-game score of a pair (a pair's points / 2), with
    /// `prior` pseudo-pairs added to each of the five counts.
    fn moments(&self, prior: f64) -> (f64, f64, f64) {
        let weights = self.0.map(|count| f64::from(count) + prior);
        let total: f64 = weights.iter().sum();
        let value = |bin: usize| bin as f64 / 4.0;
        let mean = weights.iter().enumerate().map(|(bin, weight)| weight * value(bin)).sum::<f64>() / total;
        let variance = weights.iter().enumerate().map(|(bin, weight)| weight * (value(bin) - mean).powi(2)).sum::<f64>() / total;
        (total, mean, variance)
    }

    /// A's score over the pairs and its 95 % interval from the pairs' own spread, or
    /// `None` without pairs.
    #[must_use]
    pub fn score_interval(&self) -> Option<(f64, f64, f64)> {
        if self.pairs() == 0 {
            return None;
        }
        let (pairs, mean, variance) = self.moments(0.0);
        let margin = 1.96 * (variance / pairs).sqrt();
        Some((mean, mean - margin, mean + margin))
    }

    /// The log-likelihood ratio of `test`'s upper hypothesis against its lower one.
    ///
    /// Half a pseudo-pair in each of the five counts keeps the first few pairs from
    /// deciding alone (with every pair won, the observed variance would be zero).
    #[must_use]
    pub fn log_likelihood_ratio(&self, test: &Sprt) -> f64 {
        let (pairs, mean, variance) = self.moments(0.5);
        let (lower, upper) = (expected_score(test.elo0), expected_score(test.elo1));
        pairs * (upper - lower) * (2.0 * mean - lower - upper) / (2.0 * variance)
    }
}

/// A sequential probability ratio test of "A is `elo1` stronger" against "A is `elo0`
/// stronger", with error rates `alpha` (accepting the upper hypothesis when the lower one
/// holds) and `beta` (the other way round).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The lower hypothesis, in logistic Elo.
    pub elo0: f64,
    /// The upper hypothesis, in logistic Elo.
    pub elo1: f64,
    /// The chance of accepting `elo1` when `elo0` holds.
    pub alpha: f64,
    /// The chance of accepting `elo0` when `elo1` holds.
    pub beta: f64,
}

/// What an SPRT says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The lower hypothesis (`elo0`) is accepted.
    Lower,
    /// The upper hypothesis (`elo1`) is accepted.
    Upper,
    /// Neither yet: more games are needed.
    Open,
}

impl Sprt {
    /// The test of `ELO0,ELO1` (as given to `--sprt`) with these error rates.
    ///
    /// # Errors
    /// A message naming what is wrong when the text is not two numbers with
    /// `ELO0 < ELO1`, or an error rate is not strictly between 0 and ½.
    pub fn parse(text: &str, alpha: f64, beta: f64) -> Result<Sprt, String> {
        let Some((low, high)) = text.split_once(',') else {
            return Err(format!("--sprt: expected ELO0,ELO1 such as 0,10, got `{text}`"));
        };
        let number = |part: &str| -> Result<f64, String> {
            match part.trim().parse::<f64>() {
                Ok(value) if value.is_finite() && value.abs() <= 2000.0 => Ok(value),
                _ => Err(format!("--sprt: `{}` is not an Elo difference between -2000 and 2000", part.trim())),
            }
        };
        let (elo0, elo1) = (number(low)?, number(high)?);
        if elo0 >= elo1 {
            return Err(format!("--sprt: ELO0 must be below ELO1, got {elo0} and {elo1}"));
        }
        for (name, rate) in [("--sprt-alpha", alpha), ("--sprt-beta", beta)] {
            if !(rate > 0.0 && rate < 0.5) {
                return Err(format!("{name}: {rate} is not an error rate strictly between 0 and 0.5"));
            }
        }
        Ok(Sprt { elo0, elo1, alpha, beta })
    }

    /// The bounds on the log-likelihood ratio: at or below the first the lower hypothesis
    /// is accepted, at or above the second the upper one.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The verdict for a log-likelihood ratio.
    #[must_use]
    pub fn verdict(&self, ratio: f64) -> Verdict {
        let (lower, upper) = self.bounds();
        if ratio <= lower {
            Verdict::Lower
        } else if ratio >= upper {
            Verdict::Upper
        } else {
            Verdict::Open
        }
    }

    /// One line: the test, the ratio, its bounds and the verdict.
    #[must_use]
    pub fn describe(&self, pairs: &Pentanomial) -> String {
        let ratio = pairs.log_likelihood_ratio(self);
        let (lower, upper) = self.bounds();
        let verdict = match self.verdict(ratio) {
            Verdict::Lower => format!("Elo {} accepted", self.elo0),
            Verdict::Upper => format!("Elo {} accepted", self.elo1),
            Verdict::Open => "undecided".to_string(),
        };
        let count = pairs.pairs();
        format!(
            "SPRT Elo {} against {} (alpha {}, beta {}): LLR {ratio:+.2} (bounds {lower:+.2}, {upper:+.2}) after {count} pair{}: {verdict}",
            self.elo0,
            self.elo1,
            self.alpha,
            self.beta,
            if count == 1 { "" } else { "s" }
        )
    }
}

/// Engine A's score from single games, with the 95 % interval from their own spread
/// (wins, draws and losses as 1, ½ and 0).
#[must_use]
pub fn game_summary(wins: u32, losses: u32, draws: u32) -> String {
    let games = f64::from(wins + losses + draws);
    let score = (f64::from(wins) + f64::from(draws) / 2.0) / games;
    let mut line = format!("A scores {:.1} % ({wins}-{losses}-{draws})", 100.0 * score);
    if score == 0.0 || score == 1.0 {
        line.push_str(": no finite Elo difference");
        return line;
    }
    let variance =
        (f64::from(wins) * (1.0 - score).powi(2) + f64::from(draws) * (0.5 - score).powi(2) + f64::from(losses) * score.powi(2))
            / games;
    let margin = 1.96 * (variance / games).sqrt();
    line.push_str(&format!(
        ", Elo difference {} (95 % interval {} to {})",
        format_elo(score),
        format_elo(score - margin),
        format_elo(score + margin)
    ));
    line
}

/// The pairs' counts and the score and interval they give.
#[must_use]
pub fn pair_summary(pairs: &Pentanomial) -> String {
    let [zero, half, one, one_and_half, two] = pairs.0;
    let mut line = format!("pairs by A's points 0, 1/2, 1, 3/2, 2: {zero} {half} {one} {one_and_half} {two}");
    if let Some((score, low, high)) = pairs.score_interval() {
        if score == 0.0 || score == 1.0 {
            line.push_str(&format!("; A scores {:.1} % over the pairs: no finite Elo difference", 100.0 * score));
        } else {
            line.push_str(&format!(
                "; Elo difference {} (95 % interval {} to {}, from the pairs)",
                format_elo(score),
                format_elo(low),
                format_elo(high)
            ));
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::{game_summary, pair_summary, Pentanomial, Sprt, Verdict};
    use proptest::prelude::*;

    #[test]
    fn the_game_summary_gives_score_elo_and_interval() {
        // 75 % is +191 Elo; the spread of 100 such games gives about 66.5-83.5 %.
        assert_eq!(game_summary(75, 25, 0), "A scores 75.0 % (75-25-0), Elo difference +191 (95 % interval +119 to +282)");
        assert_eq!(game_summary(10, 10, 0), "A scores 50.0 % (10-10-0), Elo difference +0 (95 % interval -163 to +163)");
        // Draws count half and narrow the interval.
        assert_eq!(game_summary(0, 0, 4), "A scores 50.0 % (0-0-4), Elo difference +0 (95 % interval +0 to +0)");
        assert_eq!(game_summary(3, 0, 0), "A scores 100.0 % (3-0-0): no finite Elo difference");
        assert_eq!(game_summary(0, 2, 1), "A scores 16.7 % (0-2-1), Elo difference -280 (95 % interval -inf to -47)");
    }

    #[test]
    fn split_pairs_give_a_narrower_interval_than_the_same_games_alone() {
        // 20 pairs: 16 split 1-1 (each colour won its game), 3 won by A, 1 lost. The same
        // 40 games as single games are 22-18-0.
        let pairs = Pentanomial([1, 0, 16, 0, 3]);
        assert_eq!(pairs.pairs(), 20);
        let (score, low, high) = pairs.score_interval().unwrap();
        assert!((score - 0.55).abs() < 1e-12);
        // The variance of a pair's per-game score: (0.55² + 16·0.05² + 3·0.45²)/20.
        let variance: f64 = (0.55f64.powi(2) + 16.0 * 0.05f64.powi(2) + 3.0 * 0.45f64.powi(2)) / 20.0;
        assert!((high - score - 1.96 * (variance / 20.0).sqrt()).abs() < 1e-12);
        assert!((score - low - (high - score)).abs() < 1e-12);
        assert_eq!(
            pair_summary(&pairs),
            "pairs by A's points 0, 1/2, 1, 3/2, 2: 1 0 16 0 3; Elo difference +35 (95 % interval -32 to +104, from the pairs)"
        );
        assert_eq!(game_summary(22, 18, 0), "A scores 55.0 % (22-18-0), Elo difference +35 (95 % interval -73 to +151)");
        assert_eq!(
            pair_summary(&Pentanomial([0, 0, 0, 0, 2])),
            "pairs by A's points 0, 1/2, 1, 3/2, 2: 0 0 0 0 2; A scores 100.0 % over the pairs: no finite Elo difference"
        );
        assert_eq!(pair_summary(&Pentanomial::default()), "pairs by A's points 0, 1/2, 1, 3/2, 2: 0 0 0 0 0");
    }

    #[test]
    fn pairs_are_counted_by_their_total() {
        let mut pairs = Pentanomial::default();
        for (first, second) in [(2, 0), (0, 2), (1, 1), (2, 2), (0, 0), (2, 1), (0, 1)] {
            pairs.add(first, second);
        }
        assert_eq!(pairs.0, [1, 1, 3, 1, 1]);
    }

    #[test]
    fn the_ratio_follows_the_normal_approximation() {
        let test = Sprt::parse("0,10", 0.05, 0.05).unwrap();
        let (lower, upper) = test.bounds();
        assert!((lower + 2.944_438_979).abs() < 1e-6 && (upper - 2.944_438_979).abs() < 1e-6);
        // By hand: counts 10 20 40 20 10 plus half a pair each (N = 102.5), an even mean,
        // so the ratio is N (s1 - s0)(1 - s0 - s1) / (2 v) with s0 = 1/2.
        let pairs = Pentanomial([10, 20, 40, 20, 10]);
        let variance = (10.5 * 0.25 + 20.5 * 0.0625 + 20.5 * 0.0625 + 10.5 * 0.25) / 102.5;
        let upper_score = 1.0 / (1.0 + 10f64.powf(-10.0 / 400.0));
        let expected = 102.5 * (upper_score - 0.5) * (1.0 - 0.5 - upper_score) / (2.0 * variance);
        assert!((pairs.log_likelihood_ratio(&test) - expected).abs() < 1e-9);
        assert!(expected < 0.0);
    }

    #[test]
    fn clear_results_decide_and_close_ones_do_not() {
        let test = Sprt::parse("0,50", 0.05, 0.05).unwrap();
        // A wins most pairs: the upper hypothesis.
        let winning = Pentanomial([2, 3, 20, 15, 20]);
        assert_eq!(test.verdict(winning.log_likelihood_ratio(&test)), Verdict::Upper);
        // An even match: undecided after 60 pairs, the lower hypothesis (0 is nearer than
        // 50) after 80.
        let even = Pentanomial([5, 10, 30, 10, 5]);
        assert_eq!(test.verdict(even.log_likelihood_ratio(&test)), Verdict::Open);
        let even = Pentanomial([7, 13, 40, 13, 7]);
        assert_eq!(test.verdict(even.log_likelihood_ratio(&test)), Verdict::Lower);
        // Two won pairs are not enough.
        let early = Pentanomial([0, 0, 0, 0, 2]);
        assert_eq!(test.verdict(early.log_likelihood_ratio(&test)), Verdict::Open);
        assert!(test.describe(&early).ends_with("after 2 pairs: undecided"), "{}", test.describe(&early));
        assert!(test.describe(&Pentanomial([0, 0, 1, 0, 0])).ends_with("after 1 pair: undecided"));
        assert!(test.describe(&winning).ends_with("after 60 pairs: Elo 50 accepted"), "{}", test.describe(&winning));
    }

    #[test]
    fn bad_tests_are_refused_with_the_reason() {
        assert_eq!(Sprt::parse("10", 0.05, 0.05).unwrap_err(), "--sprt: expected ELO0,ELO1 such as 0,10, got `10`");
        assert_eq!(Sprt::parse("a,10", 0.05, 0.05).unwrap_err(), "--sprt: `a` is not an Elo difference between -2000 and 2000");
        assert_eq!(Sprt::parse("10,0", 0.05, 0.05).unwrap_err(), "--sprt: ELO0 must be below ELO1, got 10 and 0");
        assert_eq!(Sprt::parse("0,10", 0.0, 0.05).unwrap_err(), "--sprt-alpha: 0 is not an error rate strictly between 0 and 0.5");
        assert_eq!(Sprt::parse("0,10", 0.05, 0.7).unwrap_err(), "--sprt-beta: 0.7 is not an error rate strictly between 0 and 0.5");
        assert!(Sprt::parse("0,inf", 0.05, 0.05).is_err() && Sprt::parse("NaN,5", 0.05, 0.05).is_err());
    }

    proptest! {
        #[test]
        fn parsing_never_panics_and_round_trips(text in "\\PC{0,20}", low in -2000i32..2000, gap in 1i32..500) {
            let _ = Sprt::parse(&text, 0.05, 0.05);
            let high = (low + gap).min(2000);
            prop_assume!(high > low);
            let test = Sprt::parse(&format!("{low}, {high}"), 0.05, 0.1).unwrap();
            prop_assert_eq!((test.elo0, test.elo1), (f64::from(low), f64::from(high)));
        }

        #[test]
        fn the_ratio_is_finite_and_grows_with_wins(counts in proptest::array::uniform5(0u32..50), extra in 1u32..20) {
            let test = Sprt::parse("0,10", 0.05, 0.05).unwrap();
            let pairs = Pentanomial(counts);
            let ratio = pairs.log_likelihood_ratio(&test);
            prop_assert!(ratio.is_finite());
            // Turning lost pairs into won ones never lowers the ratio.
            let mut better = counts;
            let moved = extra.min(better[0]);
            better[0] -= moved;
            better[4] += moved;
            prop_assert!(Pentanomial(better).log_likelihood_ratio(&test) >= ratio - 1e-9);
        }
    }
}

//! `analyze --explain`: for each move, the principal variation that justifies its value,
//! in words and moves ("if x plays a1, o answers b2 and wins in 4").

use gametree_engine::{Analysis, GameKind, Verdict};
use gametree_games::Notation;

/// One move's explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The move, in the game's notation.
    pub mv: String,
    /// Its analysed value, from the mover's view.
    pub verdict: Verdict,
    /// The principal variation, starting with the move.
    pub line: Vec<String>,
    /// The sentence.
    pub sentence: String,
    /// The board at the end of the line (for scored games), with the game's description.
    pub final_board: Option<String>,
}

fn plies(count: u32) -> String {
    if count == 1 {
        "1 ply".into()
    } else {
        format!("{count} plies")
    }
}

/// Explains every analysed move of `position`.
pub fn explain<G: Notation>(position: &G, analysis: &Analysis<G::Move>) -> Vec<Explanation> {
    let mover = position.to_move();
    let me = position.player_name(mover);
    let opponent = position.player_name(mover.opponent());
    analysis
        .moves
        .iter()
        .map(|result| {
            let verdict = analysis.move_verdict(G::KIND, result);
            let line = position.line_notation(&result.line);
            let mv = position.move_notation(result.mv);
            let answer = line.get(1).map(|reply| format!(", {opponent} answers {reply}"));
            let sentence = match verdict {
                Verdict::Win { remoteness: 1 } => format!("if {me} plays {mv}, {me} wins at once"),
                Verdict::Win { remoteness } => {
                    format!("if {me} plays {mv}{} and {me} wins in {}", answer.unwrap_or_default(), plies(remoteness))
                }
                Verdict::Loss { remoteness } => match answer {
                    Some(answer) => format!("if {me} plays {mv}{answer} and wins in {}", plies(remoteness)),
                    None => format!("if {me} plays {mv}, {opponent} wins in {}", plies(remoteness)),
                },
                Verdict::Draw { remoteness } => {
                    format!("if {me} plays {mv}{} and the game is drawn after {}", answer.unwrap_or_default(), plies(remoteness))
                }
                Verdict::Score { score } => format!(
                    "if {me} plays {mv}{} and the game ends with the score {score} for {me} ({})",
                    answer.unwrap_or_default(),
                    match score.cmp(&0) {
                        std::cmp::Ordering::Greater => format!("{me} wins"),
                        std::cmp::Ordering::Less => format!("{opponent} wins"),
                        std::cmp::Ordering::Equal => "a tie".into(),
                    }
                ),
                Verdict::Heuristic { score } => format!(
                    "if {me} plays {mv}{}, the search estimates {score:+} for {me} after {} (not proven)",
                    answer.unwrap_or_default(),
                    plies(line.len() as u32)
                ),
            };
            let replay = gametree_engine::play_line(position, &result.line);
            let final_board = (G::KIND == GameKind::Scored && replay.outcome().is_some()).then(|| {
                let mut board = replay.render();
                if let Some(description) = replay.describe_final() {
                    board.push_str(&description);
                    board.push('\n');
                }
                board
            });
            Explanation { mv, verdict, line, sentence, final_board }
        })
        .collect()
}

/// Checks that an explanation says what the game says: the line is legal, and for a proven
/// value it ends the game after exactly the claimed number of plies with the claimed result.
#[cfg(test)]
pub fn check<G: Notation>(position: &G, explanation: &Explanation) -> Result<(), String> {
    use gametree_engine::Outcome;
    let mover = position.to_move();
    let mut replay = position.clone();
    for text in &explanation.line {
        let mv = replay.parse_move(text).map_err(|error| format!("{}: {}", explanation.mv, error.message))?;
        replay.play(mv);
    }
    let length = explanation.line.len() as u32;
    let outcome = replay.outcome();
    let fits = match explanation.verdict {
        Verdict::Win { remoteness } => remoteness == length && outcome == Some(Outcome::Win(mover)),
        Verdict::Loss { remoteness } => remoteness == length && outcome == Some(Outcome::Win(mover.opponent())),
        Verdict::Draw { remoteness } => remoteness == length && outcome == Some(Outcome::Draw),
        Verdict::Score { score } => outcome == Some(Outcome::Score(score * mover.sign())),
        Verdict::Heuristic { .. } => true,
    };
    let words_fit = match explanation.verdict {
        Verdict::Win { remoteness: 1 } => explanation.sentence.ends_with("wins at once"),
        Verdict::Win { remoteness } | Verdict::Loss { remoteness } => {
            explanation.sentence.ends_with(&format!("wins in {}", plies(remoteness)))
        }
        Verdict::Draw { remoteness } => explanation.sentence.ends_with(&format!("drawn after {}", plies(remoteness))),
        Verdict::Score { score } => explanation.sentence.contains(&format!("the score {score} for")),
        Verdict::Heuristic { score } => explanation.sentence.contains(&format!("{score:+}")),
    };
    if !fits || !words_fit {
        return Err(format!(
            "{}: the explanation `{}` (line {}) does not match the value {} (the line ends in {outcome:?})",
            explanation.mv,
            explanation.sentence,
            explanation.line.join(" "),
            explanation.verdict
        ));
    }
    Ok(())
}

/// The text printed after `analyze`'s table.
pub fn text<G: Notation>(position: &G, analysis: &Analysis<G::Move>) -> String {
    if analysis.moves.is_empty() {
        return String::new();
    }
    let mut out = String::from("\nWhy:\n");
    for explanation in explain(position, analysis) {
        out.push_str(&format!("  {}: {}.\n", explanation.mv, explanation.sentence));
        out.push_str(&format!("    line: {}\n", explanation.line.join(" ")));
        if let Some(board) = &explanation.final_board {
            for line in board.lines() {
                out.push_str(&format!("    | {line}\n"));
            }
        }
    }
    out
}

/// Adds an `explanation` (and `final_board` for scored games) to every move of an
/// `analyze --json` object.
pub fn add_to_json<G: Notation>(object: &mut serde_json::Value, position: &G, analysis: &Analysis<G::Move>) {
    let explanations = explain(position, analysis);
    if let Some(moves) = object.get_mut("moves").and_then(serde_json::Value::as_array_mut) {
        for (entry, explanation) in moves.iter_mut().zip(explanations) {
            entry["explanation"] = serde_json::Value::String(explanation.sentence);
            if let Some(board) = explanation.final_board {
                entry["final_board"] = serde_json::Value::String(board);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gametree_engine::{analyze, AnalysisConfig, Game};
    use gametree_games::{Mnk, Tree};

    fn check_all<G: Notation>(position: &G) -> usize {
        let analysis = analyze(position, &AnalysisConfig::default());
        let explanations = explain(position, &analysis);
        assert_eq!(explanations.len(), analysis.moves.len());
        for explanation in &explanations {
            check(position, explanation).unwrap_or_else(|error| panic!("{}: {error}", position.notation()));
        }
        explanations.len()
    }

    #[test]
    fn every_explanation_agrees_with_the_analysed_values() {
        let mut rng = fastrand::Rng::with_seed(7);
        let mut checked = 0;
        for _ in 0..60 {
            let mut board = Mnk::tictactoe();
            for _ in 0..rng.usize(0..7) {
                let mut moves = Vec::new();
                if board.outcome().is_some() {
                    break;
                }
                board.generate_moves(&mut moves);
                board.play(moves[rng.usize(..moves.len())]);
            }
            checked += check_all(&board);
        }
        assert!(checked > 200);
        for tree in ["[[3,12,8],[2,4,6],[14,5,2]]", "[[60,63],[15,58]]@2", "[3,[1,[4,1]],[[5,-2],0]]"] {
            check_all(&Tree::parse(tree).unwrap());
        }
    }

    #[test]
    fn sentences_read_as_expected() {
        let board = Mnk::parse(3, 3, 3, "x.o/.x./...").unwrap();
        let analysis = analyze(&board, &AnalysisConfig::default());
        let explanations = explain(&board, &analysis);
        let best = &explanations[0];
        assert_eq!(best.mv, "c1");
        let a1 = explanations.iter().find(|explanation| explanation.mv == "a1").unwrap();
        assert_eq!(a1.sentence, "if o plays a1, x answers c1 and wins in 2 plies");
        let board = Mnk::parse(3, 3, 3, "xx./oo./...").unwrap();
        let analysis = analyze(&board, &AnalysisConfig::default());
        assert_eq!(explain(&board, &analysis)[0].sentence, "if x plays c3, x wins at once");
        let tree = Tree::textbook();
        let analysis = analyze(&tree, &AnalysisConfig::default());
        let explanations = explain(&tree, &analysis);
        assert_eq!(explanations[0].sentence, "if max plays 1, min answers 1 and the game ends with the score 3 for max (max wins)");
        assert!(explanations[0].final_board.as_ref().unwrap().contains("max's score: 3"));
        // A wrong claim is caught.
        let mut wrong = explanations[0].clone();
        wrong.verdict = Verdict::Score { score: 4 };
        assert!(check(&tree, &wrong).is_err());
    }
}

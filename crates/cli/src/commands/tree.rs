//! `gametree tree GAME [POSITION]`: draw the search tree of minimax or alpha-beta, as the
//! engine searches it, in text, Graphviz DOT, SVG or JSON.

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::{Command, ExitCode, Stdio};

use anyhow::{Context, Result};
use gametree_engine::{GameKind, Limits, StopFlag, Value, Verdict};
use gametree_games::{GameSpec, GameVisitor, Notation};
use serde_json::json;

use super::search_tree::{record, Algorithm, Bound, Kind, Order, Pruned, Recording, SearchTree};

/// Output formats of `tree`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Indented text.
    Text,
    /// Graphviz DOT.
    Dot,
    /// SVG drawn by Graphviz `dot`.
    Svg,
    /// One JSON object (SPEC §4).
    Json,
}

/// Options of `tree`.
#[derive(clap::Args, Debug, Clone)]
pub struct Arguments {
    /// The game: tree, tictactoe, mnk:M,N,K, …
    pub game: String,
    /// The position in the game's notation; for `tree` the nested list (default: the
    /// textbook tree [[3,12,8],[2,4,6],[14,5,2]]).
    pub position: Option<String>,
    /// The algorithm to draw.
    #[arg(long, value_enum, default_value_t = Algorithm::Alphabeta)]
    pub algorithm: Algorithm,
    /// Search at most this many plies; deeper positions are valued by the game's
    /// evaluation (shown as ~N).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Draw at most this many nodes (the search itself is never cut short).
    #[arg(long, value_name = "N", default_value_t = 2000)]
    pub max_nodes: usize,
    /// Children order: the game's natural order or the engine's move ordering.
    #[arg(long, value_enum, default_value_t = Order::Natural)]
    pub order: Order,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Runs the command.
pub fn run(arguments: &Arguments, stop: &StopFlag) -> Result<ExitCode> {
    let spec = super::parse_game(&arguments.game)?;
    if arguments.max_nodes == 0 {
        return Err(crate::error::input_error("--max-nodes 0: draw at least one node"));
    }
    let visitor = Draw { arguments, stop };
    let output = spec.visit(arguments.position.as_deref(), visitor).map_err(|error| crate::error::input_error(error.message))??;
    let bytes = match arguments.format {
        Format::Svg => to_svg(&output)?,
        _ => output.into_bytes(),
    };
    std::io::stdout().write_all(&bytes)?;
    Ok(ExitCode::SUCCESS)
}

/// Runs Graphviz `dot -Tsvg` on a DOT text.
pub fn to_svg(dot: &str) -> Result<Vec<u8>> {
    let child = Command::new("dot").arg("-Tsvg").stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            return Err(crate::error::input_error("graphviz `dot` not found; install graphviz"))
        }
        Err(error) => return Err(error).context("running graphviz `dot`"),
    };
    child.stdin.take().expect("piped stdin").write_all(dot.as_bytes()).context("writing to graphviz `dot`")?;
    let output = child.wait_with_output().context("running graphviz `dot`")?;
    if !output.status.success() {
        anyhow::bail!("graphviz `dot` failed: {}", String::from_utf8_lossy(&output.stderr).trim());
    }
    Ok(output.stdout)
}

struct Draw<'a> {
    arguments: &'a Arguments,
    stop: &'a StopFlag,
}

impl GameVisitor for Draw<'_> {
    type Output = Result<String>;

    fn visit<G: Notation>(self, spec: GameSpec, position: G) -> Result<String> {
        let arguments = self.arguments;
        let recording = Recording {
            algorithm: arguments.algorithm,
            order: arguments.order,
            depth: arguments.depth,
            cap: arguments.max_nodes,
            pruned: Pruned::Subtrees,
            limits: Limits::UNLIMITED,
        };
        let tree =
            record(&position, &recording, self.stop).ok_or_else(|| anyhow::anyhow!("interrupted before the search finished"))?;
        let drawing = Drawing { spec, position: &position, tree: &tree, arguments };
        Ok(match arguments.format {
            Format::Text => drawing.text(crate::output::colour_stdout()),
            Format::Dot | Format::Svg => drawing.dot(),
            Format::Json => format!("{}\n", serde_json::to_string(&drawing.json())?),
        })
    }
}

struct Drawing<'a, G: Notation> {
    spec: GameSpec,
    position: &'a G,
    tree: &'a SearchTree<G::Move>,
    arguments: &'a Arguments,
}

fn order_name(order: Order) -> &'static str {
    match order {
        Order::Natural => "natural",
        Order::Engine => "engine",
    }
}

impl<G: Notation> Drawing<'_, G> {
    fn alphabeta(&self) -> bool {
        self.arguments.algorithm == Algorithm::Alphabeta
    }

    fn root_name(&self) -> &'static str {
        self.position.player_name(self.tree.view)
    }

    /// A value (first player's view, remoteness from the root) in a few characters.
    fn value_text(&self, value: Value, exact: bool) -> String {
        if value == Value::INFINITY {
            return "+∞".into();
        }
        if value == Value::NEG_INFINITY {
            return "-∞".into();
        }
        if let Some(remoteness) = value.remoteness() {
            return if value.is_win() { format!("win {remoteness}") } else { format!("loss {remoteness}") };
        }
        if !exact {
            return format!("~{}", value.raw());
        }
        match G::KIND {
            GameKind::Scored => value.raw().to_string(),
            GameKind::WinDrawLoss => "draw".into(),
        }
    }

    fn node_value_text(&self, id: usize) -> String {
        let node = &self.tree.nodes[id];
        let Some(value) = self.tree.root_view_value(id) else { return "?".into() };
        let prefix = match self.tree.bound(id) {
            Bound::Exact => "",
            Bound::Lower => "≥",
            Bound::Upper => "≤",
        };
        format!("{prefix}{}", self.value_text(value, node.exact))
    }

    fn window_text(&self, id: usize) -> String {
        let (alpha, beta) = self.tree.root_view_window(id);
        // Bounds come from other nodes' values: heuristic when the search has a depth limit.
        let exact = self.arguments.depth.is_none();
        format!("({}, {})", self.value_text(alpha, exact), self.value_text(beta, exact))
    }

    fn header(&self) -> Vec<String> {
        let mut lines = vec![format!(
            "{} {}: {}, {} order{}",
            self.spec,
            self.position.notation(),
            if self.alphabeta() { "alpha-beta" } else { "minimax" },
            order_name(self.effective_order()),
            self.arguments.depth.map_or(String::new(), |depth| format!(", depth {depth}")),
        )];
        let window = if self.alphabeta() { " and (alpha, beta) windows at entry" } else { "" };
        let remoteness = match G::KIND {
            GameKind::WinDrawLoss => "; remoteness counts plies from the root",
            GameKind::Scored => "",
        };
        lines.push(format!(
            "values{window} are from {}'s view ({} moves at the root){remoteness}",
            self.root_name(),
            self.position.player_name(self.position.to_move())
        ));
        lines
    }

    fn effective_order(&self) -> Order {
        if self.alphabeta() {
            self.arguments.order
        } else {
            Order::Natural
        }
    }

    fn summary(&self) -> String {
        let tree = self.tree;
        let value = tree.root_view_value(0).map_or("?".into(), |value| self.value_text(value, tree.nodes[0].exact));
        let mut text = format!("value {value}; leaves: {} evaluated", tree.evaluated_leaves);
        if self.alphabeta() {
            let at_least = if tree.pruned_leaves_exact { "" } else { "at least " };
            let _ = write!(text, ", {at_least}{} pruned", tree.pruned_leaves);
        }
        let _ = write!(text, "; {} nodes searched", tree.statistics.nodes);
        let not_drawn: u64 = tree.nodes.iter().map(|node| node.not_drawn).sum();
        if not_drawn > 0 {
            let _ = write!(text, "; {not_drawn} nodes not drawn (--max-nodes {})", self.arguments.max_nodes);
        }
        text
    }

    fn label(&self, id: usize, name: &str) -> String {
        let node = &self.tree.nodes[id];
        let mut text = String::new();
        if !name.is_empty() {
            let _ = write!(text, "{name}: ");
        }
        if node.kind == Kind::Inner {
            let _ = write!(text, "{} ", self.position.player_name(node.to_move));
        }
        if node.pruned {
            if node.value.is_some() {
                let _ = write!(text, "{} ", self.node_value_text(id));
            }
            text.push_str("pruned");
            return text;
        }
        text.push_str(&self.node_value_text(id));
        if self.alphabeta() {
            let _ = write!(text, " {}", self.window_text(id));
        }
        if node.kind == Kind::Horizon {
            text.push_str(" depth limit");
        }
        text
    }

    fn text(&self, colour: bool) -> String {
        let names = self.tree.move_names(self.position);
        let mut out = self.header().join("\n");
        out.push('\n');
        self.text_node(0, "", None, &names, colour, &mut out);
        let _ = writeln!(out, "{}", self.summary());
        out
    }

    /// Writes a node and its subtree; `last` is `None` at the root, otherwise whether the
    /// node is its parent's last line.
    fn text_node(&self, id: usize, prefix: &str, last: Option<bool>, names: &[String], colour: bool, out: &mut String) {
        let node = &self.tree.nodes[id];
        let branch = match last {
            None => "",
            Some(true) => "└─ ",
            Some(false) => "├─ ",
        };
        let label = self.label(id, &names[id]);
        let label = if colour && node.pruned { format!("\x1b[90m{label}\x1b[0m") } else { label };
        let _ = writeln!(out, "{prefix}{branch}{label}");
        let child_prefix = match last {
            None => String::new(),
            Some(true) => format!("{prefix}   "),
            Some(false) => format!("{prefix}│  "),
        };
        let more = node.not_drawn > 0;
        for (index, &child) in node.children.iter().enumerate() {
            let last_line = index + 1 == node.children.len() && !more;
            self.text_node(child, &child_prefix, Some(last_line), names, colour, out);
        }
        if more {
            let _ = writeln!(out, "{child_prefix}└─ … {} more nodes not drawn", node.not_drawn);
        }
    }

    fn dot(&self) -> String {
        let names = self.tree.move_names(self.position);
        let principal: std::collections::HashSet<usize> = self.tree.principal_path().into_iter().collect();
        let mut out = String::from("digraph gametree {\n");
        let mut title: Vec<String> = self.header().iter().map(|line| escape(line)).collect();
        title.push(escape(&self.summary()));
        let _ = writeln!(out, "  graph [ordering=out, labelloc=t, fontname=\"Helvetica\", label=\"{}\"];", title.join("\\n"));
        out.push_str("  node [fontname=\"Helvetica\", fontsize=11];\n  edge [fontname=\"Helvetica\", fontsize=10];\n");
        for (id, node) in self.tree.nodes.iter().enumerate() {
            let shape = match node.kind {
                Kind::Inner if node.to_move == self.tree.view => "triangle",
                Kind::Inner => "invtriangle",
                _ => "box",
            };
            let mut lines = Vec::new();
            if node.value.is_some() {
                lines.push(self.node_value_text(id));
            }
            if self.alphabeta() && !node.pruned {
                lines.push(self.window_text(id));
            }
            if node.kind == Kind::Horizon {
                lines.push("depth limit".into());
            }
            let label: Vec<String> = lines.iter().map(|line| escape(line)).collect();
            let style = if node.pruned { ", style=dashed, color=grey60, fontcolor=grey60" } else { "" };
            let _ = writeln!(out, "  n{id} [shape={shape}, label=\"{}\"{style}];", label.join("\\n"));
            if node.not_drawn > 0 {
                let _ = writeln!(out, "  n{id}_more [shape=plaintext, label=\"… {} more\"];", node.not_drawn);
                let _ = writeln!(out, "  n{id} -> n{id}_more [style=dotted];");
            }
            for &child in &node.children {
                let edge_style = if self.tree.nodes[child].pruned {
                    ", style=dashed, color=grey60, fontcolor=grey60"
                } else if principal.contains(&child) && principal.contains(&id) {
                    ", penwidth=2.5"
                } else {
                    ""
                };
                let _ = writeln!(out, "  n{id} -> n{child} [label=\"{}\"{edge_style}];", escape(&names[child]));
            }
        }
        out.push_str("}\n");
        out
    }

    fn json(&self) -> serde_json::Value {
        let names = self.tree.move_names(self.position);
        let tree = self.tree;
        json!({
            "game": self.spec.to_string(),
            "position": self.position.notation(),
            "algorithm": self.arguments.algorithm.name(),
            "order": order_name(self.effective_order()),
            "depth": self.arguments.depth,
            "view": self.root_name(),
            "value": tree.verdict(0, G::KIND),
            "leaves": {
                "evaluated": tree.evaluated_leaves,
                "pruned": tree.pruned_leaves,
                "pruned_exact": tree.pruned_leaves_exact,
            },
            "nodes": {
                "searched": tree.statistics.nodes,
                "drawn": tree.nodes.len(),
                "not_drawn": tree.nodes.iter().map(|node| node.not_drawn).sum::<u64>(),
            },
            "tree": self.json_node(0, &names),
        })
    }

    fn json_node(&self, id: usize, names: &[String]) -> serde_json::Value {
        let node = &self.tree.nodes[id];
        let mut object = serde_json::Map::new();
        object.insert("move".into(), if node.mv.is_some() { json!(names[id]) } else { serde_json::Value::Null });
        object.insert("to_move".into(), json!(self.position.player_name(node.to_move)));
        object.insert("value".into(), json!(self.tree.verdict(id, G::KIND)));
        let kind = match node.kind {
            Kind::Inner => "inner",
            Kind::Terminal => "leaf",
            Kind::Horizon => "horizon",
        };
        object.insert("kind".into(), json!(kind));
        if node.pruned {
            object.insert("pruned".into(), json!(true));
        } else {
            let bound = match self.tree.bound(id) {
                Bound::Exact => "exact",
                Bound::Lower => "lower",
                Bound::Upper => "upper",
            };
            object.insert("bound".into(), json!(bound));
            if self.alphabeta() {
                let (alpha, beta) = self.tree.root_view_window(id);
                let exact = self.arguments.depth.is_none();
                object.insert("alpha".into(), window_json(alpha, G::KIND, exact));
                object.insert("beta".into(), window_json(beta, G::KIND, exact));
            }
        }
        if node.not_drawn > 0 {
            object.insert("not_drawn".into(), json!(node.not_drawn));
        }
        let children: Vec<serde_json::Value> = node.children.iter().map(|&child| self.json_node(child, names)).collect();
        object.insert("children".into(), json!(children));
        serde_json::Value::Object(object)
    }
}

/// A window bound as a VALUE; `null` for an infinite bound.
fn window_json(value: Value, kind: GameKind, exact: bool) -> serde_json::Value {
    if value == Value::INFINITY || value == Value::NEG_INFINITY {
        return serde_json::Value::Null;
    }
    let verdict: Verdict = value.verdict(kind, exact, 0);
    json!(verdict)
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

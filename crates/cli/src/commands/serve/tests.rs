//! API tests without a socket: requests go straight into the router (`tower::oneshot`).

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::routing::get;
use axum::Router;
use gametree_engine::{analyze, AnalysisConfig, StopFlag};
use gametree_games::gomoku::{Gomoku, Rule};
use gametree_games::{GameSpec, Mnk};
use serde_json::{json, Value as Json};
use tower::ServiceExt;

use super::{protect, router, AppState, Config};
use crate::commands::analyze::analysis_json;

fn app() -> Router {
    router(AppState::new(Config::default(), StopFlag::new()))
}

async fn send(app: Router, request: Request<Body>) -> (StatusCode, String, Vec<u8>) {
    let response = app.oneshot(request).await.expect("the router always answers");
    let status = response.status();
    let content_type =
        response.headers().get("content-type").map(|value| value.to_str().unwrap_or_default().to_string()).unwrap_or_default();
    let body = axum::body::to_bytes(response.into_body(), 1 << 24).await.expect("body");
    (status, content_type, body.to_vec())
}

async fn get_json(app: Router, uri: &str) -> (StatusCode, Json) {
    let (status, _, body) = send(app, Request::get(uri).body(Body::empty()).unwrap()).await;
    (status, serde_json::from_slice(&body).expect("a JSON answer"))
}

async fn post(app: Router, uri: &str, body: impl Into<Body>) -> (StatusCode, Json) {
    let request = Request::post(uri).header("content-type", "application/json").body(body.into()).unwrap();
    let (status, content_type, body) = send(app, request).await;
    assert_eq!(content_type, "application/json", "{uri}: every API answer is JSON");
    (status, serde_json::from_slice(&body).expect("a JSON answer"))
}

async fn post_json(app: Router, uri: &str, body: Json) -> (StatusCode, Json) {
    post(app, uri, body.to_string()).await
}

#[tokio::test]
async fn the_page_and_its_assets_are_served_from_the_binary() {
    let (status, content_type, body) = send(app(), Request::get("/").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(content_type.starts_with("text/html"));
    let page = String::from_utf8(body).unwrap();
    assert!(page.contains("/app.js") && page.contains("/style.css"));
    for (path, kind) in [("/app.js", "text/javascript"), ("/style.css", "text/css")] {
        let (status, content_type, body) = send(app(), Request::get(path).body(Body::empty()).unwrap()).await;
        assert_eq!(status, StatusCode::OK);
        assert!(content_type.starts_with(kind), "{path}: {content_type}");
        assert!(body.len() > 1000, "{path} is the real asset");
    }
    let (status, answer) = get_json(app(), "/no/such/page").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(answer["error"], "no such page: /no/such/page");
}

#[tokio::test]
async fn games_lists_every_complete_game_name_with_its_board_shape() {
    let (status, answer) = get_json(app(), "/api/games").await;
    assert_eq!(status, StatusCode::OK);
    let games = answer["games"].as_array().unwrap();
    let tictactoe = games.iter().find(|game| game["name"] == "tictactoe").expect("tictactoe is offered");
    assert_eq!(tictactoe["kind"], "windrawloss");
    assert_eq!(tictactoe["start"], ".../.../...");
    assert_eq!(tictactoe["board"], json!({"rows": 3, "columns": 3}));
    assert!(games.iter().any(|game| game["name"] == "mnk:4,4,4"));
    let gomoku = games.iter().find(|game| game["name"] == "gomoku").expect("gomoku is offered");
    assert_eq!(gomoku["board"], json!({"rows": 15, "columns": 15}));
    let connect4 = games.iter().find(|game| game["name"] == "connect4").expect("connect4 is offered");
    assert_eq!(connect4["board"], json!({"rows": 6, "columns": 7}));
    assert!(games.iter().all(|game| game["name"] != "mnk:M,N,K"), "templates are not games");
    assert_eq!(answer["levels"], json!(["perfect", "strong", "casual", "random"]));
}

#[tokio::test]
async fn analyze_answers_gomoku_threats_as_the_cli_does() {
    // Black wins by a 10-threat VCT (no VCF): the `vcf` and `vct` objects of `analyze --json`.
    let position = "7,7 8,6 9,5 7,5 9,7 9,6 10,6 8,8 8,5 8,4";
    let (status, answer) = post_json(app(), "/api/analyze", json!({"game": "gomoku", "position": position})).await;
    assert_eq!(status, StatusCode::OK);
    let board = Gomoku::parse(15, Rule::Freestyle, position).unwrap();
    let tactics = crate::commands::gomoku_tactics::report(&board).unwrap();
    assert_eq!(answer["vcf"], tactics.vcf);
    assert_eq!(answer["vct"], tactics.vct.unwrap());
    assert_eq!((answer["vct"]["wins"].as_bool(), answer["vct"]["threats"].as_u64()), (Some(true), Some(10)), "{answer}");
}

#[tokio::test]
async fn analyze_answers_the_analyze_json_object() {
    let (status, answer) = post_json(app(), "/api/analyze", json!({"game": "tictactoe", "position": "x../.o./..."})).await;
    assert_eq!(status, StatusCode::OK);
    // The CLI's object for the same position: same keys, same values for every move.
    let board = Mnk::parse(3, 3, 3, "x../.o./...").unwrap();
    let spec: GameSpec = "tictactoe".parse().unwrap();
    let expected = analysis_json(spec, &board, &analyze(&board, &AnalysisConfig::default()));
    for key in ["game", "position", "to_move", "value", "exact", "complete"] {
        assert_eq!(answer[key], expected[key], "{key}");
    }
    let values = |object: &Json| {
        let mut values: Vec<(String, String)> = object["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|result| (result["move"].as_str().unwrap().to_string(), result["value"].to_string()))
            .collect();
        values.sort();
        values
    };
    assert_eq!(values(&answer), values(&expected));
    assert_eq!(answer["value"], json!({"kind": "draw", "remoteness": 7}));
    assert!(answer["stats"]["nodes"].as_u64().unwrap() > 0);
    assert!(answer["stats"]["time_ms"].is_u64());
    assert_eq!(answer["capped"], false);
    // Without a position: the start, a draw in nine.
    let (_, answer) = post_json(app(), "/api/analyze", json!({"game": "tictactoe"})).await;
    assert_eq!(answer["position"], ".../.../...");
    assert_eq!(answer["value"], json!({"kind": "draw", "remoteness": 9}));
    assert_eq!(answer["moves"].as_array().unwrap().len(), 9);
}

#[tokio::test]
async fn a_capped_analysis_says_so_instead_of_running_on() {
    let request = json!({"game": "mnk:5,5,4", "nodes": 3000});
    let (status, answer) = post_json(app(), "/api/analyze", request).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["capped"], true);
    assert_eq!(answer["complete"], false);
    assert_eq!(answer["exact"], false);
    assert_eq!(answer["limits"]["nodes"], 3000);
    assert!(answer["note"].as_str().unwrap().starts_with("search cap reached (3000 nodes"));
    // The node budget is checked every 1,024 nodes.
    assert!(answer["stats"]["nodes"].as_u64().unwrap() <= 3000 + 1024);
    // A request cannot raise the server's caps.
    let config = Config { max_nodes: 2000, ..Config::default() };
    let app = router(AppState::new(config, StopFlag::new()));
    let (_, answer) = post_json(app, "/api/analyze", json!({"game": "mnk:5,5,4", "nodes": 1_000_000_000u64})).await;
    assert_eq!(answer["limits"]["nodes"], 2000);
    assert_eq!(answer["capped"], true);
}

#[tokio::test]
async fn bad_input_is_a_400_with_a_message() {
    let cases = [
        (json!({"game": "chess"}), "unknown game `chess`"),
        (json!({"game": "tictactoe", "position": "xx/..."}), "2 rows"),
        (json!({"game": "tictactoe", "position": "xxx/ooo/..."}), "both x and o have a line"),
        (json!({"game": "tictactoe", "position": "xx?/.../..."}), "`?` is not a cell"),
        (json!({"game": "mnk:9,9,5"}), "1 to 64 cells"),
        (json!({"position": "..."}), "missing field `game`"),
        (json!({"game": 7}), "request body"),
    ];
    for (body, message) in cases {
        let (status, answer) = post_json(app(), "/api/analyze", body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        let error = answer["error"].as_str().unwrap();
        assert!(error.contains(message), "{body}: {error}");
        assert!(!error.contains('\n'), "one line: {error}");
    }
    let (status, answer) = post(app(), "/api/analyze", "{not json").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(answer["error"].as_str().unwrap().starts_with("request body:"));
    for (uri, body) in [
        ("/api/play", json!({"game": "tictactoe", "position": "x../.../...", "move": "a3"})),
        ("/api/play", json!({"game": "tictactoe", "position": "xxx/oo./...", "move": "c2"})),
        ("/api/move", json!({"game": "tictactoe", "level": "grandmaster"})),
        ("/api/move", json!({"game": "tictactoe", "position": "xxx/oo./..."})),
        ("/api/tree", json!({"game": "tictactoe", "algorithm": "negascout"})),
        ("/api/position", json!({"game": "mnk:3,3"})),
    ] {
        let (status, answer) = post_json(app(), uri, body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri} {body}: {answer}");
        assert!(answer["error"].as_str().is_some_and(|error| !error.is_empty()));
    }
}

#[tokio::test]
async fn a_body_over_the_limit_is_refused() {
    let padding = "x".repeat(Config::default().body_limit + 1);
    let body = json!({"game": "tictactoe", "position": padding}).to_string();
    let (status, answer) = post(app(), "/api/analyze", body).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(answer["error"].as_str().unwrap().contains("length limit"), "{answer}");
}

#[tokio::test]
async fn a_panicking_handler_answers_500_and_the_router_goes_on() {
    let app = protect(
        Router::new()
            .route(
                "/boom",
                get(|| async {
                    if true {
                        panic!("deliberate");
                    }
                    "never"
                }),
            )
            .route("/fine", get(|| async { "ok" })),
        1024,
    );
    let (status, answer) = get_json(app.clone(), "/boom").await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(answer["error"], "internal error while answering");
    let (status, _, body) = send(app, Request::get("/fine").body(Body::empty()).unwrap()).await;
    assert_eq!((status, body.as_slice()), (StatusCode::OK, b"ok".as_slice()));
}

#[tokio::test]
async fn searches_beyond_the_limit_get_503() {
    let state = AppState::new(Config { max_searches: 2, ..Config::default() }, StopFlag::new());
    let app = router(state.clone());
    // Two searches hold both slots.
    let held = state.permits.clone().acquire_many_owned(2).await.unwrap();
    assert_eq!(state.running(), 2);
    let (_, status) = get_json(app.clone(), "/api/status").await;
    assert_eq!(status, json!({"running": 2, "max_searches": 2}));
    for (uri, body) in [
        ("/api/analyze", json!({"game": "tictactoe"})),
        ("/api/move", json!({"game": "tictactoe"})),
        ("/api/tree", json!({"game": "tictactoe", "position": "xox/oxo/..."})),
    ] {
        let (status, answer) = post_json(app.clone(), uri, body).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{uri}");
        assert!(answer["error"].as_str().unwrap().starts_with("busy"));
    }
    // Reading positions and applying moves need no search slot.
    let (status, _) = post_json(app.clone(), "/api/play", json!({"game": "tictactoe", "move": "b2"})).await;
    assert_eq!(status, StatusCode::OK);
    drop(held);
    let (status, _) = post_json(app, "/api/analyze", json!({"game": "tictactoe", "position": "xox/oxo/..."})).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn play_applies_moves_by_the_rules_and_describes_the_board() {
    let (status, state) = post_json(app(), "/api/play", json!({"game": "tictactoe", "position": "xx./oo./...", "move": "C3"})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(state["position"], "xxx/oo./...");
    assert_eq!(state["last_move"], "c3");
    assert_eq!(state["over"], true);
    assert_eq!(state["result"], json!({"winner": "first", "text": "x wins"}));
    assert_eq!(state["moves"], json!([]));
    let cells = state["board"]["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 9);
    assert_eq!(cells[2], json!({"text": "x", "owner": "first", "moves": []}));
    assert!(cells.iter().all(|cell| cell["moves"] == json!([])), "no moves once the game is over");

    let (_, state) = post_json(app(), "/api/position", json!({"game": "tictactoe", "position": "x../.o./..."})).await;
    assert_eq!(state["to_move"], "x");
    assert_eq!(state["to_move_is_first"], true);
    assert_eq!(state["over"], false);
    assert_eq!(state["board"]["row_labels"], json!(["3", "2", "1"]));
    assert_eq!(state["board"]["column_labels"], json!(["a", "b", "c"]));
    // The top-right cell takes c3; the moves of the cells are the legal moves.
    assert_eq!(state["board"]["cells"][2]["moves"], json!(["c3"]));
    let mut from_cells: Vec<String> = state["board"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|cell| cell["moves"].as_array().unwrap().iter().map(|mv| mv.as_str().unwrap().to_string()))
        .collect();
    let mut legal: Vec<String> = state["moves"].as_array().unwrap().iter().map(|mv| mv.as_str().unwrap().to_string()).collect();
    from_cells.sort();
    legal.sort();
    assert_eq!(from_cells, legal);
}

async fn play_out(first: &str, second: &str) -> Json {
    let mut position = ".../.../...".to_string();
    loop {
        let (_, state) = post_json(app(), "/api/position", json!({"game": "tictactoe", "position": position})).await;
        if state["over"] == true {
            return state;
        }
        let level = if state["to_move_is_first"] == true { first } else { second };
        let (status, answer) = post_json(app(), "/api/move", json!({"game": "tictactoe", "position": position, "level": level})).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(answer["level"], level);
        assert_eq!(answer["state"]["last_move"], answer["move"]);
        position = answer["state"]["position"].as_str().unwrap().to_string();
    }
}

#[tokio::test]
async fn the_perfect_computer_draws_itself_and_never_loses() {
    let end = play_out("perfect", "perfect").await;
    assert_eq!(end["result"]["text"], "draw");
    for _ in 0..6 {
        let end = play_out("random", "perfect").await;
        assert_ne!(end["result"]["winner"], "first", "perfect o lost: {}", end["position"]);
        let end = play_out("perfect", "casual").await;
        assert_ne!(end["result"]["winner"], "second", "perfect x lost: {}", end["position"]);
    }
}

#[tokio::test]
async fn the_perfect_move_has_the_position_value() {
    // x wins at once at c3; the perfect computer takes it and reports "win in 1".
    let (_, answer) = post_json(app(), "/api/move", json!({"game": "tictactoe", "position": "xx./oo./..."})).await;
    assert_eq!(answer["move"], "c3");
    assert_eq!(answer["value"], json!({"kind": "win", "remoteness": 1}));
    assert_eq!(answer["capped"], false);
}

fn node(tree: &Json, id: u64) -> &Json {
    &tree["nodes"][id as usize]
}

#[tokio::test]
async fn the_stepper_records_the_engines_alphabeta_with_windows_and_pruning() {
    let position = "xo./.x./o..";
    let (status, alphabeta) =
        post_json(app(), "/api/tree", json!({"game": "tictactoe", "position": position, "algorithm": "alphabeta"})).await;
    assert_eq!(status, StatusCode::OK, "{alphabeta}");
    let (_, minimax) = post_json(app(), "/api/tree", json!({"game": "tictactoe", "position": position, "algorithm": "minimax"})).await;
    let (_, analysis) = post_json(app(), "/api/analyze", json!({"game": "tictactoe", "position": position})).await;
    // Same root value as the analysis (x to move wins), by both algorithms.
    assert_eq!(alphabeta["value"]["kind"], analysis["value"]["kind"]);
    assert_eq!(alphabeta["value"]["remoteness"], analysis["value"]["remoteness"]);
    assert_eq!(minimax["value"], alphabeta["value"]);
    // Minimax visits every node and prunes none; alpha-beta prunes and visits fewer.
    let count = |tree: &Json, pruned: bool| tree["nodes"].as_array().unwrap().iter().filter(|n| n["pruned"] == pruned).count();
    assert_eq!(count(&minimax, true), 0);
    assert!(count(&alphabeta, true) > 0);
    assert!(count(&alphabeta, false) < count(&minimax, false));
    assert_eq!(alphabeta["statistics"]["visited"].as_u64().unwrap() as usize, count(&alphabeta, false));
    // Every visited node is entered once and left once, children after their parent;
    // pruned nodes are announced by a prune event of their parent and never entered.
    let events = alphabeta["events"].as_array().unwrap();
    let mut open = Vec::new();
    for event in events {
        let id = event["node"].as_u64().unwrap();
        match event["type"].as_str().unwrap() {
            "enter" => {
                assert_eq!(node(&alphabeta, id)["parent"].as_u64(), open.last().copied());
                assert_eq!(node(&alphabeta, id)["pruned"], false);
                open.push(id);
            }
            "leave" => assert_eq!(open.pop(), Some(id)),
            "prune" => {
                assert_eq!(open.last(), Some(&id));
                for pruned in event["pruned"].as_array().unwrap() {
                    let pruned = node(&alphabeta, pruned.as_u64().unwrap());
                    assert_eq!((pruned["pruned"].as_bool(), pruned["parent"].as_u64()), (Some(true), Some(id)));
                    assert!(pruned["value"].is_null());
                }
            }
            other => panic!("unknown event {other}"),
        }
    }
    assert!(open.is_empty());
    // Windows: the root is searched with (−∞, +∞); levels alternate MAX and MIN.
    let root = node(&alphabeta, 0);
    assert_eq!((root["alpha"]["kind"].as_str(), root["beta"]["kind"].as_str()), (Some("-inf"), Some("inf")));
    assert_eq!(root["max"], true);
    assert_eq!(node(&alphabeta, root["children"][0].as_u64().unwrap())["max"], false);
    assert!(minimax["nodes"][0]["alpha"].is_null(), "minimax has no window");
}

#[tokio::test]
async fn the_stepper_refuses_trees_too_large_to_step_through() {
    let (status, answer) = post_json(app(), "/api/tree", json!({"game": "tictactoe", "algorithm": "minimax"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(answer["error"].as_str().unwrap().contains("more than 4000 nodes"));
    let (status, answer) = post_json(app(), "/api/tree", json!({"game": "mnk:5,5,4", "algorithm": "alphabeta"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    // A depth limit makes it small: 1 + 9 + 72 nodes, leaves valued by the evaluation.
    let (status, tree) = post_json(app(), "/api/tree", json!({"game": "tictactoe", "algorithm": "minimax", "depth": 2})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(tree["nodes"].as_array().unwrap().len(), 82);
    assert_eq!(tree["value"]["kind"], "heuristic");
}

#[tokio::test]
async fn every_recorded_value_is_the_true_minimax_value_or_a_correct_bound() {
    use gametree_engine::{minimax, Game, Value};
    let mut rng = fastrand::Rng::with_seed(8);
    for _ in 0..12 {
        // A random position with 4 to 6 stones, not yet over.
        let mut board = Mnk::tictactoe();
        let stones = rng.usize(4..=6);
        while board.stone_count() < stones as u32 && board.outcome().is_none() {
            let mut moves = Vec::new();
            board.generate_moves(&mut moves);
            board.play(moves[rng.usize(..moves.len())]);
        }
        if board.outcome().is_some() {
            continue;
        }
        let position = gametree_games::Notation::notation(&board);
        for algorithm in ["alphabeta", "minimax"] {
            let request = json!({"game": "tictactoe", "position": position, "algorithm": algorithm});
            let (status, tree) = post_json(app(), "/api/tree", request).await;
            assert_eq!(status, StatusCode::OK, "{position}: {tree}");
            for node in tree["nodes"].as_array().unwrap().iter().filter(|node| node["pruned"] == false) {
                let ply = node["ply"].as_u64().unwrap() as u32;
                let mut at = Mnk::parse(3, 3, 3, node["position"].as_str().unwrap()).unwrap();
                // The true value, root-relative and from the root player's side.
                let truth = minimax(&mut at).to_root_relative(ply);
                let truth = if ply % 2 == 1 { -truth } else { truth };
                let shown = Value::from_raw(node["value"]["raw"].as_i64().unwrap() as i32);
                match node["bound"].as_str().unwrap() {
                    "exact" => assert_eq!(shown, truth, "{algorithm} {position}: node {node}"),
                    "upper" => assert!(truth <= shown, "{algorithm} {position}: node {node}"),
                    "lower" => assert!(truth >= shown, "{algorithm} {position}: node {node}"),
                    other => panic!("bound {other}"),
                }
            }
        }
    }
}

/// SPEC §1.6 on the textbook `tree` game, once the registry has it: minimax value 3, and
/// alpha-beta prunes two leaves of the second subtree. (Skipped while no `tree` game is
/// registered; every other check here runs on tic-tac-toe.)
#[tokio::test]
async fn the_textbook_tree_prunes_two_leaves_of_the_second_subtree() {
    if "tree".parse::<GameSpec>().is_err() {
        return;
    }
    let request = json!({"game": "tree", "position": "[[3,12,8],[2,4,6],[14,5,2]]", "algorithm": "alphabeta"});
    let (status, tree) = post_json(app(), "/api/tree", request).await;
    assert_eq!(status, StatusCode::OK, "{tree}");
    assert_eq!(tree["value"]["text"], "3");
    let second = tree["nodes"][0]["children"][1].as_u64().unwrap();
    let pruned: Vec<&Json> = tree["nodes"].as_array().unwrap().iter().filter(|node| node["pruned"] == true).collect();
    assert_eq!(pruned.len(), 2);
    assert!(pruned.iter().all(|node| node["parent"].as_u64() == Some(second)));
    let (_, minimax) =
        post_json(app(), "/api/tree", json!({"game": "tree", "position": "[[3,12,8],[2,4,6],[14,5,2]]", "algorithm": "minimax"}))
            .await;
    assert_eq!(minimax["value"]["text"], "3");
    assert_eq!(minimax["nodes"].as_array().unwrap().len(), 13);
}

/// A tiny scored game in the manner of product-grid, to test the scored paths before any
/// scored game is registered: numbers 1, 2, 3 are placed in that order (x places 1 and 3,
/// y places 2) on a row of three cells weighted 3, −1, 2; the score is the weighted sum.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Weighted {
    cells: [u8; 3],
    placed: u8,
}

const WEIGHTS: [i32; 3] = [3, -1, 2];

impl gametree_engine::Game for Weighted {
    type Move = u8;
    const KIND: gametree_engine::GameKind = gametree_engine::GameKind::Scored;

    fn to_move(&self) -> gametree_engine::Player {
        match self.placed % 2 {
            0 => gametree_engine::Player::First,
            _ => gametree_engine::Player::Second,
        }
    }

    fn generate_moves(&self, moves: &mut Vec<u8>) {
        moves.extend((0..3).filter(|&cell| self.cells[usize::from(cell)] == 0));
    }

    fn play(&mut self, cell: u8) {
        self.placed += 1;
        self.cells[usize::from(cell)] = self.placed;
    }

    fn undo(&mut self, cell: u8) {
        self.cells[usize::from(cell)] = 0;
        self.placed -= 1;
    }

    fn outcome(&self) -> Option<gametree_engine::Outcome> {
        (self.placed == 3).then(|| {
            gametree_engine::Outcome::Score(self.cells.iter().zip(WEIGHTS).map(|(&number, weight)| i32::from(number) * weight).sum())
        })
    }
}

impl gametree_games::Notation for Weighted {
    fn notation(&self) -> String {
        self.cells.iter().map(|number| number.to_string()).collect()
    }

    fn move_notation(&self, cell: u8) -> String {
        ["a", "b", "c"][usize::from(cell)].to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u8, gametree_games::NotationError> {
        gametree_games::parse_move_by_name(self, text)
    }

    fn player_name(&self, player: gametree_engine::Player) -> &'static str {
        if player == gametree_engine::Player::First {
            "x"
        } else {
            "y"
        }
    }

    fn render(&self) -> String {
        format!("{}\n", self.notation())
    }

    fn board(&self) -> Option<gametree_games::Board<u8>> {
        let open = self.placed < 3;
        Some(gametree_games::Board {
            rows: 1,
            columns: 3,
            cells: (0..3u8)
                .map(|cell| {
                    let number = self.cells[usize::from(cell)];
                    gametree_games::BoardCell {
                        text: if number == 0 { String::new() } else { number.to_string() },
                        owner: None,
                        moves: if open && number == 0 { vec![cell] } else { Vec::new() },
                    }
                })
                .collect(),
            row_labels: Vec::new(),
            column_labels: vec!["a".into(), "b".into(), "c".into()],
            note: open.then(|| format!("number to place: {}", self.placed + 1)),
        })
    }
}

#[test]
fn scored_games_report_scores_the_forced_number_and_the_winner() {
    use gametree_games::GameVisitor;
    let spec: GameSpec = "tictactoe".parse().unwrap(); // only names the game in answers
    let start = Weighted { cells: [0; 3], placed: 0 };
    let state = super::api::PositionState.visit(spec, start.clone()).unwrap();
    assert_eq!(state["kind"], "scored");
    assert_eq!(state["board"]["note"], "number to place: 1");
    assert_eq!(state["board"]["cells"][1]["moves"], json!(["b"]));
    // x puts 1 on b (weight −1); y puts 2 on a (3); x puts 3 on c (2): −1 + 6 + 6 = 11.
    let mut position = start.clone();
    for mv in ["b", "a", "c"] {
        let answer = super::api::Play { mv: mv.into() }.visit(spec, position.clone()).unwrap();
        position = Weighted {
            cells: answer["position"].as_str().unwrap().bytes().map(|digit| digit - b'0').collect::<Vec<_>>().try_into().unwrap(),
            placed: position.placed + 1,
        };
    }
    let end = super::api::PositionState.visit(spec, position).unwrap();
    assert_eq!(end["result"], json!({"winner": "first", "score": 11, "text": "first (x) wins, x−y = +11"}));
    assert!(end["board"]["note"].is_null());
    // The analysis values each first move by its exact score for x.
    let context = super::SearchContext {
        limits: gametree_engine::Limits::default().with_nodes(1000),
        stop: StopFlag::new(),
        table_megabytes: 1,
        tree_nodes: 100,
    };
    let analysis = super::api::Analyze { context }.visit(spec, start).unwrap();
    // x on b: y's best reply is 2 on a, then 3 on c: −1 + 6 + 6 = 11 (2 on c gives 12);
    // x on c: y 2 on a, x 3 on b: 2 + 6 − 3 = 5; x on a: y 2 on c, x 3 on b: 3 + 4 − 3 = 4.
    let scores: Vec<(String, Json)> = analysis["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|result| (result["move"].as_str().unwrap().to_string(), result["value"].clone()))
        .collect();
    assert_eq!(
        scores,
        vec![
            ("b".to_string(), json!({"kind": "score", "score": 11})),
            ("c".to_string(), json!({"kind": "score", "score": 5})),
            ("a".to_string(), json!({"kind": "score", "score": 4})),
        ]
    );
    assert_eq!(analysis["capped"], false);
}

mod arbitrary_requests {
    use proptest::prelude::*;

    use super::*;

    fn small_app() -> Router {
        router(AppState::new(Config { max_nodes: 20_000, ..Config::default() }, StopFlag::new()))
    }

    fn text() -> impl Strategy<Value = String> {
        prop_oneof!["[xo./]{0,16}", "[xXoO.]{3}/[xXoO.]{3}/[xXoO.]{3}", "\\PC{0,24}",]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

        /// Whatever the fields hold, every endpoint answers 200 or a 400 with a message:
        /// never a panic, a 500 or a dropped request.
        #[test]
        fn no_request_breaks_the_server(
            game in prop_oneof![Just("tictactoe".to_string()), Just("mnk:3,4,3".to_string()), "mnk:[0-9,]{0,7}", "\\PC{0,12}"],
            position in proptest::option::of(text()),
            mv in "[a-d][0-5]|\\PC{0,6}",
            level in "perfect|strong|casual|random|\\PC{0,6}",
            algorithm in "alphabeta|minimax|\\PC{0,6}",
            depth in proptest::option::of(0u32..6),
        ) {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            runtime.block_on(async {
                let bodies = [
                    ("/api/position", json!({"game": game, "position": position})),
                    ("/api/play", json!({"game": game, "position": position, "move": mv})),
                    ("/api/move", json!({"game": game, "position": position, "level": level})),
                    ("/api/analyze", json!({"game": game, "position": position, "depth": depth})),
                    ("/api/tree", json!({"game": game, "position": position, "algorithm": algorithm, "depth": depth})),
                ];
                for (uri, body) in bodies {
                    let (status, answer) = post_json(small_app(), uri, body.clone()).await;
                    match status {
                        StatusCode::OK => assert!(answer.get("error").is_none()),
                        StatusCode::BAD_REQUEST => assert!(answer["error"].as_str().is_some_and(|error| !error.is_empty())),
                        other => panic!("{uri} {body}: status {other}: {answer}"),
                    }
                }
            });
        }
    }
}

#[tokio::test]
async fn the_perfect_gomoku_computer_is_the_gomocup_engine() {
    // Black completes its five (g8 or l8) rather than blocking white's four in column a.
    let (status, answer) = post_json(app(), "/api/move", json!({"game": "gomoku", "position": "h8 a1 i8 a2 j8 a3 k8 a4"})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert!(answer["move"] == "6,7" || answer["move"] == "11,7", "{answer}");
    assert_eq!((answer["level"].as_str(), answer["reason"].as_str()), (Some("perfect"), Some("five")));
    assert_eq!(answer["state"]["result"]["winner"], "first", "{answer}");
    // White blocks black's four g8–j8 at its only point, k8.
    let (_, answer) = post_json(app(), "/api/move", json!({"game": "gomoku", "position": "g8 f8 h8 a1 i8 a15 j8"})).await;
    assert_eq!((answer["move"].as_str(), answer["reason"].as_str()), (Some("10,7"), Some("block")), "{answer}");
    // White blocks an end of black's open four h8–k8.
    let (_, answer) = post_json(app(), "/api/move", json!({"game": "gomoku", "position": "h8 a1 i8 a15 j8 o1 k8"})).await;
    assert!(answer["move"] == "6,7" || answer["move"] == "11,7", "{answer}");
    // Black starts the win by fours of puzzle 1 of the shared VCF set.
    let stones = "G12H12G11H10I11I10F10E9J10J9G9G8I9J8K9K8L9M8F8F7H8G7I6I7";
    let (_, answer) = post_json(app(), "/api/move", json!({"game": "gomoku", "position": stones})).await;
    assert_eq!(answer["reason"], "vcf", "{answer}");
    // The weaker levels keep the generic search and say no reason.
    let (_, answer) =
        post_json(app(), "/api/move", json!({"game": "gomoku", "position": "g8 f8 h8 a1 i8 a15 j8", "level": "strong"})).await;
    assert_eq!(answer["move"], "10,7", "{answer}");
    assert_eq!(answer["reason"], Json::Null, "{answer}");
}

#[tokio::test]
async fn renju_boards_offer_black_no_forbidden_point() {
    // Black h8 i8 j10 j11: j8 (9,7) would be a double three, forbidden under renju.
    let position = "h8 a1 i8 o1 j10 a15 j11 o15";
    let (status, state) = post_json(app(), "/api/position", json!({"game": "gomoku:renju", "position": position})).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    let j8 = &state["board"]["cells"][7 * 15 + 9];
    assert_eq!(j8["moves"], json!([]), "{j8}");
    assert!(!state["moves"].as_array().unwrap().contains(&json!("9,7")));
    let (status, answer) = post_json(app(), "/api/play", json!({"game": "gomoku:renju", "position": position, "move": "j8"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("forbidden to black (double three)"), "{answer}");
    // The computer keeps to the rule; under freestyle the same cell is open.
    let (_, answer) = post_json(app(), "/api/move", json!({"game": "gomoku:renju", "position": position})).await;
    assert_ne!(answer["move"], "9,7", "{answer}");
    let (_, state) = post_json(app(), "/api/position", json!({"game": "gomoku", "position": position})).await;
    assert_eq!(state["board"]["cells"][7 * 15 + 9]["moves"], json!(["9,7"]));
}

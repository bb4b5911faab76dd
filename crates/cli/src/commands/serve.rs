//! `gametree serve`: the web page (play, every move's value, the alpha-beta stepper) and
//! the JSON API behind it.
//!
//! The server knows no game: every request names a game and a position in SPEC §4
//! notation, and [`GameSpec::visit`] hands the work to generic code in [`api`] and
//! [`stepper`], so every game of the registry is served as soon as it exists.
//!
//! Safety: searches run on blocking threads (never on the async workers), each capped in
//! nodes and time; at most `--max-searches` run at once and the rest are answered 503;
//! request bodies are size-limited; bad input is a 400 with `{"error": "..."}`; a panic
//! in a handler becomes a 500 and the server goes on.

mod api;
#[cfg(test)]
mod load_tests;
mod stepper;
#[cfg(test)]
mod tests;

use std::net::IpAddr;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, StatusCode, Uri};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use gametree_engine::{Limits, StopFlag};
use gametree_games::GameSpec;
use serde::de::DeserializeOwned;
use serde_json::json;
use tokio::sync::Semaphore;
use tower_http::catch_panic::CatchPanicLayer;

use crate::error::input_error;

const INDEX_HTML: &str = include_str!("../web/index.html");
const APP_JS: &str = include_str!("../web/app.js");
const STYLE_CSS: &str = include_str!("../web/style.css");

/// Options of `serve`.
#[derive(clap::Args, Debug, Clone)]
pub struct Arguments {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1", value_name = "ADDR")]
    pub bind: IpAddr,
    /// Port to listen on; 0 picks a free port (the URL is printed on the first line).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Searches allowed to run at once; further search requests are answered 503.
    #[arg(long, default_value_t = 4, value_name = "N")]
    pub max_searches: usize,
    /// Node cap of every search.
    #[arg(long, default_value_t = 5_000_000, value_name = "N")]
    pub max_nodes: u64,
    /// Time cap of every search, in seconds.
    #[arg(long, default_value_t = 3.0, value_name = "SECS")]
    pub max_time: f64,
    /// Transposition table of each search, in MiB.
    #[arg(long, default_value_t = 16, value_name = "MB")]
    pub hash: usize,
}

/// The limits the server enforces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Searches allowed to run at once.
    pub max_searches: usize,
    /// Node cap of every search.
    pub max_nodes: u64,
    /// Time cap of every search.
    pub max_time: Duration,
    /// Transposition table of each search, in MiB.
    pub table_megabytes: usize,
    /// Largest request body accepted, in bytes.
    pub body_limit: usize,
    /// Largest tree the stepper records, in nodes.
    pub tree_nodes: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            max_searches: 4,
            max_nodes: 5_000_000,
            max_time: Duration::from_secs(3),
            table_megabytes: 16,
            body_limit: 16 * 1024,
            tree_nodes: 4_000,
        }
    }
}

impl Arguments {
    /// The server limits these options ask for.
    pub fn config(&self) -> Result<Config> {
        if self.max_searches == 0 {
            return Err(input_error("--max-searches 0: at least one search must be allowed"));
        }
        if !(self.max_time.is_finite() && self.max_time > 0.0 && self.max_time <= 86_400.0) {
            return Err(input_error(format!("--max-time {}: expected seconds between 0 and 86400", self.max_time)));
        }
        if self.max_nodes == 0 {
            return Err(input_error("--max-nodes 0: searches need at least one node"));
        }
        Ok(Config {
            max_searches: self.max_searches,
            max_nodes: self.max_nodes,
            max_time: Duration::from_secs_f64(self.max_time),
            table_megabytes: self.hash.clamp(1, 1024),
            ..Config::default()
        })
    }
}

/// Shared by every request.
#[derive(Clone)]
pub struct AppState {
    config: Arc<Config>,
    permits: Arc<Semaphore>,
    stop: StopFlag,
}

impl AppState {
    /// State for a server with these limits; raising `stop` ends running searches.
    pub fn new(config: Config, stop: StopFlag) -> AppState {
        let permits = Arc::new(Semaphore::new(config.max_searches));
        AppState { config: Arc::new(config), permits, stop }
    }

    /// Searches running now.
    pub fn running(&self) -> usize {
        self.config.max_searches - self.permits.available_permits()
    }
}

/// What a search may use: the server's caps, narrowed by the request.
#[derive(Clone, Debug)]
pub struct SearchContext {
    /// Node and time caps (and a depth when the request asks for one).
    pub limits: Limits,
    /// The server's stop flag.
    pub stop: StopFlag,
    /// Table size in MiB.
    pub table_megabytes: usize,
    /// Largest tree the stepper records.
    pub tree_nodes: usize,
}

/// An answer other than 200: a status and a one-line message, sent as `{"error": "..."}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What is wrong.
    pub message: String,
}

impl ApiError {
    /// A 400: the request is wrong (game, position, move, field).
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::BAD_REQUEST, message: message.into() }
    }
}

impl From<gametree_games::NotationError> for ApiError {
    fn from(error: gametree_games::NotationError) -> ApiError {
        ApiError::bad_request(error.message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.message }))).into_response()
    }
}

type ApiResult = Result<Json<serde_json::Value>, ApiError>;

/// The whole application: page, assets and API, with the body limit and the panic guard.
pub fn router(state: AppState) -> Router {
    let body_limit = state.config.body_limit;
    let app = Router::new()
        .route("/", get(|| async { Html(INDEX_HTML) }))
        .route("/app.js", get(|| async { asset("text/javascript; charset=utf-8", APP_JS) }))
        .route("/style.css", get(|| async { asset("text/css; charset=utf-8", STYLE_CSS) }))
        .route("/api/games", get(games))
        .route("/api/status", get(status))
        .route("/api/position", post(position))
        .route("/api/play", post(play))
        .route("/api/move", post(computer_move))
        .route("/api/analyze", post(analyze))
        .route("/api/tree", post(tree))
        .fallback(not_found)
        .with_state(state);
    protect(app, body_limit)
}

/// The layers every route gets: the request body limit, and a guard that turns a panic
/// into a 500 answer instead of a dropped connection.
fn protect(app: Router, body_limit: usize) -> Router {
    app.layer(DefaultBodyLimit::max(body_limit)).layer(CatchPanicLayer::custom(|_panic: Box<dyn std::any::Any + Send>| {
        ApiError { status: StatusCode::INTERNAL_SERVER_ERROR, message: "internal error while answering".into() }.into_response()
    }))
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}

async fn not_found(uri: Uri) -> ApiError {
    ApiError { status: StatusCode::NOT_FOUND, message: format!("no such page: {}", uri.path()) }
}

/// Reads a JSON request body, answering 400 (or 413 for a body over the limit) with a
/// message when it cannot be read.
fn parse_body<T: DeserializeOwned>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = body.map_err(|rejection| ApiError { status: rejection.status(), message: rejection.body_text() })?;
    serde_json::from_slice(&bytes).map_err(|error| ApiError::bad_request(format!("request body: {error}")))
}

fn parse_spec(game: &str) -> Result<GameSpec, ApiError> {
    game.parse::<GameSpec>().map_err(ApiError::from)
}

/// Runs cheap game work (reading a position, applying a move) off the async workers.
async fn light<F>(work: F) -> ApiResult
where
    F: FnOnce() -> Result<serde_json::Value, ApiError> + Send + 'static,
{
    match tokio::task::spawn_blocking(work).await {
        Ok(result) => result.map(Json),
        Err(_) => Err(ApiError { status: StatusCode::INTERNAL_SERVER_ERROR, message: "internal error while answering".into() }),
    }
}

/// Runs a search off the async workers if a search slot is free (503 otherwise), with
/// the server's caps narrowed by `requested` node and time limits.
async fn search<F>(state: &AppState, requested: Limits, work: F) -> ApiResult
where
    F: FnOnce(SearchContext) -> Result<serde_json::Value, ApiError> + Send + 'static,
{
    let Ok(permit) = state.permits.clone().try_acquire_owned() else {
        return Err(ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: format!("busy: {} searches are running, the most allowed; try again shortly", state.config.max_searches),
        });
    };
    let config = &state.config;
    let limits = Limits {
        depth: requested.depth,
        nodes: Some(requested.nodes.map_or(config.max_nodes, |nodes| nodes.clamp(1, config.max_nodes))),
        time: Some(requested.time.map_or(config.max_time, |time| time.min(config.max_time))),
    };
    let context =
        SearchContext { limits, stop: state.stop.clone(), table_megabytes: config.table_megabytes, tree_nodes: config.tree_nodes };
    light(move || {
        let _permit = permit;
        work(context)
    })
    .await
}

#[derive(serde::Deserialize)]
struct PositionRequest {
    game: String,
    position: Option<String>,
}

#[derive(serde::Deserialize)]
struct PlayRequest {
    game: String,
    position: Option<String>,
    #[serde(rename = "move")]
    mv: String,
}

#[derive(serde::Deserialize)]
struct MoveRequest {
    game: String,
    position: Option<String>,
    level: Option<String>,
}

#[derive(serde::Deserialize)]
struct AnalyzeRequest {
    game: String,
    position: Option<String>,
    depth: Option<u32>,
    nodes: Option<u64>,
    time_ms: Option<u64>,
}

#[derive(serde::Deserialize)]
struct TreeRequest {
    game: String,
    position: Option<String>,
    algorithm: Option<String>,
    depth: Option<u32>,
}

async fn games(State(state): State<AppState>) -> ApiResult {
    let config = state.config.clone();
    light(move || {
        let games: Vec<serde_json::Value> = api::game_names()
            .into_iter()
            .filter_map(|name| {
                let spec = name.parse::<GameSpec>().ok()?;
                spec.visit(None, api::GameSummary).ok()
            })
            .collect();
        Ok(json!({
            "games": games,
            "levels": api::Level::NAMES,
            "algorithms": stepper::Algorithm::NAMES,
            "limits": {
                "max_searches": config.max_searches,
                "nodes": config.max_nodes,
                "time_ms": config.max_time.as_millis() as u64,
                "tree_nodes": config.tree_nodes,
                "body_bytes": config.body_limit,
            },
        }))
    })
    .await
}

async fn status(State(state): State<AppState>) -> Json<serde_json::Value> {
    Json(json!({ "running": state.running(), "max_searches": state.config.max_searches }))
}

async fn position(body: Result<Bytes, BytesRejection>) -> ApiResult {
    let request: PositionRequest = parse_body(body)?;
    light(move || parse_spec(&request.game)?.visit(request.position.as_deref(), api::PositionState)?).await
}

async fn play(body: Result<Bytes, BytesRejection>) -> ApiResult {
    let request: PlayRequest = parse_body(body)?;
    light(move || parse_spec(&request.game)?.visit(request.position.as_deref(), api::Play { mv: request.mv })?).await
}

async fn computer_move(State(state): State<AppState>, body: Result<Bytes, BytesRejection>) -> ApiResult {
    let request: MoveRequest = parse_body(body)?;
    let level = api::Level::parse(request.level.as_deref().unwrap_or("perfect"))?;
    let spec = parse_spec(&request.game)?;
    search(&state, level.limits(), move |context| spec.visit(request.position.as_deref(), api::ComputerMove { level, context })?).await
}

async fn analyze(State(state): State<AppState>, body: Result<Bytes, BytesRejection>) -> ApiResult {
    let request: AnalyzeRequest = parse_body(body)?;
    let spec = parse_spec(&request.game)?;
    let requested = Limits { depth: request.depth, nodes: request.nodes, time: request.time_ms.map(Duration::from_millis) };
    search(&state, requested, move |context| spec.visit(request.position.as_deref(), api::Analyze { context })?).await
}

async fn tree(State(state): State<AppState>, body: Result<Bytes, BytesRejection>) -> ApiResult {
    let request: TreeRequest = parse_body(body)?;
    let spec = parse_spec(&request.game)?;
    let algorithm = stepper::parse_algorithm(request.algorithm.as_deref().unwrap_or("alphabeta"))?;
    let depth = request.depth;
    search(&state, Limits::default(), move |context| {
        spec.visit(request.position.as_deref(), stepper::Record { algorithm, depth, context })?
    })
    .await
}

/// Runs the command: binds, prints the URL on the first line of stdout, serves until
/// Ctrl-C.
pub fn run(arguments: &Arguments, stop: &StopFlag) -> Result<ExitCode> {
    let config = arguments.config()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        // Searches recurse once per ply; deep game trees need more than the default stack.
        .thread_stack_size(64 << 20)
        .enable_all()
        .build()
        .context("starting the server runtime")?;
    let address = std::net::SocketAddr::new(arguments.bind, arguments.port);
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|error| input_error(format!("cannot listen on {address}: {error}")))?;
        let bound = listener.local_addr().context("reading the bound address")?;
        println!("http://{bound}/");
        eprintln!("gametree serve: listening on http://{bound}/ (Ctrl-C stops)");
        let app = router(AppState::new(config, stop.clone()));
        let stop = stop.clone();
        axum::serve(listener, app)
            .with_graceful_shutdown(async move {
                while !stop.is_raised() {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            })
            .await
            .context("serving")?;
        Ok(ExitCode::SUCCESS)
    })
}

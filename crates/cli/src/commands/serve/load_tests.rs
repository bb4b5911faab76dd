//! A bounded load test on loopback: a real server on 127.0.0.1 and many concurrent
//! heavy requests. The search slots fill and the rest get 503; capped searches say so;
//! bad requests get 400; afterwards the server answers as before. Request counts are
//! fixed and every search is capped, so the test ends by itself.

use std::net::SocketAddr;
use std::time::Duration;

use gametree_engine::StopFlag;
use serde_json::{json, Value as Json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use super::{router, AppState, Config};

async fn start(config: Config) -> (SocketAddr, AppState) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a loopback port");
    let address = listener.local_addr().unwrap();
    let state = AppState::new(config, StopFlag::new());
    let app = router(state.clone());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (address, state)
}

/// One HTTP/1.1 request on its own connection; the status and the JSON body.
async fn request(address: SocketAddr, method: &str, path: &str, body: &str) -> (u16, Json) {
    let mut stream = TcpStream::connect(address).await.expect("connect");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let text = String::from_utf8(response).expect("a text answer");
    let status: u16 = text.split(' ').nth(1).and_then(|code| code.parse().ok()).expect("a status line");
    let (headers, body) = text.split_once("\r\n\r\n").expect("headers and body");
    assert!(headers.to_ascii_lowercase().contains("content-length"), "answers are not chunked");
    (status, serde_json::from_str(body).unwrap_or_else(|_| panic!("{path}: not JSON: {body}")))
}

async fn analyze(address: SocketAddr, game: &str) -> (u16, Json) {
    request(address, "POST", "/api/analyze", &json!({ "game": game }).to_string()).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn full_search_slots_answer_503_and_the_server_recovers() {
    // Searches that would run for a minute hold both slots until the stop flag ends them.
    let config = Config { max_searches: 2, max_nodes: u64::MAX, max_time: Duration::from_secs(60), ..Config::default() };
    let (address, state) = start(config).await;
    let holders: Vec<_> = (0..2).map(|_| tokio::spawn(analyze(address, "mnk:8,8,5"))).collect();
    let mut polls = 0;
    while request(address, "GET", "/api/status", "").await.1["running"] != 2 {
        polls += 1;
        assert!(polls < 3000, "the two searches never started");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // Every further search is turned away at once, while cheap requests are still served.
    let burst: Vec<_> = (0..24)
        .map(|index| {
            tokio::spawn(async move {
                match index % 3 {
                    0 => analyze(address, "mnk:5,5,4").await,
                    1 => request(address, "POST", "/api/move", r#"{"game": "mnk:5,5,4"}"#).await,
                    _ => request(address, "POST", "/api/tree", r#"{"game": "tictactoe", "position": "xox/oxo/..."}"#).await,
                }
            })
        })
        .collect();
    for answer in burst {
        let (status, body) = answer.await.unwrap();
        assert_eq!(status, 503, "{body}");
        assert!(body["error"].as_str().unwrap().starts_with("busy"));
    }
    let (status, state_answer) = request(address, "POST", "/api/position", r#"{"game": "tictactoe"}"#).await;
    assert_eq!((status, state_answer["position"].as_str()), (200, Some(".../.../...")));
    // Stopping the searches: each answers, saying it was cut short.
    state.stop.raise();
    for holder in holders {
        let (status, body) = holder.await.unwrap();
        assert_eq!(status, 200);
        assert_eq!(body["capped"], true);
        assert_eq!(body["complete"], false);
        assert!(body["note"].as_str().unwrap().starts_with("search cap reached"));
    }
    state.stop.lower();
    assert_eq!(state.running(), 0);
    let (status, body) = analyze(address, "tictactoe").await;
    assert_eq!(status, 200);
    assert_eq!(body["value"], json!({"kind": "draw", "remoteness": 9}));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_heavy_requests_stay_within_their_caps() {
    const NODES: u64 = 200_000;
    let config = Config { max_searches: 3, max_nodes: NODES, max_time: Duration::from_secs(60), ..Config::default() };
    let (address, state) = start(config).await;
    let mut tasks = Vec::new();
    for round in 0..40 {
        tasks.push(tokio::spawn(async move {
            let answer = match round % 4 {
                0 | 1 => analyze(address, "mnk:5,5,4").await,
                2 => request(address, "POST", "/api/move", r#"{"game": "mnk:5,5,4", "level": "perfect"}"#).await,
                _ => request(address, "POST", "/api/analyze", r#"{"game": "mnk:5,5,4", "position": "#).await,
            };
            (round % 4, answer)
        }));
    }
    let (mut served, mut busy) = (0, 0);
    for task in tasks {
        let (kind, (status, body)) = task.await.unwrap();
        match (kind, status) {
            (3, status) => assert_eq!(status, 400, "malformed body: {body}"),
            (_, 503) => busy += 1,
            (0 | 1, 200) => {
                served += 1;
                assert_eq!(body["capped"], true, "mnk:5,5,4 is not solved within {NODES} nodes");
                assert!(body["stats"]["nodes"].as_u64().unwrap() <= NODES + 1024, "node cap held");
            }
            (2, 200) => {
                served += 1;
                assert_eq!(body["capped"], true);
                assert!(body["nodes"].as_u64().unwrap() <= NODES + 1024, "node cap held");
                assert!(body["move"].is_string());
            }
            (_, status) => panic!("unexpected status {status}: {body}"),
        }
    }
    assert!(served >= 1, "some searches were served");
    assert_eq!(served + busy, 30);
    assert_eq!(state.running(), 0, "every slot was given back");
    let (status, body) = request(address, "GET", "/api/games", "").await;
    assert_eq!(status, 200);
    assert!(body["games"].as_array().is_some_and(|games| !games.is_empty()));
}

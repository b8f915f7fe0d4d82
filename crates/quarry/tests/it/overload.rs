//! Back-pressure: `quarry serve --max-running-queries 1` over a dataset
//! where a phrase is slow (every one of 200,000 records mentions it, so
//! the statement ranks them all). A burst of that phrase gets fast 503
//! `SERVICE_UNAVAILABLE` with `Retry-After` beyond the bound, the accepted
//! queries complete, and `/healthz` answers all along.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::harness::{self, quarry, read_events, Server, ALICE};

use serde_json::json;

/// 200,000 records whose descriptions all say "fintech" among twelve other
/// words (a deterministic generator, no dependency).
pub(crate) fn slow_csv() -> String {
    const WORDS: [&str; 16] = [
        "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa",
        "lambda", "mu", "nu", "xi", "omicron", "sigma",
    ];
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut out = String::from("name,country,employees,description\n");
    for i in 0..200_000 {
        let country = ["Germany", "France", "Spain"][(next() % 3) as usize];
        out.push_str(&format!("co{i},{country},{},fintech", next() % 5000));
        for _ in 0..12 {
            out.push(' ');
            out.push_str(WORDS[(next() % 16) as usize]);
        }
        out.push('\n');
    }
    out
}

#[test]
fn a_burst_past_the_running_bound_gets_fast_503s_while_accepted_queries_complete() {
    let (dir, tokens) = harness::prepare("overload", harness::COMPANIES_CSV, &[(ALICE, None)]);
    let csv = dir.with_extension("slow.csv");
    std::fs::write(&csv, slow_csv()).unwrap();
    quarry(
        &dir,
        &[
            "dataset",
            "import",
            csv.to_str().unwrap(),
            "--id",
            "slow",
            "--account",
            ALICE,
            "--quiet",
        ],
        None,
    );
    let token = tokens[0].clone();
    let s = Arc::new(Server::start_in(
        dir,
        &["--max-running-queries", "1", "--streams-per-key", "64"],
    ));
    let body = json!({"query_string": "fintech", "dataset_id": "slow"});
    // Warm the planner cache and measure one run alone.
    let started = Instant::now();
    let events = read_events(s.post(&token, &body));
    let alone = started.elapsed();
    assert_eq!(events.last().unwrap()["data"]["complete"], true);

    // The health check, polled all through the burst.
    let bursting = Arc::new(AtomicBool::new(true));
    let health = {
        let (s, bursting) = (s.clone(), bursting.clone());
        std::thread::spawn(move || {
            let mut slowest = Duration::ZERO;
            let mut n = 0;
            while bursting.load(Ordering::SeqCst) {
                let t = Instant::now();
                let status = s.http.get(s.url("/healthz")).send().unwrap().status();
                assert_eq!(status, 200);
                slowest = slowest.max(t.elapsed());
                n += 1;
                std::thread::sleep(Duration::from_millis(20));
            }
            (n, slowest)
        })
    };

    let burst: Vec<_> = (0..8)
        .map(|_| {
            let (s, token, body) = (s.clone(), token.clone(), body.clone());
            std::thread::spawn(move || {
                let t = Instant::now();
                let resp = s.post(&token, &body);
                let status = resp.status().as_u16();
                if status == 503 {
                    let elapsed = t.elapsed();
                    assert_eq!(resp.headers()["retry-after"], "1");
                    let message = harness::assert_error(resp, 503, "SERVICE_UNAVAILABLE");
                    (status, elapsed, Some(message))
                } else {
                    assert_eq!(status, 200);
                    let events = read_events(resp);
                    let close = &events.last().unwrap()["data"];
                    assert_eq!(close["complete"], true, "{close}");
                    assert_eq!(events[2]["data"]["items"].as_array().unwrap().len(), 10);
                    (status, t.elapsed(), None)
                }
            })
        })
        .collect();
    let outcomes: Vec<_> = burst.into_iter().map(|t| t.join().unwrap()).collect();
    bursting.store(false, Ordering::SeqCst);
    let (polls, slowest_health) = health.join().unwrap();

    let refused: Vec<_> = outcomes.iter().filter(|o| o.0 == 503).collect();
    let accepted = outcomes.len() - refused.len();
    println!(
        "one query alone {alone:?}; burst of 8: {accepted} accepted, {} refused \
         (slowest refusal {:?}); /healthz polled {polls} times, slowest {slowest_health:?}",
        refused.len(),
        refused.iter().map(|o| o.1).max().unwrap_or_default()
    );
    assert!(accepted >= 1, "{outcomes:?}");
    assert!(!refused.is_empty(), "nothing refused: {outcomes:?}");
    // Fast: the short wait, not a queue behind the slow statements.
    for (_, elapsed, message) in &refused {
        assert!(*elapsed < Duration::from_millis(1500), "{elapsed:?}");
        assert!(message.as_ref().unwrap().contains("running"), "{message:?}");
    }
    assert!(polls > 0);
    assert!(
        slowest_health < Duration::from_secs(1),
        "{slowest_health:?}"
    );

    // The metrics say why. The running gauge falls when the server drops
    // a stream, a moment after its client read `close`: wait for it.
    let deadline = Instant::now() + Duration::from_secs(5);
    let text = loop {
        let text = s
            .http
            .get(s.url("/metrics"))
            .send()
            .unwrap()
            .text()
            .unwrap();
        if text.contains("quarry_running_queries 0") || Instant::now() > deadline {
            break text;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(
        text.contains(&format!(
            "quarry_rejected_requests_total{{reason=\"overload\"}} {}",
            refused.len()
        )),
        "{text}"
    );
    assert!(text.contains("quarry_running_queries 0"), "{text}");
}

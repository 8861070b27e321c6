//! `tabula match`: two players play a series of games, alternating sides, on all cores (or
//! as many threads as asked), each pair of games from the same seeded random opening. In a
//! game of more than two players the first player takes each seat in turn and the second
//! player fills the other seats; each round of seats starts from the same opening.

use super::Fail;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use tabula::ai::mcts::Limits;
use tabula::ai::Player;
use tabula::engine::{Game, MatchState, Outcome, Position};
use tabula::rng::Rng;

/// A game that runs this long without an end rule deciding it is scored a draw.
pub const MAX_MATCH_PLIES: usize = 2000;

/// How a match is played.
pub struct Plan {
    pub games: usize,
    /// Uniformly random plies that open each pair of games (games `2k` and `2k + 1`).
    pub opening: usize,
    /// Threads playing at once; `None`: one per core.
    pub threads: Option<usize>,
    pub seed: u64,
}

/// The result of one game: which player (0: the first named, 1: the second) won, if any, and
/// which side the first player had.
#[derive(Clone, Debug)]
struct GameResult {
    index: usize,
    first_side: usize,
    winner: Option<usize>,
    /// Each seat's return (see `Outcome::returns`).
    returns: Vec<f32>,
    plies: usize,
    reason: String,
}

/// Plays game `index` of a match: the first player takes side `index % players`, after the
/// opening of its round (`opening` random plies drawn from the seed and the round's number).
fn play_one(
    start: &Position,
    players: [Player; 2],
    seed: u64,
    opening: usize,
    index: usize,
) -> GameResult {
    let mut rng = Rng::new(seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let seats = start.game.players.len();
    let first_side = index % seats;
    let mut state = MatchState::new(start.clone());
    let mut plies = 0;
    let round = (index / seats) as u64;
    let mut opener = Rng::new(!seed ^ round.wrapping_mul(0xD1B5_4A32_D192_ED03));
    while plies < opening && state.outcome().is_none() {
        let i = opener.below(state.moves().len());
        state.play_index(i);
        plies += 1;
    }
    let outcome = loop {
        if let Some(o) = state.outcome() {
            break o.clone();
        }
        if plies >= MAX_MATCH_PLIES {
            break Outcome::Draw {
                reason: format!("match cap of {MAX_MATCH_PLIES} plies"),
            };
        }
        let side = state.pos.turn();
        // With teams the first player plays every seat of its seat's team.
        let player = if start.game.same_side(side, first_side) {
            players[0]
        } else {
            players[1]
        };
        let chosen = player.choose_in(&state, &Limits::default(), &mut rng, &mut |_| {});
        // The player's move among the match's legal moves (they are the same list).
        let i = chosen
            .and_then(|m| state.moves().iter().position(|x| x.same_as(&m)))
            .unwrap_or_else(|| rng.below(state.moves().len()));
        state.play_index(i);
        plies += 1;
    };
    let returns = outcome.returns(start.game)[..seats].to_vec();
    let (winner, reason) = match outcome {
        Outcome::Win { player, reason } => (
            Some(usize::from(!start.game.same_side(player, first_side))),
            reason,
        ),
        Outcome::Draw { reason } => (None, reason),
    };
    GameResult {
        index,
        first_side,
        winner,
        returns,
        plies,
        reason,
    }
}

/// A seat as the tally names it: the player, and with teams their partners (`red (with
/// yellow)`).
fn seat_name(g: &Game, p: usize) -> String {
    let partners: Vec<&str> = (0..g.players.len())
        .filter(|&q| q != p && g.same_side(p, q))
        .map(|q| g.players[q].name.as_str())
        .collect();
    if partners.is_empty() {
        g.players[p].name.clone()
    } else {
        format!("{} (with {})", g.players[p].name, partners.join(" and "))
    }
}

/// The Elo difference a score (0 to 1) means, as a number or `±inf`.
fn elo(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

fn elo_text(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        // `-0` reads oddly: an even score is `+0`.
        format!("{:+.0}", if x.abs() < 0.5 { 0.0 } else { x })
    }
}

/// Runs the match and prints it.
pub fn run(
    g: &Game,
    start: Position,
    players: [Player; 2],
    plan: &Plan,
    json: bool,
) -> Result<(), Fail> {
    let threads = plan
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .min(plan.games.max(1));
    let results = play_all(&start, players, plan, threads, json);
    let tally = Tally::of(&results, g.players.len());
    let names = [players[0].to_string(), players[1].to_string()];
    if json {
        tally.print_json(g, &names, &results, plan.opening);
    } else {
        tally.print_text(g, &names, results.len(), threads);
    }
    Ok(())
}

/// Plays the games of `plan` on `threads` threads, each taking the next game to play;
/// returns their results in game order.
fn play_all(
    start: &Position,
    players: [Player; 2],
    plan: &Plan,
    threads: usize,
    json: bool,
) -> Vec<GameResult> {
    let Plan {
        games,
        opening,
        seed,
        ..
    } = *plan;
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(games));
    let bar = (!json && std::io::stderr().is_terminal()).then(|| {
        let b = indicatif::ProgressBar::new(games as u64);
        b.set_style(
            indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} games {msg}")
                .expect("a valid template"),
        );
        b
    });
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let r = play_one(start, players, seed, opening, i);
                results.lock().expect("no thread panicked").push(r);
                if let Some(b) = &bar {
                    b.inc(1);
                }
            });
        }
    });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let mut results = results.into_inner().expect("no thread panicked");
    results.sort_by_key(|r| r.index);
    results
}

/// The first player's record over a match: wins, draws and losses overall and per side, its
/// score with a 95% interval, and the Elo differences those make.
struct Tally {
    seats: usize,
    /// Wins, draws and losses of the first player: overall, then per side it played.
    wdl: Vec<[usize; 3]>,
    score: f64,
    score_lo: f64,
    score_hi: f64,
    lo: f64,
    hi: f64,
    avg_plies: f64,
}

impl Tally {
    fn of(results: &[GameResult], seats: usize) -> Tally {
        let mut wdl = vec![[0usize; 3]; 1 + seats];
        for r in results {
            let k = match r.winner {
                Some(0) => 0,
                None => 1,
                Some(_) => 2,
            };
            wdl[0][k] += 1;
            wdl[1 + r.first_side][k] += 1;
        }
        let n = results.len().max(1) as f64;
        let score = (wdl[0][0] as f64 + wdl[0][1] as f64 / 2.0) / n;
        // A 95% Wilson interval for the score (a draw counts half; counting draws as half a
        // win and half a loss, as this does, only widens the interval), and the Elo
        // differences of its ends. Unlike the normal approximation it does not shrink to
        // nothing when every game went one way.
        let z = 1.96f64;
        let centre = (score + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half =
            z / (1.0 + z * z / n) * (score * (1.0 - score) / n + z * z / (4.0 * n * n)).sqrt();
        let (score_lo, score_hi) = ((centre - half).max(0.0), (centre + half).min(1.0));
        Tally {
            seats,
            wdl,
            score,
            score_lo,
            score_hi,
            lo: elo(score_lo),
            hi: elo(score_hi),
            avg_plies: results.iter().map(|r| r.plies).sum::<usize>() as f64 / n,
        }
    }

    /// The match as one JSON object, with every game's result.
    fn print_json(&self, g: &Game, names: &[String; 2], results: &[GameResult], opening: usize) {
        let Tally {
            seats,
            ref wdl,
            score,
            score_lo,
            score_hi,
            lo,
            hi,
            avg_plies,
        } = *self;
        let per_game: Vec<serde_json::Value> = results
            .iter()
            .map(|r| {
                serde_json::json!({
                    "first_plays": g.players[r.first_side].name,
                    "winner": r.winner.map(|w| names[w].clone()),
                    "returns": g.players.iter().zip(&r.returns)
                        .map(|(p, x)| (p.name.clone(), serde_json::json!(x)))
                        .collect::<serde_json::Map<_, _>>(),
                    "plies": r.plies,
                    "reason": r.reason,
                })
            })
            .collect();
        let side = |i: usize| serde_json::json!({"wins": wdl[i][0], "draws": wdl[i][1], "losses": wdl[i][2]});
        let v = serde_json::json!({
            "game": g.title,
            "first": names[0],
            "second": names[1],
            "games": results.len(),
            "first_wins": wdl[0][0],
            "draws": wdl[0][1],
            "first_losses": wdl[0][2],
            "first_score": score,
            "first_score_low": score_lo,
            "first_score_high": score_hi,
            "opening_plies": opening,
            "elo": (g.sides() == 2 && elo(score).is_finite()).then(|| elo(score)),
            "elo_low": (g.sides() == 2 && lo.is_finite()).then_some(lo),
            "elo_high": (g.sides() == 2 && hi.is_finite()).then_some(hi),
            "first_as": (0..seats)
                .map(|p| (g.players[p].name.clone(), side(1 + p)))
                .collect::<serde_json::Map<_, _>>(),
            "avg_plies": avg_plies,
            "results": per_game,
        });
        println!("{v}");
    }

    /// The match as text: the first player's record, and the Elo difference between two
    /// players.
    fn print_text(&self, g: &Game, names: &[String; 2], games: usize, threads: usize) {
        let Tally {
            seats,
            ref wdl,
            score,
            score_lo,
            score_hi,
            lo,
            hi,
            avg_plies,
        } = *self;
        println!(
            "{}: {} vs {}, {} games ({} threads), {avg_plies:.1} plies on average",
            g.title, names[0], names[1], games, threads
        );
        println!(
            "{}: {} wins, {} draws, {} losses (score {:.1}%, 95% interval {:.1}% to {:.1}%)",
            names[0],
            wdl[0][0],
            wdl[0][1],
            wdl[0][2],
            score * 100.0,
            score_lo * 100.0,
            score_hi * 100.0
        );
        for p in 0..seats {
            let [w, d, l] = wdl[1 + p];
            println!("  as {}: {w} wins, {d} draws, {l} losses", seat_name(g, p));
        }
        let sides = g.sides();
        if sides > 2 {
            // Against a field of several opponents an even match wins one game in `sides`: no
            // two-player Elo difference reads from that.
            println!(
                "players of equal strength would win {:.1}% of the games each ({} sides)",
                100.0 / sides as f64,
                sides
            );
            return;
        }
        let diff = format!("Elo difference ({} - {})", names[0], names[1]);
        let all = if score >= 1.0 {
            ", every game won"
        } else if score <= 0.0 {
            ", every game lost"
        } else {
            ""
        };
        println!(
            "{diff}: {} (95% interval {} to {}{all})",
            elo_text(elo(score)),
            elo_text(lo),
            elo_text(hi)
        );
    }
}

//! `tabula bench` and `tabula perft`: rates measured in CPU time of the measuring thread as well
//! as wall time, over several runs, reported as medians.
//!
//! The machines these numbers come from are shared and noisy: wall time counts the time another
//! process held the core, CPU time does not, and a median shrugs off one disturbed run. The
//! CPU clock is the players' ([`tabula::ai::clock::CpuClock`]), read from Linux's `/proc` with
//! std only; elsewhere wall time stands in and the output says so. Nothing here changes how
//! playouts or perft run.

use super::{round3, spinner};
use std::time::Instant;
use tabula::ai::clock::CpuClock;
use tabula::engine::{perft, perft_divide, Game, Outcome, Playout, Position, TooManyMoves};
use tabula::rng::Rng;

/// Wall and CPU time since `start`.
struct Stopwatch {
    clock: CpuClock,
    wall: Instant,
    cpu: Option<f64>,
}

/// Seconds measured by a [`Stopwatch`].
#[derive(Clone, Copy)]
struct Lap {
    wall: f64,
    /// Equal to `wall` when the CPU clock is unavailable.
    cpu: f64,
}

impl Stopwatch {
    fn start(clock: CpuClock) -> Self {
        Stopwatch {
            clock,
            cpu: clock.read().map(|d| d.as_secs_f64()),
            wall: Instant::now(),
        }
    }

    fn lap(&self) -> Lap {
        let wall = self.wall.elapsed().as_secs_f64();
        let cpu = match (self.cpu, self.clock.read()) {
            (Some(a), Some(b)) => b.as_secs_f64() - a,
            _ => wall,
        };
        Lap { wall, cpu }
    }
}

/// The median (the mean of the middle two for an even count); 0 for none.
fn median(xs: &[f64]) -> f64 {
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => 0.0,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

fn rate(count: u64, secs: f64) -> f64 {
    if secs > 0.0 {
        count as f64 / secs
    } else {
        0.0
    }
}

/// Resident memory of the process in KiB (`VmRSS`), where `/proc` has it.
fn rss_kib() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// One timed round of playouts.
struct Round {
    games: u64,
    plies: u64,
    time: Lap,
    /// Resident memory after the round: flat from round to round when playouts reuse buffers.
    rss_kib: Option<u64>,
}

/// Random playouts for `runs` rounds of `seconds` (wall time) each, on one thread, reporting
/// median rates per CPU-second. One [`Playout`] and one generator serve every round, so the
/// rounds continue one seeded sequence of games and memory stays flat.
/// With `games`, each run plays exactly that many games instead (a fixed amount of work, for
/// instruction-count profiling).
pub fn bench(g: &Game, seconds: f64, games_per_run: Option<u64>, runs: u32, seed: u64, json: bool) {
    let clock = CpuClock::detect();
    let mut rng = Rng::new(seed);
    let mut runner = Playout::new(g.start());
    let pb = spinner("playing");
    let mut played = Played {
        rounds: Vec::new(),
        outcomes: Vec::new(),
        longest: 0,
    };
    for run in 1..=runs.max(1) {
        let watch = Stopwatch::start(clock);
        let (games, plies) = played.play_round(
            &mut runner,
            &mut rng,
            games_per_run,
            || watch.wall.elapsed().as_secs_f64() >= seconds,
            |games| {
                if let Some(pb) = &pb {
                    pb.set_message(format!("run {run}/{runs}: {games} games"));
                }
            },
        );
        played.rounds.push(Round {
            games,
            plies,
            time: watch.lap(),
            rss_kib: rss_kib(),
        });
    }
    if let Some(pb) = &pb {
        pb.finish_and_clear();
    }
    let summary = Summary::of(g, &played);
    if json {
        summary.print_json(g, &played, seconds, clock, seed, runner.max_plies);
    } else {
        summary.print_text(g, &played, seconds, clock, runner.max_plies);
    }
}

/// Plies (and games) played between two readings of the clocks in a timed round: a few
/// milliseconds of play at most in the shipped games, so a round overruns its time by as much.
const CLOCK_WORK: u64 = 1024;

/// What the rounds of a bench played.
struct Played {
    rounds: Vec<Round>,
    /// Distinct outcomes (result and reason) are few; a linear scan needs no allocation.
    outcomes: Vec<(Outcome, u64)>,
    longest: u32,
}

impl Played {
    /// Plays `games_per_run` games, or without it games until `time_up` says the round is
    /// over, calling `progress` every 200 ms or so; returns the games and plies played.
    /// The clocks are read once per [`CLOCK_WORK`] plies and games, not after every game: two
    /// clock reads a game were a tenth of tic-tac-toe's instructions (callgrind).
    fn play_round(
        &mut self,
        runner: &mut Playout,
        rng: &mut Rng,
        games_per_run: Option<u64>,
        time_up: impl Fn() -> bool,
        progress: impl Fn(u64),
    ) -> (u64, u64) {
        let (mut games, mut plies) = (0u64, 0u64);
        let mut shown = Instant::now();
        let mut next_clock = 0u64;
        loop {
            let r = runner.run_quiet(rng);
            games += 1;
            plies += u64::from(r.plies);
            self.longest = self.longest.max(r.plies);
            match self.outcomes.iter_mut().find(|(o, _)| *o == r.outcome) {
                Some((_, n)) => *n += 1,
                None => self.outcomes.push((r.outcome, 1)),
            }
            if let Some(n) = games_per_run {
                if games >= n {
                    break;
                }
            }
            // A game counts one step of work even when it has no ply (over at the start).
            let work = plies + games;
            if work < next_clock {
                continue;
            }
            next_clock = work + CLOCK_WORK;
            if games_per_run.is_none() && time_up() {
                break;
            }
            if shown.elapsed().as_millis() > 200 {
                shown = Instant::now();
                progress(games);
            }
        }
        (games, plies)
    }
}

/// The figures a bench reports, from its rounds: rates per run, totals, results and the
/// reasons games ended.
struct Summary {
    cpu_pps: Vec<f64>,
    cpu_plps: Vec<f64>,
    wall_pps: Vec<f64>,
    wall_plps: Vec<f64>,
    games: u64,
    plies: u64,
    cpu_secs: f64,
    wall_secs: f64,
    avg: f64,
    results: indexmap::IndexMap<String, u64>,
    reasons: indexmap::IndexMap<String, u64>,
    end_rules: Vec<String>,
}

impl Summary {
    fn of(g: &Game, played: &Played) -> Summary {
        let rounds = &played.rounds;
        let games: u64 = rounds.iter().map(|r| r.games).sum();
        let plies: u64 = rounds.iter().map(|r| r.plies).sum();
        let avg = if games > 0 {
            plies as f64 / games as f64
        } else {
            0.0
        };
        let mut results: indexmap::IndexMap<String, u64> = indexmap::IndexMap::new();
        // Each side (a team names its players) and draws, in the order of `players`.
        for p in 0..g.players.len() {
            results.entry(g.side_name(p)).or_insert(0);
        }
        results.insert("draw".into(), 0);
        let mut reasons: indexmap::IndexMap<String, u64> = indexmap::IndexMap::new();
        for (o, n) in &played.outcomes {
            *results.entry(o.key(g)).or_insert(0) += n;
            *reasons.entry(o.describe_rule(g)).or_insert(0) += n;
        }
        reasons.sort_by(|ka, a, kb, b| b.cmp(a).then(ka.cmp(kb)));
        Summary {
            cpu_pps: rounds.iter().map(|r| rate(r.games, r.time.cpu)).collect(),
            cpu_plps: rounds.iter().map(|r| rate(r.plies, r.time.cpu)).collect(),
            wall_pps: rounds.iter().map(|r| rate(r.games, r.time.wall)).collect(),
            wall_plps: rounds.iter().map(|r| rate(r.plies, r.time.wall)).collect(),
            games,
            plies,
            cpu_secs: rounds.iter().map(|r| r.time.cpu).sum(),
            wall_secs: rounds.iter().map(|r| r.time.wall).sum(),
            avg,
            results,
            reasons,
            end_rules: g.end.iter().map(|e| e.text.clone()).collect(),
        }
    }

    /// The bench as one JSON object.
    fn print_json(
        &self,
        g: &Game,
        played: &Played,
        seconds: f64,
        clock: CpuClock,
        seed: u64,
        playout_cap: u32,
    ) {
        let Summary {
            cpu_pps,
            cpu_plps,
            wall_pps,
            wall_plps,
            games,
            plies,
            cpu_secs,
            wall_secs,
            avg,
            results,
            reasons,
            end_rules,
        } = self;
        let (rounds, longest) = (&played.rounds, played.longest);
        let (cpu_secs, wall_secs) = (*cpu_secs, *wall_secs);
        let per_run: Vec<serde_json::Value> = rounds
            .iter()
            .map(|r| {
                serde_json::json!({
                    "games": r.games,
                    "plies": r.plies,
                    "cpu_seconds": round3(r.time.cpu),
                    "wall_seconds": round3(r.time.wall),
                    "playouts_per_sec": rate(r.games, r.time.cpu).round(),
                    "plies_per_sec": rate(r.plies, r.time.cpu).round(),
                    "rss_kib": r.rss_kib,
                })
            })
            .collect();
        println!(
            "{}",
            serde_json::json!({
                "game": g.title,
                "playouts_per_sec": median(cpu_pps).round(),
                "plies_per_sec": median(cpu_plps).round(),
                "avg_plies": (avg * 10.0).round() / 10.0,
                "results": results,
                "wall_playouts_per_sec": median(wall_pps).round(),
                "wall_plies_per_sec": median(wall_plps).round(),
                "runs": rounds.len(),
                "seconds_per_run": seconds,
                "games": games,
                "plies": plies,
                "longest_playout": longest,
                "cpu_seconds": round3(cpu_secs),
                "seconds": round3(wall_secs),
                "cpu_clock": clock.name(),
                "seed": seed,
                "bytes_per_state": g.bytes_per_state(),
                "end_rules": end_rules,
                "playout_cap": playout_cap,
                "reasons": reasons,
                "per_run": per_run,
            })
        );
    }

    /// The bench as text: the rates, the totals, the results and why games ended.
    fn print_text(
        &self,
        g: &Game,
        played: &Played,
        seconds: f64,
        clock: CpuClock,
        playout_cap: u32,
    ) {
        let Summary {
            cpu_pps,
            cpu_plps,
            wall_pps,
            wall_plps,
            games,
            plies: _,
            cpu_secs,
            wall_secs,
            avg,
            results,
            reasons,
            end_rules,
        } = self;
        let (rounds, longest) = (&played.rounds, played.longest);
        let (cpu_secs, wall_secs) = (*cpu_secs, *wall_secs);
        let list = |xs: &[f64]| {
            xs.iter()
                .map(|x| format!("{x:.0}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        println!(
            "{}: {} run{} of {seconds} s, timed by {}",
            g.title,
            rounds.len(),
            if rounds.len() == 1 { "" } else { "s" },
            clock.name()
        );
        println!(
            "  {:.0} playouts/s, {:.0} plies/s per CPU-second (median; runs: {} playouts/s)",
            median(cpu_pps),
            median(cpu_plps),
            list(cpu_pps)
        );
        println!(
            "  {:.0} playouts/s, {:.0} plies/s per wall-second (median)",
            median(wall_pps),
            median(wall_plps)
        );
        println!(
            "  {games} playouts in {cpu_secs:.2} CPU-s ({wall_secs:.2} s wall), \
             {avg:.1} plies on average, longest {longest}"
        );
        let parts: Vec<String> = results.iter().map(|(k, v)| format!("{k} {v}")).collect();
        println!("results: {}", parts.join(", "));
        for (k, v) in reasons {
            println!("  {v:>8}  {k}");
        }
        println!(
            "end rules: {}; playout cap {} plies",
            end_rules.join("; "),
            playout_cap
        );
        let rss: Vec<String> = rounds
            .iter()
            .map(|r| r.rss_kib.map_or("?".into(), |k| k.to_string()))
            .collect();
        println!(
            "state size: {} bytes; resident memory after each run: {} KiB",
            g.bytes_per_state(),
            rss.join(" ")
        );
    }
}

/// Perft to `depth`, `runs` times (a divide runs once), reporting median rates.
///
/// # Errors
/// A position on the way with more moves than the engine's budget (nothing is printed).
pub fn run_perft(
    pos: &Position,
    depth: usize,
    divide: bool,
    runs: u32,
    json: bool,
) -> Result<(), TooManyMoves> {
    let clock = CpuClock::detect();
    let pb = spinner("counting");
    let runs = if divide { 1 } else { runs.max(1) };
    let mut laps = Vec::new();
    let mut nodes = 0;
    let mut split: Vec<(String, u64)> = Vec::new();
    for run in 1..=runs {
        let mut counted = 0u64;
        let mut shown = Instant::now();
        let mut tick = |n: u64| {
            counted += n;
            if let Some(pb) = &pb {
                if shown.elapsed().as_millis() > 200 {
                    shown = Instant::now();
                    pb.set_message(format!("run {run}/{runs}: {counted} leaves"));
                }
            }
        };
        let watch = Stopwatch::start(clock);
        nodes = if divide {
            let rows = perft_divide(pos, depth);
            let lap = watch.lap();
            if let Some(pb) = &pb {
                pb.finish_and_clear();
            }
            let rows = rows?;
            let mut lines: Vec<(String, u64)> =
                rows.iter().map(|(m, n)| (pos.move_text(m), *n)).collect();
            lines.sort();
            if !json {
                for (m, n) in &lines {
                    println!("{m}: {n}");
                }
            }
            laps.push(lap);
            let total = lines.iter().map(|(_, n)| n).sum();
            split = lines;
            total
        } else {
            let n = perft(pos, depth, &mut tick);
            laps.push(watch.lap());
            if n.is_err() {
                if let Some(pb) = &pb {
                    pb.finish_and_clear();
                }
            }
            n?
        };
    }
    if let Some(pb) = &pb {
        pb.finish_and_clear();
    }
    let secs = median(&laps.iter().map(|l| l.wall).collect::<Vec<_>>());
    let cpu_secs = median(&laps.iter().map(|l| l.cpu).collect::<Vec<_>>());
    let nps = median(&laps.iter().map(|l| rate(nodes, l.wall)).collect::<Vec<_>>());
    let cpu_nps = median(&laps.iter().map(|l| rate(nodes, l.cpu)).collect::<Vec<_>>());
    if json {
        let mut out = serde_json::json!({
            "depth": depth,
            "nodes": nodes,
            "seconds": round3(secs),
            "nps": nps.round(),
            "cpu_seconds": round3(cpu_secs),
            "cpu_nps": cpu_nps.round(),
            "runs": runs,
            "cpu_clock": clock.name(),
        });
        if divide {
            // The count below each first move, in the order `--divide` prints them.
            let map: serde_json::Map<String, serde_json::Value> = split
                .into_iter()
                .map(|(m, n)| (m, serde_json::Value::from(n)))
                .collect();
            out["divide"] = serde_json::Value::Object(map);
        }
        println!("{out}");
    } else {
        let of = if runs > 1 {
            format!(", median of {runs} runs")
        } else {
            String::new()
        };
        println!(
            "perft {depth}: {nodes} nodes in {secs:.3} s ({nps:.0} nodes/s); \
             {cpu_secs:.3} CPU-s ({cpu_nps:.0} nodes per CPU-second){of}"
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_even_and_empty() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
        assert_eq!(median(&[]), 0.0);
    }

    #[test]
    fn cpu_clock_advances_with_work() {
        let clock = CpuClock::detect();
        let watch = Stopwatch::start(clock);
        let mut x = 0u64;
        // The kernel updates a running thread's CPU time at scheduler ticks: spin until it moves.
        while watch.lap().cpu <= 0.0 && watch.wall.elapsed().as_secs() < 10 {
            for _ in 0..100_000 {
                x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
            }
        }
        let lap = watch.lap();
        assert!(lap.cpu > 0.0 && lap.wall > 0.0, "{} {}", lap.cpu, lap.wall);
    }
}

//! Players by name, for `tabula play` and `tabula match`: `default[:BUDGET]`, `random`,
//! `alphabeta[:DEPTH]`, `mcts[:BUDGET]` (a time such as `1s` or `200ms`, or a number of
//! iterations such as `5000`) and `baseline[:BUDGET]`, the default player as it was before
//! the general evaluation, kept to measure the default against.
//!
//! The default player chooses its search by one rule read from the description: where pieces
//! are worth different amounts, seeds are stored, a piece reaching a region wins, (without
//! dice) all of a player's pieces on a region or joined in one group, or a turn of a race
//! plays each die on its own, alpha-beta with the general evaluation
//! ([`Eval::General`]); elsewhere, where neither material nor a race says anything a
//! lookahead could use, MCTS with RAVE ([`Player::searches_by_alpha_beta`]), whose playouts
//! in a dice race stop after a few dozen plies and are judged by the race's progress. Its time is CPU time of the
//! thinking thread, so a loaded machine does not weaken it.

use super::mcts::{self, Budget, Style};
use super::{clock, Eval, Searcher, DEFAULT_DEPTH, MAX_TIMED_DEPTH, WIN};
use crate::engine::{Game, MatchState, Move, Outcome, Position};
use crate::model::EndCond;
use crate::rng::Rng;
use std::time::Duration;

/// The time an MCTS player takes per move when none is given.
pub const DEFAULT_MCTS_TIME: Duration = Duration::from_secs(1);

/// The CPU time the default player thinks per move when none is given.
pub const DEFAULT_THINK: Duration = Duration::from_secs(1);

/// A computer player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Player {
    /// The default player within a budget: CPU time (`Budget::Cpu`) or a number of positions
    /// (alpha-beta) or playouts (MCTS), which repeats exactly for a seed.
    Default(Budget),
    /// The default player as it was before the general evaluation (alpha-beta over material
    /// where pieces are worth different amounts, else plain MCTS), within the same budgets.
    Baseline(Budget),
    /// A uniformly random legal move.
    Random,
    /// The alpha-beta search over material, this many plies deep.
    AlphaBeta(usize),
    /// Monte Carlo tree search within a budget.
    Mcts(Budget),
}

impl Player {
    /// The player `tabula play` and the web page give a computer side: the default player
    /// with [`DEFAULT_THINK`] of CPU time a move.
    pub fn default_for(_game: &Game) -> Player {
        Player::Default(Budget::Cpu(DEFAULT_THINK))
    }

    /// Whether the default player searches `game` with alpha-beta rather than MCTS: where
    /// pieces are worth different amounts (material means something), in games of seeds
    /// (the seeds in the stores are their material), and where a piece reaching a region
    /// wins. Such a race is what random playouts judge worst (a random defender lets any
    /// runner through) and a lookahead best: it sees who arrives first. So is a race to put
    /// all one's pieces on a region (Chinese checkers, Halma), where random playouts never
    /// arrive and the evaluation counts the steps still to go; not where dice move the
    /// pieces (Mensch ärgere dich nicht), which MCTS plays better. And so is a race to join
    /// all one's pieces in one group (Lines of Action), where the evaluation counts how far
    /// apart they stand. And so, with dice, is a race whose turn plays each die on its own
    /// (Backgammon): its plays combine into many turns a throw, which a lookahead over the
    /// throws (expectimax) compares and short random playouts do not; a race of one number
    /// a throw (the Royal Game of Ur, Senet) MCTS plays better.
    pub fn searches_by_alpha_beta(game: &Game) -> bool {
        // With more players alpha-beta is paranoid (the mover against all the others as one
        // side), which misreads trades among the others: where material decides, they search
        // by MCTS.
        game.players.len() == 2 && material_differs(game)
            || game.sowing.is_some()
            || game.players.len() == 2 && game.race.as_ref().is_some_and(|r| r.rule.each_die)
            || game.end.iter().any(|e| match e.cond {
                EndCond::Reaches { .. } => true,
                // All one's pieces on a region, where no dice decide how far they go.
                EndCond::AllOn(_) => game.race.is_none(),
                // Connecting all one's pieces: how far apart they stand says how near it is.
                EndCond::Connected => game.players.len() == 2,
                _ => false,
            })
    }

    /// The move this player chooses for the player to move at `pos`; `None` when the game is
    /// over there. `progress` hears how far a long search has got (MCTS iterations).
    pub fn choose(
        &self,
        pos: &Position,
        rng: &mut Rng,
        progress: &mut dyn FnMut(u64),
    ) -> Option<Move> {
        self.choose_within(pos, &mcts::Limits::default(), rng, progress)
    }

    /// The move this player chooses in a game in progress, held to `limits` as in
    /// [`Player::choose_within`]. The default player's alpha-beta also reads the game's
    /// history: a move that the rules of a played game would end there (a repetition
    /// draw, a loss by perpetual check) is scored by that end, not searched, since a
    /// position alone cannot tell.
    pub fn choose_in(
        &self,
        state: &MatchState,
        limits: &mcts::Limits,
        rng: &mut Rng,
        progress: &mut dyn FnMut(u64),
    ) -> Option<Move> {
        let pos = &state.pos;
        if pos.is_chance() {
            // Nobody chooses a throw: the dice decide.
            return pos.random_throw(rng);
        }
        let forbidden = state.forbidden_moves();
        let reads_history = matches!(self, Player::Default(_))
            && (!pos.game.limit_ends.is_empty() || !forbidden.is_empty())
            && Player::searches_by_alpha_beta(pos.game);
        if !reads_history || state.outcome().is_some() {
            let chosen = self.choose_within(pos, limits, rng, progress);
            return match chosen {
                // A search of the position alone may choose a move its history forbids (a
                // repetition): a legal move drawn at random instead.
                Some(m) if forbidden.iter().any(|f| f.same_as(&m)) => {
                    let moves = state.moves();
                    (!moves.is_empty()).then(|| moves[rng.below(moves.len())].clone())
                }
                chosen => chosen,
            };
        }
        let scores = history_scores(state, forbidden);
        self.alpha_beta(pos, scores, limits, rng)
    }

    /// [`Player::choose`] held to `limits`: an MCTS player to its tree size, and MCTS and
    /// alpha-beta players end their search with the best move found so far once
    /// `limits.stop` is raised.
    pub fn choose_within(
        &self,
        pos: &Position,
        limits: &mcts::Limits,
        rng: &mut Rng,
        progress: &mut dyn FnMut(u64),
    ) -> Option<Move> {
        if pos.is_chance() && !pos.is_over() {
            // Nobody chooses a throw: the dice decide.
            return pos.random_throw(rng);
        }
        match *self {
            Player::Random => {
                if pos.is_over() {
                    return None;
                }
                let mut moves = Vec::new();
                pos.legal_moves(&mut moves);
                (!moves.is_empty()).then(|| moves.swap_remove(rng.below(moves.len())))
            }
            Player::AlphaBeta(depth) => {
                let mut searcher = Searcher::new(pos.game, depth);
                if let Some(stop) = &limits.stop {
                    searcher.stop_when(stop.clone());
                }
                searcher.search(pos, rng).map(|c| c.mv)
            }
            Player::Mcts(budget) => {
                mcts::search_within(pos, budget, limits, rng, progress).map(|r| r.mv)
            }
            Player::Default(budget) | Player::Baseline(budget) => {
                let general = matches!(self, Player::Default(_));
                let alpha_beta = if general {
                    Player::searches_by_alpha_beta(pos.game)
                } else {
                    material_differs(pos.game) && pos.game.players.len() == 2
                };
                if alpha_beta {
                    self.alpha_beta(pos, Vec::new(), limits, rng)
                } else {
                    let style = if general { Style::Rave } else { Style::Uct };
                    let budget = match budget {
                        Budget::Time(t) => Budget::Cpu(t),
                        b => b,
                    };
                    mcts::search_styled(pos, budget, limits, style, rng, progress).map(|r| r.mv)
                }
            }
        }
    }
}

impl Player {
    /// The default or baseline player's alpha-beta search of `pos` within its budget, with
    /// `root_scores` for root moves the game's history decides.
    fn alpha_beta(
        &self,
        pos: &Position,
        root_scores: Vec<(Move, i32)>,
        limits: &mcts::Limits,
        rng: &mut Rng,
    ) -> Option<Move> {
        let (eval, budget) = match *self {
            Player::Default(b) => (Eval::General, b),
            Player::Baseline(b) => (Eval::Material, b),
            _ => unreachable!("only the default and baseline players search this way"),
        };
        let mut searcher = Searcher::with_eval(pos.game, MAX_TIMED_DEPTH, eval);
        match budget {
            Budget::Iterations(n) => searcher.set_node_limit(n),
            Budget::Time(t) | Budget::Cpu(t) => {
                // Time is the bound: the node budget of a fixed depth is not.
                searcher.set_node_limit(u64::MAX);
                searcher.set_deadline(clock::Deadline::cpu(t));
            }
        }
        if let Some(stop) = &limits.stop {
            searcher.stop_when(stop.clone());
        }
        searcher.set_root_scores(root_scores);
        searcher.search(pos, rng).map(|c| c.mv)
    }
}

/// The root moves of `state` whose score its history decides, for the player to move:
/// `forbidden` (moves a repetition rule forbids) below any loss, then every move after which
/// a rule read only in played games ends the game (a repetition draw, a perpetual check or
/// chase), or lets the opponent end it in a loss with their reply.
fn history_scores(state: &MatchState, forbidden: Vec<Move>) -> Vec<(Move, i32)> {
    let pos = &state.pos;
    let me = pos.turn();
    let mut scores: Vec<(Move, i32)> = forbidden.into_iter().map(|m| (m, -WIN)).collect();
    if pos.game.limit_ends.is_empty() {
        return scores;
    }
    // Only a limit that decides a winner (a perpetual check loses) is worth a look at the
    // replies: one that only draws (chess's repetitions) the search's own scores weigh.
    let decisive = pos.game.limit_ends.iter().any(|&e| {
        matches!(
            pos.game.end[e].verdict,
            crate::model::Verdict::Win | crate::model::Verdict::Lose
        )
    });
    let mut after = pos.clone();
    for (i, m) in state.moves().iter().enumerate() {
        let mut next = state.clone();
        next.play_index(i);
        let score = match next.outcome() {
            Some(Outcome::Win { player, .. }) if pos.game.same_side(*player, me) => WIN - 1,
            Some(Outcome::Win { .. }) => -(WIN - 1),
            Some(Outcome::Draw { .. }) => 0,
            None if decisive && reply_ends_in_loss(&next, me, &mut after) => -(WIN - 2),
            None => continue,
        };
        scores.push((m.clone(), score));
    }
    scores
}

/// Whether the player to move in `state` has a reply after which a rule read only in played
/// games ends the game in `me`'s loss: a perpetual check or chase by `me` that the reply
/// repeats a third time, which `me` must break off a move earlier. Only replies that bring
/// back a position already seen are played out in full; `after` is scratch.
fn reply_ends_in_loss<'g>(state: &MatchState<'g>, me: usize, after: &mut Position<'g>) -> bool {
    let game = state.pos.game;
    state.moves().iter().enumerate().any(|(j, r)| {
        after.clone_from(&state.pos);
        after.play_unchecked(r);
        if state.occurrences(after.hash()) == 0 {
            return false;
        }
        let mut replied = state.clone();
        replied.play_index(j);
        matches!(replied.outcome(), Some(Outcome::Win { player, .. }) if !game.same_side(*player, me))
    })
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let budget = |f: &mut std::fmt::Formatter<'_>, b: &Budget| match b {
            Budget::Iterations(n) => write!(f, "{n}"),
            Budget::Time(t) | Budget::Cpu(t) => {
                let ms = t.as_millis();
                if ms % 1000 == 0 {
                    write!(f, "{}s", ms / 1000)
                } else {
                    write!(f, "{ms}ms")
                }
            }
        };
        match self {
            Player::Default(Budget::Cpu(t)) if *t == DEFAULT_THINK => write!(f, "default"),
            Player::Default(b) => {
                write!(f, "default:")?;
                budget(f, b)
            }
            Player::Baseline(b) => {
                write!(f, "baseline:")?;
                budget(f, b)
            }
            Player::Random => write!(f, "random"),
            Player::AlphaBeta(d) => write!(f, "alphabeta:{d}"),
            Player::Mcts(b) => {
                write!(f, "mcts:")?;
                budget(f, b)
            }
        }
    }
}

impl std::str::FromStr for Player {
    type Err = String;

    fn from_str(s: &str) -> Result<Player, String> {
        let (name, arg) = match s.split_once(':') {
            Some((n, a)) => (n, Some(a)),
            None => (s, None),
        };
        match (name, arg) {
            ("default", None) => Ok(Player::Default(Budget::Cpu(DEFAULT_THINK))),
            ("default", Some(b)) => budget(b).map(|b| Player::Default(cpu(b))),
            ("baseline", None) => Ok(Player::Baseline(Budget::Cpu(DEFAULT_THINK))),
            ("baseline", Some(b)) => budget(b).map(|b| Player::Baseline(cpu(b))),
            ("random", None) => Ok(Player::Random),
            ("alphabeta", None) => Ok(Player::AlphaBeta(DEFAULT_DEPTH)),
            ("alphabeta", Some(d)) => match d.parse::<usize>() {
                Ok(d) if (1..=8).contains(&d) => Ok(Player::AlphaBeta(d)),
                _ => Err(format!("`{d}` is not a depth from 1 to 8 (alphabeta:3)")),
            },
            ("mcts", None) => Ok(Player::Mcts(Budget::Time(DEFAULT_MCTS_TIME))),
            ("mcts", Some(b)) => budget(b).map(Player::Mcts),
            _ => Err(format!(
                "unknown player `{s}`; players are default[:TIME or WORK], random, \
                 alphabeta[:DEPTH], mcts[:TIME or ITERATIONS] (mcts:1s, mcts:200ms, \
                 mcts:5000) and baseline[:TIME or WORK]"
            )),
        }
    }
}

/// Whether pieces are worth different amounts: the baseline's one reason for alpha-beta.
fn material_differs(game: &Game) -> bool {
    let worths = game.kinds.iter().map(|k| k.worth);
    worths.clone().min() != worths.max()
}

/// A time budget read as CPU time (the default and baseline players think in CPU time).
fn cpu(b: Budget) -> Budget {
    match b {
        Budget::Time(t) => Budget::Cpu(t),
        b => b,
    }
}

/// `1s`, `0.5s`, `200ms` (at most an hour) or a number of iterations (at least 1).
fn budget(b: &str) -> Result<Budget, String> {
    let bad = || format!("`{b}` is not an MCTS budget: a time (1s, 200ms) or iterations (5000)");
    let secs = if let Some(ms) = b.strip_suffix("ms") {
        ms.parse::<f64>().map_err(|_| bad())? / 1000.0
    } else if let Some(s) = b.strip_suffix('s') {
        s.parse::<f64>().map_err(|_| bad())?
    } else {
        return match b.parse::<u64>() {
            Ok(n) if n >= 1 => Ok(Budget::Iterations(n)),
            _ => Err(bad()),
        };
    };
    if secs.is_finite() && secs > 0.0 && secs <= 3600.0 {
        Ok(Budget::Time(Duration::from_secs_f64(secs)))
    } else {
        Err(bad())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_read_and_print_alike() {
        for s in [
            "random",
            "alphabeta:2",
            "mcts:5000",
            "mcts:1s",
            "mcts:200ms",
            "default",
            "default:50ms",
            "default:20000",
            "baseline:2s",
        ] {
            let p: Player = s.parse().unwrap();
            assert_eq!(p.to_string(), s);
        }
        assert_eq!("alphabeta".parse::<Player>(), Ok(Player::AlphaBeta(3)));
        for bad in ["mcts:0", "mcts:-1s", "alphabeta:9", "minimax", "mcts:fast"] {
            assert!(bad.parse::<Player>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_default_searches_by_alpha_beta_where_material_or_a_race_decides() {
        let load = |name: &str| {
            let path = format!("{}/games/{name}.game", env!("CARGO_MANIFEST_DIR"));
            crate::load_file(&path).expect(name)
        };
        // Pieces of different worth, seeds in stores, and races won by reaching a region
        // (Breakthrough's pawns and Brandubh's king are all worth the same).
        for name in [
            "chess",
            "ducart",
            "kalah",
            "oware",
            "breakthrough",
            "brandubh",
        ] {
            assert!(Player::searches_by_alpha_beta(&load(name)), "{name}");
        }
        // And a race whose turn plays each die on its own.
        for name in ["backgammon", "hypergammon"] {
            assert!(Player::searches_by_alpha_beta(&load(name)), "{name}");
        }
        // None of these: lines, connections, no legal move, area, and races of one number a
        // throw.
        for name in ["hex", "clobber", "amazons", "go9", "ur", "senet", "maedn"] {
            assert!(!Player::searches_by_alpha_beta(&load(name)), "{name}");
        }
        // The baseline keeps its one rule: material.
        assert!(!material_differs(&load("breakthrough")));
        assert!(material_differs(&load("chess")));
    }

    #[test]
    fn the_default_reads_the_history_for_repetitions() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/games/chess.game");
        let g = crate::load_file(path).expect("chess");
        let player = Player::Default(Budget::Iterations(20_000));
        // White, a queen down, shuffles a knight while Black shuffles the queen: b1 would
        // bring the start position a third time, a draw that only the history shows.
        let behind = Position::from_text(&g, "3qk3/8/8/8/8/8/8/1N2K3 b - - 0 1").unwrap();
        let mut state = MatchState::new(behind);
        for m in ["d8d7", "b1c3", "d7d8", "c3b1", "d8d7", "b1c3", "d7d8"] {
            state.play_text(m).unwrap();
        }
        let limits = mcts::Limits::default();
        let m = player.choose_in(&state, &limits, &mut Rng::new(1), &mut |_| {});
        assert_eq!(
            state.pos.move_text(&m.unwrap()),
            "c3b1",
            "the lost side takes the draw"
        );
        // A queen up, Black avoids the same draw (d8 would bring the start a third time).
        let ahead = Position::from_text(&g, "3qk3/8/8/8/8/8/8/1N2K3 w - - 0 1").unwrap();
        let mut state = MatchState::new(ahead);
        for m in ["b1c3", "d8d7", "c3b1", "d7d8", "b1c3", "d8d7", "c3b1"] {
            state.play_text(m).unwrap();
        }
        for seed in 1..4 {
            let m = player.choose_in(&state, &limits, &mut Rng::new(seed), &mut |_| {});
            assert_ne!(state.pos.move_text(&m.unwrap()), "d7d8");
        }
    }

    #[test]
    fn a_check_the_reply_would_make_perpetual_scores_as_a_loss() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/games/xiangqi.game");
        let g = crate::load_file(path).expect("xiangqi");
        // Red's rook checks the Black general up and down the file's end; the start comes
        // back after e8e9 a second time. Checking again with a9a8 lets Black bring it back a
        // third time with e8e9, every Red move since a check: Red loses by perpetual check.
        // The loss comes on Black's move, so Red must see it a move before.
        let start = Position::from_text(&g, "4k4/R8/9/9/9/9/9/9/9/3K5 r 0 1").unwrap();
        let mut state = MatchState::new(start);
        for m in ["a8a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8"] {
            state.play_text(m).unwrap();
        }
        let scores: Vec<(String, i32)> = history_scores(&state, Vec::new())
            .iter()
            .map(|(m, s)| (state.pos.move_text(m), *s))
            .collect();
        assert_eq!(scores, [("a9a8".to_string(), -(WIN - 2))]);
        // Once it is played, Black's e8e9 ends the game in Red's loss.
        state.play_text("a9a8").unwrap();
        let mut after = state.pos.clone();
        assert!(reply_ends_in_loss(&state, 0, &mut after));
        state.play_text("e8e9").unwrap();
        assert!(matches!(
            state.outcome(),
            Some(Outcome::Win { player: 1, .. })
        ));
    }

    #[test]
    fn mcts_takes_a_win_in_one_and_blocks_a_loss_in_one() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/games/tic-tac-toe.game");
        let g = crate::load_file(path).expect("tic-tac-toe");
        let mcts = Player::Mcts(Budget::Iterations(2000));
        // X to move with a1 and b1 taken: c1 wins at once.
        let pos = Position::from_text(&g, "O2/O2/XX1 x").unwrap();
        let m = mcts.choose(&pos, &mut Rng::new(7), &mut |_| {}).unwrap();
        assert_eq!(pos.move_text(&m), "c1");
        // O (a3, c2) to move has no win; X threatens c1: only c1 does not lose.
        let pos = Position::from_text(&g, "O2/2O/XX1 o").unwrap();
        let m = mcts.choose(&pos, &mut Rng::new(7), &mut |_| {}).unwrap();
        assert_eq!(pos.move_text(&m), "c1");
    }

    /// Tic-tac-toe cannot show the default ahead of the baseline (both draw it from the
    /// start): what can be shown is that the default never chooses a worse move than the
    /// best, in every position of the game that is not over. The game's values come from a
    /// minimax written here over a plain array (no engine code); the default plays each
    /// position from its position string with 2,000 playouts (at 300 it errs in one
    /// position, at 50 in 62).
    #[test]
    fn the_default_plays_every_tic_tac_toe_position_perfectly() {
        // Cells a1..c1, a2..c2, a3..c3: index (rank - 1) * 3 + file. 1 is X, 2 is O.
        const LINES: [[usize; 3]; 8] = [
            [0, 1, 2],
            [3, 4, 5],
            [6, 7, 8],
            [0, 3, 6],
            [1, 4, 7],
            [2, 5, 8],
            [0, 4, 8],
            [2, 4, 6],
        ];
        fn winner(b: &[u8; 9]) -> u8 {
            LINES
                .iter()
                .find(|l| b[l[0]] != 0 && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]])
                .map_or(0, |l| b[l[0]])
        }
        // The value for the player to move (`me`): 1 a win, 0 a draw, -1 a loss.
        fn value(b: &mut [u8; 9], me: u8, memo: &mut std::collections::HashMap<[u8; 9], i8>) -> i8 {
            if let Some(&v) = memo.get(b) {
                return v;
            }
            let v = if winner(b) != 0 {
                -1
            } else if b.iter().all(|&c| c != 0) {
                0
            } else {
                let mut best = -1;
                for c in 0..9 {
                    if b[c] == 0 {
                        b[c] = me;
                        best = best.max(-value(b, 3 - me, memo));
                        b[c] = 0;
                    }
                }
                best
            };
            memo.insert(*b, v);
            v
        }
        fn text(b: &[u8; 9], me: u8) -> String {
            let ranks: Vec<String> = (0..3)
                .rev()
                .map(|r| {
                    let mut s = String::new();
                    let mut empty = 0;
                    for f in 0..3 {
                        match b[r * 3 + f] {
                            0 => empty += 1,
                            p => {
                                if empty > 0 {
                                    s += &empty.to_string();
                                    empty = 0;
                                }
                                s.push(if p == 1 { 'X' } else { 'O' });
                            }
                        }
                    }
                    if empty > 0 {
                        s += &empty.to_string();
                    }
                    s
                })
                .collect();
            format!("{} {}", ranks.join("/"), if me == 1 { 'x' } else { 'o' })
        }
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/games/tic-tac-toe.game");
        let g = crate::load_file(path).expect("tic-tac-toe");
        let player = Player::Default(Budget::Iterations(2000));
        let mut memo = std::collections::HashMap::new();
        // Every position reachable from the start that is not over, by a walk of the game.
        let mut seen = std::collections::HashSet::new();
        let mut todo = vec![([0u8; 9], 1u8)];
        let (mut checked, mut wrong) = (0, Vec::new());
        while let Some((b, me)) = todo.pop() {
            if !seen.insert(b) || winner(&b) != 0 || b.iter().all(|&c| c != 0) {
                continue;
            }
            let mut scratch = b;
            let best = value(&mut scratch, me, &mut memo);
            let pos = Position::from_text(&g, &text(&b, me)).unwrap();
            let m = player
                .choose(&pos, &mut Rng::new(checked), &mut |_| {})
                .unwrap();
            let name = pos.move_text(&m);
            let bytes = name.as_bytes();
            let cell = usize::from(bytes[1] - b'1') * 3 + usize::from(bytes[0] - b'a');
            let mut after = b;
            after[cell] = me;
            if -value(&mut after, 3 - me, &mut memo) != best {
                wrong.push(format!("{}: {name}", text(&b, me)));
            }
            checked += 1;
            for c in (0..9).filter(|&c| b[c] == 0) {
                let mut next = b;
                next[c] = me;
                todo.push((next, 3 - me));
            }
        }
        assert_eq!(checked, 4520, "positions not over that can arise");
        assert!(wrong.is_empty(), "{} of {checked}: {wrong:?}", wrong.len());
    }

    /// Dots and Boxes on 2 x 2 boxes: in every position not over with at least five of the
    /// twelve lines drawn, the default at 2,000 playouts chooses a turn of the best value,
    /// where some turns draw and others lose. Unlike tic-tac-toe's, this minimax walks the
    /// engine's whole turns (a turn's lines together), keyed by the position's hash: what it
    /// checks is the player, whose search proves draws as well as wins and losses. Without
    /// draws proven it erred in 145 of these positions (it starved a reply that wins, whose
    /// playouts looked worse than the draws beside it). With fewer lines drawn the game is
    /// too deep to prove in 2,000 playouts: it errs in 151 of those 790 positions.
    #[test]
    fn the_default_plays_every_two_by_two_dots_and_boxes_position_perfectly() {
        fn over(pos: &Position, moves: &mut Vec<Move>) -> Option<Outcome> {
            pos.static_outcome().or_else(|| {
                pos.legal_moves(moves);
                moves.is_empty().then(|| pos.no_move_outcome())
            })
        }
        // The value for the player to move: 1 a win, 0 a draw, -1 a loss.
        fn value(pos: &Position, memo: &mut std::collections::HashMap<u64, i8>) -> i8 {
            if let Some(&v) = memo.get(&pos.hash()) {
                return v;
            }
            let mut moves = Vec::new();
            let v = match over(pos, &mut moves) {
                Some(Outcome::Win { player, .. }) if player == pos.turn() => 1,
                Some(Outcome::Win { .. }) => -1,
                Some(Outcome::Draw { .. }) => 0,
                None => moves
                    .iter()
                    .map(|m| after(pos, m, memo))
                    .max()
                    .expect("a move"),
            };
            memo.insert(pos.hash(), v);
            v
        }
        // The value of playing `m` for the player to move at `pos`.
        fn after(pos: &Position, m: &Move, memo: &mut std::collections::HashMap<u64, i8>) -> i8 {
            let mut next = pos.clone();
            next.play_unchecked(m);
            let v = value(&next, memo);
            if next.turn() == pos.turn() {
                v
            } else {
                -v
            }
        }
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/games/dots-and-boxes-2x2.game");
        let g = crate::load_file(path).expect("dots and boxes 2 x 2");
        let player = Player::Default(Budget::Iterations(2000));
        let mut memo = std::collections::HashMap::new();
        let mut seen = std::collections::HashSet::new();
        let mut todo = vec![g.start()];
        let (mut checked, mut wrong) = (0, Vec::new());
        let mut moves = Vec::new();
        while let Some(pos) = todo.pop() {
            if !seen.insert(pos.hash()) || over(&pos, &mut moves).is_some() {
                continue;
            }
            for m in &moves {
                let mut next = pos.clone();
                next.play_unchecked(m);
                todo.push(next);
            }
            // The position string's second field has a digit per line, 1 where drawn.
            let text = pos.to_text();
            let lines = text.split(' ').nth(1).expect("the lines field");
            if lines.bytes().filter(|&b| b == b'1').count() < 5 {
                continue;
            }
            let best = value(&pos, &mut memo);
            let m = player
                .choose(&pos, &mut Rng::new(checked), &mut |_| {})
                .unwrap();
            if after(&pos, &m, &mut memo) != best {
                wrong.push(format!("{text}: {}", pos.move_text(&m)));
            }
            checked += 1;
        }
        assert_eq!(checked, 4571, "positions not over with five lines or more");
        assert!(wrong.is_empty(), "{} of {checked}: {wrong:?}", wrong.len());
    }
}

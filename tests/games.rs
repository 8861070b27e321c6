//! Every shipped game: its summary, start board and sorted legal moves as a snapshot, a seeded
//! playout trace as a snapshot, and engine invariants over thousands of random positions.

mod common;

use std::collections::HashMap;
use std::collections::HashSet;
use tabula::engine::{Game, MatchState, Move, MoveKind, Playout, Position, Scratch};
use tabula::geometry::{Cell, CellSet, NONE};
use tabula::rng::Rng;

/// The shipped games' names, `chess` and `variants/horde` (load them from `games/NAME.game`).
fn shipped() -> Vec<String> {
    let names: Vec<String> = common::shipped_games()
        .iter()
        .map(|f| common::game_name(f))
        .collect();
    assert!(
        names.len() >= 4,
        "expected the shipped games, found {names:?}"
    );
    names
}

/// A snapshot's name for a game: `variants/horde` becomes `variants-horde`.
fn snapshot_name(name: &str) -> String {
    name.replace('/', "-")
}

fn load(name: &str) -> Game {
    common::game(&format!("games/{name}.game"))
}

#[test]
fn start_snapshots() {
    for name in shipped() {
        let g = load(&name);
        let pos = g.start();
        let moves = pos.legal_move_texts();
        let text = format!(
            "{}\nposition: {}\n{}\nmoves ({}):\n{}\n",
            g.summary(),
            pos.to_text(),
            pos.render(),
            moves.len(),
            moves.join("\n")
        );
        common::in_snapshots(|| {
            insta::assert_snapshot!(format!("game-{}", snapshot_name(&name)), text)
        });
    }
}

#[test]
fn seeded_playout_traces() {
    for name in shipped() {
        let g = load(&name);
        let mut runner = Playout::new(g.start());
        let mut rng = Rng::new(1);
        let mut moves = Vec::new();
        let r = runner.run(&mut rng, &mut |pos, m| moves.push(pos.move_text(m)));
        let mut text = format!("{} plies: {}\n", r.plies, r.outcome.describe(&g));
        for (i, chunk) in moves.chunks(10).enumerate() {
            text.push_str(&format!("{:>4}. {}\n", i * 10 + 1, chunk.join(" ")));
        }
        common::in_snapshots(|| {
            insta::assert_snapshot!(format!("playout-{}", snapshot_name(&name)), text)
        });
    }
}

/// `run_quiet` plays the very games `run` plays, also where it plays them on bitboards
/// alone (games of plain placements): the same plies and outcomes over many consecutive
/// games of one generator each, so a single draw more or less would show in every later
/// game. Named positions of the placement games (a board nearly full, a line nearly made, a
/// column nearly full) start some of them, and a short cap ends some.
#[test]
fn quiet_playouts_are_the_same_games() {
    let mut starts: Vec<(String, Option<&str>)> =
        shipped().into_iter().map(|n| (n, None)).collect();
    starts.extend([
        ("tic-tac-toe".to_string(), Some("XO1/1X1/O2 x 4 3")),
        ("connect-four".to_string(), Some("7/7/D6/Dd5/Dd5/Dd5 y 0 1")),
        (
            "connect-four".to_string(),
            Some("d6/D6/d6/D6/d6/D2dD2 r 0 1"),
        ),
    ]);
    for (name, at) in starts {
        let g = load(&name);
        let start = at.map_or_else(
            || g.start(),
            |p| Position::from_text(&g, p).expect("a named start"),
        );
        // Arimaa lists thousands of whole turns a ply: a few games.
        let games = if slow(&g) || g.steps.is_some() {
            3
        } else {
            300
        };
        for cap in [100_000, 5] {
            let (mut plain, mut quiet) = (Playout::new(start.clone()), Playout::new(start.clone()));
            plain.max_plies = cap;
            quiet.max_plies = cap;
            let (mut a, mut b) = (Rng::new(7), Rng::new(7));
            for i in 0..games {
                let x = plain.run(&mut a, &mut |_, _| {});
                let y = quiet.run_quiet(&mut b);
                assert_eq!(
                    (x.plies, &x.outcome),
                    (y.plies, &y.outcome),
                    "{name} from {at:?}, cap {cap}, game {i}"
                );
            }
        }
    }
    // (That the games of plain placements do take the bitboard path is a unit test of
    // `engine::search`.)
}

/// Where nothing filters a player's moves, a random move is drawn, and perft's last ply
/// counted, by counting them (`engine/counted.rs`: steps on bitboards, slides on ray masks,
/// other rules listed): at every position along random games of every shipped game, the
/// count is the legal list's length, the draw is the move the list gives at the index drawn
/// from the same generator, and both generators are left in the same state. Breakthrough
/// (steps that capture), English draughts (jumps that may start, compulsory capture), Dame
/// (slides, jumps over a gap, promotion on arrival) and Harzdame (the most captures, moves
/// told apart by their captures) take the counting path.
#[test]
fn counted_moves_are_the_listed_move() {
    let mut counted = HashSet::new();
    for name in shipped() {
        let g = load(&name);
        // Races draw their moves without listing them too.
        let fast = |turn: usize| g.draw_plans[turn].is_some() || g.race.is_some() || g.reach_draw;
        if !(fast(0) || fast(1)) || slow(&g) {
            continue;
        }
        for seed in 0..4 {
            let (_, positions, _) = common::random_game(&g, seed, 300);
            for text in positions {
                let pos = Position::from_text(&g, &text).expect("a reached position");
                // A throw is drawn by its probability, not uniformly.
                if !fast(pos.turn()) || pos.is_over() || pos.is_chance() {
                    continue;
                }
                let mut legal = Vec::new();
                pos.legal_moves(&mut legal);
                // Perft's last ply counts the moves the same way.
                assert_eq!(
                    tabula::engine::perft(&pos, 1, &mut |_| {}).expect("within the move budget"),
                    legal.len() as u64,
                    "{name} at {text}"
                );
                if legal.is_empty() {
                    continue;
                }
                for draw in 0..3 {
                    let (mut a, mut b) = (Rng::new(seed * 7 + draw), Rng::new(seed * 7 + draw));
                    let (mut buf, mut scratch) = (Vec::new(), Scratch::new(&pos));
                    let m = pos
                        .random_legal_move(&mut a, &mut buf, &mut scratch)
                        .expect("a move");
                    let listed = legal[b.below(legal.len())].clone();
                    assert_eq!(
                        pos.move_text(&m),
                        pos.move_text(&listed),
                        "{name} at {text}"
                    );
                    assert!(m.same_as(&listed), "{name} at {text}");
                    // A pass where nothing else is legal is made without a draw, as on the
                    // general path.
                    if !(legal.len() == 1 && legal[0].kind == MoveKind::Pass) {
                        assert_eq!(a.next_u64(), b.next_u64(), "{name} at {text}");
                    }
                }
                counted.insert(name.clone());
            }
        }
    }
    for name in [
        "breakthrough",
        "english-draughts",
        "dame-ludii1",
        "harzdame",
        "ur",
        "chinese-checkers",
    ] {
        assert!(counted.contains(name), "{name} counts its moves");
    }
}

/// Playouts must end by the game's own rules, never by the engine's safety cap.
#[test]
fn playouts_finish_by_the_rules() {
    for name in shipped() {
        let g = load(&name);
        let mut runner = Playout::new(g.start());
        let mut rng = Rng::new(99);
        for _ in 0..30 {
            let r = runner.run(&mut rng, &mut |_, _| {});
            let why = r.outcome.describe(&g);
            assert!(
                !why.contains("playout cap"),
                "{name}: {why} after {} plies",
                r.plies
            );
        }
    }
}

/// The pseudo-legal moves of `player`'s enemies in `pos`: the player to move's, or with teams
/// every player's of another team, each as if it were their turn (the turn passed on to them).
fn enemy_moves(pos: &Position, player: usize) -> Vec<Move> {
    let g = pos.game;
    let mut all = Vec::new();
    if !g.has_teams {
        pos.pseudo_legal_moves(&mut all);
        return all;
    }
    for q in (0..g.players.len()).filter(|&q| !g.same_side(q, player)) {
        let mut theirs = pos.clone();
        for _ in 0..g.players.len() {
            if theirs.turn() == q {
                break;
            }
            theirs.pass_turn();
        }
        // A player who is out (skipped by the turn) has no moves.
        if theirs.turn() == q {
            let mut moves = Vec::new();
            theirs.pseudo_legal_moves(&mut moves);
            all.extend(moves);
        }
    }
    all
}

/// Whether a royal piece of `player`, other than one on `spared` (`NONE`: any), could be
/// captured by the opponent's very next pseudo-legal move: brute force, independent of the
/// engine's attack tables.
fn royal_capturable_except(pos: &Position, player: usize, spared: Cell) -> bool {
    let g = pos.game;
    let opp = enemy_moves(pos, player);
    debug_assert_ne!(pos.turn(), player);
    opp.iter().any(|m: &Move| {
        m.captures().iter().any(|&c| {
            c != spared
                && pos.at(c) != 0
                && g.royal[pos.at(c) as usize]
                && g.owner(pos.at(c)) == player
        })
    }) || royals_face(pos, player, &g.face_dirs)
}

/// `royal together`, by brute force: the opponent (to move in `pos`) could capture every royal
/// piece of `player`, one at a time (and there is one).
fn every_royal_capturable(pos: &Position, player: usize) -> bool {
    let g = pos.game;
    let opp = enemy_moves(pos, player);
    let royals: Vec<Cell> = (0..g.board.len() as Cell)
        .filter(|&c| pos.at(c) != 0 && g.royal[pos.at(c) as usize] && g.owner(pos.at(c)) == player)
        .collect();
    !royals.is_empty()
        && royals
            .iter()
            .all(|r| opp.iter().any(|m: &Move| m.captures().contains(r)))
}

/// `in check, a royal piece moves only to take a lone checking piece`, by brute force: a move
/// of a royal piece in check is allowed only where its landing cell holds the one enemy piece
/// whose moves (the opponent's, were it their turn) could capture a royal piece.
fn lone_checker_taken(pos: &Position, m: &Move) -> bool {
    let g = pos.game;
    let mover = pos.at(m.from);
    if mover == 0 || !g.royal[mover as usize] || !pos.in_check() {
        return true;
    }
    let mut other = pos.clone();
    other.pass_turn();
    let mut replies = Vec::new();
    other.pseudo_legal_moves(&mut replies);
    let mut checkers: Vec<Cell> = replies
        .iter()
        .filter(|r| {
            r.captures().iter().any(|&c| {
                pos.at(c) != 0
                    && g.royal[pos.at(c) as usize]
                    && g.owner(pos.at(c)) != g.owner(pos.at(r.from))
            })
        })
        .map(|r| r.from)
        .collect();
    checkers.sort_unstable();
    checkers.dedup();
    checkers == [m.to]
}

/// Whether a royal piece of `player` faces an enemy royal piece along one of the game's
/// `royal pieces may not face each other` lines, nothing between.
fn royals_face(pos: &Position, player: usize, dirs: &[u8]) -> bool {
    let g = pos.game;
    let royal_of = |c: Cell, p: usize| {
        let v = pos.at(c);
        v != 0 && g.royal[v as usize] && g.owner(v) == p
    };
    (0..pos.cells().len() as Cell)
        .filter(|&c| royal_of(c, player))
        .any(|c| {
            dirs.iter().any(|&d| {
                let first = g.board.ray(c, d).iter().find(|&&t| pos.at(t) != 0);
                first.is_some_and(|&t| royal_of(t, player ^ 1))
            })
        })
}

/// Games whose legality is decided by playing every reply (board rules that change threats,
/// such as hypnosis): they get smaller budgets in these sweeps.
fn slow(g: &Game) -> bool {
    g.legality_by_play
}

fn check_position(name: &str, pos: &Position, checked: &mut u64) {
    let g = pos.game;
    let me = pos.turn();
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);

    // No duplicates, and every move's text reads back as that move.
    let texts: Vec<String> = legal.iter().map(|m| pos.move_text(m)).collect();
    let unique: HashSet<&String> = texts.iter().collect();
    assert_eq!(
        unique.len(),
        texts.len(),
        "{name}: duplicate moves at {}",
        pos.to_text()
    );
    // Reading a text back lists the moves again, so where moves are many (Amazons: about
    // two thousand) an even sample of 64 is read back.
    let stride = (texts.len() / 64).max(1);
    for t in texts.iter().step_by(stride) {
        let back = pos.parse_move(t).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(pos.move_text(&back), *t);
    }

    // The frozen cells the position keeps (found by the board rules after each move: the
    // cascade) are the ones found afresh.
    let fresh = g
        .board_rules
        .iter()
        .fold(CellSet::EMPTY, |f, r| f.union(&r.frozen(pos)));
    assert_eq!(
        *pos.frozen(),
        fresh,
        "{name}: frozen cells at {}",
        pos.to_text()
    );
    // (The one-cell test of hypnosis agrees with these: a unit test of `native::hypnosis`.)

    // Position strings round-trip.
    let again = Position::from_text(g, &pos.to_text())
        .unwrap_or_else(|e| panic!("{name}: {e} for {}", pos.to_text()));
    assert_eq!(again.to_text(), pos.to_text());
    assert_eq!(again.legal_move_texts(), {
        let mut t = texts.clone();
        t.sort();
        t
    });

    // Playing a move keeps the incremental hash exact, and the copy we played on leaves the
    // original untouched (copy-make "undo").
    let before = (pos.to_text(), pos.hash());
    // Where legality plays every reply (hypnosis), try_play is costly: try a few moves. It
    // lists the moves again, so where they are thousands an even sample of 256 is tried.
    let tries = if slow(g) { 3 } else { usize::MAX };
    let stride = (legal.len() / 256).max(1);
    for (i, m) in legal.iter().enumerate() {
        let mut child = pos.clone();
        if i < tries && i % stride == 0 {
            let mut tried = pos.clone();
            tried
                .try_play(m)
                .unwrap_or_else(|e| panic!("{name}: generated move rejected: {e}"));
            child.play_unchecked(m);
            assert_eq!(tried.hash(), child.hash());
        } else {
            child.play_unchecked(m);
        }
        assert_eq!(
            child.hash(),
            child.compute_hash(),
            "{name}: hash drift after {}",
            pos.move_text(m)
        );
        // (With hypnosis a capture whose capturer the cascade removes is no threat, B13.1:
        // this capture-only brute force does not apply. Nor where captures explode: a royal
        // piece is safe when no enemy piece attacks it, though a capture beside it would blow
        // it up, as in atomic chess.)
        // `royal when last`: royal pieces are guarded only where the mover had one, and a
        // piece promoted to a second one beside it may be taken.
        let guarded = !g.royal_last || pos.royal_count(me) == 1;
        let spared = if g.royal_last && child.royal_count(me) > 1 {
            m.to
        } else {
            NONE
        };
        // Bikjang (Janggi's `must part`): with the royal pieces facing as the turn begins, a
        // pass is legal even in check.
        let bikjang_pass = m.kind == MoveKind::Pass && royals_face(pos, me, &g.part_dirs);
        if g.has_royal && !slow(g) && g.explosion.is_none() && guarded && !bikjang_pass {
            // `royal together`: not every royal piece may be left capturable.
            let exposed = if g.royal_together {
                every_royal_capturable(&child, me)
            } else {
                royal_capturable_except(&child, me, spared)
            };
            assert!(
                !exposed,
                "{name}: {} leaves the royal piece capturable at {}",
                pos.move_text(m),
                pos.to_text()
            );
        }
        *checked += 1;
    }
    assert_eq!((pos.to_text(), pos.hash()), before);

    // Playouts draw by testing pseudo-legal moves one at a time: the draw is a legal move,
    // and there is one exactly when the move list is not empty.
    let mut rng = Rng::new(*checked);
    let (mut buf, mut scratch) = (Vec::new(), Scratch::new(pos));
    for _ in 0..3 {
        match pos.random_legal_move(&mut rng, &mut buf, &mut scratch) {
            Some(m) => assert!(
                texts.contains(&pos.move_text(&m)),
                "{name}: drew {} at {}",
                pos.move_text(&m),
                pos.to_text()
            ),
            None => assert!(legal.is_empty(), "{name}: no draw at {}", pos.to_text()),
        }
    }

    // Royal safety filters exactly the moves that expose the royal piece.
    // (With hypnosis a royal piece can also be lost to the cascade, which this capture-only
    // brute force does not see; where captures explode, royal safety is the attack test with
    // its exceptions, not whether a capture could blow the royal piece up.)
    if g.has_royal && !g.compulsory_capture && !slow(g) && g.explosion.is_none() {
        let mut pseudo = Vec::new();
        pos.pseudo_legal_moves(&mut pseudo);
        for m in &pseudo {
            let text = pos.move_text(m);
            let mut child = pos.clone();
            // Gating: the move is judged without the piece it leaves behind, as
            // Fairy-Stockfish judges it (that piece shields nothing).
            let mut judged = m.clone();
            if !g.gate_cells.is_empty() {
                judged.shot = tabula::geometry::NONE;
            }
            child.play_unchecked(&judged);
            // A drop that may not give checkmate and does is illegal too (uchifuzume), and so
            // is any check where moves may not give one (Racing Kings).
            // `royal when last`: only a mover's one royal piece is guarded, and not a piece
            // promoted beside it to a second one.
            let spared = if g.royal_last && child.royal_count(me) > 1 {
                m.to
            } else {
                tabula::geometry::NONE
            };
            let guarded = !g.royal_last || pos.royal_count(me) == 1;
            let royal_lost = if g.royal_together {
                every_royal_capturable(&child, me)
            } else {
                guarded && royal_capturable_except(&child, me, spared)
            };
            // `must part`: where royal pieces face each other, a pass is legal even in
            // check, and every other move must part them.
            let parting = pos.royals_face();
            let exposed = if parting && m.kind == tabula::engine::MoveKind::Pass {
                false
            } else {
                royal_lost
                    || pos.drop_mates(m)
                    || (g.no_checks && child.in_check())
                    || (g.lone_checker && !lone_checker_taken(pos, m))
                    || (parting && child.royals_face())
            };
            assert_eq!(
                texts.contains(&text),
                !exposed,
                "{name}: {text} at {} filtered wrongly",
                pos.to_text()
            );
        }
    }
}

#[test]
fn invariants_over_random_positions() {
    for name in shipped() {
        let g = load(&name);
        let mut rng = Rng::new(2024);
        let mut positions = 0;
        let mut moves_checked = 0;
        // Games with hypnosis, or with thousands of moves a position (Amazons), get fewer;
        // turns of several placements (Connect6: tens of thousands) and of several steps
        // (Arimaa: thousands to tens of thousands) fewer still.
        let budget = if g.turn_places.is_some() || g.steps.is_some() {
            12
        } else if slow(&g) || g.start().legal_move_texts().len() > 500 {
            300
        } else {
            2000
        };
        while positions < budget {
            let mut state = MatchState::new(g.start());
            while state.outcome().is_none() && positions < budget {
                check_position(&name, &state.pos, &mut moves_checked);
                positions += 1;
                let i = rng.below(state.moves().len());
                state.play_index(i);
            }
        }
        assert!(
            moves_checked > budget as u64 * 3,
            "{name}: only {moves_checked} moves checked"
        );
    }
}

/// The same invariants (every legal move has its own text, which reads back as that move; the
/// royal filter is exact; ...) on the small fixture games of tests/language and tests/hooks.
#[test]
fn invariants_over_fixture_games() {
    let mut files = common::files("tests/language", "game");
    files.extend(common::files("tests/hooks", "game"));
    assert!(files.len() >= 5, "fixtures: {files:?}");
    for file in files {
        let g = common::game(&file);
        let mut rng = Rng::new(7);
        let (mut positions, mut moves_checked) = (0, 0);
        for _ in 0..20 {
            let mut state = MatchState::new(g.start());
            let mut plies = 0;
            while state.outcome().is_none() && plies < 40 {
                check_position(&file, &state.pos, &mut moves_checked);
                positions += 1;
                plies += 1;
                let i = rng.below(state.moves().len());
                state.play_index(i);
            }
        }
        assert!(
            positions > 0 && moves_checked > 0,
            "{file}: nothing checked"
        );
    }
}

/// The bitboard generator (small square boards) must produce exactly the general generator's
/// moves.
#[test]
fn bitboard_generation_matches_the_general_generator() {
    let mut compared = 0;
    for name in shipped() {
        let g = load(&name);
        // 64-bit sets up to 64 cells, 128-bit sets from 65 to 128.
        if g.bitboards.is_none() && g.wide_bitboards.is_none() {
            continue;
        }
        let mut rng = Rng::new(7);
        let (mut fast, mut general) = (Vec::new(), Vec::new());
        for _ in 0..30 {
            let mut state = MatchState::new(g.start());
            while state.outcome().is_none() {
                let pos = &state.pos;
                pos.pseudo_legal_moves(&mut fast);
                // The general generator's list leaves out the pass (`players may pass`).
                fast.retain(|m| m.kind != MoveKind::Pass);
                pos.pseudo_legal_moves_general(&mut general);
                let text = |ms: &[Move]| {
                    let mut t: Vec<String> = ms.iter().map(|m| pos.move_text(m)).collect();
                    t.sort();
                    t
                };
                assert_eq!(text(&fast), text(&general), "{name} at {}", pos.to_text());
                compared += 1;
                let i = rng.below(state.moves().len());
                state.play_index(i);
            }
        }
    }
    assert!(compared > 5_000, "only {compared} positions compared");
}

/// Drawing a random legal move by testing pseudo-legal moves in random order picks every legal
/// move equally often: positions where many pseudo-legal moves are illegal.
#[test]
fn random_legal_moves_are_uniform() {
    let cases = [
        // A pinned pawn and a king with few squares.
        ("chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
        // In check: most pseudo-legal moves are illegal.
        ("chess", "4k3/8/8/8/1b6/8/3P4/R3K2R w KQ - 0 1"),
        // Hypnosis: moves into a shaman's line and cascades.
        ("bucky", "4d3/4w3/8/8/5S2/2s5/3J4/4D3 w - - 0 1"),
        ("bucky", "4d3/4w3/8/1s6/8/3C4/2SJ4/3MD3 w - - 0 1"),
    ];
    for (name, text) in cases {
        let g = load(name);
        let pos = Position::from_text(&g, text).unwrap();
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        let mut pseudo = Vec::new();
        pos.pseudo_legal_moves(&mut pseudo);
        assert!(
            legal.len() > 1 && pseudo.len() > legal.len(),
            "{name}: {text}"
        );
        let per_move = 400;
        let mut rng = Rng::new(11);
        let (mut buf, mut scratch) = (Vec::new(), Scratch::new(&pos));
        let mut seen: HashMap<String, usize> = HashMap::new();
        for _ in 0..per_move * legal.len() {
            let m = pos
                .random_legal_move(&mut rng, &mut buf, &mut scratch)
                .unwrap();
            *seen.entry(pos.move_text(&m)).or_default() += 1;
        }
        assert_eq!(seen.len(), legal.len(), "{name}: {text}");
        for (m, n) in &seen {
            // About five standard deviations either way.
            assert!(
                n.abs_diff(per_move) < per_move / 4,
                "{name}: {m} drawn {n} times, expected about {per_move}"
            );
        }
    }
}

/// Crazyhouse (issue 34): a promoted mark belongs to the position. A queen that was a pawn
/// (`Q~`) and a queen that was not trade places twice: the board repeats every six plies,
/// the marks only every twelve, so the third occurrence, and the draw, comes at ply 24.
#[test]
fn positions_told_apart_by_a_promoted_mark_are_no_repetition() {
    let g = load("crazyhouse");
    let start = Position::from_text(&g, "3k4/8/8/8/8/8/8/Q~Q5K w - - - 0 1").expect("a position");
    let swapped = Position::from_text(&g, "3k4/8/8/8/8/8/8/QQ~5K w - - - 0 1").expect("a position");
    assert_ne!(start.hash(), swapped.hash());
    let mut state = MatchState::new(start);
    let swap = "a1a2 d8e8 b1a1 e8e7 a2b1 e7d8";
    let back = "b1b2 d8e8 a1b1 e8e7 b2a1 e7d8";
    let mut plies = 0;
    for _ in 0..2 {
        for m in swap.split(' ').chain(back.split(' ')) {
            assert!(state.outcome().is_none(), "over after {plies} plies");
            state.play_text(m).expect("a legal move");
            plies += 1;
            if plies == 6 {
                assert_eq!(state.pos.hash(), swapped.hash(), "the marks swapped");
            }
        }
    }
    let end = state.outcome().expect("the third occurrence");
    assert_eq!(end.describe(&g), "draw (draw on threefold repetition)");
}

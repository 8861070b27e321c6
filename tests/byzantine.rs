//! Byzantine chess (games/byzantine.game) on its round board: the mating move wins, pawns that
//! meet are both removed, a rook on a ring lists each cell once, the counts from the start
//! agree with Ludii 1.3.12's beyond the depths of tests/perft/byzantine.perft once the moves
//! across Ludii's seam are left out, and 20 seeded random games of Ludii are replayed turn by
//! turn (tests/hunt/byzantine.ludii.gz, written by tests/hunt/ludii_turns.py from the oracle's
//! dump, see its first line): at every position the owners of the cells, the player to move
//! and the whole set of legal turns, each written as the cells its piece stands on and the
//! enemy cells it leaves empty (a pawn met); at the end, the winner. Ludii's seam also hides
//! attacks across it from its royal safety, so the replay follows Ludii's reading and holds
//! Tabula's own legal turns against it at every position (`replays_ludii_games`).
mod common;
use tabula::engine::{MatchState, Move, MoveKind, Outcome, Position};

fn game() -> tabula::engine::Game {
    common::game("games/byzantine.game")
}

/// White's rook on h2 holds the second ring; g3-g1 checks along the innermost ring, both ways
/// round, and the black king on a1 has nowhere to go: White wins.
#[test]
fn the_mating_move_wins_for_white() {
    let g = game();
    let mut st = MatchState::new(Position::from_text(&g, "8K7/6R9/7R8/k15 w 0 1").unwrap());
    assert!(st.outcome().is_none());
    st.play_text("g3g1").unwrap();
    match st.outcome() {
        Some(Outcome::Win { player: 0, .. }) => {}
        other => panic!("g3g1 mates: {other:?}"),
    }
}

/// A pawn that steps up to an enemy pawn straight ahead is removed with it (Ludii's reading).
#[test]
fn pawns_that_meet_are_both_removed() {
    let g = game();
    let mut st = MatchState::new(Position::from_text(&g, "8K7/16/16/1p1P8k3 w 0 1").unwrap());
    st.play_text("d1c1").unwrap();
    assert_eq!(st.pos.to_text(), "8K7/16/16/12k3 b 0 0 1");
}

/// A rook alone on its ring reaches each of the other fifteen cells once, not once each way.
#[test]
fn a_rook_lists_each_cell_of_its_ring_once() {
    let g = game();
    let pos = Position::from_text(&g, "R15/16/16/K7k7 w 0 1").unwrap();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let a4 = g.board.cell("a4").unwrap();
    let rook: Vec<&Move> = moves.iter().filter(|m| m.from == a4).collect();
    assert_eq!(rook.len(), 15 + 2, "the ring and a3, a2");
}

/// Black's king on h1, not in check, has nowhere to go (g1 and i1 are the knight's on h3, g2,
/// h2 and i2 the rook's on d2): Black passes, and the game goes on. Ludii 1.3.12 passes too
/// (its `Trial.setLegalMoves` adds a forced pass where a player has no legal move, and only
/// its limit of turns ends a game of passes); none of the replayed games has one.
#[test]
fn a_stuck_player_passes() {
    let g = game();
    let pos = Position::from_text(&g, "12K3/7N8/3R12/7k8 b 0 1").unwrap();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert_eq!(texts(&pos, &moves), [":"]);
    assert_eq!(texts(&pos, &turns_as_ludii(&pos)), [":"], "Ludii's reading");
    let mut st = MatchState::new(pos);
    st.play_index(0);
    assert_eq!(st.pos.turn(), 0);
    assert!(st.outcome().is_none());
}

/// Whether Ludii 1.3.12's board has move `m`: its rings stop at a seam, its `CW` and `CCW`
/// steps joining only files b to o (Ludii's sites 2 to 15 of each ring), so that no pawn steps
/// or captures forward from a cell with no such step and no rook slides along a ring across
/// the seam or from files a and p. A pass is Ludii's too.
fn ludii_has(pos: &Position, m: &Move) -> bool {
    if m.kind == MoveKind::Pass {
        return true;
    }
    let g = pos.game;
    let code = pos.cells()[m.from as usize];
    let name = g.kinds[g.kind_of(code)].name.as_str();
    let (fx, fy) = g.board.coords[m.from as usize];
    let (tx, ty) = g.board.coords[m.to as usize];
    match name {
        "left-pawn" => (2..=14).contains(&fx),
        "right-pawn" => (1..=13).contains(&fx),
        "rook" if fy == ty => {
            let inner = 1..=14;
            inner.contains(&fx)
                && inner.contains(&tx)
                && (fx.min(tx) + 1..fx.max(tx))
                    .all(|x| pos.cells()[g.board.at(x, fy) as usize] == 0)
        }
        _ => true,
    }
}

fn perft_as_ludii(pos: &Position, depth: usize) -> u64 {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.retain(|m| ludii_has(pos, m));
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            perft_as_ludii(&next, depth - 1)
        })
        .sum()
}

/// Ludii's counts at depths 3 and 4 (`java Oracle perft "Shatranj ar-Rumiya" 4`: 2,856 and
/// 41,616) are Tabula's without the moves Ludii's seam leaves out (Tabula's own full counts
/// are 2,912 and 43,267: the 56 more at depth 3 are the four pawns on file b stepping on to
/// file a, after each of Black's 14 replies).
#[test]
fn deeper_counts_agree_with_ludii_without_its_seam() {
    let g = game();
    let start = g.start();
    assert_eq!(perft_as_ludii(&start, 3), 2856);
    assert_eq!(perft_as_ludii(&start, 4), 41616);
}

/// Ludii's site order on this board: ring by ring from the innermost, each ring's sites being
/// file a, the last file (p), then files b onward (tests/hunt/ludii_turns.py's `round`).
fn ludii_order(g: &tabula::engine::Game) -> Vec<usize> {
    let last = g.board.coords.iter().map(|&(x, _)| x).max().unwrap_or(0);
    let mut cells: Vec<usize> = (0..g.board.len()).collect();
    cells.sort_by_key(|&c| {
        let (x, y) = g.board.coords[c];
        let k = match x {
            0 => 0,
            x if x == last => 1,
            x => x + 1,
        };
        (y, k)
    });
    cells
}

/// Whether the player to move could take the other player's king with a move Ludii's board
/// has: Ludii's reading of "the other king is attacked", which sees no attack across its seam.
fn king_takeable_as_ludii(pos: &Position, replies: &mut Vec<Move>) -> bool {
    let g = pos.game;
    let other = 1 - pos.turn();
    let king = pos.cells().iter().position(|&code| {
        code != 0 && g.owner(code) == other && g.kinds[g.kind_of(code)].name == "king"
    });
    // A side without a king (no position of this game) counts as taken.
    let Some(king) = king else { return true };
    pos.pseudo_legal_moves(replies);
    replies
        .iter()
        .any(|r| r.to as usize == king && ludii_has(pos, r))
}

/// The turns Ludii allows here: Tabula's moves before royal safety that Ludii's board has,
/// each kept unless a reply Ludii's board has takes the mover's king, and a pass where none
/// is left (as Ludii passes a player without a move).
fn turns_as_ludii(pos: &Position) -> Vec<Move> {
    let mut moves = Vec::new();
    pos.pseudo_legal_moves(&mut moves);
    let mut replies = Vec::new();
    let mut after = pos.clone();
    moves.retain(|m| {
        after.clone_from(pos);
        after.play_unchecked(m);
        ludii_has(pos, m) && !king_takeable_as_ludii(&after, &mut replies)
    });
    if moves.is_empty() {
        moves.push(Move::pass());
    }
    moves
}

/// The turns of `moves`, as the data writes them, sorted.
fn texts(pos: &Position, moves: &[Move]) -> Vec<String> {
    let mut t: Vec<String> = moves
        .iter()
        .map(|m| common::ludii_emptying_turn(pos, m))
        .collect();
    t.sort();
    t
}

/// Compares Tabula's legal turns at `pos` with Ludii's `want` (sorted): Ludii's turns must be
/// [`turns_as_ludii`], and Tabula's (without the moves across the seam, [`ludii_has`]) must be
/// among them, the others being moves that Tabula's royal safety drops (Ludii's king being
/// attacked only across its seam there) or Ludii's pass where Tabula has no such move left.
/// Returns whether the two differ.
fn compare_turns(pos: &Position, ludii: &[Move], want: &[&str], at: &str) -> bool {
    assert_eq!(texts(pos, ludii), want, "{at}: Ludii's turns");
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    legal.retain(|m| ludii_has(pos, m));
    let tabula = texts(pos, &legal);
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    let pseudo = texts(pos, &pseudo);
    for t in &tabula {
        assert!(
            want.contains(&t.as_str()),
            "{at}: Tabula's {t} is not Ludii's"
        );
    }
    for w in want {
        let explained = if *w == ":" {
            tabula.is_empty()
        } else {
            pseudo.iter().any(|p| p == w)
        };
        assert!(
            tabula.iter().any(|t| t == w) || explained,
            "{at}: Ludii's {w} is none of Tabula's moves"
        );
    }
    tabula.len() != want.len()
}

/// Tabula's outcome at `pos`, as a game reaching it would have it (the game has no rule that
/// reads the history).
fn outcome(pos: &Position) -> Option<Outcome> {
    MatchState::new(pos.clone()).outcome().cloned()
}

/// Byzantine chess as Ludii plays it: 20 seeded random games of Ludii replayed turn by turn
/// (tests/hunt/byzantine.ludii.gz, see its first line), at every position the owners of the
/// cells, the player to move and the whole set of legal turns, and at the end the winner (the
/// mating player; a draw at Ludii's limit of 2500 plies). Ludii's board stops at a seam
/// ([`ludii_has`]), which also hides attacks across it from its royal safety: a king may stand
/// there attacked along a ring through files a and p, or by a pawn across the seam. So the
/// game is replayed by Ludii's reading ([`turns_as_ludii`], Ludii's played turn played
/// whatever Tabula's royal safety says), and at every position Tabula's own legal turns are
/// held against Ludii's ([`compare_turns`]).
#[test]
fn replays_ludii_games() {
    let g = game();
    let mut data = String::new();
    let file = std::fs::File::open(common::root("tests/hunt/byzantine.ludii.gz")).unwrap();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(file), &mut data).unwrap();
    let order = ludii_order(&g);
    let mut pos = g.start();
    let mut ludii = Vec::new();
    let (mut games, mut positions, mut differing, mut seam_mates) = (0, 0, 0, 0);
    for (i, line) in data.lines().enumerate() {
        let at = format!("byzantine.ludii:{}", i + 1);
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "game" => pos = g.start(),
            "pos" => {
                assert_eq!(
                    common::ludii_position(&pos, &order),
                    rest,
                    "{at}: the position"
                );
                if let Some(o) = outcome(&pos) {
                    // Tabula's king is mated, Ludii's (seeing no attack across its seam) not.
                    let mover = 1 - pos.turn();
                    assert!(
                        matches!(o, Outcome::Win { player, .. } if player == mover)
                            && pos.in_check(),
                        "{at}: Tabula's game is over: {o:?}"
                    );
                    seam_mates += 1;
                }
                positions += 1;
            }
            "turns" => {
                let want: Vec<&str> = rest.split(' ').skip(1).collect();
                ludii = turns_as_ludii(&pos);
                differing += usize::from(compare_turns(&pos, &ludii, &want, &at));
            }
            "play" => {
                let m = ludii
                    .iter()
                    .find(|m| common::ludii_emptying_turn(&pos, m) == rest)
                    .unwrap_or_else(|| panic!("{at}: {rest} is not among Ludii's turns"))
                    .clone();
                pos.play_unchecked(&m);
            }
            "end" => {
                match (outcome(&pos), rest) {
                    (Some(Outcome::Win { player, .. }), w) => {
                        assert_eq!(w, (player + 1).to_string(), "{at}: the winner")
                    }
                    (Some(Outcome::Draw { .. }), w) => assert_eq!(w, "0", "{at}: a draw"),
                    (o, w) => panic!("{at}: Tabula's outcome {o:?}, Ludii's winner {w}"),
                }
                games += 1;
            }
            _ => {}
        }
    }
    assert_eq!(games, 20);
    assert_eq!(positions, 47_707);
    // Tabula's own counts: the positions where its royal safety, seeing across the seam, drops
    // some of Ludii's turns, and those among them where it finds the player to move mated
    // (game 18, line 129,040: Black's king on a1 in check from White's pawn on b2, and the
    // cells it may go to, a2, b2 and p2, attacked by White's rook on k2 round through p2 and a2,
    // all across the seam; Ludii's king goes on).
    assert_eq!((differing, seam_mates), (1045, 1));
}

//! The action space on every shipped game: at every position of seeded random games, each
//! legal move's action sequence is legal id by id and plays that very move, and no two
//! moves' sequences are equal or one the start of the other.

use tabula::api::{Action, Env, Spec};
use tabula::rng::Rng;

/// Random games per description, the plies looked at in each, and the most moves checked per
/// description (games with hundreds of moves a position, as Go and Amazons, stop earlier).
const GAMES: u64 = 3;
const PLIES: usize = 200;
const MOVES: usize = 25_000;

/// The shipped descriptions: `games/*.game`, then the chess variants of `games/variants/`.
fn shipped() -> Vec<std::path::PathBuf> {
    let mut v = Vec::new();
    for dir in ["/games", "/games/variants"] {
        let dir = format!("{}{dir}", env!("CARGO_MANIFEST_DIR"));
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "game"))
            .collect();
        files.sort();
        v.extend(files);
    }
    v
}

/// Checks every legal move of `env`; returns how many.
fn check_position(env: &Env, what: &str) -> usize {
    let moves = env.moves();
    // Encoding walks a copy of the turn: where moves are tens of thousands (Connect6's
    // pairs), an even sample of about 512 is encoded and played id by id.
    let stride = (moves.len() / 512).max(1);
    let seqs: Vec<Vec<u32>> = (0..moves.len())
        .step_by(stride)
        .map(|i| env.encode(i))
        .collect();
    let mut legal = Vec::new();
    env.legal_actions(&mut legal);
    let space = env.space();
    let mut firsts: Vec<u32> = moves.iter().map(|m| space.first_id(m).unwrap()).collect();
    firsts.sort_unstable();
    firsts.dedup();
    assert_eq!(
        legal, firsts,
        "{what}: the legal ids are the moves' first ids"
    );
    for (j, seq) in seqs.iter().enumerate() {
        let i = j * stride;
        assert!(
            seq.len() <= tabula::api::actions::MAX_IDS_PER_MOVE,
            "{what}"
        );
        let mut e = env.clone();
        for (k, &id) in seq.iter().enumerate() {
            assert!(e.is_legal(id), "{what}: id {k} of move {i} is not legal");
            let done = e.apply(id).unwrap();
            if k + 1 < seq.len() {
                assert!(done.is_none(), "{what}: move {i} is done early");
                assert_eq!(e.current_player(), env.current_player());
            } else {
                let m = done.unwrap_or_else(|| panic!("{what}: move {i} is not done"));
                assert!(
                    m.same_as(&moves[i]),
                    "{what}: ids of {} play {}",
                    env.position().move_text(&moves[i]),
                    env.position().move_text(&m)
                );
            }
        }
    }
    let mut sorted = seqs.clone();
    sorted.sort();
    for w in sorted.windows(2) {
        assert!(
            !w[1].starts_with(&w[0]),
            "{what}: one move's ids {:?} start another's {:?}",
            w[0],
            w[1]
        );
    }
    moves.len()
}

#[test]
fn every_legal_move_has_its_own_action_sequence_on_every_shipped_game() {
    for path in shipped() {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let game = tabula::load_file(path.to_str().unwrap()).unwrap();
        let spec = Spec::new(&game).unwrap();
        let (mut positions, mut moves, mut multi) = (0, 0, 0);
        for seed in 0..GAMES {
            let mut rng = Rng::new(seed);
            let mut env = Env::new(game.start(), &spec).unwrap();
            for ply in 0..PLIES {
                if env.is_terminal() || moves > MOVES * (seed as usize + 1) / GAMES as usize {
                    break;
                }
                moves += check_position(&env, &format!("{name} seed {seed} ply {ply}"));
                positions += 1;
                let i = rng.below(env.moves().len());
                let seq = env.encode(i);
                multi += usize::from(seq.len() > 1);
                for id in seq {
                    env.apply(id).unwrap();
                }
            }
        }
        assert!(positions > 0 && moves > 0, "{name}");
        eprintln!("{name}: {positions} positions, {moves} moves, {multi} multi-id moves played");
    }
}

#[test]
fn ids_mean_what_the_space_says() {
    for path in shipped() {
        let game = tabula::load_file(path.to_str().unwrap()).unwrap();
        let space = Spec::new(&game).unwrap().space;
        for id in 0..space.len() as u32 {
            let a = space.action(id).unwrap();
            assert_eq!(space.id(a), Some(id), "{a:?}");
        }
        assert_eq!(space.action(space.len() as u32), None);
        assert_eq!(space.action(space.end_id()), Some(Action::End));
    }
}

/// Examples of the documented layout: chess moves are one pair id each, except promotions,
/// which ask for the kind; a draughts chain asks for each landing where chains part.
#[test]
fn chess_promotion_asks_for_the_kind() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/games/chess.game");
    let game = tabula::load_file(path).unwrap();
    let spec = Spec::new(&game).unwrap();
    let pos = tabula::engine::Position::from_text(&game, "7k/P7/8/8/8/8/8/2K5 w - - 0 1").unwrap();
    let mut env = Env::new(pos, &spec).unwrap();
    let a7 = game.board.cell("a7").unwrap();
    let a8 = game.board.cell("a8").unwrap();
    let pair = spec.space.id(Action::Pair(a7, a8)).unwrap();
    assert_eq!(pair, a7 as u32 * 64 + a8 as u32);
    assert_eq!(env.apply(pair).unwrap().map(|m| m.to), None);
    let mut next = Vec::new();
    env.legal_actions(&mut next);
    let kinds: Vec<String> = next.iter().map(|&id| spec.space.text(&game, id)).collect();
    assert_eq!(kinds.len(), 4, "{kinds:?}");
    assert!(kinds.contains(&"=Q".to_string()), "{kinds:?}");
    let queen = spec
        .space
        .id(Action::Kind(
            game.kinds.iter().position(|k| k.letter == 'Q').unwrap(),
        ))
        .unwrap();
    assert_eq!(env.action_text(queen), "a7a8q");
    let before = env.position().clone();
    let m = env.apply(queen).unwrap().unwrap();
    assert_eq!(before.move_text(&m), "a7a8q");
    assert_eq!(env.current_player(), Some(1));
}

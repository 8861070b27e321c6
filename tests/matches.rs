//! `tabula match` and the computer players, through the command line.

mod common;

fn tabula(args: &[&str]) -> (i32, String, String) {
    common::run_tabula(args, "")
}

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = tabula(args);
    assert_eq!(code, 0, "stderr: {err}");
    serde_json::from_str(&out).expect("one JSON object")
}

#[test]
fn mcts_never_loses_tic_tac_toe_to_a_random_player() {
    let v = json(&[
        "match",
        "games/tic-tac-toe.game",
        "--first",
        "mcts:2000",
        "--second",
        "random",
        "--games",
        "40",
        "--json",
    ]);
    assert_eq!(v["games"], 40);
    assert_eq!(v["first_losses"], 0, "{v}");
    assert!(v["first_wins"].as_u64().unwrap() >= 30, "{v}");
    // Sides alternate: 20 games as each.
    let as_x = &v["first_as"]["x"];
    let n = |k: &str| as_x[k].as_u64().unwrap();
    assert_eq!(n("wins") + n("draws") + n("losses"), 20);
}

#[test]
fn mcts_beats_random_at_connect_four_and_alpha_beta_beats_random_at_chess() {
    let v = json(&[
        "match",
        "games/connect-four.game",
        "--first",
        "mcts:500",
        "--second",
        "random",
        "--games",
        "10",
        "--json",
    ]);
    assert!(v["first_wins"].as_u64().unwrap() >= 9, "{v}");
    let v = json(&[
        "match",
        "games/chess.game",
        "--first",
        "alphabeta:1",
        "--second",
        "random",
        "--games",
        "4",
        "--json",
    ]);
    assert_eq!(v["first_losses"], 0, "{v}");
}

#[test]
fn a_match_with_iteration_budgets_repeats_exactly_for_its_seed() {
    let args = [
        "match",
        "games/breakthrough.game",
        "--first",
        "mcts:200",
        "--second",
        "random",
        "--games",
        "4",
        "--seed",
        "9",
        "--json",
    ];
    assert_eq!(json(&args), json(&args));
}

#[test]
fn a_match_on_one_thread_from_random_openings_gives_a_wilson_interval() {
    let args = [
        "match",
        "games/connect-four.game",
        "--first",
        "default:300",
        "--second",
        "random",
        "--games",
        "6",
        "--opening",
        "3",
        "--threads",
        "1",
        "--json",
    ];
    let v = json(&args);
    assert_eq!(v["opening_plies"], 3);
    let score = v["first_score"].as_f64().unwrap();
    let (low, high) = (
        v["first_score_low"].as_f64().unwrap(),
        v["first_score_high"].as_f64().unwrap(),
    );
    // Even when every game goes one way, six games leave room either side.
    assert!(low < score && score <= high && high <= 1.0, "{v}");
    assert!(low < 0.9, "{v}");
    // Iteration budgets and seeded openings: the same match again.
    assert_eq!(json(&args), v);
}

#[test]
fn a_bad_player_is_a_usage_error_that_lists_the_players() {
    let (code, _, err) = tabula(&[
        "match",
        "games/tic-tac-toe.game",
        "--first",
        "minimax",
        "--second",
        "random",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("players are default[:TIME or WORK], random, alphabeta[:DEPTH], mcts"),
        "{err}"
    );
}

#[test]
fn the_text_report_gives_each_side_and_the_elo_difference() {
    let (code, out, err) = tabula(&[
        "match",
        "games/tic-tac-toe.game",
        "--first",
        "random",
        "--second",
        "random",
        "--games",
        "20",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("Tic-tac-toe: random vs random, 20 games"),
        "{out}"
    );
    assert!(out.contains("\n  as x: "), "{out}");
    assert!(out.contains("\n  as o: "), "{out}");
    assert!(out.contains("Elo difference (random - random): "), "{out}");
}

#[test]
fn alpha_beta_scores_material_free_games_by_mobility_and_beats_random_at_clobber() {
    // Clobber's stones are all alike, so alpha-beta counts moves (the last player to move
    // wins): it wins every game of ten against a random player.
    let v = json(&[
        "match",
        "games/clobber.game",
        "--first",
        "alphabeta:2",
        "--second",
        "random",
        "--games",
        "10",
        "--json",
    ]);
    assert_eq!(v["first_wins"], 10, "{v}");
}

/// Against a king left alone, material and mobility no longer say which move gets on: the
/// default player scores the lone king's room and how near the two kings stand, and so
/// mates. Each start is a won ending the default plays out against the baseline (which
/// scores neither), one game a seed. Before the cornering, the default mated the queen's
/// ending in 3 of these 6 seeds, the rook's in 5, and Byzantine chess's in 1 (the others
/// ran to the match's cap of 2,000 plies).
#[test]
fn the_default_player_mates_a_lone_king() {
    for (game, position, budget) in [
        (
            "games/chess.game",
            "8/8/8/4k3/8/8/8/1Q2K3 w - - 0 1",
            "5000",
        ),
        (
            "games/chess.game",
            "8/8/3k4/8/8/8/8/R3K3 w - - 0 1",
            "20000",
        ),
        (
            "games/byzantine.game",
            "10E5/7F4O1K1/1R14/8k7 w 0 1 1",
            "20000",
        ),
    ] {
        for seed in 1..=6 {
            let seed = seed.to_string();
            let (first, second) = (format!("default:{budget}"), format!("baseline:{budget}"));
            let v = json(&[
                "match",
                game,
                "--position",
                position,
                "--first",
                &first,
                "--second",
                &second,
                "--games",
                "1",
                "--threads",
                "1",
                "--seed",
                &seed,
                "--json",
            ]);
            assert_eq!(
                v["first_wins"], 1,
                "{game} from {position}, seed {seed}: {v}"
            );
        }
    }
}

/// Where joining all one's pieces in one group wins, the default searches by alpha-beta and
/// counts how far apart each side's pieces stand: at Lines of Action it gathers its pieces
/// and wins within about thirty plies. Before, it searched by MCTS, whose random playouts
/// say little of a gathering: against the same baseline it won these 4 games too, but in
/// 415, 232, 231 and 72 plies.
#[test]
fn the_default_player_gathers_its_pieces_at_lines_of_action() {
    let v = json(&[
        "match",
        "games/lines-of-action.game",
        "--first",
        "default:1000",
        "--second",
        "baseline:300",
        "--games",
        "4",
        "--opening",
        "2",
        "--seed",
        "1",
        "--json",
    ]);
    assert_eq!(v["first_wins"], 4, "{v}");
    for r in v["results"].as_array().expect("results") {
        assert!(r["plies"].as_u64().expect("plies") <= 40, "{v}");
    }
}

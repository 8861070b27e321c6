use std::collections::HashSet;
use tabula::engine::Position;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game = tabula::load_file(&args[1]).unwrap();
    let mut rng = tabula::rng::Rng::new(5);
    let mut dupes = 0;
    let mut total = 0;
    for _ in 0..200 {
        let mut pos = game.start();
        for _ in 0..40 {
            if pos.static_outcome().is_some() {
                break;
            }
            let mut ms = Vec::new();
            pos.legal_moves(&mut ms);
            if ms.is_empty() {
                break;
            }
            let mut seen = HashSet::new();
            for m in &ms {
                let mut c = m.captures().to_vec();
                c.sort();
                if !seen.insert((m.from, m.to, c, m.promote)) {
                    dupes += 1;
                }
                total += 1;
            }
            let m = ms[rng.below(ms.len())];
            pos.play_unchecked(&m);
        }
    }
    println!("moves {total} same (from,to,caps): {dupes}");
    let _ = Position::from_text(&game, "x");
}

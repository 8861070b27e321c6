use tabula::engine::Position;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game = tabula::load_file(&args[1]).unwrap();
    let pos = Position::from_text(&game, &args[2]).unwrap();
    let mut ms = Vec::new();
    pos.pseudo_legal_moves(&mut ms);
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    for m in &ms {
        let mut c = pos.clone();
        c.play_unchecked(m);
        let mut replies = Vec::new();
        c.legal_moves(&mut replies);
        let ok = legal.iter().any(|l| l.same_as(m));
        println!(
            "{} {} -> {}",
            pos.move_text(m),
            if ok { "LEGAL" } else { "illegal" },
            c.to_text()
        );
    }
}

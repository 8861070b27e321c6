fn main() {
    let args: Vec<String> = std::env::args().collect();
    let src = std::fs::read_to_string(&args[1]).unwrap();
    let t = std::time::Instant::now();
    let r = tabula::syntax::parse(&src);
    println!("parse {:?} ok={}", t.elapsed(), r.is_ok());
    let t = std::time::Instant::now();
    let r = tabula::compile_source(&src);
    println!("compile_source {:?}", t.elapsed());
    if let Err(ds) = r {
        let t = std::time::Instant::now();
        let s = tabula::diagnostic::render("x", &src, &ds);
        println!("render {:?} {}", t.elapsed(), s.len());
    }
}

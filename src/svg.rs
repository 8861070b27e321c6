//! Boards drawn as SVG, for `tabula show --svg` and the page of `tabula serve`: square boards,
//! hexagons and rhombi of hexagons, and boards of points joined by lines; cell colours and
//! coordinates; pieces as discs with their letter (stones where a game has one kind); stacks,
//! slept, fresh and frozen pieces marked; hands and reserves; the last move's cells tinted.
//!
//! Every cell is an element with `class="cell"` and `data-cell="NAME"`, and every piece in
//! hand one with `class="hand"`, `data-owner` and `data-piece`, so that a page can take
//! clicks on them. The drawing is a pure function of the position (deterministic text, no
//! I/O).

use crate::engine::{Game, Position};
use crate::geometry::{Board, Cell, Shape, NONE};
use crate::model::EndCond;
use std::fmt::Write;

/// What to draw besides the position.
#[derive(Default, Clone, Debug)]
pub struct SvgOptions {
    /// Cells drawn tinted: the last move's.
    pub highlight: Vec<Cell>,
    /// File and rank labels beside the board.
    pub coordinates: bool,
}

/// The side of a square cell, the distance between points of a line board, and so the unit
/// everything else is measured in.
const UNIT: f64 = 50.0;
/// A hexagon's circumradius: its width across the flats is then about one unit.
const HEX_R: f64 = 28.87;
/// Space around the drawing.
const PAD: f64 = 6.0;

/// Where a game's cells are drawn, in drawing units before the final shift.
struct Layout<'b> {
    board: &'b Board,
    hexagons: bool,
    /// On a board of hexagons, the shift of a row from the row below, in cells.
    slant: f64,
    points: bool,
    /// A round board: its cells per ring (drawn as rings of cells around an empty centre).
    round: Option<u32>,
}

impl Layout<'_> {
    /// On a round board, the angle (anticlockwise from the right, as on paper) and the radius
    /// of the middle of grid coordinates (x, y): file `a` just below the left-hand side, the
    /// files anticlockwise, ring 1 around a hole whose rim is as long as the cells around it.
    fn polar(cells: u32, x: f64, y: f64) -> (f64, f64) {
        let n = f64::from(cells);
        let angle = std::f64::consts::PI + (x + 0.5) * std::f64::consts::TAU / n;
        (angle, (n / std::f64::consts::TAU + y) * UNIT)
    }

    /// The centre of grid coordinates (x, y), also for points off the board (labels).
    fn centre(&self, x: f64, y: f64) -> (f64, f64) {
        if let Some(n) = self.round {
            let (a, r) = Self::polar(n, x, y);
            return (r * a.cos(), -r * a.sin());
        }
        let top = f64::from(self.board.rows) - 1.0 - y;
        if self.hexagons {
            // Axial coordinates: a row up is half a cell left, or right on a triangle (see
            // `Board::hex_slant`).
            let w = 3f64.sqrt() * HEX_R;
            ((x + y * self.slant) * w, top * 1.5 * HEX_R)
        } else {
            (x * UNIT, top * UNIT)
        }
    }

    fn cell(&self, c: Cell) -> (f64, f64) {
        let (x, y) = self.board.coords[c as usize];
        self.centre(f64::from(x), f64::from(y))
    }

    /// A piece's radius.
    fn piece_r(&self) -> f64 {
        if self.hexagons {
            HEX_R * 0.7
        } else {
            UNIT * 0.4
        }
    }

    /// The outline of a cell centred at (x, y): an SVG element's name and its geometry.
    fn outline(&self, (x, y): (f64, f64)) -> String {
        if let Some(n) = self.round {
            return ring_cell(n, (x, y));
        }
        if self.hexagons {
            let mut pts = String::new();
            for k in 0..6 {
                let a = std::f64::consts::PI / 3.0 * f64::from(k) + std::f64::consts::PI / 6.0;
                let _ = write!(
                    pts,
                    "{}{},{}",
                    if k > 0 { " " } else { "" },
                    num(x + HEX_R * a.cos()),
                    num(y + HEX_R * a.sin())
                );
            }
            format!("polygon points=\"{pts}\"")
        } else if self.points {
            format!(
                "circle cx=\"{}\" cy=\"{}\" r=\"{}\"",
                num(x),
                num(y),
                num(UNIT * 0.42)
            )
        } else {
            let h = UNIT / 2.0;
            format!(
                "rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"",
                num(x - h),
                num(y - h),
                num(UNIT),
                num(UNIT)
            )
        }
    }
}

/// The outline of the cell of a round board of `n` cells per ring whose middle is at (x, y):
/// the part of its ring between two spokes, as a path.
fn ring_cell(n: u32, (x, y): (f64, f64)) -> String {
    let (a, r) = (f64::atan2(-y, x), f64::hypot(x, y));
    let half = std::f64::consts::PI / f64::from(n);
    let (inner, outer) = (r - UNIT / 2.0, r + UNIT / 2.0);
    let at = |radius: f64, angle: f64| {
        format!(
            "{},{}",
            num(radius * angle.cos()),
            num(-radius * angle.sin())
        )
    };
    // Along the outer rim anticlockwise (on paper: sweep 0 with y pointing down), back along
    // the inner one.
    format!(
        "path d=\"M {} A {} {} 0 0 0 {} L {} A {} {} 0 0 1 {} Z\"",
        at(outer, a - half),
        num(outer),
        num(outer),
        at(outer, a + half),
        at(inner, a + half),
        num(inner),
        num(inner),
        at(inner, a - half)
    )
}

/// Numbers with at most one decimal, so drawings are small and stable.
fn num(v: f64) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

/// Text safe inside an element or an attribute.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The colours of a player's pieces (fill, outline, letter), from the player's name where it
/// is a colour, else light for the first player and dark for the second.
fn colours(g: &Game, player: usize) -> (&'static str, &'static str, &'static str) {
    match g.players[player].name.as_str() {
        "white" => ("#f7f4ea", "#3a3a3a", "#222"),
        "black" => ("#2a2a2a", "#000", "#f2f2f2"),
        "red" => ("#c0392b", "#6b1a12", "#fff"),
        "yellow" => ("#f1c40f", "#7d6200", "#222"),
        "blue" => ("#2e6db4", "#163a66", "#fff"),
        "green" => ("#2e8b57", "#14452a", "#fff"),
        "orange" => ("#e67e22", "#7a3f0b", "#222"),
        "purple" => ("#8e44ad", "#4a1f5c", "#fff"),
        _ if player == 0 => ("#f7f4ea", "#3a3a3a", "#222"),
        _ if player == 1 => ("#2a2a2a", "#000", "#f2f2f2"),
        // Third and later players with names of no colour: colours far from white and black.
        _ => [
            ("#c0392b", "#6b1a12", "#fff"),
            ("#2e6db4", "#163a66", "#fff"),
            ("#2e8b57", "#14452a", "#fff"),
            ("#f1c40f", "#7d6200", "#222"),
        ][(player - 2) % 4],
    }
}

/// How a game's pieces are drawn.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Look {
    /// A disc with the kind's letter.
    Lettered,
    /// A plain disc: the game has one kind of piece (Go, Reversi, Hex).
    Stone,
    /// The player's own one-letter name as the mark (tic-tac-toe's x and o).
    Mark,
}

fn look(g: &Game) -> Look {
    if g.kinds.len() > 1 {
        Look::Lettered
    } else if g.players.iter().all(|p| p.name.chars().count() == 1) {
        Look::Mark
    } else {
        Look::Stone
    }
}

/// Whether a game only places pieces (no piece ever moves): its board is drawn plain, as a
/// Go or Reversi board is, rather than chequered.
fn placement_only(g: &Game) -> bool {
    g.rules.iter().all(Vec::is_empty)
}

/// Draws `pos` as a standalone SVG document.
pub fn render(pos: &Position, o: &SvgOptions) -> String {
    let g = pos.game;
    let b = &g.board;
    let l = Layout {
        board: b,
        hexagons: b.hex_slant().is_some(),
        slant: b.hex_slant().unwrap_or(0.0),
        points: matches!(b.shape, Shape::Lines { .. }),
        round: match b.shape {
            Shape::Round { cells, .. } => Some(cells),
            _ => None,
        },
    };
    let mut body = String::new();
    // What is drawn, as (x, y) extents, to size the picture.
    let mut extent = Extent::default();
    for c in 0..b.len() as Cell {
        let (x, y) = l.cell(c);
        let reach = if l.hexagons { HEX_R } else { UNIT / 2.0 };
        extent.add(x - reach, y - reach);
        extent.add(x + reach, y + reach);
    }
    if l.points {
        draw_lines(&l, &mut body);
    }
    draw_cells(pos, &l, &mut body);
    draw_circuits(g, &l, &mut body, &mut extent);
    draw_goals(g, &l, &mut body);
    // The last move's cells: tinted, or ringed on a line board, where a piece hides a point.
    let paint = if l.points {
        "fill=\"none\" stroke=\"#e0b800\" stroke-width=\"5\""
    } else {
        "fill=\"#f5d142\" fill-opacity=\"0.45\""
    };
    for &c in &o.highlight {
        if (c as usize) < b.len() {
            let _ = writeln!(
                body,
                "<{} class=\"last\" {paint} pointer-events=\"none\"/>",
                l.outline(l.cell(c))
            );
        }
    }
    if o.coordinates {
        draw_labels(&l, &mut body, &mut extent);
    }
    draw_pieces(pos, &l, &mut body);
    if let Some(lines) = &g.lines {
        draw_dots(pos, lines, &l, &mut body);
    }
    if g.sowing.is_some() {
        draw_seeds(pos, &l, &mut body, &mut extent);
    }
    if !g.initial_hand.is_empty() {
        draw_hands(pos, &mut body, &mut extent);
    }
    if g.chance.is_some() {
        draw_throw(pos, &mut body, &mut extent);
    }
    let (x0, y0) = (extent.min.0 - PAD, extent.min.1 - PAD);
    let (w, h) = (
        extent.max.0 - extent.min.0 + 2.0 * PAD,
        extent.max.1 - extent.min.1 + 2.0 * PAD,
    );
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"{} {} {} {}\" width=\"{}\" \
         height=\"{}\" font-family=\"sans-serif\">\n<title>{}</title>\n{body}</svg>\n",
        num(x0),
        num(y0),
        num(w),
        num(h),
        num(w),
        num(h),
        escape(&g.title)
    )
}

/// The smallest box around what is drawn.
struct Extent {
    min: (f64, f64),
    max: (f64, f64),
}

impl Default for Extent {
    fn default() -> Self {
        Extent {
            min: (f64::MAX, f64::MAX),
            max: (f64::MIN, f64::MIN),
        }
    }
}

impl Extent {
    fn add(&mut self, x: f64, y: f64) {
        self.min = (self.min.0.min(x), self.min.1.min(y));
        self.max = (self.max.0.max(x), self.max.1.max(y));
    }
}

/// A board of dots: every line between neighbouring dots, dark where drawn and faint and dashed
/// where not (each named by its dots, `data-line="a1-b1"`), and the dots over them.
fn draw_dots(
    pos: &Position,
    lines: &crate::engine::rules::lines::Lines,
    l: &Layout,
    out: &mut String,
) {
    let dot = |(x, y): (u32, u32)| l.centre(f64::from(x) - 0.5, f64::from(y) - 0.5);
    let drawn = pos.drawn_lines();
    for (i, ends) in lines.ends.iter().enumerate() {
        let ((x1, y1), (x2, y2)) = (dot(ends[0]), dot(ends[1]));
        let style = if drawn >> i & 1 != 0 {
            "stroke=\"#2b2118\" stroke-width=\"6\""
        } else {
            "stroke=\"#c9bca6\" stroke-width=\"3\" stroke-dasharray=\"4 6\""
        };
        let _ = writeln!(
            out,
            "<line class=\"line\" data-line=\"{}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" {style}/>",
            lines.names[i],
            num(x1),
            num(y1),
            num(x2),
            num(y2)
        );
    }
    for x in 0..=lines.width {
        for y in 0..=lines.height {
            let (cx, cy) = dot((x, y));
            let _ = writeln!(
                out,
                "<circle cx=\"{}\" cy=\"{}\" r=\"5\" fill=\"#2b2118\"/>",
                num(cx),
                num(cy)
            );
        }
    }
}

/// Circuits of captures (`capture along circuit ...`, Surakarta): each circuit's line through
/// its cells, with its loops as curves out past the board's edge, one colour per circuit.
fn draw_circuits(g: &Game, l: &Layout, out: &mut String, extent: &mut Extent) {
    const COLOURS: [&str; 4] = ["#2f6fb3", "#b3472f", "#3f8f4a", "#8a4fb3"];
    let Some(circuits) = g.rules.iter().flatten().find_map(|r| match r {
        crate::engine::Rule::Circuits { circuits, .. } => Some(circuits),
        _ => None,
    }) else {
        return;
    };
    for (i, circuit) in circuits.iter().enumerate() {
        let n = circuit.len();
        if n < 3 {
            continue;
        }
        let pt = |k: usize| l.cell(circuit[k % n].0);
        let mut d = format!("M{} {}", num(pt(0).0), num(pt(0).1));
        for (k, &(_, looped)) in circuit.iter().enumerate() {
            let (p0, p3) = (pt(k), pt(k + 1));
            if !looped {
                d.push_str(&format!(" L{} {}", num(p3.0), num(p3.1)));
                continue;
            }
            let exit = unit(pt(k + n - 1), p0);
            let entry = unit(p3, pt(k + 2));
            d.push_str(&loop_path(p0, exit, p3, entry, extent));
        }
        let _ = writeln!(
            out,
            "<path class=\"circuit\" d=\"{d}\" fill=\"none\" stroke=\"{}\" stroke-width=\"4\" \
             stroke-opacity=\"0.7\" pointer-events=\"none\"/>",
            COLOURS[i % COLOURS.len()]
        );
    }
}

/// The unit vector from `a` towards `b`.
fn unit((ax, ay): (f64, f64), (bx, by): (f64, f64)) -> (f64, f64) {
    let (dx, dy) = (bx - ax, by - ay);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    (dx / len, dy / len)
}

/// A circuit's loop from `p0`, left going `exit`, to `p3`, entered going `entry`: the arc of
/// the circle that touches both lines there (Surakarta's three-quarter circles round the
/// corners), or a curve where there is no such circle; the extent grows to hold it.
fn loop_path(
    p0: (f64, f64),
    exit: (f64, f64),
    p3: (f64, f64),
    entry: (f64, f64),
    extent: &mut Extent,
) -> String {
    // The centre: on the line through p0 across `exit`, and on the one through p3 across
    // `entry`.
    let (n0, n3) = ((-exit.1, exit.0), (-entry.1, entry.0));
    let det = n0.0 * (-n3.1) - n0.1 * (-n3.0);
    let (dx, dy) = (p3.0 - p0.0, p3.1 - p0.1);
    if det.abs() > 1e-9 {
        let t = (dx * (-n3.1) - dy * (-n3.0)) / det;
        let c = (p0.0 + t * n0.0, p0.1 + t * n0.1);
        let r = t.abs();
        let r3 = ((p3.0 - c.0).powi(2) + (p3.1 - c.1).powi(2)).sqrt();
        if r > 1e-9 && (r - r3).abs() < 1e-6 * r.max(1.0) {
            // Clockwise on the page where the exit turns that way round the centre.
            let (rx, ry) = (p0.0 - c.0, p0.1 - c.1);
            let clockwise = exit.0 * -ry + exit.1 * rx > 0.0;
            let a0 = ry.atan2(rx);
            let a3 = (p3.1 - c.1).atan2(p3.0 - c.0);
            let turn = std::f64::consts::TAU;
            let travel = if clockwise { a3 - a0 } else { a0 - a3 }.rem_euclid(turn);
            extent.add(c.0 - r, c.1 - r);
            extent.add(c.0 + r, c.1 + r);
            return format!(
                " A{} {} 0 {} {} {} {}",
                num(r),
                num(r),
                u8::from(travel > turn / 2.0),
                u8::from(clockwise),
                num(p3.0),
                num(p3.1)
            );
        }
    }
    let gap = (dx * dx + dy * dy).sqrt().max(UNIT * 0.5);
    let p1 = (p0.0 + exit.0 * 1.4 * gap, p0.1 + exit.1 * 1.4 * gap);
    let p2 = (p3.0 - entry.0 * 1.4 * gap, p3.1 - entry.1 * 1.4 * gap);
    extent.add(p1.0, p1.1);
    extent.add(p2.0, p2.1);
    format!(
        " C{} {} {} {} {} {}",
        num(p1.0),
        num(p1.1),
        num(p2.0),
        num(p2.1),
        num(p3.0),
        num(p3.1)
    )
}

/// A line board's lines: each join between neighbouring points, once.
fn draw_lines(l: &Layout, out: &mut String) {
    let b = l.board;
    for c in 0..b.len() as Cell {
        for (d, dir) in b.dirs.iter().enumerate() {
            let n = b.step(c, d as u8);
            if n == NONE || !(dir.dx > 0 || dir.dx == 0 && dir.dy > 0) {
                continue;
            }
            let ((x1, y1), (x2, y2)) = (l.cell(c), l.cell(n));
            let _ = writeln!(
                out,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#4a3b28\" stroke-width=\"4\"/>",
                num(x1),
                num(y1),
                num(x2),
                num(y2)
            );
        }
    }
}

/// Every cell, clickable: squares chequered (plain where pieces are only placed), hexagons in
/// three shades so that no two neighbours share one, points as dots on their lines. Cells
/// that some piece may not enter (a throne, corners) are drawn darker.
fn draw_cells(pos: &Position, l: &Layout, out: &mut String) {
    let g = pos.game;
    let b = l.board;
    let plain = placement_only(g);
    let mut kept_out = crate::geometry::CellSet::EMPTY;
    if let Some(sets) = &g.keep_out {
        for s in sets {
            kept_out = kept_out.union(s);
        }
    }
    for c in 0..b.len() as Cell {
        let (x, y) = b.coords[c as usize];
        let centre = l.cell(c);
        let name = escape(&b.names[c as usize]);
        let race = g.race.as_ref();
        if race.is_some_and(|r| (0..2).all(|p| r.place(p, c).is_none())) {
            // A race's cells on no track are not part of its board.
            continue;
        }
        let (fill, stroke) = if l.points {
            ("transparent", "none")
        } else if g.lines.is_some() {
            // Boxes on dots: their sides are the lines, drawn over them.
            ("#efe4cf", "none")
        } else if race.is_some_and(|r| r.rule.again.contains(c) || r.rule.safe.contains(c)) {
            // Cells that give another throw or keep pieces safe (Ur's rosettes).
            ("#c7a6d8", "#6b5428")
        } else if kept_out.contains(c) {
            ("#9c7a55", "#5b4630")
        } else if l.hexagons {
            let shades = ["#f0d9b5", "#e3c496", "#d3ae7b"];
            if plain {
                ("#efd8b0", "#8a6d4a")
            } else {
                (shades[(x + y).rem_euclid(3) as usize], "#8a6d4a")
            }
        } else if plain {
            ("#dcb766", "#6b5428")
        } else if (x + y) % 2 == 0 {
            ("#b58863", "none")
        } else {
            ("#f0d9b5", "none")
        };
        let _ = writeln!(
            out,
            "<{} class=\"cell\" data-cell=\"{name}\" fill=\"{fill}\" stroke=\"{stroke}\"/>",
            l.outline(centre)
        );
        if l.points {
            let _ = writeln!(
                out,
                "<circle class=\"point\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#4a3b28\" pointer-events=\"none\"/>",
                num(centre.0),
                num(centre.1),
                num(UNIT * 0.12)
            );
        }
    }
}

/// The regions a player must join (`win when my pieces connect ...`, Hex's edges), each cell
/// outlined in that player's colour.
fn draw_goals(g: &Game, l: &Layout, out: &mut String) {
    for end in &g.end {
        let EndCond::Connects { a, b, .. } = &end.cond else {
            continue;
        };
        for p in 0..g.players.len() {
            let (fill, _, _) = colours(g, p);
            for c in a[p].union(&b[p]).iter() {
                let _ = writeln!(
                    out,
                    "<{} class=\"goal\" fill=\"none\" stroke=\"{fill}\" stroke-width=\"4\" \
                     pointer-events=\"none\"/>",
                    l.outline(l.cell(c))
                );
            }
        }
    }
}

/// File labels below the board and rank labels on its left, each where the cell beyond the
/// edge would be: below a file's lowest cell, left of a rank's first. On a hex board that
/// follows the board's slant.
fn draw_labels(l: &Layout, out: &mut String, extent: &mut Extent) {
    let b = l.board;
    let grid = |f: fn(&(i32, i32)) -> i32, g: fn(&(i32, i32)) -> i32, v: i32| {
        b.coords
            .iter()
            .filter(|p| f(p) == v)
            .map(g)
            .min()
            .unwrap_or(0)
    };
    let mut label = |text: String, (x, y): (f64, f64)| {
        extent.add(x - 10.0, y - 10.0);
        extent.add(x + 10.0, y + 10.0);
        let _ = writeln!(
            out,
            "<text class=\"label\" x=\"{}\" y=\"{}\" font-size=\"15\" fill=\"#555\" \
             text-anchor=\"middle\" dominant-baseline=\"central\">{}</text>",
            num(x),
            num(y),
            escape(&text)
        );
    };
    if let Shape::Dots { width, height } = b.shape {
        // Boxes on dots are read by their dots, as their lines are named: the dots' files
        // below them, their ranks on the left.
        let dots = crate::geometry::Board::square(width + 1, height + 1);
        for x in 0..=width {
            let (cx, cy) = l.centre(f64::from(x) - 0.5, -1.0);
            label(dots.file_label(x), (cx, cy - UNIT * 0.1));
        }
        for y in 0..=height {
            let (cx, cy) = l.centre(-1.0, f64::from(y) - 0.5);
            label(dots.rank_label(y), (cx + UNIT * 0.1, cy));
        }
        return;
    }
    if l.round.is_some() {
        // A round board's files inside the innermost ring, its rings along the gap between
        // the last file and file `a` (left of the centre).
        for x in 0..b.cols {
            label(b.file_label(x), l.centre(f64::from(x), -0.6));
        }
        for y in 0..b.rows {
            label(b.rank_label(y), l.centre(-0.5, f64::from(y)));
        }
        return;
    }
    let squared = !l.hexagons;
    for x in 0..b.cols as i32 {
        let lowest = if squared {
            0
        } else {
            grid(|p| p.0, |p| p.1, x)
        };
        let (cx, cy) = l.centre(f64::from(x), f64::from(lowest) - 1.0);
        // Square boards keep their labels close under the edge.
        let cy = if squared { cy - UNIT * 0.3 } else { cy };
        label(b.file_label(x as u32), (cx, cy));
    }
    for y in 0..b.rows as i32 {
        let first = if squared {
            0
        } else {
            grid(|p| p.1, |p| p.0, y)
        };
        let (cx, cy) = l.centre(f64::from(first) - 1.0, f64::from(y));
        let cx = if squared { cx + UNIT * 0.3 } else { cx };
        label(b.rank_label(y as u32), (cx, cy));
    }
}

/// One piece: a disc with its letter or figure, a stone, or a mark.
fn piece(g: &Game, look: Look, code: u8, (x, y): (f64, f64), r: f64) -> String {
    let owner = g.owner(code);
    let (fill, stroke, ink) = colours(g, owner);
    let kind = &g.kinds[g.kind_of(code)];
    let mut s = String::new();
    if look == Look::Mark {
        let mark = g.players[owner].name.to_uppercase();
        let colour = match owner {
            0 => "#b03a2e",
            1 => "#1f5f99",
            _ => colours(g, owner).0,
        };
        bold_centred(&mut s, (x, y), r * 2.0, colour, &mark);
        return s;
    }
    let _ = write!(
        s,
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"2\"/>",
        num(x),
        num(y),
        num(r)
    );
    if kind.royal {
        // A royal piece wears a second ring.
        let _ = write!(
            s,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"1.5\"/>",
            num(x),
            num(y),
            num(r * 0.82)
        );
    }
    if let Some(glyphs) = &kind.glyphs {
        // The figure players know (`drawn as "♔" "♚"`), in place of the letter.
        bold_centred(&mut s, (x, y), r * 1.35, ink, &glyphs[owner]);
    } else if look == Look::Lettered {
        // The player's own letter where the piece names one per player ("X", "O").
        let letter = kind.letters[owner].to_ascii_uppercase();
        bold_centred(&mut s, (x, y), r * 1.15, ink, &letter.to_string());
    }
    s
}

/// Bold text of `size` centred on (x, y): a piece's letter or mark.
fn bold_centred(out: &mut String, (x, y): (f64, f64), size: f64, fill: &str, text: &str) {
    let _ = write!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" fill=\"{fill}\" \
         text-anchor=\"middle\" dominant-baseline=\"central\">{}</text>",
        num(x),
        num(y),
        num(size),
        escape(text)
    );
}

/// A small round badge with a sign, at the top right of a piece.
fn badge((x, y): (f64, f64), r: f64, colour: &str, sign: &str) -> String {
    let (bx, by) = (x + r * 0.75, y - r * 0.75);
    format!(
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{colour}\" stroke=\"#fff\" stroke-width=\"1\"/>\
         <text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"#fff\" text-anchor=\"middle\" \
         dominant-baseline=\"central\">{sign}</text>",
        num(bx),
        num(by),
        num(r * 0.42),
        num(bx),
        num(by),
        num(r * 0.6)
    )
}

/// The pieces on the board: a stack's kept piece over its keeper's lower right; slept pieces
/// carry a `z`, frozen ones a star, the fresh piece a gold ring, and a stack of like pieces
/// its height.
fn draw_pieces(pos: &Position, l: &Layout, out: &mut String) {
    let g = pos.game;
    let b = l.board;
    let look = look(g);
    let r = l.piece_r();
    let frozen = *pos.frozen();
    let fresh = pos.fresh_cell();
    for c in 0..b.len() as Cell {
        let code = pos.at(c);
        if code == 0 {
            continue;
        }
        let (x, y) = l.cell(c);
        let mut s = String::new();
        let kept = pos.under_at(c);
        // A keeper is drawn up and to the left, smaller, and the piece it keeps over its
        // lower right, so that both letters show.
        let (top, top_r) = if kept != 0 {
            ((x - r * 0.2, y - r * 0.2), r * 0.8)
        } else {
            ((x, y), r)
        };
        s.push_str(&piece(g, look, code, top, top_r));
        if pos.is_slept(c, false) {
            s.push_str(&badge(top, top_r, "#5a6a8a", "z"));
        }
        if kept != 0 {
            let at = (x + r * 0.45, y + r * 0.45);
            s.push_str(&piece(g, look, kept, at, r * 0.55));
            if pos.is_slept(c, true) {
                s.push_str(&badge(at, r * 0.55, "#5a6a8a", "z"));
            }
        }
        if frozen.contains(c) {
            s.push_str(&badge(top, top_r, "#7b3fa0", "*"));
        }
        // A stack of like pieces (races whose pieces share cells) shows its height.
        let height = pos.height(c);
        if height > 1 {
            s.push_str(&badge(top, top_r, "#333", &height.to_string()));
        }
        if fresh == Some(c) {
            let _ = write!(
                s,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"#d4a017\" stroke-width=\"3\"/>",
                num(top.0),
                num(top.1),
                num(top_r + 3.0)
            );
        }
        let _ = writeln!(
            out,
            "<g class=\"piece\" data-cell=\"{}\">{s}</g>",
            escape(&b.names[c as usize])
        );
    }
}

/// A sowing game's pits, each a hollow with its count of seeds, and below the board the two
/// stores (where the rules put seeds in them) and the seeds in hand (where there are).
fn draw_seeds(pos: &Position, l: &Layout, out: &mut String, extent: &mut Extent) {
    let g = pos.game;
    for c in 0..l.board.len() as Cell {
        let (x, y) = l.cell(c);
        let _ = writeln!(
            out,
            "<circle class=\"pit\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#8a6538\" \
             pointer-events=\"none\"/>\n<text class=\"seeds\" x=\"{}\" y=\"{}\" \
             font-size=\"{}\" fill=\"#fff\" text-anchor=\"middle\" dominant-baseline=\"central\" \
             pointer-events=\"none\">{}</text>",
            num(x),
            num(y),
            num(UNIT * 0.4),
            num(x),
            num(y),
            num(UNIT * 0.4),
            pos.seeds_in(c)
        );
    }
    let Some(sow) = &g.sowing else { return };
    let both = |what: &str, n: [u16; 2]| {
        format!(
            "{what}: {} {}, {} {}",
            escape(&g.players[0].name),
            n[0],
            escape(&g.players[1].name),
            n[1]
        )
    };
    if sow.has_stores() {
        line_below(
            out,
            extent,
            "stores",
            &both("stores", [pos.store(0), pos.store(1)]),
        );
    }
    if sow.rule.hand > 0 {
        let hands = [pos.seeds_in_hand(0), pos.seeds_in_hand(1)];
        line_below(out, extent, "hands", &both("in hand", hands));
    }
}

/// A line of text (already escaped) below everything drawn so far, in class `class`.
fn line_below(out: &mut String, extent: &mut Extent, class: &str, text: &str) {
    let y = extent.max.1 + UNIT * 0.5;
    let _ = writeln!(
        out,
        "<text class=\"{class}\" x=\"{}\" y=\"{}\" font-size=\"15\" fill=\"#333\" \
         dominant-baseline=\"central\">{text}</text>",
        num(extent.min.0),
        num(y),
    );
    extent.add(extent.min.0, y + UNIT * 0.4);
}

/// Below the board, in a game with dice: the throw of this turn (or that it is to come) and,
/// in a race with bearing off, the pieces borne off.
fn draw_throw(pos: &Position, out: &mut String, extent: &mut Extent) {
    let g = pos.game;
    let name = |p: usize| escape(&g.players[p].name);
    let mut text = match (&g.chance, pos.throw()) {
        (Some(c), Some(i)) => format!("{} threw {}", name(pos.turn()), c.name(i)),
        _ => format!("{} to throw", name(pos.turn())),
    };
    if g.race
        .as_ref()
        .is_some_and(|r| r.rule.off.iter().any(|&o| o))
    {
        let each: Vec<String> = (0..g.players.len())
            .map(|p| format!("{} {}", name(p), pos.borne_off(p)))
            .collect();
        text.push_str(&format!("; borne off: {}", each.join(", ")));
    }
    line_below(out, extent, "throw", &text);
}

/// Each player's pieces in hand (a reserve, or captured pieces to drop), below the board: the
/// player's name, then each kind held with its count; a kind none holds is left out.
fn draw_hands(pos: &Position, out: &mut String, extent: &mut Extent) {
    let g = pos.game;
    let look = look(g);
    let r = UNIT * 0.3;
    let left = extent.min.0 + r;
    for p in 0..g.players.len() {
        let y = extent.max.1 + UNIT * 0.5;
        let _ = writeln!(
            out,
            "<text class=\"hand-owner\" x=\"{}\" y=\"{}\" font-size=\"15\" fill=\"#333\" \
             dominant-baseline=\"central\">{} in hand:</text>",
            num(left - r),
            num(y),
            escape(&g.players[p].name)
        );
        let mut x = left + 115.0;
        let mut any = false;
        for k in 0..g.kinds.len() {
            let code = pos.game.code(k, p);
            let n = pos.in_hand(code);
            if n == 0 {
                continue;
            }
            any = true;
            let _ = writeln!(
                out,
                "<g class=\"hand\" data-owner=\"{p}\" data-piece=\"{}\">\
                 <rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"transparent\"/>{}\
                 <text x=\"{}\" y=\"{}\" font-size=\"14\" fill=\"#333\" \
                 dominant-baseline=\"central\">{n}</text></g>",
                escape(&g.letter(code).to_string()),
                num(x - r - 2.0),
                num(y - r - 2.0),
                num(2.0 * r + 26.0),
                num(2.0 * r + 4.0),
                piece(g, look, code, (x, y), r),
                num(x + r + 4.0),
                num(y)
            );
            x += 2.0 * r + 34.0;
        }
        if !any {
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" font-size=\"15\" fill=\"#777\" \
                 dominant-baseline=\"central\">none</text>",
                num(x - r),
                num(y)
            );
        }
        extent.add(x, y + r + 4.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(25.0), "25");
        assert_eq!(num(24.249), "24.2");
        assert_eq!(num(-0.04), "0");
        assert_eq!(num(-12.36), "-12.4");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}

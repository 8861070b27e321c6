//! Board geometry: cells, their names and coordinates, absolute directions and neighbour tables.
//!
//! A board is a graph of at most [`MAX_CELLS`] cells with a fixed set of absolute directions;
//! every cell knows its neighbour in every direction ([`NONE`] off the board). Square grids and
//! hexagons are built here; another graph only needs another constructor. Everything is built
//! once, when a description is checked.

use std::fmt;

/// A cell index. Boards have at most [`MAX_CELLS`] cells (Go's 19 x 19 has 361).
pub type Cell = u16;
/// "No cell": off the board, or no such square.
pub const NONE: Cell = u16::MAX;
/// The largest board the engine supports.
pub const MAX_CELLS: usize = 64 * SET_WORDS;
/// The 64-bit words of a [`CellSet`].
const SET_WORDS: usize = 8;

/// A set of cells, as a fixed 512-bit mask: cheap to copy, test and intersect.
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct CellSet([u64; SET_WORDS]);

impl CellSet {
    pub const EMPTY: CellSet = CellSet([0; SET_WORDS]);

    #[inline]
    pub fn contains(&self, c: Cell) -> bool {
        self.0[(c >> 6) as usize] >> (c & 63) & 1 != 0
    }
    #[inline]
    pub fn insert(&mut self, c: Cell) {
        self.0[(c >> 6) as usize] |= 1 << (c & 63);
    }
    #[inline]
    pub fn remove(&mut self, c: Cell) {
        self.0[(c >> 6) as usize] &= !(1 << (c & 63));
    }
    pub fn union(&self, o: &CellSet) -> CellSet {
        let mut r = *self;
        for (w, o) in r.0.iter_mut().zip(o.0) {
            *w |= o;
        }
        r
    }
    /// The cells of this set not in `o`.
    pub fn difference(&self, o: &CellSet) -> CellSet {
        let mut r = *self;
        for (w, o) in r.0.iter_mut().zip(o.0) {
            *w &= !o;
        }
        r
    }
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }
    /// Cells 0 to 63 as a bitboard.
    pub fn low_word(&self) -> u64 {
        self.0[0]
    }
    /// Cells 0 to 127 as a bitboard.
    pub fn low_words128(&self) -> u128 {
        u128::from(self.0[0]) | u128::from(self.0[1]) << 64
    }
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
    /// The cells in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..SET_WORDS).flat_map(move |i| {
            let mut w = self.0[i];
            std::iter::from_fn(move || {
                if w == 0 {
                    None
                } else {
                    let b = w.trailing_zeros();
                    w &= w - 1;
                    Some((i * 64 + b as usize) as Cell)
                }
            })
        })
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// The shape a board was declared with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Square {
        width: u32,
        height: u32,
    },
    /// Rows of pits holding seeds (sowing games): a square grid whose lower half of rows is
    /// the first player's, the upper half the second's.
    Pits {
        width: u32,
        height: u32,
    },
    /// Boxes drawn on dots (Dots and Boxes): a square grid of `width` x `height` boxes, the
    /// cells, on `(width + 1) x (height + 1)` dots; the lines between neighbouring dots are
    /// not cells (see `engine::rules::lines`).
    Dots {
        width: u32,
        height: u32,
    },
    /// A hexagon with `side` cells per side, in axial coordinates (see rules of Rascals).
    Hex {
        side: u32,
    },
    /// A triangle of hexagons with `side` cells per side (the Y board): cell (c, r) exists
    /// when c + r < side, so that rank 1 is the long side and rank `side` the apex. Its axial
    /// coordinates slant the other way from [`Shape::Hex`]'s: each row is drawn half a cell
    /// right of the row below.
    Triangle {
        side: u32,
    },
    /// A rhombus of hexagons (the Hex board), in the same axial coordinates: every cell of
    /// `width` columns and `height` rows.
    Rhombus {
        width: u32,
        height: u32,
    },
    /// The six-pointed star of Chinese checkers (121 holes): a hexagon of side 5 with a
    /// triangle of 10 cells on each side, in the axial coordinates of [`Shape::Hex`] on a
    /// 17 x 17 grid (see [`Board::star`]).
    Star,
    /// Points of a `width` x `height` grid joined by straight lines (Nine Men's Morris): only
    /// the points on a line exist, and a point's neighbour in a direction is the next point
    /// along a line that way.
    Lines {
        width: u32,
        height: u32,
    },
    /// Concentric rings of cells around an empty centre (round chess): `rings` rings of
    /// `cells` cells each, ring 1 the innermost. A cell's grid coordinates are its place
    /// around the ring (x, anticlockwise, wrapping round) and its ring (y, from the centre
    /// out), so that it is named as a square board's cell: its file letter, then its ring.
    Round {
        rings: u32,
        cells: u32,
    },
}

#[derive(Clone, Debug)]
pub struct Direction {
    pub name: &'static str,
    pub dx: i32,
    pub dy: i32,
}

#[derive(Clone, Debug)]
pub struct Board {
    pub shape: Shape,
    /// Column count and row count of the bounding grid.
    pub cols: u32,
    pub rows: u32,
    pub names: Vec<String>,
    pub coords: Vec<(i32, i32)>,
    pub dirs: Vec<Direction>,
    /// `nbr[cell * dirs.len() + dir]`.
    pub nbr: Vec<Cell>,
    /// `opposite[dir]`.
    pub opposite: Vec<u8>,
    grid: Vec<Cell>,
    /// Every ray, cell after cell to the edge: `rays[ray_at[cell * dirs + dir]..]` up to the
    /// next ray's start (see [`Board::ray`]).
    rays: Vec<Cell>,
    ray_at: Vec<u32>,
    /// The number of the bottom rank in cell names (1, or 0 with `ranks from 0`).
    pub rank_base: u32,
    /// How files and ranks are labelled in cell names.
    pub naming: Naming,
}

/// How a cell's name is made: its file's label, then its rank's. By default files are lettered
/// from the left (`a`, `b`, ...) and ranks numbered from the bottom; Shogi numbers its files
/// from the right and letters its ranks from the top (`7g`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Naming {
    /// Files numbered from 1 instead of lettered.
    pub files_numbered: bool,
    /// Files counted from the right-hand edge.
    pub files_from_right: bool,
    /// Ranks lettered from `a` instead of numbered.
    pub ranks_lettered: bool,
    /// Ranks counted from the top edge.
    pub ranks_from_top: bool,
}

const SQUARE_DIRS: [(&str, i32, i32); 8] = [
    ("n", 0, 1),
    ("ne", 1, 1),
    ("e", 1, 0),
    ("se", 1, -1),
    ("s", 0, -1),
    ("sw", -1, -1),
    ("w", -1, 0),
    ("nw", -1, 1),
];

// Axial hex directions, as drawn with each row shifted half a cell right of the row above.
const HEX_DIRS: [(&str, i32, i32); 6] = [
    ("ne", 1, 1),
    ("e", 1, 0),
    ("se", 0, -1),
    ("sw", -1, -1),
    ("w", -1, 0),
    ("nw", 0, 1),
];

// Axial directions of the triangle board, as drawn with each row shifted half a cell right of
// the row below (see `Shape::Triangle`).
const TRIANGLE_DIRS: [(&str, i32, i32); 6] = [
    ("ne", 0, 1),
    ("e", 1, 0),
    ("se", 1, -1),
    ("sw", 0, -1),
    ("w", -1, 0),
    ("nw", -1, 1),
];

// Directions of a round board: x runs anticlockwise around a ring, y outward from the centre.
const ROUND_DIRS: [(&str, i32, i32); 8] = [
    ("outward", 0, 1),
    ("outward-anticlockwise", 1, 1),
    ("anticlockwise", 1, 0),
    ("inward-anticlockwise", 1, -1),
    ("inward", 0, -1),
    ("inward-clockwise", -1, -1),
    ("clockwise", -1, 0),
    ("outward-clockwise", -1, 1),
];

/// The star's points, in order around it clockwise from the top: the names `point` regions
/// use (`north point`).
pub const STAR_POINTS: [&str; 6] = [
    "north",
    "north-east",
    "south-east",
    "south",
    "south-west",
    "north-west",
];

/// Where grid cell (c, r) lies on the star: `Some(k)` in point `k` of [`STAR_POINTS`],
/// `Some(6)` in the middle hexagon (side 5), `None` off the star. Around the centre (8, 8)
/// a cell has three coordinates, dc, dr and dr - dc; the hexagon holds each within 4, and a
/// point is where exactly one of them is out by 1 to 4 in one direction, the others within the
/// hexagon's opposite bounds (so that the two great triangles of side 13 make the star).
fn star_point_of(c: i32, r: i32) -> Option<usize> {
    let (dc, dr) = (c - 8, r - 8);
    let de = dr - dc;
    // The two great triangles: one with dc <= 4, dr >= -4, de <= 4; the other the reverse.
    let first = dc <= 4 && dr >= -4 && de <= 4;
    let second = dc >= -4 && dr <= 4 && de >= -4;
    if !(first || second) || !(0..17).contains(&c) || !(0..17).contains(&r) {
        return None;
    }
    Some(if dr > 4 {
        0
    } else if dc > 4 {
        1
    } else if de < -4 {
        2
    } else if dr < -4 {
        3
    } else if dc < -4 {
        4
    } else if de > 4 {
        5
    } else {
        6
    })
}

/// The name of file `x` (0 = `a`, 25 = `z`, then `aa`, `ab`, ...).
pub fn file_name(x: u32) -> String {
    if x < 26 {
        ((b'a' + x as u8) as char).to_string()
    } else {
        format!("{}{}", file_name(x / 26 - 1), file_name(x % 26))
    }
}

/// The file index of a file name, if it is one.
pub fn parse_file(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_lowercase()) {
        return None;
    }
    let mut v: u32 = 0;
    for b in s.bytes() {
        v = v.checked_mul(26)?.checked_add((b - b'a') as u32 + 1)?;
    }
    Some(v - 1)
}

impl Board {
    /// A `width` x `height` grid of squares; `a1` is the bottom-left corner.
    pub fn square(width: u32, height: u32) -> Board {
        Self::build(
            Shape::Square { width, height },
            width,
            height,
            &SQUARE_DIRS,
            |_, _| true,
        )
    }

    /// A `width` x `height` grid of squares without the cells at `holes` (grid coordinates):
    /// a hole does not exist, so nothing stands on it, steps onto it or slides over it, and a
    /// leap may not land on it (Gustav III's, Omicron's and Troitzky's boards). The board keeps
    /// the names and the naming of `self`.
    pub fn without(&self, holes: &[(i32, i32)]) -> Board {
        let mut b = Self::build(self.shape, self.cols, self.rows, &SQUARE_DIRS, |x, y| {
            !holes.contains(&(x, y))
        });
        b.rank_base = self.rank_base;
        b.set_naming(self.naming);
        b
    }

    /// Whether every cell of the bounding grid exists, so that cell `y * cols + x` is at
    /// (x, y) (the bitboard tables rely on it).
    pub fn is_full_grid(&self) -> bool {
        self.len() == (self.cols * self.rows) as usize
    }

    /// Whether this is a square grid with holes (`board square W x H without ...`), whose
    /// position strings and diagrams write a hole as `*`.
    pub fn has_holes(&self) -> bool {
        matches!(self.shape, Shape::Square { .. }) && !self.is_full_grid()
    }

    /// `height` rows of `width` pits (a sowing game's board), named as a square grid's cells.
    pub fn pits(width: u32, height: u32) -> Board {
        Self::build(
            Shape::Pits { width, height },
            width,
            height,
            &SQUARE_DIRS,
            |_, _| true,
        )
    }

    /// `width` x `height` boxes drawn on dots (the cells are the boxes), named as a square
    /// grid's cells.
    pub fn dots(width: u32, height: u32) -> Board {
        Self::build(
            Shape::Dots { width, height },
            width,
            height,
            &SQUARE_DIRS,
            |_, _| true,
        )
    }

    /// A hexagon with `side` cells per side: cell (c, r) exists when |r - c| < side.
    pub fn hex(side: u32) -> Board {
        let n = 2 * side - 1;
        let s = side as i32;
        Self::build(Shape::Hex { side }, n, n, &HEX_DIRS, move |c, r| {
            (r - c).abs() < s
        })
    }

    /// A triangle with `side` cells per side: cell (c, r) exists when c + r < side; a cell
    /// touches six others, as on [`Board::hex`].
    pub fn triangle(side: u32) -> Board {
        let s = side as i32;
        Self::build(
            Shape::Triangle { side },
            side,
            side,
            &TRIANGLE_DIRS,
            move |c, r| c + r < s,
        )
    }

    /// The six-pointed star of Chinese checkers: the cells of a 17 x 17 grid, in the axial
    /// coordinates of [`Board::hex`], that lie in one of two triangles of side 13 turned
    /// against each other around the centre `i9`. Each cell touches six others, as on a hex
    /// board; its six [points](Board::star_point) hold 10 cells each.
    pub fn star() -> Board {
        Self::build(Shape::Star, 17, 17, &HEX_DIRS, |c, r| {
            star_point_of(c, r).is_some()
        })
    }

    /// `rings` concentric rings of `cells` cells around an empty centre, ring 1 the innermost:
    /// the rings wrap around, so that a step anticlockwise from the last file reaches file `a`.
    pub fn round(rings: u32, cells: u32) -> Board {
        Self::build(
            Shape::Round { rings, cells },
            cells,
            rings,
            &ROUND_DIRS,
            |_, _| true,
        )
    }

    /// Whether the rings of the board wrap around (a round board), so that grid coordinates
    /// off its sides are read around the ring.
    pub fn wraps(&self) -> bool {
        matches!(self.shape, Shape::Round { .. })
    }

    /// The cells of the star's point named `name` (`north`, `north-east`, `south-east`,
    /// `south`, `south-west`, `north-west`), or `None` when the board is no star or the name
    /// is no point's.
    pub fn star_point(&self, name: &str) -> Option<CellSet> {
        if self.shape != Shape::Star {
            return None;
        }
        let k = STAR_POINTS.iter().position(|&p| p == name)?;
        Some(self.select(|c, r| star_point_of(c, r) == Some(k)))
    }

    /// A rhombus of hexagons, `width` cells per row and `height` rows; a cell touches six
    /// others, as on [`Board::hex`].
    pub fn rhombus(width: u32, height: u32) -> Board {
        Self::build(
            Shape::Rhombus { width, height },
            width,
            height,
            &HEX_DIRS,
            |_, _| true,
        )
    }

    /// The points of a `width` x `height` grid that lie on `lines` (each a list of grid
    /// coordinates, consecutive points in a straight line), joined along them.
    ///
    /// # Errors
    /// The first pair of consecutive points that are not in a straight line (by their index in
    /// the line list: line, point), or a point from which two lines leave the same way.
    pub fn lines(
        width: u32,
        height: u32,
        lines: &[Vec<(i32, i32)>],
    ) -> Result<Board, (usize, usize, &'static str)> {
        let on_line = |x: i32, y: i32| lines.iter().flatten().any(|&p| p == (x, y));
        let mut board = Self::build(
            Shape::Lines { width, height },
            width,
            height,
            &SQUARE_DIRS,
            on_line,
        );
        let nd = board.dirs.len();
        board.nbr.fill(NONE);
        for (i, line) in lines.iter().enumerate() {
            for (j, w) in line.windows(2).enumerate() {
                let ((x0, y0), (x1, y1)) = (w[0], w[1]);
                let (dx, dy) = (x1 - x0, y1 - y0);
                let straight = (dx == 0) != (dy == 0) || (dx.abs() == dy.abs() && dx != 0);
                if !straight {
                    return Err((
                        i,
                        j + 1,
                        "is not in a straight line from the point before it",
                    ));
                }
                let d = board
                    .dir_of(dx.signum(), dy.signum())
                    .expect("a compass direction") as usize;
                let back = board.opposite[d] as usize;
                let (a, b) = (board.at(x0, y0), board.at(x1, y1));
                for (from, to, dir) in [(a, b, d), (b, a, back)] {
                    let slot = &mut board.nbr[from as usize * nd + dir];
                    if *slot != NONE && *slot != to {
                        return Err((i, j + 1, "makes two lines leave a point the same way"));
                    }
                    *slot = to;
                }
            }
        }
        board.build_rays();
        Ok(board)
    }

    /// Numbers the ranks from `base` (0 or 1) in cell names.
    pub fn set_rank_base(&mut self, base: u32) {
        self.rank_base = base;
        self.rename();
    }

    /// Labels files and ranks as `naming` says in cell names.
    pub fn set_naming(&mut self, naming: Naming) {
        self.naming = naming;
        self.rename();
    }

    fn rename(&mut self) {
        let names: Vec<String> = self
            .coords
            .iter()
            .map(|&(x, y)| format!("{}{}", self.file_label(x as u32), self.rank_label(y as u32)))
            .collect();
        self.names = names;
    }

    /// The label of file `x` (0 is the left-hand file) in cell names: `e`, or `5` where files
    /// are numbered.
    pub fn file_label(&self, x: u32) -> String {
        let k = if self.naming.files_from_right {
            self.cols - 1 - x
        } else {
            x
        };
        if self.naming.files_numbered {
            (k + 1).to_string()
        } else {
            file_name(k)
        }
    }

    /// The label of rank `y` (0 is the bottom rank) in cell names: `4`, or `g` where ranks
    /// are lettered.
    pub fn rank_label(&self, y: u32) -> String {
        let k = if self.naming.ranks_from_top {
            self.rows - 1 - y
        } else {
            y
        };
        if self.naming.ranks_lettered {
            file_name(k)
        } else {
            (k + self.rank_base).to_string()
        }
    }

    /// The file (0 is the left-hand one) a label names, if it is one of the board's.
    pub fn file_of_label(&self, label: &str) -> Option<u32> {
        let k = if self.naming.files_numbered {
            label.parse::<u32>().ok()?.checked_sub(1)?
        } else {
            parse_file(label)?
        };
        if k >= self.cols || (self.naming.files_numbered && label.starts_with('0')) {
            return None;
        }
        Some(if self.naming.files_from_right {
            self.cols - 1 - k
        } else {
            k
        })
    }

    /// The rank (0 is the bottom one) a label names, if it is one of the board's.
    pub fn rank_of_label(&self, label: &str) -> Option<u32> {
        let k = if self.naming.ranks_lettered {
            parse_file(label)?
        } else {
            label.parse::<u32>().ok()?.checked_sub(self.rank_base)?
        };
        if k >= self.rows || label.starts_with('+') {
            return None;
        }
        Some(if self.naming.ranks_from_top {
            self.rows - 1 - k
        } else {
            k
        })
    }

    /// Fills the ray tables from the neighbour table.
    fn build_rays(&mut self) {
        let nd = self.dirs.len();
        self.rays.clear();
        self.ray_at.clear();
        for c in 0..self.names.len() {
            for d in 0..nd {
                self.ray_at.push(self.rays.len() as u32);
                let mut t = self.nbr[c * nd + d];
                // Around a ring a ray ends before it comes back to its start.
                while t != NONE && t as usize != c {
                    self.rays.push(t);
                    t = self.nbr[t as usize * nd + d];
                }
            }
        }
        self.ray_at.push(self.rays.len() as u32);
    }

    /// The cells from `c` (not included) to the edge of the board in direction `d`.
    #[inline]
    pub fn ray(&self, c: Cell, d: u8) -> &[Cell] {
        let i = c as usize * self.dirs.len() + d as usize;
        &self.rays[self.ray_at[i] as usize..self.ray_at[i + 1] as usize]
    }

    fn build(
        shape: Shape,
        cols: u32,
        rows: u32,
        dirs: &[(&'static str, i32, i32)],
        exists: impl Fn(i32, i32) -> bool,
    ) -> Board {
        let mut grid = vec![NONE; (cols * rows) as usize];
        let mut names = Vec::new();
        let mut coords = Vec::new();
        for y in 0..rows as i32 {
            for x in 0..cols as i32 {
                if exists(x, y) && names.len() < MAX_CELLS {
                    grid[(y as u32 * cols + x as u32) as usize] = names.len() as Cell;
                    names.push(format!("{}{}", file_name(x as u32), y + 1));
                    coords.push((x, y));
                }
            }
        }
        let dirs: Vec<Direction> = dirs
            .iter()
            .map(|&(name, dx, dy)| Direction { name, dx, dy })
            .collect();
        let mut board = Board {
            shape,
            cols,
            rows,
            names,
            coords,
            opposite: Vec::new(),
            nbr: Vec::new(),
            dirs,
            grid,
            rays: Vec::new(),
            ray_at: Vec::new(),
            rank_base: 1,
            naming: Naming::default(),
        };
        let nd = board.dirs.len();
        let mut nbr = vec![NONE; board.names.len() * nd];
        for c in 0..board.names.len() {
            let (x, y) = board.coords[c];
            for (d, dir) in board.dirs.iter().enumerate() {
                nbr[c * nd + d] = board.around(x + dir.dx, y + dir.dy);
            }
        }
        board.nbr = nbr;
        board.build_rays();
        board.opposite = (0..nd)
            .map(|d| {
                let (dx, dy) = (board.dirs[d].dx, board.dirs[d].dy);
                board
                    .dir_of(-dx, -dy)
                    .expect("direction sets are symmetric") as u8
            })
            .collect();
        board
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The cell at grid coordinates, or [`NONE`].
    pub fn at(&self, x: i32, y: i32) -> Cell {
        if x < 0 || y < 0 || x >= self.cols as i32 || y >= self.rows as i32 {
            NONE
        } else {
            self.grid[(y as u32 * self.cols + x as u32) as usize]
        }
    }

    /// The cell at grid coordinates read around the rings of a round board (a file off
    /// either side is the file that many cells round), else as [`Board::at`]; the neighbour,
    /// leap and ride tables are built with it.
    pub fn around(&self, x: i32, y: i32) -> Cell {
        if self.wraps() {
            self.at(x.rem_euclid(self.cols as i32), y)
        } else {
            self.at(x, y)
        }
    }

    /// The cell named `name` (`a1`, `h8`, `j10`; `7g` where files are numbered).
    pub fn cell(&self, name: &str) -> Option<Cell> {
        let split = if self.naming.files_numbered {
            name.find(|c: char| !c.is_ascii_digit())?
        } else {
            name.find(|c: char| c.is_ascii_digit())?
        };
        let x = self.file_of_label(&name[..split])? as i32;
        let y = self.rank_of_label(&name[split..])? as i32;
        match self.at(x, y) {
            NONE => None,
            c => Some(c),
        }
    }

    #[inline]
    pub fn step(&self, c: Cell, d: u8) -> Cell {
        self.nbr[c as usize * self.dirs.len() + d as usize]
    }

    /// The cells one step from `c`, in direction order.
    #[inline]
    pub fn neighbours(&self, c: Cell) -> impl Iterator<Item = Cell> + '_ {
        let n = self.dirs.len();
        self.nbr[c as usize * n..(c as usize + 1) * n]
            .iter()
            .copied()
            .filter(|&t| t != NONE)
    }

    /// A direction by its short (`ne`) or long (`north-east`) name.
    pub fn dir_named(&self, name: &str) -> Option<u8> {
        let short = match name {
            "north" => "n",
            "north-east" => "ne",
            "east" => "e",
            "south-east" => "se",
            "south" => "s",
            "south-west" => "sw",
            "west" => "w",
            "north-west" => "nw",
            other => other,
        };
        self.dirs
            .iter()
            .position(|d| d.name == short)
            .map(|d| d as u8)
    }

    pub fn dir_of(&self, dx: i32, dy: i32) -> Option<u8> {
        self.dirs
            .iter()
            .position(|d| d.dx == dx && d.dy == dy)
            .map(|d| d as u8)
    }

    /// All cells.
    pub fn all(&self) -> CellSet {
        let mut s = CellSet::EMPTY;
        for c in 0..self.len() {
            s.insert(c as Cell);
        }
        s
    }

    /// Cells whose coordinates satisfy `f`.
    pub fn select(&self, f: impl Fn(i32, i32) -> bool) -> CellSet {
        let mut s = CellSet::EMPTY;
        for (c, &(x, y)) in self.coords.iter().enumerate() {
            if f(x, y) {
                s.insert(c as Cell);
            }
        }
        s
    }

    /// Number of steps that can be taken from `c` in direction `d` before leaving the board.
    pub fn run_length(&self, mut c: Cell, d: u8) -> u32 {
        let mut n = 0;
        loop {
            c = self.step(c, d);
            if c == NONE {
                return n;
            }
            n += 1;
        }
    }

    /// Breadth-first distances in steps from `center` over all directions; 255 where
    /// unreachable.
    pub fn distances(&self, center: Cell) -> Vec<u8> {
        let mut dist = vec![u8::MAX; self.len()];
        let mut queue = std::collections::VecDeque::new();
        dist[center as usize] = 0;
        queue.push_back(center);
        while let Some(c) = queue.pop_front() {
            for d in 0..self.dirs.len() {
                let n = self.step(c, d as u8);
                if n != NONE && dist[n as usize] == u8::MAX {
                    dist[n as usize] = dist[c as usize] + 1;
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    /// A one-line description: "square 8 x 8 (64 cells)".
    pub fn describe(&self) -> String {
        match self.shape {
            Shape::Square { width, height } if self.has_holes() => format!(
                "square {width} x {height} with {} holes ({} cells)",
                (width * height) as usize - self.len(),
                self.len()
            ),
            Shape::Square { width, height } => {
                format!("square {width} x {height} ({} cells)", self.len())
            }
            Shape::Pits { width, height } => {
                format!("pits {width} x {height} ({} pits)", self.len())
            }
            Shape::Dots { width, height } => format!(
                "dots {width} x {height} ({} boxes, {} lines)",
                self.len(),
                width * (height + 1) + height * (width + 1)
            ),
            Shape::Hex { side } => format!("hex {side} ({} cells)", self.len()),
            Shape::Triangle { side } => format!("triangle {side} ({} cells)", self.len()),
            Shape::Star => format!("star ({} cells)", self.len()),
            Shape::Rhombus { width, height } => {
                format!(
                    "rhombus {width} x {height} of hexagons ({} cells)",
                    self.len()
                )
            }
            Shape::Lines { width, height } => {
                format!("lines on {width} x {height} ({} points)", self.len())
            }
            Shape::Round { rings, cells } => format!(
                "round {rings} x {cells} ({rings} rings of {cells} cells, {} cells)",
                self.len()
            ),
        }
    }

    /// Whether the cells are hexagons (each touches up to six others), and so how they are
    /// drawn: the shift of a row, in cells, from the row below it (half a cell either way).
    pub fn hex_slant(&self) -> Option<f64> {
        match self.shape {
            Shape::Hex { .. } | Shape::Rhombus { .. } | Shape::Star => Some(-0.5),
            Shape::Triangle { .. } => Some(0.5),
            _ => None,
        }
    }

    /// The corners of the board in order around it (anticlockwise from `a1`), as grid
    /// coordinates; none for boards of points or pits.
    fn corner_coords(&self) -> Vec<(i32, i32)> {
        let (w, h) = (self.cols as i32 - 1, self.rows as i32 - 1);
        match self.shape {
            Shape::Square { .. } | Shape::Rhombus { .. } => vec![(0, 0), (w, 0), (w, h), (0, h)],
            Shape::Hex { side } => {
                let (m, e) = (side as i32 - 1, 2 * side as i32 - 2);
                vec![(0, 0), (m, 0), (e, m), (e, e), (m, e), (0, m)]
            }
            Shape::Triangle { side } => vec![(0, 0), (side as i32 - 1, 0), (0, side as i32 - 1)],
            // A star's rim turns at twelve places, six of them inward: it has no sides a
            // connection goal could mean.
            // Rings have no corners, and their sides are the innermost and outermost rings,
            // which no connection goal reads yet.
            Shape::Pits { .. }
            | Shape::Dots { .. }
            | Shape::Lines { .. }
            | Shape::Star
            | Shape::Round { .. } => Vec::new(),
        }
    }

    /// The corner cells, in order around the board (anticlockwise from `a1`).
    pub fn corners(&self) -> Vec<Cell> {
        self.corner_coords()
            .into_iter()
            .map(|(x, y)| self.at(x, y))
            .collect()
    }

    /// The sides, in order around the board (the first from `a1`): each the straight run of
    /// cells from one corner to the next, both corners included.
    pub fn sides(&self) -> Vec<CellSet> {
        let corners = self.corner_coords();
        let n = corners.len();
        (0..n)
            .map(|i| {
                let ((x0, y0), (x1, y1)) = (corners[i], corners[(i + 1) % n]);
                let (dx, dy) = ((x1 - x0).signum(), (y1 - y0).signum());
                let mut side = CellSet::EMPTY;
                let (mut x, mut y) = (x0, y0);
                loop {
                    side.insert(self.at(x, y));
                    if (x, y) == (x1, y1) {
                        break side;
                    }
                    x += dx;
                    y += dy;
                }
            })
            .collect()
    }

    /// The cells with fewer neighbours than the board has directions: the rim, from which
    /// the outside can be reached.
    pub fn rim(&self) -> CellSet {
        let mut s = CellSet::EMPTY;
        for c in 0..self.len() as Cell {
            if self.neighbours(c).count() < self.dirs.len() {
                s.insert(c);
            }
        }
        s
    }

    /// The names of all direction words a description may use with this board.
    pub fn dir_names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.dirs.iter().map(|d| d.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_and_neighbours() {
        let b = Board::square(8, 8);
        assert_eq!(b.len(), 64);
        let e2 = b.cell("e2").unwrap();
        let n = b.dir_named("n").unwrap();
        assert_eq!(b.names[b.step(e2, n) as usize], "e3");
        assert_eq!(b.step(b.cell("h8").unwrap(), n), NONE);
        assert_eq!(b.cell("i1"), None);
        assert_eq!(b.cell("a9"), None);
    }

    #[test]
    fn hexagon_of_side_six_has_91_cells() {
        let b = Board::hex(6);
        assert_eq!(b.len(), 91);
        assert!(b.cell("a1").is_some());
        assert!(b.cell("f1").is_some());
        assert!(b.cell("g1").is_none());
        assert!(b.cell("k11").is_some());
        let degrees: Vec<usize> = (0..b.len())
            .map(|c| (0..6).filter(|&d| b.step(c as Cell, d) != NONE).count())
            .collect();
        assert_eq!(degrees.iter().filter(|&&d| d == 3).count(), 6);
        assert_eq!(degrees.iter().filter(|&&d| d == 6).count(), 61);
    }

    #[test]
    fn a_triangle_has_three_corners_and_sides_that_share_them() {
        let b = Board::triangle(7);
        assert_eq!(b.len(), 28);
        let names = |cs: &[Cell]| {
            cs.iter()
                .map(|&c| b.names[c as usize].clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(names(&b.corners()), ["a1", "g1", "a7"]);
        let sides: Vec<Vec<String>> = b
            .sides()
            .iter()
            .map(|s| names(&s.iter().collect::<Vec<_>>()))
            .collect();
        assert_eq!(sides[0], ["a1", "b1", "c1", "d1", "e1", "f1", "g1"]);
        assert_eq!(sides[1], ["g1", "f2", "e3", "d4", "c5", "b6", "a7"]);
        assert_eq!(sides[2], ["a1", "a2", "a3", "a4", "a5", "a6", "a7"]);
        // d4 touches c4, e3 (along the long side's diagonal), d3, c5, e4 is off the board.
        let d4 = b.cell("d4").unwrap();
        assert_eq!(
            names(&b.neighbours(d4).collect::<Vec<_>>()),
            ["e3", "d3", "c4", "c5"]
        );
        assert_eq!(b.rim().len(), 18);
    }

    #[test]
    fn a_hexagon_of_side_four_has_six_sides_of_four_cells() {
        let b = Board::hex(4);
        let names = |cs: Vec<Cell>| {
            cs.iter()
                .map(|&c| b.names[c as usize].clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(names(b.corners()), ["a1", "d1", "g4", "g7", "d7", "a4"]);
        for s in b.sides() {
            assert_eq!(s.len(), 4);
        }
        assert_eq!(b.rim().len(), 18);
        // The largest hexagon a description may ask for fits the cell sets.
        assert_eq!(Board::hex(13).len(), 469);
        assert!(Board::hex(13).len() <= MAX_CELLS);
    }

    #[test]
    fn the_star_has_121_holes_and_six_points_of_ten() {
        let b = Board::star();
        assert_eq!(b.len(), 121);
        let widths: Vec<usize> = (0..17)
            .map(|r| (0..17).filter(|&c| b.at(c, r) != NONE).count())
            .collect();
        assert_eq!(
            widths,
            [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
        );
        let name = |c: Cell| b.names[c as usize].clone();
        let mut all = CellSet::EMPTY;
        for (k, p) in STAR_POINTS.iter().enumerate() {
            let s = b.star_point(p).unwrap();
            assert_eq!(s.len(), 10, "{p}");
            assert!(all.union(&s).len() == 10 * (k + 1), "points overlap");
            all = all.union(&s);
        }
        // The apexes: the one cell of each point with two neighbours.
        let apex = |p: &str| {
            let s = b.star_point(p).unwrap();
            let c = s.iter().find(|&c| b.neighbours(c).count() == 2).unwrap();
            name(c)
        };
        let apexes: Vec<String> = STAR_POINTS.iter().map(|p| apex(p)).collect();
        assert_eq!(apexes, ["m17", "q13", "m5", "e1", "a5", "e13"]);
        assert_eq!(b.star_point("east"), None);
        assert_eq!(Board::hex(5).star_point("north"), None);
        // The middle hexagon, 61 cells, all with six neighbours but its rim.
        let i9 = b.cell("i9").unwrap();
        assert_eq!(b.neighbours(i9).count(), 6);
        assert_eq!(b.distances(i9).iter().filter(|&&d| d <= 4).count(), 61);
    }

    #[test]
    fn shogi_names_number_files_from_the_right_and_letter_ranks_from_the_top() {
        let mut b = Board::square(9, 9);
        b.set_naming(Naming {
            files_numbered: true,
            files_from_right: true,
            ranks_lettered: true,
            ranks_from_top: true,
        });
        assert_eq!(b.names[0], "9i");
        assert_eq!(b.names[80], "1a");
        assert_eq!(b.cell("7g"), Some(b.at(2, 2)));
        for (c, n) in b.names.iter().enumerate() {
            assert_eq!(b.cell(n), Some(c as Cell));
        }
        for bad in ["g7", "0a", "10a", "7j", "7", "g", "+7g", "07g"] {
            assert_eq!(b.cell(bad), None, "{bad}");
        }
    }

    #[test]
    fn holes_are_no_cells_and_stop_rays() {
        let holes: Vec<(i32, i32)> = (1..7).flat_map(|y| [(0, y), (9, y)]).collect();
        let b = Board::square(10, 8).without(&holes);
        assert_eq!(b.len(), 68);
        assert!(b.has_holes() && !b.is_full_grid());
        assert!(!Board::square(10, 8).has_holes());
        assert_eq!(b.cell("a2"), None);
        let name = |c: Cell| b.names[c as usize].clone();
        // From a1 north: nothing (a2 is a hole); from b1 west: a1; from b2 west: nothing.
        let (n, w) = (b.dir_named("n").unwrap(), b.dir_named("w").unwrap());
        assert!(b.ray(b.cell("a1").unwrap(), n).is_empty());
        assert_eq!(name(b.step(b.cell("b1").unwrap(), w)), "a1");
        assert_eq!(b.step(b.cell("b2").unwrap(), w), NONE);
        // Ranks keep the grid's numbers; the board is described with its holes.
        assert_eq!(name(b.at(9, 7)), "j8");
        assert_eq!(b.describe(), "square 10 x 8 with 12 holes (68 cells)");
    }

    #[test]
    fn file_names_round_trip() {
        for x in [0, 7, 25, 26, 51] {
            assert_eq!(parse_file(&file_name(x)), Some(x));
        }
    }
}

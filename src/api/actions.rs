//! The fixed action space of a game: every legal move as one integer id, or as a short
//! sequence of ids where one id cannot tell it from the other legal moves.
//!
//! Each game has one alphabet of ids, fixed when the game is loaded, made of blocks in this
//! order (a block the game cannot use has no ids; `N` is the number of cells, `K` the number
//! of piece kinds):
//!
//! | block | ids | meaning |
//! | --- | --- | --- |
//! | line | `L` | games of lines between dots: line `l` is drawn (`L` lines, numbered as OpenSpiel's `dots_and_boxes` numbers its actions, so that on its own an id is OpenSpiel's action; a turn is its lines in the order drawn, one id each) |
//! | pair | `N * N` | a piece goes from cell `f` to cell `t` (id `f * N + t`): a step, a slide, one leg of a jump chain or a walk, an ability aimed from `f` |
//! | place | `N * K` | a piece of kind `k` enters cell `c` (id `c * K + k`): placements and drops (a turn of several placements, `each turn places N ...`, is its cells in increasing cell order, one id each); after a move, the piece from the hand that gating brings onto the cell left |
//! | cell | `N` | a further cell: a piece taken where a move may take several, an arrow, an ability's target; in sowing games, a pit sown (a move is its pits in order); in races, the piece borne off from that cell (a turn of dice read one by one is its steps in order: pairs, placements for pieces entering, cells for pieces borne off) |
//! | kind | `K` | the kind a piece promotes (or changes) to |
//! | move kind | 11 | what a move that is neither plain nor a placement does (smash, walk, double step, keep, push, push kept, sleep, sleep kept, heal, swap, transfer) |
//! | rotate | `2 * B` | after a placement, block `b` turns clockwise (`2b`) or anticlockwise (`2b + 1`) |
//! | throw | `T` | games with dice: outcome `i` of the throw (the moves of a chance node; `T` outcomes) |
//! | pass | 1 | the player passes |
//! | end | 1 | the turn ends here, where the move chosen so far is also the start of a longer one |
//!
//! A move is first written as its *full* sequence: its first leg (a pair, a placement or the
//! pass), what kind of move it is (when not plain), its further legs, the cells it takes, the
//! kind it promotes to, its ability's targets, its arrow or gated piece and its rotation. Its *action
//! sequence* keeps only the ids where the legal moves of the position part ways: the first id
//! always, then the next id only where the moves that agree so far differ there. So a move
//! that its first id already tells apart is that one id (every move of chess but promotions,
//! every placement of Go); a jump chain asks for each landing only where chains part; a
//! promotion asks for its kind; an Amazons move asks for its arrow where several arrows are
//! legal. Where one move's full sequence is the start of another's (a Shogi move that may or
//! may not promote, a walk that may stop early), the shorter one ends with `end`.
//! Distinct legal moves always have distinct action sequences, and no move's sequence is the
//! start of another's.

use crate::engine::{Game, Move, MoveKind};
use crate::geometry::{Cell, NONE};

/// The move kinds of the move-kind block, in id order.
pub const MOVE_KINDS: [MoveKind; 11] = [
    MoveKind::Smash,
    MoveKind::Walk,
    MoveKind::DoubleStep,
    MoveKind::Keep,
    MoveKind::Push,
    MoveKind::PushKept,
    MoveKind::Sleep,
    MoveKind::SleepKept,
    MoveKind::Heal,
    MoveKind::Swap,
    MoveKind::Transfer,
];

/// The most ids a game's action space may have (so that a legal-action mask stays small).
pub const MAX_ACTIONS: usize = 1 << 22;

/// The most ids one move's action sequence can have: its first leg, its move kind, a leg per
/// landing, a cell per capture, its kind, two targets and the displaced piece's kind, the
/// cells it heals, its arrow, its rotation and `end`.
pub const MAX_IDS_PER_MOVE: usize = 3 * crate::engine::MAX_CAPTURES + 9;

/// What one id means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Line `l` is drawn (games of lines between dots).
    Line(u16),
    Pair(Cell, Cell),
    Place(Cell, usize),
    Cell(Cell),
    Kind(usize),
    MoveKind(MoveKind),
    Rotate(u8),
    /// Outcome `i` of a throw of the dice.
    Throw(u8),
    Pass,
    End,
}

/// A game's action space: where each block starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionSpace {
    cells: u32,
    /// Where the line block ends (it starts at 0): the number of lines.
    lines: u32,
    kinds: u32,
    pair: u32,
    place: u32,
    cell: u32,
    kind: u32,
    move_kind: u32,
    rotate: u32,
    throw: u32,
    pass: u32,
    end: u32,
    /// The game's [`Game::player_shift`], to read a placed piece's kind.
    shift: u8,
    /// Gating (`a piece in hand may enter the cell a piece leaves ...`): a move's shot is a
    /// piece from the hand, written as a placement.
    gating: bool,
}

/// Why a game has no action space.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the game needs {0} action ids, more than the {MAX_ACTIONS} an action space may have \
     (boards of up to 2000 cells fit)"
)]
pub struct TooManyActions(pub usize);

impl ActionSpace {
    /// The kind of a non-empty piece code (as [`Game::kind_of`]).
    fn kind_of(&self, code: u8) -> usize {
        usize::from(code - 1) >> self.shift
    }

    /// The action space of `game`.
    ///
    /// # Errors
    /// [`TooManyActions`] where the board is so large that the space would pass
    /// [`MAX_ACTIONS`].
    pub fn new(game: &Game) -> Result<ActionSpace, TooManyActions> {
        let n = game.board.len();
        let k = game.kinds.len();
        let moves_pieces = game.rules.iter().any(|r| !r.is_empty())
            || game.hooks.iter().flatten().any(|h| h.generate.is_some())
            || !game.board_rules.is_empty()
            || !game.castles.is_empty()
            || game.race.is_some();
        let gating = !game.gate_cells.is_empty();
        let places = game.places.iter().any(|p| !p.is_empty()) || game.race.is_some() || gating;
        let blocks = game
            .places
            .iter()
            .flatten()
            .map(|p| p.blocks.len())
            .max()
            .unwrap_or(0);
        let lines = game.lines.as_ref().map_or(0, |l| l.len());
        let sizes = [
            lines,
            if moves_pieces { n * n } else { 0 },
            if places { n * k } else { 0 },
            n,
            k,
            MOVE_KINDS.len(),
            2 * blocks,
            game.chance.as_ref().map_or(0, |c| c.len()),
            1,
        ];
        let total = sizes.iter().sum::<usize>() + 1;
        if total > MAX_ACTIONS {
            return Err(TooManyActions(total));
        }
        let mut at = [0u32; 9];
        let mut sum = 0;
        for (i, s) in sizes.iter().enumerate() {
            at[i] = sum as u32;
            sum += s;
        }
        Ok(ActionSpace {
            gating,
            shift: game.player_shift,
            cells: n as u32,
            kinds: k as u32,
            lines: at[1],
            pair: at[1],
            place: at[2],
            cell: at[3],
            kind: at[4],
            move_kind: at[5],
            rotate: at[6],
            throw: at[7],
            pass: at[8],
            end: sum as u32,
        })
    }

    /// The number of ids (OpenSpiel's `num_distinct_actions`).
    pub fn len(&self) -> usize {
        self.end as usize + 1
    }

    pub fn is_empty(&self) -> bool {
        false
    }

    /// The id of the pass.
    pub fn pass_id(&self) -> u32 {
        self.pass
    }

    /// The id that ends a turn early.
    pub fn end_id(&self) -> u32 {
        self.end
    }

    /// The id of an action, or `None` where the game has no such id.
    pub fn id(&self, a: Action) -> Option<u32> {
        let (n, k) = (self.cells, self.kinds);
        let cell_ok = |c: Cell| u32::from(c) < n;
        match a {
            Action::Line(l) if u32::from(l) < self.lines => Some(u32::from(l)),
            Action::Pair(f, t) if cell_ok(f) && cell_ok(t) && self.place > self.pair => {
                Some(self.pair + u32::from(f) * n + u32::from(t))
            }
            Action::Place(c, kind) if cell_ok(c) && (kind as u32) < k && self.cell > self.place => {
                Some(self.place + u32::from(c) * k + kind as u32)
            }
            Action::Cell(c) if cell_ok(c) => Some(self.cell + u32::from(c)),
            Action::Kind(kind) if (kind as u32) < k => Some(self.kind + kind as u32),
            Action::MoveKind(m) => MOVE_KINDS
                .iter()
                .position(|&x| x == m)
                .map(|i| self.move_kind + i as u32),
            Action::Rotate(r) if self.rotate + u32::from(r) < self.throw => {
                Some(self.rotate + u32::from(r))
            }
            Action::Throw(i) if self.throw + u32::from(i) < self.pass => {
                Some(self.throw + u32::from(i))
            }
            Action::Pass => Some(self.pass),
            Action::End => Some(self.end),
            _ => None,
        }
    }

    /// What an id means, or `None` outside the space.
    pub fn action(&self, id: u32) -> Option<Action> {
        let (n, k) = (self.cells, self.kinds);
        Some(if id < self.lines {
            Action::Line(id as u16)
        } else if id < self.place {
            let i = id - self.pair;
            Action::Pair((i / n) as Cell, (i % n) as Cell)
        } else if id < self.cell {
            let i = id - self.place;
            Action::Place((i / k) as Cell, (i % k) as usize)
        } else if id < self.kind {
            Action::Cell((id - self.cell) as Cell)
        } else if id < self.move_kind {
            Action::Kind((id - self.kind) as usize)
        } else if id < self.rotate {
            Action::MoveKind(MOVE_KINDS[(id - self.move_kind) as usize])
        } else if id < self.throw {
            Action::Rotate((id - self.rotate) as u8)
        } else if id < self.pass {
            Action::Throw((id - self.throw) as u8)
        } else if id == self.pass {
            Action::Pass
        } else if id == self.end {
            Action::End
        } else {
            return None;
        })
    }

    /// An id written out: `e2e4` (pair), `P@e4` (place), `xd5` (cell; `c1`, the pit sown, in a
    /// sowing game), `=Q` (kind), `~swap`
    /// (move kind), `/rotate3` (rotate), `pass`, `end`; `?` outside the space.
    pub fn text(&self, game: &Game, id: u32) -> String {
        let name = |c: Cell| game.board.names[c as usize].as_str();
        match self.action(id) {
            Some(Action::Line(l)) => game
                .lines
                .as_ref()
                .map_or("?".into(), |ls| ls.names[usize::from(l)].clone()),
            Some(Action::Pair(f, t)) => format!("{}{}", name(f), name(t)),
            Some(Action::Place(c, k)) => format!("{}@{}", game.kinds[k].letter, name(c)),
            // A pit sown, in a sowing game.
            Some(Action::Cell(c)) if game.sowing.is_some() => name(c).to_string(),
            Some(Action::Cell(c)) => format!("x{}", name(c)),
            Some(Action::Kind(k)) => format!("={}", game.kinds[k].letter),
            Some(Action::MoveKind(m)) => format!("~{}", format!("{m:?}").to_lowercase()),
            Some(Action::Rotate(r)) => format!("/rotate{r}"),
            Some(Action::Throw(i)) => match &game.chance {
                Some(c) => format!("throw-{}", c.name(usize::from(i))),
                None => "?".into(),
            },
            Some(Action::Pass) => "pass".into(),
            Some(Action::End) => "end".into(),
            None => "?".into(),
        }
    }

    /// The first id of `m`'s full sequence ([`ActionSpace::full_sequence`]), alone.
    ///
    /// # Errors
    /// As [`ActionSpace::full_sequence`], for that first id.
    pub fn first_id(&self, m: &Move) -> Result<u32, String> {
        let a = match m.kind {
            MoveKind::Pass => Action::Pass,
            MoveKind::Place | MoveKind::Places => Action::Place(m.to, self.kind_of(m.promote)),
            MoveKind::Sow | MoveKind::Off => Action::Cell(m.from),
            MoveKind::Throw => Action::Throw(m.promote),
            MoveKind::Turn => turn_step(m, 0),
            MoveKind::Lines => Action::Line(m.path[0]),
            MoveKind::Steps => Action::Pair(m.path[0], m.path[1]),
            MoveKind::Parts => part_action(self, m.landings(), 0),
            kind => match m.landings().first() {
                Some(&c) if matches!(kind, MoveKind::Normal | MoveKind::Walk) => {
                    Action::Pair(m.from, c)
                }
                _ => Action::Pair(m.from, m.to),
            },
        };
        self.id(a).ok_or_else(|| format!("no action id for {a:?}"))
    }

    /// Appends the full sequence of `m` (see the module's documentation) to `out`.
    ///
    /// # Errors
    /// The part of the move the space has no id for (a game whose moves the space's blocks
    /// do not foresee).
    pub fn full_sequence(&self, m: &Move, out: &mut Vec<u32>) -> Result<(), String> {
        let mut push = |a: Action| match self.id(a) {
            Some(id) => {
                out.push(id);
                Ok(())
            }
            None => Err(format!("no action id for {a:?}")),
        };
        match m.kind {
            MoveKind::Pass => return push(Action::Pass),
            MoveKind::Throw => return push(Action::Throw(m.promote)),
            MoveKind::Off => return push(Action::Cell(m.from)),
            // A turn of lines: each line, in the order drawn.
            MoveKind::Lines => {
                for &l in m.landings() {
                    push(Action::Line(l))?;
                }
                return Ok(());
            }
            // A turn of steps: each step (what traps take follows from the position).
            MoveKind::Steps => {
                for s in m.landings().chunks(2).filter(|s| s[1] != NONE) {
                    push(Action::Pair(s[0], s[1]))?;
                }
                return Ok(());
            }
            // A turn of parts earned by lines: each part, a placement or a pair, then what
            // it removes.
            MoveKind::Parts => {
                for k in 0..m.npath as usize / 4 {
                    push(part_action(self, m.landings(), k))?;
                    let removed = m.landings()[4 * k + 2];
                    if removed != NONE {
                        push(Action::Cell(removed))?;
                    }
                }
                return Ok(());
            }
            // A turn of dice: each die's step (what it hits follows from the position).
            MoveKind::Turn => {
                for k in 0..m.npath as usize / 2 {
                    push(turn_step(m, k))?;
                }
                return Ok(());
            }
            MoveKind::Sow => {
                // A seed placed from the hand: its pit.
                if m.npath == 0 {
                    return push(Action::Cell(m.to));
                }
                for (i, &c) in m.landings().iter().enumerate() {
                    push(Action::Cell(c))?;
                    // Where there is a choice of direction: the pit its first seed goes to.
                    if i == 0 && m.extra_to != NONE {
                        push(Action::Cell(m.extra_to))?;
                    }
                }
                return Ok(());
            }
            // A turn of several placements: each cell, in increasing order.
            MoveKind::Places => {
                for &c in m.landings() {
                    push(Action::Place(c, self.kind_of(m.promote)))?;
                }
                return Ok(());
            }
            MoveKind::Place => {
                push(Action::Place(m.to, self.kind_of(m.promote)))?;
            }
            kind => {
                // The cells the piece goes through: its landings where it has several.
                let mut at = m.from;
                let mut legs = 0;
                let chain = matches!(kind, MoveKind::Normal | MoveKind::Walk);
                if chain {
                    for &c in m.landings() {
                        push(Action::Pair(at, c))?;
                        if legs == 0 && kind != MoveKind::Normal {
                            push(Action::MoveKind(kind))?;
                        }
                        legs += 1;
                        at = c;
                    }
                }
                if legs == 0 || at != m.to {
                    push(Action::Pair(at, m.to))?;
                    if legs == 0 && kind != MoveKind::Normal {
                        push(Action::MoveKind(kind))?;
                    }
                }
            }
        }
        for &c in m.captures() {
            push(Action::Cell(c))?;
        }
        if m.promote != 0 && m.kind != MoveKind::Place {
            push(Action::Kind(self.kind_of(m.promote)))?;
        }
        for c in [m.extra_from, m.extra_to] {
            if c != NONE {
                push(Action::Cell(c))?;
            }
        }
        if m.extra_promote != 0 {
            push(Action::Kind(self.kind_of(m.extra_promote)))?;
        }
        if m.kind == MoveKind::Heal {
            for &c in m.landings() {
                push(Action::Cell(c))?;
            }
        }
        if m.shot != NONE && m.kind != MoveKind::Place && self.gating {
            // Gating: the piece from the hand that enters the cell left.
            push(Action::Place(m.shot, self.kind_of(m.shot_code)))?;
        } else if m.shot != NONE {
            push(Action::Cell(m.shot))?;
        }
        if m.turn != 0 {
            push(Action::Rotate(m.turn - 1))?;
        }
        Ok(())
    }
}

/// One turn's choice among the legal moves, id by id: the moves' full sequences, the moves
/// still possible and the ids chosen so far. Buffers are kept from turn to turn.
#[derive(Clone, Debug, Default)]
pub struct Turn {
    /// The full sequences of all the moves, one after the other.
    flat: Vec<u32>,
    /// Where each move's full sequence starts in `flat` (one more entry than moves).
    starts: Vec<u32>,
    /// The moves still possible, by index.
    candidates: Vec<u32>,
    /// How far into the full sequences the choice has gone.
    depth: usize,
    chosen: Vec<u32>,
    end: u32,
    /// The ids legal now, sorted: what the candidates have next (kept up to date by
    /// `begin`, `choose` and `clear`, since a step asks for them several times).
    legal: Vec<u32>,
    /// Where every move's first id is its own (most turns of most games): per id of
    /// `legal`, the move it is, so that choosing it is one search; else empty.
    owner: Vec<u32>,
    /// `begin`'s buffer: each move's first id (high half) with its index (low half).
    keyed: Vec<u64>,
}

/// An id that is not legal at this point of the turn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("action {0} is not legal here")]
pub struct NotLegal(pub u32);

impl Turn {
    /// Starts a turn among `moves` (the legal moves of a position, at least one).
    ///
    /// # Errors
    /// As [`ActionSpace::full_sequence`].
    pub fn begin(&mut self, space: &ActionSpace, moves: &[Move]) -> Result<(), String> {
        self.candidates.clear();
        self.candidates.extend(0..moves.len() as u32);
        self.depth = 0;
        self.chosen.clear();
        self.end = space.end_id();
        // First ids alone, where they already tell every move apart (most turns of most
        // games): each move's action sequence is then its first id, and the rest of its full
        // sequence is never asked for.
        self.flat.clear();
        self.starts.clear();
        self.starts.push(0);
        self.keyed.clear();
        for (i, m) in moves.iter().enumerate() {
            let id = space.first_id(m)?;
            self.flat.push(id);
            self.starts.push(self.flat.len() as u32);
            self.keyed.push(u64::from(id) << 32 | i as u64);
        }
        self.keyed.sort_unstable();
        self.legal.clear();
        self.owner.clear();
        if self.keyed.windows(2).all(|w| w[0] >> 32 != w[1] >> 32) {
            self.legal
                .extend(self.keyed.iter().map(|&k| (k >> 32) as u32));
            self.owner.extend(self.keyed.iter().map(|&k| k as u32));
            return Ok(());
        }
        self.flat.clear();
        self.starts.truncate(1);
        for m in moves {
            space.full_sequence(m, &mut self.flat)?;
            self.starts.push(self.flat.len() as u32);
        }
        self.note_legal();
        Ok(())
    }

    /// Recomputes the ids legal now from the candidates.
    fn note_legal(&mut self) {
        let mut legal = std::mem::take(&mut self.legal);
        legal.clear();
        legal.extend(self.candidates.iter().map(|&i| self.next_of(i)));
        legal.sort_unstable();
        legal.dedup();
        self.legal = legal;
        self.owner.clear();
    }

    /// Starts a turn with no move (a finished game).
    pub fn clear(&mut self) {
        self.flat.clear();
        self.starts.clear();
        self.starts.push(0);
        self.candidates.clear();
        self.depth = 0;
        self.chosen.clear();
        self.legal.clear();
        self.owner.clear();
    }

    /// The full sequence of move `i`.
    fn full(&self, i: u32) -> &[u32] {
        &self.flat[self.starts[i as usize] as usize..self.starts[i as usize + 1] as usize]
    }

    /// Move `i`'s id at the current depth (`end` where its full sequence is over).
    fn next_of(&self, i: u32) -> u32 {
        self.full(i).get(self.depth).copied().unwrap_or(self.end)
    }

    /// The ids chosen so far this turn.
    pub fn pending(&self) -> &[u32] {
        &self.chosen
    }

    /// The ids legal now, sorted, into `out`.
    pub fn legal(&self, out: &mut Vec<u32>) {
        out.clear();
        out.extend_from_slice(&self.legal);
    }

    /// The ids legal now, sorted.
    pub fn legal_ids(&self) -> &[u32] {
        &self.legal
    }

    /// Whether `id` is legal now.
    pub fn is_legal(&self, id: u32) -> bool {
        self.legal.binary_search(&id).is_ok()
    }

    /// Chooses `id`: returns the index of the move it completes, or `None` while the move is
    /// not yet told apart from others (the turn then waits for the next id).
    ///
    /// # Errors
    /// [`NotLegal`] where no move still possible has `id` next; nothing changes then.
    pub fn choose(&mut self, id: u32) -> Result<Option<usize>, NotLegal> {
        let Ok(k) = self.legal.binary_search(&id) else {
            return Err(NotLegal(id));
        };
        if let Some(&i) = self.owner.get(k).filter(|_| self.depth == 0) {
            // Every move has its own first id: this one completes move `i`.
            self.candidates.clear();
            self.candidates.push(i);
            self.chosen.push(id);
            self.depth = 1;
            self.legal.clear();
            return Ok(Some(i as usize));
        }
        let mut c = std::mem::take(&mut self.candidates);
        c.retain(|&i| self.next_of(i) == id);
        self.candidates = c;
        self.chosen.push(id);
        self.depth += 1;
        // Ids every remaining move shares are not asked for.
        while self.candidates.len() > 1 {
            let first = self.next_of(self.candidates[0]);
            if first == self.end || self.candidates.iter().any(|&i| self.next_of(i) != first) {
                break;
            }
            self.depth += 1;
        }
        let all_over = self
            .candidates
            .iter()
            .all(|&i| self.full(i).len() <= self.depth);
        if self.candidates.len() == 1 || all_over {
            // Several moves with one full sequence are one move to the space; the first is
            // played (shipped games have none: the tests check it).
            self.legal.clear();
            return Ok(Some(self.candidates[0] as usize));
        }
        self.note_legal();
        Ok(None)
    }

    /// The action sequence of move `index` from the start of the turn (the turn itself is
    /// not changed).
    pub fn encode(&self, index: usize) -> Vec<u32> {
        let mut walk = self.clone();
        walk.candidates.clear();
        walk.candidates.extend(0..self.starts.len() as u32 - 1);
        walk.depth = 0;
        walk.chosen.clear();
        walk.note_legal();
        loop {
            let id = walk.next_of(index as u32);
            match walk.choose(id) {
                Ok(Some(_)) | Err(_) => return walk.chosen,
                Ok(None) => {}
            }
        }
    }

    /// The moves still possible, by index.
    pub fn candidates(&self) -> &[u32] {
        &self.candidates
    }
}

/// Step `k` of a turn of dice as an id's meaning: a pair of cells, a piece entering from the
/// hand (a placement of the mover's kind), or a piece bearing off (its cell).
fn turn_step(m: &Move, k: usize) -> Action {
    match (m.path[2 * k], m.path[2 * k + 1]) {
        (NONE, to) => Action::Place(to, 0),
        (from, NONE) => Action::Cell(from),
        (from, to) => Action::Pair(from, to),
    }
}

/// Part `k` of a turn of parts earned by lines (`path` as [`MoveKind::Parts`] keeps it): a
/// placement, or a pair.
fn part_action(space: &ActionSpace, path: &[Cell], k: usize) -> Action {
    let (from, to, code) = (path[4 * k], path[4 * k + 1], path[4 * k + 3]);
    if from == NONE {
        Action::Place(to, space.kind_of(code as u8))
    } else {
        Action::Pair(from, to)
    }
}

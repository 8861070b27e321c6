//! A position: the cells, the side to move and the game-specific memory (unmoved pieces for
//! castling, the en-passant cell, counters), with an incrementally updated Zobrist hash.

use super::{Attack, Game, Move, MoveKind, Outcome};
use crate::geometry::{Cell, CellSet, NONE};
use crate::model::{EndCond, Verdict};
use crate::native::MoveFacts;

#[derive(Debug)]
pub struct Position<'g> {
    pub game: &'g Game,
    pub(super) cells: Vec<u8>,
    pub(super) unmoved: CellSet,
    pub(super) turn: u8,
    /// The cell a double step just passed over, and the piece that made it.
    pub(super) ep_target: Cell,
    pub(super) ep_victim: Cell,
    /// Plies since the start of the game.
    pub(super) ply: u32,
    /// Plies since the last capture or progress move (for no-progress draws).
    pub(super) quiet: u32,
    /// Consecutive passes just made.
    pub(super) passes: u8,
    pub(super) hash: u64,
}

impl Clone for Position<'_> {
    fn clone(&self) -> Self {
        Position {
            game: self.game,
            cells: self.cells.clone(),
            unmoved: self.unmoved,
            turn: self.turn,
            ep_target: self.ep_target,
            ep_victim: self.ep_victim,
            ply: self.ply,
            quiet: self.quiet,
            passes: self.passes,
            hash: self.hash,
        }
    }

    /// Reuses the cell buffer: no allocation.
    fn clone_from(&mut self, o: &Self) {
        self.game = o.game;
        self.cells.clone_from(&o.cells);
        self.unmoved = o.unmoved;
        self.turn = o.turn;
        self.ep_target = o.ep_target;
        self.ep_victim = o.ep_victim;
        self.ply = o.ply;
        self.quiet = o.quiet;
        self.passes = o.passes;
        self.hash = o.hash;
    }
}

/// Why a move could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal move `{text}`")]
pub struct IllegalMove {
    pub text: String,
}

impl<'g> Position<'g> {
    pub fn start(game: &'g Game) -> Position<'g> {
        Self::from_parts(
            game,
            game.initial.clone(),
            game.initial_unmoved,
            0,
            NONE,
            NONE,
            0,
            0,
        )
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn from_parts(
        game: &'g Game,
        cells: Vec<u8>,
        unmoved: CellSet,
        turn: u8,
        ep_target: Cell,
        ep_victim: Cell,
        ply: u32,
        quiet: u32,
    ) -> Position<'g> {
        let mut p = Position {
            game,
            cells,
            unmoved,
            turn,
            ep_target,
            ep_victim,
            ply,
            quiet,
            passes: 0,
            hash: 0,
        };
        p.hash = p.compute_hash();
        p
    }

    /// The hash computed from scratch (the incremental [`Position::hash`] must equal it).
    pub fn compute_hash(&self) -> u64 {
        let g = self.game;
        let n = g.board.len();
        let mut h = 0;
        for (c, &code) in self.cells.iter().enumerate() {
            if code != 0 {
                h ^= g.zobrist_piece[code as usize * n + c];
            }
        }
        for c in self.unmoved.iter() {
            h ^= g.zobrist_unmoved[c as usize];
        }
        if self.ep_target != NONE {
            h ^= g.zobrist_ep[self.ep_target as usize];
        }
        if self.turn == 1 {
            h ^= g.zobrist_turn;
        }
        if self.passes > 0 {
            h ^= g.zobrist_pass[self.passes.min(7) as usize];
        }
        h
    }

    /// The player to move.
    pub fn turn(&self) -> usize {
        self.turn as usize
    }

    /// The piece code on a cell (0 = empty).
    pub fn at(&self, c: Cell) -> u8 {
        self.cells[c as usize]
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn ply(&self) -> u32 {
        self.ply
    }

    pub fn quiet_plies(&self) -> u32 {
        self.quiet
    }

    /// Number of pieces a player has (of one kind, or of any kind).
    pub fn count(&self, player: usize, kind: Option<usize>) -> usize {
        self.cells
            .iter()
            .filter(|&&c| {
                c != 0 && Game::owner(c) == player && kind.is_none_or(|k| Game::kind_of(c) == k)
            })
            .count()
    }

    #[inline]
    fn set(&mut self, c: Cell, code: u8) {
        let n = self.game.board.len();
        let old = self.cells[c as usize];
        if old != 0 {
            self.hash ^= self.game.zobrist_piece[old as usize * n + c as usize];
        }
        if code != 0 {
            self.hash ^= self.game.zobrist_piece[code as usize * n + c as usize];
        }
        self.cells[c as usize] = code;
    }

    fn clear_unmoved(&mut self, c: Cell) {
        if c != NONE && self.unmoved.contains(c) {
            self.unmoved.remove(c);
            self.hash ^= self.game.zobrist_unmoved[c as usize];
        }
    }

    /// Plays a move known to be legal (from [`Position::legal_moves`]).
    pub fn play_unchecked(&mut self, m: &Move) {
        let g = self.game;
        if self.passes > 0 {
            self.hash ^= g.zobrist_pass[self.passes.min(7) as usize];
        }
        if m.kind == MoveKind::Pass {
            self.passes = self.passes.saturating_add(1);
            self.hash ^= g.zobrist_pass[self.passes.min(7) as usize];
            if self.ep_target != NONE {
                self.hash ^= g.zobrist_ep[self.ep_target as usize];
                self.ep_target = NONE;
                self.ep_victim = NONE;
            }
            self.quiet += 1;
            self.ply += 1;
            self.turn ^= 1;
            self.hash ^= g.zobrist_turn;
            return;
        }
        self.passes = 0;
        let code = self.cells[m.from as usize];
        for &c in m.captures() {
            self.set(c, 0);
        }
        let placed = if m.promote != 0 { m.promote } else { code };
        // A smash ends on `to` too: the piece's own cell, or the cell before its victim.
        self.set(m.from, 0);
        self.set(m.to, placed);
        if m.extra_from != NONE {
            let partner = self.cells[m.extra_from as usize];
            self.set(m.extra_from, 0);
            self.set(m.extra_to, partner);
        }
        for c in [m.from, m.to, m.extra_from] {
            self.clear_unmoved(c);
        }
        for &c in m.captures() {
            self.clear_unmoved(c);
        }
        for h in &g.hooks[code as usize] {
            let facts = MoveFacts {
                from: m.from,
                to: m.to,
                captured: m.ncap as usize,
            };
            if (h.after_move)(&facts, &h.data) && self.cells[m.to as usize] != 0 {
                self.set(m.to, 0);
            }
        }
        if self.ep_target != NONE {
            self.hash ^= g.zobrist_ep[self.ep_target as usize];
        }
        if m.ep_mark != NONE {
            self.ep_target = m.ep_mark;
            self.ep_victim = m.to;
            self.hash ^= g.zobrist_ep[m.ep_mark as usize];
        } else {
            self.ep_target = NONE;
            self.ep_victim = NONE;
        }
        if m.ncap > 0 || self.is_progress(code) {
            self.quiet = 0;
        } else {
            self.quiet += 1;
        }
        self.ply += 1;
        self.turn ^= 1;
        self.hash ^= g.zobrist_turn;
    }

    /// Whether a move by this piece code resets the no-progress counter.
    fn is_progress(&self, code: u8) -> bool {
        let kind = Game::kind_of(code);
        self.game.end.iter().any(
            |e| matches!(e.cond, EndCond::PlyLimit { no_progress: Some(Some(k)), .. } if k == kind),
        )
    }

    /// Plays `m` if it is one of the legal moves.
    ///
    /// # Errors
    /// [`IllegalMove`] when it is not; the position is unchanged.
    pub fn try_play(&mut self, m: &Move) -> Result<(), IllegalMove> {
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let found = legal.iter().any(|l| {
            l.from == m.from
                && l.to == m.to
                && l.promote == m.promote
                && l.captures() == m.captures()
                && l.landings() == m.landings()
                && l.kind == m.kind
        });
        if found {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(IllegalMove {
                text: self.move_text(m),
            })
        }
    }

    /// Plays a legal move.
    ///
    /// # Panics
    /// If `m` is not legal here.
    pub fn play(&mut self, m: &Move) {
        if let Err(e) = self.try_play(m) {
            panic!("{e}");
        }
    }

    // ------------------------------------------------------------ attacks

    /// Whether `by` could capture onto `target`, on the cells `cells`.
    pub(super) fn attacked_on(&self, cells: &[u8], target: Cell, by: usize) -> bool {
        let b = &self.game.board;
        for a in &self.game.attacks[by] {
            match a {
                Attack::Step { code, back, from } => {
                    let s = b.step(target, *back);
                    if s != NONE && cells[s as usize] == *code && from.is_none_or(|f| f.contains(s))
                    {
                        return true;
                    }
                }
                Attack::Slide { code, back } => {
                    let mut s = target;
                    loop {
                        s = b.step(s, *back);
                        if s == NONE {
                            break;
                        }
                        let c = cells[s as usize];
                        if c != 0 {
                            if c == *code {
                                return true;
                            }
                            break;
                        }
                    }
                }
                Attack::Leap {
                    code,
                    stride,
                    sources,
                } => {
                    let base = target as usize * stride;
                    if sources[base..base + stride]
                        .iter()
                        .any(|&s| s != NONE && cells[s as usize] == *code)
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether any royal piece of `player` is attacked on `cells`.
    pub(super) fn royal_attacked_on(&self, cells: &[u8], player: usize) -> bool {
        let g = self.game;
        cells.iter().enumerate().any(|(c, &code)| {
            code != 0
                && Game::owner(code) == player
                && g.royal[code as usize]
                && self.attacked_on(cells, c as Cell, player ^ 1)
        })
    }

    /// Whether the player to move has a royal piece under attack.
    pub fn in_check(&self) -> bool {
        self.game.has_royal && self.royal_attacked_on(&self.cells, self.turn as usize)
    }

    // ------------------------------------------------------------ outcome

    fn verdict(v: Verdict, player: usize, reason: &str) -> Outcome {
        match v {
            Verdict::Win => Outcome::Win {
                player,
                reason: reason.to_string(),
            },
            Verdict::Lose => Outcome::Win {
                player: player ^ 1,
                reason: reason.to_string(),
            },
            Verdict::Draw | Verdict::Pass => Outcome::Draw {
                reason: reason.to_string(),
            },
        }
    }

    /// End conditions that depend only on the pieces on the board (no pieces, a piece on its
    /// goal), read for the player who just moved first.
    pub fn static_outcome(&self) -> Option<Outcome> {
        let g = self.game;
        let mover = self.turn as usize ^ 1;
        for e in &g.end {
            for p in [mover, mover ^ 1] {
                let hit = match &e.cond {
                    EndCond::NoPieces(k) => self.count(p, *k) == 0,
                    EndCond::PassLimit(n) => p == mover && u32::from(self.passes) >= *n,
                    EndCond::Reaches { kind, region } => {
                        let code = crate::compile::code(*kind, p);
                        region[p].iter().any(|c| self.cells[c as usize] == code)
                    }
                    _ => false,
                };
                if hit {
                    return Some(Self::verdict(e.verdict, p, &e.text));
                }
            }
        }
        None
    }

    /// The result when the player to move has no legal move.
    pub fn no_move_outcome(&self) -> Outcome {
        let me = self.turn as usize;
        for e in &self.game.end {
            if let EndCond::NoLegalMove { in_check } = e.cond {
                if e.verdict == Verdict::Pass {
                    continue;
                }
                if !in_check || self.in_check() {
                    return Self::verdict(e.verdict, me, &e.text);
                }
            }
        }
        Outcome::Draw {
            reason: "no legal move".into(),
        }
    }

    /// The game's play-only draws and limits (repetition, ply limits), given how often this
    /// position has occurred.
    pub fn limit_outcome(&self, occurrences: usize) -> Option<Outcome> {
        let me = self.turn as usize;
        for e in &self.game.end {
            let hit = match e.cond {
                EndCond::Repetition => occurrences >= 3,
                EndCond::PlyLimit {
                    plies,
                    no_progress: None,
                } => self.ply >= plies,
                EndCond::PlyLimit { plies, .. } => self.quiet >= plies,
                _ => false,
            };
            if hit {
                return Some(Self::verdict(e.verdict, me, &e.text));
            }
        }
        None
    }
}

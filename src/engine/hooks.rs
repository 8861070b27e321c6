//! The engine's extension points: the interface a native hook implements to plug into the
//! engine. The engine calls these and never names a particular hook; a hook (in
//! [`crate::native`]) is written against this module and nothing else of the engine's
//! insides.
//!
//! Two shapes, both resolved when a game is compiled:
//! - A [`PieceHook`] belongs to the piece kind that declares it (`native NAME(ARGS)` inside a
//!   piece): function pointers with their precomputed data, called for that piece only —
//!   extra moves ([`GenerateFn`]), whether it may act ([`MayActFn`]), an effect after its move
//!   ([`AfterMoveFn`]) — and capability flags the engine reads (it keeps a piece under it, it
//!   moves with other pieces' rules).
//! - A [`BoardRule`] is a board-wide mechanic built once per game from the game's piece hooks:
//!   pieces it freezes, effects after every move, moves no single piece makes, whether a
//!   frozen piece may still act, and what legality must then test. Dispatch is through a trait
//!   object, only in games that have one; every other game pays one empty-list test.

use super::{Move, Position};
use crate::geometry::{Cell, CellSet};

/// What the engine tells an after-move hook about the move just played.
pub struct MoveFacts {
    /// Where the piece started; `None` for a piece that entered the board (a placement or a
    /// drop), which has no origin to compare with.
    pub from: Option<Cell>,
    /// Where the piece ended.
    pub to: Cell,
    /// How many pieces the move captured.
    pub captured: usize,
}

/// An after-move effect of a piece: returns `true` to remove the moved piece.
pub type AfterMoveFn = fn(&MoveFacts, &[u8]) -> bool;
/// Extra moves for the piece `code` on `cell`.
pub type GenerateFn = fn(&Position, Cell, u8, &[u8], &mut Vec<Move>);
/// Whether the piece on `cell` may act this turn.
pub type MayActFn = fn(&Position, Cell, &[u8]) -> bool;

/// A piece hook ready for the engine: its entry points and the data precomputed for them.
#[derive(Clone, Debug, Default)]
pub struct PieceHook {
    /// The hook's registered name (board rules find the pieces that declare them by it).
    pub name: &'static str,
    pub after_move: Option<AfterMoveFn>,
    pub generate: Option<GenerateFn>,
    pub may_act: Option<MayActFn>,
    /// Capability: a piece of this kind may keep another under it (a stack's top piece).
    pub keeps: bool,
    /// Capability: the piece moves with the rules of other pieces (those its [`GenerateFn`]
    /// borrows), so it may make moves its own rules do not have (a double step, say).
    pub borrows_moves: bool,
    pub data: Vec<u8>,
}

/// What a board rule does after a move.
pub struct Aftermath {
    /// Cells whose pieces are removed.
    pub removed: CellSet,
    /// The pieces frozen afterwards, when known without another search (else the engine asks
    /// [`BoardRule::frozen`] on the new board).
    pub frozen: Option<CellSet>,
}

/// Which replies a royal-safety test by play must play (see [`BoardRule::reply_watch`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Watch {
    /// Every reply is played.
    All,
    /// Every reply is tested with [`BoardRule::could_remove`] first.
    Test,
    /// Only replies that touch these cells are tested, then as with `Test`.
    Cells(CellSet),
}

impl Watch {
    /// The watch of two rules (or two royal pieces): the wider of the two.
    pub fn union(self, o: Watch) -> Watch {
        match (self, o) {
            (Watch::All, _) | (_, Watch::All) => Watch::All,
            (Watch::Test, _) | (_, Watch::Test) => Watch::Test,
            (Watch::Cells(a), Watch::Cells(b)) => Watch::Cells(a.union(&b)),
        }
    }
}

/// A board-wide mechanic. Every method has a default that does nothing, so a rule fills in
/// only the points it needs.
pub trait BoardRule: std::fmt::Debug + Send + Sync {
    /// The pieces that cannot act in `pos`, found afresh (kept in the position after every
    /// move: [`Position::frozen`]).
    fn frozen(&self, _pos: &Position) -> CellSet {
        CellSet::EMPTY
    }

    /// The effects after every move, on the board as the move left it.
    fn after_move(&self, _pos: &Position) -> Aftermath {
        Aftermath {
            removed: CellSet::EMPTY,
            frozen: Some(CellSet::EMPTY),
        }
    }

    /// Whether the rule's effects can remove pieces, so that attack patterns cannot tell a
    /// threat: royal safety is then tested by playing the opponent's replies, and move texts
    /// list what the effects removed.
    fn changes_threats(&self) -> bool {
        false
    }

    /// Moves that no single piece's rules make, appended to `out` (the player to move's).
    fn moves(&self, _pos: &Position, _out: &mut Vec<Move>) {}

    /// Whether [`BoardRule::moves`] can move a piece of `kind` (for warnings about pieces that
    /// never move).
    fn moves_kind(&self, _kind: usize) -> bool {
        false
    }

    /// Whether the piece on `from` may pass through the empty `cell` in the middle of a move.
    fn may_pass(&self, _pos: &Position, _cell: Cell, _from: Cell) -> bool {
        true
    }

    /// Whether the frozen piece on `cell` may act anyway; its moves must then pass
    /// [`BoardRule::keep_frozen_moves`].
    fn frozen_may_act(&self, _pos: &Position, _cell: Cell) -> bool {
        false
    }

    /// Keeps, of the moves the frozen piece on `from` generated (from index `start` of `out`),
    /// those it may make.
    fn keep_frozen_moves(&self, _pos: &Position, _from: Cell, start: usize, out: &mut Vec<Move>) {
        out.truncate(start);
    }

    /// Whether `after`, the position after a move of the frozen piece on `from` in `before`,
    /// shows a move it may make ([`BoardRule::keep_frozen_moves`] for one move already played).
    fn frozen_move_ok(&self, _before: &Position, _after: &Position, _from: Cell) -> bool {
        false
    }

    /// Whether `m`, played from `before` to give `after`, is legal as far as this rule is
    /// concerned (royal safety aside).
    fn move_ok(&self, _before: &Position, _m: &Move, _after: &Position) -> bool {
        true
    }

    /// Which replies could remove the royal piece on `royal` through this rule's effects,
    /// so that a royal-safety test plays only those.
    fn reply_watch(&self, _pos: &Position, _royal: Cell) -> Watch {
        Watch::All
    }

    /// Whether the effects could remove the piece on `at` from the board `cells` (a quick
    /// test; `true` when unsure).
    fn could_remove(&self, _pos: &Position, _cells: &[u8], _at: Cell) -> bool {
        true
    }

    /// The word for a frozen piece on drawn boards, if the rule freezes pieces.
    fn frozen_word(&self) -> Option<&'static str> {
        None
    }

    /// The name of a once-per-game right each player has: positions then carry
    /// the players whose right is unused, and a move that uses one says so.
    fn right_name(&self) -> Option<&'static str> {
        None
    }
}

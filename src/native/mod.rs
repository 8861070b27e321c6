//! Native hooks: the registry of mechanics that are written in Rust rather than in the
//! description language.
//!
//! A description calls a hook by name with arguments, e.g. `native coward(f6)` inside a piece.
//! The checker resolves the name in [`REGISTRY`] (an unknown name or a wrong argument is a
//! diagnostic with a span) and the compiler turns the call into function pointers with their
//! precomputed data. A hook is one small, named, parameterised mechanic, one file each;
//! everything that generalises belongs in the language instead.
//!
//! Entry points (a hook fills in the ones it needs; the engine calls them for the piece that
//! declares the hook):
//! - `after_move`: after a move of the piece has been played, before the turn passes
//!   (`coward`);
//! - `generate`: extra moves of the piece (`keep`, `transfer`);
//! - `may_act`: whether the piece may act at all (`keep`: a Keeper on a Stealer);
//! - `hypnotizes`: a board-wide role: the piece hypnotizes along these directions, and the
//!   engine runs [`hypnosis`] (freezing, the cascade after every move) for the whole game.

pub mod chameleon;
mod coward;
pub mod hypnosis;
mod keeping;
pub mod revenge;
mod teleport;

use crate::engine::{Move, Position};
use crate::geometry::{Board, Cell};
use crate::model::KindId;

/// The type of one hook parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamType {
    /// A cell name, e.g. `f6`.
    Cell,
    /// A whole number.
    Int,
    /// A piece name.
    Piece,
    /// Absolute directions or a set (`orthogonal`, `diagonal`, `all`).
    Directions,
}

impl ParamType {
    pub fn describe(self) -> &'static str {
        match self {
            ParamType::Cell => "a cell",
            ParamType::Int => "a number",
            ParamType::Piece => "a piece name",
            ParamType::Directions => "a direction or a set of directions",
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct ParamSpec {
    pub name: &'static str,
    pub ty: ParamType,
}

/// One registered hook.
pub struct HookSpec {
    pub name: &'static str,
    pub params: &'static [ParamSpec],
    /// One line for listings and diagnostics.
    pub summary: &'static str,
    /// Whether games using it need stacks, slept flags and fresh pieces in their positions.
    pub layers: bool,
    /// Builds the engine-side hook from checked arguments and the declaring piece kind.
    pub compile: fn(&[ArgValue], &Board, KindId) -> CompiledHook,
}

impl HookSpec {
    /// `coward(toward: a cell)`.
    pub fn signature(&self) -> String {
        let ps: Vec<String> = self
            .params
            .iter()
            .map(|p| format!("{}: {}", p.name, p.ty.describe()))
            .collect();
        format!("{}({})", self.name, ps.join(", "))
    }
}

/// A checked argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgValue {
    Cell(Cell),
    Int(i64),
    Kind(KindId),
    /// Absolute direction ids, as bits.
    Dirs(u16),
}

/// A checked hook call: an index into [`REGISTRY`] and its arguments.
#[derive(Clone, Debug)]
pub struct HookCall {
    pub hook: usize,
    pub args: Vec<ArgValue>,
}

/// What the engine tells an after-move hook about the move just played.
pub struct MoveFacts {
    pub from: Cell,
    pub to: Cell,
    pub captured: usize,
}

/// An after-move effect: returns `true` to remove the moved piece.
pub type AfterMoveFn = fn(&MoveFacts, &[u8]) -> bool;
/// Extra moves for the piece `code` on `cell`.
pub type GenerateFn = fn(&Position, Cell, u8, &[u8], &mut Vec<Move>);
/// Whether the piece on `cell` may act this turn.
pub type MayActFn = fn(&Position, Cell, &[u8]) -> bool;
/// Moves of the player to move that no single piece generates (a two-piece exchange).
pub type GameMovesFn = fn(&Position, &[u8], &mut Vec<Move>);

/// A hook ready for the engine: its entry points and the data precomputed for them.
#[derive(Clone, Debug, Default)]
pub struct CompiledHook {
    pub after_move: Option<AfterMoveFn>,
    pub generate: Option<GenerateFn>,
    pub may_act: Option<MayActFn>,
    /// Directions (as bits) along which the piece hypnotizes (see [`hypnosis`]).
    pub hypnotizes: Option<u16>,
    /// The piece borrows the roles of the pieces touching it (see [`chameleon`]).
    pub borrows_roles: bool,
    /// Moves generated once per position, whoever declares the hook (`teleport`).
    pub game_moves: Option<GameMovesFn>,
    /// A hypnotized piece of this kind may still take revenge (see [`revenge`]).
    pub revenge: bool,
    /// A piece of this kind may keep another under it (a stack's top piece).
    pub keeps: bool,
    pub data: Vec<u8>,
}

/// Every native hook Tabula knows.
pub static REGISTRY: &[HookSpec] = &[
    HookSpec {
        name: "chameleon",
        params: &[],
        summary: "holds the roles of every non-chameleon piece touching it, directly or through \
                  a chain of touching chameleons, and moves with their rules",
        layers: false,
        compile: chameleon::compile,
    },
    HookSpec {
        name: "coward",
        params: &[ParamSpec {
            name: "toward",
            ty: ParamType::Cell,
        }],
        summary: "after a move that captured nothing and did not end strictly closer to the \
                  cell `toward` than it started, the moved piece is removed",
        layers: false,
        compile: coward::compile,
    },
    HookSpec {
        name: "keep",
        params: &[
            ParamSpec {
                name: "directions",
                ty: ParamType::Directions,
            },
            ParamSpec {
                name: "unless_slept",
                ty: ParamType::Piece,
            },
        ],
        summary: "slides in `directions` and may stop on the first piece it meets, keeping it \
                  (a stack); it may not leave a kept `unless_slept` piece that is awake",
        layers: true,
        compile: keeping::compile_keep,
    },
    HookSpec {
        name: "hypnotize",
        params: &[ParamSpec {
            name: "directions",
            ty: ParamType::Directions,
        }],
        summary: "hypnotizes the first piece along each of `directions` if it is an enemy: a \
                  hypnotized piece cannot act, and after every move pieces hypnotized from two \
                  sources are removed, in waves (the cascade)",
        layers: false,
        compile: hypnosis::compile,
    },
    HookSpec {
        name: "revenge",
        params: &[],
        summary: "when hypnotized, this piece (or a chameleon holding its role) may still move, \
                  but only to remove an opponent piece and leave its square out of every \
                  enemy hypnotizer's line",
        layers: false,
        compile: revenge::compile,
    },
    HookSpec {
        name: "teleport",
        params: &[ParamSpec {
            name: "partner",
            ty: ParamType::Piece,
        }],
        summary: "once per game for each colour, this piece and the colour's `partner` may swap \
                  squares; a chameleon touching either stands in for it, whatever its colour",
        layers: false,
        compile: teleport::compile,
    },
    HookSpec {
        name: "transfer",
        params: &[],
        summary: "when this piece touches a kept piece, the keeping piece moves onto this one \
                  and keeps it instead (not when it is keeping a piece of this kind)",
        layers: true,
        compile: keeping::compile_transfer,
    },
];

/// Looks a hook up by name.
pub fn find(name: &str) -> Option<usize> {
    REGISTRY.iter().position(|h| h.name == name)
}

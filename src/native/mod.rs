//! Native hooks: the registry of mechanics that are written in Rust rather than in the
//! description language.
//!
//! A description calls a hook by name with arguments, e.g. `native coward(f6)` inside a piece.
//! The checker resolves the name in [`REGISTRY`] (an unknown name or a wrong argument is a
//! diagnostic with a span) and the compiler turns the call into function pointers with their
//! precomputed data. A hook is one small, named, parameterised mechanic, one file each;
//! everything that generalises belongs in the language instead.
//!
//! A hook plugs into the engine only through the engine's extension points
//! ([`crate::engine::hooks`]): a [`PieceHook`] for the declaring piece (extra moves, whether it
//! may act, an effect after its move, capability flags) and, for a board-wide mechanic, a
//! [`BoardRule`] built once per game ([`HookSpec::board_rule`]). The engine never names a hook.
//!
//! Adding a hook is one file here and one entry in [`REGISTRY`] (grammar/README.md, "Writing a
//! hook", walks through one); nothing in the engine changes.

pub mod chameleon;
mod coward;
pub mod hypnosis;
mod kamikaze;
mod keeping;
pub mod revenge;
mod teleport;

use crate::engine::Game;
use crate::geometry::Board;
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

/// Builds a game's board rule from the compiled game.
pub type BuildRule = fn(&Game) -> Box<dyn BoardRule>;

/// One registered hook.
pub struct HookSpec {
    pub name: &'static str,
    pub params: &'static [ParamSpec],
    /// One line for listings and diagnostics.
    pub summary: &'static str,
    /// Whether games using it need stacks, slept flags and fresh pieces in their positions.
    pub layers: bool,
    /// Builds the engine-side hook from checked arguments and the declaring piece kind.
    pub compile: fn(&[ArgValue], &Board, KindId) -> PieceHook,
    /// A board-wide mechanic built once per game in which some piece declares the hook,
    /// from the compiled game (it finds the declaring pieces by the hook's name).
    pub board_rule: Option<BuildRule>,
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

pub use crate::engine::hooks::{Aftermath, BoardRule, MoveFacts, PieceHook, Watch};
pub use crate::model::{ArgValue, HookCall};

/// Every native hook Tabula knows.
pub static REGISTRY: &[HookSpec] = &[
    HookSpec {
        name: "chameleon",
        params: &[],
        summary: "holds the roles of every non-chameleon piece touching it, directly or through \
                  a chain of touching chameleons, and moves with their rules",
        layers: false,
        compile: chameleon::compile,
        board_rule: None,
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
        board_rule: None,
    },
    HookSpec {
        name: "kamikaze",
        params: &[],
        summary: "a move of this piece that captures anything removes the piece too",
        layers: false,
        compile: kamikaze::compile,
        board_rule: None,
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
        board_rule: None,
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
        board_rule: Some(hypnosis::board_rule),
    },
    HookSpec {
        name: "revenge",
        params: &[],
        summary: "when hypnotized, this piece (or a chameleon holding its role) may still move, \
                  but only to remove an opponent piece and leave its square out of every \
                  enemy hypnotizer's line",
        layers: false,
        compile: revenge::compile,
        board_rule: None,
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
        board_rule: Some(teleport::board_rule),
    },
    HookSpec {
        name: "transfer",
        params: &[],
        summary: "when this piece touches a kept piece, the keeping piece moves onto this one \
                  and keeps it instead (not when it is keeping a piece of this kind)",
        layers: true,
        compile: keeping::compile_transfer,
        board_rule: None,
    },
];

/// Looks a hook up by name.
pub fn find(name: &str) -> Option<usize> {
    REGISTRY.iter().position(|h| h.name == name)
}

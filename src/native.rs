//! Native hooks: the registry of mechanics that are written in Rust rather than in the
//! description language.
//!
//! A description calls a hook by name with arguments, e.g. `native coward(f6)` inside a piece.
//! The checker resolves the name in [`REGISTRY`] (an unknown name or a wrong argument is a
//! diagnostic with a span) and the compiler turns the call into a function pointer with its
//! precomputed data. A hook is one small, named, parameterised mechanic; everything that
//! generalises belongs in the language instead.
//!
//! Hook kinds (where the engine calls them):
//! - after-move effects: run after a move of the piece that declares the hook has been played,
//!   before the turn passes (`coward`).
//!
//! Further kinds (move generators, legality filters, end conditions) are added to
//! [`HookKind`] when the first game needs them.

use crate::geometry::{Board, Cell};
use crate::model::KindId;

/// Where the engine calls a hook.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HookKind {
    /// Called after a move of the declaring piece is played.
    AfterMove,
}

/// The type of one hook parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamType {
    /// A cell name, e.g. `f6`.
    Cell,
    /// A whole number.
    Int,
    /// A piece name.
    Piece,
}

impl ParamType {
    pub fn describe(self) -> &'static str {
        match self {
            ParamType::Cell => "a cell",
            ParamType::Int => "a number",
            ParamType::Piece => "a piece name",
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
    pub kind: HookKind,
    pub params: &'static [ParamSpec],
    /// One line for `--help`-like listings and diagnostics.
    pub summary: &'static str,
    /// Builds the engine-side hook from checked arguments.
    pub compile: fn(&[ArgValue], &Board) -> CompiledHook,
}

impl HookSpec {
    /// `coward(toward: cell)`.
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
}

/// A checked hook call: an index into [`REGISTRY`] and its arguments.
#[derive(Clone, Debug)]
pub struct HookCall {
    pub hook: usize,
    pub args: Vec<ArgValue>,
}

/// What the engine needs to know about one moved piece, to run an after-move hook.
pub struct MoveFacts {
    pub from: Cell,
    pub to: Cell,
    pub captured: usize,
}

/// An after-move effect: may remove the moved piece by returning `true`.
pub type AfterMoveFn = fn(&MoveFacts, &[u8]) -> bool;

/// A hook ready for the engine: a function pointer and the data precomputed for it.
#[derive(Clone, Debug)]
pub struct CompiledHook {
    pub after_move: AfterMoveFn,
    pub data: Vec<u8>,
}

/// Every native hook Tabula knows.
pub static REGISTRY: &[HookSpec] = &[HookSpec {
    name: "coward",
    kind: HookKind::AfterMove,
    params: &[ParamSpec {
        name: "toward",
        ty: ParamType::Cell,
    }],
    summary: "after a move that captured nothing and did not end strictly closer to the cell \
              `toward` than it started, the moved piece is removed",
    compile: compile_coward,
}];

/// Looks a hook up by name.
pub fn find(name: &str) -> Option<usize> {
    REGISTRY.iter().position(|h| h.name == name)
}

// ---------------------------------------------------------------- coward

/// Distance (in steps over the board graph) of every cell from the `toward` cell.
fn compile_coward(args: &[ArgValue], board: &Board) -> CompiledHook {
    let ArgValue::Cell(center) = args[0] else {
        unreachable!("checker guarantees a cell argument")
    };
    CompiledHook {
        after_move: coward_after_move,
        data: board.distances(center),
    }
}

fn coward_after_move(m: &MoveFacts, dist: &[u8]) -> bool {
    m.captured == 0 && dist[m.to as usize] >= dist[m.from as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_levels_from_the_castle() {
        let b = Board::hex(6);
        let d = b.distances(b.cell("f6").unwrap());
        assert_eq!(d[b.cell("f6").unwrap() as usize], 0);
        assert_eq!(d[b.cell("a1").unwrap() as usize], 5);
        assert_eq!(d[b.cell("k11").unwrap() as usize], 5);
        assert_eq!(d[b.cell("g6").unwrap() as usize], 1);
    }
}

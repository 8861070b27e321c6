//! The built-in movement rules, one room each: a rule's generation, its attack pattern (for
//! royal safety) and its compilation live in its own file. [`Rule`] is the compiled form;
//! `Position::gen_rule_at` is the one table that sends each rule to its room. A new rule kind
//! is a new file here, a variant of [`Rule`] and one line in that table.

mod abilities;
pub mod approach;
pub(in crate::engine) mod castle;
pub mod chance;
pub mod chase;
pub(in crate::engine) mod circuit;
pub mod colours;
pub mod connection;
mod convert;
pub mod counting;
pub mod custody;
pub mod dice_turn;
pub mod earned;
mod en_passant;
pub mod explosion;
mod facing;
mod fly;
mod gate;
pub mod groups;
pub mod hop;
pub mod jump;
pub mod leap;
mod line_count;
pub mod lines;
mod meet;
pub mod mills;
pub mod opening;
mod out;
pub mod place;
pub mod promote_move;
pub mod race;
mod relocate;
pub mod repeat;
pub mod ride;
pub mod screen;
pub mod shoot;
pub mod slide;
pub mod sow;
pub mod step;
pub mod steps;
mod streak;
mod walk;
pub mod within;

use super::{Move, Position};
use crate::geometry::{Cell, CellSet};
use crate::model::{ApproachRule, FlyRule, JumpRule, LineCountRule, Target, WalkRule};

/// A compiled movement rule, with absolute direction ids for its owner.
#[derive(Clone, Debug)]
pub enum Rule {
    Step {
        dirs: Vec<u8>,
        twice: bool,
        target: Target,
        from: Option<CellSet>,
        en_passant: bool,
    },
    Slide {
        dirs: Vec<u8>,
        until_blocked: bool,
        target: Target,
    },
    Leap {
        stride: usize,
        /// `table[cell * stride + i]`: the i-th leap target from `cell`, or `NONE`.
        table: Vec<Cell>,
        /// With `blocked in between`: the cells that must be empty for each leap (its way).
        legs: Option<leap::Legs>,
        target: Target,
        /// The piece is fresh during the opponent's next action.
        then_fresh: bool,
        /// `, only as its first move`: `Some(not_in_check)`; the piece must not have moved
        /// (and, with `not_in_check`, the mover must not be in check).
        first: Option<bool>,
        /// `from REGION`: the cells the leap starts from (kept for summaries; `table` and the
        /// attack pattern already leave out the others).
        from: Option<CellSet>,
    },
    /// A leap repeated in its own direction (see `ride.rs`): `table` as for `Leap`.
    Ride {
        stride: usize,
        table: Vec<Cell>,
        target: Target,
    },
    /// Over the first piece met, onto the cell just behind it (see `hop.rs`).
    Hop {
        dirs: Vec<u8>,
        target: Target,
    },
    /// To every empty cell, while the player has `when_pieces` pieces (or always); while it
    /// applies, the piece has no other moves (see `fly.rs`).
    FlyAnywhere {
        when_pieces: Option<u32>,
    },
    /// Over pieces to an empty cell, then optionally a slide; one move per final cell.
    Fly(FlyRule),
    /// Abilities.
    Push {
        dirs: Vec<u8>,
    },
    Sleep {
        dirs: Vec<u8>,
    },
    Heal {
        dirs: Vec<u8>,
    },
    Swap,
    /// Over exactly one piece, onto the first enemy beyond, and with `quiet` to the empty
    /// cells between (see `screen.rs`).
    Screen {
        dirs: Vec<u8>,
        opts: screen::Screen,
    },
    /// A slide to an empty cell, then a new `piece` (a code) placed by a slide along `shoot`
    /// from the landing cell (see `shoot.rs`).
    SlideShoot {
        dirs: Vec<u8>,
        piece: u8,
        shoot: Vec<u8>,
    },
    /// Exactly as many cells as pieces on the line (see `line_count.rs`).
    LineCount(LineCountRule),
    Jump(JumpRule),
    /// A step to an empty cell capturing the enemy line it approaches or withdraws from;
    /// repeatedly, a chain of them (see `approach.rs`).
    Approach(ApproachRule),
    /// Captures along circuits (see `circuit.rs`): each circuit its cells in order, with
    /// `true` where a loop leads from the cell to the next.
    /// `ways`: each circuit forward and backward, twice over so a walk round it never wraps,
    /// with `true` where a loop leads from the cell to the next this way; `at[cell]`: the
    /// places the cell has on the ways (way, index in the first round).
    Circuits {
        circuits: Vec<Vec<(Cell, bool)>>,
        ways: Vec<Vec<(Cell, bool)>>,
        at: Vec<Vec<(u8, u8)>>,
    },
    /// A path of single steps to empty cells; every prefix is a move.
    Walk(WalkRule),
    EnPassant {
        dirs: Vec<u8>,
        /// `smash en passant`: the piece stays put.
        smash: bool,
    },
    Castle {
        dir: u8,
        partner: u8,
        /// The right in `Game::castles`, which also says where the piece lands.
        right: usize,
    },
    /// A promotion that is a move of its own (see `promote_move.rs`).
    PromoteMove(promote_move::PromoteMove),
}

/// How pieces could capture onto a cell: the reverse of capturing rules. `codes` is the set of
/// piece codes (as bits) that attack this way, so each ray is scanned once for all of them.
#[derive(Clone, Debug)]
pub enum Attack {
    /// A piece one step away in direction `back` from the attacked cell.
    Step {
        codes: u128,
        back: u8,
        from: Option<CellSet>,
    },
    /// The first piece along direction `back` from the attacked cell.
    Slide { codes: u128, back: u8 },
    /// A piece on any of `sources[cell * stride ..]` (whose leg, with `legs`, is empty).
    Leap {
        codes: u128,
        stride: usize,
        sources: Vec<Cell>,
        legs: Option<leap::Legs>,
    },
    /// The second piece along direction `back` from the attacked cell (over one screen),
    /// within those cells, neither piece of the `spared` codes.
    Screen {
        codes: u128,
        back: u8,
        within: Option<Box<CellSet>>,
        spared: u128,
    },
    /// The first piece met following the ride table `back` (one offset per column of
    /// `stride`) from the attacked cell.
    Ride {
        codes: u128,
        stride: usize,
        back: Vec<Cell>,
    },
    /// The first piece along direction `back` beyond the attacked cell's neighbour that way,
    /// which must hold a piece (the hurdle of a hop).
    Hop { codes: u128, back: u8 },
}

/// Adds an attack pattern, merging it into one of the same shape (same direction, same
/// leap table) so that a ray is scanned once for all the pieces that attack along it.
pub fn add_attack(attacks: &mut Vec<Attack>, new: Attack) {
    for a in attacks.iter_mut() {
        match (a, &new) {
            (
                Attack::Step { codes, back, from },
                Attack::Step {
                    codes: c,
                    back: b,
                    from: f,
                },
            ) if back == b && from == f => {
                *codes |= c;
                return;
            }
            (Attack::Slide { codes, back }, Attack::Slide { codes: c, back: b }) if back == b => {
                *codes |= c;
                return;
            }
            (
                Attack::Screen {
                    codes,
                    back,
                    within,
                    spared,
                },
                Attack::Screen {
                    codes: c,
                    back: b,
                    within: w,
                    spared: s,
                },
            ) if back == b && within == w && spared == s => {
                *codes |= c;
                return;
            }
            (Attack::Hop { codes, back }, Attack::Hop { codes: c, back: b }) if back == b => {
                *codes |= c;
                return;
            }
            (
                Attack::Ride {
                    codes,
                    stride,
                    back,
                },
                Attack::Ride {
                    codes: c,
                    stride: s,
                    back: b,
                },
            ) if stride == s && back == b => {
                *codes |= c;
                return;
            }
            (
                Attack::Leap {
                    codes,
                    stride,
                    sources,
                    legs,
                },
                Attack::Leap {
                    codes: c,
                    stride: s,
                    sources: src,
                    legs: l,
                },
            ) if stride == s && sources == src && legs == l => {
                *codes |= c;
                return;
            }
            _ => {}
        }
    }
    attacks.push(new);
}

impl Position<'_> {
    pub(in crate::engine) fn gen_rule(&self, rule: &Rule, c: Cell, code: u8, out: &mut Vec<Move>) {
        self.gen_rule_at(rule, c, c, code, out);
    }

    /// The pseudo-legal moves the piece on `origin` would have with the rules of piece code
    /// `rules_of` (its directions, promotions), `from` regions being tested on `region_cell`:
    /// for pieces that borrow another piece's moves (see
    /// [`super::hooks::PieceHook::borrows_moves`]).
    pub fn moves_with_rules_of(
        &self,
        rules_of: u8,
        origin: Cell,
        region_cell: Cell,
        out: &mut Vec<Move>,
    ) {
        for rule in &self.game.rules[rules_of as usize] {
            self.gen_rule_at(rule, origin, region_cell, rules_of, out);
        }
    }

    /// The pseudo-legal moves of `rule` for the piece `code` on `c`, `from` regions being
    /// tested on `region_cell`.
    pub(super) fn gen_rule_at(
        &self,
        rule: &Rule,
        c: Cell,
        region_cell: Cell,
        code: u8,
        out: &mut Vec<Move>,
    ) {
        match rule {
            Rule::Step {
                dirs,
                twice,
                target,
                from,
                en_passant,
            } => self.step_moves(
                c,
                region_cell,
                code,
                dirs,
                *twice,
                *target,
                *from,
                *en_passant,
                out,
            ),
            Rule::Slide {
                dirs,
                until_blocked,
                target,
            } => self.slide_moves(c, code, dirs, *until_blocked, *target, out),
            Rule::Leap {
                stride,
                table,
                legs,
                target,
                then_fresh,
                first,
                ..
            } => {
                if first.is_none_or(|in_check| self.may_make_first_move(c, in_check)) {
                    self.leap_moves(
                        c,
                        code,
                        *stride,
                        table,
                        legs.as_ref(),
                        *target,
                        *then_fresh,
                        out,
                    )
                }
            }
            Rule::Ride {
                stride,
                table,
                target,
            } => self.ride_moves(c, code, *stride, table, *target, out),
            Rule::Hop { dirs, target } => self.hop_moves(c, code, dirs, *target, out),
            Rule::Screen { dirs, opts } => self.screen_moves(c, code, dirs, opts, out),
            Rule::Fly(FlyRule { dirs, then }) => self.fly(c, code, dirs, then.as_deref(), out),
            Rule::FlyAnywhere { when_pieces } => {
                if self.flies_anywhere(self.game.owner(code), *when_pieces) {
                    self.fly_anywhere(c, code, out);
                }
            }
            Rule::Push { dirs } => self.push_moves(c, dirs, out),
            Rule::Sleep { dirs } => self.sleep_moves(c, dirs, out),
            Rule::Heal { dirs } => self.heal_moves(c, dirs, out),
            Rule::Swap => self.swap_moves(c, code, out),
            Rule::SlideShoot { dirs, piece, shoot } => {
                self.slide_then_shoot(c, code, dirs, *piece, shoot, out)
            }
            Rule::LineCount(LineCountRule {
                dirs,
                over_friends,
                target,
            }) => self.line_count_moves(c, code, dirs, *over_friends, *target, out),
            Rule::Jump(_) => self.jump_moves(rule, c, code, out),
            Rule::Approach(_) => self.approach_moves(rule, c, code, out),
            Rule::Circuits { ways, at, .. } => {
                self.circuit_moves(ways, &at[c as usize], c, code, out)
            }
            Rule::Walk(WalkRule {
                dirs,
                friends,
                steps,
                no_revisit,
            }) => self.walk_moves(c, code, dirs, *friends, *steps, *no_revisit, out),
            Rule::EnPassant { dirs, smash } => self.en_passant_moves(c, code, dirs, *smash, out),
            Rule::PromoteMove(p) => self.promote_moves(p, c, code, out),
            Rule::Castle {
                dir,
                partner,
                right,
            } => {
                let r = &self.game.castles[*right];
                if r.free {
                    self.castle_free(c, *dir, *partner, r.to_file, out);
                } else {
                    self.castle(c, *dir, *partner, r.to_file, out);
                }
            }
        }
    }

    /// Whether `by` could capture onto `target`, on the cells `cells` (by the attack patterns
    /// of its pieces' capturing steps, slides and leaps).
    pub(super) fn attacked_on(&self, cells: &[u8], target: Cell, by: usize) -> bool {
        self.attacked_by(cells, target, &self.game.attacks[by], u128::MAX)
    }

    /// Whether a piece whose code is among the bits of `mask` could capture onto `target`
    /// on the cells `cells`, by the attack patterns `patterns` (a player's). A pattern left
    /// with no code finds no attacker; with every bit set the mask costs nothing.
    #[inline(always)]
    pub(super) fn attacked_by(
        &self,
        cells: &[u8],
        target: Cell,
        patterns: &[Attack],
        mask: u128,
    ) -> bool {
        let b = &self.game.board;
        patterns.iter().any(|a| match a {
            Attack::Step { codes, back, from } => {
                step::attacked(b, cells, target, codes & mask, *back, *from)
            }
            Attack::Slide { codes, back } => slide::attacked(b, cells, target, codes & mask, *back),
            Attack::Leap {
                codes,
                stride,
                sources,
                legs,
            } => leap::attacked(cells, target, codes & mask, *stride, sources, legs.as_ref()),
            Attack::Screen {
                codes,
                back,
                within,
                spared,
            } => screen::attacked(
                b,
                cells,
                target,
                codes & mask,
                *back,
                within.as_deref(),
                *spared,
            ),
            Attack::Ride {
                codes,
                stride,
                back,
            } => ride::attacked(cells, target, codes & mask, *stride, back),
            Attack::Hop { codes, back } => hop::attacked(b, cells, target, codes & mask, *back),
        })
    }
}

/// Small games for the rooms' unit tests: a description with one piece kind, read from text.
#[cfg(test)]
pub(super) mod testing {
    use crate::engine::{Game, Position};

    /// A two-player game on `board` (`square 4 x 4`) with one piece kind, `piece` (its name
    /// and letter, `rook "R"`), whose rules are `rules`, one per line; white's piece stands on
    /// a1 in the setup.
    pub fn game(board: &str, piece: &str, rules: &[&str]) -> Game {
        let name = piece.split_whitespace().next().expect("a piece name");
        let src = format!(
            "game \"T\" {{\n  players white (forward north), black (forward south)\n  \
             board {board}\n  piece {piece} {{\n    {}\n  }}\n  setup {{\n    white {name} on \
             a1\n  }}\n}}\n",
            rules.join("\n    ")
        );
        crate::compile_source(&src).unwrap_or_else(|e| panic!("{src}\n{e:?}"))
    }

    /// A two-player game on `board` with the pieces declared in `pieces` (piece blocks, as in a
    /// description) and the `setup` lines.
    pub fn game_of(board: &str, pieces: &str, setup: &str) -> Game {
        let src = format!(
            "game \"T\" {{\n  players white (forward north), black (forward south)\n  \
             board {board}\n{pieces}\n  setup {{\n{setup}\n  }}\n}}\n"
        );
        crate::compile_source(&src).unwrap_or_else(|e| panic!("{src}\n{e:?}"))
    }

    /// The position a position string describes.
    pub fn at<'g>(game: &'g Game, position: &str) -> Position<'g> {
        Position::from_text(game, position).unwrap_or_else(|e| panic!("{position}: {e}"))
    }

    /// The legal moves in `position`, as sorted texts.
    pub fn moves(game: &Game, position: &str) -> Vec<String> {
        at(game, position).legal_move_texts()
    }

    /// Whether `by` attacks the cell named `cell` in `position` (by the attack patterns).
    pub fn attacked(game: &Game, position: &str, cell: &str, by: usize) -> bool {
        let pos = at(game, position);
        let c = game.board.cell(cell).expect("a cell");
        pos.attacked_on(pos.cells(), c, by)
    }
}

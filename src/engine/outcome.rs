//! The outcome of a position: the end rules read in order (a win, a loss, a draw), what a
//! player with no move gets, and the limits that only a played game counts (repetition, ply
//! limits with their tiebreaks).

use super::{Outcome, Position};
use crate::ast::ReachReply;
use crate::geometry::NONE;
use crate::model::{EndCond, Tiebreak, Verdict};

thread_local! {
    /// The second player's replies read by [`Position::reached_unequalled`] (no allocation
    /// per position once it has grown).
    static REPLIES: std::cell::Cell<Vec<crate::engine::Move>> = const { std::cell::Cell::new(Vec::new()) };
}

/// Who repeated a position by force, for [`Position::limit_outcome`]: the player who gave
/// check with every move since its first occurrence, and the one who chased (read only where
/// neither checked throughout), where exactly one did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Perpetual {
    pub check: Option<usize>,
    pub chase: Option<usize>,
}

impl Perpetual {
    /// Nobody checked or chased throughout (or the game does not ask).
    pub const NONE: Perpetual = Perpetual {
        check: None,
        chase: None,
    };
}

impl Position<'_> {
    /// The outcome of an end rule's verdict read for `player`.
    pub(in crate::engine) fn verdict(v: Verdict, player: usize, reason: &str) -> Outcome {
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
        let (i, p) = self.static_end()?;
        let e = &self.game.end[i];
        Some(match &e.cond {
            // Both arrived: the second player equalled the first.
            EndCond::Reaches {
                kind,
                region,
                reply: ReachReply::Equal,
            } if (0..2).all(|q| self.has_reached(*kind, region, q)) => Outcome::Draw {
                reason: e.text.clone(),
            },
            // Both stand there out of reach.
            EndCond::Reaches {
                kind,
                region,
                reply: ReachReply::CannotBeTaken,
            } if (0..2).all(|q| self.reached_untaken(*kind, region, q)) => Outcome::Draw {
                reason: e.text.clone(),
            },
            EndCond::PassLimit { tiebreak, .. }
            | EndCond::BoardFull { tiebreak }
            | EndCond::PitsEmpty { tiebreak } => self.decide(tiebreak, e.verdict, p, &e.text),
            _ => Self::verdict(e.verdict, p, &e.text),
        })
    }

    /// Whether an end rule of [`Position::static_outcome`] ends the game here (without
    /// building its outcome: perft and search only ask this).
    #[inline]
    pub fn is_over(&self) -> bool {
        self.static_end().is_some()
    }

    /// The end rule that ends the game here, by its index, and the player it is read for.
    /// The kinds of rule most games check every ply are tested here; the others out of line,
    /// so that their set-up is not paid for on every call.
    fn static_end(&self) -> Option<(usize, usize)> {
        let g = self.game;
        if self.throw().is_some() {
            // Just thrown: the board is the one read before the throw, which did not end the
            // game (a position string that says otherwise is refused).
            return None;
        }
        let mover = self.last_mover();
        for &i in &g.static_ends {
            let e = &g.end[i];
            // The mover first, then the others in turn order.
            let np = g.players.len();
            for k in 0..np {
                let p = if np == 2 { mover ^ k } else { (mover + k) % np };
                if !e.is_for(p) {
                    continue;
                }
                let hit = match &e.cond {
                    EndCond::PassLimit { passes, facing, .. } => {
                        p == mover
                            && u32::from(self.passes) >= *passes
                            && (!facing || self.royals_facing(&self.cells))
                    }
                    EndCond::BoardFull { .. } => p == mover && self.board_full(),
                    // Races read this after every move.
                    EndCond::NoPieces(None) => self.count(p, None) + self.hand_count(p, None) == 0,
                    EndCond::Reaches {
                        kind,
                        region,
                        reply: ReachReply::None,
                    } => {
                        let code = self.game.code(*kind, p);
                        if self.bb.is_empty() {
                            region[p].iter().any(|c| self.cells[c as usize] == code)
                        } else {
                            self.bb[code as usize] & region[p].low_word() != 0
                        }
                    }
                    // After a placement only the mover's lines through it can be new.
                    EndCond::InARow {
                        both: false,
                        length,
                        exactly,
                        axes,
                        ..
                    } => {
                        (p == mover || self.placed == NONE)
                            && self.through_placed(|c| {
                                self.in_a_row(
                                    p,
                                    *length,
                                    *exactly,
                                    axes,
                                    c,
                                    g.line_windows[i].as_ref(),
                                )
                            })
                    }
                    // Sowing games read this after every turn (either row, once: the mover's).
                    EndCond::PitsEmpty { .. } => {
                        p == mover
                            && g.sowing
                                .as_ref()
                                .is_some_and(|s| s.a_row_is_empty(&self.seeds))
                    }
                    cond => self.rare_end_hit(cond, p, mover),
                };
                if hit {
                    return Some((i, p));
                }
            }
        }
        None
    }

    /// The other board conditions of [`Position::static_end`], for player `p` (`mover` just
    /// moved): counts of pieces, both players' lines, connections.
    #[inline(never)]
    fn rare_end_hit(&self, cond: &EndCond, p: usize, mover: usize) -> bool {
        let g = self.game;
        match cond {
            // A player who never had the kind does not lose it (Brandubh's attackers have no
            // king).
            EndCond::NoPieces(Some(k)) if g.start_kinds[p] >> k & 1 == 0 => false,
            EndCond::NoPieces(k) => self.count(p, *k) + self.hand_count(p, *k) == 0,
            // The same about `p`'s opponent (two players).
            EndCond::OpponentHasNo(Some(k)) if g.start_kinds[p ^ 1] >> k & 1 == 0 => false,
            EndCond::OpponentHasNo(k) => self.count(p ^ 1, *k) + self.hand_count(p ^ 1, *k) == 0,
            // Every enemy's pieces are of the kind; read for the mover, as the team that
            // moved is the one whose last capture decides.
            EndCond::OpponentHasOnly(k) => {
                p == mover
                    && (0..g.players.len())
                        .filter(|&q| !g.same_side(p, q))
                        .all(|q| {
                            self.count(q, None) + self.hand_count(q, None)
                                == self.count(q, Some(*k)) + self.hand_count(q, Some(*k))
                        })
            }
            // As with `no PIECE`, a player who never had the kind does not run short of it.
            EndCond::FewerThan(_, Some(k)) if g.start_kinds[p] >> k & 1 == 0 => false,
            EndCond::FewerThan(n, k) => self.count(p, *k) + self.hand_count(p, *k) < *n as usize,
            EndCond::Monopoly(n, k) => {
                let owned = |q: usize| self.count(q, Some(*k)) + self.hand_count(q, Some(*k));
                owned(p ^ 1) == 0 && owned(p) >= *n as usize
            }
            // The kind is all `p` has, and the opponent cannot bare theirs in reply: after
            // `p`'s own move they have two pieces or more, before it three or more (with two,
            // `p` may take the second and bare them too).
            EndCond::Bare(k) => {
                let total = |q: usize| self.count(q, None) + self.hand_count(q, None);
                total(p) == 1
                    && self.count(p, Some(*k)) + self.hand_count(p, Some(*k)) == 1
                    && total(p ^ 1) >= if p == mover { 2 } else { 3 }
            }
            EndCond::NobodyHas(k) => {
                p == mover && (0..2).all(|q| self.count(q, *k) + self.hand_count(q, *k) == 0)
            }
            EndCond::InARow {
                both: true,
                length,
                exactly,
                axes,
                ..
            } => {
                p == mover
                    && (0..g.players.len())
                        .all(|q| self.in_a_row(q, *length, *exactly, axes, NONE, None))
            }
            EndCond::Connects { linked: true, .. } => {
                (p == mover || self.placed == NONE) && self.connects_linked(p, self.chain_start())
            }
            EndCond::Connects { a, b, .. } => {
                (p == mover || self.placed == NONE)
                    && self.connects(p, &a[p], &b[p], self.chain_start())
            }
            EndCond::Connected => self.connected(p),
            EndCond::ConnectsEdges { count, what, .. } => {
                (p == mover || self.placed == NONE)
                    && self.connects_edges(p, *what, *count, self.chain_start())
            }
            EndCond::Ring { rim } => {
                (p == mover || self.placed == NONE) && self.forms_ring(p, rim, self.chain_start())
            }
            EndCond::AllOn(region) => {
                self.hand_count(p, None) == 0
                    && self.count(p, None) > 0
                    && self.cells.iter().enumerate().all(|(c, &code)| {
                        code == 0
                            || self.game.owner(code) != p
                            || region[p].contains(c as crate::geometry::Cell)
                    })
            }
            EndCond::StoreHolds(n) => u32::from(self.stores[p]) > *n,
            EndCond::Reaches {
                kind,
                region,
                reply,
            } => match reply {
                ReachReply::Equal => self.reached_unequalled(*kind, region, p),
                ReachReply::CannotBeTaken => self.reached_untaken(*kind, region, p),
                // Read at the start of the owner's turn: the piece outlived the reply.
                ReachReply::NotTakenInReply => {
                    p == self.turn as usize && self.has_reached(*kind, region, p)
                }
                ReachReply::None => false,
            },
            EndCond::ChecksGiven(n) => self.checks[p] >= *n,
            EndCond::StoresHold(n) => p == mover && self.stores.iter().all(|&s| u32::from(s) == *n),
            _ => false,
        }
    }

    /// Whether a piece of `kind` of player `q` stands in its region.
    fn has_reached(
        &self,
        kind: usize,
        region: &crate::model::PerPlayer<crate::geometry::CellSet>,
        q: usize,
    ) -> bool {
        let code = self.game.code(kind, q);
        region[q].iter().any(|c| self.cells[c as usize] == code)
    }

    /// `when my PIECE reaches REGION, which the second player may equal`, read for `p`: the
    /// second player's arrival decides at once, and so does both players' (a draw, see
    /// [`Position::static_outcome`]); the first player's waits, while the second player is to
    /// move, for that player's reply, unless no legal move brings one of their pieces of the
    /// kind there.
    fn reached_unequalled(
        &self,
        kind: usize,
        region: &crate::model::PerPlayer<crate::geometry::CellSet>,
        p: usize,
    ) -> bool {
        if !self.has_reached(kind, region, p) {
            return false;
        }
        if p == 1 || self.has_reached(kind, region, 1) || self.turn == 0 {
            return true;
        }
        // The replies are listed into a buffer kept between calls (taken, so that a nested
        // call would only list into a fresh one).
        let mut moves = REPLIES.take();
        self.legal_moves(&mut moves);
        let code = self.game.code(kind, 1);
        let equalled = moves.iter().any(|m| {
            m.from != NONE
                && m.kind.moves_piece()
                && self.cells[m.from as usize] == code
                && !m.vanishes
                && region[1].contains(m.to)
        });
        REPLIES.set(moves);
        !equalled
    }

    /// `when my PIECE reaches REGION, unless it can be taken`, read for `p`: a piece of the
    /// kind of `p`'s stands in `p`'s region where no piece of the opponent attacks it.
    fn reached_untaken(
        &self,
        kind: usize,
        region: &crate::model::PerPlayer<crate::geometry::CellSet>,
        p: usize,
    ) -> bool {
        let code = self.game.code(kind, p);
        region[p]
            .iter()
            .any(|c| self.cells[c as usize] == code && !self.attacked_on(&self.cells, c, p ^ 1))
    }

    /// Whether `test` holds through the cell of the last placement, or through any cell of
    /// the last turn of several placements; `test(NONE)` (the whole board) where the last
    /// move was no plain placement.
    #[inline]
    fn through_placed(&self, test: impl Fn(crate::geometry::Cell) -> bool) -> bool {
        test(self.placed)
            || self
                .also_placed
                .iter()
                .take_while(|&&c| c != NONE)
                .any(|&c| test(c))
    }

    /// Where chains are searched from: the last placement's cell, or `NONE` (every chain of
    /// the mover) after a turn of several placements, whose stones may join different chains.
    #[inline]
    fn chain_start(&self) -> crate::geometry::Cell {
        if self.also_placed[0] == NONE {
            self.placed
        } else {
            NONE
        }
    }

    /// Whether no cell is empty.
    fn board_full(&self) -> bool {
        if self.under.is_empty() {
            self.counts[0] == 0
        } else {
            self.cells.iter().all(|&c| c != 0)
        }
    }

    /// The verdict of a line for `player`, unless a tie-break decides first: the player with
    /// more pieces (of a kind), or more area, wins.
    fn decide(
        &self,
        tiebreak: &[Tiebreak],
        verdict: Verdict,
        player: usize,
        text: &str,
    ) -> Outcome {
        for t in tiebreak {
            match t {
                Tiebreak::Seeds => {
                    let (a, b) = (self.seeds_of(0), self.seeds_of(1));
                    if a != b {
                        return Outcome::Win {
                            player: usize::from(b > a),
                            reason: format!("{text}: {a} seeds to {b}"),
                        };
                    }
                }
                Tiebreak::Pieces(k) => {
                    let (a, b) = (self.count(0, *k), self.count(1, *k));
                    if a != b {
                        let what = k.map_or("pieces".to_string(), |k| {
                            crate::model::plural(&self.game.kinds[k].name)
                        });
                        return Outcome::Win {
                            player: usize::from(b > a),
                            reason: format!("{text}: more {what}"),
                        };
                    }
                }
                Tiebreak::Worth { komi, to } => {
                    let mut half = [self.worth_of(0) * 2, self.worth_of(1) * 2];
                    half[*to] += i64::from(*komi);
                    if half[0] != half[1] {
                        let show = |h: i64| crate::model::half_points_text(h.max(0) as u32);
                        return Outcome::Win {
                            player: usize::from(half[1] > half[0]),
                            reason: format!("{text}: worth {} to {}", show(half[0]), show(half[1])),
                        };
                    }
                }
                Tiebreak::Area { komi, to } => {
                    let area = self.area();
                    let mut half = [2 * area[0], 2 * area[1]];
                    half[*to] += komi;
                    if half[0] != half[1] {
                        let show = crate::model::half_points_text;
                        return Outcome::Win {
                            player: usize::from(half[1] > half[0]),
                            reason: format!("{text}: area {} to {}", show(half[0]), show(half[1])),
                        };
                    }
                }
            }
        }
        Self::verdict(verdict, player, text)
    }

    /// The worth of `player`'s pieces, on the board and in hand (`decided by more worth`).
    fn worth_of(&self, player: usize) -> i64 {
        (0..self.game.kinds.len())
            .map(|k| {
                let n = self.count(player, Some(k)) + self.hand_count(player, Some(k));
                i64::from(self.game.kinds[k].worth) * n as i64
            })
            .sum()
    }

    /// Whether the game has a `nobody can move` line and the opponent of the player to move
    /// (who has no legal move) has none either.
    pub(super) fn nobody_can_move(&self) -> Option<&crate::model::EndModel> {
        let e = self
            .game
            .end
            .iter()
            .find(|e| matches!(e.cond, EndCond::NobodyCanMove { .. }))?;
        let mut other = self.clone();
        let mut moves = Vec::new();
        for _ in 1..self.game.players.len() {
            other.turn = self.game.next_player(other.turn as usize) as u8;
            other.pseudo_moves_for(&mut moves, true);
            other.filter(&mut moves);
            if !moves.is_empty() {
                return None;
            }
        }
        Some(e)
    }

    /// The result when the player to move has no legal move.
    pub fn no_move_outcome(&self) -> Outcome {
        // A sowing game that ended inside the last turn: its mover is the one who is stuck, or
        // a relay that would never end draws.
        let me = match self.sow_ended {
            super::rules::sow::ENDLESS => {
                return Outcome::Draw {
                    reason: "a relay sowing that would never end".into(),
                }
            }
            super::rules::sow::TOO_LONG => {
                let laps = self.game.sowing.as_ref().map_or(0, |s| s.rule.lap_limit);
                return Outcome::Draw {
                    reason: format!("a relay sowing of more than {laps} laps"),
                };
            }
            super::rules::sow::STUCK => self.game.previous_player(self.turn as usize),
            _ => self.turn as usize,
        };
        if let Some(e) = self.nobody_can_move() {
            if let EndCond::NobodyCanMove { tiebreak } = &e.cond {
                return self.decide(tiebreak, e.verdict, me, &e.text);
            }
        }
        for e in &self.game.end {
            if let EndCond::NoLegalMove { in_check, tiebreak } = &e.cond {
                if e.verdict == Verdict::Pass || !e.is_for(me) {
                    continue;
                }
                if !in_check || self.in_check() {
                    return self.decide(tiebreak, e.verdict, me, &e.text);
                }
            }
        }
        Outcome::Draw {
            reason: "no legal move".into(),
        }
    }

    /// Whether the board holds exactly the pieces of `sides` (each side's count of every
    /// kind), the first side's for either player and the second's for the other.
    fn material_is(&self, sides: &[Vec<u16>; 2]) -> bool {
        let g = self.game;
        let holds = |p: usize, counts: &[u16]| {
            counts
                .iter()
                .enumerate()
                .all(|(k, &n)| self.counts[g.code(k, p) as usize] == n)
        };
        (holds(0, &sides[0]) && holds(1, &sides[1])) || (holds(0, &sides[1]) && holds(1, &sides[0]))
    }

    /// The game's play-only draws and limits (repetition, perpetual check and chase, ply
    /// limits), given how often this position has occurred and the player who checked or
    /// chased with every move since its first occurrence, if one did.
    pub fn limit_outcome(&self, occurrences: usize, perpetual: Perpetual) -> Option<Outcome> {
        let [rep, ply, quiet] = self.game.limit_floor;
        if (occurrences as u64) < u64::from(rep)
            && self.ply < ply
            && self.quiet < quiet
            && perpetual == Perpetual::NONE
            && !self.count_ran_out()
        {
            return None;
        }
        let me = self.turn as usize;
        for &i in &self.game.limit_ends {
            let e = &self.game.end[i];
            let hit = match &e.cond {
                // A line for one side is read for that side's turn only.
                EndCond::PerpetualCheck | EndCond::PerpetualChase(_) => {
                    let by = match e.cond {
                        EndCond::PerpetualCheck => perpetual.check,
                        _ => perpetual.chase,
                    };
                    match by {
                        Some(p) if occurrences >= self.game.repetition_count() && e.is_for(p) => {
                            return Some(Self::verdict(e.verdict, p, &e.text));
                        }
                        _ => false,
                    }
                }
                _ if !e.is_for(me) => false,
                EndCond::Repetition(n, _) => occurrences >= *n as usize,
                // Read where the player to move has a legal move: a mate is a mate.
                EndCond::Counting(_) => self.count_ran_out(),
                EndCond::PlyLimit {
                    plies,
                    no_progress,
                    material,
                    ..
                } => {
                    let count = if no_progress.is_none() {
                        self.ply
                    } else {
                        self.quiet
                    };
                    count >= *plies && material.as_ref().is_none_or(|m| self.material_is(m))
                }
                _ => false,
            };
            if !hit {
                continue;
            }
            // A tie-break decides first: the player with more pieces (of a kind) wins.
            let tiebreak: &[Tiebreak] = match &e.cond {
                EndCond::PlyLimit { tiebreak, .. } | EndCond::Repetition(_, tiebreak) => tiebreak,
                _ => &[],
            };
            return Some(self.decide(tiebreak, e.verdict, me, &e.text));
        }
        None
    }
}

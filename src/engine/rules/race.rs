//! Races: pieces running along each player's track by the value thrown (Ur, Senet). A piece
//! in hand enters the track (a throw of 1 reaches its first cell); a piece goes on by exactly
//! the throw, onto an empty cell or, where hits are allowed, an enemy piece not on a safe
//! cell, which goes back to its owner's hand; with `then off`, the exact throw past the last
//! cell bears it off. Landing on a cell that gives another throw keeps the turn.

use super::super::{Game, Move, MoveKind, Position};
use crate::geometry::{Cell, NONE};
use crate::model::Race;

/// A race's tables: each player's track and where each cell is on it.
#[derive(Clone, Debug)]
pub struct Track {
    pub rule: Race,
    /// Per player, per cell: the cell's place on the player's track, or `u16::MAX` off it.
    at: [Vec<u16>; 2],
}

impl Track {
    pub fn new(rule: &Race, cells: usize) -> Track {
        let mut at = [vec![u16::MAX; cells], vec![u16::MAX; cells]];
        for (p, track) in rule.tracks.iter().enumerate() {
            for (i, &c) in track.iter().enumerate() {
                at[p][c as usize] = i as u16;
            }
        }
        Track {
            rule: rule.clone(),
            at,
        }
    }

    /// The player's track, cell by cell.
    pub fn track(&self, player: usize) -> &[Cell] {
        &self.rule.tracks[player]
    }

    /// The moves of the player to move for the value thrown: pieces on the track in track
    /// order, then pieces entering from the hand. None for a throw of 0 (the caller passes).
    pub fn moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let Some(v) = pos.thrown_value() else {
            return;
        };
        let v = usize::from(v);
        if v == 0 {
            return;
        }
        let p = pos.turn as usize;
        let track = &self.rule.tracks[p];
        for (i, &c) in track.iter().enumerate() {
            let code = pos.cells[c as usize];
            if code == 0 || Game::owner(code) != p {
                continue;
            }
            let j = i + v;
            if j == track.len() && self.rule.off[p] {
                out.push(Move {
                    kind: MoveKind::Off,
                    ..Move::new(c, NONE)
                });
            } else if j < track.len() {
                self.land(pos, Move::new(c, track[j]), out);
            }
        }
        if v <= track.len() {
            for code in (1 + p as u8..pos.hand.len() as u8).step_by(2) {
                if pos.hand[code as usize] > 0 {
                    let m = Move {
                        kind: MoveKind::Place,
                        promote: code,
                        ..Move::new(NONE, track[v - 1])
                    };
                    self.land(pos, m, out);
                }
            }
        }
    }

    /// `m` if its landing cell is empty, or holds an enemy piece it may hit (then taken).
    #[inline]
    fn land(&self, pos: &Position, mut m: Move, out: &mut Vec<Move>) {
        let there = pos.cells[m.to as usize];
        if there != 0 {
            if Game::owner(there) == pos.turn as usize
                || !self.rule.hit
                || self.rule.safe.contains(m.to)
            {
                return;
            }
            m.push_capture(m.to);
        }
        out.push(m);
    }

    /// The rules as lines of the description, for summaries.
    pub fn rule_lines(&self, g: &Game) -> Vec<String> {
        let names = |cells: &[Cell]| -> String {
            let v: Vec<&str> = cells
                .iter()
                .map(|&c| g.board.names[c as usize].as_str())
                .collect();
            v.join(" ")
        };
        let mut lines = Vec::new();
        for p in 0..2 {
            let off = if self.rule.off[p] { ", then off" } else { "" };
            lines.push(format!(
                "{} runs {}{off}",
                g.players[p].name,
                names(&self.rule.tracks[p])
            ));
        }
        if self.rule.hit {
            lines.push(
                "a piece that lands on an enemy piece sends it back to its owner's hand".into(),
            );
        }
        let cells = |s: &crate::geometry::CellSet| names(&s.iter().collect::<Vec<_>>());
        if !self.rule.again.is_empty() {
            lines.push(format!(
                "landing on {} gives another throw",
                cells(&self.rule.again)
            ));
        }
        if !self.rule.safe.is_empty() {
            lines.push(format!(
                "pieces on {} cannot be taken",
                cells(&self.rule.safe)
            ));
        }
        lines
    }

    /// Where on the player's track a cell is.
    pub fn place(&self, player: usize, c: Cell) -> Option<usize> {
        let i = self.at[player][c as usize];
        (i != u16::MAX).then_some(usize::from(i))
    }
}

impl Position<'_> {
    /// The pieces a player has borne off: those they started with (on the board and in
    /// hand) that are neither on the board nor in hand now.
    pub fn borne_off(&self, player: usize) -> usize {
        let g = self.game;
        let start = g
            .initial
            .iter()
            .filter(|&&c| c != 0 && Game::owner(c) == player)
            .count()
            + (1 + player..g.initial_hand.len())
                .step_by(2)
                .map(|c| usize::from(g.initial_hand[c]))
                .sum::<usize>();
        start.saturating_sub(self.count(player, None) + self.hand_count(player, None))
    }

    /// Plays a race move: the piece enters, moves or bears off; a piece hit goes back to its
    /// owner's hand. Returns whether the mover throws again.
    pub(in crate::engine) fn play_race(&mut self, race: &Track, m: &Move) -> bool {
        let code = if m.kind == MoveKind::Place {
            let n = self.hand[m.promote as usize];
            self.set_hand(m.promote, n - 1);
            m.promote
        } else {
            let code = self.cells[m.from as usize];
            self.set(m.from, 0);
            code
        };
        if m.kind == MoveKind::Off {
            return false;
        }
        if m.ncap > 0 {
            let hit = self.cells[m.to as usize];
            self.set(m.to, 0);
            let n = self.hand[hit as usize];
            self.set_hand(hit, n + 1);
        }
        self.set(m.to, code);
        race.rule.again.contains(m.to)
    }
}

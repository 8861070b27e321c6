//! Chance: the dice thrown at the start of a turn. A position whose throw is still to come
//! is a chance node: its moves are the throw's distinct outcomes (each a [`MoveKind::Throw`]
//! with its probability), so that perft counts them as branches, records keep them and
//! players see them; the player's own moves then read the outcome from the position.

use super::super::{Move, MoveKind, Position};
use crate::geometry::NONE;
use crate::model::Dice;
use crate::rng::Rng;

/// [`Position::throw`] of a chance node: the throw is still to come.
pub const PENDING: u8 = u8::MAX;

/// A game's dice as tables: each outcome's values and weight, and its hash key.
#[derive(Clone, Debug)]
pub struct Chance {
    /// The dice as written (`dice 4 binary, summed`).
    pub text: String,
    /// Per outcome: the values it gives (the total, or each die in order).
    pub values: Vec<Vec<u8>>,
    /// Per outcome: how many of the equally likely throws give it.
    pub weights: Vec<u32>,
    /// The number of equally likely throws.
    pub ways: u32,
    /// Per outcome: its hash key.
    keys: Vec<u64>,
}

impl Chance {
    pub fn new(d: &Dice) -> Chance {
        let keys = (0..d.outcomes.len() as u64)
            .map(|i| {
                let mut z = (i + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x00D1_CE7E_0550_0DD5;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^ (z >> 31)
            })
            .collect();
        Chance {
            text: d.text.clone(),
            values: d.outcomes.iter().map(|o| o.values.clone()).collect(),
            weights: d.outcomes.iter().map(|o| o.weight).collect(),
            ways: d.ways,
            keys,
        }
    }

    /// Whether outcome `i` shows two or more dice, all equal.
    pub fn is_double(&self, i: usize) -> bool {
        let v = &self.values[i];
        v.len() > 1 && v.iter().all(|&x| x == v[0])
    }

    /// The number of distinct outcomes.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The probability of outcome `i`.
    pub fn probability(&self, i: usize) -> f64 {
        f64::from(self.weights[i]) / f64::from(self.ways)
    }

    /// An outcome drawn with its probability.
    pub fn sample(&self, rng: &mut Rng) -> u8 {
        let mut k = rng.below(self.ways as usize) as u32;
        for (i, &w) in self.weights.iter().enumerate() {
            if k < w {
                return i as u8;
            }
            k -= w;
        }
        (self.weights.len() - 1) as u8
    }

    /// Outcome `i` as players write it: `3`, or `5-2` for dice read one by one.
    pub fn name(&self, i: usize) -> String {
        let v: Vec<String> = self.values[i].iter().map(u8::to_string).collect();
        v.join("-")
    }

    /// The outcome named `text` (as [`Chance::name`] writes it).
    pub fn outcome_named(&self, text: &str) -> Option<usize> {
        (0..self.len()).find(|&i| self.name(i) == text)
    }

    pub(in crate::engine) fn key(&self, throw: u8) -> u64 {
        if throw == PENDING {
            0
        } else {
            self.keys[throw as usize]
        }
    }
}

/// The move that throws outcome `i`.
pub fn throw_move(i: usize) -> Move {
    Move {
        kind: MoveKind::Throw,
        promote: i as u8,
        ..Move::new(NONE, NONE)
    }
}

impl Position<'_> {
    /// Whether the throw is still to come: the moves here are its outcomes.
    #[inline]
    pub fn is_chance(&self) -> bool {
        self.throw == PENDING && self.game.chance.is_some()
    }

    /// The outcome thrown for this turn (an index into the game's outcomes), if any.
    pub fn throw(&self) -> Option<usize> {
        (self.throw != PENDING && self.game.chance.is_some()).then_some(self.throw as usize)
    }

    /// The value the throw gives (its first value: the total of summed dice).
    #[inline]
    pub fn thrown_value(&self) -> Option<u8> {
        let c = self.game.chance.as_ref()?;
        (self.throw != PENDING).then(|| c.values[self.throw as usize][0])
    }

    /// Whether this is the game's first throw and it decides who starts (`each player
    /// throws one die to start, ...`): a double is thrown again, so it has none.
    #[inline]
    pub fn is_opening(&self) -> bool {
        self.ply == 0
            && self.turn == 0
            && self.throw == PENDING
            && self.game.race.as_ref().is_some_and(|r| r.rule.opening)
    }

    /// The probability of a throw move here (1 for any other move).
    pub fn probability(&self, m: &Move) -> f64 {
        match (&self.game.chance, m.kind) {
            (Some(c), MoveKind::Throw) if self.is_opening() => {
                let i = m.promote as usize;
                if c.is_double(i) {
                    return 0.0;
                }
                let doubles: u32 = (0..c.len())
                    .filter(|&j| c.is_double(j))
                    .map(|j| c.weights[j])
                    .sum();
                f64::from(c.weights[i]) / f64::from(c.ways - doubles)
            }
            (Some(c), MoveKind::Throw) => c.probability(m.promote as usize),
            _ => 1.0,
        }
    }

    /// Plays a throw; the opening throw also gives the turn to the player of the higher
    /// die (the first die is the first player's). When the second player starts, the first
    /// player's turn counts as passed (a ply), so that plies keep their parity: the first
    /// player moves at even plies, as position strings' move numbers assume.
    pub(in crate::engine) fn play_throw(&mut self, i: u8) {
        if self.is_opening() {
            if let Some(c) = &self.game.chance {
                let v = &c.values[i as usize];
                if v[0] < v[1] {
                    self.pass_turn();
                    self.ply = 1;
                }
            }
        }
        self.set_throw(i);
    }

    /// Sets the throw (or, with [`PENDING`], makes the position a chance node again).
    pub fn set_throw(&mut self, throw: u8) {
        if let Some(c) = &self.game.chance {
            self.hash ^= c.key(self.throw) ^ c.key(throw);
        }
        self.throw = throw;
    }

    /// The outcomes of the throw to come, as moves.
    pub(in crate::engine) fn throws(&self, out: &mut Vec<Move>) {
        if let Some(c) = &self.game.chance {
            let opening = self.is_opening();
            out.extend(
                (0..c.len())
                    .filter(|&i| !(opening && c.is_double(i)))
                    .map(throw_move),
            );
        }
    }

    /// A throw drawn with its probability, as its index in the list of throws here.
    pub fn random_throw_index(&self, rng: &mut Rng) -> usize {
        let (Some(c), Some(m)) = (&self.game.chance, self.random_throw(rng)) else {
            return 0;
        };
        let i = m.promote as usize;
        if self.is_opening() {
            (0..i).filter(|&j| !c.is_double(j)).count()
        } else {
            i
        }
    }

    /// A throw drawn with its probability.
    pub fn random_throw(&self, rng: &mut Rng) -> Option<Move> {
        let c = self.game.chance.as_ref()?;
        let opening = self.is_opening();
        loop {
            let i = c.sample(rng) as usize;
            if !(opening && c.is_double(i)) {
                return Some(throw_move(i));
            }
        }
    }
}

//! One game in progress as a program plays it: the position with its history (repetition
//! and ply limits), the outcome, and the turn's choice id by id in the game's action space.

use super::actions::{ActionSpace, NotLegal, TooManyActions, Turn};
use super::observation::Layout;
use crate::engine::{MatchState, Move, Outcome, Position};
use crate::model::{EndCond, PerPlayer, MAX_PLAYERS};

/// A game's program-facing tables, built once per game.
#[derive(Clone, Debug)]
pub struct Spec {
    pub space: ActionSpace,
    pub layout: Layout,
    /// Plies after which a game is a draw (the description's own ply limit where it has one,
    /// else [`DEFAULT_MAX_PLIES`]).
    pub max_plies: u32,
}

/// The cap on a game's plies where its description sets none (the same safety net as
/// `tabula playout`'s).
pub const DEFAULT_MAX_PLIES: u32 = 100_000;

impl Spec {
    /// # Errors
    /// [`TooManyActions`] for a board too large for an action space.
    pub fn new(game: &crate::engine::Game) -> Result<Spec, TooManyActions> {
        let limit = game
            .end
            .iter()
            .filter_map(|e| match e.cond {
                EndCond::PlyLimit {
                    plies,
                    no_progress: None,
                    ..
                } => Some(plies),
                _ => None,
            })
            .min();
        Ok(Spec {
            space: ActionSpace::new(game)?,
            layout: Layout::new(game),
            max_plies: limit.unwrap_or(DEFAULT_MAX_PLIES),
        })
    }
}

/// A game in progress, played id by id.
#[derive(Clone, Debug)]
pub struct Env<'g> {
    state: MatchState<'g>,
    turn: Turn,
    space: ActionSpace,
    max_plies: u32,
    plies: u32,
    /// The draw at the ply cap, where no rule of the game ended it first.
    capped: Option<Outcome>,
}

impl<'g> Env<'g> {
    /// A game from `pos`.
    ///
    /// # Errors
    /// A move of the position that the action space cannot write (see
    /// [`ActionSpace::full_sequence`]).
    pub fn new(pos: Position<'g>, spec: &Spec) -> Result<Env<'g>, String> {
        let mut env = Env {
            state: MatchState::new(pos),
            turn: Turn::default(),
            space: spec.space,
            max_plies: spec.max_plies,
            plies: 0,
            capped: None,
        };
        env.settle()?;
        Ok(env)
    }

    /// Starts again from `pos`, keeping the buffers.
    ///
    /// # Errors
    /// As [`Env::new`].
    pub fn reset(&mut self, pos: &Position<'g>) -> Result<(), String> {
        self.state.reset(pos);
        self.plies = 0;
        self.capped = None;
        self.settle()
    }

    fn settle(&mut self) -> Result<(), String> {
        if self.state.outcome().is_none() && self.plies >= self.max_plies {
            self.capped = Some(Outcome::Draw {
                reason: format!("cap of {} plies", self.max_plies),
            });
        }
        if self.is_terminal() {
            self.turn.clear();
            return Ok(());
        }
        self.turn.begin(&self.space, self.state.moves())
    }

    pub fn position(&self) -> &Position<'g> {
        &self.state.pos
    }

    pub fn space(&self) -> &ActionSpace {
        &self.space
    }

    /// The legal moves (empty once the game is over).
    pub fn moves(&self) -> &[Move] {
        if self.capped.is_some() {
            return &[];
        }
        self.state.moves()
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        self.state.outcome().or(self.capped.as_ref())
    }

    pub fn is_terminal(&self) -> bool {
        self.outcome().is_some()
    }

    /// The player to move, `None` once the game is over.
    pub fn current_player(&self) -> Option<usize> {
        (!self.is_terminal()).then(|| self.state.pos.turn())
    }

    /// Whether the dice are to be thrown: the legal ids are the throw's outcomes
    /// ([`Env::chance_outcomes`]), chosen by chance rather than by a player.
    pub fn is_chance(&self) -> bool {
        !self.is_terminal() && self.state.pos.is_chance()
    }

    /// At a chance node, each outcome's id with its probability (OpenSpiel's
    /// `chance_outcomes`); empty elsewhere.
    pub fn chance_outcomes(&self) -> Vec<(u32, f64)> {
        if !self.is_chance() {
            return Vec::new();
        }
        let pos = &self.state.pos;
        self.state
            .moves()
            .iter()
            .filter_map(|m| {
                let id = self.space.first_id(m).ok()?;
                Some((id, pos.probability(m)))
            })
            .collect()
    }

    /// Throws the dice while a throw is due, each outcome drawn with its probability (a
    /// batch of games for learning leaves no chance node to its caller).
    pub fn throw_dice(&mut self, rng: &mut crate::rng::Rng) {
        while self.is_chance() {
            let Some(m) = self.state.pos.random_throw(rng) else {
                return;
            };
            let Ok(id) = self.space.first_id(&m) else {
                return;
            };
            if self.advance(id).is_err() {
                return;
            }
        }
    }

    /// Plies played since the start (or the last reset).
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Each player's return (see [`Outcome::returns`]): the winner's is the number of other
    /// players (1 with two players), every other player's -1, so that they sum to zero as
    /// OpenSpiel's do; with teams the winning team's players share it; all 0 for a draw or an
    /// unfinished game (the slots past the game's players 0 too).
    pub fn returns(&self) -> PerPlayer<f32> {
        match self.outcome() {
            Some(o) => o.returns(self.position().game),
            None => [0.0; MAX_PLAYERS],
        }
    }

    /// The ids legal now, sorted (none once the game is over).
    pub fn legal_actions(&self, out: &mut Vec<u32>) {
        if self.is_terminal() {
            out.clear();
            return;
        }
        self.turn.legal(out);
    }

    /// The ids legal now, sorted (none once the game is over), without copying them.
    pub fn legal_ids(&self) -> &[u32] {
        if self.is_terminal() {
            return &[];
        }
        self.turn.legal_ids()
    }

    /// Marks the ids legal now in `mask` (of the space's length); the others are cleared.
    pub fn mask(&self, mask: &mut [bool]) {
        mask.fill(false);
        for &id in self.legal_ids() {
            mask[id as usize] = true;
        }
    }

    pub fn is_legal(&self, id: u32) -> bool {
        !self.is_terminal() && self.turn.is_legal(id)
    }

    /// The ids chosen so far this turn.
    pub fn pending(&self) -> &[u32] {
        self.turn.pending()
    }

    /// The legal moves the ids chosen so far this turn still allow, by index in
    /// [`Env::moves`].
    pub fn candidates(&self) -> &[u32] {
        self.turn.candidates()
    }

    /// Chooses `id`; where it completes a move, plays it and returns it.
    ///
    /// # Errors
    /// [`NotLegal`] where `id` is not legal now (nothing changes then).
    pub fn apply(&mut self, id: u32) -> Result<Option<Move>, NotLegal> {
        let mut played = None;
        self.choose(id, |m| played = Some(m.clone()))?;
        Ok(played)
    }

    /// Chooses `id` as [`Env::apply`] does, without a copy of the move it completes:
    /// whether it completed one.
    ///
    /// # Errors
    /// As [`Env::apply`].
    pub fn advance(&mut self, id: u32) -> Result<bool, NotLegal> {
        self.choose(id, |_| {})
    }

    /// Chooses `id`; where it completes a move, shows it to `seen`, plays it and returns
    /// `true`.
    fn choose(&mut self, id: u32, seen: impl FnOnce(&Move)) -> Result<bool, NotLegal> {
        if self.is_terminal() {
            return Err(NotLegal(id));
        }
        let Some(index) = self.turn.choose(id)? else {
            return Ok(false);
        };
        seen(&self.state.moves()[index]);
        self.state.play_index(index);
        self.plies += 1;
        // Every move of a shipped game has ids (the tests check it); a move that has none
        // ends the game rather than leave a turn no id can finish.
        if let Err(e) = self.settle() {
            self.capped = Some(Outcome::Draw {
                reason: format!("no action ids: {e}"),
            });
            self.turn.clear();
        }
        Ok(true)
    }

    /// The action sequence of legal move `index` from the start of the turn.
    pub fn encode(&self, index: usize) -> Vec<u32> {
        self.turn.encode(index)
    }

    /// The index in [`Env::moves`] of the legal move written `text` in the game's notation.
    ///
    /// # Errors
    /// Why it is no legal move here.
    pub fn find_move(&self, text: &str) -> Result<usize, String> {
        if let Some(o) = self.outcome() {
            return Err(format!(
                "the game is over ({})",
                o.describe(self.state.pos.game)
            ));
        }
        let m = self.state.pos.parse_move(text)?;
        self.moves()
            .iter()
            .position(|x| x.same_as(&m))
            .ok_or_else(|| "it is not among the legal moves".to_string())
    }

    /// Text for `id` here: the move it completes, in the game's notation, where it completes
    /// one; else what the id itself says ([`ActionSpace::text`]).
    pub fn action_text(&self, id: u32) -> String {
        if self.is_legal(id) {
            let mut t = self.turn.clone();
            if let Ok(Some(i)) = t.choose(id) {
                return self.state.pos.move_text(&self.state.moves()[i]);
            }
        }
        self.space.text(self.state.pos.game, id)
    }
}

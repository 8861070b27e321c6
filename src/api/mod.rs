//! The program-facing API: what the Python package (and any other program driving Tabula)
//! uses. A game's fixed action space ([`actions`]), its observation tensor
//! ([`observation`]), a game in progress played id by id ([`env`](mod@env)) and many games stepped
//! together on all cores ([`batch`]), and whole games played by computer players, recorded
//! ([`selfplay`]).
//!
//! It is written against the engine's public interface only (positions, moves and their
//! accessors, [`crate::engine::MatchState`]) and adds array layouts, never rules.

pub mod actions;
pub mod batch;
pub mod env;
pub mod observation;
pub mod selfplay;

pub use actions::{Action, ActionSpace, NotLegal, Turn};
pub use batch::Batch;
pub use env::{Env, Spec};
pub use observation::Layout;

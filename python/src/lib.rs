//! The Python extension `tabula._tabula`: thin wrappers over the library's program-facing API
//! (`tabula::api`). It adds Python types and numpy arrays, never rules. Batched stepping runs
//! in Rust with the GIL released.

use numpy::{IntoPyArray, PyArray1, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::{PyFileNotFoundError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Arc;
use tabula::api::selfplay::{self, Record};
use tabula::api::{Batch, Env, Spec};
use tabula::engine::Position;
use tabula::rng::Rng;

include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// OpenSpiel's player id for a finished game.
const TERMINAL: i64 = -4;
/// OpenSpiel's id of the chance player: a throw of the dice is due.
const CHANCE: i64 = -1;

/// A loaded game and its tables. Positions borrow the game: every Python object that holds
/// one also holds this `Arc`, declared after the borrowing field so that it is dropped last.
struct Loaded {
    game: tabula::engine::Game,
    spec: Spec,
    name: String,
    /// The description's text, so that a `Game` can be pickled (sent to another process).
    source: String,
}

impl Loaded {
    /// The game, for as long as the caller keeps `this` alive.
    fn game(this: &Arc<Loaded>) -> &'static tabula::engine::Game {
        // SAFETY: the game lives inside an `Arc` and is never moved or changed after loading.
        // Every holder of the returned reference (`State`, `VectorEnv`) stores a clone of
        // `this` in a field declared after the one holding the reference, so the game
        // outlives every use.
        unsafe { &*std::ptr::addr_of!(this.game) }
    }
}

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The names of the shipped games (`tabula.load_game` takes them as well as paths).
#[pyfunction]
fn shipped_games() -> Vec<&'static str> {
    SHIPPED.iter().map(|(n, _)| *n).collect()
}

/// Loads a game: a shipped name (`"chess"`, `"breakthrough"`; see `shipped_games()`) or the
/// path of a description file. A bad description raises `ValueError` with its diagnostics.
#[pyfunction]
fn load_game(name_or_path: &str) -> PyResult<Game> {
    let bare = name_or_path.strip_suffix(".game").unwrap_or(name_or_path);
    if std::path::Path::new(name_or_path).is_file() {
        let game = tabula::load_file(name_or_path).map_err(value_error)?;
        // Read again for pickling; the load above has checked it is text of a sane size.
        let source = std::fs::read_to_string(name_or_path).map_err(value_error)?;
        loaded(game, source, name_or_path.to_string())
    } else if let Some((name, text)) = SHIPPED.iter().find(|(n, _)| *n == bare) {
        game_from_source(text, name)
    } else {
        Err(PyFileNotFoundError::new_err(format!(
            "no file `{name_or_path}` and no shipped game of that name; shipped games: {}",
            shipped_games().join(", ")
        )))
    }
}

/// Compiles the description `source` as the game `name` (what unpickling a `Game` does).
#[pyfunction]
#[pyo3(name = "_game_from_source")]
fn game_from_source(source: &str, name: &str) -> PyResult<Game> {
    let file = if name.ends_with(".game") {
        name.to_string()
    } else {
        format!("{name}.game")
    };
    let game = tabula::compile_source(source)
        .map_err(|ds| value_error(tabula::diagnostic::render(&file, source, &ds)))?;
    loaded(game, source.to_string(), name.to_string())
}

fn loaded(game: tabula::engine::Game, source: String, name: String) -> PyResult<Game> {
    let spec = Spec::new(&game).map_err(value_error)?;
    Ok(Game {
        inner: Arc::new(Loaded {
            game,
            spec,
            name,
            source,
        }),
    })
}

/// A game: its rules, action space and observation layout (OpenSpiel's `Game`).
#[pyclass(frozen, module = "tabula")]
struct Game {
    inner: Arc<Loaded>,
}

#[pymethods]
impl Game {
    /// Always 2.
    fn num_players(&self) -> usize {
        self.inner.game.players.len()
    }

    /// The size of the action space: ids are `0 .. num_distinct_actions()`.
    fn num_distinct_actions(&self) -> usize {
        self.inner.spec.space.len()
    }

    /// `[planes, height, width]` (see python/README.md for the planes).
    fn observation_tensor_shape(&self) -> Vec<usize> {
        let l = &self.inner.spec.layout;
        vec![l.planes, l.height, l.width]
    }

    /// The most plies a game lasts: the description's ply limit, else the safety cap after
    /// which a game is a draw.
    fn max_game_length(&self) -> u32 {
        self.inner.spec.max_plies
    }

    /// The distinct outcomes of a throw of the game's dice (0 for a game without dice).
    fn max_chance_outcomes(&self) -> usize {
        self.inner.game.chance.as_ref().map_or(0, |c| c.len())
    }

    /// The most ids one move can take (a bound for buffers: most moves take one).
    fn max_actions_per_move(&self) -> usize {
        tabula::api::actions::MAX_IDS_PER_MOVE
    }

    /// The game's title as its description gives it.
    #[getter]
    fn title(&self) -> &str {
        &self.inner.game.title
    }

    /// The shipped name or the path it was loaded from.
    #[getter]
    fn name(&self) -> &str {
        &self.inner.name
    }

    /// The players' names, in turn order.
    fn player_names(&self) -> Vec<String> {
        self.inner
            .game
            .players
            .iter()
            .map(|p| p.name.clone())
            .collect()
    }

    /// The cells' names by index (the cell numbers that action ids use).
    fn cell_names(&self) -> Vec<String> {
        self.inner.game.board.names.clone()
    }

    /// The start position, or the position written `position` (the string `str(state)`
    /// gives, with the ids chosen so far in a turn after ` | `).
    #[pyo3(signature = (position=None))]
    fn new_initial_state(&self, position: Option<&str>) -> PyResult<State> {
        let game = Loaded::game(&self.inner);
        // `str(state)` in the middle of a turn: the position, then ` | ` and the texts of
        // the ids chosen so far this turn.
        let (position, chosen) = match position.and_then(|t| t.split_once(" | ")) {
            Some((p, ids)) => (Some(p), ids),
            None => (position, ""),
        };
        let pos = match position {
            None => game.start(),
            Some(text) => Position::from_text(game, text).map_err(|e| value_error(e.0))?,
        };
        let env = Env::new(pos, &self.inner.spec).map_err(value_error)?;
        let mut state = State {
            env,
            game: self.inner.clone(),
        };
        let mut legal = Vec::new();
        for text in chosen.split_whitespace() {
            legal.clear();
            state.env.legal_actions(&mut legal);
            let space = &self.inner.spec.space;
            let id = legal
                .iter()
                .copied()
                .find(|&id| space.text(game, id) == text)
                .ok_or_else(|| value_error(format!("`{text}` is no id legal here")))?;
            state.env.apply(id).map_err(value_error)?;
        }
        Ok(state)
    }

    /// What an id means on its own: `e2e4` (a piece from e2 to e4), `P@e4` (a placement),
    /// `xd5` (a further cell), `=Q` (a promotion), `~swap` (a move kind), `/rotate3`,
    /// `pass`, `end`.
    fn action_to_string(&self, action: u32) -> String {
        self.inner.spec.space.text(&self.inner.game, action)
    }

    fn __repr__(&self) -> String {
        format!("<tabula.Game {:?}>", self.inner.game.title)
    }

    /// Pickles as the description's text and name: another process (a Ray worker) compiles
    /// it again.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String, String))> {
        let f = py.import("tabula")?.getattr("_game_from_source")?;
        Ok((f, (self.inner.source.clone(), self.inner.name.clone())))
    }
}

/// A game in progress (OpenSpiel's `State`).
#[pyclass(module = "tabula")]
struct State {
    env: Env<'static>,
    game: Arc<Loaded>,
}

impl State {
    fn check(&self, action: u32) -> PyResult<()> {
        if self.env.is_legal(action) {
            Ok(())
        } else if self.env.is_terminal() {
            Err(value_error(format!("action {action}: the game is over")))
        } else {
            Err(value_error(format!(
                "action {action} ({}) is not legal here",
                self.game.spec.space.text(&self.game.game, action)
            )))
        }
    }
}

#[pymethods]
impl State {
    /// The player to move (0 or 1), or -4 (OpenSpiel's TERMINAL) once the game is over. It
    /// stays the same while a move that takes several ids is being chosen.
    fn current_player(&self) -> i64 {
        if self.env.is_chance() {
            return CHANCE;
        }
        self.env.current_player().map_or(TERMINAL, |p| p as i64)
    }

    /// Whether a throw of the dice is due: the legal ids are then the throw's outcomes.
    fn is_chance_node(&self) -> bool {
        self.env.is_chance()
    }

    /// At a chance node, `[(id, probability), ...]` for each outcome of the throw (as
    /// OpenSpiel's `chance_outcomes`); empty elsewhere.
    fn chance_outcomes(&self) -> Vec<(u32, f64)> {
        self.env.chance_outcomes()
    }

    /// The legal ids now, sorted (empty once the game is over). `player` is accepted for
    /// OpenSpiel's signature; another player than the one to move has none.
    #[pyo3(signature = (player=None))]
    fn legal_actions(&self, player: Option<i64>) -> Vec<u32> {
        if player.is_some_and(|p| p != self.current_player()) {
            return Vec::new();
        }
        let mut out = Vec::new();
        self.env.legal_actions(&mut out);
        out
    }

    /// A numpy bool array of `num_distinct_actions()` entries, true for the legal ids.
    fn legal_actions_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let mut mask = vec![false; self.game.spec.space.len()];
        self.env.mask(&mut mask);
        mask.into_pyarray(py)
    }

    /// Plays id `action`; a move that needs more ids waits for them.
    fn apply_action(&mut self, action: u32) -> PyResult<()> {
        self.check(action)?;
        self.env.apply(action).map_err(value_error)?;
        Ok(())
    }

    /// Plays several ids in order (stops at the first illegal one, raising `ValueError`).
    fn apply_actions(&mut self, actions: Vec<u32>) -> PyResult<()> {
        for a in actions {
            self.apply_action(a)?;
        }
        Ok(())
    }

    /// Plays the move written `text` in the game's notation (all its ids).
    fn apply_move(&mut self, text: &str) -> PyResult<()> {
        let ids = self.move_to_actions(text)?;
        self.apply_actions(ids)
    }

    /// The text of an id here: the move it completes, in the game's notation (`e2e4`,
    /// `c3xe5xg3`, `d1-d6/d8`), where it completes one; else what the id says on its own
    /// (see `Game.action_to_string`). Takes `(action)` or OpenSpiel's `(player, action)`.
    #[pyo3(signature = (a, b=None))]
    fn action_to_string(&self, a: i64, b: Option<i64>) -> PyResult<String> {
        let action = b.unwrap_or(a);
        let action = u32::try_from(action).map_err(|_| value_error("negative action"))?;
        Ok(self.env.action_text(action))
    }

    /// The next id of the move written `text` (the game's notation), or the id an id's own
    /// text names (`e2e4`, `=Q`, `end`) where that id is legal now.
    fn string_to_action(&self, text: &str) -> PyResult<u32> {
        let mut legal = Vec::new();
        self.env.legal_actions(&mut legal);
        let space = &self.game.spec.space;
        if let Some(&id) = legal
            .iter()
            .find(|&&id| space.text(&self.game.game, id).eq_ignore_ascii_case(text))
        {
            return Ok(id);
        }
        let ids = self.move_to_actions(text)?;
        Ok(ids[self.env.pending().len()])
    }

    /// All the ids of the move written `text`, from the start of the turn; a move that the
    /// ids chosen so far this turn rule out raises `ValueError`.
    fn move_to_actions(&self, text: &str) -> PyResult<Vec<u32>> {
        let index = self.env.find_move(text).map_err(value_error)?;
        let ids = self.env.encode(index);
        let pending = self.env.pending();
        if !ids.starts_with(pending) {
            return Err(value_error(format!(
                "`{text}` does not go on from the ids chosen so far this turn"
            )));
        }
        Ok(ids)
    }

    /// The legal moves in the game's notation (whole moves, not ids), in generation order.
    fn legal_moves(&self) -> Vec<String> {
        let pos = self.env.position();
        self.env.moves().iter().map(|m| pos.move_text(m)).collect()
    }

    /// The ids chosen so far in a move that takes several.
    fn pending_actions(&self) -> Vec<u32> {
        self.env.pending().to_vec()
    }

    fn is_terminal(&self) -> bool {
        self.env.is_terminal()
    }

    /// Each player's return: the winner's the number of other players (1 with two), -1 for
    /// each other player, 0 for a draw (and 0 while the game goes on); with teams the winning
    /// team's players share the losers' (1 and -1 for two teams of two).
    fn returns(&self) -> Vec<f32> {
        let players = self.env.position().game.players.len();
        self.env.returns()[..players].to_vec()
    }

    /// `returns()` of the player (OpenSpiel's `player_return`).
    fn player_return(&self, player: usize) -> PyResult<f32> {
        let players = self.env.position().game.players.len();
        self.env.returns()[..players]
            .get(player)
            .copied()
            .ok_or_else(|| value_error("no such player"))
    }

    /// How the game ended (`"white wins (checkmate)"`), or None.
    fn outcome(&self) -> Option<String> {
        self.env.outcome().map(|o| o.describe(&self.game.game))
    }

    /// The winner's index, -1 for a draw, None while the game goes on.
    fn winner(&self) -> Option<i64> {
        self.env.outcome().map(|o| match o {
            tabula::engine::Outcome::Win { player, .. } => *player as i64,
            tabula::engine::Outcome::Draw { .. } => -1,
        })
    }

    /// Plies played in this state's game.
    fn move_number(&self) -> u32 {
        self.env.plies()
    }

    /// The observation tensor (numpy float32 of `observation_tensor_shape()`).
    /// `player` is accepted for OpenSpiel's signature: the tensor is the same for both.
    #[pyo3(signature = (player=None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let _ = player;
        let l = &self.game.spec.layout;
        let mut out = vec![0f32; l.size()];
        l.fill(
            self.env.position(),
            &self.game.spec.space,
            self.env.pending(),
            &mut out,
        );
        Ok(out
            .into_pyarray(py)
            .reshape([l.planes, l.height, l.width])?
            .into_any())
    }

    /// The board drawn as text.
    fn board(&self) -> String {
        self.env.position().render()
    }

    fn clone(&self) -> State {
        State {
            env: self.env.clone(),
            game: self.game.clone(),
        }
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    /// The position string (`Game.new_initial_state(str(state))` gives the position back,
    /// without the game's history); in the middle of a turn of several ids, followed by
    /// ` | ` and the texts of the ids chosen so far this turn (`... w - - 0 1 | a7a8`), so
    /// that states apart print apart.
    fn __str__(&self) -> String {
        let mut text = self.env.position().to_text();
        let pending = self.env.pending();
        if !pending.is_empty() {
            text.push_str(" |");
            for &id in pending {
                text.push(' ');
                text.push_str(&self.game.spec.space.text(&self.game.game, id));
            }
        }
        text
    }

    fn __repr__(&self) -> String {
        format!("<tabula.State {:?}>", self.__str__())
    }
}

/// A computer player: `"default"` or `"default:BUDGET"` (the default player of `tabula
/// play`; a budget is a time such as `"200ms"` or a number of positions or playouts),
/// `"random"` (a uniformly random legal move), `"mcts:ITERATIONS"` or `"mcts:TIME"`
/// (`"mcts:1000"`, `"mcts:200ms"`), `"alphabeta:DEPTH"`, or `"baseline:BUDGET"` (the
/// default player before issue 35). With an iteration budget its choices depend only on
/// the seed.
#[pyclass(module = "tabula")]
struct Player {
    player: tabula::ai::Player,
    rng: Rng,
}

#[pymethods]
impl Player {
    #[new]
    #[pyo3(signature = (kind="random", seed=0))]
    fn new(kind: &str, seed: u64) -> PyResult<Player> {
        Ok(Player {
            player: kind.parse().map_err(value_error)?,
            rng: Rng::new(seed),
        })
    }

    /// The ids of the move this player chooses at `state`, from the start of the turn
    /// (consistent with the ids already chosen this turn).
    fn choose(&mut self, py: Python<'_>, state: &State) -> PyResult<Vec<u32>> {
        if state.env.is_terminal() {
            return Err(value_error("the game is over"));
        }
        let (env, player, rng) = (&state.env, &self.player, &mut self.rng);
        let index = py.allow_threads(|| selfplay::choose(env, player, rng));
        Ok(env.encode(index))
    }

    /// The next id this player plays at `state` (OpenSpiel's `Bot.step`).
    fn step(&mut self, py: Python<'_>, state: &State) -> PyResult<u32> {
        let ids = self.choose(py, state)?;
        Ok(ids[state.env.pending().len()])
    }

    fn __repr__(&self) -> String {
        format!("<tabula.Player {}>", self.player)
    }
}

/// `n` games of one description stepped together in Rust, with the GIL released, on one
/// thread per core or on `threads` threads (the games played are the same either way; a
/// Ray task or a process of its own given one CPU wants `threads=1`). A game that ends
/// starts again at once.
#[pyclass(module = "tabula")]
struct VectorEnv {
    batch: Batch<'static>,
    players: Vec<i32>,
    game: Arc<Loaded>,
}

type StepArrays<'py> = (
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyAny>,
);

impl VectorEnv {
    /// Runs `f` on the batch with fresh output buffers, without the GIL, and wraps them.
    fn outputs<'py>(
        &mut self,
        py: Python<'py>,
        f: impl FnOnce(&mut Batch<'static>, tabula::api::batch::Outputs) -> Result<(), String> + Send,
    ) -> PyResult<StepArrays<'py>> {
        let n = self.batch.len();
        let (size, actions) = (self.game.spec.layout.size(), self.game.spec.space.len());
        let mut obs = vec![0f32; n * size];
        let mut masks = vec![false; n * actions];
        let np = self
            .batch
            .envs()
            .first()
            .map_or(2, |e| e.position().game.players.len());
        let mut rewards = vec![0f32; n * np];
        let mut terminated = vec![false; n];
        let players = &mut self.players;
        let batch = &mut self.batch;
        py.allow_threads(|| {
            f(
                batch,
                tabula::api::batch::Outputs {
                    obs: &mut obs,
                    masks: &mut masks,
                    rewards: &mut rewards,
                    terminated: &mut terminated,
                    players,
                },
            )
        })
        .map_err(value_error)?;
        let l = &self.game.spec.layout;
        Ok((
            obs.into_pyarray(py)
                .reshape([n, l.planes, l.height, l.width])?
                .into_any(),
            rewards.into_pyarray(py).reshape([n, np])?.into_any(),
            terminated.into_pyarray(py),
            masks.into_pyarray(py).reshape([n, actions])?.into_any(),
        ))
    }
}

#[pymethods]
impl VectorEnv {
    #[new]
    #[pyo3(signature = (game, n, seed=0, threads=None))]
    fn new(game: &Game, n: usize, seed: u64, threads: Option<usize>) -> PyResult<VectorEnv> {
        if n == 0 || n > 1 << 16 {
            return Err(value_error("n must be from 1 to 65536 games"));
        }
        if threads == Some(0) {
            return Err(value_error(
                "threads must be at least 1 (None: one per core)",
            ));
        }
        let g = Loaded::game(&game.inner);
        let mut batch =
            Batch::new(g.start(), game.inner.spec.clone(), n, seed).map_err(value_error)?;
        if let Some(t) = threads {
            batch.set_threads(t);
        }
        Ok(VectorEnv {
            batch,
            players: vec![0; n],
            game: game.inner.clone(),
        })
    }

    /// The number of games.
    fn __len__(&self) -> usize {
        self.batch.len()
    }

    /// Starts every game again: `(observations, rewards, terminated, masks)` as `step`
    /// returns them (no rewards, none terminated).
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<StepArrays<'py>> {
        self.outputs(py, |b, out| {
            b.reset(out);
            Ok(())
        })
    }

    /// Plays `actions[i]` (one id) in game `i`. Returns numpy arrays: observations
    /// `(n, planes, height, width)` float32, rewards `(n, players)` float32 (each player's return
    /// in the games that ended at this step, else 0), terminated `(n,)` bool, and legal-id
    /// masks `(n, num_distinct_actions)` bool. A game that ended has started again: its
    /// observation and mask are the new game's. An illegal id raises `ValueError` and no
    /// game moves.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<StepArrays<'py>> {
        let ids: Vec<i64> = match actions.extract::<PyReadonlyArray1<i64>>() {
            Ok(a) => a.as_slice()?.to_vec(),
            Err(_) => actions.extract()?,
        };
        if ids.len() != self.batch.len() {
            return Err(value_error(format!(
                "{} actions for {} games",
                ids.len(),
                self.batch.len()
            )));
        }
        let ids: Vec<u32> = ids
            .iter()
            .map(|&a| u32::try_from(a).unwrap_or(u32::MAX))
            .collect();
        self.outputs(py, |b, out| {
            b.step(&ids, out).map_err(|(i, e)| format!("game {i}: {e}"))
        })
    }

    /// Plays `steps` steps of uniformly random ids (`sample_actions` then `step`) inside
    /// Rust and returns the last step's arrays: the same work as a Python loop of `step`
    /// calls without the Python side (what the benchmark's Python-overhead column compares).
    fn step_random<'py>(&mut self, py: Python<'py>, steps: usize) -> PyResult<StepArrays<'py>> {
        self.outputs(py, |b, out| {
            b.random_steps(steps, out);
            Ok(())
        })
    }

    /// The player to move in each game (after the last `reset` or `step`).
    fn current_players<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i32>> {
        self.players.clone().into_pyarray(py)
    }

    /// A uniformly random legal id for each game (int64), from each game's own seeded
    /// generator.
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let mut out = vec![0u32; self.batch.len()];
        self.batch.sample(&mut out);
        out.into_iter()
            .map(i64::from)
            .collect::<Vec<_>>()
            .into_pyarray(py)
    }

    /// Game `i` as a `State` (a copy).
    fn state(&self, i: usize) -> PyResult<State> {
        let env = self
            .batch
            .envs()
            .get(i)
            .ok_or_else(|| value_error("no such game"))?;
        Ok(State {
            env: env.clone(),
            game: self.game.clone(),
        })
    }
}

/// Plays `games` whole games in Rust between `players` (two player texts as `Player` takes
/// them, the first moving first and the second in every other seat), with the GIL released,
/// recording every id chosen. Game `k` is game `first + k` of a series and draws from a
/// generator seeded `seed + first + k`, so a series split into calls gives the same games as
/// one call. Returns a dict of numpy
/// arrays: per step `actions` (int32), `players` (int8), `returns` (float32, what the game
/// gave the player who chose the id), `observations` (float32, `(steps, planes, height,
/// width)`) and `masks` (bool, `(steps, num_distinct_actions)`) where asked for; per game
/// `lengths` (steps, int64), `plies` (int64) and `game_returns` (float32, `(games, players)`).
#[pyfunction]
#[pyo3(signature = (game, players=("random".to_string(), "random".to_string()), games=1, seed=0, first=0, observations=true, masks=true))]
#[allow(clippy::too_many_arguments)]
fn play_games<'py>(
    py: Python<'py>,
    game: &Game,
    players: (String, String),
    games: usize,
    seed: u64,
    first: u64,
    observations: bool,
    masks: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let parse = |t: &str| t.parse::<tabula::ai::Player>().map_err(value_error);
    let players = [parse(&players.0)?, parse(&players.1)?];
    let inner = &game.inner;
    let g = Loaded::game(inner);
    let record = Record {
        observations,
        masks,
    };
    let t = py
        .allow_threads(|| {
            selfplay::play_games(
                &g.start(),
                &inner.spec,
                &players,
                first,
                games,
                seed,
                record,
            )
        })
        .map_err(value_error)?;
    let steps = t.actions.len();
    let l = &inner.spec.layout;
    let out = PyDict::new(py);
    if observations {
        let obs = t.observations.into_pyarray(py);
        out.set_item(
            "observations",
            obs.reshape([steps, l.planes, l.height, l.width])?,
        )?;
    }
    if masks {
        let m = t.masks.into_pyarray(py);
        out.set_item("masks", m.reshape([steps, inner.spec.space.len()])?)?;
    }
    let actions: Vec<i32> = t.actions.iter().map(|&a| a as i32).collect();
    let who: Vec<i8> = t.players.iter().map(|&p| p as i8).collect();
    out.set_item("actions", actions.into_pyarray(py))?;
    out.set_item("players", who.into_pyarray(py))?;
    out.set_item("returns", t.returns.into_pyarray(py))?;
    let lengths: Vec<i64> = t.lengths.iter().map(|&n| n as i64).collect();
    let plies: Vec<i64> = t.plies.iter().map(|&n| n as i64).collect();
    let np = inner.game.players.len();
    let results: Vec<f32> = t
        .game_returns
        .iter()
        .flat_map(|r| r[..np].iter().copied())
        .collect();
    out.set_item("lengths", lengths.into_pyarray(py))?;
    out.set_item("plies", plies.into_pyarray(py))?;
    out.set_item(
        "game_returns",
        results.into_pyarray(py).reshape([games, np])?,
    )?;
    Ok(out)
}

#[pymodule]
fn _tabula(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(shipped_games, m)?)?;
    m.add_function(wrap_pyfunction!(game_from_source, m)?)?;
    m.add_function(wrap_pyfunction!(play_games, m)?)?;
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add_class::<Player>()?;
    m.add_class::<VectorEnv>()?;
    m.add("TERMINAL", TERMINAL)?;
    m.add("CHANCE", CHANCE)?;
    Ok(())
}

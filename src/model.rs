//! The checked game model: what a description means, with every name resolved to a dense id.
//!
//! Built by [`crate::check`], turned into tables by [`crate::compile`]. Directions are absolute
//! direction ids per player, regions are cell sets per player, pieces and players are indices.
//! Names survive only as display text (for boards, notation and summaries).

use crate::geometry::{Board, Cell, CellSet};

/// Player index: 0 moves first.
pub type PlayerId = usize;
/// Piece kind index, in declaration order.
pub type KindId = usize;

/// The most placements one turn may hold (`each turn places N ...`).
pub const MAX_TURN_PLACES: u32 = 4;

/// The most players a game may have.
pub const MAX_PLAYERS: usize = 6;

/// One value for each player (those past the game's players unused).
pub type PerPlayer<T> = [T; MAX_PLAYERS];

/// `f` of each of the first `players` players, the default for the unused slots.
pub fn per_player<T: Default>(players: usize, mut f: impl FnMut(usize) -> T) -> PerPlayer<T> {
    std::array::from_fn(|p| if p < players { f(p) } else { T::default() })
}

/// The most moves a position's move list holds (the engine's `MAX_MOVES`): a description
/// whose turns could list more is refused where the checker can tell.
pub const MAX_LISTED_MOVES: u64 = 100_000;

/// `to open, PLAYER removes a PIECE on REGION` or `... next to an empty cell along DIRS`:
/// the player's first turn removes one of their own pieces of that kind, and nothing else.
#[derive(Clone, Debug)]
pub struct Opening {
    pub player: PlayerId,
    pub kind: KindId,
    /// The cells the piece may be removed from (every cell without `on`).
    pub cells: CellSet,
    /// `next to an empty cell along DIRS` (absolute directions): only a piece with an empty
    /// neighbour that way.
    pub next_to_empty: Option<Vec<u8>>,
}

/// `each turn places N PIECES[, the first turn F]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnPlaces {
    pub kind: KindId,
    /// Placements in every turn but the first.
    pub each: u8,
    /// Placements in the game's first turn.
    pub first: u8,
}

/// The players a game rule that may be for one side is read for, each as a mask of player ids:
/// every player's bit where the line has no `for PLAYER:`.
#[derive(Clone, Copy, Debug, Default)]
pub struct RulePlayers {
    /// `capture is compulsory ...`, with its priorities.
    pub capture: u8,
    /// `[KINDS | pieces] in hand must be placed first`.
    pub hand_first: u8,
    /// `players may pass`.
    pub pass: u8,
}

impl RulePlayers {
    /// Whether `mask` holds `player`.
    #[inline]
    pub fn holds(mask: u8, player: usize) -> bool {
        mask >> (player & 7) & 1 != 0
    }
}

#[derive(Clone, Debug)]
pub struct Model {
    pub title: String,
    /// `teams ...`: each player's team, in the order of `players`; empty without teams (each
    /// player is then their own side).
    pub teams: Vec<usize>,
    pub board: Board,
    pub players: Vec<PlayerModel>,
    pub kinds: Vec<KindModel>,
    /// The start position: (cell, player, kind).
    pub setup: Vec<(Cell, PlayerId, KindId)>,
    /// Cells that start with a stack of more than one piece (races whose pieces share cells),
    /// and how many.
    pub heights: Vec<(Cell, u16)>,
    /// Pieces the players start with in hand: (player, kind, count). A player's placements of
    /// a kind they have in hand draw from it.
    pub hands: Vec<(PlayerId, KindId, u32)>,
    pub compulsory_capture: bool,
    pub majority_capture: bool,
    /// The priorities among captures, in order, the first the majority rule itself (`the
    /// most pieces` or `the greatest worth`); empty without `and must take ...`.
    pub capture_order: Vec<Priority>,
    /// `captured pieces are removed at once`: a jump chain empties each cell it captures on
    /// as it goes (by default captured pieces stay until the move ends).
    pub removed_at_once: bool,
    /// `capture by custody ...`: enemies caught between a moved piece and a friend or a
    /// hostile cell are removed.
    pub custody: Option<Custody>,
    /// `only PIECES may enter REGION`: the kinds allowed there, and the cells; every other
    /// kind neither stops on nor slides through them.
    pub entry: Vec<(Vec<KindId>, CellSet)>,
    /// `pieces in hand must be placed first`: a player with pieces in hand can only place.
    pub hand_first: bool,
    /// `KINDS in hand must be placed first` (Koedem's kings): the rule is about that kind
    /// alone; a player with one in hand can only place one, and other pieces in hand wait.
    pub hand_first_kind: Option<KindId>,
    /// `..., by every player`: no piece moves while any player has pieces (of that kind) in
    /// hand.
    pub hand_first_all: bool,
    /// `pieces in hand must be placed first, PIECES on both colours`: the kind whose pieces, on the board and
    /// in hand, must end split between the two colours of cells as evenly as can be.
    pub colour_split: Option<KindId>,
    /// `pieces dropped on REGION may castle with partners on REGION`: per player, the cells
    /// where a dropped castling piece, and those where a dropped partner, gains its right.
    pub drop_castle: Option<PerPlayer<(CellSet, CellSet)>>,
    /// `captured pieces go to the hand of their captor`.
    pub to_hand: bool,
    /// `pieces come to hand from the partner`: hands are filled from outside the game.
    pub from_partner: bool,
    /// `a piece in hand may enter the cell a piece leaves on its first move from REGION`
    /// (gating): the region, per player.
    pub gating: Option<PerPlayer<CellSet>>,
    /// `after every move, the mover moves PIECE to another empty cell` (Duck chess): the
    /// neutral kind.
    pub relocated: Option<KindId>,
    /// `..., keeping their kind`: a captured promoted piece goes to the hand as what it
    /// became, not as what it was promoted from (Loop chess).
    pub keep_kind: bool,
    /// `royal pieces may not face each other along DIRS` (absolute directions).
    pub face: Vec<u8>,
    /// `royal pieces that face each other along DIRS must part` (absolute directions).
    pub part: Vec<u8>,
    /// `captures explode along DIRS[, sparing PIECES]`.
    pub explosion: Option<Explosion>,
    /// `moves may not give check`.
    pub no_checks: bool,
    /// `in check, a royal piece moves only to take a lone checking piece`.
    pub lone_checker: bool,
    /// The game's `making N in a row ...` lines: at most one for placements and one for
    /// moves (a line without `by` is both).
    pub mills: Vec<Mill>,
    /// Moves with the same start, end and captured set are one move.
    pub identity_by_captures: bool,
    /// `players may pass`: passing is always a legal move.
    pub may_pass: bool,
    /// The players whom `capture is compulsory`, `pieces in hand must be placed first` and
    /// `players may pass` are for (`for PLAYER:` before them).
    pub rule_players: RulePlayers,
    /// `the second player may swap`: on the second player's first turn, taking the first
    /// player's stone is a move too.
    pub pie_rule: bool,
    /// `each turn places N PIECES, the first turn F`: a turn is several placements of one
    /// kind on different empty cells.
    pub turn_places: Option<TurnPlaces>,
    /// `to open, PLAYER removes a PIECE ...`: what the players' first turns remove.
    pub openings: Vec<Opening>,
    pub notation: Notation,
    /// `notation ..., numbered from PLAYER`: squares are numbered (for PDN records) from that
    /// player's back rank.
    pub numbered_from: Option<PlayerId>,
    pub end: Vec<EndModel>,
    /// `a move may not repeat a position for the Nth time`: N (a move that would bring about
    /// a position that occurred N - 1 times in the game is not legal).
    pub no_repeat: Option<u32>,
    /// `levels from CELL`: heights are distances from this cell (for display).
    pub levels: Option<Cell>,
    /// What the states slept, kept, keeping and fresh do.
    pub states: States,
    /// Whether positions need stacks, slept flags and a fresh piece.
    pub uses_layers: bool,
    /// `sowing { ... }`: a game of seeds in pits, whose moves are sowings.
    pub sowing: Option<Sowing>,
    /// `dice ...`: what is thrown at the start of every turn (a chance event).
    pub dice: Option<Dice>,
    /// `race { ... }`: pieces running along tracks, moved by the throw.
    pub race: Option<Race>,
    /// `lines { ... }`: a game of lines drawn between dots (`board dots`).
    pub lines: Option<Lines>,
    /// `steps { ... }`: turns of several steps shared among pieces (Arimaa).
    pub steps: Option<Steps>,
}

/// The most steps a turn of a `steps` block may take.
pub const MAX_TURN_STEPS: u32 = 8;

/// The rules of turns of several steps (`steps { ... }`): each step is one of a piece's own
/// steps to an empty cell; the whole turn is one move.
#[derive(Clone, Debug, Default)]
pub struct Steps {
    /// `a turn is up to N steps`.
    pub max: u8,
    /// `strength ...`: each kind's strength (1 the weakest named; 0 for a kind not named,
    /// which neither pushes, pulls, freezes nor is pushed, pulled or frozen).
    pub strength: Vec<u8>,
    /// `a piece may push or pull a weaker enemy`.
    pub push: bool,
    /// `a piece next to a stronger enemy is frozen unless a friend is next to it`.
    pub freeze: bool,
    /// `a piece on REGION is removed unless a friend is next to it`.
    pub traps: CellSet,
}

/// The most lines a board of dots may have (a position keeps them as the bits of a `u128`).
pub const MAX_LINES: u32 = 128;

/// The rules of a game of lines drawn between dots (`lines { ... }` on a `board dots`).
#[derive(Clone, Debug, Default)]
pub struct Lines {
    /// `completing a box puts my PIECE in it`: the kind that marks a box as its claimer's.
    pub claim: Option<KindId>,
    /// `completing a box earns another line`: the turn goes on after a line that completes a
    /// box.
    pub again: bool,
}

/// The most distinct outcomes a throw may have (a position keeps the outcome in a byte).
pub const MAX_OUTCOMES: usize = 254;

/// The dice of a game, as the distinct outcomes of one throw.
#[derive(Clone, Debug, Default)]
pub struct Dice {
    /// `dice 2 d6`, as written (for summaries).
    pub text: String,
    /// Every distinct outcome: the values it gives (one per die, or their total), and how
    /// many of the equally likely ways of throwing give it.
    pub outcomes: Vec<Outcome>,
    /// The number of equally likely ways of throwing (the weights' total).
    pub ways: u32,
}

/// One distinct outcome of a throw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The values to play: the total (summed dice), or each die in order.
    pub values: Vec<u8>,
    /// Equally likely throws that give it.
    pub weight: u32,
}

/// The rules of a race game (`race { ... }`).
#[derive(Clone, Debug, Default)]
pub struct Race {
    /// Per player: the cells of their track, in order.
    pub tracks: PerPlayer<Vec<Cell>>,
    /// Per player: the exact throw past the last cell bears a piece off.
    pub off: PerPlayer<bool>,
    /// A piece landing on an enemy piece sends it back to its owner's hand.
    pub hit: bool,
    /// Landing here gives another throw.
    pub again: CellSet,
    /// Pieces here cannot be taken.
    pub safe: CellSet,
    /// Only this throw enters a piece, onto the track's first cell (else a throw of N enters
    /// onto the N-th cell).
    pub enter_with: Option<u8>,
    /// Throws (as bits by value) after which the same player throws again.
    pub again_on: u128,
    /// A piece on the first cell must move on while pieces wait in the hand.
    pub clear_start: bool,
    /// Where a piece can enter, that is the only move.
    pub must_enter: bool,
    /// A cell may hold a stack of one player's pieces.
    pub stack: bool,
    /// This many pieces (or more) close their cell to the enemy; 0 for none.
    pub close: u8,
    /// While the mover has pieces in hand, no other piece moves.
    pub hand_first: bool,
    /// Per player: pieces bear off only while all of the player's pieces are here.
    pub home: Option<PerPlayer<CellSet>>,
    /// A throw higher than needed bears off the rearmost piece (none being further back).
    pub higher: bool,
    /// Equal dice are played twice (two dice: four moves).
    pub double: bool,
    /// A turn plays as many dice as it can; where one of two, the higher where it can.
    pub most: bool,
    /// The game's first throw has no double; the player of the higher die moves first.
    pub opening: bool,
    /// The dice are read one by one: a turn plays each die on its own.
    pub each_die: bool,
    /// A piece landing on an enemy piece changes places with it (with `hit` also set).
    pub swap: bool,
    /// A piece with a friend beside it in its row (or its column where the track turns)
    /// cannot be taken.
    pub guard: bool,
    /// Pieces move back along the track, by the throw, only when no piece can move forward.
    pub back: bool,
    /// No move goes past this cell of the track.
    pub stop: Option<Cell>,
    /// Pieces here move only off the board (with the exact throw).
    pub only_off: CellSet,
    /// Pieces here bear off with any throw.
    pub any_off: CellSet,
    /// A cell where a piece is stuck (see [`Trap`]).
    pub trap: Option<Trap>,
    /// Nothing moves until this throw (see [`Begin`]).
    pub begin: Option<Begin>,
}

/// `a piece on CELL is stuck until a throw of N bears it off or another sends it back to
/// CELL, where it must move next`: while a player has a piece on `cell`, it is the only piece
/// they move; a throw of `release` bears it off, any other sends it to `back` if that cell is
/// empty, or leaves it (a pass, which the player may also choose); there it is the only piece
/// its owner moves on their next throw. None of these moves gives another throw.
#[derive(Clone, Copy, Debug)]
pub struct Trap {
    pub cell: Cell,
    pub release: u8,
    pub back: Cell,
}

/// `nothing moves until a throw of N, which moves CELL to CELL and gives PLAYER the turn`:
/// every other throw passes until a throw of `value` moves the piece on `from` to `to` and
/// gives `player` the next throw.
#[derive(Clone, Copy, Debug)]
pub struct Begin {
    pub value: u8,
    pub from: Cell,
    pub to: Cell,
    pub player: u8,
}

/// The longest track a race with dice played one by one may have (a turn's places are kept
/// in fixed arrays).
pub const MAX_LANE: usize = 64;

/// The most seeds a sowing game may hold in all (counts are kept in 16 bits).
pub const MAX_SEEDS: u16 = 10_000;

/// The rules of a sowing game (`sowing { ... }` on a `board pits`), one field per line of the
/// block. Pits are owned by rows: the lower half of the board's rows is the first player's.
#[derive(Clone, Debug, Default)]
pub struct Sowing {
    /// Seeds in each pit at the start.
    pub start: u16,
    /// Seeds in each player's hand at the start: while the mover holds some, a turn places
    /// one of them in a pit of theirs (`each player starts with N seeds in hand`).
    pub hand: u16,
    /// The ways a turn may sow, one per `sow` line (one or two; two go opposite ways and give
    /// a choice of direction, the first line's being the usual one).
    pub ways: Vec<SowWay>,
    /// A seed goes into the mover's store as sowing passes it (after their last pit).
    pub passes_store: bool,
    /// Sowing skips the pit it started from.
    pub skips_origin: bool,
    /// The last seed in the mover's store gives another sowing in the same turn.
    pub again: bool,
    /// The last seed in an empty pit of the mover's captures the opposite pit: `Some` with
    /// whether the opposite pit must hold seeds for the capture to happen, and whether the
    /// last seed is taken too.
    pub opposite: Option<(bool, bool)>,
    /// The last seed making one of these counts (bits) in an enemy pit captures it; then,
    /// with the second mask, the pits before it that make those counts, going back.
    pub counts: Option<(u64, Option<u64>)>,
    /// The last seed in an occupied pit (of the mover's only, with `true`) lifts that pit's
    /// seeds and sowing goes on.
    pub relay: Option<bool>,
    /// The last seed in an occupied pit of the mover's captures the enemy pits facing it
    /// (before any relay): `Some` with whether they must all hold seeds, and where the seeds
    /// go: the mover's store (`None`), or sown from the pit the lap started from, clockwise
    /// (`Some(true)`) or anticlockwise.
    pub facing: Option<(bool, Option<bool>)>,
    /// A capture that would take every enemy seed takes nothing.
    pub no_grand_slam: bool,
    /// A player whose opponent has no seeds must give them some.
    pub must_feed: bool,
    /// Every lap of a sowing (the first and each relay) must leave the opponent some seeds.
    pub lap_feed: bool,
    /// A relay of more laps than this ends the game in a draw (0: no limit).
    pub lap_limit: u32,
}

/// One `sow` line: a direction and the pits it may start from.
#[derive(Clone, Debug)]
pub struct SowWay {
    /// Sowing runs clockwise (else anticlockwise), seen with the first player at the bottom.
    pub clockwise: bool,
    /// The fewest seeds a pit must hold to be sown (1 unless `holding at least N seeds`).
    pub least: u16,
    /// Per player: the pits it may start from (`in REGION`), or `None` for all of theirs.
    pub within: Option<[CellSet; 2]>,
    /// Only where the last seed would fall in a pit of the mover's whose facing enemy pits
    /// all hold seeds (`only when the last seed falls facing enemy seeds`).
    pub toward_seeds: bool,
}

/// `capture by custody DIRS, against REGION [when empty]`.
#[derive(Clone, Debug)]
pub struct Custody {
    /// The directions along which an enemy is caught (each is also read from the far side).
    pub dirs: Vec<u8>,
    /// Cells hostile to every piece, occupied or not.
    pub hostile: CellSet,
    /// Cells hostile while empty.
    pub hostile_when_empty: CellSet,
}

/// `making N in a row [along DIRS] [by a PART] removes an enemy piece[, not one in a row
/// unless all are][ and earns another PART]`, or `... earns another PART` (Nine Men's Morris,
/// Nerenchi Keliya): a placement or move whose piece ends in such a line is made once per enemy
/// piece it may remove, and where the line earns another part, the mover's turn goes on with
/// it.
#[derive(Clone, Debug)]
pub struct Mill {
    pub length: u8,
    /// One direction of each opposite pair the lines run along.
    pub axes: Vec<u8>,
    /// Only lines so made count (`by a placement`, `by a move`); `None`: both.
    pub by: Option<crate::ast::MillPart>,
    /// The line removes an enemy piece.
    pub removes: bool,
    /// Enemy pieces in such a line of their own are removed only when all are.
    pub protect: bool,
    /// The line earns another placement, or another move (any legal move), in the same turn.
    pub earns: Option<crate::ast::MillPart>,
}

impl Mill {
    /// Whether the line counts for a placement (`placement`) or a move of a piece on the
    /// board.
    pub fn counts_for(&self, placement: bool) -> bool {
        match self.by {
            None => true,
            Some(crate::ast::MillPart::Placement) => placement,
            Some(crate::ast::MillPart::Move) => !placement,
        }
    }
}

/// `captures explode along DIRS[, sparing PIECES]`: a capture removes the capturing piece and
/// the pieces on the landing cell's neighbours along `dirs`, but those of the `spared` kinds
/// (bits by kind); pieces immune to `blast` stay.
#[derive(Clone, Debug)]
pub struct Explosion {
    pub dirs: Vec<u8>,
    pub spared: u128,
}

/// Effects a piece can be immune to, as bits.
pub mod effect {
    pub const KILL: u8 = 1;
    pub const KEEP: u8 = 2;
    pub const PUSH: u8 = 4;
    pub const SLEEP: u8 = 8;
    pub const STEAL: u8 = 16;
    pub const LEAP_OVER: u8 = 32;
    /// Removal by an explosion (`captures explode ...`), the capturer's own included.
    pub const BLAST: u8 = 64;
    /// The names a description uses, with their bits.
    pub const NAMES: [(&str, u8); 7] = [
        ("kill", KILL),
        ("keep", KEEP),
        ("push", PUSH),
        ("sleep", SLEEP),
        ("steal", STEAL),
        ("leap-over", LEAP_OVER),
        ("blast", BLAST),
    ];
}

/// The states a piece can be in, as indices into [`States::immune`].
pub mod state {
    pub const SLEPT: usize = 0;
    pub const KEPT: usize = 1;
    pub const KEEPING: usize = 2;
    pub const FRESH: usize = 3;
    pub const NAMES: [&str; 4] = ["slept", "kept", "keeping", "fresh"];
}

/// What each state does to the pieces in it.
#[derive(Clone, Debug, Default)]
pub struct States {
    pub slept_cannot_act: bool,
    /// Effect bits each state makes its pieces immune to, by [`state`] index.
    pub immune: [u8; 4],
}

#[derive(Clone, Debug)]
pub struct PlayerModel {
    pub name: String,
    /// `None` when the game declares no forward direction.
    pub forward: Option<u8>,
}

#[derive(Clone, Debug)]
pub struct KindModel {
    pub name: String,
    /// Where the piece's name is declared (for warnings about the compiled game).
    pub span: crate::ast::Span,
    /// Upper-case letter, naming the kind in notation (drops, promotions).
    pub letter: char,
    /// Each player's letter on the board, in position strings and diagrams: by default
    /// `letter` and its lower case; a description may name both (`piece mark "X" "O"`).
    pub letters: PerPlayer<char>,
    /// The figure each player's piece is drawn with (`drawn as "♔" "♚"`) in pictures of the
    /// board (SVG, the web page); boards in the terminal keep the letters.
    pub glyphs: Option<PerPlayer<String>>,
    pub royal: bool,
    /// `royal when last`: royal only while it is its player's last royal piece.
    pub royal_last: bool,
    /// `royal together`: its player is in check only when all their royal pieces are
    /// attacked (Spartan chess's duple check).
    pub royal_together: bool,
    pub worth: i32,
    /// Effect bits this kind is immune to.
    pub immune: u8,
    /// `never beside KIND DIRS`: this piece never enters a cell with that kind next to it.
    pub bar: Option<(KindId, Vec<u8>)>,
    /// `may not capture PIECES`: the kinds (bits) this piece never captures.
    pub no_capture: u128,
    /// `enemies next to where it lands along DIRS become mine`: per player, the directions
    /// from the landing cell whose enemy pieces change owner after each of its moves.
    pub converts: Option<PerPlayer<Vec<u8>>>,
    /// `meeting an enemy PIECES DIR removes both`.
    pub meets: Option<Meeting>,
    /// The piece's movement rules for each player, in declaration order.
    pub rules: PerPlayer<Vec<RuleModel>>,
    /// For each of `rules[p]`, the players its line is for (`for goats: ...`) as a mask of
    /// player ids, or 0 for a line every player's.
    pub sides: PerPlayer<Vec<u8>>,
    pub promotion: Option<Promotion>,
    /// `on REGION, captured only when surrounded`: there, custody needs enemies or hostile
    /// cells on every side along the custody directions.
    pub surrounded_on: Option<CellSet>,
    /// `confined to REGION`: per player, the cells its moves may end on.
    pub confined: Option<PerPlayer<CellSet>>,
    /// `confined to REGION once there`: per player, the cells a piece that stands on one of
    /// them never leaves (by a move, or by one hop of a chain).
    pub stays: Option<PerPlayer<CellSet>>,
    /// `after each step remove adjacent enemies with at most ... liberties` (walks only).
    pub step_effect: Option<Threshold>,
    /// `moves at most N times in a row without capturing [while I have a PIECE]`.
    pub streak: Option<Streak>,
    pub hooks: Vec<HookCall>,
}

/// `moves at most N times in a row without capturing [while I have a PIECE]`: one piece of
/// the kind may make at most `limit` of its player's moves in a row that capture nothing
/// (Frisian draughts' kings).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Streak {
    pub limit: u8,
    /// The limit holds only while the player has a piece of this kind on the board.
    pub while_has: Option<KindId>,
}

/// How many liberties (empty neighbours) an enemy may have at most to be removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Threshold {
    /// The power of the step: the steps the walker still had before taking it.
    Power,
    Fixed(u8),
}

/// One priority among captures: of the captures left, only those best by it stay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Priority {
    /// The most pieces taken.
    Pieces,
    /// The greatest worth taken (the `worth` of the pieces added up).
    Worth,
    /// Made by a piece of this kind.
    By(KindId),
    /// The most pieces of this kind taken.
    Most(KindId),
    /// A piece of this kind taken earliest in the chain.
    Earliest(KindId),
}

/// A piece's promotion, per player: one `promote` line for every player, or one for each
/// side (`for white: promote to ...`). A player without a line has no choices and an empty
/// region, and never promotes.
#[derive(Clone, Debug, Default)]
pub struct Promotion {
    pub to: PerPlayer<Vec<KindId>>,
    pub region: PerPlayer<CellSet>,
    /// A move that starts in the region may promote too (`also from there`).
    pub from_too: PerPlayer<bool>,
    /// Where the piece itself is no choice (`forced on REGION`), per player.
    pub forced: PerPlayer<CellSet>,
    /// Parallel to `to`: the choice is open only while its player has fewer of that kind on
    /// the board than the setup gave them (`, each only if I have lost one`).
    pub lost: PerPlayer<Vec<bool>>,
    /// `even during a capture`: a jump chain landing in the region crowns the piece there,
    /// and it jumps on as the new kind.
    pub in_chain: PerPlayer<bool>,
    /// `, only when capturing`: only a move that captures promotes.
    pub on_capture: PerPlayer<bool>,
}

impl Promotion {
    /// Whether some player's piece may promote to kind `k`.
    pub fn reaches(&self, k: KindId) -> bool {
        self.to.iter().any(|to| to.contains(&k))
    }
}

/// What a step, slide or leap may land on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Empty,
    Enemy,
    EmptyOrEnemy,
    /// Empty, or a piece of either side, which is killed.
    EmptyOrAny,
    /// Remove the enemy on the target cell without moving.
    Smash,
}

impl Target {
    pub fn captures(self) -> bool {
        self != Target::Empty
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hurdle {
    Enemy,
    Friend,
    Any,
}

/// `, only as its first move[, not while in check][, lost once an enemy PIECE lands in line
/// along DIRS]`: a rule the piece may use only while it has not moved (a right that position
/// strings carry as the file letter of the piece's cell).
#[derive(Clone, Debug, PartialEq)]
pub struct FirstMove {
    /// Never while the mover has a royal piece attacked.
    pub not_in_check: bool,
    /// The right goes once an enemy piece of this kind ends a move on a line from the piece
    /// along these (absolute) directions, whatever stands between.
    pub lost: Option<(KindId, Vec<u8>)>,
}

/// A fly ([`RuleModel::Fly`]), as the model and the engine's `Rule::Fly` both hold it.
#[derive(Clone, Debug)]
pub struct FlyRule {
    pub dirs: Vec<u8>,
    pub then: Option<Vec<u8>>,
}

/// A move as far as there are pieces on its line ([`RuleModel::LineCount`]), as the model
/// and the engine's `Rule::LineCount` both hold it.
#[derive(Clone, Debug)]
pub struct LineCountRule {
    pub dirs: Vec<u8>,
    pub over_friends: bool,
    pub target: Target,
}

/// A jump over pieces, once or in a chain ([`RuleModel::Jump`]), as the model and the
/// engine's `Rule::Jump` both hold it.
#[derive(Clone, Debug)]
pub struct JumpRule {
    pub dirs: Vec<u8>,
    pub hurdle: Hurdle,
    pub gap: (u8, u8),
    pub beyond: (u8, u8),
    pub landing: Option<CellSet>,
    pub repeatedly: bool,
    /// `over enemy KIND...`: the kinds that may be jumped (bits by kind id), or all.
    pub kinds: Option<u128>,
    /// `without turning back`: no jump of a chain opposite to the one before it.
    pub no_turning_back: bool,
    /// `in a straight line`: every jump of a chain goes the way of the first.
    pub straight: bool,
    /// `, may stop after any jump`: every prefix of a capturing chain is a move.
    pub may_stop: bool,
}

/// Capture by approach or withdrawal ([`RuleModel::Approach`]), as the model and the
/// engine's `Rule::Approach` both hold it.
#[derive(Clone, Debug)]
pub struct ApproachRule {
    pub dirs: Vec<u8>,
    pub repeatedly: bool,
    /// Not on the game's first turn, which is a single capture.
    pub not_first_turn: bool,
    /// The chain may end after any capture.
    pub may_stop: bool,
    /// No step of a chain lands on a cell the piece has stood on this turn.
    pub no_revisit: bool,
    /// No step of a chain goes the way of the step before it.
    pub no_same_dir: bool,
}

/// A walk of several steps in one move ([`RuleModel::Walk`]), as the model and the engine's
/// `Rule::Walk` both hold it.
#[derive(Clone, Debug)]
pub struct WalkRule {
    pub dirs: Vec<u8>,
    /// The budget is `steps`, plus the friendly neighbours of the start cell if `friends`.
    pub friends: bool,
    pub steps: u8,
    pub no_revisit: bool,
}

#[derive(Clone, Debug)]
pub enum RuleModel {
    /// `drop on empty[, not on REGION]`: a piece of this kind from the player's hand enters the
    /// board on an empty cell outside `not_on`.
    Drop {
        not_on: CellSet,
        /// `not on a file with [N of] my PIECE` (nifu; Torishogi's two swallows): the kind and
        /// how many of it on the file forbid the drop.
        not_file_with: Option<(KindId, u8)>,
        /// `not giving checkmate` (uchifuzume).
        not_mating: bool,
        /// `either side up`: also dropped as the one kind it promotes to, which goes to a hand
        /// as this kind.
        either_side: bool,
    },
    /// `promote to PIECES in place[ or by a step DIRS]...` (Sittuyin): a move of its own that
    /// turns the piece into one of `to` where it stands, or on an empty cell a step along
    /// `dirs` away.
    PromoteMove {
        to: Vec<KindId>,
        dirs: Vec<u8>,
        /// Only a piece standing here (`None`: anywhere)...
        from: Option<CellSet>,
        /// ...or anywhere while it is its player's only piece of its kind.
        when_last: bool,
        /// Per choice: closed while the player has one of it on the board.
        closed: Vec<bool>,
        /// The new piece may not be able to take an enemy piece where it stands.
        no_attack: bool,
        /// No enemy royal piece may be attacked after the move.
        no_check: bool,
    },
    /// `fly to any empty cell [when I have N pieces]`: while it applies, the piece's only moves.
    FlyAnywhere {
        when_pieces: Option<u32>,
    },
    /// A new piece of this kind enters the board on an empty cell.
    Place {
        /// It falls in this direction while the next cell is empty (Connect Four).
        falling: Option<u8>,
        /// Enemy lines bracketed between it and a friend along these directions change owner.
        flipping: Option<Vec<u8>>,
        /// Only cells where it flips something.
        only_flips: bool,
        /// Only cells with a piece of the mover next to them along these directions.
        next_to: Option<Vec<u8>>,
        /// Then one of the board's B x B blocks turns a quarter, either way (Pentago).
        rotating: Option<u8>,
        /// Enemy groups left without liberties are removed (Go).
        groups: Option<GroupCapture>,
        /// The cell's neighbours must hold so many enemies and friends (Gopher).
        touching: Option<Touching>,
        /// No placement making a line of this many of the player's pieces through the cell,
        /// along the axes given as pairs of opposite directions (Wali).
        not_making: Option<(u8, Vec<(u8, u8)>)>,
        /// Not on a neighbour of the cell the last move placed a piece on (Tabu Y).
        not_by_last: bool,
    },
    Step {
        dirs: Vec<u8>,
        twice: bool,
        target: Target,
        from: Option<CellSet>,
        /// `within REGION`: the step starts and lands in the region.
        within: Option<CellSet>,
        en_passant: bool,
    },
    Slide {
        dirs: Vec<u8>,
        until_blocked: bool,
        target: Target,
        /// `within REGION`: the slide starts, passes and stops in the region.
        within: Option<CellSet>,
    },
    Leap {
        offsets: Vec<(i32, i32)>,
        target: Target,
        label: (u32, u32),
        /// A piece on the leap's first cell stops it (`blocked in between`).
        blocked: bool,
        /// `from REGION`: only from those cells.
        from: Option<CellSet>,
        then_fresh: bool,
        /// `, only as its first move ...`.
        first_move: Option<FirstMove>,
    },
    /// The leap of each offset repeated in its own direction over empty cells, stopping at
    /// the first piece met (`ride (1, 2)`: the nightrider).
    Ride {
        offsets: Vec<(i32, i32)>,
        target: Target,
        label: (u32, u32),
    },
    /// Along each direction to the first piece of either side, landing on the cell just
    /// behind it (`hop all`: the grasshopper).
    Hop {
        dirs: Vec<u8>,
        target: Target,
    },
    /// `capture DIRS over a screen`: over exactly one piece, onto the first enemy beyond.
    Screen {
        dirs: Vec<u8>,
        /// `move DIRS over a screen`: also to the empty cells beyond the screen.
        quiet: bool,
        /// `within REGION`: from, over and onto cells of the region only.
        within: Option<CellSet>,
        /// `, not over or onto PIECES`: kinds (as bits) that are no screen and never taken.
        sparing: u128,
    },
    /// Any distance over pieces (not those immune to leap-over) to an empty cell, then
    /// optionally a slide through empty cells; one move per final cell.
    Fly(FlyRule),
    /// Ability: push an adjacent piece one cell directly away.
    Push {
        dirs: Vec<u8>,
    },
    /// Ability: put one adjacent piece to sleep.
    Sleep {
        dirs: Vec<u8>,
    },
    /// Ability: wake every slept adjacent piece.
    Heal {
        dirs: Vec<u8>,
    },
    /// Ability: swap places with any other piece on the board.
    Swap,
    /// A slide to an empty cell, then a new piece of kind `piece` placed on a cell a slide
    /// along `shoot` from the landing cell reaches (Amazons' arrow), in one turn.
    SlideShoot {
        dirs: Vec<u8>,
        piece: KindId,
        shoot: Vec<u8>,
    },
    /// Exactly as many cells as there are pieces on the whole line of the move (Lines of
    /// Action), over friends if `over_friends`, never over enemies.
    LineCount(LineCountRule),
    Jump(JumpRule),
    /// A step to an empty cell that captures the line of enemies ahead of it (approach) or
    /// behind it (withdrawal); `repeatedly`, a chain of such steps by the piece.
    Approach(ApproachRule),
    /// A path of single steps; every prefix is a move.
    /// Captures along circuits (Surakarta): each circuit its cells in order, with `true` where a
    /// loop leads from the cell to the next (the last cell's next is the first).
    Circuits {
        circuits: Vec<Vec<(Cell, bool)>>,
    },
    Walk(WalkRule),
    EnPassant {
        dirs: Vec<u8>,
        /// `smash en passant`: the capturing piece stays put.
        smash: bool,
    },
    Castle {
        dir: u8,
        /// `to file F`: the column the castling piece lands on (else two cells along `dir`).
        to_file: Option<u8>,
        partner: KindId,
        /// Index among the game's castle rules for this player (its right in positions).
        letter: char,
        /// `wherever they stand`: Chess960 castling (see `engine/rules/castle.rs`).
        free: bool,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// `e2e4`, `e7e8q`.
    Coordinates,
    /// `c3-d4`, `c3xe5xg3`.
    Path,
    /// The Universal Shogi Interface's: the two cells, `+` for a promotion, drops `P*5e`:
    /// `7g7f`, `8h2b+`.
    Usi,
    /// The acting piece's letter first, then what it does: `Ka1-a5`, `Wd2xd3`, `Cb1^b2`,
    /// `Sc1*d2`, `Hd1+`, `Te1<>e7`, `Te1@d2`, `=L` for a promotion.
    Pieces,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Win,
    Lose,
    Draw,
    /// The player to move passes instead (a move of its own).
    Pass,
}

#[derive(Clone, Debug)]
pub struct EndModel {
    pub verdict: Verdict,
    pub cond: EndCond,
    /// The players the line is read for (`for goats: ...`) as a mask of player ids, or 0 for
    /// every player.
    pub side: u8,
    /// The rule as written, for reasons ("lose when I have no legal move").
    pub text: String,
    /// Where the rule is written (for warnings about the compiled game).
    pub span: crate::ast::Span,
}

/// What a `connect N sides` or `connect N corners` goal counts: the board's sides (a corner on
/// both of its sides), its sides without their corners (Havannah's fork), or its corners.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edges {
    Sides,
    SidesNotCorners,
    Corners,
}

impl Edges {
    /// Where this kind's bits start in a cell's edge marks (one bit per side or corner, at
    /// most eight of each; see `Game::edge_marks`).
    pub fn shift(self) -> u32 {
        match self {
            Edges::Sides => 0,
            Edges::SidesNotCorners => 8,
            Edges::Corners => 16,
        }
    }
}

#[derive(Clone, Debug)]
pub enum EndCond {
    /// The player to move has no legal move (and, if `in_check`, a royal piece is attacked);
    /// the tiebreak decides first where one is given.
    NoLegalMove {
        in_check: bool,
        tiebreak: Vec<Tiebreak>,
    },
    /// Sowing games: a player's pits are all empty (read after every move, for either).
    PitsEmpty { tiebreak: Vec<Tiebreak> },
    /// Sowing games: a store holds more than this many seeds.
    StoreHolds(u32),
    /// Sowing games: both stores hold this many seeds.
    StoresHold(u32),
    /// A player has no pieces (of a kind).
    NoPieces(Option<KindId>),
    /// The opponent of the player the line is read for has no pieces (of a kind): read for
    /// the mover first, the opponent's loss of their last comes before the mover's (two
    /// players).
    OpponentHasNo(Option<KindId>),
    /// Every piece the opponent has (with teams, every player of another team), on the board
    /// and in hand, is of the kind: read for the player who just moved.
    OpponentHasOnly(KindId),
    /// A player has fewer than N pieces (of a kind), on the board and in hand.
    FewerThan(u32, Option<KindId>),
    /// A player has N or more pieces of the kind, on the board and in hand, and the opponent
    /// none (Koedem: all the kings).
    Monopoly(u32, KindId),
    /// Neither player has pieces (of a kind).
    NobodyHas(Option<KindId>),
    /// A player has a piece of the kind on the region (their own region).
    /// With `Equal` (`, which the second player may equal`): the first player's arrival
    /// waits for the second player's reply where that player could arrive too, and a reply
    /// that does draws; with `CannotBeTaken` only an unattacked piece counts, and with
    /// `NotTakenInReply` the line is read for the player to move only.
    Reaches {
        kind: KindId,
        region: PerPlayer<CellSet>,
        reply: crate::ast::ReachReply,
    },
    /// The player's only piece is one of this kind (a bare king), and the opponent cannot
    /// bare theirs in reply.
    Bare(KindId),
    /// The player has given check this many times in the game (Three-check).
    ChecksGiven(u8),
    /// A player has `length` pieces (exactly, or at least) in a line along one of `axes`
    /// (one direction of each opposite pair).
    InARow {
        /// Both players at once (`both players have N in a row`).
        both: bool,
        length: u8,
        exactly: bool,
        axes: Vec<u8>,
        /// The directions as written (`orthogonal`), or empty for every direction.
        along: String,
    },
    /// All of a player's pieces form one group of neighbours.
    Connected,
    /// Every piece of a player is on the board, on the region (their own region).
    AllOn(PerPlayer<CellSet>),
    /// A player's pieces form a chain of neighbours from one region to the other (their own
    /// regions).
    Connects {
        a: Box<PerPlayer<CellSet>>,
        b: Box<PerPlayer<CellSet>>,
        /// The two regions as written (`my top and my bottom`), for summaries.
        label: String,
        /// Set by compile where the regions are marked in `Game::edge_marks` (see
        /// `connection::REGIONS`): the goal is then read from the chains kept by union-find.
        linked: bool,
    },
    /// A player's chain of neighbours touches `count` of the board's sides, or corners (Y,
    /// Havannah's fork and bridge).
    ConnectsEdges {
        count: u8,
        what: Edges,
        /// The condition as written after `connect` (`three sides, not counting corners`).
        label: String,
    },
    /// A player's pieces form a chain of neighbours around at least one cell, whatever it
    /// holds (Havannah's ring). Cells of `rim` touch the outside of the board.
    Ring { rim: CellSet },
    /// No cell is empty.
    BoardFull { tiebreak: Vec<Tiebreak> },
    /// Neither player has a legal move (read when the player to move has none).
    NobodyCanMove { tiebreak: Vec<Tiebreak> },
    /// Play only: the position occurred this many times (two, three or four); the tiebreak
    /// decides first where one is given.
    Repetition(u32, Vec<Tiebreak>),
    /// Play only: the position occurred three times, and one player gave check with every
    /// move since its first occurrence (the line is read for that player).
    PerpetualCheck,
    /// Play only: the position occurred three times, and one player chased the same enemy
    /// piece with every move since (the line is read for that player).
    PerpetualChase(Chase),
    /// The last `passes` moves were passes (with `facing`, and royal pieces face each other
    /// along the game's `must part` directions).
    PassLimit {
        passes: u32,
        facing: bool,
        tiebreak: Vec<Tiebreak>,
    },
    /// Play only: a counting rule (Makruk's honour counts): the count the lines of
    /// `after counting ...` keep ran out. Every such line of a game shares the one count.
    Counting(Box<CountRule>),
    /// Play only: the ply count (or, with `no_progress`, plies since the last capture or
    /// move of that kind) reached the limit.
    PlyLimit {
        plies: u32,
        no_progress: Option<Option<KindId>>,
        /// `when the pieces are ... against ...`: the limit holds only while the board holds
        /// exactly these pieces, one side's for either player and the other's for the
        /// other (per side, the count of each kind; kinds not named: none).
        material: Option<Box<[Vec<u16>; 2]>>,
        /// Compared in order when the limit is reached: the player with more pieces (of a
        /// kind) wins; the verdict applies only when all are equal.
        tiebreak: Vec<Tiebreak>,
    },
}

impl EndCond {
    /// Whether the rule is read only when the player to move has no move, or only in played
    /// games (repetition, perpetual check, ply limits), never on the board after a move.
    pub fn read_only_at_the_end(&self) -> bool {
        self.is_limit()
            || matches!(
                self,
                EndCond::NoLegalMove { .. } | EndCond::NobodyCanMove { .. }
            )
    }

    /// Whether the rule is read only in played games: repetition, perpetual check, ply
    /// limits.
    pub fn is_limit(&self) -> bool {
        matches!(
            self,
            EndCond::Repetition(..)
                | EndCond::PerpetualCheck
                | EndCond::PerpetualChase(_)
                | EndCond::PlyLimit { .. }
                | EndCond::Counting(_)
        )
    }
}

/// A counting rule: for the player whose turn it is, when all of `conds` hold (and the
/// opponent has more than one piece on the board), a count of moves whose limit is the first
/// of `against` whose pieces the opponent has, else `otherwise`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountRule {
    /// In order: the limit in moves, and the opponent's pieces it is for (at least this many
    /// of the kind).
    pub against: Vec<(u16, u16, KindId)>,
    /// The limit in moves when no entry of `against` applies (`None`: no count then).
    pub otherwise: Option<u16>,
    /// The count starts at the number of pieces on the board (both sides'), not at 0.
    pub from_pieces: bool,
    pub conds: Vec<CountCond>,
}

/// One condition of a counting rule, read for the player who would count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountCond {
    /// Neither player has a piece of this kind on the board.
    NobodyHas(KindId),
    /// The player's pieces on the board are this kind's alone (a bare king).
    Bare(KindId),
    /// The player has on the board more than their pieces of this kind.
    MoreThan(KindId),
    /// The player has at most this many pieces on the board.
    AtMost(u16),
}

/// Who chases and who is chased, for `on perpetual chase` (royal kinds neither chase nor are
/// chased, whatever these say).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chase {
    /// By kind: whether its pieces chase (not `, not by` it).
    pub chasers: Vec<bool>,
    /// By kind, per owner: the cells where its pieces are not chased (`, not of KIND in
    /// REGION`; every cell without a region).
    pub spared: Vec<PerPlayer<CellSet>>,
    /// By kind: whether a region limits where it is not chased (for the line's text).
    pub in_region: Vec<bool>,
}

/// One comparison of `decided by more ...`: the player with more wins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tiebreak {
    /// Seeds (sowing games): in the player's store and pits.
    Seeds,
    /// Pieces on the board (of a kind, or of any kind).
    Pieces(Option<KindId>),
    /// Area (Go): stones plus the empty regions that border only that player's stones, with
    /// `komi` half points added for player `to`.
    Area { komi: u32, to: PlayerId },
    /// The worth of the player's pieces, on the board and in hand, with `komi` half points
    /// added for player `to`.
    Worth { komi: u32, to: PlayerId },
}

/// Half points as written: `7.5` for 15, `6` for 12.
pub fn half_points_text(half: u32) -> String {
    if half.is_multiple_of(2) {
        (half / 2).to_string()
    } else {
        format!("{}.5", half / 2)
    }
}

/// `capturing groups without liberties[, no suicide][, simple ko]` on a placement (Go).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupCapture {
    /// The directions that join stones into groups and count liberties (orthogonal on square
    /// boards, all six on hex boards).
    pub dirs: Vec<u8>,
    pub no_suicide: bool,
    pub simple_ko: bool,
}

/// A checked argument of a native hook call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgValue {
    Cell(Cell),
    Int(i64),
    Kind(KindId),
    /// Absolute direction ids, as bits.
    Dirs(u16),
}

/// A checked native hook call: an index into the hook registry
/// (`crate::native::REGISTRY`) and its arguments.
#[derive(Clone, Debug)]
pub struct HookCall {
    pub hook: usize,
    pub args: Vec<ArgValue>,
}

/// The plural of a piece's name, as an end rule's text says it: `kings`, `boxes`.
pub fn plural(name: &str) -> String {
    if ["s", "x", "ch", "sh"].iter().any(|e| name.ends_with(e)) {
        format!("{name}es")
    } else {
        format!("{name}s")
    }
}

impl EndModel {
    /// Whether the line is read for player `p` (every player's, or its `for ...:` names `p`).
    #[inline]
    pub fn is_for(&self, p: usize) -> bool {
        self.side == 0 || self.side >> p & 1 != 0
    }
}

/// `place on empty, next to exactly 1 enemy and no friend[, except on the first turn]`: how
/// many of the cell's neighbours (along every direction of the board) may hold enemy and
/// friendly pieces, each as a range (at least, at most).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Touching {
    pub enemies: (u8, u8),
    pub friends: (u8, u8),
    /// The game's first turn places anywhere (Gopher's opening stone).
    pub except_first_turn: bool,
}

/// `meeting an enemy PIECES DIR removes both` (Byzantine chess's pawns, as Ludii reads them):
/// after each move of the piece, an enemy piece of `kinds` on the next cell from where it
/// lands along `dir` (per player) is removed, and so is the piece itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Meeting {
    pub dir: PerPlayer<u8>,
    /// The kinds met (bits by kind id).
    pub kinds: u128,
}

//! The engine: game tables, positions, move generation, play, outcome, perft and playouts.
//!
//! It runs on the [`Game`] tables built by [`crate::compile`] and never sees a name except to
//! print one. Moves are generated into a caller-owned buffer; positions are copy-make (a perft
//! or playout keeps one position per depth and reuses it with `clone_from`), so the hot path
//! allocates nothing. No I/O happens here.

mod bits;
mod counted;
mod flood;
pub mod hooks;
mod legality;
mod movegen;
mod outcome;
mod placement_playout;
mod play;
mod position;
mod reach;
pub mod rules;
mod search;
pub mod text;
mod wide;

pub use bits::Bits;
pub use counted::DrawPlan;
pub use flood::Flood;
pub use legality::{apply_cells, Scratch};
pub use outcome::Perpetual;
pub use play::IllegalMove;
pub use position::Position;
pub use rules::place::Place;
pub use rules::{add_attack, Attack, Rule};
pub use search::{
    perft, perft_divide, perft_divide_until, perft_until, MatchState, Playout, PlayoutResult,
};

use crate::geometry::{Board, Cell, CellSet, NONE};
use crate::model::{
    EndModel, KindModel, Notation, PerPlayer, PlayerModel, RulePlayers, States, Threshold,
};
use hooks::{BoardRule, PieceHook};

/// The captures and landing cells a [`Move`] holds inline. International draughts needs 20 at
/// most; 24 keeps a move within 128 bytes. A longer jump chain keeps its whole lists out of
/// line ([`Move::push_capture`], [`Move::push_landing`]): no capacity cuts a chain short, and
/// only moves that long allocate.
pub const MAX_CAPTURES: usize = 24;

/// The most moves listed from one position. A position with more (capture chains through a
/// lattice of men can number in the millions) is refused with [`TooManyMoves`] instead of
/// exhausting memory. Real games stay far below: international draughts' richest positions
/// have a few thousand moves.
pub const MAX_MOVES: usize = 100_000;
const _: () = assert!(MAX_MOVES as u64 == crate::model::MAX_LISTED_MOVES);

/// A position has more legal moves than [`MAX_MOVES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("more than {MAX_MOVES} moves from this position")]
pub struct TooManyMoves;

/// Piece code of `kind` owned by `player` (0 is an empty cell), in a game whose piece codes
/// keep the player in their low `shift` bits (see [`Game::player_shift`]).
#[inline]
pub fn code_in(shift: u8, kind: usize, player: usize) -> u8 {
    (1 + (kind << shift) + player) as u8
}

/// The number of low bits of a piece code that name its owner: 1 for two players (so that a
/// two-player game's codes are `1 + 2 * kind + player`), 2 for up to four, 3 for up to eight.
pub fn player_shift(players: usize) -> u8 {
    (usize::BITS - (players.max(2) - 1).leading_zeros()) as u8
}

/// One castling right: `king` may castle toward `dir` with an unmoved `partner`.
#[derive(Clone, Debug)]
pub struct CastleRight {
    pub player: usize,
    pub king: u8,
    pub partner: u8,
    pub dir: u8,
    /// The column the piece lands on, or [`NO_FILE`]: two cells along `dir`, the partner
    /// on the cell crossed.
    pub to_file: u8,
    /// The letter naming this right in position strings (lower case for the second player).
    pub letter: char,
    /// `wherever they stand`: Chess960 castling, the piece and its partner anywhere on the
    /// rank (rights also written as the partner's file letter).
    pub free: bool,
}

/// A castling rule without `to file`: the piece moves two cells.
pub const NO_FILE: u8 = u8::MAX;

/// Shift tables for square boards of at most [`Bits::BITS`] cells (64 or 128), where pieces
/// of a kind form one bit set and a step in one direction is one shift for all of them.
#[derive(Clone, Debug)]
pub struct Bitboards<B = u64> {
    /// Per direction: how far a cell index moves (`dy * width + dx`).
    pub shift: [i32; 8],
    /// Per direction: the shift as a left rotation (a step never wraps, as the cells whose
    /// step would leave the board are masked off first).
    pub rotate: [u32; 8],
    /// Per direction: the cells from which a step stays on the board (none for the slots
    /// of a board with fewer than eight directions).
    pub can_step: [B; 8],
    /// Per `cell * 8 + direction`: the cells of the ray from the cell in that direction (the
    /// cell itself excluded), for counting slides with one mask and one bit scan.
    pub rays: Vec<B>,
}

impl<B: Bits> Bitboards<B> {
    #[inline]
    pub fn step(&self, bits: B, d: u8) -> B {
        // Eight slots, so the index needs no bounds check.
        let d = d as usize & 7;
        (bits & self.can_step[d]).rotate_left(self.rotate[d])
    }

    /// The empty cells from `c` in direction `d` before the first of `occupied`, and that
    /// first cell (or `None` where the ray meets none).
    #[inline]
    pub fn run(&self, c: Cell, d: u8, occupied: B) -> (B, Option<Cell>) {
        let ray = self.rays[c as usize * 8 + (d as usize & 7)];
        let blockers = ray & occupied;
        if blockers == B::ZERO {
            return (ray, None);
        }
        // The ray runs toward higher cells where the shift is positive.
        let (before, first) = if self.shift[d as usize & 7] > 0 {
            let b = blockers.trailing_zeros();
            (ray & ((B::ONE << b) - B::ONE), b)
        } else {
            let b = B::BITS - 1 - blockers.leading_zeros();
            (ray & ((!B::ZERO << b) << 1), b)
        };
        (before, Some(first as Cell))
    }
}

/// A map keyed by position hashes: the keys are Zobrist hashes already, spread evenly over
/// their bits, so each is its own hash ([`HashedKey`]).
pub(crate) type HashMapOfHashes<V> =
    std::collections::HashMap<u64, V, std::hash::BuildHasherDefault<HashedKey>>;

/// The hasher of [`HashMapOfHashes`]: a `u64` key is its own hash.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct HashedKey(u64);

impl std::hash::Hasher for HashedKey {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, k: u64) {
        self.0 = k;
    }
}

/// The Zobrist keys a position's hash is made of, drawn at compile time from a fixed seed.
#[derive(Debug)]
pub struct Zobrist {
    /// Per piece code and cell.
    pub piece: Vec<u64>,
    /// Per cell: an unmoved piece there (castling and first-move rights).
    pub unmoved: Vec<u64>,
    /// Per cell: the en-passant cell, and a few other marks by cell (a ko point).
    pub ep: Vec<u64>,
    /// Per player: the key of their turn (0 for the first player).
    pub turns: PerPlayer<u64>,
    /// Keyed by the number of consecutive passes (capped at 7).
    pub pass: Vec<u64>,
    /// Per player: their spent once-per-game right.
    pub spent: PerPlayer<u64>,
    /// Stacks, slept flags and fresh pieces (empty tables in games without them).
    pub under: Vec<u64>,
    pub slept: Vec<u64>,
    pub fresh: Vec<u64>,
    /// Per piece code, the key that [`Game::hand_key`] mixes with a count in hand.
    pub hand: Vec<u64>,
    /// Per cell: the key of a promoted mark there (Crazyhouse's `Q~`), so that two positions
    /// told apart only by a mark are not one position for repetition.
    pub promoted: Vec<u64>,
}

/// A compiled game: everything the engine needs, built once per description.
#[derive(Debug)]
pub struct Game {
    pub title: String,
    pub board: Board,
    pub players: Vec<PlayerModel>,
    /// The low bits of a piece code that name its owner ([`player_shift`] of the players).
    pub player_shift: u8,
    /// `(1 << player_shift) - 1`: the owner's bits of a piece code less one.
    pub owner_mask: u8,
    pub kinds: Vec<KindModel>,
    /// Indexed by piece code.
    pub rules: Vec<Vec<Rule>>,
    pub promotion: Vec<Option<(Vec<u8>, CellSet)>>,
    /// Indexed by piece code: whether a move starting in the promotion region may promote
    /// too, and the cells where the piece itself is no choice.
    pub promotion_from: Vec<bool>,
    pub promotion_forced: Vec<CellSet>,
    /// Indexed by piece code: only a move that captures promotes (`, only when capturing`).
    pub promotion_on_capture: Vec<bool>,
    /// Indexed by piece code, parallel to its promotion choices: a choice is open while its
    /// owner has fewer than this many on the board (`, each only if I have lost one`); empty
    /// where every choice is open.
    pub promotion_limit: Vec<Vec<u16>>,
    pub hooks: Vec<Vec<PieceHook>>,
    /// Indexed by piece code: what happens after each step of a walk.
    pub step_effect: Vec<Option<Threshold>>,
    /// `levels from CELL`: every cell's distance from it.
    pub levels: Option<Vec<u8>>,
    /// Indexed by piece code: the effects the kind is immune to.
    pub immune: Vec<u8>,
    /// Some kind or state is immune to kill: every capture asks [`Position::unkillable`].
    pub kill_immunity: bool,
    /// Indexed by piece code: `never beside KIND DIRS`.
    pub bar: Vec<Option<(usize, Vec<u8>)>>,
    /// Indexed by piece code: the directions from its landing cell whose enemies become the
    /// mover's after its moves (`enemies next to where it lands ... become mine`); empty for
    /// most pieces.
    pub converts: Vec<Vec<u8>>,
    /// Indexed by piece code: the direction and the enemy kinds (bits) a piece meets after
    /// its moves, both then removed (`meeting an enemy ... removes both`); empty when no
    /// piece meets.
    pub meets: Vec<Option<(u8, u128)>>,
    /// Some move may remove pieces it does not land on by custody or a meeting (`custody`,
    /// `meets`): what `Position::emit_checked` tests once per move.
    pub removes_after_moves: bool,
    /// Indexed by piece code: cells the piece may neither stop on nor slide through (`only
    /// PIECES may enter REGION`); `None` when no piece is kept out anywhere.
    pub keep_out: Option<Vec<CellSet>>,
    /// `capture by custody ...`.
    pub custody: Option<rules::custody::Custody>,
    /// `making N in a row ...` lines (see `rules/mills.rs`): what a line removes, and the
    /// parts of a turn it earns (`rules/earned.rs`).
    pub mills: Vec<crate::model::Mill>,
    /// Some line earns another part of the turn (`... earns another placement|move`).
    pub earns_parts: bool,
    /// `pieces in hand must be placed first`.
    pub hand_first: bool,
    /// `KINDS in hand must be placed first`: the one kind the rule is about (`None`: every
    /// kind).
    pub hand_first_kind: Option<usize>,
    /// `..., by every player`: the rule holds while any player has such pieces in hand.
    pub hand_first_all: bool,
    /// `pieces in hand must be placed first, PIECES on both colours` (see `rules/colours.rs`).
    pub colour_split: Option<rules::colours::ColourSplit>,
    /// `pieces dropped on REGION may castle with partners on REGION`: per player, the cells
    /// where a dropped castling piece, and those where a dropped partner, gains its right
    /// (see `Position::castle_on_drop`).
    pub drop_castle: Option<PerPlayer<(CellSet, CellSet)>>,
    /// By piece code: whether its moves need none of `Position::emit`'s checks (no bar,
    /// keep-out, confinement, custody or promotion), so that they are pushed as they are.
    pub plain_emit: Vec<bool>,
    /// By piece code: [`Game::plain_emit`] but for `confined to REGION once there`, which a
    /// draw by reach applies itself (`Position::random_reach_move`).
    pub plain_but_stay: Vec<bool>,
    /// By piece code: the one kind it may promote to where a promotion is emit's only check
    /// (one choice, other than itself, on arrival only), so that a move promotes or not
    /// without the general test.
    pub sole_promotion: Vec<Option<u8>>,
    /// By piece code: `confined to REGION`, the cells its moves may end on.
    pub confine: Vec<Option<CellSet>>,
    /// By piece code: `confined to REGION once there`, the cells a piece standing on one of
    /// them never leaves.
    pub stay: Vec<Option<CellSet>>,
    /// Some piece is confined (a quick test before the tables).
    pub confines: bool,
    /// `royal pieces may not face each other along DIRS`: the directions (compiled into
    /// attack patterns; kept for tests and summaries).
    pub face_dirs: Vec<u8>,
    /// `royal pieces that face each other along DIRS must part` (see `rules/facing.rs`).
    pub part_dirs: Vec<u8>,
    /// Whether no attack needs a piece to stand somewhere (no screens, hops or blocked
    /// leaps), so that royal safety may skip every move that cannot uncover a slider's
    /// attack; otherwise it also tests the moves that leave or enter the cells such an
    /// attack needs.
    pub royal_shortcuts: bool,
    /// Whether a royal piece may enter the board by a promotion or a placement (Coregal
    /// chess's queens): such a move is tested for royal safety on its landing cell too.
    /// Never in games of `royal when last` (see [`Game::enters_royal`]).
    pub royal_entries: bool,
    /// `captured pieces go to the hand of their captor`.
    pub to_hand: bool,
    /// `pieces come to hand from the partner` (for the summary: it changes no move).
    pub from_partner: bool,
    /// `a piece in hand may enter the cell a piece leaves on its first move from REGION`
    /// (gating): by piece code, the cells a piece of that code may enter so (the owner's
    /// region, less where its drops may not go). The pieces that have not left their cell of
    /// the region are kept as unmoved (the rights of gating, like castling's, are written in
    /// the castling field). Empty in other games.
    pub gate_cells: Vec<CellSet>,
    /// Per player: the region of gating (empty sets in other games).
    pub gate_region: PerPlayer<CellSet>,
    /// `after every move, the mover moves PIECE to another empty cell` (Duck chess): the
    /// neutral kind, relocated by every move as its shot ([`Move::shot`]). Its one piece
    /// belongs to nobody; on the board it carries the code of the player to move, which
    /// makes it a piece that player can neither take nor move through, as every player must
    /// treat it (see `rules/relocate.rs`).
    pub relocated: Option<usize>,
    /// Captured pieces go to a hand demoted, so positions mark promoted pieces (`Q~`); not
    /// where they keep their kind (`, keeping their kind`), where a mark would mean nothing.
    pub marks_promoted: bool,
    /// Some drop may not give checkmate (`not giving checkmate`).
    pub no_mating_drops: bool,
    /// An end rule asks for perpetual check, so that a played game keeps which positions were
    /// checks.
    pub watches_checks: bool,
    /// `on perpetual chase`: who chases and who is chased, by piece code.
    pub chase: Option<rules::chase::ChaseTables>,
    /// The end rules read only in played games (repetition, perpetual check, ply limits),
    /// by index, in order: without one, playouts skip that reading.
    pub limit_ends: Vec<usize>,
    /// The least that could end a played game by a limit: the occurrences of a position,
    /// the plies, the plies without progress (`u32::MAX` where no rule reads it). Below all
    /// three, with no perpetual check to read, no limit rule applies.
    pub limit_floor: [u32; 3],
    /// The end rules read on the board after every move (not those read only when a player
    /// has no move, nor the limits of played games), by index, in order.
    pub static_ends: Vec<usize>,
    /// Some end rule counts how often a position occurred, so played games keep their
    /// positions' hashes.
    pub counts_repetitions: bool,
    /// `a move may not repeat a position for the Nth time`: N, or 0. Read over a played
    /// game's history ([`rules::repeat`]); perft, which has none, lists such moves.
    pub no_repeat: u32,
    /// By kind: the kind a promoted piece of this kind goes to a hand as (the kind that
    /// promotes to it, or itself).
    pub demote: Vec<u8>,
    /// By kind: it exists only by promotion, so it is always demoted when captured.
    pub always_demote: Vec<bool>,
    /// By piece code: the code whose hand a drop of this code takes from, where that is
    /// another (`drop on empty, either side up`: a pawn dropped as the rook it promotes to
    /// leaves the hand as a pawn); 0 elsewhere.
    pub drop_hand: Vec<u8>,
    /// `capturing groups without liberties` on a placement (Go): positions keep their groups
    /// of stones with liberty counts (see `rules/groups.rs`).
    pub groups: Option<crate::model::GroupCapture>,
    /// In games with connection goals (`connect three sides`, `form a ring`), per cell the
    /// sides and corners it lies on (see `rules/connection.rs`); empty in other games.
    pub edge_marks: Vec<u32>,
    /// Per player, the kinds (as bits) they start with, on the board or in hand: `when I have
    /// no PIECE` speaks only of a kind the player had.
    pub start_kinds: PerPlayer<u128>,
    /// What slept, kept, keeping and fresh pieces may not do or suffer.
    pub states: States,
    /// `attacks[p]`: how player p's pieces capture (with teams, p's team's pieces).
    pub attacks: PerPlayer<Vec<Attack>>,
    /// Each player's team (each player their own without teams).
    pub team: PerPlayer<u8>,
    /// For each player, the first player of another team: "the opponent" of royal safety.
    pub foe: PerPlayer<u8>,
    /// The game has a `teams` line.
    pub has_teams: bool,
    /// Each player's enemies, a bit per player: the other players, or with teams the players
    /// of the other teams.
    pub enemies: PerPlayer<u8>,
    /// With teams, the `lose` lines: read after every move for every other player still in,
    /// a player who loses is out (their pieces leave the board, their turns are skipped).
    pub outs: Vec<EndModel>,
    pub royal: Vec<bool>,
    pub has_royal: bool,
    /// `royal when last` (every royal kind then says it): a player's royal pieces are
    /// royal only while they have one; with two or more, none is, and any may be taken.
    pub royal_last: bool,
    /// `royal together` (every royal kind then says it): a player is in check only when all
    /// their royal pieces are attacked, and a move may leave some attacked, never all.
    pub royal_together: bool,
    /// No rule of the game ever takes a royal piece off the board or from its player: royal
    /// safety sees every capture, and nothing else removes, flips or demotes one. A player who
    /// starts with a royal piece then always has one, which position strings must respect.
    pub royals_stay: bool,
    pub tracks_moved: Vec<bool>,
    /// By piece code: whether it has a rule it may use only as its first move (a right
    /// position strings write as the file letter of its cell).
    pub first_movers: Vec<bool>,
    /// `lost once an enemy PIECE lands in line along DIRS` (see `rules/leap.rs`).
    pub lost_rights: Vec<rules::leap::LostRight>,
    /// `in check, a royal piece moves only to take a lone checking piece`.
    pub lone_checker: bool,
    pub castles: Vec<CastleRight>,
    pub has_en_passant: bool,
    pub initial: Vec<u8>,
    /// Cells that start with a stack of more than one piece, and how many (races whose
    /// pieces share cells).
    pub initial_heights: Vec<(Cell, u16)>,
    /// `captures explode along DIRS[, sparing PIECES]` (see `rules/explosion.rs`).
    pub explosion: Option<crate::model::Explosion>,
    /// `moves may not give check`.
    pub no_checks: bool,
    /// `may not capture PIECES`, by piece code: the kinds (bits) it never captures.
    pub no_capture: Vec<u128>,
    /// `moves at most N times in a row without capturing`, by piece code (see
    /// `rules/streak.rs`); empty where no piece has such a limit.
    pub streaks: Vec<Option<crate::model::Streak>>,
    /// An end rule counts the checks each player gives (`win when I have given check N
    /// times`): the number it needs.
    pub counts_checks: bool,
    /// The game's counting rules (`draw after counting ...`; see `rules/counting.rs`), in
    /// order; empty in other games.
    pub counting: Vec<crate::model::CountRule>,
    pub initial_unmoved: CellSet,
    pub compulsory_capture: bool,
    pub majority_capture: bool,
    /// The priorities among captures, in order (the first is the majority rule).
    pub capture_order: Vec<crate::model::Priority>,
    /// How jump chains that capture go on (see `rules/jump.rs`).
    pub chains: rules::jump::Chains,
    pub identity_by_captures: bool,
    pub notation: Notation,
    /// Squares are numbered from this player's back rank (`numbered from PLAYER`, for PDN).
    pub numbered_from: Option<usize>,
    pub end: Vec<EndModel>,
    /// Per end rule: for `N in a row` on a board of at most 64 cells, its windows by cell.
    pub line_windows: Vec<Option<rules::place::LineWindows>>,
    /// The keys a position's hash is made of.
    pub zobrist: Zobrist,
    /// Whether positions carry stacks, slept flags and a fresh piece.
    pub has_layers: bool,
    /// Pieces in hand at the start, by piece code (empty in games without hands).
    pub initial_hand: Vec<u16>,
    /// Board-wide mechanics built from the game's native hooks (see [`hooks::BoardRule`]).
    pub board_rules: Vec<Box<dyn BoardRule>>,
    /// Some board rule changes threats: royal safety is tested by playing the replies.
    pub legality_by_play: bool,
    /// Square boards of at most 64 cells in games without layers: bitboard move generation.
    pub bitboards: Option<Bitboards>,
    /// Square boards of 65 to 128 cells, in the games [`Game::bitboards`] would serve but
    /// for their size and without jumps: the same generation on 128-bit sets.
    pub wide_bitboards: Option<Bitboards<u128>>,
    /// Indexed by piece code: a move of this piece resets the no-progress count (`after N
    /// plies without a capture or a PIECE move`).
    pub progress: Vec<bool>,
    /// Indexed by piece code: a hook lets the piece move with other pieces' rules
    /// ([`PieceHook::borrows_moves`]).
    pub borrows_moves: Vec<bool>,
    /// Some player with no legal move passes (a move of its own) instead of the game ending.
    pub pass_when_stuck: bool,
    /// The players who pass when stuck, as a mask of player ids (`for goats: pass when I have
    /// no legal move` names one side).
    pub pass_stuck_players: u8,
    /// The players whose game checkmate ends (`lose when I have no legal move and I am in
    /// check`): of those who pass when stuck, they pass only when not in check.
    pub mated_players: u8,
    /// `players may pass`: a pass is always among the moves (of the players of
    /// `rule_players.pass`).
    pub may_pass: bool,
    /// The players `capture is compulsory`, `pieces in hand must be placed first` and `players
    /// may pass` are for; the flags above say whether the game has the rule at all.
    pub rule_players: RulePlayers,
    /// `the second player may swap` (see `rules/place.rs`).
    pub pie_rule: bool,
    /// `each turn places N PIECES, the first turn F`: placements per turn, (first turn,
    /// every other turn); `None` for one (see `rules/place.rs`).
    pub turn_places: Option<(u8, u8)>,
    /// `to open, PLAYER removes a PIECE ...`: the players' first turns (see
    /// `rules/opening.rs`).
    pub openings: Vec<rules::opening::Opening>,
    pub side_letters: PerPlayer<char>,
    /// Per player: the kinds that enter the board (`place ...`), and how.
    pub places: PerPlayer<Vec<Place>>,
    /// A placement keeps away from the last piece placed (`not next to the last piece
    /// placed`): positions carry that cell (`Position::last_placed`).
    pub tracks_last_placed: bool,
    /// Per player: the index in `places` of their only source of moves, when a placement is
    /// all they can ever do besides passing by choice, and nothing filters it (no moving
    /// pieces, no royal pieces or capture rules): random playouts then draw a placement (or
    /// the pass) directly.
    pub sole_place: PerPlayer<Option<usize>>,
    /// Per player: every move they can make is a slide and a shot (Amazons) and nothing
    /// filters it: random playouts count the moves and build only the one drawn.
    pub shoots_only: PerPlayer<bool>,
    /// Per player whose moves nothing filters or adds to, on a board with bitboards: how
    /// random playouts count the moves and build only the one drawn, and perft counts its
    /// last ply (see `counted.rs`).
    pub draw_plans: PerPlayer<Option<counted::DrawPlan>>,
    /// Random moves are drawn by the cells each piece reaches ([`Game::draws_by_reach`]).
    pub reach_draw: bool,
    /// Games that draw by reach on a board laid out for it: hop chains flooded as bit sets.
    pub reach_flood: Option<Box<flood::Flood>>,
    /// Every piece moves by one capture-by-approach rule alone, on a board of at most 64
    /// cells: the side's moves are found on bit masks (see `rules/approach.rs`).
    pub approach_masks: Option<rules::approach::Shifts>,
    /// Ray masks for counting slides and shots fast, where a player shoots only and the
    /// board is square with at most 128 cells.
    pub rays128: Option<rules::shoot::Rays128>,
    /// A game of seeds in pits: its moves are sowings (see `rules/sow.rs`).
    pub sowing: Option<rules::sow::Sow>,
    /// The dice thrown at the start of a turn (see `rules/chance.rs`).
    pub chance: Option<rules::chance::Chance>,
    /// A race: pieces run along tracks by the throw (see `rules/race.rs`).
    pub race: Option<rules::race::Track>,
    /// A game of lines drawn between dots: its moves are turns of lines (see
    /// `rules/lines.rs`).
    pub lines: Option<rules::lines::Lines>,
    /// Turns of several steps shared among pieces (see `rules/steps.rs`).
    pub steps: Option<rules::steps::Steps>,
}

impl Game {
    /// Whether the piece `code` going from `from` to `to` (a move, or one hop of a chain)
    /// would leave the region it is `confined to ... once there`.
    #[inline]
    pub fn leaves_stay(&self, code: u8, from: Cell, to: Cell) -> bool {
        self.confines
            && self.stay[code as usize]
                .as_ref()
                .is_some_and(|r| from != NONE && r.contains(from) && !r.contains(to))
    }

    /// Whether the move brings a royal piece onto its landing cell that was not royal before:
    /// a promotion to a royal kind, or a royal piece placed (the piece is royal at once, so
    /// the move may not leave it attacked, as Fairy-Stockfish's pseudo-royal pieces).
    #[inline]
    pub fn enters_royal(&self, m: &Move) -> bool {
        // `royal_entries` is false in games of `royal when last`, whose royal pieces are
        // counted as the turn begins: one more is not royal until the turn after it arrives.
        self.royal_entries
            && m.promote != 0
            && m.kind != MoveKind::Throw
            && self.royal[m.promote as usize]
    }

    /// Whether capturing is compulsory for `player` (`[for PLAYER:] capture is compulsory`).
    #[inline]
    pub fn compulsory_for(&self, player: usize) -> bool {
        self.compulsory_capture && RulePlayers::holds(self.rule_players.capture, player)
    }

    /// Whether `player` must take the most (`... and must take the most pieces`).
    #[inline]
    pub fn majority_for(&self, player: usize) -> bool {
        self.majority_capture && RulePlayers::holds(self.rule_players.capture, player)
    }

    /// Whether `player` may pass whenever they like (`[for PLAYER:] players may pass`).
    #[inline]
    pub fn may_pass_for(&self, player: usize) -> bool {
        self.may_pass && RulePlayers::holds(self.rule_players.pass, player)
    }

    /// Whether `player` must place their pieces in hand first.
    #[inline]
    pub fn hand_first_for(&self, player: usize) -> bool {
        self.hand_first && RulePlayers::holds(self.rule_players.hand_first, player)
    }

    /// Whether a move's legality can be decided on its own (royal safety, the cascade), with
    /// no filter that compares it with the other moves (compulsory or majority capture, moves
    /// told apart by their captures only, royal pieces that must part, which also gives back
    /// the pass).
    pub fn per_move_legality(&self) -> bool {
        !(self.compulsory_capture
            || !self.part_dirs.is_empty()
            || self.majority_capture
            || self.identity_by_captures
            || self.explosion.is_some()
            || self.no_checks
            || self.lone_checker
            || self.earns_parts)
    }

    /// The hash contribution of `n` pieces of `code` in hand (0 for none), drawn from the
    /// code's key so that counts need no table of their own.
    #[inline]
    pub fn hand_key(&self, code: u8, n: u16) -> u64 {
        if n == 0 {
            return 0;
        }
        let mut z = self.zobrist.hand[code as usize]
            .wrapping_add(u64::from(n).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Whether `player`, with no legal move, passes (a move of its own) rather than the game
    /// ending.
    #[inline]
    pub fn passes_when_stuck(&self, player: usize) -> bool {
        self.pass_stuck_players >> player & 1 != 0
    }

    /// The hash contribution of `n` seeds in pit `c` (index `board.len()` and the next one:
    /// the two stores), 0 for none.
    #[inline]
    /// Whether position strings have a castling field: castling rights, or first-move rights
    /// (`, only as its first move`).
    pub fn has_rights_field(&self) -> bool {
        !self.castles.is_empty() || self.first_movers.iter().any(|&f| f)
    }

    /// The checks a player must give to win (`win when I have given check N times`).
    pub fn check_goal(&self) -> Option<u8> {
        self.end.iter().find_map(|e| match e.cond {
            crate::model::EndCond::ChecksGiven(n) => Some(n),
            _ => None,
        })
    }

    /// The hash contribution of `n` checks given by `player` (nothing for none).
    pub fn checks_key(&self, player: usize, n: u8) -> u64 {
        if n == 0 {
            0
        } else {
            self.seed_key(0x4000 + player, u16::from(n))
        }
    }

    /// The hash contribution of `player`'s run of `n` moves without capturing by the piece
    /// now on `c` (nothing for none).
    pub fn streak_key(&self, player: usize, c: Cell, n: u8) -> u64 {
        if n == 0 {
            0
        } else {
            self.seed_key(0x5000 + (player << 8) + usize::from(n), c.wrapping_add(1))
        }
    }

    /// The hash contribution of a stack of `n` pieces on cell `c` beyond its piece's own key
    /// (nothing for one piece or none).
    pub fn height_key(&self, c: usize, n: u16) -> u64 {
        if n < 2 {
            0
        } else {
            self.seed_key(c ^ 0x8000, n)
        }
    }

    /// The hash contribution of `n` seeds (or other counted things) at `c`.
    pub fn seed_key(&self, c: usize, n: u16) -> u64 {
        count_key(c, n)
    }

    /// How many times a position must occur for the game's repetition rule (three unless
    /// a `fourfold` line says four); perpetual check is read at the same count.
    pub fn repetition_count(&self) -> usize {
        self.end
            .iter()
            .find_map(|e| match e.cond {
                crate::model::EndCond::Repetition(n, _) => Some(n as usize),
                _ => None,
            })
            .unwrap_or(3)
    }

    /// Whether some end rule is read only in played games (see [`Game::limit_ends`]).
    pub fn has_limits(&self) -> bool {
        !self.limit_ends.is_empty()
    }

    /// Whether an end rule counts passes in a row, so that positions carry the count.
    pub fn counts_passes(&self) -> bool {
        self.end
            .iter()
            .any(|e| matches!(e.cond, crate::model::EndCond::PassLimit { .. }))
    }

    /// Whether positions carry a race's held piece (a trap, or a throw that begins the race).
    pub fn race_holds(&self) -> bool {
        self.race
            .as_ref()
            .is_some_and(|r| r.rule.trap.is_some() || r.rule.begin.is_some())
    }

    /// The hash key of the last piece placed standing on `c` (games that track it): the cell's
    /// en-passant key turned, so that it differs from a ko or en-passant cell there.
    #[inline]
    pub fn last_placed_key(&self, c: Cell) -> u64 {
        self.zobrist.ep[c as usize].rotate_left(29)
    }

    /// Whether positions carry a ko cell (`simple ko`).
    pub fn has_ko(&self) -> bool {
        self.groups.as_ref().is_some_and(|g| g.simple_ko)
    }

    /// The name of the players' once-per-game right, if a board rule gives them one.
    pub fn right_name(&self) -> Option<&'static str> {
        self.board_rules.iter().find_map(|r| r.right_name())
    }

    /// The word for a frozen piece, if a board rule freezes pieces.
    pub fn frozen_word(&self) -> Option<&'static str> {
        self.board_rules.iter().find_map(|r| r.frozen_word())
    }

    /// The owner of a non-empty piece code.
    #[inline]
    pub fn owner(&self, code: u8) -> usize {
        ((code - 1) & self.owner_mask) as usize
    }

    /// The kind of a non-empty piece code.
    #[inline]
    pub fn kind_of(&self, code: u8) -> usize {
        ((code - 1) >> self.player_shift) as usize
    }

    /// Whether `a` and `b` play on the same side (the same player, or partners).
    #[inline]
    pub fn same_side(&self, a: usize, b: usize) -> bool {
        self.team[a] == self.team[b]
    }

    /// The number of sides: the players, or with teams the teams.
    pub fn sides(&self) -> usize {
        let n = self.players.len();
        (0..n)
            .filter(|&p| (0..p).all(|q| !self.same_side(p, q)))
            .count()
    }

    /// The name of `player`'s side: theirs, or with teams the team's players' (`red and
    /// yellow`).
    pub fn side_name(&self, player: usize) -> String {
        let names: Vec<&str> = (0..self.players.len())
            .filter(|&q| self.same_side(q, player))
            .map(|q| self.players[q].name.as_str())
            .collect();
        names.join(" and ")
    }

    /// "The opponent" of `player`: the other player of two, or with teams the first player
    /// of another team (whose attacks are their team's).
    #[inline]
    pub fn opponent(&self, player: usize) -> usize {
        if self.has_teams {
            self.foe[player] as usize
        } else {
            player ^ 1
        }
    }

    /// The player who moves after `player`.
    #[inline]
    pub fn next_player(&self, player: usize) -> usize {
        if player + 1 == self.players.len() {
            0
        } else {
            player + 1
        }
    }

    /// The player who moved before `player`.
    #[inline]
    pub fn previous_player(&self, player: usize) -> usize {
        if player == 0 {
            self.players.len() - 1
        } else {
            player - 1
        }
    }

    /// Piece code of `kind` owned by `player`.
    #[inline]
    pub fn code(&self, kind: usize, player: usize) -> u8 {
        code_in(self.player_shift, kind, player)
    }

    /// The number of piece codes (0, the empty cell, included): every table indexed by piece
    /// code has this length.
    pub fn codes(&self) -> usize {
        1 + (self.kinds.len() << self.player_shift)
    }

    /// The letter of a piece code as drawn on boards and in positions.
    /// The piece that `code` is the only promotion of (besides staying itself), if any: SFEN
    /// writes a tokin as `+P`.
    pub fn promoted_from(&self, code: u8) -> Option<u8> {
        (1..self.promotion.len() as u8).find(|&from| {
            self.promotion[from as usize]
                .as_ref()
                .is_some_and(|(to, _)| {
                    let mut others = to
                        .iter()
                        .filter(|&&t| self.kind_of(t) != self.kind_of(from));
                    others.next() == Some(&code) && others.next().is_none()
                })
        })
    }

    pub fn letter(&self, code: u8) -> char {
        if code == 0 {
            return '.';
        }
        self.kinds[self.kind_of(code)].letters[self.owner(code)]
    }

    /// The piece code a letter stands for on the board (either player's letters).
    pub fn code_of_letter(&self, ch: char) -> Option<u8> {
        self.kinds.iter().enumerate().find_map(|(k, kd)| {
            let p = kd.letters[..self.players.len()]
                .iter()
                .position(|&l| l == ch)?;
            Some(self.code(k, p))
        })
    }

    /// The start position.
    pub fn start(&self) -> Position<'_> {
        Position::start(self)
    }

    /// Bytes a position occupies: the struct and the buffers it owns (cells, stacks and slept
    /// flags where the game has them, piece counts, bitboards where used, groups in Go).
    pub fn bytes_per_state(&self) -> usize {
        let n = self.board.len();
        let codes = self.rules.len();
        std::mem::size_of::<Position>()
            + n
            + if self.has_layers { 2 * n } else { 0 }
            + 2 * codes
            + if self.bitboards.is_some() {
                8 * codes
            } else if self.wide_bitboards.is_some() {
                16 * codes
            } else {
                0
            }
            + if self.sowing.is_some() { 2 * n } else { 0 }
            + if self.groups.is_some() {
                // Chain heads, links, liberty counts and sizes.
                n * (2 * std::mem::size_of::<Cell>() + 4)
            } else {
                0
            }
            + if self.edge_marks.is_empty() {
                0
            } else {
                // Parents, sizes and the sides and corners touched.
                n * (std::mem::size_of::<Cell>() + 2 + 4)
            }
    }
}

/// What kind of thing a move does besides moving `from` → `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    Normal,
    /// The piece removes `caps[0]` and stays (or stops short, for slides).
    Smash,
    /// The player passes: nothing moves (`from` and `to` are `NONE`).
    Pass,
    /// A walk: `path` holds every cell stepped on; `caps` what its steps removed.
    Walk,
    /// Two steps through an empty cell; `path` holds every cell it could have passed through.
    DoubleStep,
    /// The piece moves onto the piece on `to` and keeps it (a stack).
    Keep,
    /// Abilities; the acting piece stays on `from`. Push and sleep act on `extra_from`
    /// (its top piece, or with `...Kept` its kept piece); a push moves it to `extra_to`.
    Push,
    PushKept,
    Sleep,
    SleepKept,
    /// Wakes the slept pieces on the cells listed in `path`.
    Heal,
    /// The piece on `from` and the piece on `to` trade places.
    Swap,
    /// The piece keeping `to` moves onto `from` and keeps the piece there instead.
    Transfer,
    /// A new piece (`promote`) enters the board on `to` (`from` is `NONE`); the pieces on the
    /// cells listed in `path` change owner.
    Place,
    /// A turn of several placements (`each turn places N ...`): a new piece (`promote`) on
    /// each cell listed in `path`, in increasing cell order (`to` is the first).
    Places,
    /// Sowing: the pits listed in `path` are sown in turn (`from` the first, `to` the last);
    /// `caps` lists the pits emptied by capture; where there is a choice of direction,
    /// `extra_to` is the pit the first seed goes to (which tells the way). With no pits in
    /// `path`: a seed from the mover's hand is placed in `to`.
    Sow,
    /// A throw of the dice: outcome `promote` (a chance node's move).
    Throw,
    /// A race: the piece on `from` bears off (leaves the board for good).
    Off,
    /// A turn of lines drawn between dots (`rules/lines.rs`): the lines listed in `path`, in
    /// an order they may be drawn in (`from` and `to` are `NONE`).
    Lines,
    /// A turn of several steps (`rules/steps.rs`): `path` holds each step as a pair of cells,
    /// from and to, and each removal from a trap as the cell and `NONE`, in the order they
    /// happen; `caps` the cells of the removals (`from` is the first step's, `to` the last's).
    Steps,
    /// A race's turn of dice played one by one: `path` holds each die's step as a pair of
    /// cells, from and to (`NONE` for the hand and for off); `caps` the cells hit.
    Turn,
    /// A turn of parts earned by lines (`rules/earned.rs`, Nerenchi Keliya): `path` holds
    /// each part as four entries, its from cell (`NONE` for a placement), its to cell, the
    /// enemy piece it removes (`NONE` for none) and its piece code (a placement's piece);
    /// `caps` every piece removed (`from` is the first part's, `to` the last's, `promote` the
    /// first part's piece code).
    Parts,
}

impl MoveKind {
    /// Whether the move carries its piece to `to` (a plain move, a walk, a double step): the
    /// moves that bars, keep-outs, confinement and promotion on arrival apply to.
    #[inline]
    pub fn moves_piece(self) -> bool {
        matches!(
            self,
            MoveKind::Normal | MoveKind::Walk | MoveKind::DoubleStep
        )
    }
}

/// One whole turn, in 128 bytes: move lists never allocate per move, except for a jump chain
/// of more than [`MAX_CAPTURES`] captures or landings, whose lists go out of line.
#[derive(Debug)]
pub struct Move {
    pub from: Cell,
    pub to: Cell,
    pub kind: MoveKind,
    /// Piece code after promotion, or 0.
    pub promote: u8,
    /// How many pieces the move captures ([`Move::captures`]): the first [`MAX_CAPTURES`]
    /// are in `caps`.
    pub ncap: u16,
    pub caps: [Cell; MAX_CAPTURES],
    /// Landing cells of a jump chain, in order (the last is `to`): the first [`MAX_CAPTURES`]
    /// of the `npath` are in `path`.
    pub npath: u16,
    pub path: [Cell; MAX_CAPTURES],
    /// A second piece that moves too (castling): from, to; `NONE` when unused.
    pub extra_from: Cell,
    pub extra_to: Cell,
    /// The cell passed over by a double step that may be taken en passant.
    pub ep_mark: Cell,
    /// Piece code the displaced piece (pushed, swapped) becomes on arrival, or 0.
    pub extra_promote: u8,
    /// 1 + the player whose once-per-game right this move uses, or 0.
    pub spends: u8,
    /// A new piece (`shot_code`) placed on this cell after the move (an Amazons arrow), or
    /// `NONE`.
    pub shot: Cell,
    pub shot_code: u8,
    /// The moved piece is fresh during the opponent's next action.
    pub mark_fresh: bool,
    /// The moving piece is removed where it lands (it exploded: `captures explode ...`).
    pub vanishes: bool,
    /// After a placement, a block turns a quarter (`then rotate ...`): 0 for none, else
    /// 1 + 2 * block + (0 clockwise, 1 anticlockwise).
    pub turn: u8,
    /// The whole capture and landing lists of a chain longer than `caps` and `path` hold.
    long: Option<Box<LongLists>>,
}

/// A long chain's lists: while a list is longer than [`MAX_CAPTURES`], all of it (the inline
/// array keeps its first entries too, for readers of the first capture or landing).
#[derive(Clone, Debug, Default)]
struct LongLists {
    caps: Vec<Cell>,
    path: Vec<Cell>,
}

/// [`Move::push_capture`] and [`Move::push_landing`] where the lists are, or are about to
/// go, out of line: `inline` and `count` are the move's inline list, `pick` the same list in
/// its [`LongLists`].
#[cold]
#[inline(never)]
fn push_long(
    inline: &mut [Cell; MAX_CAPTURES],
    count: &mut u16,
    long: &mut Option<Box<LongLists>>,
    pick: fn(&mut LongLists) -> &mut Vec<Cell>,
    c: Cell,
) {
    let n = *count as usize;
    if n < MAX_CAPTURES {
        inline[n] = c;
    }
    if n >= MAX_CAPTURES || long.is_some() {
        let list = pick(long.get_or_insert_with(Box::default));
        if list.len() < n {
            list.clear();
            list.extend_from_slice(&inline[..n.min(MAX_CAPTURES)]);
        }
        list.truncate(n);
        list.push(c);
    }
    *count += 1;
}

impl Clone for Move {
    /// Copies the out-of-line lists only where a list is longer than the inline room (a
    /// chain being built may keep them after it has come back below).
    #[inline]
    fn clone(&self) -> Move {
        let long = match &self.long {
            Some(l) if self.ncap as usize > MAX_CAPTURES || self.npath as usize > MAX_CAPTURES => {
                Some(l.clone())
            }
            _ => None,
        };
        Move { long, ..*self }
    }
}

impl Move {
    pub fn new(from: Cell, to: Cell) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Normal,
            promote: 0,
            ncap: 0,
            caps: [NONE; MAX_CAPTURES],
            npath: 0,
            path: [NONE; MAX_CAPTURES],
            extra_from: NONE,
            extra_to: NONE,
            ep_mark: NONE,
            extra_promote: 0,
            spends: 0,
            shot: NONE,
            shot_code: 0,
            mark_fresh: false,
            vanishes: false,
            turn: 0,
            long: None,
        }
    }

    /// The pass move.
    pub fn pass() -> Move {
        Move {
            kind: MoveKind::Pass,
            ..Move::new(NONE, NONE)
        }
    }

    #[inline]
    pub fn captures(&self) -> &[Cell] {
        let n = self.ncap as usize;
        if n <= MAX_CAPTURES {
            return &self.caps[..n];
        }
        self.long.as_ref().map_or(&[], |l| &l.caps[..n])
    }

    #[inline]
    pub fn landings(&self) -> &[Cell] {
        let n = self.npath as usize;
        if n <= MAX_CAPTURES {
            return &self.path[..n];
        }
        self.long.as_ref().map_or(&[], |l| &l.path[..n])
    }

    /// Appends a capture, out of line once the inline room is full.
    #[inline]
    pub fn push_capture(&mut self, c: Cell) {
        let n = self.ncap as usize;
        if n < MAX_CAPTURES && self.long.is_none() {
            // The common case, kept small enough to inline into the generators.
            self.caps[n] = c;
            self.ncap += 1;
            return;
        }
        push_long(
            &mut self.caps,
            &mut self.ncap,
            &mut self.long,
            |l| &mut l.caps,
            c,
        );
    }

    /// Takes back the last capture.
    #[inline]
    pub fn pop_capture(&mut self) {
        self.ncap -= 1;
        let n = self.ncap as usize;
        if n < MAX_CAPTURES {
            self.caps[n] = NONE;
        }
    }

    /// Appends a landing cell, out of line once the inline room is full.
    #[inline]
    pub fn push_landing(&mut self, c: Cell) {
        let n = self.npath as usize;
        if n < MAX_CAPTURES && self.long.is_none() {
            // The common case, kept small enough to inline into the generators.
            self.path[n] = c;
            self.npath += 1;
            return;
        }
        push_long(
            &mut self.path,
            &mut self.npath,
            &mut self.long,
            |l| &mut l.path,
            c,
        );
    }

    /// Takes the capture and landing lists back to their first `ncap` and `npath` entries.
    #[inline]
    pub fn truncate_lists(&mut self, ncap: u16, npath: u16) {
        self.ncap = ncap.min(self.ncap);
        self.npath = npath.min(self.npath);
    }

    /// Takes back the last landing cell.
    #[inline]
    pub fn pop_landing(&mut self) {
        self.npath -= 1;
        let n = self.npath as usize;
        if n < MAX_CAPTURES {
            self.path[n] = NONE;
        }
    }

    /// The same move in every respect.
    pub fn same_as(&self, o: &Move) -> bool {
        self.from == o.from
            && self.to == o.to
            && self.kind == o.kind
            && self.promote == o.promote
            && self.captures() == o.captures()
            && self.landings() == o.landings()
            && self.extra_from == o.extra_from
            && self.extra_to == o.extra_to
            && self.ep_mark == o.ep_mark
            && self.shot == o.shot
            && self.shot_code == o.shot_code
            && self.turn == o.turn
    }

    /// The captured sets of two chains too long for the inline lists, compared.
    #[cold]
    #[inline(never)]
    fn same_long_captures(&self, o: &Move) -> bool {
        let mut a = self.captures().to_vec();
        let mut b = o.captures().to_vec();
        a.sort_unstable();
        b.sort_unstable();
        a == b
    }

    /// Same start, end and captured set (draughts move identity).
    #[inline]
    fn same_by_captures(&self, o: &Move) -> bool {
        if self.from != o.from
            || self.to != o.to
            || self.ncap != o.ncap
            || self.promote != o.promote
        {
            return false;
        }
        let n = self.ncap as usize;
        if n > MAX_CAPTURES {
            return self.same_long_captures(o);
        }
        let mut a = self.caps;
        let mut b = o.caps;
        a[..n].sort_unstable();
        b[..n].sort_unstable();
        a[..n] == b[..n]
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win { player: usize, reason: String },
    Draw { reason: String },
}

impl Outcome {
    /// The draw of a playout stopped at its cap of `plies`.
    pub(crate) fn cap(plies: u32) -> Outcome {
        Outcome::Draw {
            reason: format!("playout cap of {plies} plies"),
        }
    }

    /// "white wins (lose when I have no legal move and I am in check)".
    pub fn describe(&self, game: &Game) -> String {
        match self {
            Outcome::Win { player, .. } if game.has_teams => {
                format!("{} win ({})", game.side_name(*player), self.reason())
            }
            Outcome::Win { player, reason } => {
                format!("{} wins ({reason})", game.players[*player].name)
            }
            Outcome::Draw { reason } => format!("draw ({reason})"),
        }
    }

    /// The end rule and its details.
    fn reason(&self) -> &str {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }

    /// Each player's return: a win is their team's (with two players, the winner's alone);
    /// the winners share the losers' -1 each, so that the returns sum to zero as OpenSpiel's
    /// do (2 players: 1 and -1; one winner of n: n - 1; two teams of two: 1 and -1); all 0
    /// for a draw. The slots past the game's players are 0.
    pub fn returns(&self, game: &Game) -> PerPlayer<f32> {
        let mut r = [0.0; crate::model::MAX_PLAYERS];
        if let Outcome::Win { player, .. } = self {
            let n = game.players.len();
            let winners = (0..n).filter(|&q| game.same_side(q, *player)).count();
            for (q, x) in r.iter_mut().enumerate().take(n) {
                *x = if game.same_side(q, *player) {
                    (n - winners) as f32 / winners as f32
                } else {
                    -1.0
                };
            }
        }
        r
    }

    /// Like [`Outcome::describe`], without the details after the rule (`: area 40 to
    /// 46.5`, `: more discs`): the rule that ended the game, for tallies.
    pub fn describe_rule(&self, game: &Game) -> String {
        // The details after the rule's text follow `: `; a line for one side starts with one
        // of its own (`for goats: ...`).
        let cut = |r: &str| {
            let (side, rest) = match r.strip_prefix("for ").and_then(|t| t.split_once(": ")) {
                Some((who, rest)) => (format!("for {who}: "), rest),
                None => (String::new(), r),
            };
            side + rest.split(": ").next().unwrap_or(rest)
        };
        match self {
            Outcome::Win { player, reason } => Outcome::Win {
                player: *player,
                reason: cut(reason),
            },
            Outcome::Draw { reason } => Outcome::Draw {
                reason: cut(reason),
            },
        }
        .describe(game)
    }

    /// `"white"`, `"black"` or `"draw"`, for result tables.
    pub fn key(&self, game: &Game) -> String {
        match self {
            Outcome::Win { player, .. } => game.side_name(*player),
            Outcome::Draw { .. } => "draw".into(),
        }
    }
}

/// The hash contribution of a count `n` at `c` (a pit's seeds, a store, a hand, a stack's
/// height, checks given): nothing for none, else a mix of the two.
#[inline]
pub(crate) fn count_key(c: usize, n: u16) -> u64 {
    if n == 0 {
        return 0;
    }
    let mut z = (c as u64) << 20 ^ u64::from(n) ^ 0x005E_ED0F_501A_2B3C;
    z = z.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

//! The abstract syntax tree of a game description.
//!
//! Produced by [`crate::syntax`], consumed by [`crate::check`]. It mirrors what the author wrote:
//! names are still names, and every node that an error can blame carries its byte [`Span`].
//! Nothing here knows about pest or about the engine.

/// A byte range in the description source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }
}

/// A name as written, with where it was written.
#[derive(Clone, Debug)]
pub struct Name {
    pub text: String,
    pub span: Span,
}

/// `, each only if I have lost one` or `, KINDS only if I have lost one` after a `promote`
/// line.
#[derive(Clone, Debug)]
pub struct PromoteLost {
    /// The kinds named, or `None` for `each`.
    pub kinds: Option<Vec<Name>>,
    pub span: Span,
}

/// `, only as its first move[, not while in check][, lost once an enemy PIECE lands in line
/// along DIRS]`: a rule the piece may use only while it has not moved.
#[derive(Clone, Debug)]
pub struct FirstMoveDecl {
    pub not_in_check: bool,
    /// The enemy piece whose landing in line takes the right away, and the lines.
    pub lost: Option<(Name, Vec<Name>)>,
    pub span: Span,
}

/// What makes a line, or what a line earns (`by a placement`, `earns another move`): a piece
/// placed, or a piece on the board moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MillPart {
    Placement,
    Move,
}

/// A number as written.
#[derive(Clone, Copy, Debug)]
pub struct Number {
    pub value: u32,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Description {
    pub title: String,
    pub title_span: Span,
    pub items: Vec<Item>,
}

/// One priority among captures (`capture is compulsory and must take ...`), in order.
#[derive(Clone, Debug)]
pub enum PriorityDecl {
    /// `the most pieces`.
    Pieces,
    /// `the greatest worth`.
    Worth(Span),
    /// `then by a KIND`: captures made by a piece of that kind.
    By(Name),
    /// `then the most KIND`: taking the most pieces of that kind.
    Most(Name),
    /// `then the earliest KIND`: taking a piece of that kind earliest in the chain.
    Earliest(Name),
}

#[derive(Clone, Debug)]
pub enum Item {
    Players(Vec<PlayerDecl>, Span),
    /// `teams red and yellow, blue and green`: each team's players, each with its span.
    Teams(Vec<(Vec<Name>, Span)>, Span),
    /// `board ...[, ranks from N]`: the shape, and the number of the first rank if given.
    Board(BoardDecl, BoardNaming, Span),
    Piece(PieceDecl),
    Region(RegionDecl),
    /// `setup { ... }`: placements on cells, and pieces in hand.
    Setup(Vec<Placement>, Vec<InHand>, Span),
    Diagram(Diagram),
    End(Vec<EndRule>, Span),
    /// `capture is compulsory [and must take ...[, then ...]...]`: `order` lists the
    /// priorities among captures, the first of them (`the most pieces` or `the greatest
    /// worth`) the majority rule.
    Capture {
        majority: bool,
        order: Vec<PriorityDecl>,
        span: Span,
        /// `for PLAYER:` before the line: the players it is for (`None`: every player).
        side: Option<SideDecl>,
    },
    /// `captured pieces are removed at once`.
    RemovedAtOnce(Span),
    Identity(Span),
    /// `capture by custody DIRS[, against REGION [when empty]]...`.
    Custody(CustodyDecl),
    /// `pieces in hand must be placed first[, PIECES on both colours][, by every player]`: the
    /// line's span, the kind that must be placed first where the line names one (`kings in
    /// hand must be placed first`), the kind split between the colours with the clause's span,
    /// the span of `, by every player` (no piece moves while any player has pieces in hand),
    /// and the players of a `for PLAYER:` before the line (`None`: every player).
    HandFirst {
        span: Span,
        kind: Option<Name>,
        split: Option<(Name, Span)>,
        all: Option<Span>,
        side: Option<SideDecl>,
    },
    /// `pieces dropped on REGION... may castle with partners on REGION...`: the castling
    /// pieces' cells, then the partners'.
    DropCastle(Vec<Region>, Vec<Region>, Span),
    /// `captured pieces go to the hand of their captor[, keeping their kind]`: the span of the
    /// line, and of `, keeping their kind` where promoted pieces are not demoted.
    ToHand(Span, Option<Span>),
    /// `pieces come to hand from the partner`: hands are filled from outside the game (the
    /// other board of Bughouse), in position strings.
    FromPartner(Span),
    /// `a piece in hand may enter the cell a piece leaves on its first move from REGION`.
    Gate(Region, Span),
    /// `after every move, the mover moves PIECE to another empty cell`: the piece, and the
    /// line's span.
    Relocate(Name, Span),
    /// `royal pieces may not face each other along DIRS`, or with `true` `royal pieces that
    /// face each other along DIRS must part`.
    Face(Vec<Name>, bool, Span),
    /// `moves may not give check`.
    NoCheck(Span),
    /// `in check, a royal piece moves only to take a lone checking piece`.
    LoneChecker(Span),
    /// `captures explode along DIRS[, sparing PIECES]`.
    Explode {
        dirs: Vec<Name>,
        sparing: Vec<Name>,
        span: Span,
    },
    /// `making N in a row [along DIRS] [by a placement|move] removes an enemy piece[, not one
    /// in a row unless all are][ and earns another placement|move]`, or `making N in a row
    /// [along DIRS] [by a placement|move] earns another placement|move`.
    Mill {
        length: Number,
        dirs: Option<Vec<Name>>,
        /// `by a placement` or `by a move`: the line counts only when so made.
        by: Option<(MillPart, Span)>,
        removes: bool,
        protect: bool,
        /// `earns another placement|move`.
        earns: Option<(MillPart, Span)>,
        span: Span,
    },
    /// `only PIECES may enter REGION [or REGION]...`.
    Entry {
        pieces: Vec<Name>,
        regions: Vec<Region>,
        span: Span,
    },
    /// `players may pass`, and the players it is for where `for PLAYER:` comes first.
    MayPass(Span, Option<SideDecl>),
    /// `for PLAYER:` before a game rule that is every player's (reported by the checker,
    /// which reads the rule no further).
    NotSided(SideDecl, Box<Item>),
    /// `the second player may swap`.
    PieRule(Span),
    /// `each turn places N PIECES[, the first turn F]`.
    TurnPlaces {
        count: Number,
        piece: Name,
        first: Option<Number>,
        span: Span,
    },
    /// `to open, PLAYER removes a PIECE on REGION` or `... next to an empty cell [along
    /// DIRS]`: the player's first turn removes one of their own pieces.
    Opening {
        player: Name,
        piece: Name,
        /// `on REGION`.
        on: Option<Region>,
        /// `next to an empty cell [along DIRS]` (`Some(None)`: along every direction).
        next_to_empty: Option<Option<Vec<Name>>>,
        span: Span,
    },
    /// `notation NAME[, numbered from PLAYER]`.
    Notation(Name, Option<Name>),
    /// `levels from CELL`.
    Levels(Name),
    /// `slept pieces cannot act`, `fresh pieces are immune to ...`.
    State(StateDecl),
    /// `sowing { ... }`: the moves of a game of seeds in pits.
    Sowing(Vec<SowLine>, Span),
    /// `dice N KIND[, summed][, A counts as B]`: the dice thrown at the start of a turn.
    Dice(DiceDecl),
    /// `race { ... }`: pieces running along tracks, moved by the throw.
    Race(Vec<RaceLine>, Span),
    /// `lines { ... }`: the moves of a game of lines drawn between dots.
    Lines(Vec<LineRuleDecl>, Span),
    /// `steps { ... }`: turns of several steps shared among pieces (Arimaa).
    Steps(Vec<StepsLine>, Span),
    Native(NativeCall),
}

/// `dice N KIND[, summed][, A counts as B]`.
#[derive(Clone, Debug)]
pub struct DiceDecl {
    pub count: Number,
    /// `d6`, `binary`, ...
    pub kind: Name,
    pub summed: bool,
    /// `A counts as B`: a total (or a die) of A is played as B.
    pub counts_as: Vec<(Number, Number)>,
    pub span: Span,
}

/// One line of a `race` block.
#[derive(Clone, Debug)]
pub struct RaceLine {
    pub kind: RaceLineKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum RaceLineKind {
    /// `PLAYER runs CELL CELL ...[, then off]`.
    Track {
        player: Name,
        cells: Vec<Name>,
        off: bool,
    },
    /// `a piece that lands on an enemy piece sends it back to its owner's hand`.
    Hit,
    /// `landing on REGION gives another throw`.
    Again(Name),
    /// `pieces on REGION cannot be taken`.
    Safe(Name),
    /// `pieces enter on the first cell with a throw of N`.
    Enter(Number),
    /// `a throw of N gives another throw`.
    ThrowAgain(Number),
    /// `a piece on the first cell must move on while pieces wait in the hand`.
    ClearStart,
    /// `a piece that can enter must enter`.
    MustEnter,
    /// `pieces of one player may share a cell`.
    Stack,
    /// `N or more pieces close a cell to the enemy`.
    Close(Number),
    /// `pieces in the hand enter before any other piece moves`.
    HandFirst,
    /// `pieces bear off only when all are on REGION`.
    Home(Name),
    /// `a throw higher than needed bears off the rearmost piece`.
    Higher,
    /// `a double is played twice`.
    Double,
    /// `as many dice as possible must be played, else the higher die`.
    Most,
    /// `each player throws one die to start, and the higher plays both`.
    Opening,
    /// `a piece that lands on an enemy piece changes places with it`.
    Swap,
    /// `pieces next to a friend cannot be taken`.
    Guard,
    /// `a piece moves back only when no piece can move forward`.
    Back,
    /// `pieces must stop on CELL`.
    Stop(Name),
    /// `pieces on REGION move only off the board`.
    OnlyOff(Name),
    /// `a piece on REGION bears off with any throw`.
    AnyOff(Name),
    /// `a piece on CELL is stuck until a throw of N bears it off or another sends it back to
    /// CELL, where it must move next`.
    Trap {
        cell: Name,
        release: Number,
        back: Name,
    },
    /// `nothing moves until a throw of N, which moves CELL to CELL and gives PLAYER the turn`.
    Begin {
        value: Number,
        from: Name,
        to: Name,
        player: Name,
    },
}

/// `capture by custody DIRS, against REGION[ when empty], ...`.
#[derive(Clone, Debug)]
pub struct CustodyDecl {
    pub dirs: Vec<Name>,
    /// The hostile cells: a region, and whether it is hostile only while empty.
    pub against: Vec<(Region, bool)>,
    pub span: Span,
}

/// What a state (slept, kept, keeping, fresh) does to the pieces in it.
#[derive(Clone, Debug)]
pub struct StateDecl {
    pub state: Name,
    pub cannot_act: bool,
    pub immune: Vec<Name>,
    pub span: Span,
}

/// One line of a `lines` block.
#[derive(Clone, Debug)]
pub struct LineRuleDecl {
    pub kind: LineRuleKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum LineRuleKind {
    /// `draw a line between two neighbouring dots`.
    Draw,
    /// `completing a box puts my PIECE in it`.
    Claim(Name),
    /// `completing a box earns another line`.
    Again,
}

/// One line of a `steps` block.
#[derive(Clone, Debug)]
pub struct StepsLine {
    pub kind: StepsLineKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum StepsLineKind {
    /// `a turn is up to N steps`.
    Turn(Number),
    /// `strength KIND, KIND, ...`: strongest first.
    Strength(Vec<Name>),
    /// `a piece may push or pull a weaker enemy`.
    Push,
    /// `a piece next to a stronger enemy is frozen unless a friend is next to it`.
    Freeze,
    /// `a piece on REGION is removed unless a friend is next to it`.
    Trap(Name),
}

/// One line of a `sowing` block.
#[derive(Clone, Debug)]
pub struct SowLine {
    pub kind: SowLineKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum SowLineKind {
    /// `each pit starts with N seeds`.
    Start(Number),
    /// `each player starts with N seeds in hand, placing one a turn in a pit of mine`.
    Hand(Number),
    /// `sow anticlockwise|clockwise from a pit of mine[ in REGION][, holding at least N
    /// seeds][, only when the last seed falls facing enemy seeds]`.
    Sow {
        clockwise: bool,
        within: Option<Region>,
        least: Option<Number>,
        toward_seeds: bool,
    },
    /// `sowing passes my store`.
    PassesStore,
    /// `sowing skips the pit it started from`.
    SkipsOrigin,
    /// `when the last seed falls in my store, play again`.
    Again,
    /// `when the last seed falls in an empty pit of mine, capture [it and ]the opposite pit[
    /// if that holds seeds]`.
    Opposite { if_seeds: bool, with_last: bool },
    /// `when the last seed makes N [or M]... in an enemy pit, capture it[ and the pits before
    /// it that make ...]`.
    Counts {
        counts: Vec<Number>,
        back: Option<Vec<Number>>,
    },
    /// `when the last seed falls in an occupied pit[ of mine], sow on from it`.
    Relay { mine: bool },
    /// `when the last seed falls in an occupied pit of mine, capture the pits facing it[ if
    /// they all hold seeds][, and sow them anticlockwise|clockwise from the pit the lap
    /// started from]`.
    Facing { all: bool, sow_back: Option<bool> },
    /// `a capture of every enemy seed captures nothing`.
    NoSlam,
    /// `when the opponent has no seeds, my move must give them some`.
    Feed,
    /// `every sowing must leave the opponent some seeds`.
    LapFeed,
    /// `a relay of more than N laps is a draw`.
    LapLimit(Number),
}

#[derive(Clone, Debug)]
pub struct PlayerDecl {
    pub name: Name,
    /// `None` for games without a forward direction.
    pub forward: Option<Name>,
    pub right: Option<Name>,
}

#[derive(Clone, Debug)]
pub enum BoardDecl {
    /// `board square W x H`, maybe `without a2..a7, j2`: the cells (or rectangles between two
    /// corners) that do not exist.
    Square {
        width: Number,
        height: Number,
        holes: Vec<(Name, Option<Name>)>,
    },
    /// A rhombus of hexagons, `width` cells along the rows and `height` rows.
    Rhombus {
        width: Number,
        height: Number,
    },
    Hex {
        side: Number,
    },
    /// `board triangle N`: a triangle of hexagons, N cells a side.
    Triangle {
        side: Number,
    },
    /// `board star`: the six-pointed star of Chinese checkers, 121 holes.
    Star,
    /// `board round R x C`: R concentric rings of C cells each around an empty centre.
    Round {
        rings: Number,
        cells: Number,
    },
    /// `board pits W x H`: rows of pits holding seeds.
    Pits {
        width: Number,
        height: Number,
    },
    /// `board dots W x H`: W x H boxes on (W + 1) x (H + 1) dots.
    Dots {
        width: Number,
        height: Number,
    },
    /// `board lines W x H { a1-d1-g1, ... }`: grid points joined by straight lines.
    Lines {
        width: Number,
        height: Number,
        /// Each line's cells, in order.
        lines: Vec<Vec<Name>>,
        span: Span,
    },
}

#[derive(Clone, Debug)]
pub struct RegionDecl {
    pub name: Name,
    pub player: Option<Name>,
    pub region: Region,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Region {
    pub terms: Vec<RegionTerm>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum RegionTerm {
    MyFarRank(Span),
    MyRank(Number),
    MyRanks(Number, Number),
    MyNamed(Name),
    Rank(Number),
    Ranks(Number, Number),
    File(Name),
    Files(Name, Name),
    /// `colour K of N`.
    Colour(Number, Number),
    /// `north point`: one of the six points of a star board, by its compass word.
    StarPoint(Name),
    Named(Name),
}

#[derive(Clone, Debug)]
pub struct PieceDecl {
    pub name: Name,
    pub letter: String,
    pub letter_span: Span,
    /// The letters of the second and later players when the description gives them
    /// (`piece mark "X" "O"`); otherwise the second player's pieces are the lower case of
    /// `letter`.
    pub more_letters: Vec<(String, Span)>,
    pub royal: bool,
    /// `royal when last`: royal only while it is the player's last royal piece.
    pub royal_last: Option<Span>,
    /// `royal together`: its player is in check only when all their royal pieces are attacked.
    pub royal_together: Option<Span>,
    pub worth: Option<Number>,
    /// Effects this piece is immune to (`immune to steal, sleep`).
    pub immune: Vec<Name>,
    pub rules: Vec<RuleDecl>,
    /// For each rule of `rules`, the players it is for when it starts with `for PLAYER:`
    /// (`None`: every player).
    pub sides: Vec<Option<SideDecl>>,
    pub span: Span,
}

/// `for goats:` before a piece's rule or an end line: the players it applies to.
#[derive(Clone, Debug)]
pub struct SideDecl {
    pub players: Vec<Name>,
    pub span: Span,
}

/// `, next to exactly 1 enemy and no friend[, except on the first turn]` after `place on empty`.
#[derive(Clone, Debug)]
pub struct TouchDecl {
    /// Each count as written: whether it counts enemies, how, and where it is written.
    pub counts: Vec<(bool, TouchCount, Span)>,
    pub except_first_turn: bool,
    pub span: Span,
}

/// How many neighbours a `next to` clause asks for.
#[derive(Clone, Debug)]
pub enum TouchCount {
    No,
    Exactly(Number),
    AtLeast(Number),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetDecl {
    Empty,
    Enemy,
    EmptyOrEnemy,
    /// `to empty or any`: a piece of either side on the target is killed.
    EmptyOrAny,
    Smash,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HurdleDecl {
    Enemy,
    Friend,
    Any,
}

#[derive(Clone, Debug)]
pub enum RuleDecl {
    /// `place on empty[, falling DIR][, flipping bracketed enemies along DIRS][, only where it
    /// flips]`.
    Place {
        falling: Option<Name>,
        flipping: Option<Vec<Name>>,
        only_flips: Option<Span>,
        /// `next to a friend along DIRS`: only cells with a piece of the mover next to them.
        next_to: Option<Vec<Name>>,
        /// `then rotate a W x H block either way`: the block size, and where it is written.
        rotating: Option<(Number, Number, Span)>,
        /// `capturing groups without liberties`, `no suicide`, `simple ko`: where written.
        capturing: Option<Span>,
        no_suicide: Option<Span>,
        simple_ko: Option<Span>,
        /// `next to exactly 1 enemy and no friend[, except on the first turn]`.
        touching: Option<TouchDecl>,
        /// `not making N in a row [along DIRS]`: the length, the directions, where written.
        not_making: Option<(Number, Option<Vec<Name>>, Span)>,
        /// `not next to the last piece placed`: where written.
        not_by_last: Option<Span>,
        span: Span,
    },
    Step {
        dirs: Vec<Name>,
        twice: bool,
        target: Option<TargetDecl>,
        from: Option<Region>,
        /// `within REGION`: the step starts and lands in the region.
        within: Option<Region>,
        en_passant: bool,
        span: Span,
    },
    Slide {
        dirs: Vec<Name>,
        until_blocked: bool,
        target: Option<TargetDecl>,
        /// `within REGION`: the slide starts, passes and stops in the region.
        within: Option<Region>,
        span: Span,
    },
    Leap {
        a: Number,
        b: Number,
        target: Option<TargetDecl>,
        /// `, blocked in between`: a piece on the first cell of the leap stops it.
        blocked: bool,
        /// `toward DIRS`: only the leaps whose longer side points one of those ways.
        toward: Option<Vec<Name>>,
        /// `from REGION`: only from those cells.
        from: Option<Region>,
        then_fresh: bool,
        /// `, only as its first move[, not while in check][, lost once ...]`.
        first_move: Option<FirstMoveDecl>,
        span: Span,
    },
    /// `ride (A, B) [toward DIRS] [TARGET]`: the leap repeated along its line.
    Ride {
        a: Number,
        b: Number,
        target: Option<TargetDecl>,
        toward: Option<Vec<Name>>,
        span: Span,
    },
    /// `hop DIRS [TARGET]`: over the first piece met, onto the cell just behind it.
    Hop {
        dirs: Vec<Name>,
        target: Option<TargetDecl>,
        span: Span,
    },
    /// `moves at most N times in a row without capturing [while I have a PIECE]`.
    Streak {
        limit: Number,
        while_has: Option<Name>,
        span: Span,
    },
    /// `may not capture PIECES`.
    NoCapture {
        pieces: Vec<Name>,
        span: Span,
    },
    /// `confined to REGION`.
    Confined {
        region: Region,
        /// `once there`: only a piece that starts its move in the region is held in it.
        once: bool,
        span: Span,
    },
    /// `drawn as "G" ["G2"]`: the figure drawn for the piece (each player's, or one for both).
    Drawn {
        glyphs: Vec<(String, Span)>,
        span: Span,
    },
    /// `capture DIRS over a screen`.
    Screen {
        dirs: Vec<Name>,
        /// `move DIRS over a screen`: also to the empty cells beyond the screen.
        quiet: bool,
        /// `within REGION`: from, over and onto cells of the region only.
        within: Option<Region>,
        /// `, not over or onto PIECES`: pieces of these kinds are no screen and never taken.
        sparing: Vec<Name>,
        span: Span,
    },
    /// `fly DIRS[, then may slide DIRS]`.
    Fly {
        dirs: Vec<Name>,
        then: Option<Vec<Name>>,
        span: Span,
    },
    /// Abilities: `push DIRS`, `sleep DIRS`, `heal DIRS`, `swap with any piece`.
    Push {
        dirs: Vec<Name>,
        span: Span,
    },
    Sleep {
        dirs: Vec<Name>,
        span: Span,
    },
    Heal {
        dirs: Vec<Name>,
        span: Span,
    },
    Swap {
        span: Span,
    },
    /// `slide DIRS to empty, then shoot PIECE along DIRS`.
    SlideShoot {
        dirs: Vec<Name>,
        piece: Name,
        shoot: Vec<Name>,
        span: Span,
    },
    /// `move DIRS as far as there are pieces on its line[, over friends] [TARGET]`.
    LineCount {
        dirs: Vec<Name>,
        over_friends: bool,
        target: Option<TargetDecl>,
        span: Span,
    },
    /// `enemies next to where it lands along DIRS become mine`.
    Convert {
        dirs: Vec<Name>,
        span: Span,
    },
    /// `meeting an enemy PIECES DIRS removes both`.
    Meet {
        pieces: Vec<Name>,
        dirs: Vec<Name>,
        span: Span,
    },
    /// `never beside PIECE DIRS`.
    Bar {
        piece: Name,
        dirs: Vec<Name>,
        span: Span,
    },
    Jump {
        far: bool,
        dirs: Vec<Name>,
        hurdle: HurdleDecl,
        gap: Option<(Number, Number)>,
        beyond: Option<(Number, Number)>,
        landing: Option<Region>,
        repeatedly: bool,
        /// `over enemy KIND[, KIND...]`: only enemies of those kinds are jumped.
        kinds: Vec<Name>,
        /// `without turning back`: no jump opposite to the chain's last.
        no_turning_back: Option<Span>,
        /// `in a straight line`: every jump of a chain goes the way of the first.
        straight: Option<Span>,
        /// `, may stop after any jump`: a capturing chain may end after any jump.
        may_stop: Option<Span>,
        span: Span,
    },
    /// `step DIRS to empty, capturing by approach or withdrawal[, repeatedly][, may stop after
    /// any capture][, without revisiting][, never twice in the same direction]`.
    Approach {
        dirs: Vec<Name>,
        repeatedly: bool,
        /// `repeatedly except on the first turn`.
        not_first_turn: bool,
        may_stop: Option<Span>,
        no_revisit: Option<Span>,
        no_same_dir: Option<Span>,
        span: Span,
    },
    /// `capture along circuit RUN loop RUN loop ... [and circuit ...]`: each circuit is its
    /// runs of cells (`a2-b2-c2`), each followed by a loop.
    Circuits {
        circuits: Vec<Vec<Name>>,
        span: Span,
    },
    Walk {
        /// `None`: every direction of the board.
        dirs: Option<Vec<Name>>,
        /// `friends + N` (true, N) or a fixed `N` (false, N).
        friends: bool,
        steps: Number,
        target: Option<TargetDecl>,
        no_revisit: bool,
        span: Span,
    },
    StepEffect {
        /// `None`: the step's power; else a fixed number of liberties.
        threshold: Option<Number>,
        span: Span,
    },
    EnPassant {
        dirs: Vec<Name>,
        smash: bool,
        span: Span,
    },
    Castle {
        dir: Name,
        /// `to file F`: the file the castling piece lands on (else two cells along `dir`).
        to_file: Option<Name>,
        partner: Name,
        letter: String,
        letter_span: Span,
        /// `, wherever they stand`: Chess960 castling (the span of the clause).
        free: Option<Span>,
        span: Span,
    },
    Promote {
        to: Vec<Name>,
        on: Region,
        /// `, also from there`: a move starting in the region may promote too.
        from_too: bool,
        /// `, forced on REGION`: there the piece itself is no choice.
        forced: Option<Region>,
        /// `, each only if I have lost one` (`None` kinds: every choice but the piece itself)
        /// or `, KINDS only if I have lost one`: a choice only while the player has fewer of
        /// it on the board than the setup gave them.
        lost: Option<PromoteLost>,
        /// `, even during a capture`: a jump chain landing in the region crowns the piece
        /// there, and it goes on by the new kind's jumps.
        in_chain: Option<Span>,
        /// `, only when capturing`: only a move that captures promotes.
        on_capture: bool,
        span: Span,
    },
    /// `promote to PIECES in place[ or by a step DIRS][, from REGION[ or anywhere when it is my
    /// last PIECE]][, only while I have no PIECES][, not attacking an enemy][, not giving
    /// check]` (Sittuyin): a promotion that is a move of its own.
    PromoteMove {
        to: Vec<Name>,
        /// `or by a step DIRS`: also onto an empty cell one step away.
        steps: Vec<Name>,
        /// `, from REGION`: only a piece standing there (else anywhere).
        from: Option<Region>,
        /// `or anywhere when it is my last PIECE`: the piece named (the promoting one).
        last: Option<Name>,
        /// `, only while I have no PIECES`: those choices closed while the player has one.
        none_of: Vec<Name>,
        /// `, not attacking an enemy`.
        no_attack: bool,
        /// `, not giving check`.
        no_check: bool,
        span: Span,
    },
    /// `drop on empty[, only on REGION [or REGION]...][, not on REGION [or REGION]...]`: from
    /// the player's hand only.
    Drop {
        /// `, only on ...`: the cells it may land on (none written: every cell).
        only_on: Vec<Region>,
        not_on: Vec<Region>,
        /// `, not on a file with [N of] my PIECE`: the kind and how many of it on the file
        /// forbid the drop (none written: one).
        not_file_with: Option<(Name, Option<Number>)>,
        /// `, not giving checkmate`.
        not_mating: bool,
        /// `, either side up`: also dropped as the kind it promotes to.
        either_side: Option<Span>,
        span: Span,
    },
    /// `fly to any empty cell [when I have N pieces]`.
    FlyAnywhere {
        pieces: Option<Number>,
        span: Span,
    },
    /// `on REGION, captured only when surrounded`.
    Surrounded {
        on: Region,
        span: Span,
    },
    Native(NativeCall),
}

/// `white has 9 stones in hand`: pieces a player starts with off the board.
#[derive(Clone, Debug)]
pub struct InHand {
    pub player: Name,
    pub count: Number,
    pub piece: Name,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Placement {
    pub player: Name,
    pub piece: Name,
    pub region: Region,
    /// `PLAYER has N PIECES on REGION`: a stack of N on each cell (races whose pieces share
    /// cells); `None` for one piece per cell.
    pub count: Option<Number>,
}

#[derive(Clone, Debug)]
pub struct Diagram {
    pub rows: Vec<DiagramRow>,
    pub legend: Vec<LegendEntry>,
    pub span: Span,
}

/// How a board's cells are named, after its shape: `, ranks from 0`, `, files numbered from
/// the right` (`true`: from the right), `, ranks lettered from the top` (`true`: from the top).
#[derive(Clone, Debug, Default)]
pub struct BoardNaming {
    pub rank_base: Option<Number>,
    pub files_numbered: Option<(bool, Span)>,
    pub ranks_lettered: Option<(bool, Span)>,
}

#[derive(Clone, Debug)]
pub struct DiagramRow {
    /// The rank's label: `8`, or `g` where ranks are lettered (a letter may also start the
    /// line of file letters under a diagram).
    pub rank: Name,
    pub cells: Vec<(char, Span)>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct LegendEntry {
    pub symbol: char,
    pub symbol_span: Span,
    pub player: Name,
    pub piece: Name,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultDecl {
    Win,
    Lose,
    Draw,
    /// The player passes (only with `when I have no legal move`).
    Pass,
    /// `a move may not repeat a position for the Nth time` (its condition is
    /// `Repetition(N, [])`): such a move is not legal.
    Forbid,
}

#[derive(Clone, Debug)]
pub struct EndRule {
    /// `for PLAYER:` before the line: read for those players only.
    pub side: Option<SideDecl>,
    pub result: ResultDecl,
    pub cond: EndCondDecl,
    pub span: Span,
}

/// What the opponent's reply may do about a piece's arrival in `when my PIECE reaches
/// REGION`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReachReply {
    /// Nothing: the arrival decides at once.
    None,
    /// `, which the second player may equal` (Racing Kings).
    Equal,
    /// `, unless it can be taken`: only a piece that no enemy piece attacks there counts,
    /// and both players' such pieces draw (Dobutsu's try).
    CannotBeTaken,
    /// `, unless it is taken in reply`: read for the player to move only, whose piece stood
    /// there through the opponent's reply (Jeson Mor).
    NotTakenInReply,
}

/// What `on perpetual chase` leaves out: kinds that do not chase, and kinds not chased (on a
/// region of their owner's, or anywhere).
#[derive(Clone, Debug, Default)]
pub struct ChaseDecl {
    /// `, not by PIECES`.
    pub not_by: Vec<Name>,
    /// `, not of PIECES [in REGION]`.
    pub not_of: Vec<(Vec<Name>, Option<Region>)>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum EndCondDecl {
    NoLegalMove {
        in_check: bool,
        tiebreak: Vec<TiebreakDecl>,
    },
    /// `a player's pits are empty[, decided by ...]` (sowing games).
    PitsEmpty {
        tiebreak: Vec<TiebreakDecl>,
    },
    /// `my store holds more than N seeds`.
    StoreHolds(Number),
    /// `both stores hold N seeds`.
    StoresHold(Number),
    NoPieces(Option<Name>),
    /// `the opponent has no pieces|PIECE`: `NoPieces` read about the opponent of the player
    /// the line is read for.
    OpponentHasNo(Option<Name>),
    /// `the opponent has only PIECE`: every piece the opponent has is of that kind.
    OpponentHasOnly(Name),
    /// `I have fewer than N pieces` (on the board and in hand), or `fewer than N KIND`.
    FewerThan(Number, Option<Name>),
    /// `I have N PIECES and the opponent has none`.
    Monopoly(Number, Name),
    Reaches {
        piece: Name,
        region: Region,
        /// What the opponent's reply may do about the arrival.
        reply: ReachReply,
    },
    /// `my PIECE is bare`.
    Bare(Name),
    /// `I have given check N times`.
    ChecksGiven(Number),
    /// `nobody has PIECES` (`None`: no pieces at all).
    NobodyHas(Option<Name>),
    /// `I have [exactly] N [or more] in a row [along DIRS]`; `both players have ...` with
    /// `both`.
    InARow {
        both: bool,
        exactly: bool,
        length: Number,
        dirs: Option<Vec<Name>>,
    },
    /// `my pieces are connected`.
    Connected,
    /// `all my pieces are on REGION`.
    AllOn(Region),
    /// `my pieces connect REGION and REGION`.
    Connects(Region, Region),
    /// `my pieces connect N sides[, not counting corners]` or `... connect N corners`.
    ConnectsEdges {
        count: Number,
        corners: bool,
        not_counting_corners: bool,
        /// The whole condition, for messages about the board.
        span: Span,
    },
    /// `my pieces form a ring`.
    Ring(Span),
    /// `the board is full[, decided by ...]`.
    BoardFull {
        tiebreak: Vec<TiebreakDecl>,
    },
    /// `nobody can move[, decided by ...]`.
    NobodyCanMove {
        tiebreak: Vec<TiebreakDecl>,
    },
    /// `on twofold|threefold|fourfold repetition[, decided by ...]` (2, 3 or 4).
    Repetition(u32, Vec<TiebreakDecl>),
    /// `on perpetual check`.
    PerpetualCheck,
    /// `on perpetual chase[, not by PIECES][, not of PIECES [in REGION]]`.
    PerpetualChase(ChaseDecl),
    /// `after N passes in a row[, decided by ...]`.
    PassLimit {
        passes: Number,
        /// `while royal pieces face each other`.
        facing: bool,
        tiebreak: Vec<TiebreakDecl>,
    },
    /// `after counting N moves [against N PIECE, ...][, else N][, from the pieces on the
    /// board], when CONDITION [and ...]`: a counting rule (Makruk's honour counts).
    Counting(Box<CountDecl>),
    PlyLimit {
        plies: Number,
        no_progress: Option<Option<Name>>,
        /// `when the pieces are N PIECE [and ...] against N PIECE [and ...]`.
        material: Option<[Vec<(Number, Name)>; 2]>,
        /// `decided by more X, then more Y` (`None`: pieces of any kind).
        tiebreak: Vec<TiebreakDecl>,
    },
}

/// A counting rule as written: `after counting 8 moves against 2 rooks, 16 against 1 rook,
/// else 64, from the pieces on the board, when nobody has pawns and my king is bare`.
#[derive(Clone, Debug)]
pub struct CountDecl {
    /// The limits in moves, each with the opponent's pieces it is for (`against 2 rooks`),
    /// or none (the plain `after counting 64 moves`).
    pub limits: Vec<(Number, Option<(Number, Name)>)>,
    /// `else N`: the limit when none of the pieces named are against the player.
    pub otherwise: Option<Number>,
    /// `from the pieces on the board`: the count starts at the number of pieces on the board.
    pub from_pieces: bool,
    pub conds: Vec<CountCondDecl>,
    /// The whole `after counting ...` clause.
    pub span: Span,
}

/// One condition of a counting rule, read for the player who would count.
#[derive(Clone, Debug)]
pub enum CountCondDecl {
    /// `nobody has PIECES`: neither player has one on the board.
    NobodyHas(Name),
    /// `my PIECE is bare`: that (royal) piece is all the player has on the board.
    Bare(Name),
    /// `I have more than my PIECE`.
    MoreThan(Name),
    /// `I have at most N pieces` (on the board).
    AtMost(Number),
}

/// One comparison of `decided by more ...`.
#[derive(Clone, Debug)]
pub enum TiebreakDecl {
    /// `more seeds`: in the player's store and pits.
    Seeds(Span),
    /// `more PIECEs` (`None`: `more pieces`, of any kind).
    Pieces(Option<Name>),
    /// `more area [with komi K for PLAYER]`: the komi as written (`7.5`), its player, and
    /// where the number is written.
    Area {
        komi: Option<(String, Name, Span)>,
        span: Span,
    },
    /// `more worth [with komi K for PLAYER]`: the worth of the player's pieces.
    Worth {
        komi: Option<(String, Name, Span)>,
        span: Span,
    },
}

#[derive(Clone, Debug)]
pub struct NativeCall {
    pub name: Name,
    pub args: Vec<NativeArg>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum NativeArg {
    Int(i64, Span),
    Ident(Name),
    Str(String, Span),
}

impl NativeArg {
    pub fn span(&self) -> Span {
        match self {
            NativeArg::Int(_, s) | NativeArg::Str(_, s) => *s,
            NativeArg::Ident(n) => n.span,
        }
    }
}

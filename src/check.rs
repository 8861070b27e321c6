//! AST → checked [`Model`]: resolves every name to an id and reports every mistake.
//!
//! The checker never stops at the first error: it records each problem as a [`CheckError`] with
//! the span to blame and goes on, so a description with five mistakes yields five diagnostics.
//! It does not build engine tables (that is [`crate::compile`]) and it never renders text for
//! the terminal (that is [`crate::diagnostic`]).

use crate::ast::{self, *};
use crate::geometry::{parse_file, Board, Cell, CellSet, NONE};
use crate::model::*;
use crate::native::{self, ArgValue, HookCall, ParamType};
pub use crate::syntax::suggest;
use indexmap::IndexMap;

/// One mistake in a description.
#[derive(Debug, Clone, thiserror::Error)]
pub enum CheckError {
    #[error("the game has no `{what}` statement")]
    Missing {
        what: &'static str,
        span: Span,
        hint: &'static str,
    },
    #[error("{message}")]
    Duplicate {
        message: String,
        span: Span,
        first: Span,
        /// Labels for the repeated place and the first one.
        labels: (String, String),
        hint: String,
    },
    #[error("unknown {what} `{name}`")]
    Unknown {
        what: &'static str,
        name: String,
        span: Span,
        suggestion: Option<String>,
        known: Vec<String>,
    },
    #[error("cell `{name}` is not on the board")]
    OffBoard {
        name: String,
        span: Span,
        board: String,
        /// Which cells there are, e.g. "files run from a to h, ranks from 1 to 8".
        cells: String,
    },
    #[error("{what} {value} is out of range")]
    OutOfRange {
        what: &'static str,
        value: String,
        span: Span,
        range: String,
    },
    #[error("{message}")]
    Invalid {
        message: String,
        span: Span,
        label: String,
        hint: String,
    },
    #[error("this rule can never produce a move")]
    Unreachable {
        span: Span,
        reason: String,
        hint: String,
    },
    #[error("piece `{name}` never comes into play")]
    NeverPlaced { name: String, span: Span },
    #[error("wrong arguments for native hook `{hook}`")]
    HookArgs {
        hook: String,
        span: Span,
        problem: String,
        signature: String,
    },
}

impl CheckError {
    /// The source range to blame.
    pub fn span(&self) -> Span {
        match self {
            CheckError::Missing { span, .. }
            | CheckError::Duplicate { span, .. }
            | CheckError::Unknown { span, .. }
            | CheckError::OffBoard { span, .. }
            | CheckError::OutOfRange { span, .. }
            | CheckError::Invalid { span, .. }
            | CheckError::Unreachable { span, .. }
            | CheckError::NeverPlaced { span, .. }
            | CheckError::HookArgs { span, .. } => *span,
        }
    }

    /// A short label under the caret.
    pub fn label(&self) -> String {
        match self {
            CheckError::Missing { .. } => "in this game".into(),
            CheckError::Duplicate { labels, .. } => labels.0.clone(),
            CheckError::Unknown {
                suggestion: Some(s),
                ..
            } => format!("did you mean `{s}`?"),
            CheckError::Unknown { what, .. } => format!("no such {what}"),
            CheckError::OffBoard { board, .. } => format!("the board is {board}"),
            CheckError::OutOfRange { range, .. } => format!("expected {range}"),
            CheckError::Invalid { label, .. } => label.clone(),
            CheckError::Unreachable { reason, .. } => reason.clone(),
            CheckError::NeverPlaced { .. } => "never set up, and nothing promotes to it".into(),
            CheckError::HookArgs { problem, .. } => problem.clone(),
        }
    }

    /// What would be right, as notes under the snippet.
    pub fn notes(&self) -> Vec<String> {
        match self {
            CheckError::Missing { hint, .. } => vec![format!("add a line such as `{hint}`")],
            CheckError::Unknown { what, known, .. } if !known.is_empty() => {
                vec![format!("known {what}s: {}", known.join(", "))]
            }
            CheckError::Duplicate { hint, .. }
            | CheckError::Invalid { hint, .. }
            | CheckError::Unreachable { hint, .. }
                if !hint.is_empty() =>
            {
                vec![hint.clone()]
            }
            CheckError::OffBoard { cells, .. } => vec![cells.clone()],
            CheckError::NeverPlaced { name, .. } => vec![format!(
                "set it up in `setup`, let another piece `promote to {name}`, or remove it"
            )],
            CheckError::HookArgs { signature, .. } => vec![format!("expected {signature}")],
            _ => vec![],
        }
    }

    /// A second place worth showing.
    pub fn secondary(&self) -> Option<(Span, &str)> {
        match self {
            CheckError::Duplicate { first, labels, .. } => Some((*first, labels.1.as_str())),
            _ => None,
        }
    }
}

/// Checks a parsed description.
///
/// # Errors
/// Every problem found, in source order.
pub fn check(d: &Description) -> Result<Model, Vec<CheckError>> {
    let mut cx = Checker::default();
    let model = cx.run(d);
    let mut errors = cx.errors;
    errors.sort_by_key(|e| e.span().start);
    match model {
        Some(m) if errors.is_empty() => Ok(m),
        _ => Err(errors),
    }
}

#[derive(Default)]
struct Checker {
    errors: Vec<CheckError>,
    /// Where each cell was set up, to point at the first placement of a cell set up twice.
    placed_at: IndexMap<Cell, Span>,
    /// A placement or promotion failed to resolve, so "never comes into play" cannot be told.
    uncertain_placements: bool,
}

/// A named region: one cell set per player (equal when not declared per player).
struct NamedRegion {
    sets: [Option<CellSet>; 2],
    per_player: bool,
    /// Where the name was first declared.
    first: Span,
}

/// Everything resolved so far that later parts refer to.
struct Scope<'a> {
    board: Board,
    players: Vec<PlayerModel>,
    player_names: Vec<String>,
    /// Right-hand direction of each player.
    right: Vec<Option<u8>>,
    /// Whether each player's `forward` resolved (relative words are silent when it did not).
    forward_ok: Vec<bool>,
    /// Whether each player was given a `forward` at all.
    forward_declared: Vec<bool>,
    kinds: IndexMap<String, &'a PieceDecl>,
    regions: IndexMap<String, NamedRegion>,
}

const RELATIVE: [&str; 8] = [
    "forward",
    "backward",
    "left",
    "right",
    "forward-left",
    "forward-right",
    "backward-left",
    "backward-right",
];
const DIRECTION_SETS: [&str; 3] = ["orthogonal", "diagonal", "all"];
const BUILTIN_REGIONS: [&str; 2] = ["dark", "light"];
const SETUP_ONCE: &str =
    "a game has at most one `setup` block and one `setup diagram`: merge the two";

impl Checker {
    fn err(&mut self, e: CheckError) {
        self.errors.push(e);
    }

    fn invalid(&mut self, span: Span, message: impl Into<String>, hint: impl Into<String>) {
        self.invalid_labelled(span, message, "", hint);
    }

    fn invalid_labelled(
        &mut self,
        span: Span,
        message: impl Into<String>,
        label: impl Into<String>,
        hint: impl Into<String>,
    ) {
        self.err(CheckError::Invalid {
            message: message.into(),
            span,
            label: label.into(),
            hint: hint.into(),
        });
    }

    /// `{what} `{name}` is declared twice`, pointing at both declarations.
    fn declared_twice(&mut self, what: &str, name: &str, span: Span, first: Span, hint: &str) {
        self.err(CheckError::Duplicate {
            message: format!("{what} `{name}` is declared twice"),
            span,
            first,
            labels: ("declared again here".into(), "first declared here".into()),
            hint: hint.into(),
        });
    }

    /// A statement that may appear once, appearing again.
    fn repeated(&mut self, message: String, span: Span, first: Span, hint: &str) {
        self.err(CheckError::Duplicate {
            message,
            span,
            first,
            labels: ("again here".into(), "first here".into()),
            hint: hint.into(),
        });
    }

    fn unknown(&mut self, what: &'static str, name: &Name, known: &[String]) {
        let suggestion = suggest(&name.text, known.iter().map(String::as_str));
        let known = if suggestion.is_some() || known.len() > 12 {
            vec![]
        } else {
            known.to_vec()
        };
        self.err(CheckError::Unknown {
            what,
            name: name.text.clone(),
            span: name.span,
            suggestion,
            known,
        });
    }

    fn run(&mut self, d: &Description) -> Option<Model> {
        let whole = d.title_span;
        // --- the statements that may appear once
        let mut board_decl: Option<(&BoardDecl, Span)> = None;
        let mut players_decl: Option<(&Vec<PlayerDecl>, Span)> = None;
        let mut notation: Option<&Name> = None;
        let mut levels: Option<&Name> = None;
        let mut compulsory = false;
        let mut majority = false;
        let mut identity = false;
        let mut may_pass: Option<Span> = None;
        let mut first_seen: IndexMap<&'static str, Span> = IndexMap::new();
        for item in &d.items {
            let (key, span) = match item {
                Item::Board(b, s) => {
                    board_decl.get_or_insert((b, *s));
                    ("board", *s)
                }
                Item::Players(p, s) => {
                    players_decl.get_or_insert((p, *s));
                    ("players", *s)
                }
                Item::Notation(n) => {
                    notation.get_or_insert(n);
                    ("notation", n.span)
                }
                Item::Levels(n) => {
                    levels.get_or_insert(n);
                    ("levels", n.span)
                }
                Item::Capture { majority: m, span } => {
                    compulsory = true;
                    majority |= *m;
                    ("capture", *span)
                }
                Item::Identity(s) => {
                    identity = true;
                    ("moves are identified", *s)
                }
                Item::MayPass(s) => {
                    may_pass = Some(*s);
                    ("players may pass", *s)
                }
                Item::End(_, s) => ("end", *s),
                _ => continue,
            };
            if let Some(first) = first_seen.get(key) {
                let hint = match key {
                    "end" => "keep one `end` block and put every end rule in it",
                    _ => "keep one of them",
                };
                self.repeated(
                    format!("the game has more than one `{key}` statement"),
                    span,
                    *first,
                    hint,
                );
            } else {
                first_seen.insert(key, span);
            }
        }

        let Some((board_decl, _)) = board_decl else {
            self.err(CheckError::Missing {
                what: "board",
                span: whole,
                hint: "board square 8 x 8",
            });
            return None;
        };
        let board = self.board(board_decl)?;
        let Some((players_decl, players_span)) = players_decl else {
            self.err(CheckError::Missing {
                what: "players",
                span: whole,
                hint: "players white (forward north), black (forward south)",
            });
            return None;
        };
        let mut scope = Scope {
            board,
            players: Vec::new(),
            player_names: Vec::new(),
            right: Vec::new(),
            forward_ok: Vec::new(),
            forward_declared: Vec::new(),
            kinds: IndexMap::new(),
            regions: IndexMap::new(),
        };
        self.players(&mut scope, players_decl, players_span);
        if scope.players.len() != 2 {
            return None;
        }

        // --- piece names first, so rules can refer to pieces declared later
        for item in &d.items {
            if let Item::Piece(p) = item {
                if let Some(first) = scope.kinds.get(&p.name.text) {
                    self.declared_twice(
                        "piece",
                        &p.name.text,
                        p.name.span,
                        first.name.span,
                        "rename one of them, or merge their rules into one piece",
                    );
                } else {
                    scope.kinds.insert(p.name.text.clone(), p);
                }
            }
        }
        self.letters(&scope);

        // --- named regions, in order (a region may use regions declared above it)
        for item in &d.items {
            if let Item::Region(r) = item {
                self.region_decl(&mut scope, r);
            }
        }

        // --- pieces
        let mut castle_letters: IndexMap<char, Span> = IndexMap::new();
        let kinds: Vec<KindModel> = scope
            .kinds
            .values()
            .map(|p| self.piece(&scope, p, &mut castle_letters))
            .collect();

        // --- setup
        let mut setup = Vec::new();
        // A diagram and a placement list may be combined; a cell set up by both is an error.
        let (mut placement_span, mut diagram_span) = (None, None);
        for item in &d.items {
            match item {
                Item::Setup(pl, s) => {
                    self.once(&mut placement_span, *s, "setup", SETUP_ONCE);
                    self.placements(&scope, pl, &mut setup);
                }
                Item::Diagram(dg) => {
                    self.once(&mut diagram_span, dg.span, "setup", SETUP_ONCE);
                    self.diagram(&scope, dg, &mut setup);
                }
                _ => {}
            }
        }
        let setup_span = placement_span.or(diagram_span);
        // A game whose pieces enter the board may start with an empty one.
        if setup_span.is_none() && !scope.kinds.values().any(|k| enters(k)) {
            self.err(CheckError::Missing {
                what: "setup",
                span: whole,
                hint: "setup { white pawn on rank 2 }",
            });
        }

        // --- end rules
        let mut end = Vec::new();
        for item in &d.items {
            if let Item::End(rules, _) = item {
                for r in rules {
                    if let Some(m) = self.end_rule(&scope, r) {
                        end.push(m);
                    }
                }
                self.pass_rules(rules, may_pass);
            }
        }

        // --- native hooks at game level: none of the registered kinds live there yet
        for item in &d.items {
            if let Item::Native(call) = item {
                if let Some(h) = self.hook(&scope, call) {
                    let spec = &native::REGISTRY[h.hook];
                    self.invalid(
                        call.span,
                        format!("native hook `{}` belongs inside a piece", spec.name),
                        "move this line into the piece whose moves it affects",
                    );
                }
            }
        }

        let notation = match notation {
            None => Notation::Path,
            Some(n) => match n.text.as_str() {
                "coordinates" => Notation::Coordinates,
                "path" => Notation::Path,
                "pieces" => Notation::Pieces,
                _ => {
                    self.unknown(
                        "notation",
                        n,
                        &[
                            "coordinates".to_string(),
                            "path".to_string(),
                            "pieces".to_string(),
                        ],
                    );
                    Notation::Path
                }
            },
        };

        // Without a setup, or with a placement or promotion that did not resolve, a piece
        // missing from the board is most likely a consequence of an error already reported.
        if (setup_span.is_some() || scope.kinds.values().any(|k| enters(k)))
            && !self.uncertain_placements
        {
            self.unplaced_pieces(&scope, &kinds, &setup);
        }

        let levels = levels.and_then(|n| {
            let c = scope.board.cell(&n.text);
            if c.is_none() {
                self.off_board(&scope.board, n);
            }
            c
        });

        let states = self.states(d);
        let uses_layers = d.items.iter().any(|i| matches!(i, Item::State(_)))
            || kinds.iter().any(|k| {
                k.rules[0].iter().any(|r| {
                    matches!(
                        r,
                        RuleModel::Push { .. }
                            | RuleModel::Sleep { .. }
                            | RuleModel::Heal { .. }
                            | RuleModel::Leap {
                                then_fresh: true,
                                ..
                            }
                    )
                }) || !k.hooks.is_empty() && k.hooks.iter().any(|h| native::REGISTRY[h.hook].layers)
            });

        Some(Model {
            states,
            uses_layers,
            levels,
            title: d.title.clone(),
            board: scope.board,
            players: scope.players,
            kinds,
            setup,
            compulsory_capture: compulsory,
            majority_capture: majority,
            identity_by_captures: identity,
            may_pass: may_pass.is_some(),
            notation,
            end,
        })
    }

    fn off_board(&mut self, b: &Board, n: &Name) {
        self.err(CheckError::OffBoard {
            name: n.text.clone(),
            span: n.span,
            board: b.describe(),
            cells: format!(
                "files run from a to {}, ranks from 1 to {}",
                crate::geometry::file_name(b.cols - 1),
                b.rows
            ),
        });
    }

    fn once(&mut self, seen: &mut Option<Span>, span: Span, keyword: &str, hint: &str) {
        match seen {
            Some(first) => {
                let first = *first;
                self.repeated(
                    format!("more than one `{keyword}` where one is allowed"),
                    span,
                    first,
                    hint,
                );
            }
            None => *seen = Some(span),
        }
    }

    fn board(&mut self, b: &BoardDecl) -> Option<Board> {
        match b {
            BoardDecl::Square { width, height } | BoardDecl::Rhombus { width, height } => {
                let mut ok = true;
                for n in [width, height] {
                    if n.value == 0 || n.value > 26 {
                        self.err(CheckError::OutOfRange {
                            what: "board size",
                            value: n.value.to_string(),
                            span: n.span,
                            range: "a size from 1 to 26".into(),
                        });
                        ok = false;
                    }
                }
                if ok && width.value * height.value > crate::geometry::MAX_CELLS as u32 {
                    self.err(CheckError::OutOfRange {
                        what: "board size",
                        value: format!("{} x {}", width.value, height.value),
                        span: Span::new(width.span.start, height.span.end),
                        range: format!("at most {} cells", crate::geometry::MAX_CELLS),
                    });
                    ok = false;
                }
                ok.then(|| match b {
                    BoardDecl::Square { .. } => Board::square(width.value, height.value),
                    _ => Board::rhombus(width.value, height.value),
                })
            }
            BoardDecl::Hex { side } => {
                if side.value < 2 || side.value > 9 {
                    self.err(CheckError::OutOfRange {
                        what: "hexagon side",
                        value: side.value.to_string(),
                        span: side.span,
                        range: "a side from 2 to 9".into(),
                    });
                    return None;
                }
                Some(Board::hex(side.value))
            }
        }
    }

    fn players(&mut self, scope: &mut Scope, decls: &[PlayerDecl], span: Span) {
        if decls.len() != 2 {
            self.invalid(
                span,
                format!("a game needs exactly two players, found {}", decls.len()),
                "Tabula plays two-player games: `players white (forward north), black (forward south)`",
            );
            return;
        }
        let abs: Vec<String> = scope.board.dir_names().map(String::from).collect();
        for p in decls {
            if scope.player_names.contains(&p.name.text) {
                let first = decls.iter().find(|q| q.name.text == p.name.text).unwrap();
                self.declared_twice(
                    "player",
                    &p.name.text,
                    p.name.span,
                    first.name.span,
                    "give the two players different names",
                );
            }
            let fwd = p.forward.as_ref().and_then(|f| {
                let d = scope.board.dir_named(&f.text);
                if d.is_none() {
                    self.unknown("direction", f, &abs);
                }
                d
            });
            let right = match &p.right {
                // Forward turned a quarter clockwise; hexagons have no quarter turn, so there
                // `right` must be written out.
                None if scope.board.dirs.len() == 8 => fwd.and_then(|f| {
                    let d = &scope.board.dirs[f as usize];
                    scope.board.dir_of(d.dy, -d.dx)
                }),
                None => None,
                Some(r) => {
                    let rd = scope.board.dir_named(&r.text);
                    if rd.is_none() {
                        self.unknown("direction", r, &abs);
                    }
                    rd
                }
            };
            scope.player_names.push(p.name.text.clone());
            scope.players.push(PlayerModel {
                name: p.name.text.clone(),
                forward: fwd,
            });
            scope.right.push(right);
            scope.forward_ok.push(fwd.is_some());
            scope.forward_declared.push(p.forward.is_some());
        }
    }

    fn letters(&mut self, scope: &Scope) {
        let mut seen: IndexMap<char, (Span, &str)> = IndexMap::new();
        for p in scope.kinds.values() {
            let mut chars = p.letter.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_alphabetic() => {
                    let up = c.to_ascii_uppercase();
                    if let Some(&(first, owner)) = seen.get(&up) {
                        let letters = if c == up {
                            format!("\"{up}\"")
                        } else {
                            format!("\"{c}\" (\"{up}\")")
                        };
                        self.err(CheckError::Duplicate {
                            message: format!(
                                "pieces `{owner}` and `{}` have the same letter {letters}",
                                p.name.text
                            ),
                            span: p.letter_span,
                            first,
                            labels: (
                                format!("letter of `{}`", p.name.text),
                                format!("letter of `{owner}`"),
                            ),
                            hint: "give each piece its own letter: it names the piece in \
                                   diagrams, positions and moves (upper case for the first \
                                   player, lower case for the second)"
                                .into(),
                        });
                    } else {
                        seen.insert(up, (p.letter_span, p.name.text.as_str()));
                    }
                }
                _ => self.invalid(
                    p.letter_span,
                    format!("piece letter \"{}\" must be a single letter", p.letter),
                    "write one letter, e.g. \"Q\"; the second player's pieces use its lower case",
                ),
            }
        }
    }

    fn player(&mut self, scope: &Scope, n: &Name) -> Option<PlayerId> {
        let p = scope.player_names.iter().position(|x| *x == n.text);
        if p.is_none() {
            self.unknown("player", n, &scope.player_names);
        }
        p
    }

    fn kind(&mut self, scope: &Scope, n: &Name) -> Option<KindId> {
        let k = scope.kinds.get_index_of(&n.text).or_else(|| {
            // "no kings" reads better than "no king".
            n.text
                .strip_suffix('s')
                .and_then(|s| scope.kinds.get_index_of(s))
        });
        if k.is_none() {
            let known: Vec<String> = scope.kinds.keys().cloned().collect();
            self.unknown("piece", n, &known);
        }
        k
    }

    // ------------------------------------------------------------ regions

    fn region_decl(&mut self, scope: &mut Scope, r: &RegionDecl) {
        if BUILTIN_REGIONS.contains(&r.name.text.as_str())
            || scope.board.cell(&r.name.text).is_some()
        {
            self.invalid(
                r.name.span,
                format!(
                    "`{}` already names a cell or a built-in region",
                    r.name.text
                ),
                "choose another name",
            );
            return;
        }
        let player = match &r.player {
            Some(p) => match self.player(scope, p) {
                Some(p) => Some(p),
                None => return,
            },
            None => None,
        };
        if let Some(existing) = scope.regions.get(&r.name.text) {
            let clash = match player {
                None => true,
                Some(p) => !existing.per_player || existing.sets[p].is_some(),
            };
            if clash {
                let (what, hint) = match (player, existing.per_player) {
                    (Some(_), true) => (
                        format!("region for {}", scope.player_names[player.unwrap_or(0)]),
                        "declare the region once for each player",
                    ),
                    (Some(_), false) => (
                        "region".to_string(),
                        "a region is either for all players (`region NAME = ...`) or for each \
                         player (`region NAME for PLAYER = ...`), not both",
                    ),
                    (None, _) => ("region".to_string(), "rename one of them"),
                };
                let first = existing.first;
                self.declared_twice(&what, &r.name.text, r.name.span, first, hint);
                return;
            }
        }
        let mut sets = [None, None];
        for (p, set) in sets.iter_mut().enumerate() {
            if player.is_none_or(|q| q == p) {
                *set = self.region(scope, &r.region, Some(p));
                if set.is_none() {
                    return;
                }
            }
        }
        // A region that reads differently for each player (it says `my ...`) is per player
        // even without `for`: a bare reference to it would silently mean one player's cells.
        let per_player = player.is_some() || sets[0] != sets[1];
        let entry = scope
            .regions
            .entry(r.name.text.clone())
            .or_insert(NamedRegion {
                sets: [None, None],
                per_player,
                first: r.name.span,
            });
        for (slot, set) in entry.sets.iter_mut().zip(sets) {
            if set.is_some() {
                *slot = set;
            }
        }
    }

    /// Evaluates a region for `player` (`None` where "my" has no meaning).
    fn region(&mut self, scope: &Scope, r: &Region, player: Option<PlayerId>) -> Option<CellSet> {
        let mut out = CellSet::EMPTY;
        let mut ok = true;
        for t in &r.terms {
            match self.region_term(scope, t, player) {
                Some(s) => out = out.union(&s),
                None => ok = false,
            }
        }
        ok.then_some(out)
    }

    /// The player's forward direction, reporting its absence (but not an already reported
    /// unknown direction).
    fn forward_of(&mut self, scope: &Scope, p: PlayerId, span: Span) -> Option<u8> {
        let f = scope.players[p].forward;
        if f.is_none() && !scope.forward_declared[p] {
            self.invalid(
                span,
                format!(
                    "`my` ranks need the player's forward direction: write `{} (forward <direction>)` in `players`",
                    scope.player_names[p]
                ),
                "",
            );
        }
        f
    }

    fn my_player(&mut self, player: Option<PlayerId>, span: Span) -> Option<PlayerId> {
        if player.is_none() {
            self.invalid(
                span,
                "`my` has no meaning here",
                "name the cells directly, or declare the region `for` a player",
            );
        }
        player
    }

    fn rank_number(&mut self, scope: &Scope, n: &Number) -> Option<i32> {
        if n.value == 0 || n.value > scope.board.rows {
            self.err(CheckError::OutOfRange {
                what: "rank",
                value: n.value.to_string(),
                span: n.span,
                range: format!("a rank from 1 to {}", scope.board.rows),
            });
            return None;
        }
        Some(n.value as i32 - 1)
    }

    fn file_number(&mut self, scope: &Scope, n: &Name) -> Option<i32> {
        match parse_file(&n.text) {
            Some(f) if f < scope.board.cols => Some(f as i32),
            _ => {
                self.err(CheckError::OutOfRange {
                    what: "file",
                    value: format!("`{}`", n.text),
                    span: n.span,
                    range: format!(
                        "a file from a to {}",
                        crate::geometry::file_name(scope.board.cols - 1)
                    ),
                });
                None
            }
        }
    }

    /// "My rank k": cells from which exactly k - 1 steps backward stay on the board.
    fn my_ranks(scope: &Scope, fwd: u8, lo: u32, hi: u32) -> CellSet {
        let back = scope.board.opposite[fwd as usize];
        let mut s = CellSet::EMPTY;
        for c in 0..scope.board.len() {
            let k = scope.board.run_length(c as Cell, back) + 1;
            if k >= lo && k <= hi {
                s.insert(c as Cell);
            }
        }
        s
    }

    fn my_rank_range(&mut self, scope: &Scope, lo: &Number, hi: &Number) -> bool {
        let max = scope.board.rows.max(scope.board.cols);
        for n in [lo, hi] {
            if n.value == 0 || n.value > max {
                self.err(CheckError::OutOfRange {
                    what: "rank",
                    value: n.value.to_string(),
                    span: n.span,
                    range: format!("a rank from 1 to {max}"),
                });
                return false;
            }
        }
        if lo.value > hi.value {
            self.empty_range(lo.span, hi.span, lo.value, hi.value);
            return false;
        }
        true
    }

    fn empty_range(&mut self, a: Span, b: Span, lo: u32, hi: u32) {
        self.invalid_labelled(
            Span::new(a.start, b.end),
            format!("the range {lo}..{hi} is empty"),
            format!("no number is from {lo} up to {hi}"),
            format!("write the smaller bound first: {hi}..{lo}"),
        );
    }

    fn region_term(
        &mut self,
        scope: &Scope,
        t: &RegionTerm,
        player: Option<PlayerId>,
    ) -> Option<CellSet> {
        let b = &scope.board;
        match t {
            RegionTerm::MyFarRank(span) => {
                let p = self.my_player(player, *span)?;
                let fwd = self.forward_of(scope, p, *span)?;
                let mut s = CellSet::EMPTY;
                for c in 0..b.len() {
                    if b.step(c as Cell, fwd) == NONE {
                        s.insert(c as Cell);
                    }
                }
                Some(s)
            }
            RegionTerm::MyRank(n) => {
                let p = self.my_player(player, n.span)?;
                let f = self.forward_of(scope, p, n.span)?;
                self.my_rank_range(scope, n, n)
                    .then(|| Self::my_ranks(scope, f, n.value, n.value))
            }
            RegionTerm::MyRanks(lo, hi) => {
                let p = self.my_player(player, lo.span)?;
                let f = self.forward_of(scope, p, lo.span)?;
                self.my_rank_range(scope, lo, hi)
                    .then(|| Self::my_ranks(scope, f, lo.value, hi.value))
            }
            RegionTerm::MyNamed(n) => {
                let p = self.my_player(player, n.span)?;
                match scope.regions.get(&n.text) {
                    Some(r) => match r.sets[p] {
                        Some(s) => Some(s),
                        None => {
                            self.invalid(
                                n.span,
                                format!(
                                    "region `{}` is not declared for {}",
                                    n.text, scope.player_names[p]
                                ),
                                format!(
                                    "add `region {} for {} = ...`",
                                    n.text, scope.player_names[p]
                                ),
                            );
                            None
                        }
                    },
                    None => {
                        let known: Vec<String> = scope.regions.keys().cloned().collect();
                        self.unknown("region", n, &known);
                        None
                    }
                }
            }
            RegionTerm::Rank(n) => {
                let y = self.rank_number(scope, n)?;
                Some(b.select(|_, yy| yy == y))
            }
            RegionTerm::Ranks(lo, hi) => {
                let a = self.rank_number(scope, lo)?;
                let z = self.rank_number(scope, hi)?;
                if a > z {
                    self.empty_range(lo.span, hi.span, lo.value, hi.value);
                    return None;
                }
                Some(b.select(|_, y| y >= a && y <= z))
            }
            RegionTerm::File(n) => {
                let x = self.file_number(scope, n)?;
                Some(b.select(|xx, _| xx == x))
            }
            RegionTerm::Colour(k, n) => {
                if n.value < 2 || n.value > 6 {
                    self.err(CheckError::OutOfRange {
                        what: "colour count",
                        value: n.value.to_string(),
                        span: n.span,
                        range: "2 to 6 colours".into(),
                    });
                    return None;
                }
                if k.value >= n.value {
                    self.err(CheckError::OutOfRange {
                        what: "colour",
                        value: k.value.to_string(),
                        span: k.span,
                        range: format!("a colour from 0 to {}", n.value - 1),
                    });
                    return None;
                }
                let (k, n) = (k.value as i32, n.value as i32);
                Some(b.select(|x, y| (x + y) % n == k))
            }
            RegionTerm::Files(lo, hi) => {
                let a = self.file_number(scope, lo)?;
                let z = self.file_number(scope, hi)?;
                if a > z {
                    self.invalid_labelled(
                        Span::new(lo.span.start, hi.span.end),
                        format!("the range {}..{} is empty", lo.text, hi.text),
                        format!("no file is from {} up to {}", lo.text, hi.text),
                        format!("write the earlier file first: {}..{}", hi.text, lo.text),
                    );
                    return None;
                }
                Some(b.select(|x, _| x >= a && x <= z))
            }
            RegionTerm::Named(n) => {
                if let Some(r) = scope.regions.get(&n.text) {
                    if r.per_player {
                        self.invalid(
                            n.span,
                            format!("region `{}` is declared per player", n.text),
                            format!("write `my {}`", n.text),
                        );
                        return None;
                    }
                    return r.sets[0];
                }
                match n.text.as_str() {
                    "dark" => return Some(b.select(|x, y| (x + y) % 2 == 0)),
                    "light" => return Some(b.select(|x, y| (x + y) % 2 == 1)),
                    _ => {}
                }
                if let Some(c) = b.cell(&n.text) {
                    let mut s = CellSet::EMPTY;
                    s.insert(c);
                    return Some(s);
                }
                if looks_like_cell(&n.text) {
                    self.off_board(b, n);
                } else {
                    let mut known: Vec<String> = scope.regions.keys().cloned().collect();
                    known.extend(BUILTIN_REGIONS.iter().map(|s| s.to_string()));
                    self.unknown("region", n, &known);
                }
                None
            }
        }
    }

    // ------------------------------------------------------------ directions

    /// Resolves direction words for player `p` into absolute direction ids.
    fn dirs(
        &mut self,
        scope: &Scope,
        names: &[Name],
        p: PlayerId,
        report: bool,
    ) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        let mut ok = true;
        for n in names {
            match self.dir_word(scope, &n.text, p) {
                Ok(ds) => {
                    for d in ds {
                        if !out.contains(&d) {
                            out.push(d);
                        }
                    }
                }
                Err(msg) => {
                    ok = false;
                    if report {
                        match msg {
                            None => {
                                let mut known: Vec<String> =
                                    scope.board.dir_names().map(String::from).collect();
                                known.extend(RELATIVE.iter().map(|s| s.to_string()));
                                known.extend(DIRECTION_SETS.iter().map(|s| s.to_string()));
                                self.unknown("direction", n, &known);
                            }
                            Some(m) if m.is_empty() => {}
                            Some(m) => self.invalid(n.span, m, ""),
                        }
                    }
                }
            }
        }
        ok.then_some(out)
    }

    fn dir_word(&self, scope: &Scope, w: &str, p: PlayerId) -> Result<Vec<u8>, Option<String>> {
        let b = &scope.board;
        if let Some(d) = b.dir_named(w) {
            return Ok(vec![d]);
        }
        let square = b.dirs.len() == 8;
        match w {
            "all" => return Ok((0..b.dirs.len() as u8).collect()),
            "orthogonal" | "diagonal" if square => {
                let diag = w == "diagonal";
                return Ok((0..8u8)
                    .filter(|&d| {
                        let v = &b.dirs[d as usize];
                        (v.dx != 0 && v.dy != 0) == diag
                    })
                    .collect());
            }
            "orthogonal" | "diagonal" => {
                return Err(Some(format!(
                    "`{w}` has no meaning on a hexagonal board; use `all` or named directions"
                )))
            }
            _ => {}
        }
        if !RELATIVE.contains(&w) {
            return Err(None);
        }
        let Some(fwd) = scope.players[p].forward else {
            return Err(Some(if scope.forward_declared[p] {
                // Already reported at the player's declaration.
                String::new()
            } else {
                format!(
                    "`{w}` needs the player's forward direction: write `{} (forward <direction>)` in `players`",
                    scope.player_names[p]
                )
            }));
        };
        let f = &b.dirs[fwd as usize];
        let (fx, fy) = (f.dx, f.dy);
        let Some(r) = scope.right[p] else {
            return Err(Some(format!(
                "`{w}` needs the player's right-hand direction: add `right <direction>` to `players`"
            )));
        };
        let (rx, ry) = (b.dirs[r as usize].dx, b.dirs[r as usize].dy);
        let (dx, dy) = match w {
            "forward" => (fx, fy),
            "backward" => (-fx, -fy),
            "right" => (rx, ry),
            "left" => (-rx, -ry),
            "forward-right" => (fx + rx, fy + ry),
            "forward-left" => (fx - rx, fy - ry),
            "backward-right" => (-fx + rx, -fy + ry),
            _ => (-fx - rx, -fy - ry),
        };
        b.dir_of(dx, dy)
            .map(|d| vec![d])
            .ok_or_else(|| Some(format!("`{w}` is not a direction of this board")))
    }

    // ------------------------------------------------------------ pieces

    fn target(t: Option<TargetDecl>, default: Target) -> Target {
        match t {
            None => default,
            Some(TargetDecl::Empty) => Target::Empty,
            Some(TargetDecl::Enemy) => Target::Enemy,
            Some(TargetDecl::EmptyOrEnemy) => Target::EmptyOrEnemy,
            Some(TargetDecl::EmptyOrAny) => Target::EmptyOrAny,
            Some(TargetDecl::Smash) => Target::Smash,
        }
    }

    fn piece(
        &mut self,
        scope: &Scope,
        p: &PieceDecl,
        castle_letters: &mut IndexMap<char, Span>,
    ) -> KindModel {
        let mut rules: [Vec<RuleModel>; 2] = [Vec::new(), Vec::new()];
        let mut promotion: Option<Promotion> = None;
        let mut promotion_span: Option<Span> = None;
        let mut step_effect: Option<(Threshold, Span)> = None;
        let mut bar: Option<(KindId, Vec<u8>)> = None;
        let mut bar_span: Option<Span> = None;
        let mut hooks = Vec::new();
        for r in &p.rules {
            match r {
                RuleDecl::Bar { piece, dirs, span } => {
                    let mut seen = bar_span;
                    self.once(
                        &mut seen,
                        *span,
                        "never beside",
                        "a piece has one `never beside` line: list all directions in it",
                    );
                    bar_span = seen;
                    let k = self.kind(scope, piece);
                    let ds = self.dirs(scope, dirs, 0, true);
                    if let (Some(k), Some(ds)) = (k, ds) {
                        bar.get_or_insert((k, ds));
                    }
                }
                RuleDecl::StepEffect { threshold, span } => {
                    let mut seen = step_effect.map(|(_, s)| s);
                    self.once(
                        &mut seen,
                        *span,
                        "after each step",
                        "a piece has one effect after each step: merge the two lines",
                    );
                    let t = match threshold {
                        None => Threshold::Power,
                        Some(n) if n.value <= 12 => Threshold::Fixed(n.value as u8),
                        Some(n) => {
                            self.err(CheckError::OutOfRange {
                                what: "liberty count",
                                value: n.value.to_string(),
                                span: n.span,
                                range: "0 to 12 liberties".into(),
                            });
                            continue;
                        }
                    };
                    step_effect.get_or_insert((t, *span));
                }
                RuleDecl::Promote { to, on, span } => {
                    self.once(
                        &mut promotion_span,
                        *span,
                        "promote",
                        "list every choice in one rule: `promote to queen, rook on my far rank`",
                    );
                    let kinds: Vec<KindId> =
                        to.iter().filter_map(|n| self.kind(scope, n)).collect();
                    let mut region = [CellSet::EMPTY; 2];
                    let mut ok = kinds.len() == to.len();
                    for (pl, reg) in region.iter_mut().enumerate() {
                        match self.region(scope, on, Some(pl)) {
                            Some(s) => *reg = s,
                            None => {
                                ok = false;
                                break;
                            }
                        }
                    }
                    if ok && region.iter().all(CellSet::is_empty) {
                        self.err(CheckError::Unreachable {
                            span: on.span,
                            reason: "this region has no cells".into(),
                            hint: String::new(),
                        });
                    }
                    if kinds.len() != to.len() {
                        self.uncertain_placements = true;
                    }
                    if ok {
                        promotion = Some(Promotion { to: kinds, region });
                    }
                }
                RuleDecl::Native(call) => {
                    if let Some(h) = self.hook(scope, call) {
                        hooks.push(h);
                    }
                }
                _ => {
                    // Report errors once, from the first player's pass; the second player's
                    // rule resolves alike unless it names something of its own (a region
                    // declared for one player only), which is then reported too.
                    let first = self.rule(scope, r, 0, true, castle_letters);
                    let second = self.rule(scope, r, 1, false, castle_letters);
                    if first.is_some() && second.is_none() {
                        let mut again = Checker::default();
                        let mut letters = castle_letters.clone();
                        again.rule(scope, r, 1, true, &mut letters);
                        self.errors.extend(again.errors.into_iter().filter(|e| {
                            !matches!(
                                e,
                                CheckError::Unreachable { .. } | CheckError::Duplicate { .. }
                            )
                        }));
                    }
                    for (out, m) in rules.iter_mut().zip([first, second]) {
                        out.extend(m);
                    }
                }
            }
        }
        if let Some((_, span)) = step_effect {
            let walks = p.rules.iter().any(|r| matches!(r, RuleDecl::Walk { .. }));
            // With an effect after each step every route is a move of its own (Rascals R3), and
            // routes grow exponentially with the steps.
            for r in &p.rules {
                if let RuleDecl::Walk { friends, steps, .. } = r {
                    let most = steps.value
                        + if *friends {
                            scope.board.dirs.len() as u32
                        } else {
                            0
                        };
                    if most > MAX_EFFECT_WALK {
                        self.err(CheckError::OutOfRange {
                            what: "walk length",
                            value: most.to_string(),
                            span: steps.span,
                            range: format!(
                                "at most {MAX_EFFECT_WALK} steps (friends counted) with `after each \
                                 step`: every route is a move, and routes multiply with each step"
                            ),
                        });
                    }
                }
            }
            if !walks {
                self.err(CheckError::Unreachable {
                    span,
                    reason: "this piece has no `walk`, so it never takes steps".into(),
                    hint: "`after each step ...` applies to the steps of a `walk`".into(),
                });
            }
        }
        KindModel {
            name: p.name.text.clone(),
            span: p.name.span,
            letter: p.letter.chars().next().unwrap_or('?').to_ascii_uppercase(),
            royal: p.royal,
            worth: p.worth.map_or(1, |w| w.value as i32),
            step_effect: step_effect.map(|(t, _)| t),
            immune: self.effects(&p.immune),
            bar,
            rules,
            promotion,
            hooks,
        }
    }

    fn range(&mut self, r: &Option<(Number, Number)>, default: (u8, u8)) -> Option<(u8, u8)> {
        match r {
            None => Some(default),
            Some((lo, hi)) => {
                if lo.value > hi.value {
                    self.empty_range(lo.span, hi.span, lo.value, hi.value);
                    return None;
                }
                Some((lo.value.min(254) as u8, hi.value.min(254) as u8))
            }
        }
    }

    /// Whether a step (or a double step) in one of `dirs` from some cell of `from` stays on
    /// the board.
    fn step_stays_on_board(scope: &Scope, dirs: &[u8], from: CellSet, twice: bool) -> bool {
        let b = &scope.board;
        let n = if twice { 2 } else { 1 };
        from.iter().any(|c| {
            dirs.iter().any(|&d| {
                let mut x = c;
                for _ in 0..n {
                    if x != NONE {
                        x = b.step(x, d);
                    }
                }
                x != NONE
            })
        })
    }

    /// [`Self::step_stays_on_board`] for player `p`, resolving names without reporting;
    /// `None` when they do not resolve.
    fn quiet_step_stays(
        scope: &Scope,
        dirs: &[Name],
        from: &Region,
        twice: bool,
        p: PlayerId,
    ) -> Option<bool> {
        let mut quiet = Checker::default();
        let ds = quiet.dirs(scope, dirs, p, false)?;
        let f = quiet.region(scope, from, Some(p))?;
        Some(Self::step_stays_on_board(scope, &ds, f, twice))
    }

    fn rule(
        &mut self,
        scope: &Scope,
        r: &RuleDecl,
        p: PlayerId,
        report: bool,
        castle_letters: &mut IndexMap<char, Span>,
    ) -> Option<RuleModel> {
        let b = &scope.board;
        match r {
            RuleDecl::Step {
                dirs,
                twice,
                target,
                from,
                en_passant,
                span,
            } => {
                let ds = self.dirs(scope, dirs, p, report)?;
                let from_decl = from;
                let from = match from {
                    Some(reg) if report => Some(self.region(scope, reg, Some(p))?),
                    Some(reg) => {
                        let mut quiet = Checker::default();
                        Some(quiet.region(scope, reg, Some(p))?)
                    }
                    None => None,
                };
                if let (Some(f), Some(reg)) = (from, from_decl) {
                    if !Self::step_stays_on_board(scope, &ds, f, *twice) {
                        // Report once: from the first player's pass when the rule is dead for
                        // both players, else from the pass of the player it is dead for.
                        let other = 1 - p;
                        let other_dead =
                            Self::quiet_step_stays(scope, dirs, reg, *twice, other) == Some(false);
                        if report || !other_dead {
                            let who = if other_dead {
                                String::new()
                            } else {
                                format!(" for {}", scope.player_names[p])
                            };
                            let (steps, verb) = if *twice {
                                ("two steps", "leave")
                            } else {
                                ("a step", "leaves")
                            };
                            let words: Vec<String> =
                                dirs.iter().map(|d| format!("`{}`", d.text)).collect();
                            self.err(CheckError::Unreachable {
                                span: *span,
                                reason: format!(
                                    "{steps} {} from `{}` always {verb} the board{who}",
                                    words.join(", "),
                                    region_text(reg)
                                ),
                                hint: "change the direction or the `from` region".into(),
                            });
                        }
                        return None;
                    }
                }
                let target = Self::target(*target, Target::EmptyOrEnemy);
                if *en_passant && (!twice || target != Target::Empty) {
                    if report {
                        self.invalid(
                            *span,
                            "only a double step to an empty cell may be taken en passant",
                            "write `step forward twice to empty ..., may be taken en passant`",
                        );
                    }
                    return None;
                }
                if *twice && target != Target::Empty {
                    if report {
                        self.invalid(
                            *span,
                            "a step `twice` must go `to empty`",
                            "add `to empty`; captures take single steps",
                        );
                    }
                    return None;
                }
                Some(RuleModel::Step {
                    dirs: ds,
                    twice: *twice,
                    target,
                    from,
                    en_passant: *en_passant,
                })
            }
            RuleDecl::Slide {
                dirs,
                until_blocked,
                target,
                ..
            } => Some(RuleModel::Slide {
                dirs: self.dirs(scope, dirs, p, report)?,
                until_blocked: *until_blocked,
                target: Self::target(*target, Target::EmptyOrEnemy),
            }),
            RuleDecl::Leap {
                a,
                b: bb,
                target,
                then_fresh,
                span,
            } => {
                if b.dirs.len() != 8 {
                    if report {
                        self.invalid(*span, "leaps are defined on square boards only", "");
                    }
                    return None;
                }
                let (x, y) = (a.value as i32, bb.value as i32);
                if x == 0 && y == 0 {
                    if report {
                        self.err(CheckError::Unreachable {
                            span: *span,
                            reason: "a leap of (0, 0) goes nowhere".into(),
                            hint: "a knight leaps (1, 2), a camel (1, 3)".into(),
                        });
                    }
                    return None;
                }
                let mut offsets = Vec::new();
                for (dx, dy) in [(x, y), (y, x)] {
                    for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        let o = (dx * sx, dy * sy);
                        if !offsets.contains(&o) {
                            offsets.push(o);
                        }
                    }
                }
                Some(RuleModel::Leap {
                    offsets,
                    target: Self::target(*target, Target::EmptyOrEnemy),
                    label: (a.value, bb.value),
                    then_fresh: *then_fresh,
                })
            }
            RuleDecl::Fly { dirs, then, .. } => {
                let ds = self.dirs(scope, dirs, p, report)?;
                let then = match then {
                    Some(t) => Some(self.dirs(scope, t, p, report)?),
                    None => None,
                };
                Some(RuleModel::Fly { dirs: ds, then })
            }
            RuleDecl::Push { dirs, .. } => Some(RuleModel::Push {
                dirs: self.dirs(scope, dirs, p, report)?,
            }),
            RuleDecl::Sleep { dirs, .. } => Some(RuleModel::Sleep {
                dirs: self.dirs(scope, dirs, p, report)?,
            }),
            RuleDecl::Heal { dirs, .. } => Some(RuleModel::Heal {
                dirs: self.dirs(scope, dirs, p, report)?,
            }),
            RuleDecl::Swap { .. } => Some(RuleModel::Swap),
            RuleDecl::SlideShoot {
                dirs, piece, shoot, ..
            } => {
                let ds = self.dirs(scope, dirs, p, report);
                let kind = if report {
                    self.kind(scope, piece)
                } else {
                    Checker::default().kind(scope, piece)
                };
                let shoot = self.dirs(scope, shoot, p, report);
                Some(RuleModel::SlideShoot {
                    dirs: ds?,
                    piece: kind?,
                    shoot: shoot?,
                })
            }
            RuleDecl::LineCount {
                dirs,
                over_friends,
                target,
                span,
            } => {
                let ds = self.dirs(scope, dirs, p, report)?;
                let target = Self::target(*target, Target::EmptyOrEnemy);
                if target == Target::Smash {
                    if report {
                        self.invalid(
                            *span,
                            "a move by the pieces on its line cannot smash",
                            "end it with `to empty`, `to enemy` or `to empty or enemy`",
                        );
                    }
                    return None;
                }
                Some(RuleModel::LineCount {
                    dirs: ds,
                    over_friends: *over_friends,
                    target,
                })
            }
            RuleDecl::Place {
                falling,
                flipping,
                only_flips,
                ..
            } => {
                let falling = match falling {
                    Some(n) => {
                        let ds = self.dirs(scope, std::slice::from_ref(n), p, report)?;
                        if ds.len() != 1 {
                            if report {
                                self.invalid(
                                    n.span,
                                    format!("a piece falls in one direction, not `{}`", n.text),
                                    "name one direction, e.g. `falling south`",
                                );
                            }
                            return None;
                        }
                        Some(ds[0])
                    }
                    None => None,
                };
                let flipping_names = flipping;
                let flipping = match flipping {
                    Some(ds) => Some(self.dirs(scope, ds, p, report)?),
                    None => None,
                };
                if let (Some(dirs), Some(names)) = (&flipping, flipping_names) {
                    // A move lists the pieces it flips in a fixed-size path.
                    let most = most_flips(&scope.board, dirs);
                    if most > crate::engine::MAX_CAPTURES {
                        if report {
                            let span =
                                Span::new(names[0].span.start, names[names.len() - 1].span.end);
                            self.invalid(
                                span,
                                format!(
                                    "a placement here could flip {most} pieces at once; at most {} can be flipped in one move",
                                    crate::engine::MAX_CAPTURES
                                ),
                                "flip along fewer directions, or use a smaller board",
                            );
                        }
                        return None;
                    }
                }
                if let (Some(sp), None) = (only_flips, &flipping) {
                    if report {
                        self.invalid(
                            *sp,
                            "`only where it flips` needs a `flipping` clause before it",
                            "write `place on empty, flipping bracketed enemies along all, only where it flips`",
                        );
                    }
                    return None;
                }
                Some(RuleModel::Place {
                    falling,
                    flipping,
                    only_flips: only_flips.is_some(),
                })
            }
            RuleDecl::Bar { .. } => None,
            RuleDecl::Jump {
                far,
                dirs,
                hurdle,
                gap,
                beyond,
                landing,
                repeatedly,
                ..
            } => {
                let ds = self.dirs(scope, dirs, p, report)?;
                let (dg, db) = if *far {
                    ((0, 254), (1, 254))
                } else {
                    ((0, 0), (1, 1))
                };
                let gap = if report {
                    self.range(gap, dg)?
                } else {
                    Checker::default().range(gap, dg)?
                };
                let beyond_span = beyond.as_ref().map_or(Span::default(), |(lo, hi)| {
                    Span::new(lo.span.start, hi.span.end)
                });
                let beyond = if report {
                    self.range(beyond, db)?
                } else {
                    Checker::default().range(beyond, db)?
                };
                if beyond.0 == 0 {
                    if report {
                        self.invalid_labelled(
                            beyond_span,
                            "a jump must land at least 1 cell beyond the piece it jumps",
                            "0 cells beyond would land on the jumped piece",
                            "start the range at 1, e.g. `beyond 1..3`",
                        );
                    }
                    return None;
                }
                let landing = match landing {
                    Some(reg) => Some(if report {
                        self.region(scope, reg, Some(p))?
                    } else {
                        Checker::default().region(scope, reg, Some(p))?
                    }),
                    None => None,
                };
                Some(RuleModel::Jump {
                    dirs: ds,
                    hurdle: match hurdle {
                        HurdleDecl::Enemy => Hurdle::Enemy,
                        HurdleDecl::Friend => Hurdle::Friend,
                        HurdleDecl::Any => Hurdle::Any,
                    },
                    gap,
                    beyond,
                    landing,
                    repeatedly: *repeatedly,
                })
            }
            RuleDecl::Walk {
                dirs,
                friends,
                steps,
                target,
                no_revisit,
                span,
            } => {
                let ds = match dirs {
                    Some(d) => self.dirs(scope, d, p, report)?,
                    None => (0..b.dirs.len() as u8).collect(),
                };
                if !matches!(target, None | Some(TargetDecl::Empty)) {
                    if report {
                        self.invalid(
                            *span,
                            "a walk steps to empty cells only",
                            "write `to empty` or leave the target out; captures happen `after each step`",
                        );
                    }
                    return None;
                }
                if steps.value > 30 || (!friends && steps.value == 0) {
                    if report {
                        self.err(CheckError::OutOfRange {
                            what: "step budget",
                            value: steps.value.to_string(),
                            span: steps.span,
                            range: "1 to 30 steps".into(),
                        });
                    }
                    return None;
                }
                Some(RuleModel::Walk {
                    dirs: ds,
                    friends: *friends,
                    steps: steps.value as u8,
                    no_revisit: *no_revisit,
                })
            }
            RuleDecl::StepEffect { .. } => None,
            RuleDecl::EnPassant { dirs, smash, .. } => Some(RuleModel::EnPassant {
                smash: *smash,
                dirs: self.dirs(scope, dirs, p, report)?,
            }),
            RuleDecl::Castle {
                dir,
                partner,
                letter,
                letter_span,
                ..
            } => {
                let d = b.dir_named(&dir.text);
                if d.is_none() && report {
                    let known: Vec<String> = b.dir_names().map(String::from).collect();
                    self.unknown("direction", dir, &known);
                }
                let k = if report {
                    self.kind(scope, partner)
                } else {
                    scope.kinds.get_index_of(&partner.text)
                };
                let mut chars = letter.chars();
                let l = match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_ascii_alphabetic() => Some(c.to_ascii_uppercase()),
                    _ => {
                        if report {
                            self.invalid(
                                *letter_span,
                                format!("castling letter \"{letter}\" must be a single letter"),
                                "write one letter, e.g. \"K\"",
                            );
                        }
                        None
                    }
                };
                if let (Some(l), true) = (l, report) {
                    if let Some(first) = castle_letters.get(&l) {
                        let first = *first;
                        self.repeated(
                            format!("castling letter \"{letter}\" is used twice"),
                            *letter_span,
                            first,
                            "each castling right needs its own letter",
                        );
                    } else {
                        castle_letters.insert(l, *letter_span);
                    }
                }
                Some(RuleModel::Castle {
                    dir: d?,
                    partner: k?,
                    letter: l?,
                })
            }
            RuleDecl::Promote { .. } | RuleDecl::Native(_) => None,
        }
    }

    fn hook(&mut self, scope: &Scope, call: &NativeCall) -> Option<HookCall> {
        let Some(h) = native::find(&call.name.text) else {
            let known: Vec<String> = native::REGISTRY
                .iter()
                .map(|h| h.name.to_string())
                .collect();
            self.unknown("native hook", &call.name, &known);
            return None;
        };
        let spec = &native::REGISTRY[h];
        let fail = |problem: String, span: Span| CheckError::HookArgs {
            hook: spec.name.to_string(),
            span,
            problem,
            signature: spec.signature(),
        };
        if call.args.len() != spec.params.len() {
            self.err(fail(
                format!(
                    "takes {} argument{}, given {}",
                    spec.params.len(),
                    if spec.params.len() == 1 { "" } else { "s" },
                    call.args.len()
                ),
                call.span,
            ));
            return None;
        }
        let mut args = Vec::new();
        for (a, ps) in call.args.iter().zip(spec.params) {
            let v = match (ps.ty, a) {
                (ParamType::Int, ast::NativeArg::Int(v, _)) => Some(ArgValue::Int(*v)),
                (ParamType::Cell, ast::NativeArg::Ident(n)) => {
                    scope.board.cell(&n.text).map(ArgValue::Cell)
                }
                (ParamType::Piece, ast::NativeArg::Ident(n)) => {
                    scope.kinds.get_index_of(&n.text).map(ArgValue::Kind)
                }
                (ParamType::Directions, ast::NativeArg::Ident(n)) => self
                    .dir_word(scope, &n.text, 0)
                    .ok()
                    .map(|ds| ArgValue::Dirs(ds.iter().fold(0u16, |m, &d| m | 1 << d))),
                _ => None,
            };
            match v {
                Some(v) => args.push(v),
                None => {
                    let found = match a {
                        ast::NativeArg::Int(..) => "a number".to_string(),
                        ast::NativeArg::Str(..) => "a quoted string".to_string(),
                        ast::NativeArg::Ident(n) => match ps.ty {
                            ParamType::Cell if looks_like_cell(&n.text) => {
                                format!("`{}`, which is not on the board", n.text)
                            }
                            ParamType::Piece => format!("`{}`, which is not a piece", n.text),
                            _ => format!("the name `{}`", n.text),
                        },
                    };
                    self.err(fail(
                        format!("`{}` must be {}, found {found}", ps.name, ps.ty.describe()),
                        a.span(),
                    ));
                    return None;
                }
            }
        }
        Some(HookCall { hook: h, args })
    }

    // ------------------------------------------------------------ setup

    /// Puts a piece on a cell at the start; when the cell is taken already, returns where it
    /// was first set up.
    fn place(
        &mut self,
        setup: &mut Vec<(Cell, PlayerId, KindId)>,
        cell: Cell,
        (p, k): (PlayerId, KindId),
        span: Span,
    ) -> Result<(), Span> {
        if let Some(&first) = self.placed_at.get(&cell) {
            return Err(first);
        }
        self.placed_at.insert(cell, span);
        setup.push((cell, p, k));
        Ok(())
    }

    /// Reports cells of one placement that were set up already.
    fn set_up_twice(&mut self, scope: &Scope, cells: &[Cell], span: Span, first: Span) {
        let names: Vec<String> = cells
            .iter()
            .map(|&c| format!("`{}`", scope.board.names[c as usize]))
            .collect();
        const SHOWN: usize = 4;
        let message = match names.len() {
            1 => format!("cell {} is set up twice", names[0]),
            n if n <= SHOWN => format!("cells {} are set up twice", names.join(", ")),
            n => format!(
                "{n} cells are set up twice: {} and {} more",
                names[..SHOWN].join(", "),
                n - SHOWN
            ),
        };
        self.err(CheckError::Duplicate {
            message,
            span,
            first,
            labels: ("set up again here".into(), "first set up here".into()),
            hint: "each cell holds at most one piece at the start; regions in a placement \
                   add up, so `dark rank 1` is every dark cell and all of rank 1"
                .into(),
        });
    }

    fn placements(
        &mut self,
        scope: &Scope,
        pl: &[Placement],
        setup: &mut Vec<(Cell, PlayerId, KindId)>,
    ) {
        for p in pl {
            let player = self.player(scope, &p.player);
            let kind = self.kind(scope, &p.piece);
            let (Some(player), Some(kind)) = (player, kind) else {
                self.uncertain_placements = true;
                continue;
            };
            let Some(cells) = self.region(scope, &p.region, Some(player)) else {
                self.uncertain_placements = true;
                continue;
            };
            let mut taken = Vec::new();
            let mut first = None;
            for c in cells.iter() {
                if let Err(f) = self.place(setup, c, (player, kind), p.region.span) {
                    taken.push(c);
                    first.get_or_insert(f);
                }
            }
            if let Some(first) = first {
                self.set_up_twice(scope, &taken, p.region.span, first);
            }
        }
    }

    fn diagram(&mut self, scope: &Scope, dg: &Diagram, setup: &mut Vec<(Cell, PlayerId, KindId)>) {
        let mut legend: IndexMap<char, (PlayerId, KindId)> = IndexMap::new();
        for e in &dg.legend {
            let p = self.player(scope, &e.player);
            let k = self.kind(scope, &e.piece);
            if let (Some(p), Some(k)) = (p, k) {
                legend.insert(e.symbol, (p, k));
            } else {
                self.uncertain_placements = true;
            }
        }
        let mut seen_rows: IndexMap<u32, Span> = IndexMap::new();
        for row in &dg.rows {
            let Some(y) = self.rank_number(scope, &row.rank) else {
                self.uncertain_placements = true;
                continue;
            };
            if let Some(&first) = seen_rows.get(&row.rank.value) {
                self.repeated(
                    format!("the diagram has two rows for rank {}", row.rank.value),
                    row.rank.span,
                    first,
                    "give each rank one row",
                );
                continue;
            }
            seen_rows.insert(row.rank.value, row.rank.span);
            let cells: Vec<Cell> = (0..scope.board.len() as Cell)
                .filter(|&c| scope.board.coords[c as usize].1 == y)
                .collect();
            if cells.len() != row.cells.len() {
                self.uncertain_placements = true;
                let given = match (row.cells.first(), row.cells.last()) {
                    (Some(a), Some(z)) => Span::new(a.1.start, z.1.end),
                    _ => row.rank.span,
                };
                let plural = |n: usize| if n == 1 { "" } else { "s" };
                self.invalid_labelled(
                    given,
                    format!(
                        "the diagram row for rank {} has {} cell{}, the rank has {}",
                        row.rank.value,
                        row.cells.len(),
                        plural(row.cells.len()),
                        cells.len()
                    ),
                    format!("{} cell{}", row.cells.len(), plural(row.cells.len())),
                    format!(
                        "give one letter or `.` for each of the {} cells of rank {}",
                        cells.len(),
                        row.rank.value
                    ),
                );
                continue;
            }
            for (&cell, &(sym, span)) in cells.iter().zip(&row.cells) {
                if sym == '.' {
                    continue;
                }
                let found = legend.get(&sym).copied().or_else(|| {
                    let k = scope
                        .kinds
                        .values()
                        .position(|p| p.letter.eq_ignore_ascii_case(&sym.to_string()))?;
                    Some((if sym.is_ascii_uppercase() { 0 } else { 1 }, k))
                });
                match found {
                    Some(pk) => {
                        if let Err(first) = self.place(setup, cell, pk, span) {
                            self.set_up_twice(scope, &[cell], span, first);
                        }
                    }
                    None => {
                        self.uncertain_placements = true;
                        let known: Vec<String> = legend
                            .keys()
                            .map(|c| c.to_string())
                            .chain(scope.kinds.values().flat_map(|p| {
                                [p.letter.to_ascii_uppercase(), p.letter.to_ascii_lowercase()]
                            }))
                            .collect();
                        self.unknown(
                            "diagram letter",
                            &Name {
                                text: sym.to_string(),
                                span,
                            },
                            &known,
                        );
                    }
                }
            }
        }
    }

    fn unplaced_pieces(
        &mut self,
        scope: &Scope,
        kinds: &[KindModel],
        setup: &[(Cell, PlayerId, KindId)],
    ) {
        for (k, decl) in scope.kinds.values().enumerate() {
            let placed = setup.iter().any(|&(_, _, kk)| kk == k);
            let promoted = kinds
                .iter()
                .any(|m| m.promotion.as_ref().is_some_and(|p| p.to.contains(&k)));
            if !placed && !promoted && !enters(decl) && !shot(scope, &decl.name.text) {
                self.err(CheckError::NeverPlaced {
                    name: decl.name.text.clone(),
                    span: decl.name.span,
                });
            }
        }
    }

    // ------------------------------------------------------------ end of game

    /// The effect bits named in an `immune to ...` list.
    fn effects(&mut self, names: &[Name]) -> u8 {
        let mut bits = 0;
        for n in names {
            match effect::NAMES.iter().find(|(e, _)| *e == n.text) {
                Some((_, b)) => bits |= b,
                None => {
                    let known: Vec<String> =
                        effect::NAMES.iter().map(|(e, _)| e.to_string()).collect();
                    self.unknown("effect", n, &known);
                }
            }
        }
        bits
    }

    /// `slept pieces cannot act`, `fresh pieces are immune to ...`.
    fn states(&mut self, d: &Description) -> States {
        let mut states = States::default();
        let mut seen: IndexMap<String, Span> = IndexMap::new();
        for item in &d.items {
            let Item::State(st) = item else { continue };
            if let Some(first) = seen.get(&st.state.text) {
                self.declared_twice(
                    "state",
                    &st.state.text,
                    st.state.span,
                    *first,
                    "describe a state on one line: `fresh pieces cannot act and are immune to ...`",
                );
                continue;
            }
            seen.insert(st.state.text.clone(), st.state.span);
            let i = state::NAMES
                .iter()
                .position(|n| *n == st.state.text)
                .expect("grammar admits only the four states");
            if st.cannot_act {
                match i {
                    state::SLEPT => states.slept_cannot_act = true,
                    // Kept pieces never act (they are under another piece); saying so is fine.
                    state::KEPT => {}
                    _ => self.invalid(
                        st.span,
                        format!("{} pieces cannot be barred from acting", st.state.text),
                        "only slept (and kept) pieces can be kept from acting",
                    ),
                }
            }
            states.immune[i] = self.effects(&st.immune);
        }
        states
    }

    /// Passing and the pass limit only make sense together, and passing when stuck leaves no
    /// room for another `when I have no legal move` line.
    fn pass_rules(&mut self, rules: &[EndRule], may_pass: Option<Span>) {
        let line = rules
            .iter()
            .find(|r| r.result == ResultDecl::Pass)
            .map(|r| r.span);
        // `players may pass` makes passing a move as a `pass when ...` line does.
        let pass = line.or(may_pass);
        let limit = rules
            .iter()
            .find(|r| matches!(r.cond, EndCondDecl::PassLimit(_)));
        // `nobody can move` also ends a game where both players are stuck, unless they may
        // pass whenever they like.
        let stuck_ends = may_pass.is_none()
            && rules
                .iter()
                .any(|r| matches!(r.cond, EndCondDecl::NobodyCanMove { .. }));
        match (pass, limit) {
            (Some(p), None) if !stuck_ends => self.invalid(
                p,
                "players pass but no number of passes ends the game",
                if may_pass.is_some() {
                    "add `draw after 2 passes in a row`, or two players passing in turn never end \
                     the game"
                } else {
                    "add `draw after 2 passes in a row` or `draw when nobody can move`, or a game \
                     stuck for both players never ends"
                },
            ),
            (None, Some(l)) => self.err(CheckError::Unreachable {
                span: l.span,
                reason: "no player ever passes".into(),
                hint: "add `pass when I have no legal move`, or remove this line".into(),
            }),
            _ => {}
        }
        for r in rules {
            if !matches!(r.cond, EndCondDecl::NoLegalMove { .. }) {
                continue;
            }
            if may_pass.is_some() {
                self.err(CheckError::Unreachable {
                    span: r.span,
                    reason: "players may pass, so a player always has a legal move".into(),
                    hint: "remove this line".into(),
                });
            } else if line.is_some() && r.result != ResultDecl::Pass {
                self.err(CheckError::Unreachable {
                    span: r.span,
                    reason: "a player with no legal move passes instead".into(),
                    hint: format!(
                        "remove this line: `{}` decides what happens",
                        "pass when I have no legal move"
                    ),
                });
            }
        }
    }

    /// A region read for each player (`my ...` differs between them).
    fn player_regions(&mut self, scope: &Scope, region: &Region) -> Option<[CellSet; 2]> {
        let a = self.region(scope, region, Some(0))?;
        // Once the first player's region resolved, an error for the second is its own.
        let b = self.region(scope, region, Some(1))?;
        Some([a, b])
    }

    /// The kinds a `decided by more ...` clause compares (`None`: pieces of any kind).
    fn tiebreak(&mut self, scope: &Scope, names: &[Option<Name>]) -> Option<Vec<Option<KindId>>> {
        let mut tb = Vec::new();
        for t in names {
            tb.push(match t {
                None => None,
                Some(n) => Some(self.kind(scope, n)?),
            });
        }
        Some(tb)
    }

    fn end_rule(&mut self, scope: &Scope, r: &EndRule) -> Option<EndModel> {
        let verdict = match r.result {
            ResultDecl::Win => Verdict::Win,
            ResultDecl::Lose => Verdict::Lose,
            ResultDecl::Draw => Verdict::Draw,
            ResultDecl::Pass => Verdict::Pass,
        };
        if verdict == Verdict::Pass
            && !matches!(r.cond, EndCondDecl::NoLegalMove { in_check: false })
        {
            self.invalid(
                r.span,
                "a player can only pass when they have no legal move",
                "write `pass when I have no legal move`",
            );
            return None;
        }
        let cond = match &r.cond {
            EndCondDecl::NoLegalMove { in_check } => EndCond::NoLegalMove {
                in_check: *in_check,
            },
            EndCondDecl::NoPieces(None) => EndCond::NoPieces(None),
            EndCondDecl::NoPieces(Some(n)) => EndCond::NoPieces(Some(self.kind(scope, n)?)),
            EndCondDecl::Reaches { piece, region } => {
                let kind = self.kind(scope, piece);
                let region = self.player_regions(scope, region);
                EndCond::Reaches {
                    kind: kind?,
                    region: region?,
                }
            }
            EndCondDecl::Repetition => EndCond::Repetition,
            EndCondDecl::PassLimit(n) => {
                if n.value == 0 {
                    self.err(CheckError::OutOfRange {
                        what: "pass count",
                        value: "0".into(),
                        span: n.span,
                        range: "at least 1 pass".into(),
                    });
                    return None;
                }
                EndCond::PassLimit(n.value)
            }
            EndCondDecl::InARow {
                exactly,
                length,
                dirs,
            } => {
                if length.value == 0 || length.value > 255 {
                    self.err(CheckError::OutOfRange {
                        what: "line length",
                        value: length.value.to_string(),
                        span: length.span,
                        range: "1 to 255 pieces".into(),
                    });
                    return None;
                }
                let b = &scope.board;
                let ds = match dirs {
                    Some(ds) => self.dirs(scope, ds, 0, true)?,
                    None => (0..b.dirs.len() as u8).collect(),
                };
                // A line runs both ways: keep one direction of each opposite pair.
                let mut axes: Vec<u8> = Vec::new();
                for d in ds {
                    let a = d.min(b.opposite[d as usize]);
                    if !axes.contains(&a) {
                        axes.push(a);
                    }
                }
                EndCond::InARow {
                    length: length.value as u8,
                    exactly: *exactly,
                    axes,
                    along: dirs.as_ref().map_or(String::new(), |ds| {
                        ds.iter()
                            .map(|d| d.text.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    }),
                }
            }
            EndCondDecl::Connected => EndCond::Connected,
            EndCondDecl::Connects(a, b) => {
                let sa = self.player_regions(scope, a);
                let sb = self.player_regions(scope, b);
                EndCond::Connects {
                    a: sa?,
                    b: sb?,
                    label: format!("{} and {}", region_text(a), region_text(b)),
                }
            }
            EndCondDecl::BoardFull { tiebreak } => EndCond::BoardFull {
                tiebreak: self.tiebreak(scope, tiebreak)?,
            },
            EndCondDecl::NobodyCanMove { tiebreak } => EndCond::NobodyCanMove {
                tiebreak: self.tiebreak(scope, tiebreak)?,
            },
            EndCondDecl::NobodyHas(None) => EndCond::NobodyHas(None),
            EndCondDecl::NobodyHas(Some(n)) => EndCond::NobodyHas(Some(self.kind(scope, n)?)),
            EndCondDecl::PlyLimit {
                plies,
                no_progress,
                tiebreak,
            } => {
                if plies.value == 0 {
                    self.err(CheckError::OutOfRange {
                        what: "ply limit",
                        value: "0".into(),
                        span: plies.span,
                        range: "at least 1 ply".into(),
                    });
                    return None;
                }
                let np = match no_progress {
                    None => None,
                    Some(None) => Some(None),
                    Some(Some(n)) => Some(Some(self.kind(scope, n)?)),
                };
                EndCond::PlyLimit {
                    plies: plies.value,
                    no_progress: np,
                    tiebreak: self.tiebreak(scope, tiebreak)?,
                }
            }
        };
        Some(EndModel {
            verdict,
            cond,
            text: String::new(),
            span: r.span,
        })
    }
}

/// The longest walk (friends counted at most) whose every route is a move of its own.
const MAX_EFFECT_WALK: u32 = 8;

/// Whether pieces of this kind can enter the board: it has a `place ...` rule (as written, so
/// that a mistake inside the rule does not also report the piece as never in play).
/// The most pieces one placement could flip along `dirs` on `board`: over every cell, the sum
/// of its rays' lengths, less the bracketing piece at each ray's end.
fn most_flips(board: &Board, dirs: &[u8]) -> usize {
    (0..board.len() as Cell)
        .map(|c| {
            dirs.iter()
                .map(|&d| {
                    let (mut t, mut n) = (board.step(c, d), 0usize);
                    while t != crate::geometry::NONE {
                        n += 1;
                        t = board.step(t, d);
                    }
                    n.saturating_sub(1)
                })
                .sum::<usize>()
        })
        .max()
        .unwrap_or(0)
}

fn enters(k: &PieceDecl) -> bool {
    k.rules.iter().any(|r| matches!(r, RuleDecl::Place { .. }))
}

/// Whether some piece's rule brings pieces of `kind` onto the board (`then shoot KIND`).
fn shot(scope: &Scope, kind: &str) -> bool {
    scope.kinds.values().any(|k| {
        k.rules
            .iter()
            .any(|r| matches!(r, RuleDecl::SlideShoot { piece, .. } if piece.text == kind))
    })
}

/// A region as the author would write it, e.g. `my far rank` or `rank 1 d4`.
fn region_text(r: &Region) -> String {
    let terms: Vec<String> = r
        .terms
        .iter()
        .map(|t| match t {
            RegionTerm::MyFarRank(_) => "my far rank".to_string(),
            RegionTerm::MyRank(n) => format!("my rank {}", n.value),
            RegionTerm::MyRanks(a, z) => format!("my ranks {}..{}", a.value, z.value),
            RegionTerm::MyNamed(n) => format!("my {}", n.text),
            RegionTerm::Rank(n) => format!("rank {}", n.value),
            RegionTerm::Ranks(a, z) => format!("ranks {}..{}", a.value, z.value),
            RegionTerm::File(n) => format!("file {}", n.text),
            RegionTerm::Files(a, z) => format!("files {}..{}", a.text, z.text),
            RegionTerm::Colour(k, n) => format!("colour {} of {}", k.value, n.value),
            RegionTerm::Named(n) => n.text.clone(),
        })
        .collect();
    terms.join(" ")
}

fn looks_like_cell(s: &str) -> bool {
    let split = s.find(|c: char| c.is_ascii_digit());
    matches!(split, Some(i) if i > 0
        && s[..i].bytes().all(|b| b.is_ascii_lowercase())
        && s[i..].bytes().all(|b| b.is_ascii_digit()))
}

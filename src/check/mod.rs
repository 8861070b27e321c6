//! AST → checked [`Model`]: resolves every name to an id and reports every mistake.
//!
//! The checker never stops at the first error: it records each problem as a [`CheckError`] with
//! the span to blame and goes on, so a description with five mistakes yields five diagnostics.
//! It does not build engine tables (that is [`crate::compile`]) and it never renders text for
//! the terminal (that is [`crate::diagnostic`]).

use crate::ast::{self, *};
use crate::geometry::{Board, Cell, CellSet, NONE};
use crate::model::*;
use crate::native::{self, ArgValue, HookCall, ParamType};
pub use crate::syntax::suggest;
use indexmap::IndexMap;

mod board;
mod captures;
mod castle;
mod chase;
mod counting;
mod custody;
mod directions;
mod end;
mod errors;
mod hooks;
mod jumps;
mod leaps;
mod lines;
mod lost;
mod many;
mod mills;
mod opening;
mod pieces;
mod place;
mod placing;
mod players;
mod promote_move;
mod race;
mod regions;
mod relocate;
mod repeat;
mod rules;
mod setup;
mod sides;
mod sowing;
mod steps;
mod teams;
mod turns;

pub use errors::CheckError;
use pieces::{enters, shot};
use players::piece_letters;
use regions::{looks_like_cell, region_text};
use rules::MAX_EFFECT_WALK;

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
    sets: PerPlayer<Option<CellSet>>,
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
    /// The game has a `teams` line (read by the end rules).
    has_teams: bool,
}

/// The statements a game may hold once (the first of each kept; a repeat is reported by
/// [`Checker::once_statements`]).
#[derive(Default)]
struct OnceStatements<'d> {
    board: Option<(&'d BoardDecl, Span)>,
    naming: Option<&'d BoardNaming>,
    players: Option<(&'d Vec<PlayerDecl>, Span)>,
    notation: Option<&'d Name>,
    numbered_from: Option<&'d Name>,
    levels: Option<&'d Name>,
    compulsory: bool,
    majority: bool,
    /// `for PLAYER:` before `capture is compulsory ...`.
    capture_side: Option<&'d SideDecl>,
    identity: bool,
    no_checks: Option<Span>,
    lone_checker: Option<Span>,
    may_pass: Option<Span>,
    /// `for PLAYER:` before `players may pass`.
    pass_side: Option<&'d SideDecl>,
    pie_rule: Option<Span>,
}

impl<'d> OnceStatements<'d> {
    /// Takes in `item` if it is a statement that may appear once: its keyword (as the
    /// message about a repeat names it) and span; `None` for every other item.
    fn read(&mut self, item: &'d Item) -> Option<(&'static str, Span)> {
        Some(match item {
            Item::Board(b, names, s) => {
                self.board.get_or_insert((b, *s));
                self.naming.get_or_insert(names);
                ("board", *s)
            }
            Item::Players(p, s) => {
                self.players.get_or_insert((p, *s));
                ("players", *s)
            }
            Item::Notation(n, from) => {
                self.notation.get_or_insert(n);
                self.numbered_from = from.as_ref().or(self.numbered_from);
                ("notation", n.span)
            }
            Item::Levels(n) => {
                self.levels.get_or_insert(n);
                ("levels", n.span)
            }
            Item::Capture {
                majority,
                span,
                side,
                ..
            } => {
                if !self.compulsory {
                    self.capture_side = side.as_ref();
                }
                self.compulsory = true;
                self.majority |= *majority;
                ("capture", *span)
            }
            Item::Identity(s) => {
                self.identity = true;
                ("moves are identified", *s)
            }
            Item::NoCheck(s) => {
                self.no_checks = Some(*s);
                ("moves may not give check", *s)
            }
            Item::LoneChecker(s) => {
                self.lone_checker = Some(*s);
                ("in check, a royal piece moves only", *s)
            }
            Item::MayPass(s, side) => {
                if self.may_pass.is_none() {
                    self.pass_side = side.as_ref();
                }
                self.may_pass = Some(*s);
                ("players may pass", *s)
            }
            Item::PieRule(s) => {
                self.pie_rule = Some(*s);
                ("the second player may swap", *s)
            }
            Item::TurnPlaces { span, .. } => ("each turn places", *span),
            Item::End(_, s) => ("end", *s),
            _ => return None,
        })
    }
}

/// Whether pieces carry layers of state: a state line, an ability that sets one, a leap that
/// leaves its piece fresh, or a hook that keeps layers.
fn uses_layers(d: &Description, kinds: &[KindModel]) -> bool {
    d.items.iter().any(|i| matches!(i, Item::State(_)))
        || kinds.iter().any(|k| {
            k.rules.iter().flatten().any(|r| {
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
        })
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
const BUILTIN_REGIONS: [&str; 3] = ["dark", "light", "board"];
const SETUP_ONCE: &str =
    "a game has at most one `setup` block and one `setup diagram`: merge the two";

impl Checker {
    fn err(&mut self, e: CheckError) {
        self.errors.push(e);
    }

    /// `notation usi` writes every promotion as `+`: each piece may promote to one kind
    /// besides staying itself.
    fn usi_promotions(&mut self, n: &Name, kinds: &[KindModel]) {
        for (k, kind) in kinds.iter().enumerate() {
            let Some(p) = &kind.promotion else { continue };
            let others = (p.to.iter())
                .map(|to| to.iter().filter(|&&t| t != k).count())
                .max()
                .unwrap_or(0);
            if others > 1 {
                self.invalid(
                    n.span,
                    format!(
                        "`notation usi` writes a promotion as `+`, but `{}` may promote to {} kinds",
                        kind.name, others
                    ),
                    "use `notation coordinates`, which names the new piece (`e7e8q`)",
                );
                return;
            }
        }
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
        let once = self.once_statements(d);
        let mut scope = self.board_and_players(d, &once)?;
        let teams = self.teams(&scope, d);
        self.beyond_two_players(d, scope.players.len(), &teams);
        // Piece names first, so rules can refer to pieces declared later.
        self.piece_names(&mut scope, d);
        let neutral: Vec<&str> = d
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Relocate(n, _) => Some(n.text.as_str()),
                _ => None,
            })
            .collect();
        self.letters(&scope, &neutral);
        // Named regions, in order (a region may use regions declared above it).
        for item in &d.items {
            if let Item::Region(r) = item {
                self.region_decl(&mut scope, r);
            }
        }
        let mut castle_letters: IndexMap<char, Span> = IndexMap::new();
        let mut kinds: Vec<KindModel> = scope
            .kinds
            .values()
            .map(|p| self.piece(&scope, p, &mut castle_letters))
            .collect();
        let start = self.start(&scope, d);
        let relocated = self.relocated(&scope, d, &mut kinds, &start.setup, &start.hands);
        let passers = self.rule_side(&scope, once.pass_side);
        let (end, no_repeat) = self.end_rules(&scope, d, once.may_pass.map(|s| (s, passers)));
        self.game_level_hooks(&scope, d);
        let notation = self.notation(once.notation, &kinds);
        // Without a setup, or with a placement or promotion that did not resolve, a piece
        // missing from the board is most likely a consequence of an error already reported.
        if (start.span.is_some() || scope.kinds.values().any(|k| enters(k)))
            && !self.uncertain_placements
        {
            self.unplaced_pieces(&scope, &kinds, &start.setup, &start.hands, relocated);
            self.lost_kinds_at_start(&scope, &kinds, &start.setup);
            let changes_hands = d
                .items
                .iter()
                .any(|i| matches!(i, Item::ToHand(..) | Item::FromPartner(_)));
            self.sides_without_pieces(&scope, &kinds, &start.setup, &start.hands, changes_hands);
        }
        // `numbered from PLAYER`: square numbers (PDN) start on that player's back rank.
        let numbered_from = once.numbered_from.and_then(|n| self.player(&scope, n));
        let levels = once.levels.and_then(|n| {
            let c = scope.board.cell(&n.text);
            if c.is_none() {
                self.off_board(&scope.board, n);
            }
            c
        });
        let custody = self.custody(&scope, d);
        if custody.is_none() && !d.items.iter().any(|i| matches!(i, Item::Custody(_))) {
            self.surrounded_without_custody(d);
        }
        let entry = self.entries(&scope, d);
        let mills = self.mills(&scope, d, &kinds);
        let capture_order = self.capture_order(&scope, d);
        let removed_at_once = self.removed_at_once(d, &kinds);
        let (hand_first, hand_first_kind, hand_first_players, hand_first_all) =
            self.hand_first(&scope, d, &start.hands, &kinds);
        self.not_sided(d);
        let rule_players = RulePlayers {
            capture: self.rule_side(&scope, once.capture_side),
            hand_first: hand_first_players,
            pass: passers,
        };
        let colour_split = self.colour_split(&scope, d, &kinds);
        let drop_castle = self.drop_castle(&scope, d, &kinds);
        let to_hand = self.captures_go_to_hand(d, &start.hands);
        let from_partner = d.items.iter().any(|i| matches!(i, Item::FromPartner(_)));
        let keep_kind = self.keeping_kind(d, &kinds);
        let gating = self.gating(
            &scope,
            d,
            to_hand || from_partner || !start.hands.is_empty(),
        );
        let face = self.faces(&scope, d, false);
        let part = self.faces(&scope, d, true);
        let explosion = self.explosion(&scope, d);
        self.checks_without_royal(once.no_checks, &kinds);
        self.checks_without_royal(once.lone_checker, &kinds);
        self.royal_last_mixed(d);
        self.swap_without_placements(once.pie_rule, &kinds);
        let openings = self.openings(&scope, d);
        let turn_places =
            self.turn_places(&scope, d, &kinds, &start.hands, once.pie_rule.is_some());
        let states = self.states(d);
        let sowing = self.sowing(&scope, d);
        let dice = self.dice(d);
        let race = self.race(&scope, d, dice.as_ref());
        let lines = self.lines(&scope, d);
        let steps = self.steps(&scope, d, &kinds);
        let heights = self.heights(race.as_ref(), start.heights);
        Some(Model {
            teams,
            states,
            uses_layers: uses_layers(d, &kinds),
            levels,
            title: d.title.clone(),
            board: scope.board,
            players: scope.players,
            kinds,
            setup: start.setup,
            heights,
            hands: start.hands,
            compulsory_capture: once.compulsory,
            majority_capture: once.majority,
            capture_order,
            removed_at_once,
            custody,
            entry,
            hand_first,
            hand_first_kind,
            hand_first_all,
            colour_split,
            drop_castle,
            to_hand,
            from_partner,
            keep_kind,
            gating,
            relocated,
            face,
            part,
            explosion,
            no_checks: once.no_checks.is_some(),
            lone_checker: once.lone_checker.is_some(),
            mills,
            identity_by_captures: once.identity,
            may_pass: once.may_pass.is_some(),
            rule_players,
            pie_rule: once.pie_rule.is_some(),
            turn_places,
            openings,
            notation,
            numbered_from,
            end,
            no_repeat,
            sowing,
            dice,
            race,
            lines,
            steps,
        })
    }

    /// The statements that may appear once, each statement seen again reported.
    fn once_statements<'d>(&mut self, d: &'d Description) -> OnceStatements<'d> {
        let mut once = OnceStatements::default();
        let mut first_seen: IndexMap<&'static str, Span> = IndexMap::new();
        for item in &d.items {
            let Some((key, span)) = once.read(item) else {
                continue;
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
        once
    }

    /// The board (with its naming and first rank) and the players: the scope everything else
    /// is read in. `None` when either is missing or wrong, or fewer than two players resolve.
    fn board_and_players<'d>(
        &mut self,
        d: &'d Description,
        once: &OnceStatements<'d>,
    ) -> Option<Scope<'d>> {
        let whole = d.title_span;
        let Some((board_decl, _)) = once.board else {
            self.err(CheckError::Missing {
                what: "board",
                span: whole,
                hint: "board square 8 x 8",
            });
            return None;
        };
        let mut board = self.board(board_decl)?;
        if let Some(names) = once.naming {
            self.board_naming(&mut board, names)?;
        }
        if let Some(n) = once.naming.and_then(|n| n.rank_base.as_ref()) {
            if n.value > 1 {
                self.err(CheckError::OutOfRange {
                    what: "first rank",
                    value: n.value.to_string(),
                    span: n.span,
                    range: "ranks numbered from 0 or from 1".into(),
                });
                return None;
            }
            board.set_rank_base(n.value);
        }
        self.board_holes(&mut board, board_decl)?;
        let Some((players_decl, players_span)) = once.players else {
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
            has_teams: d.items.iter().any(|i| matches!(i, Item::Teams(..))),
        };
        self.players(&mut scope, players_decl, players_span);
        (scope.players.len() >= 2).then_some(scope)
    }

    /// Every piece's name into the scope, a name declared twice reported.
    fn piece_names<'d>(&mut self, scope: &mut Scope<'d>, d: &'d Description) {
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
    }

    /// Native hooks at game level: none of the registered kinds live there yet.
    fn game_level_hooks(&mut self, scope: &Scope, d: &Description) {
        for item in &d.items {
            if let Item::Native(call) = item {
                if let Some(h) = self.hook(scope, call) {
                    let spec = &native::REGISTRY[h.hook];
                    self.invalid(
                        call.span,
                        format!("native hook `{}` belongs inside a piece", spec.name),
                        "move this line into the piece whose moves it affects",
                    );
                }
            }
        }
    }

    /// `notation NAME`: path notation when there is none.
    fn notation(&mut self, n: Option<&Name>, kinds: &[KindModel]) -> Notation {
        let Some(n) = n else {
            return Notation::Path;
        };
        match n.text.as_str() {
            "coordinates" => Notation::Coordinates,
            "path" => Notation::Path,
            "pieces" => Notation::Pieces,
            "usi" => {
                self.usi_promotions(n, kinds);
                Notation::Usi
            }
            _ => {
                let known = ["coordinates", "path", "pieces", "usi"].map(String::from);
                self.unknown("notation", n, &known);
                Notation::Path
            }
        }
    }

    /// The directions of every `may not face` line (with `part`, of every `must part` line),
    /// in order.
    fn faces(&mut self, scope: &Scope, d: &Description, part: bool) -> Vec<u8> {
        let mut face = Vec::new();
        for item in &d.items {
            if let Item::Face(names, must_part, _) = item {
                if *must_part != part {
                    continue;
                }
                if let Some(ds) = self.dirs(scope, names, 0, true) {
                    face.extend(ds);
                }
            }
        }
        face
    }

    /// `moves may not give check` (or `in check, a royal piece moves only ...`) in a game
    /// without a royal piece.
    fn checks_without_royal(&mut self, no_checks: Option<Span>, kinds: &[KindModel]) {
        if let (Some(span), false) = (no_checks, kinds.iter().any(|k| k.royal)) {
            self.invalid(
                span,
                "only a royal piece can be in check, and this game has none",
                "mark the piece that is checked `royal` (`piece king \"K\" royal`)",
            );
        }
    }

    /// `royal when last` and `royal together` count a player's royal pieces together: every
    /// royal piece of the game must say the same, or nothing.
    fn royal_last_mixed(&mut self, d: &Description) {
        let royals = || {
            d.items.iter().filter_map(|i| match i {
                Item::Piece(p) if p.royal => Some(p),
                _ => None,
            })
        };
        // The first qualified royal piece: its qualifier's span, words, and whether it is
        // `together`.
        let form = |p: &PieceDecl| match (p.royal_last, p.royal_together) {
            (Some(s), _) => Some((s, "when last", false)),
            (None, Some(s)) => Some((s, "together", true)),
            (None, None) => None,
        };
        let Some((first, words, together)) = royals().find_map(form) else {
            return;
        };
        for p in royals() {
            let label = match form(p) {
                None => "always royal".to_string(),
                Some((_, _, t)) if t == together => continue,
                Some((_, w, _)) => format!("royal {w}"),
            };
            self.err(CheckError::Duplicate {
                message: format!("a royal piece beside pieces that are royal {words}"),
                span: p.name.span,
                first,
                labels: (label, format!("royal {words}")),
                hint: format!(
                    "`royal {words}` counts a player's royal pieces together: write it for \
                     every royal piece of the game, or for none"
                ),
            });
        }
    }

    /// The swap takes the first player's first stone: both players must place stones.
    fn swap_without_placements(&mut self, pie_rule: Option<Span>, kinds: &[KindModel]) {
        let Some(span) = pie_rule else { return };
        let places = |p: usize| {
            kinds.iter().any(|k| {
                k.rules[p]
                    .iter()
                    .any(|r| matches!(r, RuleModel::Place { .. }))
            })
        };
        if !(places(0) && places(1)) {
            self.invalid(
                span,
                "a swap takes the first player's first placed piece, and here the players \
                 place none",
                "give a piece a placement rule (`place on empty`), or remove this line",
            );
        }
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

    // ------------------------------------------------------------ regions

    // ------------------------------------------------------------ directions

    // ------------------------------------------------------------ pieces

    // ------------------------------------------------------------ setup

    // ------------------------------------------------------------ end of game
}

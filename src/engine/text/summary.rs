//! Game summaries: every rule of every piece, the game rules and the end rules, as
//! `tabula show` prints them.

use super::*;
use crate::model::{ApproachRule, FlyRule, JumpRule, LineCountRule, Priority, WalkRule};

impl Game {
    /// A readable summary of what the description compiled to.
    pub fn summary(&self) -> String {
        let mut s = String::new();
        self.header_text(&mut s);
        for (k, kind) in self.kinds.iter().enumerate() {
            self.kind_text(&mut s, k, kind);
        }
        let rules = self.game_rules_text();
        if !rules.is_empty() {
            s.push_str(&format!("rules: {}\n", rules.join("; ")));
        }
        self.end_text(&mut s);
        s
    }

    /// The title, players, board and dice, the race, lines or sowing blocks, then the heading
    /// of the pieces.
    fn header_text(&self, s: &mut String) {
        s.push_str(&format!("{}\n", self.title));
        let players: Vec<String> = self
            .players
            .iter()
            .map(|p| match p.forward {
                Some(f) => format!("{} (forward {})", p.name, self.board.dirs[f as usize].name),
                None => p.name.clone(),
            })
            .collect();
        s.push_str(&format!(
            "players: {}; {} moves first\n",
            players.join(", "),
            self.players[0].name
        ));
        if self.has_teams {
            let mut teams: Vec<String> = Vec::new();
            for p in 0..self.players.len() {
                if (0..p).all(|q| !self.same_side(p, q)) {
                    teams.push(self.side_name(p));
                }
            }
            s.push_str(&format!(
                "teams: {} (partners' pieces are friends; a win is the team's)\n",
                teams.join(", ")
            ));
        }
        s.push_str(&format!("board: {}\n", self.board.describe()));
        if let Some(c) = &self.chance {
            let outcomes: Vec<String> = (0..c.len())
                .map(|i| format!("{} {}/{}", c.name(i), c.weights[i], c.ways))
                .collect();
            s.push_str(&format!("{}: {}\n", c.text, outcomes.join(", ")));
        }
        if let Some(race) = &self.race {
            block_text(s, "race", race.rule_lines(self));
        }
        if let Some(lines) = &self.lines {
            block_text(s, "lines", lines.rule_lines(&self.kinds));
        }
        if let Some(sow) = &self.sowing {
            block_text(s, "sowing", sow.rule_lines(&self.board.names));
        } else {
            s.push_str("pieces:\n");
        }
    }

    /// Kind `k`: its line (letters, worth, flags), how it is drawn, each player's rules and
    /// what else holds for it.
    fn kind_text(&self, s: &mut String, k: usize, kind: &crate::model::KindModel) {
        let mut flags = String::new();
        if kind.royal {
            flags.push_str(" royal");
        }
        if kind.royal_last {
            flags.push_str(" when last");
        }
        if kind.royal_together {
            flags.push_str(" together");
        }
        // The other players' letters where they are not the first's lower case.
        let np = self.players.len();
        let [first, second, ..] = kind.letters;
        // A neutral piece has one letter for everybody.
        let neutral = self.relocated == Some(k);
        let letters =
            if neutral || (np == 2 && second == first.to_ascii_lowercase() && first != second) {
                format!("\"{first}\"")
            } else {
                kind.letters[..np]
                    .iter()
                    .map(|l| format!("\"{l}\""))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
        s.push_str(&format!(
            "  {} {letters}{} worth {}{}\n",
            kind.name,
            flags,
            kind.worth,
            if kind.immune & crate::model::effect::BLAST != 0 {
                " immune to blast"
            } else {
                ""
            }
        ));
        if let Some(figures) = &kind.glyphs {
            let figures = &figures[..np];
            if figures.iter().all(|f| *f == figures[0]) {
                s.push_str(&format!("    drawn as \"{}\"\n", figures[0]));
            } else {
                let all: Vec<String> = figures.iter().map(|f| format!("\"{f}\"")).collect();
                s.push_str(&format!("    drawn as {}\n", all.join(" ")));
            }
        }
        for p in 0..np {
            self.side_rules_text(s, k, kind, p);
        }
        self.kind_limits_text(s, kind, self.code(k, 0));
    }

    /// Player `p`'s placements and moves of kind `k`. A line for one side (`for goats: ...`)
    /// is shown once, among the moves of the first player it is for, its directions resolved
    /// for that player.
    fn side_rules_text(&self, s: &mut String, k: usize, kind: &crate::model::KindModel, p: usize) {
        let code = self.code(k, p);
        let (place_sides, move_sides): (Vec<_>, Vec<_>) = kind.rules[p]
            .iter()
            .zip(&kind.sides[p])
            .partition(|(r, _)| {
                matches!(
                    r,
                    crate::model::RuleModel::Place { .. } | crate::model::RuleModel::Drop { .. }
                )
            });
        let side =
            |i: usize, of: &[(&crate::model::RuleModel, &u8)]| of.get(i).map_or(0, |(_, m)| **m);
        let shown = |mask: u8| p == 0 || mask != 0 && mask.trailing_zeros() as usize == p;
        // A mask of 0 is every player's; one that names them all is refused by the checker.
        let prefix = |mask: u8| {
            if mask == 0 {
                return String::new();
            }
            self.rule_side_text(mask)
        };
        for (i, pl) in self.places[p]
            .iter()
            .filter(|pl| pl.code == code)
            .enumerate()
        {
            let mask = side(i, &place_sides);
            if shown(mask) {
                s.push_str(&format!("    {}{}\n", prefix(mask), place_text(self, pl)));
            }
        }
        for (i, r) in self.rules[code as usize].iter().enumerate() {
            let mask = side(i, &move_sides);
            if shown(mask) {
                s.push_str(&format!("    {}{}\n", prefix(mask), rule_text(self, r)));
            }
        }
    }

    /// The promotion of the kind of `code`: one line where every player's choices are the
    /// same (its region as the first player's), else a line for each side that promotes
    /// (`for white: promote to ...`), its region read for that side.
    fn promotion_text(&self, s: &mut String, code: u8) {
        let np = self.players.len();
        let k = self.kind_of(code);
        let choices = |p: usize| self.promotion[self.code(k, p) as usize].as_ref();
        let kinds = |p: usize| choices(p).map(|(to, _)| to.iter().map(|&c| self.kind_of(c)));
        let same = (1..np).all(|p| match (kinds(0), kinds(p)) {
            (Some(a), Some(b)) => {
                let (c0, cp) = (self.code(k, 0) as usize, self.code(k, p) as usize);
                a.eq(b)
                    && lost_text(self, c0 as u8) == lost_text(self, cp as u8)
                    && self.promotion_on_capture[c0] == self.promotion_on_capture[cp]
            }
            _ => false,
        });
        for p in 0..np {
            let Some((to, region)) = choices(p) else {
                continue;
            };
            let names: Vec<&str> = to
                .iter()
                .map(|&c| self.kinds[self.kind_of(c)].name.as_str())
                .collect();
            let side = if same {
                String::new()
            } else {
                format!("for {}: ", self.players[p].name)
            };
            let c = self.code(k, p) as usize;
            s.push_str(&format!(
                "    {side}promote to {} on {}{}{}{}\n",
                names.join(", "),
                region_text(self, region),
                if self.promotion_on_capture[c] {
                    ", only when capturing"
                } else {
                    ""
                },
                lost_text(self, c as u8),
                if self.chains.crown[c].0 != 0 {
                    ", even during a capture"
                } else {
                    ""
                }
            ));
            if same {
                break;
            }
        }
    }

    /// What else holds for the piece of `code`: conversions, promotion, hooks, kinds it may
    /// not capture, cells it is confined to or kept out of.
    fn kind_limits_text(&self, s: &mut String, kind: &crate::model::KindModel, code: u8) {
        if !self.converts[code as usize].is_empty() {
            s.push_str(&format!(
                "    enemies next to where it lands along {} become mine\n",
                dirs_text(self, &self.converts[code as usize])
            ));
        }
        if let Some(Some((dir, kinds))) = self.meets.get(code as usize) {
            let names: Vec<&str> = (0..self.kinds.len())
                .filter(|&k| kinds >> k & 1 != 0)
                .map(|k| self.kinds[k].name.as_str())
                .collect();
            s.push_str(&format!(
                "    meeting an enemy {} {} removes both\n",
                names.join(", "),
                dirs_text(self, &[*dir])
            ));
        }
        self.promotion_text(s, code);
        for h in &self.hooks[code as usize] {
            s.push_str(&format!("    native {}\n", h.name));
        }
        if let Some(st) = kind.streak {
            let condition = st
                .while_has
                .map(|k| format!(" while I have a {}", self.kinds[k].name))
                .unwrap_or_default();
            s.push_str(&format!(
                "    moves at most {} times in a row without capturing{condition}\n",
                st.limit
            ));
        }
        if kind.no_capture != 0 {
            s.push_str(&format!(
                "    may not capture {}\n",
                self.kinds_in(kind.no_capture).join(", ")
            ));
        }
        if let Some(cells) = &self.confine[code as usize] {
            s.push_str(&format!("    confined to {}\n", region_text(self, cells)));
        }
        if let Some(cells) = &self.stay[code as usize] {
            s.push_str(&format!(
                "    confined to {} once there\n",
                region_text(self, cells)
            ));
        }
        if let Some(cells) = self.keep_out.as_ref().map(|k| &k[code as usize]) {
            if !cells.is_empty() {
                s.push_str(&format!("    never enters {}\n", region_text(self, cells)));
            }
        }
        if let Some(cu) = &self.custody {
            let cells = &cu.surrounded_on[code as usize];
            if !cells.is_empty() {
                s.push_str(&format!(
                    "    on {}, captured only when surrounded\n",
                    region_text(self, cells)
                ));
            }
        }
    }

    /// The names of the kinds in bit set `kinds`, in order.
    fn kinds_in(&self, kinds: u128) -> Vec<&str> {
        (0..self.kinds.len())
            .filter(|&j| kinds >> j & 1 != 0)
            .map(|j| self.kinds[j].name.as_str())
            .collect()
    }

    /// The game rules, one text each, in the order `tabula show` lists them.
    fn game_rules_text(&self) -> Vec<String> {
        let mut rules: Vec<String> = Vec::new();
        if self.from_partner {
            rules.push("pieces come to hand from the partner".into());
        }
        if self.to_hand && self.marks_promoted {
            rules.push("captured pieces go to the hand of their captor".into());
        } else if self.to_hand {
            rules.push("captured pieces go to the hand of their captor, keeping their kind".into());
        }
        if !self.face_dirs.is_empty() {
            rules.push(format!(
                "royal pieces may not face each other along {}",
                dirs_text(self, &self.face_dirs)
            ));
        }
        if !self.part_dirs.is_empty() {
            rules.push(format!(
                "royal pieces that face each other along {} must part",
                dirs_text(self, &self.part_dirs)
            ));
        }
        if self.hand_first {
            let mut t = self.rule_side_text(self.rule_players.hand_first);
            match self.hand_first_kind {
                Some(k) => t.push_str(&format!(
                    "{} in hand must be placed first",
                    crate::model::plural(&self.kinds[k].name)
                )),
                None => t.push_str("pieces in hand must be placed first"),
            };
            if let Some(split) = &self.colour_split {
                t.push_str(&format!(
                    ", {}s on both colours",
                    self.kinds[split.kind].name
                ));
            }
            if self.hand_first_all {
                t.push_str(", by every player");
            }
            rules.push(t);
        }
        if let Some(cells) = &self.drop_castle {
            // The first player's cells (each player's own are read the same way).
            rules.push(format!(
                "pieces dropped on {} may castle with partners on {}",
                region_text(self, &cells[0].0),
                region_text(self, &cells[0].1)
            ));
        }
        if !self.gate_cells.is_empty() {
            // The first player's region (each player's own is read the same way).
            rules.push(format!(
                "a piece in hand may enter the cell a piece leaves on its first move from {}",
                region_text(self, &self.gate_region[0])
            ));
        }
        if let Some(kind) = self.relocated {
            rules.push(format!(
                "after every move, the mover moves the {} to another empty cell",
                self.kinds[kind].name
            ));
        }
        if self.no_checks {
            rules.push("moves may not give check".into());
        }
        if self.lone_checker {
            rules.push("in check, a royal piece moves only to take a lone checking piece".into());
        }
        for r in self
            .lost_rights
            .iter()
            .filter(|r| self.owner(r.holder) == 0)
        {
            rules.push(format!(
                "the {}'s first move is lost once an enemy {} lands in line along {}",
                self.kinds[self.kind_of(r.holder)].name,
                self.kinds[self.kind_of(r.by)].name,
                dirs_text(self, &r.dirs)
            ));
        }
        rules.extend(self.capture_rules_text());
        if self.identity_by_captures {
            rules.push("moves are identified by start, end and captures".into());
        }
        if self.may_pass {
            rules.push(format!(
                "{}players may pass",
                self.rule_side_text(self.rule_players.pass)
            ));
        }
        if let (Some((first, each)), Some(pl)) = (self.turn_places, self.places[0].first()) {
            let kind = &self.kinds[self.kind_of(pl.code)].name;
            let mut t = format!("each turn places {each} {kind}s");
            if first != each {
                t.push_str(&format!(", the first turn {first}"));
            }
            rules.push(t);
        }
        for o in &self.openings {
            let mut t = format!(
                "to open, {} removes a {}",
                self.players[o.player].name,
                self.kinds[self.kind_of(o.code)].name,
            );
            if o.cells != self.board.all() {
                t.push_str(&format!(" on {}", region_text(self, &o.cells)));
            }
            if let Some(dirs) = &o.next_to_empty {
                t.push_str(&format!(
                    " next to an empty cell along {}",
                    dirs_text(self, dirs)
                ));
            }
            rules.push(t);
        }
        rules
    }

    /// `for PLAYER, ...: ` before a game rule read for the players of `mask` only; nothing
    /// where it is every player's.
    fn rule_side_text(&self, mask: u8) -> String {
        let np = self.players.len();
        if (0..np).all(|q| mask >> q & 1 != 0) {
            return String::new();
        }
        let names: Vec<&str> = (0..np)
            .filter(|q| mask >> q & 1 != 0)
            .map(|q| self.players[q].name.as_str())
            .collect();
        format!("for {}: ", names.join(", "))
    }

    /// The game rules of capture: explosions, mills, custody, compulsory and majority capture,
    /// removal at once.
    fn capture_rules_text(&self) -> Vec<String> {
        let mut rules: Vec<String> = Vec::new();
        if let Some(ex) = &self.explosion {
            let spared = self.kinds_in(ex.spared);
            rules.push(format!(
                "captures explode along {}{}",
                dirs_text(self, &ex.dirs),
                if spared.is_empty() {
                    String::new()
                } else {
                    format!(", sparing {}", spared.join(", "))
                }
            ));
        }
        for mill in &self.mills {
            rules.push(mill_text(self, mill));
        }
        if let Some(cu) = &self.custody {
            let mut t = format!("capture by custody along {}", dirs_text(self, &cu.dirs));
            if !cu.hostile.is_empty() {
                t.push_str(&format!(", against {}", region_text(self, &cu.hostile)));
            }
            if !cu.hostile_when_empty.is_empty() {
                t.push_str(&format!(
                    ", against {} when empty",
                    region_text(self, &cu.hostile_when_empty)
                ));
            }
            rules.push(t);
        }
        let side = self.rule_side_text(self.rule_players.capture);
        if self.compulsory_capture {
            rules.push(format!("{side}capture is compulsory"));
        }
        if self.majority_capture {
            let order: Vec<String> = self
                .capture_order
                .iter()
                .map(|p| {
                    let name = |k: usize| self.kinds[k].name.as_str();
                    match *p {
                        Priority::Pieces => "the most pieces".into(),
                        Priority::Worth => "the greatest worth".into(),
                        Priority::By(k) => format!("by a {}", name(k)),
                        Priority::Most(k) => format!("the most {}", name(k)),
                        Priority::Earliest(k) => format!("the earliest {}", name(k)),
                    }
                })
                .collect();
            rules.push(format!("{side}capture must take {}", order.join(", then ")));
        }
        if self.chains.at_once {
            rules.push("captured pieces are removed at once".into());
        }
        rules
    }

    /// The end rules, with each player's goal cells where a rule has them.
    fn end_text(&self, s: &mut String) {
        s.push_str("end:\n");
        for e in &self.outs {
            s.push_str(&format!(
                "  {} (read after every move for the others: the loser is out, their pieces removed)\n",
                e.text
            ));
        }
        for e in &self.end {
            s.push_str(&format!("  {}\n", e.text));
            if let crate::model::EndCond::Reaches { region, .. } = &e.cond {
                for (p, r) in region.iter().enumerate().take(self.players.len()) {
                    s.push_str(&format!(
                        "    goal of {}: {}\n",
                        self.players[p].name,
                        region_text(self, r)
                    ));
                }
            }
        }
        if let Some(n) = ["", "", "second", "third", "fourth"].get(self.no_repeat as usize) {
            if !n.is_empty() {
                s.push_str(&format!(
                    "  a move may not repeat a position for the {n} time\n"
                ));
            }
        }
    }
}

/// A block of rule lines under its heading (`race:`, `lines:`, `sowing:`).
fn block_text(s: &mut String, heading: &str, lines: Vec<String>) {
    s.push_str(&format!("{heading}:\n"));
    for line in lines {
        s.push_str(&format!("  {line}\n"));
    }
}

/// A placement rule's line: where it places, and what follows.
fn place_text(game: &Game, pl: &crate::engine::Place) -> String {
    let mut t = if pl.drop {
        "drop on empty"
    } else {
        "place on empty"
    }
    .to_string();
    // The shorter of the two lists: the cells it may land on, or those it may not.
    let open = game.board.all().difference(&pl.not_on);
    if open.len() < pl.not_on.len() {
        t.push_str(&format!(", only on {}", region_text(game, &open)));
    } else if !pl.not_on.is_empty() {
        t.push_str(&format!(", not on {}", region_text(game, &pl.not_on)));
    }
    if let Some(d) = pl.falling {
        t.push_str(&format!(", falling {}", game.board.dirs[d as usize].name));
    }
    if !pl.flipping.is_empty() {
        t.push_str(&format!(
            ", flipping bracketed enemies along {}",
            dirs_text(game, &pl.flipping)
        ));
    }
    if pl.only_flips {
        t.push_str(", only where it flips");
    }
    if !pl.next_to.is_empty() {
        t.push_str(&format!(
            ", next to a friend along {}",
            dirs_text(game, &pl.next_to)
        ));
    }
    if let Some(touch) = &pl.touching {
        t.push_str(&touching_text(touch, game.board.dirs.len() as u8));
    }
    if let Some((n, axes)) = &pl.not_making {
        let dirs: Vec<u8> = axes.iter().map(|a| a.0).collect();
        t.push_str(&format!(
            ", not making {n} in a row along {}",
            dirs_text(game, &dirs)
        ));
    }
    if pl.not_by_last {
        t.push_str(", not next to the last piece placed");
    }
    if let (true, Some(gr)) = (pl.groups, &game.groups) {
        t.push_str(", capturing groups without liberties");
        if gr.no_suicide {
            t.push_str(", no suicide");
        }
        if gr.simple_ko {
            t.push_str(", simple ko");
        }
    }
    if let Some(block) = pl.blocks.first() {
        let b = (block.len() as f64).sqrt() as usize;
        t.push_str(&format!(", then rotate a {b} x {b} block either way"));
    }
    t
}

fn dirs_text(game: &Game, dirs: &[u8]) -> String {
    dirs.iter()
        .map(|&d| game.board.dirs[d as usize].name)
        .collect::<Vec<_>>()
        .join(", ")
}

fn target_text(t: Target) -> &'static str {
    match t {
        Target::Empty => " to empty",
        Target::Enemy => " to enemy",
        Target::EmptyOrEnemy => "",
        Target::EmptyOrAny => " to empty or any",
        Target::Smash => " smashing enemy",
    }
}

fn region_text(game: &Game, s: &CellSet) -> String {
    s.iter()
        .map(|c: Cell| game.board.names[c as usize].as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// One line per rule, as the compiler understood it, for the first player.
fn rule_text(game: &Game, r: &Rule) -> String {
    match r {
        Rule::Push { dirs } => format!("push {}", dirs_text(game, dirs)),
        Rule::Sleep { dirs } => format!("sleep {}", dirs_text(game, dirs)),
        Rule::Heal { dirs } => format!("heal {}", dirs_text(game, dirs)),
        Rule::Swap => "swap with any piece".to_string(),
        Rule::PromoteMove(p) => promote_move_text(game, p),
        Rule::FlyAnywhere { .. }
        | Rule::Step { .. }
        | Rule::Slide { .. }
        | Rule::Leap { .. }
        | Rule::Ride { .. }
        | Rule::Fly(_)
        | Rule::Walk(_)
        | Rule::LineCount(_)
        | Rule::Castle { .. } => move_rule_text(game, r),
        Rule::Hop { .. }
        | Rule::Screen { .. }
        | Rule::SlideShoot { .. }
        | Rule::Jump(_)
        | Rule::Approach(_)
        | Rule::Circuits { .. }
        | Rule::EnPassant { .. } => capture_rule_text(game, r),
    }
}

/// `promote to met in place or by a step diagonal, from a8 b7 ... or anywhere when it is my
/// last, only while I have no met, not attacking an enemy, not giving check`.
fn promote_move_text(game: &Game, p: &crate::engine::rules::promote_move::PromoteMove) -> String {
    let names: Vec<&str> =
        p.to.iter()
            .map(|&t| game.kinds[game.kind_of(t)].name.as_str())
            .collect();
    let mut s = format!("promote to {} in place", names.join(", "));
    if !p.dirs.is_empty() {
        s.push_str(&format!(" or by a step {}", dirs_text(game, &p.dirs)));
    }
    if let Some(f) = &p.from {
        s.push_str(&format!(", from {}", region_text(game, f)));
        push_if(&mut s, &[(p.when_last, " or anywhere when it is my last")]);
    }
    let closed: Vec<&str> = names
        .iter()
        .zip(&p.closed)
        .filter(|(_, &c)| c)
        .map(|(n, _)| *n)
        .collect();
    if !closed.is_empty() {
        s.push_str(&format!(", only while I have no {}", closed.join(", ")));
    }
    push_if(
        &mut s,
        &[
            (p.no_attack, ", not attacking an enemy"),
            (p.no_check, ", not giving check"),
        ],
    );
    s
}

/// The line of a rule that moves a piece (steps, slides, leaps, rides, flights, walks,
/// castling); see [`rule_text`].
fn move_rule_text(game: &Game, r: &Rule) -> String {
    match r {
        Rule::FlyAnywhere { when_pieces: None } => "fly to any empty cell".to_string(),
        Rule::FlyAnywhere {
            when_pieces: Some(n),
        } => format!("fly to any empty cell when I have {n} pieces"),
        Rule::Step {
            dirs,
            twice,
            target,
            from,
            en_passant,
        } => {
            let mut s = format!("step {}", dirs_text(game, dirs));
            push_if(&mut s, &[(*twice, " twice")]);
            s.push_str(target_text(*target));
            if let Some(f) = from {
                s.push_str(&format!(" from {}", region_text(game, f)));
            }
            push_if(&mut s, &[(*en_passant, ", may be taken en passant")]);
            s
        }
        Rule::Slide {
            dirs,
            until_blocked,
            target,
        } => format!(
            "slide {}{}{}",
            dirs_text(game, dirs),
            if *until_blocked { " until blocked" } else { "" },
            target_text(*target)
        ),
        Rule::Leap {
            stride,
            target,
            then_fresh,
            legs,
            first,
            from,
            ..
        } => format!(
            "leap ({stride} targets){}{}{}{}{}",
            target_text(*target),
            from.map_or(String::new(), |f| format!(
                " from {}",
                region_text(game, &f)
            )),
            if legs.is_some() {
                ", blocked in between"
            } else {
                ""
            },
            if *then_fresh { ", then fresh" } else { "" },
            match first {
                Some(true) => ", only as its first move, not while in check",
                Some(false) => ", only as its first move",
                None => "",
            }
        ),
        Rule::Ride { stride, target, .. } => {
            format!("ride ({stride} lines){}", target_text(*target))
        }
        Rule::Fly(FlyRule { dirs, then }) => match then {
            Some(t) => format!(
                "fly {}, then may slide {}",
                dirs_text(game, dirs),
                dirs_text(game, t)
            ),
            None => format!("fly {}", dirs_text(game, dirs)),
        },
        Rule::LineCount(LineCountRule {
            dirs,
            over_friends,
            target,
        }) => format!(
            "move {} as far as there are pieces on its line{} {}",
            dirs_text(game, dirs),
            if *over_friends { ", over friends" } else { "" },
            target_text(*target)
        ),
        Rule::Walk(WalkRule {
            dirs,
            friends,
            steps,
            no_revisit,
        }) => format!(
            "walk {} up to {}{} steps to empty{}",
            dirs_text(game, dirs),
            if *friends { "friends + " } else { "" },
            steps,
            if *no_revisit {
                ", without revisiting"
            } else {
                ""
            }
        ),
        Rule::Castle {
            dir,
            partner,
            right,
        } => castle_text(game, *dir, *partner, &game.castles[*right]),
        // The others are not moves of this kind (see `rule_text`).
        _ => String::new(),
    }
}

/// The line of a rule that captures (hops, screens, jumps, approach and withdrawal,
/// circuits, en passant, shooting); see [`rule_text`].
fn capture_rule_text(game: &Game, r: &Rule) -> String {
    match r {
        Rule::Hop { dirs, target } => {
            format!("hop {}{}", dirs_text(game, dirs), target_text(*target))
        }
        Rule::Screen { dirs, opts } => {
            let mut s = format!(
                "{} {} over a screen",
                if opts.quiet { "move" } else { "capture" },
                dirs_text(game, dirs)
            );
            if let Some(w) = &opts.within {
                s.push_str(&format!(" within {}", region_text(game, w)));
            }
            if opts.spared != 0 {
                let kinds = (1..game.codes())
                    .filter(|&c| opts.spared >> c & 1 != 0)
                    .fold(0u128, |k, c| k | 1 << game.kind_of(c as u8));
                s.push_str(&format!(
                    ", not over or onto {}",
                    game.kinds_in(kinds).join(", ")
                ));
            }
            s
        }
        Rule::SlideShoot { dirs, piece, shoot } => format!(
            "slide {} to empty, then shoot {} along {}",
            dirs_text(game, dirs),
            game.kinds[game.kind_of(*piece)].name,
            dirs_text(game, shoot)
        ),
        Rule::Jump(JumpRule {
            dirs,
            hurdle,
            gap,
            beyond,
            landing,
            repeatedly,
            kinds,
            no_turning_back,
            straight,
            may_stop,
        }) => {
            let mut s = format!(
                "jump {} over {}",
                dirs_text(game, dirs),
                hurdle_text(*hurdle)
            );
            if let Some(k) = kinds {
                s.push_str(&format!(" {}", game.kinds_in(*k).join(", ")));
            }
            s.push_str(&format!(
                " gap {} beyond {}",
                range_text(*gap),
                range_text(*beyond)
            ));
            if let Some(l) = landing {
                s.push_str(&format!(" landing on {}", region_text(game, l)));
            }
            push_if(
                &mut s,
                &[
                    (*repeatedly, " repeatedly"),
                    (*no_turning_back, " without turning back"),
                    (*straight, " in a straight line"),
                    (*may_stop, ", may stop after any jump"),
                ],
            );
            s
        }
        Rule::Approach(ApproachRule {
            dirs,
            repeatedly,
            not_first_turn,
            may_stop,
            no_revisit,
            no_same_dir,
        }) => {
            let mut s = format!(
                "step {} to empty, capturing by approach or withdrawal",
                dirs_text(game, dirs)
            );
            push_if(
                &mut s,
                &[
                    (*repeatedly, ", repeatedly"),
                    (*not_first_turn, " except on the first turn"),
                    (*may_stop, ", may stop after any capture"),
                    (*no_revisit, ", without revisiting"),
                    (*no_same_dir, ", never twice in the same direction"),
                ],
            );
            s
        }
        Rule::Circuits { circuits, .. } => circuits_text(game, circuits),
        Rule::EnPassant { dirs, smash } => format!(
            "{} en passant {}",
            if *smash { "smash" } else { "capture" },
            dirs_text(game, dirs)
        ),
        // The others are not captures of this kind (see `rule_text`).
        _ => String::new(),
    }
}

/// Appends each text whose flag is on, in order.
fn push_if(s: &mut String, texts: &[(bool, &str)]) {
    for &(on, text) in texts {
        if on {
            s.push_str(text);
        }
    }
}

/// What a jump leaps over.
fn hurdle_text(h: Hurdle) -> &'static str {
    match h {
        Hurdle::Enemy => "enemy",
        Hurdle::Friend => "friend",
        Hurdle::Any => "any",
    }
}

/// A range of cells as a description writes it: `1..3`, or `1..` without an end.
fn range_text((a, b): (u8, u8)) -> String {
    if b >= 254 {
        format!("{a}..")
    } else {
        format!("{a}..{b}")
    }
}

/// `capture along circuit a1-b1 loop ... and circuit ...`: each circuit's cells, a run
/// between two loops at a time.
fn circuits_text(game: &Game, circuits: &[Vec<(Cell, bool)>]) -> String {
    let mut s = "capture along".to_string();
    for (i, circuit) in circuits.iter().enumerate() {
        s.push_str(if i == 0 { " circuit" } else { " and circuit" });
        let mut run = String::new();
        for &(c, looped) in circuit {
            if !run.is_empty() {
                run.push('-');
            }
            run.push_str(&game.board.names[c as usize]);
            if looped {
                s.push(' ');
                s.push_str(&run);
                s.push_str(" loop");
                run.clear();
            }
        }
    }
    s
}

/// A castling rule: its direction, the file it castles to, its partner, its right's letter.
fn castle_text(game: &Game, dir: u8, partner: u8, right: &CastleRight) -> String {
    format!(
        "castle {}{} with {} as \"{}\"{}",
        game.board.dirs[dir as usize].name,
        match right.to_file {
            NO_FILE => String::new(),
            f => format!(" to file {}", game.board.file_label(u32::from(f))),
        },
        game.kinds[game.kind_of(partner)].name,
        right.letter,
        if right.free {
            ", wherever they stand"
        } else {
            ""
        }
    )
}

/// `, next to exactly 1 enemy and no friend[, except on the first turn]`, as a description
/// writes it (a side left free is left out).
fn touching_text(t: &crate::model::Touching, most: u8) -> String {
    let count = |(lo, hi): (u8, u8), one: &str, many: &str| match (lo, hi) {
        (0, 0) => Some(format!("no {one}")),
        (0, h) if h == most => None,
        (l, h) if l == h => Some(format!("exactly {l} {}", if l == 1 { one } else { many })),
        (l, _) => Some(format!("at least {l} {}", if l == 1 { one } else { many })),
    };
    let parts: Vec<String> = [
        count(t.enemies, "enemy", "enemies"),
        count(t.friends, "friend", "friends"),
    ]
    .into_iter()
    .flatten()
    .collect();
    let mut s = if parts.is_empty() {
        String::new()
    } else {
        format!(", next to {}", parts.join(" and "))
    };
    if t.except_first_turn {
        s.push_str(", except on the first turn");
    }
    s
}

/// `, each only if I have lost one` (or the kinds that wait) after a promotion's region: the
/// choices open only while their owner has fewer on the board than at the start.
fn lost_text(g: &Game, code: u8) -> String {
    let limit = &g.promotion_limit[code as usize];
    let Some((to, _)) = &g.promotion[code as usize] else {
        return String::new();
    };
    let waiting: Vec<&str> = to
        .iter()
        .zip(limit)
        .filter(|&(_, &l)| l != u16::MAX)
        .map(|(&t, _)| g.kinds[g.kind_of(t)].name.as_str())
        .collect();
    let open = to.iter().filter(|&&t| t != code).count();
    match waiting.len() {
        0 => String::new(),
        n if n == open => ", each only if I have lost one".into(),
        _ => format!(", {} only if I have lost one", waiting.join(", ")),
    }
}

/// A `making N in a row ...` line as the summary lists it.
fn mill_text(g: &Game, mill: &crate::model::Mill) -> String {
    use crate::ast::MillPart;
    let part = |p: MillPart| match p {
        MillPart::Placement => "placement",
        MillPart::Move => "move",
    };
    let mut t = format!(
        "making {} in a row along {}",
        mill.length,
        dirs_text(g, &mill.axes)
    );
    if let Some(by) = mill.by {
        t.push_str(&format!(" by a {}", part(by)));
    }
    if mill.removes {
        t.push_str(" removes an enemy piece");
        if mill.protect {
            t.push_str(", not one in a row unless all are");
        }
        if mill.earns.is_some() {
            t.push_str(" and");
        }
    }
    if let Some(e) = mill.earns {
        t.push_str(&format!(" earns another {}", part(e)));
    }
    t
}

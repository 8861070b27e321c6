//! Regions: named cell sets, ranks and files counted for each player, and their terms (`my far
//! rank`, `colour 0 of 2`, cell lists).

use super::*;
use crate::geometry::{Shape, STAR_POINTS};

impl Checker {
    pub(super) fn region_decl(&mut self, scope: &mut Scope, r: &RegionDecl) {
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
        let mut sets: PerPlayer<Option<CellSet>> = [None; MAX_PLAYERS];
        for (p, set) in sets.iter_mut().enumerate().take(scope.players.len()) {
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
                sets: [None; MAX_PLAYERS],
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
    pub(super) fn region(
        &mut self,
        scope: &Scope,
        r: &Region,
        player: Option<PlayerId>,
    ) -> Option<CellSet> {
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

    pub(super) fn rank_number(&mut self, scope: &Scope, n: &Number) -> Option<i32> {
        let base = scope.board.rank_base;
        if n.value < base || n.value >= base + scope.board.rows {
            self.err(CheckError::OutOfRange {
                what: "rank",
                value: n.value.to_string(),
                span: n.span,
                range: format!("a rank from {base} to {}", base + scope.board.rows - 1),
            });
            return None;
        }
        Some((n.value - base) as i32)
    }

    pub(super) fn file_number(&mut self, scope: &Scope, n: &Name) -> Option<i32> {
        match scope.board.file_of_label(&n.text) {
            Some(f) => Some(f as i32),
            None => {
                self.err(CheckError::OutOfRange {
                    what: "file",
                    value: format!("`{}`", n.text),
                    span: n.span,
                    range: format!(
                        "a file from {} to {}",
                        scope.board.file_label(0),
                        scope.board.file_label(scope.board.cols - 1)
                    ),
                });
                None
            }
        }
    }

    /// "My rank k": cells from which exactly k - 1 steps backward stay on the board.
    pub(super) fn my_ranks(scope: &Scope, fwd: u8, lo: u32, hi: u32) -> CellSet {
        let b = &scope.board;
        let back = b.opposite[fwd as usize];
        let mut s = CellSet::EMPTY;
        for c in 0..b.len() {
            // On a square board with holes ranks are the grid's, counted to its edge, not
            // to the first hole behind the cell.
            let k = if b.has_holes() {
                let (dx, dy) = (b.dirs[back as usize].dx, b.dirs[back as usize].dy);
                let (mut x, mut y) = b.coords[c];
                let mut n = 0;
                while (0..b.cols as i32).contains(&(x + dx))
                    && (0..b.rows as i32).contains(&(y + dy))
                {
                    (x, y, n) = (x + dx, y + dy, n + 1);
                }
                n + 1
            } else {
                b.run_length(c as Cell, back) + 1
            };
            if k >= lo && k <= hi {
                s.insert(c as Cell);
            }
        }
        s
    }

    pub(super) fn my_rank_range(&mut self, scope: &Scope, lo: &Number, hi: &Number) -> bool {
        let base = scope.board.rank_base;
        let max = scope.board.rows.max(scope.board.cols) + base - 1;
        for n in [lo, hi] {
            if n.value < base || n.value > max {
                self.err(CheckError::OutOfRange {
                    what: "rank",
                    value: n.value.to_string(),
                    span: n.span,
                    range: format!("a rank from {base} to {max}"),
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

    pub(super) fn empty_range(&mut self, a: Span, b: Span, lo: u32, hi: u32) {
        self.invalid_labelled(
            Span::new(a.start, b.end),
            format!("the range {lo}..{hi} is empty"),
            format!("no number is from {lo} up to {hi}"),
            format!("write the smaller bound first: {hi}..{lo}"),
        );
    }

    /// One term of a region, read for `player` (`None` where `my ...` has no player).
    pub(super) fn region_term(
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
                let k = n.value + 1 - b.rank_base;
                self.my_rank_range(scope, n, n)
                    .then(|| Self::my_ranks(scope, f, k, k))
            }
            RegionTerm::MyRanks(lo, hi) => {
                let p = self.my_player(player, lo.span)?;
                let f = self.forward_of(scope, p, lo.span)?;
                let shift = 1 - b.rank_base;
                self.my_rank_range(scope, lo, hi)
                    .then(|| Self::my_ranks(scope, f, lo.value + shift, hi.value + shift))
            }
            RegionTerm::MyNamed(n) => {
                let p = self.my_player(player, n.span)?;
                self.my_named(scope, n, p)
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
            RegionTerm::Colour(k, n) => self.colour(b, k, n),
            RegionTerm::Files(lo, hi) => self.files(scope, lo, hi),
            RegionTerm::StarPoint(n) => self.star_point(b, n),
            RegionTerm::Named(n) => self.named_region(scope, n),
        }
    }

    /// `my NAME`: player `p`'s cells of a region declared per player.
    fn my_named(&mut self, scope: &Scope, n: &Name, p: PlayerId) -> Option<CellSet> {
        let Some(r) = scope.regions.get(&n.text) else {
            let known: Vec<String> = scope.regions.keys().cloned().collect();
            self.unknown("region", n, &known);
            return None;
        };
        if r.sets[p].is_none() {
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
        }
        r.sets[p]
    }

    /// `colour K of N`: the cells whose file and rank add up to `K` modulo `N` (2 to 6).
    fn colour(&mut self, b: &Board, k: &Number, n: &Number) -> Option<CellSet> {
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

    /// `files A..B`: the earlier file first, as the board names its files.
    fn files(&mut self, scope: &Scope, lo: &Name, hi: &Name) -> Option<CellSet> {
        let b = &scope.board;
        let a = self.file_number(scope, lo)?;
        let z = self.file_number(scope, hi)?;
        // Files numbered from the right run the other way on the grid.
        let (a, z) = if b.naming.files_from_right {
            (z, a)
        } else {
            (a, z)
        };
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

    /// `NAME point`: one of the points of a star board.
    fn star_point(&mut self, b: &Board, n: &Name) -> Option<CellSet> {
        if b.shape != Shape::Star {
            self.invalid(
                n.span,
                format!("`{} point` needs `board star`", n.text),
                "only `board star` has points",
            );
            return None;
        }
        let set = b.star_point(&n.text);
        if set.is_none() {
            let known: Vec<String> = STAR_POINTS.iter().map(|p| p.to_string()).collect();
            self.unknown("point", n, &known);
        }
        set
    }

    /// A bare name: a region declared for all players, a built-in region, or a cell.
    fn named_region(&mut self, scope: &Scope, n: &Name) -> Option<CellSet> {
        let b = &scope.board;
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
            "board" => return Some(b.select(|_, _| true)),
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

    /// A region read for each player (`my ...` differs between them).
    pub(super) fn player_regions(
        &mut self,
        scope: &Scope,
        region: &Region,
    ) -> Option<PerPlayer<CellSet>> {
        let mut sets = [CellSet::EMPTY; MAX_PLAYERS];
        // Once the first player's region resolved, an error for another is its own.
        for (p, set) in sets.iter_mut().enumerate().take(scope.players.len()) {
            *set = self.region(scope, region, Some(p))?;
        }
        Some(sets)
    }
}

/// A region as the author would write it, e.g. `my far rank` or `rank 1 d4`.
pub(super) fn region_text(r: &Region) -> String {
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
            RegionTerm::StarPoint(n) => format!("{} point", n.text),
            RegionTerm::Named(n) => n.text.clone(),
        })
        .collect();
    terms.join(" ")
}

pub(super) fn looks_like_cell(s: &str) -> bool {
    let split = s.find(|c: char| c.is_ascii_digit());
    matches!(split, Some(i) if i > 0
        && s[..i].bytes().all(|b| b.is_ascii_lowercase())
        && s[i..].bytes().all(|b| b.is_ascii_digit()))
}

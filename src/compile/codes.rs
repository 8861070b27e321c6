//! The tables by piece code read from each kind's model (where it may go, what it may take,
//! how it promotes), and which moves the generator may emit without testing them.

use crate::geometry::{Cell, CellSet};
use crate::model::{effect, KindId, KindModel, Model, PlayerId, Streak};

/// Per piece code (index 0, the empty cell, holds nothing).
pub(super) struct Codes {
    /// `confined to REGION`.
    pub confine: Vec<Option<CellSet>>,
    /// `confined to REGION once there`.
    pub stay: Vec<Option<CellSet>>,
    /// `also from there`.
    pub promotion_from: Vec<bool>,
    /// `only when capturing`.
    pub promotion_on_capture: Vec<bool>,
    /// `forced on REGION`.
    pub promotion_forced: Vec<CellSet>,
    /// See [`promotion_limits`].
    pub promotion_limit: Vec<Vec<u16>>,
    /// Crowned during a capture: the chain goes on by the new kind's rules.
    pub in_chain: Vec<bool>,
    pub royal: Vec<bool>,
    pub immune: Vec<u8>,
    pub bar: Vec<Option<(usize, Vec<u8>)>>,
    pub converts: Vec<Vec<u8>>,
    /// `meeting an enemy ... removes both`: the direction and the kinds met, by piece code;
    /// empty when no piece meets.
    pub meets: Vec<Option<(u8, u128)>>,
    pub no_capture: Vec<u128>,
    /// Empty where no kind has a streak.
    pub streaks: Vec<Option<Streak>>,
    /// Per code, the cells it may not enter (`None` where no entry rule exists).
    pub keep_out: Option<Vec<CellSet>>,
    /// Some kind is `royal when last`.
    pub royal_last: bool,
    /// Some kind is `royal together`.
    pub royal_together: bool,
}

impl Codes {
    pub(super) fn new(m: &Model, shift: u8) -> Codes {
        let ncodes = 1 + (m.kinds.len() << shift);
        let kind_of = |c: usize| &m.kinds[(c - 1) >> shift];
        let owner_of = |c: usize| (c - 1) & ((1 << shift) - 1);
        // The kind's value for a piece code, the default for the empty cell.
        fn by_code<T: Default>(ncodes: usize, f: impl Fn(usize) -> T) -> Vec<T> {
            (0..ncodes)
                .map(|c| if c == 0 { T::default() } else { f(c) })
                .collect()
        }
        let promotion_of = |c: usize| kind_of(c).promotion.as_ref();
        Codes {
            confine: by_code(ncodes, |c| kind_of(c).confined.map(|r| r[owner_of(c)])),
            stay: by_code(ncodes, |c| kind_of(c).stays.map(|r| r[owner_of(c)])),
            promotion_from: by_code(ncodes, |c| {
                promotion_of(c).is_some_and(|p| p.from_too[owner_of(c)])
            }),
            promotion_on_capture: by_code(ncodes, |c| {
                promotion_of(c).is_some_and(|p| p.on_capture[owner_of(c)])
            }),
            promotion_forced: (0..ncodes)
                .map(|c| {
                    (c > 0)
                        .then(|| promotion_of(c))
                        .flatten()
                        .map_or(CellSet::EMPTY, |p| p.forced[owner_of(c)])
                })
                .collect(),
            promotion_limit: promotion_limits(&m.kinds, &m.setup, shift, ncodes),
            in_chain: by_code(ncodes, |c| {
                promotion_of(c).is_some_and(|p| p.in_chain[owner_of(c)])
            }),
            royal: by_code(ncodes, |c| kind_of(c).royal),
            royal_last: m.kinds.iter().any(|k| k.royal_last),
            royal_together: m.kinds.iter().any(|k| k.royal_together),
            immune: by_code(ncodes, |c| kind_of(c).immune),
            bar: by_code(ncodes, |c| kind_of(c).bar.clone()),
            converts: by_code(ncodes, |c| {
                kind_of(c)
                    .converts
                    .as_ref()
                    .map_or_else(Vec::new, |per| per[owner_of(c)].clone())
            }),
            no_capture: by_code(ncodes, |c| kind_of(c).no_capture),
            meets: if m.kinds.iter().any(|k| k.meets.is_some()) {
                by_code(ncodes, |c| {
                    kind_of(c)
                        .meets
                        .as_ref()
                        .map(|mt| (mt.dir[owner_of(c)], mt.kinds))
                })
            } else {
                Vec::new()
            },
            streaks: if m.kinds.iter().any(|k| k.streak.is_some()) {
                by_code(ncodes, |c| kind_of(c).streak)
            } else {
                Vec::new()
            },
            keep_out: (!m.entry.is_empty()).then(|| {
                (0..ncodes)
                    .map(|c| {
                        let mut out = CellSet::EMPTY;
                        for (allowed, cells) in &m.entry {
                            if c > 0 && !allowed.contains(&((c - 1) >> shift)) {
                                out = out.union(cells);
                            }
                        }
                        out
                    })
                    .collect()
            }),
        }
    }

    /// Whether moves of piece code `c` need no test but their promotion and `once there`
    /// (`tested`: the game tests every move, for an explosion or custody).
    fn checks_only_stay_and_promotion(&self, c: usize, tested: bool) -> bool {
        !tested
            && self.no_capture[c] == 0
            && self.meets.get(c).is_none_or(Option::is_none)
            && self.bar[c].is_none()
            && self
                .keep_out
                .as_ref()
                .is_none_or(|k| k[c] == CellSet::EMPTY)
            && self.confine[c].is_none()
    }
}

/// Which moves the generator may emit as it finds them, by piece code.
pub(super) struct Emits {
    /// No test at all.
    pub plain_emit: Vec<bool>,
    /// No test but `once there`.
    pub plain_but_stay: Vec<bool>,
    /// The one kind a move onto the promotion region makes, with no other test.
    pub sole_promotion: Vec<Option<u8>>,
}

impl Emits {
    /// `promotion`: the compiled promotions by piece code; `tested`: the game tests every
    /// move (an explosion, custody).
    pub(super) fn new(
        codes: &Codes,
        promotion: &[Option<(Vec<u8>, CellSet)>],
        tested: bool,
    ) -> Emits {
        let ncodes = promotion.len();
        let only_stay_and_promotion = |c: usize| codes.checks_only_stay_and_promotion(c, tested);
        let only_promotion = |c: usize| only_stay_and_promotion(c) && codes.stay[c].is_none();
        Emits {
            plain_emit: (0..ncodes)
                .map(|c| only_promotion(c) && promotion[c].is_none())
                .collect(),
            plain_but_stay: (0..ncodes)
                .map(|c| only_stay_and_promotion(c) && promotion[c].is_none())
                .collect(),
            sole_promotion: (0..ncodes)
                .map(|c| match &promotion[c] {
                    Some((to, _))
                        if only_promotion(c)
                            && !codes.promotion_from[c]
                            && !codes.promotion_on_capture[c]
                            && codes.promotion_limit[c].is_empty()
                            && to.len() == 1
                            && usize::from(to[0]) != c =>
                    {
                        Some(to[0])
                    }
                    _ => None,
                })
                .collect(),
        }
    }
}

/// By piece code, parallel to its promotion choices: the most pieces of each choice its owner
/// may have on the board for the choice to be open (`, each only if I have lost one`: fewer
/// than the setup gave them), `u16::MAX` for an open choice; empty where no choice waits.
fn promotion_limits(
    kinds: &[KindModel],
    setup: &[(Cell, PlayerId, KindId)],
    shift: u8,
    ncodes: usize,
) -> Vec<Vec<u16>> {
    (0..ncodes)
        .map(|c| {
            let Some(pr) = (c > 0)
                .then(|| kinds[(c - 1) >> shift].promotion.as_ref())
                .flatten()
                .filter(|pr| pr.lost.iter().flatten().any(|&l| l))
            else {
                return Vec::new();
            };
            let owner = (c - 1) & ((1 << shift) - 1);
            if !pr.lost[owner].contains(&true) {
                return Vec::new();
            }
            let at_start = |k: KindId| {
                let n = setup.iter().filter(|&&(_, p, kk)| p == owner && kk == k);
                n.count().min(usize::from(u16::MAX - 1)) as u16
            };
            pr.to[owner]
                .iter()
                .zip(&pr.lost[owner])
                .map(|(&k, &lost)| if lost { at_start(k) } else { u16::MAX })
                .collect()
        })
        .collect()
}

/// Whether any kind is immune to `kill` (tested one by one at every capture).
pub(super) fn kill_immunity(m: &Model) -> bool {
    m.kinds.iter().any(|k| k.immune & effect::KILL != 0)
        || m.states.immune.iter().any(|&i| i & effect::KILL != 0)
}

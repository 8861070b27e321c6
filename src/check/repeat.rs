//! `a move may not repeat a position for the third time` (Arimaa): a rule of legality read
//! over the game's history, written in the `end` block beside the repetition lines it makes
//! unreachable.

use super::*;

impl Checker {
    /// The `a move may not repeat ...` lines of an `end` block: the number of times no move
    /// may bring a position about (the fewest written; a second line is an error), and the
    /// repetition lines that can then never hold reported.
    pub(super) fn no_repeat(&mut self, rules: &[EndRule], had: Option<u32>) -> Option<u32> {
        let mut times = had;
        for r in rules.iter().filter(|r| r.result == ResultDecl::Forbid) {
            let EndCondDecl::Repetition(n, _) = r.cond else {
                continue;
            };
            if times.is_some() {
                self.invalid(
                    r.span,
                    "a second `a move may not repeat a position` line",
                    "keep one such line",
                );
                continue;
            }
            times = Some(n);
        }
        let limit = times?;
        for r in rules.iter().filter(|r| r.result != ResultDecl::Forbid) {
            let at = match r.cond {
                EndCondDecl::Repetition(n, _) => n,
                // Read when the position occurs for the third time (fourth with fourfold
                // repetition, which this line then cannot have).
                EndCondDecl::PerpetualCheck | EndCondDecl::PerpetualChase(_) => 3,
                _ => continue,
            };
            if at >= limit {
                self.err(CheckError::Unreachable {
                    span: r.span,
                    reason: format!(
                        "no move may repeat a position for the {} time, so none occurs {at} times",
                        match limit {
                            2 => "second",
                            3 => "third",
                            _ => "fourth",
                        }
                    ),
                    hint: "remove this line, or allow more repetitions in the \
                           `a move may not repeat` line"
                        .into(),
                });
            }
        }
        times
    }
}

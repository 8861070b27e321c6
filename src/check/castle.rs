//! Castling: `castle DIR [to file F] with PIECE as "L"[, wherever they stand]`, its landing
//! file, its partner and the letter of its right (each letter used once in the game).

use super::*;

impl Checker {
    /// A castling rule; every part is resolved (and reported) before the rule is dropped for
    /// any of them. `castle_letters` holds the letters used so far and where.
    pub(super) fn castle_rule(
        &mut self,
        scope: &Scope,
        r: &RuleDecl,
        report: bool,
        castle_letters: &mut IndexMap<char, Span>,
    ) -> Option<RuleModel> {
        let RuleDecl::Castle {
            dir,
            to_file,
            partner,
            letter,
            letter_span,
            free,
            ..
        } = r
        else {
            return None;
        };
        let b = &scope.board;
        // Chess960 castling needs the file the piece lands on, whatever its start.
        if let (Some(f), None, true) = (free, to_file, report) {
            self.invalid(
                *f,
                "castling wherever the pieces stand needs the file the piece lands on".to_string(),
                "add `to file F` after the direction, e.g. `castle east to file g with \
                 rook as \"K\", wherever they stand`",
            );
        }
        let d = b.dir_named(&dir.text);
        if d.is_none() && report {
            let known: Vec<String> = b.dir_names().map(String::from).collect();
            self.unknown("direction", dir, &known);
        }
        let file = match to_file {
            None => Some(None),
            Some(f) => self.castle_file(scope, dir, d, f, report).map(Some),
        };
        let k = if report {
            self.kind(scope, partner)
        } else {
            scope.kinds.get_index_of(&partner.text)
        };
        let l = self.castle_letter(letter, *letter_span, report, castle_letters);
        if free.is_some() && to_file.is_none() {
            return None;
        }
        Some(RuleModel::Castle {
            dir: d?,
            to_file: file?,
            partner: k?,
            letter: l?,
            free: free.is_some(),
        })
    }

    /// `to file F`: the piece lands on that file of its rank, so it moves along the rank
    /// (`d`, the resolved direction `dir`, east or west).
    fn castle_file(
        &mut self,
        scope: &Scope,
        dir: &Name,
        d: Option<u8>,
        f: &Name,
        report: bool,
    ) -> Option<u8> {
        let b = &scope.board;
        let x = if report {
            self.file_number(scope, f)
        } else {
            b.file_of_label(&f.text).map(|x| x as i32)
        };
        let along_rank = d.is_some_and(|d| {
            let v = &b.dirs[d as usize];
            v.dy == 0 && v.dx != 0
        });
        if d.is_some() && !along_rank && report {
            self.invalid(
                dir.span,
                format!(
                    "castling to a file moves along the rank, not `{}`",
                    dir.text
                ),
                "castle `east` or `west` to a file, or leave out `to file`",
            );
        }
        x.filter(|_| along_rank).map(|x| x as u8)
    }

    /// The letter of a castling right: one letter, upper-cased, not used by another castling.
    fn castle_letter(
        &mut self,
        letter: &str,
        letter_span: Span,
        report: bool,
        castle_letters: &mut IndexMap<char, Span>,
    ) -> Option<char> {
        let mut chars = letter.chars();
        let Some(l) = (match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => Some(c.to_ascii_uppercase()),
            _ => None,
        }) else {
            return self.reject(
                report,
                letter_span,
                format!("castling letter \"{letter}\" must be a single letter"),
                "write one letter, e.g. \"K\"",
            );
        };
        if report {
            if let Some(first) = castle_letters.get(&l) {
                let first = *first;
                self.repeated(
                    format!("castling letter \"{letter}\" is used twice"),
                    letter_span,
                    first,
                    "each castling right needs its own letter",
                );
            } else {
                castle_letters.insert(l, letter_span);
            }
        }
        Some(l)
    }
}

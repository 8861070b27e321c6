//! The one place that renders errors: `file:line:col`, the source line, a caret and hints.
//!
//! Every stage reports typed errors with byte spans; this module turns them into
//! [`Diagnostic`]s and renders them with codespan-reporting, without colour so that output is
//! the same in a terminal, a pipe and a snapshot.

use crate::ast::Span;
use crate::check::CheckError;
use crate::syntax::SyntaxError;
use codespan_reporting::diagnostic::{Diagnostic as Report, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, termcolor::NoColor};

/// A problem in a description, ready to render.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub message: String,
    pub span: Span,
    pub label: String,
    pub notes: Vec<String>,
    pub secondary: Option<(Span, String)>,
    /// A warning (the description is valid) rather than an error.
    pub warning: bool,
}

impl From<&SyntaxError> for Diagnostic {
    fn from(e: &SyntaxError) -> Self {
        Diagnostic {
            message: e.message.clone(),
            span: e.span,
            label: e.label.clone(),
            notes: e.notes.clone(),
            secondary: e.secondary.map(|(s, l)| (s, l.to_string())),
            warning: false,
        }
    }
}

impl From<&CheckError> for Diagnostic {
    fn from(e: &CheckError) -> Self {
        Diagnostic {
            message: e.to_string(),
            span: e.span(),
            label: e.label(),
            notes: e.notes(),
            secondary: e.secondary().map(|(s, l)| (s, l.to_string())),
            warning: false,
        }
    }
}

/// The source as shown under a diagnostic: a line too long to be read (refused by the parser,
/// whose diagnostic points at its first character) is cut short, so that the report stays
/// small; every other line is kept as it is, so spans keep their places up to that line.
fn shortened(source: &str) -> String {
    const SHOWN: usize = 100;
    if source
        .lines()
        .all(|l| l.chars().count() <= crate::syntax::MAX_LINE_CHARS)
    {
        return source.to_string();
    }
    let mut out = String::new();
    for line in source.split_inclusive('\n') {
        if line.chars().count() > crate::syntax::MAX_LINE_CHARS {
            out.extend(line.chars().take(SHOWN));
            out.push_str(" ...\n");
        } else {
            out.push_str(line);
        }
    }
    out
}

/// Renders diagnostics against their source, one after another.
pub fn render(file_name: &str, source: &str, diagnostics: &[Diagnostic]) -> String {
    let shown = shortened(source);
    let source = shown.as_str();
    let file = SimpleFile::new(file_name, source);
    let config = term::Config::default();
    let mut out = NoColor::new(Vec::new());
    for d in diagnostics {
        let clamp = |s: Span| {
            s.start.min(source.len())..s.end.min(source.len()).max(s.start.min(source.len()))
        };
        let mut labels = vec![Label::primary((), clamp(d.span)).with_message(&d.label)];
        if let Some((s, l)) = &d.secondary {
            labels.push(Label::secondary((), clamp(*s)).with_message(l));
        }
        let report = if d.warning {
            Report::warning()
        } else {
            Report::error()
        };
        let report = report
            .with_message(&d.message)
            .with_labels(labels)
            .with_notes(d.notes.clone());
        // Writing to a Vec cannot fail.
        let _ = term::emit(&mut out, &config, &file, &report);
    }
    String::from_utf8_lossy(&out.into_inner()).into_owned()
}

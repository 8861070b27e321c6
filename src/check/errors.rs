//! The checker's mistakes as data: each with the span to blame, a label and notes; rendered
//! elsewhere ([`crate::diagnostic`]).

use crate::ast::Span;

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

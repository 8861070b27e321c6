//! The built-in computer player (placeholder until the AI lands in this module).

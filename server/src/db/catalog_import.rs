//! Placeholder: filled in by issue 4's work.

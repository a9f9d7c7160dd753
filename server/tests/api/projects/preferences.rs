//! Designers' project preferences and portfolios.

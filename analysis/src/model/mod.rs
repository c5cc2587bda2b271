//! `yomi-analysis model`: seed 000 §5's performance model — the factors
//! fitted from the sequential variants (`fit`), Table 5 (`tables`),
//! Figs. 9–11 (`figures`), the factors carried to a deeper search over
//! their trends in d (`predict`, `trend`), and the command that writes
//! them.

pub(crate) mod command;
pub(crate) mod figures;
pub(crate) mod fit;
pub(crate) mod predict;
pub(crate) mod tables;
pub(crate) mod trend;

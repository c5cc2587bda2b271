//! `yomi-analysis model`: seed 000 §5's performance model — the factors
//! fitted from the sequential variants (`fit`), Table 5 (`tables`) and
//! Figs. 9–11 (`figures`), and the command that writes them.

pub(crate) mod command;
pub(crate) mod figures;
pub(crate) mod fit;
pub(crate) mod tables;

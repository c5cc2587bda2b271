//! `yomi-analysis model`: seed 000 §5's performance model — the factors
//! fitted from the sequential variants (`fit`), Table 5 (`tables`) and
//! Figs. 9–11 (`figures`), and the command that writes them.

pub mod command;
pub mod figures;
pub mod fit;
pub mod tables;

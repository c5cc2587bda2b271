//! How much memory the transposition table may take on this machine.

/// The largest table, in MB, that fits in half of the machine's memory
/// (`None` where the machine does not say).
pub fn table_cap_mb() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kb: usize = info
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some((kb / 1024 / 2).max(1))
}

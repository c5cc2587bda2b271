//! The tables of the ranks that share a machine, checked against its
//! memory before any is allocated: a clear error that names `--tt-mb`,
//! not a rank killed by the kernel's out-of-memory killer.

use yomi_memory::table_cap_mb;

/// Whether `tables` tables of `table_mb` each fit in what this machine
/// gives tables (half of its memory), else the error that names the fix
/// (`fewer`: what gives fewer tables).
pub(crate) fn check(tables: usize, table_mb: usize, fewer: &str) -> Result<(), String> {
    check_within(tables, table_mb, table_cap_mb(), fewer)
}

/// [`check`] against a cap of `cap_mb` (`None`: the machine does not say).
pub(crate) fn check_within(
    tables: usize,
    table_mb: usize,
    cap_mb: Option<usize>,
    fewer: &str,
) -> Result<(), String> {
    let Some(cap) = cap_mb else {
        return Ok(()); // the machine does not say
    };
    let total = tables.saturating_mul(table_mb);
    if total <= cap {
        return Ok(());
    }
    let fix = match cap / tables.max(1) {
        // Not even the least table, 1 MB, each: only fewer tables fit.
        0 => format!("{fewer} (tables of 1 MB, the least, do not fit either)"),
        fit => format!("lower --tt-mb (to {fit} or less) or {fewer}"),
    };
    Err(format!(
        "{tables} tables of {table_mb} MB on this machine need {total} MB, more than half of \
         its memory ({cap} MB): {fix}"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_error_names_a_table_size_that_fits() {
        assert_eq!(check_within(4, 256, Some(12_000), "--ranks"), Ok(()));
        assert_eq!(check_within(4, 256, None, "--ranks"), Ok(()));
        let error = check_within(256, 256, Some(12_052), "--ranks").unwrap_err();
        assert!(
            error.contains("256 tables of 256 MB on this machine need 65536 MB"),
            "{error}"
        );
        assert!(
            error.contains("lower --tt-mb (to 47 or less) or --ranks"),
            "{error}"
        );
        // 16,384 virtual ranks on a 24 GB machine: no table is small enough.
        let error = check_within(16_383, 1, Some(12_052), "--ranks").unwrap_err();
        assert!(
            error.ends_with(": --ranks (tables of 1 MB, the least, do not fit either)"),
            "{error}"
        );
    }
}

//! The tables of the ranks that share a machine, checked against its
//! memory before any is allocated: a clear error that names `--tt-mb`,
//! not a rank killed by the kernel's out-of-memory killer.

use yomi_search::memory::table_cap_mb;

/// Whether `tables` tables of `table_mb` each fit in what this machine
/// gives tables (half of its memory), else the error that names the fix.
pub(crate) fn check(tables: usize, table_mb: usize) -> Result<(), String> {
    check_within(tables, table_mb, table_cap_mb())
}

fn check_within(tables: usize, table_mb: usize, cap_mb: Option<usize>) -> Result<(), String> {
    let Some(cap) = cap_mb else {
        return Ok(()); // the machine does not say
    };
    let total = tables.saturating_mul(table_mb);
    if total <= cap {
        return Ok(());
    }
    let fit = cap / tables.max(1);
    Err(format!(
        "{tables} tables of {table_mb} MB on this machine ({total} MB) are more than the \
         {cap} MB (half of its memory) tables may take: give --tt-mb {fit} or less, or run \
         fewer ranks a machine"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_error_names_a_table_size_that_fits() {
        assert_eq!(check_within(4, 256, Some(12_000)), Ok(()));
        assert_eq!(check_within(4, 256, None), Ok(()));
        let error = check_within(256, 256, Some(12_052)).unwrap_err();
        assert!(
            error.contains("256 tables of 256 MB on this machine (65536 MB)"),
            "{error}"
        );
        assert!(error.contains("give --tt-mb 47 or less"), "{error}");
    }
}

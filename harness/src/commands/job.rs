//! `yomi-harness job JSON` (hidden): one tree of a sweep's run, as the
//! sweep hands it to a job it starts under its launcher (MPI runs); rank 0
//! prints the record.

use crate::sweep::job::Job;
use clap::Args;

/// Run one job of a sweep (JSON, as the sweep writes it).
#[derive(Args)]
pub(crate) struct JobArgs {
    job: String,
}

pub(crate) fn run(args: &JobArgs) -> Result<(), String> {
    let job: Job =
        serde_json::from_str(&args.job).map_err(|e| format!("not a sweep's job: {e}"))?;
    if let Some(line) = job.run()? {
        println!("{line}");
    }
    Ok(())
}

//! A build without MPI started as one of several ranks refuses, naming the
//! build that can run so; alone, or as a job of one rank, it runs.

use yomi_runtime::launch::{alone, launched_ranks};

const VARIABLES: [&str; 3] = ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"];

// One test: the cases set the process's environment in turn.
#[test]
fn several_ranks_refuse_one_rank_and_no_launcher_run() {
    for v in VARIABLES {
        std::env::remove_var(v);
    }
    assert_eq!(launched_ranks(), None);
    assert!(alone("yomi", "yomi-usi").is_ok());
    for v in VARIABLES {
        std::env::set_var(v, "1");
        assert_eq!(launched_ranks(), Some(1), "{v}");
        assert!(alone("yomi", "yomi-usi").is_ok(), "{v}");
        std::env::set_var(v, "4");
        assert_eq!(launched_ranks(), Some(4), "{v}");
        let message = alone("yomi", "yomi-usi").expect_err(v);
        assert!(message.contains("one of 4 MPI ranks"), "{message}");
        assert!(message.contains("yomi-mpi"), "{message}");
        assert!(message.contains("-p yomi-usi --features mpi"), "{message}");
        std::env::remove_var(v);
    }
}

//! The memory tables live in: how much of the machine they may take
//! (`table_cap_mb`), arrays of zeroed pages allocated as touched
//! (`ZeroedArray`), and POSIX shared memory that the ranks of one machine
//! map together (`SharedMemory`). Unsafe code is confined to `zeroed` and
//! `shared`, each with its SAFETY notes.

mod cap;
mod shared;
mod zeroed;

pub use cap::table_cap_mb;
pub use shared::SharedMemory;
pub use zeroed::ZeroedArray;

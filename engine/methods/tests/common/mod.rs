//! Shared by the integration tests.

// Each test crate uses only part of this module.
#![allow(dead_code)]

pub(crate) mod parallel;

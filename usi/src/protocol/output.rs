//! Lines to the GUI, from the command loop and the search thread alike.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// A shared, line-buffered writer: each line goes out whole and at once.
#[derive(Clone)]
pub(crate) struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    pub(crate) fn new(w: impl Write + Send + 'static) -> Output {
        Output(Arc::new(Mutex::new(Box::new(w))))
    }

    /// Writes one line. A GUI that went away is not an error worth dying
    /// over: the read loop ends at its EOF.
    pub(crate) fn line(&self, text: &str) {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(w, "{text}").and_then(|_| w.flush());
    }

    /// `info string <text>`, one line per line of text.
    pub(crate) fn info(&self, text: &str) {
        for l in text.lines() {
            self.line(&format!("info string {l}"));
        }
    }

    pub(crate) fn error(&self, text: &str) {
        self.info(&format!("error: {text}"));
    }
}

//! A `yomi` process driven over stdin/stdout, as a GUI drives it.

// Each test crate uses only part of this module.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// One engine at a time per test binary: searches that compete for two
/// cores would make every timing in a transcript meaningless.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

pub(crate) struct Engine {
    _turn: MutexGuard<'static, ()>,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Everything read so far, for failure messages.
    pub transcript: Vec<String>,
    stderr: Arc<Mutex<String>>,
}

impl Engine {
    pub(crate) fn start() -> Engine {
        Engine::start_with(Command::new(env!("CARGO_BIN_EXE_yomi")))
    }

    /// The engine as `command` starts it (under mpirun, say).
    pub(crate) fn start_with(mut command: Command) -> Engine {
        let turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("yomi starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr = Arc::new(Mutex::new(String::new()));
        let pipe = child.stderr.take().expect("piped stderr");
        let sink = stderr.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(pipe).lines() {
                let Ok(line) = line else { break };
                let mut all = sink.lock().unwrap_or_else(|e| e.into_inner());
                all.push_str(&line);
                all.push('\n');
            }
        });
        let stdin = child.stdin.take();
        Engine {
            _turn: turn,
            child,
            stdin,
            lines,
            transcript: Vec::new(),
            stderr,
        }
    }

    pub(crate) fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    pub(crate) fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("engine reads stdin");
        stdin.flush().expect("engine reads stdin");
    }

    /// What the engine wrote to stderr so far.
    pub(crate) fn stderr(&self) -> String {
        self.stderr
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Closes stdin (EOF).
    pub(crate) fn close_input(&mut self) {
        self.stdin = None;
    }

    /// Lines up to and including the first that satisfies `done`; panics
    /// after `timeout`.
    pub(crate) fn until(&mut self, timeout: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut out = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.transcript.push(line.clone());
                    out.push(line.clone());
                    if done(&line) {
                        return out;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!(
                    "no expected line within {timeout:?}; transcript:\n{}",
                    self.transcript.join("\n")
                ),
                Err(RecvTimeoutError::Disconnected) => panic!(
                    "engine closed its output; transcript:\n{}",
                    self.transcript.join("\n")
                ),
            }
        }
    }

    /// Lines up to `expected` (exactly).
    pub(crate) fn expect(&mut self, expected: &str, timeout: Duration) -> Vec<String> {
        self.until(timeout, |l| l == expected)
    }

    /// Lines up to the `bestmove` line, which is returned last.
    pub(crate) fn bestmove(&mut self, timeout: Duration) -> Vec<String> {
        self.until(timeout, |l| l.starts_with("bestmove"))
    }

    /// Plays the engine's move after `moves` (from the start position),
    /// asked with `go`: the move, checked legal, is pushed onto `moves`;
    /// the lines up to `bestmove` are returned.
    pub(crate) fn play(
        &mut self,
        moves: &mut Vec<String>,
        go: &str,
        timeout: Duration,
    ) -> Vec<String> {
        self.send(&format!("position startpos moves {}", moves.join(" ")));
        self.send(go);
        let lines = self.bestmove(timeout);
        let answer = lines
            .last()
            .and_then(|l| l.split_whitespace().nth(1))
            .expect("bestmove has a move")
            .to_string();
        let mut pos = yomi_shogi::board::Position::startpos();
        for m in moves.iter().chain([&answer]) {
            let mv = pos
                .parse_usi_move(m)
                .unwrap_or_else(|e| panic!("{m} after {moves:?}: {e}"));
            pos.make_move(mv);
        }
        moves.push(answer);
        lines
    }

    /// Whatever arrives within `wait`.
    pub(crate) fn drain(&mut self, wait: Duration) -> Vec<String> {
        let mut out = Vec::new();
        while let Ok(line) = self.lines.recv_timeout(wait) {
            self.transcript.push(line.clone());
            out.push(line);
        }
        out
    }

    /// `isready` is answered within `timeout`.
    pub(crate) fn ready(&mut self, timeout: Duration) {
        self.send("isready");
        self.expect("readyok", timeout);
    }

    /// The engine's process (mpirun, when it starts the engine).
    pub(crate) fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Waits for the process to exit; its status code.
    pub(crate) fn wait_exit(&mut self, timeout: Duration) -> Option<i32> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait().expect("engine status") {
                return status.code();
            }
            assert!(
                Instant::now() < deadline,
                "engine did not exit within {timeout:?}"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

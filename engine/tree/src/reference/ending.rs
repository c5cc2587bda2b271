//! A game whose states end in more ways than a loss, so that the tests see
//! every search take a childless state's value from `Game::end_value`.

use crate::{Game, Value};

/// `G` where about one state in five has no children (chosen by its hash)
/// and ends with a score of its own, from −50 to 50: a draw, a small win or
/// a small loss, never the default `LOSS`.
#[derive(Clone)]
pub struct Ending<G>(pub G);

impl<G: Game> Ending<G> {
    fn ends(&self) -> bool {
        self.0.hash().is_multiple_of(5)
    }
}

impl<G: Game> Game for Ending<G> {
    type Move = G::Move;

    fn children(&mut self, out: &mut Vec<G::Move>) {
        if self.ends() {
            out.clear();
        } else {
            self.0.children(out);
        }
    }

    fn play(&mut self, mv: G::Move) {
        self.0.play(mv)
    }

    fn undo(&mut self, mv: G::Move) {
        self.0.undo(mv)
    }

    fn evaluate(&mut self) -> Value {
        if self.ends() {
            self.end_value()
        } else {
            self.0.evaluate()
        }
    }

    fn end_value(&mut self) -> Value {
        (self.0.hash() % 101) as Value - 50
    }

    fn hash(&self) -> u64 {
        self.0.hash()
    }
}

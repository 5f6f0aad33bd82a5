//! Undo and redo over snapshots of a value.

/// The past and future of a value: `record` before each change, `undo`/`redo` to move.
#[derive(Clone, Debug)]
pub struct History<T> {
    past: Vec<T>,
    future: Vec<T>,
    limit: usize,
}

impl<T> History<T> {
    /// A history that keeps at most `limit` past states (the oldest go first).
    pub fn new(limit: usize) -> History<T> {
        History {
            past: Vec::new(),
            future: Vec::new(),
            limit: limit.max(1),
        }
    }

    /// Remember `before`, the state before a change; the redo list is cleared.
    pub fn record(&mut self, before: T) {
        if self.past.len() == self.limit {
            self.past.remove(0);
        }
        self.past.push(before);
        self.future.clear();
    }

    /// Step back: `current` goes to the redo list and the previous state is returned.
    pub fn undo(&mut self, current: T) -> Result<T, T> {
        match self.past.pop() {
            Some(prev) => {
                self.future.push(current);
                Ok(prev)
            }
            None => Err(current),
        }
    }

    /// Step forward again after an undo.
    pub fn redo(&mut self, current: T) -> Result<T, T> {
        match self.future.pop() {
            Some(next) => {
                self.past.push(current);
                Ok(next)
            }
            None => Err(current),
        }
    }

    pub fn can_undo(&self) -> bool {
        !self.past.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.future.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_redo_and_a_new_change_clears_redo() {
        let mut h = History::new(10);
        let mut v = 1;
        h.record(v);
        v = 2;
        h.record(v);
        v = 3;
        v = h.undo(v).unwrap();
        assert_eq!(v, 2);
        v = h.undo(v).unwrap();
        assert_eq!(v, 1);
        assert_eq!(h.undo(v), Err(1));
        v = h.redo(v).unwrap();
        assert_eq!(v, 2);
        h.record(v);
        assert!(!h.can_redo());
        assert_eq!(h.redo(5), Err(5));
    }

    #[test]
    fn the_oldest_state_goes_first() {
        let mut h = History::new(2);
        h.record(1);
        h.record(2);
        h.record(3);
        assert_eq!(h.undo(4), Ok(3));
        assert_eq!(h.undo(3), Ok(2));
        assert_eq!(h.undo(2), Err(2));
    }
}

//! Proof and disproof numbers: saturating arithmetic with an infinity, the thresholds df-pn
//! gives the child it descends into (with the 1+ε trick), and their table form.

/// A proof or disproof number. [`INF`] is "cannot be proven" (a disproof for `pn`).
pub type Num = u64;

/// The infinite proof or disproof number.
pub const INF: Num = crate::solver::kernel::progress::INFINITE_NUMBER;

/// The largest finite number a table entry holds (`u32::MAX` is [`INF`] there).
const TABLE_MAX: Num = u32::MAX as Num - 1;

/// The numbers at which a visit of a node returns to its parent: its proof number reaching
/// `pn` or its disproof number reaching `dn`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thresholds {
    pub pn: Num,
    pub dn: Num,
}

impl Thresholds {
    /// Search until the node is decided.
    pub const INFINITE: Thresholds = Thresholds { pn: INF, dn: INF };
}

/// `a + b`, at most [`INF`].
pub fn add(a: Num, b: Num) -> Num {
    a.saturating_add(b).min(INF)
}

/// The threshold of the child being searched for the number that is a minimum at this node (pn
/// at OR nodes, dn at AND nodes): the child may grow until it passes the second best child by a
/// fraction ε = 1/4 (Pawlewicz and Lew's 1+ε trick: fewer switches between two close
/// children), never beyond the node's own threshold, and always at least one more than the
/// second best, so the search moves on.
pub fn min_threshold(node_threshold: Num, second_best: Num) -> Num {
    if second_best >= INF {
        return node_threshold;
    }
    let grown = add(second_best, second_best / 4).max(add(second_best, 1));
    node_threshold.min(grown)
}

/// A weak sum (WPNS): the largest number plus one for every other one. Unlike a sum it does not
/// count a subtree shared by several children once per child.
#[derive(Clone, Copy, Debug, Default)]
pub struct WeakSum {
    max: Num,
    count: Num,
}

impl WeakSum {
    pub fn add(&mut self, n: Num) {
        self.max = self.max.max(n);
        self.count += 1;
    }

    /// Add `count` numbers of 1.
    pub fn add_ones(&mut self, count: Num) {
        if count > 0 {
            self.max = self.max.max(1);
            self.count += count;
        }
    }

    /// The threshold of a child of this sum when the sum's threshold is `node_threshold`: the
    /// child's number at which the sum reaches the threshold as the largest term. (Not the
    /// threshold less the other terms, as for a true sum: when the child is not the largest,
    /// that leaves the sum below its threshold when the child returns, and the same child is
    /// searched again with the same threshold, for ever.)
    pub fn child_threshold(&self, node_threshold: Num) -> Num {
        if node_threshold >= INF {
            return INF;
        }
        node_threshold.saturating_sub(self.count.saturating_sub(1))
    }

    /// The sum's value; 0 for no numbers.
    pub fn value(&self) -> Num {
        if self.count == 0 {
            0
        } else {
            add(self.max, self.count - 1)
        }
    }
}

/// A number as the table keeps it (`u32`, [`INF`] as `u32::MAX`).
pub fn to_table(n: Num) -> u32 {
    if n >= INF {
        u32::MAX
    } else {
        u32::try_from(n.min(TABLE_MAX)).unwrap_or(u32::MAX - 1)
    }
}

/// A number from its table form.
pub fn from_table(n: u32) -> Num {
    if n == u32::MAX {
        INF
    } else {
        Num::from(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_saturate_at_infinity() {
        assert_eq!(add(3, 4), 7);
        assert_eq!(add(INF, 1), INF);
        assert_eq!(add(INF - 1, 5), INF);
    }

    #[test]
    fn the_child_passes_its_sibling_by_a_quarter_but_not_the_node() {
        assert_eq!(min_threshold(INF, 8), 10);
        // At least one more than the second best, so a child of equal value is left behind.
        assert_eq!(min_threshold(INF, 1), 2);
        assert_eq!(min_threshold(9, 8), 9);
        assert_eq!(min_threshold(7, INF), 7);
    }

    #[test]
    fn a_child_reaching_its_threshold_takes_the_weak_sum_to_the_nodes() {
        let mut s = WeakSum::default();
        s.add(1); // the child searched
        s.add(2);
        assert_eq!(s.value(), 3);
        let th = s.child_threshold(10);
        assert_eq!(th, 9);
        let mut after = WeakSum::default();
        after.add(th);
        after.add(2);
        assert_eq!(after.value(), 10);
        assert_eq!(s.child_threshold(INF), INF);
    }

    #[test]
    fn a_weak_sum_is_the_largest_plus_the_others_count() {
        let mut s = WeakSum::default();
        assert_eq!(s.value(), 0);
        for n in [3, 9, 1] {
            s.add(n);
        }
        assert_eq!(s.value(), 11);
        s.add(INF);
        assert_eq!(s.value(), INF);
    }

    #[test]
    fn table_numbers_round_trip() {
        for n in [0, 1, 77, TABLE_MAX, INF] {
            assert_eq!(from_table(to_table(n)), n);
        }
        assert_eq!(from_table(to_table(TABLE_MAX + 5)), TABLE_MAX);
    }
}

//! Pairs: the interior points of an eye region kept liberties of the chain round it under
//! alternating play (the parent module's documentation, "Pairs", has the rule and why it
//! holds).

use crate::go::point::Point;
use crate::go::zone::Zone;

/// A *pair*: an interior point of a vital region (empty, beside no stone of the defender) and
/// two of its neighbours that are liberties of the chain round the region. When the opponent
/// plays one of the two while the interior point and the other are empty, the defender plays
/// the other, which makes the interior point a liberty of the chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pair {
    pub points: [Point; 2],
    pub interior: Point,
}

/// The pairs that make a region (`points`, of which `empties` are empty and `walled` are beside
/// a stone of the defender) vital to the one chain round it, if it has them: every point of the
/// region beside no stone of the defender (its *interior*), empty or the opponent's, gets two
/// of its neighbours that are empty, walled and not in `spent` (the links' points), no point
/// in two pairs, and some point of the region is neither in `spent` nor a pair's point (no
/// answer fills it). (The opponent's interior stones need their pairs too: when an answer
/// captures, every point freed is then a liberty of the chain or an interior point whose pair
/// is empty again.) Chosen greedily, the interior points with the fewest candidates first
/// (ascending points among equals).
pub(super) fn pair_vital(
    points: &Zone,
    empties: &Zone,
    walled: &Zone,
    spent: &Zone,
) -> Option<Vec<Pair>> {
    let interior = points.difference(walled);
    let free = empties.intersection(walled).difference(spent);
    let mut wants: Vec<(Point, Vec<Point>)> = interior
        .iter()
        .map(|x| {
            let c: Vec<Point> = x
                .neighbors()
                .into_iter()
                .filter(|&q| free.contains(q))
                .collect();
            (x, c)
        })
        .collect();
    wants.sort_by_key(|(x, c)| (c.len(), *x));
    let mut answered = *spent;
    let mut pairs = Vec::with_capacity(wants.len());
    for (x, c) in wants {
        let mut pick = c.into_iter().filter(|&q| !answered.contains(q));
        let (Some(a), Some(b)) = (pick.next(), pick.next()) else {
            return None;
        };
        answered.insert(a);
        answered.insert(b);
        pairs.push(Pair {
            points: [a, b],
            interior: x,
        });
    }
    (!points.is_subset(&answered)).then_some(pairs)
}

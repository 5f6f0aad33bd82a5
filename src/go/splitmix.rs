//! splitmix64 (Steele, Lea and Flood 2014): a tiny seedable generator whose output step is also a
//! good 64-bit mixer. One copy for the Zobrist keys, the pattern table's keys, the playouts'
//! random numbers and the training set's hold-out choice.

/// One step from `state`: the next state and the value drawn.
#[inline]
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// `z` mixed: every input bit affects every output bit (the value of one step from `z`).
#[inline]
pub const fn mix64(z: u64) -> u64 {
    splitmix64(z).1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_values_from_zero_are_the_published_ones() {
        // The reference sequence of splitmix64 seeded with 0.
        let (s, a) = splitmix64(0);
        let (_, b) = splitmix64(s);
        assert_eq!(a, 0xE220_A839_7B1D_CDAF);
        assert_eq!(b, 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(mix64(0), a);
    }
}

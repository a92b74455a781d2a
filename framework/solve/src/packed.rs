//! Nine-bit codes packed eight to a group of nine bytes: the eight codes'
//! low bytes, then a byte holding their ninth bits (bit `j` for the `j`th
//! code of the group).
//!
//! One bit more than a byte per position keeps every distance up to 254
//! plies inline (the full Diffusion table's longest is 156), where a byte
//! alone sent a sixth of that table to a side list searched by bisection.
//! Keeping a code's two parts in one group, rather than in two planes,
//! means a lookup touches one cache line, not two: the solver's counting
//! pass is a stream of random lookups into the layers below.

use rayon::prelude::*;

use super::value::Code;

/// Codes per group.
pub(crate) const CODES: u64 = 8;
/// Bytes per group.
pub(crate) const GROUP: usize = 9;

/// Bytes holding `positions` codes (the last group padded with zeros);
/// saturates for counts no file can hold.
pub(crate) fn packed_len(positions: u64) -> u64 {
    positions.div_ceil(CODES).saturating_mul(GROUP as u64)
}

/// The codes after the first `positions` in their last group, or-ed
/// together: zero in sound bytes.
pub(crate) fn padding(bytes: &[u8], positions: u64) -> Code {
    (positions..positions.div_ceil(CODES) * CODES).fold(0, |all, i| all | get(bytes, i))
}

/// Code `index` of the packed bytes `bytes`.
#[inline]
pub(crate) fn get(bytes: &[u8], index: u64) -> Code {
    let group = (index / CODES) as usize * GROUP;
    let j = (index % CODES) as usize;
    let high = bytes[group + GROUP - 1] >> j & 1;
    Code::from(bytes[group + j]) | Code::from(high) << 8
}

/// Sets codes `start..start + len` of `bytes` to `code(i)` for `i` in
/// `0..len`, leaving every other code as it was. Groups are written in
/// parallel; a group the range shares with its neighbours keeps their codes.
pub(crate) fn set_range(
    bytes: &mut [u8],
    start: u64,
    len: u64,
    code: impl Fn(usize) -> Code + Sync,
) {
    if len == 0 {
        return;
    }
    let end = start + len;
    let first = start / CODES;
    let groups = (end - 1) / CODES + 1 - first;
    let from = first as usize * GROUP;
    bytes[from..from + groups as usize * GROUP]
        .par_chunks_mut(GROUP)
        .enumerate()
        .for_each(|(g, group)| {
            let base = (first + g as u64) * CODES;
            for j in 0..CODES {
                let index = base + j;
                if (start..end).contains(&index) {
                    let c = code((index - start) as usize);
                    let j = j as usize;
                    group[j] = c as u8;
                    let bit = 1 << j;
                    group[GROUP - 1] = match c >> 8 & 1 {
                        1 => group[GROUP - 1] | bit,
                        _ => group[GROUP - 1] & !bit,
                    };
                }
            }
        });
}

/// Calls `each` with every code of the first `positions` in `bytes`, in
/// parallel, folding per-chunk tallies with `merge`.
pub(crate) fn fold<T: Send + Default>(
    bytes: &[u8],
    positions: u64,
    each: impl Fn(&mut T, Code) + Sync,
    merge: impl Fn(T, T) -> T + Sync + Send,
) -> T {
    const GROUPS_PER_TASK: usize = 1 << 16;
    bytes[..packed_len(positions) as usize]
        .par_chunks(GROUP * GROUPS_PER_TASK)
        .enumerate()
        .map(|(task, chunk)| {
            let mut tally = T::default();
            let base = (task * GROUPS_PER_TASK) as u64 * CODES;
            let codes = (positions - base).min(chunk.len() as u64 / GROUP as u64 * CODES);
            for i in 0..codes {
                each(&mut tally, get(chunk, i));
            }
            tally
        })
        .reduce(T::default, merge)
}

/// The packed bytes of `codes`.
#[cfg(test)]
pub(crate) fn pack(codes: &[Code]) -> Vec<u8> {
    let mut bytes = vec![0; packed_len(codes.len() as u64) as usize];
    set_range(&mut bytes, 0, codes.len() as u64, |i| codes[i]);
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_round_trips_at_every_place_in_a_group() {
        let codes: Vec<Code> = (0..1000u16).map(|i| i * 7 % 512).collect();
        let bytes = pack(&codes);
        assert_eq!(bytes.len(), 125 * GROUP);
        for (i, &code) in codes.iter().enumerate() {
            assert_eq!(get(&bytes, i as u64), code, "code {i}");
        }
    }

    #[test]
    fn a_range_leaves_its_neighbours_in_shared_groups_alone() {
        let mut bytes = vec![0; packed_len(30) as usize];
        set_range(&mut bytes, 0, 30, |_| 511);
        set_range(&mut bytes, 5, 13, |i| 256 + i as Code);
        for index in 0..30u64 {
            let expected = match index {
                5..18 => 256 + index as Code - 5,
                _ => 511,
            };
            assert_eq!(get(&bytes, index), expected, "code {index}");
        }
        set_range(&mut bytes, 9, 3, |_| 3);
        assert_eq!(
            (get(&bytes, 8), get(&bytes, 9), get(&bytes, 12)),
            (259, 3, 263)
        );
    }

    #[test]
    fn fold_sees_each_code_once_and_no_padding() {
        let codes: Vec<Code> = (0..1_100_003u32).map(|i| (i % 512) as Code).collect();
        let bytes = pack(&codes);
        let (count, sum) = fold(
            &bytes,
            codes.len() as u64,
            |t: &mut (u64, u64), c| *t = (t.0 + 1, t.1 + u64::from(c)),
            |a, b| (a.0 + b.0, a.1 + b.1),
        );
        assert_eq!(count, codes.len() as u64);
        assert_eq!(sum, codes.iter().map(|&c| u64::from(c)).sum::<u64>());
    }
}

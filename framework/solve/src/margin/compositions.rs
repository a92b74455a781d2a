//! Numbering the ways to spread `n` seeds over `k` pits (compositions of
//! `n` into `k` parts, zeros allowed) in lexicographic order: how a game
//! indexes a board within its layer of seeds on the board.

/// Counts of compositions, `count(parts, total)`, for ranking and unranking
/// boards of up to `max_parts` pits and `max_total` seeds.
#[derive(Clone, Debug)]
pub struct Compositions {
    /// `counts[k][n]`: the ways to put `n` seeds into `k` pits.
    counts: Vec<Vec<u64>>,
}

impl Compositions {
    /// The table for up to `max_parts` pits and `max_total` seeds.
    pub fn new(max_parts: usize, max_total: usize) -> Self {
        let mut counts = vec![vec![0u64; max_total + 1]; max_parts + 2];
        counts[0][0] = 1;
        for k in 1..counts.len() {
            // Ways with k pits = the sum over the first pit's count: a
            // running sum of the row for k - 1 (saturating for boards no
            // table could hold).
            let mut sum = 0u64;
            let row: Vec<u64> = counts[k - 1]
                .iter()
                .map(|&fewer| {
                    sum = sum.saturating_add(fewer);
                    sum
                })
                .collect();
            counts[k] = row;
        }
        Compositions { counts }
    }

    /// The ways to put `total` seeds into `parts` pits.
    pub fn count(&self, parts: usize, total: usize) -> u64 {
        self.counts[parts][total]
    }

    /// The rank of `parts` among the boards of its size and total.
    pub fn rank(&self, parts: &[u8]) -> u64 {
        let mut left: usize = parts.iter().map(|&p| usize::from(p)).sum();
        let mut rank = 0;
        for (j, &part) in parts.iter().enumerate().take(parts.len().saturating_sub(1)) {
            let rest = parts.len() - j - 1;
            // Boards with a smaller count here come first: by the hockey
            // stick, the sum of count(rest, left - v) over v < part.
            let part = usize::from(part);
            rank += self.count(rest + 1, left) - self.count(rest + 1, left - part);
            left -= part;
        }
        rank
    }

    /// The board of `k` pits holding `total` seeds with rank `rank`
    /// (`rank < count(k, total)`), written into `out`.
    pub fn unrank(&self, mut rank: u64, total: usize, out: &mut [u8]) {
        let mut left = total;
        let k = out.len();
        for (j, part) in out.iter_mut().enumerate() {
            let rest = k - j - 1;
            if rest == 0 {
                *part = left as u8;
                break;
            }
            let mut v = 0;
            while rank >= self.count(rest, left - v) {
                rank -= self.count(rest, left - v);
                v += 1;
            }
            *part = v as u8;
            left -= v;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every board of 4 pits and up to 6 seeds ranks to its place in
    /// lexicographic order and unranks back.
    #[test]
    fn ranks_are_lexicographic_and_invert() {
        let c = Compositions::new(4, 6);
        for total in 0..=6u8 {
            let mut boards = Vec::new();
            for a in 0..=total {
                for b in 0..=total - a {
                    for d in 0..=total - a - b {
                        boards.push([a, b, d, total - a - b - d]);
                    }
                }
            }
            assert_eq!(boards.len() as u64, c.count(4, usize::from(total)));
            for (i, board) in boards.iter().enumerate() {
                assert_eq!(c.rank(board), i as u64);
                let mut out = [0; 4];
                c.unrank(i as u64, usize::from(total), &mut out);
                assert_eq!(&out, board);
            }
        }
    }
}

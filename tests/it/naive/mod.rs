//! A deliberately naive Go board for cross-checking the incremental rules core: every move copies
//! the grid and finds blocks and liberties by flood fill from scratch. Slow and obviously correct.

#![allow(dead_code)]

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stone {
    Black,
    White,
}

impl Stone {
    pub fn other(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        }
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NaiveBoard {
    pub size: usize,
    pub grid: Vec<Option<Stone>>,
    /// Simple-ko point and the colour that may not play there.
    pub ko: Option<(usize, Stone)>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Refusal {
    Occupied,
    Ko,
    Suicide,
}

impl NaiveBoard {
    pub fn new(size: usize) -> NaiveBoard {
        NaiveBoard {
            size,
            grid: vec![None; size * size],
            ko: None,
        }
    }

    pub fn neighbors(&self, i: usize) -> Vec<usize> {
        let (x, y) = (i % self.size, i / self.size);
        let mut v = Vec::new();
        if x > 0 {
            v.push(i - 1);
        }
        if x + 1 < self.size {
            v.push(i + 1);
        }
        if y > 0 {
            v.push(i - self.size);
        }
        if y + 1 < self.size {
            v.push(i + self.size);
        }
        v
    }

    /// The block containing `i` and its number of liberties.
    pub fn block(&self, i: usize) -> (Vec<usize>, usize) {
        let c = self.grid[i];
        let mut block = vec![i];
        let mut libs = Vec::new();
        let mut k = 0;
        while k < block.len() {
            for n in self.neighbors(block[k]) {
                if self.grid[n] == c && !block.contains(&n) {
                    block.push(n);
                } else if self.grid[n].is_none() && !libs.contains(&n) {
                    libs.push(n);
                }
            }
            k += 1;
        }
        (block, libs.len())
    }

    /// Play `c` at `i` (or pass with `None`); returns the new board and the number captured.
    pub fn play(&self, c: Stone, mv: Option<usize>) -> Result<(NaiveBoard, usize), Refusal> {
        let Some(i) = mv else {
            let mut b = self.clone();
            b.ko = None;
            return Ok((b, 0));
        };
        if self.grid[i].is_some() {
            return Err(Refusal::Occupied);
        }
        if self.ko == Some((i, c)) {
            return Err(Refusal::Ko);
        }
        let mut b = self.clone();
        b.ko = None;
        b.grid[i] = Some(c);
        let mut captured = Vec::new();
        for n in self.neighbors(i) {
            if b.grid[n] == Some(c.other()) {
                let (stones, libs) = b.block(n);
                if libs == 0 {
                    for s in stones {
                        b.grid[s] = None;
                        captured.push(s);
                    }
                }
            }
        }
        let (own, libs) = b.block(i);
        if libs == 0 {
            return Err(Refusal::Suicide);
        }
        if captured.len() == 1 && own.len() == 1 && libs == 1 {
            b.ko = Some((captured[0], c.other()));
        }
        Ok((b, captured.len()))
    }

    /// Number of move sequences of length `depth` (plays and passes) for alternating players.
    pub fn perft(&self, c: Stone, depth: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut total = 0;
        for mv in (0..self.size * self.size).map(Some).chain([None]) {
            if let Ok((b, _)) = self.play(c, mv) {
                total += b.perft(c.other(), depth - 1);
            }
        }
        total
    }
}

//! numpy's random stream, bit for bit: `SeedSequence`, the `PCG64` bit generator and the `Generator` methods
//! the Python engine draws with (`random`, `integers`, `permutation`, `choice`, `spawn`).
//!
//! The Python engine plays every game from one `numpy.random.Generator`; the core must draw the very same
//! numbers in the same order, so each algorithm below follows numpy's own (numpy/random/bit_generator.pyx for
//! SeedSequence, src/pcg64/pcg64.h for PCG64, src/distributions/distributions.c and _generator.pyx for the
//! methods). The Python test suite checks them against numpy over millions of draws
//! (tests/native/test_native_rng.py).

const INIT_A: u32 = 0x43b0_d7e5;
const MULT_A: u32 = 0x931e_8875;
const INIT_B: u32 = 0x8b51_f9dd;
const MULT_B: u32 = 0x58f3_8ded;
const MIX_MULT_L: u32 = 0xca01_f9dd;
const MIX_MULT_R: u32 = 0x4973_f715;
const XSHIFT: u32 = 16;

/// An integer as numpy's SeedSequence reads it: 32-bit words, least significant first (0 is one word).
pub fn words_of(mut x: u128) -> Vec<u32> {
    if x == 0 {
        return vec![0];
    }
    let mut out = Vec::new();
    while x > 0 {
        out.push(x as u32);
        x >>= 32;
    }
    out
}

/// numpy's `SeedSequence`: the entropy and spawn key as 32-bit words, and its mixed pool.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedSeq {
    /// The run entropy, as words (`_coerce_to_uint32_array(entropy)`).
    pub entropy: Vec<u32>,
    /// The spawn key, every element's words concatenated.
    pub spawn_key: Vec<u32>,
    pub pool_size: usize,
    pub n_children_spawned: u64,
    pub pool: Vec<u32>,
}

#[inline]
fn hashmix(value: u32, hash_const: &mut u32) -> u32 {
    let mut v = value ^ *hash_const;
    *hash_const = hash_const.wrapping_mul(MULT_A);
    v = v.wrapping_mul(*hash_const);
    v ^ (v >> XSHIFT)
}

#[inline]
fn mix(x: u32, y: u32) -> u32 {
    let r = MIX_MULT_L.wrapping_mul(x).wrapping_sub(MIX_MULT_R.wrapping_mul(y));
    r ^ (r >> XSHIFT)
}

impl SeedSeq {
    pub fn new(entropy: Vec<u32>, spawn_key: Vec<u32>, pool_size: usize, n_children_spawned: u64) -> SeedSeq {
        let mut run = entropy.clone();
        if !spawn_key.is_empty() && run.len() < pool_size {
            run.resize(pool_size, 0);
        }
        run.extend_from_slice(&spawn_key);
        let mut pool = vec![0u32; pool_size];
        let mut hc = INIT_A;
        for (i, p) in pool.iter_mut().enumerate() {
            *p = hashmix(if i < run.len() { run[i] } else { 0 }, &mut hc);
        }
        for i_src in 0..pool_size {
            for i_dst in 0..pool_size {
                if i_src != i_dst {
                    let h = hashmix(pool[i_src], &mut hc);
                    pool[i_dst] = mix(pool[i_dst], h);
                }
            }
        }
        for &e in run.iter().skip(pool_size) {
            for i_dst in 0..pool_size {
                let h = hashmix(e, &mut hc);
                pool[i_dst] = mix(pool[i_dst], h);
            }
        }
        SeedSeq { entropy, spawn_key, pool_size, n_children_spawned, pool }
    }

    /// `SeedSequence(seed)` for a non-negative integer seed.
    pub fn from_int(seed: u128) -> SeedSeq {
        SeedSeq::new(words_of(seed), Vec::new(), 4, 0)
    }

    /// `generate_state(n, np.uint32)`.
    pub fn generate_u32(&self, n_words: usize) -> Vec<u32> {
        let mut hc = INIT_B;
        let mut out = Vec::with_capacity(n_words);
        for i in 0..n_words {
            let mut v = self.pool[i % self.pool_size] ^ hc;
            hc = hc.wrapping_mul(MULT_B);
            v = v.wrapping_mul(hc);
            out.push(v ^ (v >> XSHIFT));
        }
        out
    }

    /// `generate_state(n, np.uint64)`: pairs of words, the first the low half.
    pub fn generate_u64(&self, n: usize) -> Vec<u64> {
        let w = self.generate_u32(2 * n);
        (0..n).map(|i| (w[2 * i] as u64) | ((w[2 * i + 1] as u64) << 32)).collect()
    }

    /// `spawn(1)[0]`: the next child (its spawn key extended by the child's index).
    pub fn spawn(&mut self) -> SeedSeq {
        let mut key = self.spawn_key.clone();
        key.extend(words_of(self.n_children_spawned as u128));
        self.n_children_spawned += 1;
        SeedSeq::new(self.entropy.clone(), key, self.pool_size, 0)
    }
}

const PCG_MULT: u128 = (2549297995355413924u128 << 64) | 4865540595714422341u128;

/// numpy's PCG64 (XSL-RR 128/64) with its buffered 32-bit half.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pcg64 {
    pub state: u128,
    pub inc: u128,
    pub has_uint32: bool,
    pub uinteger: u32,
}

impl Pcg64 {
    pub fn from_seq(seq: &SeedSeq) -> Pcg64 {
        let v = seq.generate_u64(4);
        let initstate = ((v[0] as u128) << 64) | v[1] as u128;
        let initseq = ((v[2] as u128) << 64) | v[3] as u128;
        let mut p = Pcg64 { state: 0, inc: (initseq << 1) | 1, has_uint32: false, uinteger: 0 };
        p.step();
        p.state = p.state.wrapping_add(initstate);
        p.step();
        p
    }

    #[inline]
    fn step(&mut self) {
        self.state = self.state.wrapping_mul(PCG_MULT).wrapping_add(self.inc);
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.step();
        let s = self.state;
        let x = ((s >> 64) as u64) ^ (s as u64);
        x.rotate_right((s >> 122) as u32)
    }

    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        if self.has_uint32 {
            self.has_uint32 = false;
            return self.uinteger;
        }
        let n = self.next_u64();
        self.has_uint32 = true;
        self.uinteger = (n >> 32) as u32;
        n as u32
    }

    #[inline]
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / 9007199254740992.0)
    }
}

/// numpy's `Generator` over PCG64, with the seed sequence it was made from (for `spawn`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generator {
    pub bits: Pcg64,
    pub seq: SeedSeq,
}

impl Generator {
    pub fn new(seq: SeedSeq) -> Generator {
        Generator { bits: Pcg64::from_seq(&seq), seq }
    }

    /// `np.random.default_rng(seed)` for a non-negative integer seed.
    pub fn from_int(seed: u128) -> Generator {
        Generator::new(SeedSeq::from_int(seed))
    }

    /// `random()`: a float in [0, 1).
    #[inline]
    pub fn random(&mut self) -> f64 {
        self.bits.next_f64()
    }

    /// `integers(low, high)` for 0 <= low < high (exclusive), one int64 value.
    #[inline]
    pub fn integers_range(&mut self, low: u64, high: u64) -> u64 {
        low + self.bounded(high - low - 1)
    }

    /// `integers(n)`: uniform in 0..n (n >= 1).
    #[inline]
    pub fn integers(&mut self, n: usize) -> usize {
        self.bounded(n as u64 - 1) as usize
    }

    /// numpy's `random_bounded_uint64_fill` for one value in 0..=rng (not masked: Lemire's method).
    fn bounded(&mut self, rng: u64) -> u64 {
        if rng == 0 {
            0
        } else if rng <= 0xFFFF_FFFF {
            if rng == 0xFFFF_FFFF {
                return self.bits.next_u32() as u64;
            }
            let rng = rng as u32;
            let excl = rng + 1;
            let mut m = (self.bits.next_u32() as u64) * excl as u64;
            let mut left = m as u32;
            if left < excl {
                let threshold = (u32::MAX - rng) % excl;
                while left < threshold {
                    m = (self.bits.next_u32() as u64) * excl as u64;
                    left = m as u32;
                }
            }
            m >> 32
        } else if rng == u64::MAX {
            self.bits.next_u64()
        } else {
            let excl = rng + 1;
            let mut m = (self.bits.next_u64() as u128) * excl as u128;
            let mut left = m as u64;
            if left < excl {
                let threshold = (u64::MAX - rng) % excl;
                while left < threshold {
                    m = (self.bits.next_u64() as u128) * excl as u128;
                    left = m as u64;
                }
            }
            (m >> 64) as u64
        }
    }

    /// numpy's `random_interval(max)`: the masked rejection draw the shuffles use.
    fn interval(&mut self, max: u64) -> u64 {
        if max == 0 {
            return 0;
        }
        let mut mask = max;
        mask |= mask >> 1;
        mask |= mask >> 2;
        mask |= mask >> 4;
        mask |= mask >> 8;
        mask |= mask >> 16;
        mask |= mask >> 32;
        if max <= 0xFFFF_FFFF {
            loop {
                let v = (self.bits.next_u32() as u64) & mask;
                if v <= max {
                    return v;
                }
            }
        }
        loop {
            let v = self.bits.next_u64() & mask;
            if v <= max {
                return v;
            }
        }
    }

    /// In-place shuffle of `x[..]` as `Generator.shuffle` does it (Fisher-Yates from the end).
    pub fn shuffle<T>(&mut self, x: &mut [T]) {
        let n = x.len();
        for i in (1..n).rev() {
            let j = self.interval(i as u64) as usize;
            x.swap(i, j);
        }
    }

    /// `permutation(n)`.
    pub fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut v: Vec<usize> = (0..n).collect();
        self.shuffle(&mut v);
        v
    }

    /// `choice(pop, size=size, replace=replace)` without probabilities.
    pub fn choice(&mut self, pop: usize, size: usize, replace: bool) -> Vec<usize> {
        if replace {
            return (0..size).map(|_| self.integers(pop)).collect();
        }
        assert!(size <= pop, "choice: size larger than the population");
        if pop > 10000 && size > pop / 50 {
            let mut idx: Vec<usize> = (0..pop).collect();
            let first = std::cmp::max(pop - size, 1);
            self.shuffle_int(&mut idx, first);
            return idx[pop - size..].to_vec();
        }
        // Floyd's algorithm with numpy's open-addressing set, then a shuffle of the picks.
        let set_size = (1.2 * size as f64) as u64;
        let mut mask = set_size;
        for s in [1, 2, 4, 8, 16, 32] {
            mask |= mask >> s;
        }
        let mut set = vec![u64::MAX; (mask + 1) as usize];
        let mut idx = vec![0usize; size];
        for j in (pop - size)..pop {
            let val = self.bounded(j as u64);
            let mut loc = val & mask;
            while set[loc as usize] != u64::MAX && set[loc as usize] != val {
                loc = (loc + 1) & mask;
            }
            if set[loc as usize] == u64::MAX {
                set[loc as usize] = val;
                idx[j + size - pop] = val as usize;
            } else {
                let mut loc = (j as u64) & mask;
                while set[loc as usize] != u64::MAX {
                    loc = (loc + 1) & mask;
                }
                set[loc as usize] = j as u64;
                idx[j + size - pop] = j;
            }
        }
        self.shuffle_int(&mut idx, 1);
        idx
    }

    /// numpy's `_shuffle_int` (what `choice` shuffles with): Lemire draws, not `random_interval`'s masks.
    fn shuffle_int(&mut self, x: &mut [usize], first: usize) {
        for i in (first..x.len()).rev() {
            let j = self.bounded(i as u64) as usize;
            x.swap(i, j);
        }
    }

    /// `spawn(1)[0]`: a child generator from the next child of the seed sequence.
    pub fn spawn(&mut self) -> Generator {
        Generator::new(self.seq.spawn())
    }

    /// The bit generator's state replaced by `other`'s (`bit_generator.state = other.bit_generator.state`):
    /// the seed sequence stays this one's.
    pub fn set_bits(&mut self, other: &Generator) {
        self.bits = other.bits.clone();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Reference values printed by numpy 2.x (`np.random.default_rng(12345)` and friends).
    #[test]
    fn seed_sequence_pool_matches_numpy() {
        // np.random.SeedSequence(12345).pool
        let s = SeedSeq::from_int(12345);
        assert_eq!(s.pool, vec![4069775156, 4251353637, 4182767765, 2267058336]);
    }

    #[test]
    fn spawn_extends_the_key_and_counts_children() {
        let mut s = SeedSeq::from_int(7);
        let c0 = s.spawn();
        let c1 = s.spawn();
        assert_eq!(c0.spawn_key, vec![0]);
        assert_eq!(c1.spawn_key, vec![1]);
        assert_eq!(s.n_children_spawned, 2);
        assert_ne!(c0.pool, c1.pool);
        assert_eq!(c0, SeedSeq::new(vec![7], vec![0], 4, 0));
    }

    #[test]
    fn bounded_draws_stay_in_range() {
        let mut g = Generator::from_int(1);
        for n in 1..50usize {
            for _ in 0..200 {
                assert!(g.integers(n) < n);
            }
        }
        let p = g.permutation(9);
        let mut q = p.clone();
        q.sort();
        assert_eq!(q, (0..9).collect::<Vec<_>>());
        let c = g.choice(5, 2, false);
        assert!(c[0] != c[1] && c.iter().all(|&x| x < 5));
    }
}

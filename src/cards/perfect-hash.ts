// Minimal-effort perfect hashing ("hash and displace") for the rank key sums: ~74k keys
// spread over ~22M squeezed into a 2^17-slot table (56% full), so the hot lookup is
//   slot = (imul(key, SLOT_MUL) >>> SLOT_SHIFT) ^ displacement[imul(key, BUCKET_MUL) >>> BUCKET_SHIFT]
// and both arrays stay inside the CPU caches. Keys are split into 2^14 buckets; buckets
// are placed fullest first, each with the smallest displacement that lands all its keys
// on free slots. Everything is deterministic, so the table is the same on every load.
export const SLOT_BITS = 17;
export const BUCKET_BITS = 14;

export interface PerfectHash {
  readonly slotMul: number;
  readonly bucketMul: number;
  /** Per bucket: the value xor-ed into its keys' slots. */
  readonly displacement: Int32Array;
  readonly index: (key: number) => number;
}

// Odd 32-bit multipliers tried in order until every bucket can be placed.
const MULTIPLIERS = [0x9e3779b1, 0x85ebca6b, 0xc2b2ae35, 0x27d4eb2f, 0x165667b1, 0xd3a2646c | 1, 0xfd7046c5, 0xb55a4f09];

export function buildPerfectHash(keys: readonly number[]): PerfectHash {
  for (let i = 0; i + 1 < MULTIPLIERS.length; i++) {
    const hash = tryBuild(keys, MULTIPLIERS[i]!, MULTIPLIERS[i + 1]!);
    if (hash !== undefined) return hash;
  }
  throw new Error("no perfect hash found for the rank keys");
}

function tryBuild(keys: readonly number[], slotMul: number, bucketMul: number): PerfectHash | undefined {
  const slotShift = 32 - SLOT_BITS;
  const bucketShift = 32 - BUCKET_BITS;
  const slotOf = (key: number): number => Math.imul(key, slotMul) >>> slotShift;
  const buckets: number[][] = Array.from({ length: 1 << BUCKET_BITS }, () => []);
  for (const key of keys) buckets[Math.imul(key, bucketMul) >>> bucketShift]!.push(slotOf(key));
  const order = buckets.map((_, b) => b).sort((x, y) => buckets[y]!.length - buckets[x]!.length || x - y);
  const used = new Uint8Array(1 << SLOT_BITS);
  const displacement = new Int32Array(1 << BUCKET_BITS);
  for (const b of order) {
    const slots = buckets[b]!;
    if (slots.length === 0) break;
    if (new Set(slots).size !== slots.length) return undefined; // no displacement can split them
    let d = 0;
    search: for (; d < 1 << SLOT_BITS; d++) {
      for (const s of slots) if (used[s ^ d] !== 0) continue search;
      break;
    }
    if (d === 1 << SLOT_BITS) return undefined;
    for (const s of slots) used[s ^ d] = 1;
    displacement[b] = d;
  }
  return {
    slotMul,
    bucketMul,
    displacement,
    index: (key) => (slotOf(key) ^ displacement[Math.imul(key, bucketMul) >>> bucketShift]!) >>> 0,
  };
}

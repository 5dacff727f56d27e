// Perfect hashing by "hash and displace" for the rank key sums: ~74k keys spread over
// ~22M squeezed into a 2^17-slot table (56% full), so the hot lookup is
//   slot = (imul(key, slotMul) >>> SLOT_SHIFT) ^ displacement[imul(key, bucketMul) >>> BUCKET_SHIFT]
// and both arrays stay inside the CPU caches. Keys are split into 2^14 buckets; buckets
// are placed fullest first, each with the smallest displacement that lands all its keys
// on free slots. Deterministic, so the table is the same on every load.
export const SLOT_BITS = 17;
export const BUCKET_BITS = 14;
export const SLOT_SHIFT = 32 - SLOT_BITS;
export const BUCKET_SHIFT = 32 - BUCKET_BITS;

export interface PerfectHash {
  readonly slotMul: number;
  readonly bucketMul: number;
  /** Per bucket: the value xor-ed into its keys' slots. */
  readonly displacement: Int32Array;
  readonly index: (key: number) => number;
}

// Odd 32-bit multipliers, tried in pairs until every bucket can be placed.
const MULTIPLIERS = [0x9e3779b1, 0x85ebca6b, 0xc2b2ae35, 0x27d4eb2f, 0x165667b1, 0xfd7046c5, 0xb55a4f09];

export function buildPerfectHash(keys: readonly number[]): PerfectHash {
  for (let i = 0; i + 1 < MULTIPLIERS.length; i++) {
    const hash = tryBuild(keys, MULTIPLIERS[i]!, MULTIPLIERS[i + 1]!);
    if (hash !== undefined) return hash;
  }
  throw new Error("no perfect hash found for the rank keys");
}

function tryBuild(keys: readonly number[], slotMul: number, bucketMul: number): PerfectHash | undefined {
  const bucketCount = 1 << BUCKET_BITS;
  const slotCount = 1 << SLOT_BITS;
  // Keys grouped by bucket (counting sort): bucket b holds slots[start[b] .. start[b+1]).
  const start = new Int32Array(bucketCount + 1);
  for (const key of keys) start[(Math.imul(key, bucketMul) >>> BUCKET_SHIFT) + 1]!++;
  for (let b = 0; b < bucketCount; b++) start[b + 1]! += start[b]!;
  const fill = start.slice(0, bucketCount);
  const slots = new Int32Array(keys.length);
  for (const key of keys) slots[fill[Math.imul(key, bucketMul) >>> BUCKET_SHIFT]!++] = Math.imul(key, slotMul) >>> SLOT_SHIFT;

  const order = Array.from({ length: bucketCount }, (_, b) => b);
  const size = (b: number): number => start[b + 1]! - start[b]!;
  order.sort((x, y) => size(y) - size(x) || x - y);

  const used = new Uint8Array(slotCount);
  const displacement = new Int32Array(bucketCount);
  for (const b of order) {
    const from = start[b]!;
    const to = start[b + 1]!;
    if (from === to) break;
    for (let i = from; i < to; i++) for (let j = i + 1; j < to; j++) if (slots[i] === slots[j]) return undefined;
    let d = 0;
    search: for (; d < slotCount; d++) {
      for (let i = from; i < to; i++) if (used[slots[i]! ^ d] !== 0) continue search;
      break;
    }
    if (d === slotCount) return undefined;
    for (let i = from; i < to; i++) used[slots[i]! ^ d] = 1;
    displacement[b] = d;
  }
  const index = (key: number): number => (Math.imul(key, slotMul) >>> SLOT_SHIFT) ^ displacement[Math.imul(key, bucketMul) >>> BUCKET_SHIFT]!;
  return { slotMul, bucketMul, displacement, index };
}

// Derives RANK_KEYS in src/cards/rank-keys.ts: greedy smallest keys (rank 2 gets 0) such
// that two different multisets of ranks of the same size (each rank at most 4 times, at
// most 7 cards) never have the same key sum. Ranks are added one at a time; a candidate
// key is refused as soon as two multisets of equal size over the ranks so far collide,
// since any later completion adds the same amount to both.
// Run: npx tsx bench/evaluator-keys.ts
export function searchRankKeys(maxCards = 7): number[] {
  const keys: number[] = [0];
  let sums: number[][] = [];
  for (let size = 0; size <= maxCards; size++) sums.push([size <= 4 ? 0 : -1].filter((s) => s >= 0));
  let stamp = new Int32Array(1 << 20);
  let generation = 0;
  for (let rank = 1; rank < 13; rank++) {
    for (let k = keys.at(-1)! + 1; ; k++) {
      let clash = false;
      outer: for (let size = 0; size <= maxCards; size++) {
        generation++;
        for (let m = 0; m <= 4 && m <= size; m++)
          for (const s of sums[size - m]!) {
            const at = s + m * k;
            if (at >= stamp.length) {
              const bigger = new Int32Array(stamp.length * 2);
              bigger.set(stamp);
              stamp = bigger;
            }
            if (stamp[at] === generation) {
              clash = true;
              break outer;
            }
            stamp[at] = generation;
          }
      }
      if (clash) continue;
      const next: number[][] = [];
      for (let size = 0; size <= maxCards; size++) {
        const list: number[] = [];
        for (let m = 0; m <= 4 && m <= size; m++) for (const s of sums[size - m]!) list.push(s + m * k);
        next.push(list);
      }
      keys.push(k);
      sums = next;
      console.error(`rank ${rank}: key ${k}`);
      break;
    }
  }
  return keys;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const keys = searchRankKeys();
  console.log(JSON.stringify(keys), "max 7-card sum", 4 * keys[12]! + 3 * keys[11]!);
}

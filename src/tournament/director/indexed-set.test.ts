import { describe, expect, it } from "vitest";
import { seededRandom } from "../index.ts";
import { DenseIndexedSet, IndexedSet } from "./indexed-set.ts";

describe("the pace index's sets", () => {
  it("the array-backed set keeps the same members in the same order as the map-backed one, so a pick draws the same table", () => {
    const a = new IndexedSet();
    const b = new DenseIndexedSet();
    const rng = seededRandom(5);
    const pickA = seededRandom(9);
    const pickB = seededRandom(9);
    for (let step = 0; step < 5_000; step++) {
      const x = rng.nextUint32() % 300;
      if (rng.nextUint32() % 3 === 0) {
        a.delete(x);
        b.delete(x);
      } else {
        a.add(x);
        b.add(x);
      }
      expect(b.has(x)).toBe(a.has(x));
      expect(b.size).toBe(a.size);
      if (a.size > 0) expect(b.pick(pickB)).toBe(a.pick(pickA));
    }
    expect([...b.values()]).toEqual([...a.values()]);
    expect(b.has(1_000)).toBe(false);
    expect(b.has(-1)).toBe(false);
  });

  it("the array-backed set takes only whole numbers, and a refused one changes nothing", () => {
    const b = new DenseIndexedSet();
    b.add(3);
    expect(() => b.add(-1)).toThrow(RangeError);
    expect(() => b.add(1.5)).toThrow(RangeError);
    expect([...b.values()]).toEqual([3]);
    b.delete(7);
    b.delete(3);
    expect(b.size).toBe(0);
  });
});

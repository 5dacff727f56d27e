// The sets the pace index keeps its due-count buckets in.
import { randomInt, type RandomSource } from "../index.ts";

/** A set with O(1) add, delete and uniform random pick (a settle's plan: few members, short-lived). */
export class IndexedSet {
  private readonly items: number[] = [];
  private readonly at = new Map<number, number>();
  get size(): number {
    return this.items.length;
  }
  has(x: number): boolean {
    return this.at.has(x);
  }
  add(x: number): void {
    if (this.at.has(x)) return;
    this.at.set(x, this.items.length);
    this.items.push(x);
  }
  delete(x: number): void {
    const i = this.at.get(x);
    if (i === undefined) return;
    const last = this.items.pop()!;
    this.at.delete(x);
    if (last !== x) {
      this.items[i] = last;
      this.at.set(last, i);
    }
  }
  item(i: number): number {
    return this.items[i]!;
  }
  pick(rng: RandomSource): number {
    return this.items[randomInt(rng, this.items.length)]!;
  }
  values(): readonly number[] {
    return this.items;
  }
}

/** A set of small whole numbers (table ids) with O(1) add, delete and uniform random pick,
 *  for the director's long-lived buckets. Each member's place in `items` is kept in an array
 *  indexed by the member itself, not a map: the buckets change for every hand, and a map of
 *  a field's thousands of tables cost a hash, and its deleted slots a rehash now and then,
 *  where an array costs one read. The array is as long as the largest member, so a set made
 *  for a moment (a settle's plan) keeps the map-backed `IndexedSet`. */
export class DenseIndexedSet {
  private readonly items: number[] = [];
  /** The member's place in `items` plus one; 0 when absent. Grown with zeros, so never holey. */
  private readonly at: number[] = [];
  get size(): number {
    return this.items.length;
  }
  has(x: number): boolean {
    return (this.at[x] ?? 0) > 0;
  }
  add(x: number): void {
    if (!Number.isSafeInteger(x) || x < 0) throw new RangeError(`a table id is a whole number, not ${x}`);
    while (this.at.length <= x) this.at.push(0);
    if (this.at[x]! > 0) return;
    this.items.push(x);
    this.at[x] = this.items.length;
  }
  delete(x: number): void {
    const i = (this.at[x] ?? 0) - 1;
    if (i < 0) return;
    const last = this.items.pop()!;
    this.at[x] = 0;
    if (last !== x) {
      this.items[i] = last;
      this.at[last] = i + 1;
    }
  }
  item(i: number): number {
    return this.items[i]!;
  }
  pick(rng: RandomSource): number {
    return this.items[randomInt(rng, this.items.length)]!;
  }
  values(): readonly number[] {
    return this.items;
  }
}

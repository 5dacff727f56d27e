// The set the pace index keeps its due-count buckets in.
import { randomInt, type RandomSource } from "../index.ts";

/** A set with O(1) add, delete and uniform random pick. */
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

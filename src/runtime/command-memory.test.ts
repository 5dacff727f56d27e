import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CommandMemory } from "./command-memory.ts";

/** What the actor held before: an insertion-ordered map, the oldest dropped past the limit. */
class MapModel {
  readonly ids = new Map<string, { version: number; sender: string | null }>();
  constructor(private readonly limit: number) {}
  remember(id: string, version: number, sender: string | null): void {
    this.ids.set(id, { version, sender });
    if (this.ids.size > this.limit) this.ids.delete(this.ids.keys().next().value!);
  }
  entries(): (readonly [string, number] | readonly [string, number, string])[] {
    return [...this.ids].map(([id, { version, sender }]) => (sender === null ? [id, version] : [id, version, sender]));
  }
}

// Ids drawn from a small pool so that they repeat, plus long ones, non-Latin-1 ones and ones
// that differ only in their last character (near-equal hashes).
const idArb = fc.oneof(
  fc.constantFrom("a", "b", "c1", "c2", "", "é", "名前", "x".repeat(64), "x".repeat(65), `${"y".repeat(70)}名`),
  fc.integer({ min: 0, max: 60 }).map((n) => `cmd-${n}`),
  fc.string({ minLength: 0, maxLength: 90 }),
  fc.uuid(),
);
const senderArb = fc.option(fc.constantFrom("u1", "u2", "u3", "someone-else"), { nil: null });
const opArb = fc.tuple(idArb, fc.integer({ min: 0, max: 1_000_000 }), senderArb);

describe("CommandMemory", () => {
  it("answers as an insertion-ordered map that forgets its oldest past the limit would, after any run of commands", () => {
    fc.assert(
      fc.property(fc.constantFrom(1, 2, 3, 7, 16, 17, 40, Number.POSITIVE_INFINITY), fc.array(opArb, { maxLength: 300 }), (limit, ops) => {
        const memory = new CommandMemory(limit);
        const model = new MapModel(limit);
        const probes = new Set<string>();
        for (const [id, version, sender] of ops) {
          memory.remember(id, version, sender);
          model.remember(id, version, sender);
          probes.add(id);
          expect(memory.size).toBe(model.ids.size);
        }
        expect(memory.entries()).toEqual(model.entries());
        for (const id of [...probes, "never-sent"]) {
          const m = model.ids.get(id);
          expect(memory.has(id)).toBe(m !== undefined);
          expect(memory.version(id)).toBe(m?.version);
          expect(memory.sender(id)).toBe(m?.sender ?? undefined);
        }
      }),
      { numRuns: 400 },
    );
  });

  it("forgets the oldest of a thousand ids first, and finds every other one", () => {
    const memory = new CommandMemory(1_000);
    for (let i = 0; i < 2_500; i++) memory.remember(`c${i.toString(16).padStart(24, "0")}`, i, i % 2 === 0 ? "p1" : null);
    expect(memory.size).toBe(1_000);
    expect(memory.has(`c${(1_499).toString(16).padStart(24, "0")}`)).toBe(false);
    for (let i = 1_500; i < 2_500; i++) {
      const id = `c${i.toString(16).padStart(24, "0")}`;
      expect(memory.version(id)).toBe(i);
      expect(memory.sender(id)).toBe(i % 2 === 0 ? "p1" : undefined);
    }
    expect(memory.entries()[0]).toEqual([`c${(1_500).toString(16).padStart(24, "0")}`, 1_500, "p1"]);
  });

  it("keeps nothing with a limit below one", () => {
    const memory = new CommandMemory(0);
    memory.remember("a", 1, "u1");
    expect(memory.has("a")).toBe(false);
    expect(memory.entries()).toEqual([]);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allPartitions,
  fnv1a32,
  partitionHash,
  partitionKey,
  tablePartition,
  TABLE_PARTITIONS,
  tournamentPartition,
  TOURNAMENT_PARTITIONS,
} from "./partition.ts";

describe("partitions", () => {
  it("the hash is FNV-1a: known vectors pin it, so no release can move every table by accident", () => {
    expect(fnv1a32("")).toBe(0x811c9dc5);
    expect(fnv1a32("a")).toBe(0xe40c292c);
    expect(fnv1a32("foobar")).toBe(0xbf9cf968);
    // Pinned outputs for Felt-shaped ids: a change here moves every running table.
    expect(partitionHash("t1")).toBe(3372026498);
    expect(tablePartition("t1")).toEqual({ kind: "table", index: 130 });
    expect(tournamentPartition("42")).toEqual({ kind: "tournament", index: 61 });
    expect(partitionKey(tablePartition("t1"))).toMatch(/^table\.\d{3}$/);
  });

  it("hashes any text's UTF-8 bytes, ASCII or not, as FNV-1a over the encoded bytes does", () => {
    const reference = (text: string) => {
      let h = 0x811c9dc5;
      for (const byte of new TextEncoder().encode(text)) h = Math.imul(h ^ byte, 0x01000193);
      return h >>> 0;
    };
    expect(fnv1a32("žluťoučký kůň")).toBe(reference("žluťoučký kůň"));
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: "grapheme", maxLength: 40 }), fc.string({ unit: "binary", maxLength: 40 })),
        (id) => {
          expect(fnv1a32(id)).toBe(reference(id));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("is stable: the same id always lands in the same partition, within range", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (id) => {
        const t = tablePartition(id);
        const d = tournamentPartition(id);
        expect(tablePartition(id)).toEqual(t);
        expect(t.index).toBeGreaterThanOrEqual(0);
        expect(t.index).toBeLessThan(TABLE_PARTITIONS);
        expect(Number.isInteger(t.index)).toBe(true);
        expect(d.index).toBeGreaterThanOrEqual(0);
        expect(d.index).toBeLessThan(TOURNAMENT_PARTITIONS);
      }),
    );
  });

  it("spreads sequential table ids evenly over the 256 partitions", () => {
    const counts = new Array<number>(TABLE_PARTITIONS).fill(0);
    const n = 256 * 100;
    for (let i = 0; i < n; i += 1) counts[tablePartition(`t${i}`).index]! += 1;
    // Expected 100 per partition; a uniform hash keeps every bucket well within 50..150
    // (a chi-square far below a broken hash's, which would pile ids into few partitions).
    expect(Math.min(...counts)).toBeGreaterThan(50);
    expect(Math.max(...counts)).toBeLessThan(150);
    const chi = counts.reduce((s, c) => s + (c - 100) ** 2 / 100, 0);
    expect(chi).toBeLessThan(400); // 255 degrees of freedom: mean 255, p=0.001 at ~330
  });

  it("spreads tournament ids over all 64 partitions", () => {
    const counts = new Array<number>(TOURNAMENT_PARTITIONS).fill(0);
    for (let i = 0; i < 64 * 100; i += 1) counts[tournamentPartition(String(1000 + i)).index]! += 1;
    expect(Math.min(...counts)).toBeGreaterThan(50);
    expect(Math.max(...counts)).toBeLessThan(150);
  });

  it("names partitions as KV keys, one distinct key each", () => {
    const keys = [...allPartitions("table"), ...allPartitions("tournament")].map(partitionKey);
    expect(new Set(keys).size).toBe(TABLE_PARTITIONS + TOURNAMENT_PARTITIONS);
    for (const k of keys) expect(k).toMatch(/^[-/_=.a-zA-Z0-9]+$/);
    expect(partitionKey({ kind: "tournament", index: 5 })).toBe("tournament.05");
  });
});

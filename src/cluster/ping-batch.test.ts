// The followers' ping batch with followers and a bus of the test's own: what is asked of
// which partition, in how many requests, and who hears the answers.
import { describe, expect, it } from "vitest";
import { fail, ok, type Result } from "../lib/result.ts";
import type { SyncAnswer } from "./follower.ts";
import { MAX_BATCH, PingBatch, type Pingable } from "./ping-batch.ts";

interface Fake extends Pingable<string> {
  readonly name: string;
  ready: boolean;
  pending: boolean;
  heard: (Result<SyncAnswer> | null)[];
}

function fake(name: string): Fake {
  const f: Fake = {
    name,
    ready: true,
    pending: false,
    heard: [],
    due: () => f.ready && !f.pending,
    sent: () => void (f.pending = true),
    ask: () => name,
    answered: (r) => {
      f.pending = false;
      f.heard.push(r);
    },
  };
  return f;
}

const answerOf = (ask: string): Result<SyncAnswer> => ok({ subject: `view.${ask}`, seq: 1, epoch: 1 });

describe("the followers' ping batch", () => {
  it("asks each partition once a period for every follower due, and gives each its own answer", async () => {
    const sent: { key: string; asks: readonly string[] }[] = [];
    const batch = new PingBatch<string>(async (key, asks) => {
      sent.push({ key, asks });
      return ok(asks.map(answerOf));
    }, 0);
    const [a, b, c, idle] = ["a", "b", "c", "idle"].map(fake) as [Fake, Fake, Fake, Fake];
    batch.add("table.001", a);
    batch.add("table.001", b);
    batch.add("table.002", c);
    batch.add("table.002", idle);
    idle.ready = false; // resyncing, or not started: not asked
    await batch.tick();
    expect(sent).toEqual([
      { key: "table.001", asks: ["a", "b"] },
      { key: "table.002", asks: ["c"] },
    ]);
    expect(a.heard).toEqual([answerOf("a")]);
    expect(b.heard).toEqual([answerOf("b")]);
    expect(c.heard).toEqual([answerOf("c")]);
    expect(idle.heard).toEqual([]);
  });

  it("a partition whose batch is still on its way is not asked again; a follower removed is not asked", async () => {
    const sent: string[] = [];
    let release: (() => void) | null = null;
    const batch = new PingBatch<string>(async (key, asks) => {
      sent.push(`${key}:${asks.join(",")}`);
      if (key === "slow" && release === null) await new Promise<void>((r) => (release = r));
      return ok(asks.map(answerOf));
    }, 0);
    const [s, q, gone] = ["s", "q", "gone"].map(fake) as [Fake, Fake, Fake];
    batch.add("slow", s);
    batch.add("quick", q);
    const remove = batch.add("quick", gone);
    remove();
    const first = batch.tick();
    await new Promise((r) => setImmediate(r)); // the quick partition answered; the slow one has not
    await batch.tick();
    expect(sent).toEqual(["slow:s", "quick:q", "quick:q"]);
    release!();
    await first;
    expect(s.heard).toHaveLength(1);
    await batch.tick();
    expect(sent.filter((x) => x === "slow:s")).toHaveLength(2);
    expect(gone.heard).toEqual([]);
  });

  it("a batch that fails, or whose answer does not match it, tells each follower it got none", async () => {
    let answer: Result<unknown> = fail("cluster/unavailable", "nobody serves the partition");
    const batch = new PingBatch<string>(async () => answer, 0);
    const [a, b] = ["a", "b"].map(fake) as [Fake, Fake];
    batch.add("k", a);
    batch.add("k", b);
    await batch.tick();
    answer = ok([answerOf("a")]); // one answer for two asks
    await batch.tick();
    expect(a.heard).toEqual([null, null]);
    expect(b.heard).toEqual([null, null]);
    expect(a.pending || b.pending).toBe(false);
  });

  it(`more than ${MAX_BATCH} followers of one partition go in requests of at most ${MAX_BATCH}`, async () => {
    const sizes: number[] = [];
    const batch = new PingBatch<string>(async (_key, asks) => {
      sizes.push(asks.length);
      return ok(asks.map(answerOf));
    }, 0);
    const many = Array.from({ length: 2 * MAX_BATCH + 1 }, (_, i) => fake(`f${i}`));
    for (const f of many) batch.add("tournament.07", f);
    await batch.tick();
    expect(sizes).toEqual([MAX_BATCH, MAX_BATCH, 1]);
    expect(many.every((f) => f.heard.length === 1 && f.heard[0]!.ok && f.heard[0]!.value.subject === `view.${f.name}`)).toBe(true);
  });

  it("partitions held by one member go in one request to one of them; a partition whose owner is not known goes alone", async () => {
    const sent: { key: string; asks: readonly string[] }[] = [];
    const owners: Record<string, string> = { "table.001": "m1", "table.002": "m1", "table.003": "m2" };
    const batch = new PingBatch<string>(
      async (key, asks) => {
        sent.push({ key, asks });
        return ok(asks.map(answerOf));
      },
      0,
      (key) => owners[key],
    );
    const fs = ["a", "b", "c", "d", "e"].map(fake) as [Fake, Fake, Fake, Fake, Fake];
    batch.add("table.001", fs[0]);
    batch.add("table.002", fs[1]);
    batch.add("table.002", fs[2]);
    batch.add("table.003", fs[3]);
    batch.add("table.004", fs[4]);
    await batch.tick();
    expect(sent).toEqual([
      { key: "table.001", asks: ["a", "b", "c"] },
      { key: "table.003", asks: ["d"] },
      { key: "table.004", asks: ["e"] },
    ]);
    expect(fs.map((f) => f.heard)).toEqual(fs.map((f) => [answerOf(f.name)]));
  });

  it("asks the member refuses as not its own (its partition moved since the lease view) go again at once to their own partition; the others keep their answers", async () => {
    const sent: { key: string; asks: readonly string[] }[] = [];
    // The view says m1 holds both; table.002 has moved to another member, which answers for it.
    const batch = new PingBatch<string>(
      async (key, asks) => {
        sent.push({ key, asks });
        if (key === "table.001") return ok(asks.map((a) => (a === "b" ? fail("cluster/not-owner", "m1 does not serve table.002") : answerOf(a))));
        return ok(asks.map((a) => ok({ subject: `view.${a}`, seq: 1, epoch: 2 })));
      },
      0,
      () => "m1",
    );
    const [a, b] = ["a", "b"].map(fake) as [Fake, Fake];
    batch.add("table.001", a);
    batch.add("table.002", b);
    await batch.tick();
    expect(sent).toEqual([
      { key: "table.001", asks: ["a", "b"] },
      { key: "table.002", asks: ["b"] },
    ]);
    expect(a.heard).toEqual([answerOf("a")]);
    expect(b.heard).toEqual([ok({ subject: "view.b", seq: 1, epoch: 2 })]);
    // Refused by the partition it was sent to (the bus already tried its new owner): that is the answer.
    const alone = new PingBatch<string>(
      async () => ok([fail("cluster/not-owner", "nobody")]),
      0,
      () => "m1",
    );
    const c = fake("c");
    alone.add("table.009", c);
    await alone.tick();
    expect(c.heard).toEqual([fail("cluster/not-owner", "nobody")]);
  });
});

// The hand-results stream on the machine's NATS (stage 2): republished results are
// stored once; a consumer that stops (or whose process dies) mid-way leaves exactly the
// unacked results, in order, to the next; a failed handler gets the same result again before
// any later one; tournaments do not see each other's results. "Nothing more arrived" is
// never judged by waiting: a sentinel published last must be the next thing handled.
import type { NatsConnection } from "nats";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fail, ok } from "../lib/result.ts";
import { idToken, ResultsStream, type Consuming, type ResultMeta } from "./results.ts";
import { dropClusterBuckets, tempPrefix, testNats, until } from "../../testkit/cluster/nats.ts";

let nc: NatsConnection;
beforeAll(async () => {
  nc = await testNats();
});
afterAll(async () => {
  await nc?.close();
});
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Hand {
  readonly id: string;
  readonly n: number;
}

async function stream(options: { ackWaitMs?: number; retryMs?: number } = {}, conn: NatsConnection = nc, prefix = tempPrefix()) {
  const results = await ResultsStream.open(conn, { prefix, ...options });
  cleanups.push(() => dropClusterBuckets(prefix));
  return { results, prefix };
}

/** Publishes hands 1..n of table `table` (ids as the tables make them: `<tableId>:h<hand>`). */
async function publishHands(results: ResultsStream, tournament: string, table: string, from: number, to: number): Promise<void> {
  for (let n = from; n <= to; n++) {
    const r = await results.publish(tournament, `${table}:h${n}`, { id: `${table}:h${n}`, n } satisfies Hand);
    expect(r.ok && !r.value.duplicate).toBe(true);
  }
}

/** A consumer recording what it handled (and acked). */
async function record(results: ResultsStream, tournament: string, gate?: (h: Hand) => Promise<void>) {
  const seen: Hand[] = [];
  const metas: ResultMeta[] = [];
  const c = await results.consume<Hand>(tournament, async (h, meta) => {
    await gate?.(h);
    seen.push(h);
    metas.push(meta);
    return ok(undefined);
  });
  cleanups.push(() => c.stop());
  return { seen, metas, c };
}

const nums = (hs: readonly Hand[]) => hs.map((h) => h.n);
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

describe("the hand-results stream (stage 2)", () => {
  it("ids are subject tokens and consumer names, and two ids never share one", () => {
    expect(idToken("T1")).toBe("T1");
    expect(idToken("a.b")).not.toBe(idToken("a_b"));
    expect(idToken("a_b")).not.toBe(idToken("a-b"));
    expect(idToken("ü *>")).toMatch(/^[-_a-zA-Z0-9]+$/);
    const long = idToken("x".repeat(200));
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long).not.toBe(idToken(`${"x".repeat(199)}y`));
  });

  it("500 results published twice are stored once: every republish answers duplicate, the director gets 500 in order", async () => {
    const { results } = await stream();
    await publishHands(results, "T1", "T1-t1", 1, 500);
    for (let n = 1; n <= 500; n++) {
      const again = await results.publish("T1", `T1-t1:h${n}`, { id: `T1-t1:h${n}`, n: -n });
      expect(again.ok && again.value.duplicate).toBe(true);
    }
    const jsm = await nc.jetstreamManager();
    expect((await jsm.streams.info(results.stream)).state.messages).toBe(500);
    await results.publish("T1", "sentinel", { id: "sentinel", n: 501 });
    const d = await record(results, "T1");
    await until(() => (d.seen.length >= 501 ? true : undefined), "501 handled");
    expect(nums(d.seen)).toEqual(range(1, 501));
    expect(d.metas.map((m) => m.msgId).slice(0, 2)).toEqual(["T1-t1:h1", "T1-t1:h2"]);
  }, 60_000);

  it("a stream already there is bound, not replaced: a second open sees the first one's results", async () => {
    const { results, prefix } = await stream();
    await publishHands(results, "T1", "T1-t1", 1, 3);
    const again = await ResultsStream.open(nc, { prefix });
    expect((await again.publish("T1", "T1-t1:h2", { id: "T1-t1:h2", n: 2 })).ok).toBe(true);
    const d = await record(again, "T1");
    await until(() => (d.seen.length >= 3 ? true : undefined), "3 handled");
    expect(nums(d.seen)).toEqual([1, 2, 3]);
  });

  it("a consumer stopped mid-way: the result in hand is finished and acked, the next owner gets exactly the rest, in order", async () => {
    const { results } = await stream();
    await publishHands(results, "T1", "T1-t1", 1, 20);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let atSeven = false;
    const a = await record(results, "T1", async (h) => {
      if (h.n === 7) {
        atSeven = true;
        await held;
      }
    });
    await until(() => (atSeven ? true : undefined), "a holds hand 7");
    const stopping = a.c.stop();
    release();
    await stopping;
    expect(nums(a.seen)).toEqual(range(1, 7));
    await publishHands(results, "T1", "T1-t1", 21, 25);
    const b = await record(results, "T1");
    await until(() => (b.seen.length >= 18 ? true : undefined), "b handles the rest");
    expect(nums(b.seen)).toEqual(range(8, 25));
    // Stopped while idle: nothing held back either.
    await b.c.stop();
    await publishHands(results, "T1", "T1-t1", 26, 27);
    const c = await record(results, "T1");
    await until(() => (c.seen.length >= 2 ? true : undefined), "c handles 26, 27");
    expect(nums(c.seen)).toEqual([26, 27]);
    expect(nums(a.seen)).toEqual(range(1, 7));
    expect(nums(b.seen)).toEqual(range(8, 25));
  }, 60_000);

  it("a consumer whose process dies holding a result (connection closed, no ack): the next owner gets it and everything after, in order", async () => {
    const dying = await testNats();
    const prefix = tempPrefix();
    const { results } = await stream({ ackWaitMs: 2_000 }, nc, prefix);
    const theirs = await ResultsStream.open(dying, { prefix, ackWaitMs: 2_000 });
    await publishHands(results, "T1", "T1-t2", 1, 10);
    let atSix = false;
    const never = new Promise<void>(() => {});
    const a: Hand[] = [];
    await theirs.consume<Hand>("T1", async (h) => {
      if (h.n === 6) {
        atSix = true;
        await never;
      }
      a.push(h);
      return ok(undefined);
    });
    await until(() => (atSix ? true : undefined), "the dying one holds hand 6");
    await dying.close();
    const b = await record(results, "T1");
    await until(() => (b.seen.length >= 5 ? true : undefined), "b gets 6..10");
    expect(nums(a)).toEqual(range(1, 5));
    expect(nums(b.seen)).toEqual(range(6, 10));
    expect(b.metas[0]!.deliveries).toBeGreaterThan(1);
    expect(b.metas[1]!.deliveries).toBe(1);
  }, 60_000);

  it("a failed or throwing handler gets the same result again before any later one; each is acked once it succeeds", async () => {
    const { results } = await stream({ retryMs: 100 });
    await publishHands(results, "T1", "T1-t1", 1, 6);
    const calls: number[] = [];
    let failed3 = 0;
    let threw5 = false;
    const c: Consuming = await results.consume<Hand>("T1", async (h) => {
      calls.push(h.n);
      if (h.n === 3 && failed3 < 2) {
        failed3++;
        return fail("director/busy", "not now");
      }
      if (h.n === 5 && !threw5) {
        threw5 = true;
        throw new Error("boom");
      }
      return ok(undefined);
    });
    await until(() => (calls.filter((n) => n === 6).length > 0 ? true : undefined), "hand 6 handled");
    await c.stop();
    expect(calls).toEqual([1, 2, 3, 3, 3, 4, 5, 5, 6]);
    // All acked: the next consumer's first result is the one published after.
    await publishHands(results, "T1", "T1-t1", 7, 7);
    const d = await record(results, "T1");
    await until(() => (d.seen.length >= 1 ? true : undefined), "7 handled");
    expect(nums(d.seen)).toEqual([7]);
  }, 60_000);

  it("two tournaments' results do not mix, however their ids look", async () => {
    const { results } = await stream();
    for (let n = 1; n <= 10; n++) {
      await publishHands(results, "a.b", "a.b-t1", n, n);
      await publishHands(results, "a_b", "a_b-t1", n, n);
    }
    const x = await record(results, "a.b");
    const y = await record(results, "a_b");
    await until(() => (x.seen.length >= 10 && y.seen.length >= 10 ? true : undefined), "both handled");
    expect(x.seen.map((h) => h.id)).toEqual(range(1, 10).map((n) => `a.b-t1:h${n}`));
    expect(y.seen.map((h) => h.id)).toEqual(range(1, 10).map((n) => `a_b-t1:h${n}`));
    // Ids are deduplicated per tournament: the same id in another tournament is another result.
    const other = await results.publish("a_b", "a.b-t1:h1", { id: "a.b-t1:h1", n: 11 });
    expect(other.ok && !other.value.duplicate).toBe(true);
    await until(() => (y.seen.length >= 11 ? true : undefined), "the 11th handled");
    expect(y.metas[10]!.msgId).toBe("a.b-t1:h1");
    expect(x.seen.length).toBe(10);
    // A finished tournament's consumer is deleted; the other's is untouched.
    await x.c.stop();
    await results.forget("a.b");
    const jsm = await nc.jetstreamManager();
    await expect(jsm.consumers.info(results.stream, results.consumerName("a.b"))).rejects.toThrow();
    expect((await jsm.consumers.info(results.stream, results.consumerName("a_b"))).num_ack_pending).toBe(0);
  }, 60_000);
});

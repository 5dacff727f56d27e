// A bucket watch that ends (its consumer could not be re-created after a reconnect) is
// opened again, and the observer goes on seeing the bucket; stop() ends it for good.
import type { KvEntry } from "nats";
import { describe, expect, it } from "vitest";
import { followKv } from "./watch.ts";

/** A watch's iterator as the KV hands it out: entries, then an end the test decides. */
function fakeWatch(entries: string[]): AsyncIterableIterator<KvEntry> & { stop(): void; end(): void } {
  let ended = false;
  let wake: () => void = () => {};
  const queue = entries.map((key) => ({ key, operation: "PUT" }) as KvEntry);
  return {
    stop: () => void ((ended = true), wake()),
    end: () => void ((ended = true), wake()),
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      for (;;) {
        if (queue.length > 0) return { done: false, value: queue.shift()! };
        if (ended) return { done: true, value: undefined };
        await new Promise<void>((r) => (wake = r));
      }
    },
  };
}

describe("followKv", () => {
  it("opens a watch again when it ends, until stopped", async () => {
    const opened: ReturnType<typeof fakeWatch>[] = [];
    const seen: string[] = [];
    const logs: string[] = [];
    const kv = {
      watch: async (opts?: { initializedFn?: () => void }) => {
        const w = fakeWatch([`k${opened.length}`]);
        opened.push(w);
        opts?.initializedFn?.();
        return w as never;
      },
    };
    const f = followKv(kv, (e) => seen.push(e.key), { sleep: async () => {}, log: (m) => logs.push(m) });
    await f.caughtUp;
    while (seen.length < 1) await new Promise((r) => setTimeout(r, 1));
    opened[0]!.end();
    while (seen.length < 2) await new Promise((r) => setTimeout(r, 1));
    expect(seen).toEqual(["k0", "k1"]);
    expect(logs).toEqual(["cluster: a bucket watch ended; following it again"]);
    f.stop();
    await new Promise((r) => setTimeout(r, 5));
    expect(opened).toHaveLength(2);
  });
});

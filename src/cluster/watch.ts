// A KV bucket followed for as long as the member runs. nats.js keeps a watch (an ordered
// consumer) going across reconnects by re-creating its consumer, but when that fails the
// watch's iterator just ends; the lease, member and lobby views then froze silently and
// the member balanced and routed by a picture that no longer moved. Here an ended watch is
// opened again (the whole bucket re-delivered: every observer here takes a value twice
// without harm) until `stop`.
import type { KV, KvEntry } from "nats";

export interface KvFollow {
  /** Settles once the first watch has delivered what the bucket held when it opened. */
  readonly caughtUp: Promise<void>;
  stop(): void;
}

export interface KvFollowOptions {
  /** Wait before opening an ended watch again (ms). */
  readonly retryMs?: number;
  readonly log?: (message: string, error?: unknown) => void;
  readonly sleep?: (ms: number) => Promise<void>;
}

export function followKv(kv: Pick<KV, "watch">, observe: (e: KvEntry) => void, options: KvFollowOptions = {}): KvFollow {
  const retryMs = options.retryMs ?? 1_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref()));
  let stopped = false;
  let current: { stop(): void } | null = null;
  let caught!: () => void;
  const caughtUp = new Promise<void>((r) => (caught = r));
  void (async () => {
    for (let opened = 0; !stopped; opened++) {
      try {
        const iter = await kv.watch({ key: ">", initializedFn: () => caught() });
        current = iter;
        if (stopped) return void iter.stop();
        if (opened > 0) options.log?.("cluster: a bucket watch ended; following it again");
        for await (const e of iter) observe(e);
      } catch (e) {
        if (!stopped && opened === 0) options.log?.("cluster: a bucket watch could not be opened; trying again", e);
      }
      current = null;
      if (!stopped) await sleep(retryMs);
    }
  })();
  return {
    caughtUp,
    stop: () => {
      stopped = true;
      current?.stop();
      caught();
    },
  };
}

// Who is in the cluster: each member puts its name into a JetStream KV bucket
// with the lease TTL and renews it every tick; every member watches the bucket. NATS 2.9
// sends no marker when a key expires, so a name not renewed for the TTL counts as gone.
// A graceful stop deletes the name at once, so the others rebalance without waiting.
import type { KV, NatsConnection } from "nats";
import { followKv, type KvFollow } from "./watch.ts";
import type { LeaseClock } from "./leases.ts";

export async function openMembersBucket(nc: NatsConnection, bucket: string, ttlMs: number): Promise<KV> {
  return nc.jetstream().views.kv(bucket, { history: 1, ttl: ttlMs });
}

const codec = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Where a cluster's tables live: "split" (each table in a table partition of its own, so one
 * event's tables spread over the members; the default) or "with-director" (every table in
 * its tournament's partition, beside its director). Two members on different layouts would
 * both run a table (each under its own partition's fence), so a member refuses to join a
 * cluster whose live members run the other one. A member from before layouts were announced
 * ran its tables with their directors.
 */
export type TableLayout = "split" | "with-director";
export const LAYOUT_BEFORE_ANNOUNCED: TableLayout = "with-director";

/**
 * What a member announces beside its name. `leases`: members from before one liveness key per
 * member held a TTL key per partition in another bucket; beside one of them, a member of
 * today would not see its partitions as held and both would serve them.
 */
export interface Announced {
  readonly layout: TableLayout;
  readonly leases: "per-member" | "per-partition";
}

export class Members {
  private readonly seen = new Map<string, number>();
  private watch: KvFollow | null = null;

  constructor(
    private readonly kv: KV,
    readonly member: string,
    private readonly clock: LeaseClock,
    private readonly ttlMs: number,
    private readonly changed: () => void = () => {},
    readonly layout: TableLayout = "with-director",
  ) {}

  /**
   * The other live members and what each announced. The bucket's TTL drops a name not
   * renewed within it, so every name still there is live (or was, less than a TTL ago).
   */
  async others(): Promise<Map<string, Announced>> {
    const out = new Map<string, Announced>();
    for await (const key of await this.kv.keys()) {
      if (key === this.member) continue;
      const e = await this.kv.get(key);
      if (e === null || e.operation !== "PUT") continue;
      let layout: TableLayout = LAYOUT_BEFORE_ANNOUNCED;
      let leases: Announced["leases"] = "per-partition";
      try {
        const v = JSON.parse(decoder.decode(e.value)) as { layout?: unknown; leases?: unknown };
        if (v.layout === "split" || v.layout === "with-director") layout = v.layout;
        if (v.leases === "per-member") leases = v.leases;
      } catch {
        // not JSON: an older member's name
      }
      out.set(key, { layout, leases });
    }
    return out;
  }

  async start(): Promise<void> {
    await this.announce();
    if (this.watch !== null) return;
    this.watch = followKv(this.kv, (e) => {
      if (e.operation === "PUT") this.seen.set(e.key, this.clock.now());
      else this.seen.delete(e.key);
      this.changed();
    });
    await this.watch.caughtUp;
  }

  /** Renews this member's name (every tick). A failure is left to the next tick. */
  async announce(): Promise<void> {
    await this.kv.put(this.member, codec.encode(JSON.stringify({ member: this.member, layout: this.layout, leases: "per-member" }))).catch(() => 0);
  }

  /** Live members (renewed within the TTL), this one always included, sorted. */
  live(): string[] {
    const now = this.clock.now();
    const out = new Set([this.member]);
    for (const [m, at] of this.seen) if (now - at < this.ttlMs) out.add(m);
    return [...out].sort();
  }

  async stop(options: { leave?: boolean } = {}): Promise<void> {
    this.watch?.stop();
    this.watch = null;
    if (options.leave) await this.kv.delete(this.member).catch(() => {});
  }
}

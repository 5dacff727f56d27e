// Who is in the cluster (issue 16): each member puts its name into a JetStream KV bucket
// with the lease TTL and renews it every tick; every member watches the bucket. NATS 2.9
// sends no marker when a key expires, so a name not renewed for the TTL counts as gone.
// A graceful stop deletes the name at once, so the others rebalance without waiting.
import type { KV, KvEntry, NatsConnection, QueuedIterator } from "nats";
import type { LeaseClock } from "./leases.ts";

export async function openMembersBucket(nc: NatsConnection, bucket: string, ttlMs: number): Promise<KV> {
  return nc.jetstream().views.kv(bucket, { history: 1, ttl: ttlMs });
}

const codec = new TextEncoder();

export class Members {
  private readonly seen = new Map<string, number>();
  private watch: QueuedIterator<KvEntry> | null = null;

  constructor(
    private readonly kv: KV,
    readonly member: string,
    private readonly clock: LeaseClock,
    private readonly ttlMs: number,
    private readonly changed: () => void = () => {},
  ) {}

  async start(): Promise<void> {
    await this.announce();
    if (this.watch !== null) return;
    const iter = await this.kv.watch({ key: ">" });
    this.watch = iter;
    void (async () => {
      for await (const e of iter) {
        if (e.operation === "PUT") this.seen.set(e.key, this.clock.now());
        else this.seen.delete(e.key);
        this.changed();
      }
    })().catch(() => {});
  }

  /** Renews this member's name (every tick). A failure is left to the next tick. */
  async announce(): Promise<void> {
    await this.kv.put(this.member, codec.encode(JSON.stringify({ member: this.member }))).catch(() => 0);
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

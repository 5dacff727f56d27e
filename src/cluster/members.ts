// Who is in the cluster, and what each member announced. A member's liveness key in
// `<prefix>_alive` (leases.ts) is its membership: it is renewed every second, expires with
// the lease TTL, is deleted by a graceful stop, and carries what the member announces
// beside its name (its table layout). One key per member does both jobs, so the balancing
// counts exactly the members that may hold partitions.
import type { KV, NatsConnection } from "nats";

const decoder = new TextDecoder();

/**
 * Where a cluster's tables live: "split" (each table in a table partition of its own, so one
 * event's tables spread over the members; the default) or "with-director" (every table in
 * its tournament's partition, beside its director). Two members on different layouts would
 * both run a table (each under its own partition's fence), so a member refuses to join a
 * cluster whose live members run the other one.
 */
export type TableLayout = "split" | "with-director";

/**
 * The other live members and the layout each announced, read from the server (not a watch
 * that may lag): the bucket's TTL drops a name not renewed within it, so every name still
 * there is live (or was, less than a TTL ago).
 */
export async function layoutsOf(alive: KV, except: string): Promise<Map<string, TableLayout>> {
  const out = new Map<string, TableLayout>();
  for await (const key of await alive.keys()) {
    if (key === except) continue;
    const e = await alive.get(key);
    if (e === null || e.operation !== "PUT") continue;
    try {
      const v = JSON.parse(decoder.decode(e.value)) as { layout?: unknown };
      if (v.layout === "split" || v.layout === "with-director") out.set(key, v.layout);
    } catch {
      // not a member's announcement: nothing to compare
    }
  }
  return out;
}

/**
 * Live members of an older Felt on the same prefix. Those announced themselves in
 * `<prefix>_members` (with the lease TTL) and held a TTL key per partition in another
 * bucket: beside one of them a member of today would not see its partitions as held, and
 * both would serve them. The bucket is only read, never created.
 */
export async function olderMembers(nc: NatsConnection, prefix: string): Promise<string[]> {
  const bucket = `${prefix}_members`;
  const exists = await (await nc.jetstreamManager()).streams.info(`KV_${bucket}`).then(
    () => true,
    () => false,
  );
  if (!exists) return [];
  const kv = await nc.jetstream().views.kv(bucket, { bindOnly: true });
  const out: string[] = [];
  for await (const key of await kv.keys()) {
    const e = await kv.get(key);
    if (e !== null && e.operation === "PUT") out.push(key);
  }
  return out.sort();
}

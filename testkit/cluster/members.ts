// Cluster mode's test members, said once: the options every member of these
// tests runs with (a `felt serve --cluster` child or a FeltServer in the test process),
// and what the kill tests check of the tables' streams once the tournament is over.
import type { EventStore, Ledger } from "../../src/store/index.ts";
import type { TableLayout } from "../../src/cluster/members.ts";
import { NATS_TEST_URL } from "./nats.ts";
import type { ServerOptions } from "../../src/server/felt-server.ts";
import type { Bot } from "../server/bot.ts";
import { openEventStore, openLedger, parseDbUrl, unwrapTarget } from "../server/crash-storage.ts";
import { DIRECTOR } from "../server/harness.ts";

/** A 4 s action clock and a 150 ms pause between hands: the tournaments end in minutes. */
const ACTION_MS = 4000;
const HAND_PAUSE_MS = 150;

/** The command line of member `member` as a `felt serve --cluster` child (after `serve --port --db`). */
export function memberArgs(member: string, prefix: string, layout: TableLayout): string[] {
  return [
    "--cluster",
    "--nats",
    NATS_TEST_URL,
    "--member",
    member,
    "--cluster-prefix",
    prefix,
    "--action-ms",
    String(ACTION_MS),
    "--hand-pause-ms",
    String(HAND_PAUSE_MS),
    layout === "split" ? "--split-tables" : "--tables-with-director",
  ];
}

/** The same member in the test process (FeltServer.start), its log lines kept in `logs`. */
export function memberOptions(db: string, member: string, prefix: string, logs: string[], layout: TableLayout): ServerOptions {
  return {
    db,
    port: 0,
    cluster: { nats: NATS_TEST_URL, member, prefix, layout },
    actionMs: ACTION_MS,
    handPauseMs: HAND_PAUSE_MS,
    scrypt: { N: 1024, r: 8, p: 1 },
    directors: [DIRECTOR],
    webDist: null,
    rateLimit: { perSecond: 500, burst: 1000 },
    signUpLimits: { perAddress: 0 },
    log: (m) => logs.push(m),
  };
}

/**
 * A tournament's table streams against what its bots were told: the hands dealt twice, the
 * commands stored more than once, the acknowledged commands not stored at the version
 * acknowledged (each list empty when nothing was lost or doubled).
 */
export async function storedOnce(
  store: EventStore,
  tournamentId: string,
  bots: readonly Bot[],
): Promise<{ handsTwice: string[]; storedTwice: string[]; notAsAcked: string[] }> {
  const acked = new Map<string, number>();
  for (const b of bots) for (const [c, v] of b.acked) acked.set(c, v);
  const stored = new Map<string, number[]>();
  const handsTwice: string[] = [];
  for (const st of await store.listStreams({ prefix: `table:${tournamentId}-` })) {
    const events = await store.read(st.stream);
    const numbers = events.filter((e) => e.type === "hand-started").map((e) => (e.data as { handNumber: number }).handNumber);
    handsTwice.push(...numbers.filter((n, k) => numbers.indexOf(n) !== k).map((n) => `${st.stream}#${n}`));
    for (const e of events) {
      const c = e.meta["commandId"];
      if (typeof c === "string") stored.set(c, [...(stored.get(c) ?? []), e.version]);
    }
  }
  return {
    handsTwice,
    storedTwice: [...stored].filter(([, vs]) => vs.length !== 1).map(([c, vs]) => `${c} at ${vs.join(", ")}`),
    notAsAcked: [...acked]
      .filter(([c, v]) => stored.get(c)?.[0] !== v)
      .map(([c, v]) => `${c} acknowledged at ${v}, stored at ${stored.get(c)?.join(", ") ?? "none"}`),
  };
}

/** The test's own event store and ledger on the members' database; `cleanups` closes them. */
export async function storageOf(db: string, cleanups: (() => Promise<void>)[]): Promise<{ store: EventStore; ledger: Ledger }> {
  const target = unwrapTarget(parseDbUrl(db));
  const store = await openEventStore(target);
  const ledger = await openLedger(target);
  cleanups.push(async () => {
    await store.close();
    await ledger.close();
  });
  return { store, ledger };
}

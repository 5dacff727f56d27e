// Crash safety: a writer process is killed -9 at random moments while appending event
// batches and posting money. After each kill the store must hold every acknowledged write,
// and every write either fully or not at all (no half batch, no unbalanced transaction).
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { openEventStore, openLedger, type StorageTarget } from "./target.ts";
import { tempPgSchema, tempSqlite, type PgFixture } from "../../testkit/store/backends.ts";
import { runUntilKilled } from "../../testkit/store/kill-child.ts";

const WRITER = fileURLToPath(new URL("../../testkit/store/crash-writer.ts", import.meta.url));
const KILLS = 5;

function runAndKill(target: StorageTarget, runId: string, afterMs: number): Promise<string[]> {
  const args = target.kind === "sqlite" ? ["sqlite", target.path, "", runId] : ["postgres", target.url, target.schema, runId];
  return runUntilKilled(WRITER, args, afterMs);
}

async function verify(target: StorageTarget, acked: ReadonlySet<string>): Promise<{ batches: number; postings: number }> {
  const events = await openEventStore(target);
  const ledger = await openLedger(target);
  try {
    const batches = new Map<string, number[]>();
    for (const s of await events.listStreams({ prefix: "table:crash" })) {
      const list = await events.read(s.stream);
      expect(list.map((e) => e.version)).toEqual(list.map((_, i) => i + 1));
      for (const e of list) {
        const d = e.data as { batch: string; i: number; of: number };
        const seen = batches.get(d.batch) ?? [];
        seen.push(d.i);
        batches.set(d.batch, seen);
      }
    }
    for (const [, seen] of batches) {
      // Whole batches only: indexes 0..of-1, each once.
      expect(seen).toEqual(seen.map((_, i) => i));
    }
    // Every asset sums to zero; a writer killed before its first posting leaves no asset at all.
    const totals = await ledger.totals();
    expect(Object.keys(totals).every((asset) => asset === "EUR")).toBe(true);
    for (const total of Object.values(totals)) expect(total).toBe(0);
    let postings = 0;
    for (const b of await ledger.balances({ prefix: "player:c" })) {
      const history = await ledger.history(b.account, { limit: 1_000_000 });
      const sum = history
        .flatMap((t) => t.legs)
        .filter((l) => l.account === b.account)
        .reduce((a, l) => a + l.amount, 0);
      expect(b.balance).toBe(sum);
      expect(b.balance).toBeGreaterThanOrEqual(0);
      postings += history.length;
    }
    for (const key of acked) {
      const n = Number(key.split("-").at(-1));
      if (n % 2 === 0) expect(batches.has(key), `acked batch ${key} lost`).toBe(true);
      else expect(await ledger.transaction(`b-${key}`), `acked posting ${key} lost`).not.toBeNull();
    }
    return { batches: batches.size, postings };
  } finally {
    await events.close();
    await ledger.close();
  }
}

async function crashLoop(target: StorageTarget): Promise<void> {
  const acked = new Set<string>();
  let totalAcked = 0;
  for (let k = 0; k < KILLS; k += 1) {
    const acks = await runAndKill(target, `r${k}`, 150 + Math.floor(Math.random() * 400));
    acks.forEach((a) => acked.add(a));
    totalAcked += acks.length;
    await verify(target, acked);
  }
  expect(totalAcked).toBeGreaterThan(KILLS);
}

describe("crash safety: kill -9 during appends and postings", () => {
  const pgFixtures: PgFixture[] = [];
  afterAll(async () => {
    for (const f of pgFixtures) await f.destroy();
  });

  it("SQLite: every acknowledged write survives, every write lands whole or not at all", async () => {
    const tmp = tempSqlite();
    try {
      await crashLoop({ kind: "sqlite", path: tmp.path });
    } finally {
      tmp.destroy();
    }
  });

  it("PostgreSQL: every acknowledged write survives, every write lands whole or not at all", async () => {
    const tmp = await tempPgSchema();
    pgFixtures.push(tmp);
    await crashLoop({ kind: "postgres", url: tmp.url, schema: tmp.schema });
  });
});

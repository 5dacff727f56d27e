// Kill -9 a process playing a table at random moments; after each restart every
// acknowledged command is in the stream at the version it was acknowledged with, the table
// loaded from its snapshot plus the records after it equals a full replay from the first
// record, a hand in progress included, and chips are conserved.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { unwrap } from "../../lib/result.ts";
import { openSqliteEventStore } from "../../store/index.ts";
import { tempSqlite } from "../../../testkit/store/backends.ts";
import { runUntilKilled } from "../../../testkit/store/kill-child.ts";
import { ManualClock } from "../clock.ts";
import { streamOf, TableSession } from "./table-session.ts";
import { CRASH_TABLE } from "../../../testkit/server/crash-table.ts";
import { fullReplay } from "../../../testkit/server/table-replay.ts";

const CHILD = fileURLToPath(new URL("../../../testkit/server/crash-table.ts", import.meta.url));

async function runAndKill(path: string, run: string, afterMs: number): Promise<Array<[string, number]>> {
  return (await runUntilKilled(CHILD, [path, run], afterMs)).map((l) => {
    const [id, v] = l.split(" ");
    return [id!, Number(v)];
  });
}

const quiet = { blinds: () => ({ sb: 10, bb: 20, ante: 0 }), canDeal: () => false, handEnded: async () => {} };

describe("table crash safety", () => {
  it("kill -9 mid-play, 6 times: no acknowledged command lost; snapshot + replay = full replay; chips conserved", async () => {
    const tmp = tempSqlite();
    try {
      let acked = 0;
      let midHand = 0;
      let fromSnapshot = 0;
      for (let k = 0; k < 6; k += 1) {
        const acks = await runAndKill(tmp.path, `r${k}`, 200 + Math.floor(Math.random() * 500));
        acked += acks.length;
        const store = openSqliteEventStore(tmp.path);
        try {
          const events = await store.read(streamOf(CRASH_TABLE.tableId));
          const at = new Map(events.filter((e) => typeof e.meta["commandId"] === "string").map((e) => [e.meta["commandId"], e.version]));
          for (const [id, version] of acks) expect(at.get(id), `acked ${id} lost`).toBe(version);
          const snap = await store.loadSnapshot(streamOf(CRASH_TABLE.tableId));
          if (snap !== null && snap.version > 1) fromSnapshot += 1;
          const table = unwrap(await TableSession.load(CRASH_TABLE.tableId, { store, clock: new ManualClock(), handPauseMs: 0, hooks: quiet }))!;
          expect(table.state).toEqual(await fullReplay(store, CRASH_TABLE.tableId));
          expect(table.state.version).toBe(events.length);
          // Chips at the table = chips brought to it (every seat brings 1000; busted seats leave with 0).
          const brought = events.filter((e) => e.type === "seated").length * 1000;
          expect([...table.state.seats.values()].reduce((a, s) => a + s.stack, 0)).toBe(brought);
          if (table.state.hand !== null) midHand += 1;
          table.close();
        } finally {
          await store.close();
        }
      }
      expect(acked).toBeGreaterThan(30);
      expect(fromSnapshot).toBeGreaterThan(0);
      // Most kills land mid-hand (a hand is many commands); at least one must have.
      expect(midHand).toBeGreaterThan(0);
    } finally {
      tmp.destroy();
    }
  }, 60_000);
});

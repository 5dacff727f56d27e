import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { tempSqlite } from "../../../testkit/store/backends.ts";
import { openSqliteEventStore } from "./event-store.ts";

// The events connection does not checkpoint inside its commits (on the event
// loop); a worker thread's connection copies the WAL back with PASSIVE checkpoints.
describe("WAL checkpoints on a worker thread", () => {
  it("copies the WAL back into the database from the worker, and every event stays readable", async () => {
    const tmp = tempSqlite();
    const seen: { walPages?: number; copied?: number; error?: string }[] = [];
    const listen = (m: unknown) => seen.push(m as (typeof seen)[number]);
    subscribe("felt:sqlite-checkpoint", listen);
    try {
      const store = openSqliteEventStore(tmp.path, { durability: "normal", checkpoints: "background" });
      // ~2,000 pages of WAL: past SQLite's automatic threshold (1,000), which is off here.
      const big = "x".repeat(3000);
      for (let i = 0; i < 40; i++) {
        const rs = await Promise.all(Array.from({ length: 50 }, (_, j) => store.append(`table:t${i}-${j}`, 0, [{ type: "E", data: big }])));
        expect(rs.every((r) => r.ok)).toBe(true);
      }
      // The worker copies it into the database file (the writer never does: its automatic
      // checkpoint is off, and the store is still open, so no closing checkpoint either).
      const copiedBack = () => statSync(tmp.path).size > 2000 * 4096 && seen.some((m) => (m.copied ?? 0) > 0);
      for (let i = 0; i < 400 && !copiedBack(); i++) await new Promise((r) => setTimeout(r, 25));
      expect(statSync(tmp.path).size).toBeGreaterThan(2000 * 4096);
      expect(seen.some((m) => (m.copied ?? 0) > 0)).toBe(true);
      expect((await store.read("table:t39-49")).map((e) => e.data)).toEqual([big]);
      expect((await store.listStreams({ prefix: "table:" })).length).toBe(2000);
      await store.close();
      const again = openSqliteEventStore(tmp.path);
      expect((await again.read("table:t0-0")).length).toBe(1);
      await again.close();
    } finally {
      unsubscribe("felt:sqlite-checkpoint", listen);
      tmp.destroy();
    }
  });
});

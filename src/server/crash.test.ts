// Crash: the server runs as a child process and is killed with SIGKILL at random moments
// (at least 10 times) while bots play a tournament; each time it restarts on the same
// database and port, the bots reconnect, and the tournament is finished. No acknowledged
// action may be lost, chips and money must come out exact, and a bot back in the hand a kill
// cut gets that hand's steps with its view (no hole in its hand log).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { freePort } from "../../testkit/server/serve-child.ts";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openEventStore, openLedger, parseDbUrl, unwrapTarget } from "../../testkit/server/crash-storage.ts";
import { Bot } from "../../testkit/server/bot.ts";
import type { BotClient } from "../clients/bot-client.ts";
import { logCovers, type ServerMessage } from "../protocol/index.ts";
import { DIRECTOR, playToTheEnd, setupTournament, startTournament } from "../../testkit/server/harness.ts";
import { fullReplay } from "../../testkit/server/table-replay.ts";
import { ManualClock } from "./clock.ts";
import { TableSession } from "./tables/table-session.ts";

const root = join(import.meta.dirname, "..", "..");

function startChild(db: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      "bin/felt.mjs",
      "serve",
      "--port",
      String(port),
      "--db",
      db,
      "--action-ms",
      "4000",
      "--hand-pause-ms",
      "150",
      "--scrypt-n",
      "1024",
      "--sign-ups-per-address",
      "0",
    ],
    { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FELT_DIRECTOR: `${DIRECTOR.name}:${DIRECTOR.password}` } },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 30_000);
    child.stdout!.on("data", (d) => {
      out += d.toString();
      if (out.includes("listening on")) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr!.on("data", (d) => (out += d.toString()));
    child.on("exit", (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
}

/**
 * Each bot's hand log as the web app keeps it (web/src/api/live.ts): a view after missed steps
 * either brings the steps since its hand began (a fill) or leaves a hole. A hole inside the
 * hand in progress is recorded; fills after a restart are counted.
 */
class HandLogs {
  private readonly at = new Map<string, { version: number; handId: string | null; inHand: boolean; kills: number }>();
  readonly holes: string[] = [];
  filledAcrossRestarts = 0;

  seen(bot: BotClient, m: ServerMessage, kills: number): void {
    if (m.type === "table-step") {
      const key = `${bot.name}@${m.tableId}`;
      const last = this.at.get(key);
      if (last !== undefined) this.at.set(key, { ...last, version: m.version });
      return;
    }
    if (m.type !== "table-view") return;
    const key = `${bot.name}@${m.view.tableId}`;
    const last = this.at.get(key);
    const { view } = m;
    if (last !== undefined && view.version > last.version && last.inHand && view.handId === last.handId) {
      if (!logCovers(m.log, last.version)) this.holes.push(`${key}: ${last.version} → ${view.version} in ${view.handId}`);
      else if (kills > last.kills) this.filledAcrossRestarts++;
    }
    // A step's folded view (same version) or a whole one: where this log now stands.
    this.at.set(key, { version: view.version, handId: view.handId, inHand: view.street !== null, kills });
  }
}

describe("crash recovery", () => {
  it("kill -9 at random moments ≥ 10 times during a bot tournament: no acknowledged action lost, chips and ledger exact", async () => {
    const dir = mkdtempSync(join(tmpdir(), "felt-crash-"));
    const db = `sqlite:${join(dir, "felt.sqlite")}`;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let child = await startChild(db, port);
    let kills = 0;
    let nextKill = Date.now() + 400 + Math.random() * 800;
    try {
      const s = await setupTournament(base, 6);
      await startTournament(base, s);
      // Call-or-check only until the tenth kill, so the tournament cannot end before it; then
      // bots move all in now and then and it ends.
      const logs = new HandLogs();
      const bots = s.players.map((p, i) => new Bot(base, p.name, p.token, { seed: i + 1, allInChance: 0, onBroadcast: (m, b) => logs.seen(b, m, kills) }));
      const { final } = await playToTheEnd(
        () => base,
        s,
        {},
        {
          timeoutMs: 200_000,
          onTick: async () => {
            if (kills >= 10 || Date.now() < nextKill) return;
            child.kill("SIGKILL");
            await new Promise((r) => child.once("exit", r));
            kills++;
            bots.forEach((b) => b.close());
            child = await startChild(db, port);
            nextKill = Date.now() + 300 + Math.random() * 1200;
            if (kills >= 10) bots.forEach((b) => (b.allInChance = 0.05));
          },
          bots,
        },
      );
      expect(final.status).toBe("finished");
      expect(kills).toBeGreaterThanOrEqual(10);
      // A player back in the hand a restart cut reads it whole: the table rebuilt its steps.
      expect(logs.holes).toEqual([]);
      expect(logs.filledAcrossRestarts).toBeGreaterThan(0);
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      // every acknowledged command is in its table's stream, at the version it was acknowledged with
      const target = unwrapTarget(parseDbUrl(db));
      const store = await openEventStore(target);
      const ledger = await openLedger(target);
      const acked = new Map<string, number>();
      for (const b of bots) for (const [c, v] of b.acked) acked.set(c, v);
      expect(acked.size).toBeGreaterThan(20);
      const stored = new Map<string, number>();
      for (const st of await store.listStreams({ type: "table" })) {
        for (const e of await store.read(st.stream)) if (typeof e.meta["commandId"] === "string") stored.set(e.meta["commandId"] as string, e.version);
      }
      const lost = [...acked].filter(([c, v]) => stored.get(c) !== v);
      expect(lost).toEqual([]);
      // Tables were saved between hands; each one loaded from its snapshot equals its full replay.
      let snapshots = 0;
      const quiet = { blinds: () => ({ sb: 0, bb: 0, ante: 0 }), canDeal: () => false, handEnded: async () => {} };
      for (const st of await store.listStreams({ type: "table" })) {
        if ((await store.loadSnapshot(st.stream)) !== null) snapshots++;
        const tableId = st.stream.slice("table:".length);
        const table = await TableSession.load(tableId, { store, clock: new ManualClock(), handPauseMs: 0, hooks: quiet });
        expect(table.ok && table.value?.state).toEqual(await fullReplay(store, tableId));
      }
      expect(snapshots).toBeGreaterThan(0);
      // chips: the winner holds them all; money: every asset sums to zero and the pool is paid out
      const events = await store.read(`tournament:${s.tournamentId}`);
      const finished = events.map((e) => e.data as { type?: string; placements?: { prize: number }[] }).find((d) => d.type === "finished");
      expect(finished).toBeDefined();
      for (const v of Object.values(await ledger.totals())) expect(v).toBe(0);
      expect(await ledger.balance(`pool:${s.tournamentId}`, "EUR")).toBe(0);
      expect(await ledger.balance("house:fees", "EUR")).toBe(600);
      const prizes = finished!.placements!.reduce((a, p) => a + p.prize, 0);
      expect(prizes).toBe(6000);
      await store.close();
      await ledger.close();
    } finally {
      child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});

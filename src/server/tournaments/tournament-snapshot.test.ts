// The director is snapshotted like a table: a restart loads the latest snapshot
// and folds only the records after it; the tournament then plays on to the end, every
// entrant with one seat or one place and the chips conserved.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { evolve, initialState, snapshot, type TournamentEvent } from "../../tournament/director/index.ts";
import { FeltServer } from "../felt-server.ts";
import { DIRECTOR, playToTheEnd, setupTournament, startTournament } from "../../../testkit/server/harness.ts";
import { TournamentRuntime, tournamentStream } from "./tournament-runtime.ts";

const dirs: string[] = [];
afterAll(() => {
  TournamentRuntime.snapshotEvery = 2000;
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const serve = (db: string) =>
  FeltServer.start({
    db,
    port: 0,
    handPauseMs: 0,
    actionMs: 5000,
    timeBankMs: 0,
    tableSize: 6,
    scrypt: { N: 1024, r: 8, p: 1 },
    directors: [DIRECTOR],
    validateOutgoing: false,
    webDist: null,
    signUpLimits: { perAddress: 0 },
    rateLimit: { perSecond: 500, burst: 1000 },
    log: () => {},
  });

describe("the director's snapshot", () => {
  it("a restart loads the latest snapshot, its state equal to folding every record; the tournament then finishes with chips conserved", async () => {
    TournamentRuntime.snapshotEvery = 25;
    const dir = mkdtempSync(join(tmpdir(), "felt-dir-snap-"));
    dirs.push(dir);
    const db = `sqlite:${join(dir, "felt.sqlite")}`;
    let server = await serve(db);
    const s = await setupTournament(server.url, 14);
    await startTournament(server.url, s);
    // Play until a few snapshots were taken, then stop the server.
    const bots = await playToTheEnd(
      () => server.url,
      s,
      { allInChance: 0 },
      {
        timeoutMs: 60_000,
        onTick: async () => {
          if (((await server.svc.store.loadSnapshot(tournamentStream(s.tournamentId)))?.version ?? 0) > 60) throw new Error("enough");
        },
      },
    ).catch((e: Error) => e);
    expect(bots instanceof Error && bots.message).toBe("enough");
    await server.close();
    server = await serve(db);
    try {
      const snap = await server.svc.store.loadSnapshot(tournamentStream(s.tournamentId));
      expect(snap?.version ?? 0).toBeGreaterThan(60);
      const t = server.tournaments.get(s.tournamentId)!;
      expect(t.loadedFrom).toBe(snap!.version);
      const whole = initialState();
      for (const e of await server.svc.store.read(tournamentStream(s.tournamentId))) if (e.type === "director") evolve(whole, e.data as TournamentEvent);
      await t.enqueue(async () => {});
      // Between the load and this check the tables may have moved on: compare with the records as stored now.
      const again = initialState();
      for (const e of await server.svc.store.read(tournamentStream(s.tournamentId))) if (e.type === "director") evolve(again, e.data as TournamentEvent);
      expect(JSON.stringify(snapshot(t.dir))).toBe(JSON.stringify(snapshot(again)));
      expect(whole.entries.size).toBe(14);
      const { final } = await playToTheEnd(() => server.url, s, { allInChance: 0.1 }, { timeoutMs: 150_000 });
      expect(final.status).toBe("finished");
      const alive = [...t.dir.entries.values()].filter((e) => e.alive);
      expect(alive).toHaveLength(1);
      expect(alive[0]!.stack).toBe(14 * 1000);
      expect(t.dir.conservation.failures).toBe(0);
    } finally {
      await server.close();
    }
  }, 240_000);
});

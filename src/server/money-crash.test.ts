// Money under crashes (issue 12): a real `felt serve` child is killed with SIGKILL at seeded
// random moments while clients register, unregister, re-enter, rebuy and deposit, each
// request with a fresh command id (a client that lost its answer asks again as a new
// request, as the attacker did). After every kill the server restarts on the same
// database. At the end, read straight from the database: every player's balance equals
// their deposits − entries + refunds + prizes as the tournament streams record them, every
// pool equals its tournament's prize pool, every acknowledged request is stored, and every
// asset sums to zero. Before issue 12 a kill between the ledger's commit and the
// tournament's left players charged with no entry or refunded twice.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { simulationRandomSource, uniformFloats } from "../cards/index.ts";
import type { LobbyTournament } from "../protocol/index.ts";
import { evolve, initialState, type TournamentEvent } from "../tournament/director/index.ts";
import { openEventStore, openLedger, parseDbUrl, unwrapTarget } from "./testing/crash-storage.ts";
import { CASINO } from "./testing/entries-fixture.ts";
import { api, cmd, DIRECTOR, FAST_STRUCTURE, must, pgSchema } from "./testing/harness.ts";
import { freePort, killChild, startServeChild, type ServeChild } from "./testing/serve-child.ts";

const KILLS = 8;
const PLAYERS = 8;
const CLIENTS = 6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Player {
  readonly name: string;
  readonly token: string;
  readonly id: string;
}

type Op = "deposit" | "register" | "unregister" | "re-enter" | "rebuy";
const OPS: readonly Op[] = ["deposit", "register", "unregister", "register", "unregister", "re-enter", "rebuy"];

async function run(db: string, seed: number): Promise<void> {
  const rand = uniformFloats(simulationRandomSource(seed));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let child: ServeChild = await startServeChild(db, port);
  try {
    const director = (await must<{ token: string }>(api(base, "POST", "/api/v1/auth/sign-in", DIRECTOR))).token;
    const create = (name: string, presetId: string, structure: unknown) =>
      must<{ tournament: LobbyTournament }>(
        api(base, "POST", "/api/v1/director/tournaments", { commandId: cmd(), presetId, name, kind: "online", startsAt: Date.now() + 3_600_000, buyIn: 1000, fee: 100, structure }, director),
      );
    const tournaments = [(await create("crash freezeout", "seed", FAST_STRUCTURE)).tournament.id, (await create("crash re-entry", "casino-1900", CASINO)).tournament.id];
    const players: Player[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const name = `mc${seed}-${i}`;
      const s = await must<{ token: string; user: { id: string } }>(api(base, "POST", "/api/v1/auth/sign-up", { name, password: "money-crash-1" }));
      players.push({ name, token: s.token, id: s.user.id });
    }
    /** Requests the server answered 200: they must be stored. */
    const acked: { op: Op; commandId: string; player: Player; tournament: string }[] = [];
    let stop = false;
    let up = true;
    const client = async () => {
      while (!stop) {
        if (!up) {
          await sleep(20);
          continue;
        }
        const op = pick(OPS);
        const player = pick(players);
        const tournament = pick(tournaments);
        const commandId = cmd();
        try {
          const r =
            op === "deposit"
              ? await api(base, "POST", "/api/v1/director/deposit", { commandId, name: player.name, amount: 1 + Math.floor(rand() * 3000) }, director)
              : await api(base, "POST", `/api/v1/tournaments/${tournament}/${op}`, { commandId }, player.token);
          if (r.status === 200) acked.push({ op, commandId, player, tournament });
        } catch {
          await sleep(20); // killed under us: the next request is a fresh one
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, client);
    for (let k = 0; k < KILLS; k++) {
      await sleep(150 + Math.floor(rand() * 700));
      up = false;
      await killChild(child);
      child = await startServeChild(db, port);
      up = true;
    }
    await sleep(300);
    stop = true;
    await Promise.all(clients);
    await killChild(child, "SIGTERM");

    const target = unwrapTarget(parseDbUrl(db));
    const store = await openEventStore(target);
    const ledger = await openLedger(target);
    try {
      expect(acked.filter((a) => a.op !== "deposit").length).toBeGreaterThan(10);
      // What each tournament's stream says every player paid and got back.
      const expected = new Map<string, number>();
      const add = (player: string, amount: number) => expected.set(player, (expected.get(player) ?? 0) + amount);
      const storedCommands = new Set<string>();
      const poolDiffs: string[] = [];
      for (const id of tournaments) {
        const dir = initialState();
        for (const e of await store.read(`tournament:${id}`)) {
          const c = e.meta["commandId"];
          if (typeof c === "string") storedCommands.add(c);
          if (e.type !== "director") continue;
          const ev = e.data as TournamentEvent;
          switch (ev.type) {
            case "registered":
            case "late-registered":
            case "re-entered":
            case "rebought":
            case "added-on":
              add(ev.payment.player, -(ev.payment.toPool + ev.payment.fee));
              break;
            case "unregistered":
              add(ev.player, ev.refund);
              break;
            case "cancelled":
              for (const r of ev.refunds) add(r.player, r.amount);
              break;
            case "finished":
              for (const p of ev.placements) add(p.player, p.prize);
              break;
            default:
              break;
          }
          evolve(dir, ev);
        }
        expect(dir.status).toBe("registering");
        const prizePool = dir.payments.reduce((a, p) => a + p.toPool, 0);
        const pool = await ledger.balance(`pool:${id}`, "EUR");
        if (pool !== prizePool) poolDiffs.push(`${id}: pool ${pool}, prize pool ${prizePool}`);
      }
      const balanceDiffs: string[] = [];
      for (const p of players) {
        const history = await ledger.history(`player:${p.id}`, { limit: 100_000 });
        const deposits = history.filter((t) => t.kind === "deposit").reduce((a, t) => a + (t.legs.find((l) => l.account === `player:${p.id}`)?.amount ?? 0), 0);
        const want = deposits + (expected.get(p.id) ?? 0);
        const have = await ledger.balance(`player:${p.id}`, "EUR");
        if (have !== want) balanceDiffs.push(`${p.name}: balance ${have}, deposits − entries + refunds + prizes ${want}`);
      }
      expect({ balanceDiffs, poolDiffs }).toEqual({ balanceDiffs: [], poolDiffs: [] });
      // Every answered request is stored: entries in the streams, deposits in the ledger.
      const lost: string[] = [];
      for (const a of acked) {
        if (a.op === "deposit") {
          if ((await ledger.history(`player:${a.player.id}`, { limit: 100_000 })).every((t) => !t.key.endsWith(`:${a.commandId}`))) lost.push(`deposit ${a.commandId}`);
        } else if (!storedCommands.has(a.commandId)) lost.push(`${a.op} ${a.commandId}`);
      }
      expect(lost).toEqual([]);
      for (const v of Object.values(await ledger.totals())) expect(v).toBe(0);
    } finally {
      await store.close();
      await ledger.close();
    }
  } finally {
    await killChild(child);
  }
}

describe("money under SIGKILL (issue 12)", () => {
  it("SQLite: 8 kills while clients register, unregister, re-enter, rebuy and deposit: every balance and pool exact", async () => {
    const dir = mkdtempSync(join(tmpdir(), "felt-money-crash-"));
    try {
      await run(`sqlite:${join(dir, "felt.sqlite")}`, 12);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("PostgreSQL: 8 kills while clients register, unregister, re-enter, rebuy and deposit: every balance and pool exact", async () => {
    const pg = await pgSchema();
    try {
      await run(pg.url, 21);
    } finally {
      await pg.drop();
    }
  }, 120_000);
});

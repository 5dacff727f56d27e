// End to end over real sockets: bots play a tournament through HTTP and the WebSocket
// protocol to the end, on SQLite and on PostgreSQL; chips conserved, ledger balanced, and
// no frame any bot received holds another player's hole cards before they were shown.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { applyTablePatch, type SeatView, type ServerMessage, type TableEvent, type TableView } from "../protocol/index.ts";
import { FeltServer } from "./felt-server.ts";
import { verifyHistory } from "./tables/verify.ts";
import { api, DIRECTOR, must, pgSchema, playToTheEnd, setupTournament, startTournament } from "../../testkit/server/harness.ts";
import type { Bot } from "../../testkit/server/bot.ts";

const fastScrypt = { N: 1024, r: 8, p: 1 };
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function serve(db: string) {
  return FeltServer.start({
    db,
    port: 0,
    handPauseMs: 0,
    actionMs: 5000,
    timeBankMs: 0,
    scrypt: fastScrypt,
    directors: [DIRECTOR],
    validateOutgoing: true,
    webDist: null,
    signUpLimits: { perAddress: 0 },
    rateLimit: { perSecond: 200, burst: 400 },
    log: () => {},
  });
}

/** R-DEAL: a hole card of seat S is visible to another seat only in a `show` event or a seat's `cards` after show.
 * Checks every frame as sent (v2 steps: their events and patched seats) and every view folded from them. */
export function leaks(bot: Bot): string[] {
  const out: string[] = [];
  const shown = new Map<string, Set<number>>(); // handId → seats that showed
  const views = new Map<string, TableView>();
  let mySeat: number | null = null;
  const checkSeats = (seats: readonly SeatView[], handId: string | null, version: number | undefined) => {
    const showed = shown.get(handId ?? "") ?? new Set();
    for (const s of seats) {
      if (s.cards !== null && s.seat !== mySeat && !showed.has(s.seat) && s.shownHand === null)
        out.push(`${bot.name}: view v${version} shows seat ${s.seat}'s cards`);
    }
  };
  const checkEvent = (e: TableEvent, handId: string | null, version: number) => {
    if (e.kind === "show" && handId !== null) {
      const set = shown.get(handId) ?? new Set();
      set.add(e.seat);
      shown.set(handId, set);
    }
    if (e.kind === "hole-cards" && e.cards !== null && e.seat !== mySeat) out.push(`${bot.name}: hole cards of seat ${e.seat} in v${version}`);
  };
  for (const m of bot.frames as ServerMessage[]) {
    if (m.type === "table-view") {
      views.set(m.view.tableId, m.view);
      mySeat = m.view.mySeat;
      checkSeats(m.view.seats, m.view.handId, m.view.version);
    }
    if (m.type === "event") checkEvent(m.event, m.handId, m.version);
    if (m.type === "table-step") {
      for (const e of m.events) checkEvent(e, m.handId, m.version);
      const base = views.get(m.tableId);
      if (base === undefined) {
        out.push(`${bot.name}: a step for table ${m.tableId} before its view`);
        continue;
      }
      const view = applyTablePatch(base, m.patch);
      views.set(m.tableId, view);
      mySeat = view.mySeat;
      checkSeats(m.patch.seats ?? [], m.handId, m.version);
      checkSeats(view.seats, view.handId, view.version);
    }
  }
  return out;
}

async function playAndCheck(db: string, players: number) {
  const server = await serve(db);
  try {
    const base = server.url;
    const s = await setupTournament(base, players);
    await startTournament(base, s);
    const { bots, final } = await playToTheEnd(() => base, s, { allInChance: 0.05, keepFrames: true }, { timeoutMs: 150_000 });
    expect(final.status).toBe("finished");
    const t = server.tournaments.get(s.tournamentId)!;
    // chips conserved: the winner holds every chip issued (R-CHIP)
    expect(t.dir.conservation.failures).toBe(0);
    if (players > 9) {
      // R-TBL-2/3: several tables, balanced and broken down to the final table
      expect(t.tables.size).toBeGreaterThanOrEqual(Math.ceil(players / 9));
      const kinds = (await server.svc.store.read(`tournament:${s.tournamentId}`)).map((e) => (e.data as { type?: string }).type);
      expect(kinds).toContain("table-broken");
    }
    const alive = [...t.dir.entries.values()].filter((e) => e.alive);
    expect(alive).toHaveLength(1);
    expect(alive[0]!.stack).toBe(players * 1000);
    // ledger balanced: every asset sums to zero, the pool fully paid out, fees with the house
    // The finish is stored (and shown) first; the prizes are posted right after it, one
    // ledger transaction each, so on PostgreSQL the last ones can land a moment later.
    type Ledger = { totals: Record<string, number>; balances: { account: string; balance: number }[] };
    const poolOf = (l: Ledger) => l.balances.find((b) => b.account === `pool:${s.tournamentId}`)?.balance ?? 0;
    let ledger = await must<Ledger>(api(base, "GET", "/api/v1/director/ledger", undefined, s.directorToken));
    for (let i = 0; i < 100 && poolOf(ledger) !== 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      ledger = await must<Ledger>(api(base, "GET", "/api/v1/director/ledger", undefined, s.directorToken));
    }
    for (const v of Object.values(ledger.totals)) expect(v).toBe(0);
    expect(ledger.balances.find((b) => b.account === `pool:${s.tournamentId}`)?.balance ?? 0).toBe(0);
    expect(ledger.balances.find((b) => b.account === "house:fees")?.balance).toBe(players * 100);
    const playerMoney = ledger.balances.filter((b) => b.account.startsWith("player:")).reduce((a, b) => a + b.balance, 0);
    expect(playerMoney).toBe(players * 5000 - players * 100);
    // no leaks in any frame any bot received
    expect(bots.flatMap(leaks)).toEqual([]);
    const hands = [...t.tables.values()].reduce((a, x) => a + x.state.handNumber, 0);
    expect(hands).toBeGreaterThan(5);
    expect(bots.reduce((a, b) => a + b.actions, 0)).toBeGreaterThan(hands);
    // per-player hand histories: the hand as they saw it, and a PHH `felt verify` accepts
    const me = s.players[0]!;
    const list = await must<{ hands: { handId: string }[] }>(api(base, "GET", "/api/v1/hands", undefined, me.token));
    expect(list.hands.length).toBeGreaterThan(0);
    const first = list.hands[0]!.handId;
    const rec = await must<{ events: { kind: string; seat?: number; cards?: number[] | null }[] }>(
      api(base, "GET", `/api/v1/hands/${first}`, undefined, me.token),
    );
    const mine = rec.events.filter((e) => e.kind === "hole-cards" && e.cards !== null);
    expect(mine).toHaveLength(1);
    const texts = await must<{ phh: string; pokerstars: string | null }>(api(base, "GET", `/api/v1/hands/${first}/texts`, undefined, me.token));
    const verified = verifyHistory(texts.phh, "hand.phh");
    expect(verified.ok, JSON.stringify(verified)).toBe(true);
    expect(texts.pokerstars).toContain("Dealt to");
    bots.forEach((b) => b.close());
    return { bots, server, s };
  } finally {
    await server.close();
  }
}

describe("end to end over real sockets", () => {
  it("SQLite: 30 bots on 4 tables play a tournament to the end; chips conserved, ledger balanced, no leaks", async () => {
    const dir = mkdtempSync(join(tmpdir(), "felt-e2e-"));
    dirs.push(dir);
    await playAndCheck(`sqlite:${join(dir, "felt.sqlite")}`, 30);
  }, 180_000);

  it("PostgreSQL: 30 bots on 4 tables play a tournament to the end; chips conserved, ledger balanced, no leaks", async () => {
    const schema = await pgSchema();
    try {
      await playAndCheck(schema.url, 30);
    } finally {
      await schema.drop();
    }
  }, 180_000);
});

// GET /hands reads the per-player hand index only. A player's list costs
// the same (store reads, index rows) however many hands other players played on other
// tables, pages newest first with a limit, and a hand they were not dealt into is refused
// after one index read.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { unwrap } from "../../lib/result.ts";
import type { HandListResponse } from "../../protocol/index.ts";
import { FeltServer } from "../felt-server.ts";
import { ManualClock } from "../clock.ts";
import type { TournamentRuntime } from "../tournaments/tournament-runtime.ts";
import { api, must } from "../../../testkit/server/harness.ts";
import { streamOf, TableSession } from "./table-session.ts";
import { evolveTable, initialTable, type TableConfig, type TableRecord } from "./table-state.ts";
import Database from "better-sqlite3";

const servers: FeltServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function start(db = ":memory:", withIndex = true) {
  const server = await FeltServer.start({ db, port: 0, scrypt: { N: 1024, r: 8, p: 1 }, webDist: null, signUpLimits: { perAddress: 0 }, log: () => {} });
  servers.push(server);
  const signUp = await api<{ token: string; user: { id: string } }>(server.url, "POST", "/api/v1/auth/sign-up", { name: "Bodil", password: "bodil-password" });
  const me =
    signUp.status === 200
      ? signUp.body
      : await must<{ token: string; user: { id: string } }>(api(server.url, "POST", "/api/v1/auth/sign-in", { name: "Bodil", password: "bodil-password" }));
  const clock = new ManualClock();
  const tables = new Map<number, TableSession>();
  // The old /hands walked every table of every tournament: give it tables to walk.
  server.tournaments.set("fake", { id: "fake", tables, close: () => {} } as unknown as TournamentRuntime);
  let seeds = 0;
  /** A table where `players` play `hands` hands (the action clock folds or checks for them). */
  async function table(n: number, players: readonly string[], hands: number): Promise<void> {
    const config = { tableId: `fake-t${n}`, tournamentId: "fake", tableNumber: n, size: 6, actionMs: 1_000, timeBankMs: 0, buttonRule: "dead" as const };
    const s: TableSession = unwrap(
      await TableSession.open(config, {
        store: server.svc.store,
        ...(withIndex ? { handIndex: server.svc.hands } : {}),
        clock,
        handPauseMs: 10,
        seed: () => (seeds++).toString(16).padStart(64, "c"),
        hooks: {
          blinds: () => ({ sb: 5, bb: 10, ante: 0 }),
          canDeal: (): boolean => s.state.handNumber < hands || s.state.hand !== null,
          handEnded: async () => {},
        },
      }),
    );
    tables.set(n, s);
    for (const [i, id] of players.entries()) unwrap(await s.seat(i + 1, id, `p-${id}`, 100_000));
    s.dealSoon(0);
    for (let i = 0; i < hands * 20 && !(s.state.handNumber >= hands && s.state.hand === null); i++) {
      clock.advance(1_000);
      await s.idle();
      await new Promise((r) => setImmediate(r));
    }
    s.close();
    await s.idle();
    await new Promise((r) => setImmediate(r));
    expect(s.state.handNumber).toBe(hands);
  }
  /** GET /hands, counting the event-store reads and index rows it costs. */
  async function hands(query = ""): Promise<{ status: number; body: HandListResponse; reads: number; rows: number }> {
    let reads = 0;
    let rows = 0;
    const store = server.svc.store as { read: typeof server.svc.store.read };
    const index = server.svc.hands as { list: typeof server.svc.hands.list };
    const read = store.read;
    const list = index.list;
    store.read = (...a) => ((reads += 1), read.apply(server.svc.store, a));
    index.list = async (...a) => {
      const r = await list.apply(server.svc.hands, a);
      rows += r.length;
      return r;
    };
    try {
      const r = await api<HandListResponse>(server.url, "GET", `/api/v1/hands${query}`, undefined, me.token);
      return { ...r, reads, rows };
    } finally {
      store.read = read;
      index.list = list;
    }
  }
  /** GET /hands as another user. */
  async function handsOf(token: string): Promise<HandListResponse> {
    return must<HandListResponse>(api(server.url, "GET", "/api/v1/hands?limit=200", undefined, token));
  }
  return { server, me, table, hands, handsOf };
}

/** Every finished hand of a table as the house saw it: each PHH index's player, hole cards and whether they were shown. */
async function houseHands(server: FeltServer, tableId: string) {
  const events = await server.svc.store.read(streamOf(tableId));
  const state = initialTable(events[0]!.data as TableConfig);
  const out = new Map<string, { playerId: string; cards: number[]; shown: boolean }[]>();
  for (const e of events) {
    unwrap(evolveTable(state, { type: e.type, data: e.data } as TableRecord, e.version));
    const done = state.finished;
    if (done === null || state.hand !== null || out.has(done.handId)) continue;
    out.set(
      done.handId,
      done.order.map((seat, i) => ({
        playerId: state.seats.get(seat)!.playerId,
        cards: [done.state.hole[2 * i]!, done.state.hole[2 * i + 1]!],
        shown: done.state.shown[i] === 1,
      })),
    );
  }
  return out;
}

describe("GET /hands (a per-player index, paged, newest first)", () => {
  it("costs no table replay and the same index rows however many hands others played", async () => {
    const { me, table, hands } = await start();
    await table(1, [me.user.id, "o1", "o2"], 3);
    const before = await hands();
    expect(before.status).toBe(200);
    expect(before.body.hands.map((h) => h.handNumber)).toEqual([3, 2, 1]);
    for (let n = 2; n <= 6; n++) await table(n, [`x${n}`, `y${n}`, `z${n}`], 6);
    const after = await hands();
    expect(after.body).toEqual(before.body);
    expect(after.reads).toBe(0);
    expect(after.reads).toBe(before.reads);
    expect(after.rows).toBe(before.rows);
  });

  it("pages newest first with a limit; the cursor walks every hand once", async () => {
    const { me, table, hands } = await start();
    await table(1, [me.user.id, "o1"], 7);
    const seen: number[] = [];
    let query = "?limit=3";
    for (let guard = 0; guard < 10; guard++) {
      const page = await hands(query);
      expect(page.status).toBe(200);
      expect(page.body.hands.length).toBeLessThanOrEqual(3);
      expect(page.rows).toBeLessThanOrEqual(4);
      seen.push(...page.body.hands.map((h) => h.handNumber));
      if (page.body.next === undefined) break;
      query = `?limit=3&before=${encodeURIComponent(page.body.next)}`;
    }
    expect(seen).toEqual([7, 6, 5, 4, 3, 2, 1]);
    const bad = await hands("?before=nonsense");
    expect(bad.status).toBe(400);
  });

  it("a hand the player was not dealt into is refused without replaying its table", async () => {
    const { server, me, table, hands } = await start();
    await table(1, ["o1", "o2"], 2);
    expect((await hands()).body.hands).toEqual([]);
    let reads = 0;
    const store = server.svc.store as { read: typeof server.svc.store.read };
    const read = store.read;
    store.read = (...a) => ((reads += 1), read.apply(server.svc.store, a));
    const r = await api(server.url, "GET", "/api/v1/hands/fake-t1-h1", undefined, me.token);
    store.read = read;
    expect(r.status).toBe(404);
    expect(reads).toBe(0);
  });

  it("each row holds the player's own hole cards, and no other player's hidden card is in any /hands answer", async () => {
    const { server, me, table, hands, handsOf } = await start();
    const others: { id: string; token: string }[] = [];
    for (const name of ["Ulla", "Stig"]) {
      const s = await must<{ token: string; user: { id: string } }>(api(server.url, "POST", "/api/v1/auth/sign-up", { name, password: `${name}-password` }));
      others.push({ id: s.user.id, token: s.token });
    }
    await table(1, [me.user.id, others[0]!.id, others[1]!.id], 8);
    const house = await houseHands(server, "fake-t1");
    expect(house.size).toBe(8);
    const answers = [
      { id: me.user.id, body: (await hands()).body },
      ...(await Promise.all(others.map(async (o) => ({ id: o.id, body: await handsOf(o.token) })))),
    ];
    let hiddenChecked = 0;
    for (const { id, body } of answers) {
      expect(body.hands).toHaveLength(8);
      for (const row of body.hands) {
        const players = house.get(row.handId)!;
        const mine = players.find((p) => p.playerId === id)!;
        expect(row.cards, `${row.handId}: the player's own cards`).toEqual(mine.cards);
        // Nothing else in the row can carry a card.
        expect(Object.keys(row).sort()).toEqual(["cards", "handId", "handNumber", "net", "startedAt", "tableId", "tournamentId"]);
        for (const other of players.filter((p) => p.playerId !== id && !p.shown)) {
          for (const c of other.cards) expect(row.cards, `${row.handId}: ${other.playerId}'s hidden card ${c}`).not.toContain(c);
          hiddenChecked++;
        }
      }
    }
    expect(hiddenChecked).toBeGreaterThan(0);
  });

  it("rows indexed before cards were kept get them from the table streams at the next start", async () => {
    const dir = mkdtempSync(join(tmpdir(), "felt-backfill-cards-"));
    try {
      const file = join(dir, "felt.sqlite");
      const old = await start(`sqlite:${file}`);
      await old.table(1, [old.me.user.id, "o1"], 3);
      const withCards = (await old.hands()).body.hands;
      expect(withCards.every((h) => h.cards?.length === 2)).toBe(true);
      await old.server.close();
      servers.splice(servers.indexOf(old.server), 1);
      // As the index was before it kept cards: no cards in any row.
      const db = new Database(file);
      db.prepare("UPDATE hand_index SET cards = NULL").run();
      db.close();
      const again = await start(`sqlite:${file}`);
      const list = await again.hands();
      expect(list.body.hands).toEqual(withCards);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("hands played before the index existed are indexed once when the server starts", async () => {
    const dir = mkdtempSync(join(tmpdir(), "felt-backfill-"));
    try {
      const db = `sqlite:${join(dir, "felt.sqlite")}`;
      const old = await start(db, false);
      await old.table(1, [old.me.user.id, "o1"], 4);
      expect((await old.hands()).body.hands).toEqual([]);
      await old.server.close();
      servers.splice(servers.indexOf(old.server), 1);
      const again = await start(db);
      const list = await again.hands();
      expect(list.body.hands.map((h) => h.handNumber)).toEqual([4, 3, 2, 1]);
      expect(list.reads).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

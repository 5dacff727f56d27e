// Privacy after the event: a finished tournament's table seeds re-derive every card its
// tables dealt, folded ones too, so they leave the server only as the room chose
// (settings.decksOpen). By default to nobody: a player who played there gets nothing that
// rebuilds another player's folded cards, and still verifies their own hand. "auditor":
// the named account gets the seeds, players do not. "public" after N days: once the
// clock (a JumpClock the test moves) passes N days after the end, everyone does.
import { bytesToHex } from "@noble/hashes/utils.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boardPosition, commitDeck, handSeed, holePosition, tableSeedCommitment } from "../../cards/index.ts";
import { unwrap } from "../../lib/result.ts";
import {
  checkFairHand,
  fairHandOfRecord,
  verifyHandFairness,
  type HandRecord,
  type HandTexts,
  type TournamentDecks,
  type TournamentView,
} from "../../protocol/index.ts";
import type { FeltServer } from "../felt-server.ts";
import { JumpClock, startTestServer, stopTestServer } from "../../../testkit/server/entries-fixture.ts";
import { api, must, playToTheEnd, setupTournament, startTournament, type Setup } from "../../../testkit/server/harness.ts";
import { streamOf } from "./table-session.ts";
import { evolveTable, initialTable, type HandRun, type TableConfig, type TableRecord } from "./table-state.ts";
import { verifyHistory } from "./verify.ts";

const DAY = 86_400_000;
const clock = new JumpClock();
let server: FeltServer;
let auditor: { name: string; token: string };
const events: Record<"closed" | "audited" | "public", Setup> = {} as never;

/** Every hand a table dealt, with every card, folded from its stored records (the house's view). */
async function handsOf(tableId: string): Promise<HandRun[]> {
  const records = await server.svc.store.read(streamOf(tableId));
  const t = initialTable(records[0]!.data as TableConfig);
  const out: HandRun[] = [];
  for (const r of records) {
    unwrap(evolveTable(t, { type: r.type, data: r.data } as TableRecord, r.version));
    if (r.type === "acted" && t.hand === null && t.finished !== null && out.at(-1) !== t.finished) out.push(t.finished);
  }
  return out;
}

/** Everything the server answers one player about a finished tournament, and their hand records. */
async function everythingTo(s: Setup, token: string) {
  const answers: unknown[] = [];
  const get = async <T>(path: string) => {
    const r = await api<T>(server.url, "GET", path, undefined, token);
    answers.push(r.body);
    return r;
  };
  const list = await must<{ hands: { handId: string }[] }>(get("/api/v1/hands?limit=200"));
  const records: HandRecord[] = [];
  const texts: HandTexts[] = [];
  for (const { handId } of list.hands) {
    records.push(await must<HandRecord>(get(`/api/v1/hands/${handId}`)));
    texts.push(await must<HandTexts>(get(`/api/v1/hands/${handId}/texts`)));
  }
  await get(`/api/v1/tournaments/${s.tournamentId}`);
  await get(`/api/v1/tournaments/${s.tournamentId}/page`);
  await get("/api/v1/lobby");
  const decks = await get<TournamentDecks>(`/api/v1/tournaments/${s.tournamentId}/decks`);
  const hexes = new Set(JSON.stringify(answers).match(/[0-9a-f]{64}/g) ?? []);
  return { records, texts, decks, hexes };
}

/**
 * Nothing in `hexes` rebuilds a card the player did not see at any table they played: no
 * table seed, no hand seed, no value hashing to a seed commitment, no salt of another
 * seat's unshown card or of an undealt position. Returns how many hidden cards were checked.
 */
async function assertNoOtherCards(records: readonly HandRecord[], hexes: ReadonlySet<string>): Promise<number> {
  const mine = new Map(records.map((r) => [r.handId, r]));
  const commitments = new Set<string>();
  let hidden = 0;
  for (const tableId of new Set(records.map((r) => r.tableId))) {
    for (const h of await handsOf(tableId)) {
      const rec = mine.get(h.handId);
      if (rec === undefined) continue;
      const own = rec.events.find((e) => e.kind === "hole-cards" && e.cards !== null);
      const me = own?.kind === "hole-cards" ? h.order.indexOf(own.seat) : -1;
      expect(me).toBeGreaterThanOrEqual(0);
      commitments.add(tableSeedCommitment(h.tableSeed!));
      expect(hexes.has(h.tableSeed!)).toBe(false);
      expect(hexes.has(bytesToHex(handSeed(h.tableSeed!, h.handNumber)))).toBe(false);
      const deck = commitDeck(h.tableSeed!, h.handNumber, h.entropy!);
      const n = h.order.length;
      for (let i = 0; i < n; i++) {
        if (i === me || h.state.shown[i] === 1) continue;
        for (const k of [0, 1] as const) {
          expect(hexes.has(deck.open(holePosition(n, i, k)).salt)).toBe(false);
          hidden++;
        }
      }
      const board = new Set([...h.state.board.keys()].map((b) => boardPosition(n, b)));
      for (let p = 2 * n; p < 52; p++) if (!board.has(p)) expect(hexes.has(deck.open(p).salt)).toBe(false);
    }
  }
  expect(commitments.size).toBeGreaterThan(0);
  for (const hex of hexes) expect(commitments.has(tableSeedCommitment(hex))).toBe(false);
  return hidden;
}

beforeAll(async () => {
  ({ server } = await startTestServer(clock));
  const name = `audit-${process.pid % 1000}`;
  const a = await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-up", { name, password: "auditor-password-1" }));
  auditor = { name, token: a.token };
  const settings = {
    closed: { tableSize: 9 },
    audited: { tableSize: 9, decksOpen: { to: "auditor", auditor: name } },
    public: { tableSize: 9, decksOpen: { to: "public", afterDays: 2 } },
  } as const;
  for (const k of ["closed", "audited", "public"] as const)
    events[k] = await setupTournament(server.url, 3, { settings: settings[k], prefix: `${k}${process.pid % 1000}` });
  // No seed leaves the server before the end, whoever asks.
  for (const s of Object.values(events)) {
    for (const token of [auditor.token, s.players[0]!.token]) {
      expect((await api(server.url, "GET", `/api/v1/tournaments/${s.tournamentId}/decks`, undefined, token)).status).toBe(403);
    }
    await startTournament(server.url, s);
  }
  await Promise.all(
    Object.values(events).map((s) =>
      playToTheEnd(() => server.url, s, { allInChance: 0.3, contribute: true }, { timeoutMs: 170_000 }).then((r) => r.bots.forEach((b) => b.close())),
    ),
  );
}, 200_000);
afterAll(() => stopTestServer(server, clock));

describe("privacy after the event (settings.decksOpen)", () => {
  it("by default no folded card opens to anyone: a player who played there gets no seed and no unshown salt, and still verifies their own hand", async () => {
    const s = events.closed;
    const view = await must<TournamentView>(api(server.url, "GET", `/api/v1/tournaments/${s.tournamentId}`));
    expect(view.status).toBe("finished");
    expect(view.settings?.decksOpen).toEqual({ to: "players" });
    let hidden = 0;
    for (const p of s.players) {
      const { records, texts, decks, hexes } = await everythingTo(s, p.token);
      expect(records.length).toBeGreaterThan(0);
      expect(decks.status).toBe(403);
      for (const [i, rec] of records.entries()) {
        expect(rec.tableSeed).toBeUndefined();
        expect(verifyHandFairness(rec)).toMatchObject({ ok: true, value: { ownCards: 2, deckChecked: false } });
        expect(texts[i]!.phh).not.toMatch(/table_seed/);
        expect(verifyHistory(texts[i]!.phh, "hand.phh")).toMatchObject({ ok: true, value: [{ deckChecked: false }] });
      }
      hidden += await assertNoOtherCards(records, hexes);
    }
    expect(hidden).toBeGreaterThan(0);
    // Signed out, nobody else either.
    expect((await api(server.url, "GET", `/api/v1/tournaments/${s.tournamentId}/decks`)).status).toBe(403);
  });

  it("auditor: the named account gets every table's seed and each deck re-derives; the players get no seed", async () => {
    const s = events.audited;
    const decks = await must<TournamentDecks>(api(server.url, "GET", `/api/v1/tournaments/${s.tournamentId}/decks`, undefined, auditor.token));
    expect(decks.decksOpen).toEqual({ to: "auditor", auditor: auditor.name });
    expect(decks.tables.length).toBeGreaterThan(0);
    const seeds = new Map(decks.tables.map((t) => [t.tableId, t.tableSeed]));
    let checked = 0;
    for (const p of s.players) {
      const { records, decks: refused, hexes } = await everythingTo(s, p.token);
      expect(refused.status).toBe(403);
      for (const rec of records) {
        expect(rec.tableSeed).toBeUndefined();
        // What the auditor holds opens the whole deck of a player's history.
        const hand = unwrap(fairHandOfRecord(rec));
        expect(checkFairHand({ ...hand, tableSeed: seeds.get(rec.tableId)! })).toMatchObject({ ok: true, value: { deckChecked: true } });
        checked++;
      }
      await assertNoOtherCards(records, hexes);
    }
    expect(checked).toBeGreaterThan(0);
    expect((await api(server.url, "GET", `/api/v1/tournaments/${s.tournamentId}/decks`)).status).toBe(403);
    // The auditor is an account: a name nobody holds is refused at creation.
    const bad = await api<{ error: { code: string } }>(
      server.url,
      "POST",
      "/api/v1/director/tournaments",
      {
        commandId: `c-no-auditor-${process.pid}`,
        presetId: "seed",
        name: "No auditor",
        kind: "online",
        startsAt: clock.now(),
        settings: { decksOpen: { to: "auditor", auditor: "nobody-here" } },
      },
      s.directorToken,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("director/invalid");
  });

  it("public after N days: closed until the clock passes N days after the end, then the seed is everyone's and every deck verifies", async () => {
    const s = events.public;
    const p = s.players[0]!;
    const before = await everythingTo(s, p.token);
    expect(before.decks.status).toBe(403);
    expect(before.records.every((r) => r.tableSeed === undefined)).toBe(true);
    await assertNoOtherCards(before.records, before.hexes);
    clock.jump(2 * DAY - 60_000);
    expect((await api(server.url, "GET", `/api/v1/tournaments/${s.tournamentId}/decks`)).status).toBe(403);
    clock.jump(2 * 60_000);
    // Signed out: public means anyone.
    const decks = await must<TournamentDecks>(api(server.url, "GET", `/api/v1/tournaments/${s.tournamentId}/decks`));
    expect(decks.tables.length).toBeGreaterThan(0);
    for (const t of decks.tables) expect(tableSeedCommitment(t.tableSeed)).toBe(t.seedCommitment);
    const seeds = new Map(decks.tables.map((t) => [t.tableId, t.tableSeed]));
    for (const q of s.players) {
      const { records, texts } = await everythingTo(s, q.token);
      for (const [i, rec] of records.entries()) {
        expect(rec.tableSeed).toBe(seeds.get(rec.tableId));
        expect(verifyHandFairness(rec)).toMatchObject({ ok: true, value: { ownCards: 2, deckChecked: true } });
        expect(verifyHistory(texts[i]!.phh, "hand.phh")).toMatchObject({ ok: true, value: [{ deckChecked: true }] });
      }
    }
    // The closed and audited tournaments stay as they were, however long ago they ended.
    expect((await api(server.url, "GET", `/api/v1/tournaments/${events.closed.tournamentId}/decks`)).status).toBe(403);
    expect((await api(server.url, "GET", `/api/v1/tournaments/${events.audited.tournamentId}/decks`, undefined, s.players[0]!.token)).status).toBe(403);
  });
});

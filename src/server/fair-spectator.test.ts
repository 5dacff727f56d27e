// Over real sockets: a spectator who records every frame of a table for a whole
// tournament cannot derive a single card that was not shown (R-DEAL-1, R-POT-5), while
// every player verifies their own cards, the board and shown cards against the commitment
// published before each deal, and after the tournament the whole deck of every hand.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { afterAll, describe, expect, it } from "vitest";
import { boardPosition, commitDeck, deckFromSeed, handSeed, holePosition, tableSeedCommitment, type Card } from "../cards/index.ts";
import { unwrap } from "../lib/result.ts";
import { verifyHandFairness, type HandRecord, type ServerMessage, type TableEvent } from "../protocol/index.ts";
import { FeltServer } from "./felt-server.ts";
import { BotClient } from "../clients/bot-client.ts";
import { streamOf } from "./tables/table-session.ts";
import { evolveTable, initialTable, type HandRun, type TableConfig, type TableRecord } from "./tables/table-state.ts";
import { api, DIRECTOR, must, myTournament, playToTheEnd, setupTournament, startTournament } from "../../testkit/server/harness.ts";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Every hand the table dealt, with full information, folded from its stored records. */
async function handsOf(server: FeltServer, tableId: string): Promise<HandRun[]> {
  const records = await server.svc.store.read(streamOf(tableId));
  const t = initialTable(records[0]!.data as TableConfig);
  const out: HandRun[] = [];
  for (const r of records) {
    unwrap(evolveTable(t, { type: r.type, data: r.data } as TableRecord, r.version));
    if (r.type === "acted" && t.hand === null && t.finished !== null && out.at(-1) !== t.finished) out.push(t.finished);
  }
  return out;
}

/** The events of a recorded stream, with the hand each belongs to. */
function eventsOf(frames: readonly ServerMessage[]): { handId: string | null; event: TableEvent }[] {
  const out: { handId: string | null; event: TableEvent }[] = [];
  for (const m of frames) {
    if (m.type === "event") out.push({ handId: m.handId, event: m.event });
    if (m.type === "table-step") for (const e of m.events) out.push({ handId: m.handId, event: e });
  }
  return out;
}

describe("provably fair without revealing unshown cards", () => {
  it("R-DEAL-1, R-POT-5: a spectator recording every frame derives no unshown card; players verify their cards; after the tournament every deck checks", async () => {
    const dir = mkdtempSync(join(tmpdir(), "felt-fair-"));
    dirs.push(dir);
    const server = await FeltServer.start({
      db: `sqlite:${join(dir, "felt.sqlite")}`,
      port: 0,
      handPauseMs: 0,
      actionMs: 5000,
      timeBankMs: 0,
      scrypt: { N: 1024, r: 8, p: 1 },
      directors: [DIRECTOR],
      validateOutgoing: true,
      webDist: null,
      signUpLimits: { perAddress: 0 },
      rateLimit: { perSecond: 200, burst: 400 },
      log: () => {},
    });
    try {
      const base = server.url;
      // The room opens the decks to everyone at once after the event (settings.decksOpen; by
      // default nobody gets a table seed, decks-open.test.ts).
      const s = await setupTournament(base, 6, { settings: { tableSize: 9, decksOpen: { to: "public", afterDays: 0 } } });
      const watcher = await must<{ token: string }>(api(base, "POST", "/api/v1/auth/sign-up", { name: "rail-bird", password: "rail-password-1" }));
      const spy = new BotClient(base, "rail-bird", watcher.token, { keepFrames: true, strictFrames: true });
      spy.passive = true;
      await spy.connect();
      await startTournament(base, s);
      let tableId: string | null = null;
      let midway: HandRecord | null = null;
      const { bots } = await playToTheEnd(
        () => base,
        s,
        { allInChance: 0.08, keepFrames: true, contribute: true },
        {
          timeoutMs: 150_000,
          onTick: async () => {
            if (tableId === null) {
              tableId = (await myTournament(base, s.players[0]!.token, s.tournamentId))?.mine?.tableId ?? null;
              if (tableId !== null) spy.watch(tableId);
            }
            // While the tournament runs a player's history verifies, without the table seed.
            if (midway === null) {
              const list = await must<{ hands: { handId: string }[] }>(api(base, "GET", "/api/v1/hands", undefined, s.players[0]!.token));
              const first = list.hands[0];
              if (first !== undefined) midway = await must<HandRecord>(api(base, "GET", `/api/v1/hands/${first.handId}`, undefined, s.players[0]!.token));
            }
          },
        },
      );
      expect(tableId).not.toBeNull();
      expect(midway).not.toBeNull();
      expect(midway!.tableSeed).toBeUndefined();
      expect(verifyHandFairness(midway!)).toMatchObject({ ok: true, value: { ownCards: 2, deckChecked: false } });

      const hands = await handsOf(server, tableId!);
      const seen = eventsOf(spy.frames);
      const seenHands = new Set(seen.map((x) => x.handId));
      const watched = hands.filter((h) => seenHands.has(h.handId));
      expect(watched.length).toBeGreaterThanOrEqual(3);
      const text = JSON.stringify(spy.frames);
      const hexes = new Set(text.match(/[0-9a-f]{64}/g) ?? []);
      const oldDecks = [...hexes].map((hex) => deckFromSeed(hexToBytes(hex)));

      let unshown = 0;
      for (const h of watched) {
        const n = h.order.length;
        const deck = commitDeck(h.tableSeed!, h.handNumber, h.entropy!);
        const shownPlayers = h.order.map((_, i) => h.state.shown[i] === 1);
        const openedToAll = new Set([...h.state.board.keys()].map((b) => boardPosition(n, b)));
        shownPlayers.forEach((sh, i) => sh && openedToAll.add(holePosition(n, i, 0)).add(holePosition(n, i, 1)));
        const hidden: { position: number; card: Card }[] = [];
        for (let i = 0; i < n; i++) {
          if (shownPlayers[i]) continue;
          for (const k of [0, 1] as const) hidden.push({ position: holePosition(n, i, k), card: h.state.hole[2 * i + k]! });
        }
        unshown += hidden.length;
        // No secret is in any frame: the table seed, the hand seed, an unopened salt.
        expect(hexes.has(h.tableSeed!)).toBe(false);
        expect(hexes.has(bytesToHex(handSeed(h.tableSeed!, h.handNumber)))).toBe(false);
        for (const x of hidden) expect(hexes.has(deck.open(x.position).salt)).toBe(false);
        // Every opening the spectator got is of a board card or a shown card.
        const mine = seen.filter((x) => x.handId === h.handId).map((x) => x.event);
        for (const e of mine) {
          if (e.kind === "hole-cards") expect(e).toEqual({ kind: "hole-cards", seat: e.seat, cards: null });
          if ("openings" in e && e.openings !== undefined) for (const o of e.openings) expect(openedToAll.has(o.position)).toBe(true);
        }
        // The old derivation (a seed revealed after the hand) from every 32-byte value received
        // gives no deal; nor is any value received the table seed behind the published commitment.
        // (It is asked to give the whole deal, hole cards and board: a random 32-byte value
        // matches one or two hidden cards by chance among thousands of hashes received.)
        const dealt = [...h.state.hole.keys()].map((j) => ({
          position: holePosition(n, j % 2 === 0 ? j / 2 : (j - 1) / 2, (j % 2) as 0 | 1),
          card: h.state.hole[j]!,
        }));
        h.state.board.forEach((card, b) => dealt.push({ position: boardPosition(n, b), card }));
        const start = mine.find((e) => e.kind === "hand-start");
        for (const old of oldDecks) expect(dealt.every((x) => old[x.position] === x.card)).toBe(false);
        if (start?.kind === "hand-start") for (const hex of hexes) expect(tableSeedCommitment(hex)).not.toBe(start.seedCommitment);
      }
      expect(unshown).toBeGreaterThan(0);
      // Nor does any view the spectator was sent show a seat's cards that were not shown.
      const byId = new Map(hands.map((h) => [h.handId, h]));
      for (const m of spy.frames) {
        const [handId, seats] =
          m.type === "table-view" ? [m.view.handId, m.view.seats] : m.type === "table-step" ? [m.handId, m.patch.seats ?? []] : [null, []];
        for (const seat of seats) {
          if (seat.cards === null) continue;
          const h = byId.get(handId ?? "")!;
          expect(h.state.shown[h.order.indexOf(seat.seat)], `${handId} seat ${seat.seat}`).toBe(1);
        }
      }

      // Players' contributions went into the decks (the server cannot choose decks alone).
      const used = new Set(hands.flatMap((h) => h.entropy!.contributions.map((c) => c.value)));
      expect(bots.filter((b) => b.contributed.some((v) => used.has(v))).length).toBeGreaterThan(0);

      // Each player's own frames hold their own openings and verify (their cards, the board, shown cards).
      for (const b of bots) {
        const byHand = new Map<string, TableEvent[]>();
        for (const x of eventsOf(b.frames)) if (x.handId !== null) byHand.set(x.handId, [...(byHand.get(x.handId) ?? []), x.event]);
        for (const [handId, events] of byHand) {
          if (events[0]?.kind !== "hand-start" || events.at(-1)?.kind !== "hand-end") continue; // joined mid-hand
          const r = verifyHandFairness({ handId, tableId: "t", tournamentId: null, handNumber: events[0].handNumber, startedAt: 0, events });
          expect(r.ok, JSON.stringify(r)).toBe(true);
        }
      }

      // The tournament is over and its decks open to everyone: every history carries the table
      // seed and the whole deck checks.
      let full = 0;
      for (const p of s.players) {
        const list = await must<{ hands: { handId: string }[] }>(api(base, "GET", "/api/v1/hands", undefined, p.token));
        for (const { handId } of list.hands.slice(0, 5)) {
          const rec = await must<HandRecord>(api(base, "GET", `/api/v1/hands/${handId}`, undefined, p.token));
          expect(rec.tableSeed).toBeDefined();
          const r = verifyHandFairness(rec);
          expect(r, JSON.stringify(r)).toMatchObject({ ok: true, value: { ownCards: 2, deckChecked: true } });
          full++;
        }
      }
      expect(full).toBeGreaterThan(5);
      bots.forEach((b) => b.close());
      spy.close();
    } finally {
      await server.close();
    }
  }, 180_000);
});

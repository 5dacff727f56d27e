// felt simulate --server: bots sign up as real users and play a tournament over HTTP and the
// WebSocket protocol against an in-process server; chips conserved (R-CHIP), one winner.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FeltServer } from "../server/felt-server.ts";
import { botViewOf, wireAction } from "./bot-client.ts";
import { remoteSimulate } from "./remote-sim.ts";
import type { TableView } from "../protocol/index.ts";

const DIRECTOR = { name: "sim-director", password: "sim-director-pw" };
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("remote simulation over the wire", () => {
  it("R-CHIP: 12 bots play to the end on a live server; chips conserved, one winner, prizes paid", async () => {
    const dir = mkdtempSync(join(tmpdir(), "felt-remote-sim-"));
    dirs.push(dir);
    // Default rate limit on purpose: heads-up with no hand pause, unpaced bots would exceed it.
    const server = await FeltServer.start({
      db: `sqlite:${join(dir, "felt.sqlite")}`,
      port: 0,
      handPauseMs: 0,
      actionMs: 5000,
      timeBankMs: 0,
      scrypt: { N: 1024, r: 8, p: 1 },
      directors: [DIRECTOR],
      webDist: null,
      signUpLimits: { perAddress: 0 },
      log: () => {},
    });
    try {
      // Two spellings of one address stand for two processes ('s --server URL1,URL2):
      // the bots are spread over them in turn.
      const r = await remoteSimulate({
        server: [server.url, `${server.url}/`],
        players: 12,
        director: DIRECTOR,
        seed: 7,
        allInChance: 0.1,
        timeoutMs: 150_000,
        pollMs: 100,
      });
      if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
      const s = r.value;
      expect(s.entries).toBe(12);
      expect(s.botsPerServer).toEqual([6, 6]);
      expect(s.chipsConserved).toBe(true);
      // the server's default rate limit: bots pace themselves, so nothing is refused
      expect(s.serverErrors).toBe(0);
      expect(s.totalChips).toBe(12 * 1000);
      expect(s.placements).toHaveLength(12);
      expect(s.placements.filter((p) => p.places[0] === 1)).toHaveLength(1);
      expect(new Set(s.placements.map((p) => p.player)).size).toBe(12);
      expect(s.placements.reduce((a, p) => a + p.prize, 0)).toBe(s.prizePool);
      expect(s.hands).toBeGreaterThan(5);
      expect(s.levels).toBeGreaterThanOrEqual(1);
      expect(s.actions).toBeGreaterThan(s.hands);
      // the server agrees: one player alive holding every chip
      const t = server.tournaments.get(s.tournamentId)!;
      expect(t.dir.conservation.failures).toBe(0);
      const alive = [...t.dir.entries.values()].filter((e) => e.alive);
      expect(alive).toHaveLength(1);
      expect(alive[0]!.stack).toBe(12 * 1000);
    } finally {
      await server.close();
    }
  }, 180_000);

  it("a bad director password is a clear error, not a hang", async () => {
    const dir = mkdtempSync(join(tmpdir(), "felt-remote-sim-"));
    dirs.push(dir);
    const server = await FeltServer.start({
      db: `sqlite:${join(dir, "felt.sqlite")}`,
      port: 0,
      scrypt: { N: 1024, r: 8, p: 1 },
      directors: [DIRECTOR],
      webDist: null,
      log: () => {},
    });
    try {
      const r = await remoteSimulate({ server: server.url, players: 3, director: { name: DIRECTOR.name, password: "wrong-password" } });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toContain("401");
    } finally {
      await server.close();
    }
  });
});

describe("bot view from a table view", () => {
  const view = {
    tableId: "t1",
    tournamentId: "x",
    tableNumber: 1,
    version: 3,
    handId: "h1",
    handNumber: 1,
    variant: "no-limit",
    blinds: { sb: 5, bb: 10, ante: 0 },
    street: "preflop",
    board: [],
    pots: [],
    button: 2,
    smallBlind: 0,
    bigBlind: 1,
    actor: 2,
    mySeat: 2,
    seats: [0, 1, 2].map((seat) => ({
      seat,
      player: { id: `p${seat}`, name: `p${seat}` },
      stack: 990,
      bet: seat === 0 ? 5 : seat === 1 ? 10 : 0,
      status: "active",
      hasCards: true,
      cards: seat === 2 ? [48, 49] : null,
      shownHand: null,
      connected: true,
    })),
    legal: { canFold: true, canCheck: false, call: 10, currentBet: 10, isBet: false, minRaiseTo: 20, maxRaiseTo: 1000, potRaiseTo: 35 },
    clock: null,
    myHand: null,
    sittingOut: false,
    recentHands: [],
    lastHand: null,
  } as unknown as TableView;

  it("R-BET-3: the bot sees only its own cards, the button is last to act, and a raise goes out as a raise", () => {
    const v = botViewOf(view)!;
    expect(v.hole).toEqual([48, 49]);
    expect(v.position).toBe(2);
    expect(v.pot).toBe(15);
    expect(v.legal.call).toBe(10);
    expect(wireAction({ type: "raise", player: 2, to: 30 }, view)).toEqual({ kind: "raise", to: 30 });
    expect(wireAction({ type: "raise", player: 2, to: 30 }, { ...view, legal: { ...view.legal!, isBet: true } })).toEqual({ kind: "bet", to: 30 });
    expect(botViewOf({ ...view, actor: 0 })).toBeNull();
  });
});

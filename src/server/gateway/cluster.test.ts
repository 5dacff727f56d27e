// Two FeltServers in one cluster on the machine's NATS and one PostgreSQL schema:
// process A serves half the tournament partitions, B the other half (a hand-made Ownership;
// leases are the partition host's). Any process answers any client: routes and table
// commands go to the owner and act once, frames come back gapless, the lobby lists both.
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import type { NatsConnection } from "nats";
import {
  applyTablePatch,
  HOME_MOVE_GAP_MS,
  type LedgerCheckResponse,
  type LobbyResponse,
  type LobbyTournament,
  type ServerMessage,
  type TableView,
} from "../../protocol/index.ts";
import { unwrap } from "../../lib/result.ts";
import { postings } from "../../store/index.ts";
import { partitionKey, tournamentPartition } from "../../cluster/partition.ts";
import { handOwnership, tempPrefix, testNats } from "../../../testkit/cluster/nats.ts";
import { FeltServer } from "../felt-server.ts";
import { api, cmd, DIRECTOR, eventually, FAST_STRUCTURE, must, pgSchema, playToTheEnd, type Setup } from "../../../testkit/server/harness.ts";
import { Bot } from "../../../testkit/server/bot.ts";
import type { Subscriber } from "../tables/table-session.ts";
import { TournamentRuntime } from "../tournaments/tournament-runtime.ts";
import { ClusterLink } from "./cluster-link.ts";
import { publicLine } from "./cluster-lobby.ts";
import { tournamentIdFor } from "./http-director.ts";
import { tableCommand } from "./table-commands.ts";

const fastScrypt = { N: 1024, r: 8, p: 1 };
const keysOf = (half: 0 | 1) => Array.from({ length: 32 }, (_, i) => [partitionKey({ kind: "tournament", index: i + half * 32 }), 1] as [string, number]);
// Who serves the partition now, not who served it at the start: a hand-over below leaves one of A's partitions on B.
const ownedBy = (commandId: string) => {
  const key = partitionKey(tournamentPartition(tournamentIdFor(commandId)));
  return ownA.serving(key) !== undefined ? "A" : ownB.serving(key) !== undefined ? "B" : "nobody";
};

/** A create command id whose tournament lands on `owner`'s half. */
function commandOn(owner: "A" | "B"): string {
  for (;;) {
    const c = cmd();
    if (ownedBy(c) === owner) return c;
  }
}

let pg: { url: string; drop(): Promise<void> };
let A: FeltServer;
let B: FeltServer;
let ncs: NatsConnection[] = [];
// Each sees who serves the other's keys (the lease view's part): pings are batched per member.
const ownA = handOwnership("A", keysOf(0), () => [ownB]);
const ownB = handOwnership("B", keysOf(1), () => [ownA]);
let director = "";

async function serve(): Promise<FeltServer> {
  return FeltServer.start({
    db: pg.url,
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

beforeAll(async () => {
  pg = await pgSchema();
  A = await serve();
  B = await serve();
  ncs = [await testNats(), await testNats()];
  const prefix = tempPrefix();
  // No periodic pings: every resync below comes from a gap, an epoch in a frame or a new owner's announcement.
  // (Watches are then never renewed: the owners keep them for the whole run.)
  ClusterLink.attach(A, ncs[0]!, ownA, { prefix, pingMs: 0, watchTtlMs: 3_600_000 });
  ClusterLink.attach(B, ncs[1]!, ownB, { prefix, pingMs: 0, watchTtlMs: 3_600_000 });
  director = (await must<{ token: string }>(api(A.url, "POST", "/api/v1/auth/sign-in", DIRECTOR))).token;
});

afterAll(async () => {
  await A?.close();
  await B?.close();
  for (const nc of ncs) await nc.drain();
  await pg?.drop();
});

/** A tournament created through `via`, owned by `owner`, with n players signed up through alternate processes and registered. */
async function tournamentOn(owner: "A" | "B", via: FeltServer, n: number, startsAt: number, name = "Cluster test", settings: object = {}): Promise<Setup> {
  const created = await must<{ tournament: LobbyTournament }>(
    api(
      via.url,
      "POST",
      "/api/v1/director/tournaments",
      {
        commandId: commandOn(owner),
        presetId: "seed",
        name,
        kind: "online",
        settings: { start: "manual", ...settings },
        startsAt,
        buyIn: 1000,
        fee: 100,
        structure: FAST_STRUCTURE,
      },
      director,
    ),
  );
  const id = created.tournament.id;
  const players: Setup["players"] = [];
  for (let i = 0; i < n; i++) {
    const base = (i % 2 === 0 ? B : A).url;
    const pname = `${id.slice(1, 9)}-${i}`;
    const s = await must<{ token: string; user: { id: string } }>(api(base, "POST", "/api/v1/auth/sign-up", { name: pname, password: "bot-password-1" }));
    await must(api(base, "POST", "/api/v1/director/deposit", { commandId: cmd(), name: pname, amount: 5000 }, director));
    await must(api(base, "POST", `/api/v1/tournaments/${id}/register`, { commandId: cmd() }, s.token));
    players.push({ name: pname, token: s.token, id: s.user.id });
  }
  return { tournamentId: id, directorToken: director, players };
}

/** A tournament owned by A with n players (registered through both processes), started, its first table open on A. */
async function startedOnA(n: number): Promise<{ s: Setup; tableId: string; session: NonNullable<ReturnType<FeltServer["table"]>> }> {
  const s = await tournamentOn("A", B, n, Date.now());
  await must(api(A.url, "POST", `/api/v1/director/tournaments/${s.tournamentId}/start`, { commandId: cmd() }, director));
  const tableId = `${s.tournamentId}-t1`;
  await eventually(() => A.table(tableId) !== undefined);
  return { s, tableId, session: A.table(tableId)! };
}

describe("cluster: any process answers any client", () => {
  it("a tournament is created on the owner of its partition, whichever process was asked; the lobby on each process lists both processes' tournaments in the single process's order and pages", async () => {
    const now = Date.now();
    const onA = await tournamentOn("A", B, 0, now + 3_600_000, "Later, owned by A");
    const onB = await tournamentOn("B", A, 0, now + 1_800_000, "Sooner, owned by B");
    expect(A.tournaments.has(onA.tournamentId) && !B.tournaments.has(onA.tournamentId)).toBe(true);
    expect(B.tournaments.has(onB.tournamentId) && !A.tournaments.has(onB.tournamentId)).toBe(true);
    for (const s of [A, B]) {
      const all = await must<LobbyResponse>(api(s.url, "GET", "/api/v1/lobby?pageSize=100"));
      const ids = all.tournaments.map((t) => t.id);
      expect(ids.indexOf(onB.tournamentId)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(onB.tournamentId)).toBeLessThan(ids.indexOf(onA.tournamentId)); // sooner first
      expect(all.page!.total).toBe(A.tournaments.size + B.tournaments.size);
      // Paging walks the same order one line at a time.
      const paged: string[] = [];
      for (let p = 1; p <= all.page!.total; p++) {
        const one = await must<LobbyResponse>(api(s.url, "GET", `/api/v1/lobby?pageSize=1&page=${p}`));
        expect(one.page).toEqual({ page: p, pageSize: 1, total: all.page!.total, pages: all.page!.total });
        paged.push(...one.tournaments.map((t) => t.id));
      }
      expect(paged).toEqual(ids);
    }
    // A route for the other process's tournament answers as the owner would, errors included.
    const view = await api<{ tournamentId: string }>(B.url, "GET", `/api/v1/tournaments/${onA.tournamentId}`);
    expect(view.status).toBe(200);
    expect(view.body.tournamentId).toBe(onA.tournamentId);
    const missing = await api<{ error: { code: string } }>(B.url, "GET", `/api/v1/tournaments/${tournamentIdFor(commandOn("A"))}`);
    expect([missing.status, missing.body.error.code]).toEqual([404, "tournament/not-found"]);
  });

  it("the same registration through two gateways acts once: one entry, one buy-in", async () => {
    const s = await tournamentOn("A", A, 0, Date.now() + 3_600_000);
    const name = `${s.tournamentId.slice(1, 9)}-twice`;
    const u = await must<{ token: string }>(api(B.url, "POST", "/api/v1/auth/sign-up", { name, password: "bot-password-1" }));
    await must(api(B.url, "POST", "/api/v1/director/deposit", { commandId: cmd(), name, amount: 5000 }, director));
    const c = cmd();
    const both = await Promise.all(
      [A, B].map((g) => api<{ balance: number }>(g.url, "POST", `/api/v1/tournaments/${s.tournamentId}/register`, { commandId: c }, u.token)),
    );
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(A.tournaments.get(s.tournamentId)!.dir.entries.size).toBe(1);
    const me = await must<{ balance: number }>(api(B.url, "GET", "/api/v1/me", undefined, u.token));
    expect(me.balance).toBe(5000 - 1100);
    // The lobby line on the other process is this player's own: their entry, their permissions, their balance.
    const lobby = await must<LobbyResponse>(api(B.url, "GET", "/api/v1/lobby", undefined, u.token));
    const line = lobby.tournaments.find((t) => t.id === s.tournamentId)!;
    expect([line.mine?.state, line.actions.register, lobby.balance]).toEqual(["registered", { allowed: false, reason: "already-registered" }, 5000 - 1100]);
  });

  it("the same table action through two gateways acts once: one is acknowledged, the other answered duplicate at the same version", async () => {
    const { s, tableId, session } = await startedOnA(2);
    await eventually(() => session.state.hand !== null && session.viewFor(s.players[0]!.id).actor !== null);
    const p = s.players.find((x) => {
      const v = session.viewFor(x.id);
      return v.actor !== null && v.actor === v.mySeat;
    })!;
    const view = session.viewFor(p.id);
    const m = { type: "act" as const, tableId, handId: view.handId!, version: view.version, commandId: cmd(), action: { kind: "fold" as const } };
    const sender = { id: p.id, name: p.name, role: "player" };
    const [viaB, viaA] = await Promise.all([tableCommand(B, sender, m), tableCommand(A, sender, m)]);
    expect(viaB.ok && viaA.ok).toBe(true);
    const acks = [viaB, viaA].map((r) => (r.ok ? r.value : null));
    expect(acks.map((a) => a?.duplicate).sort()).toEqual([false, true]);
    expect(acks[0]?.version).toBe(acks[1]?.version);
  });

  it("a command for a partition nobody serves is retried with the same id until its owner is back, and acts once", async () => {
    const s = await tournamentOn("A", B, 1, Date.now() + 3_600_000);
    const key = ownA.keyOf(s.tournamentId);
    const name = `${s.tournamentId.slice(1, 9)}-late`;
    const u = await must<{ token: string }>(api(B.url, "POST", "/api/v1/auth/sign-up", { name, password: "bot-password-1" }));
    await must(api(B.url, "POST", "/api/v1/director/deposit", { commandId: cmd(), name, amount: 5000 }, director));
    ownA.stop(key);
    const retriesBefore = B.cluster!.bus.stats.retries;
    const pending = api(B.url, "POST", `/api/v1/tournaments/${s.tournamentId}/register`, { commandId: cmd() }, u.token);
    await eventually(() => B.cluster!.bus.stats.retries >= retriesBefore + 2);
    ownA.serve(key, 2); // back, with a new epoch
    expect((await pending).status).toBe(200);
    expect(A.tournaments.get(s.tournamentId)!.dir.entries.size).toBe(2);
  });

  it("every process keeps every tournament's public lobby line from the lobby bucket: B has one created on A without asking anyone, and follows its registrations", async () => {
    await Promise.all([A.cluster!.boardReady, B.cluster!.boardReady]);
    const board = B.cluster!.board!;
    const asked = B.cluster!.bus.stats.requests;
    const s = await tournamentOn("A", A, 0, Date.now() + 3_600_000, "Seen from B");
    const id = s.tournamentId;
    await eventually(() => board.get(id) !== undefined);
    expect(board.get(id)).toEqual(publicLine(A.tournaments.get(id)!));
    // A player signs up, is paid in and registers, all on A: B's line follows.
    const name = `${id.slice(1, 9)}-on-a`;
    const u = await must<{ token: string }>(api(A.url, "POST", "/api/v1/auth/sign-up", { name, password: "bot-password-1" }));
    await must(api(A.url, "POST", "/api/v1/director/deposit", { commandId: cmd(), name, amount: 5000 }, director));
    await must(api(A.url, "POST", `/api/v1/tournaments/${id}/register`, { commandId: cmd() }, u.token));
    await eventually(() => board.get(id)?.entries === 1);
    expect(board.get(id)).toEqual(publicLine(A.tournaments.get(id)!));
    expect(board.get(id)!.mine).toBeNull();
    expect(B.cluster!.bus.stats.requests).toBe(asked);
  });

  it("a tournament gone from its owner's memory is deleted from the lobby bucket (B's map drops it); back, it is put again", async () => {
    await Promise.all([A.cluster!.boardReady, B.cluster!.boardReady]);
    const s = await tournamentOn("A", A, 0, Date.now() + 3_600_000, "Comes and goes");
    const id = s.tournamentId;
    const board = B.cluster!.board!;
    await eventually(() => board.get(id) !== undefined);
    const t = A.tournaments.get(id)!;
    A.tournaments.delete(id);
    try {
      await eventually(() => board.get(id) === undefined);
    } finally {
      A.tournaments.set(id, t);
    }
    await eventually(() => board.get(id) !== undefined);
    expect(board.get(id)).toEqual(publicLine(t));
  });

  it("a partition nobody serves (a failover in progress): the lobby lists its tournaments' last public lines from the bucket instead of leaving them out", async () => {
    await Promise.all([A.cluster!.boardReady, B.cluster!.boardReady]);
    const s = await tournamentOn("A", A, 0, Date.now() + 3_600_000, "Owner away");
    const id = s.tournamentId;
    await eventually(() => B.cluster!.board!.get(id) !== undefined);
    const key = ownA.keyOf(id);
    const epoch = ownA.serving(key)!;
    const before = await must<LobbyResponse>(api(B.url, "GET", "/api/v1/lobby?pageSize=100"));
    ownA.stop(key);
    try {
      const during = await must<LobbyResponse>(api(B.url, "GET", "/api/v1/lobby?pageSize=100"));
      expect(during.tournaments.map((t) => t.id)).toEqual(before.tournaments.map((t) => t.id));
      expect(during.page!.total).toBe(before.page!.total);
      expect(during.tournaments.find((t) => t.id === id)).toEqual(publicLine(A.tournaments.get(id)!));
    } finally {
      ownA.serve(key, epoch + 1);
    }
  });

  it("the money check (GET /director/ledger) on any process covers every process's tournaments: a charge with no entry found by B's check is shown through A", async () => {
    const s = await tournamentOn("B", A, 2, Date.now() + 3_600_000, "Money check");
    const key = ownB.keyOf(s.tournamentId);
    // Behind Felt's back: the first player charged a second buy-in with no entry.
    unwrap(
      await B.svc.ledger.post(
        unwrap(
          postings.buyIn({ key: `tampered-${s.tournamentId}`, asset: "EUR", player: s.players[0]!.id, tournament: s.tournamentId, amount: 1000, fee: 100 }),
        ),
      ),
    );
    // B checks what it loads when it gains a partition: here, the tournament loaded again.
    const t = B.tournaments.get(s.tournamentId)!;
    t.close();
    await t.enqueue(async () => {});
    B.tournaments.delete(s.tournamentId);
    await B.adoptPartition(key);
    expect(B.tournaments.has(s.tournamentId)).toBe(true);
    const found = { tournament: s.tournamentId, player: s.players[0]!.id, what: "entries", stream: 1100, ledger: 2200 };
    // A never checked it (its own check ran before the tournament existed) ...
    expect(A.moneyCheck?.differences ?? []).not.toContainEqual(found);
    // ... yet A's answer holds B's finding, and says every partition answered.
    for (const via of [A, B]) {
      const r = await must<LedgerCheckResponse>(api(via.url, "GET", "/api/v1/director/ledger", undefined, director));
      expect(r.moneyCheck?.differences).toContainEqual(found);
      expect(r.moneyCheck?.partitions).toEqual({ answered: 64, of: 64 });
      expect(r.moneyCheck?.tournaments).toBeGreaterThanOrEqual(1);
    }
  });

  it("a player connected to B plays at a table owned by A: every view they get is the one a local socket gets, through a lost frame and a new epoch; the tournament finishes", async () => {
    // Its decks open to everyone once it is over, so a process that does not own it must learn that from the owner.
    const s = await tournamentOn("A", B, 3, Date.now(), "Cluster test", { decksOpen: { to: "public", afterDays: 0 } });
    await must(api(B.url, "POST", `/api/v1/director/tournaments/${s.tournamentId}/start`, { commandId: cmd() }, director));
    const tableId = `${s.tournamentId}-t1`;
    await eventually(() => A.table(tableId) !== undefined);
    const session = A.table(tableId)!;
    const p0 = s.players[0]!; // signed up through B, plays through B
    // A local socket for the same player on the owner: what B's client must see too.
    const local = new Map<number, TableView>();
    let localView: TableView | null = null;
    const shadow: Subscriber = {
      userId: p0.id,
      send: (m) => {
        if (m.type === "table-view") local.set(m.view.version, (localView = m.view));
      },
      sendStep: (text) => {
        const m = JSON.parse(text) as Extract<ServerMessage, { type: "table-step" }>;
        if (localView !== null) local.set(m.version, (localView = applyTablePatch(localView, m.patch)));
      },
    };
    session.subscribe(shadow);
    const remote = new Map<number, TableView>();
    const versions: number[] = [];
    // Every view B's player had (the client hands its hook a view after each step as well).
    const record = (m: ServerMessage) => {
      if (m.type !== "table-view" || m.view.tableId !== tableId) return;
      remote.set(m.view.version, m.view);
      versions.push(m.view.version);
    };
    // Whole views the server sent B's player (its first, and one after each resync): from the
    // frames as received, not the hook, which also sees the view each step led to.
    const wholeViewsOf = (b: Bot) => b.frames.filter((m) => m.type === "table-view" && m.view.tableId === tableId).length;
    const bots = s.players.map(
      (p, i) =>
        new Bot(i === 1 ? A.url : B.url, p.name, p.token, { seed: i + 1, allInChance: 0, ...(i === 0 ? { onBroadcast: record, keepFrames: true } : {}) }),
    );
    // Each phase waits for B's player's own resync (a whole view to it): B's count of full
    // syncs also counts the other player on B, whose resync could end a phase too early.
    let phase = 0;
    let mark = 0;
    const onTick = async () => {
      const wholeViews = wholeViewsOf(bots[0]!);
      // Once B's player is following: lose one published frame, then move the partition to a new epoch.
      if (phase === 0 && versions.length > 3) {
        mark = wholeViews;
        A.cluster!.feeds.loseNext.add(`view.${tableId}.${p0.id}-v2`);
        phase = 1;
      } else if (phase === 1 && wholeViews > mark) {
        mark = wholeViews;
        ownA.serve(ownA.keyOf(s.tournamentId), 7);
        phase = 2;
      } else if (phase === 2 && wholeViews > mark) {
        phase = 3;
        // Only now may the hands go all in: the tournament cannot end before both resyncs.
        for (const b of bots) b.allInChance = 0.1;
      }
    };
    const { final } = await playToTheEnd(() => B.url, s, {}, { bots, onTick, timeoutMs: 600_000 });
    expect(final.status).toBe("finished");
    expect(phase).toBe(3); // both resyncs happened while the hands went on
    // The last step reaches B's player too (it may still be on its way when the lobby says finished).
    await eventually(() => remote.size > 0 && Math.max(...remote.keys()) >= Math.max(...local.keys()));
    session.unsubscribe(shadow);
    for (const b of bots) b.close();
    // Never out of order, and every view B's player had is exactly the local one at that version.
    for (let i = 1; i < versions.length; i++) expect(versions[i]!).toBeGreaterThanOrEqual(versions[i - 1]!);
    // Gapless: each step B's player got follows the one before it as on the owner's own socket
    // (the next version the local socket saw), unless a fresh whole view came in between.
    const localVersions = [...new Set(local.keys())].sort((a, b) => a - b);
    const nextAfter = (v: number) => localVersions.find((x) => x > v);
    let prev: number | null = null;
    let fresh = 0;
    for (const m of bots[0]!.frames) {
      if (m.type === "table-view" && m.view.tableId === tableId) {
        fresh++;
        prev = m.view.version;
      } else if (m.type === "table-step" && m.tableId === tableId && prev !== null) {
        if (m.version !== prev && localVersions.includes(prev)) expect({ step: m.version, after: prev }).toEqual({ step: nextAfter(prev), after: prev });
        prev = m.version;
      }
    }
    expect(fresh).toBeGreaterThanOrEqual(3); // the first view, after the lost frame, after the new epoch
    let compared = 0;
    for (const [v, view] of remote) {
      const mine = local.get(v);
      if (mine === undefined) continue;
      expect({ v, ...view, clock: null }).toEqual({ v, ...mine, clock: null });
      compared++;
    }
    expect(compared).toBeGreaterThan(10);
    expect(Math.max(...remote.keys())).toBe(Math.max(...local.keys()));
    // Across processes: the tournament is over and its decks public, so B (not its owner) reveals the table's seed in p0's hand,
    // and its decks route (answered by the owner) gives the same seed.
    const hands = await must<{ hands: { handId: string }[] }>(api(B.url, "GET", "/api/v1/hands?limit=1", undefined, p0.token));
    const hand = await must<{ tableSeed?: string }>(api(B.url, "GET", `/api/v1/hands/${hands.hands[0]!.handId}`, undefined, p0.token));
    expect(hand.tableSeed).toMatch(/^[0-9a-f]+$/);
    const decks = await must<{ tables: { tableId: string; tableSeed: string }[] }>(api(B.url, "GET", `/api/v1/tournaments/${s.tournamentId}/decks`));
    expect(decks.tables.find((t) => t.tableId === tableId)?.tableSeed).toBe(hand.tableSeed);
  });

  it("a partition handed from A to B mid-tournament: A's client keeps playing through B without an error, the tournament finishes", async () => {
    const s = await tournamentOn("A", A, 2, Date.now());
    await must(api(A.url, "POST", `/api/v1/director/tournaments/${s.tournamentId}/start`, { commandId: cmd() }, director));
    const key = ownA.keyOf(s.tournamentId);
    const tableId = `${s.tournamentId}-t1`;
    const views: number[][] = [[], []];
    // p0 plays through A (its owner now), p1 through B.
    const bots = s.players.map(
      (p, i) =>
        new Bot(i === 0 ? A.url : B.url, p.name, p.token, {
          seed: i + 7,
          allInChance: 0,
          keepFrames: i === 0,
          onBroadcast: (m: ServerMessage) => void (m.type === "table-view" && m.view.tableId === tableId && views[i]!.push(m.view.version)),
        }),
    );
    let movedB = -1;
    let moved = -1;
    // Seen once in a full run: this test (0.7 s as a rule) hung until its timeout. If it does
    // again, the watchdog says where the hand-over and each player stood.
    let stage = "playing on A";
    const watchdog = setTimeout(() => {
      const t = B.tournaments.get(s.tournamentId) ?? A.tournaments.get(s.tournamentId);
      const tables =
        t === undefined
          ? "no tournament on A or B"
          : [...t.tables.values()]
              .map((x) => {
                // Whose turn, and whether the action clock is armed (a null deadline: no clock).
                const v = x.viewFor(null);
                return `${x.id} v${x.state.version} hand ${x.state.hand?.handId ?? "none"} actor ${v.actor} clock ${JSON.stringify(v.clock)}`;
              })
              .join(", ");
      const players = bots.map((b, i) => `p${i} ${b.ws === null ? "closed" : "open"} views ${views[i]!.slice(-3).join("/")} errors ${b.errors.join(",")}`);
      console.log(
        `cluster: hand-over test still running after 45 s: stage "${stage}", tournament ${t?.dir.status ?? "?"}; tables ${tables}; ${players.join("; ")}`,
      );
    }, 45_000);
    onTestFinished(() => clearTimeout(watchdog));
    const onTick = async () => {
      if (moved >= 0 || views[0]!.length < 5) return;
      // The hand-over as the partition host does it: stop serving, close, the new owner loads and resumes.
      moved = views[0]!.length;
      movedB = views[1]!.length;
      stage = "A stops serving";
      ownA.stop(key);
      const t = A.tournaments.get(s.tournamentId)!;
      t.close();
      // Nothing of A's may still be writing when B loads (the partition host's fences see to that in production).
      stage = "A's tournament queue drains";
      await t.enqueue(async () => {});
      stage = "A's tables drain";
      for (const table of t.tables.values()) await table.idle();
      A.tournaments.delete(s.tournamentId);
      stage = "B loads";
      const loaded = await TournamentRuntime.load(B.svc, s.tournamentId);
      B.adopt(
        loaded.ok
          ? loaded.value!
          : (() => {
              throw new Error("no load");
            })(),
      );
      ownB.serve(key, 2);
      B.tournaments.get(s.tournamentId)!.resume();
      stage = "playing on B";
      for (const b of bots) b.allInChance = 0.1;
    };
    const { final } = await playToTheEnd(() => B.url, s, {}, { bots, onTick, timeoutMs: 600_000 });
    expect(final.status).toBe("finished");
    expect(moved).toBeGreaterThan(0);
    expect(views[0]!.length).toBeGreaterThan(moved + 1); // p0's views went on after the move, through B
    // p1 (on B, following A's feed) went on with B's own feed: the new owner's announcement, not a ping, moved it.
    expect(views[1]!.length).toBeGreaterThan(movedB + 1);
    expect(bots[0]!.errors.filter((c) => c !== "table/stale-version" && c !== "table/not-your-turn")).toEqual([]);
    for (const b of bots) b.close();
  });

  it("tournament views, table chat and a v1 spectator's frames reach clients on the other process", async () => {
    const s = await tournamentOn("A", B, 2, Date.now());
    await must(api(A.url, "POST", `/api/v1/director/tournaments/${s.tournamentId}/start`, { commandId: cmd() }, director));
    const tableId = `${s.tournamentId}-t1`;
    const onB = new Bot(B.url, s.players[0]!.name, s.players[0]!.token, { keepFrames: true });
    const onA = new Bot(A.url, s.players[1]!.name, s.players[1]!.token, { keepFrames: true });
    const spectator = new Bot(B.url, "spectator", director, { keepFrames: true, protocol: 1 });
    const all = [onB, onA, spectator];
    for (const b of all) {
      b.passive = true;
      await b.connect();
      b.watch(tableId);
    }
    onB.send({ type: "subscribe", channel: { kind: "tournament", tournamentId: s.tournamentId } });
    const tviews = () =>
      onB.frames.filter((m) => m.type === "tournament-view" && m.view.tournamentId === s.tournamentId) as Extract<ServerMessage, { type: "tournament-view" }>[];
    await eventually(() => tviews().length > 0 && all.every((b) => b.views.has(tableId)));
    await must(api(B.url, "POST", `/api/v1/director/tournaments/${s.tournamentId}/pause`, { commandId: cmd() }, director));
    await eventually(() => tviews().some((m) => m.view.status === "paused"));
    onB.send({ type: "chat", tableId, text: "hello from B" });
    const heard = (b: Bot) => b.frames.some((m) => m.type === "chat" && m.tableId === tableId && m.lines.some((l) => "text" in l && l.text === "hello from B"));
    await eventually(() => all.every(heard));
    // The v1 spectator got whole views (no patches) and never a hidden card.
    expect(spectator.frames.some((m) => m.type === "table-step")).toBe(false);
    const seen = spectator.frames.filter((m) => m.type === "table-view") as Extract<ServerMessage, { type: "table-view" }>[];
    expect(seen.length).toBeGreaterThan(0);
    for (const m of seen) {
      expect(m.view.mySeat).toBeNull();
      for (const seat of m.view.seats) if (seat.shownHand === null) expect(seat.cards).toBeNull();
    }
    for (const b of all) b.close();
  });

  it("a seated player followed from B counts as connected at A's table until the watch lapses (a gateway that died)", async () => {
    const { s, tableId, session } = await startedOnA(2);
    const seat = session.seatOf(s.players[0]!.id);
    expect(session.isConnected(seat)).toBe(false);
    const got: string[] = [];
    const f = B.cluster!.followTable(
      tableId,
      s.players[0]!.id,
      2,
      (x) => got.push(x),
      () => {},
    );
    await eventually(() => got.length > 0);
    expect(session.isConnected(seat)).toBe(true);
    A.cluster!.feeds.sweep(Date.now() + 3_600_001); // nobody renewed it for longer than the watch's TTL
    expect(session.isConnected(seat)).toBe(false);
    f.close();
  });

  it("the feeds B follows on A are renewed with one request a period, whichever of A's partitions they are in: two seated players' and the spectators' watches of one table and the spectators' of another outlive the TTL", async () => {
    const { s, tableId, session } = await startedOnA(2);
    let other = await startedOnA(2);
    while (ownA.keyOf(other.s.tournamentId) === ownA.keyOf(s.tournamentId)) other = await startedOnA(2);
    const watches: [string, string | null][] = [
      [tableId, s.players[0]!.id],
      [tableId, s.players[1]!.id],
      [tableId, null],
      [other.tableId, null],
    ];
    const followed = watches.map(([table, userId]) => {
      const got: string[] = [];
      const f = B.cluster!.followTable(
        table,
        userId,
        2,
        (x) => got.push(x),
        () => {},
      );
      return { f, got };
    });
    await eventually(() => followed.every((x) => x.got.length > 0));
    const followedBy = Date.now();
    await new Promise((r) => setTimeout(r, 50));
    const asked: unknown[] = [];
    const bus = B.cluster!.bus;
    const request = bus.request.bind(bus);
    const spy = vi.spyOn(bus, "request").mockImplementation((key, body) => {
      asked.push(body);
      return request(key, body);
    });
    try {
      const renewedFrom = Date.now();
      await B.cluster!.pingFollowers();
      expect(asked).toHaveLength(1);
      expect(asked[0]).toMatchObject({ kind: "watch-many" });
      expect((asked[0] as { watches: { tableId: string }[] }).watches.map((w) => w.tableId).sort()).toEqual([tableId, tableId, tableId, other.tableId].sort());
      // Past the TTL from when they were followed, within it from the renewal: all four stay.
      A.cluster!.feeds.sweep(Math.max(followedBy + 3_600_001, renewedFrom + 3_600_000 - 10));
      for (const id of [s.players[0]!.id, s.players[1]!.id]) expect(session.isConnected(session.seatOf(id))).toBe(true);
      expect(A.cluster!.feeds.size).toBe(4); // every earlier test's unrenewed feed is gone
    } finally {
      spy.mockRestore();
      for (const x of followed) x.f.close();
    }
  });

  it("a batch of watches that reaches A with one of a partition A does not serve refuses that one alone (cluster/not-owner), and answers the rest", async () => {
    const { tableId } = await startedOnA(2);
    const onB = await tournamentOn("B", A, 0, Date.now() + 3_600_000, "Watched on the wrong member");
    const r = await B.cluster!.bus.request(ownA.keyOfTable(tableId), {
      kind: "watch-many",
      watches: [
        { kind: "watch-table", tableId, userId: null, v: 2, watcher: "B:stale-1", full: false },
        { kind: "watch-tournament", tournamentId: onB.tournamentId, watcher: "B:stale-2", full: false },
      ],
    });
    const answers = unwrap(r) as { ok: boolean; value?: { subject: string }; error?: { code: string } }[];
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatchObject({ ok: true, value: { subject: `view.${tableId}.spectators-v2` } });
    expect(answers[1]).toMatchObject({ ok: false, error: { code: "cluster/not-owner" } });
    A.cluster!.feeds.unwatch(`view.${tableId}.spectators-v2`, "B:stale-1");
  });

  it("R-TRN-8: a satellite owned by one process takes its seat value from a target the other owns", async () => {
    const target = await tournamentOn("A", A, 0, Date.now() + 7_200_000, "Target on A");
    const sat = await api<{ tournament: LobbyTournament }>(
      A.url,
      "POST",
      "/api/v1/director/tournaments",
      {
        commandId: commandOn("B"),
        presetId: "seed",
        name: "Satellite on B",
        kind: "online",
        startsAt: Date.now() + 3_600_000,
        buyIn: 100,
        fee: 10,
        structure: FAST_STRUCTURE,
        satelliteTarget: target.tournamentId,
      },
      director,
    );
    expect(sat.status).toBe(200);
    expect(B.tournaments.get(sat.body.tournament.id)?.dir.config?.money).toBeDefined();
    const missing = await api<{ error: { code: string } }>(
      B.url,
      "POST",
      "/api/v1/director/tournaments",
      {
        commandId: commandOn("B"),
        presetId: "seed",
        name: "Satellite to nothing",
        kind: "online",
        startsAt: Date.now() + 3_600_000,
        buyIn: 100,
        fee: 10,
        satelliteTarget: tournamentIdFor(commandOn("A")),
      },
      director,
    );
    expect([missing.status, missing.body.error.code]).toEqual([404, "director/not-found"]);
  });

  it("protocol v3: a table's home that cannot be reached is tried once; the player plays on through B", async () => {
    // A's announced address has nothing listening (a member's --public-url players cannot reach).
    ownB.addresses.set("A", "http://127.0.0.1:1");
    onTestFinished(() => ownB.addresses.clear());
    const { s, tableId } = await startedOnA(2);
    const bots = s.players.map((p, i) => new Bot(B.url, p.name, p.token, { seed: i + 5, allInChance: 0, keepFrames: true }));
    for (const b of bots) {
      await b.connect();
      b.watch(tableId);
    }
    const [p0] = bots as [Bot, Bot];
    await eventually(() => p0.homeMoves === 1 && p0.server === B.url && p0.connected && p0.views.has(tableId));
    const acked = p0.acked.size;
    await eventually(() => p0.acked.size >= acked + 2);
    // Told again on each subscribe through B (here once more, past the gap between moves), never tried again.
    await new Promise((r) => setTimeout(r, HOME_MOVE_GAP_MS + 100));
    const told = () => p0.frames.filter((m) => m.type === "table-home").length;
    const before = told();
    p0.send({ type: "subscribe", channel: { kind: "table", tableId } });
    await eventually(() => told() > before);
    await new Promise((r) => setTimeout(r, 200));
    expect(bots.map((b) => [b.homeMoves, b.server])).toEqual([
      [1, B.url],
      [1, B.url],
    ]);
    for (const b of bots) b.close();
  });

  it("protocol v3: a player on B whose table A runs is told A's address (table-home), goes there and plays on; handed over to B, the table's players at A are told B's and go there; v2 clients and clients at the owner are told nothing", async () => {
    for (const o of [ownA, ownB]) {
      o.addresses.set("A", A.url);
      o.addresses.set("B", B.url);
    }
    onTestFinished(() => {
      for (const o of [ownA, ownB]) o.addresses.clear();
    });
    const s = await tournamentOn("A", A, 3, Date.now());
    await must(api(A.url, "POST", `/api/v1/director/tournaments/${s.tournamentId}/start`, { commandId: cmd() }, director));
    const key = ownA.keyOf(s.tournamentId);
    const tableId = `${s.tournamentId}-t1`;
    await eventually(() => A.table(tableId) !== undefined);
    const homes = (b: Bot) => b.frames.flatMap((m) => (m.type === "table-home" ? [m.url] : []));
    const socketsOf = (server: FeltServer, i: number) => server.connections.account(s.players[i]!.id).size;
    // p0 (v3) and p1 (v2) start on B, p2 (v3) on A, the table's owner.
    // What p2 reads of p0's seat, from the first view that shows p0 there: a move is make before
    // break, so the seat never reads "away" on the way.
    const moverSeen: boolean[] = [];
    const watchMover = (m: ServerMessage) => {
      if (m.type !== "table-view") return;
      const seat = m.view.seats.find((x) => x.player?.id === s.players[0]!.id);
      if (seat !== undefined && (seat.connected || moverSeen.length > 0)) moverSeen.push(seat.connected);
    };
    const bots = s.players.map(
      (p, i) =>
        new Bot(i === 2 ? A.url : B.url, p.name, p.token, {
          seed: i + 3,
          allInChance: 0,
          keepFrames: true,
          ...(i === 1 ? { protocol: 2 } : {}),
          ...(i === 2 ? { onBroadcast: watchMover } : {}),
        }),
    );
    const [mover, old, atOwner] = bots as [Bot, Bot, Bot];
    // p2 first, so that it sees p0 arrive through B and move.
    for (const b of [atOwner, old, mover]) {
      await b.connect();
      b.watch(tableId);
    }
    await eventually(() => mover.server === A.url && mover.connected && socketsOf(A, 0) === 1 && socketsOf(B, 0) === 0);
    const movedAt = Date.now();
    // It plays on at A: its acts are answered there (B has no socket of its any more).
    const acked = mover.acked.size;
    await eventually(() => mover.acked.size >= acked + 2);
    expect(homes(mover)).toEqual([A.url]);
    expect(homes(old)).toEqual([]);
    expect(homes(atOwner)).toEqual([]);
    expect([old.server, socketsOf(B, 1), atOwner.server]).toEqual([B.url, 1, A.url]);
    expect(moverSeen.length).toBeGreaterThan(2);
    expect(moverSeen.filter((connected) => !connected)).toEqual([]);
    // The hand-over as the partition host does it (as in the test above), once a client may move again.
    await new Promise((r) => setTimeout(r, Math.max(0, movedAt + HOME_MOVE_GAP_MS - Date.now())));
    ownA.stop(key);
    const t = A.tournaments.get(s.tournamentId)!;
    t.close();
    await t.enqueue(async () => {});
    for (const table of t.tables.values()) await table.idle();
    A.tournaments.delete(s.tournamentId);
    const loaded = unwrap(await TournamentRuntime.load(B.svc, s.tournamentId));
    B.adopt(loaded!);
    ownB.serve(key, 2);
    B.tournaments.get(s.tournamentId)!.resume();
    // B's announcement names it to the v3 players A now follows the table for: both go to B.
    await eventually(() => mover.server === B.url && atOwner.server === B.url && socketsOf(A, 0) + socketsOf(A, 2) === 0);
    for (const b of bots) b.allInChance = 0.1;
    const { final } = await playToTheEnd(() => B.url, s, {}, { bots, timeoutMs: 300_000 });
    expect(final.status).toBe("finished");
    expect(homes(mover)).toEqual([A.url, B.url]);
    expect(homes(atOwner)).toEqual([B.url]);
    expect(homes(old)).toEqual([]);
    expect([mover.homeMoves, atOwner.homeMoves, old.homeMoves]).toEqual([2, 1, 0]);
    for (const b of bots) expect(b.errors.filter((c) => c !== "table/stale-version" && c !== "table/not-your-turn")).toEqual([]);
    for (const b of bots) b.close();
  });
});

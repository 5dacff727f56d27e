// The numbers a live room reads, over real HTTP. A re-entry event of 20 walk-ins:
// chips in play are what was issued (a bust passes its chips on unseen, so the average
// is chips in play over the players left, not the sum of stale counts); payouts are shown
// from the first entry (provisional until entries close, R-TRN-4/5); results list every
// entry out (re-entries separately) with place, bust time and prize; the entries still in
// carry the floor's count or a fair estimate, and say which; a refused deal or colour-up
// says why in figures a screen can translate.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FloorLogResponse, LobbyTournament, ResultsResponse, SeatAssignment, TournamentView } from "../../protocol/index.ts";
import { playerAccount, poolAccount } from "../../store/index.ts";
import { ManualClock } from "../clock.ts";
import { FeltServer } from "../felt-server.ts";
import { api, cmd, DIRECTOR, must } from "../../../testkit/server/harness.ts";

const BUY_IN = 1000;
const FEE = 100;
const START = 20_000;
// casino-1900's shape, 10-minute levels: re-entry and late registration to the end of the 2nd break.
const STRUCTURE = {
  startingStack: START,
  chips: [100, 500, 1000, 5000, 25000],
  levels: [
    ...[100, 200, 300, 400].map((sb) => ({ kind: "level" as const, sb, bb: sb * 2, ante: 0, minutes: 10, colourUp: null })),
    { kind: "break" as const, sb: 0, bb: 0, ante: 0, minutes: 10, colourUp: null },
    ...[500, 600, 800, 1000].map((sb) => ({ kind: "level" as const, sb, bb: sb * 2, ante: 0, minutes: 10, colourUp: null })),
    { kind: "break" as const, sb: 0, bb: 0, ante: 0, minutes: 10, colourUp: null },
    ...[1500, 2000, 3000, 4000, 6000, 8000].map((sb) => ({ kind: "level" as const, sb, bb: sb * 2, ante: 0, minutes: 10, colourUp: null })),
  ],
};

let server: FeltServer;
let clock: ManualClock;
let token: string;
let path: string;
let id: string;

const post = <T>(route: string, body: object) => must<T>(api(server.url, "POST", `${path}${route}`, { commandId: cmd(), ...body }, token));
const get = <T>(route: string) => must<T>(api(server.url, "GET", `${path}${route}`, undefined, token));
const view = () => must<TournamentView>(api(server.url, "GET", `/api/v1/tournaments/${id}`));
const seating = async () => (await get<{ seats: SeatAssignment[] }>("/seating")).seats;
const results = () => get<ResultsResponse>("/results");

beforeAll(async () => {
  clock = new ManualClock(1_800_000_000_000);
  server = await FeltServer.start({
    db: ":memory:",
    port: 0,
    clock,
    tableSize: 9,
    scrypt: { N: 1024, r: 8, p: 1 },
    directors: [DIRECTOR],
    validateOutgoing: true,
    webDist: null,
    log: () => {},
  });
  token = (await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-in", DIRECTOR))).token;
  const made = await must<{ tournament: LobbyTournament }>(
    api(
      server.url,
      "POST",
      "/api/v1/director/tournaments",
      { commandId: cmd(), presetId: "casino-1900", name: "Casino 19:00", kind: "live", startsAt: clock.now(), buyIn: BUY_IN, fee: FEE, structure: STRUCTURE },
      token,
    ),
  );
  id = made.tournament.id;
  path = `/api/v1/director/tournaments/${id}`;
}, 60_000);
afterAll(async () => server?.close());

describe("a live re-entry evening's figures", () => {
  it("R-TRN-4/5: payouts are shown from the first entries, provisional while entries can come", async () => {
    for (let i = 0; i < 20; i++) await post("/walk-in", { name: `Guest ${String(i + 1).padStart(2, "0")}` });
    const v = await view();
    expect(v.entries).toBe(20);
    expect(v.prizePool).toBe(20 * BUY_IN);
    expect(v.payoutsFixed).toBe(false);
    expect(v.payouts.length).toBeGreaterThan(0);
    expect(v.payouts.reduce((a, p) => a + p.amount, 0)).toBe(20 * BUY_IN);
    const r = await results();
    expect(r.payoutsFixed).toBe(false);
    expect(r.payouts).toEqual(v.payouts);
  });

  it("chips in play are the starting stacks issued; after 6 busts (two in one hand) the average is chips in play over the 14 left", async () => {
    await post("/start", {});
    const v0 = await view();
    expect(v0.totalChips).toBe(20 * START);
    expect(v0.averageStack).toBe(START);
    const seats = await seating();
    const t1 = seats.filter((s) => s.tableNumber === 1);
    await post("/live", { kind: "bust", entryIds: [t1[0]!.entryId, t1[1]!.entryId], startStacks: [15_000, 9_000] });
    for (const s of seats.filter((x) => x.tableNumber !== 1).slice(0, 4)) await post("/live", { kind: "bust", entryId: s.entryId });
    const v = await view();
    expect(v.playersLeft).toBe(14);
    expect(v.totalChips).toBe(400_000);
    // The figure: 400,000 / 14, not the 20,000 the stale stacks averaged.
    expect(v.averageStack).toBe(Math.round(400_000 / 14));
    expect(v.averageStack).toBe(28_571);
  });

  it("results list every entry out with a place counted from the field so far, the bust time and the prize; the pair out in one hand ranked by starting stacks (R-PLACE-2)", async () => {
    const r = await results();
    expect(r.results.map((x) => x.place)).toEqual([15, 16, 17, 18, 19, 20]);
    for (const x of r.results) {
      expect(x.bustedAt).toBe(clock.now());
      expect(x.entryNumber).toBe(1);
      expect(x.prize).toBe(r.payouts.find((p) => p.place === x.place)?.amount ?? 0);
    }
    const pair = r.results.filter((x) => x.place >= 19);
    expect(pair.map((x) => x.place)).toEqual([19, 20]);
    expect(r.stillIn.length).toBe(14);
    // Nobody counted yet: every stack is an estimate, and they add up to the chips in play.
    expect(r.stillIn.every((x) => x.countedAt === null)).toBe(true);
    expect(r.stillIn.reduce((a, x) => a + x.stack, 0)).toBe(400_000);
  });

  it("R-TRN-3: a re-entry is a new entry: the first stays in the results, the new one is entry 2 still in; chips in play grow by a starting stack", async () => {
    const out = (await results()).results[0]!;
    const v = await post<TournamentView>("/live", { kind: "re-enter", entryId: out.entryId });
    expect(v.entries).toBe(21);
    expect(v.playersLeft).toBe(15);
    expect(v.totalChips).toBe(21 * START);
    expect(v.averageStack).toBe(Math.round((21 * START) / 15));
    expect(v.prizePool).toBe(21 * BUY_IN);
    const r = await results();
    expect(r.results.map((x) => x.entryId)).toContain(out.entryId);
    // With 21 entries the places out so far are counted from 21.
    expect(r.results.map((x) => x.place)).toEqual([16, 17, 18, 19, 20, 21]);
    const again = r.stillIn.find((x) => x.name === out.name)!;
    expect(again.entryNumber).toBe(2);
    expect(again.entryId).not.toBe(out.entryId);
  });

  it("a count is the floor's figure with its time; the chips nobody counted are shared among the others", async () => {
    const seats = await seating();
    const [a, b] = seats;
    await post("/live", {
      kind: "chip-count",
      stacks: [
        { entryId: a!.entryId, stack: 61_000 },
        { entryId: b!.entryId, stack: 3_500 },
      ],
    });
    const r = await results();
    const byId = new Map(r.stillIn.map((x) => [x.entryId, x]));
    expect(byId.get(a!.entryId)).toMatchObject({ stack: 61_000, countedAt: clock.now() });
    expect(byId.get(b!.entryId)).toMatchObject({ stack: 3_500, countedAt: clock.now() });
    const rest = r.stillIn.filter((x) => x.entryId !== a!.entryId && x.entryId !== b!.entryId);
    expect(rest.every((x) => x.countedAt === null)).toBe(true);
    expect(rest.reduce((s, x) => s + x.stack, 0)).toBe(21 * START - 61_000 - 3_500);
    // Everyone uncounted holds the same issued chips, so the shares differ by at most one chip.
    expect(Math.max(...rest.map((x) => x.stack)) - Math.min(...rest.map((x) => x.stack))).toBeLessThanOrEqual(1);
    // The clock's figures do not move with a count: chips in play are what was issued.
    expect((await view()).totalChips).toBe(21 * START);
  });

  it("a deal while entries can still come is refused with the reason and when entries close (level 8's end, the 2nd break)", async () => {
    const left = (await results()).stillIn;
    const r = await api<{ error: { code: string; cause?: string; details?: Record<string, unknown> } }>(
      server.url,
      "POST",
      `${path}/deal`,
      { commandId: cmd(), method: "icm", payouts: left.slice(0, 3).map((x) => ({ entryId: x.entryId, amount: 0 })) },
      token,
    );
    expect(r.status).toBe(400);
    expect(r.body.error.cause).toBe("tournament/no-deal");
    expect(r.body.error.details).toMatchObject({ reason: "prizes-not-fixed", closesLevel: 8 });
    // The 2nd break ends after 8 levels and 2 breaks of 10 minutes.
    expect(r.body.error.details!["closesAt"]).toBe(1_800_000_000_000 + 100 * 60_000);
  });

  it("R-CHIP-1: a colour-up refused names the chip and the next to go, as figures", async () => {
    const r = await api<{ error: { cause?: string; details?: Record<string, unknown> } }>(server.url, "POST", `${path}/colour-up/plan`, { remove: 500 }, token);
    expect(r.status).toBe(400);
    expect(r.body.error.cause).toBe("chips/still-needed");
    expect(r.body.error.details).toMatchObject({ remove: 500, next: 100 });
  });

  it("a bust by mistake is undone with a reason: the entry is back in its seat with its chips, its place taken back; the log keeps both", async () => {
    const before = await view();
    const seats = await seating();
    // From the fullest table, so the bust moves nobody and the seat stays free.
    const count = (n: number) => seats.filter((x) => x.tableNumber === n).length;
    const victim = [...seats].sort((x, y) => count(y.tableNumber) - count(x.tableNumber))[0]!;
    await post("/live", { kind: "bust", entryId: victim.entryId });
    expect((await view()).playersLeft).toBe(before.playersLeft - 1);
    const log = (await get<FloorLogResponse>("/floor-log")).rows;
    const row = log.at(-1)!;
    expect(row).toMatchObject({ kind: "bust", undone: null, undoes: null });
    expect(row.entries).toEqual([{ entryId: victim.entryId, name: victim.name, playerNumber: victim.playerNumber, stack: victim.stack }]);
    // An undo needs a reason.
    const bare = await api(server.url, "POST", `${path}/live`, { commandId: cmd(), kind: "undo", undoes: row.id }, token);
    expect(bare.status).toBe(400);
    const v = await post<TournamentView>("/live", { kind: "undo", undoes: row.id, reason: "wrong player: it was seat 4" });
    expect(v.playersLeft).toBe(before.playersLeft);
    expect(v.totalChips).toBe(before.totalChips);
    const back = (await seating()).find((x) => x.entryId === victim.entryId)!;
    expect({ tableNumber: back.tableNumber, seat: back.seat }).toEqual({ tableNumber: victim.tableNumber, seat: victim.seat });
    expect((await results()).results.map((x) => x.entryId)).not.toContain(victim.entryId);
    const after = (await get<FloorLogResponse>("/floor-log")).rows;
    expect(after.find((x) => x.id === row.id)!.undone).toEqual({ at: clock.now(), reason: "wrong player: it was seat 4" });
    expect(after.find((x) => x.undoes === row.id)).toMatchObject({ kind: "reinstated", entries: [{ entryId: victim.entryId, stack: victim.stack }] });
    // Twice is refused.
    const again = await api<{ error: { cause?: string } }>(
      server.url,
      "POST",
      `${path}/live`,
      { commandId: cmd(), kind: "undo", undoes: row.id, reason: "again" },
      token,
    );
    expect(again.status).toBe(400);
  });

  it("a count typed wrong is undone: the earlier figures stand again (an entry the count put out comes back)", async () => {
    const [a, b] = await seating();
    await post("/live", {
      kind: "chip-count",
      stacks: [
        { entryId: a!.entryId, stack: 1 },
        { entryId: b!.entryId, stack: 0 },
      ],
    });
    expect((await seating()).some((x) => x.entryId === b!.entryId)).toBe(false);
    const row = (await get<FloorLogResponse>("/floor-log")).rows.findLast((x) => x.kind === "count")!;
    await post("/live", { kind: "undo", undoes: row.id, reason: "typed into the wrong rows" });
    const now = await seating();
    expect(now.find((x) => x.entryId === a!.entryId)!.stack).toBe(a!.stack);
    expect(now.find((x) => x.entryId === b!.entryId)!.stack).toBe(b!.stack);
  });
});

describe("a re-entry on the floor", () => {
  it("R-TRN-3: a re-entry (entry id player#2) is busted and its bust undone over the wire", async () => {
    const again = (await results()).stillIn.find((x) => x.entryNumber === 2)!;
    expect(again.entryId).toMatch(/#2$/);
    const v = await post<TournamentView>("/live", { kind: "bust", entryId: again.entryId });
    const r = await results();
    expect(r.results.find((x) => x.entryId === again.entryId)).toMatchObject({ entryNumber: 2, place: v.playersLeft + 1 });
    const row = (await get<FloorLogResponse>("/floor-log")).rows.at(-1)!;
    const back = await post<TournamentView>("/live", { kind: "undo", undoes: row.id, reason: "the wrong Guest" });
    expect(back.playersLeft).toBe(v.playersLeft + 1);
  });
});

describe("undoing a rebuy or an add-on", () => {
  it("R-TRN-4/5: a rebuy recorded by mistake is taken back: chips and pool shrink, the money goes back to the player", async () => {
    const made = await must<{ tournament: LobbyTournament }>(
      api(
        server.url,
        "POST",
        "/api/v1/director/tournaments",
        {
          commandId: cmd(),
          presetId: "turbo",
          name: "Rebuy undo",
          kind: "live",
          startsAt: clock.now(),
          buyIn: BUY_IN,
          fee: FEE,
          structure: { ...STRUCTURE, startingStack: 20_000 },
        },
        token,
      ),
    );
    const p = `/api/v1/director/tournaments/${made.tournament.id}`;
    const call = <T>(route: string, body: object) => must<T>(api(server.url, "POST", `${p}${route}`, { commandId: cmd(), ...body }, token));
    for (const name of ["Rita", "Sam", "Tor"]) await call("/walk-in", { name });
    await call("/start", {});
    const seats = (await must<{ seats: SeatAssignment[] }>(api(server.url, "GET", `${p}/seating`, undefined, token))).seats;
    const rita = seats.find((x) => x.name === "Rita")!;
    const v0 = await call<TournamentView>("/live", { kind: "rebuy", entryId: rita.entryId });
    expect(v0.rebuys).toBe(1);
    const pool = await server.svc.ledger.balance(poolAccount(made.tournament.id), server.svc.asset);
    const rt = server.tournaments.get(made.tournament.id)!;
    const player = rt.dir.entries.get(rita.entryId)!.player;
    const row = (await must<FloorLogResponse>(api(server.url, "GET", `${p}/floor-log`, undefined, token))).rows.find((x) => x.kind === "rebuy")!;
    const v = await call<TournamentView>("/live", { kind: "undo", undoes: row.id, reason: "she did not pay" });
    expect(v.rebuys).toBe(0);
    expect(v.totalChips).toBe(v0.totalChips - 20_000);
    expect(v.prizePool).toBe(v0.prizePool - BUY_IN);
    expect(await server.svc.ledger.balance(poolAccount(made.tournament.id), server.svc.asset)).toBe(pool - BUY_IN);
    // The money goes back to the player's balance (the cashier pays it out at the desk).
    expect(await server.svc.ledger.balance(playerAccount(player), server.svc.asset)).toBe(BUY_IN + FEE);
    for (const x of Object.values(await server.svc.ledger.totals())) expect(x).toBe(0);
  });
});

describe("closing entries early", () => {
  it("R-TRN-3..5: the director closes entries: payouts fixed, a re-entry refused with its cause, the deal waits only for the final table", async () => {
    const r0 = await results();
    const out = r0.results.find((x) => !r0.stillIn.some((y) => y.name === x.name))!;
    const v = await post<TournamentView>("/close-entries", {});
    expect(v.payoutsFixed).toBe(true);
    expect(v.payouts.reduce((a, p) => a + p.amount, 0)).toBe(v.prizePool);
    expect(v.lateRegistrationEndsAt).toBe(clock.now());
    const again = await api<{ error: { cause?: string } }>(
      server.url,
      "POST",
      `${path}/live`,
      { commandId: cmd(), kind: "re-enter", entryId: out.entryId },
      token,
    );
    expect(again.status).toBe(409);
    expect(again.body.error.cause).toBe("tournament/re-entry-closed");
    const left = (await results()).stillIn;
    const deal = await api<{ error: { cause?: string; details?: Record<string, unknown> } }>(
      server.url,
      "POST",
      `${path}/deal`,
      { commandId: cmd(), method: "icm", payouts: left.slice(0, 3).map((x) => ({ entryId: x.entryId, amount: 0 })) },
      token,
    );
    expect(deal.body.error.details).toMatchObject({ reason: "final-table", left: left.length, tableSize: 9 });
    const twice = await api<{ error: { cause?: string } }>(server.url, "POST", `${path}/close-entries`, { commandId: cmd() }, token);
    expect(twice.body.error.cause).toBe("tournament/entries-closed");
  });
});

describe("the director's clock", () => {
  it("a minute more or less, and skip to the next level, in played time", async () => {
    const made = await must<{ tournament: LobbyTournament }>(
      api(
        server.url,
        "POST",
        "/api/v1/director/tournaments",
        // Two players: without the evening's start rule (R-TRN-6 would wait for five).
        { commandId: cmd(), presetId: "casino-1900", name: "Clock", kind: "live", startsAt: clock.now(), structure: STRUCTURE, settings: { startRule: null } },
        token,
      ),
    );
    const p = `/api/v1/director/tournaments/${made.tournament.id}`;
    const call = <T>(route: string, body: object) => api<T>(server.url, "POST", `${p}${route}`, { commandId: cmd(), ...body }, token);
    for (const name of ["Ann", "Ben"]) await call("/walk-in", { name });
    await call("/start", {});
    clock.advance(4 * 60_000);
    const more = await call<TournamentView>("/clock", { ms: -60_000 });
    expect(more.body.timeLeftMs).toBe(7 * 60_000);
    const less = await call<TournamentView>("/clock", { ms: 120_000 });
    expect(less.body.timeLeftMs).toBe(5 * 60_000);
    // Time given back stops at the level's start (5 minutes in).
    const back = await call<TournamentView>("/clock", { ms: -3_600_000 });
    expect(back.body.timeLeftMs).toBe(10 * 60_000);
    expect(back.body.level!.number).toBe(1);
    const skip = await call<TournamentView>("/clock", { ms: back.body.timeLeftMs });
    expect(skip.body.level!.number).toBe(2);
    expect(skip.body.timeLeftMs).toBe(10 * 60_000);
    const none = await call<{ error: { cause?: string } }>("/clock", { ms: -60_000 });
    expect(none.body.error.cause).toBe("tournament/bad-time");
  });
});

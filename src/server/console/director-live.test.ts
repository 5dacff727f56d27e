// A live room's evening over real HTTP: walk-ins and registered players, the seat draw, the
// level clock on the server (a manual clock here), busts entered by the floor, balancing
// and table-breaking instructions confirmed, rebuy and add-on paid at the desk, a chip race
// applied with drawn and with entered cards, a pause that freezes the clock, and an applied
// ICM deal; places, prizes and the ledger to the unit. The server never deals a hand.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ColourUpResult, Instruction, LobbyTournament, ResultsResponse, SeatAssignment, TournamentView } from "../../protocol/index.ts";
import { EXTERNAL_CASH, HOUSE_FEES, playerAccount, poolAccount } from "../../store/index.ts";
import { ManualClock } from "../clock.ts";
import { FeltServer } from "../felt-server.ts";
import { api, cmd, DIRECTOR, must } from "../../../testkit/server/harness.ts";

const MIN = 60_000;
const BUY_IN = 1000;
const FEE = 100;
// Run as the "turbo" preset: rebuys and late registration to the end of level 2, an add-on
// at the break. 1,025 chips under blinds in 100s: every stack holds one odd 25 (R-CHIP).
const STRUCTURE = {
  startingStack: 1025,
  levels: [
    { kind: "level" as const, sb: 100, bb: 200, ante: 0, minutes: 10, colourUp: null },
    { kind: "level" as const, sb: 200, bb: 400, ante: 0, minutes: 10, colourUp: null },
    { kind: "break" as const, sb: 0, bb: 0, ante: 0, minutes: 10, colourUp: null },
    ...[400, 800, 1600, 3200, 6400].map((sb) => ({ kind: "level" as const, sb, bb: sb * 2, ante: 0, minutes: 10, colourUp: null })),
  ],
};

let server: FeltServer;
let clock: ManualClock;
let token: string;
let id: string;
let path: string;
const online: { name: string; id: string; token: string }[] = [];
const walkIns: string[] = [];

const plan = <T>(remove: number) => must<T>(api(server.url, "POST", `${path}/colour-up/plan`, { remove }, token));
const post = <T>(route: string, body: object) => must<T>(api(server.url, "POST", `${path}${route}`, { commandId: cmd(), ...body }, token));
const get = <T>(route: string) => must<T>(api(server.url, "GET", `${path}${route}`, undefined, token));
const view = () => must<TournamentView>(api(server.url, "GET", `/api/v1/tournaments/${id}`));
const seating = async () => (await get<{ seats: SeatAssignment[] }>("/seating")).seats;
const instructions = async () => (await get<{ instructions: Instruction[] }>("/instructions")).instructions;
const runtime = () => server.tournaments.get(id)!;
/** Lets the tournament finish what the clock's timers started. */
const idle = async () => {
  for (let i = 0; i < 5; i++) await runtime().enqueue(async () => {});
};
const advance = async (ms: number) => {
  clock.advance(ms);
  await idle();
};
const balance = (account: string) => server.svc.ledger.balance(account, server.svc.asset);
const byTable = (seats: SeatAssignment[]) => {
  const m = new Map<number, SeatAssignment[]>();
  for (const s of seats) m.set(s.tableNumber, [...(m.get(s.tableNumber) ?? []), s]);
  return m;
};

/**
 * Confirms every instruction after checking it against the seat maps: the player is already
 * where it says, and was (before the last record, all earlier moves confirmed) where it came from.
 */
async function confirmAll(before?: SeatAssignment[]): Promise<Instruction[]> {
  const list = await instructions();
  const seats = await seating();
  for (const i of list) {
    const s = seats.find((x) => x.entryId === i.entryId)!;
    expect({ tableNumber: s.tableNumber, seat: s.seat }).toEqual(i.to);
    expect(i.from).not.toEqual(i.to);
    if (before !== undefined) {
      const b = before.find((x) => x.entryId === i.entryId)!;
      expect({ tableNumber: b.tableNumber, seat: b.seat }).toEqual(i.from);
    }
    const r = await post<{ instructions: Instruction[] }>(`/instructions/${i.id}/confirm`, {});
    expect(r.instructions.map((x) => x.id)).not.toContain(i.id);
  }
  expect(await instructions()).toEqual([]);
  return list;
}

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
    signUpLimits: { perAddress: 0 },
    log: () => {},
  });
  token = (await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-in", DIRECTOR))).token;
}, 60_000);
afterAll(async () => server?.close());

describe("a live tournament on the server", () => {
  it("walk-ins pay cash at the desk, registered players from their balance; the seat draw seats all 20 and no table is dealt", async () => {
    const created = await must<{ tournament: LobbyTournament }>(
      api(
        server.url,
        "POST",
        "/api/v1/director/tournaments",
        { commandId: cmd(), presetId: "turbo", name: "Friday live", kind: "live", startsAt: clock.now(), buyIn: BUY_IN, fee: FEE, structure: STRUCTURE },
        token,
      ),
    );
    id = created.tournament.id;
    path = `/api/v1/director/tournaments/${id}`;
    expect(created.tournament.kind).toBe("live");
    expect(runtime().dir.config!.live).toBe(true);
    for (let i = 0; i < 12; i++) {
      const name = `regular-${i}`;
      const s = await must<{ token: string; user: { id: string } }>(api(server.url, "POST", "/api/v1/auth/sign-up", { name, password: "regular-password-1" }));
      await must(api(server.url, "POST", "/api/v1/director/deposit", { commandId: cmd(), name, amount: 2000 }, token));
      await must(api(server.url, "POST", `/api/v1/tournaments/${id}/register`, { commandId: cmd() }, s.token));
      online.push({ name, id: s.user.id, token: s.token });
    }
    for (let i = 0; i < 8; i++) {
      const name = i === 7 ? "Bodil Ås" : `Walk In ${String.fromCharCode(65 + i)}`;
      const c = cmd();
      await must(api(server.url, "POST", `${path}/walk-in`, { commandId: c, name }, token));
      // A double click acts once.
      await must(api(server.url, "POST", `${path}/walk-in`, { commandId: c, name }, token));
      walkIns.push(name);
    }
    expect(runtime().dir.entries.size).toBe(20);
    // A guest account each, under the name's ASCII form; the tournament shows the name as given.
    const guest = await server.svc.accounts.userByName("Walk.In.A");
    if (!guest.ok) throw new Error("no guest account");
    expect((await server.svc.accounts.userByName("Bodil.As")).ok).toBe(true);
    // Cash taken at the desk is deposited, then paid in: the walk-in's own balance is 0.
    expect(await balance(playerAccount(guest.value.id))).toBe(0);
    expect(await balance(poolAccount(id))).toBe(20 * BUY_IN);
    expect(await balance(EXTERNAL_CASH)).toBe(-(12 * 2000 + 8 * (BUY_IN + FEE)));

    await post("/start", {});
    const seats = await seating();
    expect(seats.length).toBe(20);
    // R-TBL-1: 20 players at tables of 9: three tables of 7, 7 and 6.
    expect([...byTable(seats).values()].map((x) => x.length).sort()).toEqual([6, 7, 7]);
    expect(new Set(seats.map((s) => `${s.tableNumber}/${s.seat}`)).size).toBe(20);
    expect(seats.every((s) => s.stack === 1025)).toBe(true);
    expect(seats.filter((s) => walkIns.includes(s.name)).length).toBe(8);
    expect(runtime().tables.size).toBe(0);
    const v = await view();
    expect(v.status).toBe("running");
    expect(v.level).toMatchObject({ number: 1, blinds: { sb: 100, bb: 200, ante: 0 } });
    expect(v.timeLeftMs).toBe(10 * MIN);
  });

  it("the level clock runs on the server: the level changes at its time, stored as the director's event", async () => {
    await advance(4 * MIN);
    expect((await view()).timeLeftMs).toBe(6 * MIN);
    await advance(6 * MIN + 1);
    const v = await view();
    expect(v.level).toMatchObject({ number: 2, blinds: { sb: 200, bb: 400 } });
    expect(runtime().dir.levelNumber).toBe(2);
    const events = await server.svc.store.read(`tournament:${id}`);
    expect(
      events.some(
        (e) => e.type === "director" && (e.data as { type: string }).type === "level-started" && (e.data as { levelNumber: number }).levelNumber === 2,
      ),
    ).toBe(true);
  });

  it("pause freezes the clock (level, time left) and resume goes on from the same time", async () => {
    const before = await view();
    await post("/pause", {});
    const paused = await view();
    expect(paused.status).toBe("paused");
    expect(paused.endsAt).toBe(null);
    await advance(25 * MIN);
    const still = await view();
    expect(still.status).toBe("paused");
    expect(still.level!.number).toBe(2);
    expect(still.timeLeftMs).toBe(before.timeLeftMs);
    expect(runtime().dir.levelNumber).toBe(2);
    await post("/resume", {});
    await advance(MIN);
    const after = await view();
    expect(after.status).toBe("running");
    expect(after.timeLeftMs).toBe(before.timeLeftMs - MIN);
  });

  it("a late walk-in draws a seat at the shortest table; a rebuy is paid at the desk", async () => {
    const short = [...byTable(await seating()).entries()].find(([, s]) => s.length === 6)![0];
    await must(api(server.url, "POST", `${path}/walk-in`, { commandId: cmd(), name: "Late Lena" }, token));
    walkIns.push("Late Lena");
    const seats = await seating();
    expect(seats.length).toBe(21);
    const lena = seats.find((s) => s.name === "Late Lena")!;
    expect(lena.tableNumber).toBe(short);
    expect(lena.stack).toBe(1025);
    const rebuyer = seats.find((s) => s.name === "regular-0")!;
    const cashBefore = await balance(EXTERNAL_CASH);
    const v = await post<TournamentView>("/live", { kind: "rebuy", entryId: rebuyer.entryId });
    expect(v.rebuys).toBe(1);
    expect(runtime().dir.entries.get(rebuyer.entryId)!.stack).toBe(2050);
    expect(await balance(EXTERNAL_CASH)).toBe(cashBefore - (BUY_IN + FEE));
    expect(await balance(playerAccount(online[0]!.id))).toBe(2000 - BUY_IN - FEE);
  });

  it("R-TBL-2: busts entered by the floor unbalance the tables; the moves are instructions until confirmed", async () => {
    const tables = byTable(await seating());
    const [first] = [...tables.keys()].sort((a, b) => a - b);
    // Two players out at one table of seven, one by one (the rebuyer stays, and so does the
    // walk-in who takes the add-on at the break below; the draw may seat either here): 5, 7, 7 is a move.
    expect([...tables.values()].map((x) => x.length)).toEqual([7, 7, 7]);
    const out = tables
      .get(first!)!
      .filter((s) => s.name !== "regular-0" && s.name !== "Walk In B")
      .slice(0, 2);
    const before = await seating();
    for (const s of out) await post("/live", { kind: "bust", entryId: s.entryId });
    const seats = await seating();
    expect(seats.length).toBe(19);
    const counts = [...byTable(seats).values()].map((x) => x.length);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    const list = await instructions();
    expect(list.length).toBe(1);
    for (const i of list) {
      expect(i.kind).toBe("balance");
      expect(i.to.tableNumber).toBe(first);
    }
    // The seat map follows the director at once; a confirmation records the floor did it, once.
    const done = await confirmAll(before);
    const again = await api(server.url, "POST", `${path}/instructions/${done[0]!.id}/confirm`, { commandId: cmd() }, token);
    expect(again.status).toBe(200);
    const unknown = await api<{ error: { code: string } }>(server.url, "POST", `${path}/instructions/m999-1/confirm`, { commandId: cmd() }, token);
    expect(unknown.status).toBe(404);
  });

  it("R-TBL-4: the director's own move goes through the director and is an instruction too", async () => {
    // From the table of seven to one of six: still balanced.
    const tables = byTable(await seating());
    const sizes = [...tables.entries()].sort((x, y) => y[1].length - x[1].length || x[0] - y[0]);
    const a = sizes[0]![0];
    const b = sizes.at(-1)![0];
    expect([tables.get(a)!.length, tables.get(b)!.length]).toEqual([7, 6]);
    const mover = tables.get(a!)![0]!;
    const free = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((n) => !tables.get(b!)!.some((s) => s.seat === n))!;
    const seats = await post<{ seats: SeatAssignment[] }>("/move", { entryId: mover.entryId, toTable: b, toSeat: free });
    expect(seats.seats.find((s) => s.entryId === mover.entryId)).toMatchObject({ tableNumber: b, seat: free });
    const list = await instructions();
    const mine = list.find((i) => i.entryId === mover.entryId)!;
    expect(mine).toMatchObject({ kind: "balance", from: { tableNumber: a, seat: mover.seat }, to: { tableNumber: b, seat: free } });
    // Moved again before the floor did it: one instruction, from where the player still sits.
    const other = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((n) => n !== free && !tables.get(b)!.some((s) => s.seat === n))!;
    await post("/move", { entryId: mover.entryId, toTable: b, toSeat: other });
    const now = (await instructions()).filter((i) => i.entryId === mover.entryId);
    expect(now).toEqual([expect.objectContaining({ from: { tableNumber: a, seat: mover.seat }, to: { tableNumber: b, seat: other } })]);
    // And back to where they sit: nothing left to do.
    await post("/move", { entryId: mover.entryId, toTable: a, toSeat: mover.seat });
    expect((await instructions()).filter((i) => i.entryId === mover.entryId)).toEqual([]);
    await post("/move", { entryId: mover.entryId, toTable: b, toSeat: free });
    await confirmAll([...tables.values()].flat());
  });

  it("R-CHIP-1..4: the 25s are raced off table by table, with drawn cards and with the dealer's cards, and applied", async () => {
    const plan0 = await plan<{ remove: number; into: number; tables: { tableNumber: number; order: { entryId: string; seat: number; stack: number }[] }[] }>(
      25,
    );
    expect(plan0).toMatchObject({ remove: 25, into: 100 });
    const [t1, t2, t3] = plan0.tables.map((x) => x.tableNumber);
    expect(plan0.tables.length).toBe(3);
    const stacksAt = (n: number) => [...runtime().dir.entries.values()].filter((e) => e.alive && e.table === n).map((e) => e.stack);
    const chipsBefore = runtime().dir.entries.size;
    expect(chipsBefore).toBe(21);

    // Table 1: cards drawn by the server; a repeated command answers the same race.
    const c1 = cmd();
    const body1 = { commandId: c1, remove: 25, tableNumber: t1, oddChips: [], cards: "draw", apply: true };
    const r1 = await must<ColourUpResult>(api(server.url, "POST", `${path}/colour-up`, body1, token));
    for (const p of r1.players) {
      expect(p.stackAfter % 100).toBe(0);
      expect(p.cards.length).toBe(p.oddChips);
      expect(runtime().dir.entries.get(p.entryId)!.stack).toBe(p.stackAfter);
    }
    expect(await must<ColourUpResult>(api(server.url, "POST", `${path}/colour-up`, body1, token))).toEqual(r1);
    expect(stacksAt(t1!).every((s) => s % 100 === 0)).toBe(true);
    // The chip is out of play; the other tables still race theirs off, and only they are planned.
    expect((await view()).chips).not.toContain(25);
    const rest = await plan<{ tables: { tableNumber: number }[] }>(25);
    expect(rest.tables.map((x) => x.tableNumber)).toEqual([t2, t3]);
    const twice = await api<{ error: { code: string } }>(server.url, "POST", `${path}/colour-up`, { ...body1, commandId: cmd() }, token);
    expect(twice.status).toBe(400);

    // Table 2: the dealer's cards, in dealing order; the aces to the last racer.
    const order = plan0.tables.find((x) => x.tableNumber === t2)!.order;
    const odd = order.map((p) => ({ entryId: p.entryId, count: (p.stack % 100) / 25 }));
    const racers = order.filter((p) => p.stack % 100 > 0);
    const last = racers.at(-1)!;
    let low = 0;
    const cards = racers.map((p) => ({
      entryId: p.entryId,
      cards: p === last ? [51, 50, 49].slice(0, (p.stack % 100) / 25) : Array.from({ length: (p.stack % 100) / 25 }, () => low++),
    }));
    const r2 = await must<ColourUpResult>(
      api(server.url, "POST", `${path}/colour-up`, { commandId: cmd(), remove: 25, tableNumber: t2, oddChips: odd, cards, apply: true }, token),
    );
    expect(r2.players.find((p) => p.entryId === last.entryId)!.wonChip).toBe(true);
    expect(r2.players.find((p) => p.entryId === last.entryId)!.cards).toEqual(cards.at(-1)!.cards);
    expect(stacksAt(t2!).every((s) => s % 100 === 0)).toBe(true);

    // Table 3: drawn; then every stack in play is in 100s.
    await must(
      api(server.url, "POST", `${path}/colour-up`, { commandId: cmd(), remove: 25, tableNumber: t3, oddChips: [], cards: "draw", apply: true }, token),
    );
    expect((await seating()).every((s) => s.stack % 100 === 0)).toBe(true);
    const none = await api(server.url, "POST", `${path}/colour-up/plan`, { remove: 25 }, token);
    expect(none.status === 400 || (none.body as { tables: unknown[] }).tables.length === 0).toBe(true);
    // An online-style computed race (no apply) is still available and changes nothing.
  });

  it("the break starts on time; an add-on is paid at the desk; late registration closes and the prizes are fixed", async () => {
    const v0 = await view();
    await advance(v0.timeLeftMs + 1);
    const v = await view();
    expect(v.onBreak).toBe(true);
    expect(v.status).toBe("break");
    const who = (await seating()).find((s) => s.name === "Walk In B")!;
    const before = runtime().dir.entries.get(who.entryId)!.stack;
    const cashBefore = await balance(EXTERNAL_CASH);
    await post("/live", { kind: "add-on", entryId: who.entryId });
    expect(runtime().dir.entries.get(who.entryId)!.stack).toBe(before + 525);
    expect(await balance(EXTERNAL_CASH)).toBe(cashBefore - (BUY_IN + FEE) / 2);
    const late = await api(server.url, "POST", `${path}/walk-in`, { commandId: cmd(), name: "Too Late" }, token);
    expect(late.status).toBe(409);
    // A refused walk-in leaves no account behind.
    expect((await server.svc.accounts.userByName("Too.Late")).ok).toBe(false);
    await advance(10 * MIN + 1);
    const v3 = await view();
    expect(v3.level!.number).toBe(3);
    expect(v3.onBreak).toBe(false);
    // 21 entries, one rebuy, one add-on.
    expect(runtime().dir.prizes!.pool).toBe(21 * BUY_IN + BUY_IN + BUY_IN / 2);
    expect(await balance(poolAccount(id))).toBe(21 * BUY_IN + BUY_IN + BUY_IN / 2);
  });

  it("R-TBL-3 / R-PLACE-2: busts down to the final table; tables break and the final table is drawn, all as instructions", async () => {
    const kinds = new Set<string>();
    for (;;) {
      const seats = await seating();
      if (seats.length <= 6) break;
      const tables = [...byTable(seats).values()].sort((a, b) => a.length - b.length);
      // Two out in one hand at the shortest table: the bigger starting stack ranks better.
      const [x, y] = tables[0]!;
      if (y !== undefined && seats.length > 8) {
        await post("/live", { kind: "bust", entryIds: [x!.entryId, y.entryId], startStacks: [500, 900] });
      } else await post("/live", { kind: "bust", entryId: x!.entryId });
      for (const i of await confirmAll(seats)) kinds.add(i.kind);
      const counts = [...byTable(await seating()).values()].map((s) => s.length);
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    }
    expect(kinds.has("break-table")).toBe(true);
    expect(kinds.has("final-table")).toBe(true);
    expect(byTable(await seating()).size).toBe(1);
  });

  it("R-TRN deals: chip counts, then an ICM deal applied: the tournament ends, places and prizes exact, the ledger balances", async () => {
    // Down to three: the floor counts the stacks before the deal.
    while ((await seating()).length > 3) await post("/live", { kind: "bust", entryId: (await seating())[0]!.entryId });
    await confirmAll();
    const three = await seating();
    const counted = three.map((s, i) => ({ entryId: s.entryId, stack: [30_000, 20_000, 10_000][i]! }));
    await post("/live", { kind: "chip-count", stacks: counted });
    expect((await seating()).map((s) => s.stack).sort((a, b) => b - a)).toEqual([30_000, 20_000, 10_000]);
    const deal = (payouts: unknown, apply?: boolean) =>
      api<{ error: { details?: Record<string, number> } }>(
        server.url,
        "POST",
        `${path}/deal`,
        { commandId: cmd(), method: "icm", payouts, ...(apply ? { apply } : {}) },
        token,
      );
    const wrong = await deal(counted.map((c) => ({ entryId: c.entryId, amount: 0 })));
    expect(wrong.status).toBe(400);
    const figures = Object.entries(wrong.body.error.details!).map(([entryId, amount]) => ({ entryId, amount }));
    expect(runtime().dir.status).toBe("running");
    const c = cmd();
    const res = await must<ResultsResponse>(api(server.url, "POST", `${path}/deal`, { commandId: c, method: "icm", payouts: figures, apply: true }, token));
    expect(runtime().dir.status).toBe("finished");
    expect(await must<ResultsResponse>(api(server.url, "POST", `${path}/deal`, { commandId: c, method: "icm", payouts: figures, apply: true }, token))).toEqual(
      res,
    );
    expect(res.stillIn).toEqual([]);
    expect(res.results.length).toBe(21);
    expect(res.results.map((x) => x.place)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    for (const f of figures) expect(res.results.find((x) => x.entryId === f.entryId)!.prize).toBe(f.amount);
    const leader = counted[0]!.entryId;
    expect(res.results[0]!.entryId).toBe(leader);
    const pool = 22.5 * BUY_IN;
    const prizes = res.results.reduce((a, x) => a + x.prize, 0);
    expect(prizes).toBe(pool);
    // Places 4.. get the payout table's amounts.
    for (const x of res.results.filter((r) => r.place > 3)) {
      expect(x.prize).toBe(res.payouts.find((p) => p.place === x.place)?.amount ?? 0);
      expect(x.bustedAt).toEqual(expect.any(Number));
    }
    for (const x of res.results.filter((r) => r.place <= 3)) expect(x.bustedAt).toBe(null);

    // The ledger: the pool paid out to the unit, fees to the house, every prize to its player.
    expect(await balance(poolAccount(id))).toBe(0);
    expect(await balance(HOUSE_FEES)).toBe(21 * FEE + FEE + FEE / 2);
    expect(await balance(EXTERNAL_CASH)).toBe(-(12 * 2000 + 9 * (BUY_IN + FEE) + (BUY_IN + FEE) + (BUY_IN + FEE) / 2));
    for (const x of res.results) {
      const e = runtime().dir.entries.get(x.entryId)!;
      const reg = online.find((o) => o.id === e.player);
      // Regulars bought in from their balance (the rebuy was cash); walk-ins paid cash only.
      const paid = reg === undefined ? 0 : 2000 - BUY_IN - FEE;
      expect(await balance(playerAccount(e.player))).toBe(paid + x.prize);
    }
    for (const v of Object.values(await server.svc.ledger.totals())) expect(v).toBe(0);
    expect((await view()).status).toBe("finished");
  });

  it("no online hand was ever dealt: no table opened, no table stream stored", async () => {
    expect(runtime().tables.size).toBe(0);
    expect(await server.svc.store.listStreams({ type: "table" })).toEqual([]);
    const notLive = await api<{ error: { code: string } }>(server.url, "POST", `${path}/live`, { commandId: cmd(), kind: "bust", entryId: "nobody" }, token);
    expect(notLive.status).toBeGreaterThanOrEqual(400);
  });
});

describe("a live re-entry tournament", () => {
  it("R-TRN-3: a busted walk-in re-enters at the desk: a new entry draws a seat, the cash is posted; a count of 0 is a bust", async () => {
    const made = await must<{ tournament: LobbyTournament }>(
      api(
        server.url,
        "POST",
        "/api/v1/director/tournaments",
        {
          commandId: cmd(),
          presetId: "deep",
          name: "Deep live",
          kind: "live",
          startsAt: clock.now(),
          buyIn: BUY_IN,
          fee: FEE,
          structure: { ...STRUCTURE, startingStack: 1000 },
        },
        token,
      ),
    );
    const p = `/api/v1/director/tournaments/${made.tournament.id}`;
    const call = <T>(route: string, body: object) => must<T>(api(server.url, "POST", `${p}${route}`, { commandId: cmd(), ...body }, token));
    for (const name of ["Ada", "Bea", "Cid", "Dot"]) await call("/walk-in", { name });
    await call("/start", {});
    const t = server.tournaments.get(made.tournament.id)!;
    const seats = async () => (await must<{ seats: SeatAssignment[] }>(api(server.url, "GET", `${p}/seating`, undefined, token))).seats;
    const ada = (await seats()).find((s) => s.name === "Ada")!;
    await call("/live", { kind: "bust", entryId: ada.entryId });
    expect((await seats()).some((s) => s.entryId === ada.entryId)).toBe(false);
    const results = async () => (await must<ResultsResponse>(api(server.url, "GET", `${p}/results`, undefined, token))).results;
    // The floor's Re-enter is offered for Ada's entry while she may buy in again.
    expect((await results()).find((r) => r.entryId === ada.entryId)?.canReEnter).toBe(true);
    const cash = await balance(EXTERNAL_CASH);
    const v = await call<TournamentView>("/live", { kind: "re-enter", entryId: ada.entryId });
    // In again: her first entry offers no re-entry (only a busted latest entry can).
    expect((await results()).find((r) => r.entryId === ada.entryId)?.canReEnter).toBe(false);
    expect(v.entries).toBe(5);
    const again = (await seats()).filter((s) => s.name === "Ada");
    expect(again.length).toBe(1);
    expect(again[0]!.entryId).not.toBe(ada.entryId);
    expect(again[0]!.stack).toBe(1000);
    expect(await balance(EXTERNAL_CASH)).toBe(cash - (BUY_IN + FEE));
    expect(await balance(poolAccount(made.tournament.id))).toBe(5 * BUY_IN);
    // The floor's count: Bea has nothing left.
    const bea = (await seats()).find((s) => s.name === "Bea")!;
    await call("/live", { kind: "chip-count", stacks: [{ entryId: bea.entryId, stack: 0 }] });
    expect((await seats()).some((s) => s.entryId === bea.entryId)).toBe(false);
    expect(t.dir.alive).toBe(3);
    // Malformed records change nothing.
    for (const body of [{ kind: "bust" }, { kind: "bust", entryIds: [again[0]!.entryId], startStacks: [1, 2] }, { kind: "rebuy" }, { kind: "chip-count" }]) {
      const r = await api(server.url, "POST", `${p}/live`, { commandId: cmd(), ...body }, token);
      expect(r.status).toBe(400);
    }
    expect(t.dir.alive).toBe(3);
    expect(t.tables.size).toBe(0);
  });
});

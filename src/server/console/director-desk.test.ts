// The desk of a live evening over real HTTP: a re-entry recorded by mistake is undone (its
// money back to the player, the entry free again), a deal on chips that do not add up is
// refused, and at the end the cashier pays every prize and refund once, in cash or as a
// credit, and the desk's totals balance.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeskResponse, FloorLogResponse, LobbyTournament, ResultsResponse, TournamentView } from "../../protocol/index.ts";
import { EXTERNAL_CASH, playerAccount } from "../../store/index.ts";
import { ManualClock } from "../clock.ts";
import type { FeltServer } from "../felt-server.ts";
import { startLiveServer } from "../../../testkit/server/entries-fixture.ts";
import { api, cmd, DIRECTOR, must } from "../../../testkit/server/harness.ts";

const BUY_IN = 1000;
const FEE = 100;
const START = 20_000;
const STRUCTURE = {
  startingStack: START,
  chips: [100, 500, 1000, 5000, 25000],
  levels: [100, 200, 300, 400, 500, 600].map((sb) => ({ kind: "level" as const, sb, bb: sb * 2, ante: 0, minutes: 10, colourUp: null })),
};

// Two tables: re-entry stays open until the field is down to one table.
const NAMES = ["Ada", "Bo", "Cy", "Di", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lu"];

let server: FeltServer;
let clock: ManualClock;
let token: string;
let path: string;
let id: string;

type Err = { error: { code: string; message: string; cause?: string; details?: Record<string, unknown> } };
const post = <T>(route: string, body: object) => must<T>(api(server.url, "POST", `${path}${route}`, { commandId: cmd(), ...body }, token));
const refused = (route: string, body: object) => api<Err>(server.url, "POST", `${path}${route}`, { commandId: cmd(), ...body }, token);
const get = <T>(route: string) => must<T>(api(server.url, "GET", `${path}${route}`, undefined, token));
const results = () => get<ResultsResponse>("/results");
const playerOf = (entryId: string) => server.tournaments.get(id)!.dir.entries.get(entryId)?.player ?? "";
const balance = (player: string) => server.svc.ledger.balance(playerAccount(player), server.svc.asset);

beforeAll(async () => {
  clock = new ManualClock(1_800_000_000_000);
  ({ server, director: token } = await startLiveServer(clock));
  const made = await must<{ tournament: LobbyTournament }>(
    api(
      server.url,
      "POST",
      "/api/v1/director/tournaments",
      { commandId: cmd(), presetId: "casino-1900", name: "Desk evening", kind: "live", startsAt: clock.now(), buyIn: BUY_IN, fee: FEE, structure: STRUCTURE },
      token,
    ),
  );
  id = made.tournament.id;
  path = `/api/v1/director/tournaments/${id}`;
  for (const name of NAMES) await post("/walk-in", { name });
  await post("/start", {});
}, 60_000);
afterAll(async () => server?.close());

describe("undoing a re-entry", () => {
  it("R-TRN-3: a re-entry recorded by mistake is undone with a reason: the entry leaves, its money goes back to the player, the re-entry is free again", async () => {
    const ada = (await results()).stillIn.find((x) => x.name === "Ada")!;
    await post("/live", { kind: "bust", entryId: ada.entryId });
    const player = playerOf(ada.entryId);
    const before = await post<TournamentView>("/live", { kind: "re-enter", entryId: ada.entryId });
    expect(before.entries).toBe(13);
    const row = (await get<FloorLogResponse>("/floor-log")).rows.find((x) => x.kind === "re-entry")!;
    expect(row.entries[0]!.entryId).toBe(`${player}#2`);
    // Cash for the re-entry was taken at the desk: it went into the tournament, the balance is 0.
    expect(await balance(player)).toBe(0);

    const bare = await refused("/live", { kind: "undo", undoes: row.id });
    expect(bare.status).toBe(400);
    const v = await post<TournamentView>("/live", { kind: "undo", undoes: row.id, reason: "Ada paid for Di, not herself" });
    expect(v.entries).toBe(12);
    expect(v.playersLeft).toBe(11);
    expect(v.totalChips).toBe(before.totalChips - START);
    expect(v.prizePool).toBe(before.prizePool - BUY_IN);
    // Exactly what was charged comes back to her balance, for the desk to pay out.
    expect(await balance(player)).toBe(BUY_IN + FEE);
    const log = (await get<FloorLogResponse>("/floor-log")).rows;
    expect(log.find((x) => x.id === row.id)!.undone).toEqual({ at: clock.now(), reason: "Ada paid for Di, not herself" });
    expect(log.find((x) => x.undoes === row.id)).toMatchObject({ kind: "reversed" });
    // The entry is free again: she may re-enter, and the first entry is her latest.
    const r = await results();
    expect(r.results.find((x) => x.entryId === ada.entryId)).toMatchObject({ canReEnter: true });
    expect(r.stillIn.some((x) => x.name === "Ada")).toBe(false);
    const again = await refused("/live", { kind: "undo", undoes: row.id, reason: "again" });
    expect(again.body.error.details).toMatchObject({ reason: "already" });
    for (const x of Object.values(await server.svc.ledger.totals())) expect(x).toBe(0);
    const desk = await get<DeskResponse>("/desk");
    // The desk names the player with their number, as the results do: another Ada is told apart.
    expect(ada.playerNumber).toEqual(expect.any(Number));
    expect(desk.items).toEqual([
      {
        item: `refund:${log.find((x) => x.undoes === row.id)!.id}`,
        kind: "refund",
        entryId: `${player}#2`,
        name: "Ada",
        playerNumber: ada.playerNumber,
        place: null,
        amount: BUY_IN + FEE,
        paid: null,
      },
    ]);
  });
});

describe("the deal checks the chips", () => {
  it("a deal on counted chips that are not the chips in play is refused with both figures; confirmed, it is made on them", async () => {
    await post("/close-entries", {});
    for (const x of (await results()).stillIn.slice(3)) await post("/live", { kind: "bust", entryId: x.entryId });
    const left = (await results()).stillIn;
    expect(left).toHaveLength(3);
    const inPlay = (await must<TournamentView>(api(server.url, "GET", `/api/v1/tournaments/${id}`))).totalChips;
    const wrong = left.map((x, i) => ({ entryId: x.entryId, stack: i === 0 ? x.stack + 500 : x.stack }));
    const payouts = left.map((x) => ({ entryId: x.entryId, amount: 0 }));
    const off = await refused("/deal", { method: "icm", payouts, stacks: wrong, apply: true });
    expect(off.status).toBe(400);
    expect(off.body.error.details).toMatchObject({ reason: "chips-off", counted: inPlay + 500, inPlay });
    // Nothing was recorded: no count, the tournament runs.
    expect((await results()).stillIn.every((x) => x.countedAt === null)).toBe(true);
    // The floor checked the table: a chip was found. Confirmed, the count is taken (the figures are what is asked next).
    const confirmed = await refused("/deal", { method: "icm", payouts, stacks: wrong, differenceConfirmed: true });
    expect(confirmed.body.error.details?.["reason"]).toBeUndefined();
    expect(confirmed.body.error.message).toMatch(/icm figures/);
    const missing = await refused("/deal", { method: "icm", payouts, stacks: wrong.slice(0, 2), apply: true });
    expect(missing.body.error.details).toMatchObject({ reason: "chips-finalists" });

    // The floor counts 100 000 / 80 000 / 60 000 = the 240 000 in play (12 entries' chips).
    expect(inPlay).toBe(12 * START);
    const counts = left.map((x, i) => ({ entryId: x.entryId, stack: [100_000, 80_000, 60_000][i]! }));
    expect(counts.reduce((a, x) => a + x.stack, 0)).toBe(inPlay);
    // Checked without `apply`, the answer is the server's ICM figures for the counted chips.
    const asked = await refused("/deal", { method: "icm", payouts, stacks: counts });
    const figures = left.map((x) => ({ entryId: x.entryId, amount: asked.body.error.details?.[x.entryId] as number }));
    expect(figures[0]!.amount).toBeGreaterThan(figures[2]!.amount);
    const done = await post<ResultsResponse>("/deal", { method: "icm", payouts: figures, stacks: counts, apply: true });
    expect(done.stillIn).toEqual([]);
    expect(done.money?.deal).not.toBeNull();
  });
});

describe("the cashier pays out", () => {
  it("every prize and refund is paid once, in cash or credited, with who and when; the desk's totals balance", async () => {
    const d0 = await get<DeskResponse>("/desk");
    const prizes = d0.items.filter((x) => x.kind === "prize");
    expect(prizes.length).toBeGreaterThan(0);
    expect(d0.totals).toMatchObject({ cashIn: 13 * (BUY_IN + FEE), accountIn: 0, cashOut: 0, credited: 0, fees: 12 * FEE, balanced: false });
    expect(d0.totals.owed).toBe(d0.items.reduce((a, x) => a + x.amount, 0));

    const refund = d0.items.find((x) => x.kind === "refund")!;
    const player = playerOf(refund.entryId.replace(/#\d+$/, ""));
    const c = cmd();
    const paid = await must<DeskResponse>(api(server.url, "POST", `${path}/desk/pay`, { commandId: c, item: refund.item, method: "cash" }, token));
    expect(paid.items.find((x) => x.item === refund.item)!.paid).toEqual({ method: "cash", at: clock.now(), by: DIRECTOR.name });
    expect(await balance(player)).toBe(0);
    // The same command again is the same answer; another payment of it is refused.
    expect(await must<DeskResponse>(api(server.url, "POST", `${path}/desk/pay`, { commandId: c, item: refund.item, method: "cash" }, token))).toEqual(paid);
    const twice = await refused("/desk/pay", { item: refund.item, method: "credit" });
    expect(twice.status).toBe(409);
    expect(twice.body.error.details).toMatchObject({ reason: "already-paid", method: "cash" });
    expect(await balance(player)).toBe(0);
    const unknown = await refused("/desk/pay", { item: "prize:nobody", method: "cash" });
    expect(unknown.status).toBe(404);

    // The winner takes cash; the others leave theirs on their accounts.
    const [first, ...rest] = prizes;
    const cashBefore = await server.svc.ledger.balance(EXTERNAL_CASH, server.svc.asset);
    await post("/desk/pay", { item: first!.item, method: "cash" });
    expect(await server.svc.ledger.balance(EXTERNAL_CASH, server.svc.asset)).toBe(cashBefore + first!.amount);
    expect(await balance(playerOf(first!.entryId))).toBe(0);
    let desk = await get<DeskResponse>("/desk");
    for (const p of rest) {
      desk = await post<DeskResponse>("/desk/pay", { item: p.item, method: "credit" });
      expect(await balance(playerOf(p.entryId))).toBe(p.amount);
    }
    const cashOut = refund.amount + first!.amount;
    const credited = rest.reduce((a, p) => a + p.amount, 0);
    expect(desk.totals).toEqual({
      cashIn: 13 * (BUY_IN + FEE),
      accountIn: 0,
      cashOut,
      credited,
      owed: 0,
      fees: 12 * FEE,
      overlay: 0,
      drawer: 13 * (BUY_IN + FEE) - cashOut,
      balanced: true,
    });
    expect(cashOut + credited + 12 * FEE).toBe(13 * (BUY_IN + FEE));
    for (const x of Object.values(await server.svc.ledger.totals())) expect(x).toBe(0);
  });
});

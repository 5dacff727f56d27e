// The director's prediction, colour-up and deal routes over real HTTP (R-TRN-1, R-CHIP-1..4).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeltServer } from "../felt-server.ts";
import { api, cmd, DIRECTOR, FAST_STRUCTURE, must, setupTournament, startTournament, eventually, type Setup } from "../../../testkit/server/harness.ts";
import { predictMethod } from "./director-predict.ts";

let server: FeltServer;
let token: string;

beforeAll(async () => {
  server = await FeltServer.start({
    db: ":memory:",
    port: 0,
    handPauseMs: 0,
    actionMs: 30,
    timeBankMs: 0,
    tableSize: 6,
    scrypt: { N: 1024, r: 8, p: 1 },
    directors: [DIRECTOR],
    validateOutgoing: true,
    webDist: null,
    signUpLimits: { perAddress: 0 },
    log: () => {},
  });
  token = (await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-in", DIRECTOR))).token;
}, 60_000);
afterAll(async () => server.close());

interface Prediction {
  points: { minute: number; playersLeft: number; bigBlind: number }[];
  predictedEndMinute: number;
}

describe("POST /director/predict", () => {
  // How fast a prediction comes is measured by bench, not asserted here: the cost
  // bound a test can hold is the work done, see director-predict.test.ts (hands simulated).
  it("R-TRN-1: a curve from the full field down, blinds of the structure, an end minute", async () => {
    const p = await must<Prediction>(api(server.url, "POST", "/api/v1/director/predict", { structure: FAST_STRUCTURE, players: 40 }, token));
    expect(p.points[0]).toEqual({ minute: 0, playersLeft: 40, bigBlind: 10 });
    const bbs = new Set(FAST_STRUCTURE.levels.map((l) => l.bb));
    for (const x of p.points) expect(bbs.has(x.bigBlind)).toBe(true);
    for (let i = 1; i < p.points.length; i++) {
      expect(p.points[i]!.minute).toBeGreaterThanOrEqual(p.points[i - 1]!.minute);
      expect(p.points[i]!.playersLeft).toBeLessThanOrEqual(p.points[i - 1]!.playersLeft);
    }
    // The curve is the run that ended at the predicted minute: it stops there, nobody left but the winner.
    expect(p.predictedEndMinute).toBeGreaterThan(0);
    expect(p.points.at(-1)!.minute).toBeLessThanOrEqual(p.predictedEndMinute);
    expect(p.points.at(-1)!.playersLeft).toBeLessThanOrEqual(2);
    const again = await must<Prediction>(api(server.url, "POST", "/api/v1/director/predict", { structure: FAST_STRUCTURE, players: 40 }, token));
    expect(again).toEqual(p);
  });

  it("R-TRN-1: a big field is predicted from a sample of tables, its curve starting at the whole field", async () => {
    expect(predictMethod(5000)).toBe("sampled");
    const p = await must<Prediction>(api(server.url, "POST", "/api/v1/director/predict", { structure: FAST_STRUCTURE, players: 5000 }, token));
    expect(p.points[0]!.playersLeft).toBe(5000);
  });

  it("a structure the simulator cannot play is refused", async () => {
    const bad = { startingStack: 1000, levels: [{ kind: "level", sb: 20, bb: 10, ante: 0, minutes: 1, colourUp: null }] };
    const r = await api<{ error: { code: string } }>(server.url, "POST", "/api/v1/director/predict", { structure: bad, players: 10 }, token);
    expect(r.status).toBe(400);
  });
});

// 1025 chips under blinds in 100s: every stack ends in 25, so every player has an odd 25.
const CHIP_STRUCTURE = {
  startingStack: 1025,
  levels: [100, 200, 400, 800].map((sb) => ({ kind: "level" as const, sb, bb: sb * 2, ante: 0, minutes: 30, colourUp: null })),
};

interface Race {
  remove: number;
  into: number;
  players: { entryId: string; seat: number; oddChips: number; cards: number[]; fromBank: boolean; wonChip: boolean; stackBefore: number; stackAfter: number }[];
}

describe("colour-up for the live floor", () => {
  let s: Setup;
  let path: string;
  const stacks = () => [...server.tournaments.get(s.tournamentId)!.dir.entries.values()].map((e) => [e.id, e.stack] as const);

  beforeAll(async () => {
    s = await setupTournament(server.url, 6, { structure: CHIP_STRUCTURE });
    path = `/api/v1/director/tournaments/${s.tournamentId}`;
    await startTournament(server.url, s);
    await must(api(server.url, "POST", `${path}/pause`, { commandId: cmd() }, token));
    const t = server.tournaments.get(s.tournamentId)!;
    await eventually(() => [...t.tables.values()].every((x) => x.state.hand === null));
  }, 60_000);

  it("R-CHIP-1: a chip still needed by a blind cannot go; one no level needs can, into the next chip", async () => {
    const refused = await api<{ error: { code: string; details: { next: number } } }>(server.url, "POST", `${path}/colour-up/plan`, { remove: 100 }, token);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.next).toBe(5);
    const absent = await api<{ error: { code: string } }>(server.url, "POST", `${path}/colour-up/plan`, { remove: 30 }, token);
    expect(absent.status).toBe(400);
    const plan = await must<{ remove: number; into: number; tables: { tableNumber: number; order: { seat: number; entryId: string }[] }[] }>(
      api(server.url, "POST", `${path}/colour-up/plan`, { remove: 25 }, token),
    );
    expect(plan).toMatchObject({ remove: 25, into: 100 });
    expect(plan.tables.flatMap((x) => x.order).length).toBe(6);
    // R-CHIP-3: dealing order starts at the first seat left of the button.
    const dir = server.tournaments.get(s.tournamentId)!.dir;
    for (const tb of plan.tables) {
      const st = dir.tables.get(tb.tableNumber)!;
      const button = st.last?.button ?? st.firstButton;
      const size = st.seats.length;
      const dist = tb.order.map((p) => (p.seat - button + size - 1) % size);
      expect(dist).toEqual([...dist].sort((a, b) => a - b));
    }
  });

  it("R-CHIP-3: drawn cards, one per odd chip; pooled odd chips go one each to the highest cards; online stacks untouched", async () => {
    const before = stacks();
    const tableNumber = [...server.tournaments.get(s.tournamentId)!.dir.tables.keys()][0]!;
    const body = { commandId: cmd(), remove: 25, tableNumber, oddChips: [], cards: "draw" };
    const r = await must<Race>(api(server.url, "POST", `${path}/colour-up`, body, token));
    expect(r.players.length).toBeGreaterThan(1);
    let pool = 0;
    for (const p of r.players) {
      expect(p.oddChips).toBe((p.stackBefore % 100) / 25);
      expect(p.oddChips).toBeGreaterThan(0);
      expect(p.cards.length).toBe(p.oddChips);
      expect(p.stackAfter % 100).toBe(0);
      expect(p.stackAfter).toBe(p.stackBefore - p.oddChips * 25 + (p.wonChip ? 100 : 0));
      pool += p.oddChips * 25;
    }
    const won = Math.floor(pool / 100) + (2 * (pool % 100) >= 100 ? 1 : 0);
    expect(r.players.filter((p) => p.wonChip).length).toBe(won);
    const best = (p: Race["players"][number]) => Math.max(...p.cards);
    const minWinner = Math.min(...r.players.filter((p) => p.wonChip).map(best));
    for (const p of r.players.filter((x) => !x.wonChip)) expect(best(p)).toBeLessThan(minWinner);
    expect(stacks()).toEqual(before);
    const again = await must<Race>(api(server.url, "POST", `${path}/colour-up`, body, token));
    expect(again).toEqual(r);
  });

  it("R-CHIP-3: the dealer's entered cards decide the race; a wrong card count is refused", async () => {
    const tableNumber = [...server.tournaments.get(s.tournamentId)!.dir.tables.keys()][0]!;
    const plan = await must<Race>(
      api(server.url, "POST", `${path}/colour-up`, { commandId: cmd(), remove: 25, tableNumber, oddChips: [], cards: "draw" }, token),
    );
    // Low cards to everyone, the aces (48..51) to the last player in dealing order.
    let low = 0;
    const racers = plan.players.filter((p) => p.oddChips > 0);
    const last = racers.at(-1)!;
    const cards = racers.map((p) => ({
      entryId: p.entryId,
      cards: p === last ? [51, 50, 49].slice(0, p.oddChips) : Array.from({ length: p.oddChips }, () => low++),
    }));
    const r = await must<Race>(api(server.url, "POST", `${path}/colour-up`, { commandId: cmd(), remove: 25, tableNumber, oddChips: [], cards }, token));
    expect(r.players.find((p) => p.entryId === last.entryId)!.wonChip).toBe(true);
    expect(r.players.find((p) => p.entryId === last.entryId)!.cards).toEqual(cards.at(-1)!.cards);
    const short = cards.map((c, i) => (i === 0 ? { ...c, cards: [...c.cards, 40] } : c));
    const bad = await api<{ error: { code: string } }>(
      server.url,
      "POST",
      `${path}/colour-up`,
      { commandId: cmd(), remove: 25, tableNumber, oddChips: [], cards: short },
      token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("director/invalid");
  });

  it("R-TRN deals: ICM and chip-chop figures are checked against the server's, custom ones against the prizes left", async () => {
    type Results = { results: { place: number; entryId: string; prize: number }[]; stillIn: unknown[]; payouts: { amount: number }[] };
    type Refusal = { error: { code: string; details?: Record<string, number> } };
    const t = server.tournaments.get(s.tournamentId)!;
    const finalists = [...t.dir.entries.values()].filter((e) => e.alive);
    const total = t.dir.prizes!.prizes.slice(0, finalists.length).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(0);
    const guess = finalists.map((e, i) => ({ entryId: e.id, amount: i === 0 ? total : 0 }));
    const deal = (method: string, payouts: unknown) => api<Refusal>(server.url, "POST", `${path}/deal`, { commandId: cmd(), method, payouts }, token);
    for (const method of ["icm", "chip-chop"]) {
      const wrong = await deal(method, guess);
      if (wrong.body.error.details === undefined) throw new Error(JSON.stringify(wrong.body));
      expect(wrong.status).toBe(400);
      const expected = Object.entries(wrong.body.error.details).map(([entryId, amount]) => ({ entryId, amount }));
      expect(expected.length).toBe(finalists.length);
      expect(expected.reduce((a, x) => a + x.amount, 0)).toBe(total);
      const stackOf = (id: string) => t.dir.entries.get(id)!.stack;
      const chips = finalists.reduce((a, e) => a + e.stack, 0);
      for (const x of expected) {
        if (method === "chip-chop") expect(Math.abs(x.amount - (total * stackOf(x.entryId)) / chips)).toBeLessThanOrEqual(finalists.length);
        for (const y of expected) if (stackOf(x.entryId) > stackOf(y.entryId)) expect(x.amount).toBeGreaterThanOrEqual(y.amount);
      }
      const r = await must<Results>(api(server.url, "POST", `${path}/deal`, { commandId: cmd(), method, payouts: expected }, token));
      expect(r.stillIn).toEqual([]);
      expect(r.results.map((x) => x.entryId).sort()).toEqual(finalists.map((e) => e.id).sort());
      for (const x of expected) expect(r.results.find((y) => y.entryId === x.entryId)!.prize).toBe(x.amount);
      // Places follow the stacks.
      for (const x of r.results) for (const y of r.results) if (stackOf(x.entryId) > stackOf(y.entryId)) expect(x.place).toBeLessThan(y.place);
    }
    expect((await deal("custom", guess)).status).toBe(200);
    expect(
      (
        await deal(
          "custom",
          guess.map((x) => ({ ...x, amount: x.amount + 1 })),
        )
      ).status,
    ).toBe(400);
    expect((await deal("custom", guess.slice(1))).status).toBe(400);
    // Nothing was recorded: the online tournament plays on.
    expect(t.dir.status).toBe("running");
  });
});

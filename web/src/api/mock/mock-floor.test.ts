import { afterEach, describe, expect, it } from "vitest";
import { FeltClient, newCommandId } from "../client.ts";
import { MockServer, mockTransport } from "./mock-server.ts";

// The mock server's live floor behaves as the real server's director routes do (issue 7),
// through the same client and schemas the screens use.

let server: MockServer | null = null;
afterEach(() => server?.stop());

function director() {
  server = new MockServer();
  const client = new FeltClient(mockTransport(server), null);
  client.setToken(server.heroToken);
  return client;
}

const must = <T>(r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};

async function liveTournament(client: FeltClient, walkIns: string[]) {
  const created = must(await client.call("create", { commandId: newCommandId(), presetId: "turbo", name: "Friday live", kind: "live", startsAt: Date.now() }));
  const id = created.tournament.id;
  for (const name of walkIns) must(await client.call("walkIn", { commandId: newCommandId(), name }, { id }));
  return id;
}

const NAMES = ["Alva", "Jiří", "Ioana", "Dmitri", "Radka", "Mihai", "Sven", "Olga", "Tomáš", "Elin", "Andrei", "Nils"];

describe("mock live floor", () => {
  it("R-TBL-1: walk-ins wait for the draw, which seats everyone at tables within one of each other", async () => {
    const client = director();
    const id = await liveTournament(client, NAMES);
    expect(must(await client.call("seating", undefined, { id })).seats).toEqual([]);
    must(await client.call("start", { commandId: newCommandId() }, { id }));
    const seats = must(await client.call("seating", undefined, { id })).seats;
    expect(seats).toHaveLength(12);
    const sizes = [1, 2].map((n) => seats.filter((s) => s.tableNumber === n).length);
    expect(sizes).toEqual([6, 6]);
    expect(new Set(seats.map((s) => `${s.tableNumber}/${s.seat}`)).size).toBe(12);
    // A late walk-in gets a free seat at once.
    must(await client.call("walkIn", { commandId: newCommandId(), name: "Late Lars" }, { id }));
    const after = must(await client.call("seating", undefined, { id })).seats;
    const lars = after.find((s) => s.name === "Late Lars");
    expect(lars).toBeDefined();
    expect(after.filter((s) => s.tableNumber === lars!.tableNumber && s.seat === lars!.seat)).toHaveLength(1);
  });

  it("R-TBL-3: busts entered by the floor break a table; one click per move confirms it", async () => {
    const client = director();
    const id = await liveTournament(client, NAMES);
    must(await client.call("start", { commandId: newCommandId() }, { id }));
    const seats = must(await client.call("seating", undefined, { id })).seats;
    // Two busts leave ten: one table of ten.
    for (const s of seats.slice(0, 2)) must(await client.call("liveRecord", { commandId: newCommandId(), kind: "bust", entryId: s.entryId }, { id }));
    let list = must(await client.call("instructions", undefined, { id })).instructions;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((i) => i.kind === "break-table")).toBe(true);
    while (list.length > 0) list = must(await client.call("confirmInstruction", { commandId: newCommandId() }, { id, iid: list[0]!.id })).instructions;
    const left = must(await client.call("seating", undefined, { id })).seats;
    expect(new Set(left.map((s) => s.tableNumber)).size).toBe(1);
    expect(left).toHaveLength(10);
  });

  it("R-CHIP-3: the race is applied to the stacks, and the chip leaves play once every table has raced", async () => {
    const client = director();
    const id = await liveTournament(client, NAMES);
    must(await client.call("start", { commandId: newCommandId() }, { id }));
    const before = must(await client.call("tournament", undefined, { id }));
    const plan = must(await client.call("colourUpPlan", { remove: 25 }, { id }));
    expect(plan.into).toBe(100);
    // Without `apply` the race is only shown.
    const first = plan.tables[0]!;
    const shown = must(await client.call("colourUp", { commandId: newCommandId(), remove: 25, tableNumber: first.tableNumber, oddChips: first.order.map((p) => ({ entryId: p.entryId, count: 1 })), cards: "draw" }, { id }));
    expect(shown.players.some((p) => p.stackAfter !== p.stackBefore)).toBe(true);
    expect(must(await client.call("seating", undefined, { id })).seats.filter((s) => s.tableNumber === first.tableNumber).map((s) => s.stack)).toEqual(first.order.map((p) => p.stack));
    for (const table of plan.tables) {
      const oddChips = table.order.map((p, i) => ({ entryId: p.entryId, count: i % 2 }));
      const r = must(await client.call("colourUp", { commandId: newCommandId(), remove: 25, tableNumber: table.tableNumber, oddChips, cards: "draw", apply: true }, { id }));
      const stacks = must(await client.call("seating", undefined, { id })).seats.filter((s) => s.tableNumber === table.tableNumber);
      expect(stacks.map((s) => s.stack)).toEqual(r.players.map((p) => p.stackAfter));
      expect(r.players.filter((p) => p.wonChip).length).toBeGreaterThan(0);
      expect(must(await client.call("tournament", undefined, { id })).chips.includes(25)).toBe(table !== plan.tables.at(-1));
    }
    const after = must(await client.call("tournament", undefined, { id }));
    expect(after.chips).toEqual(before.chips.filter((c) => c !== 25));
  });

  it("entered race cards must be one per odd chip", async () => {
    const client = director();
    const id = await liveTournament(client, NAMES.slice(0, 4));
    must(await client.call("start", { commandId: newCommandId() }, { id }));
    const plan = must(await client.call("colourUpPlan", { remove: 25 }, { id }));
    const p = plan.tables[0]!.order[0]!;
    const r = await client.call("colourUp", { commandId: newCommandId(), remove: 25, tableNumber: 1, oddChips: [{ entryId: p.entryId, count: 2 }], cards: [{ entryId: p.entryId, cards: [51] }] }, { id });
    expect(r.ok).toBe(false);
  });

  it("a deal shares exactly what is left and ends the tournament with those prizes", async () => {
    const client = director();
    const id = await liveTournament(client, NAMES.slice(0, 3));
    must(await client.call("start", { commandId: newCommandId() }, { id }));
    const res = must(await client.call("results", undefined, { id }));
    const pool = res.payouts.filter((p) => p.place <= res.stillIn.length).reduce((a, p) => a + p.amount, 0);
    const wrong = await client.call("deal", { commandId: newCommandId(), method: "custom", payouts: res.stillIn.map((p) => ({ entryId: p.entryId, amount: 1 })) }, { id });
    expect(wrong.ok).toBe(false);
    const share = res.stillIn.map((p, i) => ({ entryId: p.entryId, amount: i === 0 ? pool - (res.stillIn.length - 1) : 1 }));
    // Checked and shown, not recorded: the server's director records ICM deals only.
    const shown = must(await client.call("deal", { commandId: newCommandId(), method: "custom", payouts: share }, { id }));
    expect(shown.stillIn).toEqual([]);
    expect(must(await client.call("tournament", undefined, { id })).status).toBe("running");
    expect((await client.call("deal", { commandId: newCommandId(), method: "custom", payouts: share, apply: true }, { id })).ok).toBe(false);
    const done = must(await client.call("deal", { commandId: newCommandId(), method: "icm", payouts: share, apply: true }, { id }));
    expect(done.stillIn).toEqual([]);
    expect(done.results.map((r) => r.prize).sort((a, b) => a - b)).toEqual(share.map((s) => s.amount).sort((a, b) => a - b));
    expect(must(await client.call("tournament", undefined, { id })).status).toBe("finished");
  });

  it("a deposit credits a player once per command id; the ledger balances", async () => {
    const client = director();
    const signUp = must(await client.call("signUp", { name: "Radka", password: "long enough" }));
    const commandId = newCommandId();
    const first = must(await client.call("deposit", { commandId, name: "Radka", amount: 500 }));
    const again = must(await client.call("deposit", { commandId, name: "Radka", amount: 500 }));
    expect(first.player).toBe(signUp.user.id);
    expect(again.balance).toBe(first.balance);
    expect((await client.call("deposit", { commandId: newCommandId(), name: "Nobody", amount: 5 })).ok).toBe(false);
    const ledger = must(await client.call("ledger", undefined));
    expect(ledger.balances.reduce((a, b) => a + b.balance, 0)).toBe(0);
    expect(ledger.balances.find((b) => b.account === `player:${signUp.user.id}`)?.balance).toBe(first.balance);
  });

  it("the lobby pages: open tournaments first, finished ones last", async () => {
    const client = director();
    // Six tournaments: five open, then the finished freeroll alone on the second page of five.
    const p1 = must(await client.call("lobby", undefined, {}, { page: "1", pageSize: "5" }));
    const p2 = must(await client.call("lobby", undefined, {}, { page: "2", pageSize: "5" }));
    expect(p1.tournaments).toHaveLength(5);
    expect(p1.tournaments.map((x) => x.status)).not.toContain("finished");
    expect(p2.tournaments.map((x) => x.status)).toEqual(["finished"]);
    expect(p2.page).toMatchObject({ page: 2, pages: 2, total: 6 });
  });
});

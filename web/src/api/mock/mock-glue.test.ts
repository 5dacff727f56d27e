import { afterEach, describe, expect, it } from "vitest";
import { FeltClient, newCommandId } from "../client.ts";
import { MockServer, mockTransport } from "./mock-server.ts";

// The mock answers the last glue routes as the real server does (issues 6, 7): the rebuy
// offer and its decline (R-TRN-4), the director's cancel (R-TRN-6), a walk-in's entry and
// seat, the ledger's player names, late registration in the tournament view. Through the
// same client and schemas the screens use.

let server: MockServer | null = null;
afterEach(() => server?.stop());

function hero(now: () => number = () => Date.now()) {
  server = new MockServer(now);
  const client = new FeltClient(mockTransport(server), null);
  client.setToken(server.heroToken);
  return client;
}

const must = <T>(r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};

describe("mock: the last glue", () => {
  it("R-TRN-4: a busted player is offered the rebuy until mine.rebuyUntil; a decline puts them out; a second is refused", async () => {
    const client = hero();
    const line = must(await client.call("lobby", undefined)).tournaments.find((x) => x.id === "monday")!;
    expect(line.mine).toMatchObject({ state: "playing", stack: 0 });
    expect(line.mine!.rebuyUntil).toBeGreaterThan(Date.now());
    expect(line.actions.rebuy.allowed).toBe(true);
    const r = must(await client.call("declineRebuy", { commandId: newCommandId() }, { id: "monday" }));
    expect(r.tournament.mine).toMatchObject({ state: "busted", rebuyUntil: null });
    expect(r.tournament.mine!.place).not.toBeNull();
    const again = await client.call("declineRebuy", { commandId: newCommandId() }, { id: "monday" });
    expect(again.ok ? "ok" : again.error.code).toBe("tournament/not-allowed");
  });

  it("R-TRN-4: the rebuy deals the player in again; the grace's end puts a waiting player out", async () => {
    const client = hero();
    const r = must(await client.call("rebuy", { commandId: newCommandId() }, { id: "monday" }));
    expect(r.tournament.mine).toMatchObject({ state: "playing", rebuys: 1, rebuyUntil: null });
    expect(r.tournament.mine!.stack).toBeGreaterThan(0);
    let t = Date.now();
    const late = hero(() => t);
    t += 3 * 60_000;
    const line = must(await late.call("lobby", undefined)).tournaments.find((x) => x.id === "monday")!;
    expect(line.mine!.rebuyUntil ?? null).toBeNull();
    server!.tick();
    const after = must(await late.call("lobby", undefined)).tournaments.find((x) => x.id === "monday")!;
    expect(after.mine!.state).toBe("busted");
  });

  it("R-TRN-6: the director's cancel refunds the players before the start; a running tournament cannot be cancelled", async () => {
    const client = hero();
    const before = must(await client.call("lobby", undefined)).tournaments.find((x) => x.id === "turbo50")!;
    expect(before.entries).toBe(12);
    const r = must(await client.call("cancel", { commandId: newCommandId(), reason: "too few" }, { id: "turbo50" }));
    expect(r.tournament.status).toBe("cancelled");
    const no = await client.call("cancel", { commandId: newCommandId() }, { id: "friday" });
    expect(no.ok ? "ok" : no.error.code).toBe("tournament/bad-state");
  });

  it("a walk-in's answer names the entry and the seat (null before the draw); the ledger names players; the view has late registration", async () => {
    const client = hero();
    const id = must(await client.call("create", { commandId: newCommandId(), presetId: "turbo", name: "Walk-ins", kind: "live", startsAt: Date.now() })).tournament.id;
    const early = must(await client.call("walkIn", { commandId: newCommandId(), name: "Astrid" }, { id }));
    expect(early.seat).toBeNull();
    must(await client.call("walkIn", { commandId: newCommandId(), name: "Petr" }, { id }));
    must(await client.call("start", { commandId: newCommandId() }, { id }));
    const late = must(await client.call("walkIn", { commandId: newCommandId(), name: "Gustav" }, { id }));
    const seats = must(await client.call("seating", undefined, { id })).seats;
    expect(seats.find((s) => s.entryId === late.entryId)).toMatchObject({ name: "Gustav", tableNumber: late.seat!.tableNumber, seat: late.seat!.seat });
    const ledger = must(await client.call("ledger", undefined));
    expect(ledger.balances.find((b) => b.account === "player:u-bodil")?.name).toBe("Bodil");
    const view = must(await client.call("tournament", undefined, { id: "friday" }));
    const line = must(await client.call("lobby", undefined)).tournaments.find((x) => x.id === "friday")!;
    expect(view.lateRegistrationEndsAt).toBe(line.lateRegistrationEndsAt);
    expect(view.lateRegistrationEndsLevel).toBe(line.lateRegistrationEndsLevel);
  });
});

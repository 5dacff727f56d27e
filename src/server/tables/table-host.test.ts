// A table of this process's partition opens on its director's first
// order; a watch that comes first waits for it (TableHost.whenOpen) instead of being told
// the table does not exist.
import { describe, expect, it } from "vitest";
import { openHandIndex, openSqliteEventStore } from "../../store/index.ts";
import { unwrap } from "../../lib/result.ts";
import { ManualClock } from "../clock.ts";
import type { Services } from "../services.ts";
import { TableHost } from "./table-host.ts";
import { orderId } from "./table-order.ts";

const config = { tableId: "T-t1", tournamentId: "T", tableNumber: 1, size: 6, actionMs: 10_000, timeBankMs: 0, buttonRule: "dead" as const };
const seats = [
  { seat: 1, playerId: "a", name: "Ann", stack: 1000 },
  { seat: 3, playerId: "b", name: "Bob", stack: 1000 },
];

async function host(): Promise<TableHost> {
  const svc = {
    store: openSqliteEventStore(":memory:"),
    hands: await openHandIndex({ kind: "sqlite", path: ":memory:" }),
    clock: new ManualClock(),
    handPauseMs: 1000,
    log: () => {},
  } as unknown as Services;
  return new TableHost(svc, async () => {});
}

describe("TableHost.whenOpen (a watch before the director's first order)", () => {
  it("a watch that comes before the table opens gets the table once the director's first order opens it", async () => {
    const h = await host();
    const waiting = h.whenOpen("T-t1", 60_000);
    expect(h.sessions.has("T-t1")).toBe(false);
    unwrap(await h.order(config, { id: orderId("T-t1", 1), afterHand: 0, seats, permit: null }));
    const s = await waiting;
    expect(s).toBe(h.sessions.get("T-t1"));
    expect(s?.seatOf("b")).toBe(3);
    // Once open, at once.
    expect(await h.whenOpen("T-t1", 0)).toBe(s);
    h.close();
  });

  it("a table that never opens is not found after the wait; closing the host ends every wait", async () => {
    const h = await host();
    expect(await h.whenOpen("T-t9", 20)).toBeUndefined();
    const pending = h.whenOpen("T-t8", 60_000);
    h.close();
    expect(await pending).toBeUndefined();
  });
});

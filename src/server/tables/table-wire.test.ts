import { describe, expect, it } from "vitest";
import * as engine from "../../engine/index.ts";
import { unwrap } from "../../lib/result.ts";
import type { PlayerAction } from "../../protocol/index.ts";
import { tableLogic } from "./table-logic.ts";
import { initialTable, type TableState } from "./table-state.ts";

// What the table's wire story says about chips: every chip put in front of a player either
// goes into a pot or comes back to them in a line of its own.

const config = { tableId: "t-t1", tournamentId: null, tableNumber: 1, size: 6, actionMs: 30_000, timeBankMs: 0, buttonRule: "moving" as const };

function table() {
  const logic = tableLogic(() => initialTable(config));
  const t: TableState = logic.initial();
  let version = 0;
  const decide = (c: Parameters<typeof logic.decide>[1]) => {
    for (const r of unwrap(logic.decide(t, c, { now: 1_000, version }))) unwrap(logic.evolve(t, r, { version: ++version }));
  };
  decide({ type: "open" });
  decide({ type: "seat", seat: 1, playerId: "a", name: "A", stack: 1_000 });
  decide({ type: "seat", seat: 2, playerId: "b", name: "B", stack: 1_000 });
  decide({ type: "deal", seed: "5a".repeat(32), gate: { canDeal: () => true, blinds: () => ({ sb: 10, bb: 20, ante: 0 }) } });
  const act = (action: PlayerAction) => {
    const hand = t.hand!;
    const userId = t.seats.get(hand.order[engine.legalActions(hand.state)!.actor]!)!.playerId;
    decide({ type: "act", userId, handId: hand.handId, version, action });
  };
  return { t, act };
}

describe("R-POT-1 on the wire: an uncalled bet goes back to its owner", () => {
  it("a raise folded to comes back as a `return` line for the part nobody called, before the pots are collected", () => {
    const { t, act } = table();
    const hand = t.hand!;
    act({ kind: "raise", to: 300 });
    act({ kind: "fold" });
    const wire = (t.hand ?? t.finished)!.wire;
    expect(t.finished?.handId).toBe(hand.handId);
    const raise = wire.find((e) => e.kind === "action" && e.action === "raise");
    const back = wire.findIndex((e) => e.kind === "return");
    expect(raise).toMatchObject({ to: 300 });
    // The big blind (20) called nothing more: 280 of the 300 go back to the raiser.
    expect(wire[back]).toEqual({ kind: "return", seat: raise!.kind === "action" ? raise!.seat : 0, amount: 280 });
    expect(wire.findIndex((e) => e.kind === "pots")).toBeGreaterThan(back);
    expect(wire.find((e) => e.kind === "win")).toMatchObject({ amount: 40 });
  });

  it("a called bet returns nothing", () => {
    const { t, act } = table();
    act({ kind: "call" });
    act({ kind: "check" });
    expect(t.hand!.wire.some((e) => e.kind === "return")).toBe(false);
  });
});

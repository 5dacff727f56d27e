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

describe("a busted seat at the table (0 chips, kept while its player may rebuy) is dealt out", () => {
  it("the next hand's button and blinds go to players with chips (the moving button) and the busted seat gets no cards", () => {
    const logic = tableLogic(() => initialTable({ ...config, buttonRule: "moving" }));
    const t: TableState = logic.initial();
    let version = 0;
    const decide = (c: Parameters<typeof logic.decide>[1]) => {
      for (const r of unwrap(logic.decide(t, c, { now: 1_000, version }))) unwrap(logic.evolve(t, r, { version: ++version }));
    };
    const gate = { canDeal: () => true, blinds: () => ({ sb: 10, bb: 20, ante: 0 }) };
    decide({ type: "open" });
    for (const [seat, id] of [
      [1, "a"],
      [2, "b"],
      [3, "c"],
    ] as const)
      decide({ type: "seat", seat, playerId: id, name: id.toUpperCase(), stack: 1_000 });
    // Hands until someone is at 0: the first to act moves all in, the next calls, the third folds.
    for (let n = 0; n < 20 && ![...t.seats.values()].some((s) => s.stack === 0); n++) {
      decide({ type: "deal", seed: `${n}`.padStart(2, "0").repeat(32), gate });
      let moves = 0;
      while (t.hand !== null && engine.legalActions(t.hand.state) !== null) {
        const hand = t.hand;
        const legal = engine.legalActions(hand.state)!;
        const userId = t.seats.get(hand.order[legal.actor]!)!.playerId;
        const action: PlayerAction =
          moves === 0 && legal.canRaise && legal.maxRaiseTo !== null
            ? { kind: "raise", to: legal.maxRaiseTo }
            : moves === 1 && legal.call > 0
              ? { kind: "call" }
              : legal.call > 0
                ? { kind: "fold" }
                : { kind: "check" };
        moves++;
        decide({ type: "act", userId, handId: hand.handId, version, action });
      }
    }
    const busted = [...t.seats.values()].find((s) => s.stack === 0);
    expect(busted, "a player busted").toBeDefined();
    decide({ type: "deal", seed: "7f".repeat(32), gate });
    const p = t.hand!.positions;
    expect(p.button).not.toBe(busted!.seat);
    expect([...p.sb, ...p.bb]).not.toContain(busted!.seat);
    expect(t.hand!.order).not.toContain(busted!.seat);
  });
});

import { describe, expect, it, vi } from "vitest";
import * as engine from "../../engine/index.ts";
import { unwrap } from "../../lib/result.ts";
import { tableLogic } from "./table-logic.ts";
import { initialTable, type TableRecord, type TableState } from "./table-state.ts";

// Counts the engine's applies without changing what it does.
vi.mock("../../engine/index.ts", async (original) => {
  const real = await original<typeof import("../../engine/index.ts")>();
  return { ...real, apply: vi.fn(real.apply) };
});

const config = { tableId: "t-t1", tournamentId: null, tableNumber: 1, size: 6, actionMs: 30_000, timeBankMs: 0, buttonRule: "moving" as const };

function table() {
  const logic = tableLogic(() => initialTable(config));
  const t: TableState = logic.initial();
  let version = 0;
  const run = (records: readonly TableRecord[]) => {
    for (const r of records) unwrap(logic.evolve(t, r, { version: ++version }));
  };
  const decide = (c: Parameters<typeof logic.decide>[1]) => unwrap(logic.decide(t, c, { now: 1_000, version }));
  run(decide({ type: "open" }));
  run(decide({ type: "seat", seat: 1, playerId: "a", name: "A", stack: 1_000 }));
  run(decide({ type: "seat", seat: 2, playerId: "b", name: "B", stack: 1_000 }));
  run(decide({ type: "deal", seed: "5a".repeat(32), gate: { canDeal: () => true, blinds: () => ({ sb: 10, bb: 20, ante: 0 }) } }));
  return { t, run, decide, version: () => version };
}

describe("a table applies each action through the engine once", () => {
  it("decided and then evolved: one apply; the same record read back from the store: applied afresh, to the same result", () => {
    const { t, run, decide, version } = table();
    const hand = t.hand!;
    const actor = hand.order[engine.legalActions(hand.state)!.actor]!;
    const userId = t.seats.get(actor)!.playerId;
    const applies = vi.mocked(engine.apply);
    applies.mockClear();
    const before = hand.state;
    const records = decide({ type: "act", userId, handId: hand.handId, version: version(), action: { kind: "call" } });
    const stored = JSON.parse(JSON.stringify(records)) as TableRecord[];
    run(records);
    expect(applies).toHaveBeenCalledTimes(1);
    const once = t.hand?.state ?? null;

    // A restart folds the stored record: a fresh action object, so the engine applies it.
    const again = table();
    expect(again.t.hand!.state).toEqual(before);
    applies.mockClear();
    again.run(stored);
    expect(applies).toHaveBeenCalledTimes(1);
    expect(again.t.hand?.state ?? null).toEqual(once);
  });
});

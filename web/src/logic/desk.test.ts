import { describe, expect, it } from "vitest";
import type { DeskResponse } from "../../../src/protocol/index.ts";
import { dealChips, deskView, undoable } from "./desk.ts";

const desk: DeskResponse = {
  items: [
    { item: "refund:f12", kind: "refund", entryId: "u1#2", name: "Ada", place: null, amount: 1100, paid: null },
    { item: "prize:u3", kind: "prize", entryId: "u3", name: "Cy", place: 2, amount: 4000, paid: { method: "credit", at: 5, by: "floor" } },
    { item: "prize:u2", kind: "prize", entryId: "u2", name: "Bo", place: 1, amount: 6000, paid: null },
  ],
  totals: { cashIn: 12_100, accountIn: 0, cashOut: 0, credited: 4000, owed: 7100, fees: 1000, overlay: 0, drawer: 12_100, balanced: false },
};

describe("the desk", () => {
  it("lists what is still to pay first, prizes by place then refunds, and what was paid after", () => {
    const v = deskView(desk);
    expect(v.toPay.map((x) => x.item)).toEqual(["prize:u2", "refund:f12"]);
    expect(v.paid.map((x) => x.item)).toEqual(["prize:u3"]);
  });
  it("shows money from accounts and an overlay only when there is some", () => {
    expect(deskView(desk).totals.map(([k]) => k)).toEqual(["cashIn", "cashOut", "credited", "owed", "fees", "drawer"]);
    const more = deskView({ ...desk, totals: { ...desk.totals, accountIn: 1100, overlay: 500 } });
    expect(more.totals).toContainEqual(["accountIn", 1100]);
    expect(more.totals).toContainEqual(["overlay", 500]);
  });
});

describe("undo on the floor log", () => {
  it("a re-entry is undone like a bust, a rebuy or an add-on; a correction itself is not", () => {
    expect(undoable("re-entry")).toBe(true);
    expect(undoable("bust")).toBe(true);
    expect(undoable("reversed")).toBe(false);
    expect(undoable("reinstated")).toBe(false);
  });
});

describe("a live deal's chips", () => {
  const left = [
    { entryId: "a", stack: 100_000 },
    { entryId: "b", stack: 80_000 },
  ];
  it("counts that add up to the chips in play go as they are", () => {
    expect(dealChips(left, 180_000, false)).toEqual({ body: { stacks: left }, off: 0 });
  });
  it("a difference is sent confirmed only when the floor confirmed it; otherwise the server refuses it", () => {
    expect(dealChips(left, 180_500, false)).toEqual({ body: { stacks: left }, off: -500 });
    expect(dealChips(left, 180_500, true)).toEqual({ body: { stacks: left, differenceConfirmed: true }, off: -500 });
  });
});

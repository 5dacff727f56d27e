// kind "blinds" (R-BTN, R-HU): fold the table's button and blinds forward from the hand
// just played, with the busted players gone and nobody else busting.
import { handFromPositions, nextHand, type ButtonRule } from "../tournament/index.ts";
import { nums, num, obj, arr, seatMap, strs, sameJson } from "./read.ts";
import type { CaseRunner } from "./types.ts";

export const runBlindsCase: CaseRunner = (raw) => {
  const rule = raw["buttonRule"] ?? "dead";
  if (rule !== "dead" && rule !== "moving") throw new Error(`buttonRule must be dead or moving`);
  const tableSize = num(raw["tableSize"] ?? 10, "tableSize");
  const seated = seatMap(raw["seats"], "seats");
  const last = obj(raw["last"], "last");
  const busted = new Set(strs(raw["busted"] ?? [], "busted"));
  const expected = arr(raw["expect"], "expect").map((e, i) => {
    const o = obj(e, `expect[${i}]`);
    return { button: num(o["button"], "button"), sb: nums(o["sb"], "sb"), bb: nums(o["bb"], "bb") };
  });
  const start = handFromPositions(rule as ButtonRule, tableSize, seated, {
    button: num(last["button"], "last.button"),
    sb: nums(last["sb"], "last.sb"),
    bb: nums(last["bb"], "last.bb"),
  });
  if (!start.ok) return { pass: false, why: start.error.message };
  const remaining = seated.filter((s) => !busted.has(s.player));
  const got: { button: number; sb: number[]; bb: number[] }[] = [];
  let hand = start.value;
  for (let i = 0; i < expected.length; i++) {
    const next = nextHand(hand, remaining);
    if (!next.ok) return { pass: false, why: next.error.message, expected };
    hand = next.value;
    got.push({ button: hand.button, sb: [...hand.sb].sort((a, b) => a - b), bb: [...hand.bb].sort((a, b) => a - b) });
  }
  const want = expected.map((e) => ({ ...e, sb: [...e.sb].sort((a, b) => a - b), bb: [...e.bb].sort((a, b) => a - b) }));
  const bad = want.findIndex((w, i) => !sameJson(w, got[i]));
  if (bad < 0) return { pass: true, got, expected };
  return { pass: false, got, expected, why: `hand +${bad + 1}: got ${JSON.stringify(got[bad])}, expected ${JSON.stringify(want[bad])}` };
};

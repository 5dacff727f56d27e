// kind "seating" (R-TBL-1): the table sizes for a number of players, largest first.
import { tableSizes } from "../tournament/index.ts";
import { num, nums, obj, sameJson } from "./read.ts";
import type { CaseRunner } from "./types.ts";

export const runSeatingCase: CaseRunner = (raw) => {
  const expected = nums(obj(raw["expect"], "expect")["tables"], "expect.tables");
  const sizes = tableSizes(num(raw["players"], "players"), num(raw["tableSize"] ?? 10, "tableSize"));
  if (!sizes.ok) return { pass: false, expected, why: sizes.error.message };
  const got = sizes.value;
  return sameJson(got, expected)
    ? { pass: true, got, expected }
    : { pass: false, got, expected, why: `tables ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}` };
};

import { describe, expect, it } from "vitest";
import type { EventSettings, Structure, StructureLevel } from "../../../src/protocol/index.ts";
import { RESOURCES } from "../i18n/index.ts";
import { CREATE_CAUSES, PAYOUT_REASONS, WINDOW_FIELDS } from "../screens/director/create-errors.tsx";
import {
  chipUpTooEarly,
  decksOpenFor,
  deleteItem,
  insertBreak,
  insertLevel,
  poolFor,
  presetFile,
  readPresetFile,
  setChipUp,
  settingsHints,
} from "./create-settings.ts";

// The create form's hints and the structure designer's edits (R-TRN-1..6, R-CHIP-1).

const lv = (sb: number, bb: number): StructureLevel => ({ kind: "level", sb, bb, ante: 0, minutes: 20, colourUp: null });
const brk: StructureLevel = { kind: "break", sb: 0, bb: 0, ante: 0, minutes: 15, colourUp: null };
const s: Structure = { startingStack: 10_000, chips: [25, 100, 500], levels: [lv(25, 50), lv(50, 100), brk, lv(100, 200), lv(200, 400)] };
const x: EventSettings = { buyIn: 1000, fee: 100, guarantee: 0, reEntry: null, rebuy: null, addOn: null, lateRegistration: null, payout: null };

describe("create form hints", () => {
  it("R-TRN-3/4: re-entry with rebuys, and windows past the structure, are said before Create", () => {
    expect(settingsHints(x, s)).toEqual([]);
    const keys = (y: EventSettings) => settingsHints(y, s).map((h) => [h.key, h.values ?? {}]);
    expect(keys({ ...x, reEntry: { until: { endOfLevel: 2 } }, rebuy: { cost: 1, fee: 0, chips: 1, until: { endOfLevel: 9 } } })).toEqual([
      ["reEntryAndRebuy", {}],
      ["windowLevel", { field: "rebuy", level: 9, levels: 4 }],
    ]);
    expect(keys({ ...x, addOn: { atBreak: 2, cost: 1, fee: 0, chips: 1 } })).toEqual([["windowBreak", { field: "addOn", break: 2, breaks: 1 }]]);
  });

  it("a percent table must add up to 100 with two decimals at most and never rise; fixed prizes raise the guarantee", () => {
    const keys = (p: EventSettings["payout"]) => settingsHints({ ...x, payout: p }, s).map((h) => h.key);
    expect(keys({ kind: "percent", percents: [50, 30, 20] })).toEqual([]);
    expect(keys({ kind: "percent", percents: [50, 30, 10] })).toEqual(["payoutSum"]);
    expect(keys({ kind: "percent", percents: [30, 50, 20] })).toEqual(["payoutIncreasing"]);
    expect(keys({ kind: "percent", percents: [33.334, 33.333, 33.333] })).toEqual(["payoutPrecision", "payoutPrecision", "payoutPrecision"]);
    expect(keys({ kind: "fixed", amounts: [3000, 2000] })).toEqual(["fixedGuarantee"]);
    expect(poolFor({ ...x, payout: { kind: "fixed", amounts: [3000, 2000] } }, 2)).toBe(5000);
    expect(poolFor({ ...x, guarantee: 50_000 }, 30)).toBe(50_000);
    expect(poolFor({ ...x, guarantee: 20_000 }, 30)).toBe(30_000);
  });
});

describe("structure designer edits (R-TRN-1, R-CHIP-1)", () => {
  it("inserts a level (the one before again) or a break after a row, deletes a row, never the last", () => {
    const withLevel = insertLevel(s, 1);
    expect(withLevel.levels.map((l) => l.bb)).toEqual([50, 100, 100, 0, 200, 400]);
    const withBreak = insertBreak(s, 3);
    expect(withBreak.levels.map((l) => l.kind)).toEqual(["level", "level", "break", "level", "break", "level"]);
    expect(deleteItem(s, 2).levels.map((l) => l.kind)).toEqual(["level", "level", "level", "level"]);
    const one: Structure = { ...s, levels: [lv(25, 50)] };
    expect(deleteItem(one, 0)).toBe(one);
  });

  it("R-CHIP-1: a chip-up point is set on a break only, and one a later level still needs is named", () => {
    expect(setChipUp(s, 0, 25)).toEqual(s);
    const at = setChipUp(s, 2, 25);
    expect(at.levels[2]!.colourUp).toBe(25);
    expect(chipUpTooEarly(at)).toBeNull();
    expect(chipUpTooEarly(setChipUp(s, 2, 100))).toEqual({ item: 3, chip: 100, amount: 100 });
  });
});

describe("preset files", () => {
  const file = presetFile(" Friday ", "", "casino-1900", s, x);

  it("an exported file reads back as itself", () => {
    expect(file.name).toBe("Friday");
    const r = readPresetFile(JSON.stringify(file));
    expect(r).toEqual({ ok: true, file, hints: [] });
  });

  it("a file that is not JSON, not a preset, of another version or with a field out of place is refused with where and why", () => {
    const problems = (text: string) => {
      const r = readPresetFile(text);
      return r.ok ? [] : r.problems.map((p) => [p.key, p.values?.["at"] ?? null]);
    };
    expect(problems("{ nope")[0]![0]).toBe("notJson");
    expect(problems(JSON.stringify({ hello: 1 }))).toEqual([["notPreset", null]]);
    expect(problems(JSON.stringify({ ...file, version: 2 }))).toEqual([["version", null]]);
    const bad = { ...file, structure: { ...s, levels: [lv(25, 50), { ...lv(50, 100), bb: -5 }] }, settings: { ...x, colour: "red" } };
    expect(problems(JSON.stringify(bad))).toEqual([
      ["tooSmall", "structure › levels › #2 › bb"],
      ["unknownField", "settings"],
    ]);
    const { settings: _s, ...noSettings } = file;
    expect(problems(JSON.stringify(noSettings))).toEqual([["missing", "settings"]]);
  });

  it("every cause, payout reason and window the form says has words in all five languages", () => {
    for (const [lng, m] of Object.entries(RESOURCES)) {
      const c = (m as { createForm: { causes: Record<string, Record<string, string>>; window: Record<string, string> } }).createForm;
      for (const cause of CREATE_CAUSES) {
        const [a, b] = cause.split("/") as [string, string];
        const keys = cause === "create/window-past-end" ? [`${b}_level`, `${b}_break`] : [b];
        for (const k of keys) expect(c.causes[a]?.[k], `${lng} ${cause} ${k}`).toBeTypeOf("string");
      }
      for (const r of PAYOUT_REASONS) expect(c.causes["bad-payout"]?.[r], `${lng} ${r}`).toBeTypeOf("string");
      for (const f of WINDOW_FIELDS) expect(c.window[f], `${lng} ${f}`).toBeTypeOf("string");
    }
  });
});

describe("after the event, decks open (settings.decksOpen)", () => {
  it("the form's choice: switching keeps what was typed for the same choice, an auditor starts unnamed, public at 30 days; a preset carries it", () => {
    expect(decksOpenFor("players", { to: "public", afterDays: 7 })).toEqual({ to: "players" });
    expect(decksOpenFor("public", { to: "public", afterDays: 7 })).toEqual({ to: "public", afterDays: 7 });
    expect(decksOpenFor("public", { to: "players" })).toEqual({ to: "public", afterDays: 30 });
    expect(decksOpenFor("auditor", { to: "players" })).toEqual({ to: "auditor", auditor: "" });
    const file = presetFile("Audited", "", "casino-1900", s, x, { decksOpen: { to: "auditor", auditor: "Bodil" } });
    expect(readPresetFile(JSON.stringify(file))).toEqual({ ok: true, file, hints: [] });
    const en = RESOURCES.en.create;
    expect([en.decksOpen, en.decks.players, en.decks.auditor, en.decks.public, en.deckAuditor, en.deckDays].every((w) => w.length > 0)).toBe(true);
  });
});

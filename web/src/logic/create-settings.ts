// The create form's settings and the structure designer's edits, as pure functions
// the screens and their tests share. The server checks everything again (create/… causes);
// these are the hints a director sees while typing.
import {
  PresetFile,
  type DecksOpen,
  type EventSettings,
  type Preset,
  type Structure,
  type StructureLevel,
  type TournamentFormat,
  type TournamentSettingsInput,
  type WindowEnd,
} from "../../../src/protocol/index.ts";

/** A hint: a translation key under createForm.hint (or createForm.import) and its figures. */
export interface Hint {
  readonly key: string;
  readonly values?: Record<string, string | number>;
}

/** The preset's money and windows (an older server without them: buy-in and fee, nothing else). */
export function settingsFromPreset(p: Preset): EventSettings {
  return p.settings ?? { buyIn: p.buyIn, fee: p.fee, guarantee: 0, reEntry: null, rebuy: null, addOn: null, lateRegistration: null, payout: null };
}

/**
 * The create form's "after the event, decks open" choice: switching keeps what was typed
 * for the same choice; an auditor starts unnamed (the server refuses a name nobody holds),
 * public starts at 30 days.
 */
export function decksOpenFor(to: string, current: DecksOpen): DecksOpen {
  if (to === current.to) return current;
  if (to === "auditor") return { to: "auditor", auditor: "" };
  if (to === "public") return { to: "public", afterDays: 30 };
  return { to: "players" };
}

export function countItems(s: Structure): { levels: number; breaks: number } {
  const levels = s.levels.filter((l) => l.kind === "level").length;
  return { levels, breaks: s.levels.length - levels };
}

function windowHint(s: Structure, field: string, w: WindowEnd | undefined): Hint | null {
  if (w === undefined) return null;
  const { levels, breaks } = countItems(s);
  if ("endOfLevel" in w && w.endOfLevel > levels) return { key: "windowLevel", values: { field, level: w.endOfLevel, levels } };
  if ("endOfBreak" in w && w.endOfBreak > breaks) return { key: "windowBreak", values: { field, break: w.endOfBreak, breaks } };
  return null;
}

const twoDecimals = (x: number) => Math.abs(Math.round(x * 100) - x * 100) < 1e-6;

/** What the server would refuse (or change), said before the director presses Create. */
export function settingsHints(x: EventSettings, s: Structure): Hint[] {
  const out: Hint[] = [];
  if (x.reEntry !== null && x.rebuy !== null) out.push({ key: "reEntryAndRebuy" });
  for (const h of [
    windowHint(s, "reEntry", x.reEntry?.until),
    windowHint(s, "rebuy", x.rebuy?.until),
    windowHint(s, "lateRegistration", x.lateRegistration?.until),
    windowHint(s, "addOn", x.addOn === null ? undefined : { endOfBreak: x.addOn.atBreak }),
  ]) {
    if (h !== null) out.push(h);
  }
  const p = x.payout;
  if (p !== null) {
    const values = p.kind === "percent" ? p.percents : p.amounts;
    values.forEach((v, i) => {
      if (!(v > 0)) out.push({ key: "payoutZero", values: { place: i + 1 } });
      else if (i > 0 && v > values[i - 1]!) out.push({ key: "payoutIncreasing", values: { place: i + 1 } });
      if (p.kind === "percent" && !twoDecimals(v)) out.push({ key: "payoutPrecision", values: { place: i + 1 } });
    });
    if (p.kind === "percent") {
      const sum = Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;
      if (sum !== 100) out.push({ key: "payoutSum", values: { sum } });
    } else {
      const total = values.reduce((a, b) => a + b, 0);
      if (total > x.guarantee) out.push({ key: "fixedGuarantee", values: { total } });
    }
  }
  return out;
}

/** R-TRN-6: the prize pool for `entries` buy-ins (rebuys and add-ons aside): at least the guarantee, and the fixed prizes. */
export function poolFor(x: EventSettings, entries: number): number {
  const fixed = x.payout?.kind === "fixed" ? x.payout.amounts.reduce((a, b) => a + b, 0) : 0;
  return Math.max(x.guarantee, fixed, entries * x.buyIn);
}

// --- the structure designer's edits (R-TRN-1) ---

const aBreak = (minutes = 15): StructureLevel => ({ kind: "break", sb: 0, bb: 0, ante: 0, minutes, colourUp: null });

/** A level after item `i`: the level before it again (the director edits the blinds). */
export function insertLevel(s: Structure, i: number): Structure {
  const before = s.levels
    .slice(0, i + 1)
    .filter((l) => l.kind === "level")
    .at(-1);
  const level: StructureLevel = before ? { ...before, colourUp: null } : { kind: "level", sb: 10, bb: 20, ante: 0, minutes: 20, colourUp: null };
  return { ...s, levels: [...s.levels.slice(0, i + 1), level, ...s.levels.slice(i + 1)] };
}

/** A 15-minute break after item `i`. */
export function insertBreak(s: Structure, i: number): Structure {
  return { ...s, levels: [...s.levels.slice(0, i + 1), aBreak(), ...s.levels.slice(i + 1)] };
}

/** Item `i` goes (the last item stays: a structure has at least one). */
export function deleteItem(s: Structure, i: number): Structure {
  if (s.levels.length <= 1) return s;
  return { ...s, levels: s.levels.filter((_, j) => j !== i) };
}

/** R-CHIP-1: the chip-up point of break `i` (null: when no level needs the chip any more). */
export function setChipUp(s: Structure, i: number, chip: number | null): Structure {
  return { ...s, levels: s.levels.map((l, j) => (j === i && l.kind === "break" ? { ...l, colourUp: chip } : l)) };
}

/**
 * R-CHIP-1: a chip-up point no level after it may need (every later blind and ante a multiple
 * of the next chip); the first one that does, as the server would refuse it.
 */
export function chipUpTooEarly(s: Structure): { item: number; chip: number; amount: number } | null {
  const chips = s.chips ?? [];
  for (let i = 0; i < s.levels.length; i++) {
    const b = s.levels[i]!;
    if (b.kind !== "break" || b.colourUp === null) continue;
    const next = chips[chips.indexOf(b.colourUp) + 1];
    if (next === undefined) return { item: i + 1, chip: b.colourUp, amount: b.colourUp };
    for (const l of s.levels.slice(i + 1)) {
      if (l.kind !== "level") continue;
      const amount = [l.sb, l.bb, l.ante, ...(l.limit ? [l.limit.sb, l.limit.bb, l.limit.ante] : [])].find((a) => a % next !== 0);
      if (amount !== undefined) return { item: i + 1, chip: b.colourUp, amount };
    }
  }
  return null;
}

// --- export and import ---

export function presetFile(
  name: string,
  description: string,
  basedOn: string,
  structure: Structure,
  settings: EventSettings,
  house: TournamentSettingsInput = {},
  format: TournamentFormat | null = null,
): PresetFile {
  return {
    felt: "preset",
    version: 1,
    name: name.trim(),
    description,
    basedOn,
    structure,
    settings,
    ...(format === null ? {} : { format }),
    ...(Object.keys(house).length > 0 ? { house } : {}),
  };
}

const pathText = (path: readonly PropertyKey[]) => path.map((p) => (typeof p === "number" ? `#${p + 1}` : String(p))).join(" › ") || "—";

/**
 * Reads a preset file: JSON, a Felt preset of version 1, every field in its place (the
 * protocol's own schema), then the structure's and the settings' hints. Problems come back
 * as hints (at most 6), the first the most basic.
 */
export function readPresetFile(text: string): { ok: true; file: PresetFile; hints: Hint[] } | { ok: false; problems: Hint[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, problems: [{ key: "notJson", values: { detail: e instanceof Error ? e.message.slice(0, 120) : "" } }] };
  }
  if (typeof raw !== "object" || raw === null || (raw as { felt?: unknown }).felt !== "preset") return { ok: false, problems: [{ key: "notPreset" }] };
  if ((raw as { version?: unknown }).version !== 1)
    return { ok: false, problems: [{ key: "version", values: { version: String((raw as { version?: unknown }).version) } }] };
  const parsed = PresetFile.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.slice(0, 6).map((i) => {
        const at = pathText(i.path);
        if (i.code === "unrecognized_keys") return { key: "unknownField", values: { at, keys: i.keys.join(", ") } };
        if (i.code === "too_small") return { key: "tooSmall", values: { at, min: String(i.minimum) } };
        if (i.code === "too_big") return { key: "tooBig", values: { at, max: String(i.maximum) } };
        if (i.code === "invalid_type" && i.input === undefined) return { key: "missing", values: { at } };
        return { key: "wrongValue", values: { at } };
      }),
    };
  }
  const file = parsed.data;
  return { ok: true, file, hints: settingsHints(file.settings, file.structure) };
}

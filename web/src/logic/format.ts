import type { Blinds } from "../../../src/protocol/index.ts";

// Local number and time formats through Intl, so each language reads naturally
// (12,345 in English, 12 345 in Czech, 12.345 in Romanian).

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(lng: string): Intl.NumberFormat {
  let f = numberFormats.get(lng);
  if (f === undefined) {
    f = new Intl.NumberFormat(lng, { maximumFractionDigits: 0 });
    numberFormats.set(lng, f);
  }
  return f;
}

export const formatChips = (n: number, lng: string): string => numberFormat(lng).format(n);

/** Money is in the ledger's whole units; shown without a currency sign (rooms differ). */
export const formatMoney = (n: number, lng: string): string => numberFormat(lng).format(n);

export function formatBlinds(b: Blinds, lng: string): string {
  const base = `${formatChips(b.sb, lng)} / ${formatChips(b.bb, lng)}`;
  return b.ante > 0 ? `${base} (${formatChips(b.ante, lng)})` : base;
}

/** A countdown: m:ss under an hour, h:mm:ss above; never negative. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

export function formatTime(epochMs: number, lng: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(lng, { hour: "2-digit", minute: "2-digit", ...(timeZone ? { timeZone } : {}) }).format(epochMs);
}

export function formatDateTime(epochMs: number, lng: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(lng, {
    dateStyle: "medium",
    timeStyle: "short",
    ...(timeZone ? { timeZone } : {}),
  }).format(epochMs);
}

/** Ordinal-free place label: "1." reads right in cs, sv, ro and ru; English gets "1st". */
export function formatPlace(place: number, lng: string): string {
  if (lng.startsWith("en")) {
    const rules = new Intl.PluralRules("en", { type: "ordinal" });
    const suffix = { one: "st", two: "nd", few: "rd", other: "th", zero: "th", many: "th" }[rules.select(place)];
    return `${place}${suffix}`;
  }
  return `${place}.`;
}

export function formatPercent(fraction: number, lng: string): string {
  return new Intl.NumberFormat(lng, { style: "percent", maximumFractionDigits: 1 }).format(fraction);
}

/** An instant as a `datetime-local` input's value (local time, to the minute). */
export const toLocalInput = (ms: number): string => new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** A `datetime-local` input's value as an instant; null while the field is incomplete or empty. */
export function fromLocalInput(value: string): number | null {
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? ms : null;
}

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  DenyReason,
  ERROR_CODES,
  HandCategory,
  Instruction,
  PlayerAction,
  Street,
  TournamentStatus,
  Variant,
  BlindErrorRuling,
  FloorLogRow,
  NAME_REFUSALS,
  PASSWORD_REFUSALS,
} from "../../../src/protocol/index.ts";
import { RESOURCES } from "./index.ts";
import { STRUCTURE_PRESETS } from "../../../src/tournament/structure/index.ts";
import { ACCOUNT_KINDS } from "../logic/accounts.ts";
import { NO_DEAL_REASONS, TRANSLATED_CAUSES, UNDO_REASONS } from "../components/error-text.tsx";
import type { Messages } from "./locales/types.ts";

// Fails on any translation key missing in any of the five languages: key sets are
// compared with English (plural forms per language), every literal t("key") in the
// source must exist, and every protocol code the UI translates must have a key.

const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(m: Messages, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(m)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

const flat = Object.fromEntries(Object.entries(RESOURCES).map(([lng, m]) => [lng, flatten(m)])) as Record<string, Map<string, string>>;
const base = (key: string) => key.replace(PLURAL, "");
const baseKeys = (lng: string) => new Set([...flat[lng]!.keys()].map(base));
const en = baseKeys("en");
const hasKey = (lng: string, key: string) => flat[lng]!.has(key) || flat[lng]!.has(`${key}_other`);
const vars = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === "locales" ? [] : sourceFiles(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

describe("translations", () => {
  for (const lng of Object.keys(RESOURCES).filter((l) => l !== "en")) {
    it(`${lng} has exactly the English keys`, () => {
      const keys = baseKeys(lng);
      expect(
        [...en].filter((k) => !keys.has(k)),
        `missing in ${lng}`,
      ).toEqual([]);
      expect(
        [...keys].filter((k) => !en.has(k)),
        `extra in ${lng}`,
      ).toEqual([]);
    });

    it(`${lng} uses the same {{placeholders}} as English`, () => {
      const bad: string[] = [];
      for (const [key, value] of flat[lng]!) {
        const english = flat.en!.get(key) ?? flat.en!.get(`${base(key)}_other`) ?? "";
        if (JSON.stringify(vars(value)) !== JSON.stringify(vars(english))) bad.push(key);
      }
      expect(bad).toEqual([]);
    });
  }

  for (const lng of Object.keys(RESOURCES)) {
    it(`${lng} has every plural form its language needs and no empty text`, () => {
      const needed = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
      const plurals = new Set([...flat[lng]!.keys()].filter((k) => PLURAL.test(k)).map(base));
      const missing: string[] = [];
      for (const p of plurals) for (const c of needed) if (!flat[lng]!.has(`${p}_${c}`)) missing.push(`${p}_${c}`);
      expect(missing).toEqual([]);
      expect([...flat[lng]!].filter(([, v]) => v.trim() === "").map(([k]) => k)).toEqual([]);
    });
  }

  it('every literal t("key") in web/src exists in English (and so, above, in all five)', () => {
    const root = join(import.meta.dirname, "..");
    const used = new Set<string>();
    for (const file of sourceFiles(root)) {
      for (const m of readFileSync(file, "utf8").matchAll(/\bt\(\s*"([^"]+)"/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(150);
    for (const lng of Object.keys(RESOURCES)) {
      expect(
        [...used].filter((k) => !hasKey(lng, k)),
        `missing in ${lng}`,
      ).toEqual([]);
    }
  });

  it("every code the server can send has a translation (dynamic keys)", () => {
    const dynamic = [
      ...DenyReason.options.map((r) => `reasons.${r}`),
      ...TournamentStatus.options.map((s) => `status.${s}`),
      ...HandCategory.options.map((c) => `handName.${c}`),
      ...Variant.options.map((v) => `variant.${v}`),
      ...Street.options.map((s) => `street.${s}`),
      ...ERROR_CODES.map((c) => `errors.${c.replace("/", ".")}`),
      ...Instruction.shape.kind.options.map((k) => `floor.kind.${k}`),
      ...BlindErrorRuling.shape.outcome.options.map((o) => `blindError.outcome.${o}`),
      ...PlayerAction.options.map((a) => `log.${a.shape.kind.value}`),
      ...["small", "big", "ante", "straddle", "dead"].map((b) => `log.post.${b}`),
      ...["min", "half-pot", "pot", "all-in"].map((p) => `table.preset.${p}`),
      ...["register", "unregister", "reEnter", "rebuy", "addOn"].map((a) => `lobby.action.${a}`),
      ...["create", "seating", "floor", "colour-up", "blind-error", "payouts", "cashier"].map((t) => `director.tab.${t}`),
      ...["register", "unregister", "reEnter", "rebuy", "addOn"].map((a) => `lobby.done.${a}`),
      ...ACCOUNT_KINDS.map((k) => `cashier.accountKind.${k}`),
      ...["short", "good", "deep"].map((v) => `create.verdict.${v}`),
      // The server's causes the console says in the user's language.
      ...UNDO_REASONS.map((r) => `live.causes.tournament.bad-undo.${r}`),
      ...TRANSLATED_CAUSES.filter((c) => c !== "tournament/no-deal" && c !== "tournament/bad-undo").map((c) => `live.causes.${c.replace("/", ".")}`),
      ...NO_DEAL_REASONS.map((r) => `live.causes.tournament.no-deal.${r}`),
      ...NAME_REFUSALS.map((r) => `live.causes.accounts.bad-name.${r}`),
      ...PASSWORD_REFUSALS.map((r) => `live.causes.accounts.bad-password.${r}`),
      "live.causes.tournament.no-deal.prizes-not-fixed_level",
      ...FloorLogRow.shape.kind.options.map((k) => `live.log.kind.${k}`),
      ...["classic", "blinds", "payouts"].map((l) => `live.clock.layouts.${l}`),
      "live.causes.tournament.no-deal.prizes-not-fixed_players",
      "errors.client.network",
      "errors.client.http",
    ];
    for (const lng of Object.keys(RESOURCES)) {
      expect(
        dynamic.filter((k) => !hasKey(lng, k)),
        `missing in ${lng}`,
      ).toEqual([]);
    }
  });

  it("rule ids (R-CHIP-1) never reach the screen, and every preset has a translated name and plan", () => {
    for (const lng of Object.keys(RESOURCES)) {
      expect(
        [...flat[lng]!].filter(([, v]) => /\bR-[A-Z]+-\d/.test(v)).map(([k]) => k),
        lng,
      ).toEqual([]);
      for (const id of Object.keys(STRUCTURE_PRESETS)) {
        expect(hasKey(lng, `live.presets.${id}.name`), `${lng} ${id}`).toBe(true);
        expect(hasKey(lng, `live.presets.${id}.plan`), `${lng} ${id}`).toBe(true);
      }
    }
  });
});

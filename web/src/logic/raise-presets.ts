import type { LegalActions, PlayerAction } from "../../../src/protocol/index.ts";

export type PresetId = "min" | "half-pot" | "pot" | "all-in";
export interface RaisePreset {
  readonly id: PresetId;
  readonly to: number;
}

/**
 * A legal "to" near `to`: in whole chips of the smallest chip in play (the table's
 * `chipUnit`; the server refuses other amounts), then into [min, max], which are always legal.
 */
export function clampRaise(to: number, legal: LegalActions): number | null {
  if (legal.minRaiseTo === null || legal.maxRaiseTo === null) return null;
  if (to >= legal.maxRaiseTo) return legal.maxRaiseTo;
  if (to <= legal.minRaiseTo) return legal.minRaiseTo;
  const unit = legal.chipUnit ?? 1;
  return Math.min(legal.maxRaiseTo, Math.max(legal.minRaiseTo, Math.round(to / unit) * unit));
}

/**
 * The slider's preset amounts, all legal "to" totals. Pot is the pot-limit maximum
 * (R-BET-6: current bet + pot after calling), half pot raises by half of that pot,
 * both clamped into [min, max]; presets that land on the same amount are shown once.
 */
export function raisePresets(legal: LegalActions): RaisePreset[] {
  if (legal.minRaiseTo === null || legal.maxRaiseTo === null) return [];
  const out: RaisePreset[] = [{ id: "min", to: legal.minRaiseTo }];
  if (legal.potRaiseTo !== null) {
    const potAfterCall = legal.potRaiseTo - legal.currentBet;
    out.push({ id: "half-pot", to: clampRaise(legal.currentBet + Math.floor(potAfterCall / 2), legal)! });
    out.push({ id: "pot", to: clampRaise(legal.potRaiseTo, legal)! });
  }
  out.push({ id: "all-in", to: legal.maxRaiseTo });
  const seen = new Set<number>();
  return out.filter((p) => (seen.has(p.to) ? false : (seen.add(p.to), true)));
}

/** The command for an aggressive action to a total: a bet if nobody has bet, else a raise. */
export function aggressiveAction(legal: LegalActions, to: number): PlayerAction | null {
  const clamped = clampRaise(to, legal);
  if (clamped === null) return null;
  return legal.isBet ? { kind: "bet", to: clamped } : { kind: "raise", to: clamped };
}

/**
 * What the amount box shows as the player types: digits only, never above the
 * maximum (it snaps to it at once); below the minimum the digits stay (a longer number may
 * follow) and `sends` is the minimum: the amount the button names and would send.
 */
export function typedAmount(text: string, legal: LegalActions): { readonly shown: string; readonly sends: number | null; readonly belowMin: boolean } {
  const digits = text.replace(/[^0-9]/g, "").replace(/^0+(?=\d)/, "");
  if (legal.minRaiseTo === null || legal.maxRaiseTo === null) return { shown: digits, sends: null, belowMin: false };
  if (digits === "") return { shown: "", sends: legal.minRaiseTo, belowMin: true };
  const n = Math.min(Number(digits), legal.maxRaiseTo);
  return { shown: String(n), sends: clampRaise(n, legal) ?? legal.minRaiseTo, belowMin: n < legal.minRaiseTo };
}

// R-TRN-4 online: a player who busts while rebuys are open and who has rebuys left keeps
// the seat at 0 chips (the table deals around them) for a grace period of played time, to
// rebuy or decline; only then is the entry eliminated. Places stay exact (R-PLACE-1/2):
// settle eliminates busts in hand order, so a later hand's busts wait while an earlier
// hand's player may still rebuy.
import { checkRebuy } from "../money/index.ts";
import { entryContext } from "./entry-context.ts";
import { playedMs } from "./played.ts";
import type { TournamentState } from "./state-model.ts";
import type { TournamentConfig } from "./types.ts";

export const DEFAULT_REBUY_GRACE_MS = 30_000;
export const MAX_REBUY_GRACE_MS = 600_000;

/** The configured grace: 30 s online, none in a live room (the floor records the rebuy instead of the bust). */
export const rebuyGraceMs = (c: TournamentConfig): number => c.rebuyGraceMs ?? (c.live === true ? 0 : DEFAULT_REBUY_GRACE_MS);

/** Played ms at which a busted entry's grace ends (null: not busted). */
export function rebuyGraceEndsMs(s: TournamentState, id: string): number | null {
  const info = s.bustInfo.get(id);
  return info === undefined || s.config === null ? null : info.played + rebuyGraceMs(s.config);
}

/** The grace of a busted entry is over: it declined, or the time ran out. */
export function graceOver(s: TournamentState, id: string, at: number): boolean {
  const info = s.bustInfo.get(id);
  if (info === undefined) return false;
  return info.declined || playedMs(s, at) >= rebuyGraceEndsMs(s, id)!;
}

/** Busted at 0 chips, still in the grace, and a rebuy would be taken now (window open, rebuys left, not at the final table). */
export function awaitingRebuy(s: TournamentState, id: string, at: number): boolean {
  const c = s.config;
  if (c === null || c.money.rebuy === undefined || s.status !== "running") return false;
  const e = s.entries.get(id);
  if (e === undefined || !e.alive || e.stack > 0 || !s.bustInfo.has(id) || graceOver(s, id, at)) return false;
  return checkRebuy(c.money, entryContext(s, e, e.player, at), e.player).ok;
}

/** The busted entries still waiting to rebuy at `at`. */
export function awaitingRebuys(s: TournamentState, at: number): Set<string> {
  const out = new Set<string>();
  if (s.config?.money.rebuy === undefined) return out;
  for (const id of s.busted) if (awaitingRebuy(s, id, at)) out.add(id);
  return out;
}

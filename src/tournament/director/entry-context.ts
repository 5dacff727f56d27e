// What the money rules (R-TRN-3/4/5) ask about an entry, on the played-time clock.
import type { EntryContext } from "../money/index.ts";
import { playedMs } from "./played.ts";
import { tableSizeOf, type EntryState, type TournamentState } from "./state.ts";

export function entryContext(s: TournamentState, e: EntryState | undefined, player: string, at: number): EntryContext {
  const p = s.players.get(player);
  const size = tableSizeOf(s.config!);
  return {
    structure: s.config!.structure,
    elapsedMs: playedMs(s, at),
    stack: e?.stack ?? 0,
    alive: e !== undefined && e.alive && e.stack > 0,
    reEntries: p?.reEntries ?? 0,
    rebuys: e?.rebuys ?? 0,
    addOns: e?.addOns ?? 0,
    // R-TRN-4: the final table is reached when everyone left fits at one table.
    atFinalTable: s.alive <= size,
  };
}

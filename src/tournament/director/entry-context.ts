// What the money rules (R-TRN-3/4/5) ask about an entry, on the played-time clock.
import type { EntryContext } from "../money/index.ts";
import { addOnPlayersLeft, addOnWindow } from "./add-on-at.ts";
import { playedMs } from "./played.ts";
import type { EntryState, TournamentState } from "./state-model.ts";

/** R-TRN-5 by players left: its window (null until it opens); nothing for an add-on at its break. */
function addOnByPlayers(s: TournamentState): Pick<EntryContext, "addOnWindow"> {
  const n = addOnPlayersLeft(s.config!);
  if (n === null) return {};
  const w = addOnWindow(s);
  return { addOnWindow: w === null ? null : { ...w, playersLeft: n } };
}

export function entryContext(s: TournamentState, e: EntryState | undefined, player: string, at: number): EntryContext {
  const p = s.players.get(player);
  return {
    structure: s.config!.structure,
    elapsedMs: playedMs(s, at),
    // Chips bought during a hand count as soon as they are bought (they join the stack after it).
    stack: (e?.stack ?? 0) + (e?.behind ?? 0),
    alive: e !== undefined && e.alive && e.stack + (e.behind ?? 0) > 0,
    reEntries: p?.reEntries ?? 0,
    rebuys: e?.rebuys ?? 0,
    addOns: e?.addOns ?? 0,
    // R-TRN-4 "never at the final table" (seed 003: nobody rebuys their way to the final
    // table): the final table of a multi-table event, formed when its tables came down to
    // one (R-TBL-3). A single-table event has none: its rebuys follow the window alone.
    atFinalTable: s.finalTable !== null,
    reEntryCloses: s.config!.reEntryCloses ?? "break-end",
    ...addOnByPlayers(s),
  };
}

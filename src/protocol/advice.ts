// The core's advice as the browser asks it, on the protocol's shapes: a structure's
// guidance (R-TRN-1) and a deal's proposal (ICM or chip-chop). One computation for the
// server and the browser, so the screen never shows other figures than the director records.
import { dealAmounts } from "../tournament/director/index.ts";
import { structureGuidance, type Guidance } from "../tournament/structure/index.ts";
import type { Structure as WireStructure } from "./director.ts";
import { fromWireItem } from "./structure-wire.ts";

export type { Guidance as StructureGuidance };

/** R-TRN-1's guidance for a structure as the console edits it. */
export function structureAdvice(w: WireStructure): Guidance {
  return structureGuidance({ name: "", startingStack: w.startingStack, chips: [...(w.chips ?? [])], items: w.levels.map(fromWireItem) });
}

/** A deal's amounts for the finalists' stacks (largest first or not) and the prizes left; empty when none can be made. */
export function dealProposal(method: "icm" | "chip-chop", stacks: readonly number[], prizes: readonly number[], unit = 1): number[] {
  const r = dealAmounts(method, stacks, prizes, unit);
  return r.ok ? r.value : [];
}

// `felt check`: every case is validated first (validate.ts: a case the format does not
// describe fails), then run by the runner of its kind, each in its own file.
import type { CaseOutcome, CaseRunner } from "./types.ts";
import { CaseError, validateCase } from "./validate.ts";

export type { CaseOutcome, CaseRunner } from "./types.ts";

const runners: Record<string, () => Promise<CaseRunner>> = {
  hand: async () => (await import("./hand.ts")).runHandCase,
  seating: async () => (await import("./seating.ts")).runSeatingCase,
  blinds: async () => (await import("./blinds.ts")).runBlindsCase,
  colorup: async () => (await import("./colour-up.ts")).runColorupCase,
  placements: async () => (await import("./placements.ts")).runPlacementsCase,
  balance: async () => (await import("./balance.ts")).runBalanceCase,
};

export interface CheckedCase extends CaseOutcome {
  readonly id: string;
}

export async function runCase(raw: unknown, fallbackId: string): Promise<CheckedCase> {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return { id: fallbackId, pass: false, why: "not a JSON object" };
  }
  const obj = raw as Record<string, unknown>;
  const id = typeof obj["id"] === "string" ? obj["id"] : fallbackId;
  const kind = obj["kind"];
  const load = typeof kind === "string" && Object.hasOwn(runners, kind) ? runners[kind] : undefined;
  if (load === undefined) {
    const known = Object.keys(runners).join(", ");
    return {
      id,
      pass: false,
      why: kind === undefined ? `not a case: it has no "kind" (one of ${known})` : `unknown kind ${JSON.stringify(kind)} (known: ${known})`,
    };
  }
  const runner = await load();
  try {
    validateCase(obj);
    return { id, ...runner(obj) };
  } catch (e) {
    if (e instanceof CaseError) return { id, pass: false, why: `cannot read the case: ${e.message}` };
    return { id, pass: false, why: `crashed: ${e instanceof Error ? e.message : String(e)}` };
  }
}

import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { describe, expect, it } from "vitest";
import { ok, unwrap } from "../lib/result.ts";
import { openSqliteEventStore } from "../store/index.ts";
import { StreamActor, type ActorLogic } from "./actor.ts";
import { ManualClock } from "./clock.ts";
import { TRACE_CHANNEL, type StageMark } from "./trace.ts";

const logic: ActorLogic<number, number, { type: "added"; n: number }, string> = {
  initial: () => 0,
  decide: (_s, n) => ok([{ type: "added", n }]),
  evolve: (s, r) => ok({ state: s + r.n, outputs: [`+${r.n}`] }),
  typeOf: (r) => r.type,
};

describe("command stage marks (where an action's time goes)", () => {
  it("marks a command started, stored, applied and written, in that order, with the subscribers run between applied and written", async () => {
    const marks: StageMark[] = [];
    const listen = (m: unknown) => marks.push(m as StageMark);
    subscribe(TRACE_CHANNEL, listen);
    try {
      const actor = unwrap(await StreamActor.load({ store: openSqliteEventStore(":memory:"), stream: "table:t", logic, clock: new ManualClock() }));
      actor.subscribe(() => marks.push({ id: "subscriber", stage: "applied", at: 0 }));
      unwrap(await actor.submit({ id: "c1", version: 0, command: 2 }));
      unwrap(await actor.submit({ id: null, version: "any", command: 3 }));
      expect(marks.map((m) => `${m.id}:${m.stage}`)).toEqual([
        "c1:started",
        "c1:stored",
        "c1:applied",
        "subscriber:applied",
        "c1:written",
        "subscriber:applied",
      ]);
    } finally {
      unsubscribe(TRACE_CHANNEL, listen);
    }
  });
});

// Cluster mode: an append refused with `store/fenced` means another process owns
// the stream now. The actor closes at once and never catches up or retries.
import { describe, expect, it } from "vitest";
import { fail, ok, unwrap } from "../lib/result.ts";
import { openSqliteEventStore, type EventStore } from "../store/index.ts";
import { StreamActor, type ActorLogic } from "./actor.ts";
import { ManualClock } from "./clock.ts";

const logic: ActorLogic<number, number, { type: "added"; n: number }, number> = {
  initial: () => 0,
  decide: (_s, n) => ok([{ type: "added", n }]),
  evolve: (s, r) => ok({ state: s + r.n, outputs: [r.n] }),
  typeOf: (r) => r.type,
};

describe("StreamActor and store/fenced", () => {
  it("a fenced append closes the actor: that command gets store/fenced, the next runtime/closed, nothing is read back or retried", async () => {
    const inner = openSqliteEventStore(":memory:");
    const calls = { append: 0, read: 0 };
    let fenced = false;
    const store: EventStore = Object.create(inner) as EventStore;
    store.append = (...a) => {
      calls.append++;
      return fenced
        ? Promise.resolve(fail("store/fenced", "epoch 13 is below the fence 19 of tournament.05", { scope: "tournament.05", epoch: 13, fence: 19 }))
        : inner.append(...a);
    };
    store.read = (...a) => {
      calls.read++;
      return inner.read(...a);
    };
    const actor = unwrap(await StreamActor.load({ store, stream: "table:x", logic, clock: new ManualClock() }));
    const seen: number[] = [];
    actor.subscribe((b) => seen.push(...b.outputs));
    expect((await actor.submit({ id: "a", version: "any", command: 1 })).ok).toBe(true);
    fenced = true;
    const reads = calls.read;
    expect(await actor.submit({ id: "b", version: "any", command: 2 })).toMatchObject({ ok: false, error: { code: "store/fenced", epoch: 13, fence: 19 } });
    expect(actor.isClosed).toBe(true);
    expect(await actor.submit({ id: "c", version: "any", command: 3 })).toMatchObject({ ok: false, error: { code: "runtime/closed" } });
    expect(calls).toEqual({ append: 2, read: reads });
    expect(actor.state).toBe(1);
    expect(seen).toEqual([1]);
  });
});

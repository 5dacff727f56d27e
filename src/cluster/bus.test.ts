// The bus on the machine's NATS: routed requests retry with the same command id
// until an owner answers and act once; frames keep their order, sequence and epoch; a
// follower resyncs after a lost frame and after a new epoch.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NatsConnection } from "nats";
import { fail, ok, type Result } from "../lib/result.ts";
import { backoffMs, Bus, BUS_ERRORS, DEFAULT_BACKOFF } from "./bus.ts";
import { Follower, type SyncAnswer } from "./follower.ts";
import { handOwnership, tempPrefix, testNats, until } from "../../testkit/cluster/nats.ts";

let nc: NatsConnection;
beforeAll(async () => {
  nc = await testNats();
});
afterAll(async () => {
  await nc.drain();
});

/** An owner whose commands remember their ids, as the actors do: a repeat answers "duplicate". */
function actor() {
  const seen = new Set<string>();
  const acted: string[] = [];
  const handler = async (_key: string, body: unknown): Promise<Result<unknown>> => {
    const id = (body as { commandId: string }).commandId;
    if (seen.has(id)) return ok({ duplicate: true });
    seen.add(id);
    acted.push(id);
    return ok({ duplicate: false });
  };
  return { handler, acted };
}

describe("backoff", () => {
  it("is full jitter under an exponential cap: never more than min(cap, base·2^n)", () => {
    expect(backoffMs(DEFAULT_BACKOFF, 0, () => 0.999)).toBe(49);
    expect(backoffMs(DEFAULT_BACKOFF, 3, () => 0.999)).toBe(399);
    expect(backoffMs(DEFAULT_BACKOFF, 12, () => 0.999)).toBe(999);
    expect(backoffMs(DEFAULT_BACKOFF, 5, () => 0)).toBe(0);
  });
});

describe("routing", () => {
  it("retries the same command until an owner appears, and it acts once", async () => {
    const prefix = tempPrefix();
    const sender = new Bus(nc, prefix, handOwnership("a"));
    const own = handOwnership("b");
    const owner = new Bus(nc, prefix, own);
    const a = actor();
    owner.serve(a.handler, ["tournament.07"]);
    const pending = sender.request("tournament.07", { commandId: "c1" });
    await until(() => (sender.stats.retries >= 2 ? true : undefined), "no-responder retries");
    own.serve("tournament.07", 5);
    const r = await pending;
    expect(r).toEqual(ok({ duplicate: false }));
    // The same command again (a client's resend through another gateway): answered, not done twice.
    expect(await new Bus(nc, prefix, handOwnership("c")).request("tournament.07", { commandId: "c1" })).toEqual(ok({ duplicate: true }));
    expect(a.acted).toEqual(["c1"]);
    owner.close();
  });

  it("an owner that stopped serving answers cluster/not-owner, and the sender tries again elsewhere", async () => {
    const prefix = tempPrefix();
    const oldOwn = handOwnership("old", [["tournament.01", 3]]);
    const old = new Bus(nc, prefix, oldOwn);
    const oldActor = actor();
    old.serve(oldActor.handler, ["tournament.01"]);
    oldOwn.forget("tournament.01"); // still subscribed, no longer serving: the moment before onStopped
    const sender = new Bus(nc, prefix, handOwnership("gw"));
    const pending = sender.request("tournament.01", { commandId: "c2" });
    await until(() => (sender.stats.retries >= 1 ? true : undefined), "a not-owner retry");
    const newOwn = handOwnership("new");
    const next = new Bus(nc, prefix, newOwn);
    const newActor = actor();
    next.serve(newActor.handler, ["tournament.01"]);
    oldOwn.stop("tournament.01");
    newOwn.serve("tournament.01", 4);
    expect(await pending).toEqual(ok({ duplicate: false }));
    expect(oldActor.acted).toEqual([]);
    expect(newActor.acted).toEqual(["c2"]);
    old.close();
    next.close();
  });

  it("a refusal given while the partition was leaving is not the answer: the sender asks the next owner", async () => {
    const prefix = tempPrefix();
    const oldOwn = handOwnership("old", [["tournament.04", 1]]);
    const old = new Bus(nc, prefix, oldOwn);
    // The old owner closes the tournament under the command and answers "not found".
    old.serve(async () => {
      oldOwn.forget("tournament.04");
      return fail("tournament/not-found", "closed under the command");
    }, ["tournament.04"]);
    const sender = new Bus(nc, prefix, handOwnership("gw"));
    const pending = sender.request("tournament.04", { commandId: "c4" });
    await until(() => (sender.stats.retries >= 1 ? true : undefined), "a retry");
    oldOwn.stop("tournament.04");
    const newOwn = handOwnership("new");
    const next = new Bus(nc, prefix, newOwn);
    const a = actor();
    next.serve(a.handler, ["tournament.04"]);
    newOwn.serve("tournament.04", 2);
    expect(await pending).toEqual(ok({ duplicate: false }));
    expect(a.acted).toEqual(["c4"]);
    old.close();
    next.close();
  });

  it("an owner that dies holding a request (never answers): the sender asks the new owner as soon as it announces itself, not at the attempt's timeout", async () => {
    const prefix = tempPrefix();
    const oldOwn = handOwnership("old", [["tournament.05", 1]]);
    const old = new Bus(nc, prefix, oldOwn);
    let received = 0;
    // Receives the command and dies before answering: NATS tells the sender nothing.
    old.serve(() => {
      received++;
      return new Promise<Result<unknown>>(() => {});
    }, ["tournament.05"]);
    // An attempt would wait 10 minutes for the dead owner: far past this test's bound.
    const sender = new Bus(nc, prefix, handOwnership("gw"), { baseMs: 50, capMs: 1_000, giveUpMs: 1_200_000, attemptMs: 600_000 });
    const pending = sender.request("tournament.05", { commandId: "c5" });
    await until(() => (received === 1 ? true : undefined), "the old owner got the command");
    oldOwn.stop("tournament.05"); // its subscription goes, as with the dead process's connection
    const newOwn = handOwnership("new");
    const next = new Bus(nc, prefix, newOwn);
    const a = actor();
    next.serve(a.handler, ["tournament.05"]);
    newOwn.serve("tournament.05", 2);
    next.announceOwner("tournament.05", 2);
    expect(await pending).toEqual(ok({ duplicate: false }));
    expect(a.acted).toEqual(["c5"]);
    expect(sender.stats.reasked).toBe(1);
    old.close();
    next.close();
    sender.close();
  }, 30_000);

  it("gives up with server/unavailable when nobody owns the partition", async () => {
    const sender = new Bus(nc, tempPrefix(), handOwnership("gw"), { baseMs: 5, capMs: 20, giveUpMs: 300, attemptMs: 100 });
    const r = await sender.request("tournament.02", { commandId: "c3" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(BUS_ERRORS.unavailable);
    expect(sender.stats.gaveUp).toBe(1);
  });

  it("passes the owner's refusal through unchanged (it is an answer, not a routing failure)", async () => {
    const prefix = tempPrefix();
    const owner = new Bus(nc, prefix, handOwnership("o", [["tournament.03", 1]]));
    owner.serve(async () => fail("tournament/not-found", "no tournament Tx"), ["tournament.03"]);
    const r = await new Bus(nc, prefix, handOwnership("gw")).request("tournament.03", {});
    expect(r).toEqual(fail("tournament/not-found", "no tournament Tx"));
    owner.close();
  });

  it("an owner slower than an attempt: the sender asks again and acts once; the first attempt's late answer is not taken for the next request's", async () => {
    const prefix = tempPrefix();
    const owner = new Bus(nc, prefix, handOwnership("o", [["tournament.06", 1]]));
    const a = actor();
    let calls = 0;
    let openLate: () => void = () => {};
    const late = new Promise<void>((r) => (openLate = r));
    let lateAnswered: Result<unknown> | null = null;
    owner.serve(
      async (key, body) => {
        const call = ++calls;
        if (call === 1) {
          // The first attempt is answered only once the next request waits for its own answer.
          await late;
          return (lateAnswered = await a.handler(key, body));
        }
        if (call === 3) {
          openLate();
          await new Promise((r) => setTimeout(r, 60)); // the late answer reaches the sender meanwhile
        }
        return a.handler(key, body);
      },
      ["tournament.06"],
    );
    const sender = new Bus(nc, prefix, handOwnership("gw"), { baseMs: 5, capMs: 20, giveUpMs: 10_000, attemptMs: 150 });
    expect(await sender.request("tournament.06", { commandId: "c6" })).toEqual(ok({ duplicate: false }));
    expect(sender.stats.retries).toBe(1);
    expect(await sender.request("tournament.06", { commandId: "c7" })).toEqual(ok({ duplicate: false }));
    expect(lateAnswered).toEqual(ok({ duplicate: true })); // what the sender did not take for c7's
    expect(a.acted).toEqual(["c6", "c7"]);
    owner.close();
    sender.close();
  });

  it("a request waiting when its connection closes is answered server/unavailable at once, not at its attempt's timeout", async () => {
    const prefix = tempPrefix();
    const owner = new Bus(nc, prefix, handOwnership("o", [["tournament.08", 1]]));
    let received = 0;
    owner.serve(() => {
      received++;
      return new Promise<Result<unknown>>(() => {});
    }, ["tournament.08"]);
    const own = await testNats();
    const sender = new Bus(own, prefix, handOwnership("gw"), { baseMs: 50, capMs: 1_000, giveUpMs: 1_200_000, attemptMs: 600_000 });
    const pending = sender.request("tournament.08", { commandId: "c8" });
    await until(() => (received === 1 ? true : undefined), "the owner got the command");
    const closedAt = Date.now();
    await own.close();
    const r = await pending;
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(BUS_ERRORS.unavailable);
    expect(Date.now() - closedAt).toBeLessThan(10_000); // far below the attempt's 10 minutes
    owner.close();
  }, 30_000);
});

describe("frames", () => {
  it("listeners on one subject share one subscription; each gets every frame, in order, until it leaves", async () => {
    const bus = new Bus(nc, tempPrefix(), handOwnership("gw"));
    const a: number[] = [];
    const b: number[] = [];
    const offA = bus.subscribeFrames("view.T9-t1.spectators-v2", (f) => a.push(f.seq));
    const offB = bus.subscribeFrames("view.T9-t1.spectators-v2", (f) => b.push(f.seq));
    expect(bus.frameSubjects).toBe(1);
    await nc.flush();
    for (let i = 1; i <= 3; i++) bus.publishFrame("view.T9-t1.spectators-v2", i, 1, `f${i}`);
    await until(() => (a.length === 3 && b.length === 3 ? true : undefined), "three frames each");
    expect([a, b]).toEqual([
      [1, 2, 3],
      [1, 2, 3],
    ]);
    offA();
    expect(bus.frameSubjects).toBe(1);
    offB();
    expect(bus.frameSubjects).toBe(0);
  });
});

describe("scatter-gather", () => {
  it("a gather nobody answers ends empty at its bound; the no-responders status is not an answer and does not break the connection", async () => {
    const bus = new Bus(nc, tempPrefix(), handOwnership("gw"));
    expect(await bus.gather("nobody", {}, () => false, 200)).toEqual([]);
    // The connection still works: a member answers the next gather.
    bus.answerAll("echo", async (b) => b);
    await nc.flush();
    expect(await bus.gather("echo", { n: 1 }, (a) => a.length >= 1, 5_000)).toEqual([{ n: 1 }]);
    bus.close();
  });
});

describe("follower", () => {
  /** An owner feed by hand: publish() sends the next frame; lose() skips one; the state is the frames so far. */
  function feed(bus: Bus, subject: string) {
    const state = { seq: 0, epoch: 1, all: [] as string[] };
    return {
      state,
      publish(text: string) {
        state.seq++;
        state.all.push(text);
        bus.publishFrame(subject, state.seq, state.epoch, text);
      },
      lose(text: string) {
        state.seq++;
        state.all.push(text);
      },
      sync: async (full: boolean): Promise<Result<SyncAnswer>> =>
        ok({ subject, seq: state.seq, epoch: state.epoch, ...(full ? { frames: `full:${state.all.join("+")}` } : {}) }),
    };
  }

  it("sends the full state, then every frame once, in order; a lost frame and a new epoch bring a fresh full state", async () => {
    const bus = new Bus(nc, tempPrefix(), handOwnership("gw"));
    const f = feed(bus, "view.T1-t1.spectators-v2");
    f.publish("a");
    const got: string[] = [];
    const follower = new Follower({ bus, sync: f.sync, deliver: (x) => got.push(x), refused: () => got.push("refused") });
    await follower.start();
    expect(got).toEqual(["full:a"]);
    f.publish("b");
    f.publish("c");
    await until(() => (got.length === 3 ? true : undefined), "two frames");
    expect(got).toEqual(["full:a", "b", "c"]);
    f.lose("d"); // published, never delivered
    f.publish("e");
    await until(() => (got.length === 4 ? true : undefined), "a resync after the gap");
    expect(got[3]).toBe("full:a+b+c+d+e");
    expect(follower.resyncs).toBe(1);
    f.state.epoch = 2; // a new owner
    f.publish("f");
    await until(() => (got.length === 5 ? true : undefined), "a resync after the new epoch");
    expect(got[4]).toBe("full:a+b+c+d+e+f");
    f.lose("g"); // the last frame lost: only the ping sees the owner ahead
    await follower.ping();
    expect(got[5]).toBe("full:a+b+c+d+e+f+g");
    expect(follower.resyncs).toBe(3);
    f.publish("h");
    await until(() => (got.length === 7 ? true : undefined), "live again");
    expect(got[6]).toBe("h");
    // A deposed owner (epoch 1) wakes up and publishes: ignored, no resync, the live feed goes on.
    bus.publishFrame("view.T1-t1.spectators-v2", 99, 1, "stale");
    f.publish("i");
    await until(() => (got.length === 8 ? true : undefined), "the next frame");
    expect(got[7]).toBe("i");
    expect(follower.resyncs).toBe(3);
    follower.close();
  });

  it("what a process sends in one turn of the event loop leaves in one socket write, in order: twenty frames from twenty callbacks", async () => {
    const own = await testNats();
    try {
      const bus = new Bus(own, tempPrefix(), handOwnership("a"));
      const got: number[] = [];
      const off = bus.subscribeFrames("view.T9-t1.spectators-v2", (f) => got.push(f.seq));
      await own.flush(); // the subscription is on the server before anything is published
      // The connection's socket writes, counted (the NATS client's own transport).
      const transport = (own as unknown as { protocol: { transport: { send(frame: Uint8Array): unknown } } }).protocol.transport;
      const send = transport.send.bind(transport);
      let writes = 0;
      transport.send = (frame) => {
        writes++;
        return send(frame);
      };
      // Each from a callback of its own, as an action's sends come from the command, the commit and the fan-out.
      await Promise.all(
        Array.from(
          { length: 20 },
          (_, i) => new Promise<void>((r) => setImmediate(() => (bus.publishFrame("view.T9-t1.spectators-v2", i + 1, 1, `f${i}`), r()))),
        ),
      );
      await until(() => (got.length === 20 ? true : undefined), "the twenty frames");
      expect(got).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(writes).toBe(1);
      off();
      bus.close();
    } finally {
      await own.close();
    }
  });
});

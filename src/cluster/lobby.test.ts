// Lobby lines in a KV bucket on the machine's NATS: two boards on two connections
// stand for two processes. The writer's puts are coalesced; the other process's map follows
// without asking; a board opened later starts with every line; an ex-owner's older epoch
// does not replace a line.
import type { NatsConnection } from "nats";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LobbyBoard } from "./lobby.ts";
import { dropClusterBuckets, tempPrefix, testNats, until } from "../../testkit/cluster/nats.ts";

interface Line {
  readonly name: string;
  readonly entries: number;
}

const conns: NatsConnection[] = [];
beforeAll(async () => {
  conns.push(await testNats(), await testNats(), await testNats());
});
afterAll(async () => {
  for (const c of conns) await c.close();
});
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function boards(options: { mayWrite?: (id: string, epoch: number) => boolean } = {}) {
  const prefix = tempPrefix();
  cleanups.push(() => dropClusterBuckets(prefix));
  const open = async (i: number) => {
    const b = await LobbyBoard.open<Line>(conns[i]!, { prefix, ...options });
    cleanups.push(() => b.close());
    return b;
  };
  return { open, prefix };
}

describe("lobby lines in a KV bucket", () => {
  it("a line put by one process appears in the other's map without it asking, changes and goes", async () => {
    const { open } = await boards();
    const a = await open(0);
    const b = await open(1);
    const changed: string[] = [];
    b.onChange((id) => changed.push(id));
    a.put("T1", 3, { name: "Sunday", entries: 0 });
    a.put("T.2 ü", 3, { name: "Monday", entries: 5 });
    await until(() => (b.entries().length === 2 ? true : undefined), "both lines at b");
    expect(b.get("T1")).toEqual({ name: "Sunday", entries: 0 });
    expect(b.get("T.2 ü")).toEqual({ name: "Monday", entries: 5 });
    a.put("T1", 3, { name: "Sunday", entries: 1 });
    await until(() => (b.get("T1")?.entries === 1 ? true : undefined), "the change at b");
    a.remove("T1");
    await until(() => (b.get("T1") === undefined ? true : undefined), "T1 gone at b");
    expect(b.get("T.2 ü")?.entries).toBe(5);
    expect(new Set(changed)).toEqual(new Set(["T1", "T.2 ü"]));
  });

  it("puts are coalesced: 50 changes in a burst are one KV update, and the last one wins", async () => {
    const { open, prefix } = await boards();
    const a = await open(0);
    const b = await open(1);
    for (let n = 1; n <= 50; n++) a.put("T1", 1, { name: "Burst", entries: n });
    await until(() => (b.get("T1")?.entries === 50 ? true : undefined), "the last value at b");
    await a.flush();
    expect(a.puts).toBe(1);
    const jsm = await conns[0]!.jetstreamManager();
    expect((await jsm.streams.info(`KV_${prefix}_lobby`)).state.last_seq).toBe(1);
  });

  it("a process that starts later has every line before its board opens", async () => {
    const { open } = await boards();
    const a = await open(0);
    for (let i = 1; i <= 20; i++) a.put(`T${i}`, 1, { name: `n${i}`, entries: i });
    a.remove("T7");
    await a.flush();
    const c = await open(2);
    expect(c.entries().length).toBe(19);
    expect(c.get("T20")).toEqual({ name: "n20", entries: 20 });
    expect(c.get("T7")).toBeUndefined();
  });

  it("an ex-owner's line (an older epoch) does not replace the new owner's; a process that no longer owns writes nothing", async () => {
    let owns = true;
    const { open } = await boards({ mayWrite: (_id, epoch) => owns || epoch > 5 });
    const exOwner = await open(0);
    const newOwner = await open(1);
    const reader = await open(2);
    newOwner.put("T1", 9, { name: "new", entries: 2 });
    await until(() => (reader.get("T1")?.entries === 2 ? true : undefined), "the new owner's line");
    exOwner.put("T1", 4, { name: "old", entries: 1 });
    await exOwner.flush();
    // A sentinel after it in the bucket: when the reader has it, it has seen the old line too.
    newOwner.put("T9", 9, { name: "sentinel", entries: 0 });
    await until(() => (reader.get("T9") !== undefined ? true : undefined), "the first sentinel");
    expect(reader.get("T1")).toEqual({ name: "new", entries: 2 });
    // mayWrite says no at flush time: nothing is put.
    owns = false;
    const before = exOwner.puts;
    exOwner.put("T2", 4, { name: "stale", entries: 0 });
    await exOwner.flush();
    expect(exOwner.puts).toBe(before);
    newOwner.put("T3", 9, { name: "sentinel", entries: 0 });
    await until(() => (reader.get("T3") !== undefined ? true : undefined), "the sentinel");
    expect(reader.get("T2")).toBeUndefined();
  });
});

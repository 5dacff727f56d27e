// The lobby bucket's publisher wakes for changes, not on a short timer: a member with
// nothing going on sweeps once every QUIET_SWEEP_MS, and changes close together share one
// sweep SWEEP_MS later. (What it puts and deletes is proven against real processes in
// cluster.test.ts.)
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LobbyBoard } from "../../cluster/lobby.ts";
import type { Ownership } from "../../cluster/ownership.ts";
import type { LobbyTournament } from "../../protocol/index.ts";
import type { ServerPort } from "../server-port.ts";
import { LobbyPublisher, QUIET_SWEEP_MS, SWEEP_MS } from "./cluster-lobby.ts";

/** A member serving no tournament: each sweep lists the tournaments once, so `sweeps` counts them. */
function idleMember() {
  const changes = new Set<() => void>();
  const serving = new Set<(key: string, epoch: number) => void>();
  const stopped = new Set<(key: string) => void>();
  const counts = { sweeps: 0 };
  const server = {
    svc: { clock: { now: () => Date.now() }, log: () => {} },
    served: {
      list: () => {
        counts.sweeps += 1;
        return [];
      },
      get: () => undefined,
      onAnyChange: (l: () => void) => {
        changes.add(l);
        return () => changes.delete(l);
      },
    },
  } as unknown as Pick<ServerPort, "svc" | "served">;
  const ownership = {
    serving: () => undefined,
    keyOf: () => "tournament.00",
    onServing: (l: (key: string, epoch: number) => void) => {
      serving.add(l);
      return () => serving.delete(l);
    },
    onStopped: (l: (key: string) => void) => {
      stopped.add(l);
      return () => stopped.delete(l);
    },
  } as unknown as Ownership;
  const board = { entries: () => [], get: () => undefined } as unknown as LobbyBoard<LobbyTournament>;
  const publisher = new LobbyPublisher(server, ownership, board);
  return {
    publisher,
    counts,
    change: () => {
      for (const l of changes) l();
    },
    gain: (key: string) => {
      for (const l of serving) l(key, 1);
    },
    lose: (key: string) => {
      for (const l of stopped) l(key);
    },
  };
}

describe("lobby bucket publisher: sweeps on changes", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("with nothing changing, one sweep every QUIET_SWEEP_MS and none between", () => {
    const m = idleMember();
    vi.advanceTimersByTime(QUIET_SWEEP_MS - 1);
    expect(m.counts.sweeps).toBe(0);
    vi.advanceTimersByTime(1);
    expect(m.counts.sweeps).toBe(1);
    vi.advanceTimersByTime(10 * QUIET_SWEEP_MS);
    expect(m.counts.sweeps).toBe(11);
    m.publisher.close();
  });

  it("a change is swept SWEEP_MS later, once for all the changes made meanwhile; a partition gained or lost is a change", () => {
    const m = idleMember();
    m.change();
    vi.advanceTimersByTime(SWEEP_MS / 2);
    m.change();
    m.change();
    expect(m.counts.sweeps).toBe(0);
    vi.advanceTimersByTime(SWEEP_MS / 2);
    expect(m.counts.sweeps).toBe(1);
    vi.advanceTimersByTime(3 * SWEEP_MS);
    expect(m.counts.sweeps).toBe(1);
    m.gain("tournament.03");
    m.lose("tournament.04");
    vi.advanceTimersByTime(SWEEP_MS);
    expect(m.counts.sweeps).toBe(2);
    m.publisher.close();
  });

  it("closed, it sweeps no more: not on a change, not on its quiet timer", () => {
    const m = idleMember();
    m.change();
    m.publisher.close();
    m.change();
    vi.advanceTimersByTime(3 * QUIET_SWEEP_MS);
    expect(m.counts.sweeps).toBe(0);
  });
});

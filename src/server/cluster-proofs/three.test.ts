// Cluster mode's proof with THREE `felt serve --cluster` child processes on the machine's NATS
// and PostgreSQL (one cluster start shared by the tests, in order). Each player's bot plays
// through one of the three (player i on member i mod 3), so most commands go to the owner
// over NATS and most frames come back relayed. The bounds are hang guards, except the
// issue's own figure (no table stalls more than 6 s), which is measured and asserted.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { EventStore, Ledger } from "../../store/index.ts";
import { api, cmd, FAST_STRUCTURE } from "../../../testkit/server/harness.ts";
import { until } from "../../../testkit/cluster/nats.ts";
import {
  Driver,
  gaps,
  playThroughRollingRestart,
  startThreeRun,
  type Three,
  tournamentWith,
  type Member,
  type ThreeRun,
} from "../../../testkit/cluster/three.ts";
import {
  directorEvents as directorEventsOf,
  levelsOnceAndOneSeatOrPlace,
  moneyExact as moneyExactOf,
  progress,
  stallsAround,
  streamsWhole as tableStreamsWhole,
} from "../../../testkit/cluster/proofs.ts";

let run: ThreeRun | undefined;
let three: Three;
let store: EventStore;
let ledger: Ledger;

beforeAll(async () => {
  run = await startThreeRun("with-director");
  ({ three, store, ledger } = run);
  progress(`three started on ${run.schema}`);
}, 120_000);

afterAll(async () => {
  await run?.close();
});

const spread = (i: number) => i % 3;
const directorEvents = (id: string) => directorEventsOf(store, id);
const streamsWhole = (id: string) => tableStreamsWhole(store, id);
const moneyExact = (id: string, players: { id: string }[], entries: number) => moneyExactOf(store, ledger, id, players, entries);

describe("cluster mode with three `felt serve --cluster` processes ( proof)", () => {
  it("the 64 partitions spread 22/21/21 over the three members and stay put (no lease taken after settling)", async () => {
    const t0 = Date.now();
    await until(
      () =>
        three
          .counts()
          .sort((a, b) => b - a)
          .join("/") === "22/21/21"
          ? true
          : undefined,
      "22/21/21",
      120_000,
    ).catch((e: Error) => {
      throw new Error(
        `${e.message}: partitions ${three.counts().join("/")}; ${three.members
          .map((m) =>
            m.child
              .lines()
              .filter((l) => /cluster/.test(l.text))
              .slice(-5)
              .map((l) => l.text)
              .join(" | "),
          )
          .join(" || ")}`,
      );
    });
    progress(
      `cluster (3): partitions ${three.counts().join("/")} after ${Date.now() - t0} ms; ${three.acquisitions().length} lease acquisitions while settling`,
    );
    const before = three.acquisitions().length;
    await new Promise((r) => setTimeout(r, 6_000)); // six renewal periods
    expect(three.acquisitions().length).toBe(before);
    expect(three.counts().sort((a, b) => b - a)).toEqual([22, 21, 21]);
  }, 180_000);

  it("bots on all three processes at the same tables see gapless versions (each step = the previous + 1, or a fresh view)", async () => {
    const before = three.acquisitions().length;
    progress("gapless: start");
    const owner = three.members[0]!;
    const s = await tournamentWith(three, three.commandOn(owner), 6, FAST_STRUCTURE, (i) => three.members[spread(i)]!);
    const d = new Driver(three, s, spread);
    onTestFinished(() => d.close());
    d.setAllIn(0.05);
    await must200(s, three.members[1]!);
    const final = await d.play({ timeoutMs: 400_000 });
    expect(final.status).toBe("finished");
    d.close();
    const g = gaps(d.bots);
    progress(
      `cluster (3): gapless: ${g.steps} steps (${g.viewOnly} without events) to ${d.bots.length} bots on 3 processes, ${g.resyncs} resyncs, ${g.gaps.length} gaps`,
    );
    expect(g.gaps).toEqual([]);
    expect(g.steps).toBeGreaterThan(50);
    // Two thirds of the bots played through a member that does not own the table.
    expect(new Set(d.bots.map((b) => b.base)).size).toBe(3);
    expect((await streamsWhole(s.tournamentId)).problems).toEqual([]);
    // No partition moved while it played.
    expect(three.acquisitions().length).toBe(before);
  }, 420_000);

  let breakTournament: { id: string; killedDuringBreak: boolean; entries: string[] } | null = null;

  it("kill -9 of the owner mid-hand (and of a second tournament's owner during its break): same deck commitment, no re-deal, no table stalls over 6 s, no gap or repeated command, finished, chips and money exact", async () => {
    const owner = three.members[1]!;
    const a = await tournamentWith(three, three.commandOn(owner), 12, FAST_STRUCTURE, (i) => three.members[spread(i)]!);
    const withBreak = {
      ...FAST_STRUCTURE,
      levels: [FAST_STRUCTURE.levels[0]!, { kind: "break" as const, sb: 5, bb: 10, ante: 0, minutes: 1, colourUp: null }, ...FAST_STRUCTURE.levels.slice(1)],
    };
    const b = await tournamentWith(three, three.commandOn(owner), 6, withBreak, (i) => three.members[spread(i)]!);
    await must200(a, three.members[0]!);
    await must200(b, three.members[2]!);
    progress("kill: two tournaments started");
    const da = new Driver(three, a, spread);
    const db = new Driver(three, b, spread);
    let killedAt = 0;
    let before: Map<string, string[]> | null = null;
    let midHand: string | null = null;
    const kill = async () => {
      if (killedAt > 0) return;
      const dir = await directorEvents(b.tournamentId);
      if (!dir.some((e) => e.type === "break-started")) return;
      // A table of `a` in the middle of a hand: its last record is the hand's start or an action.
      for (const st of await store.listStreams({ prefix: `table:${a.tournamentId}-` })) {
        const last = (await store.read(st.stream, st.version))[0];
        if (last?.type !== "hand-started" && last?.type !== "acted") continue;
        const started = (await store.read(st.stream)).filter((e) => e.type === "hand-started").at(-1)!;
        midHand = `${st.stream}#${(started.data as { handNumber: number }).handNumber}`;
        before = (await streamsWhole(a.tournamentId)).hands;
        killedAt = Date.now();
        progress(`kill: SIGKILL ${owner.name} during ${midHand}`);
        await three.stop(owner, "SIGKILL");
        da.setAllIn(0.05);
        db.setAllIn(0.05);
        return;
      }
    };
    // Whatever happens here, the bots stop and the killed member comes back: the tests after
    // this one start from three running members, not from this one's leftovers.
    onTestFinished(async () => {
      da.close();
      db.close();
      await three.startStopped();
    });
    const [fa, fb] = await Promise.all([da.play({ timeoutMs: 500_000, onTick: kill }), db.play({ timeoutMs: 500_000 })]);
    expect(killedAt).toBeGreaterThan(0);
    expect([fa.status, fb.status]).toEqual(["finished", "finished"]);
    da.close();
    db.close();
    // The hand in play was finished once, with the deck it was dealt with; no earlier hand changed.
    const after = await streamsWhole(a.tournamentId);
    expect(after.problems).toEqual([]);
    expect(after.hands.get(midHand!)).toEqual(before!.get(midHand!));
    expect(after.hands.get(midHand!)).toHaveLength(1);
    for (const [h, c] of before!) expect({ h, c: after.hands.get(h) }).toEqual({ h, c });
    for (const [h, c] of after.hands) expect({ h, n: c.length }).toEqual({ h, n: 1 });
    const stalls = stallsAround(da.arrivals, killedAt);
    const takeoverMs = Math.min(
      ...three
        .acquisitions()
        .filter((x) => x.at > killedAt)
        .map((x) => x.at - killedAt),
    );
    progress(
      `cluster (3): kill -9 of ${owner.name}: first partition taken over ${takeoverMs} ms after the kill; longest wait for a table's next version from the kill to 30 s after: ${[...stalls].map(([t, ms]) => `${t} ${ms} ms`).join(", ")}`,
    );
    expect(stalls.size).toBeGreaterThan(0);
    expect([...stalls].filter(([, ms]) => ms > 6_000)).toEqual([]); // the issue's figure
    const g = gaps([...da.bots, ...db.bots]);
    progress(`cluster (3): kill -9: ${g.steps} steps, ${g.resyncs} resyncs, ${g.gaps.length} gaps`);
    expect(g.gaps).toEqual([]);
    await moneyExact(a.tournamentId, a.players, 12);
    await moneyExact(b.tournamentId, b.players, 6);
    const dirB = await directorEvents(b.tournamentId);
    const breakAt = dirB.findIndex((e) => e.type === "break-started");
    const nextLevel = dirB.findIndex((e, k) => k > breakAt && e.type === "level-started");
    breakTournament = {
      id: b.tournamentId,
      killedDuringBreak: breakAt >= 0 && (nextLevel < 0 || (dirB[nextLevel] as { at: number }).at > killedAt),
      entries: [],
    };
  }, 600_000);

  it("the owner killed during a break: after the take-over no level is skipped or played twice, every entry in exactly one seat or one place throughout", async () => {
    expect(breakTournament?.killedDuringBreak).toBe(true);
    levelsOnceAndOneSeatOrPlace(await directorEvents(breakTournament!.id));
  });

  it("rolling restart with SIGTERM, each of the three in turn while bots play: no client sees an error frame, no HTTP call fails", async () => {
    await until(() => (three.counts().every((n) => n >= 21) ? true : undefined), "the restarted member serves its share", 120_000);
    const s = await tournamentWith(three, three.commandOn(three.members[2]!), 6, FAST_STRUCTURE, (i) => three.members[spread(i)]!);
    await must200(s, three.members[0]!);
    const d = new Driver(three, s, spread);
    const { final, exits, handOvers } = await playThroughRollingRestart(three, d, { share: 21, actsPerStep: 10 });
    expect(exits).toEqual([0, 0, 0]);
    expect(final.status).toBe("finished");
    expect(handOvers).toHaveLength(3); // all three were restarted
    d.close();
    progress(
      `cluster (3): rolling restart: ${d.httpCalls} HTTP calls, ${d.httpFailures.length} failed; ${d.bots.length} bot connections, error frames: ${JSON.stringify(d.errors())}; partitions taken over within ${handOvers.join(" / ")} ms of each SIGTERM`,
    );
    expect(d.httpFailures).toEqual([]);
    if (d.errors().length > 0)
      progress(`cluster (3): rolling restart: error frames:\n${(await d.errorFrames(store)).join("\n")}\n${three.restarts().join("\n")}`);
    expect(d.errors()).toEqual([]);
    const g = gaps(d.bots);
    progress(`cluster (3): rolling restart: ${g.steps} steps, ${g.resyncs} resyncs, ${g.gaps.length} gaps`);
    expect(g.gaps).toEqual([]);
    expect(d.bots.length).toBeGreaterThan(6); // bots moved off each stopped member
    expect((await streamsWhole(s.tournamentId)).problems).toEqual([]);
  }, 600_000);
});

async function must200(s: { tournamentId: string; directorToken: string }, via: Member): Promise<void> {
  const r = await api(via.url, "POST", `/api/v1/director/tournaments/${s.tournamentId}/start`, { commandId: cmd() }, s.directorToken);
  if (r.status !== 200) throw new Error(`start: HTTP ${r.status} ${JSON.stringify(r.body)}`);
}

// Fan-out benchmark: what one table step costs, and the share of it that builds and
// serialises the views (src/server/tables/view-fanout.ts), at one 9-handed table with nine
// seated protocol-v2 subscribers and a spectator, played with seeded random actions against
// an in-memory SQLite store. The server's loaded profile spreads over sockets, the store and
// the views (docs/benchmarks.md); this isolates the views, where a change of a few per cent of
// the server's CPU is far below what bench/load.ts separates on a shared machine.
//
// Run: npx tsx bench/fanout.ts [--actions 4000] [--rounds 12] [--tables 1] [--base CHECKOUT]
// With --tables N, N such tables share the store and take the steps in turn, one each, as a
// server's tables do: what a step costs when its table's data is no longer in the caches.
// With --base, another checkout's table code is loaded beside this one's and the two play
// in turns, round by round, each first every other round (the machine's speed drifts over
// seconds); the output is the mean of each, every round printed.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { options, positiveInteger } from "./args.ts";

const args = process.argv.slice(2);
const opt = options(args);
const ACTIONS = positiveInteger(args, "actions", 4000);
const ROUNDS = positiveInteger(args, "rounds", 12);
const TABLES = positiveInteger(args, "tables", 1);
const BASE = opt("base", "");

const CONFIG = { tableId: "t1", tournamentId: null, tableNumber: 1, size: 9, actionMs: 10_000, timeBankMs: 0, buttonRule: "dead" as const };
const USERS = ["a", "b", "c", "d", "e", "f", "g", "h", "i"];

/** The modules the bench drives, from either checkout (typed as this checkout's: a base
 *  of another shape fails to run, which is what a bench should do). */
interface Modules {
  readonly session: typeof import("../src/server/tables/table-session.ts");
  readonly view: typeof import("../src/server/tables/table-view.ts");
  readonly fanout: typeof import("../src/server/tables/view-fanout.ts");
  readonly store: typeof import("../src/store/index.ts");
  readonly tournament: typeof import("../src/tournament/index.ts");
  readonly clock: typeof import("../src/server/clock.ts");
  /** Milliseconds spent in the fan-out's `step` since the last read. */
  fanMs: number;
}

async function load(root: string): Promise<Modules> {
  // biome-ignore lint/suspicious/noExplicitAny: a module of the shape Modules names, from a path
  const at = (p: string): Promise<any> => import(pathToFileURL(join(root, p)).href);
  const m: Modules = {
    session: await at("src/server/tables/table-session.ts"),
    view: await at("src/server/tables/table-view.ts"),
    fanout: await at("src/server/tables/view-fanout.ts"),
    store: await at("src/store/index.ts"),
    tournament: await at("src/tournament/index.ts"),
    clock: await at("src/server/clock.ts"),
    fanMs: 0,
  };
  // Time spent building and sending views, read around the fan-out's one entry point.
  const proto = m.fanout.ViewFanout.prototype;
  const step = proto.step;
  proto.step = function (this: InstanceType<Modules["fanout"]["ViewFanout"]>, ...a: Parameters<typeof step>) {
    const t = performance.now();
    step.apply(this, a);
    m.fanMs += performance.now() - t;
  };
  return m;
}

function must<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** One round: fresh tables, ACTIONS steps taken by each in turn. CPU ms per step (user + system), fan-out ms per step, bytes sent. */
async function round(m: Modules, seed: number): Promise<{ stepMs: number; fanMs: number; bytes: number }> {
  const store = await m.store.openSqliteEventStore(":memory:");
  let bytes = 0;
  const tables: { s: import("../src/server/tables/table-session.ts").TableSession; clock: InstanceType<Modules["clock"]["ManualClock"]> }[] = [];
  for (let j = 0; j < TABLES; j++) {
    // Each table its own clock: one table's pause between hands runs no other's action clock.
    const clock = new m.clock.ManualClock();
    let n = 0;
    const s = must(
      await m.session.TableSession.open(
        { ...CONFIG, tableId: `t${j + 1}`, tableNumber: j + 1 },
        {
          store,
          clock,
          handPauseMs: 1000,
          seed: () => (seed * 1_000_000 + j * 10_000 + n++).toString(16).padStart(64, "c"),
          hooks: { blinds: () => ({ sb: 5, bb: 10, ante: 1 }), canDeal: () => true, handEnded: async () => {} },
        },
      ),
    );
    for (const [i, id] of USERS.entries()) must(await s.seat(i + 1, `${id}${j}`, `player-${id}${j}`, 2000 + 200 * i));
    for (const u of [...USERS.map((id) => `${id}${j}`), null]) s.subscribe({ userId: u, send: () => {}, sendStep: (t: string) => void (bytes += t.length) });
    s.dealSoon(0);
    tables.push({ s, clock });
  }
  bytes = 0;
  const rng = m.tournament.seededRandom(seed);
  const roll = () => rng.nextUint32() / 2 ** 32;
  let cmd = 0;
  m.fanMs = 0;
  const t0 = process.cpuUsage();
  for (let i = 0; i < ACTIONS; i++) {
    const { s, clock } = tables[i % TABLES]!;
    const hand = s.state.hand;
    const legal = m.view.legalFor(s.state);
    if (hand === null && [...s.state.seats.values()].filter((x) => x.stack > 0).length < 2) {
      for (const x of s.state.seats.values()) if (x.stack === 0) must(await s.setStack(x.seat, 1500));
      clock.advance(1000);
    } else if (hand === null || legal === null) {
      clock.advance(1000);
    } else {
      const seat = hand.order[hand.state.actor]!;
      const user = s.state.seats.get(seat)!.playerId;
      const r = roll();
      const action =
        r < 0.15 && legal.canFold
          ? { kind: "fold" as const }
          : r < 0.3 && legal.minRaiseTo !== null
            ? { kind: legal.isBet ? ("bet" as const) : ("raise" as const), to: legal.minRaiseTo }
            : legal.canCheck
              ? { kind: "check" as const }
              : { kind: "call" as const };
      must(await s.act(user, { handId: hand.handId, version: s.state.version, commandId: `c${cmd++}`, action }));
    }
    await s.idle();
  }
  const u = process.cpuUsage(t0);
  for (const { s } of tables) s.close();
  await store.close();
  return { stepMs: (u.user + u.system) / 1e3 / ACTIONS, fanMs: m.fanMs / ACTIONS, bytes };
}

const here = await load(join(import.meta.dirname, ".."));
const base = BASE === "" ? null : await load(BASE);
const sides: [string, Modules][] =
  base === null
    ? [["this", here]]
    : [
        ["base", base],
        ["this", here],
      ];
for (const [, m] of sides) await round(m, 1); // warm-up, not counted
const sums = new Map<string, { step: number; fan: number }>(sides.map(([name]) => [name, { step: 0, fan: 0 }]));
console.log(
  `${ACTIONS} steps a round over ${TABLES} table(s), ${ROUNDS} rounds${base === null ? "" : ", base and this in turns"} (ms of CPU per step; fan-out ms per step)`,
);
for (let k = 0; k < ROUNDS; k++) {
  const line: string[] = [];
  // Each side goes first every other round: the one that follows runs amid the other's garbage.
  const order = k % 2 === 0 ? sides : [...sides].reverse();
  for (const [name, m] of order) {
    const r = await round(m, 100 + k);
    const sum = sums.get(name)!;
    sum.step += r.stepMs;
    sum.fan += r.fanMs;
    line.push(`${name} step ${r.stepMs.toFixed(4)} fan-out ${r.fanMs.toFixed(4)} (${Math.round(r.bytes / ACTIONS)} B)`);
  }
  console.log(`round ${k + 1}: ${line.join(" | ")}`);
}
for (const [name] of sides) {
  const sum = sums.get(name)!;
  console.log(`${name}: step ${(sum.step / ROUNDS).toFixed(4)} ms, fan-out ${(sum.fan / ROUNDS).toFixed(4)} ms per step (mean of ${ROUNDS} rounds)`);
}
if (base !== null) {
  const a = sums.get("base")!;
  const b = sums.get("this")!;
  console.log(`this / base: step ${(b.step / a.step).toFixed(3)}, fan-out ${(b.fan / a.fan).toFixed(3)}`);
}

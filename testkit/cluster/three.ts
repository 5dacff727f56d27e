// Test helpers for the three-process proof: three `felt serve --cluster` child
// processes on one schema and one bucket prefix, who serves which partition as their own
// output says, and a driver that plays a tournament with each player's bot on a chosen
// process (falling back to another while that one is down, as a load balancer would),
// counting every HTTP call that failed and keeping every frame with when it arrived.
import { randomBytes } from "node:crypto";
import type { LobbyResponse, LobbyTournament, ServerMessage } from "../../src/protocol/index.ts";
import { tournamentKey } from "../../src/cluster/ownership.ts";
import { dropClusterBuckets } from "./nats.ts";
import { Bot } from "../server/bot.ts";
import { api, cmd, pgSchema, setupTournament, type Setup } from "../server/harness.ts";
import type { EventStore, Ledger } from "../../src/store/index.ts";
import { openEventStore, openLedger, parseDbUrl, unwrapTarget } from "../server/crash-storage.ts";
import { freePort, killChild, startServeChild, type ServeChild } from "../server/serve-child.ts";
import type { TableLayout } from "../../src/cluster/members.ts";
import { memberArgs } from "./members.ts";
import { onTestFinished } from "vitest";
import { until } from "./nats.ts";

export interface Member {
  readonly name: string;
  readonly port: number;
  readonly url: string;
  child: ServeChild;
  /** False while stopped or being stopped: the driver sends nothing new there. */
  up: boolean;
  /** Lines of earlier incarnations of this member (before a restart). */
  readonly past: { at: number; text: string }[];
}

export class Three {
  readonly members: Member[] = [];
  private constructor(
    readonly db: string,
    readonly prefix: string,
    /** Where every member runs its tables (`--split-tables` or `--tables-with-director`). */
    readonly layout: TableLayout,
  ) {}

  static async start(db: string, names: readonly string[], layout: TableLayout): Promise<Three> {
    const three = new Three(db, `felt_test_${process.pid}_${randomBytes(4).toString("hex")}`, layout);
    const ports = await Promise.all(names.map(() => freePort()));
    const children = await Promise.all(names.map((n, i) => startServeChild(db, ports[i]!, three.args(n))));
    for (const [i, n] of names.entries())
      three.members.push({ name: n, port: ports[i]!, url: `http://127.0.0.1:${ports[i]}`, child: children[i]!, up: true, past: [] });
    return three;
  }

  private args(member: string): string[] {
    return memberArgs(member, this.prefix, this.layout);
  }

  /** Stops a member with `signal` (marked down first, so the driver sends it nothing new). */
  async stop(m: Member, signal: NodeJS.Signals): Promise<void> {
    m.up = false;
    this.events.push(`${clockTime()} ${signal} ${m.name}`);
    await killChild(m.child, signal);
    this.events.push(`${clockTime()} ${m.name} exited`);
  }

  /** Stops and starts, with the time (a failed test says). */
  private readonly events: string[] = [];
  restarts(): readonly string[] {
    return this.events;
  }

  /** Starts the member again on its port under its name. */
  async restart(m: Member): Promise<void> {
    m.past.push(...m.child.lines());
    m.child = await startServeChild(this.db, m.port, this.args(m.name));
    m.up = true;
    this.events.push(`${clockTime()} ${m.name} listening again`);
  }

  /** Starts again every member that is stopped or died (a failed test's leftovers), so the next test starts from three. */
  async startStopped(): Promise<void> {
    for (const m of this.members) {
      const c = m.child.child;
      if (!m.up || c.exitCode !== null || c.signalCode !== null) {
        await killChild(m.child, "SIGKILL");
        await this.restart(m);
      }
    }
  }

  async close(): Promise<void> {
    for (const m of this.members) await killChild(m.child, "SIGKILL");
    await dropClusterBuckets(this.prefix).catch(() => {});
  }

  /** Partition key → member, as each running member's own output says (its last word about the key). */
  served(): Map<string, string> {
    const owner = new Map<string, string>();
    for (const m of this.members) {
      if (!m.up) continue;
      const mine = new Set<string>();
      for (const l of m.child.lines()) {
        const s = /cluster: (\S+) serves (\S+) at epoch/.exec(l.text);
        if (s) mine.add(s[2]!);
        const gone = /cluster: (\S+) (?:stops serving (\S+):|hands (\S+) over)/.exec(l.text);
        if (gone) mine.delete(gone[2] ?? gone[3]!);
      }
      for (const k of mine) owner.set(k, m.name);
    }
    return owner;
  }

  /** How many partitions each running member serves, in member order. */
  counts(): number[] {
    const served = [...this.served().values()];
    return this.members.map((m) => served.filter((x) => x === m.name).length);
  }

  /** Lease acquisitions (`serves … at epoch`) printed so far by every incarnation of every member. */
  acquisitions(): { member: string; at: number; key: string }[] {
    const out: { member: string; at: number; key: string }[] = [];
    for (const m of this.members)
      for (const l of [...m.past, ...m.child.lines()]) {
        const s = /cluster: (\S+) serves (\S+) at epoch/.exec(l.text);
        if (s) out.push({ member: m.name, at: l.at, key: s[2]! });
      }
    return out;
  }

  /** Every member's lines (all incarnations) that mention one of `needles`, in time order, in ms from `from` (a failed proof says what the members did). */
  linesAbout(needles: readonly string[], from: number): string[] {
    const out: { at: number; text: string }[] = [];
    for (const m of this.members)
      for (const l of [...m.past, ...m.child.lines()]) if (needles.some((n) => l.text.includes(n))) out.push({ at: l.at, text: `${m.name}: ${l.text}` });
    return out.sort((a, b) => a.at - b.at).map((l) => `${l.at - from} ms ${l.text}`);
  }

  ownerOf(tournamentId: string): Member | undefined {
    return this.ownerOfKey(tournamentKey(tournamentId));
  }

  ownerOfKey(key: string): Member | undefined {
    const name = this.served().get(key);
    return this.members.find((m) => m.name === name);
  }

  /** A command id whose tournament (`T<commandId>`) lands in a partition `m` serves. */
  commandOn(m: Member): string {
    const served = this.served();
    for (let i = 0; i < 10_000; i++) {
      const c = cmd();
      if (served.get(tournamentKey(`T${c}`)) === m.name) return c;
    }
    throw new Error(`${m.name} serves no partition: ${JSON.stringify([...served])}`);
  }
}

/** Signs up n players (each through the member it will play on), deposits, registers them. */
export function tournamentWith(three: Three, commandId: string, n: number, structure: unknown, via: (i: number) => Member): Promise<Setup> {
  return setupTournament(three.members[0]!.url, n, { commandId, structure, via: (i) => via(i).url });
}

/** Three members on a throwaway schema, with the store and ledger the proofs read (one start shared by a test file). */
export interface ThreeRun {
  readonly three: Three;
  readonly store: EventStore;
  readonly ledger: Ledger;
  readonly schema: string;
  close(): Promise<void>;
}

export async function startThreeRun(layout: TableLayout): Promise<ThreeRun> {
  const schema = await pgSchema();
  try {
    const three = await Three.start(schema.url, ["a", "b", "c"], layout);
    const target = unwrapTarget(parseDbUrl(schema.url));
    const store = await openEventStore(target);
    const ledger = await openLedger(target);
    return {
      three,
      store,
      ledger,
      schema: schema.url,
      async close() {
        await three.close();
        await store.close();
        await ledger.close();
        await schema.drop().catch(() => {});
      },
    };
  } catch (e) {
    await schema.drop().catch(() => {});
    throw e;
  }
}

const clockTime = (at = Date.now()) => new Date(at).toISOString().slice(11, 23);

/** A frame as it arrived: which bot incarnation, when, what. */
export interface Arrival {
  readonly bot: number;
  readonly player: number;
  readonly at: number;
  readonly m: ServerMessage;
}

/** Plays `s` to its end with player i on member `home(i)` (another while that one is down). */
export class Driver {
  /** Every bot incarnation (a player moved to another member gets a new one). */
  readonly bots: Bot[] = [];
  readonly current: Bot[] = [];
  readonly arrivals: Arrival[] = [];
  /** Acts as sent: which bot incarnation of which player, when, on which table version, with which id. */
  readonly sent: { bot: number; player: number; at: number; tableId: string; version: number; commandId: string }[] = [];
  httpCalls = 0;
  readonly httpFailures: string[] = [];
  allInChance = 0;

  constructor(
    readonly three: Three,
    readonly s: Setup,
    readonly home: (i: number) => number,
  ) {
    this.watcher = setInterval(() => this.rehome(), 100);
  }

  /**
   * A player whose connection closed because its member is down reconnects to another one
   * 500 ms later, as the web app does (web/src/api/live.ts: the balancer sends the retry to
   * a member that is up), not at the driver's next lobby round over every player.
   */
  private readonly watcher: ReturnType<typeof setInterval>;
  private readonly closedSince = new Map<number, number>();
  private readonly rehoming = new Set<number>();
  private rehome(): void {
    this.current.forEach((b, i) => {
      const down = this.three.members.find((m) => m.url === b.base)?.up === false;
      if (b.ws !== null || !down) return void this.closedSince.delete(i);
      const since = this.closedSince.get(i) ?? Date.now();
      this.closedSince.set(i, since);
      const m = this.memberFor(i);
      if (Date.now() - since < 500 || m === undefined || this.rehoming.has(i)) return;
      this.rehoming.add(i);
      void this.bot(i, m)
        .catch(() => undefined)
        .finally(() => this.rehoming.delete(i));
    });
  }

  private memberFor(i: number): Member | undefined {
    const ms = this.three.members;
    for (let k = 0; k < ms.length; k++) {
      const m = ms[(this.home(i) + k) % ms.length]!;
      if (m.up) return m;
    }
    return undefined;
  }

  private async bot(i: number, m: Member): Promise<Bot> {
    const have = this.current[i];
    if (have !== undefined && have.base === m.url && have.ws !== null) return have;
    const p = this.s.players[i]!;
    const index = this.bots.length;
    // A player moved off a stopped member follows its table again at once, as the web app
    // does after a reconnect (not after the next lobby answer: a lobby asked while a
    // partition has no owner waits for it).
    const table = have !== undefined && have.base !== m.url ? have.tableId : null;
    if (have !== undefined && have.base !== m.url) have.close();
    const b =
      have !== undefined && have.base === m.url
        ? have
        : new Bot(m.url, p.name, p.token, {
            seed: index + 1,
            keepFrames: true,
            onAct: (tableId, version, commandId) => this.sent.push({ bot: index, player: i, at: Date.now(), tableId, version, commandId }),
            onBroadcast: (msg, bot) => {
              // The bot also reports the view each step led to; only what arrived counts.
              if (msg.type === "table-view" && bot.frames.at(-1) !== msg) return;
              this.arrivals.push({ bot: index, player: i, at: Date.now(), m: msg });
            },
          });
    if (b !== have) {
      this.bots.push(b);
      this.current[i] = b;
      if (table !== null) b.watch(table); // subscribed on its welcome
      if (have !== undefined) b.keepUnanswered(have);
    }
    b.allInChance = this.allInChance;
    await b.connect();
    return b;
  }

  setAllIn(chance: number): void {
    this.allInChance = chance;
    for (const b of this.current) b.allInChance = chance;
  }

  private async lobby(m: Member, token: string): Promise<LobbyTournament | undefined> {
    this.httpCalls++;
    const up = m.up;
    try {
      const r = await api<LobbyResponse>(m.url, "GET", "/api/v1/lobby", undefined, token);
      if (r.status !== 200) this.httpFailures.push(`${m.name}: HTTP ${r.status} ${JSON.stringify(r.body)}`);
      return r.status === 200 ? r.body.tournaments.find((t) => t.id === this.s.tournamentId) : undefined;
    } catch (e) {
      // Only a member marked up when the call was sent counts (a balancer would not send it to one
      // being stopped); a call in flight when the stop began must still be answered.
      if (up) this.httpFailures.push(`${m.name}: ${(e as Error).message}`);
      return undefined;
    }
  }

  async play(opts: { timeoutMs: number; onTick?: () => Promise<void> }): Promise<LobbyTournament> {
    const deadline = Date.now() + opts.timeoutMs;
    for (;;) {
      await opts.onTick?.();
      let final: LobbyTournament | undefined;
      // Every player on its own, at once, as independent clients are (one after another, a
      // round over 21 players took seconds on a loaded machine, and a moved player learnt
      // its new table only then, while the table's action clock ran).
      await Promise.all(
        this.s.players.map(async (p, i) => {
          const m = this.memberFor(i);
          if (m === undefined) return;
          const b = await this.bot(i, m);
          const t = await this.lobby(m, p.token);
          if (t === undefined) return;
          if (final === undefined || t.status === "finished") final = t;
          if (t.mine?.tableId) b.watch(t.mine.tableId);
        }),
      );
      if (final?.status === "finished") return final;
      if (Date.now() > deadline) throw new Error(`tournament not finished in time (${final?.playersLeft} left)`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  close(): void {
    clearInterval(this.watcher);
    for (const b of this.bots) b.close();
  }

  /** Error frames any bot got (codes). */
  errors(): string[] {
    return this.bots.flatMap((b) => b.errors);
  }

  /**
   * Error frames as they arrived: which bot on which member, when, and what (a failed test
   * says), with the player's last views and acts, and, given the store, what the table's
   * stream holds around the version the error names.
   */
  async errorFrames(store?: EventStore): Promise<string[]> {
    const out: string[] = [];
    for (const [k, a] of this.arrivals.entries()) {
      if (a.m.type !== "error") continue;
      const b = this.bots[a.bot]!;
      const member = this.three.members.find((m) => m.url === b.base)?.name ?? b.base;
      // What this player saw of its table just before: the last views (any of its connections).
      const views = this.arrivals.slice(0, k).filter((x) => x.player === a.player && x.m.type === "table-view");
      const before = views.slice(-4).map((x) => {
        const v = (x.m as Extract<ServerMessage, { type: "table-view" }>).view;
        return `${clockTime(x.at)} bot ${x.bot} v${v.version} actor ${v.actor} mine ${v.mySeat}`;
      });
      const acts = this.sent
        .filter((x) => x.player === a.player && x.at <= a.at)
        .slice(-3)
        .map((x) => `${clockTime(x.at)} bot ${x.bot} v${x.version} ${x.commandId}`);
      out.push(
        `${clockTime(a.at)} player ${a.player} (bot ${a.bot}) on ${member}: ${a.m.error.code} ${a.m.error.message} ${JSON.stringify(a.m.error.details ?? {})}; views before: ${before.join(", ")}; acts sent: ${acts.join(", ")}`,
      );
      const last = views.at(-1)?.m as Extract<ServerMessage, { type: "table-view" }> | undefined;
      const at = (a.m.error.details as { version?: unknown } | undefined)?.version;
      if (store === undefined || last === undefined || typeof at !== "number") continue;
      const events = await store.read(`table:${last.view.tableId}`);
      for (const e of events.filter((x) => x.version >= at - 3 && x.version <= at + 1)) {
        const data = JSON.stringify(e.data).slice(0, 160);
        out.push(`    ${last.view.tableId} v${e.version} ${e.type} ${JSON.stringify(e.meta)} ${data}`);
      }
    }
    return out;
  }
}

/**
 * Gapless: in each bot's frames for each table, every step's version is the
 * previous one + 1 (or the same, for a step without events: only the view changed), or a
 * whole fresh view came (a resync; the first view is the start).
 */
export function gaps(bots: readonly Bot[]): { gaps: string[]; resyncs: number; steps: number; viewOnly: number } {
  const out: string[] = [];
  let resyncs = 0;
  let steps = 0;
  let viewOnly = 0;
  for (const [k, b] of bots.entries()) {
    const prev = new Map<string, number>();
    for (const m of b.frames) {
      if (m.type === "table-view") {
        if (prev.has(m.view.tableId)) resyncs++;
        prev.set(m.view.tableId, m.view.version);
      } else if (m.type === "table-step") {
        steps++;
        const p = prev.get(m.tableId);
        // A step with no event (a seat's "connected" dot, the clock) keeps the version.
        if (p !== undefined && m.version === p && m.events.length === 0) viewOnly++;
        else if (p !== undefined && m.version !== p + 1) out.push(`bot ${k} ${m.tableId}: ${p} → ${m.version}`);
        prev.set(m.tableId, m.version);
      }
    }
  }
  return { gaps: out, resyncs, steps, viewOnly };
}

/**
 * Plays the driver's tournament while each member in turn is stopped with SIGTERM and
 * started again, in the background, one at a time: member k goes after (k + 1) ×
 * `actsPerStep` acknowledged actions, and the next waits until every member serves at
 * least `share` partitions again. Only after the last may the tournament end (all-in chance
 * 0.05). Returns the final lobby line, each stop's exit code, and how long after each
 * SIGTERM the others had taken its partitions (-1: none taken).
 */
export async function playThroughRollingRestart(
  three: Three,
  d: Driver,
  opts: { share: number; actsPerStep: number },
): Promise<{ final: LobbyTournament; exits: (number | null)[]; handOvers: number[] }> {
  let next = 0;
  let busy: Promise<void> | null = null;
  const handOvers: number[] = [];
  const exits: (number | null)[] = [];
  const shared = () => (three.counts().every((n) => n >= opts.share) ? true : undefined);
  const restart = async (m: Member) => {
    const at = Date.now();
    await three.stop(m, "SIGTERM");
    exits.push(m.child.child.exitCode);
    const taken = three.acquisitions().filter((x) => x.at > at && x.member !== m.name);
    handOvers.push(taken.length === 0 ? -1 : Math.max(...taken.map((x) => x.at - at)));
    await three.restart(m);
    await until(shared, `${m.name} serves its share again`, 120_000);
    if (next === 3) d.setAllIn(0.05); // only now may it end
    busy = null;
  };
  onTestFinished(async () => {
    d.close();
    await (busy as Promise<void> | null)?.catch(() => {});
    await three.startStopped();
  });
  const onTick = async () => {
    if (busy !== null || next >= 3 || d.bots.reduce((n, b) => n + b.acked.size, 0) < opts.actsPerStep * (next + 1)) return;
    busy = restart(three.members[next++]!);
  };
  const final = await d.play({ timeoutMs: 500_000, onTick });
  return { final, exits, handOvers };
}

// One process of bots for bench/load.ts: the bots of whole tables (so an action's
// sender and its recipients share this process's clock), driven over IPC by the bench.
// It records, while measuring, when each action was sent and when each other player at the
// table received it, and its own event-loop delay second by second, so a stall of the load
// generator shows as such and is not blamed on the server.
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { readFileSync } from "node:fs";
import { Bot, type BotOptions } from "../testkit/server/bot.ts";

export type Heartbeat = NonNullable<BotOptions["heartbeat"]>;

export interface BotSpec {
  readonly name: string;
  readonly token: string;
  readonly tableId: string;
  readonly seed: number;
  /** The server this bot plays through (a cluster's processes); the start message's `base` otherwise. */
  readonly base?: string;
}

export type ToBots =
  | {
      readonly type: "start";
      readonly base: string;
      readonly bots: readonly BotSpec[];
      readonly thinkMs: number;
      readonly protocol: number;
      /** How the bots ping (BotClientOptions.heartbeat); null: never. */
      readonly heartbeat: Heartbeat | null;
    }
  | { readonly type: "watch" }
  | { readonly type: "reset" }
  | { readonly type: "stats" }
  | { readonly type: "close" };

export interface BotsStats {
  /** [command id, epoch ms sent, table id]. */
  readonly acts: Array<[string, number, string]>;
  /** [command id, epoch ms received by one other player at the table]. */
  readonly deliveries: Array<[string, number]>;
  readonly acks: number;
  /** Pongs received while measuring: the heartbeat's frames (one ping in, one pong out each). */
  readonly pongs: number;
  /** Hands begun at this process's tables while measuring (a step with a hand-start event, once per table and hand). */
  readonly handsBegun: number;
  /** Bots whose socket is on another server than the one they started on (a cluster named their table's home, protocol v3). */
  readonly movedHome: number;
  readonly loopDelayMs: { p50: number; p99: number; max: number };
  readonly cpu: number;
  readonly cpuWait: number | null;
  /** [epoch ms at the end of the second, loop delay max ms]. */
  readonly seconds: Array<[number, number]>;
}

export type FromBots =
  | { readonly type: "connected"; readonly ok: number }
  | { readonly type: "watching" }
  | { readonly type: "stats"; readonly stats: BotsStats };

const epoch = () => performance.timeOrigin + performance.now();

function runqueueNs(): number | null {
  try {
    return Number(readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[1]);
  } catch {
    return null;
  }
}

let bots: Bot[] = [];
let specs: readonly BotSpec[] = [];
let startBase = "";
let measuring = false;
/** The last action sent at each table: its command id, version and time. */
const sent = new Map<string, { id: string; version: number; at: number }>();
let acts: Array<[string, number, string]> = [];
let deliveries: Array<[string, number]> = [];
let acks = 0;
let pongs = 0;
const begun = new Set<string>();
const delay = monitorEventLoopDelay({ resolution: 1 });
const perSecond = monitorEventLoopDelay({ resolution: 1 });
let seconds: Array<[number, number]> = [];
let cpu = process.cpuUsage();
let cpuAt = performance.now();
let waited = runqueueNs();
setInterval(() => {
  if (measuring) seconds.push([epoch(), perSecond.max / 1e6]);
  perSecond.reset();
}, 1000).unref();

async function pool<T>(items: readonly T[], n: number, fn: (x: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

const reply = (m: FromBots) => process.send!(m);

process.on("message", (m: ToBots) => {
  switch (m.type) {
    case "start": {
      specs = m.bots;
      startBase = m.base;
      bots = specs.map(
        (p) =>
          new Bot(p.base ?? m.base, p.name, p.token, {
            seed: p.seed,
            trustFrames: true,
            protocol: m.protocol,
            thinkMs: m.thinkMs,
            ...(m.heartbeat === null ? {} : { heartbeat: m.heartbeat }),
            onAct: (tableId, version, commandId) => {
              const at = epoch();
              sent.set(tableId, { id: commandId, version, at });
              if (measuring) acts.push([commandId, at, tableId]);
            },
            onBroadcast: (msg, bot) => {
              if (!measuring) return;
              if (msg.type === "ack") acks++;
              else if (msg.type === "pong") pongs++;
              // v2: the action arrives in a table-step; v1 (--protocol 1): as an event frame
              if (msg.type !== "table-step" && msg.type !== "event") return;
              for (const e of msg.type === "table-step" ? msg.events : [msg.event]) {
                if (e.kind === "hand-start") begun.add(`${msg.tableId}/${e.handNumber}`);
                if (e.kind !== "action" || e.timeout) continue;
                const s = sent.get(msg.tableId);
                if (s !== undefined && msg.version === s.version + 1 && bot.view?.mySeat !== e.seat) deliveries.push([s.id, epoch()]);
              }
            },
          }),
      );
      let ok = 0;
      void pool(bots, 64, async (b) => void ((await b.connect()) && ok++)).then(() => reply({ type: "connected", ok }));
      break;
    }
    case "watch":
      bots.forEach((b, i) => b.watch(specs[i]!.tableId));
      reply({ type: "watching" });
      break;
    case "reset":
      acts = [];
      deliveries = [];
      seconds = [];
      acks = 0;
      pongs = 0;
      begun.clear();
      delay.enable();
      delay.reset();
      perSecond.enable();
      perSecond.reset();
      cpu = process.cpuUsage();
      cpuAt = performance.now();
      waited = runqueueNs();
      measuring = true;
      break;
    case "stats": {
      measuring = false;
      const used = process.cpuUsage(cpu);
      const now = runqueueNs();
      const wall = performance.now() - cpuAt;
      const ms = (x: number) => Number((x / 1e6).toFixed(1));
      reply({
        type: "stats",
        stats: {
          acts,
          deliveries,
          acks,
          pongs,
          handsBegun: begun.size,
          movedHome: bots.filter((b, i) => b.server !== (specs[i]!.base ?? startBase)).length,
          loopDelayMs: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
          cpu: Number(((used.user + used.system) / 1000 / wall).toFixed(2)),
          cpuWait: now === null || waited === null ? null : Number(((now - waited) / 1e6 / wall).toFixed(2)),
          seconds,
        },
      });
      break;
    }
    case "close":
      bots.forEach((b) => b.close());
      process.exit(0);
  }
});

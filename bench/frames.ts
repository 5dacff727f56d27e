// Transport floor: what an action costs the server in WebSocket frames alone, with no table,
// store or view behind it. The server's sockets take one small frame in (a player's action)
// and write one table-step-sized frame out to each of the table's players, corked until the
// next tick as the gateway writes (src/server/gateway/ws-gateway.ts), through the same `ws`
// library. The players are another process, at the load bench's pace (bench/load.ts: 1,000
// tables of nine, an action at each table every two seconds, so 500 actions a second). It
// prints the server's CPU per action (user and kernel) for every window: the part of
// bench/load.ts's figure that stays on this machine while every action sends a frame to
// each player.
//
// Run: npx tsx bench/frames.ts [--tables 1000] [--per-table 9] [--rate 500] [--bytes 700]
//                               [--seconds 20] [--windows 3]
// (Framing a tick's frames to a socket into one buffer by hand, bypassing `ws`'s sender,
// saved nothing the runs could separate: docs/benchmarks.md, 2026-12-06 evening.)
import { fork } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocket, WebSocketServer } from "ws";
import { positiveInteger } from "./args.ts";

const args = process.argv.slice(2);
const TABLES = positiveInteger(args, "tables", 1000);
const PER_TABLE = positiveInteger(args, "per-table", 9);
const RATE = positiveInteger(args, "rate", 500);
const BYTES = positiveInteger(args, "bytes", 700);
const SECONDS = positiveInteger(args, "seconds", 20);
const WINDOWS = positiveInteger(args, "windows", 3);

if (args[0] === "--players") await players(Number(args[1]));
else await server();

/** The players' process: PER_TABLE sockets a table; the first of each sends the actions. */
async function players(port: number): Promise<void> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < TABLES * PER_TABLE; i++) {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/`, { headers: { "x-table": String(Math.floor(i / PER_TABLE)) } });
    await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
    ws.on("message", () => {});
    sockets.push(ws);
  }
  process.send?.("ready");
  // Actions at RATE a second, in bursts every 10 ms, round the tables in turn. The bursts
  // carry the rate's share of a tick, fractions kept for the next: a rate under 100 a second
  // is not rounded up to one action a tick.
  let next = 0;
  let due = 0;
  const act = JSON.stringify({ type: "act", commandId: "c".repeat(24), tableId: "t".repeat(12), version: 0, action: { kind: "call" } });
  setInterval(() => {
    for (due += RATE / 100; due >= 1; due--) {
      sockets[(next % TABLES) * PER_TABLE]!.send(act);
      next++;
    }
  }, 10);
}

async function server(): Promise<void> {
  const http = createServer();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1 << 20 });
  const tables: WebSocket[][] = Array.from({ length: TABLES }, () => []);
  const step = `{"type":"table-step","events":[],"patch":{"pad":"${"x".repeat(Math.max(0, BYTES - 40))}"}}`;
  let actions = 0;
  const corked = new Set<WebSocket>();
  const write = (ws: WebSocket): void => {
    // The gateway's way: cork the TCP socket until the next tick, then one write.
    const raw = (ws as unknown as { _socket: { cork(): void; uncork(): void } })._socket;
    if (!corked.has(ws)) {
      corked.add(ws);
      raw.cork();
      process.nextTick(() => {
        corked.delete(ws);
        raw.uncork();
      });
    }
    ws.send(step);
  };
  http.on("upgrade", (req, socket, head) => {
    const table = tables[Number(req.headers["x-table"])]!;
    wss.handleUpgrade(req, socket, head, (ws) => {
      table.push(ws);
      ws.on("message", () => {
        actions++;
        for (const p of table) write(p);
      });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const child = fork(import.meta.filename, ["--players", String((http.address() as AddressInfo).port), ...args], { execArgv: process.execArgv });
  await new Promise((resolve) => child.once("message", resolve));
  console.log(
    `${TABLES} tables × ${PER_TABLE} sockets, ${RATE} actions/s, a ${Buffer.byteLength(step)}-byte frame to each player per action, ws.send under cork`,
  );
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const perAction: number[] = [];
  for (let w = 1; w <= WINDOWS; w++) {
    const cpu = process.cpuUsage();
    const before = actions;
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    const used = process.cpuUsage(cpu);
    const n = actions - before;
    const ms = (us: number) => (us / 1000 / n).toFixed(3);
    perAction.push((used.user + used.system) / 1000 / n);
    console.log(
      `window ${w}: ${Math.round(n / SECONDS)} actions/s, ${ms(used.user + used.system)} ms of CPU per action (user ${ms(used.user)}, kernel ${ms(used.system)})`,
    );
  }
  console.log(`mean ${(perAction.reduce((a, b) => a + b, 0) / perAction.length).toFixed(3)} ms of CPU per action over ${WINDOWS} windows`);
  child.kill();
  http.close();
  process.exit(0);
}

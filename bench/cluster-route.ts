// Routed calls across two in-process FeltServers: the same GET tournament and
// the same WebSocket `sit-out`/`sit-in` pair answered locally on the owner (A) and forwarded
// from another process (B) over the machine's NATS; p50/p99 per path. A figure for the
// README and the capacity plan, not a test: run with `npx tsx bench/cluster-route.ts`
// (FELT_TEST_NATS, FELT_TEST_PG as the tests).
import { performance } from "node:perf_hooks";
import { partitionKey, tournamentPartition } from "../src/cluster/partition.ts";
import { handOwnership, tempPrefix, testNats } from "../testkit/cluster/nats.ts";
import { FeltServer } from "../src/server/felt-server.ts";
import { ClusterLink } from "../src/server/gateway/cluster-link.ts";
import { tournamentIdFor } from "../src/server/gateway/http-director.ts";
import { tableCommand } from "../src/server/gateway/table-commands.ts";
import { api, cmd, DIRECTOR, must, pgSchema } from "../testkit/server/harness.ts";

const N = Number(process.env["N"] ?? 400);
const pg = await pgSchema();
const opts = {
  db: pg.url,
  port: 0,
  handPauseMs: 0,
  scrypt: { N: 1024, r: 8, p: 1 },
  directors: [DIRECTOR],
  webDist: null,
  rateLimit: { perSecond: 100_000, burst: 100_000 },
  signUpLimits: { perAddress: 0 },
  log: () => {},
};
const A = await FeltServer.start(opts);
const B = await FeltServer.start(opts);
const keys = (half: number) => Array.from({ length: 32 }, (_, i) => [partitionKey({ kind: "tournament", index: i + half * 32 }), 1] as [string, number]);
const prefix = tempPrefix();
const ncs = [await testNats(), await testNats()];
ClusterLink.attach(A, ncs[0]!, handOwnership("A", keys(0)), { prefix });
ClusterLink.attach(B, ncs[1]!, handOwnership("B", keys(1)), { prefix });
const d = await must<{ token: string }>(api(A.url, "POST", "/api/v1/auth/sign-in", DIRECTOR));
let c = cmd();
while (tournamentPartition(tournamentIdFor(c)).index >= 32) c = cmd();
const id = tournamentIdFor(c);
await must(
  api(
    A.url,
    "POST",
    "/api/v1/director/tournaments",
    { commandId: c, presetId: "seed", name: "bench", kind: "online", startsAt: Date.now() + 3_600_000 },
    d.token,
  ),
);

const pct = (xs: number[], p: number) => xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!.toFixed(2);
async function time(label: string, f: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await f();
  const xs: number[] = [];
  for (let i = 0; i < N; i++) {
    const t0 = performance.now();
    await f();
    xs.push(performance.now() - t0);
  }
  console.log(`${label.padEnd(44)} p50 ${pct(xs, 0.5)} ms  p99 ${pct(xs, 0.99)} ms  (n=${N})`);
}
await time("HTTP GET tournament on its owner (A)", () => api(A.url, "GET", `/api/v1/tournaments/${id}`));
await time("HTTP GET tournament via B (forwarded)", () => api(B.url, "GET", `/api/v1/tournaments/${id}`));
const sender = { id: "u_nobody", name: "nobody", role: "player" };
const chat = { type: "chat" as const, tableId: `${id}-t1`, text: "hi" };
await time("table command to a missing table, on A", () => tableCommand(A, sender, chat));
await time("the same forwarded from B (NATS round trip)", () => tableCommand(B, sender, chat));
console.log(
  `load average: ${(await import("node:os"))
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}`,
);
await A.close();
await B.close();
for (const nc of ncs) await nc.drain();
await pg.drop();

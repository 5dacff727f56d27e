import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { build } from "vite";
import { chromium, type Browser } from "playwright-core";
import type { NatsConnection } from "nats";
import { RESOURCES } from "../src/i18n/index.ts";
import { TABLE_KEYS } from "../../src/cluster/host.ts";
import { liveOwners, openLeaseBuckets, type LeaseBuckets } from "../../src/cluster/leases.ts";
import { tableKey } from "../../src/cluster/ownership.ts";
import { tournamentIdFor } from "../../src/server/gateway/http-director.ts";
import type { LobbyTournament } from "../../src/protocol/index.ts";
import { api, cmd, must, pgSchema } from "../../testkit/server/harness.ts";
import { freePort } from "../../testkit/server/serve-child.ts";
import { dropClusterBuckets, tempPrefix, testNats } from "../../testkit/cluster/nats.ts";
import { startFelt, type FeltProcess } from "./felt-process.ts";
import { deposit, lobbyRow, registerBots, signInDirector, type BotCrew } from "./real-bots.ts";
import { artifacts, BROWSER_ARGS, CHROMIUM, haveChromium, repo, signInForm } from "./stage.ts";

// A player in chromium on a REAL two-member cluster: two `felt serve --cluster` children on the
// machine's PostgreSQL and NATS, each with its own --public-url, the freshly built app. The
// page is opened on member 1, the only address the player knows (a balancer's, in a room); the
// player's table is run by member 2. The player signs up, registers from the lobby, is taken
// to the table when it starts and plays there: what they read is the same as on one server,
// while the app's socket has gone to member 2 (protocol v3 `table-home`), so their actions are
// answered where the table runs. Then member 2 is stopped with SIGTERM: it hands the table over
// to member 1, the app comes back through the page's own address and the player plays on.
// Screenshots → artifacts/cluster-*.png.

if (!haveChromium) console.warn(`web e2e (cluster journey) SKIPPED: ${CHROMIUM} is not installed (apt-get install -y chromium)`);

const DIRECTOR = { name: "floor-chief", password: "floor-password-1" };
const en = RESOURCES.en;
/** Slow blinds and a deep stack: nobody busts while the test plays its hands. */
const DEEP = {
  startingStack: 20_000,
  levels: [{ kind: "level" as const, sb: 50, bb: 100, ante: 0, minutes: 60, colourUp: null }],
};

describe.skipIf(!haveChromium)("a player on a cluster in chromium", () => {
  let work = "";
  let pg: { url: string; drop(): Promise<void> } | undefined;
  const prefix = tempPrefix();
  let nc: NatsConnection | undefined;
  let buckets: LeaseBuckets | undefined;
  const members: FeltProcess[] = [];
  let browser: Browser | undefined;
  let crew: BotCrew | undefined;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "felt-cluster-"));
    await build({ configFile: join(repo, "web", "vite.config.ts"), logLevel: "warn", build: { outDir: join(work, "web", "dist"), emptyOutDir: true } });
    pg = await pgSchema();
    const ports = [await freePort(), await freePort()];
    const member = (k: number) =>
      startFelt({
        repo,
        cwd: work,
        db: pg!.url,
        port: ports[k]!,
        director: DIRECTOR,
        args: [
          "--cluster",
          "--nats",
          process.env["FELT_NATS"] ?? "nats://127.0.0.1:4222",
          "--member",
          `m${k + 1}`,
          "--cluster-prefix",
          prefix,
          "--public-url",
          `http://127.0.0.1:${ports[k]}`,
          // The page comes from member 1: member 2 lets it connect.
          "--origin",
          `http://127.0.0.1:${ports[0]}`,
          "--scrypt-n",
          "1024",
          "--sign-ups-per-address",
          "0",
          "--action-ms",
          "20000",
        ],
      });
    // The first alone (it migrates the fresh schema and creates the director), then the second.
    members.push(await member(0));
    members.push(await member(1));
    nc = await testNats();
    buckets = await openLeaseBuckets(nc, prefix);
    // Both hold their share of the 256 table partitions before any table is placed.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const owners = [...(await liveOwners(buckets, TABLE_KEYS)).values()];
      if (owners.filter((m) => m === "m2").length >= 100 && owners.filter((m) => m === "m1").length >= 100) break;
      if (Date.now() > deadline)
        throw new Error(`table partitions not spread: m1 ${owners.filter((m) => m === "m1").length}, m2 ${owners.filter((m) => m === "m2").length}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: BROWSER_ARGS });
    mkdirSync(artifacts, { recursive: true });
  }, 240_000);

  afterEach(({ task }) => {
    if (task.result?.state === "fail")
      for (const [k, m] of members.entries())
        console.error(`member m${k + 1} output (last 3 KB):\n${m.output().slice(-3072)}\npage errors: ${pageErrors.join("\n")}`);
  });

  afterAll(async () => {
    await crew?.stop();
    await browser?.close();
    for (const m of members) await m.stop();
    await nc?.drain();
    await dropClusterBuckets(prefix);
    await pg?.drop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("the page is on member 1 and the table on member 2: the player is taken to the table and plays there through member 2's socket; member 2 stopped, play goes on through member 1", async () => {
    const [m1, m2] = members as [FeltProcess, FeltProcess];
    const director = await signInDirector(m1.url, DIRECTOR);
    // A tournament whose first table's partition member 2 holds (its id follows from the create's command id).
    const owners = await liveOwners(buckets!, TABLE_KEYS);
    let commandId = cmd();
    while (owners.get(tableKey(`${tournamentIdFor(commandId)}-t1`)) !== "m2") commandId = cmd();
    const created = await must<{ tournament: LobbyTournament }>(
      api(
        m1.url,
        "POST",
        "/api/v1/director/tournaments",
        {
          commandId,
          presetId: "seed",
          name: "Cluster evening",
          kind: "online",
          settings: { start: "manual" },
          startsAt: Date.now(),
          structure: DEEP,
          handPauseMs: 1500,
        },
        director,
      ),
    );
    const id = created.tournament.id;
    const tableId = `${id}-t1`;

    const context = await browser!.newContext();
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 860 });
    page.on("pageerror", (e) => pageErrors.push(e.message));
    // Every WebSocket the page opens, where to, and whether it is still open.
    const sockets: { url: string; open: boolean }[] = [];
    page.on("websocket", (ws) => {
      const s = { url: ws.url(), open: true };
      sockets.push(s);
      ws.on("close", () => (s.open = false));
    });
    const openOn = (m: FeltProcess) => sockets.filter((s) => s.open && s.url.startsWith(m.url.replace(/^http/, "ws"))).length;
    let step = 0;
    const shot = async (what: string) => page.screenshot({ path: join(artifacts, `cluster-${String(++step).padStart(2, "0")}-${what}.png`) });
    const appUrl = (hash: string) => `${m1.url}/?checkKeys=1&lang=en#/${hash}`;

    // 1. Signs up on member 1's page and is credited by the floor.
    const name = `cl${Date.now().toString(36).slice(-5)}`;
    await page.goto(appUrl("sign-in"));
    await signInForm(page, { name, password: "player-password-1" }, { signUp: true });
    const token = (await page.evaluate(() => localStorage.getItem("felt.token")))!;
    await deposit(m1.url, director, name, 50_000);

    // 2. Registers from the lobby's row, saying yes to the price.
    await page.goto(appUrl("lobby"));
    const row = page.locator(`tr[data-tournament=${id}]`);
    await row.waitFor({ timeout: 20_000 });
    await row.getByRole("button", { name: en.lobby.action.register, exact: true }).click();
    const ask = row.getByTestId("confirm-pay");
    await ask.waitFor({ timeout: 10_000 });
    expect(await ask.textContent()).toMatch(/^Register in Cluster evening costs [\d,.]+\./);
    await ask.locator("[data-action=confirm-pay]").click();
    await expect.poll(async () => (await lobbyRow(m1.url, token, id))?.mine?.state).toBe("registered");
    crew = await registerBots(m1.url, director, id, 3, { allInChance: 0 });
    await shot("lobby-registered");
    expect(openOn(m1)).toBe(1);
    expect(openOn(m2)).toBe(0);

    // 3. The floor starts it; the player, waiting on the lobby, is taken to the table.
    await must(api(m1.url, "POST", `/api/v1/director/tournaments/${id}/start`, { commandId: cmd() }, director));
    await page.waitForURL(/#\/tables?\b/, { timeout: 60_000 });
    const me = page.locator(".felt .seat.me");
    await me.waitFor({ timeout: 30_000 });
    expect(await me.locator(".seat-box").textContent()).toContain(name);
    // Its one level lasts until the end: the bar says so instead of a clock at 0:00.
    await expect.poll(() => page.getByTestId("tournament-bar").locator("summary b").textContent()).toBe("Level 1 · 50 / 100 · last level");
    // The app went to the member that runs the table, and left member 1's socket.
    await expect.poll(() => [openOn(m1), openOn(m2)], { timeout: 20_000 }).toEqual([0, 1]);
    await shot("table-on-member-2");

    // 4. Plays: C (check or call) at each turn; each press moves the table on.
    let acted = 0;
    const playUntil = async (done: () => boolean, guardMs: number) => {
      const deadline = Date.now() + guardMs;
      while (!done() && Date.now() < deadline) {
        const bar = page.locator(".action-bar");
        if (await bar.isVisible().catch(() => false)) {
          const version = await page.locator(".table-wrap").first().getAttribute("data-version");
          await page.keyboard.press("c");
          const moved = await expect
            .poll(() => page.locator(".table-wrap").first().getAttribute("data-version"), { timeout: 10_000 })
            .not.toBe(version)
            .then(
              () => true,
              () => false,
            );
          if (moved) acted++;
        }
        await page.waitForTimeout(200);
      }
    };
    await playUntil(() => acted >= 3, 120_000);
    expect(acted, "the player acted at the table member 2 runs").toBeGreaterThanOrEqual(3);
    expect(openOn(m2)).toBe(1);
    // The hand log reads as on one server: the player's own actions are in it.
    await expect.poll(() => page.getByTestId("table-feed").textContent(), { timeout: 10_000 }).toMatch(new RegExp(`${name} (checks|calls)`));
    await shot("played-on-member-2");

    // 5. Member 2 is stopped (a rolling restart): member 1 takes the table over, the app comes
    // back through the page's address, and the player plays on.
    await m2.stop();
    await expect.poll(() => [openOn(m1), openOn(m2)], { timeout: 30_000 }).toEqual([1, 0]);
    const before = acted;
    await playUntil(() => acted >= before + 2, 120_000);
    expect(acted, "play went on through member 1").toBeGreaterThanOrEqual(before + 2);
    expect((await lobbyRow(m1.url, token, id))?.mine?.tableId).toBe(tableId);
    await shot("played-on-member-1");
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

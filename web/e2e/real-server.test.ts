import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { RESOURCES } from "../src/i18n/index.ts";
import { api, cmd, FAST_STRUCTURE, must } from "../../testkit/server/harness.ts";
import type { LobbyTournament, ResultsResponse, SeatAssignment, TournamentView } from "../../src/protocol/index.ts";
import { lobbyRow, registerBots, type BotCrew } from "./real-bots.ts";
import { artifacts, CHROMIUM, feltStage, haveChromium, signInForm } from "./stage.ts";

// The web app against the REAL server, no mock: `felt serve` runs as a child process
// on a free port with its own SQLite file and serves the freshly built app at `/`; Debian's
// chromium drives the app. A player signs up, is credited at the director's cashier,
// registers and plays against the server's bots to a bust-out or a win; a director creates
// a LIVE tournament from a preset in the console, enters the walk-ins (seated by the draw),
// follows it through a level change, records a chip count, races off the 25s at the
// colour-up screen and breaks a table with the floor's busts and one-click instructions;
// the TV clock renders in all five languages. Screenshots → artifacts/.

if (!haveChromium) console.warn(`web e2e (real server) SKIPPED: ${CHROMIUM} is not installed (apt-get install -y chromium)`);

const DIRECTOR = { name: "floor-chief", password: "floor-password-1" };
const en = RESOURCES.en;
/**
 * The player's tournament: three players of 1,000 chips. The first minute (10/20) plays
 * ordinary hands; from the second the big blind (3,000 = every chip in play) and the small
 * blind put whoever posts them all in, every hand, so the tournament ends within a few hands
 * of that whatever the table did before. (With blinds doubling every minute from 10/20 the
 * end came down to how many hands a loaded machine got through: once it did not come in
 * 150 s.)
 */
const JOURNEY_STRUCTURE = {
  startingStack: 1000,
  levels: [20, 3000].map((bb) => ({ kind: "level" as const, sb: bb / 2, bb, ante: 0, minutes: 1, colourUp: null })),
};

describe.skipIf(!haveChromium)("web app in chromium against felt serve (no mock)", () => {
  const pageErrors: string[] = [];
  const crews: BotCrew[] = [];
  const stage = feltStage({
    folder: "felt-real-",
    director: DIRECTOR,
    serveArgs: ["--action-ms", "6000", "--hand-pause-ms", "250"],
    beforeStop: async () => {
      for (const c of crews) await c.stop();
    },
  });

  async function newPage(context: BrowserContext, label: string, size = { width: 1400, height: 900 }): Promise<Page> {
    const page = await context.newPage();
    await page.setViewportSize(size);
    page.on("pageerror", (e) => pageErrors.push(`${label}: ${e.message}`));
    return page;
  }

  const missingKeys = (page: Page) => page.evaluate(() => window.__feltMissingKeys ?? ["(i18n not started)"]);
  const appUrl = (lang: string, hash: string) => `${stage.felt.url}/?checkKeys=1&lang=${lang}#/${hash}`;

  async function signIn(page: Page, name: string, password: string, signUp: boolean): Promise<void> {
    await page.goto(appUrl("en", "sign-in"));
    await signInForm(page, { name, password }, { signUp });
  }

  async function createOnline(name: string, structure: unknown = FAST_STRUCTURE): Promise<string> {
    const created = await must<{ tournament: LobbyTournament }>(
      api(
        stage.felt.url,
        "POST",
        "/api/v1/director/tournaments",
        { commandId: cmd(), presetId: "seed", name, kind: "online", settings: { start: "manual" }, startsAt: Date.now(), structure },
        stage.directorToken,
      ),
    );
    return created.tournament.id;
  }

  it("a player signs up, is credited, registers in the lobby and plays against bots to a bust-out or a win", async () => {
    const tournamentId = await createOnline("Evening turbo", JOURNEY_STRUCTURE);
    const context = await stage.browser.newContext();
    const page = await newPage(context, "player");
    const name = `ada${Date.now().toString(36).slice(-5)}`;
    await signIn(page, name, "ada-password-1", true);
    const token = await page.evaluate(() => localStorage.getItem("felt.token"));
    expect(token).toBeTruthy();

    // Money comes from the desk: a director credits the player at the console's cashier.
    const desk = await stage.browser.newContext();
    const cashier = await newPage(desk, "cashier");
    await signIn(cashier, DIRECTOR.name, DIRECTOR.password, false);
    await cashier.goto(appUrl("en", "director/cashier"));
    const form = cashier.locator("form.deposit");
    await form.getByLabel(en.cashier.player).fill(name, { timeout: 20_000 });
    await form.getByLabel(en.cashier.amount).fill("5000");
    await form.getByRole("button", { name: en.cashier.credit }).click();
    await cashier.waitForSelector("[data-testid=deposit-done]", { timeout: 20_000 });
    expect(await cashier.textContent("[data-testid=deposit-done]")).toBe(
      en.cashier.credited.replace("{{amount}}", "5,000").replace("{{name}}", name).replace("{{balance}}", "5,000"),
    );
    // The ledger check: the player's account, the desk's cash, every currency at zero.
    await expect.poll(() => cashier.textContent(".ledger"), { timeout: 10_000 }).toContain(en.cashier.accountKind.player.replace("{{name}}", name));
    expect(await cashier.textContent("[data-testid=ledger-check]")).toBe(en.cashier.balanced);
    await cashier.screenshot({ path: join(artifacts, "real-director-cashier.png"), fullPage: true });
    expect(await missingKeys(cashier)).toEqual([]);
    await desk.close();
    await page.reload();
    const row = page.locator(`tr[data-tournament=${tournamentId}]`);
    await row.waitFor({ timeout: 20_000 });
    await expect.poll(() => page.textContent(".balance"), { timeout: 10_000 }).toMatch(/5,000/);
    await row.getByRole("button", { name: en.lobby.action.register, exact: true }).click();
    // Asked once with the price and the balance after it: 1,000 + 100 from 5,000.
    await expect.poll(() => row.locator("[data-testid=confirm-pay]").textContent(), { timeout: 10_000 }).toContain("Your balance 5,000 becomes 3,900.");
    await row.locator("[data-action=confirm-pay]").click();
    await expect.poll(() => page.textContent(".balance"), { timeout: 10_000 }).toMatch(/3,900/);
    // A registered player reads their own line, not a greyed Register.
    await expect.poll(() => row.locator(".mine").textContent()).toBe(en.lobby.mine.registered);
    expect(await row.getByRole("button", { name: new RegExp(`^${en.lobby.action.register}`) }).count()).toBe(0);

    const crew = await registerBots(stage.felt.url, stage.directorToken, tournamentId, 2, { allInChance: 0.2 });
    crews.push(crew);
    // The page's first subscribe to its table is held until the first hand has begun, as on a
    // slow connection: its first view of the table comes mid-hand.
    let releaseSubscribe = () => {};
    const subscribeHeld = new Promise<void>((r) => (releaseSubscribe = r));
    await page.routeWebSocket(/\/ws\/v1/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage(async (m) => {
        if (typeof m === "string" && m.includes('"type":"subscribe"') && m.includes('"kind":"table"')) await subscribeHeld;
        server.send(m);
      });
    });
    await page.reload();
    await row.waitFor();
    expect(await row.textContent()).toContain(en.lobby.leftOfEntries.replace("{{left}}", "3").replace("{{entries}}", "3"));
    await page.screenshot({ path: join(artifacts, "real-lobby.png"), fullPage: true });
    expect(await missingKeys(page)).toEqual([]);

    await must(api(stage.felt.url, "POST", `/api/v1/director/tournaments/${tournamentId}/start`, { commandId: cmd() }, stage.directorToken));
    // The start takes the player from the lobby to their table by itself. (Reloading the lobby
    // here raced it: on a busy machine the page had already gone to the table, and the reload
    // stayed there.)
    await expect.poll(() => crew.bots.some((b) => [...b.views.values()].some((v) => (v.handNumber ?? 0) >= 1)), { timeout: 20_000 }).toBe(true);
    releaseSubscribe();
    await page.waitForSelector(".felt .seat.me", { timeout: 20_000 });
    expect(page.url()).toContain(`#/table/${tournamentId}-t`);
    // The log has that hand from its first line, the button drawn for it before it.
    const log = page.locator("ol.log:not(.chat-lines) li");
    await expect.poll(() => log.allTextContents(), { timeout: 10_000 }).toContain("Hand #1 begins");
    await expect.poll(async () => (await log.allTextContents()).slice(0, 2).map((l) => l.split(":")[0])).toEqual(["Button draw", "Hand #1 begins"]);
    const tableId = decodeURIComponent(page.url().split("#/table/")[1]!.split(/[?/]/)[0]!);
    // The player acts, goes to the lobby while the bots play on, and comes back by the
    // lobby's link to the same table. The hand log then has the hand as it went on
    // meanwhile: the server sends the hand's steps with the view, so a hole ("…not listed
    // here") can only be marked before a hand's first line, never inside the hand on screen.
    // The bots hold their turns until the page has left the table (its seat's dot goes out),
    // so some steps are surely played while it is away.
    const table = () => crew.bots.map((b) => b.views.get(tableId)).find((v) => v !== undefined);
    const mySeat = () => table()?.seats.find((x) => x.player?.name === name)?.seat;
    for (const b of crew.bots) b.passive = true;
    for (let k = 0; k < 5 && table()?.actor === mySeat(); k++) {
      const bar = page.locator(".action-bar");
      await bar.waitFor({ timeout: 20_000 });
      const at = table()?.version ?? 0;
      const call =
        (await bar
          .locator(".call")
          .textContent({ timeout: 500 })
          .catch(() => null)) ?? "";
      await bar
        .locator(call.includes("(all-in)") ? ".fold" : ".check, .call")
        .first()
        .click();
      await expect.poll(() => table()?.version ?? 0, { timeout: 10_000 }).toBeGreaterThan(at);
    }
    expect(table()?.actor, "a bot's turn").not.toBe(mySeat());
    const left = table()!.version;
    await page.goto(appUrl("en", "lobby"));
    await expect.poll(() => table()?.seats.find((x) => x.seat === mySeat())?.connected, { timeout: 10_000 }).toBe(false);
    for (const b of crew.bots) b.resume();
    await expect.poll(() => table()?.version ?? 0, { timeout: 20_000 }).toBeGreaterThan(left);
    await row.getByRole("link", { name: en.lobby.goToTable }).click({ timeout: 20_000 });
    await page.waitForSelector(".felt .seat.me", { timeout: 20_000 });
    const version = async () => Number(await page.locator(".table-wrap").first().getAttribute("data-version"));
    await expect.poll(version, { timeout: 20_000 }).toBeGreaterThan(left);
    const lines = await page.locator("ol.log:not(.chat-lines) li").allTextContents();
    const lastStart = lines.findLastIndex((l) => /^Hand #\d+ begins$/.test(l));
    expect(lastStart, lines.join("\n")).toBeGreaterThanOrEqual(0);
    expect(lines.slice(lastStart), lines.join("\n")).not.toContain(en.log.missed);
    // The button drawn for the first hand reads before that hand's lines, however the log got them.
    const draw = lines.findIndex((l) => l.startsWith("Button draw:"));
    expect(draw, lines.join("\n")).toBeGreaterThanOrEqual(0);
    expect(draw, lines.join("\n")).toBeLessThan(lines.indexOf("Hand #1 begins"));
    await page.screenshot({ path: join(artifacts, "real-table-back.png") });

    // Play: check when possible, call small bets, fold to a shove for the first few hands
    // (so several hands are played), then call anything; from the second minute the blinds
    // put the players all in (JOURNEY_STRUCTURE). The bound is a guard against a hang.
    let acted = 0;
    let shot = false;
    const hands = new Set<string>();
    let mine: LobbyTournament | undefined;
    const deadline = Date.now() + 150_000;
    for (;;) {
      expect(Date.now(), "the player's tournament should end within 150 s").toBeLessThan(deadline);
      // The player's turn first, the lobby only when there is nothing to do: on a loaded
      // machine every round trip before the click is time off the action clock.
      const bar = page.locator(".action-bar");
      if (await bar.isVisible().catch(() => false)) {
        hands.add(
          (await page
            .locator(".table-head span")
            .first()
            .textContent()
            .catch(() => "")) ?? "",
        );
        if (!shot) {
          // R-DEAL: the viewer sees exactly two own hole cards and nobody else's face up.
          expect(await page.locator(".seat.me .card[data-card]").count()).toBe(2);
          expect(await page.locator(".seat:not(.me) .card[data-card]").count()).toBe(0);
          await page.screenshot({ path: join(artifacts, "real-table.png") });
          shot = true;
        }
        const version = await page
          .locator(".table-wrap")
          .first()
          .getAttribute("data-version")
          .catch(() => null);
        const callButton = bar.locator(".call");
        const call = (await callButton.count()) > 0 ? ((await callButton.textContent({ timeout: 500 }).catch(() => null)) ?? "") : "";
        const shove = call.includes("(all-in)") && hands.size < 4;
        const button = bar.locator(shove ? ".fold" : ".check, .call").first();
        await button.click({ timeout: 2000 }).then(
          () => acted++,
          () => {},
        );
        // The table moves on before the next look (never a second click on the same turn).
        await page
          .waitForFunction((v) => document.querySelector(".table-wrap")?.getAttribute("data-version") !== v, version, { timeout: 2000 })
          .catch(() => {});
        continue;
      }
      mine = await lobbyRow(stage.felt.url, token!, tournamentId);
      if (mine?.status === "finished" || mine?.mine?.state === "busted") break;
      await page.waitForTimeout(200);
    }
    expect(acted, "the player acted through the browser").toBeGreaterThan(0);
    expect(hands.size, "several hands were played").toBeGreaterThan(1);
    await page.screenshot({ path: join(artifacts, "real-table-end.png") });
    expect(await page.locator(".error").count()).toBe(0);
    expect(await missingKeys(page)).toEqual([]);

    // The lobby tells the end: out with a place, or the winner.
    await page.goto(appUrl("en", "lobby"));
    await row.waitFor();
    const final = await lobbyRow(stage.felt.url, token!, tournamentId);
    expect(final?.mine?.state === "busted" || final?.status === "finished").toBe(true);
    const mineText = (await row.locator(".mine").textContent()) ?? "";
    // "Finished 2nd of 3, won …" once the place and its prize are known; a place outside the money says "no prize".
    const ordinal = (p: number) => ["1st", "2nd", "3rd"][p - 1]!;
    if (final?.mine?.place != null && (final.mine.prize ?? 0) > 0) expect(mineText).toMatch(new RegExp(`^Finished ${ordinal(final.mine.place)} of 3, won \\S`));
    else if (final?.mine?.place != null && final.mine.prize === 0) expect(mineText).toBe(`No prize this time: finished ${ordinal(final.mine.place)} of 3`);
    else if (final?.mine?.place != null) expect(mineText).toBe(en.lobby.mine.place.replace("{{place}}", ordinal(final.mine.place)));
    else expect(mineText).toBe(en.lobby.mine.busted);
    await page.screenshot({ path: join(artifacts, "real-lobby-after.png"), fullPage: true });

    // The player's hand history from the server, and the replayer stepping through one hand.
    await page.goto(appUrl("en", "hands"));
    await page.waitForSelector(".hand-list li a", { timeout: 20_000 });
    expect(await page.locator(".hand-list li").count()).toBeGreaterThanOrEqual(hands.size);
    await page.locator(".hand-list li a").last().click();
    await page.waitForSelector(".replayer tbody tr", { timeout: 20_000 });
    // Step through the deal: the player's own cards turn up face up, nobody else's (R-DEAL).
    const own = page.locator(".replayer tbody tr", { hasText: name }).locator(".card[data-card]");
    let steps = 1;
    while ((await own.count()) < 2 && steps < 10) {
      await page.getByRole("button", { name: en.hands.forward }).click();
      steps++;
    }
    expect(await own.count()).toBe(2);
    expect(await page.locator(".replayer tbody tr .card[data-card]").count()).toBe(2);
    expect(await page.textContent(".replayer")).toMatch(new RegExp(`Step ${steps} of \\d+`));
    await page.screenshot({ path: join(artifacts, "real-replayer.png") });
    expect(await missingKeys(page)).toEqual([]);
    await context.close();
  }, 240_000);

  // ---- the director's evening: one LIVE tournament through the console ----
  // A live room's tournament deals nothing online: real cards at real tables. The server
  // keeps the level clock; the floor enters walk-ins, chip counts, busts and the chip race.
  const live = { id: "", name: "Friday live" };
  const WALK_INS = [
    "Bodil",
    "Jiří",
    "Ioana",
    "Dmitri",
    "Alva",
    "Radka",
    "Mihai",
    "Sven",
    "Olga",
    "Tomáš",
    "Elin",
    "Andrei",
    "Kateřina",
    "Nils",
    "Irina",
    "Vlad",
    "Astrid",
    "Petr",
    "Sorina",
  ];
  let director: BrowserContext;
  let tv: BrowserContext;

  async function tournamentView(): Promise<TournamentView> {
    return must<TournamentView>(api(stage.felt.url, "GET", `/api/v1/tournaments/${live.id}`));
  }
  async function seats(): Promise<SeatAssignment[]> {
    return (
      await must<{ seats: SeatAssignment[] }>(api(stage.felt.url, "GET", `/api/v1/director/tournaments/${live.id}/seating`, undefined, stage.directorToken))
    ).seats;
  }

  it("a director designs a live tournament from a preset, enters nineteen walk-ins, starts it (the draw seats them) and seats a late walk-in", async () => {
    director = await stage.browser.newContext();
    const page = await newPage(director, "director", { width: 1400, height: 1000 });
    await signIn(page, DIRECTOR.name, DIRECTOR.password, false);
    await page.getByRole("link", { name: en.nav.director }).click({ timeout: 20_000 });
    const form = page.locator(".create");
    await form.getByLabel(en.create.preset).selectOption("turbo", { timeout: 20_000 });
    await form.getByLabel(en.create.name, { exact: true }).fill(live.name);
    expect(await form.getByLabel(en.create.kind).inputValue()).toBe("live");
    // The designer: a one-minute first level, and no later level needs the 25s, so they
    // are raced off after the first level change (R-CHIP-1..4).
    // A level row's own number fields: small blind, big blind, ante, minutes (the BB-ante and
    // limit controls are checkboxes, a limit's own blinds sit in a nested span).
    const level = (i: number) => page.locator(".structure tbody tr").nth(i).locator('td > input[type="number"]');
    await level(0).nth(3).fill("1");
    for (const row of [1, 2]) {
      await level(row).nth(0).fill("100");
      await level(row).nth(1).fill("200");
    }
    for (const [i, v] of [
      [0, "200"],
      [1, "400"],
      [2, "400"],
    ] as const)
      await level(4).nth(i).fill(v);
    // R-TRN-1 guidance from the designer's own numbers: 5,000 chips over a 50 big blind.
    expect(await page.textContent(".guidance")).toContain(en.create.ratio.replace("{{ratio}}", "100").replace("{{bb}}", "50"));
    // The room chooses nine seats a table (the form offers 2 to 10; 10 unless chosen, R-TBL-1).
    expect(await form.locator("[data-field=table-size]").inputValue()).toBe("10");
    await form.locator("[data-field=table-size]").selectOption("9");
    await page.screenshot({ path: join(artifacts, "real-director-create.png"), fullPage: true });
    await form.getByRole("button", { name: en.create.submit }).click();
    await page.waitForSelector(".create .ok", { timeout: 20_000 });

    const lobby = await must<{ tournaments: LobbyTournament[] }>(api(stage.felt.url, "GET", "/api/v1/lobby"));
    const made = lobby.tournaments.find((t) => t.name === live.name);
    expect(made?.kind).toBe("live");
    expect(made?.startingStack).toBe(5000);
    live.id = made!.id;
    expect((await tournamentView()).chips[0]).toBe(25);
    expect((await tournamentView()).settings).toMatchObject({ tableSize: 9, buttonRule: "dead", colourUp: "race" });

    // Walk-ins pay at the desk; the floor enters each by name. Before the start they wait for the draw.
    await page.goto(appUrl("en", `director/floor/${live.id}`));
    const walkIn = page.locator("form.walk-in");
    for (const name of WALK_INS) {
      await walkIn.getByLabel(en.floor.walkInName).fill(name, { timeout: 20_000 });
      await walkIn.getByRole("button", { name: en.floor.enter }).click();
      await expect
        .poll(
          () =>
            walkIn
              .locator(".ok")
              .textContent()
              .catch(() => ""),
          { timeout: 20_000 },
        )
        .toBe(en.floor.registeredForDraw.replace("{{name}}", name));
    }
    expect((await tournamentView()).entries).toBe(19);
    expect(await missingKeys(page)).toEqual([]);

    await page.getByRole("button", { name: en.director.start, exact: true }).click({ timeout: 20_000 });
    await page.waitForSelector(`.director-head .status.running`, { timeout: 20_000 });
    // R-TBL-1: the draw puts nineteen players on three tables of the server's nine seats.
    await page.goto(appUrl("en", `director/seating/${live.id}`));
    await page.waitForSelector(".seating caption", { timeout: 20_000 });
    expect(await page.locator(".seating .cols caption").allTextContents()).toEqual(["Table 1", "Table 2", "Table 3"]);
    // Each card with where it hangs, so a count gone wrong says whose cards and where (38 were
    // counted once, in one of three clean runs, and not seen again).
    const cards = await page
      .locator(".seat-card")
      .evaluateAll((els) =>
        els.map((e) => `${e.getAttribute("data-name")} in ${e.closest(".print-sheet, .seat-card-sheet, .floor, .tab-body")?.className ?? "?"}`),
      );
    expect(cards.length, cards.join("; ")).toBe(19);
    expect((await page.locator(".seat-card .who").allTextContents()).sort()).toEqual([...WALK_INS].sort());
    await page.screenshot({ path: join(artifacts, "real-director-seating.png"), fullPage: true });
    // To the floor and back: one draw on the page each time. The console's panels once shared a
    // key, and the seating left behind showed on the floor and twice on the seating tab.
    await page.goto(appUrl("en", `director/floor/${live.id}`));
    await page.waitForSelector("form.walk-in", { timeout: 20_000 });
    expect(await page.locator(".seating").count()).toBe(0);
    await page.goto(appUrl("en", `director/seating/${live.id}`));
    await page.waitForSelector(".seating caption", { timeout: 20_000 });
    expect(await page.locator(".seating .cols caption").allTextContents()).toEqual(["Table 1", "Table 2", "Table 3"]);
    expect(await page.locator(".seat-card").count()).toBe(19);

    // Late registration: a walk-in after the start is seated at once and gets a seat card.
    await page.goto(appUrl("en", `director/floor/${live.id}`));
    await walkIn.getByLabel(en.floor.walkInName).fill("Lars", { timeout: 20_000 });
    await walkIn.getByRole("button", { name: en.floor.enter }).click();
    await page.waitForSelector(".walk-in-card .seat-card", { timeout: 20_000 });
    const lars = (await seats()).find((s) => s.name === "Lars");
    expect(lars).toBeDefined();
    expect(await page.textContent(".walk-in-card .ok")).toBe(
      en.floor.seated
        .replace("{{name}}", "Lars")
        .replace("{{table}}", en.table.title.replace("{{number}}", String(lars!.tableNumber)))
        .replace("{{seat}}", String(lars!.seat)),
    );
    expect((await seats()).length).toBe(20);
    await page.screenshot({ path: join(artifacts, "real-director-walk-in.png"), fullPage: true });
    expect(await missingKeys(page)).toEqual([]);
    await page.close();
  }, 180_000);

  it("the TV clock (not signed in) follows the level change; the floor records a chip count", async () => {
    expect(live.id).not.toBe("");
    tv = await stage.browser.newContext();
    const clock = await newPage(tv, "tv", { width: 1920, height: 1080 });
    await clock.goto(appUrl("en", `clock/${live.id}`));
    await clock.waitForSelector("[data-testid=time-left]", { timeout: 20_000 });
    expect(await clock.textContent(".clock-stats")).toContain("20 / 20");
    // Late registration is open: the clock says until when.
    await clock.waitForSelector("[data-testid=late-reg]", { timeout: 20_000 });
    expect(await clock.textContent("[data-testid=late-reg]")).toMatch(/^Late registration until .+ \(\d+:\d\d(:\d\d)? left\)$/);
    // The live level clock: on a slow machine the one-minute level may be over before the TV is up.
    const first = (await clock.textContent(".clock-level"))?.trim();
    expect(["Level 1", "Level 2"]).toContain(first);
    if (first === "Level 1") {
      expect(await clock.textContent(".clock-blinds")).toContain("25 / 50");
      await clock.screenshot({ path: join(artifacts, "real-clock-level1.png") });
    }

    // Meanwhile the floor counts three stacks at table 1 (chips move between them in real hands).
    const page = await newPage(director, "director-count");
    await page.goto(appUrl("en", `director/floor/${live.id}`));
    await page.waitForSelector(".live-entries tbody tr", { timeout: 20_000 });
    const atOne = (await seats()).filter((s) => s.tableNumber === 1).slice(0, 3);
    const counts = [5025, 4950, 5025];
    for (const [i, s] of atOne.entries()) await page.locator(`tr[data-entry="${s.entryId}"] input[type=number]`).fill(String(counts[i]));
    await page.getByRole("button", { name: /^Record the count/ }).click();
    await expect
      .poll(async () => (await seats()).filter((s) => atOne.some((a) => a.entryId === s.entryId)).map((s) => s.stack), { timeout: 20_000 })
      .toEqual(counts);
    await page.screenshot({ path: join(artifacts, "real-director-floor.png"), fullPage: true });
    expect(await missingKeys(page)).toEqual([]);
    await page.close();

    if (first === "Level 1") {
      await clock.waitForFunction(() => document.querySelector(".clock-level")?.textContent?.trim() === "Level 2", null, { timeout: 100_000 });
      // The level change is announced with the chime.
      expect(await clock.evaluate(() => (window as { __feltChimes?: number }).__feltChimes ?? 0)).toBeGreaterThanOrEqual(1);
    }
    expect(await clock.textContent(".clock-blinds")).toContain("100 / 200");
    expect(await clock.textContent("[data-testid=next-break]")).toMatch(/^Next break: (—|at .+, in \d+:\d\d(:\d\d)? \(\d+ min\))$/);
    await clock.screenshot({ path: join(artifacts, "real-clock.png") });
    expect(await missingKeys(clock)).toEqual([]);
    await clock.close();
  }, 180_000);

  it("the director races off the 25s at the colour-up screen: cards entered at table 1, drawn at the others, applied", async () => {
    expect(live.id).not.toBe("");
    const page = await newPage(director, "colour-up");
    await page.goto(appUrl("en", `director/colour-up/${live.id}`));
    await page.locator(".colour-up select").first().selectOption("25", { timeout: 20_000 });
    await page.getByRole("button", { name: en.colourUp.plan }).click();
    await page.waitForSelector(".colour-up tbody tr", { timeout: 20_000 });
    expect(await page.textContent(".colour-up")).toContain(en.colourUp.summary.replace("{{remove}}", "25").replace("{{into}}", "100"));

    // Table 1: the odd 25s from the counted stacks, one card per odd chip as the dealer dealt them (R-CHIP-3).
    await page.getByRole("button", { name: en.colourUp.fromStacks }).click();
    await page.getByLabel(en.colourUp.enter).check();
    const rows = page.locator(".colour-up tbody tr");
    const deck = ["As", "Kd", "Qh", "Jc", "Ts", "9d", "8h", "7c"];
    let racing = 0;
    for (let i = 0; i < (await rows.count()); i++) {
      const odd = Number(await rows.nth(i).locator("input[type=number]").inputValue());
      if (odd > 0) racing++;
      await rows.nth(i).locator("input:not([type=number])").fill(deck.splice(0, odd).join(" "));
    }
    expect(racing).toBe(3);
    await page.screenshot({ path: join(artifacts, "real-director-colour-up-entry.png"), fullPage: true });
    await page.getByRole("button", { name: en.colourUp.run }).click();
    await page.waitForSelector("table.result", { timeout: 20_000 });
    expect(await page.textContent("table.result caption")).toBe(en.colourUp.resultAt.replace("{{table}}", "1"));
    // 1 + 2 + 1 odd 25s = 100: one 100 chip, won by the highest card among them.
    expect(await page.locator("table.result tr.won").count()).toBe(1);
    await page.screenshot({ path: join(artifacts, "real-director-colour-up.png"), fullPage: true });
    // The first table took the 25s out of play.
    await expect.poll(async () => (await tournamentView()).chips[0], { timeout: 20_000 }).toBe(100);

    // Tables 2 and 3 follow: nobody there holds an odd 25; the system draws the cards.
    await page.getByLabel(en.colourUp.draw).check();
    for (const table of [2, 3]) {
      expect(await page.locator(".colour-up select").nth(1).inputValue()).toBe(String(table));
      await page.getByRole("button", { name: en.colourUp.run }).click();
      await page.waitForFunction((n) => document.querySelector("table.result caption")?.textContent?.endsWith(` ${n}`), table, { timeout: 20_000 });
    }
    await page.waitForSelector("[data-testid=colour-up-done]", { timeout: 20_000 });
    expect((await seats()).every((s) => s.stack % 100 === 0)).toBe(true);
    expect((await seats()).reduce((a, s) => a + s.stack, 0)).toBe(20 * 5000);
    expect(await missingKeys(page)).toEqual([]);
    // The chip list no longer offers the 25s.
    await page.reload();
    await page.waitForSelector(".colour-up select option", { state: "attached", timeout: 20_000 });
    expect(await page.locator(".colour-up select option").allTextContents()).not.toContain("25");
    await page.close();
  }, 120_000);

  it("busts entered by the floor break a table (R-TBL-3); each move is confirmed with one click", async () => {
    expect(live.id).not.toBe("");
    const page = await newPage(director, "floor-break");
    await page.goto(appUrl("en", `director/floor/${live.id}`));
    await page.waitForSelector(".live-entries tbody tr", { timeout: 20_000 });
    expect(await page.textContent(".floor")).toContain(en.floor.balanced);
    // Twenty players on three tables of nine. Re-entries are open, so a table breaks only when
    // the others keep a seat free each (R-TBL-3, spareSeats 1): eighteen stay on three tables
    // (2 × 9 would leave none for the next re-entry); sixteen go to two.
    const bustLast = async () => {
      const before = await page.locator(".live-entries tbody tr").count();
      await page.locator(".live-entries tbody tr").last().getByRole("button", { name: en.floor.bust, exact: true }).click();
      // A bust asks for confirmation.
      await page.locator(".live-entries tbody tr").last().locator("[data-action=confirm-bust]").click();
      await page.waitForFunction((n) => document.querySelectorAll(".live-entries tbody tr").length === n - 1, before, { timeout: 20_000 });
    };
    for (let i = 0; i < 2; i++) await bustLast();
    await expect.poll(async () => (await tournamentView()).playersLeft, { timeout: 20_000 }).toBe(18);
    const owed = await must<{ instructions: { kind: string }[] }>(
      api(stage.felt.url, "GET", `/api/v1/director/tournaments/${live.id}/instructions`, undefined, stage.directorToken),
    );
    expect(owed.instructions.map((x) => x.kind)).not.toContain("break-table");
    await expect.poll(() => page.locator(".instructions li").count(), { timeout: 20_000 }).toBe(owed.instructions.length);
    expect(await page.textContent(".instructions")).not.toContain(en.floor.kind["break-table"]);
    // Balancing moves at 18, if the busts left a table short, are carried out first.
    for (let n = await page.locator(".instructions li").count(); n > 0; n--) {
      await page.locator(".instructions li button").first().click();
      await page.waitForFunction((k) => document.querySelectorAll(".instructions li").length === k, n - 1, { timeout: 20_000 });
    }
    for (let i = 0; i < 2; i++) await bustLast();
    await page.waitForSelector(".instructions li", { timeout: 20_000 });
    const moves = await page.locator(".instructions li").count();
    expect(moves).toBeGreaterThan(0);
    expect(await page.textContent(".instructions")).toContain(en.floor.kind["break-table"]);
    expect(await page.locator(".instructions li .what").first().textContent()).toMatch(/^Move .+: Table \d seat \d+ → Table \d seat \d+$/);
    await page.screenshot({ path: join(artifacts, "real-director-break.png"), fullPage: true });
    for (let i = 0; i < moves; i++) {
      await page.locator(".instructions li button").first().click();
      await page.waitForFunction((n) => document.querySelectorAll(".instructions li").length === n, moves - i - 1, { timeout: 20_000 });
    }
    expect(await page.textContent(".floor")).toContain(en.floor.balanced);
    expect((await tournamentView()).playersLeft).toBe(16);

    await page.goto(appUrl("en", `director/seating/${live.id}`));
    // The seating screen fills in as its data arrives: wait for both tables, not just the first caption.
    await page.waitForSelector(".seating caption", { timeout: 20_000 });
    await page.waitForFunction(() => document.querySelectorAll(".seating .cols caption").length >= 2, null, { timeout: 20_000 });
    expect((await page.locator(".seating .cols caption").allTextContents()).length).toBe(2);
    await expect.poll(() => page.locator(".seat-card").count(), { timeout: 20_000 }).toBe(16);
    expect((await page.locator(".seating .cols caption").allTextContents()).length).toBe(2);
    await page.screenshot({ path: join(artifacts, "real-director-after-break.png"), fullPage: true });
    // Results so far: four places, and the export.
    await page.goto(appUrl("en", `director/payouts/${live.id}`));
    await page.waitForSelector(".tab-body .panel", { timeout: 20_000 });
    await page.screenshot({ path: join(artifacts, "real-director-payouts.png"), fullPage: true });
    expect(await missingKeys(page)).toEqual([]);
    await page.close();
  }, 120_000);

  it("three walk-ins left in a live freezeout make an ICM deal at the payouts screen: applied, paid, exported", async () => {
    const made = await must<{ tournament: LobbyTournament }>(
      api(
        stage.felt.url,
        "POST",
        "/api/v1/director/tournaments",
        { commandId: cmd(), presetId: "seed", name: "Deal night", kind: "live", startsAt: Date.now() },
        stage.directorToken,
      ),
    );
    const id = made.tournament.id;
    for (const name of ["Ulla", "Vera", "Wim"])
      await must(api(stage.felt.url, "POST", `/api/v1/director/tournaments/${id}/walk-in`, { commandId: cmd(), name }, stage.directorToken));
    await must(api(stage.felt.url, "POST", `/api/v1/director/tournaments/${id}/start`, { commandId: cmd() }, stage.directorToken));
    const page = await newPage(director, "deal");
    await page.goto(appUrl("en", `director/payouts/${id}`));
    await page.waitForSelector("[data-testid=deal-sum].hint", { timeout: 20_000 });
    // The figures on screen are the server's own ICM figures (checked before accepting).
    const pool = (
      await must<ResultsResponse>(api(stage.felt.url, "GET", `/api/v1/director/tournaments/${id}/results`, undefined, stage.directorToken))
    ).payouts.reduce((a, p) => a + p.amount, 0);
    expect(await page.textContent("[data-testid=deal-sum]")).toBe(
      en.payouts.dealSum.replace("{{shared}}", pool.toLocaleString("en")).replace("{{pool}}", pool.toLocaleString("en")),
    );
    await page.screenshot({ path: join(artifacts, "real-director-deal.png"), fullPage: true });
    await page.getByRole("button", { name: en.payouts.acceptDeal }).click();
    // A recorded deal ends the tournament: asked once more.
    await page.locator("[data-action=confirm-deal]").click();
    await page.waitForSelector("[data-testid=deal-done]", { timeout: 20_000 });
    const results = await must<ResultsResponse>(api(stage.felt.url, "GET", `/api/v1/director/tournaments/${id}/results`, undefined, stage.directorToken));
    expect(results.stillIn).toEqual([]);
    expect(results.results.map((r) => r.name).sort()).toEqual(["Ulla", "Vera", "Wim"]);
    expect(results.results.reduce((a, r) => a + r.prize, 0)).toBe(pool);
    expect((await must<TournamentView>(api(stage.felt.url, "GET", `/api/v1/tournaments/${id}`))).status).toBe("finished");
    // The results export: one row per player, with the prizes.
    await page.waitForFunction(() => document.querySelectorAll(".tab-body .panel:last-child tbody tr").length === 3, null, { timeout: 20_000 });
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: en.results.export }).click()]);
    const csv = readFileSync((await download.path())!, "utf8");
    // Place, name, player number, entry number, bust time (none for the finalists), prize.
    for (const r of results.results) expect(csv).toContain(`${r.place},${r.name},${r.playerNumber ?? ""},${r.entryNumber},,${(r.prize / 100).toFixed(2)}`);
    await page.screenshot({ path: join(artifacts, "real-director-results.png"), fullPage: true });
    expect(await missingKeys(page)).toEqual([]);
    await page.close();
  }, 120_000);

  it("R-TRN-6: the director cancels an online tournament in the console after a confirm; the player is refunded", async () => {
    const id = await createOnline("Cancelled turbo");
    const name = `cy${Date.now().toString(36).slice(-5)}`;
    const player = await must<{ token: string }>(api(stage.felt.url, "POST", "/api/v1/auth/sign-up", { name, password: "cy-password-1" }));
    await must(api(stage.felt.url, "POST", "/api/v1/director/deposit", { commandId: cmd(), name, amount: 2000 }, stage.directorToken));
    await must(api(stage.felt.url, "POST", `/api/v1/tournaments/${id}/register`, { commandId: cmd() }, player.token));
    expect((await must<{ balance: number }>(api(stage.felt.url, "GET", "/api/v1/me", undefined, player.token))).balance).toBe(900);
    const context = await stage.browser.newContext();
    const page = await newPage(context, "cancel");
    await signIn(page, DIRECTOR.name, DIRECTOR.password, false);
    await page.goto(appUrl("en", `director/floor/${id}`));
    await page.waitForSelector(".director-head .status.registering", { timeout: 20_000 });
    await page.getByRole("button", { name: en.director.cancel }).click();
    await page.locator(".confirm-cancel").getByRole("button", { name: en.director.cancelYes }).click();
    await page.waitForSelector(".director-head .status.cancelled", { timeout: 20_000 });
    expect((await must<TournamentView>(api(stage.felt.url, "GET", `/api/v1/tournaments/${id}`))).status).toBe("cancelled");
    expect((await must<{ balance: number }>(api(stage.felt.url, "GET", "/api/v1/me", undefined, player.token))).balance).toBe(2000);
    expect(await missingKeys(page)).toEqual([]);
    await context.close();
  }, 60_000);

  // One TV page: the first language is loaded, the others come through the switcher.
  let tvPage: Page | null = null;
  for (const lang of Object.keys(RESOURCES) as (keyof typeof RESOURCES)[]) {
    it(`the clock screen from the real server renders in ${lang} with no missing translation key`, async () => {
      expect(live.id).not.toBe("");
      let page = tvPage;
      if (page === null) {
        page = tvPage = await newPage(tv, "clock-languages", { width: 1920, height: 1080 });
        await page.goto(appUrl(lang, `clock/${live.id}`));
      } else {
        await page.selectOption(".clock-screen header .lang select", lang);
      }
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      await page.waitForSelector("[data-testid=time-left]", { timeout: 20_000 });
      const v = await tournamentView();
      const label = (await page.textContent(".clock-level"))?.trim();
      const words = RESOURCES[lang].clock;
      const over = v.status === "finished" || v.status === "cancelled";
      const expected = over
        ? RESOURCES[lang].status[v.status]
        : v.onBreak
          ? words.break
          : v.level
            ? words.level.replace("{{number}}", String(v.level.number))
            : null;
      expect(label).toBe(expected);
      expect(await page.textContent("[data-testid=time-left]")).toMatch(/^\d{1,2}:\d{2}$/);
      expect(await missingKeys(page)).toEqual([]);
      expect(await page.textContent("body")).not.toMatch(/\b(clock|status|lobby)\.[a-zA-Z]+/);
      await page.screenshot({ path: join(artifacts, `real-clock-${lang}.png`) });
    });
  }

  it("no page raised an error", () => {
    expect(pageErrors).toEqual([]);
  });
});

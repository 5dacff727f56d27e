import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { RESOURCES } from "../src/i18n/index.ts";
import { api, must } from "../../testkit/server/harness.ts";
import type { Instruction, ResultsResponse, SeatAssignment, TournamentView } from "../../src/protocol/index.ts";
import { colourUp } from "../../src/tournament/index.ts";
import { artifacts, CHROMIUM, feltStage, haveChromium, signInForm } from "./stage.ts";
import { enterWalkIns, nth, readMap } from "./floor-reading.ts";

// A live room's evening under the house rules it chose, in chromium against a REAL `felt
// serve`: the director creates the event in the create form with 10 seats a table, the moving
// button and a chip-up (not a race) at a break of the structure, and reads them back on the
// event's page; 20 walk-ins are drawn 10 and 10; busts follow the moving button; at the
// colour-up break the console colours the 100s up (no race, no cards) with the figures the
// core's own chip-up gives; busts form the final table of 10, and the results give every
// entrant one place and the prizes add up to the pool. Screenshots: artifacts/live-house-rules-*.png.

if (!haveChromium) console.warn(`web e2e (live house rules) SKIPPED: ${CHROMIUM} is not installed`);

const DIRECTOR = { name: "house-chief", password: "house-password-1" };
const en = RESOURCES.en;
const NAMES = [
  "Alma",
  "Bo",
  "Cleo",
  "Dino",
  "Edda",
  "Falk",
  "Gull",
  "Hans",
  "Inez",
  "Jon",
  "Kaja",
  "Lars",
  "Maj",
  "Nils",
  "Ove",
  "Pim",
  "Quin",
  "Rolf",
  "Siv",
  "Tor",
];
const n = (x: number) => x.toLocaleString("en");
const fill = (s: string, v: Record<string, string | number>) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(v[k]));

describe.skipIf(!haveChromium)("a live event under its house rules (10 seats, moving button, chip-up) in chromium against felt serve", () => {
  let id = "";
  const pageErrors: string[] = [];
  const stage = feltStage({ folder: "felt-house-", director: DIRECTOR });

  const appUrl = (hash: string) => `${stage.felt.url}/?checkKeys=1&lang=en#/${hash}`;
  const missingKeys = (page: Page) => page.evaluate(() => window.__feltMissingKeys ?? ["(i18n not started)"]);
  const view = () => must<TournamentView>(api(stage.felt.url, "GET", `/api/v1/tournaments/${id}`));
  const seats = async () =>
    (await must<{ seats: SeatAssignment[] }>(api(stage.felt.url, "GET", `/api/v1/director/tournaments/${id}/seating`, undefined, stage.directorToken))).seats;
  const results = () => must<ResultsResponse>(api(stage.felt.url, "GET", `/api/v1/director/tournaments/${id}/results`, undefined, stage.directorToken));
  const shot = (page: Page, name: string) => page.screenshot({ path: join(artifacts, `live-house-rules-${name}.png`), fullPage: true });

  async function newPage(context: BrowserContext, label: string, size = { width: 1400, height: 1000 }): Promise<Page> {
    const page = await context.newPage();
    await page.setViewportSize(size);
    page.on("pageerror", (e) => pageErrors.push(`${label}: ${e.message}`));
    return page;
  }

  /** Carries out every instruction on the floor with one click each, once the page shows all the server has pending; the kinds seen. */
  async function confirmAll(page: Page): Promise<string[]> {
    const kinds: string[] = [];
    for (let i = 0; i < 40; i++) {
      const pending = (
        await must<{ instructions: Instruction[] }>(
          api(stage.felt.url, "GET", `/api/v1/director/tournaments/${id}/instructions`, undefined, stage.directorToken),
        )
      ).instructions.length;
      await page.waitForFunction((k) => document.querySelectorAll(".instructions li").length === k, pending, { timeout: 20_000 });
      if (pending === 0) break;
      const first = page.locator(".instructions li").first();
      kinds.push((await first.getAttribute("data-kind")) ?? "");
      await first.getByRole("button", { name: en.floor.done }).click();
      await page.waitForFunction((k) => document.querySelectorAll(".instructions li").length < k, pending, { timeout: 20_000 });
    }
    return kinds;
  }

  /** One bust from the floor screen: the row's Bust, then the confirmation. */
  async function bust(page: Page, entryId: string) {
    const row = page.locator(`.live-entries tr[data-entry="${entryId}"]`);
    await row.getByRole("button", { name: en.floor.bust, exact: true }).click();
    await row.locator("[data-action=confirm-bust]").click();
    await page.waitForSelector(`.live-entries tr[data-entry="${entryId}"]`, { state: "detached", timeout: 20_000 });
  }

  it("created in the form with 10 seats, the moving button and a chip-up; drawn 10/10; busts; the 100s coloured up; the final table of 10; every entrant placed", async () => {
    const director = await stage.browser.newContext({ acceptDownloads: true });
    const page = await newPage(director, "director");
    await page.goto(appUrl("sign-in"));
    await signInForm(page, DIRECTOR, { timeoutMs: 30_000 });

    // 1. The create form: casino-1900, 10 seats a table, the moving button, chip-up, the 100s
    //    coloured up at the second break (item 10, after 1,200/2,400: every later amount is in 500s).
    const field = (name: string) => page.locator(`[data-field="${name}"]`);
    await page.goto(appUrl("director/create"));
    await field("preset").selectOption("casino-1900", { timeout: 30_000 });
    await field("name").fill("House Rules Night");
    await field("table-size").selectOption("10");
    await field("button-rule").selectOption("moving");
    await field("colour-up").selectOption("up");
    expect(await field("button-rule").locator("option:checked").textContent()).toBe(en.create.button.moving);
    expect(await field("colour-up").locator("option:checked").textContent()).toBe(en.create.colour.up);
    expect(await field("final-table-size").inputValue()).toBe("10");
    await field("chip-up-10").selectOption("100");
    const buyIn = Number(await field("buy-in").inputValue());
    expect(await page.locator("[data-testid=create-hints]").count()).toBe(0);
    await shot(page, "1-form");
    await page.locator("[data-action=create]").click();
    await expect
      .poll(() => page.textContent("[data-testid=created]").catch(() => ""), { timeout: 30_000 })
      .toContain(fill(en.create.created, { name: "House Rules Night" }));
    const link = await page.locator("[data-action=open-created]").getAttribute("href");
    id = decodeURIComponent(link!.split("/").pop()!);

    // Read back on the event's page: the house rules and the colour-up break in the structure.
    await page.locator("[data-action=open-created]").click();
    await page.waitForSelector("[data-testid=house-rules] li", { timeout: 30_000 });
    const rules = await page.locator("[data-testid=house-rules] li").allTextContents();
    expect(rules).toContain(fill(en.tournament.seats, { n: 10, final: 10 }));
    expect(rules).toContain(en.create.button.moving);
    expect(rules).toContain(en.create.colour.up);
    expect(rules).not.toContain(en.create.colour.race);
    const structure = await page
      .locator("[data-testid=structure] tbody tr")
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent)));
    expect(structure[9]).toEqual([`${en.clock.break} · ${fill(en.create.colourUpAtBreak, { chip: "100" })}`, "15"]);
    await shot(page, "1-page");
    const v0 = await view();
    expect(v0.settings).toMatchObject({ tableSize: 10, finalTableSize: 10, buttonRule: "moving", colourUp: "up" });

    // 2. Twenty walk-ins at the desk, then the start: the draw seats them 10 and 10.
    await page.goto(appUrl(`director/floor/${id}`));
    await enterWalkIns(page, NAMES);
    await page.getByRole("button", { name: en.director.start, exact: true }).click();
    await page.waitForSelector(".director-head .status.running", { timeout: 20_000 });
    const map = await newPage(director, "table-map");
    await map.goto(appUrl(`director/map/${id}`));
    await expect.poll(async () => [...(await readMap(map)).values()].map((x) => x.names.size), { timeout: 20_000 }).toEqual([10, 10]);
    const drawn = await readMap(map);
    expect([...drawn.keys()]).toEqual([1, 2]);
    for (const [, x] of drawn) {
      expect(x.seats).toBe(10);
      expect(x.button).not.toBe(null);
      expect(x.names.has(x.button!)).toBe(true);
    }
    await shot(map, "2-map");

    // 3. Busts at table 1, then three at table 2 (9 against 7: one player moves over to balance).
    //    The console follows no hands in a live room: after each bust it tells that table the moving
    //    button's rule for the next hand (R-BTN-3), not a dead button's missing small blind (R-BTN-2).
    await page.reload();
    await page.waitForSelector(".live-entries tbody tr", { timeout: 20_000 });
    const kinds: string[] = [];
    for (const [i, table] of [1, 2, 2, 2].entries()) {
      const at = (await seats()).filter((s) => s.tableNumber === table);
      await bust(page, at.at(-1)!.entryId);
      await expect
        .poll(() => page.textContent("[data-testid=after-bust]").catch(() => ""), { timeout: 20_000 })
        .toBe(fill(en.floor.afterBust.moving, { table: fill(en.table.title, { number: table }) }));
      if (i === 1) await shot(page, "3-bust");
      kinds.push(...(await confirmAll(page)));
    }
    expect(kinds).toEqual(["balance"]);
    expect((await view()).playersLeft).toBe(16);
    expect((await seats()).filter((s) => s.tableNumber === 1).length).toBe(8);

    // 4. On to the colour-up break: the director's clock skips level by level to the second break.
    const clock = await newPage(director, "clock", { width: 1920, height: 1080 });
    await clock.goto(appUrl(`clock/${id}`));
    await clock.waitForSelector("[data-action=next-level]", { timeout: 20_000 });
    const levelText = () => clock.textContent(".clock-level").then((x) => x?.trim() ?? "");
    for (const want of ["Level 2", "Level 3", "Level 4", en.clock.break, "Level 5", "Level 6", "Level 7", "Level 8", en.clock.break]) {
      const was = await levelText();
      await clock.locator("[data-action=next-level]").click();
      await expect.poll(levelText, { timeout: 20_000 }).not.toBe(was);
      expect(await levelText()).toBe(want);
    }
    await expect.poll(async () => (await view()).onBreak, { timeout: 20_000 }).toBe(true);
    await shot(clock, "4-break");

    // Odd 100s at table 1: the floor counts stacks of 20,300 / 19,700, 20,100 / 19,900, 20,400 / 19,600.
    const t1 = (await seats()).filter((s) => s.tableNumber === 1);
    const counts = [20_300, 19_700, 20_100, 19_900, 20_400, 19_600];
    await page.reload();
    await page.waitForSelector(".live-entries tbody tr", { timeout: 20_000 });
    for (const [i, s] of t1.slice(0, counts.length).entries())
      await page.locator(`.live-entries tr[data-entry="${s.entryId}"] input[type=number]`).fill(String(counts[i]));
    await page.getByRole("button", { name: fill(en.floor.recordCount_other, { count: counts.length }) }).click();
    await expect.poll(async () => (await seats()).filter((s) => s.tableNumber === 1 && s.countedAt !== null).length, { timeout: 20_000 }).toBe(counts.length);
    const before = (await seats()).filter((s) => s.tableNumber === 1);
    // The button where the map shows it (a chip-up deals no cards, so it changes no figure).
    await map.reload();
    const button1 = (await readMap(map)).get(1)?.button ?? before[0]!.seat;

    const up = await newPage(director, "colour-up");
    await up.goto(appUrl(`director/colour-up/${id}`));
    await up.locator(".colour-up select").first().selectOption("100", { timeout: 20_000 });
    await up.getByRole("button", { name: en.colourUp.plan }).click();
    await up.waitForSelector(".colour-up tbody tr", { timeout: 20_000 });
    // Said as a chip-up: the odd 100s are rounded up to one 500; no race, no cards to draw or enter.
    expect(await up.textContent(".colour-up h2")).toBe(en.create.colourUp);
    expect(await up.textContent("[data-testid=colour-up-rule]")).toBe(fill(en.colourUp.ruleUp, { remove: "100", into: "500" }));
    expect(await up.getByLabel(en.colourUp.draw).count()).toBe(0);
    expect(await up.getByLabel(en.colourUp.enter).count()).toBe(0);
    expect(await up.getByRole("button", { name: en.colourUp.run }).count()).toBe(0);
    expect(await up.locator(".colour-up").textContent()).not.toMatch(/race/i);
    expect(await up.locator(".colour-up select").nth(1).inputValue()).toBe("1");
    await up.getByRole("button", { name: en.colourUp.fromStacks }).click();
    await shot(up, "4-colour-up-plan");
    await up.getByRole("button", { name: en.colourUp.runUp }).click();
    await up.waitForFunction(() => document.querySelector("table.result caption")?.textContent?.endsWith(" 1"), null, { timeout: 20_000 });
    // The figures on screen are the core's chip-up of the same stacks (R-CHIP-2).
    const core = colourUp({
      method: "up",
      remove: 100,
      next: 500,
      button: button1,
      tableSize: 10,
      players: before.map((s) => ({ id: s.entryId, seat: s.seat, stack: s.stack })),
    });
    if (!core.ok) throw new Error(core.error.message);
    const shown = await up
      .locator("table.result tbody tr")
      .evaluateAll((trs) => trs.map((tr) => [tr.querySelector("td")?.textContent ?? "", tr.querySelector("td.num")?.textContent ?? ""]));
    expect(shown.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
      [...before].sort((a, b) => a.seat - b.seat).map((s) => [String(s.seat), `${n(s.stack)} → ${n(core.value.stacks[s.entryId]!)}`]),
    );
    // 20,300 → 20,500; 19,700 → 20,000; 20,100 → 20,500; 19,900 → 20,000; 20,400 → 20,500; 19,600 → 20,000.
    expect(t1.slice(0, counts.length).map((s) => core.value.stacks[s.entryId])).toEqual([20_500, 20_000, 20_500, 20_000, 20_500, 20_000]);
    expect(core.value.winners).toEqual([]);
    expect(await up.locator("table.result .card").count()).toBe(0);
    await expect
      .poll(async () => (await seats()).filter((s) => s.tableNumber === 1).map((s) => [s.entryId, s.stack]), { timeout: 20_000 })
      .toEqual(before.map((s) => [s.entryId, core.value.stacks[s.entryId]]));
    // Table 2 next (whole 500s already: nothing changes), then the 100s are out of play.
    expect(await up.locator(".colour-up select").nth(1).inputValue()).toBe("2");
    await up.getByRole("button", { name: en.colourUp.runUp }).click();
    await up.waitForSelector("[data-testid=colour-up-done]", { timeout: 20_000 });
    expect(await up.textContent("[data-testid=colour-up-done]")).toBe(fill(en.colourUp.allDoneUp, { chip: "100" }));
    await shot(up, "4-colour-up-done");
    expect((await view()).chips[0]).toBe(500);
    await up.close();

    // 5. Entries closed; busts until ten are left: the final table of ten is drawn, each move confirmed.
    await page.goto(appUrl(`director/floor/${id}`));
    await page.getByRole("button", { name: en.live.closeEntries }).click();
    await page.locator("[data-action=confirm-close-entries]").click();
    await expect.poll(async () => (await view()).payoutsFixed, { timeout: 20_000 }).toBe(true);
    await page.waitForSelector(".live-entries tbody tr", { timeout: 20_000 });
    for (let left = 16; left > 10; left--) {
      const rest = await seats();
      await bust(page, rest.at(-1)!.entryId);
      kinds.push(...(await confirmAll(page)));
      if (left - 1 > 10) expect(new Set((await seats()).map((s) => s.tableNumber)).size).toBe(2);
    }
    expect(kinds).toContain("final-table");
    await map.reload();
    await expect.poll(async () => [...(await readMap(map)).values()].map((x) => [x.seats, x.names.size]), { timeout: 20_000 }).toEqual([[10, 10]]);
    await shot(map, "5-final-table");

    // Busts to the winner.
    for (let left = 10; left > 1; left--) {
      const rest = await seats();
      await bust(page, rest.at(-1)!.entryId);
      kinds.push(...(await confirmAll(page)));
    }
    await expect.poll(async () => (await view()).status, { timeout: 20_000 }).toBe("finished");

    // The results page: every entrant one place, the prizes add up to the pool.
    const done = await results();
    expect(done.stillIn).toEqual([]);
    expect(done.results.map((x) => x.place).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await view()).prizePool).toBe(20 * buyIn);
    expect(done.results.reduce((a, x) => a + x.prize, 0)).toBe(20 * buyIn);
    await page.goto(appUrl(`director/payouts/${id}`));
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=results-table] tbody tr").length === 20, null, { timeout: 20_000 });
    const rows = await page
      .locator("[data-testid=results-table] tbody tr")
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")));
    // Each entrant once, at the place the results give, the paid places with their prize.
    expect(rows.map((r) => [r[0], r[1]]).sort((a, b) => parseInt(a[0]!, 10) - parseInt(b[0]!, 10))).toEqual(
      // The name with the player's number (two of the same name are told apart).
      [...done.results].sort((a, b) => a.place - b.place).map((x) => [nth(x.place), x.playerNumber === undefined ? x.name : `${x.name} #${x.playerNumber}`]),
    );
    expect(new Set(rows.map((r) => r[1])).size).toBe(20);
    expect(rows.filter((r) => r[3] !== "").length).toBe(done.results.filter((x) => x.prize > 0).length);
    await shot(page, "5-results");

    for (const p of [page, map, clock]) expect(await missingKeys(p)).toEqual([]);
    await director.close();
  }, 600_000);

  it("no page raised an error", () => {
    expect(pageErrors).toEqual([]);
  });
});

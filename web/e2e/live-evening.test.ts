import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { RESOURCES } from "../src/i18n/index.ts";
import { api, cmd, must } from "../../testkit/server/harness.ts";
import type {
  DeskResponse,
  FloorLogResponse,
  Instruction,
  LobbyTournament,
  ResultsResponse,
  SeatAssignment,
  TournamentView,
} from "../../src/protocol/index.ts";
import { artifacts, CHROMIUM, feltStage, haveChromium, signInForm } from "./stage.ts";
import { enterWalkIns, nth, readClock, readMap } from "./floor-reading.ts";
import { localDateTime } from "../src/logic/results-csv.ts";

// A live room's whole evening in chromium against a REAL `felt serve`. A
// re-entry event on the casino-1900 preset (buy-in 1,000 + 100, 20,000 chips) with the
// 19:00/19:15 start rule (R-TRN-6: five players by the deadline) met; 20 walk-ins (a
// repeated name warned about) seated by the draw; two out in one hand and four more; a
// re-entry at the desk; the level change and a chip race at every table; busts break a
// table and form the final table (each move confirmed with one click); entries closed; an
// ICM deal among the last three; results and the CSV with every entry. At every step the
// numbers a person reads are checked: players left, entries, average stack, chips in play,
// prize pool, payouts, places, the CSV rows. Screenshots (seat cards in print preview, the
// clock at 1920 × 1080) go to artifacts/live-evening-*.png.

if (!haveChromium) console.warn(`web e2e (live evening) SKIPPED: ${CHROMIUM} is not installed`);

const DIRECTOR = { name: "evening-chief", password: "evening-password-1" };
const en = RESOURCES.en;
const START = 20_000;
const BUY_IN = 1000;
const NAMES = [
  "Ada",
  "Bea",
  "Cid",
  "Dag",
  "Eva",
  "Finn",
  "Greta",
  "Hugo",
  "Ida",
  "Jan",
  "Kai",
  "Lea",
  "Mats",
  "Nora",
  "Olof",
  "Pia",
  "Rut",
  "Sune",
  "Tove",
  "Ulf",
];
const n = (x: number) => x.toLocaleString("en");
// casino-1900's chips and stack; a one-minute first level so the level change comes in the
// test, and later blinds in 500s so the 100s race off after it (R-CHIP-1).
const STRUCTURE = {
  startingStack: START,
  chips: [100, 500, 1000, 5000, 25000],
  levels: [
    { kind: "level" as const, sb: 100, bb: 200, ante: 0, minutes: 1, colourUp: null },
    ...[500, 1000, 1500, 2000].map((sb) => ({ kind: "level" as const, sb, bb: sb * 2, ante: 0, minutes: 30, colourUp: null })),
    { kind: "break" as const, sb: 0, bb: 0, ante: 0, minutes: 15, colourUp: null },
    ...[2500, 3000, 4000, 5000].map((sb) => ({ kind: "level" as const, sb, bb: sb * 2, ante: 0, minutes: 30, colourUp: null })),
    { kind: "break" as const, sb: 0, bb: 0, ante: 0, minutes: 15, colourUp: null },
    ...[6000, 8000, 10000, 15000].map((sb) => ({ kind: "level" as const, sb, bb: sb * 2, ante: 0, minutes: 30, colourUp: null })),
  ],
};

describe.skipIf(!haveChromium)("a live room's evening in chromium against felt serve", () => {
  let director: BrowserContext;
  let id = "";
  const pageErrors: string[] = [];
  const stage = feltStage({ folder: "felt-evening-", director: DIRECTOR });

  const appUrl = (hash: string) => `${stage.felt.url}/?checkKeys=1&lang=en#/${hash}`;
  const missingKeys = (page: Page) => page.evaluate(() => window.__feltMissingKeys ?? ["(i18n not started)"]);
  const view = () => must<TournamentView>(api(stage.felt.url, "GET", `/api/v1/tournaments/${id}`));
  const seats = async () =>
    (await must<{ seats: SeatAssignment[] }>(api(stage.felt.url, "GET", `/api/v1/director/tournaments/${id}/seating`, undefined, stage.directorToken))).seats;
  const results = () => must<ResultsResponse>(api(stage.felt.url, "GET", `/api/v1/director/tournaments/${id}/results`, undefined, stage.directorToken));

  async function newPage(context: BrowserContext, label: string, size = { width: 1400, height: 1000 }): Promise<Page> {
    const page = await context.newPage();
    await page.setViewportSize(size);
    page.on("pageerror", (e) => pageErrors.push(`${label}: ${e.message}`));
    return page;
  }

  /** The numbers a person reads, from the server and on the TV clock: they must agree. */
  async function expectFigures(clock: Page, want: { left: number; entries: number; chips: number; pool: number }) {
    const v = await view();
    expect({ left: v.playersLeft, entries: v.entries, chips: v.totalChips, pool: v.prizePool }).toEqual(want);
    const average = Math.round(want.chips / want.left);
    expect(v.averageStack).toBe(average);
    expect(v.payouts.reduce((a, p) => a + p.amount, 0)).toBe(want.pool);
    await expect
      .poll(
        async () => [
          await clock.textContent("[data-testid=players]"),
          await clock.textContent("[data-testid=average-stack]"),
          await clock.textContent("[data-testid=chips-in-play]"),
          await clock.textContent("[data-testid=prize-pool]"),
        ],
        { timeout: 20_000 },
      )
      .toEqual([`${n(want.left)} / ${n(want.entries)}`, n(average), n(want.chips), n(want.pool)]);
    const shown = await clock.locator("[data-testid=payouts] li b").allTextContents();
    expect(shown).toEqual(v.payouts.slice(0, 9).map((p) => n(p.amount)));
    return v;
  }

  /** Carries out every instruction with one click each; the kinds seen. */
  async function confirmAll(page: Page): Promise<string[]> {
    const kinds: string[] = [];
    await page.waitForTimeout(300);
    for (let i = 0; i < 40; i++) {
      const items = page.locator(".instructions li");
      if ((await items.count()) === 0) break;
      kinds.push((await items.first().getAttribute("data-kind")) ?? "");
      const before = await items.count();
      await items.first().getByRole("button", { name: en.floor.done }).click();
      await page.waitForFunction((k) => document.querySelectorAll(".instructions li").length < k, before, { timeout: 20_000 });
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

  /** The map shows every seated player at the table and seat of the server's seat map (once the moves are made). */
  async function expectMapMatchesSeating(page: Page) {
    const want = await seats();
    const r = await results();
    const label = (s: SeatAssignment) => {
      const k = r.stillIn.find((x) => x.entryId === s.entryId)?.entryNumber ?? 1;
      return k > 1 ? en.live.reEntryName.replace("{{name}}", s.name).replace("{{number}}", String(k)) : s.name;
    };
    await page.reload();
    await expect
      .poll(async () => [...(await readMap(page)).entries()].map(([table, x]) => [table, [...x.names.entries()].sort((a, b) => a[0] - b[0])]), {
        timeout: 20_000,
      })
      .toEqual(
        [...new Set(want.map((s) => s.tableNumber))]
          .sort((a, b) => a - b)
          .map((table) => [table, want.filter((s) => s.tableNumber === table).map((s) => [s.seat, label(s)])]),
      );
  }

  it("the whole evening: walk-ins, the draw, busts, a re-entry, the chip race, a table break, the final table, an ICM deal, every entry in the results", async () => {
    // 19:00, the start rule: at least 5 players by 19:15 (R-TRN-6).
    const startsAt = Date.now();
    const made = await must<{ tournament: LobbyTournament }>(
      api(
        stage.felt.url,
        "POST",
        "/api/v1/director/tournaments",
        {
          commandId: cmd(),
          presetId: "casino-1900",
          name: "Casino 19:00",
          kind: "live",
          startsAt,
          buyIn: BUY_IN,
          fee: 100,
          structure: STRUCTURE,
          // The evening preset's start rule applies: 5 players by 15 minutes after the start (R-TRN-6).
          // This evening's draws, breaks and final table were worked out for nine-seat tables.
          settings: { tableSize: 9 },
        },
        stage.directorToken,
      ),
    );
    id = made.tournament.id;
    director = await stage.browser.newContext({ acceptDownloads: true });
    const page = await newPage(director, "director");
    await page.goto(appUrl("sign-in"));
    await signInForm(page, DIRECTOR);

    // The TV clock, not signed in, from the first entry: payouts provisional.
    const tv = await stage.browser.newContext();
    const clock = await newPage(tv, "clock", { width: 1920, height: 1080 });
    await clock.goto(appUrl(`clock/${id}`));
    await clock.waitForSelector("[data-testid=time-left]", { timeout: 20_000 });

    // 20 walk-ins at the desk; the same name twice is warned about and not entered.
    await page.goto(appUrl(`director/floor/${id}`));
    const walkIn = page.locator("form.walk-in");
    await enterWalkIns(page, NAMES);
    await page.reload();
    await walkIn.getByLabel(en.floor.walkInName).fill("ada ", { timeout: 20_000 });
    await walkIn.getByRole("button", { name: en.floor.enter }).click();
    await page.waitForSelector(".walk-in .duplicate", { timeout: 20_000 });
    expect(await page.textContent(".walk-in .duplicate .warn")).toBe(en.live.duplicate.replace("{{name}}", "Ada"));
    await page.screenshot({ path: join(artifacts, "live-evening-duplicate.png") });
    await page.locator(".walk-in .duplicate").getByRole("button", { name: en.live.no, exact: true }).click();
    const v0 = await view();
    expect({ entries: v0.entries, left: v0.playersLeft, pool: v0.prizePool, fixed: v0.payoutsFixed }).toEqual({
      entries: 20,
      left: 20,
      pool: 20 * BUY_IN,
      fixed: false,
    });
    expect(v0.payouts.reduce((a, p) => a + p.amount, 0)).toBe(20 * BUY_IN);
    await expect.poll(() => clock.textContent("[data-testid=prize-pool]"), { timeout: 20_000 }).toBe(n(20 * BUY_IN));
    expect(await clock.locator("[data-testid=payouts] .provisional").count()).toBe(1);

    // The start rule is met (20 ≥ 5 before 19:15): the director starts, the draw seats everyone.
    await page.getByRole("button", { name: en.director.start, exact: true }).click();
    await page.waitForSelector(".director-head .status.running", { timeout: 20_000 });
    await expectFigures(clock, { left: 20, entries: 20, chips: 20 * START, pool: 20 * BUY_IN });
    await clock.screenshot({ path: join(artifacts, "live-evening-clock-start.png") });

    // Seat cards: 2 × 4 on A4 in print, the numbers the largest thing on a card.
    await page.goto(appUrl(`director/seating/${id}`));
    await page.waitForSelector(".seat-card", { timeout: 20_000 });
    expect(await page.locator(".seat-card").count()).toBe(20);
    expect(await page.locator(".seating .cols caption").count()).toBe(3);
    await page.emulateMedia({ media: "print" });
    await page.setViewportSize({ width: 794, height: 1123 });
    const sizes = await page.evaluate(() => {
      const px = (sel: string) => parseFloat(getComputedStyle(document.querySelector(sel)!).fontSize);
      const card = document.querySelector(".seat-card")!.getBoundingClientRect();
      const cols = getComputedStyle(document.querySelector(".seat-card-sheet")!).gridTemplateColumns.split(" ").length;
      return {
        seat: px(".seat-card .seat-no"),
        table: px(".seat-card .table-no"),
        name: px(".seat-card .who"),
        event: px(".seat-card .event"),
        cols,
        cardHeight: card.height,
      };
    });
    expect(sizes.cols).toBe(2);
    expect(sizes.seat).toBeGreaterThan(sizes.name);
    expect(sizes.table).toBeGreaterThan(sizes.name);
    expect(await page.locator(".seat-card .tournament").first().textContent()).toBe("Casino 19:00");
    await page.screenshot({ path: join(artifacts, "live-evening-seat-cards-print.png"), fullPage: true });
    await page.emulateMedia({ media: "screen" });
    await page.setViewportSize({ width: 1400, height: 1000 });

    // The table map after the draw: every name at its table and seat, 9 seats a table (the empty ones shown), the drawn button at a player.
    const map = await newPage(director, "table-map");
    await map.goto(appUrl(`director/map/${id}`));
    await expectMapMatchesSeating(map);
    const drawn = await readMap(map);
    expect([...drawn.keys()]).toEqual([1, 2, 3]);
    for (const [, x] of drawn) {
      expect(x.seats).toBe(9);
      expect(x.button).not.toBe(null);
      expect(x.names.has(x.button!)).toBe(true);
      expect(x.tags).toEqual([]);
    }
    await map.screenshot({ path: join(artifacts, "live-evening-table-map.png"), fullPage: true });

    /**
     * The floor's moves after a bust, each confirmed with one click; the first time a table
     * breaks (R-TBL-3), the table map is read before and after the moves are made.
     */
    let brokeSeen = false;
    const confirmMoves = async (): Promise<string[]> => {
      const pending = (
        await must<{ instructions: Instruction[] }>(
          api(stage.felt.url, "GET", `/api/v1/director/tournaments/${id}/instructions`, undefined, stage.directorToken),
        )
      ).instructions;
      const breaking = pending.filter((i) => i.kind === "break-table");
      if (!brokeSeen && breaking.length > 0) {
        // R-TBL-3 on the table map: the broken table is still there, marked to break, each player
        // at the seat they still sit in with where they go; the seats they go to name them.
        brokeSeen = true;
        const from = breaking[0]!.from.tableNumber;
        await map.reload();
        const m = await readMap(map);
        expect(m.get(from)?.tags).toContain(en.live.map.breaking);
        for (const i of breaking) {
          expect(m.get(from)?.names.get(i.from.seat)).toBe(i.name);
          expect(await map.locator(`.map-table[data-table="${from}"] li[data-seat="${i.from.seat}"] .move`).textContent()).toBe(
            ` ${en.live.map.moveTo.replace("{{table}}", en.table.title.replace("{{number}}", String(i.to.tableNumber))).replace("{{seat}}", String(i.to.seat))}`,
          );
          expect(m.get(i.to.tableNumber)?.names.get(i.to.seat)).toBe(i.name);
        }
        await map.screenshot({ path: join(artifacts, "live-evening-table-map-break.png"), fullPage: true });
        const done = await confirmAll(page);
        // Every move made: the broken table is gone and the names sit where the seat map says.
        await expectMapMatchesSeating(map);
        expect((await readMap(map)).has(from)).toBe(false);
        return done;
      }
      return confirmAll(page);
    };

    // Two out in one hand at table 1 (the bigger stack at the start places better, R-PLACE-2), then four more.
    await page.goto(appUrl(`director/floor/${id}`));
    await page.waitForSelector(".live-entries tbody tr", { timeout: 20_000 });
    const all = await seats();
    const t1 = all.filter((s) => s.tableNumber === 1);
    // Their stacks when the hand began, typed in the count column: 15,000 and 25,000.
    for (const [i, s] of t1.slice(0, 2).entries()) {
      await page.locator(`.live-entries tr[data-entry="${s.entryId}"] input[type=number]`).fill(String([15_000, 25_000][i]));
      await page.locator(`.live-entries tr[data-entry="${s.entryId}"] input[type=checkbox]`).check();
    }
    await page.getByRole("button", { name: en.floor.bustTogether_other.replace("{{count}}", "2") }).click();
    // Two tournaments end at once: asked once more, naming both.
    const together = page.getByRole("alertdialog").filter({ hasText: t1[0]!.name });
    expect(await together.textContent()).toContain(t1[1]!.name);
    await page.locator("[data-action=confirm-together]").click();
    await page.waitForSelector(`.live-entries tr[data-entry="${t1[0]!.entryId}"]`, { state: "detached", timeout: 20_000 });
    // The stacks typed for the bust were the hand's start, not a count: nothing is left to record.
    expect(await page.locator(".row.count button").textContent()).toBe(en.floor.recordCount_other.replace("{{count}}", "0"));
    const kinds = await confirmMoves();
    for (let i = 0; i < 4; i++) {
      const rest = await seats();
      await bust(page, rest.at(-1)!.entryId);
      kinds.push(...(await confirmMoves()));
    }
    await expectFigures(clock, { left: 14, entries: 20, chips: 20 * START, pool: 20 * BUY_IN });
    expect((await view()).averageStack).toBe(28_571);
    let r = await results();
    expect(r.results.map((x) => x.place)).toEqual([15, 16, 17, 18, 19, 20]);
    // The pair: 25,000 at the hand's start places 19th, 15,000 20th.
    expect(r.results.find((x) => x.entryId === t1[1]!.entryId)!.place).toBe(19);
    expect(r.results.find((x) => x.entryId === t1[0]!.entryId)!.place).toBe(20);
    // Bust order and places so far on the floor.
    expect(await page.locator(".out-list li").count()).toBe(6);

    // A re-entry at the desk for the first one out.
    const first = r.results.at(-1)!;
    const firstOut = page.locator(`.out-list li[data-entry="${first.entryId}"]`);
    await firstOut.getByRole("button", { name: en.floor.reEnter }).click();
    // Asked once more, like a bust: a wrong click would take a buy-in.
    const ask = firstOut.getByRole("alertdialog");
    expect(await ask.locator("span").first().textContent()).toBe(en.live.reEnterConfirm.replace("{{name}}", first.name));
    expect(await view().then((v) => v.entries)).toBe(20);
    await ask.locator("[data-action=confirm-re-enter]").click();
    await expect.poll(async () => (await view()).entries, { timeout: 20_000 }).toBe(21);
    // In again: the first entry's row offers no second re-entry.
    await expect.poll(() => firstOut.locator("[data-action=re-enter]").count(), { timeout: 20_000 }).toBe(0);
    kinds.push(...(await confirmAll(page)));
    await expectFigures(clock, { left: 15, entries: 21, chips: 21 * START, pool: 21 * BUY_IN });
    r = await results();
    expect(r.stillIn.find((x) => x.name === first.name)?.entryNumber).toBe(2);

    // The player search: part of the name, in another case, finds both of the re-entered player's entries:
    // the new one seated (table, seat), the first one out with its place.
    await map.reload();
    await map.locator(".player-search input").fill(first.name.slice(0, 2).toUpperCase(), { timeout: 20_000 });
    const again = (await seats()).find((x) => x.name === first.name)!;
    const found = map.locator("[data-testid=search-results] li");
    await expect.poll(() => found.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const seatedRow = map.locator(`[data-testid=search-results] li[data-kind=seated][data-entry="${again.entryId}"]`);
    expect(await seatedRow.locator(".who").textContent()).toBe(en.live.reEntryName.replace("{{name}}", first.name).replace("{{number}}", "2"));
    expect(await seatedRow.locator(".where").textContent()).toContain(
      en.live.map.seatedAt.replace("{{table}}", en.table.title.replace("{{number}}", String(again.tableNumber))).replace("{{seat}}", String(again.seat)),
    );
    // On the floor too, the new entry is named with its number.
    await expect
      .poll(() => page.locator(`.live-entries tr[data-entry="${again.entryId}"] td`).nth(1).textContent(), { timeout: 20_000 })
      .toBe(en.live.reEntryName.replace("{{name}}", first.name).replace("{{number}}", "2"));
    const outRow = map.locator(`[data-testid=search-results] li[data-kind=out][data-entry="${first.entryId}"]`);
    // Places count from the field so far (R-PLACE-1): with 21 entries the first out is 21st.
    const firstPlace = r.results.find((x) => x.entryId === first.entryId)!.place;
    expect(firstPlace).toBe(21);
    expect(await outRow.locator(".where").textContent()).toContain(en.live.map.out.replace("{{place}}", nth(firstPlace)));
    // The bust order: the six out so far, the last out first, with their places.
    expect(await map.locator("[data-testid=bust-order] tbody tr td:first-child").allTextContents()).toEqual([16, 17, 18, 19, 20, 21].map(nth));
    await map.screenshot({ path: join(artifacts, "live-evening-player-search.png"), fullPage: true });

    // A chip count at the table: the map shows the count where one was recorded, "—" where none was; the search says when it was counted.
    await page.locator(`.live-entries tr[data-entry="${again.entryId}"] input[type=number]`).fill("23500");
    await page.getByRole("button", { name: en.floor.recordCount_one.replace("{{count}}", "1") }).click();
    await expect.poll(async () => (await seats()).find((x) => x.entryId === again.entryId)?.countedAt ?? null, { timeout: 20_000 }).not.toBe(null);
    await map.reload();
    const seatChips = (table: number, seat: number) => map.locator(`.map-table[data-table="${table}"] li[data-seat="${seat}"] .chips`).textContent();
    await expect.poll(() => seatChips(again.tableNumber, again.seat), { timeout: 20_000 }).toBe(n(23_500));
    const uncounted = (await seats()).find((x) => x.countedAt === null)!;
    expect(await seatChips(uncounted.tableNumber, uncounted.seat)).toBe("—");
    await map.locator(".player-search input").fill(first.name);
    await expect
      .poll(() => map.locator(`[data-testid=search-results] li[data-entry="${again.entryId}"] .where`).textContent(), { timeout: 20_000 })
      .toMatch(new RegExp(`${en.live.map.chips.replace("{{chips}}", n(23_500))} \\(${en.live.countedAt.replace("{{time}}", ".+")}\\)$`));

    // The level change (the first level is one minute), then the 100s raced off at every table.
    await clock.waitForFunction(() => document.querySelector(".clock-level")?.textContent?.trim() === "Level 2", null, { timeout: 120_000 });
    expect(await clock.textContent(".clock-blinds")).toContain("500 / 1,000");
    await clock.screenshot({ path: join(artifacts, "live-evening-clock-level2.png") });
    const race = await newPage(director, "colour-up");
    await race.goto(appUrl(`director/colour-up/${id}`));
    await race.locator(".colour-up select").first().selectOption("100", { timeout: 20_000 });
    await race.getByRole("button", { name: en.colourUp.plan }).click();
    await race.waitForSelector(".colour-up tbody tr", { timeout: 20_000 });
    await race.getByLabel(en.colourUp.draw).check();
    const tables = [...new Set((await seats()).map((s) => s.tableNumber))].sort();
    for (const table of tables) {
      expect(await race.locator(".colour-up select").nth(1).inputValue()).toBe(String(table));
      await race.getByRole("button", { name: en.colourUp.run }).click();
      await race.waitForFunction((k) => document.querySelector("table.result caption")?.textContent?.endsWith(` ${k}`), table, { timeout: 20_000 });
    }
    await race.waitForSelector("[data-testid=colour-up-done]", { timeout: 20_000 });
    expect((await view()).chips[0]).toBe(500);
    await race.close();
    // Every stack was whole 500s already: the race changes no chip in play.
    await expectFigures(clock, { left: 15, entries: 21, chips: 21 * START, pool: 21 * BUY_IN });

    // The director's clock (signed in): a minute more, then skip to the next level; sound enabled by a click.
    const dclock = await newPage(director, "director-clock", { width: 1920, height: 1080 });
    await dclock.goto(appUrl(`clock/${id}`));
    await dclock.waitForSelector("[data-action=minute-more]", { timeout: 20_000 });
    const chimes = () => dclock.evaluate(() => (window as { __feltChimes?: number }).__feltChimes ?? 0);
    const chimed = await chimes();
    await dclock.locator("[data-action=enable-sound]").click();
    expect(await dclock.locator("[data-action=enable-sound]").count()).toBe(0);
    // Enabling sound plays the level-change signal once, so the room hears that it works.
    expect(await chimes()).toBe(chimed + 1);
    // A minute less, then a minute more, as the time on the screen reads (the level is young: time given back stops at its start).
    const before = (await view()).timeLeftMs;
    const read0 = await readClock(dclock);
    await dclock.locator("[data-action=minute-less]").click();
    await expect.poll(async () => (await view()).timeLeftMs < before - 50_000, { timeout: 20_000 }).toBe(true);
    // The screen reads about a minute less (the clock ticks meanwhile, so at least 60 s less, and not 2 minutes).
    await expect.poll(async () => read0 - (await readClock(dclock)), { timeout: 20_000 }).toBeGreaterThanOrEqual(60);
    expect(read0 - (await readClock(dclock))).toBeLessThan(120);
    const read1 = await readClock(dclock);
    await dclock.locator("[data-action=minute-more]").click();
    await expect.poll(async () => (await readClock(dclock)) - read1, { timeout: 20_000 }).toBeGreaterThan(50);
    // The room's TV (not signed in) reads the same minute given back.
    await expect.poll(async () => (await readClock(clock)) - read1, { timeout: 20_000 }).toBeGreaterThan(50);
    // Skip to the next level: the blinds the clock announced as next are the blinds now.
    const announced = ((await dclock.textContent(".clock-next .next-level")) ?? "").split(": ")[1];
    expect(announced).toBe("1,000 / 2,000");
    await dclock.locator("[data-action=next-level]").click();
    await dclock.waitForFunction(() => document.querySelector(".clock-level")?.textContent?.trim() === "Level 3", null, { timeout: 20_000 });
    expect(await dclock.textContent(".clock-blinds .value")).toBe(announced);
    // The skipped-to level is signalled as any level change is.
    await expect.poll(chimes, { timeout: 20_000 }).toBe(chimed + 2);
    await clock.waitForFunction(() => document.querySelector(".clock-level")?.textContent?.trim() === "Level 3", null, { timeout: 20_000 });
    expect(await clock.textContent(".clock-blinds .value")).toBe(announced);
    for (const layout of ["classic", "blinds", "payouts"]) {
      await dclock.getByLabel(en.live.clock.layout).selectOption(layout);
      await dclock.screenshot({ path: join(artifacts, `live-evening-clock-${layout}.png`) });
    }
    await dclock.getByLabel(en.live.clock.layout).selectOption("classic");
    expect(await missingKeys(dclock)).toEqual([]);
    await dclock.close();

    // Busts down to three: tables break and the final table is drawn, each move confirmed.
    await page.reload();
    await page.waitForSelector(".live-entries tbody tr", { timeout: 20_000 });
    for (let left = 15; left > 3; left--) {
      const rest = await seats();
      await bust(page, rest.at(-1)!.entryId);
      kinds.push(...(await confirmMoves()));
      const v = await view();
      expect(v.playersLeft).toBe(left - 1);
      expect(v.averageStack).toBe(Math.round((21 * START) / (left - 1)));
    }
    expect(kinds).toContain("break-table");
    expect(kinds).toContain("final-table");
    expect(new Set((await seats()).map((s) => s.tableNumber)).size).toBe(1);
    // The final table on the map: the three names at their drawn seats, one table left.
    expect(brokeSeen).toBe(true);
    await expectMapMatchesSeating(map);
    expect((await readMap(map)).size).toBe(1);
    // The player search finds a busted player with the place (and the bust order lists 18 out).
    const out4 = (await results()).results.find((x) => x.place === 4)!;
    await map.locator(".player-search input").fill(out4.name.toLowerCase());
    const row4 = map.locator(`[data-testid=search-results] li[data-kind=out][data-entry="${out4.entryId}"] .where`);
    await expect.poll(() => row4.textContent().catch(() => ""), { timeout: 20_000 }).toContain(en.live.map.out.replace("{{place}}", nth(4)));
    expect(await map.locator("[data-testid=bust-order] tbody tr").count()).toBe(18);
    const tvMap = await newPage(director, "table-map-tv", { width: 1920, height: 1080 });
    await tvMap.goto(appUrl(`floor-map/${id}`));
    await tvMap.waitForSelector("[data-testid=table-map] .map-table .name", { timeout: 20_000 });
    await tvMap.screenshot({ path: join(artifacts, "live-evening-table-map-tv.png") });
    expect(await missingKeys(tvMap)).toEqual([]);
    await tvMap.close();
    await expectFigures(clock, { left: 3, entries: 21, chips: 21 * START, pool: 21 * BUY_IN });
    await clock.screenshot({ path: join(artifacts, "live-evening-clock-three-left.png") });

    // The deal waits for entries to close, and says so; the director closes them.
    await page.goto(appUrl(`director/payouts/${id}`));
    await page.waitForSelector("[data-testid=deal-why-not] .error", { timeout: 20_000 });
    // The results list the three still in with their chips, said to be chips (not a prize), and an estimate or the floor's count.
    await page.waitForSelector("[data-testid=results-table] tr.still-in", { timeout: 20_000 });
    const stillInCells = await page.locator("[data-testid=results-table] tr.still-in td.chips").allTextContents();
    expect(stillInCells.length).toBe(3);
    for (const c of stillInCells) expect(c).toMatch(new RegExp(`^[\\d,]+ chips \\((${en.live.estimate}|${en.live.countedAt.replace("{{time}}", ".+")})\\)$`));
    expect(await page.textContent("[data-testid=deal-why-not]")).toMatch(
      /^No deal yet: entries can still come, so the prizes are not fixed\. They are fixed when entries close, at the end of level \d+ \(.+\)\.$/,
    );
    await page.getByRole("button", { name: en.live.closeEntries }).click();
    await page.locator("[data-action=confirm-close-entries]").click();
    await expect.poll(async () => (await view()).payoutsFixed, { timeout: 20_000 }).toBe(true);
    const fixed = await view();
    expect(fixed.payouts.reduce((a, p) => a + p.amount, 0)).toBe(21 * BUY_IN);

    // An ICM deal among the last three, on their estimated stacks recorded as the count.
    await page.reload();
    await page.waitForSelector("[data-testid=deal-sum]", { timeout: 20_000 });
    // The floor counts the three before the deal: the chips typed are recorded as the count.
    const finalists = (await results()).stillIn;
    const countBox = (name: string) => page.getByLabel(en.floor.countFor.replace("{{name}}", name)).last();
    // A miscount first: 1,000 too many. The deal says so and waits for a recount or a yes.
    for (const [i, f] of finalists.entries()) await countBox(f.name).fill(String([210_000, 140_000, 71_000][i]));
    const off = page.getByTestId("chips-off");
    await off.waitFor({ timeout: 20_000 });
    expect(await off.locator("p").textContent()).toBe(
      en.payouts.chipsOff
        .replace("{{counted}}", n(421_000))
        .replace("{{inPlay}}", n(21 * START))
        .replace("{{difference}}", `+${n(1_000)}`),
    );
    expect(await page.getByRole("button", { name: en.payouts.acceptDeal }).isDisabled()).toBe(true);
    // Counted again: the chips agree and the question goes.
    await countBox(finalists[2]!.name).fill("70000");
    await expect.poll(() => off.count(), { timeout: 20_000 }).toBe(0);
    await page.waitForSelector("[data-testid=deal-sum].hint", { timeout: 20_000 });
    const left3 = fixed.payouts.slice(0, 3).reduce((a, p) => a + p.amount, 0);
    expect(await page.textContent("[data-testid=deal-sum]")).toBe(en.payouts.dealSum.replace("{{shared}}", n(left3)).replace("{{pool}}", n(left3)));
    await page.screenshot({ path: join(artifacts, "live-evening-deal.png"), fullPage: true });
    await page.getByRole("button", { name: en.payouts.acceptDeal }).click();
    // A recorded deal ends the tournament: asked once more.
    await page.locator("[data-action=confirm-deal]").click();
    await page.waitForSelector("[data-testid=deal-done]", { timeout: 20_000 });
    const done = await results();
    expect(done.stillIn).toEqual([]);
    expect(done.results.length).toBe(21);
    expect(done.results.map((x) => x.place).sort((a, b) => a - b)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(done.results.reduce((a, x) => a + x.prize, 0)).toBe(21 * BUY_IN);
    for (const x of done.results.filter((y) => y.place > 3)) {
      expect(x.prize).toBe(done.payouts.find((p) => p.place === x.place)?.amount ?? 0);
      expect(x.bustedAt).toEqual(expect.any(Number));
    }
    expect(done.results.filter((x) => x.entryNumber === 2).length).toBe(1);
    expect((await view()).status).toBe("finished");

    // The results on screen and the CSV: every entry, the re-entry separately.
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=results-table] tbody tr").length === 21, null, { timeout: 20_000 });
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: en.results.export }).click()]);
    // A spreadsheet's CSV: a byte-order mark, local times, money as numbers; then where the money went.
    const raw = readFileSync((await download.path())!, "utf8");
    expect(raw.charCodeAt(0)).toBe(0xfeff);
    const lines = raw.slice(1).trim().split("\r\n");
    const csv = lines.slice(0, lines.indexOf(""));
    expect(csv.length).toBe(22);
    expect(csv[0]).toBe(["Place", "Name", en.live.playerNumber, "Entry", "Out at", "Prize", "Rebuys", "Add-on", "Chips"].join(","));
    for (const x of done.results) {
      // Each row names the player's number: a walk-in's, given at the desk.
      expect(x.playerNumber, x.name).toEqual(expect.any(Number));
      const line = csv.find((l) => l.startsWith(`${x.place},${x.name},${x.playerNumber},${x.entryNumber},`))!;
      expect(line, `${x.place} ${x.name}`).toBeDefined();
      expect(line.split(",")[5]).toBe((x.prize / 100).toFixed(2));
      expect(line.split(",")[4]).toBe(x.bustedAt === null ? "" : localDateTime(x.bustedAt));
    }
    const money = lines.slice(lines.indexOf(""));
    expect(money).toContain(`${en.results.money.prizePool},${(done.results.reduce((a, x) => a + x.prize, 0) / 100).toFixed(2)}`);
    expect(money.find((l) => l.startsWith(`${en.results.money.deal},${en.results.money.method.icm},`))).toBeDefined();
    await page.screenshot({ path: join(artifacts, "live-evening-results.png"), fullPage: true });

    // The desk pays out: the winner takes cash (asked once more), the others leave theirs on
    // their accounts; then the evening's totals balance.
    const winnerRow = page.locator("[data-testid=desk] tr[data-item]").first();
    await winnerRow.waitFor({ timeout: 20_000 });
    const winnerItem = (await winnerRow.getAttribute("data-item"))!;
    await winnerRow.locator("[data-action=pay-cash]").click();
    await page.locator(`[data-testid=desk] tr[data-item="${winnerItem}"] [data-action=confirm-pay]`).click();
    await page.waitForSelector(`[data-testid=desk] tr.paid[data-item="${winnerItem}"]`, { timeout: 20_000 });
    const deskPath = `/api/v1/director/tournaments/${id}/desk`;
    const desk0 = await must<DeskResponse>(api(stage.felt.url, "GET", deskPath, undefined, stage.directorToken));
    expect(desk0.items.find((x) => x.item === winnerItem)!.paid).toMatchObject({ method: "cash" });
    expect(desk0.totals.balanced).toBe(false);
    for (const x of desk0.items.filter((y) => y.paid === null))
      await must(api(stage.felt.url, "POST", `${deskPath}/pay`, { commandId: cmd(), item: x.item, method: "credit" }, stage.directorToken));
    await page.locator("[data-testid=desk]").getByRole("button", { name: en.cashier.refresh }).click();
    await page.waitForSelector("[data-testid=desk-check].ok", { timeout: 20_000 });
    expect(await page.textContent("[data-testid=desk-check]")).toBe(en.live.desk.balanced);
    await page.screenshot({ path: join(artifacts, "live-evening-desk.png"), fullPage: true });

    // The floor log holds every record.
    const log = await must<FloorLogResponse>(api(stage.felt.url, "GET", `/api/v1/director/tournaments/${id}/floor-log`, undefined, stage.directorToken));
    expect(log.rows.filter((x) => x.kind === "bust").length).toBe(5 + 12);
    expect(log.rows.filter((x) => x.kind === "re-entry").length).toBe(1);

    expect(await missingKeys(page)).toEqual([]);
    expect(await missingKeys(clock)).toEqual([]);
    expect(await missingKeys(map)).toEqual([]);
    await map.close();
    await clock.close();
    await page.close();
  }, 600_000);

  it("no page raised an error", () => {
    expect(pageErrors).toEqual([]);
  });
});

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { RESOURCES } from "../src/i18n/index.ts";
import { api, cmd, must } from "../../testkit/server/harness.ts";
import type { Instruction, LobbyTournament, RoomResponse, SeatAssignment } from "../../src/protocol/index.ts";
import { artifacts, CHROMIUM, feltStage, haveChromium, signInForm } from "./stage.ts";

// The room's own names in chromium against a REAL `felt serve`: the floor names table 1
// "Rose" and the room "The Green Room" in the map's form; the map, the move the floor is
// told to make, the map on the TV and the TV clock read them. Screenshots: artifacts/room-*.png.

if (!haveChromium) console.warn(`web e2e (room) SKIPPED: ${CHROMIUM} is not installed`);

const DIRECTOR = { name: "room-chief", password: "room-password-1" };
const en = RESOURCES.en;
const fill = (s: string, v: Record<string, string | number>) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(v[k]));
const tableTitle = (n: number) => fill(en.table.title, { number: n });

describe.skipIf(!haveChromium)("the room's names in chromium against felt serve", () => {
  const pageErrors: string[] = [];
  const stage = feltStage({ folder: "felt-room-", director: DIRECTOR, onFailure: () => `\npage errors: ${pageErrors.join("\n")}` });
  const appUrl = (hash: string) => `${stage.felt.url}/?checkKeys=1&lang=en#/${hash}`;
  /** How far the page reaches past the screen's right edge (0: not at all). */
  const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  const missingKeys = (page: Page) => page.evaluate(() => window.__feltMissingKeys ?? ["(i18n not started)"]);

  /** A live event of `players` walk-ins at tables of six, started; its id. */
  async function liveEvent(name: string, players: number): Promise<string> {
    const url = stage.felt.url;
    const made = await must<{ tournament: LobbyTournament }>(
      api(
        url,
        "POST",
        "/api/v1/director/tournaments",
        { commandId: cmd(), presetId: "casino-1900", name, kind: "live", startsAt: Date.now(), buyIn: 1000, fee: 100, settings: { tableSize: 6 } },
        stage.directorToken,
      ),
    );
    const id = made.tournament.id;
    for (let i = 0; i < players; i++)
      await must(api(url, "POST", `/api/v1/director/tournaments/${id}/walk-in`, { commandId: cmd(), name: `Guest ${i + 1}` }, stage.directorToken));
    await must(api(url, "POST", `/api/v1/director/tournaments/${id}/start`, { commandId: cmd() }, stage.directorToken));
    return id;
  }
  const director = (id: string) => `/api/v1/director/tournaments/${id}`;

  it("a named table reads by its name on the map, in the move the floor makes, on the TV map; the room's name on the TV clock", async () => {
    const url = stage.felt.url;
    const id = await liveEvent("Rose Night", 12);
    // Another event with a long name: the console's tournament picker is as wide as its
    // longest name, and on a phone it ran past the screen's edge.
    await must(
      api(
        url,
        "POST",
        "/api/v1/director/tournaments",
        { commandId: cmd(), presetId: "casino-1900", name: "Nedělní turbo s re-entry do druhé přestávky", kind: "live", startsAt: Date.now() + 86_400_000 },
        stage.directorToken,
      ),
    );
    const context = await stage.browser.newContext();
    const page = await context.newPage();
    page.on("pageerror", (e) => pageErrors.push(`director: ${e.message}`));
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.goto(appUrl("sign-in"));
    await signInForm(page, DIRECTOR, { timeoutMs: 30_000 });

    // A floor on a phone: the header keeps to one line and each of its links reads whole, in every language.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const lang of ["en", "cs", "ru", "sv", "ro"]) {
      await page.goto(appUrl(`director/map/${id}`).replace("lang=en", `lang=${lang}`));
      await page.waitForSelector(".map-table[data-table='1']", { timeout: 20_000 });
      const clipped = await page.locator(".top nav").evaluate((nav) => nav.scrollWidth - nav.clientWidth);
      expect(clipped, `the header's links cut off on a phone in ${lang}`).toBeLessThanOrEqual(0);
      expect(await missingKeys(page), lang).toEqual([]);
      if (lang === "ro") await page.screenshot({ path: join(artifacts, "room-0-phone-ro.png") });
      // The floor's list of players: every bust button within the screen, the page no wider than it.
      await page.goto(appUrl(`director/floor/${id}`).replace("lang=en", `lang=${lang}`));
      await page.waitForSelector("table.live-entries tbody tr");
      expect(await pageOverflow(page), `the floor's page wider than a phone in ${lang}`).toBeLessThanOrEqual(0);
      const busts = await page.locator("table.live-entries td.actions button").evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().right));
      expect(busts).toHaveLength(12);
      expect(Math.max(...busts), `a bust button past the edge of a phone in ${lang}`).toBeLessThanOrEqual(390);
      if (lang === "ru") {
        await page.locator("table.live-entries").scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(artifacts, "room-0-floor-phone-ru.png") });
      }
      // A new tournament's form: the levels scroll in their own box, the page stays the phone's width.
      await page.goto(appUrl("director/create").replace("lang=en", `lang=${lang}`));
      await page.waitForSelector("table.structure tbody tr");
      expect(await pageOverflow(page), `the new tournament's form wider than a phone in ${lang}`).toBeLessThanOrEqual(0);
      // The TV's map opened on the phone: the tables one under another, every name on the screen.
      await page.goto(appUrl(`floor-map/${id}`).replace("lang=en", `lang=${lang}`));
      await page.waitForSelector(".map-table[data-table='1'] .map-seats li");
      expect(await pageOverflow(page), `the TV's map wider than a phone in ${lang}`).toBeLessThanOrEqual(0);
    }
    // The smallest phones (320 px): a field and its label wrap instead of running off the edge.
    await page.setViewportSize({ width: 320, height: 640 });
    for (const lang of ["en", "ru"]) {
      await page.goto(appUrl("director/create").replace("lang=en", `lang=${lang}`));
      await page.waitForSelector("table.structure tbody tr");
      expect(await pageOverflow(page), `the new tournament's form wider than a 320 px phone in ${lang}`).toBeLessThanOrEqual(0);
    }
    // A tablet either way round: the floor's list in the console's second column keeps its
    // bust buttons inside the screen, and the TV's map fits when held upright.
    for (const [width, height] of [
      [768, 1024],
      [1024, 768],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(appUrl(`director/floor/${id}`).replace("lang=en", "lang=ru"));
      await page.waitForSelector("table.live-entries tbody tr");
      expect(await pageOverflow(page), `the floor's page wider than a tablet at ${width} px`).toBeLessThanOrEqual(0);
      const busts = await page.locator("table.live-entries td.actions button").evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().right));
      expect(Math.max(...busts), `a bust button past the edge of a tablet at ${width} px`).toBeLessThanOrEqual(width);
      await page.goto(appUrl(`floor-map/${id}`).replace("lang=en", "lang=ru"));
      await page.waitForSelector(".map-table[data-table='1'] .map-seats li");
      expect(await pageOverflow(page), `the TV's map wider than a tablet at ${width} px`).toBeLessThanOrEqual(0);
    }
    // A TV hung upright: the map, planned by the screen's shape, fits it whole with every name whole.
    await page.setViewportSize({ width: 1080, height: 1920 });
    await page.goto(appUrl(`floor-map/${id}`));
    await page.waitForSelector(".map-table[data-table='1'] .map-seats li");
    expect(await pageOverflow(page), "the TV's map wider than a TV hung upright").toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollHeight - innerHeight), "the TV's map taller than a TV hung upright").toBeLessThanOrEqual(0);
    const cut = await page.locator(".map-seats .who").evaluateAll((names) => names.filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => n.textContent));
    expect(cut, "names cut short on a TV hung upright").toEqual([]);
    await page.screenshot({ path: join(artifacts, "room-tv-map-upright.png") });
    await page.setViewportSize({ width: 1400, height: 1000 });

    // The map's form: table 1 is "Rose", the room "The Green Room".
    await page.goto(appUrl(`director/map/${id}`));
    await page.waitForSelector(".map-table[data-table='1']", { timeout: 20_000 });
    await page.locator("[data-testid=room-names] summary").click();
    await page.locator("[data-field=room-name]").fill("The Green Room");
    await page.locator("[data-testid=room-names] form").first().getByRole("button", { name: en.live.room.save }).click();
    await page.waitForSelector(`[data-testid=room-names] form >> text=${en.live.room.saved}`);
    const table1 = page.locator(".room-tables li[data-table='1']");
    await table1.locator("[data-field=table-name]").fill("Rose");
    await table1.getByRole("button", { name: en.live.room.save }).click();
    await expect.poll(() => page.textContent(".map-table[data-table='1'] h3")).toBe("Rose");
    expect(await page.textContent(".map-table[data-table='2'] h3")).toBe(tableTitle(2));

    // A name table 1 has is refused for table 2, in the floor's words.
    const table2 = page.locator(".room-tables li[data-table='2']");
    await table2.locator("[data-field=table-name]").fill("rose");
    await table2.getByRole("button", { name: en.live.room.save }).click();
    await expect.poll(() => page.textContent("[data-testid=room-names] .error")).toBe(fill(en.live.causes.room["name-taken"], { table: 1 }));
    expect(await page.textContent(".map-table[data-table='2'] h3")).toBe(tableTitle(2));

    // Two out at Rose: 4 and 6, so a player of table 2 is moved to Rose (R-TBL-2).
    const seats = (await must<{ seats: SeatAssignment[] }>(api(url, "GET", `${director(id)}/seating`, undefined, stage.directorToken))).seats;
    for (const s of seats.filter((x) => x.tableNumber === 1).slice(0, 2))
      await must(api(url, "POST", `${director(id)}/live`, { commandId: cmd(), kind: "bust", entryId: s.entryId }, stage.directorToken));
    const label = (n: number) => (n === 1 ? "Rose" : tableTitle(n));
    const [move] = (await must<{ instructions: Instruction[] }>(api(url, "GET", `${director(id)}/instructions`, undefined, stage.directorToken))).instructions;
    expect(move).toMatchObject({ kind: "balance", from: { tableNumber: 2 }, to: { tableNumber: 1 } });
    const moveTo = fill(en.live.map.moveTo, { table: label(move!.to.tableNumber), seat: move!.to.seat });
    await expect
      .poll(() => page.textContent(`.map-table[data-table='${move!.from.tableNumber}'] li[data-seat='${move!.from.seat}'] .move`), { timeout: 20_000 })
      .toBe(` ${moveTo}`);
    await page.screenshot({ path: join(artifacts, "room-1-map.png"), fullPage: true });

    await page.goto(appUrl(`director/floor/${id}`));
    await expect
      .poll(() => page.textContent(".instructions li .what"), { timeout: 20_000 })
      .toBe(
        fill(en.floor.move, {
          // The player's number beside the name tells two players of one name apart.
          name: move!.playerNumber === undefined ? move!.name : `${move!.name} ${fill(en.live.number, { number: move!.playerNumber })}`,
          fromTable: label(move!.from.tableNumber),
          fromSeat: move!.from.seat,
          toTable: label(move!.to.tableNumber),
          toSeat: move!.to.seat,
        }),
      );
    await page.screenshot({ path: join(artifacts, "room-2-floor.png"), fullPage: true });

    // The TV: the map on its own, and the clock headed with the room's name.
    const tv = await context.newPage();
    tv.on("pageerror", (e) => pageErrors.push(`tv: ${e.message}`));
    await tv.setViewportSize({ width: 1920, height: 1080 });
    await tv.goto(appUrl(`floor-map/${id}`));
    await expect.poll(() => tv.textContent(".map-table[data-table='1'] h3"), { timeout: 20_000 }).toBe("Rose");
    await tv.screenshot({ path: join(artifacts, "room-3-tv-map.png") });
    await tv.goto(appUrl(`clock/${id}`));
    await expect.poll(() => tv.textContent(".clock-screen header h1"), { timeout: 20_000 }).toBe("The Green Room · Rose Night");
    await tv.screenshot({ path: join(artifacts, "room-4-tv-clock.png") });
    for (const p of [page, tv]) expect(await missingKeys(p)).toEqual([]);

    // The form in every language: all its words there, none running out of its box.
    for (const lang of ["cs", "ru", "sv", "ro"]) {
      await page.goto(`${url}/?checkKeys=1&lang=${lang}#/director/map/${id}`);
      await page.waitForSelector(".map-table[data-table='1']", { timeout: 20_000 });
      await page.locator("[data-testid=room-names] summary").click();
      expect(await page.textContent(".map-table[data-table='1'] h3")).toBe("Rose");
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("[data-testid=room-names] *")]
          .filter((e) => e.scrollWidth > e.clientWidth + 1 && e.tagName !== "INPUT")
          .map((e) => e.outerHTML.slice(0, 80)),
      );
      expect(cut).toEqual([]);
      expect(await missingKeys(page)).toEqual([]);
      await page.locator("[data-testid=room-names]").screenshot({ path: join(artifacts, `room-form-${lang}.png`) });
    }
    await context.close();
  }, 180_000);

  it("paper: the draw's seat cards 8 an A4 page; 45 entries' results on 2 pages, each headed with the room; a late walk-in's, a moved player's and a re-entry's card offered at once, printed alone", async () => {
    const url = stage.felt.url;
    await must(api(url, "POST", "/api/v1/director/room/name", { commandId: cmd(), name: "The Green Room" }, stage.directorToken));
    // A long name on a card: it wraps on the card, it never runs off it.
    await must(api(url, "POST", "/api/v1/director/room/tables", { commandId: cmd(), number: 2, name: "Table 2 – by the bar" }, stage.directorToken));
    const id = await liveEvent("Paper Night", 45);
    const context = await stage.browser.newContext();
    // The print dialog is the browser's: the page only says what it asked to print.
    await context.addInitScript(() => {
      window.print = () => {
        (window as unknown as { printed: string }).printed = document.body.dataset["print"] ?? "page";
      };
    });
    const printed = (p: Page) => p.evaluate(() => (window as unknown as { printed?: string }).printed ?? null);
    // page.pdf() lays the page out for print unless the media is emulated: the emulation is reset (null) after each look.
    const pdfPages = async (p: Page) => ((await p.pdf({ preferCSSPageSize: true })).toString("latin1").match(/\/Type\s*\/Page\b/g) ?? []).length;
    const page = await context.newPage();
    page.on("pageerror", (e) => pageErrors.push(`paper: ${e.message}`));
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.goto(appUrl("sign-in"));
    await signInForm(page, DIRECTOR, { timeoutMs: 30_000 });

    // The draw's seat cards: 45 cards, 8 to an A4 page (2 × 4), so 6 pages.
    await page.goto(appUrl(`director/seating/${id}`));
    await expect.poll(() => page.locator(".seat-card").count(), { timeout: 20_000 }).toBe(45);
    await page.emulateMedia({ media: "print" });
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.screenshot({ path: join(artifacts, "room-5-seat-cards-print.png"), fullPage: true });
    // Table 1 is Rose too when the first test ran: the long name is table 2's.
    const named = page.locator(".seat-card .table-no.named", { hasText: "Table 2 – by the bar" }).first();
    expect(await named.textContent()).toBe("Table 2 – by the bar");
    await page
      .locator(".seat-card", { hasText: "Table 2 – by the bar" })
      .first()
      .screenshot({ path: join(artifacts, "room-5-named-card-print.png") });
    expect(await page.evaluate(() => [...document.querySelectorAll<HTMLElement>(".seat-card")].filter((c) => c.scrollWidth > c.clientWidth + 1).length)).toBe(
      0,
    );
    expect(await pdfPages(page)).toBe(6);
    await page.emulateMedia({ media: null });
    await page.setViewportSize({ width: 1400, height: 1000 });

    // The results: 40 entries a page, so 45 print on 2, each headed with the room, the event and its page.
    await page.goto(appUrl(`director/payouts/${id}`));
    await expect.poll(() => page.locator("[data-testid=results-table] tbody tr").count(), { timeout: 20_000 }).toBe(45);
    await page.locator("[data-action=print-results]").click();
    expect(await printed(page)).toBe("results");
    await page.emulateMedia({ media: "print" });
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.screenshot({ path: join(artifacts, "room-6-results-print.png"), fullPage: true });
    const sheets = page.locator(".print-sheet[data-print-sheet=results] .results-page");
    expect(await sheets.count()).toBe(2);
    for (const [k, rows] of [40, 5].entries()) {
      const sheet = sheets.nth(k);
      expect(await sheet.isVisible()).toBe(true);
      expect(await sheet.locator(".room-name").textContent()).toBe("The Green Room");
      expect(await sheet.locator(".event b").textContent()).toBe("Paper Night");
      expect(await sheet.locator(".page-no").textContent()).toBe(fill(en.results.page, { k: k + 1, n: 2 }));
      expect(await sheet.locator("tbody tr").count()).toBe(rows);
    }
    // Nothing of the console is on the paper.
    expect(await page.locator("[data-testid=results-table]").isVisible()).toBe(false);
    expect(await pdfPages(page)).toBe(2);
    await page.emulateMedia({ media: null });
    await page.setViewportSize({ width: 1400, height: 1000 });

    // A walk-in seated late: the seat card at once, printed alone (one card, one page).
    await page.goto(appUrl(`director/floor/${id}`));
    const walkIn = page.locator("form.walk-in");
    await walkIn.getByLabel(en.floor.walkInName).fill("Late Lou", { timeout: 20_000 });
    await walkIn.getByRole("button", { name: en.floor.enter }).click();
    const lou = walkIn.locator("[data-testid=seat-card-offer][data-name='Late Lou']");
    await lou.waitFor({ timeout: 20_000 });
    const seating = async () => (await must<{ seats: SeatAssignment[] }>(api(url, "GET", `${director(id)}/seating`, undefined, stage.directorToken))).seats;
    const louDrawn = (await seating()).find((x) => x.name === "Late Lou");
    expect(louDrawn).toBeDefined();
    await lou.getByRole("button", { name: en.floor.printCard }).click();
    expect(await printed(page)).toBe("card");
    await page.emulateMedia({ media: "print" });
    const printedCards = page.locator(".print-sheet[data-print-sheet=card] .seat-card");
    expect(await printedCards.count()).toBe(1);
    expect(await printedCards.first().isVisible()).toBe(true);
    expect(await printedCards.first().locator(".who").textContent()).toBe("Late Lou");
    await page.screenshot({ path: join(artifacts, "room-7-walk-in-card-print.png") });
    await page.emulateMedia({ media: null });
    // The PDF is printed like the dialog prints: the card alone, on one page (and the page then forgets the request).
    expect(await pdfPages(page)).toBe(1);
    expect(await page.evaluate(() => document.body.dataset["print"] ?? null)).toBeNull();

    // A move made: the moved player's card is offered with the new table and seat.
    const seatsNow = (await must<{ seats: SeatAssignment[] }>(api(url, "GET", `${director(id)}/seating`, undefined, stage.directorToken))).seats;
    const instructions = async () =>
      (await must<{ instructions: Instruction[] }>(api(url, "GET", `${director(id)}/instructions`, undefined, stage.directorToken))).instructions;
    const out: SeatAssignment[] = [];
    for (const s of seatsNow.filter((x) => x.tableNumber === 1)) {
      if ((await instructions()).length > 0) break;
      out.push(s);
      await must(api(url, "POST", `${director(id)}/live`, { commandId: cmd(), kind: "bust", entryId: s.entryId }, stage.directorToken));
    }
    const [move] = await instructions();
    expect(move).toBeDefined();
    const item = page.locator(`.instructions li[data-instruction='${move!.id}']`);
    await item.getByRole("button", { name: en.floor.done }).click({ timeout: 20_000 });
    const offer = page.locator(`.floor [data-testid=seat-card-offer][data-name='${move!.name}']`).first();
    await offer.waitFor({ timeout: 20_000 });
    expect(await offer.locator(".seat-no").textContent()).toBe(String(move!.to.seat));
    // The walk-in's card is still offered too: printing the moved player's prints theirs alone.
    await offer.getByRole("button", { name: en.floor.printCard }).click();
    await page.emulateMedia({ media: "print" });
    const onPaper = page.locator(".print-sheet .seat-card:visible");
    expect(await onPaper.count()).toBe(1);
    expect(await onPaper.locator(".who").textContent()).toBe(move!.name);
    await page.emulateMedia({ media: null });
    await page.screenshot({ path: join(artifacts, "room-8-move-card.png"), fullPage: true });

    // A re-entry: the new entry's card at once, at the seat the draw gave it.
    const again = out[0]!;
    const row = page.locator(`.out-list li[data-entry="${again.entryId}"]`);
    await row.locator("[data-action=re-enter]").click({ timeout: 20_000 });
    await row.locator("[data-action=confirm-re-enter]").click();
    const reEntry = page.locator(`.floor [data-testid=seat-card-offer][data-name='${again.name}']`);
    await reEntry.waitFor({ timeout: 20_000 });
    const seated = (await must<{ seats: SeatAssignment[] }>(api(url, "GET", `${director(id)}/seating`, undefined, stage.directorToken))).seats.find(
      (x) => x.name === again.name,
    );
    expect(seated).toBeDefined();
    // The card says the table as the room calls it (table 1 is Rose when the first test ran).
    const room = await must<RoomResponse>(api(url, "GET", "/api/v1/room"));
    expect(await reEntry.locator(".table-no").textContent()).toBe(
      room.tables.find((x) => x.number === seated!.tableNumber)?.name ?? String(seated!.tableNumber),
    );
    expect(await reEntry.locator(".seat-no").textContent()).toBe(String(seated!.seat));

    // A card is offered while its player sits where it says: the walk-in card goes once Lou is
    // out (busted here, or by the busts above when Lou was drawn to table 1) or sits elsewhere
    // (the move above may be Lou's, whose new card the floor offers instead).
    const louNow = (await seating()).find((x) => x.name === "Late Lou");
    const whereDrawn = louNow !== undefined && louNow.tableNumber === louDrawn!.tableNumber && louNow.seat === louDrawn!.seat;
    if (louNow !== undefined && whereDrawn) {
      expect(await lou.isVisible()).toBe(true);
      await must(api(url, "POST", `${director(id)}/live`, { commandId: cmd(), kind: "bust", entryId: louNow.entryId }, stage.directorToken));
    } else if (louNow !== undefined) {
      expect(move!.name).toBe("Late Lou");
    }
    await expect.poll(() => lou.count(), { timeout: 20_000 }).toBe(0);
    // The re-entry's card stays while that player still sits there. Lou's bust can leave
    // Lou's table two short, and the balancing may then move the re-entry (a new entry, never
    // moved yet): the seat map changes at once, so the card naming the old seat goes.
    const reNow = (await seating()).find((x) => x.name === again.name);
    if (reNow !== undefined && reNow.tableNumber === seated!.tableNumber && reNow.seat === seated!.seat) {
      expect(await reEntry.isVisible()).toBe(true);
    } else {
      expect((await instructions()).some((i) => i.name === again.name)).toBe(true);
      await expect.poll(() => reEntry.count(), { timeout: 20_000 }).toBe(0);
    }
    expect(await missingKeys(page)).toEqual([]);
    await context.close();
  }, 240_000);

  it("no page raised an error", () => {
    expect(pageErrors).toEqual([]);
  });
});

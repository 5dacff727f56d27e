import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { RESOURCES } from "../src/i18n/index.ts";
import { api, cmd, must } from "../../testkit/server/harness.ts";
import type { Instruction, LobbyTournament, SeatAssignment } from "../../src/protocol/index.ts";
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
    const id = await liveEvent("Rose Night", 8);
    const context = await stage.browser.newContext();
    const page = await context.newPage();
    page.on("pageerror", (e) => pageErrors.push(`director: ${e.message}`));
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.goto(appUrl("sign-in"));
    await signInForm(page, DIRECTOR, { timeoutMs: 30_000 });

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

    // Two out at Rose: the six left meet at Rose, the final table; the floor is told to move table 2's players there.
    const seats = (await must<{ seats: SeatAssignment[] }>(api(url, "GET", `${director(id)}/seating`, undefined, stage.directorToken))).seats;
    for (const s of seats.filter((x) => x.tableNumber === 1).slice(0, 2))
      await must(api(url, "POST", `${director(id)}/live`, { commandId: cmd(), kind: "bust", entryId: s.entryId }, stage.directorToken));
    const [move] = (await must<{ instructions: Instruction[] }>(api(url, "GET", `${director(id)}/instructions`, undefined, stage.directorToken))).instructions;
    expect(move).toMatchObject({ from: { tableNumber: 2 }, to: { tableNumber: 1 } });
    const moveTo = fill(en.live.map.moveTo, { table: "Rose", seat: move!.to.seat });
    await expect.poll(() => page.textContent(`.map-table[data-table='2'] li[data-seat='${move!.from.seat}'] .move`), { timeout: 20_000 }).toBe(` ${moveTo}`);
    await page.screenshot({ path: join(artifacts, "room-1-map.png"), fullPage: true });

    await page.goto(appUrl(`director/floor/${id}`));
    await expect
      .poll(() => page.textContent(".instructions li .what"), { timeout: 20_000 })
      .toBe(fill(en.floor.move, { name: move!.name, fromTable: tableTitle(2), fromSeat: move!.from.seat, toTable: "Rose", toSeat: move!.to.seat }));
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
    await context.close();
  }, 180_000);

  it("no page raised an error", () => {
    expect(pageErrors).toEqual([]);
  });
});

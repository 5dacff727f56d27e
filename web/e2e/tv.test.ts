import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { RESOURCES } from "../src/i18n/index.ts";
import { api, cmd, must } from "../../testkit/server/harness.ts";
import type { LobbyTournament, SeatAssignment, SeatingResponse, TournamentView } from "../../src/protocol/index.ts";
import { artifacts, CHROMIUM, feltStage, haveChromium, signInForm } from "./stage.ts";

// The room's TV clock (not signed in) against a real `felt serve` through a live evening:
// before the start, a level with a big-blind ante and a re-entry, the server out of reach
// (the last figures kept, since when said), a break with its colour-up, and the finish by a deal; at 1920×1080 nothing runs off the screen, and at
// 390×844 (a phone) nothing runs off to the side. Screenshots → artifacts/tv-*.png.

if (!haveChromium) console.warn(`web e2e (TV) SKIPPED: ${CHROMIUM} is not installed`);

const DIRECTOR = { name: "tv-floor", password: "floor-password-1" };
const en = RESOURCES.en;
const live = en.live;
const MIN = 60_000;
// The 25s play the first level only: every amount after the break is a multiple of 100.
const STRUCTURE = {
  startingStack: 1000,
  chips: [25, 100, 500],
  levels: [
    { kind: "level" as const, sb: 25, bb: 50, ante: 50, minutes: 20, colourUp: null, bigBlindAnte: true },
    { kind: "level" as const, sb: 100, bb: 200, ante: 0, minutes: 20, colourUp: null },
    { kind: "break" as const, sb: 0, bb: 0, ante: 0, minutes: 15, colourUp: null },
    ...[200, 300, 400, 500, 600].map((sb) => ({ kind: "level" as const, sb, bb: sb * 2, ante: sb * 2, minutes: 20, colourUp: null, bigBlindAnte: true })),
  ],
};

describe.skipIf(!haveChromium)("the TV clock through a live evening", () => {
  const pageErrors: string[] = [];
  const stage = feltStage({ folder: "felt-tv-", director: DIRECTOR, onFailure: () => `\npage errors: ${pageErrors.join("\n")}` });

  /** Whether anything runs off the page: wider than the screen, and (a TV) taller. */
  const overflow = (page: Page) =>
    page.evaluate(() => ({
      wide: document.documentElement.scrollWidth > window.innerWidth,
      tall: document.documentElement.scrollHeight > window.innerHeight,
    }));

  it("shows the start, the level, the break and the finish, at 1920×1080, on a phone and on a tablet upright", async () => {
    const url = stage.felt.url;
    const token = stage.directorToken;
    const startsAt = Date.now() + 45 * MIN;
    const made = await must<{ tournament: LobbyTournament }>(
      api(
        url,
        "POST",
        "/api/v1/director/tournaments",
        { commandId: cmd(), presetId: "deep", name: "Friday TV", kind: "live", startsAt, buyIn: 1000, fee: 100, structure: STRUCTURE },
        token,
      ),
    );
    const id = made.tournament.id;
    const p = `/api/v1/director/tournaments/${id}`;
    const call = <T>(route: string, body: object) => must<T>(api(url, "POST", `${p}${route}`, { commandId: cmd(), ...body }, token));
    const seats = async () => (await must<{ seats: SeatAssignment[] }>(api(url, "GET", `${p}/seating`, undefined, token))).seats;
    for (const name of ["Ada", "Bea", "Cid", "Dot", "Eve"]) await call("/walk-in", { name });

    const context = await stage.browser.newContext();
    const tv = await context.newPage();
    tv.on("pageerror", (e) => pageErrors.push(`tv: ${e.message}`));
    await tv.setViewportSize({ width: 1920, height: 1080 });
    const phone = await context.newPage();
    phone.on("pageerror", (e) => pageErrors.push(`phone: ${e.message}`));
    await phone.setViewportSize({ width: 390, height: 844 });
    // A tablet or a screen hung upright: sized for a TV's height, the clock ran off its sides.
    const upright = await context.newPage();
    upright.on("pageerror", (e) => pageErrors.push(`upright: ${e.message}`));
    await upright.setViewportSize({ width: 768, height: 1024 });
    for (const page of [tv, phone, upright]) await page.goto(`${url}/?checkKeys=1&lang=en#/clock/${id}`);
    const shots = async (name: string) => {
      await tv.screenshot({ path: join(artifacts, `tv-${name}.png`) });
      await phone.screenshot({ path: join(artifacts, `tv-phone-${name}.png`), fullPage: true });
      await upright.screenshot({ path: join(artifacts, `tv-upright-${name}.png`), fullPage: true });
      expect(await overflow(tv)).toEqual({ wide: false, tall: false });
      expect((await overflow(phone)).wide).toBe(false);
      expect((await overflow(upright)).wide, `the clock upright at ${name}`).toBe(false);
    };

    // Before the start: the countdown to the scheduled start, the players registered, the pool so far.
    await tv.waitForSelector("[data-testid=time-left]", { timeout: 20_000 });
    await expect.poll(() => tv.textContent(".clock-level")).toMatch(/^Starts at /);
    expect(await tv.textContent("[data-testid=time-left]")).toMatch(/^4\d:\d\d$/);
    expect(await tv.textContent(".clock-stats")).toContain(`${en.clock.registered}5`);
    expect(await tv.textContent("[data-testid=prize-pool]")).toContain("5,000");
    for (const small of [phone, upright]) await small.waitForSelector("[data-testid=time-left]", { timeout: 20_000 });
    await shots("before");

    // Level 1 with a big-blind ante; a bust and a re-entry are counted.
    await call("/start", {});
    const ada = (await seats()).find((s) => s.name === "Ada")!;
    await call("/live", { kind: "bust", entryId: ada.entryId });
    await call("/live", { kind: "re-enter", entryId: ada.entryId });
    await expect.poll(() => tv.textContent(".clock-level"), { timeout: 20_000 }).toBe("Level 1");
    expect(await tv.textContent("[data-testid=ante-label]")).toBe(en.clock.bbAnte);
    await expect.poll(() => tv.textContent("[data-testid=re-entries]"), { timeout: 20_000 }).toBe("Re-entries: 1");
    for (const small of [phone, upright]) await small.waitForSelector("[data-testid=re-entries]", { timeout: 20_000 });
    await shots("level");

    // The server out of reach: the TV says since when and keeps the last figures; back, the banner goes.
    await context.setOffline(true);
    await tv.waitForSelector("[data-testid=offline]", { timeout: 20_000 });
    expect(await tv.textContent("[data-testid=offline]")).toMatch(/^Server unreachable since .+: showing the last figures$/);
    expect(await tv.textContent(".clock-level")).toBe("Level 1");
    expect(await tv.textContent("[data-testid=re-entries]")).toBe("Re-entries: 1");
    await tv.screenshot({ path: join(artifacts, "tv-offline.png") });
    await context.setOffline(false);
    await tv.waitForSelector("[data-testid=offline]", { state: "detached", timeout: 20_000 });

    // The floor's table map: one tap on a seat number records the button there (the cards have moved it).
    const floor = await stage.browser.newContext();
    const map = await floor.newPage();
    map.on("pageerror", (e) => pageErrors.push(`map: ${e.message}`));
    await map.setViewportSize({ width: 1400, height: 1000 });
    await map.goto(`${url}/?checkKeys=1&lang=en#/sign-in`);
    await signInForm(map, DIRECTOR);
    await map.goto(`${url}/?checkKeys=1&lang=en#/director/map/${id}`);
    const table = (await seats())[0]!.tableNumber;
    const at = (await seats()).filter((s) => s.tableNumber === table).map((s) => s.seat);
    // The drawn button shows where its seat is still taken; if the walk-in who busted and
    // re-entered sat there, that seat was emptied and the map shows no stale "D" (R-DEAL-6).
    const tablesNow = (await must<SeatingResponse>(api(url, "GET", `${p}/seating`, undefined, token))).tables;
    const drawnSeat = tablesNow.find((x) => x.tableNumber === table)!.button!.seat;
    await map.locator(`.map-table[data-table="${table}"] li[data-seat="${at[0]}"]`).waitFor({ timeout: 20_000 });
    if (at.includes(drawnSeat)) await map.locator(`.map-table[data-table="${table}"] li[data-seat="${drawnSeat}"] .dealer`).waitFor({ timeout: 20_000 });
    else expect(await map.locator(`.map-table[data-table="${table}"] .dealer`).count()).toBe(0);
    const moved = at.find((s) => s > drawnSeat) ?? at[0]!;
    await map.locator(`.map-table[data-table="${table}"] li[data-seat="${moved}"] [data-action=set-button]`).click();
    const dealer = map.locator(`.map-table[data-table="${table}"] li[data-seat="${moved}"] .dealer`);
    await dealer.waitFor({ timeout: 20_000 });
    expect(await dealer.getAttribute("title")).toBe(live.map.buttonRecorded);
    expect(await map.locator(`.map-table[data-table="${table}"] .dealer`).count()).toBe(1);
    // The director chooses the table to break next: its card says so.
    await map.locator(`.map-table[data-table="${table}"] [data-action=break-next]`).click();
    await map.locator(`.map-table[data-table="${table}"] [data-testid=breaks-next]`).waitFor({ timeout: 20_000 });
    expect(await map.locator("[data-testid=breaks-next]").count()).toBe(1);
    // The console out of reach: it says since when and keeps the map on screen.
    await floor.setOffline(true);
    await map.waitForSelector("[data-testid=offline]", { timeout: 20_000 });
    expect(await map.locator(`.map-table[data-table="${table}"] li[data-seat="${moved}"] .dealer`).count()).toBe(1);
    await map.screenshot({ path: join(artifacts, "tv-console-offline.png") });
    await floor.setOffline(false);
    await map.waitForSelector("[data-testid=offline]", { state: "detached", timeout: 20_000 });
    expect(await map.evaluate(() => window.__feltMissingKeys ?? ["(i18n not started)"])).toEqual([]);
    await floor.close();

    // The break: the coming level (its big-blind ante said) and the 25s leaving here.
    const v = await must<TournamentView>(api(url, "GET", `/api/v1/tournaments/${id}`));
    await call("/clock", { ms: v.timeLeftMs + 20 * MIN + 1000 });
    await expect.poll(() => tv.textContent(".clock-level"), { timeout: 20_000 }).toBe(en.clock.break);
    expect(await tv.textContent("[data-testid=after-break]")).toContain("Level 3 · 200 / 400, BB ante 400");
    expect(await tv.textContent("[data-testid=colour-up-due]")).toBe("Colour-up at this break: 25");
    for (const small of [phone, upright]) await small.waitForSelector("[data-testid=colour-up-due]", { timeout: 20_000 });
    await shots("break");

    // Entries closed, the last two make a chip-chop deal: the winner, the places paid, the deal.
    await call("/close-entries", {});
    while ((await seats()).length > 2) await call("/live", { kind: "bust", entryId: (await seats())[0]!.entryId });
    const two = await seats();
    const counted = two.map((s, i) => ({ entryId: s.entryId, stack: [3500, 2500][i]! }));
    await call("/live", { kind: "chip-count", stacks: counted });
    const wrong = await api<{ error: { details?: Record<string, number> } }>(
      url,
      "POST",
      `${p}/deal`,
      { commandId: cmd(), method: "chip-chop", payouts: counted.map((c) => ({ entryId: c.entryId, amount: 0 })) },
      token,
    );
    // The refusal names the chip-chop figure of each finalist.
    const figures = counted.map((c) => ({ entryId: c.entryId, amount: Number(wrong.body.error.details?.[c.entryId]) }));
    await call("/deal", { method: "chip-chop", payouts: figures, apply: true });
    await tv.waitForSelector("[data-testid=winner]", { timeout: 20_000 });
    expect(await tv.textContent("[data-testid=winner]")).toContain(two[0]!.name);
    expect(await tv.textContent("[data-testid=deal]")).toBe(en.clock.dealMade.replace("{{method}}", en.clock.dealMethod["chip-chop"]));
    expect(await tv.textContent("[data-testid=final-payouts]")).toContain(two[1]!.name);
    for (const small of [phone, upright]) await small.waitForSelector("[data-testid=winner]", { timeout: 20_000 });
    await shots("finish");

    for (const page of [tv, phone]) expect(await page.evaluate(() => window.__feltMissingKeys ?? ["(i18n not started)"])).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 180_000);

  it("the structure's last level lasts until the end: the clock says so in every language, not a time at 0:00, and nothing runs off a TV or a phone", async () => {
    const url = stage.felt.url;
    const token = stage.directorToken;
    const lastOnly = {
      startingStack: 1000,
      chips: [25, 100, 500],
      levels: [{ kind: "level" as const, sb: 50, bb: 100, ante: 0, minutes: 20, colourUp: null }],
    };
    const made = await must<{ tournament: LobbyTournament }>(
      api(
        url,
        "POST",
        "/api/v1/director/tournaments",
        { commandId: cmd(), presetId: "deep", name: "Last level", kind: "live", startsAt: Date.now(), buyIn: 1000, fee: 100, structure: lastOnly },
        token,
      ),
    );
    const p = `/api/v1/director/tournaments/${made.tournament.id}`;
    const call = (route: string, body: object) => must(api(url, "POST", `${p}${route}`, { commandId: cmd(), ...body }, token));
    for (const name of ["Ada", "Bea", "Cid"]) await call("/walk-in", { name });
    await call("/start", {});
    const context = await stage.browser.newContext();
    for (const [label, size] of [
      ["tv", { width: 1920, height: 1080 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      const page = await context.newPage();
      page.on("pageerror", (e) => pageErrors.push(`${label}: ${e.message}`));
      await page.setViewportSize(size);
      for (const lang of ["en", "cs", "ru", "sv", "ro"] as const) {
        await page.goto(`${url}/?checkKeys=1&lang=${lang}#/clock/${made.tournament.id}`);
        const time = page.getByTestId("time-left");
        await expect.poll(() => time.textContent(), { timeout: 20_000 }).toBe(RESOURCES[lang].clock.lastLevel);
        // The words fit: none of the line is cut off, and nothing runs off the side.
        expect(await time.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
        expect((await overflow(page)).wide).toBe(false);
        if (lang === "en" || lang === "ru") await page.screenshot({ path: join(artifacts, `tv-last-level-${label}-${lang}.png`) });
        expect(await page.evaluate(() => window.__feltMissingKeys ?? ["(i18n not started)"])).toEqual([]);
      }
    }
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 180_000);
});

import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "vite";
import { chromium, type Browser, type Page } from "playwright-core";
import { serveStatic } from "./static-server.ts";
import { RESOURCES } from "../src/i18n/index.ts";

// Builds the web app, serves it on 127.0.0.1 with the in-browser mock server (?mock),
// and drives Debian's chromium: the clock screen in all five languages with no missing
// translation key, a player acting at a table, and screenshots in artifacts/.

const CHROMIUM = "/usr/bin/chromium";
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const repo = join(import.meta.dirname, "..", "..");
const artifacts = join(repo, "artifacts");
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) console.warn(`web e2e SKIPPED: ${CHROMIUM} is not installed (apt-get install -y chromium)`);

describe.skipIf(!haveChromium)("web app in chromium (mock transport)", () => {
  let browser: Browser;
  let server: { url: string; close: () => Promise<void> };
  let outDir: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), "felt-web-"));
    await build({ configFile: join(repo, "web", "vite.config.ts"), logLevel: "warn", build: { outDir, emptyOutDir: true } });
    server = await serveStatic(outDir);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    mkdirSync(artifacts, { recursive: true });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  async function open(path: string, lang = "en", size = { width: 1400, height: 900 }): Promise<Page> {
    const page = await browser.newPage({ viewport: size });
    page.on("pageerror", (e) => pageErrors.push(`${path}: ${e.message}`));
    await page.goto(`${server.url}/?mock=1&checkKeys=1&lang=${lang}${path}`);
    return page;
  }

  const missingKeys = (page: Page) => page.evaluate(() => window.__feltMissingKeys ?? ["(i18n not started)"]);

  for (const lang of Object.keys(RESOURCES)) {
    it(`the clock screen renders in ${lang} with no missing translation key`, async () => {
      const page = await open("#/clock/friday", lang, { width: 1920, height: 1080 });
      await page.waitForSelector("[data-testid=time-left]", { timeout: 20_000 });
      const level = (await page.textContent(".clock-level"))?.trim();
      const expected = (RESOURCES[lang as keyof typeof RESOURCES].clock.level as string).replace("{{number}}", "4");
      expect(level).toBe(expected);
      expect(await page.textContent("[data-testid=time-left]")).toMatch(/^\d{1,2}:\d{2}$/);
      // Every label on the screen is translated: none falls back or shows a raw key.
      expect(await missingKeys(page)).toEqual([]);
      expect(await page.textContent("body")).not.toMatch(/\b(clock|status|lobby)\.[a-zA-Z]+/);
      await page.screenshot({ path: join(artifacts, `clock-${lang}.png`) });
      await page.close();
    });
  }

  it("the lobby lists tournaments with buttons disabled with a reason", async () => {
    const page = await open("#/lobby");
    await page.waitForSelector("tr[data-tournament=friday]");
    expect(await page.locator("tbody tr").count()).toBe(6);
    const disabled = page.locator("tr[data-tournament=nightly] button:disabled .why").first();
    expect((await disabled.textContent())?.length).toBeGreaterThan(0);
    expect(await missingKeys(page)).toEqual([]);
    await page.screenshot({ path: join(artifacts, "lobby.png"), fullPage: true });
    // The language switcher changes the words and the number format at once.
    await page.selectOption("header select", "ro");
    await page.waitForFunction((title) => document.querySelector("h1")?.textContent === title, RESOURCES.ro.lobby.title);
    expect(await page.textContent("tr[data-tournament=friday]")).toContain("30.000");
    expect(await missingKeys(page)).toEqual([]);
    await page.close();
  });

  it("R-TRN-4: a busted player is offered the rebuy with a countdown, and declines it", async () => {
    const en = RESOURCES.en;
    const page = await open("#/lobby");
    const offer = page.locator("[data-testid=rebuy-offer][data-tournament=monday]");
    await offer.waitFor({ timeout: 20_000 });
    expect(await offer.textContent()).toContain(en.rebuyOffer.title);
    const left = async () => (await offer.locator("[data-testid=rebuy-left]").textContent()) ?? "";
    expect(await left()).toMatch(/^\d{1,2}:\d{2} left$/);
    const first = await left();
    await page.waitForFunction((was) => document.querySelector("[data-tournament=monday] [data-testid=rebuy-left]")?.textContent !== was, first, { timeout: 5000 });
    expect(await offer.getByRole("button", { name: en.rebuyOffer.rebuy, exact: true }).isEnabled()).toBe(true);
    await page.screenshot({ path: join(artifacts, "lobby-rebuy-offer.png"), fullPage: true });
    await offer.getByRole("button", { name: en.rebuyOffer.decline }).click();
    await page.waitForSelector("[data-testid=lobby-done]");
    expect(await page.textContent("[data-testid=lobby-done]")).toContain(en.lobby.done.declineRebuy.replace("{{name}}", "Monday Rebuy"));
    expect(await page.locator("[data-testid=rebuy-offer]").count()).toBe(0);
    expect(await page.getAttribute("tr[data-tournament=monday] .mine", "data-state")).toBe("busted");
    expect(await missingKeys(page)).toEqual([]);
    await page.close();
  });

  it("R-TRN-6: the director cancels a tournament before its start, after a confirm", async () => {
    const en = RESOURCES.en;
    const page = await open("#/director/floor/turbo50");
    await page.waitForSelector(".director-head .status.registering", { timeout: 20_000 });
    await page.getByRole("button", { name: en.director.cancel }).click();
    const confirm = page.locator(".confirm-cancel");
    expect(await confirm.textContent()).toContain(en.director.cancelConfirm.replace("{{name}}", "Turbo 50"));
    // "Keep it" changes nothing.
    await confirm.getByRole("button", { name: en.director.cancelNo }).click();
    expect(await page.locator(".confirm-cancel").count()).toBe(0);
    expect(await page.locator(".director-head .status.registering").count()).toBe(1);
    await page.getByRole("button", { name: en.director.cancel }).click();
    await page.screenshot({ path: join(artifacts, "director-cancel.png"), fullPage: true });
    await page.locator(".confirm-cancel").getByRole("button", { name: en.director.cancelYes }).click();
    await page.waitForSelector(".director-head .status.cancelled");
    // Over: no cancel (or start) any more.
    expect(await page.getByRole("button", { name: en.director.cancel }).count()).toBe(0);
    expect(await missingKeys(page)).toEqual([]);
    await page.close();
  });

  it("a player sees exact legal amounts and acts at the table through the protocol", async () => {
    const page = await open("#/table/sunday-t1");
    await page.waitForSelector(".felt .seat.me", { timeout: 20_000 });
    // Bots act about once a second; wait for the hero's turn.
    await page.waitForSelector(".action-bar", { timeout: 60_000 });
    expect(await page.locator(".seat.me .card[data-card]").count()).toBe(2);
    // Nobody else's cards are visible face up while the hand is on.
    expect(await page.locator(".seat:not(.me) .card[data-card]").count()).toBe(0);
    await page.screenshot({ path: join(artifacts, "table.png") });
    const version = await page.locator(".table-head span").first().textContent();
    const act = page.locator(".action-bar .check, .action-bar .call").first();
    await act.click();
    await page.waitForFunction(() => !document.querySelector(".action-bar") || document.querySelector(".seat.me.acting") === null, null, { timeout: 10_000 });
    expect(await missingKeys(page)).toEqual([]);
    expect(version).toMatch(/\d/);
    await page.close();
  });

  it("the clock moves to the break with a sound (mock time × 120)", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    page.on("pageerror", (e) => pageErrors.push(`clock-speed: ${e.message}`));
    await page.goto(`${server.url}/?mock=1&checkKeys=1&lang=sv&mockSpeed=120#/clock/friday`);
    await page.waitForSelector("[data-testid=time-left]", { timeout: 20_000 });
    expect((await page.textContent(".clock-level"))?.trim()).toBe("Nivå 4");
    await page.waitForFunction(() => document.querySelector(".clock-level")?.textContent?.trim() === "Paus", null, { timeout: 60_000 });
    expect(await page.evaluate(() => (window as { __feltChimes?: number }).__feltChimes ?? 0)).toBeGreaterThanOrEqual(1);
    expect(await missingKeys(page)).toEqual([]);
    await page.close();
  });

  it("a director breaks a table after bust-outs, races off the 25s and rules a blind error", async () => {
    const en = RESOURCES.en;
    const page = await open("#/director/floor/friday");
    await page.waitForSelector(".floor tbody tr", { timeout: 20_000 });
    expect(await page.textContent(".floor")).toContain(en.floor.balanced);
    // 23 players on 3 tables of 10: three bust-outs leave 20, which fit on two (R-TBL-3).
    for (let i = 0; i < 3; i++) {
      const before = await page.locator(".floor tbody tr").count();
      await page.locator(".floor tbody tr").first().getByRole("button", { name: en.floor.bust, exact: true }).click();
      await page.waitForFunction((n) => document.querySelectorAll(".floor tbody tr").length === n - 1, before);
    }
    await page.waitForSelector(".instructions li", { timeout: 10_000 });
    const moves = await page.locator(".instructions li").count();
    expect(moves).toBeGreaterThan(0);
    expect(await page.textContent(".instructions")).toContain(en.floor.kind["break-table"]);
    await page.screenshot({ path: join(artifacts, "director-floor-break.png"), fullPage: true });
    for (let i = 0; i < moves; i++) {
      await page.locator(".instructions li button").first().click();
      await page.waitForFunction((n) => document.querySelectorAll(".instructions li").length === n - 1 - 0, moves - i);
    }
    expect(await page.textContent(".floor")).toContain(en.floor.balanced);
    await page.close();

    const race = await open("#/director/colour-up/friday");
    await race.getByRole("button", { name: en.colourUp.plan }).click();
    await race.waitForSelector(".colour-up tbody tr");
    const odd = race.locator(".colour-up tbody tr input[type=number]");
    for (let i = 0; i < 4; i++) await odd.nth(i).fill(String(i + 1));
    await race.getByRole("button", { name: en.colourUp.run }).click();
    await race.waitForSelector("table.result");
    // 1+2+3+4 = 10 odd 25s = 250 → two 100s plus one for the 50 left over (R-CHIP-3).
    expect(await race.locator("table.result tr.won").count()).toBe(3);
    await race.screenshot({ path: join(artifacts, "director-colour-up.png"), fullPage: true });
    await race.close();

    const wizard = await open("#/director/blind-error/friday");
    await wizard.getByRole("button", { name: en.common.next }).click();
    await wizard.locator(".wizard input[type=number]").nth(1).fill("2");
    await wizard.getByRole("button", { name: en.common.next }).click();
    await wizard.getByRole("button", { name: en.blindError.confirm }).click();
    await wizard.waitForSelector(".ruling[data-outcome=continue-then-go-back]");
    await wizard.screenshot({ path: join(artifacts, "director-blind-error.png"), fullPage: true });
    expect(await missingKeys(wizard)).toEqual([]);
    await wizard.close();
  });

  it("the cashier credits a player once and the ledger balances", async () => {
    const en = RESOURCES.en;
    const page = await open("#/director/cashier");
    const form = page.locator("form.deposit");
    await form.getByLabel(en.cashier.player).fill("Bodil", { timeout: 20_000 });
    await form.getByLabel(en.cashier.amount).fill("500");
    await form.getByRole("button", { name: en.cashier.credit }).click();
    await page.waitForSelector("[data-testid=deposit-done]");
    expect(await page.textContent("[data-testid=deposit-done]")).toBe("500 credited to Bodil; balance now 25,500.");
    expect(await page.textContent("[data-testid=ledger-check]")).toBe(en.cashier.balanced);
    expect(await page.textContent(".ledger")).toContain("Player Bodil");
    // An unknown name is refused with the server's reason, and nothing is credited.
    await form.getByLabel(en.cashier.player).fill("Nobody");
    await form.getByRole("button", { name: en.cashier.credit }).click();
    await page.waitForSelector("form.deposit .error");
    expect(await missingKeys(page)).toEqual([]);
    await page.screenshot({ path: join(artifacts, "director-cashier.png"), fullPage: true });
    await page.close();
  });

  it("a director runs a small live tournament: walk-ins, the draw, seat cards, an ICM deal applied, results", async () => {
    const en = RESOURCES.en;
    const page = await open("#/director/create");
    const form = page.locator(".create");
    await form.getByLabel(en.create.preset).selectOption("turbo", { timeout: 20_000 });
    await form.getByLabel(en.create.name, { exact: true }).fill("Tuesday live");
    // R-TRN-6: a start rule goes with the request (the client checks it against the protocol).
    await form.getByLabel(en.create.startRule).check();
    await form.getByLabel(en.create.minPlayers).fill("3");
    expect(await form.locator(".start-rule .hint").textContent()).toMatch(/^Fewer than 3 players registered by /);
    await form.getByRole("button", { name: en.create.submit }).click();
    await page.waitForSelector(".create .ok");
    await page.locator(".director-head select").selectOption({ label: "Tuesday live" });
    await page.locator("nav.tabs a[data-tab=floor]").click();
    const walkIn = page.locator("form.walk-in");
    for (const name of ["Astrid", "Petr", "Sorina"]) {
      await walkIn.getByLabel(en.floor.walkInName).fill(name, { timeout: 20_000 });
      await walkIn.getByRole("button", { name: en.floor.enter }).click();
      await page.waitForFunction((n) => document.querySelector("form.walk-in .ok")?.textContent?.startsWith(n), name);
    }
    // A name that has an account is refused: a regular registers with it.
    await walkIn.getByLabel(en.floor.walkInName).fill("Bodil");
    await walkIn.getByRole("button", { name: en.floor.enter }).click();
    await page.waitForSelector("form.walk-in .error");
    await page.getByRole("button", { name: en.director.start, exact: true }).click();
    await page.waitForSelector(".director-head .status.running");
    await page.locator("nav.tabs a[data-tab=seating]").click();
    await page.waitForFunction(() => document.querySelectorAll(".seat-card").length === 3);
    // A late walk-in is seated at once and gets a seat card to print.
    await page.locator("nav.tabs a[data-tab=floor]").click();
    await walkIn.getByLabel(en.floor.walkInName).fill("Gustav Berg", { timeout: 20_000 });
    await walkIn.getByRole("button", { name: en.floor.enter }).click();
    await page.waitForSelector(".walk-in-card .seat-card[data-name='Gustav Berg']");
    expect(await page.textContent(".walk-in-card .ok")).toMatch(/^Gustav Berg: table 1, seat \d+$/);
    await page.screenshot({ path: join(artifacts, "director-walk-in.png"), fullPage: true });
    // R-PLACE-2: two players out in the same hand, Petr with the bigger stack at its start.
    await page.locator("tr", { hasText: "Petr" }).locator("input[type=number]").fill("6000");
    await page.locator("tr", { hasText: "Sorina" }).locator("input[type=number]").fill("4000");
    await page.getByRole("button", { name: /^Record the count/ }).click();
    await page.waitForFunction(() => document.querySelectorAll(".live-entries input.changed").length === 0);
    for (const name of ["Petr", "Sorina"]) await page.getByLabel(en.floor.sameHand.replace("{{name}}", name)).check();
    await page.getByRole("button", { name: "Bust 2 players together" }).click();
    await page.waitForFunction(() => document.querySelectorAll(".live-entries tbody tr").length === 2);
    await page.waitForSelector(".busted li");
    expect(await page.locator(".busted li").allTextContents()).toEqual(["3rd Petr", "4th Sorina"]);
    // Two left: the ICM deal, checked and applied; the tournament ends with those prizes.
    await page.locator("nav.tabs a[data-tab=payouts]").click();
    await page.waitForSelector(".tab-body [data-testid=deal-sum]");
    await page.getByRole("button", { name: en.payouts.acceptDeal }).click();
    await page.waitForSelector("[data-testid=deal-done]");
    await page.waitForFunction(() => document.querySelector(".director-head .status")?.textContent === "Finished", null, { timeout: 10_000 });
    expect(await missingKeys(page)).toEqual([]);
    await page.screenshot({ path: join(artifacts, "director-deal.png"), fullPage: true });
    await page.close();
  });

  it("several tables at once, and the director's screens render", async () => {
    const multi = await open("#/tables");
    await multi.waitForSelector(".multi-cell .felt", { timeout: 20_000 });
    await multi.waitForFunction(() => document.querySelectorAll(".multi-cell .felt").length === 2, null, { timeout: 20_000 });
    await multi.screenshot({ path: join(artifacts, "tables.png") });
    await multi.close();
    const hands = await open("#/hands/sunday-t1-h1");
    await hands.waitForSelector(".replayer tbody tr", { timeout: 20_000 });
    for (let i = 0; i < 6; i++) await hands.getByRole("button", { name: RESOURCES.en.hands.forward }).click();
    expect(await hands.textContent(".replayer")).toMatch(/Step 7 of \d+/);
    expect(await missingKeys(hands)).toEqual([]);
    await hands.screenshot({ path: join(artifacts, "replayer.png") });
    await hands.close();
    for (const tab of ["create", "seating", "floor", "colour-up", "payouts", "cashier"]) {
      const page = await open(`#/director/${tab}/friday`);
      await page.waitForSelector(".tab-body .panel, .tab-body .seating", { timeout: 20_000 });
      await page.waitForTimeout(300);
      expect(await missingKeys(page)).toEqual([]);
      await page.screenshot({ path: join(artifacts, `director-${tab}.png`), fullPage: true });
      await page.close();
    }
    expect(pageErrors).toEqual([]);
  });
});

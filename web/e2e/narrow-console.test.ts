import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { RESOURCES } from "../src/i18n/index.ts";
import { DEMO_DIRECTOR } from "../../src/server/demo.ts";
import type { LobbyResponse } from "../../src/protocol/index.ts";
import { api, must } from "../../testkit/server/harness.ts";
import { artifacts, CHROMIUM, feltStage, haveChromium, signInForm } from "./stage.ts";

// The director's console on the smallest phones (320 px wide) in every language, against a
// real `felt serve --demo` (a live evening of 21 walk-ins already running: two busts, a
// re-entry, a count, and the move that balances the tables waiting for the floor). On the
// screens a floor person works from their phone (the floor, the table map, the results and
// payouts, the cashier, a new tournament) nothing runs off the side and nothing is cut
// off; the move to make reads whole on the floor and on the map, and its Done button is on
// the screen. Screenshots → artifacts/narrow-*.png.

if (!haveChromium) console.warn(`web e2e (narrow console) SKIPPED: ${CHROMIUM} is not installed`);

const LANGS = ["en", "cs", "ru", "sv", "ro"] as const;
const WIDTH = 320;

describe.skipIf(!haveChromium)("the director's console at 320 px in five languages", () => {
  const pageErrors: string[] = [];
  const stage = feltStage({
    folder: "felt-narrow-",
    director: DEMO_DIRECTOR,
    serveArgs: ["--demo"],
    onFailure: () => `\npage errors: ${pageErrors.join("\n")}`,
  });

  /** What runs past the screen's right edge (leaf elements) or is cut off inside its box. */
  const overflows = (page: Page) =>
    page.evaluate((w) => {
      // A wide grid in a box of its own that scrolls sideways (the levels editor) is meant to: its cells are not off the side.
      const inScroller = (e: Element) => {
        for (let p = e.parentElement; p !== null && p !== document.body; p = p.parentElement)
          if (["auto", "scroll"].includes(getComputedStyle(p).overflowX)) return true;
        return false;
      };
      const leaves = [...document.querySelectorAll("body *")].filter((e) => e.children.length === 0 && e.getBoundingClientRect().width > 0 && !inScroller(e));
      const off = leaves.filter((e) => e.getBoundingClientRect().right > w + 0.5).map((e) => `off the side: "${(e.textContent ?? "").trim().slice(0, 30)}"`);
      const cut = [...document.querySelectorAll("button, a, label, h1, h2, h3, th, td, .tag, .what, .who")]
        .filter((e) => e.scrollWidth > e.clientWidth + 1 && ["hidden", "clip"].includes(getComputedStyle(e).overflowX))
        .map((e) => `cut off: "${(e.textContent ?? "").trim().slice(0, 30)}"`);
      return [
        ...(document.documentElement.scrollWidth > w ? [`the page scrolls sideways by ${document.documentElement.scrollWidth - w} px`] : []),
        ...off,
        ...cut,
      ];
    }, WIDTH);

  it("the floor, the map, the results, the cashier and a new tournament fit and read whole; the move and its Done button are on the screen", async () => {
    const url = stage.felt.url;
    const lobby = await must<LobbyResponse>(api(url, "GET", "/api/v1/lobby"));
    const id = lobby.tournaments.find((t) => t.kind === "live")!.id;
    const context = await stage.browser.newContext({ viewport: { width: WIDTH, height: 700 } });
    const page = await context.newPage();
    page.on("pageerror", (e) => pageErrors.push(e.message));
    await page.goto(`${url}/?checkKeys=1&lang=en#/sign-in`);
    await signInForm(page, DEMO_DIRECTOR);
    for (const lang of LANGS) {
      const tr = RESOURCES[lang];
      const open = async (tab: string, ready: string) => {
        await page.goto(`${url}/?checkKeys=1&lang=${lang}#/director/${tab}/${id}`);
        await page.locator(ready).first().waitFor({ timeout: 20_000 });
        // The console's other panels load beside the one waited for.
        await page.waitForTimeout(700);
      };
      // The floor: the move to make, whole, with its Done button on the screen.
      await open("floor", "ul.instructions li");
      const move = page.locator("ul.instructions li").first();
      const done = move.getByRole("button", { name: tr.floor.done, exact: true });
      const box = await done.boundingBox();
      expect(box !== null && box.x >= 0 && box.x + box.width <= WIDTH, `${lang}: Done inside the screen`).toBe(true);
      expect(await overflows(page), `${lang} floor`).toEqual([]);
      if (lang === "ru" || lang === "sv") await page.screenshot({ path: join(artifacts, `narrow-${lang}-floor.png`), fullPage: true });
      // The map: the seat the player leaves says where to, whole.
      await open("map", ".map-seats li.leaving");
      const leaving = page.locator(".map-seats li.leaving .move").first();
      const where = await leaving.boundingBox();
      expect(where !== null && where.x + where.width <= WIDTH, `${lang}: the move on the map inside the screen`).toBe(true);
      expect(await overflows(page), `${lang} map`).toEqual([]);
      if (lang === "ru" || lang === "sv") await page.screenshot({ path: join(artifacts, `narrow-${lang}-map.png`), fullPage: true });
      for (const [tab, ready] of [
        ["payouts", "[data-testid=results-table]"],
        ["cashier", "h2"],
        ["create", "h2"],
      ] as const) {
        await open(tab, ready);
        expect(await overflows(page), `${lang} ${tab}`).toEqual([]);
        if (lang === "sv" && tab === "payouts") await page.screenshot({ path: join(artifacts, `narrow-${lang}-payouts.png`), fullPage: true });
      }
      expect(await page.evaluate(() => window.__feltMissingKeys ?? ["(i18n not started)"])).toEqual([]);
    }
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 240_000);
});

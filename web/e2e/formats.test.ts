import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { RESOURCES } from "../src/i18n/index.ts";
import { api, cmd, FAST_STRUCTURE, must } from "../../testkit/server/harness.ts";
import type { BracketView, LobbyTournament } from "../../src/protocol/index.ts";
import { deposit, lobbyRow, registerBots, type BotCrew } from "./real-bots.ts";
import { artifacts, feltStage, haveChromium, signInForm } from "./stage.ts";

// A heads-up bracket (R-TRN-10) and a shootout (R-TRN-11) on a REAL `felt serve` in chromium:
// a person and bots, created with the format, played to the end (the person calls whatever
// comes, at each table the lobby says they sit at), then the tournament page shows the
// bracket (both rounds, nothing still playing, each match's winner, the shared places and the
// winner) or the shootout's tables (who went through, the places, the winner).
// Screenshots → artifacts/formats-*.png.

if (!haveChromium) console.warn("web e2e (formats) SKIPPED: chromium is not installed");

const DIRECTOR = { name: "floor-chief", password: "floor-password-1" };
const en = RESOURCES.en;

describe.skipIf(!haveChromium)("a heads-up bracket and a shootout in chromium against felt serve", () => {
  const pageErrors: string[] = [];
  const crews: BotCrew[] = [];
  const stage = feltStage({
    folder: "felt-formats-",
    director: DIRECTOR,
    serveArgs: ["--action-ms", "8000"],
    onFailure: () => `\npage errors: ${pageErrors.join("\n")}`,
    beforeStop: async () => {
      for (const c of crews) await c.stop();
    },
  });
  const appUrl = (hash: string) => `${stage.felt.url}/?checkKeys=1&lang=en#/${hash}`;
  const shot = (page: Page, name: string) => page.screenshot({ path: join(artifacts, `formats-${name}.png`), fullPage: true });

  /** The person plays until the event is over: calls or checks whenever it is their turn, at the table the lobby says they sit at. Returns the tables they sat at. */
  async function playOut(page: Page, token: string, id: string, label: string): Promise<number> {
    const deadline = Date.now() + 400_000;
    let matches = 0;
    let seenTable = "";
    for (;;) {
      const row = await lobbyRow(stage.felt.url, token, id);
      if (row?.status === "finished") break;
      if (Date.now() > deadline) throw new Error(`not finished: ${JSON.stringify(row)}`);
      const table = row?.mine?.tableId ?? null;
      if (table !== null && table !== seenTable) {
        seenTable = table;
        matches++;
        if (!page.url().includes(encodeURIComponent(table))) await page.goto(appUrl(`table/${encodeURIComponent(table)}`));
        if (matches === 1) {
          await page.waitForSelector(".felt .seat.me", { timeout: 30_000 });
          await shot(page, label);
        }
      }
      const bar = page.locator("[data-testid=action-bar]");
      if (await bar.isVisible().catch(() => false))
        await bar
          .locator(".call, .check")
          .first()
          .click({ timeout: 2000 })
          .catch(() => {});
      await page.waitForTimeout(200);
    }
    return matches;
  }

  /** A person signed up in a fresh page, funded; their token. */
  async function person(prefix: string): Promise<{ page: Page; token: string }> {
    const context = await stage.browser.newContext();
    const page = await context.newPage();
    page.on("pageerror", (e) => pageErrors.push(e.message));
    await page.setViewportSize({ width: 1300, height: 900 });
    const name = `${prefix}${Date.now().toString(36).slice(-6)}`;
    await page.goto(appUrl("sign-in"));
    await signInForm(page, { name, password: "person-password-1" }, { signUp: true });
    const token = (await page.evaluate(() => localStorage.getItem("felt.token")))!;
    await deposit(stage.felt.url, stage.directorToken, name, 5000);
    return { page, token };
  }

  it("R-TRN-10: a person and three bots play a bracket to the end; the page shows its rounds, winners and shared places", async () => {
    const created = await must<{ tournament: LobbyTournament }>(
      api(
        stage.felt.url,
        "POST",
        "/api/v1/director/tournaments",
        {
          commandId: cmd(),
          presetId: "heads-up",
          format: { kind: "heads-up" },
          name: "Heads-up night",
          kind: "online",
          startsAt: Date.now(),
          settings: { start: "manual" },
          structure: FAST_STRUCTURE,
          handPauseMs: 300,
        },
        stage.directorToken,
      ),
    );
    const id = created.tournament.id;
    const { page, token } = await person("hu");
    await must(api(stage.felt.url, "POST", `/api/v1/tournaments/${id}/register`, { commandId: cmd() }, token));
    crews.push(await registerBots(stage.felt.url, stage.directorToken, id, 3, { allInChance: 0.5 }));
    await must(api(stage.felt.url, "POST", `/api/v1/director/tournaments/${id}/start`, { commandId: cmd() }, stage.directorToken));

    const matches = await playOut(page, token, id, "match");
    expect(matches).toBeGreaterThanOrEqual(1);

    // The bracket on the players' page: two rounds, two matches then the final, nobody playing.
    const view = await must<BracketView>(api(stage.felt.url, "GET", `/api/v1/tournaments/${id}/bracket`));
    expect(view.rounds.map((r) => r.matches.length)).toEqual([2, 1]);
    expect(view.out.map((g) => [g.from, g.to])).toEqual([
      [2, 2],
      [3, 4],
    ]);
    await page.goto(appUrl(`tournament/${id}`));
    const bracket = page.getByTestId("bracket");
    await bracket.waitFor({ timeout: 20_000 });
    await expect.poll(() => bracket.getByTestId("bracket-match").count()).toBe(3);
    expect(await bracket.locator("[data-playing=true]").count()).toBe(0);
    expect(await bracket.locator("li[data-advanced=true]").count()).toBe(3);
    const text = (await bracket.textContent()) ?? "";
    expect(text).toContain(en.tournament.bracket.round.replace("{{n}}", "2"));
    expect(text).toContain(`${view.winner!.name} (`);
    expect(text).toContain("3rd–4th");
    await shot(page, "bracket");
    expect(await page.evaluate(() => window.__feltMissingKeys ?? ["(i18n not started)"])).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 600_000);

  it("R-TRN-11: a person and seven bots play a shootout at two tables of four to the end; the page shows the tables, who went through and the places", async () => {
    const created = await must<{ tournament: LobbyTournament }>(
      api(
        stage.felt.url,
        "POST",
        "/api/v1/director/tournaments",
        {
          commandId: cmd(),
          presetId: "shootout",
          name: "Shootout night",
          kind: "online",
          startsAt: Date.now(),
          settings: { start: "manual", tableSize: 4 },
          structure: FAST_STRUCTURE,
          handPauseMs: 300,
        },
        stage.directorToken,
      ),
    );
    const id = created.tournament.id;
    const { page, token } = await person("so");
    await must(api(stage.felt.url, "POST", `/api/v1/tournaments/${id}/register`, { commandId: cmd() }, token));
    crews.push(await registerBots(stage.felt.url, stage.directorToken, id, 7, { allInChance: 0.5 }));
    await must(api(stage.felt.url, "POST", `/api/v1/director/tournaments/${id}/start`, { commandId: cmd() }, stage.directorToken));
    expect(await playOut(page, token, id, "shootout-table")).toBeGreaterThanOrEqual(1);

    const view = await must<BracketView>(api(stage.felt.url, "GET", `/api/v1/tournaments/${id}/bracket`));
    expect(view.kind).toBe("shootout");
    expect(view.rounds[0]!.matches.map((m) => m.players.length)).toEqual([4, 4]);
    await page.goto(appUrl(`tournament/${id}`));
    const bracket = page.getByTestId("bracket");
    await bracket.waitFor({ timeout: 20_000 });
    expect(await bracket.getAttribute("data-kind")).toBe("shootout");
    await expect.poll(() => bracket.getByTestId("bracket-match").count()).toBe(2);
    expect(await bracket.locator("[data-playing=true]").count()).toBe(0);
    const text = (await bracket.textContent()) ?? "";
    expect(text).toContain(en.tournament.bracket.shootoutTitle);
    expect(text).toContain(`${en.table.title.replace("{{number}}", "1")}`);
    expect(text).toContain(en.tournament.bracket.through);
    expect(await bracket.getByTestId("bracket-winner").textContent()).toContain(view.winner!.name);
    await shot(page, "shootout");
    expect(await page.evaluate(() => window.__feltMissingKeys ?? ["(i18n not started)"])).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 600_000);
});

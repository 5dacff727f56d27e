import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { RESOURCES } from "../src/i18n/index.ts";
import { formatMoney } from "../src/logic/format.ts";
import { api, cmd, FAST_STRUCTURE, must } from "../../testkit/server/harness.ts";
import type { HandRecord, LobbyTournament, TournamentPage } from "../../src/protocol/index.ts";
import { deposit, lobbyRow, registerBots, type BotCrew } from "./real-bots.ts";
import { artifacts, BROWSER_ARGS, CHROMIUM, feltStage, haveChromium, signInForm } from "./stage.ts";

// The player's journey: a person plays tournaments among bots on a REAL `felt serve` (a child
// process, its own SQLite file, the freshly built app) in Debian's chromium, and the test
// asserts what they see: the showdown stays on the felt until the next deal, a phone
// (390 × 844) never scrolls sideways and every action button is inside the viewport, with
// two tables the one to act is highlighted and named in the tab title, the bust notice
// names the place, the dealer's entries from the server (pots won, who went out) are in the
// table's panel and still there after a reload, the hand list shows the player's own cards,
// and the replayer ends on the server's final stacks. Screenshots of every screen at desktop
// and phone sizes → artifacts/player-*.png.
//
// The two journeys run at the same time (describe.concurrent) against one server: most of
// the phone journey is waiting for the blinds to take a sitting-out stack, so the two-table
// journey plays meanwhile (CI has 2 cores; the bust wait is a hang guard, not a speed claim).
// Concurrent tests assert with their own `expect` (the test context's), as vitest requires.

if (!haveChromium) console.warn(`web e2e (player journey) SKIPPED: ${CHROMIUM} is not installed (apt-get install -y chromium)`);

const DIRECTOR = { name: "floor-chief", password: "floor-password-1" };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1400, height: 900 };
const TABLET = { width: 768, height: 1024 };
/** The pause between hands (each tournament's own): the finished hand stays this long. */
const PAUSE_MS = 2000;
/**
 * The phone journey's structure: short stacks (300) and antes, so a player who folds every
 * hand loses 90 an orbit of three; blinds that rise gently, so that by the time the
 * blinds put them all in what they can still win back is a few per cent of the chips
 * (a sitting-out player reaches a showdown only when all in). Then they keep rising until
 * they are the chips in play: from the 10th minute the big blind and its ante (900 = 3 ×
 * 300) put whoever posts them all in, every hand, so the tournament ends within a few hands
 * whatever the table did before (the levels used to stop at 120: a table where nobody was
 * forced all in could go on until the bust wait's 600 s guard).
 */
const BLEED_STRUCTURE = {
  startingStack: 300,
  levels: [30, 40, 50, 60, 80, 100, 120, 200, 300, 600].map((bb) => ({ kind: "level" as const, sb: bb / 2, bb, ante: bb / 2, minutes: 1, colourUp: null })),
};
const en = RESOURCES.en;

describe.skipIf(!haveChromium).concurrent("the player's table in chromium against felt serve", () => {
  const pageErrors: string[] = [];
  const crews: BotCrew[] = [];
  // No --hand-pause-ms: each tournament names its own pause (the create option).
  const stage = feltStage({
    folder: "felt-player-",
    director: DIRECTOR,
    serveArgs: ["--action-ms", "8000"],
    browserArgs: [...BROWSER_ARGS, "--autoplay-policy=no-user-gesture-required"],
    onFailure: () => `\npage errors: ${pageErrors.join("\n")}`,
    beforeStop: async () => {
      for (const c of crews) await c.stop();
    },
  });

  const appUrl = (hash: string) => `${stage.felt.url}/?checkKeys=1&lang=en#/${hash}`;
  const missingKeys = (page: Page) => page.evaluate(() => window.__feltMissingKeys ?? ["(i18n not started)"]);
  const shot = (page: Page, name: string) => page.screenshot({ path: join(artifacts, `player-${name}.png`), fullPage: true });

  async function newPage(context: BrowserContext, label: string, size: { width: number; height: number }): Promise<Page> {
    const page = await context.newPage();
    await page.setViewportSize(size);
    page.on("pageerror", (e) => pageErrors.push(`${label}: ${e.message}`));
    return page;
  }

  async function signUp(page: Page, name: string, shots = false): Promise<string> {
    await page.goto(appUrl("sign-in"));
    await page.getByRole("button", { name: en.auth.needAccount }).click();
    if (shots) {
      // The form says what a name may be; a name in another script is refused saying so.
      expect(await page.locator("#name-hint").textContent()).toBe(en.auth.nameHint);
      await page.getByLabel(en.auth.name).fill("Александра");
      await page.getByLabel(en.auth.password).fill("player-password-1");
      await page.locator("form button[type=submit]").click();
      await expect.poll(() => page.locator("form .error").textContent()).toBe(en.live.causes.accounts["bad-name"].characters);
      await shot(page, "sign-up-refused-phone");
      const size = page.viewportSize()!;
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await shot(page, "sign-in-phone");
      await page.setViewportSize(DESKTOP);
      await shot(page, "sign-in-desktop");
      await page.setViewportSize(size);
    }
    await signInForm(page, { name, password: "player-password-1" });
    return (await page.evaluate(() => localStorage.getItem("felt.token")))!;
  }

  /** `startsAt` absent: the test starts it (settings.start "manual"); given, it starts by itself then. */
  async function createOnline(name: string, structure: unknown = FAST_STRUCTURE, startsAt?: number): Promise<string> {
    const when = startsAt === undefined ? { startsAt: Date.now(), settings: { start: "manual" } } : { startsAt };
    const created = await must<{ tournament: LobbyTournament }>(
      api(
        stage.felt.url,
        "POST",
        "/api/v1/director/tournaments",
        { commandId: cmd(), presetId: "seed", name, kind: "online", ...when, structure, handPauseMs: PAUSE_MS },
        stage.directorToken,
      ),
    );
    return created.tournament.id;
  }

  const start = (id: string) => must(api(stage.felt.url, "POST", `/api/v1/director/tournaments/${id}/start`, { commandId: cmd() }, stage.directorToken));

  /** Nothing on the page is wider than the viewport: no sideways scrolling. */
  const sidewaysOverflow = (page: Page) => page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);

  /**
   * Seats that cover one another on the felt(s) in `scope`: each seat's name box and the room
   * for its cards (kept at an empty seat too, where a player's cards will be), against every
   * other seat's; each pair that overlaps.
   */
  async function seatOverlaps(scope: Locator): Promise<string[]> {
    const parts = await scope.locator(".felt .seat").evaluateAll((seats) =>
      seats.flatMap((seat, n) =>
        [...seat.querySelectorAll(".seat-box, .seat-cards")].map((e) => ({
          seat: n,
          text: `${seat.querySelector(".seat-box")?.textContent ?? ""}${e.classList.contains("seat-cards") ? " (cards)" : ""}`,
          r: e.getBoundingClientRect().toJSON() as DOMRect,
        })),
      ),
    );
    return parts.flatMap((a, i) =>
      parts
        .slice(i + 1)
        .filter((b) => a.seat !== b.seat && a.r.width > 0 && b.r.width > 0)
        .filter((b) => a.r.left < b.r.right && b.r.left < a.r.right && a.r.top < b.r.bottom && b.r.top < a.r.bottom)
        .map((b) => `${a.text} / ${b.text}`),
    );
  }

  /**
   * Seats on the felt(s) in `scope` that would cover one another were every seat taken: each
   * seat's name box and its cards (an empty seat's where a player's cards would be, as far
   * above its box as a taken seat's are), against every other seat's. Unlike an overlap seen
   * now, it does not depend on which seats the draw filled.
   */
  async function seatCrowding(scope: Locator): Promise<string[]> {
    return scope.locator(".felt").evaluateAll((felts) =>
      felts.flatMap((felt) => {
        const seats = [...felt.querySelectorAll(".seat")].map((seat) => ({
          text: seat.querySelector(".seat-box")?.textContent ?? "",
          box: seat.querySelector(".seat-box")!.getBoundingClientRect(),
          cards: seat.querySelector(".seat-cards .card") === null ? null : seat.querySelector(".seat-cards")!.getBoundingClientRect(),
        }));
        const taken = seats.find((x) => x.cards !== null);
        if (taken === undefined) return ["no seat holds cards to measure by"];
        const [above, height, width] = [taken.box.top - taken.cards!.top, taken.cards!.height, taken.cards!.width];
        const parts = seats.flatMap((x, n) => {
          const middle = (x.box.left + x.box.right) / 2;
          const cards = x.cards ?? { left: middle - width / 2, right: middle + width / 2, top: x.box.top - above, bottom: x.box.top - above + height };
          return [
            { n, text: x.text, r: x.box },
            { n, text: `${x.text} (cards)`, r: cards },
          ];
        });
        return parts.flatMap((p, i) =>
          parts
            .slice(i + 1)
            .filter((q) => p.n !== q.n && p.r.left < q.r.right && q.r.left < p.r.right && p.r.top < q.r.bottom && q.r.top < p.r.bottom)
            .map((q) => `${p.text} / ${q.text}`),
        );
      }),
    );
  }

  /** The items of the page's header that are not on one line with the others (none: it is one line). */
  const headerLines = (page: Page) =>
    page.locator(".top > *").evaluateAll((els) => {
      const rs = els.map((e) => e.getBoundingClientRect()).filter((r) => r.height > 0);
      return Math.max(...rs.map((r) => r.top)) < Math.min(...rs.map((r) => r.bottom)) ? 1 : 2;
    });

  /** How far the header's links run past the room they have (more than 0: the last is cut off). */
  const navClipped = (page: Page) => page.locator(".top nav").evaluate((nav) => nav.scrollWidth - nav.clientWidth);

  /** Each element's box against the viewport: those not wholly inside it. */
  async function outside(locator: Locator, page: Page): Promise<string[]> {
    const size = page.viewportSize()!;
    const boxes = await locator.evaluateAll((els) => els.map((e) => ({ text: e.textContent ?? "", r: e.getBoundingClientRect().toJSON() as DOMRect })));
    return boxes
      .filter(({ r }) => r.left < 0 || r.top < 0 || r.right > size.width + 0.5 || r.bottom > size.height + 0.5)
      .map(({ text, r }) => `${text} @ ${r.left},${r.top} ${r.width}×${r.height}`);
  }

  it("on a phone: registers from the lobby, sees each showdown stay on the felt until the next deal, every action button in view; busts and reads the place; the replayer ends on the server's stacks", async ({
    expect,
  }) => {
    // A short stack that the blinds soon take: the player sits out after the showdowns and busts first.
    // It starts by itself at its time; nobody presses Start.
    const id = await createOnline("Phone turbo", BLEED_STRUCTURE, Date.now() + 3_600_000);
    const context = await stage.browser.newContext({ hasTouch: true });
    const page = await newPage(context, "phone", PHONE);
    const name = `pia${Date.now().toString(36).slice(-5)}`;
    const token = await signUp(page, name, true);
    // Between a phone and a desktop, wherever the header wraps, the account's name starts
    // its second line; its menu opened past the left edge there. At every width, in English
    // and in Russian, the menu opens on the screen.
    for (const lang of ["English", "Русский"]) {
      // The header's language list is there above a phone's width.
      await page.setViewportSize({ width: 980, height: 900 });
      await page.locator(".top > .lang select").selectOption({ label: lang });
      for (let width = 980; width > 600; width -= 20) {
        await page.setViewportSize({ width, height: 900 });
        await page.locator("summary.user").click();
        const past = await page
          .locator(".account-menu button")
          .evaluateAll((els) =>
            els.filter((e) => e.getBoundingClientRect().left < 0 || e.getBoundingClientRect().right > window.innerWidth).map((e) => e.textContent ?? ""),
          );
        expect(past, `the account's menu at ${width} px in ${lang}`).toEqual([]);
        await page.locator("summary.user").click();
      }
    }
    await page.setViewportSize({ width: 980, height: 900 });
    await page.locator(".top > .lang select").selectOption({ label: "English" });
    await page.setViewportSize(PHONE);
    // A new account in a room that credits players at its desk is told so, with the name to give.
    await page.goto(appUrl("lobby"));
    const funding = page.getByTestId("funding");
    await funding.waitFor({ timeout: 20_000 });
    expect(await funding.textContent()).toBe(en.lobby.funding.desk.replace("{{name}}", name));
    await shot(page, "lobby-new-account-phone");
    await deposit(stage.felt.url, stage.directorToken, name, 5000);
    await page.reload();
    await page.locator(`tr[data-tournament=${id}]`).waitFor({ timeout: 20_000 });
    expect(await funding.count()).toBe(0);
    const row = page.locator(`tr[data-tournament=${id}]`);
    await row.waitFor({ timeout: 20_000 });
    // The lobby fits the phone and its Register button is reachable.
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    const register = row.getByRole("button", { name: en.lobby.action.register, exact: true });
    await register.scrollIntoViewIfNeeded();
    expect(await outside(register, page)).toEqual([]);
    await shot(page, "lobby-phone");
    await page.setViewportSize(DESKTOP);
    await shot(page, "lobby-desktop");
    await page.setViewportSize(PHONE);
    // Before paying, the tournament's page says what the player buys: start, price, format, windows.
    await row.locator("a.tournament-link").click();
    const terms = page.getByTestId("terms");
    await terms.waitFor({ timeout: 20_000 });
    const pageTerms = (await must<TournamentPage>(api(stage.felt.url, "GET", `/api/v1/tournaments/${id}/page`))).terms!;
    const termsText = (await terms.textContent()) ?? "";
    expect(await terms.locator("h2").textContent()).toBe(en.tournament.terms.title);
    expect(termsText).toContain(en.tournament.terms.formats[pageTerms.format]);
    expect(termsText).toContain(en.tournament.terms.lateReg);
    expect(termsText).toContain(
      en.tournament.terms.buyInFee.replace("{{buyIn}}", formatMoney(pageTerms.buyIn, "en")).replace("{{fee}}", formatMoney(pageTerms.fee, "en")),
    );
    expect(await terms.getByRole("button", { name: en.lobby.action.register, exact: true }).isEnabled()).toBe(true);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, "tournament-terms-phone");
    await page.goto(appUrl("lobby"));
    await row.waitFor({ timeout: 20_000 });
    await register.scrollIntoViewIfNeeded();
    await register.click();
    // Asked once, with the price and what the balance becomes; nothing is paid before the yes.
    const ask = row.locator("[data-testid=confirm-pay]");
    await ask.waitFor({ timeout: 10_000 });
    expect(await ask.textContent()).toMatch(/^Register in .+ costs [\d,.]+\. Your balance [\d,.]+ becomes [\d,.]+\./);
    expect((await lobbyRow(stage.felt.url, token, id))?.mine ?? null).toBeNull();
    expect(await outside(ask.locator("button"), page)).toEqual([]);
    await shot(page, "register-confirm-phone");
    await ask.locator("[data-action=confirm-pay]").click();
    await expect.poll(async () => (await lobbyRow(stage.felt.url, token, id))?.mine?.state).toBe("registered");
    // Registered: the row says so and no greyed Register is left.
    await expect.poll(() => row.getByRole("button", { name: new RegExp(`^${en.lobby.action.register}`) }).count()).toBe(0);

    // Two bots that check and call; after the showdowns they move all in before every flop.
    const crew = await registerBots(stage.felt.url, stage.directorToken, id, 2, { allInChance: 0, pressers: true });
    crews.push(crew);
    // The floor brings the start forward to a few seconds from now; the event starts by itself
    // then and takes the player from the lobby to the table, with a notice: no reload, no click.
    await must(
      api(stage.felt.url, "POST", `/api/v1/director/tournaments/${id}/reschedule`, { commandId: cmd(), startsAt: Date.now() + 3000 }, stage.directorToken),
    );
    expect((await lobbyRow(stage.felt.url, token, id))?.status).toBe("registering");
    await page.waitForSelector(".felt .seat.me", { timeout: 30_000 }).catch(async (e) => {
      await shot(page, "DEBUG-start");
      console.error("DEBUG", JSON.stringify(await lobbyRow(stage.felt.url, token, id)), page.url(), pageErrors);
      throw e;
    });
    expect(await page.getByTestId("seat-notice").textContent()).toContain(en.seat.seated.replace("{{name}}", "Phone turbo"));

    // Play check/call (the bots only check and call: hands go to showdown). Sample what the
    // page shows every ~100 ms: the showdown must never leave the felt before the next hand.
    // One look inside the page per sample: the next deal may clear the showdown between two reads.
    type Sample = {
      hand: string;
      showdown: string | null;
      board: number;
      shown: number;
      best: number;
      names: string[];
      potHands: string[];
      covered: string[];
    };
    const samples: Sample[] = [];
    const sample = async (): Promise<Sample> =>
      page.evaluate(() => ({
        hand: document.querySelector(".table-head span")?.textContent ?? "",
        showdown: document.querySelector("[data-testid=showdown]")?.getAttribute("data-hand") ?? null,
        board: document.querySelectorAll("[data-testid=board] .card[data-card]").length,
        shown: document.querySelectorAll(".seat-cards[data-shown=yes] .card[data-card]").length,
        best: document.querySelectorAll(".felt .card[data-best=yes]").length,
        names: [...document.querySelectorAll(".shown-hand .full")].map((e) => e.textContent ?? ""),
        potHands: [...document.querySelectorAll("[data-testid=showdown] .pot-hand")].map((e) => e.textContent ?? ""),
        // A pot's line with a flying chip drawn over it (hit-testing finds what is painted on
        // top; the chips take no pointer events, so they are made to for this one look).
        covered: (() => {
          const chips = [...document.querySelectorAll<HTMLElement>(".chips-fly")];
          for (const c of chips) c.style.pointerEvents = "auto";
          try {
            return [...document.querySelectorAll("[data-testid=showdown] .pot-result")]
              .filter((line) => {
                const r = line.getBoundingClientRect();
                for (let x = r.left + 2; x < r.right; x += 4)
                  for (const y of [r.top + 2, (r.top + r.bottom) / 2, r.bottom - 2]) if (document.elementFromPoint(x, y)?.closest(".chips-fly")) return true;
                return false;
              })
              .map((line) => line.textContent ?? "");
          } finally {
            for (const c of chips) c.style.pointerEvents = "";
          }
        })(),
      }));
    let checkedButtons = false;
    let showdownShot = false;
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const s = await sample();
      samples.push(s);
      if (s.showdown !== null && s.board === 5 && s.shown >= 4 && !showdownShot) {
        // Each shown hand reads in full: its ranks and kickers, not the category alone.
        const FULL =
          /^(\w+ high(, .+ kickers?)?|Pair of \w+(, .+ kickers?)?|Two pair, \w+ and \w+(, \w+ kicker)?|Three of a kind, \w+(, .+ kickers?)?|Straight, \w+ high|Flush, [\w-]+|\w+ full of \w+|Four of a kind, \w+(, \w+ kicker)?|Straight flush, \w+ high|Royal flush)$/;
        expect(s.names.length).toBeGreaterThanOrEqual(2);
        for (const name of s.names) expect(name).toMatch(FULL);
        for (const name of s.potHands) expect(name.replace(/^ · /, "")).toMatch(FULL);
        expect(await sidewaysOverflow(page), "the shown hands' names fit a phone's width").toBeLessThanOrEqual(0);
        // The main pot's winning five are marked on the felt: the board's and the winner's hole cards.
        expect(s.best).toBe(5);
        await shot(page, "showdown-phone");
        await page.setViewportSize(DESKTOP);
        // No seat covers another (each seat's name box is clear of every other's).
        const boxes = await page.locator(".felt .seat-box").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
        const overlaps = boxes.flatMap((a, i) =>
          boxes.slice(i + 1).filter((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom),
        );
        expect(overlaps, "seats covering each other on a desktop").toEqual([]);
        await shot(page, "showdown-desktop");
        await page.setViewportSize(PHONE);
        showdownShot = true;
      }
      const bar = page.locator("[data-testid=action-bar]");
      if (await bar.isVisible().catch(() => false)) {
        if (!checkedButtons) {
          expect(await sidewaysOverflow(page), "the table fits a phone's width").toBeLessThanOrEqual(0);
          expect(await headerLines(page), "the header takes one line at the table on a phone").toBe(1);
          // The turn took the focus to the actions (check or call, never Fold), for the keyboard and a screen reader.
          expect(await page.evaluate(() => document.activeElement?.matches(".action-bar .check, .action-bar .call") ?? false)).toBe(true);
          // The seats read as a list, one sentence each.
          expect(await page.getByRole("list", { name: en.table.seats }).getByRole("listitem").count()).toBeGreaterThanOrEqual(3);
          expect(await outside(bar.locator("button, input"), page), "every action button and the raise control are in view").toEqual([]);
          expect(await outside(page.locator("[data-testid=action-clock]"), page)).toEqual([]);
          // every seat and the board are within the phone's width
          const seats = await page.locator(".felt .seat").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
          for (const r of seats) expect(r.left >= 0 && r.right <= PHONE.width + 0.5, `seat at ${r.left}..${r.right}`).toBe(true);
          await shot(page, "table-phone");
          await page.setViewportSize(DESKTOP);
          await shot(page, "table-desktop");
          // A tablet held upright: ten seats of full size beside the side column covered one
          // another; the side column goes under the table.
          await page.setViewportSize(TABLET);
          expect(await seatOverlaps(page.locator("main")), "seats covering each other on a tablet").toEqual([]);
          expect(await sidewaysOverflow(page), "the table fits a tablet's width").toBeLessThanOrEqual(0);
          await shot(page, "table-tablet");
          // Just above a phone's width the seats take their phone size: an empty seat says its
          // number, not a cut-off "Empty s…".
          await page.setViewportSize({ width: 660, height: 900 });
          const cut = await page
            .locator(".felt .seat-name")
            .evaluateAll((els) =>
              els.filter((e) => e.scrollWidth > e.clientWidth + 1 && e.querySelector(".empty-seat") !== null).map((e) => e.textContent ?? ""),
            );
          expect(cut, "empty seats cut off at 660 px").toEqual([]);
          // A phone on its side: the cards and the actions beside the felt. The action bar kept
          // at the bottom covered half of the felt (667 px), or stood under a felt taller than
          // the screen (844 px).
          for (const size of [
            { width: 667, height: 375 },
            { width: 844, height: 390 },
          ]) {
            await page.setViewportSize(size);
            await page.evaluate(() => window.scrollTo(0, 0));
            const [felt, actions] = await Promise.all([page.locator(".felt").boundingBox(), bar.boundingBox()]);
            const clear = felt !== null && actions !== null && (actions.x >= felt.x + felt.width || actions.y >= felt.y + felt.height);
            expect(clear, `the actions clear of the felt at ${size.width} × ${size.height}`).toBe(true);
            expect(await seatCrowding(page.locator("main")), `seats too close at ${size.width} × ${size.height}`).toEqual([]);
            expect(await outside(bar.locator(".buttons button"), page), `fold, call and raise on the screen at ${size.width} × ${size.height}`).toEqual([]);
            expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
          }
          await shot(page, "table-phone-sideways");
          await page.setViewportSize(PHONE);
          checkedButtons = true;
        }
        await bar
          .locator(".check, .call")
          .first()
          .click({ timeout: 2000 })
          .catch(() => {});
      }
      if (showdownShot && checkedButtons && samples.filter((x) => x.showdown !== null).length > 20) break;
      await page.waitForTimeout(100);
    }
    expect(showdownShot, "a showdown was seen with five board cards and two hands shown").toBe(true);
    // The chips fly out from under the showdown's lines: no pot's line is ever covered.
    expect(samples.flatMap((x) => x.covered)).toEqual([]);
    // Invariant over every sample: once the finished hand is on the felt, it stays until the
    // next hand begins (the hand number moves on), never a blank felt in between.
    for (let i = 1; i < samples.length; i++) {
      const [a, b] = [samples[i - 1]!, samples[i]!];
      if (a.showdown !== null && b.showdown !== a.showdown) expect(b.hand, `the showdown of ${a.showdown} left before the next deal`).not.toBe(a.hand);
    }
    expect(await missingKeys(page)).toEqual([]);

    // The hand log names the cards and the hands shown; the chat has a tab of its own in the panel.
    const feed = page.locator("[data-testid=table-feed]");
    await expect.poll(() => feed.textContent()).toMatch(/Flop: [2-9TJQKA][cdhs] [2-9TJQKA][cdhs] [2-9TJQKA][cdhs]/);
    expect(await feed.textContent()).toMatch(/shows [2-9TJQKA][cdhs] [2-9TJQKA][cdhs] \(/);
    // Pots won are the server's dealer entries in the chat (the browser no longer makes them up).
    await expect.poll(() => feed.locator("li.dealer", { hasText: /^.+ wins the main pot, [\d,]+/ }).count()).toBeGreaterThan(0);
    await feed.getByRole("tab", { name: en.chat.tab }).click();
    await feed.getByLabel(en.chat.say).fill("good luck all");
    await feed.getByRole("button", { name: en.chat.send }).click();
    await expect.poll(() => feed.locator("li.chat").last().textContent()).toContain(`${name}: good luck all`);
    expect(await feed.getByLabel(en.chat.say).inputValue()).toBe("");

    // Now sit out: the clock folds for the player (the bots move all in before every flop, so
    // there is no big blind to check down) and the blinds and antes take the short stack.
    await page.getByRole("button", { name: en.table.sitOut }).click();
    crew.press();
    const notice = page.locator("[data-testid=bust-notice]");
    // A guard against a hang, not a speed claim (a busy 2-core CI machine).
    await notice.waitFor({ timeout: 600_000 });
    const mine = await lobbyRow(stage.felt.url, token, id);
    expect(mine?.mine?.state).toBe("busted");
    const place = mine!.mine!.place!;
    expect(place).toBeGreaterThanOrEqual(2);
    const ordinal = (p: number) => `${p}${["th", "st", "nd", "rd"][p] ?? "th"}`;
    await expect.poll(() => notice.textContent()).toContain(en.bust.place.replace("{{place}}", ordinal(place)).replace("{{entries}}", "3"));
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    // The dealer says who went out, in which place (the server's entry) ...
    const out = en.log.outPlace.replace("{{name}}", name).replace("{{place}}", ordinal(place));
    // The dealer's entry comes as its own chat frame after the bust notice: on a loaded machine, seconds later.
    await expect.poll(() => feed.locator("li.dealer").allTextContents(), { timeout: 30_000 }).toContain(out);
    await shot(page, "bust-phone");
    await page.setViewportSize(DESKTOP);
    await shot(page, "bust-desktop");
    await page.setViewportSize(PHONE);
    // ... and it is kept with the table's chat: after a reload (watching now, no longer seated) it is still there.
    await page.reload();
    await feed.waitFor({ timeout: 20_000 });
    // The dealer's entry comes as its own chat frame after the bust notice: on a loaded machine, seconds later.
    await expect.poll(() => feed.locator("li.dealer").allTextContents(), { timeout: 30_000 }).toContain(out);

    // The lobby says how it ended instead of a greyed Register.
    await page.goto(appUrl("lobby"));
    await row.waitFor();
    // A paid place names its prize; one outside the money says "no prize", never "won 0".
    const prize = (await lobbyRow(stage.felt.url, token, id))?.mine?.prize ?? 0;
    const ended = prize > 0 ? `Finished ${ordinal(place)} of 3, won` : `No prize this time: finished ${ordinal(place)} of 3`;
    await expect.poll(() => row.locator(".mine").textContent()).toContain(ended);
    expect(await row.getByRole("button", { name: new RegExp(`^${en.lobby.action.register}`) }).count()).toBe(0);
    await shot(page, "lobby-after-phone");
    await page.setViewportSize(DESKTOP);
    await shot(page, "lobby-after-desktop");
    await page.setViewportSize(PHONE);

    // The replayer's last step shows the stacks the server's history ends on.
    await page.goto(appUrl("hands"));
    await page.waitForSelector(".hand-list li a", { timeout: 20_000 });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    // Each hand in the list shows the player's own two cards.
    const listed = page.locator(".hand-list li");
    expect(await listed.count()).toBeGreaterThan(1);
    for (const li of await listed.all()) expect(await li.locator("[data-testid=my-cards] .card[data-card]").count()).toBe(2);
    const firstCards = await listed
      .first()
      .locator("[data-testid=my-cards] .card[data-card]")
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-card"))));
    await page.locator(".hand-list li a").first().click();
    await page.waitForSelector(".replayer tbody tr", { timeout: 20_000 });
    await page.getByRole("button", { name: en.hands.last }).click();
    const handId = decodeURIComponent(new URL(page.url()).hash.split("/").pop()!);
    const record = await must<HandRecord>(api(stage.felt.url, "GET", `/api/v1/hands/${handId}`, undefined, token));
    // The cards listed are the ones the server dealt this player in that hand.
    const dealt = record.events.find((e) => e.kind === "hole-cards" && e.cards !== null);
    expect(dealt?.kind === "hole-cards" ? dealt.cards : null).toEqual(firstCards);
    const end = record.events.find((e) => e.kind === "hand-end");
    expect(end?.kind).toBe("hand-end");
    const shown = await page
      .locator(".replayer tbody tr")
      .evaluateAll((rows) => rows.map((r) => [r.getAttribute("data-seat"), r.querySelector("[data-stack]")?.getAttribute("data-stack")]));
    if (end?.kind === "hand-end") {
      expect(shown).toEqual(end.stacks.map((s) => [String(s.seat), String(s.stack)]));
      // The replayer is drawn as the table: its seats end on the same stacks.
      for (const s of end.stacks)
        expect(await page.locator(`.replayer .felt .seat[data-seat="${s.seat}"] .seat-stack`).textContent()).toBe(s.stack.toLocaleString("en-US"));
    }
    // Downloads as PokerStars text and PHH.
    await page.waitForSelector("[data-testid=download-phh]", { timeout: 10_000 });
    const download = page.waitForEvent("download");
    await page.locator("[data-testid=download-phh]").click();
    expect((await download).suggestedFilename()).toBe(`${handId}.phh`);
    // "Verify this deal" runs the fairness check in the stage.browser.
    await page.getByRole("button", { name: en.hands.verify }).click();
    await page.waitForSelector("[data-testid=verify-ok]", { timeout: 10_000 });
    await shot(page, "hands-phone");
    await page.setViewportSize(DESKTOP);
    await shot(page, "hands-desktop");
    expect(await missingKeys(page)).toEqual([]);

    // The tournament's page once it is over (the bots play it out): the results, every
    // entry with its place, the player's the one the bust notice named.
    await expect.poll(async () => (await lobbyRow(stage.felt.url, token, id))?.status, { timeout: 300_000 }).toBe("finished");
    await page.goto(appUrl(`tournament/${id}`));
    await page.getByRole("heading", { name: en.tournament.results, exact: true }).waitFor({ timeout: 20_000 });
    const places = await page.locator("[data-testid=entrants] tbody tr td:first-child").allTextContents();
    expect([...places].sort()).toEqual(["1st", "2nd", "3rd"]);
    expect(await page.locator("[data-testid=entrants] tbody tr.me td").first().textContent()).toBe(ordinal(place));
    await shot(page, "results-desktop");
    await page.setViewportSize(PHONE);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, "results-phone");
    expect(await missingKeys(page)).toEqual([]);
    await context.close();
  }, 900_000);

  it("a start whose push never arrives: the player on the lobby is taken to the table all the same, within seconds", async ({ expect }) => {
    const id = await createOnline("Quiet start", FAST_STRUCTURE, Date.now() + 3_600_000);
    const context = await stage.browser.newContext();
    // A socket that loses every tournament view (as when it drops at the start): the app
    // never hears the event start; only its own looks at the lobby can see it.
    let dropped = 0;
    await context.routeWebSocket(/\/ws\//, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((m) => server.send(m));
      server.onMessage((m) => {
        if (typeof m === "string" && m.includes('"type":"tournament-view"')) dropped++;
        else ws.send(m);
      });
    });
    const page = await newPage(context, "quiet", DESKTOP);
    const name = `qs${Date.now().toString(36).slice(-5)}`;
    const token = await signUp(page, name);
    await deposit(stage.felt.url, stage.directorToken, name, 5000);
    await must(api(stage.felt.url, "POST", `/api/v1/tournaments/${id}/register`, { commandId: cmd() }, token));
    crews.push(await registerBots(stage.felt.url, stage.directorToken, id, 2, { allInChance: 0 }));
    await must(
      api(stage.felt.url, "POST", `/api/v1/director/tournaments/${id}/reschedule`, { commandId: cmd(), startsAt: Date.now() + 5000 }, stage.directorToken),
    );
    await page.goto(appUrl("lobby"));
    await page.reload();
    await page.locator(`tr[data-tournament=${id}] .mine`).waitFor({ timeout: 20_000 });
    // The slow fallback look comes a minute after the page opened: well past this wait.
    await page.waitForURL(/#\/table\//, { timeout: 25_000 });
    await page.waitForSelector(".felt .seat.me", { timeout: 20_000 });
    expect(await page.getByTestId("seat-notice").textContent()).toContain(en.seat.seated.replace("{{name}}", "Quiet start"));
    expect(dropped).toBeGreaterThan(0);
    await shot(page, "quiet-start");
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 120_000);

  it("with two tables: the one waiting for the player is highlighted, named in the tab title and answers the keyboard", async ({ expect }) => {
    const a = await createOnline("Table race A");
    const b = await createOnline("Table race B");
    const context = await stage.browser.newContext();
    const page = await newPage(context, "multi", DESKTOP);
    const name = `mo${Date.now().toString(36).slice(-5)}`;
    const token = await signUp(page, name);
    await deposit(stage.felt.url, stage.directorToken, name, 5000);
    for (const id of [a, b]) await must(api(stage.felt.url, "POST", `/api/v1/tournaments/${id}/register`, { commandId: cmd() }, token));
    for (const id of [a, b]) crews.push(await registerBots(stage.felt.url, stage.directorToken, id, 2, { allInChance: 0 }));
    await start(a);
    await start(b);
    await page.goto(appUrl("tables"));
    await page.waitForSelector(".multi-cell .felt", { timeout: 20_000 });
    await expect.poll(() => page.locator(".multi-cell").count(), { timeout: 20_000 }).toBe(2);
    // Tiles keep their places whatever table waits: a turn never moves a tile under the pointer.
    const order = await page.locator(".multi-cell .multi-title a").allTextContents();
    let seen = 0;
    const deadline = Date.now() + 90_000;
    while (seen < 3 && Date.now() < deadline) {
      // The waiting table the keys go to (the most urgent one when both wait).
      const cell = page.locator('.multi-cell.to-act[data-keys="yes"]').first();
      if (await cell.isVisible().catch(() => false)) {
        const number = await cell.locator(".table-head b").textContent();
        const title = await page.title();
        // The title and the highlight agree on which table waits (or both when both do).
        const acting = await page.locator(".multi-cell.to-act").count();
        if (acting === 1) expect(title).toBe(en.turn.title.replace("{{number}}", number!.replace(/\D/g, "")));
        else expect(title).toBe(en.turn.titleMany.replace("{{count}}", String(acting)));
        expect(await cell.getAttribute("data-to-act")).toBe("yes");
        // The tiles are where they were; the highlighted one has the keys, and its buttons show them.
        expect(await page.locator(".multi-cell .multi-title a").allTextContents()).toEqual(order);
        expect(await cell.locator(".action-bar kbd").first().textContent()).toBe("F");
        if (seen === 0) {
          await shot(page, "multi-desktop");
          // No seat covers another in either table, at both sizes.
          for (const tile of await page.locator(".multi-cell").all()) expect(await seatOverlaps(tile)).toEqual([]);
          // Two tiles side by side: a side seat's cards covered the seat above it.
          for (const tile of await page.locator(".multi-cell").all()) expect(await seatCrowding(tile), "seats too close in a tile").toEqual([]);
          await page.setViewportSize(PHONE);
          expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
          for (const tile of await page.locator(".multi-cell").all()) expect(await seatOverlaps(tile)).toEqual([]);
          expect(await headerLines(page), "the header takes one line at the tables on a phone").toBe(1);
          expect(await navClipped(page), "header links cut off").toBeLessThanOrEqual(0);
          await shot(page, "multi-phone");
          // In every language the seats' words stay inside their boxes, no seat covers another
          // and the header keeps to one line.
          for (const lang of ["cs", "ru", "sv", "ro"]) {
            await page.goto(appUrl("tables").replace("lang=en", `lang=${lang}`));
            await page.waitForSelector(".multi-cell .felt", { timeout: 20_000 });
            await expect.poll(() => page.locator(".multi-cell").count(), { timeout: 20_000 }).toBe(2);
            const spill = await page
              .locator(".felt .seat-box")
              .evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent ?? ""));
            expect(spill, `seat words spilling out of their boxes in ${lang}`).toEqual([]);
            for (const tile of await page.locator(".multi-cell").all()) expect(await seatOverlaps(tile)).toEqual([]);
            expect(await headerLines(page), `the header on one line in ${lang}`).toBe(1);
            // and every link in it reads whole, not cut off at the line's end
            expect(await navClipped(page), `header links cut off in ${lang}`).toBeLessThanOrEqual(0);
            expect(await sidewaysOverflow(page), `the tables fit a phone's width in ${lang}`).toBeLessThanOrEqual(0);
            await shot(page, `multi-phone-${lang}`);
            // The lobby on a tablet held upright: its last column (the actions) ran off the
            // screen in the longer languages; now every row is a card there, all of it inside.
            await page.setViewportSize(TABLET);
            await page.goto(appUrl("lobby").replace("lang=en", `lang=${lang}`));
            await page.locator("tr[data-tournament]").first().waitFor({ timeout: 20_000 });
            expect(await sidewaysOverflow(page), `the lobby fits a tablet's width in ${lang}`).toBeLessThanOrEqual(0);
            const buttons = await page
              .locator("tr[data-tournament] button")
              .evaluateAll((els) => els.filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5).map((e) => e.textContent ?? ""));
            expect(buttons, `the lobby's buttons past a tablet's edge in ${lang}`).toEqual([]);
            await page.setViewportSize(PHONE);
          }
          await page.goto(appUrl("tables"));
          await page.waitForSelector(".multi-cell .felt", { timeout: 20_000 });
          await page.setViewportSize(DESKTOP);
        }
        const table = await cell.getAttribute("data-cell");
        const version = await cell.locator(".table-wrap").getAttribute("data-version");
        // C: check or call, from the keyboard; the table moves on.
        await page.keyboard.press("c");
        await expect
          .poll(() => page.locator(`.multi-cell[data-cell="${table}"] .table-wrap`).getAttribute("data-version"), { timeout: 10_000 })
          .not.toBe(version);
        seen++;
      }
      await page.waitForTimeout(150);
    }
    expect(seen, "the player acted from the keyboard at a highlighted table").toBeGreaterThan(0);

    // The tournament page: the whole structure, the payouts, the entrants with their chips,
    // the player's standing, and a table to watch.
    await page.goto(appUrl(`tournament/${a}`));
    await page.waitForSelector("[data-testid=structure] tbody tr", { timeout: 20_000 });
    expect(await page.locator("[data-testid=structure] tbody tr").count()).toBe(FAST_STRUCTURE.levels.length);
    expect(await page.locator("[data-testid=payouts] tbody tr").count()).toBeGreaterThan(0);
    expect(await page.locator("[data-testid=entrants] tbody tr").count()).toBe(3);
    expect(await page.locator("[data-testid=entrants] tbody tr.me").textContent()).toContain(name);
    await expect.poll(() => page.locator("[data-testid=my-standing]").textContent()).toMatch(/You are (1st|2nd|3rd) with [\d,]+ chips/);
    // In and playing, the terms are no longer what to read "before you register".
    expect(await page.getByTestId("terms").locator("h2").textContent()).toBe(en.tournament.terms.titleEntered);
    // The house rules the event plays under, as the room chose them (the defaults here).
    const rules = await page.locator("[data-testid=house-rules] li").allTextContents();
    expect(rules).toContain(en.create.button.dead);
    expect(rules).toContain(`${en.create.oddChip}: ${en.create.odd.leftOfButton}`);
    expect(rules).toContain(en.tournament.bothCards);
    await shot(page, "tournament-desktop");
    await page.setViewportSize(PHONE);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, "tournament-phone");
    await page.setViewportSize(DESKTOP);
    // The other tournament's page from this one (the same screen with another id): while its
    // answer is on the way, nothing of this one is left on screen to read or act on.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const pageOfB = `**/api/v1/tournaments/${b}/page`;
    await page.route(pageOfB, async (route) => {
      await held;
      await route.continue();
    });
    await page.evaluate((hash) => (location.hash = hash), `#/tournament/${b}`);
    await expect.poll(() => page.locator(".panel").first().textContent()).toBe(en.common.loading);
    expect(await page.locator(".tournament-page").count()).toBe(0);
    release();
    await expect.poll(() => page.locator(".tournament-page h1").textContent(), { timeout: 20_000 }).toBe("Table race B");
    await page.unroute(pageOfB);
    await page.evaluate((hash) => (location.hash = hash), `#/tournament/${a}`);
    await expect.poll(() => page.locator(".tournament-page h1").textContent(), { timeout: 20_000 }).toBe("Table race A");
    await page.locator("[data-testid=tables] a").first().click();
    await page.waitForSelector(".felt .seat", { timeout: 20_000 });

    // Settings: a four-colour deck and a blue felt, remembered after a reload.
    const settings = page.locator("[data-testid=settings]");
    await settings.locator("summary").click();
    await settings.getByLabel(en.settings.fourColour).check();
    await settings.getByLabel(en.settings.felt).selectOption("blue");
    await page.reload();
    await page.waitForSelector(".felt .seat", { timeout: 20_000 });
    expect(await page.evaluate(() => [document.documentElement.classList.contains("four-colour"), document.documentElement.dataset["felt"]])).toEqual([
      true,
      "blue",
    ]);
    // The settings open, remembered: as a person sees them at both sizes.
    await settings.locator("summary").click();
    expect(await settings.getByLabel(en.settings.fourColour).isChecked()).toBe(true);
    await shot(page, "settings-desktop");
    await page.setViewportSize(PHONE);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, "settings-phone");
    await page.setViewportSize(DESKTOP);
    expect(await missingKeys(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 240_000);
});

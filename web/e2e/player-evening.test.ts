import { join } from "node:path";
import { describe, it } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { describeHand } from "../../src/cards/index.ts";
import { RESOURCES } from "../src/i18n/index.ts";
import { formatMoney } from "../src/logic/format.ts";
import { api, cmd, must } from "../../testkit/server/harness.ts";
import type { LobbyTournament, SeatingResponse } from "../../src/protocol/index.ts";
import { lobbyRow, registerBots, type BotCrew } from "./real-bots.ts";
import { artifacts, BROWSER_ARGS, CHROMIUM, feltStage, haveChromium, signInForm } from "./stage.ts";

// One person's whole evening online, on a REAL `felt serve` (a play-money room: a new account
// gets its chips) in Debian's chromium, once on a phone and once on a desktop: sign up, read
// the terms and register with the confirmation, wait on the lobby until two tournaments start
// by themselves at their time, be taken to the tables (both side by side) with a clock that
// starts only once the table is shown, play both with the keyboard while the tiles keep their
// places, be moved to another table without leaving the side-by-side view, read every
// showdown's hand names in full (the same ranks and kickers as the engine's), lose the network
// for 10 s and see the banner, time out and be sat out until "Sit in", and bust and read the
// place and the prize. A screenshot per step: artifacts/player-evening-<size>-<step>.png.

// The app as players get it, React's production build: vitest runs with NODE_ENV=test, which
// the build would otherwise take for a development one (several times slower on a busy machine).
process.env.NODE_ENV = "production";

if (!haveChromium) console.warn(`web e2e (player evening) SKIPPED: ${CHROMIUM} is not installed (apt-get install -y chromium)`);

const DIRECTOR = { name: "evening-floor", password: "floor-password-1" };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1400, height: 900 };
/** What a new account gets in this room. */
const PLAY_MONEY = 500_000;
const PAUSE_MS = 1500;
/** The main event: deep stacks and slow blinds, five players on tables of four (two tables). */
const MAIN = {
  startingStack: 5000,
  levels: [20, 40, 60, 80, 100, 150, 200, 300].map((bb) => ({ kind: "level" as const, sb: bb / 2, bb, ante: 0, minutes: 10, colourUp: null })),
};
const MAIN_ACTION_S = 30;
/**
 * The side event: three players; small blinds while the evening is played (a player who times
 * out there and sits out for a while keeps most of the stack), then, once the floor moves the
 * clock on, blinds and antes that are soon the chips in play, so a player who sits out busts.
 */
const SIDE = {
  startingStack: 1000,
  levels: [
    { kind: "level" as const, sb: 10, bb: 20, ante: 0, minutes: 30, colourUp: null },
    ...[100, 200, 400, 800, 1600, 3200].map((bb) => ({ kind: "level" as const, sb: bb / 2, bb, ante: bb / 2, minutes: 1, colourUp: null })),
  ],
};
const SIDE_ACTION_S = 15;
const en = RESOURCES.en;
const RANK_WORDS = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"];
const RANK_PLURALS = ["twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens", "kings", "aces"];
/** The ranks a hand's name states, in order ("Two pair, Kings and Eights, Ace kicker" → king, eight, ace). */
const ranksNamed = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^a-z]+/)
    .flatMap((w) => (RANK_WORDS.includes(w) ? [w] : RANK_PLURALS.includes(w) ? [RANK_WORDS[RANK_PLURALS.indexOf(w)]!] : []));

/** Records in the page what the test cannot read on the screen: when each table first reached the browser, and the acts sent. */
function recordSocket(): void {
  const w = window as unknown as { __evening: { firstSeen: Record<string, number>; acts: string[] } };
  w.__evening = { firstSeen: {}, acts: [] };
  const Native = window.WebSocket;
  class Recorded extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener("message", (e: MessageEvent) => {
        if (typeof e.data !== "string") return;
        try {
          const m = JSON.parse(e.data) as { type?: string; tableId?: string; view?: { tableId?: string } };
          const id = m.type === "table-view" ? m.view?.tableId : m.type === "table-step" ? m.tableId : undefined;
          if (id !== undefined && w.__evening.firstSeen[id] === undefined) w.__evening.firstSeen[id] = Date.now();
        } catch {}
      });
    }
    override send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
      if (typeof data === "string" && data.includes('"act"')) {
        try {
          const m = JSON.parse(data) as { type?: string; tableId?: string; handId?: string; version?: number; commandId?: string };
          if (m.type === "act") w.__evening.acts.push(`${m.tableId}/${m.handId}/${m.version}/${m.commandId}`);
        } catch {}
      }
      super.send(data);
    }
  }
  window.WebSocket = Recorded;
}

describe.skipIf(!haveChromium).concurrent("a player's evening in chromium against felt serve", () => {
  const pageErrors: string[] = [];
  const crews: BotCrew[] = [];
  const stage = feltStage({
    folder: "felt-evening-",
    director: DIRECTOR,
    serveArgs: ["--play-money", String(PLAY_MONEY)],
    browserArgs: [...BROWSER_ARGS, "--autoplay-policy=no-user-gesture-required"],
    onFailure: () => `\npage errors: ${pageErrors.join("\n")}`,
    beforeStop: async () => {
      for (const c of crews) await c.stop();
    },
  });

  const appUrl = (hash: string) => `${stage.felt.url}/?checkKeys=1&lang=en#/${hash}`;
  const missingKeys = (page: Page) => page.evaluate(() => window.__feltMissingKeys ?? ["(i18n not started)"]);
  const sidewaysOverflow = (page: Page) => page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);
  const director = (path: string, body: object) =>
    api(stage.felt.url, "POST", `/api/v1/director/tournaments${path}`, { commandId: cmd(), ...body }, stage.directorToken);

  async function create(name: string, structure: unknown, actionSeconds: number, tableSize: number): Promise<string> {
    const created = await must<{ tournament: LobbyTournament }>(
      director("", {
        presetId: "seed",
        name,
        kind: "online",
        startsAt: Date.now() + 3_600_000,
        structure,
        handPauseMs: PAUSE_MS,
        settings: { actionSeconds, timeBankSeconds: 0, tableSize, finalTableSize: tableSize },
      }),
    );
    return created.tournament.id;
  }

  /** Where the tiles are on the page, by tournament name (or within the tiles' own section: notices above it aside). */
  const tileBoxes = (page: Page, inSection = false) =>
    page.locator(".multi-cell").evaluateAll(
      (els, inSection) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          const origin = inSection ? e.parentElement!.getBoundingClientRect() : { x: -window.scrollX, y: -window.scrollY };
          return `${e.getAttribute("aria-label")}@${Math.round(r.x - origin.x)},${Math.round(r.y - origin.y)}`;
        }),
      inSection,
    );

  /** The height of each part of each tile, to say which one moved the tiles below it. */
  const tileParts = (page: Page) =>
    page
      .locator(".multi-cell")
      .evaluateAll((els) =>
        els.map((e) =>
          [...e.querySelectorAll(".multi-title, .tournament-bar, .bust-notice, .banner, .sit-in, .table-head, .felt, .my-hand, .action-slot")]
            .map((x) => `${x.className.split(" ")[0]}:${Math.round(x.getBoundingClientRect().height)}`)
            .join(" "),
        ),
      );

  /** Every hand shown at the showdowns on screen, read and checked against the engine's name of the same seven cards. */
  async function checkShowdowns(scope: Locator, names: Map<string, string>, expect: typeof import("vitest").expect): Promise<void> {
    const read = await scope.locator(".table-wrap").evaluateAll((wraps) =>
      wraps.flatMap((w) => {
        const sd = w.querySelector("[data-testid=showdown]");
        if (sd === null) return [];
        const board = [...w.querySelectorAll("[data-testid=board] .card[data-card]")].map((c) => Number(c.getAttribute("data-card")));
        const hands = [...w.querySelectorAll(".felt .seat")].flatMap((s) => {
          const full = s.querySelector(".shown-hand .full")?.textContent;
          if (!full) return [];
          const cards = [...s.querySelectorAll(".seat-cards[data-shown=yes] .card[data-card]")].map((c) => Number(c.getAttribute("data-card")));
          return [{ full, cards }];
        });
        const pots = [...sd.querySelectorAll(".pot-hand")].map((p) => (p.textContent ?? "").replace(/^ · /, ""));
        return [{ hand: sd.getAttribute("data-hand") ?? "", board, hands, pots }];
      }),
    );
    for (const sd of read) {
      if (sd.board.length !== 5) continue;
      for (const h of sd.hands) {
        if (h.cards.length !== 2) continue;
        const engine = describeHand([...h.cards, ...sd.board] as never);
        // The same ranks, in the same order, as the engine names: the deciding ones, then the kickers.
        expect(ranksNamed(h.full), `${h.full} vs the engine's ${engine}`).toEqual(ranksNamed(engine));
        expect(h.full.toLowerCase().includes("kicker")).toBe(engine.includes("kicker") || engine.startsWith("high card"));
        names.set(`${sd.hand}/${h.cards.join(",")}`, h.full);
      }
      // The pot's line names the winner's hand in full, as the seat does.
      for (const p of sd.pots) expect(sd.hands.map((h) => h.full)).toContain(p);
    }
  }

  async function evening(size: { width: number; height: number }, label: "phone" | "desktop", expect: typeof import("vitest").expect): Promise<void> {
    const context: BrowserContext = await stage.browser.newContext(label === "phone" ? { hasTouch: true } : {});
    await context.addInitScript(recordSocket);
    const page = await context.newPage();
    await page.setViewportSize(size);
    page.on("pageerror", (e) => pageErrors.push(`${label}: ${e.message}`));
    page.on("console", (m) => m.type() === "error" && pageErrors.push(`${label} console: ${m.text()}`));
    let step = 0;
    const shot = async (what: string) => {
      step++;
      await page.screenshot({ path: join(artifacts, `player-evening-${label}-${String(step).padStart(2, "0")}-${what}.png`), fullPage: label === "desktop" });
    };
    const tag = Date.now().toString(36).slice(-4);
    const mainName = `Main ${label} ${tag}`;
    const sideName = `Side ${label} ${tag}`;
    const main = await create(mainName, MAIN, MAIN_ACTION_S, 4);
    const side = await create(sideName, SIDE, SIDE_ACTION_S, 3);

    // 1. A new account gets in: this room plays for play money, so it has chips at once.
    const name = `${label.slice(0, 2)}${tag}${Math.floor(Math.random() * 1000)}`;
    await page.goto(appUrl("sign-in"));
    await page.getByRole("button", { name: en.auth.needAccount }).click();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot("sign-up");
    await signInForm(page, { name, password: "player-password-1" });
    const token = (await page.evaluate(() => localStorage.getItem("felt.token")))!;
    const funding = page.getByTestId("funding");
    await funding.waitFor({ timeout: 20_000 });
    expect(await funding.textContent()).toContain(en.lobby.funding.playMoney);
    await expect.poll(() => page.locator(".balance b").textContent()).toBe(formatMoney(PLAY_MONEY, "en"));
    await shot("lobby-new-account");

    // 2. Reads the main event's terms and registers there, saying yes to the price.
    const mainRow = page.locator(`tr[data-tournament=${main}]`);
    await mainRow.waitFor({ timeout: 20_000 });
    await mainRow.locator("a.tournament-link").click();
    const terms = page.getByTestId("terms");
    await terms.waitFor({ timeout: 20_000 });
    await terms.getByRole("button", { name: en.lobby.action.register, exact: true }).click();
    const ask = page.getByTestId("terms-confirm");
    await ask.waitFor({ timeout: 10_000 });
    expect(await ask.textContent()).toMatch(/^Register in .+ costs [\d,.]+\.\s*Your balance [\d,.]+ becomes [\d,.]+\./);
    expect(await ask.textContent()).toContain(`Your balance ${formatMoney(PLAY_MONEY, "en")} becomes`);
    expect((await lobbyRow(stage.felt.url, token, main))?.mine ?? null).toBeNull();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot("terms-confirm");
    await ask.getByRole("button").first().click();
    await expect.poll(async () => (await lobbyRow(stage.felt.url, token, main))?.mine?.state).toBe("registered");
    // ... and the side event from the lobby's row, asked once as well.
    await page.goto(appUrl("lobby"));
    const sideRow = page.locator(`tr[data-tournament=${side}]`);
    await sideRow.waitFor({ timeout: 20_000 });
    await sideRow.getByRole("button", { name: en.lobby.action.register, exact: true }).click();
    const rowAsk = sideRow.getByTestId("confirm-pay");
    await rowAsk.waitFor({ timeout: 10_000 });
    expect(await rowAsk.textContent()).toMatch(/^Register in .+ costs [\d,.]+\./);
    await shot("register-confirm");
    await rowAsk.locator("[data-action=confirm-pay]").click();
    await expect.poll(async () => (await lobbyRow(stage.felt.url, token, side))?.mine?.state).toBe("registered");

    // The others: four bots that check and call in the main event, two in the side event
    // (who move all in before every flop once pressed).
    const mainCrew = await registerBots(stage.felt.url, stage.directorToken, main, 4, { allInChance: 0 });
    const sideCrew = await registerBots(stage.felt.url, stage.directorToken, side, 2, { allInChance: 0, pressers: true });
    crews.push(mainCrew, sideCrew);

    // 3. Both start by themselves, at the same time, a few seconds from now; the player waits
    // on the lobby and is taken to their tables, side by side, with a notice: no click, no reload.
    const startsAt = Date.now() + 6000;
    for (const id of [main, side]) await must(director(`/${id}/reschedule`, { startsAt }));
    await page.goto(appUrl("lobby"));
    await expect.poll(() => page.locator("tr[data-tournament] .mine").count()).toBeGreaterThanOrEqual(2);
    await shot("lobby-waiting");
    expect((await lobbyRow(stage.felt.url, token, main))?.status).toBe("registering");
    await page.waitForURL(/#\/tables/, { timeout: 60_000 });
    const tiles = page.locator(".multi-cell");
    await expect.poll(() => tiles.count(), { timeout: 30_000 }).toBe(2);
    await expect.poll(() => page.getByTestId("seat-notice").textContent(), { timeout: 20_000 }).toMatch(/has started: your table is open\./);

    // 4. The first turn: its clock started once the table reached the browser, not before.
    const mainTile = page.locator(`.multi-cell[aria-label="${mainName}"]`);
    const sideTile = page.locator(`.multi-cell[aria-label="${sideName}"]`);
    const firstTurn = page.locator(".multi-cell .action-clock[data-deadline]").first();
    await firstTurn.waitFor({ timeout: 60_000 });
    const turn = await firstTurn.evaluate((el) => {
      const table = el.closest(".table-wrap")?.getAttribute("data-table") ?? "";
      const w = window as unknown as { __evening: { firstSeen: Record<string, number> } };
      return {
        table,
        deadline: Number(el.getAttribute("data-deadline")),
        actionMs: Number(el.getAttribute("data-action-ms")),
        seen: w.__evening.firstSeen[table] ?? 0,
      };
    });
    expect(turn.seen).toBeGreaterThan(0);
    // The whole action time from when the table was first shown (a little slack for the frame's way to the page).
    expect(turn.deadline - turn.seen).toBeGreaterThanOrEqual(turn.actionMs - 1000);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot("first-turn");

    // 5. Two tables: the tiles stay where they are as the turn moves, and a key acts at the
    // table that has the keys (the one waiting for the player).
    let places = await tileBoxes(page);
    let parts = await tileParts(page);
    const names = new Map<string, string>();
    let keyed = 0;
    /** One look at the tables: the showdowns checked, the tiles where they were, and C pressed where a turn waits. */
    const actOnce = async (checkPlaces = true) => {
      await checkShowdowns(page.locator(".multi"), names, expect);
      // Turn or no turn, the tiles are where they were (on a phone, one under another: no tile
      // above may change its height). A failure names the heights of each tile's parts.
      if (checkPlaces) {
        const now = await tileBoxes(page);
        if (now.join() !== places.join())
          expect(now, `a turn moved the tiles; parts then: ${parts.join(" | ")}; now: ${(await tileParts(page)).join(" | ")}`).toEqual(places);
      }
      // The banner names the waiting table's event beside its number (both events have a table 1).
      const said = await page.evaluate(() => {
        const line = document.querySelector("[data-testid=to-act-banner] .to-act-lines b:not(.off)");
        const acting = [...document.querySelectorAll(".multi-cell.to-act")].map((c) => c.getAttribute("aria-label") ?? "");
        return line === null ? null : { text: line.textContent ?? "", acting };
      });
      if (said !== null)
        expect(
          said.acting.some((name) => said.text.startsWith(`${name}: `)),
          said.text,
        ).toBe(true);
      const cell = page.locator('.multi-cell.to-act[data-keys="yes"]').first();
      if (await cell.isVisible().catch(() => false)) {
        const table = await cell.getAttribute("data-cell");
        const version = await cell.locator(".table-wrap").getAttribute("data-version");
        expect(await cell.locator(".action-bar kbd").first().textContent()).toBe("F");
        await page.keyboard.press("c");
        const moved = await expect
          .poll(() => page.locator(`.multi-cell[data-cell="${table}"] .table-wrap`).getAttribute("data-version"), { timeout: 10_000 })
          .not.toBe(version)
          .then(
            () => true,
            () => false,
          );
        if (moved) keyed++;
      }
      await page.waitForTimeout(150);
    };
    const playUntil = async (done: () => boolean | Promise<boolean>, guardMs: number) => {
      const deadline = Date.now() + guardMs;
      while (!(await done()) && Date.now() < deadline) await actOnce();
    };
    await playUntil(() => keyed >= 3, 180_000);
    expect(keyed, "the player acted from the keyboard").toBeGreaterThanOrEqual(3);
    await shot("two-tables");

    // 6. Moved to the main event's other table: the tile is replaced in place, the view stays.
    const oldTable = await mainTile.getAttribute("data-cell");
    const inSection = await tileBoxes(page, true);
    await must(director(`/${main}/pause`, {}));
    const entry = async () => {
      const s = await must<SeatingResponse>(api(stage.felt.url, "GET", `/api/v1/director/tournaments/${main}/seating`, undefined, stage.directorToken));
      return s;
    };
    // Between hands at both tables (the pause lets the hands in play finish).
    let movedOk = false;
    let lastRefusal = "";
    const moveDeadline = Date.now() + 90_000;
    while (!movedOk && Date.now() < moveDeadline) {
      const s = await entry();
      const me = s.seats.find((x) => x.name === name)!;
      const other = s.tables.find((t) => t.tableNumber !== me.tableNumber)!;
      const count = (n: number) => s.seats.filter((x) => x.tableNumber === n).length;
      // Keep the tables even: when the player's table is the shorter, a bot comes over first.
      if (count(me.tableNumber) < count(other.tableNumber)) {
        const bot = s.seats.find((x) => x.tableNumber === other.tableNumber)!;
        const free = freeSeat(s, me.tableNumber);
        const r = await director(`/${main}/move`, { entryId: bot.entryId, toTable: me.tableNumber, toSeat: free });
        if (r.status !== 200) await actOnce(false);
        continue;
      }
      const r = await director(`/${main}/move`, { entryId: me.entryId, toTable: other.tableNumber, toSeat: freeSeat(s, other.tableNumber) });
      if (r.status === 200) movedOk = true;
      else {
        lastRefusal = JSON.stringify(r.body);
        // The side table plays on meanwhile: the player keeps answering it.
        await actOnce(false);
      }
    }
    expect(movedOk, `the director's move went through between hands (${lastRefusal})`).toBe(true);
    await must(director(`/${main}/resume`, {}));
    // The server has the player at the other table ...
    await expect.poll(async () => (await lobbyRow(stage.felt.url, token, main))?.mine?.tableId, { timeout: 30_000 }).not.toBe(oldTable);
    // ... and the tile shows it, where the old table was.
    await expect
      .poll(() => mainTile.getAttribute("data-cell"), { timeout: 60_000 })
      .not.toBe(oldTable)
      .catch(async (e) => {
        console.error(
          "DEBUG move",
          oldTable,
          JSON.stringify((await lobbyRow(stage.felt.url, token, main))?.mine),
          await mainTile.textContent(),
          await page.getByTestId("seat-notice").textContent(),
        );
        throw e;
      });
    await expect.poll(() => page.getByTestId("seat-notice").textContent(), { timeout: 20_000 }).toContain(en.seat.moved.replace("{{name}}", mainName));
    expect(page.url()).toMatch(/#\/tables$/);
    expect(await tiles.count()).toBe(2);
    // Once the new table is on the tile (it may say "Loading" for a moment), it is where the old one was.
    await mainTile.locator(".felt .seat.me").waitFor({ timeout: 30_000 });
    expect(await tileBoxes(page, true), "the new table took the old one's place").toEqual(inSection);
    await shot("moved");
    // The notice above them says something new (the move): from here the tiles stay where they are now.
    places = await tileBoxes(page);
    parts = await tileParts(page);

    // 7. The network goes for 10 s: the banner says so; back online it goes and play goes on.
    await playUntil(() => keyed >= 4, 60_000);
    await context.setOffline(true);
    const offline = page.getByTestId("offline");
    await offline.waitFor({ timeout: 20_000 });
    expect(await offline.textContent()).toMatch(/^Connection lost at .+\. Reconnecting…$/);
    await shot("offline");
    await page.waitForTimeout(10_000);
    await context.setOffline(false);
    await offline.waitFor({ state: "detached", timeout: 30_000 });
    const before = keyed;
    await playUntil(() => keyed >= before + 2, 90_000);
    expect(keyed, "play went on after the network came back").toBeGreaterThanOrEqual(before + 2);
    // Nothing was sent twice: one act (one command) per turn.
    const acts = await page.evaluate(() => (window as unknown as { __evening: { acts: string[] } }).__evening.acts);
    const turns = acts.map((a) => a.split("/").slice(0, 3).join("/"));
    expect(new Set(turns).size, `acts sent: ${acts.join(" ")}`).toBe(turns.length);
    await checkShowdowns(page.locator(".multi"), names, expect);
    await shot("back-online");

    // 8. The side table on its own screen: the player lets the clock run out there; the log
    // says so, the seat sits out until the player presses Sit in.
    await sideTile.locator(".multi-title a").click();
    await page.waitForURL(/#\/table\//, { timeout: 20_000 });
    const feed = page.getByTestId("table-feed");
    await feed.waitFor({ timeout: 20_000 });
    const me = page.locator(".felt .seat.me");
    await me.locator(".tag", { hasText: en.table.sittingOut }).waitFor({ timeout: 120_000 });
    await expect.poll(() => feed.textContent(), { timeout: 20_000 }).toMatch(new RegExp(`${name} timed out and (folds|checks)`));
    const sitIn = page.getByRole("button", { name: en.table.sitIn, exact: true });
    expect(await sitIn.isVisible()).toBe(true);
    await shot("timed-out");
    await sitIn.click();
    await page.getByRole("button", { name: en.table.sitOut, exact: true }).waitFor({ timeout: 20_000 });
    await expect.poll(() => me.locator(".tag", { hasText: en.table.sittingOut }).count(), { timeout: 60_000 }).toBe(0);
    await shot("sat-in");

    // 9. The player sits out for good; the bots move all in before every flop and the blinds take
    // the stack: the notice names the place and the prize (none: one place is paid).
    await page.getByRole("button", { name: en.table.sitOut, exact: true }).click();
    sideCrew.press();
    const notice = page.getByTestId("bust-notice");
    // The floor moves the side event's clock on, a level at a time, so the blinds soon take the stack.
    const hurry = setInterval(() => void director(`/${side}/clock`, { ms: 60_000 }).catch(() => {}), 8000);
    try {
      // A guard against a hang, not a speed claim.
      await notice.waitFor({ timeout: 600_000 });
    } finally {
      clearInterval(hurry);
    }
    const mine = (await lobbyRow(stage.felt.url, token, side))!.mine!;
    expect(mine.state).toBe("busted");
    const ordinal = (p: number) => `${p}${["th", "st", "nd", "rd"][p] ?? "th"}`;
    await expect.poll(() => notice.textContent()).toContain(en.bust.place.replace("{{place}}", ordinal(mine.place!)).replace("{{entries}}", "3"));
    await expect.poll(() => notice.textContent()).toContain((mine.prize ?? 0) > 0 ? "You won " : en.bust.noPrize);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot("bust");
    expect(names.size, "showdowns were read and checked").toBeGreaterThan(0);
    console.log(
      `${label}: ${names.size} shown hands checked against the engine; kickers named in ${[...names.values()].filter((n) => n.includes("kicker")).length}`,
    );
    expect(await missingKeys(page)).toEqual([]);
    await context.close();
  }

  function freeSeat(s: SeatingResponse, table: number): number {
    const size = s.tables.find((t) => t.tableNumber === table)!.size;
    const taken = new Set(s.seats.filter((x) => x.tableNumber === table).map((x) => x.seat));
    for (let seat = 1; seat <= size; seat++) if (!taken.has(seat)) return seat;
    throw new Error(`table ${table} is full`);
  }

  it("on a phone (390 × 844): sign-up to bust", async ({ expect }) => {
    await evening(PHONE, "phone", expect);
  }, 1_200_000);

  it("on a desktop (1400 × 900): sign-up to bust", async ({ expect }) => {
    await evening(DESKTOP, "desktop", expect);
  }, 1_200_000);
});

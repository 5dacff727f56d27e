import { join } from "node:path";
import { describe, it } from "vitest";
import type { Page } from "playwright-core";
import { RESOURCES } from "../src/i18n/index.ts";
import { api, cmd, must } from "../../testkit/server/harness.ts";
import type { LobbyTournament, SeatingResponse } from "../../src/protocol/index.ts";
import { lobbyRow, registerBots, type BotCrew } from "./real-bots.ts";
import { artifacts, CHROMIUM, feltStage, haveChromium, signInForm } from "./stage.ts";

// A player's table BREAKS online, on a phone, on a REAL `felt serve`: the player sits in two
// events side by side; in the main one (tables of four, five entrants) the floor seats the
// player with two bots that move all in before every flop, the other two bots at the other
// table, and names the player's table as the next to break (R-TBL-3: the final table is
// played at the table that breaks last, so which table goes never depends on which hand
// ends first). The player folds, one of the two busts, the four left fit one table: the
// player's table breaks and the player is drawn to a seat at the other. Nobody moves the
// player by hand. The tile follows the break in place, the view stays.
// Screenshots: artifacts/table-break-phone-<step>.png.

// React's production build, as players get it (see player-evening.test.ts).
process.env.NODE_ENV = "production";

if (!haveChromium) console.warn(`web e2e (table break) SKIPPED: ${CHROMIUM} is not installed (apt-get install -y chromium)`);

const DIRECTOR = { name: "break-floor", password: "floor-password-1" };
const PHONE = { width: 390, height: 844 };
const PLAY_MONEY = 500_000;
const PAUSE_MS = 1500;
/** Deep stacks and slow blinds: the bust comes from the all-ins, not the blinds. */
const STRUCTURE = {
  startingStack: 5000,
  levels: [20, 40, 60, 80, 100].map((bb) => ({ kind: "level" as const, sb: bb / 2, bb, ante: 0, minutes: 30, colourUp: null })),
};
const en = RESOURCES.en;

describe.skipIf(!haveChromium)("a player's table breaks, in chromium against felt serve", () => {
  const pageErrors: string[] = [];
  const crews: BotCrew[] = [];
  const stage = feltStage({
    folder: "felt-break-",
    director: DIRECTOR,
    serveArgs: ["--play-money", String(PLAY_MONEY)],
    onFailure: () => `\npage errors: ${pageErrors.join("\n")}`,
    beforeStop: async () => {
      for (const c of crews) await c.stop();
    },
  });

  const appUrl = (hash: string) => `${stage.felt.url}/?checkKeys=1&lang=en#/${hash}`;
  const director = (path: string, body: object) =>
    api(stage.felt.url, "POST", `/api/v1/director/tournaments${path}`, { commandId: cmd(), ...body }, stage.directorToken);
  const seating = (id: string) =>
    must<SeatingResponse>(api(stage.felt.url, "GET", `/api/v1/director/tournaments/${id}/seating`, undefined, stage.directorToken));

  async function create(name: string, tableSize: number): Promise<string> {
    const created = await must<{ tournament: LobbyTournament }>(
      director("", {
        presetId: "seed",
        name,
        kind: "online",
        startsAt: Date.now() + 3_600_000,
        structure: STRUCTURE,
        handPauseMs: PAUSE_MS,
        settings: { actionSeconds: 30, timeBankSeconds: 0, tableSize, finalTableSize: tableSize },
      }),
    );
    return created.tournament.id;
  }

  /** Where the tiles are within their own section (the notices above it aside), by tournament name. */
  const tileBoxes = (page: Page) =>
    page.locator(".multi-cell").evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        const origin = e.parentElement!.getBoundingClientRect();
        return `${e.getAttribute("aria-label")}@${Math.round(r.x - origin.x)},${Math.round(r.y - origin.y)}`;
      }),
    );

  function freeSeat(s: SeatingResponse, table: number): number | undefined {
    const size = s.tables.find((t) => t.tableNumber === table)!.size;
    const taken = new Set(s.seats.filter((x) => x.tableNumber === table).map((x) => x.seat));
    for (let seat = 1; seat <= size; seat++) if (!taken.has(seat)) return seat;
    return undefined;
  }

  it("on a phone (390 × 844): the tile follows the break in place", async ({ expect }) => {
    const context = await stage.browser.newContext({ hasTouch: true });
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    page.on("pageerror", (e) => pageErrors.push(e.message));
    page.on("console", (m) => m.type() === "error" && pageErrors.push(`console: ${m.text()}`));
    const shot = (what: string) => page.screenshot({ path: join(artifacts, `table-break-phone-${what}.png`) });
    const tag = Date.now().toString(36).slice(-4);
    const mainName = `Main ${tag}`;
    const sideName = `Side ${tag}`;
    const main = await create(mainName, 4);
    const side = await create(sideName, 3);

    // A new account in a play-money room, registered in both events.
    const name = `br${tag}${Math.floor(Math.random() * 1000)}`;
    await page.goto(appUrl("sign-in"));
    await signInForm(page, { name, password: "player-password-1" }, { signUp: true });
    const token = (await page.evaluate(() => localStorage.getItem("felt.token")))!;
    for (const id of [main, side]) {
      await must(api(stage.felt.url, "POST", `/api/v1/tournaments/${id}/register`, { commandId: cmd() }, token));
      await expect.poll(async () => (await lobbyRow(stage.felt.url, token, id))?.mine?.state).toBe("registered");
    }
    const pressers = await registerBots(stage.felt.url, stage.directorToken, main, 2, { allInChance: 0, pressers: true });
    crews.push(pressers);
    const calm = await registerBots(stage.felt.url, stage.directorToken, main, 2, { allInChance: 0 });
    crews.push(calm);
    crews.push(await registerBots(stage.felt.url, stage.directorToken, side, 2, { allInChance: 0 }));
    const presserNames = new Set(pressers.bots.map((b) => b.name));
    const calmNames = new Set(calm.bots.map((b) => b.name));

    // Both start by themselves a few seconds from now; the player is taken to the tables.
    // The lobby is up (with both rows the player's) before the start: the app takes the player
    // to the tables when it sees the events start.
    await page.goto(appUrl("lobby"));
    await expect.poll(() => page.locator("tr[data-tournament] .mine").count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    const startsAt = Date.now() + 8000;
    for (const id of [main, side]) await must(director(`/${id}/reschedule`, { startsAt }));
    await page.waitForURL(/#\/tables/, { timeout: 90_000 }).catch(async (e) => {
      console.error(
        "DEBUG start",
        JSON.stringify(await lobbyRow(stage.felt.url, token, main)),
        JSON.stringify(await lobbyRow(stage.felt.url, token, side)),
        page.url(),
      );
      throw e;
    });
    const tiles = page.locator(".multi-cell");
    await expect.poll(() => tiles.count(), { timeout: 30_000 }).toBe(2);
    const mainTile = page.locator(`.multi-cell[aria-label="${mainName}"]`);
    const sideTile = page.locator(`.multi-cell[aria-label="${sideName}"]`);
    await mainTile.locator(".felt .seat.me").waitFor({ timeout: 60_000 });
    await sideTile.locator(".felt .seat.me").waitFor({ timeout: 60_000 });

    /** One look: where a turn waits at the tile that has the keys, the player folds at the main table and checks or calls at the side one. */
    const actOnce = async () => {
      // Read in one look inside the page: a turn can end (its clock, the keys moving to the other tile) between two reads.
      const turn = await page.evaluate(() => {
        const el = document.querySelector('.multi-cell.to-act[data-keys="yes"]');
        if (el === null) return null;
        return {
          which: el.getAttribute("aria-label"),
          table: el.getAttribute("data-cell"),
          version: el.querySelector(".table-wrap")?.getAttribute("data-version") ?? null,
        };
      });
      if (turn !== null) {
        const { which, table, version } = turn;
        await page.keyboard.press(which === mainName ? "f" : "c");
        await expect
          .poll(() => page.locator(`.multi-cell[data-cell="${table}"] .table-wrap`).getAttribute("data-version"), { timeout: 10_000 })
          .not.toBe(version)
          .catch(() => {});
      }
      await page.waitForTimeout(250);
    };

    // The floor pauses the main event and, between hands, moves BOTS only (never the player):
    // the player's table = the player and both pressers; the other = the two calm bots.
    await must(director(`/${main}/pause`, {}));
    const directorMoves: string[] = [];
    let arranged = false;
    let lastRefusal = "";
    const arrangeDeadline = Date.now() + 180_000;
    while (!arranged && Date.now() < arrangeDeadline) {
      const s = await seating(main);
      const me = s.seats.find((x) => x.name === name)!;
      const other = s.tables.find((t) => t.tableNumber !== me.tableNumber)!.tableNumber;
      const at = (n: number) => s.seats.filter((x) => x.tableNumber === n);
      const presserAway = at(other).find((x) => presserNames.has(x.name));
      const calmHere = at(me.tableNumber).find((x) => calmNames.has(x.name));
      if (presserAway === undefined && calmHere === undefined) {
        arranged = true;
        break;
      }
      // A presser comes over while there is a seat; otherwise a calm bot makes room.
      const mine = freeSeat(s, me.tableNumber);
      const move =
        presserAway !== undefined && mine !== undefined
          ? { entryId: presserAway.entryId, who: presserAway.name, toTable: me.tableNumber, toSeat: mine }
          : calmHere !== undefined
            ? { entryId: calmHere.entryId, who: calmHere.name, toTable: other, toSeat: freeSeat(s, other)! }
            : undefined;
      if (move === undefined) throw new Error(`no move possible: ${JSON.stringify(s.seats)}`);
      expect(move.who).not.toBe(name);
      const r = await director(`/${main}/move`, { entryId: move.entryId, toTable: move.toTable, toSeat: move.toSeat });
      if (r.status === 200) directorMoves.push(move.entryId);
      else {
        // A hand still in play there: the player answers the tables meanwhile, then the floor tries again.
        lastRefusal = JSON.stringify(r.body);
        await actOnce();
      }
    }
    expect(arranged, `the floor seated the bots as planned (${lastRefusal})`).toBe(true);
    const playerTable = (await seating(main)).seats.find((x) => x.name === name)!.tableNumber;
    const named = await must<SeatingResponse>(director(`/${main}/break-next`, { tableNumber: playerTable }));
    expect(named.tables.find((t) => t.breaksNext === true)?.tableNumber, "the floor named the player's table to break next").toBe(playerTable);
    const before = await seating(main);
    const me0 = before.seats.find((x) => x.name === name)!;
    const oldNumber = me0.tableNumber;
    const calmTable = before.tables.find((t) => t.tableNumber !== oldNumber)!.tableNumber;
    expect(before.tables).toHaveLength(2);
    expect(
      before.seats
        .filter((x) => x.tableNumber === oldNumber)
        .map((x) => x.name)
        .sort(),
    ).toEqual([name, ...presserNames].sort());
    const oldTable = await mainTile.getAttribute("data-cell");
    const sideTable = await sideTile.getAttribute("data-cell");
    const inSection = await tileBoxes(page);
    await shot("1-arranged");

    // Play: the pressers move all in against each other; the player folds every turn there.
    await must(director(`/${main}/resume`, {}));
    pressers.press();
    const bustDeadline = Date.now() + 600_000;
    while (((await lobbyRow(stage.felt.url, token, main))?.playersLeft ?? 5) > 4 && Date.now() < bustDeadline) await actOnce();
    // A presser busted (the one left goes on pressing at the merged table: by the next look a second bust may be in).
    expect((await lobbyRow(stage.felt.url, token, main))?.playersLeft, "a presser busted").toBeLessThanOrEqual(4);
    await shot("2-bust");

    // Four left fit one table of four: once both hands are over, the player's table (named to
    // break next) breaks; the server has the player at the other table, and the tile shows it
    // where the old one was.
    await expect.poll(async () => (await lobbyRow(stage.felt.url, token, main))?.mine?.tableId, { timeout: 60_000 }).not.toBe(oldTable);
    await expect.poll(() => mainTile.getAttribute("data-cell"), { timeout: 60_000 }).not.toBe(oldTable);
    await expect.poll(() => page.getByTestId("seat-notice").textContent(), { timeout: 20_000 }).toContain(en.seat.moved.replace("{{name}}", mainName));
    expect(page.url()).toMatch(/#\/tables$/);
    expect(await tiles.count()).toBe(2);
    const seat = mainTile.locator(".felt .seat.me");
    await seat.waitFor({ timeout: 30_000 });
    expect(await tileBoxes(page), "the new table took the old one's place").toEqual(inSection);
    const after = await seating(main);
    const meNow = after.seats.find((x) => x.name === name)!;
    // The old table is gone: the break happened; the calm bots' table has the player.
    expect(after.tables.map((t) => t.tableNumber)).not.toContain(oldNumber);
    expect(after.tables).toHaveLength(1);
    expect(meNow.tableNumber).not.toBe(oldNumber);
    expect(meNow.tableNumber, "the player was drawn to the calm bots' table").toBe(calmTable);
    // The player's seat and stack are on the tile (a hand may be under way: the stack then may be less than the seat map's).
    await expect.poll(() => seat.locator(".seat-stack").textContent(), { timeout: 20_000 }).toMatch(/\d/);
    // Nobody moved the player by hand: the floor log records no moves, so the test keeps its
    // own: every director move it made was a bot's, and the player's entry is not among them.
    expect(directorMoves).not.toContain(me0.entryId);
    // The side tile: the same table, the player seated.
    expect(await sideTile.getAttribute("data-cell")).toBe(sideTable);
    await sideTile.locator(".felt .seat.me").waitFor({ timeout: 10_000 });
    await shot("3-moved");
    expect(await page.evaluate(() => window.__feltMissingKeys ?? ["(i18n not started)"])).toEqual([]);
    await context.close();
  }, 1_200_000);
});

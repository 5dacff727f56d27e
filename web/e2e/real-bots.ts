import { randomBytes } from "node:crypto";
import type { LobbyResponse, LobbyTournament, ServerMessage } from "../../src/protocol/index.ts";
import { api, cmd, must } from "../../testkit/server/harness.ts";
import { Bot } from "../../testkit/server/bot.ts";

// Opponents for the browser: the server's own test bots (src/server/testing), real users
// who sign up, get a director's deposit, register over HTTP and play over the WebSocket.

export interface BotCrew {
  readonly bots: Bot[];
  readonly tokens: string[];
  /** With `shoveUntilFirstBust`: the first bot starts moving all in now. */
  shove(): void;
  /** With `pressers`: from now on every bot moves all in before the flop whenever it may. */
  press(): void;
  /** Stops following tables and closes the sockets. */
  stop(): Promise<void>;
}

export async function signInDirector(base: string, who: { name: string; password: string }): Promise<string> {
  return (await must<{ token: string }>(api(base, "POST", "/api/v1/auth/sign-in", who))).token;
}

export async function deposit(base: string, directorToken: string, name: string, amount: number): Promise<void> {
  await must(api(base, "POST", "/api/v1/director/deposit", { commandId: cmd(), name, amount }, directorToken));
}

export async function lobbyRow(base: string, token: string | undefined, id: string): Promise<LobbyTournament | undefined> {
  const r = await must<LobbyResponse>(api(base, "GET", "/api/v1/lobby", undefined, token));
  return r.tournaments.find((t) => t.id === id);
}

export interface CrewOptions {
  /** Chance that a bot moves all in at a decision (0: it only checks and calls). */
  readonly allInChance: number;
  /** Once `shove()` is called, the first bot moves all in at every turn until somebody
   *  busts, then checks and calls again: an early bust-out when the test wants it, and a
   *  field that then lasts (the director's test). */
  readonly shoveUntilFirstBust?: boolean;
  /** Once `press()` is called, every bot moves all in before the flop whenever it may
   *  (otherwise checks or calls): a player sitting out then folds every hand, never checking
   *  a big blind down to a pot it might win, so the blinds and antes alone take their stack
   *  (they reach a showdown only when the blinds put them all in). */
  readonly pressers?: boolean;
}

/** A bot's own all-in, sent while its built-in policy is paused. */
function shoveOn(bot: Bot, m: ServerMessage, acted: Set<number>): void {
  if (m.type !== "table-view" || m.view.tableId !== bot.tableId) return;
  const v = m.view;
  if (v.actor === null || v.actor !== v.mySeat || v.legal === null || v.handId === null || acted.has(v.version)) return;
  acted.add(v.version);
  const l = v.legal;
  const action =
    l.maxRaiseTo !== null
      ? l.isBet
        ? { kind: "bet" as const, to: l.maxRaiseTo }
        : { kind: "raise" as const, to: l.maxRaiseTo }
      : l.call !== null
        ? { kind: "call" as const }
        : { kind: "check" as const };
  bot.send({ type: "act", tableId: v.tableId, handId: v.handId, version: v.version, commandId: bot.nextCommandId(), action });
}

/** How long a presser waits for its act to move the table before it sends it again. */
const PRESS_AGAIN_MS = 1500;

/**
 * A presser's move while its own policy is paused: all in before the flop when it may, else
 * check or call. An act that did not move the table (refused: rate-limited, the store
 * unavailable; or lost with a socket) is sent again, or the clock would fold the bot after
 * the action time and a sitting-out player's blind all-in would win uncontested.
 */
function pressOn(bot: Bot, m: ServerMessage, acted: Set<string>, tries = 0): void {
  if (m.type !== "table-view" || m.view.tableId !== bot.tableId) return;
  const v = m.view;
  const key = `${bot.name}@${v.version}`;
  if (v.actor === null || v.actor !== v.mySeat || v.legal === null || v.handId === null || acted.has(key)) return;
  acted.add(key);
  const l = v.legal;
  const shove = v.board.length === 0 && l.maxRaiseTo !== null;
  const action = shove
    ? l.isBet
      ? { kind: "bet" as const, to: l.maxRaiseTo! }
      : { kind: "raise" as const, to: l.maxRaiseTo! }
    : l.canCheck
      ? { kind: "check" as const }
      : { kind: "call" as const };
  bot.send({ type: "act", tableId: v.tableId, handId: v.handId, version: v.version, commandId: bot.nextCommandId(), action });
  // A few times at most: by then the action clock has acted (or the crew was stopped).
  if (tries >= 5) return;
  setTimeout(() => {
    const now = bot.view;
    if (now === null || now.version !== v.version || now.tableId !== v.tableId) return; // it moved on
    acted.delete(key);
    pressOn(bot, { type: "table-view", view: now }, acted, tries + 1);
  }, PRESS_AGAIN_MS).unref();
}

/** n bots sign up, are credited by the director and register for the tournament. */
export async function registerBots(base: string, directorToken: string, tournamentId: string, n: number, o: CrewOptions): Promise<BotCrew> {
  const prefix = `bot${randomBytes(2).toString("hex")}`;
  const bots: Bot[] = [];
  const tokens: string[] = [];
  let shoving = false;
  let pressing = false;
  const acted = new Set<number>();
  const pressed = new Set<string>();
  for (let i = 0; i < n; i++) {
    const name = `${prefix}-${i + 1}`;
    const s = await must<{ token: string }>(api(base, "POST", "/api/v1/auth/sign-up", { name, password: "bot-password-1" }));
    await deposit(base, directorToken, name, 5000);
    await must(api(base, "POST", `/api/v1/tournaments/${tournamentId}/register`, { commandId: cmd() }, s.token));
    const shover = o.shoveUntilFirstBust === true && i === 0;
    const presser = o.pressers === true;
    const bot: Bot = new Bot(base, name, s.token, {
      seed: i + 7,
      allInChance: o.allInChance,
      ...(shover ? { onBroadcast: (m: ServerMessage) => shoving && shoveOn(bot, m, acted) } : {}),
      ...(presser ? { onBroadcast: (m: ServerMessage) => pressing && pressOn(bot, m, pressed) } : {}),
    });
    bots.push(bot);
    tokens.push(s.token);
  }
  let running = true;
  // Follow each bot's table (it changes when a table breaks), gently: the machine is shared.
  const follow = (async () => {
    await Promise.all(bots.map((b) => b.connect()));
    while (running) {
      for (const [i, b] of bots.entries()) {
        if (!running) break;
        if (b.ws === null) await b.connect();
        const row = await lobbyRow(base, tokens[i], tournamentId).catch(() => undefined);
        if (row?.mine?.tableId) b.watch(row.mine.tableId);
        if (shoving && row !== undefined && row.status !== "registering" && row.playersLeft < n) {
          shoving = false;
          bots[0]!.passive = false;
        }
      }
      await new Promise((r) => setTimeout(r, 700));
    }
  })();
  return {
    bots,
    tokens,
    shove() {
      const b = bots[0];
      if (o.shoveUntilFirstBust !== true || b === undefined) return;
      shoving = true;
      b.passive = true;
      if (b.view !== null) shoveOn(b, { type: "table-view", view: b.view }, acted);
    },
    press() {
      if (o.pressers !== true) return;
      pressing = true;
      for (const b of bots) {
        b.passive = true;
        if (b.view !== null) pressOn(b, { type: "table-view", view: b.view }, pressed);
      }
    },
    async stop() {
      running = false;
      await follow.catch(() => {});
      bots.forEach((b) => b.close());
    },
  };
}

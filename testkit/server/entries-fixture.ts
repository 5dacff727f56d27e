// Shared by the server's tournament tests over real HTTP: a clock the test can jump
// forward, the server they start (in memory, or on a file it restarts on), FAST_STRUCTURE
// in a preset's chips, and signed-up players with funds.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Clock, ManualClock, TimerHandle } from "../../src/server/clock.ts";
import { FeltServer, type ServerOptions } from "../../src/server/felt-server.ts";
import { tournamentStream } from "../../src/server/tournaments/tournament-runtime.ts";
import { api, cmd, DIRECTOR, FAST_STRUCTURE, must } from "./harness.ts";

export const MIN = 60_000;

/** The options these tests start `FeltServer` with (tables of 6, a quick scrypt, a 3 s
 *  action clock, frames validated on the way out); each test adds its db and clock. */
export const TEST_SERVER = {
  port: 0,
  handPauseMs: 0,
  actionMs: 3000,
  timeBankMs: 0,
  tableSize: 6,
  scrypt: { N: 1024, r: 8, p: 1 },
  directors: [DIRECTOR],
  validateOutgoing: true,
  webDist: null,
  rateLimit: { perSecond: 500, burst: 1000 },
  // every player of these tests signs up from loopback
  signUpLimits: { perAddress: 0 },
  log: () => {},
} as const;

/** A server with TEST_SERVER's options (and `extra`) in memory on `clock`, and its director's session. */
export async function startTestServer(clock: Clock, extra: ServerOptions = {}): Promise<{ server: FeltServer; director: string }> {
  const server = await FeltServer.start({ ...TEST_SERVER, db: ":memory:", clock, ...extra });
  const director = (await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-in", DIRECTOR))).token;
  return { server, director };
}

/**
 * A live room's server in memory on `clock` (nine-seat tables, as the live-room tests were
 * sized; the room deals, so the action clock is idle), and its director's session.
 */
export function startLiveServer(clock: Clock): Promise<{ server: FeltServer; director: string }> {
  return startTestServer(clock, { tableSize: 9 });
}

/**
 * A server in memory with the rulebook's defaults (no table size, action clock or pause of
 * its own, so each tournament's settings decide), on `clock`, and its director's session:
 * the house-rules tests start from what a room gets when it chooses nothing.
 */
export async function startRulebookServer(clock: Clock): Promise<{ server: FeltServer; director: string }> {
  const server = await FeltServer.start({
    db: ":memory:",
    port: 0,
    clock,
    scrypt: { N: 1024, r: 8, p: 1 },
    directors: [DIRECTOR],
    validateOutgoing: true,
    webDist: null,
    log: () => {},
  });
  const director = (await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-in", DIRECTOR))).token;
  return { server, director };
}

/**
 * A step of a manual clock under an online tournament `id`: the clock moves by `ms`, then
 * its tables and its queue finish what that set off (three rounds: a hand's end is settled,
 * and the order that follows deals). With nobody acting, the action clock plays every turn.
 */
export function clockStepper(server: FeltServer, clock: ManualClock, id: string): (ms: number) => Promise<void> {
  const t = server.tournaments.get(id)!;
  return async (ms) => {
    clock.advance(ms);
    for (let i = 0; i < 3; i++) {
      for (const x of t.tables.values()) await x.idle();
      await t.enqueue(async () => {});
    }
  };
}

/** After a file's tests: the server closed, a jump clock's polling stopped. */
export async function stopTestServer(server: FeltServer | undefined, clock?: JumpClock): Promise<void> {
  await server?.close();
  clock?.stop();
}

/** What a restart test holds: the server of the moment, and a restart on the same file. */
export interface Restartable {
  readonly server: FeltServer;
  /** Closes the server, runs `meanwhile` (a clock jump while it is down), starts it again on the same file. */
  restart(meanwhile?: () => void): Promise<FeltServer>;
}

/** Runs `body` with a server on a SQLite file of its own (TEST_SERVER, on `clock`), closed and removed afterwards. */
export async function withServerOnFile(clock: Clock, body: (r: Restartable) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "felt-restart-"));
  const open = () => FeltServer.start({ ...TEST_SERVER, db: `sqlite:${join(dir, "felt.sqlite")}`, clock, validateOutgoing: false });
  let server = await open();
  try {
    await body({
      get server() {
        return server;
      },
      async restart(meanwhile) {
        await server.close();
        meanwhile?.();
        server = await open();
        return server;
      },
    });
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Real time plus an offset the test can jump forward (a level or a break in a moment). */
export class JumpClock implements Clock {
  private offset = 0;
  private readonly timers = new Set<{ at: number; fn: () => void }>();
  private readonly poll = setInterval(() => this.fire(), 5);
  now(): number {
    return Date.now() + this.offset;
  }
  after(ms: number, fn: () => void): TimerHandle {
    const t = { at: this.now() + Math.max(0, ms), fn };
    this.timers.add(t);
    return { cancel: () => void this.timers.delete(t) };
  }
  jump(ms: number): void {
    this.offset += ms;
    this.fire();
  }
  stop(): void {
    clearInterval(this.poll);
  }
  private fire(): void {
    const now = this.now();
    for (const t of [...this.timers].filter((x) => x.at <= now).sort((a, b) => a.at - b.at)) if (this.timers.delete(t)) t.fn();
  }
}

/** FAST_STRUCTURE in bigger chips (a preset keeps its chip set; casino-1900's smallest is 100, turbo's 25). */
export const scaledStructure = (k: number) => ({ startingStack: 1000 * k, levels: FAST_STRUCTURE.levels.map((l) => ({ ...l, sb: l.sb * k, bb: l.bb * k })) });
export const CASINO = scaledStructure(100);
export const TURBO = scaledStructure(5);

export interface Player {
  readonly name: string;
  readonly token: string;
  readonly id: string;
}

/** Signs up players named `${prefix}${pid}-${n}`, each credited `funds` by the director. */
export function playerFactory(url: () => string, directorToken: () => string, prefix: string) {
  let serial = 0;
  const deposit = (name: string, amount: number) => must(api(url(), "POST", "/api/v1/director/deposit", { commandId: cmd(), name, amount }, directorToken()));
  const player = async (funds: number): Promise<Player> => {
    const name = `${prefix}${process.pid % 1000}-${serial++}`;
    const s = await must<{ token: string; user: { id: string } }>(api(url(), "POST", "/api/v1/auth/sign-up", { name, password: `${prefix}-password-1` }));
    if (funds > 0) await deposit(name, funds);
    return { name, token: s.token, id: s.user.id };
  };
  return { player, deposit };
}

/**
 * The records carrying a commandId that landed on tournament `id`'s stream after version
 * `from`. A command's records always carry its commandId; the records the tables (their
 * action clock runs in real time) and the tournament's clock add meanwhile (a hand and its
 * settling, a level) carry none and land at moments a test does not choose. So a refused
 * command is checked by this being empty, never by the stream's version staying put.
 */
export async function commandRecordsSince(server: FeltServer, id: string, from: number) {
  return (await server.svc.store.read(tournamentStream(id), from + 1)).filter((e) => e.meta["commandId"] !== undefined);
}

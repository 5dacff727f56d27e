// Remote simulation: N bots sign up as real users on a running server, a
// director funds them, creates a tournament and starts it, and the bots play it to the end
// over the WebSocket protocol. The summary has the offline simulator's shape (src/sim) so
// `felt simulate --server` prints the same thing.
import { fail, ok, type Result } from "../lib/result.ts";
import type { BotStyle } from "../bots/index.ts";
import type { LobbyResponse, LobbyTournament, ResultsResponse, Structure, TournamentView } from "../protocol/index.ts";
import { BotClient, commandId, http } from "./bot-client.ts";
import { SIM_ERRORS } from "../sim/error-catalogue.ts";

export interface RemoteSimOptions {
  /**
   * Server base URL, e.g. http://localhost:8080, or several (cluster mode): the
   * director talks to the first, bot i signs up, registers and plays through server
   * i mod n, so the bots are spread evenly over the processes.
   */
  readonly server: string | readonly string[];
  readonly players: number;
  readonly director: { readonly name: string; readonly password: string };
  readonly seed?: number;
  /** Server preset the tournament is made from (default "seed"). */
  readonly presetId?: string;
  /** Replaces the preset's structure; default FAST_REMOTE_STRUCTURE unless a preset is named. */
  readonly structure?: Structure;
  readonly buyIn?: number;
  readonly fee?: number;
  /** Chance a bot moves all in when it may bet, so a real-time tournament ends soon (default 0.05). */
  readonly allInChance?: number;
  readonly timeoutMs?: number;
  readonly pollMs?: number;
  readonly onProgress?: (p: { playersLeft: number; entries: number; level: number; hands: number }) => void;
}

export interface RemotePlacement {
  readonly places: readonly number[];
  readonly player: string;
  /** The same name, under the key the offline summary prints. */
  readonly entry: string;
  readonly prize: number;
  readonly seat: boolean;
}

export interface RemoteSimResult {
  /** The servers, comma-separated as given. */
  readonly server: string;
  /** Bots per server, in the order given. */
  readonly botsPerServer: readonly number[];
  readonly tournamentId: string;
  readonly format: string;
  readonly structure: string;
  readonly seed: number;
  readonly players: number;
  readonly entries: number;
  readonly hands: number;
  readonly levels: number;
  /** Wall-clock length of play on the server. */
  readonly durationMinutes: number;
  readonly prizePool: number;
  readonly placesPaid: number;
  /** Every player's stack in the lobby at the end sums to the chips issued, all with the winner. */
  readonly chipsConserved: boolean;
  readonly totalChips: number;
  readonly actions: number;
  readonly refusedBotActions: number;
  /** Error frames the bots received (rate limits included): 0 in a clean run. */
  readonly serverErrors: number;
  readonly placements: readonly RemotePlacement[];
}

/** Every 1-minute level doubles: bots finish a tournament in a few minutes of real time. */
export const FAST_REMOTE_STRUCTURE: Structure = {
  startingStack: 1000,
  levels: [10, 20, 40, 80, 160, 320, 640, 1280, 2560, 5120].map((bb) => ({ kind: "level" as const, sb: bb / 2, bb, ante: 0, minutes: 1, colourUp: null })),
} as Structure;

const STYLES: readonly BotStyle[] = ["random", "tight-aggressive", "calling-station"];
/** FNV-1a of the tournament id in base 36: short bot names that differ from run to run. */
function shortHash(id: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36).padStart(7, "0");
}
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function lobbyEntry(base: string, token: string, id: string): Promise<LobbyTournament | undefined> {
  try {
    const r = await http<LobbyResponse>(base, "GET", "/api/v1/lobby", undefined, token);
    return r.tournaments.find((t) => t.id === id);
  } catch {
    return undefined; // a transient failure: the next poll tries again
  }
}

export async function remoteSimulate(o: RemoteSimOptions): Promise<Result<RemoteSimResult>> {
  if (!Number.isSafeInteger(o.players) || o.players < 2) return fail(SIM_ERRORS.badPlayers, "players must be a whole number ≥ 2");
  const bases = (typeof o.server === "string" ? [o.server] : [...o.server]).map((u) => u.replace(/\/$/, ""));
  if (bases.length === 0) return fail(SIM_ERRORS.badServer, "name at least one server URL");
  const base = bases[0]!;
  const baseOf = (i: number): string => bases[i % bases.length]!;
  const seed = o.seed ?? 1;
  const bots: BotClient[] = [];
  try {
    const d = await http<{ token: string }>(base, "POST", "/api/v1/auth/sign-in", o.director);
    const buyIn = o.buyIn ?? 1000;
    const fee = o.fee ?? 100;
    const structure = o.structure ?? (o.presetId === undefined ? FAST_REMOTE_STRUCTURE : undefined);
    const created = await http<{ tournament: LobbyTournament }>(
      base,
      "POST",
      "/api/v1/director/tournaments",
      {
        commandId: commandId(),
        presetId: o.presetId ?? "seed",
        name: `Remote simulation seed ${seed}`,
        kind: "online",
        settings: { start: "manual" },
        startsAt: Date.now(),
        buyIn,
        fee,
        ...(structure !== undefined ? { structure } : {}),
      },
      d.token,
    );
    const id = created.tournament.id;
    // Names unique per run so a server can host many simulations.
    const prefix = `sim${shortHash(id)}`;
    for (let i = 0; i < o.players; i++) {
      const name = `${prefix}-${i + 1}`;
      const home = baseOf(i);
      const bot = await BotClient.account(home, name, "sim-bot-password", {
        style: STYLES[i % STYLES.length]!,
        seed: seed * 100_003 + i,
        allInChance: o.allInChance ?? 0.05,
      });
      await http(base, "POST", "/api/v1/director/deposit", { commandId: commandId(), name, amount: buyIn + fee }, d.token);
      await http(home, "POST", `/api/v1/tournaments/${id}/register`, { commandId: commandId() }, bot.token);
      bots.push(bot);
    }
    await Promise.all(bots.map((b) => b.connect()));
    const t0 = Date.now();
    await http(base, "POST", `/api/v1/director/tournaments/${id}/start`, { commandId: commandId() }, d.token);

    const deadline = t0 + (o.timeoutMs ?? 30 * 60_000);
    let levels = 0;
    let view: TournamentView | null = null;
    const hands = () => new Set(bots.flatMap((b) => [...b.hands])).size;
    for (;;) {
      view = await http<TournamentView>(base, "GET", `/api/v1/tournaments/${id}`).catch(() => view);
      if (view?.level) levels = Math.max(levels, view.level.number);
      // Only players still in need their table followed; each asks the lobby where it sits.
      const mine = await Promise.all(bots.map((b, i) => lobbyEntry(baseOf(i), b.token, id)));
      for (const [i, t] of mine.entries()) {
        const b = bots[i]!;
        if (t?.mine?.state !== "playing") continue;
        if (!b.connected) await b.connect();
        if (t.mine.tableId !== null) b.watch(t.mine.tableId);
      }
      o.onProgress?.({ playersLeft: view?.playersLeft ?? o.players, entries: view?.entries ?? o.players, level: levels, hands: hands() });
      if (view?.status === "finished" || view?.status === "cancelled") break;
      if (Date.now() > deadline) return fail(SIM_ERRORS.timeout, `tournament not finished in time (${view?.playersLeft ?? "?"} players left)`);
      await sleep(o.pollMs ?? 200);
    }
    if (view.status === "cancelled") return fail(SIM_ERRORS.cancelled, "the server cancelled the tournament");
    const endLobby = await Promise.all(bots.map((b, i) => lobbyEntry(baseOf(i), b.token, id)));
    const stacks = endLobby.map((t) => t?.mine?.stack ?? 0);
    const sum = stacks.reduce((a, b) => a + b, 0);
    const results = await http<ResultsResponse>(base, "GET", `/api/v1/director/tournaments/${id}/results`, undefined, d.token);
    const placements = [...results.results]
      .sort((a, b) => a.place - b.place)
      .map((r) => ({ places: [r.place], player: r.name, entry: r.name, prize: r.prize, seat: false }));
    const winners = placements.filter((p) => p.places[0] === 1).length;
    return ok({
      server: bases.join(","),
      botsPerServer: bases.map((_, k) => bots.filter((_, i) => i % bases.length === k).length),
      tournamentId: id,
      format: "freezeout",
      structure: o.structure !== undefined || o.presetId === undefined ? "fast-remote" : o.presetId,
      seed,
      players: o.players,
      entries: view.entries,
      hands: hands(),
      levels,
      durationMinutes: (Date.now() - t0) / 60_000,
      prizePool: view.prizePool,
      placesPaid: results.payouts.filter((p) => p.amount > 0).length,
      chipsConserved: winners === 1 && sum === view.totalChips && Math.max(...stacks) === view.totalChips,
      totalChips: view.totalChips,
      actions: bots.reduce((a, b) => a + b.actions, 0),
      refusedBotActions: bots.reduce((a, b) => a + b.refused, 0),
      serverErrors: bots.reduce((a, b) => a + b.errors.length, 0),
      placements,
    });
  } catch (e) {
    return fail(SIM_ERRORS.remoteFailed, (e as Error).message);
  } finally {
    bots.forEach((b) => b.close());
  }
}

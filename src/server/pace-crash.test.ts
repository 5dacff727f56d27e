// Crash proof of per-table pace on a real `felt serve` child: the process kills itself with
// SIGKILL exactly mid-settle (a table's hand recorded, its settle not run) and exactly
// mid-move (R-TBL-2/3: the moved player unseated at the table they leave, not yet seated at
// the one they join), through the test-only crash points (src/server/crash-point.ts,
// FELT_CRASH_AT). Each time the test reads the database while the server is down to prove
// where the kill landed, restarts the server and checks the repair; at the end every
// entrant holds exactly one place (R-PLACE), the winner holds every chip, and no stream
// stores a command twice.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { evolve, initialState, type TournamentEvent } from "../tournament/director/index.ts";
import type { EventStore } from "../store/index.ts";
import { openEventStore, parseDbUrl, unwrapTarget } from "../../testkit/server/crash-storage.ts";
import { Bot } from "../../testkit/server/bot.ts";
import { eventually, pgSchema, playToTheEnd, setupTournament, startTournament } from "../../testkit/server/harness.ts";
import { freePort, startServeChild, type ServeChild } from "../../testkit/server/serve-child.ts";
import { fullReplay } from "../../testkit/server/table-replay.ts";
import { tableIdOf, tournamentStream } from "./tournaments/tournament-runtime.ts";

const PLAYERS = 20; // three tables of 9 seats: 7, 7, 6

interface Landed {
  readonly point: "settle" | "move";
  readonly detail: Record<string, unknown>;
}

/** The crash point the child printed before it killed itself (its last one). */
function landedAt(c: ServeChild): Landed | null {
  const lines = c
    .output()
    .split("\n")
    .filter((l) => l.startsWith("crash-point "));
  const last = lines.at(-1);
  if (last === undefined) return null;
  const [, point, ...json] = last.split(" ");
  return { point: point as Landed["point"], detail: JSON.parse(json.join(" ")) as Record<string, unknown> };
}

async function withStore<T>(db: string, f: (store: EventStore) => Promise<T>): Promise<T> {
  const store = await openEventStore(unwrapTarget(parseDbUrl(db)));
  try {
    return await f(store);
  } finally {
    await store.close();
  }
}

/** The director's state folded from the tournament's stream as stored. */
async function directorOf(store: EventStore, tournament: string) {
  const dir = initialState();
  for (const e of await store.read(tournamentStream(tournament))) if (e.type === "director") evolve(dir, e.data as TournamentEvent);
  return dir;
}

/** Where each player sits, by the tables' own streams: player → table numbers. */
async function seatsByTables(store: EventStore, tournament: string, tables: Iterable<number>): Promise<Map<string, number[]>> {
  const at = new Map<string, number[]>();
  for (const n of tables) {
    if ((await store.streamVersion(`table:${tableIdOf(tournament, n)}`)) === 0) continue;
    const t = await fullReplay(store, tableIdOf(tournament, n));
    for (const s of t.seats.values()) at.set(s.playerId, [...(at.get(s.playerId) ?? []), n]);
  }
  return at;
}

async function run(db: string): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serve = (crashAt: string | null) =>
    startServeChild(db, port, ["--hand-pause-ms", "50", "--action-ms", "2000"], crashAt === null ? {} : { FELT_CRASH_AT: crashAt });
  // First the third settle of the evening, then the first move after the restart.
  const plan = ["settle:3", "move", null];
  let child = await serve(plan.shift()!);
  let exited = false;
  child.child.once("exit", () => (exited = true));
  const landed: Landed[] = [];
  // The moved player's seat after the restart, watched beside play (below).
  let seatedAfterMove: Promise<void> | null = null;
  let movedTo: { player: string; to: number; from: number } | null = null;
  try {
    const s = await setupTournament(base, PLAYERS);
    await startTournament(base, s);
    const tid = s.tournamentId;
    const bots = s.players.map((p, i) => new Bot(base, p.name, p.token, { seed: i + 1, allInChance: 0.04 }));
    const { final } = await playToTheEnd(
      () => base,
      s,
      {},
      {
        timeoutMs: 400_000,
        bots,
        onTick: async () => {
          if (!exited) return;
          expect(child.child.signalCode).toBe("SIGKILL");
          const at = landedAt(child);
          expect(at).not.toBeNull();
          expect(at!.point).toBe(["settle", "move"][landed.length]);
          landed.push(at!);
          await withStore(db, async (store) => {
            const events = await store.read(tournamentStream(tid));
            if (at!.point === "settle") {
              // Landed mid-settle: the hand's record is the stream's last; nothing of its settle follows.
              const last = events.at(-1)!;
              expect(last.version).toBe(at!.detail["version"]);
              expect(last.type).toBe("hand-recorded");
              expect(last.data).toEqual({ table: at!.detail["table"], handNumber: at!.detail["hand"] });
            } else {
              // Landed mid-move (R-TBL-2/3): the director has the entry at its new table, the tables have it at neither.
              const { player, entry, from, to } = at!.detail as { player: string; entry: string; from: number; to: number };
              const dir = await directorOf(store, tid);
              expect(dir.entries.get(entry)?.table).toBe(to);
              expect((await seatsByTables(store, tid, [from, to])).get(player)).toBeUndefined();
            }
          });
          bots.forEach((b) => b.close());
          child = await serve(plan.shift() ?? null);
          exited = false;
          child.child.once("exit", () => (exited = true));
          if (at!.point === "move") {
            // After the restart the moved player sits at exactly one table, the one the director
            // names. Watched beside play, not awaited here: the table they join seats them when its
            // hand in play ends (an order is stored between hands), and that hand needs the bots.
            const { player, to, entry } = at!.detail as { player: string; to: number; entry: string };
            movedTo = { player, to, from: await withStore(db, (store) => store.streamVersion(`table:${tableIdOf(tid, to)}`)) };
            seatedAfterMove = eventually(
              () =>
                withStore(db, async (store) => {
                  // The table the director names now: `to`, or where a later move (a break) sent them on.
                  const dir = await directorOf(store, tid);
                  const named = dir.entries.get(entry)?.table ?? to;
                  return ((await seatsByTables(store, tid, dir.tables.keys())).get(player) ?? []).join() === String(named);
                }),
              100,
            );
          }
        },
      },
    );
    expect(final.status).toBe("finished");
    expect(landed.map((l) => l.point)).toEqual(["settle", "move"]);
    // Seen long before the end (the player played at least a hand there); a bound, not a timing.
    // On a loaded machine play can move them on (a break, the final table) between two looks:
    // then table `to`'s own records since the restart show the seat it gave them.
    const seatedThere = async () => {
      if (movedTo === null) return false;
      const m = movedTo;
      return withStore(db, async (store) =>
        (await store.read(`table:${tableIdOf(tid, m.to)}`, m.from + 1)).some(
          (e) => e.type === "seated" && (e.data as { playerId?: string }).playerId === m.player,
        ),
      );
    };
    await Promise.race([
      seatedAfterMove,
      eventually(seatedThere, 200),
      new Promise((_, no) =>
        setTimeout(async () => {
          // What happened to them: the director's moves of the entry, and every table's seats of the player.
          const why = await withStore(db, async (store) => {
            const m = movedTo;
            if (m === null) return "no move landed";
            const moves = (await store.read(tournamentStream(tid)))
              .map((e) => e.data as TournamentEvent)
              .flatMap((e) => (e.type === "moved" ? e.moves.filter((x) => x.entry.startsWith(m.player) || x.entry === m.player) : []))
              .map((x) => `${x.from}→${x.to}`);
            return `director's moves of the entry: ${moves.join(", ")}; expected at table ${m.to} after version ${m.from}`;
          }).catch((e: unknown) => String(e));
          no(new Error(`the moved player never sat at the table the director names (${why})`));
        }, 30_000),
      ),
    ]);
    await withStore(db, async (store) => {
      const dir = await directorOf(store, tid);
      // Every entrant has exactly one place (R-PLACE), the winner every chip, and the director's own check never failed.
      const finished = (await store.read(tournamentStream(tid))).map((e) => e.data as TournamentEvent).find((e) => e.type === "finished");
      expect(finished?.type).toBe("finished");
      const placed = finished?.type === "finished" ? finished.placements.map((p) => p.entry).sort() : [];
      expect(placed).toEqual([...dir.entries.keys()].sort());
      expect(dir.entries.size).toBe(PLAYERS);
      const alive = [...dir.entries.values()].filter((e) => e.alive);
      expect(alive.map((e) => e.stack)).toEqual([PLAYERS * 1000]);
      expect(dir.conservation.failures).toBe(0);
      // No stream stores a command twice: a command id's records are one append (consecutive versions), and each hand is recorded once.
      for (const st of await store.listStreams()) {
        const versions = new Map<string, number[]>();
        for (const e of await store.read(st.stream)) {
          const c = e.meta["commandId"];
          if (typeof c === "string") versions.set(c, [...(versions.get(c) ?? []), e.version]);
        }
        for (const [c, vs] of versions) expect(vs.at(-1)! - vs[0]! + 1, `${st.stream} ${c}`).toBe(vs.length);
      }
      const hands = (await store.read(tournamentStream(tid))).filter((e) => e.type === "hand-recorded").map((e) => JSON.stringify(e.data));
      expect(new Set(hands).size).toBe(hands.length);
    });
  } finally {
    child.child.kill("SIGKILL");
  }
}

describe("kill -9 aimed mid-settle and mid-move (real felt serve)", () => {
  it("SQLite: killed right after a settle's hand record and between a move's unseat and seat (R-TBL-2/3): repaired; one place per entrant (R-PLACE-2), chips conserved, no command stored twice", async () => {
    const dir = mkdtempSync(join(tmpdir(), "felt-pace-crash-"));
    try {
      await run(`sqlite:${join(dir, "felt.sqlite")}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 480_000);

  it("PostgreSQL: the same kills, the same proofs", async () => {
    const pg = await pgSchema();
    try {
      await run(pg.url);
    } finally {
      await pg.drop();
    }
  }, 480_000);
});

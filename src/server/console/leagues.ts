// A room's season leagues. They live in the event store (one stream, "leagues:room": a
// `league-saved` event each), so every member of a cluster and every restart sees the same;
// a league saved again under its id replaces it. The standings are worked out when asked,
// from each event's results (wherever the event runs), by the core's league scoring.
import { fail, ok, type Result } from "../../lib/result.ts";
import type { League, LeagueStandingsResponse, ResultsResponse, SaveLeagueRequest } from "../../protocol/index.ts";
import type { EventStore } from "../../store/index.ts";
import { leagueStandings, type LeagueEvent } from "../../tournament/league.ts";
import { DIRECTOR_ERRORS } from "../../protocol/error-catalogue.ts";

const STREAM = "leagues:room";
const MAX_LEAGUES = 100;

async function readLeagues(store: EventStore): Promise<{ leagues: Map<string, League>; commands: Set<string>; version: number }> {
  const leagues = new Map<string, League>();
  const commands = new Set<string>();
  let version = 0;
  for (const e of await store.read(STREAM)) {
    version = e.version;
    const c = e.meta["commandId"];
    if (typeof c === "string") commands.add(c);
    if (e.type === "league-saved") {
      const l = e.data as League;
      leagues.set(l.id, l);
    }
  }
  return { leagues, commands, version };
}

export async function listLeagues(store: EventStore): Promise<League[]> {
  return [...(await readLeagues(store)).leagues.values()];
}

/** Saves a league (a new one, or `id` replaced). A repeated command id acts once. */
export async function saveLeague(store: EventStore, b: SaveLeagueRequest): Promise<Result<League[]>> {
  const { leagues, commands, version } = await readLeagues(store);
  if (commands.has(b.commandId)) return ok([...leagues.values()]);
  if (b.id !== undefined && !leagues.has(b.id)) return fail(DIRECTOR_ERRORS.notFound, `no league ${b.id}`, { field: "id" });
  if (b.id === undefined && leagues.size >= MAX_LEAGUES) return fail(DIRECTOR_ERRORS.invalid, `at most ${MAX_LEAGUES} leagues`, { field: "id" });
  const events = [...new Set(b.events)];
  const league: League = {
    id: b.id ?? `league-${b.commandId.replace(/[^A-Za-z0-9]/g, "").slice(0, 24)}`,
    name: b.name.trim(),
    formula: b.formula,
    participation: b.participation ?? 0,
    bestOf: b.bestOf ?? null,
    events,
  };
  const r = await store.append(STREAM, version, [{ type: "league-saved", data: league, meta: { commandId: b.commandId } }]);
  if (!r.ok) return r;
  return ok(await listLeagues(store));
}

/** The standings of league `id`; `results` gives an event's results (an error: no such event). */
export async function standingsOf(
  store: EventStore,
  id: string,
  results: (tournamentId: string) => Promise<Result<ResultsResponse>>,
): Promise<Result<LeagueStandingsResponse>> {
  const league = (await readLeagues(store)).leagues.get(id);
  if (league === undefined) return fail(DIRECTOR_ERRORS.notFound, `no league ${id}`);
  const events: LeagueStandingsResponse["events"] = [];
  const scored: LeagueEvent[] = [];
  for (const tournamentId of league.events) {
    const r = await results(tournamentId);
    if (!r.ok) {
      events.push({ tournamentId, name: "", entries: 0, finished: false });
      continue;
    }
    const x = r.value;
    const entries = x.results.length + x.stillIn.length;
    // Only a finished event's places are final (while entries come, places are provisional).
    const finished = x.stillIn.length === 0 && x.payoutsFixed && x.results.length > 0;
    events.push({ tournamentId, name: x.name, entries, finished });
    if (finished)
      scored.push({
        id: tournamentId,
        entries,
        places: x.results.map((row) => ({ player: row.playerId ?? row.entryId, name: row.name, place: row.place, prize: row.prize })),
      });
  }
  const standings = leagueStandings({ formula: league.formula, participation: league.participation, bestOf: league.bestOf }, scored).map((s) => ({
    rank: s.rank,
    playerId: s.player,
    name: s.name,
    points: s.points,
    played: s.played,
    wins: s.wins,
    cashes: s.cashes,
    best: s.best,
    results: s.results.map((r) => ({ tournamentId: r.event, place: r.place, points: r.points, counted: r.counted })),
  }));
  return ok({ league, events, standings });
}

import { z } from "zod";
import { API_PREFIX } from "./version.ts";
import { WireError, type ErrorCode } from "./error-codes.ts";
import { LobbyQuery, LobbyResponse } from "./lobby.ts";
import { LeagueListResponse, LeagueStandingsResponse, SaveLeagueRequest } from "./league.ts";
import {
  AuthResponse,
  DepositRequest,
  DepositResponse,
  EntryCommand,
  EntryCommandResponse,
  HandListQuery,
  HandListResponse,
  HandRecord,
  HandTexts,
  LedgerCheckResponse,
  TournamentDecks,
  MeResponse,
  SignInRequest,
  SignOutRequest,
  SignOutResponse,
  SignUpRequest,
  TopUpRequest,
  TopUpResponse,
} from "./http-player.ts";
import {
  BlindErrorRequest,
  BlindErrorRuling,
  CancelTournamentRequest,
  RescheduleTournamentRequest,
  ColourUpPlan,
  ColourUpPlanRequest,
  ColourUpRequest,
  ColourUpResult,
  CreateTournamentRequest,
  DealRequest,
  DeskResponse,
  DirectorCommand,
  InstructionsResponse,
  FloorLogResponse,
  AdjustClockRequest,
  LiveRecordRequest,
  MovePlayerRequest,
  PayOutRequest,
  PlayerSearchQuery,
  PlayerSearchResponse,
  RecordButtonRequest,
  BreakNextRequest,
  PredictRequest,
  PredictResponse,
  PresetListResponse,
  ResultsResponse,
  SeatingResponse,
  TournamentResponse,
  WalkInRequest,
  WalkInResponse,
} from "./director.ts";
import { TournamentPage, TournamentView } from "./tournament-view.ts";
import { SavePresetRequest } from "./preset-file.ts";
import { NameRoomRequest, NameTableRequest, RoomResponse } from "./room.ts";
import { BracketView } from "./format-wire.ts";
import { ACCOUNT_ERRORS, AUTH_ERRORS, DIRECTOR_ERRORS, PROTOCOL_ERRORS, SERVER_ERRORS, TABLE_ERRORS } from "./error-catalogue.ts";
import { TOURNAMENT_ERRORS } from "../tournament/error-catalogue.ts";

// The HTTP API as data: the server registers these routes, the web client calls them,
// and both validate with the same schemas. `:id` / `:iid` are path parameters.
// Auth: "none", "player" (any signed-in user, `Authorization: Bearer TOKEN`), "director".

export interface RouteSpec {
  readonly method: "GET" | "POST";
  readonly path: string;
  readonly auth: "none" | "player" | "director";
  readonly body: z.ZodType | null;
  readonly response: z.ZodType;
  /** Query parameters (text values), where the route takes any. */
  readonly query?: z.ZodObject;
}

const route = <B extends z.ZodType | null, R extends z.ZodType>(method: "GET" | "POST", path: string, auth: RouteSpec["auth"], body: B, response: R) =>
  ({ method, path: `${API_PREFIX}${path}`, auth, body, response }) as const;

const Empty = z.object({});

export const ROUTES = {
  signUp: route("POST", "/auth/sign-up", "none", SignUpRequest, AuthResponse),
  signIn: route("POST", "/auth/sign-in", "none", SignInRequest, AuthResponse),
  /** Ends this session on the server (the token stops working at once). */
  signOut: route("POST", "/auth/sign-out", "player", SignOutRequest, SignOutResponse),
  /** Ends every session of the signed-in user, on every device. */
  signOutEverywhere: route("POST", "/auth/sign-out-everywhere", "player", SignOutRequest, SignOutResponse),
  me: route("GET", "/me", "player", null, MeResponse),
  /** A play-money room's daily top-up (account/no-top-up when there is none to take). */
  topUp: route("POST", "/me/top-up", "player", TopUpRequest, TopUpResponse),
  // The lobby answers signed-out visitors too (actions then say "sign-in-required").
  lobby: { ...route("GET", "/lobby", "none", null, LobbyResponse), query: LobbyQuery },
  tournament: route("GET", "/tournaments/:id", "none", null, TournamentView),
  tournamentPage: route("GET", "/tournaments/:id/page", "none", null, TournamentPage),
  /** A heads-up bracket's rounds or a shootout's tables, who advanced and the shared places (R-TRN-10/11, R-PLACE-3). */
  bracket: route("GET", "/tournaments/:id/bracket", "none", null, BracketView),
  register: route("POST", "/tournaments/:id/register", "player", EntryCommand, EntryCommandResponse),
  unregister: route("POST", "/tournaments/:id/unregister", "player", EntryCommand, EntryCommandResponse),
  reEnter: route("POST", "/tournaments/:id/re-enter", "player", EntryCommand, EntryCommandResponse),
  rebuy: route("POST", "/tournaments/:id/rebuy", "player", EntryCommand, EntryCommandResponse),
  /** R-TRN-4 online: a busted player waiting to rebuy goes out now instead of at the grace's end. */
  declineRebuy: route("POST", "/tournaments/:id/decline-rebuy", "player", EntryCommand, EntryCommandResponse),
  addOn: route("POST", "/tournaments/:id/add-on", "player", EntryCommand, EntryCommandResponse),
  hands: { ...route("GET", "/hands", "player", null, HandListResponse), query: HandListQuery },
  hand: route("GET", "/hands/:id", "player", null, HandRecord),
  handTexts: route("GET", "/hands/:id/texts", "player", null, HandTexts),
  /** A finished tournament's table seeds, to whom its settings.decksOpen opens them (else auth/forbidden). */
  decks: route("GET", "/tournaments/:id/decks", "none", null, TournamentDecks),

  presets: route("GET", "/director/presets", "director", null, PresetListResponse),
  /** A preset saved from the designer, offered from then on (a saved one of the same name is replaced). */
  savePreset: route("POST", "/director/presets", "director", SavePresetRequest, PresetListResponse),
  /** Public, like the TV: the room's name and its tables' names. */
  room: route("GET", "/room", "none", null, RoomResponse),
  nameTable: route("POST", "/director/room/tables", "director", NameTableRequest, RoomResponse),
  nameRoom: route("POST", "/director/room/name", "director", NameRoomRequest, RoomResponse),
  leagues: route("GET", "/director/leagues", "director", null, LeagueListResponse),
  saveLeague: route("POST", "/director/leagues", "director", SaveLeagueRequest, LeagueListResponse),
  /** Public, like the TV clock: the standings a room shows its players. */
  leagueStandings: route("GET", "/leagues/:id/standings", "none", null, LeagueStandingsResponse),
  deposit: route("POST", "/director/deposit", "director", DepositRequest, DepositResponse),
  ledger: route("GET", "/director/ledger", "director", null, LedgerCheckResponse),
  predict: route("POST", "/director/predict", "director", PredictRequest, PredictResponse),
  create: route("POST", "/director/tournaments", "director", CreateTournamentRequest, TournamentResponse),
  start: route("POST", "/director/tournaments/:id/start", "director", DirectorCommand, TournamentResponse),
  pause: route("POST", "/director/tournaments/:id/pause", "director", DirectorCommand, TournamentResponse),
  resume: route("POST", "/director/tournaments/:id/resume", "director", DirectorCommand, TournamentResponse),
  cancel: route("POST", "/director/tournaments/:id/cancel", "director", CancelTournamentRequest, TournamentResponse),
  reschedule: route("POST", "/director/tournaments/:id/reschedule", "director", RescheduleTournamentRequest, TournamentResponse),
  seating: route("GET", "/director/tournaments/:id/seating", "director", null, SeatingResponse),
  move: route("POST", "/director/tournaments/:id/move", "director", MovePlayerRequest, SeatingResponse),
  breakNext: route("POST", "/director/tournaments/:id/break-next", "director", BreakNextRequest, SeatingResponse),
  recordButton: route("POST", "/director/tournaments/:id/button", "director", RecordButtonRequest, SeatingResponse),
  instructions: route("GET", "/director/tournaments/:id/instructions", "director", null, InstructionsResponse),
  confirmInstruction: route("POST", "/director/tournaments/:id/instructions/:iid/confirm", "director", DirectorCommand, InstructionsResponse),
  /** The desk finds a player record (by number or name) to enter a walk-in as that player again. */
  searchPlayers: { ...route("GET", "/director/players", "director", null, PlayerSearchResponse), query: PlayerSearchQuery },
  walkIn: route("POST", "/director/tournaments/:id/walk-in", "director", WalkInRequest, WalkInResponse),
  liveRecord: route("POST", "/director/tournaments/:id/live", "director", LiveRecordRequest, TournamentView),
  floorLog: route("GET", "/director/tournaments/:id/floor-log", "director", null, FloorLogResponse),
  /** No more entries, rebuys or add-ons from now; the prizes are fixed (a deal becomes possible). */
  /** The clock moved by `ms` of play (-60000: a minute more; the time left: skip to the next level). */
  adjustClock: route("POST", "/director/tournaments/:id/clock", "director", AdjustClockRequest, TournamentView),
  closeEntries: route("POST", "/director/tournaments/:id/close-entries", "director", DirectorCommand, TournamentView),
  colourUpPlan: route("POST", "/director/tournaments/:id/colour-up/plan", "director", ColourUpPlanRequest, ColourUpPlan),
  colourUp: route("POST", "/director/tournaments/:id/colour-up", "director", ColourUpRequest, ColourUpResult),
  blindError: route("POST", "/director/tournaments/:id/blind-error", "director", BlindErrorRequest, BlindErrorRuling),
  deal: route("POST", "/director/tournaments/:id/deal", "director", DealRequest, ResultsResponse),
  results: route("GET", "/director/tournaments/:id/results", "director", null, ResultsResponse),
  /** A live room's desk: the prizes and refunds to pay, who paid each and how, and the totals per method. */
  desk: route("GET", "/director/tournaments/:id/desk", "director", null, DeskResponse),
  payOut: route("POST", "/director/tournaments/:id/desk/pay", "director", PayOutRequest, DeskResponse),
} as const satisfies Record<string, RouteSpec>;

/**
 * Probes for load balancers and supervisors, outside the versioned API (a probe's address
 * does not change with the protocol). `health`: the process runs (liveness: 200 while it
 * does). `ready`: it can serve now (its store answers and, in a cluster, NATS is connected);
 * otherwise 503 `server/unavailable` with Retry-After, and a load balancer sends players
 * elsewhere while the process stays up.
 */
export const PROBES = {
  health: { method: "GET", path: "/health", auth: "none", body: null, response: z.object({ alive: z.literal(true) }) },
  ready: { method: "GET", path: "/ready", auth: "none", body: null, response: z.object({ ready: z.literal(true) }) },
} as const satisfies Record<string, RouteSpec>;

export type RouteName = keyof typeof ROUTES;
export type RouteBody<N extends RouteName> = (typeof ROUTES)[N]["body"] extends z.ZodType ? z.infer<(typeof ROUTES)[N]["body"]> : undefined;
export type RouteResponse<N extends RouteName> = z.infer<(typeof ROUTES)[N]["response"]>;

export { Empty as EmptyBody };

/** Every non-2xx answer has this body. */
export const HttpErrorBody = z.object({ error: WireError });
export type HttpErrorBody = z.infer<typeof HttpErrorBody>;

/** The HTTP status the server uses for each error code. */
export function httpStatusFor(code: ErrorCode): number {
  switch (code) {
    case AUTH_ERRORS.required:
    case AUTH_ERRORS.invalidToken:
    case AUTH_ERRORS.badCredentials:
      return 401;
    case AUTH_ERRORS.forbidden:
    case PROTOCOL_ERRORS.originRefused:
      return 403;
    case TABLE_ERRORS.notFound:
    case TOURNAMENT_ERRORS.notFound:
    case DIRECTOR_ERRORS.notFound:
      return 404;
    case AUTH_ERRORS.nameTaken:
    case TABLE_ERRORS.staleVersion:
    case TABLE_ERRORS.notYourTurn:
    case TOURNAMENT_ERRORS.badState:
    case TOURNAMENT_ERRORS.notAllowed:
    case "ledger/insufficient-funds":
    case PROTOCOL_ERRORS.keyReused:
    case ACCOUNT_ERRORS.noTopUp:
      return 409;
    case PROTOCOL_ERRORS.frameTooLarge:
      return 413;
    case PROTOCOL_ERRORS.uriTooLong:
      return 414;
    case PROTOCOL_ERRORS.headersTooLarge:
      return 431;
    case PROTOCOL_ERRORS.rateLimited:
    case AUTH_ERRORS.tooManyAttempts:
    case AUTH_ERRORS.tooManySignUps:
      return 429;
    case SERVER_ERRORS.internal:
      return 500;
    case "server/unavailable":
      return 503;
    default:
      return 400;
  }
}

/** Fill `:name` parameters of a route path; values are URI-encoded. */
export function routePath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:([a-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? `:${name}`));
}

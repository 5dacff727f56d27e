// The director's console routes: tournaments from presets, start/pause/resume, seating and
// moves, the R-BTN-5 blind-error ruling, colour-up and deals, results; the live floor's
// routes (instructions, walk-ins, floor records) are in http-live.ts.
import { fail, ok, type Result } from "../../lib/result.ts";
import type {
  BlindErrorRequest,
  BlindErrorRuling,
  CancelTournamentRequest,
  RescheduleTournamentRequest,
  ColourUpRequest,
  CreateTournamentRequest,
  DealRequest,
  MovePlayerRequest,
  RecordButtonRequest,
  BreakNextRequest,
  PredictRequest,
  RouteName,
  SavePresetRequest,
  SeatingResponse,
  TournamentSettingsInput,
} from "../../protocol/index.ts";
import { settingsForFormat, settingsWithDefaults } from "../../protocol/index.ts";
import { checkConfig, type TournamentConfig } from "../../tournament/director/index.ts";
import { applyColourUp, colourUpPlan, colourUpTable } from "../console/director-colour-up.ts";
import { applyDeal, dealResults, resultsOf } from "../console/director-deal.ts";
import { liveHandlers } from "./http-live.ts";
import type { Ctx, Handler } from "./route-kit.ts";
import { levelAt, lobbyTournament, played } from "./lobby-views.ts";
import { DEFAULT_BUY_IN, DEFAULT_FEE, fromWireStructure, planOf, presetFormat, settingsOf, specialConfig, type SpecialFormat } from "../console/presets.ts";
import { allPresets, findPreset, savePreset } from "../console/custom-presets.ts";
import { configParts, eventConfig, formatConflict, mergeSettings } from "../console/event-settings.ts";
import { playerNumberOf, TournamentRuntime } from "../tournaments/tournament-runtime.ts";
import { playedBlinds } from "../../tournament/structure/index.ts";
import { blindsNow } from "../tournaments/tournament-orders.ts";
import { TOURNAMENT_ERRORS } from "../../tournament/error-catalogue.ts";
import { DIRECTOR_ERRORS } from "../../protocol/error-catalogue.ts";
import { BUS_ERRORS } from "../../cluster/bus.ts";

function tournamentOf(ctx: Ctx) {
  const t = ctx.tournaments.get(ctx.params["id"] ?? "");
  return t === undefined ? fail(TOURNAMENT_ERRORS.notFound, `no tournament ${ctx.params["id"]}`) : ok(t);
}

const view = (ctx: Ctx, t: TournamentRuntime) => ({ tournament: lobbyTournament(t, ctx.user?.id ?? null, null) });

async function lifecycle(ctx: Ctx, op: (t: TournamentRuntime, commandId: string) => Promise<Result<unknown>>): Promise<Result<unknown>> {
  const t = tournamentOf(ctx);
  if (!t.ok) return t;
  const r = await op(t.value, (ctx.body as { commandId: string }).commandId);
  return r.ok ? ok(view(ctx, t.value)) : r;
}

/** The seat map: every seated entry (with when the floor counted it, live) and every table open, its size and button where known. */
function seating(t: TournamentRuntime, now = t.now()): SeatingResponse {
  const c = t.dir.config;
  const seats = [...t.dir.entries.values()]
    .filter((e) => e.alive && e.table > 0)
    .sort((a, b) => a.table - b.table || a.seat - b.seat)
    .map((e) => ({
      entryId: e.id,
      name: t.names.get(e.player) ?? "player",
      ...playerNumberOf(t, e.player),
      tableNumber: e.table,
      seat: e.seat,
      stack: e.stack,
      countedAt: t.isLive ? (t.live.countedAt.get(e.id) ?? null) : null,
    }));
  const tables = [...t.dir.tables.values()]
    .sort((a, b) => a.id - b.id)
    .map((x) => {
      const size = x.seats.length;
      if (x.last === null && x.floorButton !== undefined)
        return { tableNumber: x.id, size, button: x.floorButton <= size ? { seat: x.floorButton, drawn: false, recorded: true } : null };
      const seat = x.last?.button ?? x.firstButton;
      const drawn = x.last === null;
      // Live, the cards move the button unseen: the drawn one stands for the level the table opened in, no longer.
      const stale = t.isLive && drawn && c !== null && levelAt(c.structure, played(t, now)) !== levelAt(c.structure, x.playedAt);
      const draw = drawn && x.firstDraw !== undefined ? { draw: x.firstDraw.map((d) => ({ round: d.round, seat: d.seat, card: d.card })) } : {};
      return { tableNumber: x.id, size, button: !stale && seat >= 1 && seat <= size ? { seat, drawn, ...draw } : null };
    });
  const next = t.dir.breakNext;
  return {
    seats,
    tables: tables.map((x) => {
      // A refused settle of every table (0) stops each of them.
      const stopped = t.online.stopped.get(x.tableNumber) ?? t.online.stopped.get(0);
      return {
        ...x,
        ...(x.tableNumber === next ? { breaksNext: true } : {}),
        ...(stopped !== undefined ? { stopped: { code: stopped.code, message: stopped.message.slice(0, 500) } } : {}),
      };
    }),
  };
}

/** Tournament ids are derived from the command id, so a repeated create acts once. */
export const tournamentIdFor = (commandId: string) => `T${commandId.replace(/[^A-Za-z0-9]/g, "").slice(0, 24)}`;

export const directorHandlers: Partial<Record<RouteName, Handler>> = {
  async presets(ctx) {
    return ok({ presets: await allPresets(ctx.svc.store) });
  },
  async savePreset(ctx) {
    const b = ctx.body as SavePresetRequest;
    // A saved preset is one a tournament can be created from: the create route's checks.
    const r = await savePreset(ctx.svc.store, b.preset, b.commandId, (structure) => {
      const e = eventConfig(b.preset.basedOn, structure, b.preset.settings, 30, b.preset.format);
      if (!e.ok) return e;
      const c = checkConfig({ id: "preset", name: b.preset.name, structure, ...configParts(e.value) });
      return c.ok ? c : fail(DIRECTOR_ERRORS.invalid, c.error.message, { ...c.error, cause: c.error.code });
    });
    return r.ok ? ok({ presets: r.value }) : r;
  },
  async predict(ctx) {
    // 0.2–1 s of simulation: on the worker thread, never on the tables' event loop.
    return ctx.predictor.predict(ctx.body as PredictRequest);
  },
  async create(ctx) {
    const b = ctx.body as CreateTournamentRequest;
    const id = tournamentIdFor(b.commandId);
    const existing = ctx.tournaments.get(id);
    if (existing !== undefined) return ok(view(ctx, existing));
    // Cluster mode: created only where its partition is served (routing sends it there).
    const partition = ctx.ownership.keyOf(id);
    if (ctx.ownership.serving(partition) === undefined)
      return fail(BUS_ERRORS.unavailable, `tournament ${id} belongs to partition ${partition}, which this process does not serve now`, { partition });
    const found = await findPreset(ctx.svc.store, b.presetId);
    if (found === null) return fail(DIRECTOR_ERRORS.notFound, `no preset ${b.presetId}`);
    const drawn = b.structure === undefined ? found.structure : fromWireStructure(found.structure, b.structure);
    // The format asked for, else a saved preset's own, else the one its base runs as.
    const asked = b.format ?? (found.preset.custom === true ? found.preset.format : undefined);
    const kind = asked?.kind ?? planOf(found.plan).kind;
    const speed = kind === "speed";
    const formatHouse = formatHouseRules(b, asked ?? (kind === "heads-up" ? { kind } : undefined));
    if (!formatHouse.ok) return formatHouse;
    const o = ctx.options;
    // The request's house rules over the preset's (a saved preset carries the room's own).
    const house = settingsWithDefaults(
      { ...(found.preset.house ?? {}), ...formatHouse.value, ...(b.settings ?? {}) },
      {
        speed,
        live: b.kind === "live",
        actionMs: o.actionMs,
        timeBankMs: o.timeBankMs,
        tableSize: o.tableSize,
        mixedBy: drawn.mixedBy,
      },
    );
    // R-BET-9: the room's switch (by level or by orbit) is the structure's from now on.
    const structure = house.mixedBy === (drawn.mixedBy ?? "level") ? drawn : { ...drawn, mixedBy: house.mixedBy };
    const actionMs = house.actionSeconds * 1000;
    // The auditor who may have the decks afterwards is an account now: a name nobody holds
    // could be signed up later by anyone.
    let auditorId: string | null = null;
    if (house.decksOpen.to === "auditor") {
      const who = await ctx.svc.accounts.userByName(house.decksOpen.auditor);
      if (!who.ok) return fail(DIRECTOR_ERRORS.invalid, `no account ${house.decksOpen.auditor} to audit the decks`, { field: "decksOpen" });
      auditorId = who.value.id;
    }
    // The create form's money, windows and payouts over the preset's (each part
    // left out is the preset's, fitted to the structure actually used).
    const defaults =
      found.preset.custom === true && found.preset.settings !== undefined
        ? found.preset.settings
        : settingsOf(presetFormat(found.plan, structure, b.buyIn ?? DEFAULT_BUY_IN, b.fee ?? DEFAULT_FEE));
    // A format asked for drops the preset's windows it cannot take (the request's own are checked).
    const settings = mergeSettings(b.format === undefined ? defaults : settingsForFormat(defaults, b.format.kind), b);
    if (asked?.kind === "shootout" && asked.finalTable !== undefined && asked.finalTable > house.tableSize)
      return formatConflict("shootout", "finalTable", `plays down to at most a table's worth: ${house.tableSize}, not ${asked.finalTable}`, {
        finalTable: asked.finalTable,
        tableSize: house.tableSize,
      });
    // R-TRN-7/8: a freeroll or a satellite replaces the preset's format and money.
    if (b.format !== undefined && b.format.kind !== "freezeout" && (b.freeroll !== undefined || b.satelliteTarget !== undefined))
      return formatConflict(
        b.format.kind,
        b.freeroll !== undefined ? "freeroll" : "satelliteTarget",
        "is not a freeroll or a satellite (those are freezeouts)",
      );
    const special = await specialFormatOf(ctx, b);
    if (!special.ok) return special;
    const made = eventConfig(
      found.plan,
      structure,
      special.value === null ? settings : { ...settings, reEntry: null, rebuy: null, addOn: null },
      Math.round(actionMs / 1000),
      special.value === null ? asked : undefined,
    );
    if (!made.ok) return made;
    const parts = configParts(made.value);
    // R-TRN-11: the public view shows the final table a shootout plays down to (by default a table's worth).
    const plain =
      parts.format.kind === "shootout" ? { ...parts, format: { kind: "shootout" as const, finalTable: parts.format.finalTable ?? house.tableSize } } : parts;
    const fmt = special.value === null ? plain : { ...specialConfig(plain, special.value), ...(plain.payout === undefined ? {} : { payout: plain.payout }) };
    const guarantee = made.value.guarantee;
    const config: TournamentConfig = {
      id,
      name: b.name,
      ...fmt,
      structure,
      money: { ...fmt.money, ...(guarantee > 0 ? { guarantee } : {}) },
      tableSize: house.tableSize,
      ...(house.finalTableSize !== house.tableSize ? { finalTableSize: house.finalTableSize } : {}),
      spareSeats: house.spareSeats,
      buttonRule: house.buttonRule,
      ...(house.buttonDraw !== "suit" ? { buttonDraw: house.buttonDraw } : {}),
      colourUp: house.colourUp,
      handForHand: house.handForHand,
      ...(house.oddChip !== "left-of-button" ? { oddChip: house.oddChip } : {}),
      ...(house.oneCardKills ? { oneCardKills: true } : {}),
      ...(house.reEntryCloses !== "break-end" ? { reEntryCloses: house.reEntryCloses } : {}),
      ...(house.addOnAt !== "break" ? { addOnAt: house.addOnAt } : {}),
      ...(house.playDownTo !== 0 ? { playDownTo: house.playDownTo } : {}),
      ...(house.tableMerge !== "fill" ? { tableMerge: house.tableMerge } : {}),
      ...(house.balancing !== "seed" ? { balancing: house.balancing } : {}),
      // R-TRN-6: cancelled at the deadline with too few players (tournament-start-clock.ts).
      ...(house.startRule !== null
        ? { start: { scheduledAt: b.startsAt, deadline: b.startsAt + house.startRule.deadlineMinutes * 60_000, minPlayers: house.startRule.minPlayers } }
        : {}),
    };
    const meta = {
      id,
      name: b.name,
      kind: b.kind,
      presetId: b.presetId,
      startsAt: b.startsAt,
      actionMs,
      timeBankMs: house.timeBankSeconds * 1000,
      // The request's pause, else the server's (`--hand-pause-ms`, which defaults to 4 s).
      handPauseMs: b.handPauseMs ?? ctx.svc.handPauseMs,
      maxEntries: b.maxEntries ?? null,
      guarantee,
      createdAt: ctx.svc.clock.now(),
      start: house.start,
      ...(house.decksOpen.to === "players" ? {} : { decksOpen: house.decksOpen }),
      ...(auditorId === null ? {} : { auditorId }),
    };
    const t = await ctx.tournaments.create(id, () => TournamentRuntime.create(ctx.svc, meta, config, b.commandId));
    // The core's refusals (structure/…, tournament/bad-payout) keep their figures for the console.
    if (!t.ok) return fail(DIRECTOR_ERRORS.invalid, t.error.message, { ...t.error, cause: t.error.code });
    return ok(view(ctx, t.value));
  },
  // The floor's start: before the scheduled time as well (a start rule's minimum still applies).
  start: (ctx) => lifecycle(ctx, (t, c) => t.start(c, true)),
  pause: (ctx) => lifecycle(ctx, (t, c) => t.setPaused(true, c)),
  resume: (ctx) => lifecycle(ctx, (t, c) => t.setPaused(false, c)),
  /** R-TRN-6: called off before the start; every player gets back all they paid (the runtime posts the refunds). */
  cancel: (ctx) => lifecycle(ctx, (t, c) => t.cancel((ctx.body as CancelTournamentRequest).reason ?? "cancelled by the director", c)),
  reschedule: (ctx) => lifecycle(ctx, (t, c) => t.reschedule((ctx.body as RescheduleTournamentRequest).startsAt, c)),
  async seating(ctx) {
    const t = tournamentOf(ctx);
    return t.ok ? ok(seating(t.value)) : t;
  },
  async move(ctx) {
    const t = tournamentOf(ctx);
    if (!t.ok) return t;
    const b = ctx.body as MovePlayerRequest;
    const r = await t.value.move(b.entryId, b.toTable, b.toSeat, b.commandId);
    return r.ok ? ok(seating(t.value)) : r;
  },
  async breakNext(ctx) {
    const t = tournamentOf(ctx);
    if (!t.ok) return t;
    const b = ctx.body as BreakNextRequest;
    const r = await t.value.command((at) => ({ type: "break-next", at, table: b.tableNumber }), b.commandId, { settle: false });
    if (!r.ok && r.error["cause"] === TOURNAMENT_ERRORS.noTable) return fail(DIRECTOR_ERRORS.notFound, r.error.message, { cause: TOURNAMENT_ERRORS.noTable });
    return r.ok ? ok(seating(t.value)) : r;
  },
  async recordButton(ctx) {
    const t = tournamentOf(ctx);
    if (!t.ok) return t;
    const b = ctx.body as RecordButtonRequest;
    // Nothing to balance: the next record's settle reads it.
    const r = await t.value.command((at) => ({ type: "record-button", at, table: b.tableNumber, seat: b.seat }), b.commandId, { settle: false });
    if (!r.ok && r.error["cause"] === TOURNAMENT_ERRORS.badSeat) return fail(DIRECTOR_ERRORS.invalid, r.error.message, { cause: TOURNAMENT_ERRORS.badSeat });
    return r.ok ? ok(seating(t.value)) : r;
  },
  ...liveHandlers,
  async blindError(ctx) {
    const t = tournamentOf(ctx);
    if (!t.ok) return t;
    return blindErrorRuling(t.value, ctx.body as BlindErrorRequest, ctx.svc.clock.now());
  },
  async colourUpPlan(ctx) {
    const t = tournamentOf(ctx);
    return t.ok ? colourUpPlan(t.value, (ctx.body as { remove: number }).remove) : t;
  },
  async colourUp(ctx) {
    const t = tournamentOf(ctx);
    if (!t.ok) return t;
    const b = ctx.body as ColourUpRequest;
    return b.apply === true ? applyColourUp(t.value, b, ctx.svc.rng) : colourUpTable(t.value, b, ctx.svc.rng);
  },
  async deal(ctx) {
    const t = tournamentOf(ctx);
    if (!t.ok) return t;
    const b = ctx.body as DealRequest;
    return b.apply === true ? applyDeal(t.value, b) : dealResults(t.value, b, ctx.svc.clock.now());
  },
  async results(ctx) {
    const t = tournamentOf(ctx);
    return t.ok ? ok(resultsOf(t.value, ctx.svc.clock.now())) : t;
  },
};

/**
 * The house rules a format sets: a heads-up match seats two (a table size asked for that is
 * not 2 is refused), speed's action clock (one asked for in `settings` too must agree).
 */
function formatHouseRules(b: CreateTournamentRequest, asked: CreateTournamentRequest["format"]): Result<TournamentSettingsInput> {
  const given = b.settings ?? {};
  if (asked?.kind === "heads-up") {
    for (const field of ["tableSize", "finalTableSize"] as const) {
      const v = given[field];
      if (v !== undefined && v !== 2) return formatConflict("heads-up", field, `seats two at every match, not ${v}`, { [field]: v });
    }
    return ok({ tableSize: 2, finalTableSize: 2 });
  }
  if (asked?.kind === "speed" && asked.actionSeconds !== undefined) {
    if (given.actionSeconds !== undefined && given.actionSeconds !== asked.actionSeconds)
      return formatConflict("speed", "actionSeconds", `has one action clock: ${asked.actionSeconds} s or ${given.actionSeconds} s`, {
        actionSeconds: given.actionSeconds,
      });
    return ok({ actionSeconds: asked.actionSeconds });
  }
  return ok({});
}

/**
 * The request's freeroll (R-TRN-7) or satellite (R-TRN-8), null for neither. A satellite's
 * target must exist and still be registering: its seats are worth its buy-in + fee, and a
 * seat won after it started could not be used.
 */
/** The satellite target's status and price (undefined: no such tournament). */
async function targetFacts(ctx: Ctx, id: string): Promise<Result<{ status: string; buyIn: number; fee: number } | undefined>> {
  const t = ctx.tournaments.get(id);
  if (t !== undefined) return ok({ status: t.dir.status, buyIn: t.dir.config?.money.buyIn ?? 0, fee: t.dir.config?.money.fee ?? 0 });
  // Cluster mode: the target may belong to another process; its owner answers.
  const cluster = ctx.cluster;
  if (cluster === null || cluster.serves(id)) return ok(undefined);
  const r = await cluster.facts(id);
  return r.ok ? r : r.error.code === TOURNAMENT_ERRORS.notFound ? ok(undefined) : r;
}

async function specialFormatOf(ctx: Ctx, b: CreateTournamentRequest): Promise<Result<SpecialFormat | null>> {
  if (b.freeroll !== undefined && b.satelliteTarget !== undefined) return fail(DIRECTOR_ERRORS.invalid, "a tournament is a freeroll or a satellite, not both");
  if (b.freeroll !== undefined) {
    if ((b.buyIn ?? 0) !== 0 || (b.fee ?? 0) !== 0)
      return fail(DIRECTOR_ERRORS.invalid, "a freeroll has no buy-in and no fee (R-TRN-7)", { buyIn: b.buyIn ?? 0, fee: b.fee ?? 0 });
    if (b.guarantee) return fail(DIRECTOR_ERRORS.invalid, "a freeroll's prize fund is its pool; it has no guarantee", { guarantee: b.guarantee });
    return ok({ kind: "freeroll", prizeFund: b.freeroll.prizeFund });
  }
  if (b.satelliteTarget === undefined) return ok(null);
  const facts = await targetFacts(ctx, b.satelliteTarget);
  if (!facts.ok) return facts;
  const target = facts.value;
  if (target === undefined)
    return fail(DIRECTOR_ERRORS.notFound, `no tournament ${b.satelliteTarget} for the satellite's seats`, { satelliteTarget: b.satelliteTarget });
  if (target.status !== "registering")
    return fail(DIRECTOR_ERRORS.invalid, `the satellite's target ${b.satelliteTarget} has ${target.status === "cancelled" ? "been cancelled" : "started"}`, {
      satelliteTarget: b.satelliteTarget,
      status: target.status,
    });
  const seatValue = target.buyIn + target.fee;
  if (seatValue <= 0)
    return fail(DIRECTOR_ERRORS.invalid, `the satellite's target ${b.satelliteTarget} costs nothing to enter`, { satelliteTarget: b.satelliteTarget });
  return ok({ kind: "satellite", target: b.satelliteTarget, seatValue });
}

/**
 * R-BTN-5: the director rules on its own seat map and records the ruling (the floor log, and
 * the hands a table the server deals plays next); the answer is the ruling as recorded, the
 * same for a repeated request.
 */
async function blindErrorRuling(t: TournamentRuntime, b: BlindErrorRequest, now: number): Promise<Result<BlindErrorRuling>> {
  if (!t.dir.tables.has(b.tableNumber)) return fail(DIRECTOR_ERRORS.notFound, `no table ${b.tableNumber}`);
  const r = await t.command(
    (at) => ({
      type: "rule-blind-error",
      at,
      table: b.tableNumber,
      skipped: b.skippedBigBlindSeat,
      wrong: b.wrongBigBlindSeat,
      activeActions: b.activeActions,
      // The hand with the error, still being played here, comes before the ruled hands.
      inPlay: t.tables.get(b.tableNumber)?.state.hand != null,
    }),
    b.commandId,
  );
  if (!r.ok) return r.error["cause"] === undefined ? r : fail(DIRECTOR_ERRORS.invalid, r.error.message, { cause: r.error["cause"] });
  const ruling = t.dir.tables.get(b.tableNumber)?.ruling;
  if (ruling === undefined) return fail(DIRECTOR_ERRORS.notFound, `no ruling at table ${b.tableNumber}`);
  const current = { button: ruling.current.button, smallBlinds: [...ruling.current.sb], bigBlinds: [...ruling.current.bb] };
  if (ruling.outcome === "correct-now") return ok({ outcome: "correct-now", current, nextHand: null, followingHandButton: null });
  const [next, following] = ruling.next;
  // Played back at the error hand's level; a hand that is not played back (the players it concerns gone) at the level then.
  const blinds = next.level === undefined ? blindsNow(t.dir, t.dir.tables.get(b.tableNumber)!, now) : playedBlinds(next.level);
  return ok({
    outcome: "continue-then-go-back",
    current,
    nextHand: { bigBlindSeat: next.bb[0]!, smallBlind: null, blinds: { sb: blinds.sb, bb: blinds.bb, ante: blinds.ante } },
    followingHandButton: following.button,
  });
}

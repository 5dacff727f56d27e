// The live floor's routes: instructions and their confirmation, walk-ins, and the floor's
// records (busts, rebuys, add-ons, re-entries, chip counts) for a live room's tournament.
import { randomBytes } from "node:crypto";
import { fail, ok, type Result } from "../../lib/result.ts";
import type { LiveRecordRequest, PayOutRequest, PlayerSearchQuery, RouteName, WalkInRequest } from "../../protocol/index.ts";
import type { User } from "../../accounts/index.ts";
import { decide, type TournamentCommand, type TournamentEvent } from "../../tournament/director/index.ts";
import { seededRandom } from "../../tournament/index.ts";
import type { TransactionInput } from "../../store/index.ts";
import type { Ctx, Handler } from "./route-kit.ts";
import { lobbyTournament, tournamentView } from "./lobby-views.ts";
import { cashEntries } from "../tournaments/tournament-money.ts";
import { refundTx } from "../tournaments/tournament-entries.ts";
import { entrantRecord, type TournamentRuntime } from "../tournaments/tournament-runtime.ts";
import { deskOf, payOut } from "../console/director-desk.ts";
import { TOURNAMENT_ERRORS } from "../../tournament/error-catalogue.ts";
import { AUTH_ERRORS, DIRECTOR_ERRORS, SERVER_ERRORS } from "../../protocol/error-catalogue.ts";

function tournamentOf(ctx: Ctx): Result<TournamentRuntime> {
  const t = ctx.tournaments.get(ctx.params["id"] ?? "");
  return t === undefined ? fail(TOURNAMENT_ERRORS.notFound, `no tournament ${ctx.params["id"]}`) : ok(t);
}

/** The command a floor record stands for, or why it is malformed. */
function floorCommand(t: TournamentRuntime, b: LiveRecordRequest): Result<(at: number) => TournamentCommand> {
  const one = b.entryId;
  const entry = one === undefined ? undefined : t.dir.entries.get(one);
  const needEntry = () => fail(DIRECTOR_ERRORS.invalid, `a ${b.kind} record names one entry (entryId)`);
  switch (b.kind) {
    case "bust": {
      const ids = b.entryIds ?? (one === undefined ? [] : [one]);
      if (ids.length === 0 || (b.entryIds !== undefined && one !== undefined)) return fail(DIRECTOR_ERRORS.invalid, "a bust names entryId or entryIds");
      if (new Set(ids).size !== ids.length) return fail(DIRECTOR_ERRORS.invalid, "an entry is named twice");
      const starts = b.startStacks;
      if (starts !== undefined && starts.length !== ids.length) return fail(DIRECTOR_ERRORS.invalid, "startStacks go with entryIds, one each");
      const unknown = ids.find((id) => !t.dir.entries.has(id));
      if (unknown !== undefined) return fail(DIRECTOR_ERRORS.notFound, `no entry ${unknown}`);
      return ok((at) => ({ type: "bust", at, entries: ids, ...(starts !== undefined ? { startStacks: starts } : {}) }));
    }
    case "rebuy":
    case "add-on":
      if (one === undefined) return needEntry();
      if (entry === undefined) return fail(DIRECTOR_ERRORS.notFound, `no entry ${one}`);
      return ok((at) => (b.kind === "rebuy" ? { type: "rebuy", at, entry: one } : { type: "add-on", at, entry: one }));
    case "re-enter":
      if (one === undefined) return needEntry();
      if (entry === undefined) return fail(DIRECTOR_ERRORS.notFound, `no entry ${one}`);
      return ok((at) => ({ type: "re-enter", at, player: entry.player }));
    case "chip-count": {
      const stacks = b.stacks ?? [];
      if (stacks.length === 0) return fail(DIRECTOR_ERRORS.invalid, "a chip count lists stacks");
      const unknown = stacks.find((x) => !t.dir.entries.has(x.entryId));
      if (unknown !== undefined) return fail(DIRECTOR_ERRORS.notFound, `no entry ${unknown.entryId}`);
      return ok((at) => ({ type: "chip-count", at, stacks: stacks.map((x) => [x.entryId, x.stack] as const) }));
    }
    case "undo":
      return fail(DIRECTOR_ERRORS.invalid, "an undo is not one command");
  }
}

/**
 * A floor record put right by compensating commands, the first stored with the
 * "floor-undone" record (which row, why): a bust's entries come back with the chips they had
 * (their seat if free), a count's earlier figures are counted again (an entry the count put
 * out comes back), a rebuy, add-on or re-entry is reversed and its money goes back to the
 * player's balance (pool and fee, as an unregistration's refund; the cashier pays it out).
 */
async function undo(ctx: Ctx, t: TournamentRuntime, b: LiveRecordRequest): Promise<Result<void>> {
  const row = b.undoes === undefined ? undefined : t.live.log.get(b.undoes);
  if (b.undoes === undefined || b.reason === undefined || b.reason.trim() === "")
    return fail(DIRECTOR_ERRORS.invalid, "an undo names the floor log row (undoes) and the reason");
  if (row === undefined) return fail(DIRECTOR_ERRORS.notFound, `no floor log row ${b.undoes}`);
  if (row.undone !== null) return fail(DIRECTOR_ERRORS.invalid, "this record is already undone", { cause: "tournament/bad-undo", reason: "already" });
  if (row.kind !== "bust" && row.kind !== "count" && row.kind !== "rebuy" && row.kind !== "add-on" && row.kind !== "re-entry")
    return fail(DIRECTOR_ERRORS.invalid, `a ${row.kind} record is not undone this way`, { cause: "tournament/bad-undo", reason: "kind" });
  const cmds: ((at: number) => TournamentCommand)[] = [];
  if (row.kind === "bust") {
    for (const e of row.entries)
      cmds.push((at) => ({ type: "reinstate", at, entry: e.entry, stack: Math.max(1, e.before), seat: { table: e.table, seat: e.seat } }));
  } else if (row.kind === "count") {
    const back: { entry: string; stack: number }[] = [];
    for (const e of row.entries) {
      if (e.before <= 0) continue;
      const now = t.dir.entries.get(e.entry);
      if (now !== undefined && !now.alive)
        cmds.push((at) => ({ type: "reinstate", at, entry: e.entry, stack: e.before, seat: { table: e.table, seat: e.seat } }));
      else back.push({ entry: e.entry, stack: e.before });
    }
    if (back.length > 0) cmds.push((at) => ({ type: "chip-count", at, stacks: back.map((x) => [x.entry, x.stack] as const) }));
  } else {
    const entry = row.entries[0]!.entry;
    const what = row.kind === "re-entry" ? ("re-entry" as const) : row.kind;
    cmds.push((at) => ({ type: "reverse", at, entry, what }));
  }
  if (cmds.length === 0) return fail(DIRECTOR_ERRORS.invalid, "nothing to undo", { cause: "tournament/bad-undo", reason: "nothing" });
  const { asset } = ctx.svc;
  // The refund commits with the reversal in one transaction.
  const refund = async (events: readonly TournamentEvent[]): Promise<Result<TransactionInput[]>> => {
    const out: TransactionInput[] = [];
    for (const [i, e] of events.entries()) {
      if (e.type !== "reversed") continue;
      const tx = refundTx(t, asset, e.payment.player, e.payment.toPool, e.payment.fee, `undo:${t.id}:${b.commandId}:${i}`, {
        reversed: e.what,
        entry: e.entry,
      });
      if (tx === null) continue;
      if (!tx.ok) return tx;
      out.push(tx.value);
    }
    return ok(out);
  };
  for (const [i, make] of cmds.entries()) {
    const r = await t.command(make, i === 0 ? b.commandId : `${b.commandId}-${i}`, {
      ...(i === 0 ? { records: [{ type: "floor-undone" as const, data: { id: row.id, at: ctx.svc.clock.now(), reason: b.reason.trim() } }] } : {}),
      pay: refund,
    });
    if (!r.ok) return r;
  }
  return ok(undefined);
}

/**
 * Account names are ASCII (src/accounts/rules.ts) and a walk-in's name need not be, nor
 * free: the guest account takes the name's ASCII form ("Bodil Ås" → "Bodil.As"), with a
 * number when that is taken ("Bodil.As-2"). The tournament shows the name as given.
 */
async function guestAccount(ctx: Ctx, name: string): Promise<Result<User>> {
  const ascii = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9_.-]+/g, ".")
    .replace(/^[^A-Za-z]+/, "")
    .replace(/[.]+$/, "");
  const stem = (ascii.length >= 3 ? ascii : `guest.${ascii}`).slice(0, 16).replace(/[.]+$/, "");
  const password = randomBytes(24).toString("base64url");
  const accounts = ctx.svc.accounts;
  for (let n = 1; n <= 100; n++) {
    const made = await accounts.createUser(n === 1 ? stem : `${stem}-${n}`, password, "player", name);
    if (made.ok) return made;
    if (made.error.code !== AUTH_ERRORS.nameTaken) break;
  }
  return accounts.createUser(`guest-${randomBytes(6).toString("hex")}`, password, "player", name);
}

function liveOnly(t: TournamentRuntime): Result<void> {
  return t.isLive ? ok(undefined) : fail(DIRECTOR_ERRORS.invalid, "floor records are for a live room's tournament; online tables record their own hands");
}

export const liveHandlers: Partial<Record<RouteName, Handler>> = {
  async adjustClock(ctx) {
    const t = tournamentOf(ctx);
    if (!t.ok) return t;
    const b = ctx.body as { commandId: string; ms: number };
    const r = await t.value.command((at) => ({ type: "adjust-clock", at, ms: b.ms }), b.commandId);
    return r.ok ? ok(tournamentView(t.value, ctx.svc.clock.now())) : r;
  },
  async closeEntries(ctx) {
    const t = tournamentOf(ctx);
    if (!t.ok) return t;
    const commandId = (ctx.body as { commandId: string }).commandId;
    const r = await t.value.command((at) => ({ type: "close-entries", at }), commandId);
    return r.ok ? ok(tournamentView(t.value, ctx.svc.clock.now())) : r;
  },
  async desk(ctx) {
    const t = tournamentOf(ctx);
    return t.ok ? ok(await deskOf(t.value, ctx.svc)) : t;
  },
  async payOut(ctx) {
    const t = tournamentOf(ctx);
    if (!t.ok) return t;
    return payOut(t.value, ctx.svc, ctx.body as PayOutRequest, { id: ctx.user!.id, name: ctx.user!.name });
  },
  async floorLog(ctx) {
    const t = tournamentOf(ctx);
    return t.ok ? ok({ rows: t.value.live.logRows() }) : t;
  },
  async instructions(ctx) {
    const t = tournamentOf(ctx);
    // Online tables carry out balancing moves themselves: nothing for a floor to do.
    return t.ok ? ok({ instructions: t.value.live.list() }) : t;
  },
  async confirmInstruction(ctx) {
    const t = tournamentOf(ctx);
    if (!t.ok) return t;
    const r = await t.value.confirmInstruction(ctx.params["iid"] ?? "", (ctx.body as { commandId: string }).commandId);
    return r.ok ? ok({ instructions: t.value.live.list() }) : r;
  },
  async liveRecord(ctx) {
    const t = tournamentOf(ctx);
    if (!t.ok) return t;
    const live = liveOnly(t.value);
    if (!live.ok) return live;
    const b = ctx.body as LiveRecordRequest;
    if (b.kind === "undo") {
      const u = t.value.hasCommand(b.commandId) ? ok(undefined) : await undo(ctx, t.value, b);
      return u.ok ? ok(tournamentView(t.value, ctx.svc.clock.now())) : u;
    }
    const make = t.value.hasCommand(b.commandId) ? ok(() => ({ type: "settle" as const, at: 0 })) : floorCommand(t.value, b);
    if (!make.ok) return make;
    const cashBy = ctx.user!.id;
    const r = await t.value.command(make.value, b.commandId, { pay: (events) => cashEntries(t.value, events, cashBy, b.commandId) });
    return r.ok ? ok(tournamentView(t.value, ctx.svc.clock.now())) : r;
  },
  /** The desk's look-up: a player number or part of a name (Accounts.findPlayers). */
  async searchPlayers(ctx) {
    const q = (ctx.query as PlayerSearchQuery).q;
    const found = await ctx.svc.accounts.findPlayers(q);
    return ok({ players: found.map((u) => ({ playerId: u.id, name: u.displayName, account: u.name, number: u.number })) });
  },
  /**
   * A walk-in: the player the desk found (`playerId`: their record and number, reused from
   * event to event) or a new guest player account (a random password nobody is told; the
   * floor enters them) with a new number; shown in the tournament under the name as given,
   * registered with the buy-in paid in cash at the desk; while the tournament runs, a late
   * registration.
   */
  async walkIn(ctx) {
    const t = tournamentOf(ctx);
    if (!t.ok) return t;
    const b = ctx.body as WalkInRequest;
    // The answer names the walk-in's entry and seat (null before the draw), a repeat included.
    const view = (): Result<unknown> => {
      const player = t.value.entrantByCommand.get(b.commandId);
      const entryId = player === undefined ? undefined : t.value.dir.players.get(player)?.entries[0];
      const entry = entryId === undefined ? undefined : t.value.dir.entries.get(entryId);
      if (entry === undefined) return fail(SERVER_ERRORS.internal, "the walk-in's entry is missing");
      const seat = entry.table > 0 && entry.seat > 0 ? { tableNumber: entry.table, seat: entry.seat } : null;
      const number = t.value.numbers.get(entry.player);
      return ok({ tournament: lobbyTournament(t.value, null, null), entryId: entry.id, ...(number !== undefined ? { playerNumber: number } : {}), seat });
    };
    if (t.value.hasCommand(b.commandId)) return view();
    // A dry run first, so a refused walk-in (registration closed, the room full) leaves no account behind.
    const known = b.playerId === undefined ? null : await ctx.svc.accounts.user(b.playerId);
    if (known !== null && !known.ok) return fail(DIRECTOR_ERRORS.notFound, `no player ${b.playerId}`, { playerId: b.playerId });
    const probe = decide(t.value.dir, { type: "register", at: ctx.svc.clock.now(), player: known?.value.id ?? "walk-in" }, seededRandom(1));
    if (!probe.ok) return fail(TOURNAMENT_ERRORS.notAllowed, probe.error.message, { cause: probe.error.code });
    const max = t.value.meta.maxEntries;
    if (max !== null && t.value.dir.entries.size >= max) return fail(TOURNAMENT_ERRORS.notAllowed, "the tournament is full", { maxEntries: max });
    const guest = known ?? (await guestAccount(ctx, b.name));
    if (!guest.ok) return guest;
    const cashBy = ctx.user!.id;
    const r = await t.value.command((at) => ({ type: "register", at, player: guest.value.id }), b.commandId, {
      records: [entrantRecord({ id: guest.value.id, name: b.name, number: guest.value.number })],
      pay: (events) => cashEntries(t.value, events, cashBy, b.commandId),
    });
    return r.ok ? view() : r;
  },
};

// decide(state, command) → events or a typed error; the state is never changed here.
import { decideBlindError } from "./decide-blind-error.ts";
import { decideReinstate, decideReverse } from "./decide-undo.ts";
import { prizesFixedEvent } from "./prizes.ts";
import { clockAt } from "../structure/index.ts";
import { playedMs } from "./played.ts";
import { fail, ok, type Result } from "../../lib/result.ts";
import type { RandomSource } from "../index.ts";
import { checkAddOn, checkRebuy } from "../money/index.ts";
import { decideTick } from "./decide-clock.ts";
import { decideAnnounce, decideCancel, decideMoveStart, decideOpen, decideRegister, decideStartCmd } from "./decide-lifecycle.ts";
import { decideSettle } from "./decide-settle.ts";
import { decideTableSettle } from "./decide-table-settle.ts";
import { decideDeal } from "./decide-deal.ts";
import { decideBust, decideChipCount, decideRecordButton, decideColourUp } from "./decide-live.ts";
import { decideMove } from "./decide-move.ts";
import { decidePause, decideResume } from "./decide-pause.ts";
import { decideLateRegister, decideReEnter, decideUnregister } from "./decide-entries.ts";
import { entryContext } from "./entry-context.ts";
import { awaitingRebuy, graceOver, rebuyGraceMs } from "./rebuy-grace.ts";
import { handEntry, type TournamentState } from "./state.ts";
import type { HandOutcome, TournamentCommand, TournamentEvent } from "./types.ts";
import { TOURNAMENT_ERRORS } from "../error-catalogue.ts";

type Events = Result<TournamentEvent[]>;

function running(s: TournamentState): Result<true> {
  return s.status === "running" ? ok(true) : fail(TOURNAMENT_ERRORS.notRunning, `the tournament is ${s.status}`);
}

function decideHand(s: TournamentState, at: number, o: HandOutcome): Events {
  const r = running(s);
  if (!r.ok) return r;
  const t = s.tables.get(o.table);
  if (t === undefined) return fail(TOURNAMENT_ERRORS.noTable, `no table ${o.table}`, { table: o.table });
  const n = o.entries.length;
  if (n < 2 || o.stacks.length !== n || o.startStacks.length !== n)
    return fail(TOURNAMENT_ERRORS.badHand, "a hand lists each player dealt in with a stack before and after");
  for (let i = 0; i < n; i++) {
    const e = handEntry(s, t, o.hand, i, o.entries[i]!);
    if (e === undefined || e.table !== o.table || !e.alive) return fail(TOURNAMENT_ERRORS.badHand, `${o.entries[i]} is not playing at table ${o.table}`);
    if (e.stack !== o.startStacks[i]) return fail(TOURNAMENT_ERRORS.badHand, `${e.id} started the hand with ${e.stack}, not ${o.startStacks[i]}`);
    if (!Number.isSafeInteger(o.stacks[i]) || o.stacks[i]! < 0) return fail(TOURNAMENT_ERRORS.badHand, "stacks are whole chips");
  }
  const before = o.startStacks.reduce((a, b) => a + b, 0);
  const after = o.stacks.reduce((a, b) => a + b, 0);
  if (before !== after) return fail(TOURNAMENT_ERRORS.chipsNotConserved, `the hand ended with ${after} chips, not ${before}`, { before, after });
  return ok([{ type: "hand-played", at, table: o.table, hand: o.hand, entries: o.entries, stacks: o.stacks, startStacks: o.startStacks }]);
}

function decideRebuy(s: TournamentState, at: number, id: string): Events {
  const r = running(s);
  if (!r.ok) return r;
  const e = s.entries.get(id);
  if (e === undefined || !e.alive) return fail(TOURNAMENT_ERRORS.noEntry, `no live entry ${id}`);
  const p = checkRebuy(s.config!.money, entryContext(s, e, e.player, at), e.player);
  if (!p.ok) return p;
  // The prizes are fixed once nothing more can be paid in: nothing is, after.
  if (s.prizes !== null) return fail(TOURNAMENT_ERRORS.rebuyClosed, "the prize pool is fixed: the rebuy period is over", { entry: id });
  // R-TRN-4: a busted player rebuys within the grace (online); after it, or after declining, the entry is out.
  if (e.stack === 0 && rebuyGraceMs(s.config!) > 0 && graceOver(s, id, at)) {
    return fail(TOURNAMENT_ERRORS.rebuyGraceOver, "the time to rebuy after the bust is over", { entry: id });
  }
  return ok([{ type: "rebought", at, entry: id, payment: p.value }]);
}

function decideDeclineRebuy(s: TournamentState, at: number, id: string): Events {
  const r = running(s);
  if (!r.ok) return r;
  if (!s.entries.has(id)) return fail(TOURNAMENT_ERRORS.noEntry, `no entry ${id}`);
  if (!awaitingRebuy(s, id, at)) return fail(TOURNAMENT_ERRORS.notAwaitingRebuy, `${id} is not waiting to rebuy`, { entry: id });
  return ok([{ type: "rebuy-declined", at, entry: id }]);
}

function decideAddOn(s: TournamentState, at: number, id: string): Events {
  const r = running(s);
  if (!r.ok) return r;
  const e = s.entries.get(id);
  if (e === undefined) return fail(TOURNAMENT_ERRORS.noEntry, `no entry ${id}`);
  const p = checkAddOn(s.config!.money, entryContext(s, e, e.player, at), e.player);
  if (!p.ok) return p;
  if (s.prizes !== null) return fail(TOURNAMENT_ERRORS.addOnClosed, "the prize pool is fixed: the add-on is over", { entry: id });
  return ok([{ type: "added-on", at, entry: id, payment: p.value }]);
}

export function decide(s: TournamentState, cmd: TournamentCommand, rng: RandomSource): Events {
  switch (cmd.type) {
    case "announce":
      return decideAnnounce(s, cmd.at, cmd.config);
    case "open-registration":
      return decideOpen(s, cmd.at);
    case "register":
      return s.status === "running" && s.config?.lateRegistration !== undefined
        ? decideLateRegister(s, cmd.at, cmd.player, rng)
        : decideRegister(s, cmd.at, cmd.player);
    case "start":
      return decideStartCmd(s, cmd.at, cmd.present, rng, cmd.early === true);
    case "move-start":
      return decideMoveStart(s, cmd.at, cmd.scheduledAt);
    case "cancel":
      return decideCancel(s, cmd.at, cmd.reason);
    case "tick":
      return decideTick(s, cmd.at, rng);
    case "hand":
      return decideHand(s, cmd.at, cmd.outcome);
    case "rebuy":
      return decideRebuy(s, cmd.at, cmd.entry);
    case "decline-rebuy":
      return decideDeclineRebuy(s, cmd.at, cmd.entry);
    case "add-on":
      return decideAddOn(s, cmd.at, cmd.entry);
    case "re-enter":
      return decideReEnter(s, cmd.at, cmd.player, rng);
    case "settle":
      return decideSettle(s, cmd.at, rng);
    case "table-settle":
      return decideTableSettle(s, cmd.at, cmd.table, rng);
    case "deal":
      return decideDeal(s, cmd.at, cmd.method ?? "icm", cmd.amounts);
    case "pause":
      return decidePause(s, cmd.at);
    case "resume":
      return decideResume(s, cmd.at);
    case "unregister":
      return decideUnregister(s, cmd.at, cmd.player);
    case "move":
      return decideMove(s, cmd.at, cmd.entry, cmd.table, cmd.seat);
    case "bust":
      return decideBust(s, cmd.at, cmd.entries, cmd.startStacks);
    case "chip-count":
      return decideChipCount(s, cmd.at, cmd.stacks);
    case "rule-blind-error":
      return decideBlindError(s, cmd.at, cmd.table, cmd.skipped, cmd.wrong, cmd.activeActions, cmd.inPlay === true);
    case "break-next": {
      if (s.status !== "running") return fail(TOURNAMENT_ERRORS.notRunning, `the tournament is ${s.status}`);
      if (cmd.table !== null && !s.tables.has(cmd.table)) return fail(TOURNAMENT_ERRORS.noTable, `there is no table ${cmd.table}`, { table: cmd.table });
      return ok([{ type: "break-next-set", at: cmd.at, table: cmd.table }]);
    }
    case "record-button":
      return decideRecordButton(s, cmd.at, cmd.table, cmd.seat);
    case "adjust-clock": {
      if (s.status !== "running" || s.startedAt === null) return fail(TOURNAMENT_ERRORS.notRunning, `the tournament is ${s.status}`);
      if (!Number.isSafeInteger(cmd.ms) || cmd.ms === 0) return fail(TOURNAMENT_ERRORS.badTime, "the clock moves by a whole, non-zero number of ms");
      const pos = clockAt(s.config!.structure, playedMs(s, cmd.at));
      // Time given back stops at the start of the level or break in play.
      const ms = Math.max(cmd.ms, -pos.elapsedInItemMs);
      if (ms === 0) return fail(TOURNAMENT_ERRORS.badTime, "the level has just begun: no time to give back", { reason: "level-start" });
      return ok([{ type: "clock-adjusted", at: cmd.at, ms }]);
    }
    case "close-entries":
      if (s.status !== "running") return fail(TOURNAMENT_ERRORS.notRunning, `the tournament is ${s.status}`);
      if (s.prizes !== null) return fail(TOURNAMENT_ERRORS.entriesClosed, "entries are already closed: the prizes are fixed");
      return ok([prizesFixedEvent(s, cmd.at)]);
    case "reinstate":
      return decideReinstate(s, cmd.at, cmd.entry, cmd.stack, cmd.seat, rng);
    case "reverse":
      return decideReverse(s, cmd.at, cmd.entry, cmd.what);
    case "colour-up":
      return decideColourUp(s, cmd.at, cmd.remove, cmd.next, cmd.stacks);
    default:
      return fail(TOURNAMENT_ERRORS.badCommand, `unknown command '${String((cmd as { type?: unknown }).type)}'`);
  }
}

// decide(state, command) → events or a typed error; the state is never changed here.
import { fail, ok, type Result } from "../../lib/result.ts";
import { pick, randomInt, type RandomSource } from "../index.ts";
import { checkAddOn, checkRebuy, checkReEntry, type EntryContext } from "../money/index.ts";
import { decideTick } from "./decide-clock.ts";
import { decideAnnounce, decideCancel, decideOpen, decideRegister, decideStartCmd } from "./decide-lifecycle.ts";
import { decideSettle } from "./decide-settle.ts";
import { decideDeal } from "./decide-deal.ts";
import { decidePause, decideResume } from "./decide-pause.ts";
import { playedMs } from "./played.ts";
import { tableSizeOf, type EntryState, type TournamentState } from "./state.ts";
import type { HandOutcome, TournamentCommand, TournamentEvent } from "./types.ts";

type Events = Result<TournamentEvent[]>;

function running(s: TournamentState): Result<true> {
  return s.status === "running" ? ok(true) : fail("tournament/not-running", `the tournament is ${s.status}`);
}

function entryContext(s: TournamentState, e: EntryState | undefined, player: string, at: number): EntryContext {
  const p = s.players.get(player);
  const size = tableSizeOf(s.config!);
  return {
    structure: s.config!.structure,
    elapsedMs: playedMs(s, at),
    stack: e?.stack ?? 0,
    alive: e !== undefined && e.alive && e.stack > 0,
    reEntries: p?.reEntries ?? 0,
    rebuys: e?.rebuys ?? 0,
    addOns: e?.addOns ?? 0,
    // R-TRN-4: the final table is reached when everyone left fits at one table.
    atFinalTable: s.alive <= size,
  };
}

function decideHand(s: TournamentState, at: number, o: HandOutcome): Events {
  const r = running(s);
  if (!r.ok) return r;
  const t = s.tables.get(o.table);
  if (t === undefined) return fail("tournament/no-table", `no table ${o.table}`, { table: o.table });
  const n = o.entries.length;
  if (n < 2 || o.stacks.length !== n || o.startStacks.length !== n) return fail("tournament/bad-hand", "a hand lists each player dealt in with a stack before and after");
  for (let i = 0; i < n; i++) {
    const e = s.entries.get(o.entries[i]!);
    if (e === undefined || e.table !== o.table || !e.alive) return fail("tournament/bad-hand", `${o.entries[i]} is not playing at table ${o.table}`);
    if (e.stack !== o.startStacks[i]) return fail("tournament/bad-hand", `${e.id} started the hand with ${e.stack}, not ${o.startStacks[i]}`);
    if (!Number.isSafeInteger(o.stacks[i]) || o.stacks[i]! < 0) return fail("tournament/bad-hand", "stacks are whole chips");
  }
  const before = o.startStacks.reduce((a, b) => a + b, 0);
  const after = o.stacks.reduce((a, b) => a + b, 0);
  if (before !== after) return fail("tournament/chips-not-conserved", `the hand ended with ${after} chips, not ${before}`, { before, after });
  return ok([{ type: "hand-played", at, table: o.table, hand: o.hand, entries: o.entries, stacks: o.stacks, startStacks: o.startStacks }]);
}

function decideRebuy(s: TournamentState, at: number, id: string): Events {
  const r = running(s);
  if (!r.ok) return r;
  const e = s.entries.get(id);
  if (e === undefined || !e.alive) return fail("tournament/no-entry", `no live entry ${id}`);
  const p = checkRebuy(s.config!.money, entryContext(s, e, e.player, at), e.player);
  return p.ok ? ok([{ type: "rebought", at, entry: id, payment: p.value }]) : p;
}

function decideAddOn(s: TournamentState, at: number, id: string): Events {
  const r = running(s);
  if (!r.ok) return r;
  const e = s.entries.get(id);
  if (e === undefined) return fail("tournament/no-entry", `no entry ${id}`);
  const p = checkAddOn(s.config!.money, entryContext(s, e, e.player, at), e.player);
  return p.ok ? ok([{ type: "added-on", at, entry: id, payment: p.value }]) : p;
}

function decideReEnter(s: TournamentState, at: number, player: string, rng: RandomSource): Events {
  const r = running(s);
  if (!r.ok) return r;
  const p = s.players.get(player);
  if (p === undefined) return fail("tournament/not-registered", `${player} never entered this tournament`, { player });
  const last = s.entries.get(p.entries.at(-1)!)!;
  const pay = checkReEntry(s.config!.money, entryContext(s, last, player, at), player);
  if (!pay.ok) return pay;
  // R-DEAL-7: the new entry draws a seat at one of the shortest tables.
  const size = tableSizeOf(s.config!);
  let tableId = -1;
  for (let n = 0; n < size && tableId < 0; n++) {
    const set = s.byCount[n];
    if (set !== undefined && set.size > 0) tableId = pick([...set].sort((a, b) => a - b), rng);
  }
  if (tableId < 0) return fail("tournament/no-seat", "every table is full");
  const t = s.tables.get(tableId)!;
  const empty = t.seats.flatMap((x, i) => (x === null ? [i + 1] : []));
  const seat = empty[randomInt(rng, empty.length)]!;
  return ok([{ type: "re-entered", at, entry: `${player}#${p.entries.length + 1}`, payment: pay.value, table: tableId, seat }]);
}

export function decide(s: TournamentState, cmd: TournamentCommand, rng: RandomSource): Events {
  switch (cmd.type) {
    case "announce":
      return decideAnnounce(s, cmd.at, cmd.config);
    case "open-registration":
      return decideOpen(s, cmd.at);
    case "register":
      return decideRegister(s, cmd.at, cmd.player);
    case "start":
      return decideStartCmd(s, cmd.at, cmd.present, rng);
    case "cancel":
      return decideCancel(s, cmd.at, cmd.reason);
    case "tick":
      return decideTick(s, cmd.at, rng);
    case "hand":
      return decideHand(s, cmd.at, cmd.outcome);
    case "rebuy":
      return decideRebuy(s, cmd.at, cmd.entry);
    case "add-on":
      return decideAddOn(s, cmd.at, cmd.entry);
    case "re-enter":
      return decideReEnter(s, cmd.at, cmd.player, rng);
    case "settle":
      return decideSettle(s, cmd.at, rng);
    case "deal":
      return decideDeal(s, cmd.at);
    case "pause":
      return decidePause(s, cmd.at);
    case "resume":
      return decideResume(s, cmd.at);
    case "unregister":
    case "move":
    case "bust":
    case "chip-count":
    case "colour-up":
      return fail("tournament/not-implemented", `'${cmd.type}' is not implemented yet`);
    default:
      return fail("tournament/bad-command", `unknown command '${String((cmd as { type?: unknown }).type)}'`);
  }
}

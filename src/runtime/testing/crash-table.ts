// Child process for the runtime crash test: plays a table with random legal moves as fast
// as it can, printing "ack <commandId> <version>" for every move the actor acknowledged,
// until it is killed -9.
import { randomInt } from "node:crypto";
import { unwrap } from "../../lib/result.ts";
import { openSqliteEventStore } from "../../store/index.ts";
import { shuffledDeck } from "../../tournament/index.ts";
import { systemClock } from "../clock.ts";
import { TableActor } from "../table-actor.ts";
import type { PlayerMove } from "../table-logic.ts";

const [path, run] = process.argv.slice(2);
const store = openSqliteEventStore(path ?? "");
const rng = { nextUint32: () => randomInt(0, 2 ** 32) };
const table = unwrap(
  await TableActor.open({
    store,
    clock: systemClock,
    tableId: "crash",
    config: { tableId: "crash", size: 6, buttonRule: "dead" },
    shuffle: () => shuffledDeck(rng),
    snapshotEvery: 1,
  }),
);
const players = ["ann", "bob", "cy", "dee"];
for (const [i, p] of players.entries()) {
  if (!table.state.seats.some((s) => s?.player === p)) unwrap(await table.sit(i + 1, p, 1000, `sit-${p}`));
}
process.stdout.write("ready\n");
for (let n = 0; ; n += 1) {
  const id = `${run}-${n}`;
  const hand = table.state.hand;
  if (hand === null) {
    if (table.state.seats.filter((s) => s && s.stack > 0).length < 2) {
      // Someone won everything: top everyone up (a new "game") and go on.
      for (const s of table.state.seats) if (s && s.stack === 0) unwrap(await table.leave(s.seat, `${id}-leave-${s.seat}`));
      for (const [i, p] of players.entries()) {
        if (!table.state.seats.some((s) => s?.player === p)) unwrap(await table.sit(i + 1, p, 1000, `${id}-sit-${p}`));
      }
      continue;
    }
    const r = unwrap(await table.startHand({ sb: 10, bb: 20, ante: 0 }, { firstButton: 1, id }));
    process.stdout.write(`ack ${id} ${r.version}\n`);
    continue;
  }
  const seat = hand.seats[hand.state.actor]!;
  const player = table.state.seats[seat]!.player;
  const legal = table.view(player).hand!.view.legal!;
  const options: PlayerMove[] = legal.canCheck ? [{ type: "check" }] : [{ type: "call" }, { type: "fold" }];
  if (legal.canRaise && legal.minRaiseTo !== null) {
    options.push({ type: hand.state.bets.some((b) => b > 0) ? "raise" : "bet", to: legal.minRaiseTo });
  }
  const move = options[randomInt(0, options.length)]!;
  const r = unwrap(await table.act(player, move, { id, version: table.version }));
  process.stdout.write(`ack ${id} ${r.version}\n`);
}

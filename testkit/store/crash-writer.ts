// Child process for the crash test: appends event batches and ledger postings as fast as it
// can, printing "ack <n>" after each one the store acknowledged, until it is killed -9.
import { openEventStore, openLedger, type StorageTarget } from "../../src/store/target.ts";
import { deposit, buyIn } from "../../src/store/ledger-postings.ts";
import { unwrap } from "../../src/lib/result.ts";

const [kind, where, schema, runId] = process.argv.slice(2);
const target: StorageTarget = kind === "sqlite" ? { kind: "sqlite", path: where ?? "" } : { kind: "postgres", url: where ?? "", schema: schema ?? "" };
const events = await openEventStore(target);
const ledger = await openLedger(target);
const pad = "x".repeat(3_000);
process.stdout.write("ready\n");
for (let n = 0; ; n += 1) {
  const batch = `${runId}-${n}`;
  if (n % 2 === 0) {
    const size = 1 + ((n * 7) % 25);
    const stream = `table:crash${n % 5}`;
    const r = await events.append(
      stream,
      "any",
      Array.from({ length: size }, (_, i) => ({ type: "E", data: { batch, i, of: size, pad } })),
    );
    unwrap(r);
  } else {
    const player = `c${n % 7}`;
    unwrap(await ledger.post(unwrap(deposit({ key: `d-${batch}`, asset: "EUR", player, amount: 1_000, director: "crash" }))));
    const r = await ledger.post(unwrap(buyIn({ key: `b-${batch}`, asset: "EUR", player, tournament: `t${n % 3}`, amount: 900, fee: 100 })));
    unwrap(r);
  }
  process.stdout.write(`ack ${batch}\n`);
}

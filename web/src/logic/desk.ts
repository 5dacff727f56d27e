import type { DeskItem, DeskResponse, DeskTotals, FloorLogRow } from "../../../src/protocol/index.ts";

/** Floor records the floor can undo with a reason (the server compensates; both stay in the log). */
const UNDOABLE: ReadonlySet<FloorLogRow["kind"]> = new Set(["bust", "count", "rebuy", "add-on", "re-entry"]);
export const undoable = (kind: FloorLogRow["kind"]) => UNDOABLE.has(kind);

/**
 * The desk as the cashier reads it: what is still to pay first (prizes by place, then
 * refunds), then what was paid; the totals worth a line (an overlay or money from accounts
 * only when there is some).
 */
export function deskView(d: DeskResponse): { toPay: DeskItem[]; paid: DeskItem[]; totals: [keyof DeskTotals, number][] } {
  const order = (a: DeskItem, b: DeskItem) => (a.place ?? Infinity) - (b.place ?? Infinity) || (a.item < b.item ? -1 : 1);
  const items = [...d.items].sort(order);
  const keys: (keyof DeskTotals)[] = ["cashIn", "accountIn", "cashOut", "credited", "owed", "fees", "overlay", "drawer"];
  const shown = keys.filter((k) => (k !== "accountIn" && k !== "overlay") || d.totals[k] !== 0);
  return {
    toPay: items.filter((x) => x.paid === null),
    paid: items.filter((x) => x.paid !== null),
    totals: shown.map((k) => [k, d.totals[k] as number]),
  };
}

/**
 * The chips a live deal is made on, as the deal request carries them: the counts on the
 * screen (prefilled from the latest counts), and whether the floor confirmed that their
 * total differs from the chips in play. `off`: counted less chips in play (0 when they match).
 */
export function dealChips(
  left: readonly { readonly entryId: string; readonly stack: number }[],
  inPlay: number | null,
  differenceOk: boolean,
): { body: { stacks: { entryId: string; stack: number }[]; differenceConfirmed?: true }; off: number } {
  const stacks = left.map((p) => ({ entryId: p.entryId, stack: p.stack }));
  const off = inPlay === null ? 0 : stacks.reduce((a, p) => a + p.stack, 0) - inPlay;
  return { body: { stacks, ...(off !== 0 && differenceOk ? { differenceConfirmed: true as const } : {}) }, off };
}

// Seat arithmetic on a round table: seats are 1..tableSize, clockwise.

/** The seat after `seat`, clockwise. */
export const nextSeat = (seat: number, tableSize: number): number => (seat % tableSize) + 1;

/** Seats strictly clockwise after `from`, going once round (ending with `from` itself). */
export function seatsAfter(from: number, tableSize: number): number[] {
  const out: number[] = [];
  let s = from;
  for (let i = 0; i < tableSize; i++) {
    s = nextSeat(s, tableSize);
    out.push(s);
  }
  return out;
}

/** The first seat clockwise after `from` (not `from` itself unless it is the only one) in `taken`. */
export function nextTaken(from: number, taken: ReadonlySet<number>, tableSize: number): number | undefined {
  // Walked in place (no list of seats): every hand at every table asks this.
  let s = from;
  for (let i = 0; i < tableSize; i++) {
    s = nextSeat(s, tableSize);
    if (taken.has(s)) return s;
  }
  return undefined;
}

/** Clockwise distance from `from` to `to` (1..tableSize; 0 never: a full turn is tableSize). */
export function clockwise(from: number, to: number, tableSize: number): number {
  const d = (to - from + tableSize) % tableSize;
  return d === 0 ? tableSize : d;
}

/** Occupied seats in clockwise order starting left of `button`. */
export function orderFrom(button: number, taken: ReadonlySet<number>, tableSize: number): number[] {
  const out: number[] = [];
  let s = button;
  for (let i = 0; i < tableSize; i++) {
    s = nextSeat(s, tableSize);
    if (taken.has(s)) out.push(s);
  }
  return out;
}

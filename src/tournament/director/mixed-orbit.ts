// R-BET-9 mixed hold'em switched by orbit: each table changes game (fixed limit ↔ no-limit)
// after every full orbit of its own button. The level in force still gives both blind sets;
// the orbit says which of the two games is played. An orbit is over when the button reaches
// or passes the seat it was on at the table's first hand (or first hand after the final
// table's draw): a seat emptied since is passed all the same, and a dead button that stands
// still for a hand (R-BTN-2) completes nothing.
import type { Level, LevelGame, Structure } from "../structure/index.ts";
import type { TableState } from "./state-model.ts";

/** Whether the structure is mixed hold'em switched by orbit (by level, each level names its game). */
export function mixedByOrbit(st: Structure): boolean {
  return st.mixedBy === "orbit" && st.items.some((it) => it.kind === "level" && (it.game === "limit" || it.limit !== undefined));
}

/** Whether a button moving clockwise from seat `from` to seat `to` reaches or passes seat `mark` (seats 1..size). */
export function buttonPasses(from: number, to: number, mark: number, size: number): boolean {
  const moved = (to - from + size) % size;
  const ahead = (mark - from + size) % size;
  return ahead >= 1 && ahead <= moved;
}

/** Orbits table `t` has completed when its next hand has the button on `button`. */
export function orbitsAt(t: TableState, button: number, size: number): number {
  if (t.last === null) return 0;
  return (t.orbits ?? 0) + (buttonPasses(t.last.button, button, t.orbitSeat ?? t.last.button, size) ? 1 : 0);
}

/** The game of a table's first orbit: the first level's (no-limit when it names none). */
function firstGame(st: Structure): LevelGame {
  for (const it of st.items) if (it.kind === "level") return it.game ?? "no-limit";
  return "no-limit";
}

/** The game played after `orbits` completed orbits: the first orbit's on even counts, the other on odd. */
export function orbitGame(st: Structure, orbits: number): LevelGame {
  const first = firstGame(st);
  if (orbits % 2 === 0) return first;
  return first === "limit" ? "no-limit" : "limit";
}

/** `level` as played in `game` (its limit blinds in a limit orbit, R-BET-9). */
export function levelInGame(level: Level, game: LevelGame): Level {
  return (level.game ?? "no-limit") === game ? level : { ...level, game };
}

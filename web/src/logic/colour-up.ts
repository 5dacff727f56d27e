// The colour-up screen under the room's rule (R-CHIP-2/3): a chip race deals cards for the odd
// chips; a chip-up rounds each player's odd chips up to one higher chip, with no cards and no race.

export type ColourUpMethod = "race" | "up";

export interface ColourUpWords {
  /** The screen's heading. */
  readonly title: "colourUp.title" | "create.colourUp";
  /** The rule said on the screen. */
  readonly rule: "colourUp.rule" | "colourUp.ruleUp";
  /** The button that exchanges one table's chips. */
  readonly run: "colourUp.run" | "colourUp.runUp";
  /** Said once every table is done. */
  readonly allDone: "colourUp.allDone" | "colourUp.allDoneUp";
  /** Whether cards are dealt (or drawn) at all. */
  readonly cards: boolean;
}

export function colourUpWords(method: ColourUpMethod): ColourUpWords {
  return method === "up"
    ? { title: "create.colourUp", rule: "colourUp.ruleUp", run: "colourUp.runUp", allDone: "colourUp.allDoneUp", cards: false }
    : { title: "colourUp.title", rule: "colourUp.rule", run: "colourUp.run", allDone: "colourUp.allDone", cards: true };
}

import type { Preset, Structure, StructureLevel } from "../../../../src/protocol/index.ts";

// Sample data for the mock server: a live room's Friday game, online games, presets.

export const NAMES = [
  "Bodil", "Jiří", "Ioana", "Dmitri", "Alva", "Radka", "Mihai", "Sven", "Olga", "Tomáš",
  "Elin", "Andrei", "Kateřina", "Nils", "Irina", "Vlad", "Astrid", "Petr", "Sorina", "Ivan",
  "Maja", "Ondřej", "Elena", "Gustav", "Zuzana", "Cristian", "Freja", "Pavel", "Anca", "Lars",
];

const lv = (sb: number, bb: number, ante: number, minutes: number, ): StructureLevel => ({ kind: "level", sb, bb, ante, minutes, colourUp: null });
const brk = (minutes: number, colourUp: number | null): StructureLevel => ({ kind: "break", sb: 0, bb: 0, ante: 0, minutes, colourUp });
/** R-BLIND-2: a big-blind ante level (the big blind pays one big blind for the table). */
const bba = (sb: number, bb: number, minutes: number): StructureLevel => ({ kind: "level", sb, bb, ante: bb, minutes, colourUp: null, bigBlindAnte: true });

export const deepstack: Structure = {
  startingStack: 10_000,
  chips: [25, 100, 500, 1000, 5000],
  levels: [
    lv(100, 200, 0, 20), lv(150, 300, 0, 20), lv(200, 400, 0, 20), lv(250, 500, 50, 20),
    brk(10, null),
    lv(300, 600, 75, 20), lv(400, 800, 100, 20), lv(500, 1000, 100, 20), lv(600, 1200, 200, 20),
    brk(15, 25),
    lv(800, 1600, 200, 20), lv(1000, 2000, 300, 20), lv(1500, 3000, 400, 20), lv(2000, 4000, 500, 20),
    lv(3000, 6000, 1000, 20), lv(4000, 8000, 1000, 20), lv(5000, 10_000, 1000, 20), lv(6000, 12_000, 2000, 20),
  ],
};

export const turbo: Structure = {
  startingStack: 5000,
  chips: [5, 25, 100, 500, 1000],
  levels: [
    lv(25, 50, 0, 6), lv(50, 100, 10, 6), lv(100, 200, 25, 6), lv(150, 300, 25, 6), brk(5, 25),
    lv(200, 400, 50, 6), lv(300, 600, 75, 6), lv(500, 1000, 100, 6), lv(800, 1600, 200, 6),
    lv(1200, 2400, 300, 6), lv(2000, 4000, 500, 6), lv(3000, 6000, 600, 6),
  ],
};

/** A 19:00 casino game: 20,000 chips, big-blind ante from level 4 (R-BLIND-2). */
export const casino: Structure = {
  startingStack: 20_000,
  chips: [100, 500, 1000, 5000, 25_000],
  levels: [
    lv(200, 400, 0, 30), lv(300, 600, 0, 30), lv(400, 800, 0, 30), bba(500, 1000, 30),
    brk(15, null),
    bba(600, 1200, 30), bba(800, 1600, 30), bba(1000, 2000, 30), bba(1200, 2400, 30),
    brk(15, 100),
    bba(1500, 3000, 30), bba(2000, 4000, 30), bba(2500, 5000, 30), bba(3000, 6000, 30),
    bba(4000, 8000, 30), bba(5000, 10_000, 30), bba(6000, 12_000, 30), bba(8000, 16_000, 30), bba(10_000, 20_000, 30),
  ],
};

export const PRESETS: Preset[] = [
  { id: "deepstack", name: "Deepstack 20'", description: "10,000 chips, 20-minute levels, re-entry until the 2nd break.", variant: "no-limit", buyIn: 1000, fee: 100, structure: deepstack, reEntry: true, rebuy: false, addOn: false },
  { id: "turbo", name: "Turbo 6'", description: "5,000 chips, 6-minute levels.", variant: "no-limit", buyIn: 500, fee: 50, structure: turbo, reEntry: false, rebuy: false, addOn: false },
  { id: "casino-1900", name: "Casino 19:00", description: "20,000 chips, 30-minute levels, big-blind ante from level 4.", variant: "no-limit", buyIn: 1000, fee: 100, structure: casino, reEntry: true, rebuy: false, addOn: false },
  { id: "rebuy", name: "Rebuy + add-on", description: "Rebuys in the first 6 levels, add-on at the first break.", variant: "no-limit", buyIn: 300, fee: 30, structure: deepstack, reEntry: false, rebuy: true, addOn: true },
];

/** A simple payout table: about 15% of the field paid, steeper at the top. */
export function payoutTable(prizePool: number, entries: number): { place: number; amount: number }[] {
  const places = Math.max(1, Math.min(entries, Math.round(entries * 0.15)));
  const weights = Array.from({ length: places }, (_, i) => 1 / (i + 1.6));
  const sum = weights.reduce((a, b) => a + b, 0);
  const amounts = weights.map((w) => Math.floor((prizePool * w) / sum / 10) * 10);
  amounts[0]! += prizePool - amounts.reduce((a, b) => a + b, 0);
  return amounts.map((amount, i) => ({ place: i + 1, amount }));
}

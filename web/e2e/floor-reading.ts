import type { Page } from "playwright-core";
import { expect } from "vitest";
import { RESOURCES } from "../src/i18n/index.ts";

// What a person reads on the live room's screens, for the browser tests: the
// table map, the clock's time left, English place numbers.

const ORDINAL = { one: "st", two: "nd", few: "rd", other: "th", zero: "th", many: "th" } as const;
/** A place as the English screens print it: 1st, 2nd, 3rd, 11th, 21st. */
export const nth = (p: number) => `${p}${ORDINAL[new Intl.PluralRules("en", { type: "ordinal" }).select(p)]}`;

/** The table map as a person reads it: per table, seat → name (empty seats left out), and the table's tags. */
export async function readMap(page: Page): Promise<Map<number, { names: Map<number, string>; tags: string[]; seats: number; button: number | null }>> {
  await page.waitForSelector("[data-testid=table-map] .map-table", { timeout: 20_000 });
  const raw = await page.$$eval("[data-testid=table-map] .map-table", (cards) =>
    cards.map((c) => ({
      table: Number(c.getAttribute("data-table")),
      seats: c.querySelectorAll(".map-seats li").length,
      names: [...c.querySelectorAll(".map-seats li")].flatMap((li) => {
        const name = li.querySelector(".name")?.textContent;
        return name ? [[Number(li.getAttribute("data-seat")), name] as [number, string]] : [];
      }),
      tags: [...c.querySelectorAll(".tags .tag")].map((x) => x.textContent ?? ""),
      button: Number(c.querySelector(".dealer")?.closest("li")?.getAttribute("data-seat") ?? 0) || null,
    })),
  );
  return new Map(raw.map((x) => [x.table, { names: new Map(x.names), tags: x.tags, seats: x.seats, button: x.button }]));
}

/** The clock's time left as a person reads it ("29:12", "1:05:00"), in seconds. */
export async function readClock(page: Page): Promise<number> {
  const parts = ((await page.textContent("[data-testid=time-left]")) ?? "").trim().split(":").map(Number);
  if (parts.length < 2 || parts.some((x) => !Number.isInteger(x))) throw new Error(`the clock reads ${parts.join(":")}`);
  return parts.reduce((a, x) => a * 60 + x, 0);
}

/** Enters each walk-in at the floor's desk form (the floor screen open) and reads the desk's answer for each. */
export async function enterWalkIns(page: Page, names: readonly string[]): Promise<void> {
  const en = RESOURCES.en;
  const walkIn = page.locator("form.walk-in");
  for (const name of names) {
    await walkIn.getByLabel(en.floor.walkInName).fill(name, { timeout: 20_000 });
    await walkIn.getByRole("button", { name: en.floor.enter }).click();
    await walkInAnswered(page, name);
  }
}

/** Waits until the desk's answer says the walk-in `name` is registered for the draw. */
export async function walkInAnswered(page: Page, name: string): Promise<void> {
  await expect
    .poll(
      () =>
        page
          .locator("form.walk-in .ok")
          .textContent()
          .catch(() => ""),
      { timeout: 20_000 },
    )
    .toBe(RESOURCES.en.floor.registeredForDraw.replace("{{name}}", name));
}

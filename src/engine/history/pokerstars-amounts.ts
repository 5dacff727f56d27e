// Amounts in PokerStars text are decimal strings ("50", "$0.25", "674.5"); the engine
// counts integer units. A hand is read with its amounts kept as text, then one power of
// ten (the hand's scale) turns every amount into an integer, so no float ever rounds.

/** "$1,234.50" → {whole: "1234", frac: "50"}; undefined when the text is no amount. */
export interface DecimalText {
  readonly whole: string;
  readonly frac: string;
  readonly currency: boolean;
}

const AMOUNT = /^([$€£])?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/;

export function readDecimal(text: string): DecimalText | undefined {
  const m = AMOUNT.exec(text);
  if (!m) return undefined;
  return { whole: m[2]!.replaceAll(",", ""), frac: m[3] ?? "", currency: m[1] !== undefined };
}

/** Decimal places that carry a value: "520.0" needs none, "674.5" one. */
export const significantDecimals = (d: DecimalText): number => d.frac.replace(/0+$/, "").length;

/** Exact integer units for a scale of 10^decimals (decimals ≥ significantDecimals(d)). */
export function toUnits(d: DecimalText, decimals: number): number {
  const frac = d.frac.replace(/0+$/, "").padEnd(decimals, "0");
  return Number(d.whole + frac);
}

/** Units back to text: 1250 at 2 decimals → "12.50", at 0 → "1250". */
export function formatUnits(units: number, decimals: number, symbol = ""): string {
  if (decimals === 0) return `${symbol}${units}`;
  const sign = units < 0 ? "-" : "";
  const digits = String(Math.abs(units)).padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  let frac = digits.slice(digits.length - decimals);
  // PokerStars prints whole amounts without decimals ("$2") and cents with two ("$0.50").
  if (/^0+$/.test(frac)) return `${sign}${symbol}${whole}`;
  if (decimals > 2) frac = frac.replace(/0+$/, "").padEnd(2, "0");
  return `${sign}${symbol}${whole}.${frac}`;
}

/** The exponent of ten a scale stands for; undefined when it is not a power of ten. */
export function decimalsOfScale(scale: number): number | undefined {
  let d = 0;
  for (let s = scale; s > 1; s /= 10) {
    if (s % 10 !== 0) return undefined;
    d += 1;
  }
  return scale >= 1 ? d : undefined;
}

// Types for the parts of the npm evaluator `phe` that the tests use (it ships none).
declare module "phe" {
  /** 5 to 7 card codes (rank * 4 + suit, suits s h d c = 0..3); lower is better. */
  export function evaluateCardCodes(codes: readonly number[]): number;
}

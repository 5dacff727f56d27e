export * from "./card.ts";

// Bots: they see only their own view and choose only among the engine's legal actions.
export { botView, timeoutAction, passive, raiseTo, type Bot, type BotView } from "./view.ts";
export { randomBot, callingStation, tightAggressive, preflopScore, BOTS, type BotStyle } from "./styles.ts";
export { playBotHand, type BotHandOptions, type BotHandResult } from "./play-hand.ts";

// One hand played by bots through the engine's command path: each turn the bot sees its
// view, returns an action, and `apply` accepts it or refuses it exactly as for a human.
import type { Card } from "../cards/index.ts";
import { applyOwned, openOwnedHand, type HandConfig, type HandState } from "../engine/index.ts";
import { randomInt, type RandomSource } from "../tournament/index.ts";
import { botViewInto, timeoutAction, type Bot, type BotView } from "./view.ts";

export interface BotHandOptions {
  /** R-TRN-9 speed poker: the share of decisions that run out of the action clock
   * (then the player checks if possible, else folds). Default 0. */
  readonly timeoutRate?: number;
  /** Stop a runaway hand (default 10,000 actions). */
  readonly maxActions?: number;
}

export interface BotHandResult {
  readonly stacks: readonly number[];
  readonly actions: number;
  readonly timeouts: number;
  /** Bot actions the engine refused (then the timeout action was played instead). */
  readonly refused: number;
  readonly state: HandState;
}

export function playBotHand(
  config: HandConfig,
  deck: readonly Card[],
  botFor: (player: number) => Bot,
  rng: RandomSource,
  options: BotHandOptions = {},
): BotHandResult {
  // The hand's one state, changed in place: nothing here looks back at an earlier one.
  // Object.assign, not a spread: on this V8 an object made by spreading reads each absent
  // property (normalizeConfig reads some twenty optional ones) a hundred times slower.
  const opened = openOwnedHand(Object.assign({}, config, { deck }));
  if (!opened.ok) throw new Error(`${opened.error.code}: ${opened.error.message}`);
  const s = opened.value;
  let actions = 0;
  let timeouts = 0;
  let refused = 0;
  const rate = options.timeoutRate ?? 0;
  const max = options.maxActions ?? 10_000;
  let reused: BotView | null = null;
  while (s.phase !== "done") {
    const view = botViewInto(s, reused);
    reused = view;
    if (view === null) throw new Error(`hand stuck in phase ${s.phase}`);
    if (++actions > max) throw new Error("hand did not end");
    let action = rate > 0 && randomInt(rng, 1_000_000) < rate * 1_000_000 ? null : botFor(view.player)(view, rng);
    if (action === null) {
      timeouts++;
      action = timeoutAction(view.legal);
    }
    const refusal = applyOwned(s, action);
    if (refusal !== null) {
      refused++;
      const again = applyOwned(s, timeoutAction(view.legal));
      if (again !== null) throw new Error(`${again.code}: ${again.message}`);
    }
  }
  return { stacks: s.result?.stacks ?? s.stacks, actions, timeouts, refused, state: s };
}

// Time is an input: the server's timers (action clocks, the pause between hands) run on
// the runtime's Clock, so tests drive them with its ManualClock.
export { systemClock, ManualClock, type Clock, type TimerHandle } from "../runtime/index.ts";

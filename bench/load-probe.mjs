// Preloaded into the server process by bench/load.ts (`node --import ./bench/load-probe.mjs`):
// the server's own event-loop delay (perf_hooks.monitorEventLoopDelay), event-loop
// utilisation and CPU over the measured window, asked for over the IPC channel.
import { monitorEventLoopDelay, performance } from "node:perf_hooks";

const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
let cpu = process.cpuUsage();
let at = performance.now();
let elu = performance.eventLoopUtilization();

process.on("message", (m) => {
  if (m === "reset") {
    delay.reset();
    cpu = process.cpuUsage();
    at = performance.now();
    elu = performance.eventLoopUtilization();
  } else if (m === "stats") {
    const used = process.cpuUsage(cpu);
    const ms = (x) => Number((x / 1e6).toFixed(1));
    process.send?.({
      loopDelayMs: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
      cpu: Number(((used.user + used.system) / 1000 / (performance.now() - at)).toFixed(2)),
      elu: Number(performance.eventLoopUtilization(elu).utilization.toFixed(2)),
    });
  }
});
// The channel must not keep the server alive after SIGTERM.
process.channel?.unref();

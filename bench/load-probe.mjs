// Preloaded into the server process by bench/load.ts (`node --import ./bench/load-probe.mjs`):
// the server's own event-loop delay (perf_hooks.monitorEventLoopDelay), event-loop
// utilisation and CPU over the measured window, asked for over the IPC channel.
import { readFileSync } from "node:fs";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";

/** Nanoseconds the main thread waited for a CPU while runnable (Linux /proc schedstat), or null. */
function runqueueNs() {
  try {
    return Number(readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[1]);
  } catch {
    return null;
  }
}

const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
let cpu = process.cpuUsage();
let at = performance.now();
let elu = performance.eventLoopUtilization();
let waited = runqueueNs();

process.on("message", (m) => {
  if (m === "reset") {
    delay.reset();
    cpu = process.cpuUsage();
    at = performance.now();
    elu = performance.eventLoopUtilization();
    waited = runqueueNs();
  } else if (m === "stats") {
    const used = process.cpuUsage(cpu);
    const ms = (x) => Number((x / 1e6).toFixed(1));
    const now = runqueueNs();
    process.send?.({
      loopDelayMs: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
      cpu: Number(((used.user + used.system) / 1000 / (performance.now() - at)).toFixed(2)),
      elu: Number(performance.eventLoopUtilization(elu).utilization.toFixed(2)),
      // Share of the window the event loop was ready to run but other processes held the CPUs.
      cpuWait: now === null || waited === null ? null : Number(((now - waited) / 1e6 / (performance.now() - at)).toFixed(2)),
    });
  }
});
// The channel must not keep the server alive after SIGTERM.
process.channel?.unref();

import { simConfig } from "../src/sim/formats.ts";
import { runPacedTournament, runTournament } from "../src/tournament/director/index.ts";
import { engineHandPlayer } from "../src/sim/hand-player.ts";
const n = Number(process.argv[2] ?? 3000);
const sc = simConfig("freezeout", n, undefined, undefined);
if (!sc.ok) throw sc.error;
const players = Array.from({ length: n }, (_, i) => `p${String(i + 1).padStart(String(n).length, "0")}`);
for (const seed of [7, 8]) {
  const a = runTournament({ config: sc.value.config, players, seed, playHand: engineHandPlayer(), handsPerHour: 30 });
  let idleAt = 0;
  const b = runPacedTournament({ config: sc.value.config, players, seed, playHand: engineHandPlayer(), handsPerHour: 30, onEvent: (e, s) => { if (e.type === "hand-for-hand" && e.on) console.log("h4h on at", (e.at / 60000).toFixed(0), "min, tables", s.tables.size); if (e.type === "final-table") console.log("final table at", (e.at / 60000).toFixed(0)); } });
  if (!a.ok || !b.ok) throw new Error("fail");
  console.log(n, seed, "lockstep", (a.value.endedAt / 60000).toFixed(0), "min", a.value.state.hands, "hands; paced", (b.value.endedAt / 60000).toFixed(0), "min", b.value.state.hands, "hands");
}

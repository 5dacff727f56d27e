// The prediction worker's entry (director-predict-worker.ts): a worker thread starts without
// the main thread's TypeScript loader, so it registers tsx itself, as bin/felt.mjs does.
import { register } from "tsx/esm/api";
register();
await import("./director-predict-thread.ts");

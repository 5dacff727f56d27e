// A free loopback port for a bench's `felt serve` child (shared by bench/load.ts and bench/pace.ts).
import { createServer } from "node:net";

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

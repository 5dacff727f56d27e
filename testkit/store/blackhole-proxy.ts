// A TCP proxy of the test's own in front of a real service, to make the network fail as it
// does in production without touching the service: `blackhole()` keeps every connection
// open and drops every byte both ways (a peer that stopped answering, no RST), new
// connections included; `cut()` closes every connection and closes each new one at once (a
// service that went away: the client's reconnects fail fast, as against a refused port);
// `heal()` forwards again, over connections made from then on.
import { createServer, connect, type Server, type Socket } from "node:net";

export interface BlackholeProxy {
  readonly port: number;
  blackhole(): void;
  cut(): void;
  heal(): void;
  close(): Promise<void>;
}

export async function blackholeProxy(target: { host: string; port: number }): Promise<BlackholeProxy> {
  let mode: "forward" | "drop" | "cut" = "forward";
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => {});
    if (mode === "cut") return void client.destroy();
    // Made while dropping: accepted and never answered.
    if (mode === "drop") return void client.on("data", () => {});
    const upstream = connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on("close", () => sockets.delete(upstream));
    upstream.on("error", () => client.destroy());
    client.on("data", (b) => void (mode === "forward" && upstream.write(b)));
    upstream.on("data", (b) => void (mode === "forward" && client.write(b)));
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    blackhole: () => void (mode = "drop"),
    cut: () => {
      mode = "cut";
      for (const s of sockets) s.destroy();
    },
    heal: () => void (mode = "forward"),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A proxy in front of the service `url` names (its port, else `defaultPort`), and `url` through it. */
export async function proxyInFront(url: string, defaultPort: number): Promise<{ proxy: BlackholeProxy; url: string }> {
  const real = new URL(url);
  const proxy = await blackholeProxy({ host: real.hostname, port: Number(real.port || defaultPort) });
  const via = new URL(url);
  via.hostname = "127.0.0.1";
  via.port = String(proxy.port);
  return { proxy, url: via.toString() };
}

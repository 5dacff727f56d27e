// A TCP proxy of the test's own in front of a real service, to make the network fail as it
// does in production without touching the service: `blackhole()` keeps every connection
// open and drops every byte both ways (a peer that stopped answering, no RST), new
// connections included; `heal()` forwards again, over connections made from then on.
import { createServer, connect, type Server, type Socket } from "node:net";

export interface BlackholeProxy {
  readonly port: number;
  blackhole(): void;
  heal(): void;
  close(): Promise<void>;
}

export async function blackholeProxy(target: { host: string; port: number }): Promise<BlackholeProxy> {
  let dropping = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => {});
    // Made while dropping: accepted and never answered.
    if (dropping) return void client.on("data", () => {});
    const upstream = connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on("close", () => sockets.delete(upstream));
    upstream.on("error", () => client.destroy());
    client.on("data", (b) => void (dropping || upstream.write(b)));
    upstream.on("data", (b) => void (dropping || client.write(b)));
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    blackhole: () => void (dropping = true),
    heal: () => void (dropping = false),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

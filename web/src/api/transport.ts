// How the client reaches the server: over fetch + WebSocket (server-transport.ts). Tests
// may pass another transport carrying the same JSON text, so every frame still goes
// through src/protocol's parsers. There is no fake server: development and browser tests
// run against a real `felt serve` (`felt serve --demo` seeds one).

export interface HttpAnswer {
  readonly status: number;
  readonly body: unknown;
}

export interface SocketHandlers {
  onOpen(): void;
  onFrame(text: string): void;
  onClose(): void;
}

export interface SocketLike {
  send(text: string): void;
  close(): void;
}

export interface Transport {
  readonly kind: "server" | "test";
  request(method: "GET" | "POST", path: string, body: unknown, token: string | null): Promise<HttpAnswer>;
  /** A socket to the server, or (`at`, an http(s) origin) to one member of its cluster: a table's home. */
  openSocket(handlers: SocketHandlers, at?: string): SocketLike;
}

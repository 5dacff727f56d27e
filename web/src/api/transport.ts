// How the client reaches a server: the real one over fetch + WebSocket, or the in-browser
// mock (web/src/api/mock/) for development and tests. Both carry the same JSON text, so
// every frame still goes through src/protocol's parsers.

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
  readonly kind: "server" | "mock";
  request(method: "GET" | "POST", path: string, body: unknown, token: string | null): Promise<HttpAnswer>;
  openSocket(handlers: SocketHandlers): SocketLike;
}

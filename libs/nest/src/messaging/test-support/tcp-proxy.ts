import { createConnection, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of NATS that a test can cut and restore, to simulate a network drop without
 * restarting the shared nats-server.
 */
export class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;
  private accepting = true;

  private constructor(private readonly target: URL) {
    this.server = createServer((client) => this.accept(client));
  }

  static async start(targetUrl: string): Promise<TcpProxy> {
    const proxy = new TcpProxy(new URL(targetUrl));
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get url(): string {
    return `nats://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Drops every open connection and refuses new ones until restore(). */
  cut(): void {
    this.accepting = false;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.accepting = true;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    if (!this.accepting) {
      client.destroy();
      return;
    }
    const upstream = createConnection({ host: this.target.hostname, port: Number(this.target.port) });
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }
}

import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig, productionTransportEnv } from '@copytrade/nest';
import { natsUrl } from '@copytrade/testing';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { GatewayConfig } from '../../src/config/gateway.config';
import { createGatewayApp } from '../../src/create-gateway-app';

/**
 * How the gateway serves the built web app and which headers every answer carries: a dist folder laid out as the
 * build writes it (hashed files under assets/, a .br and a .gz next to each), read over plain HTTP so the bytes on
 * the wire are seen as they are (no client-side decompression).
 */
const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head></html>';
const SCRIPT = `console.log(${JSON.stringify('copytrade '.repeat(200))});`;
const SOURCE_MAP = '{"version":3,"sources":[],"mappings":""}';

let distDir: string;
beforeAll(() => {
  distDir = mkdtempSync(join(tmpdir(), 'gateway-web-'));
  mkdirSync(join(distDir, 'assets'));
  const write = (path: string, text: string, precompressed: boolean) => {
    writeFileSync(join(distDir, path), text);
    if (!precompressed) return;
    writeFileSync(join(distDir, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(distDir, `${path}.gz`), gzipSync(text));
  };
  write('index.html', INDEX_HTML, true);
  write('assets/index-Ab12Cd34.js', SCRIPT, true);
  write('assets/index-Ab12Cd34.js.map', SOURCE_MAP, false);
  write('assets/tiny-Ef56Gh78.css', 'a{}', false);
});
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

async function withGateway(env: Record<string, string>, use: (get: Get) => Promise<void>): Promise<void> {
  const config = loadConfig(GatewayConfig, {
    NATS_URL: await natsUrl(),
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: distDir,
    ...env,
  });
  const app: NestExpressApplication = await createGatewayApp(config);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  try {
    await use((path, headers = {}) => rawGet(port, path, headers));
  } finally {
    await app.close();
  }
}

type Get = (path: string, headers?: Record<string, string>) => Promise<RawResponse>;

function rawGet(port: number, path: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const call = httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end();
  });
}

const DEVELOPMENT = { NODE_ENV: 'development' };
// Production over https (secure cookies), as deployed.
const PRODUCTION = { ...productionTransportEnv('gateway'), CSRF_SECRET: 'x'.repeat(40) };
const CHROME = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('compression', () => {
  it('sends the brotli file when the browser accepts br, with the type of the original and Vary', async () => {
    await withGateway(DEVELOPMENT, async (get) => {
      const response = await get('/assets/index-Ab12Cd34.js', CHROME);
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript; charset=utf-8$/i);
      expect(response.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT);
      expect(response.body.length).toBeLessThan(SCRIPT.length / 10);
    });
  });

  it('sends the gzip file when only gzip is accepted, and the file itself when nothing is', async () => {
    await withGateway(DEVELOPMENT, async (get) => {
      const gzipped = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.body).toString()).toBe(SCRIPT);

      const plain = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(plain.body.toString()).toBe(SCRIPT);
    });
  });

  it.each(['/', '/login', '/dashboard', '/auth/reset-password?token=abc'])(
    'answers the page %s with index.html, compressed and revalidated on each load',
    async (path) => {
      await withGateway(DEVELOPMENT, async (get) => {
        const response = await get(path, CHROME);
        expect(response.status).toBe(200);
        expect(response.headers['content-encoding']).toBe('br');
        expect(response.headers['content-type']).toMatch(/^text\/html; charset=utf-8$/i);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(brotliDecompressSync(response.body).toString()).toBe(INDEX_HTML);
      });
    },
  );
});

describe('caching', () => {
  it('lets browsers keep hashed assets for a year, compressed or not', async () => {
    await withGateway(DEVELOPMENT, async (get) => {
      for (const [path, encoding] of [
        ['/assets/index-Ab12Cd34.js', CHROME],
        ['/assets/index-Ab12Cd34.js', {}],
        ['/assets/tiny-Ef56Gh78.css', CHROME],
      ] as const) {
        const response = await get(path, encoding);
        expect([path, response.status, response.headers['cache-control']]).toEqual([
          path,
          200,
          'public, max-age=31536000, immutable',
        ]);
      }
    });
  });

  it('answers a missing asset with 404, not with index.html under its name', async () => {
    await withGateway(DEVELOPMENT, async (get) => {
      const response = await get('/assets/index-Old00000.js', CHROME);
      expect(response.status).toBe(404);
      expect(response.headers['cache-control'] ?? '').not.toMatch(/immutable/);
      expect(response.headers['content-type'] ?? '').not.toMatch(/html/);
    });
  });

  it('has API answers stored by no cache', async () => {
    await withGateway(DEVELOPMENT, async (get) => {
      for (const path of ['/api/maintenance-status', '/api/no-such-route']) {
        const response = await get(path, CHROME);
        expect([path, response.headers['cache-control']]).toEqual([path, 'no-store']);
      }
    });
  });
});

describe('source maps', () => {
  it('are a 404 in production, even when a build left them in the folder', async () => {
    await withGateway(PRODUCTION, async (get) => {
      const response = await get('/assets/index-Ab12Cd34.js.map', CHROME);
      expect(response.status).toBe(404);
      expect(response.body.toString()).not.toContain('"mappings"');
    });
  });

  it('are served outside production', async () => {
    await withGateway(DEVELOPMENT, async (get) => {
      const response = await get('/assets/index-Ab12Cd34.js.map', CHROME);
      expect([response.status, response.body.toString()]).toEqual([200, SOURCE_MAP]);
    });
  });
});

describe('security headers', () => {
  const CSP =
    "default-src 'self';base-uri 'self';connect-src 'self';font-src 'self' data:;form-action 'self';" +
    "frame-ancestors 'none';frame-src 'none';img-src 'self' data:;object-src 'none';script-src 'self';" +
    "script-src-attr 'none';style-src 'self' 'unsafe-inline'";

  it.each(['/dashboard', '/assets/index-Ab12Cd34.js', '/api/maintenance-status', '/api/no-such-route'])(
    'are on %s: a CSP with no inline script and no framing, nosniff, a referrer policy, no HSTS over http',
    async (path) => {
      await withGateway(DEVELOPMENT, async (get) => {
        const { headers } = await get(path, CHROME);
        expect(headers['content-security-policy']).toBe(CSP);
        expect(headers['x-content-type-options']).toBe('nosniff');
        expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(headers['x-frame-options']).toBe('DENY');
        expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
        expect(headers['strict-transport-security']).toBeUndefined();
        expect(headers['x-powered-by']).toBeUndefined();
      });
    },
  );

  it('add HSTS and upgrade-insecure-requests in production over https', async () => {
    await withGateway(PRODUCTION, async (get) => {
      for (const path of ['/login', '/api/maintenance-status']) {
        const { headers } = await get(path, CHROME);
        expect([path, headers['strict-transport-security']]).toEqual([path, 'max-age=31536000; includeSubDomains']);
        expect(headers['content-security-policy']).toBe(`${CSP};upgrade-insecure-requests`);
      }
    });
  });

  it('leave HSTS out in production when cookies are not secure (served over plain http)', async () => {
    await withGateway({ ...PRODUCTION, COOKIE_SECURE: 'false' }, async (get) => {
      const { headers } = await get('/login', CHROME);
      expect(headers['strict-transport-security']).toBeUndefined();
      expect(headers['content-security-policy']).toBe(CSP);
    });
  });
});

import { useTestPlatform } from '../src/support/test-platform';

/**
 * The built web app as the started product serves it: precompressed by the build, hashed files cached for good,
 * index.html revalidated, no source maps, and a Content-Security-Policy the built page passes (no inline script).
 */
const suite = useTestPlatform('web-serving');
const CHROME = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const get = (path: string, headers: Record<string, string> = CHROME) =>
  fetch(new URL(path, suite.platform.url), { headers });

/** The files the page loads before any route's own chunk: scripts, module preloads, stylesheets. */
const filesOf = (html: string) => [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map(([, file]) => file);

it('serves the login page and every file it loads brotli-compressed; hashed files are kept a year, the page never', async () => {
  const page = await get('/login');
  expect([page.status, page.headers.get('content-encoding'), page.headers.get('cache-control')]).toEqual([
    200,
    'br',
    'no-cache',
  ]);
  expect(page.headers.get('vary')).toMatch(/Accept-Encoding/i);
  const files = filesOf(await page.text());
  expect(files.some((file) => file.endsWith('.js'))).toBe(true);
  expect(files.some((file) => file.endsWith('.css'))).toBe(true);
  for (const file of files) {
    const response = await get(file);
    expect([file, response.status, response.headers.get('content-encoding')]).toEqual([file, 200, 'br']);
    expect([file, response.headers.get('cache-control')]).toEqual([file, 'public, max-age=31536000, immutable']);
    expect(response.headers.get('content-type')).toMatch(file.endsWith('.js') ? /javascript/ : /^text\/css/);
    expect(await response.text()).not.toContain('sourceMappingURL');
  }
});

it('sends gzip to a client without brotli and the plain file to one that accepts neither', async () => {
  const file = filesOf(await (await get('/')).text()).find((path) => path.endsWith('.js')) ?? 'no script';
  const gzipped = await get(file, { 'accept-encoding': 'gzip' });
  expect([gzipped.status, gzipped.headers.get('content-encoding')]).toEqual([200, 'gzip']);
  const plain = await get(file, { 'accept-encoding': 'identity' });
  expect([plain.status, plain.headers.get('content-encoding')]).toEqual([200, null]);
  expect(await plain.text()).toBe(await gzipped.text());
});

it('publishes no source maps: the build writes none', async () => {
  for (const file of filesOf(await (await get('/')).text()))
    expect([file, (await get(`${file}.map`)).status]).toEqual([file, 404]);
});

it('answers a client route with index.html, which has no inline script for the CSP to refuse', async () => {
  const page = await get('/dashboard');
  expect([page.status, page.headers.get('cache-control')]).toEqual([200, 'no-cache']);
  const csp = page.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("script-src 'self';");
  expect(csp).toContain("frame-ancestors 'none'");
  const html = await page.text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attributes, body] of scripts)
    expect([attributes, body.trim()]).toEqual([expect.stringMatching(/\bsrc="\/assets\//), '']);
  expect(html).not.toMatch(/\son[a-z]+=/i);
});

it('gives API answers the security headers too, and no cache may store them', async () => {
  const response = await get('/api/maintenance-status');
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
});

import request from 'supertest';

/**
 * A browser-like API client: keeps cookies (supertest agent) and sends the CSRF token on every
 * state-changing call, refreshing it after login and logout as the web app does.
 */
export class ApiSession {
  readonly agent: ReturnType<typeof request.agent>;
  private csrfToken = '';

  constructor(readonly baseUrl: string) {
    this.agent = request.agent(baseUrl);
  }

  async refreshCsrf(): Promise<string> {
    const response = await this.agent.get('/api/csrf-token').expect(200);
    this.csrfToken = response.body.csrfToken as string;
    return this.csrfToken;
  }

  get(path: string) {
    return this.agent.get(path);
  }

  post(path: string, body?: object) {
    return this.send('post', path, body ?? {});
  }

  put(path: string, body?: object) {
    return this.send('put', path, body ?? {});
  }

  /** Any method, any body (malformed ones included); state-changing methods carry the CSRF token. */
  async send(
    method: 'get' | 'post' | 'put' | 'delete' | 'patch',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    // The token first: the agent attaches its cookies (the CSRF cookie too) when a request is created.
    if (method !== 'get' && !this.csrfToken) await this.refreshCsrf();
    let call = this.agent[method](path).set(headers);
    if (method !== 'get') call = call.set('x-csrf-token', this.csrfToken);
    return body === undefined ? call : call.send(body as object);
  }

  async login(username: string, password: string) {
    const response = await this.post('/api/login', { username, password });
    await this.refreshCsrf();
    return response;
  }

  async logout() {
    const response = await this.post('/api/logout');
    await this.refreshCsrf();
    return response;
  }
}

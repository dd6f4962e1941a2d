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

  async post(path: string, body?: object) {
    if (!this.csrfToken) await this.refreshCsrf();
    return this.agent.post(path).set('x-csrf-token', this.csrfToken).send(body ?? {});
  }

  async put(path: string, body?: object) {
    if (!this.csrfToken) await this.refreshCsrf();
    return this.agent.put(path).set('x-csrf-token', this.csrfToken).send(body ?? {});
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

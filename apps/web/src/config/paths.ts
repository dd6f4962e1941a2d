/**
 * The route table (docs/product.md#screens-and-routes).
 * `path` is the router pattern; `getHref` builds a link to it.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  requestBeta: { path: '/request-beta', getHref: () => '/request-beta' },
  contact: { path: '/contact', getHref: () => '/contact' },

  auth: {
    login: {
      path: '/login',
      getHref: (email?: string) => (email ? `/login?email=${encodeURIComponent(email)}` : '/login'),
    },
    forgotPassword: { path: '/auth/forgot-password', getHref: () => '/auth/forgot-password' },
    /** Older links use the short form; it shows the same screen. */
    forgotPasswordAlias: { path: '/forgot-password', getHref: () => '/forgot-password' },
    resetPassword: {
      path: '/auth/reset-password',
      getHref: (token?: string) =>
        token ? `/auth/reset-password?token=${encodeURIComponent(token)}` : '/auth/reset-password',
    },
    betaSignup: {
      path: '/beta-signup',
      getHref: (email?: string) => (email ? `/beta-signup?email=${encodeURIComponent(email)}` : '/beta-signup'),
    },
  },

  app: {
    dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
    tradingTerminal: { path: '/trading-terminal', getHref: () => '/trading-terminal' },
    discovery: { path: '/discovery', getHref: () => '/discovery' },
    trace: {
      path: '/trace/:traceId',
      getHref: (traceId: string) => `/trace/${encodeURIComponent(traceId)}`,
    },
    traceDashboard: {
      path: '/trace/:traceId/dashboard',
      getHref: (traceId: string) => `/trace/${encodeURIComponent(traceId)}/dashboard`,
    },
    settings: {
      path: '/settings',
      /** `tab` opens one of the three tabs (account, brokerage, notifications). */
      getHref: (tab?: 'account' | 'brokerage' | 'notifications') => (tab ? `/settings?tab=${tab}` : '/settings'),
    },
    myCopies: { path: '/my-copies', getHref: () => '/my-copies' },
    notifications: { path: '/notifications', getHref: () => '/notifications' },
    admin: { path: '/admin', getHref: () => '/admin' },
  },

  /** An e-mail's one-click unsubscribe link (no sign-in needed). */
  unsubscribe: { path: '/unsubscribe', getHref: () => '/unsubscribe' },

  dev: {
    /** Development only: the mailbox of e-mails the product would have sent (GET /api/dev/mail). */
    mail: {
      path: '/dev/mail',
      getHref: (to?: string) => (to ? `/dev/mail?to=${encodeURIComponent(to)}` : '/dev/mail'),
    },
  },

  /**
   * The paper broker's own pages, outside the product's screens: its connection portal (it stands in for the
   * provider's portal; the connection-portal URL points here) and its small trading page.
   */
  paper: {
    portal: {
      path: '/paper/portal/:sessionId',
      getHref: (sessionId: string) => `/paper/portal/${encodeURIComponent(sessionId)}`,
    },
    trade: { path: '/paper/trade', getHref: () => '/paper/trade' },
  },

  notFound: { path: '*' },
} as const;

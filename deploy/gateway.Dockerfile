# syntax=docker/dockerfile:1
# copytrade `gateway`: public HTTP API (/api/*) + the built web app (apps/web/dist), /health and /ready on PORT (3000).
#
# Build from the repository root (the context must be the whole monorepo):
#   docker build -f deploy/gateway.Dockerfile -t copytrade/gateway:dev .
# Migrations are NOT run here nor at boot: see deploy/migrate.Dockerfile.

ARG NODE_IMAGE=node:20-bookworm-slim

# ---------------------------------------------------------------------------------------------------------------
# manifests: only package.json files + the lockfile, so the `npm ci` layer below stays cached until they change.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /repo
COPY . .
RUN mkdir -p /manifests \
 && find . -name package.json -not -path '*/node_modules/*' -exec cp --parents '{}' /manifests/ ';' \
 && cp package-lock.json /manifests/

# ---------------------------------------------------------------------------------------------------------------
# build: toolchain for argon2's native addon, all dependencies (dev included), nx build of the app, its libs and
# the web app (Vite) that the gateway serves.
FROM ${NODE_IMAGE} AS build
# npm 11 honours the root package.json `allowScripts` (which dependencies may run install scripts);
# the npm bundled with Node 20 does not.
ARG NPM_VERSION=11.19.1
ENV NX_DAEMON=false \
    NX_NO_CLOUD=true \
    NX_TUI=false \
    npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ tini \
 && rm -rf /var/lib/apt/lists/* \
 && npm install -g "npm@${NPM_VERSION}"
WORKDIR /repo
COPY --from=manifests /manifests/ ./
# `npm ci` installs exactly package-lock.json and refuses a lockfile out of sync with the manifests. Stopgap only,
# while the lockfile lacks other platforms' optional packages: --build-arg NPM_INSTALL="npm install --no-save"
ARG NPM_INSTALL="npm ci"
RUN --mount=type=cache,target=/root/.npm ${NPM_INSTALL}
COPY . .
RUN npx nx run gateway:build \
 && npx nx run web:build
# Runtime dependencies only; workspace links (node_modules/@copytrade/* -> libs/*) are kept.
RUN npm prune --omit=dev && rm -rf node_modules/.cache

# ---------------------------------------------------------------------------------------------------------------
# runtime: production node_modules + compiled app and libs, owned by root and read-only for the `node` user.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app
# tini as PID 1: forwards SIGTERM to node and reaps zombies.
COPY --from=build /usr/bin/tini /usr/bin/tini
COPY --from=build /repo/package.json ./package.json
COPY --from=build /repo/node_modules ./node_modules
COPY --from=build /repo/libs/contracts/package.json ./libs/contracts/package.json
COPY --from=build /repo/libs/contracts/dist ./libs/contracts/dist
COPY --from=build /repo/libs/nest/package.json ./libs/nest/package.json
COPY --from=build /repo/libs/nest/dist ./libs/nest/dist
COPY --from=build /repo/apps/gateway/package.json ./apps/gateway/package.json
COPY --from=build /repo/apps/gateway/dist ./apps/gateway/dist
COPY --from=build /repo/apps/web/dist ./apps/web/dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
# A 32 MiB young generation: fewer scavenges under many small requests (tools/dev NODE_FLAGS says why).
CMD ["node", "--max-semi-space-size=32", "apps/gateway/dist/main.js"]

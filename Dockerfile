# syntax=docker/dockerfile:1
# Toolworks in one image: the API and the built SPA on port 3000, SQLite under /data.
# Build:  docker build -t toolworks --build-arg VITE_FIREBASE_API_KEY=... (see docs/deployment.md)
# Run:    docker run -p 3000:3000 -v toolworks-data:/data --env-file .env.production toolworks

# ---- build: all dependencies (better-sqlite3 compiles from source), then the server and client
FROM node:20-bookworm-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 NO_UPDATE_NOTIFIER=1 CI=true
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci
COPY . .
# The client reads its VITE_* settings at build time, so they are build arguments.
ARG VITE_FIREBASE_API_KEY=""
ARG VITE_FIREBASE_AUTH_DOMAIN=""
ARG VITE_FIREBASE_PROJECT_ID=""
ARG VITE_FIREBASE_APP_ID=""
ARG VITE_API_URL="/api"
RUN npm run build \
 && npm prune --omit=dev

# ---- runtime: production dependencies and the dist folders, no compiler, not root
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
# The whole server folder: dist, package.json ("type": "module") and any nested node_modules.
COPY --from=build /app/server ./server
# node_modules/@toolworks/contract links here; node loads its dist (package.json `exports`).
COPY --from=build /app/packages/contract/package.json ./packages/contract/
COPY --from=build /app/packages/contract/dist ./packages/contract/dist
COPY --from=build /app/client/dist ./client/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# node as PID 1 gets SIGTERM from `docker stop` and drains open requests before exiting.
# The V8 flags of scripts/server-flags.mjs (why: there).
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=30", "server/dist/start.js"]

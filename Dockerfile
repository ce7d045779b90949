# syntax=docker/dockerfile:1
# The service in a container: built with the dev dependencies, run with the production ones only.
# docker build -t petstore . && docker run --stop-timeout 20 -p 8080:8080 -v petstore-data:/data -e API_KEYS=my-key petstore
# --stop-timeout 20 (Compose: stop_grace_period: 20s): a stop takes up to SHUTDOWN_GRACE and then
# SHUTDOWN_TIMEOUT, settling included (5 + 10 s by default), where docker stop waits 10 s, then kills.
# A backup from the running container: docker exec <container> petstore pets export > backup.ndjson

# The Node version of .node-version.
ARG NODE_VERSION=24.21.0

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY core core
COPY adapters adapters
COPY app app
RUN npm run build
# The image runs the modules only: no type declarations, no build information.
RUN find dist -type f ! -name '*.js' -delete

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 SQLITE_PATH=/data/petstore.db
WORKDIR /app
COPY package.json package-lock.json ./
# TypeScript is only an optional peer of valibot: --omit=optional keeps it out.
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --omit=optional --no-audit --no-fund
COPY --from=build /app/dist dist
# `petstore` on PATH, run by node itself, for the commands.
RUN chmod +x dist/app/cli.js && ln -s "$PWD/dist/app/cli.js" /usr/local/bin/petstore
# The image's own unprivileged user owns the database's volume and nothing else (a folder
# bind-mounted there must be writable by its uid, 1000).
RUN mkdir /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 8080
# It asks /healthz where HOST and PORT say the service listens; probes are logged at debug level only.
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s CMD ["node", "dist/app/health-check.js"]
# node itself is PID 1, not npm or a shell: SIGTERM reaches the service, which drains and exits 0.
CMD ["node", "dist/app/cli.js", "serve"]

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
COPY package.json package-lock.json tsconfig.json tsconfig.base.json tsconfig.build.json ./
COPY core core
COPY testing testing
COPY adapters adapters
COPY app app
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
# The service's tarball and its siblings', as npm pack makes them (the contract kits go to packs/kits/).
RUN npm run pack:all

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 SQLITE_PATH=/data/petstore.db
# Installed as a project installs it, from the service's tarball and its siblings': one node_modules, each
# package once. TypeScript is only an optional peer of valibot: --omit=optional keeps it out.
WORKDIR /app
COPY --from=build /app/packs /tmp/packs
RUN --mount=type=cache,target=/root/.npm npm install --omit=optional --no-audit --no-fund /tmp/packs/*.tgz
RUN rm -r /tmp/packs
# `petstore` on PATH, run by node itself, for the commands.
RUN ln -s /app/node_modules/petstore/dist/app/cli.js /usr/local/bin/petstore
# The image's own unprivileged user owns the database's volume and nothing else (a folder
# bind-mounted there must be writable by its uid, 1000).
RUN mkdir /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 8080
# It asks /healthz where HOST and PORT say the service listens; probes are logged at debug level only.
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s CMD ["node", "node_modules/petstore/dist/app/health-check.js"]
# node itself is PID 1, not npm or a shell: SIGTERM reaches the service, which drains and exits 0.
CMD ["node", "node_modules/petstore/dist/app/cli.js", "serve"]

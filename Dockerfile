# syntax=docker/dockerfile:1
# The service in a container: built with the dev dependencies, run with the production ones only.
# docker build -t petstore . && docker run -p 8080:8080 -v petstore-data:/data -e API_KEYS=my-key petstore

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

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 SQLITE_PATH=/data/petstore.db
WORKDIR /app
COPY package.json package-lock.json ./
# TypeScript is only an optional peer of valibot: --omit=optional keeps it out.
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --omit=optional --no-audit --no-fund
COPY --from=build /app/dist dist
# The image's own unprivileged user owns the database's volume and nothing else.
RUN mkdir /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1, not npm or a shell: SIGTERM reaches the service, which drains and exits 0.
CMD ["node", "dist/app/cli.js", "serve"]

# Pfahlplaner server image: the compiled server (ADR 0160) and the built web app on Node 20.
# Build: docker build -t pfahlplaner .    Run several instances: see compose.yaml and docs/deployment.md.
# Not built on the development machine (no Docker there): see docs/deployment.md, "What was run here".

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Manifests first: the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY packages/engine/package.json packages/engine/
COPY packages/contracts/package.json packages/contracts/
COPY packages/formats/package.json packages/formats/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/cli/package.json apps/cli/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
# Web app (apps/web/dist) and server (apps/server/dist/server.mjs, calc-worker.mjs), then drop dev packages.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# The runtime needs node_modules (external packages of the bundle), the server's package.json (version),
# its migrations (run at start), the bundle and the web build. Sources stay out of the image.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages ./packages
COPY --from=build /app/apps/server/package.json ./apps/server/package.json
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Liveness without the database (ADR 0161); the proxy checks /api/ready.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+(process.env.API_BASE||'/api')+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node itself is PID 1's child under `init: true` (compose) and handles SIGTERM: graceful shutdown (ADR 0162).
CMD ["node", "apps/server/dist/server.mjs"]

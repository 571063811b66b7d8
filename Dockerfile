# Production image: multi-stage, runs as the unprivileged `node` user.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json prisma.config.ts ./
COPY tools ./tools
COPY prisma ./prisma
RUN npm install --no-audit --no-fund
COPY . .
RUN node tools/build-api.mjs && node node_modules/vite/bin/vite.js build --config apps/web/vite.config.mts

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
# the bundle already contains the generated Prisma client; bcrypt loads its shipped prebuilt binary
RUN npm install --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# the word checker's spelling list, built by postinstall (tools/build-wordlist.mjs) in the build stage
COPY --from=build /app/node_modules/.cache/polski ./node_modules/.cache/polski
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/content ./content
COPY --from=build /app/data ./data
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# the API's runtime settings: tools/api-process.mjs (checked by tools/api-process.spec.mjs)
ENV MALLOC_ARENA_MAX=2
ENV MALLOC_MMAP_THRESHOLD_=131072
ENV MALLOC_TRIM_THRESHOLD_=131072
CMD ["node", "--max-semi-space-size=8", "--max-old-space-size=160", "dist/apps/api/main.js"]

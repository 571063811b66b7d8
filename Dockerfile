# Production image: multi-stage, runs as the unprivileged `node` user. The last stage, `runtime`, is the default
# target and the production image; `development` adds the Stripe emulator for docker-compose.yml's local stack.
# Node 24 (LTS, maintained until 2028-04-30): both stages on one line, which package.json's `engines` lists
# (tools/build-api.spec.mjs checks both; docs/deploy.md, "Node versions", says what was tested).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json prisma.config.ts ./
COPY tools ./tools
COPY prisma ./prisma
RUN npm install --no-audit --no-fund
COPY . .
RUN node tools/build-api.mjs && node node_modules/vite/bin/vite.js build --config apps/web/vite.config.mts
# every lesson's and episode's audio (docs/content.md, "Audio"): eSpeak NG offline, or Google/Azure when their keys
# are passed as build secrets; a failed item fails the build
ENV MEDIA_DIR=/app/.data/media
RUN --mount=type=secret,id=tts_env,required=false \
  sh -c 'if [ -f /run/secrets/tts_env ]; then set -a; . /run/secrets/tts_env; set +a; fi; node node_modules/tsx/dist/cli.mjs tools/audio-render.ts --quiet' \
  && rm -rf /app/.data/media/clips

# what the production image holds (the `runtime` stage at the end adds nothing to it)
FROM node:24-bookworm-slim AS runtime-base
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
# the bundle already contains the generated Prisma client; bcrypt loads its shipped prebuilt binary
RUN npm install --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
# the web app, and of the API only its bundle: the build also writes dist/apps/api/stripe-emulator.js (the Stripe
# emulator, loaded only without Stripe keys, which production refuses), and the production image must not contain
# it (tools/build-api.spec.mjs checks the stages)
COPY --from=build /app/dist/apps/web ./dist/apps/web
COPY --from=build /app/dist/apps/api/main.js /app/dist/apps/api/main.js.map ./dist/apps/api/
# the word checker's spelling list, built by postinstall (tools/build-wordlist.mjs) in the build stage
COPY --from=build /app/node_modules/.cache/polski ./node_modules/.cache/polski
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/content ./content
COPY --from=build /app/data ./data
# the rendered audio (tracks and manifests; the clips cache stays in the build stage)
COPY --from=build --chown=node:node /app/.data/media ./.data/media
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

# docker-compose.yml's local stack (NODE_ENV=development, no Stripe keys): the production image plus the emulator's
# file, which the API loads on demand when no STRIPE_SECRET_KEY is given
FROM runtime-base AS development
COPY --from=build /app/dist/apps/api/stripe-emulator.js /app/dist/apps/api/stripe-emulator.js.map ./dist/apps/api/

# the production image (the default target, so `docker build .` builds it): no stand-in's file
FROM runtime-base AS runtime

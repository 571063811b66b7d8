#!/usr/bin/env node
// What each layer of the API's middleware costs per request: Express alone, then with the JSON body parser, helmet,
// the Prometheus histogram and pino-http added one at a time, configured like apps/api/src/app.ts (an approximation:
// app.ts is the reference). Each variant runs in its own process answering a tiny JSON; the figure that matters is
// the CPU time per request, which is less sensitive to a noisy machine than requests/s.
//
//   node tools/bench/stack.mjs [--duration 6] [--connections 64]
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { args, cannon, cpuTicks, freePort, machine, summarize } from './lib.mjs';

/* global Buffer */

const VARIANTS = [
  'bare-node',
  'express',
  'express+json',
  'express+helmet',
  'express+metrics',
  'express+pino-http',
  'all',
];

/** Tells the benchmark (this process's parent, through fork's IPC channel) that the variant is listening. */
function ready() {
  if (!process.send)
    throw new Error('stack.mjs --serve runs as a child of stack.mjs (fork), which it reports to');
  process.send('ready');
}

async function serve(variant, port) {
  const body = JSON.stringify({ status: 'ok' });
  if (variant === 'bare-node') {
    createServer((_req, res) => {
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
      });
      res.end(body);
    }).listen(port, '127.0.0.1', ready);
    return;
  }
  const { default: express } = await import('express');
  const has = (part) => variant === 'all' || variant.split('+').includes(part);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'strong');
  if (has('metrics')) {
    const { Registry, Histogram, Counter, collectDefaultMetrics } = await import('prom-client');
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const labelNames = ['method', 'route', 'status'];
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'latency',
      labelNames,
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'requests',
      labelNames,
      registers: [registry],
    });
    app.use((req, res, next) => {
      const end = duration.startTimer();
      res.on('finish', () => {
        const labels = { method: req.method, route: 'x', status: String(res.statusCode) };
        end(labels);
        requests.inc(labels);
      });
      next();
    });
  }
  if (has('pino-http')) {
    const { default: pino } = await import('pino');
    const { pinoHttp } = await import('pino-http');
    const logger = pino({
      level: 'warn',
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
        censor: '[redacted]',
      },
    });
    app.use(
      pinoHttp({
        logger,
        genReqId: (_req, res) => {
          const id = randomUUID();
          res.setHeader('X-Request-Id', id);
          return id;
        },
        customLogLevel: (_req, res, err) =>
          err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      }),
    );
  }
  if (has('helmet')) {
    const { default: helmet } = await import('helmet');
    app.use(
      helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] },
        },
        crossOriginEmbedderPolicy: false,
      }),
    );
  }
  const api = express.Router();
  if (has('json')) {
    const json = express.json({ limit: '100kb' });
    api.use((req, res, next) => json(req, res, next));
  }
  api.get('/thing', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  app.use('/api', api);
  createServer(app).listen(port, '127.0.0.1', ready);
}

if (process.argv[2] === '--serve') {
  await serve(process.argv[3], Number(process.argv[4]));
} else {
  const opts = args({ duration: 6, connections: 64 });
  const facts = machine();
  console.log(`machine: ${facts.nproc} CPUs, node ${facts.node}, load ${facts.loadAverage.join(' ')}`);
  console.log('| variant | req/s | µs of CPU per request | p99 ms |\n| --- | ---: | ---: | ---: |');
  for (const variant of VARIANTS) {
    const port = await freePort();
    const child = fork(fileURLToPath(import.meta.url), ['--serve', variant, String(port)]);
    await new Promise((resolve) => child.once('message', resolve));
    const url = `http://127.0.0.1:${port}/api/thing`;
    await cannon({ url, connections: opts.connections, duration: 2 });
    const ticks = cpuTicks(child.pid);
    const r = summarize(await cannon({ url, connections: opts.connections, duration: opts.duration }));
    const cpuSeconds = (cpuTicks(child.pid) - ticks) / 100;
    const perRequest = Math.round((cpuSeconds * 1e6) / r.total);
    console.log(`| ${variant} | ${r.requestsPerSecond} | ${perRequest} | ${r.p99Ms} |`);
    child.kill();
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

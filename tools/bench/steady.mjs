// An open-model load at a steady rate over a fixed number of keep-alive connections (docs/performance.md,
// "Learning requests at 64 connections"). autocannon is a closed model: each connection sends its next request
// when the answer arrives, so it measures a queue at saturation, and its `overallRate` releases each second's
// requests together. Here request n of the run is due at start + n / rate on connection n % connections, whatever
// the earlier answers did, and its latency counts from that due time, not from when it could be sent: a request
// that waits behind a slow one on its connection is charged for the wait (no coordinated omission, as wrk2 does).
// Percentiles come from an HDR histogram (hdr-histogram-js, the one autocannon uses), in microseconds.
import { Agent, request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import * as hdr from 'hdr-histogram-js';

/* global Buffer, performance */

/**
 * @param {object} o
 * @param {string} o.url the server's origin
 * @param {number} o.connections keep-alive connections, one request in flight on each
 * @param {number} o.rate requests per second across all connections
 * @param {number} o.duration seconds of sending
 * @param {(connection: number, n: number) => { method?: string, path: string, headers?: object, body?: string }} o.request
 * @param {number} [o.timeout] seconds before a request counts as timed out
 */
export async function steady({ url, connections, rate, duration, request, timeout = 10 }) {
  if (!(rate > 0) || !(connections > 0) || !(duration > 0))
    throw new Error('steady: rate, connections and duration');
  const origin = new URL(url);
  const agents = Array.from({ length: connections }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
  const histogram = hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: timeout * 1e6 * 2,
    autoResize: true,
  });
  const statuses = {};
  let errors = 0;
  let timeouts = 0;
  let completed = 0;
  let lateSends = 0;
  const total = Math.floor(rate * duration);
  const pending = new Set();
  const startedAt = performance.now() + 50;

  const send = (n) => {
    const due = startedAt + (n * 1000) / rate;
    const connection = n % connections;
    const spec = request(connection, n);
    const body = spec.body === undefined ? undefined : Buffer.from(spec.body);
    const p = new Promise(
      /** @param {(v?: undefined) => void} resolve */ (resolve) => {
        const req = httpRequest(
          {
            host: origin.hostname,
            port: origin.port,
            method: spec.method ?? 'GET',
            path: spec.path,
            agent: agents[connection],
            headers: { ...(spec.headers ?? {}), ...(body ? { 'content-length': body.length } : {}) },
          },
          (res) => {
            res.resume();
            res.on('end', () => {
              clearTimeout(timer);
              histogram.recordValue(Math.max(1, Math.round((performance.now() - due) * 1000)));
              statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
              completed++;
              resolve();
            });
          },
        );
        let timedOut = false;
        const timer = setTimeout(() => {
          timedOut = true;
          timeouts++;
          req.destroy(new Error('timeout'));
        }, timeout * 1000);
        req.on('error', () => {
          clearTimeout(timer);
          if (!timedOut) errors++;
          resolve();
        });
        req.end(body);
      },
    );
    pending.add(p);
    p.then(() => pending.delete(p));
  };

  // the sender: wakes every millisecond and sends what is due; a send later than 2 ms past its due time is counted
  let next = 0;
  while (next < total) {
    const now = performance.now();
    while (next < total && startedAt + (next * 1000) / rate <= now) {
      if (now - (startedAt + (next * 1000) / rate) > 2) lateSends++;
      send(next++);
    }
    await sleep(1);
  }
  const sendingSeconds = (performance.now() - startedAt) / 1000;
  await Promise.all(pending);
  for (const a of agents) a.destroy();
  const ms = (p) => Math.round(histogram.getValueAtPercentile(p) / 10) / 100;
  return {
    rate,
    connections,
    sent: total,
    completed,
    requestsPerSecond: Math.round((completed / sendingSeconds) * 10) / 10,
    p50Ms: ms(50),
    p90Ms: ms(90),
    p99Ms: ms(99),
    maxMs: Math.round(histogram.maxValue / 10) / 100,
    non2xx: Object.entries(statuses)
      .filter(([s]) => !s.startsWith('2'))
      .reduce((sum, [, count]) => sum + count, 0),
    errors,
    timeouts,
    lateSends,
    statuses,
  };
}

// Load generator for `npm run bench`, run as its own process so it never shares an event loop
// with the server it measures. Input: one JSON argument, or `@file` naming a file that holds it (a
// long request list is past the kernel's limit on one argument); output: one JSON line on stdout.
//
// mode "paced": requests leave at a steady rate (request i at t0 + i/rate) whatever the answers do,
// and latency runs from the moment a request was due, so a slow server cannot hide its queue
// (no coordinated omission). This is what "p99 at 500 requests/s" means in DESIGN §7.
//
// mode "autocannon": autocannon with `overallRate`. Its rate limit lets each connection send as
// fast as it can until it has made its share for the current second, then wait for the next one:
// the load arrives in bursts at the top of every second, with all connections busy at once.
//
// With `work` ({ serverPids, dbUrl }), the measured run also reports what it cost the server and
// its database (scripts/bench/work.mjs), over the same window.
import { readFileSync } from "node:fs";
import http from "node:http";
import autocannon from "autocannon";
import { watchWork } from "./work.mjs";

const input = process.argv[2];
const cfg = JSON.parse(input.startsWith("@") ? readFileSync(input.slice(1), "utf8") : input);
const requests = cfg.requests.map((r) => ({ ...r, body: r.body === undefined ? undefined : Buffer.from(r.body) }));
const target = new URL(cfg.url);

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const round = (n) => (n === null || n === undefined ? null : Math.round(n * 100) / 100);

function summary(samples, codes, errors, seconds, bytes) {
  samples.sort((a, b) => a - b);
  const total = Object.values(codes).reduce((s, n) => s + n, 0);
  return {
    requests: total,
    achievedRate: Math.round(total / seconds),
    ok: samples.length,
    non2xx: total - samples.length,
    errors,
    statusCodes: codes,
    p50: round(percentile(samples, 50)),
    p90: round(percentile(samples, 90)),
    p99: round(percentile(samples, 99)),
    p999: round(percentile(samples, 99.9)),
    max: round(samples[samples.length - 1] ?? null),
    mean: round(samples.length ? samples.reduce((s, n) => s + n, 0) / samples.length : null),
    bytesPerResponse: total ? Math.round(bytes / total) : 0,
  };
}

// A server that cannot keep up would otherwise queue minutes of requests: past two seconds of
// backlog new requests are not sent (counted as dropped), and what is still unanswered five
// seconds after the last one was due is abandoned (counted as errors).
const MAX_BACKLOG_S = 2;
const DRAIN_S = 5;

/** One request, due at `due`; its answer (or its failure) is counted in `tally`. */
function send(agent, r, due, tally) {
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: r.method,
        path: r.path,
        headers: { ...r.headers, ...(r.body ? { "content-length": r.body.length } : {}) },
        timeout: 10_000,
      },
      (res) => {
        res.on("data", (chunk) => {
          tally.bytes += chunk.length;
        });
        res.on("end", () => {
          const ms = performance.now() - due;
          tally.codes[res.statusCode] = (tally.codes[res.statusCode] ?? 0) + 1;
          if (res.statusCode >= 200 && res.statusCode < 300) tally.samples.push(ms);
          resolve();
        });
      },
    );
    req.on("timeout", () => {
      tally.timeouts += 1;
      req.destroy(new Error("timeout"));
    });
    req.on("error", () => {
      tally.errors += 1;
      resolve();
    });
    req.end(r.body);
  });
}

async function paced(seconds, record) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: cfg.connections });
  // `timeouts`: errors that are the server being slow, not broken (a smoke run tells them apart).
  const tally = { samples: [], codes: {}, errors: 0, timeouts: 0, bytes: 0 };
  let dropped = 0;
  // How late this process sent each request: time the server never saw, counted in its latency.
  const sendLags = [];
  const total = Math.max(1, Math.round(cfg.rate * seconds));
  const interval = 1000 / cfg.rate;
  const pending = new Set();
  const maxPending = Math.max(cfg.connections, Math.round(cfg.rate * MAX_BACKLOG_S));
  const fire = (i, due) => {
    sendLags.push(performance.now() - due);
    if (pending.size >= maxPending) {
      dropped += 1;
      return;
    }
    const done = send(agent, requests[i % requests.length], due, tally);
    pending.add(done);
    done.then(() => pending.delete(done));
  };
  const t0 = performance.now();
  await new Promise((resolve) => {
    let i = 0;
    const tick = () => {
      const now = performance.now();
      while (i < total && t0 + i * interval <= now) {
        fire(i, t0 + i * interval);
        i++;
      }
      if (i >= total) resolve();
      else setTimeout(tick, Math.max(0, t0 + i * interval - performance.now()));
    };
    tick();
  });
  await Promise.race([Promise.all(pending), new Promise((r) => setTimeout(r, DRAIN_S * 1000))]);
  const abandoned = pending.size;
  const elapsed = (performance.now() - t0) / 1000;
  agent.destroy();
  if (!record) return null;
  sendLags.sort((a, b) => a - b);
  return {
    ...summary(tally.samples, tally.codes, tally.errors + abandoned, elapsed, tally.bytes),
    slow: tally.timeouts + abandoned,
    dropped,
    sendLagP99: round(percentile(sendLags, 99)),
    sendLagMax: round(sendLags[sendLags.length - 1] ?? null),
  };
}

function withAutocannon(seconds, record) {
  return new Promise((resolve, reject) => {
    const samples = [];
    const codes = {};
    let errors = 0;
    const started = performance.now();
    const instance = autocannon(
      {
        url: cfg.url,
        connections: Math.max(1, Math.min(cfg.connections, cfg.rate)),
        overallRate: cfg.rate,
        duration: seconds,
        requests: cfg.requests,
        timeout: 10,
        // Raw response times; autocannon's own correction assumes a 1 ms interval at these rates.
        ignoreCoordinatedOmission: true,
      },
      (err, result) => {
        if (err) return reject(err);
        const elapsed = (performance.now() - started) / 1000;
        resolve(record ? summary(samples, codes, errors + result.timeouts, elapsed, result.throughput.total) : null);
      },
    );
    instance.on("response", (_client, statusCode, _bytes, ms) => {
      codes[statusCode] = (codes[statusCode] ?? 0) + 1;
      if (statusCode >= 200 && statusCode < 300) samples.push(ms);
    });
    instance.on("reqError", () => {
      errors += 1;
    });
  });
}

const run = cfg.mode === "autocannon" ? withAutocannon : paced;
if (cfg.warmup > 0) await run(cfg.warmup, false);
const watch = cfg.work ? await watchWork(cfg.work) : null;
const result = await run(cfg.duration, true);
if (watch) result.work = await watch.stop(result.requests);
console.log(JSON.stringify(result));

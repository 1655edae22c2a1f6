// Load generator for `npm run bench`, run as its own process so it never shares an event loop
// with the server it measures. Input: one JSON argument; output: one JSON line on stdout.
import autocannon from "autocannon";

const cfg = JSON.parse(process.argv[2]);

function run(duration, samples, codes) {
  return new Promise((resolve, reject) => {
    let errors = 0;
    const instance = autocannon(
      {
        url: cfg.url,
        connections: Math.max(1, Math.min(cfg.connections, cfg.rate)),
        overallRate: cfg.rate,
        duration,
        requests: cfg.requests,
        timeout: 10,
        // Raw response times: the rate is fixed, so no correction for senders held back.
        ignoreCoordinatedOmission: true,
      },
      (err, result) => (err ? reject(err) : resolve({ result, errors })),
    );
    instance.on("response", (_client, statusCode, _bytes, ms) => {
      if (!samples) return;
      codes[statusCode] = (codes[statusCode] ?? 0) + 1;
      if (statusCode >= 200 && statusCode < 300) samples.push(ms);
    });
    instance.on("reqError", () => {
      errors += 1;
    });
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const round = (n) => (n === null ? null : Math.round(n * 100) / 100);

if (cfg.warmup > 0) await run(cfg.warmup, null, null);
const samples = [];
const codes = {};
const started = performance.now();
const { result, errors } = await run(cfg.duration, samples, codes);
const seconds = (performance.now() - started) / 1000;
samples.sort((a, b) => a - b);
const total = Object.values(codes).reduce((s, n) => s + n, 0);
console.log(
  JSON.stringify({
    requests: total,
    achievedRate: Math.round(total / seconds),
    ok: samples.length,
    non2xx: total - samples.length,
    errors: errors + result.timeouts,
    statusCodes: codes,
    p50: round(percentile(samples, 50)),
    p90: round(percentile(samples, 90)),
    p99: round(percentile(samples, 99)),
    p999: round(percentile(samples, 99.9)),
    max: round(samples[samples.length - 1] ?? null),
    mean: round(samples.length ? samples.reduce((s, n) => s + n, 0) / samples.length : null),
    bytesPerResponse: total ? Math.round(result.throughput.total / Math.max(1, result.requests.total)) : 0,
  }),
);

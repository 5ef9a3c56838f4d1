import autocannon from 'autocannon';

/**
 * Scenario 10's load, in its own process so the load generator and the server each get a core:
 * `connections` connections for `duration` s over paged, sorted, filtered order lists (pages and
 * status filters vary so no single query is repeated). Prints autocannon's summary as JSON.
 */
const [url, token, tenant, connections, duration] = process.argv.slice(2) as [string, string, string, string, string];
const STATUSES = ['PUBLISHED', 'CONFIRMED', 'NEW', 'APPROVED', 'CLOSED'];
let i = 0;
const path = () => {
  const n = i++;
  return `/sodr/v1/${tenant}/po-headers?page=${n % 50}&size=20&sort=amount,desc&statusCode=${STATUSES[n % STATUSES.length]}&total=estimate`;
};
const r = await autocannon({
  url,
  connections: Number(connections),
  duration: Number(duration),
  headers: { authorization: `bearer ${token}` },
  requests: [{ setupRequest: (req) => ({ ...req, path: path() }) }],
});
process.stdout.write(
  JSON.stringify({ p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max, avg: r.latency.average, requests: r.requests.total, rps: r.requests.average, ok: r['2xx'], errors: r.errors, timeouts: r.timeouts, non2xx: r.non2xx }),
);

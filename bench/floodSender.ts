/**
 * The flooder of `npm run bench:flood`, in a process of its own: a flood comes from someone else's
 * machine, so its sending must not delay the shoppers' load generator's event loop (which would count
 * as the service's latency). One visitor sends batches of 100 events as fast as AISLE_FLOOD_CONNECTIONS
 * keep-alive connections allow, to AISLE_FLOOD_URL (http or https) with AISLE_FLOOD_TOKEN, until its
 * standard input closes. It prints `flooding` at its first answer and, at the end,
 * `{"statuses": {"429": n, …}}` (0: no answer).
 * AISLE_FLOOD_ADDRESS, when set, is sent in X-Forwarded-For (the service trusts it from 127.0.0.1 in the
 * bench); AISLE_FLOOD_LOCAL_ADDRESS sends from that address of this machine (127.0.0.66: a client of
 * its own to a load balancer on 127.0.0.1); AISLE_FLOOD_CA trusts a certificate for https.
 */
import { readFileSync } from 'node:fs';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

const url = new URL(process.env.AISLE_FLOOD_URL!);
const token = process.env.AISLE_FLOOD_TOKEN!;
const address = process.env.AISLE_FLOOD_ADDRESS || undefined;
const localAddress = process.env.AISLE_FLOOD_LOCAL_ADDRESS || undefined;
const connections = Number(process.env.AISLE_FLOOD_CONNECTIONS ?? 16);
const ca = process.env.AISLE_FLOOD_CA ? readFileSync(process.env.AISLE_FLOOD_CA) : undefined;
const secure = url.protocol === 'https:';
const agent = secure
  ? new HttpsAgent({ keepAlive: true, maxSockets: connections, ca })
  : new HttpAgent({ keepAlive: true, maxSockets: connections });
const send = secure ? httpsRequest : httpRequest;

// Batches are built from a template (ids from a counter): the flooder's processor time should go into
// sending, not into building events.
const template = JSON.stringify({
  id: 'ID',
  seq: 0,
  event: 'search:sort',
  data: { metadata: { sort: 'price_asc' } },
  url: 'https://shop.example/boots',
  timestamp: new Date().toISOString(),
  environment: 'production',
});
let counter = 0;
const batch = (): string => {
  const events = Array.from({ length: 100 }, () =>
    template.replace('ID', `00000000-0000-4000-8000-${(counter++).toString(16).padStart(12, '0')}`),
  );
  return `{"events":[${events.join(',')}]}`;
};

const statuses: Record<number, number> = {};
let flooding = true;
process.stdin.on('end', () => void (flooding = false));
process.stdin.resume();

const post = (body: string): Promise<number> =>
  new Promise((resolve) => {
    const req = send(
      url,
      {
        method: 'POST',
        agent,
        localAddress,
        headers: {
          'content-type': 'application/json',
          ...(address ? { 'x-forwarded-for': address } : {}),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });

let announced = false;
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (flooding) {
      const status = await post(batch());
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (!announced) process.stdout.write('flooding\n');
      announced = true;
    }
  }),
);
agent.destroy();
process.stdout.write(`${JSON.stringify({ statuses })}\n`);

/** `npm start`: serves the local stack and prints where everything is. */
import { resolve } from 'node:path';
import { loadTenants } from '../fixtures/tenants/index.js';
import { DEV_ANALYTICS_ADMIN_KEY } from './analytics/keys.js';
import { createApp } from './app.js';
import { backendKind } from './search/index.js';

const port = Number(process.env.PORT ?? 4173);
const host = '127.0.0.1';
const server = createApp();
server.listen(port, host, () => {
  const origin = `http://${host}:${port}`;
  console.log(`Aisle local stack on ${origin}/`);
  console.log(`  search API:        POST ${origin}/search, POST ${origin}/vehicle-selector, POST ${origin}/sitemap`);
  if (backendKind(process.env.AISLE_BACKEND) === 'strict')
    console.log('  backend:           strict for every tenant (AISLE_BACKEND=strict)');
  console.log(`  analytics service: ${origin}/analytics`);
  // The local stack's admin key reads every shop's events (docs/analytics-service.md#keys); a deployment sets its own.
  console.log(
    `  analytics reads:   Authorization: Bearer ${process.env.ANALYTICS_ADMIN_KEY ? '$ANALYTICS_ADMIN_KEY' : DEV_ANALYTICS_ADMIN_KEY}`,
  );
  console.log(`  embed:             ${origin}/embed/aisle.js`);
  for (const t of loadTenants())
    console.log(
      `  ${(t.config.name ?? t.config.id).padEnd(26)} ${origin}${t.config.base}/vsm/${t.demo.backend === 'strict' ? ' (strict backend)' : ''}`,
    );
  console.log(`  unpacked extension: ${resolve('.output/chrome-mv3')} (load it from chrome://extensions)`);
});
const stop = (): void => void server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

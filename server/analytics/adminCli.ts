/**
 * `npm run analytics:admin -- <command>`: manages keys and allowed origins straight in the database
 * the service uses (`AISLE_ANALYTICS_DATABASE_URL`, else the SQLite file), so a deployment can issue
 * its first keys without putting an admin key on the network.
 */
import { canonicalOrigin } from './config.js';
import { issueKey, KEY_KINDS, publicKey } from './keys.js';
import { describeStore, openAnalyticsStore } from './openStore.js';
import { DEFAULT_ANALYTICS_DB_PATH } from './service.js';
import type { AnalyticsStore, KeyKind } from './store.js';
import { checkShopId } from './validate.js';
import { PRIVACY_COMMANDS } from './privacyCli.js';

const USAGE = `usage: npm run analytics:admin -- <command>
  issue-key <shop> <read|server> [label]   issues a key and prints it (shown this once)
  list-keys [shop]                         lists keys (never their secrets)
  revoke-key <key id>                      revokes a key on every process at once
  allow-origins <shop> [origin ...]        replaces the origins whose pages may call for a shop
  show-origins [shop]                      prints allowed origins
  erase-visitor <shop> <visitor> [ref]     erases every event and the identity of one visitor (audited)
  export-visitor <shop> <visitor> [ref]    prints everything held about one visitor, as JSON (audited)
  audit-log [limit]                        prints the newest erasures, exports and retention runs
  rebuild-report [shop]                    recounts the report's aggregates from the stored events
  migrate                                  brings the database schema up to date and exits`;

type Command = (store: AnalyticsStore, args: string[]) => Promise<string>;

const shop = (text: string | undefined): string => {
  const checked = checkShopId(text);
  if (!checked.ok) throw new Error(checked.error);
  return checked.value;
};

const COMMANDS: Record<string, Command> = {
  async 'issue-key'(store, [shopId, kind, ...label]) {
    if (!KEY_KINDS.includes(kind as KeyKind)) throw new Error(`the kind must be one of ${KEY_KINDS.join(', ')}`);
    const issued = issueKey(shop(shopId), kind as KeyKind, label.join(' '), new Date());
    await store.saveKey(issued.record);
    return `${issued.key}\n(id ${issued.record.id}; store it now: it cannot be shown again)`;
  },
  async 'list-keys'(store, [shopId]) {
    const keys = await store.listKeys(shopId);
    return keys.map((key) => JSON.stringify(publicKey(key))).join('\n') || 'no keys';
  },
  async 'revoke-key'(store, [id]) {
    if (!id || !(await store.revokeKey(id, new Date().toISOString()))) throw new Error(`no key ${id ?? ''}`);
    return `revoked ${id}`;
  },
  async 'allow-origins'(store, [shopId, ...origins]) {
    const canonical = origins.map((origin) => {
      const checked = canonicalOrigin(origin);
      if (!checked) throw new Error(`${origin} is not an origin such as https://shop.example`);
      return checked;
    });
    await store.setOrigins(shop(shopId), canonical);
    return `${shopId}: ${canonical.join(' ') || '(no origins)'}`;
  },
  async 'show-origins'(store, [shopId]) {
    const all = await store.allOrigins();
    const rows = [...all].filter(([name]) => shopId === undefined || name === shopId);
    return rows.map(([name, origins]) => `${name}: ${origins.join(' ')}`).join('\n') || 'no origins';
  },
  ...PRIVACY_COMMANDS,
  async 'rebuild-report'(store, [shopId]) {
    const rows = await store.rebuildReport(shopId === undefined ? undefined : shop(shopId));
    return `recounted ${shopId ?? 'every shop'}: ${rows} aggregate rows`;
  },
  migrate: async () => 'schema up to date',
};

const [name, ...args] = process.argv.slice(2);
const command = name === undefined ? undefined : COMMANDS[name];
if (!command) {
  console.error(USAGE);
  process.exit(2);
}
const location = {
  databaseUrl: process.env.AISLE_ANALYTICS_DATABASE_URL,
  dbPath: process.env.AISLE_ANALYTICS_DB_PATH ?? DEFAULT_ANALYTICS_DB_PATH,
};
let store: AnalyticsStore | undefined;
try {
  store = await openAnalyticsStore(location);
  console.log(await command(store, args));
} catch (error) {
  console.error(`analytics:admin ${name}: ${(error as Error).message} (${describeStore(location)})`);
  process.exitCode = 1;
} finally {
  await store?.close();
}

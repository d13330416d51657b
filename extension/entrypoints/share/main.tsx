// The confirmation of a shared preview link: `?tabId=&page=` name the tab and its page, the
// fragment is the link's payload (docs/extension.md, "Sharing a preview").
import { createRoot } from 'react-dom/client';
import { ShareConfirm } from '../../components/ShareConfirm.js';
import { extensionMessaging } from '../../lib/messaging.js';
import { SettingsRepository } from '../../lib/settings.js';
import { applySharedPreview, confirmationOf } from '../../lib/shareApply.js';
import { readSharedPreview } from '../../lib/shareLink.js';
import './style.css';

const params = new URLSearchParams(location.search);
const tabId = Number(params.get('tabId'));
const read = readSharedPreview(params.get('page') ?? '', location.hash.slice(1));
const settings = new SettingsRepository();
const confirmation = read.ok
  ? confirmationOf(read.preview, await settings.customTenants(), await settings.localStack())
  : null;
const close = async (): Promise<void> => {
  const tab = await browser.tabs.getCurrent();
  if (tab?.id !== undefined) await browser.tabs.remove(tab.id);
};

createRoot(document.getElementById('root')!).render(
  <ShareConfirm
    confirmation={confirmation}
    linkErrors={read.ok ? [] : read.errors}
    onCancel={() => void close()}
    onApply={async () => {
      if (!read.ok) return;
      await applySharedPreview(settings, read.preview);
      const error = await extensionMessaging.sendMessage('syncPreview');
      if (error) throw new Error(error);
      if (Number.isInteger(tabId)) await browser.tabs.update(tabId, { url: read.preview.pageUrl, active: true });
    }}
  />,
);

// The isolated-world relay between the page's main world and the background (lib/relay.ts).
import { extensionMessaging } from '../lib/messaging.js';
import { createPageChannel } from '../lib/pageChannel.js';
import { startRelay } from '../lib/relay.js';
import { SettingsRepository } from '../lib/settings.js';

export default defineContentScript({
  matches: ['<all_urls>'],
  runAt: 'document_start',
  main(ctx) {
    const settings = new SettingsRepository();
    const stop = startRelay({
      channel: createPageChannel(),
      settings,
      location: window.location,
      loadId: crypto.randomUUID(),
      forward: (message) => void extensionMessaging.sendMessage('pageMessage', message).catch(() => undefined),
      onSettingsChanged: (callback) => settings.watchAll(callback),
      announce: (loadId) => void extensionMessaging.sendMessage('pageStarted', loadId).catch(() => undefined),
      onRestored: (callback) => {
        const shown = (event: PageTransitionEvent) => event.persisted && callback();
        window.addEventListener('pageshow', shown);
        return () => window.removeEventListener('pageshow', shown);
      },
      checkStack: (origin) => extensionMessaging.sendMessage('checkLocalStack', origin),
      now: () => Date.now(),
      share: (link) => void extensionMessaging.sendMessage('sharedPreview', link).catch(() => undefined),
      stripFragment: () => history.replaceState(history.state, '', location.href.split('#')[0]),
      onFragmentChange: (callback) => {
        window.addEventListener('hashchange', callback);
        return () => window.removeEventListener('hashchange', callback);
      },
    });
    // An updated or disabled extension leaves this script in the page: stop watching the settings.
    ctx.onInvalidated(stop);
  },
});

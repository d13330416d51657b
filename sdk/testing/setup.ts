// Unit and component tests render every locale without going through mount(), which loads its
// catalogue: each shipped locale's catalogue is loaded here, the way its row says.
import { LOCALES } from '../core/locales.js';
import { loadMessages } from '../core/messages.js';

await Promise.all(LOCALES.map((locale) => loadMessages(locale)));

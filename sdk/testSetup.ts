// Unit and component tests render French without going through mount(), which loads the catalogue.
import { registerMessages } from './core/messages.js';
import { fr } from './core/messages.fr.js';

registerMessages('fr', fr);

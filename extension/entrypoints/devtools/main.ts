// Adds the Aisle panel to DevTools; the panel page is entrypoints/devtools-panel.
browser.devtools.panels.create('Aisle', '', '/devtools-panel.html');

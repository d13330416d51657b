/** The visual sitemap's stylesheet (theme properties come from `.aisle-root`). */
export const vsmStyles = `
.aisle-vsm__subcategories{display:flex;flex-wrap:wrap;gap:8px;list-style:none;margin:0 0 24px;padding:0}
.aisle-vsm__letters{position:sticky;top:0;z-index:5;background:var(--aisle-bg);padding:10px 0;border-bottom:1px solid var(--aisle-border);margin-bottom:8px}
.aisle-vsm__letters ul{display:flex;flex-wrap:wrap;gap:6px;list-style:none;margin:0;padding:0}
.aisle-vsm__letter{display:inline-grid;place-items:center;min-width:52px;height:36px;padding:0 10px;border:1px solid var(--aisle-border);border-radius:999px;background:var(--aisle-bg);cursor:pointer;font-weight:600;font-size:14px}
.aisle-vsm__letter:hover{border-color:var(--aisle-text)}
.aisle-vsm__letter--empty{color:var(--aisle-muted);font-weight:400;cursor:default;border-style:dashed;background:var(--aisle-surface)}
.aisle-vsm__sections{columns:3 260px;column-gap:32px}
.aisle-vsm__section{break-inside:avoid;padding-top:16px}
.aisle-vsm__section h2{font-size:24px;margin:0 0 8px;color:var(--aisle-accent);scroll-margin-top:72px}
.aisle-vsm__section ul{list-style:none;margin:0;padding:0}
.aisle-vsm__section li{padding:3px 0}
.aisle-vsm__section a{text-decoration:none}.aisle-vsm__section a:hover{text-decoration:underline}
.aisle-vsm__placeholder{columns:3 260px;column-gap:32px;padding-top:16px}
.aisle-vsm__placeholder-line{height:14px;width:70%;margin:7px 0;break-inside:avoid;border-radius:4px;background:linear-gradient(90deg,var(--aisle-surface),#ececea,var(--aisle-surface));background-size:200% 100%;animation:aisle-shimmer 1.2s infinite linear}
.aisle-vsm__placeholder-line:nth-child(3n+2){width:50%}
`;

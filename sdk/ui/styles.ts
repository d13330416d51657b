/**
 * Aisle's stylesheet for the DLP. Every colour and spacing is a custom property on `.aisle-root`,
 * so a tenant themes Aisle by setting `--aisle-*` on its own page without overriding selectors.
 */
export const themeStyles = `
.aisle-root{--aisle-accent:#1f5f8b;--aisle-accent-contrast:#fff;--aisle-text:#1c1c1e;--aisle-muted:#5f6368;
--aisle-border:#dcdcdf;--aisle-bg:#fff;--aisle-surface:#f5f5f3;--aisle-radius:10px;--aisle-gap:16px;
--aisle-focus:#1a73e8;--aisle-sale:#b3261e;--aisle-font:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;
font:15px/1.45 var(--aisle-font);color:var(--aisle-text);background:var(--aisle-bg);padding:8px 0 40px;text-align:left}
.aisle-root *,.aisle-root *::before,.aisle-root *::after{box-sizing:border-box}
:where(.aisle-root) a{color:inherit}
:where(.aisle-root) button{font:inherit;color:inherit}
.aisle-root :focus-visible{outline:3px solid var(--aisle-focus);outline-offset:2px}
.aisle-visually-hidden{position:absolute!important;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.aisle-breadcrumbs ol{display:flex;flex-wrap:wrap;gap:4px;list-style:none;margin:0;padding:0;font-size:13px;color:var(--aisle-muted)}
.aisle-breadcrumbs li+li::before{content:'/';margin:0 6px 0 2px;color:var(--aisle-border)}
.aisle-breadcrumbs a{text-decoration:none}.aisle-breadcrumbs a:hover{text-decoration:underline}
.aisle-breadcrumbs--top{margin:8px 0 12px}.aisle-breadcrumbs--bottom{margin:32px 0 8px;padding-top:16px;border-top:1px solid var(--aisle-border)}
.aisle-h1{font-size:clamp(24px,3vw,34px);line-height:1.15;margin:0 0 12px;font-weight:700;letter-spacing:-.01em}
.aisle-toolbar{display:flex;flex-wrap:wrap;align-items:center;gap:12px var(--aisle-gap);margin:0 0 12px}
.aisle-count{margin:0;color:var(--aisle-muted);flex-basis:100%;font-size:14px}
.aisle-toolbar__filters{display:flex;align-items:center;gap:8px;flex:1 1 auto;min-width:0}
.aisle-filter-buttons{display:flex;flex-wrap:wrap;gap:8px;list-style:none;margin:0;padding:0}
/* Below desktop the buttons open the drawer, so the row may scroll; on desktop it wraps, because a
   scrolling row would clip the popovers that hang from it. */
@media (max-width:1024px){.aisle-filter-buttons{flex-wrap:nowrap;overflow-x:auto;padding:0 2px 4px;scrollbar-width:thin}}
.aisle-button{display:inline-flex;align-items:center;gap:8px;min-height:40px;padding:8px 16px;border-radius:999px;border:1px solid var(--aisle-text);background:var(--aisle-text);color:var(--aisle-bg)!important;cursor:pointer;font-weight:600;white-space:nowrap}
.aisle-button:disabled{opacity:.5;cursor:default}
.aisle-button--secondary,.aisle-button--filters{background:var(--aisle-bg);color:var(--aisle-text)!important;border-color:var(--aisle-border)}
.aisle-button--filters:hover,.aisle-button--secondary:hover{border-color:var(--aisle-text)}
.aisle-button--link{background:none;border:0;padding:8px 4px;color:var(--aisle-accent)!important;text-decoration:underline;min-height:40px}
.aisle-filter-buttons .aisle-button{background:var(--aisle-bg);color:var(--aisle-text)!important;border-color:var(--aisle-border);font-weight:500}
.aisle-filter-buttons .aisle-button:hover,.aisle-filter-buttons .aisle-button[aria-expanded=true]{border-color:var(--aisle-text)}
.aisle-badge{display:inline-grid;place-items:center;min-width:22px;height:22px;padding:0 6px;border-radius:999px;background:var(--aisle-accent);color:var(--aisle-accent-contrast);font-size:12px}
.aisle-icon-filters{width:16px;height:12px;background:linear-gradient(currentColor,currentColor) 0 0/100% 2px no-repeat,linear-gradient(currentColor,currentColor) 0 50%/70% 2px no-repeat,linear-gradient(currentColor,currentColor) 0 100%/40% 2px no-repeat}
.aisle-sort{margin-left:auto}
.aisle-sort__native{display:flex;align-items:center;gap:8px;font-size:14px}
.aisle-sort__native select,.aisle-paging select{min-height:40px;padding:6px 10px;border-radius:8px;border:1px solid var(--aisle-border);background:var(--aisle-bg);color:var(--aisle-text);font:inherit}
.aisle-dropdown{position:relative;display:flex;align-items:center;gap:8px}
.aisle-dropdown__label{font-size:14px;color:var(--aisle-muted)}
.aisle-dropdown__button{display:inline-flex;align-items:center;gap:10px;min-height:40px;padding:8px 14px;border:1px solid var(--aisle-border);border-radius:8px;background:var(--aisle-bg);cursor:pointer;font-weight:600}
.aisle-dropdown__chevron{width:8px;height:8px;border-right:2px solid currentColor;border-bottom:2px solid currentColor;transform:translateY(-2px) rotate(45deg)}
.aisle-dropdown__list{position:absolute;right:0;top:calc(100% + 6px);z-index:20;min-width:220px;margin:0;padding:6px;list-style:none;background:var(--aisle-bg);border:1px solid var(--aisle-border);border-radius:var(--aisle-radius);box-shadow:0 12px 32px rgba(0,0,0,.14)}
.aisle-dropdown__option{padding:9px 12px;border-radius:6px;cursor:pointer}
.aisle-dropdown__option--active{background:var(--aisle-surface)}
.aisle-dropdown__option[aria-selected=true]{font-weight:700}
.aisle-dropdown__option[aria-selected=true]::after{content:' ✓';color:var(--aisle-accent)}
.aisle-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:28px var(--aisle-gap);list-style:none;margin:8px 0 0;padding:0;transition:opacity .2s}
.aisle-grid--busy{opacity:.45;pointer-events:none}
.aisle-card{display:flex;flex-flow:row wrap;align-items:center;align-content:flex-start;gap:4px;min-width:0}.aisle-card>*{flex:1 0 100%;min-width:0}
.aisle-card__link{display:flex;flex-direction:column;gap:4px;text-decoration:none}
.aisle-card__media{position:relative;display:block;aspect-ratio:4/5;border-radius:var(--aisle-radius);overflow:hidden;background:var(--aisle-surface);margin-bottom:6px}
.aisle-card__media img{display:block;width:100%;height:100%;object-fit:cover;transition:transform .3s}
.aisle-card__link:hover img{transform:scale(1.03)}
.aisle-card__badges{position:absolute;top:10px;left:10px;right:10px;display:flex;flex-wrap:wrap;align-items:flex-start;gap:4px}
.aisle-card__flag,.aisle-card__discount{max-width:100%;padding:3px 8px;border-radius:999px;font-size:12px;font-weight:700;line-height:1.3;background:var(--aisle-bg);color:var(--aisle-text);overflow-wrap:anywhere}
.aisle-card__discount{margin-left:auto;background:var(--aisle-sale);color:#fff}
.aisle-card__brand{font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:var(--aisle-muted)}
.aisle-card__title{font-weight:600;line-height:1.3;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.aisle-card__link:hover .aisle-card__title{text-decoration:underline}
.aisle-card__price{margin:0;font-weight:700}
.aisle-card__sale{color:var(--aisle-sale)}.aisle-card__was{color:var(--aisle-muted);font-weight:400;margin-left:4px}
.aisle-card__rating{display:flex;align-items:center;gap:6px;margin:0;font-size:13px;color:var(--aisle-muted)}
.aisle-stars{display:inline-flex;align-items:center;gap:6px}
.aisle-stars::before{content:'★★★★★'/'';letter-spacing:1px;line-height:1;color:transparent;background:linear-gradient(90deg,#c98a00 var(--aisle-fill,0%),#d0d0d4 0);-webkit-background-clip:text;background-clip:text}
.aisle-card>.aisle-card__swatches{display:flex;flex:0 1 auto;flex-wrap:wrap;align-items:center;gap:2px;margin:2px 0 0}
.aisle-swatch{display:block;flex:none;width:28px;height:28px;padding:2px;border:2px solid transparent;border-radius:50%;background:var(--aisle-surface) content-box;box-shadow:inset 0 0 0 3px var(--aisle-bg),inset 0 0 0 4px rgba(0,0,0,.18);cursor:pointer;overflow:hidden}
.aisle-swatch[aria-checked=true]{border-color:var(--aisle-text)}
.aisle-swatch[style*=background-image]{background-size:cover;background-position:center;background-origin:content-box}
.aisle-card>.aisle-card__more{flex:none;margin-top:2px;font-size:13px;color:var(--aisle-muted);padding:4px 6px;text-decoration:none}
.aisle-card__promo{margin:2px 0 0;font-size:13px;color:var(--aisle-accent);font-weight:600}
.aisle-sentinel{display:flex;flex-direction:column;align-items:center;gap:10px;margin:32px 0 8px}
.aisle-sentinel--quiet{height:1px;margin:0}
.aisle-progress{margin:0;color:var(--aisle-muted);font-size:14px}
.aisle-paging{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:12px;margin:32px 0 8px}
.aisle-pagination{display:flex;flex-wrap:wrap;gap:6px}
.aisle-page{min-width:40px;height:40px;border:1px solid var(--aisle-border);border-radius:8px;background:var(--aisle-bg);cursor:pointer;display:inline-grid;place-items:center}
.aisle-page[aria-current=page]{background:var(--aisle-text);color:var(--aisle-bg);border-color:var(--aisle-text);font-weight:700}
.aisle-page:disabled,.aisle-page--disabled{opacity:.4;cursor:default}.aisle-page--gap{border:0;cursor:default}
a.aisle-page{color:inherit;text-decoration:none}
.aisle-paging__size{display:flex;align-items:center;gap:12px;font-size:14px}.aisle-paging__size label{display:flex;align-items:center;gap:8px}
.aisle-section{margin-top:48px}
.aisle-section__title{font-size:22px;margin:0 0 16px}
.aisle-related__list{display:flex;flex-wrap:wrap;gap:8px;list-style:none;margin:0;padding:0}
.aisle-related__list--collapsed{max-height:80px;overflow:hidden}
.aisle-pill{display:inline-block;padding:7px 14px;border:1px solid var(--aisle-border);border-radius:999px;text-decoration:none;font-size:14px;background:var(--aisle-bg)}
.aisle-pill:hover{border-color:var(--aisle-text)}
.aisle-seo{margin-top:24px;color:var(--aisle-muted);font-size:14px;max-width:80ch}
.aisle-seo h2,.aisle-seo h3{color:var(--aisle-text);font-size:17px}
.aisle-not-found{padding:48px 0;max-width:60ch}
.aisle-empty{padding:48px 16px;text-align:center;border:1px dashed var(--aisle-border);border-radius:var(--aisle-radius);margin-top:8px}
.aisle-skeleton__card,.aisle-skeleton__text,.aisle-skeleton__pill,.aisle-skeleton__swatches{background:linear-gradient(90deg,var(--aisle-surface),#ececea,var(--aisle-surface));background-size:200% 100%;animation:aisle-shimmer 1.2s infinite linear}
.aisle-skeleton__text{display:block;max-width:100%;color:transparent;border-radius:6px;box-shadow:inset 0 .22em var(--aisle-bg),inset 0 -.22em var(--aisle-bg)}
.aisle-skeleton__crumbs{font-size:13px}
.aisle-skeleton__pill{display:inline-block;height:40px;border-radius:999px}
.aisle-skeleton__pill--sort{width:180px;border-radius:8px}
.aisle-skeleton__swatches{height:28px;margin-top:2px;max-width:110px;border-radius:999px}
.aisle-vehicle{display:flex;flex-wrap:wrap;align-items:flex-end;gap:12px var(--aisle-gap);padding:16px;margin:0 0 16px;border-radius:var(--aisle-radius);background:var(--aisle-surface)}
.aisle-vehicle__title{flex-basis:100%;margin:0;font-size:17px}
.aisle-vehicle--loading{min-height:124px}
.aisle-vehicle label{display:flex;flex-direction:column;gap:4px;font-size:13px;color:var(--aisle-muted)}
.aisle-vehicle select{min-height:40px;min-width:180px;padding:6px 10px;border-radius:8px;border:1px solid var(--aisle-border);background:var(--aisle-bg);color:var(--aisle-text);font:inherit}
.aisle-vehicle__status{flex-basis:100%;margin:0;font-weight:600}
@keyframes aisle-shimmer{to{background-position:-200% 0}}
@media (max-width:768px){
.aisle-grid{grid-template-columns:repeat(2,minmax(0,1fr));gap:20px 12px}
.aisle-sort .aisle-skeleton__pill--sort{width:100%}
.aisle-toolbar{gap:10px}.aisle-sort{margin-left:0;flex-basis:100%}.aisle-sort__native{justify-content:space-between}
.aisle-sort__native select{flex:1}.aisle-section__title{font-size:19px}
.aisle-card__badges{top:6px;left:6px;right:6px}.aisle-card__flag,.aisle-card__discount{font-size:11px;padding:2px 6px}
}
@media (min-width:540px) and (max-width:768px){.aisle-grid{grid-template-columns:repeat(3,minmax(0,1fr))}}
@media (prefers-reduced-motion:reduce){.aisle-root *{transition:none!important;animation:none!important}}
`;

import { observer } from 'mobx-react-lite';
import { localeSuffixUrl } from '../../core/localeUrl.js';
import { safeHref } from '../../core/safeUrl.js';
import { useStores } from '../StoreContext.js';

/**
 * Breadcrumbs: home, then popular categories (a link to the sitemap in the ca
 * region), then the current page. Rendered twice (top and bottom), each with its own label.
 */
export const Breadcrumbs = observer(function Breadcrumbs({ position }: { position: 'top' | 'bottom' }) {
  const { context, env, messages: m, region, locale, dlp } = useStores();
  const base = context.config.base;
  // The base comes from the render context: the finished link is checked, not just its parts.
  const link = (url: string) => safeHref(localeSuffixUrl(url, { region, locale }), env.host.location().href);
  const home = link(base ? `${base}/` : '/');
  const sitemap = link(`${base}/vsm/`);
  const current = dlp.data?.h1_header ?? '';
  return (
    <nav
      className={`aisle-breadcrumbs aisle-breadcrumbs--${position}`}
      data-aisle="breadcrumbs"
      aria-label={position === 'top' ? m.breadcrumbs : m.breadcrumbsBottom}
    >
      <ol>
        <li>{home ? <a href={home}>{m.home}</a> : <span>{m.home}</span>}</li>
        <li>
          {region === 'ca' && sitemap ? (
            <a href={sitemap}>{m.popularCategories}</a>
          ) : (
            <span>{m.popularCategories}</span>
          )}
        </li>
        {current ? (
          <li>
            <span aria-current="page">{current}</span>
          </li>
        ) : null}
      </ol>
    </nav>
  );
});

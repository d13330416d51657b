import { observer } from 'mobx-react-lite';
import { localeSuffixUrl } from '../../core/localeUrl.js';
import { useStores } from '../StoreContext.js';

/**
 * Breadcrumbs of spec section 2: home, then popular categories (a link to the sitemap in the ca
 * region), then the current page. Rendered twice (top and bottom), each with its own label.
 */
export const Breadcrumbs = observer(function Breadcrumbs({ position }: { position: 'top' | 'bottom' }) {
  const { context, messages: m, region, locale, dlp } = useStores();
  const base = context.config.base;
  const suffix = (url: string) => localeSuffixUrl(url, { region, locale });
  const current = dlp.data?.h1_header ?? '';
  return (
    <nav
      className={`aisle-breadcrumbs aisle-breadcrumbs--${position}`}
      data-aisle="breadcrumbs"
      aria-label={position === 'top' ? m.breadcrumbs : m.breadcrumbsBottom}
    >
      <ol>
        <li>
          <a href={suffix(base ? `${base}/` : '/')}>{m.home}</a>
        </li>
        <li>
          {region === 'ca' ? (
            <a href={suffix(`${base}/vsm/`)}>{m.popularCategories}</a>
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

import { observer } from 'mobx-react-lite';
import { breadcrumbLinks, createBreadcrumbs, createHeading } from '../../views/breadcrumbs.js';
import { reactRenderer } from '../renderer.js';
import { usePartClasses, useStores } from '../StoreContext.js';

const breadcrumbsView = createBreadcrumbs(reactRenderer);
const headingView = createHeading(reactRenderer);

/** Breadcrumbs (see sdk/views/breadcrumbs.ts), rendered twice (top and bottom), each with its own label. */
export const Breadcrumbs = observer(function Breadcrumbs({ position }: { position: 'top' | 'bottom' }) {
  const { context, env, messages, region, locale, dlp } = useStores();
  return breadcrumbsView({
    position,
    links: breadcrumbLinks(context.config.base, region, locale, env.host.location().href),
    current: dlp.data?.h1_header ?? '',
    messages,
    classes: context.config.customization?.classes,
  });
});

/** The listing's heading; nothing for an empty title. */
export function Heading({ text }: { text: string }) {
  return headingView({ text, classes: usePartClasses() });
}

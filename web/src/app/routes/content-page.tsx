/**
 * Structure-driven pages: /main/:name and the catch-all /:name, /info/:name, /marketing/:name,
 * /impressum and /launch. Each shows the tenant structure of its name (`{name}`, `info-{name}`,
 * `marketing-{name}`, `impressum`, `launch`): its title, text (`customProperties.body`) and its
 * banners, rails and grids. A missing structure is a "not found" page.
 */
import { useEffect } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link, useMatches, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import type { PageKey } from '@/config/paths';
import { catalogNodeQuery } from '@/features/catalog/catalog-node';
import { CatalogRail } from '@/features/catalog/components/catalog-rail';
import { useStructure } from '@/features/structure/api/get-structure';
import { StructureSkeleton } from '@/features/structure/components/structure-skeleton';
import { StructureView } from '@/features/structure/components/structure-view';
import { ApiError } from '@/lib/api-client';
import { setPageDescription, setPageTitle } from '@/lib/page-title';
import { useLocalizePath } from '@/lib/use-language';
import type { ConfigNode } from '@/lib/portal-types';
import { isRouteHandle } from '../route-handle';

/** `catalog` nodes (section pages such as /news, /vouchers, /tournaments) list the catalog's items. */
function catalogNode(node: ConfigNode) {
  const query = catalogNodeQuery(node);
  return query ? <CatalogRail node={node} query={query} /> : undefined;
}

function structureNameFor(page: PageKey | undefined, name: string | undefined): string {
  switch (page) {
    case 'info':
      return `info-${name ?? ''}`;
    case 'marketing':
      return `marketing-${name ?? ''}`;
    case 'impressum':
      return 'impressum';
    case 'launch':
      return 'launch';
    default:
      return name ?? '';
  }
}

export default function ContentPage() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const { name } = useParams();
  const handle = [...useMatches()].reverse().map((match) => match.handle).find(isRouteHandle);
  const page = handle?.route.page;
  const structure = useStructure(structureNameFor(page, name));
  const dark = handle?.route.layout === 'empty';
  const title = structure.data?.data.title ?? null;

  const subTitle = structure.data?.data.subTitle ?? null;

  useEffect(() => {
    setPageTitle(title);
    return () => setPageTitle(null);
  }, [title]);

  // Its subtitle is its description in the head, as the server's first answer has it (structure_pages.cpp content_head).
  useEffect(() => {
    setPageDescription(subTitle);
    return () => setPageDescription(null);
  }, [subTitle]);

  if (structure.isPending) return <StructureSkeleton />;
  if (structure.isError) {
    const notFound = structure.error instanceof ApiError && structure.error.status === 404;
    return (
      <section role="alert" data-page={page} className={`mx-auto flex max-w-2xl flex-col items-center gap-4 py-20 text-center ${dark ? 'px-6 text-white' : ''}`}>
        <h1 className="text-3xl font-extrabold">{notFound ? t('notFound.head') : t('catalog.loadError')}</h1>
        <p className={`text-lg ${dark ? 'text-white/80' : 'text-muted'}`}>{notFound ? t('catalog.pageMissing') : ''}</p>
        <div className="flex flex-wrap justify-center gap-3">
          {!notFound && <Button onClick={() => void structure.refetch()}>{t('catalog.retry')}</Button>}
          <Link to={localize('/')} className={buttonClass('primary')}>
            {t('page.goHome')}
          </Link>
        </div>
      </section>
    );
  }
  const node = structure.data;
  const body = node.data.customProperties?.body;
  return (
    <section data-page={page} className={`flex flex-col gap-8 ${dark ? 'px-4 py-10 text-white sm:px-8' : ''}`}>
      <header className="flex max-w-3xl flex-col gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl lg:text-5xl">{node.data.title ?? (handle ? t(handle.route.titleKey) : '')}</h1>
        {node.data.subTitle && <p className={`text-lg ${dark ? 'text-white/80' : 'text-muted'}`}>{node.data.subTitle}</p>}
      </header>
      {typeof body === 'string' && body.trim() !== '' && (
        <div className="flex max-w-3xl flex-col gap-4 text-lg leading-relaxed">
          {body.split(/\n{2,}/).map((paragraph, index) => (
            <p key={index} className="whitespace-pre-line">{paragraph}</p>
          ))}
        </div>
      )}
      <StructureView structure={node} renderNode={catalogNode} />
    </section>
  );
}

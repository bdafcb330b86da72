import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { SmartLink } from '@/components/ui/smart-link';
import type { ConfigNode } from '@/lib/portal-types';
import { useDataText } from '@/lib/use-language';
import { useClickUrl } from '../use-click-url';

/** Title (and optional subtitle) of a rail or grid, with a "see all" link when the node has one. */
export function SectionHeading({ node, id, actions }: { node: ConfigNode; id: string; actions?: ReactNode }) {
  const { t } = useTranslation();
  const dataText = useDataText();
  const fill = useClickUrl();
  const props = node.data.customProperties ?? {};
  const href = fill(typeof props.seeAllUrl === 'string' ? props.seeAllUrl : node.data.clickUrl);
  return (
    <div className="mb-3 flex items-end justify-between gap-4">
      <div className="min-w-0">
        <h2 id={id} className="truncate text-lg font-bold text-text sm:text-xl lg:text-2xl">
          {node.data.title}
        </h2>
        {node.data.subTitle && <p className="truncate text-sm text-muted">{node.data.subTitle}</p>}
      </div>
      <div className="flex shrink-0 items-center gap-1">
        {actions}
        {href && (
          <SmartLink href={href} className="rounded-full px-3 py-1.5 text-sm font-semibold text-primary hover:bg-surface">
            {dataText(props.seeAllKey, t('rail.seeAll'))}
          </SmartLink>
        )}
      </div>
    </div>
  );
}

import { useTranslation } from '@/lib/use-translation';
import { LazyImage } from '@/components/ui/lazy-image';
import { SmartLink } from '@/components/ui/smart-link';
import type { ConfigNode } from '@/lib/portal-types';
import { SHAPE_CLASS, type CardShape } from '../node-types';
import { useClickUrl } from '../use-click-url';

interface ContentCardProps {
  node: ConfigNode;
  shape: CardShape;
  className?: string;
}

export function ContentCard({ node, shape, className = '' }: ContentCardProps) {
  const { t } = useTranslation();
  const fill = useClickUrl();
  const href = fill(node.data.clickUrl);
  const title = node.data.title ?? '';
  const body = (
    <>
      <LazyImage src={node.data.imageUrl} alt={title} errorLabel={t('image.unavailable')} className={`${SHAPE_CLASS[shape]} w-full rounded-xl`} />
      <span className="mt-2 block truncate text-sm font-semibold text-text sm:text-base">{title}</span>
      {node.data.subTitle && <span className="block truncate text-xs text-muted sm:text-sm">{node.data.subTitle}</span>}
    </>
  );
  const classes = `group block min-w-0 ${className}`;
  if (!href) return <div className={classes}>{body}</div>;
  return (
    <SmartLink href={href} className={`${classes} rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent [&_img]:transition-transform [&_img]:duration-300 hover:[&_img]:scale-105`}>
      {body}
    </SmartLink>
  );
}

/** The links of a `links` structure (header or footer): its substructure, or its children's. */
import { SmartLink } from '@/components/ui/smart-link';
import type { ConfigNode } from '@/lib/portal-types';
import { useStructureLinks, type LinkItem } from '../links';

interface StructureLinksProps {
  structure: ConfigNode | undefined;
  /** Entries after the structure's (the operator's navigation links in the header). */
  more?: readonly LinkItem[];
  className?: string;
  linkClassName?: string;
  onNavigate?: () => void;
}

export function StructureLinks({ structure, more = [], className = '', linkClassName = '', onNavigate }: StructureLinksProps) {
  const links = [...useStructureLinks(structure), ...more];
  if (links.length === 0) return null;
  return (
    <ul className={className}>
      {links.map((link) => (
        // onClick, not onClickCapture: closing a menu in the capture phase unmounts the link before
        // its own click runs, and the browser then loads the page anew (issue 30: the phone menu
        // stopped the mini player). Bubbling, the router has navigated in-app first.
        <li key={link.key} onClick={onNavigate}>
          <SmartLink href={link.href} className={linkClassName}>
            {link.title}
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}

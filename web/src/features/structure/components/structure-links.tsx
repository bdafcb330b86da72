/** The links of a `links` structure (header or footer): its substructure, or its children's. */
import { SmartLink } from '@/components/ui/smart-link';
import type { ConfigNode } from '@/lib/portal-types';
import { useStructureLinks } from '../links';

interface StructureLinksProps {
  structure: ConfigNode | undefined;
  className?: string;
  linkClassName?: string;
  onNavigate?: () => void;
}

export function StructureLinks({ structure, className = '', linkClassName = '', onNavigate }: StructureLinksProps) {
  const links = useStructureLinks(structure);
  if (links.length === 0) return null;
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.key} onClickCapture={onNavigate}>
          <SmartLink href={link.href} className={linkClassName}>
            {link.title}
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}

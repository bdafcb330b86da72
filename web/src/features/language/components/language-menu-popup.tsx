/**
 * The language switcher's Radix dropdown menu, loaded on first use and mounted open (language-menu.tsx).
 * Not modal, like the account menu: a modal one hides the still focusable page with aria-hidden.
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactElement } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { CheckIcon } from '@/components/ui/menu-icons';
import { getLanguage, offeredLanguages, type LanguageCode } from '@/config/languages';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import { useSwitchLanguage } from '../hooks/use-switch-language';

export function LanguageMenuPopup({ trigger }: { trigger: ReactElement }) {
  const { t } = useTranslation();
  const current = useCurrentLanguage();
  const choose = useSwitchLanguage();
  // The tenant's languages only (an array made per call: select the configs, derive outside the store).
  const configs = usePortalStore((state) => state.configs);
  const languages = offeredLanguages(configs).map(getLanguage);

  return (
    <DropdownMenu.Root dir={getLanguage(current).dir} defaultOpen modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-44 rounded-xl border border-border bg-surface p-1 text-text shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-1.5 text-xs font-semibold text-muted">{t('language.label')}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={current} onValueChange={(value) => choose(value as LanguageCode)}>
            {languages.map((language) => (
              <DropdownMenu.RadioItem
                key={language.code}
                value={language.code}
                className="flex cursor-pointer items-center justify-between gap-4 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-bg"
              >
                <span lang={language.code} dir={language.dir}>
                  {language.name}
                </span>
                <DropdownMenu.ItemIndicator>
                  <CheckIcon className="size-4 text-primary" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

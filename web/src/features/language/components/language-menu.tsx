/** The language switcher of the header (Radix dropdown menu). */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { CheckIcon, ChevronDownIcon, GlobeIcon } from '@/components/ui/icons';
import { LANGUAGES, getLanguage, type LanguageCode } from '@/config/languages';
import { useCurrentLanguage } from '@/lib/use-language';
import { useSwitchLanguage } from '../hooks/use-switch-language';

export function LanguageMenu() {
  const { t } = useTranslation();
  const current = useCurrentLanguage();
  const choose = useSwitchLanguage();

  return (
    <DropdownMenu.Root dir={getLanguage(current).dir}>
      <DropdownMenu.Trigger
        aria-label={t('language.current', { language: getLanguage(current).name, code: current.toUpperCase() })}
        className="inline-flex h-10 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-text hover:bg-surface focus-visible:outline-2 focus-visible:outline-accent data-[state=open]:bg-surface"
      >
        <GlobeIcon />
        <span className="uppercase">{current}</span>
        <ChevronDownIcon className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-44 rounded-xl border border-border bg-surface p-1 text-text shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-1.5 text-xs font-semibold text-muted">{t('language.label')}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={current} onValueChange={(value) => choose(value as LanguageCode)}>
            {LANGUAGES.map((language) => (
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

/**
 * The tenant's welcome popup (settings.popups.welcome, docs/tenants.md): on a visitor's first page, once the cookie
 * banner is answered, and once per browser: its words are kept (local storage) and it shows again only when its title
 * or text change. Its button opens `href` where set (a storefront path, or another site after the disclaimer), else
 * closes. Mounted on every page (root-shell.tsx, which says whether the banner is answered); the dialog's code loads
 * when it opens.
 */
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { LazyDialogShell } from '@/components/ui/lazy-dialog-shell';
import { SmartLink } from '@/components/ui/smart-link';
import { closeDialog, openDialog, useDialog } from '@/lib/dialogs';
import { localText } from '@/lib/local-text';
import { rememberedWords, rememberWords } from '@/lib/remembered-words';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import { useTranslation } from '@/lib/use-translation';

const SEEN_KEY = 'portal.welcome.seen';

interface Welcome {
  title: string;
  text: string;
  href: string;
  button: string;
}

/** The popup's words in a language, null when it is off or has no title or text. */
function welcomeOf(popups: unknown, lang: string, defaultLocale?: string): Welcome | null {
  const welcome = (popups as { welcome?: Record<string, unknown> | null } | null | undefined)?.welcome;
  if (welcome?.enabled !== true) return null;
  const title = localText(welcome.title, lang, defaultLocale);
  const text = localText(welcome.text, lang, defaultLocale);
  if (title === '' || text === '') return null;
  return { title, text, href: typeof welcome.href === 'string' ? welcome.href : '', button: localText(welcome.button, lang, defaultLocale) };
}

export function WelcomePopup({ answered }: { answered: boolean }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const popups = usePortalStore((state) => state.configs.popups);
  const defaultLocale = usePortalStore((state) => state.configs.defaultLocale);
  const [open, setOpen] = useDialog('welcome');
  const welcome = welcomeOf(popups, lang, defaultLocale);
  const words = welcome ? JSON.stringify([welcome.title, welcome.text]) : null;

  useEffect(() => {
    if (!answered || words === null || rememberedWords(SEEN_KEY) === words) return;
    // Kept when it opens: a reload, or the next page, does not show it again however it was left.
    rememberWords(SEEN_KEY, words);
    openDialog('welcome');
  }, [answered, words]);

  if (!welcome) return null;
  const close = () => closeDialog('welcome');
  const label = welcome.button || t('welcome.continue');
  return (
    <LazyDialogShell open={open} onOpenChange={setOpen} title={welcome.title} closeLabel={t('dialogs.close')}>
      <div data-dialog="welcome" className="flex flex-col gap-4">
        <p className="whitespace-pre-line">{welcome.text}</p>
        <div className="flex justify-end">
          {welcome.href ? (
            // Closes as the link opens (an address elsewhere asks first, through the disclaimer).
            <SmartLink href={welcome.href} className={buttonClass('primary')} onClick={close}>
              {label}
            </SmartLink>
          ) : (
            <Button onClick={close}>{label}</Button>
          )}
        </div>
      </div>
    </LazyDialogShell>
  );
}

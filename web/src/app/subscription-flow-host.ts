/**
 * Hands the subscriptions feature what it cannot own: the query cache, in-app navigation and how to
 * sign in (identity). A sign-in started by the subscribe flow returns to the page with `subTypeId`,
 * so the flow resumes on the chosen plan (commerce §2 login return parameters).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { operatorSecureSignIn } from '@/features/identity/api/monsooq-signup';
import { hostedLoginUrl, loginReturnUrl } from '@/features/identity/login-urls';
import { configureSubscriptionFlow } from '@/features/subscriptions/flow';
import { browser } from '@/lib/browser';
import { openDialog } from '@/lib/dialogs';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';

export function useSubscriptionFlowHost(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const lang = useCurrentLanguage();
  const loginOptions = usePortalStore((state) => state.loginOptions);
  const optionsFlow = usePortalStore((state) => state.configs.features?.multipleLoginOptionsFlow2 === true);
  // monsooqMent: the tenant is sold through the Monsooq operator, whose secure sign-in recognises the subscriber.
  const monsooq = usePortalStore((state) => state.configs.features?.monsooqMent === true);

  useEffect(() => {
    configureSubscriptionFlow({
      queryClient,
      navigate: (target) => {
        const url = new URL(target, window.location.href);
        if (url.origin === window.location.origin) void navigate(`${url.pathname}${url.search}${url.hash}`);
        else browser.assign(url.toString());
      },
      login: (resume) => {
        const current = `${window.location.pathname}${window.location.search}`;
        if (monsooq) {
          const returnUrl = loginReturnUrl(current, resume);
          void operatorSecureSignIn(returnUrl, lang, hostedLoginUrl(lang, returnUrl));
          return;
        }
        if (optionsFlow || loginOptions.length > 1) {
          // The options dialog returns to the current page: carry the plan or the article in its address first.
          const url = new URL(loginReturnUrl(current, resume));
          if (url.search !== new URL(current, window.location.origin).search) void navigate(`${url.pathname}${url.search}`, { replace: true, preventScrollReset: true });
          openDialog('login-options');
          return;
        }
        browser.assign(hostedLoginUrl(lang, loginReturnUrl(current, resume)));
      },
    });
  }, [queryClient, navigate, lang, loginOptions, optionsFlow, monsooq]);
}

/**
 * A plan's name as its card shows it to a reader of `lang` (commerce §3): DISPLAY_SERVICE_NAME_TEXT in lang, else in
 * English, else DISPLAY_SERVICE_TITLE_TEXT in lang, else in English, else its internal name; an empty text counts
 * as none. The storefront's plan cards and the console name a plan by it (one rule; the server's reports by the
 * same rule, subscriptions::plan_title).
 */
export function planTitle(plan: { attributes: readonly { key: string; value: string }[]; name: string }, lang: string): string {
  const text = (key: string) => {
    const value = plan.attributes.find((entry) => entry.key === key)?.value ?? '';
    return value === '' ? null : value;
  };
  return text(`DISPLAY_SERVICE_NAME_TEXT_${lang}`) ?? text('DISPLAY_SERVICE_NAME_TEXT_en') ?? text(`DISPLAY_SERVICE_TITLE_TEXT_${lang}`) ?? text('DISPLAY_SERVICE_TITLE_TEXT_en') ?? plan.name;
}

/**
 * Groups of the app's own lazily loaded code (issue 14). Left alone, Rollup makes a chunk for every
 * combination of lazy modules that share code: a details page asked for some twenty small chunks,
 * and over HTTP/1.1 (six connections a host) they come in several rounds on a slow network. So:
 * - `commerce`: what the commerce pages and the commerce runtime share (flows, stores, hosts,
 *   players, a details page's actions); not the dialogs, not the video player;
 * - `shared`: what that group imports from the rest of the app and the catalog pages (home, lists,
 *   details, search) use too (cards, images, catalog helpers); `shared-other`: what it imports that
 *   no catalog page does (the menus' icons, the play history), so that a catalog page, which loads
 *   `shared`, does not load them (issue 52);
 * - `app`: the app's start-up code, what the entry (src/main.tsx) imports dynamically and all that
 *   imports, named so that neither group takes any of it (Rollup moves a group's unassigned
 *   dependencies into the group). The entry's own static imports go with React (vite.config.ts):
 *   the entry loads the libraries and then `app`, each in a task of its own.
 * Then (issue 52) `commerceGroup` cuts the commerce group in two and `catalogChunk` names a few small
 * files that every catalog page loads together; vite.config.ts wires the three in that order.
 */
import type { Rollup } from 'vite';

const COMMERCE = /\/src\/(features\/(purchases|subscriptions|cart|games|vouchers|streaming)\/|app\/(commerce-runtime|commerce-host|player-host|subscription-flow-host)\.)/;
const NOT_COMMERCE = /\/dialogs\/|dialog|media-player|queue-sheet|video|hls/i;
const APP = '/web/src/';
const CATALOG_PAGES = /\/src\/app\/routes\/(home|catalog-list|catalog-details|search)\.tsx$/;
const ENTRY_FILE = '/src/main.tsx';

type ModuleInfoOf = (id: string) => Rollup.ModuleInfo | null;
interface Meta {
  getModuleIds: () => IterableIterator<string>;
  getModuleInfo: ModuleInfoOf;
}

function closure(starts: Iterable<string>, info: ModuleInfoOf, follow: (id: string) => boolean = () => true): Set<string> {
  const seen = new Set<string>();
  const stack = [...starts];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of info(id)?.importedIds ?? []) if (follow(next)) stack.push(next);
  }
  return seen;
}

const isCommerce = (id: string) => COMMERCE.test(id) && !NOT_COMMERCE.test(id);

export function appChunks(): (id: string, meta: Meta) => string | undefined {
  let groups: Map<string, string> | null = null;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!groups) {
      groups = new Map();
      const ids = [...getModuleIds()].filter((moduleId) => moduleId.includes(APP));
      const entry = ids.find((moduleId) => moduleId.endsWith(ENTRY_FILE));
      const initial = entry ? closure(getModuleInfo(entry)?.dynamicallyImportedIds ?? [], getModuleInfo) : new Set<string>();
      // Only the app's own: Rollup's and Vite's helpers (\0 modules) stay beside the entry, or the
      // libraries and the entry would import this chunk and evaluate it with them.
      for (const moduleId of initial) if (moduleId.includes(APP) && !moduleId.includes('node_modules')) groups.set(moduleId, 'app');
      const commerce = ids.filter((moduleId) => !initial.has(moduleId) && isCommerce(moduleId));
      for (const moduleId of commerce) groups.set(moduleId, 'commerce');
      // What the group reaches outside itself, the entry and the libraries: `shared` where a catalog page
      // reaches it too, else `shared-other`.
      const lazy = (next: string) => next.includes(APP) && !initial.has(next);
      const catalog = closure(ids.filter((moduleId) => CATALOG_PAGES.test(moduleId)), getModuleInfo, lazy);
      for (const moduleId of closure(commerce, getModuleInfo, lazy))
        if (!groups.has(moduleId)) groups.set(moduleId, catalog.has(moduleId) ? 'shared' : 'shared-other');
    }
    return groups.get(id);
  };
}

/** The cart page's part of the commerce group (`commerceGroup`). */
const CART_VIEW = /\/src\/features\/(cart\/(hooks\/use-cart|components\/quantity-stepper|api\/update-cart)|subscriptions\/return-url)\.tsx?$/;

/** What the plans and account pages draw a plan with (`commerceGroup`). */
const PLAN_VIEW = /\/src\/(features\/subscriptions\/(plan-attributes|plan-levels|subscription-state|hooks\/use-(plan-format|plan-by-id|subscribe-options|content-type-name))|lib\/plan-title)\.ts$/;

/** The plans page and its cards (`commerceGroup`). */
const PLANS_PAGE =
  /\/src\/(app\/routes\/subscription|features\/subscriptions\/(custom-plan|components\/(subscription-plans|custom-plan-card|partner-code-offer|plan-card|plan-price|plan-rich-name|plan-rich-name-nodes)|hooks\/(use-category-name|use-plan-state)))\.tsx?$/;

/** What the commerce group splits into, per build (a build's module graph has one `getModuleInfo`). */
const commerceParts = new WeakMap<ModuleInfoOf, { details: Set<string>; runtime: Set<string> }>();

/** The modules the app's `file` (its path under web/) imports statically, itself included. */
function staticClosureOf(file: string, { getModuleIds, getModuleInfo }: Meta): Set<string> {
  return closure([...getModuleIds()].filter((moduleId) => moduleId.endsWith(file)), getModuleInfo);
}

/**
 * The commerce group (`appChunks`) in two (issue 52): `commerce-ui`, what a details page draws
 * before any press (the play button by its entitlement answer, the subscribe offer), and `commerce`,
 * the rest of the runtime (hosts, flows) that a track or video page loads only when a button is
 * pressed. What neither reaches (plan cards, the cart, the subscriptions list: the commerce pages'
 * and dialogs' own) goes to the chunks of the pages and dialogs that import it. `group` is what
 * `appChunks` said of the module.
 */
export function commerceGroup(group: string | undefined, id: string, meta: Meta): string | undefined {
  // What a press on such a page starts, loaded with the runtime (app/commerce-loader.ts `withCommerce`).
  if (id.endsWith('/src/app/commerce-flows.ts')) return 'commerce';
  // What the cart page draws with (its lines, their quantities, where a checkout returns), which the runtime uses too
  // (add to cart, the guest cart's merge): a chunk of their own, so that the cart page shows without the runtime
  // (issue 77 item 6).
  if (CART_VIEW.test(id)) return 'cart-view';
  // The same for what the plans page and the account page's subscriptions draw a plan with (its names, prices, state),
  // which the runtime's flows use too: both pages show without the runtime (issue 77 item 6).
  if (PLAN_VIEW.test(id)) return 'plan-view';
  // The plans page with its cards (which the subscribe dialogs draw too, on first open): one file, not two.
  if (PLANS_PAGE.test(id)) return 'plans-page';
  // The account pages' frame, which that page imports: a file of its own as before (a group takes the unnamed modules
  // it imports).
  if (id.endsWith('/src/app/routes/page-frame.tsx')) return 'page-frame';
  // The menus' icons, which the plans and account pages draw (a plan's ticks, sign-out): a file of their own rather
  // than `shared-other` whole.
  if (id.endsWith('/src/components/ui/menu-icons.tsx')) return 'menu-icons';
  // The cart page's "your cart has changed" dialog: the cart page's own (its view is not the runtime's), not in
  // `shared-other`, which the plans, account and purchases pages load.
  if (id.endsWith('/src/features/cart/components/cart-changed-dialog.tsx')) return undefined;
  // The app's own helpers of the runtime (the details page's actions, what it remembers of an
  // article) go with it, not with the cards' shared code: `shared` must not import the runtime.
  const runtimeHelper = (group === 'shared' || group === 'shared-other') && id.includes('/src/app/');
  if (group !== 'commerce' && !runtimeHelper) return group;
  let parts = commerceParts.get(meta.getModuleInfo);
  if (!parts) {
    parts = { details: staticClosureOf('/src/app/routes/catalog-details.tsx', meta), runtime: staticClosureOf('/src/app/commerce-runtime.tsx', meta) };
    commerceParts.set(meta.getModuleInfo, parts);
  }
  if (!parts.runtime.has(id)) return runtimeHelper ? group : undefined;
  return parts.details.has(id) ? 'commerce-ui' : 'commerce';
}

/** The files of `shared` named here (`catalogChunk`). */
const SHARED = new RegExp(
  [
    '/src/features/catalog/components/(article-card|grading-badge|article-rail)\\.',
    '/src/components/ui/(card-action-slot|below-the-fold)\\.',
    '/src/app/ad-slot\\.',
    '/src/features/engagement/(like-kinds|components/(engagement-icons|card-like))\\.',
    '/src/features/parental-control/types\\.',
  ].join('|'),
);

/**
 * Small pieces the catalog pages load, one file each where Rollup left them alone (issue 52: each file costs
 * its headers, about 0.3 KB, on a page's script budget):
 * - with the cards' shared code: the cards' own files, the related rail, a card's like button, the like kinds
 *   and the heart and star (a guest's like buttons and a details page's rating line need none of the like
 *   code), and the parental control's types (the details page tells a rating limit's 404 by them);
 * - `like`: the like button with its calls, which a user's cards and details page load;
 * - `lists`: the article lists' paged query, with TanStack Query's paged observer (vite.config.ts): the home
 *   and list pages load it, a details or search page does not.
 */
export function catalogChunk(id: string): string | undefined {
  if (SHARED.test(id)) return 'shared';
  if (id.endsWith('/src/features/engagement/components/like-button.tsx')) return 'like';
  if (id.endsWith('/src/features/catalog/api/get-articles.ts')) return 'lists';
  // The shell of the dialogs that sit on a page (0.3 KB; its Radix code loads on first open): with the
  // app's start, where the welcome popup had it, rather than a file of its own on every details page.
  if (id.endsWith('/src/components/ui/lazy-dialog-shell.tsx')) return 'app';
  // The same for a dialog that loads whole on first open (0.4 KB): the details page's share and rating dialogs and
  // the account pages' form dialogs use it; a file of its own cost each details page its headers (issue 77).
  if (id.endsWith('/src/components/ui/lazy-named-dialog.tsx')) return 'app';
  // A form's text field and the account forms' rules load with the form library, which every page that draws one
  // loads (issue 77: three files apart cost a form page 0.9 KB of headers).
  if (id.endsWith('/src/components/ui/text-field.tsx') || id.endsWith('/src/features/identity/profile-rules.ts')) return 'vendor-forms';
  return undefined;
}

/**
 * A plan's HTML name (DISPLAY_SERVICE_NAME_HTML_TEXT_{locale}). The server already allows only a few
 * inline tags (plan_html.cpp); here the text is parsed once more and only those tags become React
 * elements, everything else its text: no HTML string ever reaches the DOM as markup.
 */
import { richPlanName } from './plan-rich-name-nodes';

export function PlanRichName({ html }: { html: string }) {
  return <>{richPlanName(html)}</>;
}

/**
 * The page view the client reports (POST /kafka/event/pageView). docs/openapi.json gives a client
 * event's body as any object (the server keeps it as sent), so the client names the fields it sends.
 */
export interface PageView {
  path: string;
  title: string;
  language: string;
  platform: 'desktop' | 'mobile' | 'responsive';
  referrer: string;
}

/**
 * Left-to-right fragments (paths, e-mail addresses, codes) inside translated text. Each is isolated
 * in a `<bdi dir="ltr">`, so in right-to-left text "/no/such/page" keeps its order instead of
 * showing as "no/such/page/" (the bidi algorithm moves a leading or trailing slash otherwise).
 */
import type { ReactNode } from 'react';

/** Stands in for the value while the message is translated (a private-use character no text contains). */
const PLACEHOLDER = '\uE000';

/** A left-to-right isolate. */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}

/** A translated message with `value` in it isolated: `message` is called with the placeholder to put where the value goes. */
export function MessageWithLtr({ message, value }: { message: (placeholder: string) => string; value: string }) {
  const [before = '', ...after] = message(PLACEHOLDER).split(PLACEHOLDER);
  return (
    <>
      {before}
      {after.length > 0 && <Ltr>{value}</Ltr>}
      {after.join(value)}
    </>
  );
}

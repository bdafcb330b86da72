/**
 * The customer's data on request (owner: helper "privacy"; this stub renders nothing until that helper
 * replaces the file): download it as JSON, delete the account.
 */
import type { JSX } from 'react';

export function DataActions(p: { userId: string; onDone: () => void }): JSX.Element | null {
  void p;
  return null;
}

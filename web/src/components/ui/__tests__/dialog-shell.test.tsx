/** Closing a dialog opened by code returns keyboard focus to its opener, not the body (issue 30). */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DialogShell } from '../dialog-shell';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={(event) => {
        // A busy opener loses focus before the dialog opens (disabled while its call runs).
        event.currentTarget.blur();
        setTimeout(() => setOpen(true), 0);
      }}>
        Buy
      </button>
      <DialogShell open={open} onOpenChange={setOpen} title="Thank you" closeLabel="Close">
        <p>Done</p>
      </DialogShell>
    </>
  );
}

describe('DialogShell focus', () => {
  it('returns focus to the opener when the dialog opened after the opener lost focus', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const buy = screen.getByRole('button', { name: 'Buy' });
    await user.click(buy);
    expect(await screen.findByRole('dialog', { name: 'Thank you' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(buy);
  });
});

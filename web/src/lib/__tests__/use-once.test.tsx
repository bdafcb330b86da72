import { renderHook } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useOnce } from '../use-once';

describe('useOnce', () => {
  it('runs once per mount, in strict mode and when the effect changes', () => {
    const first = vi.fn();
    const second = vi.fn();
    const wrapper = ({ children }: { children: ReactNode }) => <StrictMode>{children}</StrictMode>;
    const { rerender } = renderHook(({ effect }) => useOnce(effect), { initialProps: { effect: first }, wrapper });
    rerender({ effect: second });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
  });
});

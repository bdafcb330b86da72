import type { ButtonHTMLAttributes, ComponentProps } from 'react';
import { buttonClass, type ButtonVariant } from './button-class';

export function Button({ variant = 'primary', className = '', type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

/** A round icon-only button; `label` is its accessible name. */
export function IconButton({ label, className = '', type = 'button', ...props }: ComponentProps<'button'> & { label: string }) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={`inline-flex size-10 items-center justify-center rounded-full text-text transition-colors hover:bg-surface focus-visible:outline-2 focus-visible:outline-accent ${className}`}
      {...props}
    />
  );
}

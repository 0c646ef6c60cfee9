import type { ButtonHTMLAttributes } from 'react';

export interface AppButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'ghost' | 'link';
  block?: boolean;
  loading?: boolean;
}

/**
 * A native button in the product's style. The label stays while loading so the accessible name
 * does not change (antd-mobile's Button swaps its children for a spinner) and it costs no bundle.
 */
export function AppButton({
  variant = 'primary',
  block,
  loading,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: AppButtonProps) {
  const classes = ['btn', `btn-${variant}`, block && 'btn-block', loading && 'btn-loading', className]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <span className="spinner spinner-small" aria-hidden="true" />}
      {children}
    </button>
  );
}

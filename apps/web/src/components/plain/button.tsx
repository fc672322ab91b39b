import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './plain.css';

interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** MUI Button's variants, and a Link shown as a button ('link', body2 and underlined) */
  variant?: 'text' | 'contained' | 'link';
  size?: 'small' | 'medium' | 'large';
  /** 'inherit' takes the text colour (the public frame's top links) */
  color?: 'primary' | 'inherit';
  startIcon?: ReactNode;
}

/** A native button that looks like MUI's Button (or Link as a button). `type` defaults to "button". */
export function PlainButton({
  variant = 'text',
  size = 'medium',
  color = 'primary',
  startIcon,
  className,
  type = 'button',
  children,
  ...rest
}: PlainButtonProps) {
  const classes =
    variant === 'link'
      ? ['sc-link-button']
      : ['sc-button', `sc-button--${variant}`, `sc-button--${size}`, color === 'inherit' ? 'sc-button--inherit' : ''];
  if (className) classes.push(className);
  return (
    <button type={type} className={classes.filter(Boolean).join(' ')} {...rest}>
      {startIcon ? <span className="sc-button__start-icon">{startIcon}</span> : null}
      {children}
    </button>
  );
}

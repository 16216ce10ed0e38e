import type { ComponentProps } from 'react';
import { cn } from './cn';

/** The field look shared by text inputs, text areas and selects. `aria-invalid` turns the border red. */
const fieldClass =
  'rounded-control border border-input bg-background px-2.5 py-1 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive disabled:cursor-default disabled:border-dashed disabled:bg-transparent';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(fieldClass, 'min-h-8 min-w-0', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldClass, 'min-h-16 w-full read-only:border-dashed read-only:bg-transparent', className)} {...props} />;
}

/**
 * A native `<select>` in the field look (shadcn/ui's NativeSelect): the platform's own picker, which
 * a phone shows full-screen and a keyboard or a script drives as it would any select.
 */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(fieldClass, 'min-h-8 max-w-full pr-7', className)} {...props} />;
}

import type { ComponentProps } from 'react';
import { cn } from './cn';

/** The field look shared by text inputs, text areas and selects. `aria-invalid` turns the border red. */
const fieldClass =
  'rounded-control border border-input bg-background px-2.5 py-1 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive disabled:cursor-default disabled:border-dashed disabled:bg-transparent';

/** A file input's button drawn as the system's secondary button, not the browser's grey one (shadcn/ui's Input). */
const fileButtonClass =
  'file:mr-2 file:cursor-pointer file:rounded-control file:border file:border-solid file:border-input file:bg-muted file:px-2.5 file:py-0.5 file:font-medium file:text-foreground file:text-sm';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(fieldClass, 'min-h-8 min-w-0', props.type === 'file' && fileButtonClass, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(fieldClass, 'min-h-16 w-full read-only:resize-none disabled:resize-none read-only:border-dashed read-only:bg-transparent', className)}
      {...props}
    />
  );
}

/**
 * The chevron of shadcn/ui's NativeSelect, drawn as the select's own background so the select needs
 * no wrapper (callers size it as a select); a grey both themes read. A disabled select has none: it
 * is a value to read, not a choice to make.
 */
const chevron =
  "appearance-none bg-[url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%23888' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E\")] bg-[length:1rem] bg-[position:right_0.4rem_center] bg-no-repeat disabled:bg-none";

/**
 * A native `<select>` in the field look (shadcn/ui's NativeSelect, rather than its Radix Select):
 * the platform's own picker, which a phone shows full-screen, a screen reader announces as a list
 * box, and a keyboard or a script drives as it would any select.
 */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(fieldClass, chevron, 'min-h-8 max-w-full pr-7', className)} {...props} />;
}

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
 * The chevron of shadcn/ui's NativeSelect, drawn as the select's own background (`select-chevron` in
 * globals.css) so the select needs no wrapper. A disabled select has none: it is a value to read,
 * not a choice to make.
 */
const chevron = 'appearance-none select-chevron disabled:bg-none';

/**
 * A native `<select>` in the field look (shadcn/ui's NativeSelect, rather than its Radix Select):
 * the platform's own picker, which a phone shows full-screen, a screen reader announces as a list
 * box, and a keyboard or a script drives as it would any select. Measured against Radix Select
 * (radix-ui 1.8.1, bundled with esbuild beside the Radix parts the app already loads): 20.6 kB more
 * script, 6.0 kB gzipped, for a picker whose touch bugs are still open upstream (a tapped item
 * clicks what lies under it, radix-ui/primitives#2696; VoiceOver on iOS closes it as it opens, #1343).
 */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(fieldClass, chevron, 'min-h-8 max-w-full pr-7', className)} {...props} />;
}

import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';

/**
 * The app's buttons, in the shape shadcn/ui gives them. `primary` is the one action a view is for
 * (launch, send, save) and appears once per view; `danger` forgets something; `link` is an action
 * that reads as text inside a sentence or a list.
 */
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-1.5 whitespace-nowrap no-underline rounded-control border font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60',
  {
    variants: {
      variant: {
        default: 'border-border bg-background text-foreground hover:bg-muted',
        primary: 'border-primary bg-primary font-semibold text-primary-foreground hover:brightness-110',
        danger: 'border-destructive bg-background text-destructive hover:bg-destructive/10',
        dangerSolid: 'border-destructive bg-destructive font-semibold text-white hover:brightness-110',
        ghost: 'border-transparent bg-transparent text-foreground hover:bg-muted',
        link: 'h-auto border-0 bg-transparent p-0 text-primary underline-offset-4 hover:underline',
      },
      size: {
        sm: 'min-h-7 px-2 py-0.5 text-xs',
        md: 'min-h-8 px-3 py-1 text-sm',
        lg: 'min-h-10 px-4 py-2 text-base',
      },
    },
    compoundVariants: [{ variant: 'link', class: 'min-h-0 px-0 py-0' }],
    defaultVariants: { variant: 'default', size: 'md' },
  },
);

type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean };

export function Button({ className, variant, size, asChild = false, type = 'button', ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return <Component type={asChild ? undefined : type} className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}

import { Slot } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import { useSyncExternalStore, type ComponentProps } from 'react';
import { cn } from '@web/lib/utils.ts';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium no-underline transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground hover:bg-primary/90',
        destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
        /** A destructive secondary action (Remove beside Edit): red outline and text, not filled. */
        destructiveOutline:
          'border border-destructive bg-background text-destructive hover:bg-danger-bg hover:text-danger-fg',
        outline:
          'border border-input bg-background text-foreground hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        ghost: 'text-foreground hover:bg-accent hover:text-accent-foreground',
        link: 'text-link underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-9 px-3',
        lg: 'h-11 px-6 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & { asChild?: boolean };

const noChanges = () => () => undefined;

/**
 * False in the server's render and while the browser hydrates it, true from then on (and from
 * the first render of a page the browser renders itself).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}

/**
 * `asChild` renders the child (e.g. a router Link) with button styling. A submit button is
 * disabled until the page is hydrated (decision 020): a server-rendered form submitted before
 * the app handles it would be sent natively, the e-mail and password in the address.
 */
export function Button({ className, variant, size, asChild = false, type, disabled, ...props }: ButtonProps) {
  const hydrated = useHydrated();
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
      className={cn(buttonVariants({ variant, size }), className)}
      {...(asChild ? {} : { type: type ?? 'button' })}
      disabled={disabled || (type === 'submit' && !hydrated) || undefined}
      {...props}
    />
  );
}

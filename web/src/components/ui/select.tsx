import type { ComponentProps } from 'react';
import { cn } from '@web/lib/utils.ts';
import { fieldClass } from './input.tsx';

/** The dropdown of forms: a native select (keyboard, autofill and mobile pickers for free). */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(fieldClass, 'h-10', className)} {...props} />;
}

import type { ComponentProps } from 'react';
import { cn } from '@web/lib/utils.ts';
import { fieldClass } from './input.tsx';

/** docs/product.md §5: textareas default to 5 rows. */
export function Textarea({ className, rows = 5, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(fieldClass, className)} {...props} />;
}

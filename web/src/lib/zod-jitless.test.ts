import { describe, expect, it } from 'vitest';

describe('zod in the browser', () => {
  it('parses without compiling code (the CSP refuses eval) once zod-jitless has run', async () => {
    await import('./zod-jitless.ts');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const made: unknown[] = [];
    const RealFunction = globalThis.Function;
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args: unknown[]) {
        made.push(args);
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      const Schema = z.object({ name: z.string(), age: z.number() });
      for (let i = 0; i < 3; i++) expect(Schema.parse({ name: 'Maya', age: 10 })).toEqual({ name: 'Maya', age: 10 });
    } finally {
      globalThis.Function = RealFunction;
    }
    expect(made).toEqual([]);
  });
});
